#!/bin/sh
# Runs test stages one after another, as `make test` and `make test-data`
# do: each stage is a make target, run on its own after the one before
# (so that their output is never interleaved).  A line says what each stage
# checks before it starts and one gives its result and time when it ends;
# every stage runs even when an earlier one failed, and the last lines
# sum up (the exit status is non-zero when any stage failed).
#
# A stage that cannot run here (no MPI, no Python with NumPy and pytest,
# no public benchmark sets) is reported as skipped, not passed: its recipe
# writes the reason into the file $SF_STAGE_SKIP names (the Makefile's
# SKIPPED does), which this script makes empty before each stage.
#
#   sh tests/stages.sh MAKE STAGE...
#   sh tests/stages.sh --self-test MAKE BUILD
#
# --self-test checks this report itself (make test's build-test stage runs
# it): `make test` on a makefile that includes the project's, with a stage
# that passes, one that fails, and the real mpi-test and python-test
# recipes made to skip (HAVE_MPI= and PYTHON=false; they build BUILD's
# binary and libraries first, when needed; the switches of a make that
# runs this apply).  Its stages must share the jobs of the make that runs
# them, without a warning.
set -u

if [ "${1:-}" = --self-test ]; then
    make=${2:?usage: sh tests/stages.sh --self-test MAKE BUILD}
    build=${3:?usage: sh tests/stages.sh --self-test MAKE BUILD}
    root=$(cd "$(dirname "$0")/.." && pwd)
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudoflow-stages.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT INT TERM
    cat >"$tmp/Makefile" <<EOF
include $root/Makefile
.PHONY: self-pass self-fail
self-pass:
	@echo "self-pass: fine"
self-fail:
	@echo "self-fail: broken"; exit 1
EOF
    # a make that runs this passes on its switches (asan=1, CC, ...) and
    # its jobs
    $make --no-print-directory -C "$root" -f "$tmp/Makefile" \
        BUILD="$build" HAVE_MPI= PYTHON=false TEST_BUILD= \
        PKG_MAKE="$make -f $tmp/Makefile" \
        TEST_STAGES="self-pass mpi-test self-fail python-test" test \
        >"$tmp/out" 2>&1
    status=$?
    pass=0 fail=0
    expect() { # expect WHAT PATTERN: a line of the report matches PATTERN
        if grep -qx -- "$2" "$tmp/out"; then pass=$((pass + 1)); else
            fail=$((fail + 1))
            echo "FAIL stages: $1"
        fi
    }
    expect "self-pass not reported as passed" "== self-pass: passed ([0-9]* s)"
    expect "self-fail not reported as FAILED" "== self-fail: FAILED ([0-9]* s)"
    expect "mpi-test not reported as skipped" "== mpi-test: skipped ([0-9]* s)"
    expect "python-test not reported as skipped" \
        "== python-test: skipped ([0-9]* s)"
    expect "summary: $(grep "^== tests:" "$tmp/out")" "== tests: passed: self-pass;\
 skipped: mpi-test python-test; FAILED: self-fail ([0-9]* s)"
    if [ "$status" != 0 ]; then pass=$((pass + 1)); else
        fail=$((fail + 1))
        echo "FAIL stages: exit status 0 although a stage failed"
    fi
    if grep -q jobserver "$tmp/out"; then
        fail=$((fail + 1))
        echo "FAIL stages: a stage's make had no jobserver"
    else pass=$((pass + 1)); fi
    if [ "$fail" != 0 ]; then
        echo "   the report was:"
        sed 's/^/   | /' "$tmp/out"
    fi
    echo "stages: $pass passed, $fail failed"
    [ "$fail" = 0 ]
    exit
fi

make=${1:?usage: sh tests/stages.sh MAKE STAGE...}
shift

what() {
    case $1 in
    build-test) echo "a change of compiler, flags or switches rebuilds" \
        "what it affects; the stages' report" ;;
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

SF_STAGE_SKIP=$(mktemp "${TMPDIR:-/tmp}/sudoflow-skip.XXXXXX") || exit 1
export SF_STAGE_SKIP
trap 'rm -f "$SF_STAGE_SKIP"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
passed=""
skipped=""
failed=""
total=0
for stage in "$@"; do
    echo "== $stage: $(what "$stage")"
    : >"$SF_STAGE_SKIP"
    t0=$(date +%s)
    if $make --no-print-directory "$stage"; then
        if [ -s "$SF_STAGE_SKIP" ]; then
            skipped="$skipped $stage"
            result=skipped
        else
            passed="$passed $stage"
            result=passed
        fi
    else
        failed="$failed $stage"
        result=FAILED
    fi
    t=$(($(date +%s) - t0))
    total=$((total + t))
    echo "== $stage: $result ($t s)"
done
summary=""
for part in "passed:$passed" "skipped:$skipped" "FAILED:$failed"; do
    case $part in
    *:) ;;
    *) summary="$summary${summary:+; }$part" ;;
    esac
done
echo "== tests: ${summary:-no stages} ($total s)"
[ -z "$failed" ]
