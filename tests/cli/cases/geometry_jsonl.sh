# JSON Lines records that carry their own geometry: one file mixing 4x4
# (by the puzzle's length), 6x6 with 3x2 boxes, a 9x9 jigsaw, 9x9 X and
# classic records, with other keys kept.  Each record solves as its own
# file does with the options it names, in its own form; transform and
# canon use each record's group; a geometry a record cannot have, a
# record that is not JSON or has no puzzle string is an invalid record
# naming its line and why, and the records after it are read.
G="$IN/geometry"
map=$(tr -d ' \n' < "$G/jigsaw9.map")
{
    grep -v '^#' "$G/4x4.txt" | head -2 | sed 's/.*/{"puzzle": "&", "n": 4}/'
    sed 's/.*/{"geometry": "6x6:3x2", "puzzle": "&"}/' "$G/6x6_3x2.txt"
    sed "s/.*/{\"puzzle\":\"&\",\"regions\":\"$map\"}/" "$G/jigsaw9.txt"
    sed 's/.*/{"puzzle": "&", "variant": "x", "tags": ["a", {"b": 1}]}/' \
        "$G/x9.txt"
    echo '{"geometry": "7x7", "puzzle": "1"}'
    echo '{"puzzle": 17}'
    echo 'not json'
    head -3 "$IN/ten.txt" | sed 's/.*/{"puzzle": "&"}/'
} > mixed.jsonl
s() { "$SF" solve -q --count --out-format line --fields status,solution "$@"; }
s mixed.jsonl > got.txt
{
    grep -v '^#' "$G/4x4.txt" | head -2 | s
    s --geometry 6x6:3x2 "$G/6x6_3x2.txt"
    s --regions @"$G/jigsaw9.map" "$G/jigsaw9.txt"
    s --variant x "$G/x9.txt"
    echo invalid,; echo invalid,; echo invalid,
    head -3 "$IN/ten.txt" | s
} > want.txt
cmp -s got.txt want.txt && echo "$(wc -l < got.txt) records solve as their own files"
cat got.txt | cut -d, -f1 | sort | uniq -c | sed 's/^ *//'
"$SF" solve -q --fields line mixed.jsonl | head -1
# JSON Lines output carries each record's geometry, so copies read back
# as records of their geometries, each in its own class
"$SF" solve -q --out-format jsonl --fields status mixed.jsonl | sed -n '3,5p'
"$SF" transform -q --augment 1 --seed 2 --out-format jsonl mixed.jsonl \
    > copies.jsonl
"$SF" canon -q mixed.jsonl > c1.txt
"$SF" canon -q copies.jsonl > c2.txt
cmp -s c1.txt c2.txt && echo "$(grep -c . c1.txt) copies keep their classes"
s copies.jsonl | cut -d, -f1 | sort | uniq -c | sed 's/^ *//'
# the same puzzle text as 4x4 and as 4x4 X (its size from its length):
# two geometries, never one class
printf '{"puzzle":"1..............."}\n{"puzzle":"1...............","variant":"x"}\n' > two.jsonl
"$SF" canon -q --dedupe --out-format jsonl two.jsonl
# a record's own geometry, larger than the one the options name: its
# copies' solutions are those of their puzzles
"$SF" generate -q -n 3 --seed 2 --geometry 16x16 --clues 150 \
    --out-format jsonl > big.jsonl
"$SF" transform -q --seed 1 --geometry 4x4 --fields puzzle,solution \
    --out-format line big.jsonl > bt.txt
cut -d, -f1 bt.txt > bp.txt; cut -d, -f2 bt.txt > bs.txt
"$SF" solve -q --geometry 16x16 --fields solution bp.txt | cmp -s - bs.txt &&
    echo "$(grep -c . bs.txt) copies of 16x16 records named in the records" \
        "have their puzzles' solutions"
