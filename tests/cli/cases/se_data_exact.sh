# The se field of rate agrees exactly with Sudoku Explainer's own ratings
# (data/se/ratings.csv, measured as docs/se.md says) on the first 10
# puzzles of each band, up to SE 7.4: the techniques below SE's Nishio and
# aligned triplet exclusion (7.5).  Raise --max-se as rate learns more.
sh "$IN/../../se_compare.sh" --own --per-band 10 --max-se 7.4 --exact "$SF" \
    > report.txt
echo "exit $?"
grep '^differs' report.txt
awk '$1 == "all" { print "puzzles", $2, "exact", $3 "%" }' report.txt
