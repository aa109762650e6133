# The se and step fields of rate agree exactly with Sudoku Explainer's own
# ratings and hardest steps
# (data/se/ratings.csv, measured as docs/se.md says) on the first 10
# puzzles of each band, the 9+ band included (the generated puzzles need
# no nested chains, the one family rate only bounds).
sh "$IN/../../se/se_compare.sh" --own --per-band 10 --exact "$SF" > report.txt
echo "exit $?"
grep '^differs' report.txt
awk '$1 == "all" { print "puzzles", $2, "exact", $3 "%" }' report.txt
awk '$1 ~ /^[0-9]/ { print $1, "same step", $5 "%" }' report.txt
