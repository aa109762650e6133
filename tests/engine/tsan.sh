#!/bin/sh
# The batch commands under ThreadSanitizer.
#
#   sh tests/engine/tsan.sh BIN [ARCHER]
#
# BIN is a sudoflow built with tsan=1 (`make check` uses clang, whose
# OpenMP runtime is libomp).  TSan does not see the synchronisation inside
# libomp, which is not instrumented; LLVM's Archer tool (ARCHER, e.g.
# /usr/lib/llvm-14/lib/libarcher.so, loaded through OMP_TOOL_LIBRARIES)
# tells it about OpenMP's barriers, tasks and locks, so only real races
# are reported, and reports from inside uninstrumented libraries are
# ignored.  When ARCHER is given, the script first makes sure the tool is
# really loaded.
#
# Every batch command (solve, generate, rate, transform, canon, split) runs
# at -j2 and -j3 on small inputs (tests/cli/inputs, data/sample.txt.gz)
# with small chunks, so the read/solve/write rotation turns many times;
# each run must exit 0 with no TSan report, and the outputs of the two
# thread counts must be identical.  Ends with "tsan: N passed, M failed".
set -u
bin=${1:?usage: sh tests/engine/tsan.sh BIN [ARCHER]}
archer=${2:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
in=$root/tests/cli/inputs
sample=$root/data/sample.txt.gz
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
TSAN_OPTIONS="ignore_noninstrumented_modules=1 exitcode=66 ${TSAN_OPTIONS:-}"
export TSAN_OPTIONS
pass=0
fail=0

if [ -n "$archer" ]; then
    OMP_TOOL_LIBRARIES=$archer
    export OMP_TOOL_LIBRARIES
    ARCHER_OPTIONS=verbose=1 "$bin" solve -j2 -q -o /dev/null \
        "$in/ten.txt" >"$work/archer" 2>&1
    if ! grep -q "Archer detected OpenMP application" "$work/archer"; then
        echo "tsan.sh: $archer is not active (is $bin built with clang," \
            "tsan=1 and libomp?)" >&2
        cat "$work/archer" >&2
        exit 1
    fi
else
    echo "tsan.sh: no Archer tool given; OpenMP synchronisation is" \
        "invisible to TSan" >&2
fi

# run NAME ARGS...: run BIN ARGS at -j2 and -j3 (the options end with
# -o OUT or --train/--test; OUT names are suffixed with the thread count).
run() {
    name=$1
    shift
    why=""
    for j in 2 3; do
        args=$(printf '%s\n' "$@" | sed "s|@OUT@|$work/$name-j$j|g")
        # shellcheck disable=SC2086
        (IFS='
'; exec "$bin" $args -j "$j") >"$work/$name-j$j.stdout" \
            2>"$work/$name-j$j.stderr"
        rc=$?
        if grep -q "ThreadSanitizer" "$work/$name-j$j.stderr"; then
            why="TSan report at -j$j"
        elif [ "$rc" != 0 ]; then
            why="exit $rc at -j$j"
        fi
        [ -n "$why" ] && break
    done
    if [ -z "$why" ]; then
        for f in "$work/$name-j2"*; do
            case $f in *.stderr) continue ;; esac
            g=$(echo "$f" | sed "s|$work/$name-j2|$work/$name-j3|")
            cmp -s "$f" "$g" || why="$(basename "$f") differs at -j3"
        done
    fi
    if [ -z "$why" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name: $why"
        grep -A 30 "WARNING: ThreadSanitizer" "$work/$name-j$j.stderr" |
            head -n 60
        [ "$rc" != 0 ] && head -n 10 "$work/$name-j$j.stderr"
    fi
}

zcat "$sample" | head -n 400 >"$work/small.txt"
all_inputs="$in/ten.txt
$in/mixed.txt
$in/b2580.txt"
run solve_sample solve -q --count --chunk 300 -o @OUT@.gz "$sample"
run solve_lex solve -q --lex --chunk 3 --fields puzzle,solution,status,line \
    -o @OUT@ $all_inputs "$in/grids.txt"
run solve_grid solve -q --chunk 1 -o @OUT@ "$in/grids.txt" "$in/b2239.txt"
run solve_csv solve -q --chunk 2 --fields line,solution --header \
    -o @OUT@ "$in/ml.csv" "$in/kaggle.csv"
run generate generate -q -n 300 --seed 7 --chunk 40 \
    --fields puzzle,solution,rating,level -o @OUT@
run generate_level generate -q -n 6 --seed 3 --level locked --chunk 2 \
    -o @OUT@
run rate rate -q --chunk 50 --fields puzzle,status,rating,level -o @OUT@ \
    "$work/small.txt" "$in/mixed.txt"
run transform transform -q --augment 3 --seed 5 --chunk 64 \
    --fields puzzle,solution,index -o @OUT@.gz "$work/small.txt"
run canon canon -q --dedupe --chunk 50 --fields canon,puzzle -o @OUT@ \
    "$work/small.txt" "$work/small.txt" "$in/ten.txt"
run split split -q --test-fraction 0.3 --seed 9 --chunk 40 \
    --train @OUT@.train --test @OUT@.test.gz "$work/small.txt" "$in/ten.txt"
run split_csv split -q --test-fraction 0.5 --seed 1 --chunk 1 \
    --train @OUT@.train --test @OUT@.test "$in/kaggle.csv"

echo "tsan: $pass passed, $fail failed"
[ "$fail" = 0 ]
