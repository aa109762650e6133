#!/bin/sh
# Fault-injection tests of the sudoflow command line: signals, resource
# limits, full and read-only file systems, inputs that change or explode
# while read, outputs that are inputs.  Whatever goes wrong, sudoflow must
# not lose, corrupt or leak data, and must leave no file behind.
#
# Each case is tests/fault/cases/NAME.sh, run by sh in a fresh temporary
# directory with the helpers of tests/fault/lib.sh (which lists what a case
# gets).  Exit status 0 is a pass, 77 a skip, anything else a failure; what
# the case prints follows its result line, and a failing case's stderr too.
# A case that runs for more than 300 s is killed, with everything it
# started.
# Usage: sh tests/fault/run.sh BUILD/sudoflow [NAME...]
set -u
bin=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
SF=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
DATA=$(cd "$here/../../data" && pwd)
CACHE=$(mktemp -d)
export SF DATA CACHE
ulimit -c 0 # SIGQUIT must not leave a core file in the case's directory
if [ $# -gt 0 ]; then
    cases=$(for n in "$@"; do echo "$here/cases/$n.sh"; done)
else
    cases=$(ls "$here"/cases/*.sh)
fi
pass=0 fail=0 skipped=0 base= tpid=
start=$(date +%s)
trap 'kill -TERM $tpid 2>/dev/null; rm -rf "$base" "$CACHE"; exit 130' \
    INT TERM HUP
for case in $cases; do
    name=$(basename "$case" .sh)
    base=$(mktemp -d)
    mkdir "$base/dir" "$base/t"
    # In the background, so that an interrupt of the runner reaches it.
    (cd "$base/dir" && T=$base/t && export T && exec timeout -s KILL 300 \
        sh -c '. "$1" && . "$2"' sh "$here/lib.sh" "$case" \
        >"$base/out" 2>"$base/err" </dev/null) &
    tpid=$!
    wait $tpid
    code=$?
    case $code in
    0) pass=$((pass + 1)); echo "PASS $name" ;;
    77) skipped=$((skipped + 1)); echo "SKIP $name" ;;
    1) fail=$((fail + 1)); echo "FAIL $name" ;;
    *) fail=$((fail + 1)); echo "FAIL $name (case status $code)" ;;
    esac
    sed 's/^/    /' "$base/out"
    if [ "$code" != 0 ] && [ "$code" != 77 ] && [ -s "$base/err" ]; then
        echo "    --- stderr:"
        head -n 10 "$base/err" | sed 's/^/    /'
    fi
    rm -rf "$base"
done
rm -rf "$CACHE"
echo "fault: $pass passed, $fail failed, $skipped skipped" \
    "($(($(date +%s) - start)) s)"
[ "$fail" = 0 ]
