# The guess statistics of bench are those of `sudoflow solve` with the
# same kernel and limit: guesses_per_puzzle is the mean of the guesses
# field, no_guess_pct the share of puzzles solved with none.  Every kernel,
# both modes, one and two threads.
names=$("$SF" bench --kernel nope "$IN/ten.txt" 2>&1 |
    awk '/^  / { print $1 }')
bad=0
[ -n "$names" ] || { echo "no kernels listed"; bad=1; }
for k in $names; do
    for limit in 1 2; do
        s=$("$SF" solve -q --kernel "$k" --limit "$limit" --fields guesses \
            "$IN/ten.txt" |
            awk '{ g += $1; z += $1 == 0 }
                 END { printf "%.2f,%.4f", 100 * z / NR, g / NR }')
        "$SF" bench --csv --seconds 0 -j 1,2 --kernel "$k" --limit "$limit" \
            "$IN/ten.txt" 2>/dev/null | tail -n +2 | cut -d, -f8,9 >b
        [ "$(sort -u b)" = "$s" ] && [ "$(wc -l <b)" = 2 ] || {
            echo "$k limit $limit: solve $s, bench $(cat b)"
            bad=$((bad + 1))
        }
    done
done
echo "mismatches: $bad"
