# Usage errors exit 1 with a message; no output file is left.
for args in "-n 5 --clues 16" "-n 5 --clues 82" "--seed 1" "-n 5 --symmetry spiral" \
    "-n 5 --level hardest" "-n 5 --min-rating 3 --max-rating 1" "-n x" \
    "-n 5 --min-rating -1" "-n 5 file.txt" "-n 5 --fields puzzle,bogus"; do
    "$SF" generate $args -o out.txt
    echo "$args: $?"
done
[ -e out.txt ] || echo "no output file"
"$SF" generate --help | head -n 1
# combinations the generator cannot meet are refused before any work
for args in "-n 5 --clues 19" "-n 5 --clues 30 --symmetry rot90" \
    "-n 5 --symmetry rot180 --clues 21"; do
    "$SF" generate $args -o out.txt
    echo "$args: $?"
done
# 20 clues is allowed: some puzzles come out, every one with 20 clues
# (a grid may have no 20-clue puzzle, so not necessarily all of them)
"$SF" generate -q -n 4 --seed 1 --clues 20 2>/dev/null |
    awk '{ n++; if (gsub(/[1-9]/, "") != 20) bad++ }
         END { print (n > 0 && !bad) ? "20 clues: made" : "20 clues: none" }'
