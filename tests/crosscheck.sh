#!/bin/sh
# Cross-check of every solver kernel against the reference backtracker.
#
#   sh tests/crosscheck.sh BIN DATA_DIR
#
# BIN is build/tests/crosscheck.  From DATA_DIR it checks top1465.txt and
# hardest_1106.txt whole and every 20th puzzle of 17_clue.txt: the naive
# reference needs about 1.6 million placements per 17-clue puzzle against
# about 0.2 million for the other sets, and 2,458 of them still cover that
# set well.  The project's own sets in data/ are checked too: easy and
# random whole, and every 20th of multi and every 40th of manysol (the
# reference is slow to count their many solutions); when DATA_DIR has
# none of the public files, data/sample.txt.gz is checked whole instead.
# Then 150 pencilmark puzzles (candidate masks) made from the puzzles of
# each of data/sample.txt.gz and data/multi.txt.gz (one solution, several,
# none: see make_pencil in crosscheck.c).  Then generated puzzles with a fixed
# seed: 2000 unique, 2000 with several solutions, 500 unsolvable, and the
# edge cases.  A sanitizer build runs about four times slower, so it gets a
# quarter of that: the hard sets sampled, 500/500/125 generated puzzles
# and 38 pencilmark puzzles per file.
# One run, so the last line is the total, "crosscheck: N passed, M failed";
# the exit status is non-zero on any failure.
set -u
bin=${1:?usage: sh tests/crosscheck.sh BIN DATA_DIR}
data=${2:-../shared/data}
root=$(cd "$(dirname "$0")/.." && pwd)

if "$bin" --sanitized; then
    echo "crosscheck.sh: sanitizer build, checking a smaller sample"
    hard="--every 4" clue17="--every 80" generated=500 k=4
else
    hard="--every 1" clue17="--every 20" generated=2000 k=1
fi
set --
for f in top1465.txt hardest_1106.txt; do
    [ -f "$data/$f" ] && set -- "$@" $hard "$data/$f"
done
[ -f "$data/17_clue.txt" ] && set -- "$@" $clue17 "$data/17_clue.txt"
if [ $# -eq 0 ]; then
    echo "crosscheck.sh: no benchmark sets in $data; checking" \
        "$root/data/sample.txt.gz whole instead" >&2
    set -- --every $k "$root/data/sample.txt.gz"
fi
set -- "$@" --every $k "$root/data/easy.txt.gz" \
    --every $k "$root/data/random.txt.gz" \
    --every $((20 * k)) "$root/data/multi.txt.gz" \
    --every $((40 * k)) "$root/data/manysol.txt.gz" \
    --every 1 --pencil $((150 / k)) "$root/data/sample.txt.gz" \
    "$root/data/multi.txt.gz"
exec "$bin" "$@" --seed 20240601 --unique $generated --multi $generated \
    --unsolvable $((generated / 4)) --edge
