# Puzzles without a solution are not "solved without guessing": with only
# unsolvable puzzles the summary says none has a solution and the JSON
# share is null; with some, the share is of those that have one.
p1=55$(printf '%079d' 0)
p2=$(head -n 1 "$IN/ten.txt")
printf '%s\n%s\n' "$p1" "$p1" > bad.txt
"$SF" solve --stats s.json bad.txt 2> err.txt > /dev/null
grep -o 'no puzzle has a solution' err.txt
grep -o '"no_guess_pct":null' s.json
printf '%s\n%s\n%s\n' "$p1" "$p2" "$p2" > mixed.txt
"$SF" solve -f --stats s.json mixed.txt 2> err.txt > /dev/null
grep -o '[0-9.]*% solved without guessing' err.txt
