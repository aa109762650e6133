# The SE rating out of memory, in rate --fields se and explain: under
# address-space limits from just enough for easy puzzles upward, a hard
# puzzle (its chain searches need megabytes) among easy ones either gets
# its full answer or stops the run with "out of memory" (exit 2) after the
# records before it, and never gives it an empty rating or trace (both
# used to, exit 0).
sanitized && skip "sanitizer build: ulimit -v cannot work"
hard=$(awk -F, '$1 == "top1465.txt" && $2 == 79 { print $3 }' \
    "$DATA/../tests/data/public.csv")
[ -n "$hard" ] || skip "no top1465 line 79 in tests/data/public.csv"
puzzles 8 >"$T/easy"
{ cat "$T/easy"; echo "$hard"; cat "$T/easy"; } >"$T/in"
within() { (ulimit -v "$1" && exec "$SF" "$@") ; }
for cmd in "rate --fields puzzle,se,step" "explain"; do
    # shellcheck disable=SC2086 # $cmd is words
    "$SF" $cmd -q -j1 "$T/in" >"$T/want" || bad "$cmd: failed unlimited"
    lo=1024 hi=1048576 # the least that does the easy puzzles
    while [ $((hi - lo)) -gt 256 ]; do
        mid=$(((lo + hi) / 2))
        # shellcheck disable=SC2086
        if (ulimit -v "$mid" && exec "$SF" $cmd -q -j1 "$T/easy") \
            >/dev/null 2>&1; then hi=$mid; else lo=$mid; fi
    done
    stopped=0 v=$hi
    while [ "$v" -le $((hi + 32768)) ]; do
        # shellcheck disable=SC2086
        (ulimit -v "$v" && exec "$SF" $cmd -q -j1 "$T/in") >"$T/got" \
            2>"$T/err"
        rc=$?
        n=$(wc -l <"$T/got")
        head -n "$n" "$T/want" >"$T/prefix"
        cmp -s "$T/prefix" "$T/got" ||
            bad "$cmd, ulimit -v $v: output is not the unlimited run's first $n lines"
        if [ "$rc" -ne 0 ]; then
            expect_status "$cmd, ulimit -v $v" "$rc" 2
            expect_text "$cmd, ulimit -v $v" "$T/err" "out of memory"
            [ "$n" -le 8 ] || bad "$cmd, ulimit -v $v: wrote past the puzzle it lost"
            [ "$n" -eq 8 ] && stopped=1
        else
            cmp -s "$T/want" "$T/got" || bad "$cmd, ulimit -v $v: output differs"
        fi
        v=$((v + 1024))
    done
    note "$cmd: limits $hi to $((hi + 32768)) KiB; stopped at the hard puzzle: $stopped"
    [ "$stopped" -eq 1 ] ||
        note "$cmd: no limit made the hard puzzle alone run out of memory"
done
end_case
