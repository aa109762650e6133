# --kernel all measures every kernel of the table in table order: the same
# rows as naming each kernel that the unknown-kernel message lists.  The
# kernel column is there exactly when more than one kernel is measured.
names=$("$SF" bench --kernel nope "$IN/ten.txt" 2>&1 |
    awk '/^  / { print $1 }' | paste -sd, -)
n=$(echo "$names" | tr , '\n' | wc -l)
[ "$n" -ge 1 ] && echo "kernels listed"
run() {
    "$SF" bench --csv --seconds 0 -j1 --limit 2 --kernel "$1" "$IN/ten.txt" \
        2>/dev/null | cut -d, -f1-4,8-
}
run all >all.csv
run "$names" >named.csv
cmp all.csv named.csv && echo "all = every listed kernel"
[ $(($(wc -l <all.csv) - 1)) = "$n" ] && echo "one row per kernel"
if head -n 1 all.csv | grep -q ',kernel$'; then col=1; else col=0; fi
[ "$col" = $((n > 1)) ] && echo "kernel column iff several kernels"
