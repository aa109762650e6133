# An input that cannot be read (missing, a directory) fails the run before
# anything is written: bench printed its table or CSV header first, rate
# --header its header and the records of the files before the missing
# one.  Exit 2, the file named; nothing on standard output.
zcat "$IN/../../../data/sample.txt.gz" | grep -v '^#' | head -3 > p.txt
"$SF" bench --csv --seconds 0.01 p.txt missing.txt > out.txt; echo "bench --csv: $? $(wc -c < out.txt)"
"$SF" bench --seconds 0.01 p.txt missing.txt > out.txt; echo "bench table: $? $(wc -c < out.txt)"
"$SF" rate -q --header p.txt missing.txt > out.txt; echo "rate: $? $(wc -c < out.txt)"
mkdir adir
"$SF" solve -q p.txt adir > out.txt; echo "solve a directory: $? $(wc -c < out.txt)"
"$SF" solve -q -o sol.txt p.txt missing.txt; echo "solve -o: $? $(ls sol.txt 2>/dev/null)"
"$SF" audit -q --train p.txt --test missing.txt; echo "audit: $?"
cat p.txt | "$SF" solve -q - | wc -l
