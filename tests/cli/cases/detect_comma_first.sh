# A line file whose first record is damaged by a comma (30 cells, a comma,
# 50 cells) is still a line file: the damaged record is an invalid record
# with its own output line, and audit counts every test puzzle.  The same
# line alone is a csv record without a header, not a header to drop; a csv
# file holding only the header `puzzle` has no records.
zcat "$IN/../../../data/sample.txt.gz" | grep -v '^#' | head -4 > g.txt
head -n 1 g.txt | sed 's/^\(.\{30\}\)./\1,/' > d.txt
tail -n 3 g.txt >> d.txt
"$SF" rate -q --fields status,line d.txt; echo "rate: $?"
"$SF" audit -q --train g.txt --test d.txt --stats st.json > /dev/null
echo "audit: $?"; grep -o '"test":[0-9]*' st.json
head -n 1 d.txt > one.txt
"$SF" rate -q --fields status one.txt; echo "one line: $?"
printf 'puzzle\n' > h.csv
"$SF" rate --fields status h.csv; echo "header only: $?"
