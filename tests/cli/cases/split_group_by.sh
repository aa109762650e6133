# split --group-by solution keeps every solution-grid class on one side:
# 200 puzzles and, for 50 of them, another puzzle on the same grid (one
# clue more) split half and half; audited, the sides share no grid
# (exit 0), where --group-by puzzle (the default) lets some pairs cross.
# A puzzle without one solution goes by its puzzle, and is counted.
zcat "$IN/../../../data/sample.txt.gz" | grep -v '^#' | head -200 > p.txt
head -50 p.txt > fifty.txt
"$SF" solve -q --fields solution fifty.txt > fifty.sol
awk 'NR == FNR { sol[FNR] = $0; next }
     { for (i = 1; i <= 81; i++) if (substr($0, i, 1) == ".") {
           print substr($0, 1, i - 1) substr(sol[FNR], i, 1) substr($0, i + 1)
           break } }' fifty.sol fifty.txt >> p.txt
echo "................................................................................." >> p.txt
for by in solution puzzle; do
    "$SF" split -q -f --group-by $by --test-fraction 0.5 --seed 3 \
        --train tr.txt --test te.txt --stats s.json p.txt
    sed 's/.*"by_puzzle":\([0-9]*\).*/by puzzle: \1/' s.json
    "$SF" audit -q --train tr.txt --test te.txt > leaks.txt
    echo "--group-by $by: audit exit $?, $(grep -c ',solution,' leaks.txt | awk '{ print ($1 > 0 ? "some" : "no") }') shared grids"
done
