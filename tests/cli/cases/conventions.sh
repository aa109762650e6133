# Conventions shared by the commands: -j 0 is all cores; options that do
# nothing with the chosen output are usage errors, not silently ignored;
# gzip output is not written to a terminal without -f; a file whose every
# record is invalid is named, the others' records are all written, and the
# exit status is 3; messages start with "sudoflow CMD:".
"$SF" solve -q -j 1 "$IN/ten.txt" > a.txt
"$SF" solve -q -j 0 "$IN/ten.txt" | cmp - a.txt && echo "-j 0 = -j 1"
t() { "$@" > /dev/null 2>&1; echo "$*: $?" | sed "s|$IN/||g; s|$SF|sudoflow|"; }
t "$SF" solve -q --fields status "$IN/b2580.txt"
t "$SF" solve -q --out-format grid --sep ';' "$IN/ten.txt"
t "$SF" solve -q --header "$IN/b2239.txt"
t "$SF" solve -q --gzip-level 5 "$IN/ten.txt"
t "$SF" solve -q --gzip-level 5 -o x.gz "$IN/ten.txt"
t "$SF" solve -q --in-format line --column 2 "$IN/ten.txt"
t "$SF" solve -q --column 2 "$IN/ten.txt"
t "$SF" solve -q --column 2 -o y.txt "$IN/ten.txt"
t "$SF" solve -q --column 1 "$IN/kaggle.csv"
t "$SF" split -q --test-fraction 0.5 --seed 1 --train a1 --test b1 --header "$IN/ten.txt"
t "$SF" rate -q --samples 4 --fields puzzle,level "$IN/ten.txt"
t "$SF" rate -q --samples 4 "$IN/ten.txt"
t "$SF" generate -q -n 2 --seed 1 --steps 5
t "$SF" generate -q -n 2 --seed 1 --steps 5 --level singles
ls
script -qec "$SF solve -q --gzip $IN/ten.txt" /dev/null > tty.txt
grep -o 'compressed output is not written to a terminal' tty.txt
script -qec "$SF solve -q -f --gzip $IN/ten.txt" /dev/null | wc -c | \
    sed 's/^ *[1-9][0-9]*$/gzip to a terminal with -f: written/'
printf 'hello\nworld\n' > words.txt
"$SF" solve -q words.txt "$IN/ten.txt" > out.txt 2> err.txt
echo "a file without puzzles: exit $?, $(wc -l < out.txt) records written"
grep -c 'words.txt: none of its 2 records is a puzzle (read as line): is this a puzzle file' err.txt
"$SF" solve -q "$IN/ten.txt" 2>&1 > /dev/null | grep -c 'is this a puzzle file'
"$SF" rate --bogus 2>&1 | head -n 1
