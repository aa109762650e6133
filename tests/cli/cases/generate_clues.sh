# --clues K gives puzzles with exactly K clues and one solution each;
# a symmetry is kept.
"$SF" generate -q -n 15 --seed 5 --clues 30 --fields puzzle,clues > p.txt
cut -d, -f2 p.txt | sort | uniq -c
awk -F, '{ n = gsub(/[1-9]/, "", $1); if (n != 30) print "bad: " NR }' p.txt
cut -d, -f1 p.txt | "$SF" solve -q --count --fields status | sort | uniq -c
"$SF" generate -q -n 10 --seed 5 --symmetry rot180 > s.txt
awk '{ for (i = 1; i <= 81; i++) if ((substr($0, i, 1) == ".") != (substr($0, 82 - i, 1) == ".")) { print "asymmetric: " NR; next } }' s.txt
wc -l < s.txt
