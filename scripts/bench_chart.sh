#!/bin/sh
# Draws `sudoflow bench --csv` output as an SVG bar chart with gnuplot: one
# group of bars per dataset, one bar per kernel and limit (and thread count
# when several were measured), height = puzzles per second on a log scale
# (the sets differ by orders of magnitude), each bar labelled with its rate.
# The CSV may or may not have the trailing kernel column.
# Usage: sh scripts/bench_chart.sh BENCH.csv OUT.svg [SUBTITLE]
set -eu
csv=$1
svg=$2
subtitle=${3:-}
if ! command -v gnuplot >/dev/null 2>&1; then
    echo "apt-get install gnuplot-nox"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Pivot to one tab-separated row per dataset, one column per series, in
# the order the CSV has them; "?" where a series lacks a dataset.
awk -F, '
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
/^#/ || NF < 9 { next }
{
    n++
    set[n] = $col["dataset"]
    rate[n] = $col["puzzles_per_sec"]
    kern[n] = ("kernel" in col) ? $col["kernel"] " " : ""
    lim[n] = $col["limit"]
    thr[n] = $col["threads"]
    if (!(thr[n] in seen_thr)) { seen_thr[thr[n]] = 1; nthr++ }
}
END {
    for (r = 1; r <= n; r++) {
        s = kern[r] "limit " lim[r] (nthr > 1 ? " j" thr[r] : "")
        if (!(s in sidx)) { sidx[s] = ++ns; sname[ns] = s }
        if (!(set[r] in didx)) { didx[set[r]] = ++nd; dname[nd] = set[r] }
        v[didx[set[r]], sidx[s]] = rate[r]
    }
    line = "dataset"
    for (j = 1; j <= ns; j++) line = line "\t" sname[j]
    print line
    for (i = 1; i <= nd; i++) {
        line = dname[i]
        for (j = 1; j <= ns; j++)
            line = line "\t" (((i, j) in v) ? v[i, j] : "?")
        print line
    }
}' "$csv" >"$tmp/data"
nseries=$(head -n 1 "$tmp/data" | awk -F'\t' '{ print NF - 1 }')
nsets=$(($(wc -l <"$tmp/data") - 1))
if [ "$nsets" -lt 1 ] || [ "$nseries" -lt 1 ]; then
    echo "bench_chart: no measurements in $csv" >&2
    exit 1
fi
width=$((200 + nsets * (nseries * 40 + 40)))
# y from the decade below the slowest rate to a little above the fastest,
# so the bars start at a round number and the top labels fit.
yrange=$(awk -F'\t' 'NR > 1 { for (i = 2; i <= NF; i++) if ($i != "?") {
        if (lo == "" || $i < lo) lo = $i; if ($i > hi) hi = $i } }
    END { d = 1; while (d * 10 <= lo) d *= 10; printf "%g:%g", d, hi * 2.5 }' \
    "$tmp/data")

gnuplot <<EOF
set terminal svg size $width,560 dynamic enhanced font "Helvetica,13" background "#ffffff"
set output "$svg"
set datafile separator "\t"
set datafile missing "?"
set title "sudoflow bench: puzzles per second, higher is better\n$subtitle" noenhanced
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border rgb "#404040"
set logscale y
set format y "%.0s%c"
set yrange [$yrange]
set ylabel "puzzles / s (log scale)"
set grid ytics lc rgb "#d0d0d0"
set xtics nomirror scale 0 noenhanced
set ytics nomirror
set border 3
set key outside below center horizontal noenhanced
n = $nseries
rate(v) = v >= 1e6 ? sprintf("%.2fM", v / 1e6) : \
          v >= 1e4 ? sprintf("%.0fk", v / 1e3) : sprintf("%.0f", v)
xbar(i) = \$0 + (i - 2 - (n - 1) / 2.0) / (n + 1)
plot for [i = 2:n + 1] "$tmp/data" using i:xtic(1) title columnheader(i), \
     for [i = 2:n + 1] "$tmp/data" skip 1 using (xbar(i)):i:(rate(column(i))) \
         notitle with labels offset 0, 0.6 font ",9"
EOF
