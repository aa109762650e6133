# --stats FILE writes the summary as JSON; the stderr summary has it too.
"$SF" solve --count --stats s.json "$IN/mixed.txt" > /dev/null
for key in '"puzzles":6' '"unique":2' '"multiple":1' '"unsolvable":1' \
    '"invalid":2' '"wall_sec":' '"cpu_sec":' '"puzzles_per_sec":' \
    '"guesses_per_puzzle":' '"no_guess_pct":' '"median":' '"p99":' '"max":'; do
    grep -qF "$key" s.json && echo "has $key"
done
