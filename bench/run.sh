#!/bin/sh
# `make bench`: the benchmark suite.  Every kernel, limits 1 and 2, one
# thread, on the public sets in DATA_DIR (17_clue, top1465, hardest_1106)
# when it holds them, else on data/sample.txt.gz, and always on the
# project's data/easy.txt.gz, data/singles.txt.gz, data/multi.txt.gz,
# data/manyclue.txt.gz, data/manysol.txt.gz, data/random.txt.gz,
# data/bands.txt.gz and data/simple.txt.gz
# (docs/bench.md).
# Writes the measurements to BUILD/bench.csv, shows them as a table, and
# draws BUILD/bench.svg with scripts/bench_chart.sh when gnuplot is there.
# A benchmark reports numbers; it asserts nothing.
# Usage: sh bench/run.sh BUILD/sudoflow [DATA_DIR]
# SECONDS_PER_SET (default 2): minimum measuring time of each row.
set -eu
bin=$1
data=${2:-../shared/data}
here=$(cd "$(dirname "$0")/.." && pwd)
build=$(dirname "$bin")
csv=$build/bench.csv
log=$build/bench.log
files=""
for set in 17_clue top1465 hardest_1106; do
    [ -f "$data/$set.txt" ] && files="$files $data/$set.txt"
done
[ -n "$files" ] || files="$here/data/sample.txt.gz"
for set in easy singles simple multi manyclue bands manysol random; do
    files="$files $here/data/$set.txt.gz"
done

# The CSV goes to the file and, row by row as it comes, to a table on the
# terminal (a shell loop: awk may read its input in blocks); the build
# line and any messages go to the log.
show() {
    printf '%-14s %-10s %5s %12s %10s %9s %9s\n' "$@"
}
{
    rc=0
    "$bin" bench --csv --kernel all --limit 1,2 -j1 \
        --seconds "${SECONDS_PER_SET:-2}" $files 2>"$log" || rc=$?
    echo "$rc" >"$log.rc"
} | tee "$csv" | {
    IFS=, read -r _header
    show dataset kernel limit puzzles/s us/puzzle no_guess% guesses
    last=""
    while IFS=, read -r d l _t _n _s rate usec ng gp k; do
        [ -n "$last" ] && [ "$d" != "$last" ] && echo
        [ -n "$k" ] || k=$(sed -n 's/^kernels: //p' "$log")
        show "$d" "$k" "$l" "${rate%.*}" "$usec" "$ng" "$gp"
        last=$d
    done
}
cat "$log"
rc=$(cat "$log.rc")
rm -f "$log.rc"
[ "$rc" = 0 ] || exit "$rc"
echo "csv: $csv"
rm -f "$build/bench.svg"
if ! command -v gnuplot >/dev/null 2>&1; then
    echo "apt-get install gnuplot-nox"
    exit 0
fi
sh "$here/scripts/bench_chart.sh" "$csv" "$build/bench.svg" \
    "$(awk 'NR <= 3 { printf "%s%s", (NR > 1 ? "; " : ""), $0 }' "$log")"
echo "chart: $build/bench.svg"
