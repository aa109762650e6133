# generate and bench on other geometries: the puzzles of each geometry
# are unique (solve counts them), carry the clues asked for, are the same
# with one thread or two, and bench times them with the kernel that
# serves them; options a geometry cannot meet are usage errors.
u() { # geometry options...: 12 puzzles (and the options in $X), then
    # their statuses counted
    "$SF" generate -q -f -n 12 --seed 5 -j1 $X "$@" -o a.txt
    "$SF" generate -q -f -n 12 --seed 5 -j2 $X "$@" -o b.txt
    cmp -s a.txt b.txt && echo "$* $X: same with 2 threads"
    "$SF" solve -q --count --fields status "$@" a.txt | sort | uniq -c |
        sed 's/^ *//'
}
X= u --geometry 4x4
X="--symmetry rot180" u --geometry 6x6
X= u --geometry 8x8:2x4 --variant x
X= u --geometry 6x6 --regions 111222113322133342534444555664556666
X="--clues 20" u --geometry 9x9 --variant antiknight,antiking
"$SF" generate -q -n 3 --seed 2 --geometry 12x12 --clues 80 \
    --fields clues,puzzle -o c.txt
cut -d, -f1 c.txt
"$SF" generate -q -n 2 --seed 2 --geometry 16x16 --clues 150 \
    --alphabet 0-F --fields puzzle > hex.txt
"$SF" solve -q --count --alphabet 0-F --fields status hex.txt
"$SF" bench -j1 --seconds 0.01 --kernel all --csv \
    --variant antiknight,antiking a.txt 2>/dev/null |
    cut -d, -f1-3,10
t() { "$SF" generate -q -n 1 "$@" > /dev/null 2>&1; echo "$*: exit $?"; }
t --geometry 5x5
t --geometry 6x6 --clues 37
t --geometry 6x6 --fields puzzle,se
t --geometry 6x6 --min-rating 2
# the kernels named in the statistics: general alone, then beside the
# classic records' kernel
k() { grep -o '"[a-z_]*kernel":"[a-z]*"' s.json | tr '\n' ' '; echo; }
"$SF" generate -q -n 3 --geometry 6x6 -o d.txt
"$SF" solve -q -f --stats s.json -o /dev/null d.txt; k
"$SF" solve -q -f --stats s.json -o /dev/null d.txt "$IN/ten.txt"; k
