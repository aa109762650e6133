# The se field of rate agrees exactly with Sudoku Explainer's own ratings
# (data/se/ratings.csv, measured as docs/se.md says) on the first 10
# puzzles of each band, the 9+ band included (the generated puzzles need
# no nested chains, the one family rate only bounds).
sh "$IN/../../se_compare.sh" --own --per-band 10 --exact "$SF" > report.txt
echo "exit $?"
grep '^differs' report.txt
awk '$1 == "all" { print "puzzles", $2, "exact", $3 "%" }' report.txt
