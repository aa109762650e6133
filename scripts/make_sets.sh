#!/bin/sh
# Makes the project's own benchmark sets from data/sample.txt.gz (2,000
# minimal puzzles with one solution each), reproducibly:
#
#   data/easy.txt.gz   every sample puzzle plus clues copied from its own
#                      solution, up to a random 33..38 clues: easy puzzles
#                      with many clues, like the Kaggle sets.  Adding clues
#                      keeps the solution unique; the script checks it.
#   data/multi.txt.gz  every sample puzzle with 1..4 random clues removed,
#                      kept when `sudoflow solve --count` reports it as
#                      multiple (for minimal puzzles that is every one).
#
# The random choices come from a Park-Miller generator written in awk with
# fixed seeds (awk's own rand() differs between awk implementations), and
# gzip -n stores no name or time, so the same input gives the same bytes.
# Solutions and checks come from `sudoflow solve`.
# Usage: sh scripts/make_sets.sh [BUILD/sudoflow]
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$here/build/sudoflow}
sample=$here/data/sample.txt.gz
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Shared awk code: the generator, and a puzzle line <-> cell array.
rng='
function rnd_below(n) {
    state = (state * 16807) % 2147483647
    return int((state - 1) / 2147483646 * n)
}
function cells_of(line, c,    i) {
    for (i = 1; i <= 81; i++) c[i] = substr(line, i, 1)
}
function line_of(c,    i, s) {
    s = ""
    for (i = 1; i <= 81; i++) s = s c[i]
    return s
}'

fail() {
    echo "make_sets: $*" >&2
    exit 1
}

# Every sample puzzle with its solution: "puzzle,solution,status".
"$bin" solve -q --count --fields puzzle,solution,status "$sample" \
    >"$tmp/solved"
awk -F, '$3 != "unique" { bad++ } END { exit bad > 0 }' "$tmp/solved" ||
    fail "$sample: not every puzzle has exactly one solution"

# easy: fill random empty cells from the solution up to 33..38 clues.
awk -F, -v state=20240601 "$rng"'
{
    cells_of($1, p)
    cells_of($2, s)
    m = 0
    for (i = 1; i <= 81; i++) if (p[i] == ".") e[++m] = i
    target = 33 + rnd_below(6)
    add = target - (81 - m)
    if (add < 1) add = 1
    for (j = 1; j <= add; j++) {
        r = j + rnd_below(m - j + 1)
        t = e[j]; e[j] = e[r]; e[r] = t
        p[e[j]] = s[e[j]]
    }
    print line_of(p) "," $2
}' "$tmp/solved" >"$tmp/easy.sol"
cut -d, -f1 "$tmp/easy.sol" >"$tmp/easy"
"$bin" solve -q --count --fields solution,status "$tmp/easy" |
    paste -d, "$tmp/easy.sol" - |
    awk -F, '$2 != $3 || $4 != "unique" { bad++ } END { exit bad > 0 }' ||
    fail "easy: a puzzle is not unique with the sample's solution"

# multi: remove 1..4 random clues; keep what has several solutions.
awk -F, -v state=20240602 "$rng"'
{
    cells_of($1, p)
    m = 0
    for (i = 1; i <= 81; i++) if (p[i] != ".") g[++m] = i
    k = 1 + rnd_below(4)
    for (j = 1; j <= k; j++) {
        r = j + rnd_below(m - j + 1)
        t = g[j]; g[j] = g[r]; g[r] = t
        p[g[j]] = "."
    }
    print line_of(p) "," k
}' "$tmp/solved" >"$tmp/multi.k"
cut -d, -f1 "$tmp/multi.k" >"$tmp/multi.in"
"$bin" solve -q --count --fields puzzle,status "$tmp/multi.in" |
    paste -d, - "$tmp/multi.k" |
    awk -F, '$2 == "multiple" { print $1 >"'"$tmp/multi"'"; n[$4]++ }
             END { printf "1: %d, 2: %d, 3: %d, 4: %d", n[1], n[2], n[3], n[4] }' \
    >"$tmp/multi.mix"
[ -s "$tmp/multi" ] || fail "multi: no puzzle kept"

# Write a set: one comment line, then the puzzles.
write_set() { # NAME HEADER
    { echo "# $2"; cat "$tmp/$1"; } | gzip -9n >"$here/data/$1.txt.gz"
    echo "data/$1.txt.gz: $(wc -l <"$tmp/$1") puzzles"
}
clues=$(awk '{ n = gsub(/[1-9]/, "&"); if (!lo || n < lo) lo = n
               if (n > hi) hi = n; sum += n }
             END { printf "%d-%d clues, mean %.1f", lo, hi, sum / NR }' \
        "$tmp/easy")
write_set easy "easy.txt.gz: each puzzle of sample.txt.gz plus clues from\
 its own solution up to a random 33-38 ($clues), unique (checked with\
 sudoflow solve --count); made by scripts/make_sets.sh, seed 20240601"
mix=$(cat "$tmp/multi.mix")
write_set multi "multi.txt.gz: puzzles of sample.txt.gz with 1-4 random\
 clues removed (puzzles by clues removed: $mix), each with several\
 solutions (checked with sudoflow solve --count); made by\
 scripts/make_sets.sh, seed 20240602"
