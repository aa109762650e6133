#!/bin/sh
# The build's own behaviour (make test's "build" stage): a change of CC,
# CFLAGS or a switch (PORTABLE, WERROR, asan, tsan; MPICC for
# sudoflow-mpi's objects) rebuilds the objects it affects, an unchanged
# one does not; command lines are short ("  CC    src/x.c") unless V=1.
# Each check is a dry run (make -n) on one object in a build directory of
# its own, so nothing else is compiled.
#
#   sh tests/build.sh MAKE
set -u
make=${1:-make}
root=$(cd "$(dirname "$0")/.." && pwd)
# the switches of the make that runs this are not this build's: every
# check starts from the defaults
unset MAKEFLAGS MFLAGS MAKELEVEL WERROR PORTABLE asan tsan fuzz V CC
base="CC=cc PORTABLE= WERROR= asan= tsan= fuzz="
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0
obj=$tmp/obj/core/timer.o
# would NAME=VALUE... rebuild timer.o? (dry run; the flags file is updated)
would() {
    $make -s -n -C "$root" BUILD="$tmp" $base V=1 "$@" "$obj" 2>&1 |
        grep -q -- "-c -o $obj"
}
check() { # check WHAT EXPECTED(0 rebuild, 1 not) ARGS...
    what=$1 want=$2
    shift 2
    would "$@"
    got=$?
    if [ "$got" = "$want" ]; then pass=$((pass + 1)); else
        fail=$((fail + 1))
        echo "FAIL build: $what: $([ "$want" = 0 ] && echo "no rebuild" ||
            echo "a rebuild")"
    fi
    $make -s -C "$root" BUILD="$tmp" $base "$obj" >/dev/null 2>&1 # as before
}
$make -s -C "$root" BUILD="$tmp" $base "$obj" >/dev/null || exit 1
check "nothing changed" 1
for sw in PORTABLE=1 WERROR=1 CC=clang "CFLAGS=-O1 -g" asan=1 tsan=1; do
    check "$sw" 0 "$sw"
done
check "MPICC=mpicc.mpich (not a plain object)" 1 MPICC=mpicc.mpich
out=$($make --no-print-directory -C "$root" BUILD="$tmp" $base -B "$obj" 2>&1)
case $out in
"  CC    src/core/timer.c") pass=$((pass + 1)) ;;
*) fail=$((fail + 1)); echo "FAIL build: short line expected, got: $out" ;;
esac
out=$($make --no-print-directory -C "$root" BUILD="$tmp" $base -B V=1 "$obj" \
    2>&1)
case $out in
*"-c -o $obj src/core/timer.c"*) pass=$((pass + 1)) ;;
*) fail=$((fail + 1)); echo "FAIL build: V=1: full line expected, got: $out" ;;
esac
echo "build: $pass passed, $fail failed"
[ "$fail" = 0 ]
