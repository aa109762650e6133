# transform, canon, split and audit on other geometries, each with its
# geometry's own group: every copy transform makes is a puzzle of the
# same geometry with the same status and solution count, written in the
# input's form, and has the original's canonical form; canon --dedupe
# keeps one puzzle a class; split puts a class on one side; audit finds
# a copy and never matches across geometries.  A group too large to
# list is a usage error saying so.
G="$IN/geometry"
c() { # file, geometry options...: copies, their classes, statuses kept
    f=$1; shift
    n=$("$SF" solve -q --count --out-format line --fields status "$@" "$f" |
        wc -l)
    "$SF" transform -q -f --augment 7 --seed 4 --chunk 3 "$@" -o copies.txt "$f"
    "$SF" canon -q "$@" "$f" > orig.canon
    "$SF" canon -q "$@" copies.txt > copies.canon
    sort -u orig.canon > a; sort -u copies.canon > b
    printf '%s: %s puzzles, %s copies, ' "$(basename "$f")" "$n" \
        "$(wc -l < copies.txt)"
    cmp -s a b && echo "classes kept ($(wc -l < a))" || echo "classes differ"
    for x in "$f" copies.txt; do
        "$SF" solve -q --count --out-format line --fields status "$@" "$x" |
            sort | uniq -c | sed 's/^ */  /' | tr '\n' ' '
        echo
    done
}
awk 'length == 16' "$G/4x4.txt" > four0.txt
c four0.txt
c "$G/6x6_3x2.txt" --geometry 6x6:3x2
c "$G/16x16_numbers.txt"
c "$G/jigsaw9.txt" --regions @"$G/jigsaw9.map"
c "$G/x9.txt" --variant x
"$SF" generate -q -n 5 --seed 3 --geometry 6x6 --variant nonconsecutive \
    -o nc.txt
c nc.txt --geometry 6x6 --variant nonconsecutive
# the input's form: numbers stay numbers (256 of them), hexadoku's
# alphabet its own
"$SF" transform -q --seed 1 "$G/16x16_numbers.txt" | awk '{print NF}'
"$SF" transform -q --seed 1 --alphabet 0-F "$G/hexadoku.txt" | tr -d '.0-9A-F' |
    wc -c
# solutions: the copy's, valid for its puzzle
"$SF" transform -q --seed 2 --augment 3 --fields puzzle,solution \
    four0.txt | grep -v ',$' > ps.txt
cut -d, -f1 ps.txt > p.txt; cut -d, -f2 ps.txt > s.txt
"$SF" solve -q --fields solution p.txt | cmp -s - s.txt &&
    echo "$(wc -l < s.txt) copies' solutions are their puzzles' solutions"
# dedupe: the copies of 4x4.txt are as many classes as it has
"$SF" transform -q --augment 5 --seed 9 four0.txt > four.txt
"$SF" canon -q --dedupe four0.txt | wc -l
"$SF" canon -q --dedupe four.txt | wc -l
# split: no class on both sides
"$SF" split -q -f --test-fraction 0.5 --seed 6 --train tr.txt --test te.txt \
    four.txt
"$SF" canon -q tr.txt | sort -u > trc; "$SF" canon -q te.txt | sort -u > tec
echo "split: $(wc -l < tr.txt) train, $(wc -l < te.txt) test," \
    "$(comm -12 trc tec | wc -l) classes on both sides"
# audit: a copy leaks; the same characters on another geometry do not
head -2 four.txt > t4.txt
"$SF" audit -q --train four0.txt --test t4.txt | cut -d, -f2,3,4
"$SF" audit -q --train four0.txt --test t4.txt > /dev/null; echo "exit $?"
"$SF" audit -q --regions 1122112233443344 --train four0.txt --test t4.txt \
    > /dev/null; echo "the same grid as a region map: exit $?"
"$SF" audit -q --train four.txt --test "$G/6x6_grid.txt" > /dev/null
echo "another size: exit $?"
# too many symmetries to list
"$SF" canon -q --geometry 25x25 --variant disjoint four.txt; echo "exit $?"
