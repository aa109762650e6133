#!/bin/sh
# `make bench`: kernel throughput, single thread, limits 1 and 2, on the
# public benchmark sets when DATA_DIR holds them, else on the project's own
# samples.  Prints a table; a benchmark reports numbers, it asserts nothing.
# Usage: sh bench/run.sh BUILD/sudoflow [DATA_DIR]
set -eu
bin=$1
data=${2:-../shared/data}
here=$(cd "$(dirname "$0")/.." && pwd)
files=""
for set in 17_clue top1465 hardest_1106; do
    [ -f "$data/$set.txt" ] && files="$files $data/$set.txt"
done
[ -n "$files" ] || files=$(ls "$here"/data/*.txt* 2>/dev/null)
for limit in 1 2; do
    "$bin" bench -j1 --limit "$limit" --seconds "${SECONDS_PER_SET:-2}" $files
    echo
done
