# The summary of a run without a puzzle: "0 puzzles" and its time, no
# dangling colon and no rates, guesses or latencies of nothing; one puzzle
# is "1 puzzle".
: > empty.txt
"$SF" solve -j2 empty.txt 2>&1 | sed 's/[0-9.]* s wall, [0-9.]* s cpu/T/'
zcat "$IN/../../../data/sample.txt.gz" | grep -v '^#' | head -1 > one.txt
"$SF" solve --count -o /dev/null one.txt 2>&1 | head -1
