#!/bin/sh
# Golden tests of the sudoflow command line.
#
# Each case is tests/cli/cases/NAME.sh, a shell script run in a fresh
# temporary directory with $SF set to the sudoflow binary and $IN to
# tests/cli/inputs.  Beside it:
#   NAME.sh.exit             expected exit status (default 0)
#   NAME.sh.stdout.exact     expected standard output, byte for byte
#   NAME.sh.stderr.contains  lines that must each appear in standard error
# Usage: sh tests/cli/run.sh BUILD/sudoflow [NAME...]
set -u
bin=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
SF=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
IN=$here/inputs
export SF IN
pass=0
fail=0
if [ $# -gt 0 ]; then
    cases=$(for n in "$@"; do echo "$here/cases/$n.sh"; done)
else
    cases=$(ls "$here"/cases/*.sh)
fi
start=$(date +%s)
last=$start
total=$(echo "$cases" | wc -w)
for case in $cases; do
    now=$(date +%s)
    if [ $((now - last)) -ge 5 ]; then # a line at least every 5 s
        last=$now
        echo "cli: $((pass + fail)) of $total cases done ($((now - start)) s)"
    fi
    name=$(basename "$case" .sh)
    work=$(mktemp -d)
    (cd "$work" && sh "$case" >"$work/.stdout" 2>"$work/.stderr" </dev/null)
    code=$?
    want=0
    [ -f "$case.exit" ] && want=$(cat "$case.exit")
    why=""
    [ "$code" = "$want" ] || why="exit $code, expected $want"
    [ -f "$case.stdout.exact" ] || [ -f "$case.stderr.contains" ] ||
        why="no expected output ($name.sh.stdout.exact or .stderr.contains)"
    if [ -z "$why" ] && [ -f "$case.stdout.exact" ] &&
        ! cmp -s "$case.stdout.exact" "$work/.stdout"; then
        why="stdout differs:
$(diff "$case.stdout.exact" "$work/.stdout" | head -20)"
    fi
    if [ -z "$why" ] && [ -f "$case.stderr.contains" ]; then
        while IFS= read -r line; do
            grep -qF -- "$line" "$work/.stderr" || why="stderr lacks: $line"
        done <"$case.stderr.contains"
    fi
    if [ -z "$why" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name: $why"
        echo "--- stderr:"
        head -10 "$work/.stderr"
    fi
    rm -rf "$work"
done
echo "cli: $pass passed, $fail failed"
[ "$fail" = 0 ]
