#!/bin/sh
# Compares `sudoflow explain` with Sudoku Explainer's own solving paths
# (data/se/traces.txt.gz), step by step, band by band (bands by SE's
# rating: the hardest step of its path).
#
#   sh tests/se/trace_compare.sh [--exact] SUDOFLOW
#
# A step agrees when SE's name for it, its difficulty and the cell it
# places (or none) are those of SE's step at the same place of the path;
# a path agrees when all its steps do and it has as many; "elim%" counts
# the paths whose every step also removes exactly SE's candidates.  Per
# band: puzzles, path%, elim%; then the same for SE <= 9.0 and for all.
# With --exact every path that differs is printed (its first differing
# step) and the exit status is 1 when any does.
set -u
exact=0
[ "${1:-}" = --exact ] && { exact=1; shift; }
sf=${1:?usage: sh tests/se/trace_compare.sh [--exact] SUDOFLOW}
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
gzip -dc "$root/data/se/traces.txt.gz" | grep -v '^#' > "$tmp/se"
cut -c1-81 "$tmp/se" > "$tmp/puzzles"
if ! "$sf" explain -q --out-format line --sep '|' "$tmp/puzzles" \
    > "$tmp/ours"; then
    echo "trace_compare.sh: $sf explain failed" >&2
    exit 2
fi
# ours: record|step|technique|name|rating|kind|cell|digit, a row an action
awk -F'|' -v exact="$exact" '
function band(t) {
    if (t < 20) return "1-2"; if (t < 40) return "2-4"; if (t < 60) return "4-6"
    if (t < 80) return "6-8"; if (t < 90) return "8-9"; return "9+"
}
# SE lists the other candidates of the cell a step places among its
# eliminations; ours leaves them to the placement.
function drop_placed(place, elims,    k, n, e, out, cell) {
    if (place == "") return elims
    split(place, k, "="); cell = k[1]; out = ""
    n = split(elims, e, " ")
    for (i = 1; i <= n; i++)
        if (substr(e[i], 1, index(e[i], ".") - 1) != cell)
            out = out (out == "" ? "" : " ") e[i]
    return out
}
NR == FNR {
    r = $1; s = $2
    if (!((r, s) in name)) {
        name[r, s] = $4; tenths[r, s] = int($5 * 10 + 0.5); nsteps[r] = s
    }
    if ($6 == "place") place[r, s] = $7 "=" $8
    else elim[r, s] = elim[r, s] (elim[r, s] == "" ? "" : " ") $7 "." $8
    next
}
{
    r = FNR; ok = 1; same_elim = 1; best = 0; first = ""
    if (NF - 1 != nsteps[r] + 0) {
        ok = 0; first = "steps " (NF - 1) " against " (nsteps[r] + 0)
    }
    for (s = 1; s < NF; s++) {
        split($(s + 1), f, ";")
        if (f[2] + 0 > best) best = f[2] + 0
        mine = name[r, s] ";" tenths[r, s] ";" place[r, s]
        theirs = f[1] ";" f[2] ";" f[3]
        if (ok && theirs != mine) {
            ok = 0; first = "step " s ": SE " theirs ", ours " mine
        }
        if (drop_placed(f[3], f[4]) != elim[r, s]) same_elim = 0
    }
    b = band(best); n[b]++; agree[b] += ok; elims[b] += ok && same_elim
    if (best <= 90) { n9++; agree9 += ok; elims9 += ok && same_elim }
    N++; A += ok; E += ok && same_elim
    if (exact && !(ok && same_elim)) {
        printf "differs %s: %s\n", substr($1, 1, 81), first == "" ? "eliminations" : first
        bad = 1
    }
}
END {
    printf "%-8s %5s %7s %7s\n", "band", "n", "path%", "elim%"
    split("1-2 2-4 4-6 6-8 8-9 9+", bands, " ")
    for (i = 1; i <= 6; i++) {
        b = bands[i]
        if (n[b]) printf "%-8s %5d %7.1f %7.1f\n", b, n[b], 100 * agree[b] / n[b], 100 * elims[b] / n[b]
    }
    if (n9) printf "%-8s %5d %7.1f %7.1f\n", "se<=9.0", n9, 100 * agree9 / n9, 100 * elims9 / n9
    printf "%-8s %5d %7.1f %7.1f\n", "all", N, 100 * A / N, 100 * E / N
    exit bad
}' "$tmp/ours" "$tmp/se"
