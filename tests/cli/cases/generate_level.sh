# --level: every puzzle written is of that level (by rate), and those not
# written are counted as missed; the output is still the same at any -j.
"$SF" generate -n 8 --seed 3 --level singles --fields puzzle,level -j1 \
    > a.txt 2> err1.txt
"$SF" generate -q -n 8 --seed 3 --level singles --fields puzzle,level -j3 \
    --chunk 2 > b.txt
cmp a.txt b.txt && echo same
cut -d, -f2 a.txt | sort -u | grep -v '^singles$'
cut -d, -f1 a.txt | "$SF" rate -q --fields level | sort -u | grep -v '^singles$'
written=$(wc -l < a.txt)
missed=$(sed -n 's/.* \([0-9][0-9]*\) missed the target.*/\1/p' err1.txt | head -n 1)
[ $((written + missed)) = 8 ] && echo "all accounted for"
"$SF" generate -q -n 4 --seed 3 --min-rating 0 --max-rating 0.5 --fields rating > r.txt
awk '$1 > 0.5 { print "too hard: " $1 }' r.txt
