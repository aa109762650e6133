# bench --csv prints the documented header and one row per file.
"$SF" bench --csv --seconds 0 -j1 --limit 2 "$IN/ten.txt" > b.csv
head -n 1 b.csv
cut -d, -f1-3 b.csv | tail -n 1
awk -F, 'NR == 2 { print NF }' b.csv
