# The se_sukaku and step_sukaku fields of rate agree exactly with Sukaku
# Explainer's own ratings and hardest steps (data/se/sukaku_ratings.csv,
# measured as docs/se.md says) on the first 40 puzzles of each band of
# its scale.
sh "$IN/../../se/se_compare.sh" --scale sukaku --own --per-band 40 --exact \
    "$SF" > report.txt
echo "exit $?"
grep '^differs' report.txt
awk '$1 == "all" { print "puzzles", $2, "exact", $3 "%" }' report.txt
awk '$1 ~ /^[0-9]/ { print $1, "same step", $5 "%" }' report.txt
exit 0
