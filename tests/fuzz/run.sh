#!/bin/sh
# Run the fuzz targets built in DIR, each for SECONDS.
#
#   sh tests/fuzz/run.sh DIR SECONDS [NAME...]
#
# DIR holds the targets (DIR/fuzz_NAME, built by `make fuzz`).  Each runs
# on DIR/corpus/NAME, where the seeds of tests/fuzz/corpus/NAME are copied
# first and the inputs the fuzzer finds accumulate from run to run; the
# repository's corpus is never written.  A crash, a sanitizer report or a
# violated property stops that target; its input is kept as
# DIR/artifacts/NAME-crash-* (reproduce with `DIR/fuzz_NAME FILE`) and the
# end of its log (DIR/fuzz_NAME.log) is shown.  One line per target gives
# the executions; the exit status is non-zero when any target failed.
set -u
dir=${1:?usage: sh tests/fuzz/run.sh DIR SECONDS [NAME...]}
secs=${2:?usage: sh tests/fuzz/run.sh DIR SECONDS [NAME...]}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -gt 0 ]; then
    names=$*
else
    names=$(for f in "$dir"/fuzz_*; do
        [ -x "$f" ] && [ -f "$f" ] && basename "$f" | sed 's/^fuzz_//'
    done)
fi
[ -n "$names" ] || { echo "run.sh: no fuzz targets in $dir" >&2; exit 1; }
mkdir -p "$dir/artifacts"
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
export UBSAN_OPTIONS
# the targets' scratch files (left behind when one crashes)
TMPDIR=$(cd "$dir" && pwd)/tmp
export TMPDIR
rm -rf "$TMPDIR"
mkdir -p "$TMPDIR"
failed=""
for name in $names; do
    bin=$dir/fuzz_$name
    corpus=$dir/corpus/$name
    log=$dir/fuzz_$name.log
    mkdir -p "$corpus"
    if [ -d "$here/corpus/$name" ]; then
        for seed in "$here/corpus/$name"/*; do
            [ -f "$seed" ] && cp "$seed" "$corpus/seed-$(basename "$seed")"
        done
    fi
    "$bin" -max_total_time="$secs" -timeout=60 -print_final_stats=1 \
        -artifact_prefix="$dir/artifacts/$name-" "$corpus" >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    files=$(ls "$corpus" | wc -l)
    if [ "$rc" = 0 ]; then
        printf 'fuzz %-10s %10s runs in %s s (%s/s), corpus %s files\n' \
            "$name" "${runs:-?}" "$secs" "${rate:-?}" "$files"
    else
        printf 'fuzz %-10s FAILED after %s runs (exit %s); log: %s\n' \
            "$name" "${runs:-?}" "$rc" "$log"
        grep -E 'ERROR|check failed|runtime error|SUMMARY|Test unit written' \
            "$log" | head -n 20
        failed="$failed $name"
    fi
done
if [ -n "$failed" ]; then
    echo "fuzz: failed:$failed"
    exit 1
fi
