# --in-format csv on a file whose first row is a puzzle: the file has no
# header, so that row is a record too (it used to be taken as the header
# and lost), and the user is told.  The puzzle column is the first field
# that holds one, or --column N; a column name cannot be found.
head -n 3 "$IN/ten.txt" | sed 's/^/7,/; s/$/,x/' > m.csv
"$SF" solve -q --in-format csv --fields status,line m.csv
"$SF" solve -q --in-format csv --column 2 --fields status m.csv
"$SF" solve -q --in-format csv --column 1 --fields status m.csv
"$SF" solve -q --in-format csv --column puzzle m.csv; echo "by name: rc=$?"
"$SF" split -q --in-format csv --test-fraction 0.5 --seed 1 --train a.csv \
    --test b.csv m.csv
cat a.csv b.csv | sort | cmp - m.csv && echo "split keeps every row, no header"
{ echo "id,puzzle"; head -n 1 "$IN/ten.txt" | sed 's/^/1,/'; } > h.csv
"$SF" split -q --in-format csv --test-fraction 0.5 --seed 1 --train c.csv \
    --test d.csv m.csv h.csv; echo "with and without a header: rc=$?"
