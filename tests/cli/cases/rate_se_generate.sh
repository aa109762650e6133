# generate --min-se/--max-se: every puzzle written rates within the range
# (checked again by rate), and --fields se,step shows the rating; the same
# seed gives the same puzzles.  --level targets a level above fish.
"$SF" generate -q -n 3 --seed 7 --min-se 4.2 --max-se 4.4 \
    --fields puzzle,se,step > a.txt
"$SF" generate -q -n 3 --seed 7 --min-se 4.2 --max-se 4.4 \
    --fields puzzle,se,step > b.txt
cmp a.txt b.txt && echo same
wc -l < a.txt
awk -F, '$2 < 4.2 || $2 > 4.4 { print "out of range: " $0 }' a.txt
cut -d, -f1 a.txt | "$SF" rate -q --fields se,step > c.txt
cut -d, -f2,3 a.txt | cmp - c.txt && echo rated alike
"$SF" generate -q -n 2 --seed 3 --level wings | "$SF" rate -q --fields level
"$SF" generate -q -n 1 --min-se 5 --max-se 4
echo "min above max: $?"
"$SF" generate -q -n 1 --min-se 9.5
echo "min above 9.0: $?"
