# A record longer than --max-record-bytes (default 1 MiB) is invalid
# ("record too long"), keeps its output record without text, and is never
# held whole; the records after it are read as usual.  A long comment is
# still a comment; a csv header that long is an error.
p=$(head -n 1 "$IN/ten.txt")
{ echo "$p"; head -c 3000000 /dev/zero | tr '\0' 5; echo; echo "$p"; } > long.txt
"$SF" solve -q --fields status,line long.txt | cut -c1-20
{ echo "$p"; printf '#'; head -c 2000000 /dev/zero | tr '\0' x; echo; echo "$p"; } > comment.txt
"$SF" solve -q --fields status comment.txt
printf '%s,%0200d\n%s\n' "$p" 0 "$p" > short.txt
"$SF" solve -q --max-record-bytes 100 --fields status short.txt
"$SF" solve -q --max-record-bytes 81 --fields status short.txt
"$SF" solve -q --max-record-bytes 80 --fields status short.txt
{ printf 'puzzle,'; head -c 300 /dev/zero | tr '\0' y; echo; echo "$p"; } > h.csv
"$SF" solve -q --in-format csv --max-record-bytes 200 h.csv
echo "long csv header: rc=$?"
{ head -n 3 "$IN/b2239.txt"; head -c 500 /dev/zero | tr '\0' 1; echo;
  tail -n 5 "$IN/b2239.txt"; echo; cat "$IN/b2239.txt"; } > g.txt
"$SF" solve -q --in-format grid --max-record-bytes 100 --out-format line \
    --fields status g.txt
"$SF" solve -q --max-record-bytes 0 short.txt; echo "0: rc=$?"
