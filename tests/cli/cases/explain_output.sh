# sudoflow explain: JSON Lines by default, an object per record (a puzzle
# with one solution gets its steps; an invalid record, one with clashing
# givens and one with many solutions get none and say why), with
# --candidates each step's candidates before it; --out-format line a row
# per action.  The sample's first puzzle as a table: singles, two direct
# hidden pairs, an XYZ-wing (its hardest step, 4.4).  Every -j gives the
# same output; a budget stops a trace with its steps so far.
cat > p.txt <<'END'
.426758316312894577851346298279615431594.378646385791229834617537651829451479236.
1234567891234567891234567891234567891234567891234567891234567891234567891234567x
11...............................................................................
.................................................................................
END
"$SF" explain -q p.txt
echo "exit $?"
"$SF" explain -q --candidates p.txt | head -1
zcat "$IN/../../../data/sample.txt.gz" | grep -v '^#' | head -1 > one.txt
"$SF" explain -q --out-format line --header one.txt
zcat "$IN/../../../data/sample.txt.gz" | head -300 > some.txt
"$SF" explain -q -j1 some.txt > j1.txt
"$SF" explain -q -j2 --chunk 7 some.txt > j2.txt
cmp -s j1.txt j2.txt && echo "-j1 and -j2: same output"
awk -F, '$1 == "top1465.txt" && $2 == 79 { print $3 }' \
    "$IN/../../data/public.csv" > hard.txt
"$SF" explain -q --se-budget 0.001 hard.txt |
    sed -e 's/"se":[0-9.]*,"se_bound":true/"se":S,"se_bound":true/' -e 's/"steps":.*/.../'
"$SF" explain -q --se-budget 0.001 --out-format line hard.txt |
    awk -F, '{ n[$2] = 1 } END { print "steps before the budget:", (length(n) > 0) }'
