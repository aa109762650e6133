# bench -j takes a list: one row per thread count, in the order given.
"$SF" bench --csv --seconds 0 -j 2,1 "$IN/ten.txt" | cut -d, -f1-4
"$SF" bench -j 1,x "$IN/ten.txt"
echo "rc=$?"
