# Geometry options and records that cannot be: each a usage error (exit
# 1) or an invalid record with its reason, never a different puzzle.
t() { "$SF" solve -q "$@" < /dev/null > /dev/null 2>&1; echo "$*: exit $?"; }
t --geometry 6x6:4x2
t --geometry 7x7
t --geometry 33x33
t --geometry 6x7
t --geometry 9x9:3x3 --regions 111222333111222333111222333444555666444555666444555666777888999777888999777888999
t --regions 1111
t --regions 11112222333344445
t --variant x,fish
t --geometry 6x6 --regions 111222111222111222333444333444333444 --variant windoku
t --geometry 4x4 --alphabet 0-F,
t --geometry 16x16 --alphabet 1-9
t --extra @no-such-file
printf '1234567..........................................\n' > seven.txt
"$SF" solve -q seven.txt; echo "seven: exit $?"
printf '5...............\n..1.3....4..1.4.\n.1..............\n' |
    "$SF" solve -q --count --fields status
printf '16x16 grid rows read as such:\n'
for r in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
    printf '1234............\n'
done | "$SF" solve -q --count --in-format grid | head -2
printf '2,0,0\n' | "$SF" solve -q --geometry 4x4 --fields status
echo "last: exit $?"
