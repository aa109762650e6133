# rate --fields with the difficulty card.  A minimal puzzle of the sample;
# the same with one more clue of its solution (no longer minimal); the
# same less one clue (two solutions: no minimality or backdoor, but a
# closure); the most symmetric full grid (rows shifted by three and by
# one within bands: 648 automorphisms, nothing to fill, no guess); a
# forum puzzle whose singles backdoor is 3 (SE 11.0); the empty grid
# (every transform of the group maps it onto itself: 2 * 6^8 * 9!);
# clashing givens (no solution); and a record that is not a puzzle.
# The same fields from generate, whose puzzles are minimal.
cat > p.txt <<'END'
....7...1.......5..85.3.6..82...1..31......8..6..5.9.....3.6.7.........4..4.92...
9...7...1.......5..85.3.6..82...1..31......8..6..5.9.....3.6.7.........4..4.92...
........1.......5..85.3.6..82...1..31......8..6..5.9.....3.6.7.........4..4.92...
123456789456789123789123456231564897564897231897231564312645978645978312978312645
..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8
.................................................................................
11...............................................................................
x
END
"$SF" rate -q --header --fields status,clues,minimal,singles_closure,backdoor,automorphisms,guesses p.txt
echo "exit $?"
"$SF" rate -q --out-format jsonl --fields minimal,backdoor,automorphisms p.txt | sed -n '3p;6p'
"$SF" generate -q -n 200 --seed 5 --fields minimal,backdoor > g.txt
awk -F, '$1 != 1 || $2 == "" { bad++ } END { print NR " generated, not minimal or no backdoor:", bad + 0 }' g.txt
"$SF" rate -q -j1 --fields minimal,singles_closure,backdoor,automorphisms,guesses p.txt > j1.txt
"$SF" rate -q -j2 --chunk 3 --fields minimal,singles_closure,backdoor,automorphisms,guesses p.txt > j2.txt
cmp -s j1.txt j2.txt && echo "-j1 and -j2: same output"
