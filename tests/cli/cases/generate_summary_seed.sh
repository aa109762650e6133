# Without --seed a seed is drawn and shown in the summary; giving it back
# repeats the run.  --gzip-level and -o work as for solve.
"$SF" generate -n 12 -j2 -o a.txt 2> err.txt
seed=$(sed -n 's/.*seed \([0-9][0-9]*\).*/\1/p' err.txt)
[ -n "$seed" ] && echo "seed shown"
"$SF" generate -q -n 12 -j3 --seed "$seed" -o b.gz --gzip-level 9
gzip -dc b.gz | cmp - a.txt && echo "repeated"
# Counts in the summary are grouped like the total.
"$SF" generate -n 1200 --seed 2 -o c.txt 2> err2.txt
grep -c '1,200 puzzles, seed 2; 1,200 written, 0 missed' err2.txt
