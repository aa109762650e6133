# --limit takes a list: one row per limit in the order given, the same
# rows (guess statistics are deterministic) as one run per limit.
run() {
    "$SF" bench --csv --seconds 0 -j1 --limit "$1" "$IN/ten.txt" \
        2>/dev/null | cut -d, -f1-4,8,9
}
run 2,1 >list.csv
{ run 2; run 1 | tail -n +2; } >apart.csv
cmp list.csv apart.csv && echo "list = one run per limit"
cut -d, -f1-4 list.csv
awk -F, 'NR > 1 { print NF }' list.csv
"$SF" bench --seconds 0 --limit 1,x "$IN/ten.txt"
echo "1,x: $?"
