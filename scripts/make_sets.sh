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
#   data/manysol.txt.gz  every sample puzzle with 5..10 random clues
#                      removed, kept when it has at least 100 solutions
#                      (`sudoflow solve --limit 100`); a puzzle that has
#                      fewer gets another draw, up to four.
#   data/random.txt.gz 20,000 puzzles of 36..50 cells kept at random from
#                      a solved grid, like the big public CSV sets: the
#                      grids are the sample's solutions with digits
#                      relabelled, rows, columns, bands and stacks permuted
#                      and maybe transposed, so no two are alike.  Unique
#                      and ambiguous puzzles are kept as they come.
#   data/manyclue.txt.gz 2,000 puzzles of 34 or 35 cells kept at random
#                      from a solved grid (random equivalents of the
#                      sample's solutions, as for random), kept when they
#                      have two or more solutions: many clues and yet a
#                      few to hundreds of solutions to count.
#   data/bands.txt.gz  2,000 puzzles that differ only in the top band:
#                      100 solved grids (random equivalents, as for
#                      random), 32 or 33 cells of each kept in the two
#                      lower bands, and 40 puzzles a grid with 1 to 3
#                      cells of the top band added, kept when they have
#                      two or more solutions: the search runs through the
#                      top band's fillings with the other two fixed.
#   data/singles.txt.gz every sample puzzle plus clues from its own
#                      solution up to a random 28..35, kept when naked
#                      and hidden singles alone solve it (`sudoflow rate
#                      --fields singles_closure`); up to eight draws a
#                      puzzle.  Unique easy puzzles, like the Kaggle 1M
#                      set.
#   data/simple.txt.gz 2,000 unique puzzles that naked and hidden singles
#                      alone solve (`sudoflow generate --level singles
#                      --clues K`), with the clue counts of QQWing 1.3.4's
#                      "simple" puzzles (21-30 clues, mean 25.7, measured
#                      on 5,000 of them) scaled to 2,000, in random order.
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
}
function shuffle3(a,    i, r, t) {
    a[0] = 0; a[1] = 1; a[2] = 2
    for (i = 0; i < 2; i++) {
        r = i + rnd_below(3 - i)
        t = a[i]; a[i] = a[r]; a[r] = t
    }
}
function lines3(src,    b, i) {  # src[0..8]: new line -> old line
    shuffle3(outer)
    for (b = 0; b < 3; b++) {
        shuffle3(inner)
        for (i = 0; i < 3; i++) src[3 * b + i] = 3 * outer[b] + inner[i]
    }
}
# q[1..81]: a random equivalent of the grid g (81 digits): digits
# relabelled, rows and columns permuted within bands and stacks, bands and
# stacks permuted, transposed half of the time.
function equivalent(g, q,    s, d, r, t, x, y) {
    cells_of(g, s)
    for (d = 1; d <= 9; d++) lab[d] = d
    for (d = 1; d < 9; d++) {
        r = d + rnd_below(10 - d)
        t = lab[d]; lab[d] = lab[r]; lab[r] = t
    }
    lines3(row)
    lines3(col)
    flip = rnd_below(2)
    for (y = 0; y < 9; y++)
        for (x = 0; x < 9; x++)
            q[9 * y + x + 1] = lab[flip ? s[9 * col[x] + row[y] + 1] \
                                        : s[9 * row[y] + col[x] + 1]]
}
# p[first..first+n-1]: k of those cells of the grid q, chosen at random,
# copied into p (the others left as they are).
function keep_among(q, first, n, k, p,    e, i, j, r, t) {
    for (i = 1; i <= n; i++) e[i] = first - 1 + i
    for (j = 1; j <= k; j++) {
        r = j + rnd_below(n + 1 - j)
        t = e[j]; e[j] = e[r]; e[r] = t
        p[e[j]] = q[e[j]]
    }
}
# p[1..81]: k cells of the grid q chosen at random, the others ".".
function keep_random(q, k, p,    i) {
    for (i = 1; i <= 81; i++) p[i] = "."
    keep_among(q, 1, 81, k, p)
}'

fail() {
    echo "make_sets: $*" >&2
    exit 1
}

# The first 2,000 puzzles of $tmp/NAME.in with two or more solutions into
# $tmp/NAME, and their solution counts (up to 100,000) summed up in
# $tmp/NAME.mix.
several() { # NAME
    "$bin" solve -q --limit 100000 --fields puzzle,count "$tmp/$1.in" |
        awk -F, '$2 >= 2 && kept < 2000 { print $1 >"'"$tmp/$1"'"
                                          print $2 >"'"$tmp/$1.n"'"; kept++ }
                 END { exit kept < 2000 }' ||
        fail "$1: fewer than 2,000 puzzles with several solutions"
    sort -n "$tmp/$1.n" | awk '{ c[NR] = $1 }
        END { printf "solutions %d to %d%s, median %d, quartiles %d and %d",
                     c[1], c[NR], (c[NR] == 100000 ? " or more" : ""),
                     c[int((NR + 1) / 2)], c[int(NR / 4)], c[int(3 * NR / 4)] }' \
        >"$tmp/$1.mix"
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

# manysol: remove 5..10 random clues, four draws per puzzle; keep the
# first draw with at least 100 solutions.
awk -F, -v state=20240603 "$rng"'
{
    for (a = 1; a <= 4; a++) {
        cells_of($1, p)
        m = 0
        for (i = 1; i <= 81; i++) if (p[i] != ".") g[++m] = i
        k = 5 + rnd_below(6)
        for (j = 1; j <= k; j++) {
            r = j + rnd_below(m - j + 1)
            t = g[j]; g[j] = g[r]; g[r] = t
            p[g[j]] = "."
        }
        print line_of(p) "," k "," NR
    }
}' "$tmp/solved" >"$tmp/manysol.k"
cut -d, -f1 "$tmp/manysol.k" |
    "$bin" solve -q --limit 100 --fields count - |
    paste -d, "$tmp/manysol.k" - |
    awk -F, '$4 == 100 && !($3 in done) { done[$3] = 1; print $1 >"'"$tmp/manysol"'"
                                          n[$2]++; kept++ }
             END { for (k = 5; k <= 10; k++)
                       printf "%s%d: %d", (k > 5 ? ", " : ""), k, n[k]
                   exit kept != NR / 4 }' >"$tmp/manysol.mix" ||
    fail "manysol: a puzzle has fewer than 100 solutions in four draws"

# random: a random equivalent of a sample solution per puzzle (ten per
# solution), 36..50 of its cells kept.
awk -F, -v state=20240604 "$rng"'
{ sol[NR] = $2 }
END {
    for (n = 0; n < 20000; n++) {
        equivalent(sol[n % NR + 1], q)
        keep_random(q, 36 + rnd_below(15), p)
        print line_of(p) "," line_of(q)
    }
}' "$tmp/solved" >"$tmp/random.sol"
cut -d, -f2 "$tmp/random.sol" | "$bin" solve -q --count --fields status - |
    awk '$1 != "unique" { bad++ } END { exit bad > 0 }' ||
    fail "random: a relabelled and permuted grid is not a valid grid"
cut -d, -f1 "$tmp/random.sol" >"$tmp/random"
"$bin" solve -q --count --fields solution,status "$tmp/random" |
    paste -d, "$tmp/random.sol" - |
    awk -F, '$4 == "unique" && $2 == $3 { u++; next }
             $4 == "multiple" { m++; next }
             { bad++ }
             END { printf "unique %d, multiple %d", u, m; exit bad > 0 }' \
    >"$tmp/random.mix" ||
    fail "random: a puzzle is neither unique with its grid nor multiple"

# manyclue: like random, 34 or 35 cells kept; keep the first 2,000 that
# have several solutions, and count them (up to 100,000).
awk -F, -v state=20240605 "$rng"'
{ sol[NR] = $2 }
END {
    for (n = 0; n < 4000; n++) {
        equivalent(sol[n % NR + 1], q)
        keep_random(q, 34 + rnd_below(2), p)
        print line_of(p)
    }
}' "$tmp/solved" >"$tmp/manyclue.in"
several manyclue

# bands: puzzles that differ only in the top band.  For each of 100
# random equivalents of the sample's solutions, 32 or 33 cells kept at
# random in the two lower bands, then 40 puzzles of those plus 1..3
# random cells of the top band; the first 2,000 with several solutions,
# counted up to 100,000.
awk -F, -v state=20240607 "$rng"'
{ sol[NR] = $2 }
END {
    for (g = 0; g < 100; g++) {
        equivalent(sol[g + 1], q)
        for (i = 1; i <= 81; i++) base[i] = "."
        keep_among(q, 28, 54, 32 + rnd_below(2), base)
        for (n = 0; n < 40; n++) {
            for (i = 1; i <= 81; i++) p[i] = base[i]
            keep_among(q, 1, 27, 1 + rnd_below(3), p)
            print line_of(p)
        }
    }
}' "$tmp/solved" >"$tmp/bands.in"
several bands

# singles: fill random empty cells from the solution up to 28..35 clues,
# eight draws per puzzle; keep the first that singles alone solve.
awk -F, -v state=20240606 "$rng"'
{
    for (a = 1; a <= 8; a++) {
        cells_of($1, p)
        cells_of($2, s)
        m = 0
        for (i = 1; i <= 81; i++) if (p[i] == ".") e[++m] = i
        target = 28 + rnd_below(8)
        add = target - (81 - m)
        if (add < 0) add = 0
        for (j = 1; j <= add; j++) {
            r = j + rnd_below(m - j + 1)
            t = e[j]; e[j] = e[r]; e[r] = t
            p[e[j]] = s[e[j]]
        }
        print line_of(p) "," $2 "," NR
    }
}' "$tmp/solved" >"$tmp/singles.k"
cut -d, -f1 "$tmp/singles.k" |
    "$bin" rate -q --fields status,clues,singles_closure - |
    paste -d, "$tmp/singles.k" - |
    awk -F, '$4 == "unique" && $5 + $6 == 81 && !($3 in done) {
                 done[$3] = 1; print $1 >"'"$tmp/singles"'"; kept++ }
             END { exit kept == 0 }' ||
    fail "singles: no puzzle kept"
cut -d, -f1 "$tmp/singles" | "$bin" solve -q --count --fields solution,status - |
    paste -d, - "$tmp/singles" | awk -F, '$2 != "unique" { bad++ }
    END { exit bad > 0 }' || fail "singles: a puzzle is not unique"

# simple: per clue count K, as many puzzles as 2,000 drawn like QQWing's
# "simple" ones have (5,000 of QQWing 1.3.4's: 21: 1, 22: 14, 23: 108,
# 24: 652, 25: 1,335, 26: 1,656, 27: 869, 28: 312, 29: 51, 30: 2), each
# count from its own seed; then shuffled, and checked unique and solved by
# singles.
for km in 22:6 23:43 24:261 25:534 26:662 27:348 28:125 29:20 30:1; do
    k=${km%:*}
    "$bin" generate -q -n "${km#*:}" --seed $((20240608 + k)) --clues "$k" \
        --level singles >>"$tmp/simple.in"
done
awk -v state=20240608 "$rng"'
{ p[NR] = $0 }
END {
    for (i = NR; i > 1; i--) {
        r = 1 + rnd_below(i)
        t = p[i]; p[i] = p[r]; p[r] = t
    }
    for (i = 1; i <= NR; i++) print p[i]
}' "$tmp/simple.in" >"$tmp/simple"
"$bin" rate -q --fields status,clues,singles_closure "$tmp/simple" |
    awk -F, '$1 != "unique" || $2 + $3 != 81 { bad++ }
             END { exit bad > 0 || NR != 2000 }' ||
    fail "simple: a puzzle is not unique or not solved by singles"

# The clues of set NAME: "LO-HI clues, mean M".
clue_range() { # NAME
    awk '{ n = gsub(/[1-9]/, "&"); if (!lo || n < lo) lo = n
           if (n > hi) hi = n; sum += n }
         END { printf "%d-%d clues, mean %.1f", lo, hi, sum / NR }' \
        "$tmp/$1"
}

# Write a set: one comment line, then the puzzles.
write_set() { # NAME HEADER
    { echo "# $2"; cat "$tmp/$1"; } | gzip -9n >"$here/data/$1.txt.gz"
    echo "data/$1.txt.gz: $(wc -l <"$tmp/$1") puzzles"
}
clues=$(clue_range easy)
write_set easy "easy.txt.gz: each puzzle of sample.txt.gz plus clues from\
 its own solution up to a random 33-38 ($clues), unique (checked with\
 sudoflow solve --count); made by scripts/make_sets.sh, seed 20240601"
mix=$(cat "$tmp/multi.mix")
write_set multi "multi.txt.gz: puzzles of sample.txt.gz with 1-4 random\
 clues removed (puzzles by clues removed: $mix), each with several\
 solutions (checked with sudoflow solve --count); made by\
 scripts/make_sets.sh, seed 20240602"
mix=$(cat "$tmp/manysol.mix")
write_set manysol "manysol.txt.gz: puzzles of sample.txt.gz with 5-10\
 random clues removed (puzzles by clues removed: $mix), each with at least\
 100 solutions (checked with sudoflow solve --limit 100); made by\
 scripts/make_sets.sh, seed 20240603"
mix=$(cat "$tmp/random.mix")
write_set random "random.txt.gz: 36-50 random cells kept from solved grids\
 (the solutions of sample.txt.gz, digits relabelled, rows, columns, bands\
 and stacks permuted, maybe transposed), as they come: $mix (checked with\
 sudoflow solve --count); made by scripts/make_sets.sh, seed 20240604"
mix=$(cat "$tmp/manyclue.mix")
write_set manyclue "manyclue.txt.gz: 34 or 35 random cells kept from solved\
 grids (random equivalents of the solutions of sample.txt.gz), the first\
 2,000 with several solutions: $mix (sudoflow solve --limit 100000); made\
 by scripts/make_sets.sh, seed 20240605"
mix=$(cat "$tmp/bands.mix")
write_set bands "bands.txt.gz: puzzles that differ only in the top band:\
 100 solved grids (random equivalents of the solutions of sample.txt.gz),\
 32 or 33 random cells of each kept in the two lower bands, 40 puzzles a\
 grid with 1-3 random cells of the top band added, the first 2,000 with\
 several solutions: $mix (sudoflow solve --limit 100000); made by\
 scripts/make_sets.sh, seed 20240607"
clues=$(clue_range singles)
write_set singles "singles.txt.gz: each puzzle of sample.txt.gz plus clues\
 from its own solution up to a random 28-35 ($clues), the first of eight\
 draws that naked and hidden singles alone solve (sudoflow rate --fields\
 singles_closure), unique (sudoflow solve --count); made by\
 scripts/make_sets.sh, seed 20240606"
clues=$(clue_range simple)
write_set simple "simple.txt.gz: unique puzzles that naked and hidden singles\
 alone solve (sudoflow generate --level singles --clues K, seed 20240608 +\
 K), with the clue counts of 5,000 QQWing 1.3.4 \"simple\" puzzles scaled to\
 2,000 ($clues), shuffled; made by scripts/make_sets.sh, seed 20240608"
