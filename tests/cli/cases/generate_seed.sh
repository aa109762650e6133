# The same seed and options give byte-identical output at any thread count
# and chunk size; another seed gives other puzzles; every puzzle has
# exactly one solution, the one written beside it.
f=puzzle,solution,clues
"$SF" generate -q -n 40 --seed 11 --fields $f -j1 > j1.txt
"$SF" generate -q -n 40 --seed 11 --fields $f -j2 --chunk 3 > j2.txt
"$SF" generate -q -n 40 --seed 11 --fields $f -j3 --chunk 1 > j3.txt
"$SF" generate -q -n 40 --seed 12 --fields $f -j2 > other.txt
cmp j1.txt j2.txt && cmp j1.txt j3.txt && echo same
cmp -s j1.txt other.txt || echo "other seed differs"
wc -l < j1.txt
cut -d, -f1 j1.txt | "$SF" solve -q --count --fields status | sort | uniq -c
cut -d, -f1 j1.txt | "$SF" solve -q --count --fields solution > sol.txt
cut -d, -f2 j1.txt | cmp - sol.txt && echo "solutions match"
awk -F, '{ n = gsub(/[1-9]/, "", $1); if (n != $3) print "bad clues: " NR }' j1.txt
