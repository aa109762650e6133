# sudoflow explain follows Sudoku Explainer's own solving path: on the 400
# puzzles whose paths SE printed (data/se/traces.txt.gz, SE 1.0 to 11),
# every step has SE's name, difficulty and placement and removes exactly
# SE's candidates, step for step (tests/se/trace_compare.sh --exact).
sh "$IN/../../se/trace_compare.sh" --exact "$SF" > report.txt
echo "exit $?"
grep '^differs' report.txt
awk '$1 == "all" { print "puzzles", $2, "paths", $3 "%", "eliminations", $4 "%" }' report.txt
