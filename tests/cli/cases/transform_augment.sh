# --augment K writes K copies of every record; the copies are equivalent to
# it (same canonical form), the solution beside each is its unique
# solution, the index names the input record; the same at any -j.
f=puzzle,solution,index
"$SF" transform -q --augment 4 --seed 3 --fields $f "$IN/ten.txt" > a.txt
"$SF" transform -q --augment 4 --seed 3 --fields $f -j3 --chunk 1 "$IN/ten.txt" > b.txt
"$SF" transform -q --augment 4 --seed 3 --fields $f -j2 --chunk 3 "$IN/ten.txt" > c.txt
cmp a.txt b.txt && cmp a.txt c.txt && echo same
wc -l < a.txt
cut -d, -f3 a.txt | uniq -c | awk '{ print $1 }' | sort -u
cut -d, -f1 a.txt | "$SF" solve -q --count --fields solution,status > s.txt
cut -d, -f2 a.txt | paste -d, - s.txt | awk -F, '$1 != $2 || $3 != "unique" { print "bad: " NR }'
cut -d, -f1 a.txt | "$SF" canon -q | paste -d, - a.txt | cut -d, -f1,4 | sort -u | wc -l
"$SF" canon -q "$IN/ten.txt" | sort -u | wc -l
"$SF" transform -q --augment 2 --seed 3 --fields index,puzzle,solution "$IN/mixed.txt" | sed -n '7,12p' |
    awk -F, '{ print $1, length($2), length($3) }'
"$SF" transform -q --augment 0 --seed 3 "$IN/ten.txt"; echo "augment 0: $?"
