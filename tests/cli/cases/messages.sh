# One message style: "sudoflow CMD: message", the command named once;
# the numbers of a summary line in one style; no summary after a fatal
# error (a missing input file), only the error.
"$SF" generate 2>&1 | head -n 1
"$SF" bench 2>&1 | head -n 1
"$SF" split -o x.txt --test-fraction 0.5 --train a --test b 2>&1 | head -n 1
"$SF" rate --in-format pencil "$IN/ten.txt" 2>&1 | head -n 1
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25; do
    cat "$IN/ten.txt" "$IN/ten.txt" "$IN/ten.txt" "$IN/ten.txt"
done > thousand.txt
"$SF" rate --samples 1 thousand.txt 2>&1 > /dev/null | head -n 1 | sed 's/mean rating .*/.../'
"$SF" canon --dedupe thousand.txt 2>&1 > /dev/null | head -n 1
"$SF" solve nosuch.txt > out.txt 2> err.txt
echo "exit $?"
cat err.txt
"$SF" rate nosuch.txt 2>&1
echo "exit $?"
