# bench reads pencilmark files too (counted and timed like any other
# puzzles, invalid lines skipped with a message); the other commands that
# read puzzles refuse them with a usage error naming file and line.
marks='{ s = ""
         for (i = 1; i <= 81; i++) {
             c = substr($1, i, 1)
             for (k = 1; k <= 9; k++)
                 s = s ((c !~ /[1-9]/ || c == k) ? k : ".")
         }
         print s }'
tail -n +2 "$IN/kaggle.csv" | cut -d, -f1 | awk "$marks" > marks.txt
{ cat marks.txt; echo 123; } > some_bad.txt
"$SF" bench --csv --seconds 0 -j1 --limit 1,2 marks.txt some_bad.txt |
    cut -d, -f1-4
for cmd in rate canon "transform --augment 1" "split --test-fraction 0.5 --train a --test b"; do
    $SF $cmd marks.txt > /dev/null
    echo "$cmd: exit $?"
done
"$SF" rate --in-format pencil marks.txt
echo "rate --in-format pencil: exit $?"
