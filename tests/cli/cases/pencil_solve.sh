# Pencilmark puzzles (729 marks a line: mark k of a cell is the digit k
# when it is a candidate, '.' or '0' when not) are detected and solved.
# The kaggle puzzles written as candidates (a given alone, all nine in an
# empty cell) give the kaggle solutions; dropping candidates that are not
# in the solution changes nothing; dropping a solution's candidate leaves
# no solution, as the kaggle puzzles are unique.
marks='{ s = ""
         for (i = 1; i <= 81; i++) {
             c = substr($1, i, 1)
             for (k = 1; k <= 9; k++)
                 s = s ((c !~ /[1-9]/ || c == k) ? k : ".")
         }
         print s }'
tail -n +2 "$IN/kaggle.csv" | cut -d, -f1 | awk "$marks" > marks.txt
tail -n +2 "$IN/kaggle.csv" | cut -d, -f2 > want
awk '{ print length($0) }' marks.txt
"$SF" solve -q marks.txt > got && cmp got want && echo "solutions match"
"$SF" solve -q --count --fields status,count marks.txt
# thin: in every cell, drop the candidates k with (cell + k) even, unless
# k is the solution's digit
paste -d, marks.txt want | awk -F, '{
    s = ""
    for (i = 0; i < 729; i++) {
        cell = int(i / 9); k = i % 9 + 1; m = substr($1, i + 1, 1)
        keep = m != "." && ((cell + k) % 2 == 1 || substr($2, cell + 1, 1) == k)
        s = s (keep ? m : "0")
    }
    print s }' > thin.txt
"$SF" solve -q --lex --count --fields solution thin.txt | cmp - want &&
    echo "thinned: solutions match"
"$SF" solve -q --count --fields status,count thin.txt
# spoil: drop the solution's digit from cell 41 (0-based 40)
paste -d, thin.txt want | awk -F, '{
    d = substr($2, 41, 1); p = 40 * 9 + d
    print substr($1, 1, p - 1) "." substr($1, p + 1) }' > spoilt.txt
"$SF" solve -q --count --fields status,count,solution spoilt.txt
for k in bandstack bitboard; do
    "$SF" solve -q --kernel $k --limit 0 --fields count thin.txt | tr '\n' ' '
    echo "($k)"
done
