# grid input: each output holds 9-row grids in their input style, separated
# by one blank line, which solve and canon read back as the same puzzles
# (frame lines are not kept; the malformed grid goes to neither side).
cat "$IN/grids.txt" "$IN/b2580.txt" "$IN/b2239.txt" > in.txt
"$SF" split -q --test-fraction 0 --seed 3 --train all.txt --test none.txt in.txt
cat all.txt
echo "--"
wc -c < none.txt
"$SF" solve -q --out-format line --fields puzzle in.txt | grep . | sort > want.txt
for seed in 1 2 3 4 5 6; do
    "$SF" split -q --test-fraction 0.5 --seed $seed --train tr.txt \
        --test te.txt -f in.txt
    for f in tr.txt te.txt; do
        # n grids: 10n - 1 lines, every tenth blank, nothing else blank
        awk -v f=$f '{ if ((NR % 10 == 0) != ($0 == "")) bad = 1 }
            END { if (bad || (NR > 0 && NR % 10 != 9)) print f ": bad layout" }' $f
    done
    "$SF" solve -q --out-format line --fields puzzle tr.txt te.txt | sort > got.txt
    cmp want.txt got.txt || echo "seed $seed: puzzles differ"
    n=$("$SF" canon -q tr.txt te.txt | wc -l)
    [ "$n" = 4 ] || echo "seed $seed: canon read $n records"
    if [ -s tr.txt ] && [ -s te.txt ]; then echo "seed $seed: both sides"; fi
done
"$SF" split -q -j1 --test-fraction 0.5 --seed 2 --train tr1.txt --test te1.txt in.txt
"$SF" split -q -j3 --chunk 1 --test-fraction 0.5 --seed 2 --train tr2.txt \
    --test te2.txt in.txt
if cmp tr1.txt tr2.txt && cmp te1.txt te2.txt; then echo "same at -j3"; fi
