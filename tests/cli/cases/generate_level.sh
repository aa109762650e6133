# --level L: exactly N puzzles, every one of level L (by rate), the same at
# any -j; a rating target is met too; an unreachable target is an error.
for L in singles locked subsets fish guess; do
    "$SF" generate -n 6 --seed 3 --level $L --fields puzzle,level -j1 \
        > a.txt 2> err1.txt
    "$SF" generate -q -n 6 --seed 3 --level $L --fields puzzle,level -j2 \
        --chunk 2 > b.txt
    cmp a.txt b.txt && echo "$L: same"
    grep -q ' 6 written, 0 missed' err1.txt && echo "$L: all written"
    cut -d, -f2 a.txt | sort | uniq -c
    cut -d, -f1 a.txt | "$SF" rate -q --fields level | sort | uniq -c
done
"$SF" generate -q -n 3 --seed 4 --level fish --symmetry rot180 > s.txt
"$SF" rate -q --fields level s.txt | sort | uniq -c
"$SF" generate -q -n 4 --seed 3 --min-rating 0 --max-rating 0.5 --fields rating > r.txt
wc -l < r.txt
awk '$1 > 0.5 { print "too hard: " $1 }' r.txt
"$SF" generate -n 1 --seed 3 --clues 78 --level fish -o x.txt 2> err2.txt
echo "unreachable: exit $?"
grep -c 'missed the target' err2.txt
