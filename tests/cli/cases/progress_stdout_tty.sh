# No progress when standard output is the terminal progress would draw on:
# it would mix with the records.  Here both go to one pseudo-terminal.
slow="(cat $IN/ten.txt; sleep 0.6; cat $IN/ten.txt)"
script -qec "sh -c '$slow | $SF solve --chunk 1 -j1'" /dev/null > tty.txt
grep -q "puzzles  " tty.txt || echo "stdout on the terminal: no progress"
grep -c '^[1-9]\{81\}' tty.txt
