# A file whose only line is too long to keep has no format of its own; it
# does not stop split from writing the other files' csv records (the exit
# status is 3: that file holds no puzzle).
printf '%0100d\n' 0 > a.csv
{ echo puzzle,id; head -n 3 "$IN/ten.txt" | sed 's/$/,7/'; } > b.csv
"$SF" split -q --max-record-bytes 90 --test-fraction 0.5 --seed 1 \
    --train tr.csv --test te.csv a.csv b.csv
echo "rc=$?"
cat tr.csv te.csv | sort
