# bench --kernel takes a list: one row per kernel in the order given, the
# CSV gains a last column naming the kernel, and rows nest as limit, then
# kernel, then thread count.
k1=$("$SF" bench --kernel nope "$IN/ten.txt" 2>&1 |
    awk '/^  / { print $1; exit }')
"$SF" bench --csv --seconds 0 -j1 --kernel "$k1,$k1" "$IN/ten.txt" \
    2>/dev/null >b.csv
head -n 1 b.csv
tail -n +2 b.csv | cut -d, -f1-4,10 | sed "s/,$k1\$/,K1/"
awk -F, 'NR > 1 { print NF }' b.csv
awk -F, 'NR > 1 { print $8, $9 }' b.csv | uniq | wc -l
"$SF" bench --csv --seconds 0 --limit 1,2 --kernel "$k1,$k1" -j 2,1 \
    "$IN/ten.txt" 2>/dev/null | tail -n +2 | cut -d, -f2,3 | paste -sd' ' -
