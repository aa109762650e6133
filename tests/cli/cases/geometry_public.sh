# sudoflow solve on the public puzzles of other geometries
# (tests/data/geometry/puzzles.csv: sizes 4 to 16, boxes of every shape,
# jigsaw maps, diagonals, windoku, anti-knight, anti-king, extra regions),
# each with the geometry options of its row: every one unique, its
# solution the published one.  (The 25x25 rows are left to the kernel's
# own tests: some take a search of seconds.)
csv="$IN/../../data/geometry/puzzles.csv"
tail -n +2 "$csv" | grep -v '^classic-25x25' |
while IFS=, read -r kind geo reg var extra puz sol src; do
    set -- --geometry "$geo"
    [ -n "$reg" ] && set -- --geometry "${geo%%:*}" --regions "$reg"
    [ -n "$var" ] && set -- "$@" --variant "$var"
    [ -n "$extra" ] && set -- "$@" --extra "$extra"
    got=$(echo "$puz" | "$SF" solve -q --count --fields solution,status "$@")
    if [ "$got" = "$sol,unique" ]; then
        echo "$kind ok"
    else
        echo "$kind: $puz gave $got, published $sol"
    fi
done | sort | uniq -c | sed 's/^ *//'
