# split sends every record, as read, to train or test by its class: no
# canonical form is on both sides, all records are somewhere, and the
# result is the same at any -j.  Invalid records go nowhere, counted.
"$SF" transform -q --augment 8 --seed 2 --fields line "$IN/ten.txt" > copies.txt
cat copies.txt "$IN/mixed.txt" > in.txt
"$SF" split -q --test-fraction 0.4 --seed 9 --train tr1.txt --test te1.txt in.txt
"$SF" split -q -j3 --chunk 3 --test-fraction 0.4 --seed 9 --train tr2.txt \
    --test te2.txt in.txt
cmp tr1.txt tr2.txt && cmp te1.txt te2.txt && echo same
cat tr1.txt te1.txt | wc -l
"$SF" canon -q tr1.txt | sort -u > c1.txt
"$SF" canon -q te1.txt | sort -u > c2.txt
comm -12 c1.txt c2.txt | wc -l
[ -s tr1.txt ] && [ -s te1.txt ] && echo "both sides used"
grep -c 'rating=7' tr1.txt te1.txt | awk -F: '{ s += $2 } END { print s }'
"$SF" split --test-fraction 0.4 --seed 9 --train tr3.txt --test te3.txt in.txt 2>&1 >/dev/null | grep -o '[0-9][0-9]* invalid'
"$SF" split -q --test-fraction 0 --seed 9 --train all.txt --test none.txt in.txt
wc -l < all.txt
wc -c < none.txt
