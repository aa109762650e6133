# A truncated gzip stream is an I/O error naming the file; no output file.
gzip -c "$IN/ten.txt" > t.gz
head -c 300 t.gz > cut.gz
"$SF" solve -q -o out.txt cut.gz
rc=$?
ls out* 2>/dev/null
exit $rc
