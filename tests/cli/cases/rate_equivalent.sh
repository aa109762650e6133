# Equivalent puzzles (random copies made by transform) get exactly the
# same rating, whatever their cell order; --samples changes nothing else.
"$SF" transform -q --augment 6 --seed 4 --fields puzzle,index "$IN/ten.txt" > copies.txt
cut -d, -f1 copies.txt | "$SF" rate -q --fields rating --samples 5 > r.txt
cut -d, -f2 copies.txt | paste -d, - r.txt | sort -u | cut -d, -f1 | uniq -d
cut -d, -f2 copies.txt | paste -d, - r.txt | sort -u | wc -l
for s in 0 x; do "$SF" rate -q --samples $s "$IN/ten.txt"; echo "samples $s: $?"; done
