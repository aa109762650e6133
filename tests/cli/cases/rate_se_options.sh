# --se-budget: a number of seconds above 0, or left out for no limit; a
# generous budget changes nothing; anything else is a usage error: 0 and
# -0 alike (0 once meant no limit and -0 was refused), 1e-400 (which
# rounds to 0 and so became no limit), inf and nan; explain takes the
# same rule.  The level field names the levels above fish
# (an XY-wing puzzle is at "wings", a chain puzzle at "chains").
cat > p.txt <<'END'
.68..791..........1.7.....3....8......5.....9.9.6.1.82....1.3...7.356...41.....9.
.4.38.96.....2....7..6......9..63..8..8.....94..7..1..5.7.....1.8.53.7..........3
END
"$SF" rate -q --fields se,step,level p.txt
"$SF" rate -q --se-budget 1000 --fields se,step p.txt > a.txt
"$SF" rate -q --fields se,step p.txt > b.txt
cmp a.txt b.txt && echo same
for b in -1 x 1e9 0 -0 1e-400 inf nan; do
    "$SF" rate -q --se-budget "$b" --fields se p.txt
    echo "budget $b: $?"
done
"$SF" rate -q --se-budget 1e-3 --fields puzzle p.txt | wc -l
for b in 0 1e-400; do
    "$SF" explain -q --se-budget "$b" p.txt
    echo "explain budget $b: $?"
done
