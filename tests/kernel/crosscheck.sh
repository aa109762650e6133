#!/bin/sh
# Cross-check of every solver kernel against the reference backtracker.
#
#   sh tests/kernel/crosscheck.sh BIN             (make test)
#   sh tests/kernel/crosscheck.sh BIN DATA_DIR    (make test-data)
#
# BIN is build/tests/kernel/crosscheck.  Without DATA_DIR it checks what the
# repository holds or makes: data/sample.txt.gz, easy, singles, simple,
# manyclue and random whole, every 10th puzzle of bands, every 20th of
# multi and every 40th of manysol
# (the reference is slow to count their many solutions); 150 pencilmark puzzles (candidate
# masks) made from the puzzles of each of data/sample.txt.gz and
# data/multi.txt.gz (one solution, several, none: see make_pencil in
# crosscheck.c); then generated puzzles with a fixed seed: 2000 unique,
# 1000 with several solutions (most of them past the reference's node
# budget, so a minute of its time per 2000: their counts are compared
# between the kernels, their solutions and --lex answers with the
# reference), 500 unsolvable, and the edge cases.
# With DATA_DIR, the directory of the public benchmark sets, it checks
# those instead: top1465.txt and hardest_1106.txt whole and every 20th
# puzzle of 17_clue.txt (the naive reference needs about 1.6 million
# placements per 17-clue puzzle against about 0.2 million for the other
# sets, and 2,458 of them still cover that set well).
# A sanitizer build runs about four times slower, so it gets a quarter of
# that: the sets sampled, 500/250/125 generated puzzles and 38 pencilmark
# puzzles per file; so does any build when SF_QUICK_CHECK is set (CI's
# second look at the kernels, on the PORTABLE build).
# One run, so the last line is the total, "crosscheck: N passed, M failed";
# the exit status is non-zero on any failure.
set -u
bin=${1:?usage: sh tests/kernel/crosscheck.sh BIN [DATA_DIR]}
data=${2:-}
root=$(cd "$(dirname "$0")/../.." && pwd)

if "$bin" --sanitized || [ -n "${SF_QUICK_CHECK:-}" ]; then
    echo "crosscheck.sh: sanitizer build or SF_QUICK_CHECK, checking a" \
        "smaller sample"
    hard="--every 4" clue17="--every 80" generated=500 k=4
else
    hard="--every 1" clue17="--every 20" generated=2000 k=1
fi
if [ -n "$data" ]; then
    for f in top1465.txt hardest_1106.txt 17_clue.txt; do
        if [ ! -f "$data/$f" ]; then
            echo "crosscheck.sh: $data/$f missing" >&2
            exit 2
        fi
    done
    exec "$bin" $hard "$data/top1465.txt" $hard "$data/hardest_1106.txt" \
        $clue17 "$data/17_clue.txt"
fi
exec "$bin" --every $k "$root/data/sample.txt.gz" \
    --every $k "$root/data/easy.txt.gz" \
    --every $k "$root/data/random.txt.gz" \
    --every $k "$root/data/singles.txt.gz" \
    --every $k "$root/data/simple.txt.gz" \
    --every $k "$root/data/manyclue.txt.gz" \
    --every $((10 * k)) "$root/data/bands.txt.gz" \
    --every $((20 * k)) "$root/data/multi.txt.gz" \
    --every $((40 * k)) "$root/data/manysol.txt.gz" \
    --every 1 --pencil $((150 / k)) "$root/data/sample.txt.gz" \
    "$root/data/multi.txt.gz" \
    --seed 20240601 --unique $generated --multi $((generated / 2)) \
    --unsolvable $((generated / 4)) --edge
