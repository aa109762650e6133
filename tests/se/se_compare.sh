#!/bin/sh
# Compares the `se` and `step` fields of `sudoflow rate` with the Sudoku
# Explainer ratings measured for data/se (see docs/se.md), band by band;
# with --scale sukaku, `se_sukaku` and `step_sukaku` with Sukaku
# Explainer's (data/se/sukaku_*.csv).
#
#   sh tests/se/se_compare.sh [OPTIONS] SUDOFLOW
#
#   --data DIR     the public sets data/se/shared_ratings.csv refers to
#                  (default $SF_DATA); without it, of the public puzzles
#                  only the few that tests/data/public.csv holds are rated
#   --scale S      classic (default) or sukaku
#   --own          only the project's own puzzles (data/se/ratings.csv)
#   --per-band K   only the first K puzzles of each band
#   --min-se X     only puzzles that SE rates at least X
#   --max-se X     only puzzles that SE rates at most X
#   --exact        print every puzzle whose rating or hardest step differs
#                  and exit 1 when any does (the agreement test)
#   -j N           threads for sudoflow (default 1; speed is per thread)
#   --repeat R     rate each band R times over for timing (default: enough
#                  copies for about 0.3 s, guessed from SE's times, 1 to
#                  200; 1 with --exact)
#   --             anything after it is passed to `sudoflow rate`
#                  (e.g. -- --se-budget 10)
#
# Bands are by SE's rating: [1,2) [2,4) [4,6) [6,8) [8,9) and 9 up.  Per
# band it prints the number of puzzles, the share rated exactly as SE
# does, within 0.2 of it, with the same hardest step name, the ratings
# that are not numbers (an "over" budget result), then SE's CPU time per
# puzzle as measured (mean and median, ms) against ours (the CPU time of
# one `rate` run over the band, repeated --repeat times, less that of a
# run on one puzzle, divided by the number of puzzles rated) and their
# ratio.
# Summary lines cover SE <= 9.0 and everything; the last line is the
# Spearman rank correlation over all puzzles (a lower bound ">=X.Y" ranks
# as X.Y, anything else that is not a number above every number).  In the
# agreement columns a rating that is not a plain number (a bound, "over")
# is never counted as exact and is counted in the "over" column.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
data=${SF_DATA:-}
own=0
perband=0
minse=
maxse=
exact=0
threads=1
repeat=
scale=classic
while [ $# -gt 0 ]; do
    case $1 in
    --scale) scale=$2; shift 2 ;;
    --data) data=$2; shift 2 ;;
    --own) own=1; shift ;;
    --per-band) perband=$2; shift 2 ;;
    --min-se) minse=$2; shift 2 ;;
    --max-se) maxse=$2; shift 2 ;;
    --exact) exact=1; repeat=${repeat:-1}; shift ;;
    -j) threads=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    -*) echo "se_compare.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
done
sf=${1:?usage: sh tests/se/se_compare.sh [OPTIONS] SUDOFLOW [-- RATE_OPTIONS]}
shift
[ "${1:-}" = "--" ] && shift
case $scale in
classic) fields=se,step own_csv=ratings.csv ;;
sukaku) fields=se_sukaku,step_sukaku own_csv=sukaku_ratings.csv ;;
*) echo "se_compare.sh: --scale: classic or sukaku, not $scale" >&2; exit 2 ;;
esac
if ! "$sf" rate --help 2>&1 | grep -q "\<${fields%%,*}\>"; then
    echo "se_compare.sh: $sf rate has no ${fields%%,*} field" >&2
    exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# The reference, one tab-separated line per puzzle:
#   band  se  step  se_ms  puzzle  source
band_awk='function band(s,  t) { t = int(s * 10 + 0.5)
    if (t < 20) return "1-2"; if (t < 40) return "2-4"
    if (t < 60) return "4-6"; if (t < 80) return "6-8"
    if (t < 90) return "8-9"; return "9+" }'
awk -F, -v OFS='\t' "$band_awk"'
    NR > 1 { print band($2), $2, $3, $4, $1, "data/se/" f ":" NR }' \
    f="$own_csv" "$root/data/se/$own_csv" > "$tmp/ref"
shared=$root/data/se/shared_ratings.csv
[ "$scale" = sukaku ] && shared=$root/data/se/sukaku_shared_ratings.csv
if [ "$own" = 0 ] && [ -n "$data" ] && [ ! -d "$data" ]; then
    echo "se_compare.sh: no directory $data (--data)" >&2
    exit 2
fi
if [ "$own" = 0 ] && [ -n "$data" ]; then
    for f in $(awk -F, 'NR > 1 { print $1 }' "$shared" | sort -u); do
        if [ ! -f "$data/$f" ]; then
            echo "se_compare.sh: $data/$f missing, its puzzles skipped" >&2
            continue
        fi
        awk -F, -v OFS='\t' -v f="$f" "$band_awk"'
            NR == FNR { if ($1 == f) want[$2] = $0; next }
            FNR in want {
                split(want[FNR], r, ",")
                print band(r[3]), r[3], r[4], r[5], substr($0, 1, 81), f ":" FNR
            }' "$shared" "$data/$f" >> "$tmp/ref"
    done
elif [ "$own" = 0 ]; then
    echo "se_compare.sh: the public sets' puzzles only as far as" \
        "tests/data/public.csv holds them (--data DIR or SF_DATA for all)" >&2
    awk -F, -v OFS='\t' "$band_awk"'
        NR == FNR { if (FNR > 1) want[$1 ":" $2] = $3; next }
        FNR > 1 && ($1 ":" $2) in want {
            print band($3), $3, $4, $5, want[$1 ":" $2], $1 ":" $2
        }' "$root/tests/data/public.csv" "$shared" >> "$tmp/ref"
fi
if [ -n "$minse$maxse" ]; then
    awk -F'\t' -v lo="${minse:-0}" -v hi="${maxse:-99}" \
        '$2 + 0 >= lo + 0 && $2 + 0 <= hi + 0' "$tmp/ref" > "$tmp/ref2"
    mv "$tmp/ref2" "$tmp/ref"
fi

# rate_file IN OUT: rate IN, write the CPU seconds the run took to stdout.
rate_file() {
    src=$1 dst=$2
    shift 2
    if ! "$sf" rate -q -j "$threads" --fields "puzzle,$fields" \
        --stats "$tmp/stats" -o "$dst" -f "$@" "$src"; then
        echo "se_compare.sh: $sf rate failed on $src" >&2
        exit 2
    fi
    sed -n 's/.*"cpu_sec":\([0-9.eE+-]*\).*/\1/p' "$tmp/stats"
}

# Each band rated on its own, to time it, its puzzles repeated so that the
# run is long enough to time; the fixed cost of a run (start-up, tables)
# is taken out as the time of a run on one puzzle.
head -n 1 "$tmp/ref" | cut -f5 > "$tmp/one"
base=$(rate_file "$tmp/one" "$tmp/one.out" "$@") || exit 2
: > "$tmp/joined"
: > "$tmp/times"
for b in 1-2 2-4 4-6 6-8 8-9 9+; do
    awk -F'\t' -v b="$b" -v k="$perband" \
        '$1 == b && (k == 0 || ++n <= k)' "$tmp/ref" > "$tmp/ref.$b"
    [ -s "$tmp/ref.$b" ] || continue
    n=$(wc -l < "$tmp/ref.$b")
    r=$repeat
    # enough copies for about 0.3 s of our CPU, guessing ours at 1/100 of
    # SE's time, 1 to 200
    [ -z "$r" ] && r=$(awk -F'\t' '{ t += $4 } END {
        r = t > 0 ? int(30000 / t) + 1 : 200
        print (r > 200 ? 200 : r) }' "$tmp/ref.$b")
    i=0
    while [ "$i" -lt "$r" ]; do
        cut -f5 "$tmp/ref.$b"
        i=$((i + 1))
    done > "$tmp/in.$b"
    cpu=$(rate_file "$tmp/in.$b" "$tmp/out.$b" "$@") || exit 2
    echo "se_compare.sh: band $b rated ($n puzzles)" >&2
    awk -v c="$cpu" -v z="$base" -v b="$b" -v n="$((n * r))" 'BEGIN {
        t = c - z; if (t < 0) t = 0; printf "%s\t%.9f\n", b, t / n }' >> "$tmp/times"
    head -n "$n" "$tmp/out.$b" | tr ',' '\t' | paste "$tmp/ref.$b" - >> "$tmp/joined"
done

# joined: band se step se_ms puzzle source | puzzle se step
awk -F'\t' -v exact="$exact" '
function num(x) { return x ~ /^[0-9]+(\.[0-9]*)?$/ }
# Whether our step name (docs/se.md) names SE step s.
function same_step(s, ours,  suf, want, t) {
    suf = ""
    if (s ~ /\(\+ Dynamic Forcing Chains \(\+ Forcing Chains\)\)$/) suf = "-plus-dfc-fc"
    else if (s ~ /\(\+ Dynamic Forcing Chains\)$/) suf = "-plus-dfc"
    else if (s ~ /\(\+ Multiple Forcing Chains\)$/) suf = "-plus-mfc"
    else if (s ~ /\(\+ Forcing Chains\)$/) suf = "-plus-fc"
    else if (s ~ /\(\+\)$/) suf = "-plus"
    sub(/ \(\+.*$/, "", s)
    # Sukaku Explainer: strong links by their number, wings less suffix
    t = s; sub(/^Grouped /, "", t)
    if (t ~ /^Skyscraper /) return ours == "strong-links-2"
    if (t ~ /^\([2-4] Strong Links\)/) return ours == "strong-links-" substr(t, 2, 1)
    if (t ~ /^[2-4]( |-String)/) return ours == "strong-links-" substr(t, 1, 1)
    if (s ~ /^[TUVWXYZ]+-Wing [0-9]+$/) sub(/ [0-9]+$/, "", s)
    if (s == "Hidden Single")
        return ours ~ /^(full-house|hidden-single-box|hidden-single-line)$/
    if (s ~ /^Unique Rectangle/) want = "unique-rectangle"
    else if (s ~ /^Unique Loop/) want = "unique-loop"
    else if (s ~ /^BUG/) want = "bug"
    else if (s == "Turbot Fish" || s == "Forcing X-Chain" || s == "Forcing Y-Chain") want = "x-chain"
    else if (s == "Forcing Chain") want = "xy-chain"
    else if (s == "Bidirectional X-Cycle") want = "x-cycle"
    else if (s == "Bidirectional Y-Cycle") want = "y-cycle"
    else if (s == "Bidirectional Cycle") want = "xy-cycle"
    else if (s == "Nishio Forcing Chains") want = "nishio"
    else if (s ~ /^Dynamic (Contradiction|Double) Forcing Chains$/) {
        want = tolower(s); sub(/ forcing/, "", want); gsub(/ /, "-", want)
    } else {
        want = tolower(s); gsub(/ /, "-", want); sub(/triplet/, "triple", want)
    }
    return ours == want suf
}
function tenths(x) { return int(x * 10 + 0.5) }
NR == FNR { cpu[$1] = $2; next }
{
    if ($5 != $7) {
        print "se_compare.sh: output out of order at " $6 > "/dev/stderr"
        bad_order = 1
        exit 2
    }
    b = $1
    n[b]++; sems[b, n[b]] = $4; setot[b] += $4
    ok = num($8) && tenths($8) == tenths($2)
    near = num($8) && tenths($8) - tenths($2) <= 2 && tenths($2) - tenths($8) <= 2
    same = same_step($3, $9)
    ex[b] += ok; nr[b] += near; st[b] += same; ov[b] += !num($8)
    if (tenths($2) <= 90) { n9++; ex9 += ok; nr9 += near }
    N++; EX += ok; NR2 += near; ST += same
    if (exact && !(ok && same))
        printf "differs %s %s: SE %s (%s), ours %s (%s)\n", $6, $5, $2, $3, $8, $9
}
END {
    if (bad_order) exit 2
    printf "%-6s %6s %7s %7s %7s %5s %10s %10s %9s %8s\n", "band", "n",
        "exact%", "+-0.2%", "step%", "over", "SE_ms_mean", "SE_ms_med",
        "ours_ms", "speedup"
    split("1-2 2-4 4-6 6-8 8-9 9+", order, " ")
    for (i = 1; i <= 6; i++) {
        b = order[i]
        if (!(b in n)) continue
        m = n[b]
        for (j = 1; j <= m; j++) v[j] = sems[b, j] + 0
        for (j = 2; j <= m; j++) {        # insertion sort for the median
            x = v[j]
            for (k = j - 1; k >= 1 && v[k] > x; k--) v[k + 1] = v[k]
            v[k + 1] = x
        }
        med = m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
        ours = cpu[b] * 1000
        sp = ours > 0 ? sprintf("%.0fx", setot[b] / m / ours) : "-"
        printf "%-6s %6d %7.1f %7.1f %7.1f %5d %10.2f %10.2f %9.4f %8s\n", b, m,
            100 * ex[b] / m, 100 * nr[b] / m, 100 * st[b] / m, ov[b],
            setot[b] / m, med, ours, sp
    }
    if (n9) printf "se<=9.0 %5d %7.1f %7.1f\n", n9, 100 * ex9 / n9, 100 * nr9 / n9
    if (N) printf "all    %6d %7.1f %7.1f\n", N, 100 * EX / N, 100 * NR2 / N
    if (exact) exit EX == N && ST == N ? 0 : 1
}' "$tmp/times" "$tmp/joined"
status=$?
[ "$status" = 2 ] && exit 2

# Spearman: average ranks of SE's and our ratings, then Pearson on ranks.
rank() {   # rank FIELD: "index rank" per joined line, ties averaged
    awk -F'\t' -v f="$1" '{ x = $f
        sub(/^>=/, "", x)
        if (x !~ /^[0-9]+(\.[0-9]*)?$/) x = 1e9
        printf "%d\t%.6f\n", NR, x }' "$tmp/joined" |
        sort -t "$(printf '\t')" -k2,2g |
        awk -F'\t' '{ idx[NR] = $1; val[NR] = $2 }
        END { i = 1
            while (i <= NR) { j = i
                while (j < NR && val[j + 1] == val[i]) j++
                for (k = i; k <= j; k++) print idx[k] "\t" (i + j) / 2
                i = j + 1 } }' | sort -n
}
rank 2 > "$tmp/r_se"
rank 8 > "$tmp/r_ours"
paste "$tmp/r_se" "$tmp/r_ours" | awk -F'\t' '
{ x = $2; y = $4; n++; sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y }
END { if (n < 2) exit
    d = sqrt((n * sxx - sx * sx) * (n * syy - sy * sy))
    r = d > 0 ? (n * sxy - sx * sy) / d : 0
    printf "spearman %.4f over %d puzzles\n", r, n }'
exit $status
