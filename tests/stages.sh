#!/bin/sh
# Runs test stages one after another, as `make test` and `make test-data`
# do: each stage is a make target, run on its own after the one before
# (so that their output is never interleaved).  A line says what each stage
# checks before it starts and one gives its result and time when it ends;
# every stage runs even when an earlier one failed, and the last lines
# sum up (the exit status is non-zero when any stage failed).
#
#   sh tests/stages.sh MAKE STAGE...
set -u
make=${1:?usage: sh tests/stages.sh MAKE STAGE...}
shift

what() {
    case $1 in
    build-test) echo "a change of compiler, flags or switches rebuilds" \
        "what it affects" ;;
    unit) echo "unit tests of the library (cmocka, tests/LAYER/test_*.c)" ;;
    crosscheck) echo "every kernel against the reference solver on" \
        "data/ and generated puzzles" ;;
    cli) echo "golden tests of the command line (tests/cli/cases)" ;;
    layers) echo "each layer of src/ includes and calls only the layers" \
        "below it, no loops (docs/architecture.md)" ;;
    fault) echo "signals, full disks, shrinking inputs, memory limits" \
        "(tests/fault)" ;;
    pkg-test) echo "make install into a temporary directory, then the" \
        "installed copy" ;;
    python-test) echo "the Python package, in place and installed with pip" ;;
    mpi-test) echo "sudoflow-mpi against sudoflow, 1 to 3 processes" ;;
    crosscheck-data) echo "every kernel against the reference solver on" \
        "the public sets" ;;
    se-data) echo "SE ratings of the puzzles of data/se/ up to 10.4, the" \
        "public ones included, on both scales (classic and Sukaku)" ;;
    unit-data) echo "the unit tests that also run on top1465" ;;
    *) echo "make $1" ;;
    esac
}

passed=""
failed=""
total=0
for stage in "$@"; do
    echo "== $stage: $(what "$stage")"
    t0=$(date +%s)
    if $make --no-print-directory "$stage"; then
        passed="$passed $stage"
        result=passed
    else
        failed="$failed $stage"
        result=FAILED
    fi
    t=$(($(date +%s) - t0))
    total=$((total + t))
    echo "== $stage: $result ($t s)"
done
echo "== tests: ${passed:+passed:$passed}${failed:+${passed:+; }FAILED:$failed}" \
    "($total s)"
[ -z "$failed" ]
