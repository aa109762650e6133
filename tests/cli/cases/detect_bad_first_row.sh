# The format is decided by the first lines together, not by the first one
# alone: a grid whose first row is bad stays a grid (one invalid record,
# then the next grid), and a line file with a bad first line stays lines.
{ echo "1 2 3 4 5 6 7 8"; tail -n +2 "$IN/b2580.txt"; echo; cat "$IN/b2580.txt"; } > g.txt
"$SF" solve -q --out-format line --fields status g.txt
{ echo "12345"; head -n 3 "$IN/ten.txt"; } > l.txt
"$SF" solve -q --fields status l.txt
