# --se-budget: a number of seconds; a generous budget changes nothing; a
# bad value is a usage error.  The level field names the levels above fish
# (an XY-wing puzzle is at "wings", a chain puzzle at "chains").
cat > p.txt <<'END'
.68..791..........1.7.....3....8......5.....9.9.6.1.82....1.3...7.356...41.....9.
.4.38.96.....2....7..6......9..63..8..8.....94..7..1..5.7.....1.8.53.7..........3
END
"$SF" rate -q --fields se,step,level p.txt
"$SF" rate -q --se-budget 1000 --fields se,step p.txt > a.txt
"$SF" rate -q --fields se,step p.txt > b.txt
cmp a.txt b.txt && echo same
for b in -1 x 1e9; do
    "$SF" rate -q --se-budget "$b" --fields se p.txt
    echo "budget $b: $?"
done
