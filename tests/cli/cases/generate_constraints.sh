# sudoflow generate --constraints: variant puzzles as f-puzzles JSON, the
# same bytes for a seed at any thread count; each has one solution (solve
# --count), the one written in it; a kind it does not know, and options
# it does not take, are usage errors.
for kind in killer kropki xv thermo arrow whisper renban mixed; do
    "$SF" generate -q --constraints $kind --geometry 6x6 -n 3 --seed 11 \
        -j1 -o $kind.1.txt
    "$SF" generate -q --constraints $kind --geometry 6x6 -n 3 --seed 11 \
        -j2 -o $kind.2.txt
    cmp -s $kind.1.txt $kind.2.txt || echo "$kind: -j1 and -j2 differ"
    echo "$kind: $("$SF" solve -q --count --fields status $kind.1.txt |
        sort | uniq -c | tr -s ' ')"
    "$SF" solve -q --fields solution $kind.1.txt > got.txt
    sed 's/.*"solution":\[\([0-9,]*\)\].*/\1/; s/,//g' $kind.1.txt > want.txt
    cmp -s got.txt want.txt || echo "$kind: solutions differ"
done
cat killer.1.txt
"$SF" generate -q --constraints sandwich -n 1 2>&1 | sed -n 1p
"$SF" generate -q --constraints killer --clues 30 -n 1 2>&1 | sed -n 1p
