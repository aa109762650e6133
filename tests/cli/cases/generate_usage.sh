# Usage errors exit 1 with a message; no output file is left.
for args in "-n 5 --clues 16" "-n 5 --clues 82" "--seed 1" "-n 5 --symmetry spiral" \
    "-n 5 --level hardest" "-n 5 --min-rating 3 --max-rating 1" "-n x" \
    "-n 5 --min-rating -1" "-n 5 file.txt" "-n 5 --fields puzzle,bogus"; do
    "$SF" generate $args -o out.txt
    echo "$args: $?"
done
[ -e out.txt ] || echo "no output file"
"$SF" generate --help | head -n 1
