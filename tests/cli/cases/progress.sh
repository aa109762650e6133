# Progress appears on a terminal (here a pseudo-terminal made by script(1))
# and never when stderr is not one, nor with -q.
slow="(cat $IN/ten.txt; sleep 0.6; cat $IN/ten.txt)"
script -qec "sh -c '$slow | $SF solve --chunk 1 -j1 >/dev/null'" /dev/null > tty.txt
grep -q "10 puzzles" tty.txt && echo "terminal: progress"
script -qec "sh -c '$slow | $SF solve -q --chunk 1 -j1 >/dev/null'" /dev/null > quiet.txt
grep -q "puzzles" quiet.txt || echo "quiet: none"
sh -c "$slow" | "$SF" solve --chunk 1 -j1 2> err.txt > /dev/null
grep -q "$(printf '\033')" err.txt || echo "not a terminal: none"
