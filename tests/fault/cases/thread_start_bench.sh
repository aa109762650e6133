# bench with more threads than can start (256 thread stacks of 8 MiB under
# an address-space limit that a -j2 run fits in) says how many could and
# exits 2 before it prints anything, instead of the OpenMP runtime ending
# the process after the table's header; -j2 under the same limit runs.
sanitized && skip "sanitizer build: ulimit -v cannot work"
mem_limit || skip "no ulimit -v up to 8 GiB lets sudoflow run"
OMP_STACKSIZE=8M
export OMP_STACKSIZE
puzzles 200 >p.txt
(ulimit -v "$LIMIT" && exec "$SF" bench -j2 --seconds 0 p.txt) \
    >"$T/out2" 2>/dev/null || skip "-j2 does not run under ulimit -v $LIMIT"
(ulimit -v "$LIMIT" && exec "$SF" bench -j 256 --seconds 0 p.txt) \
    >"$T/out" 2>"$T/err"
rc=$?
expect_status "bench -j 256, ulimit -v $LIMIT" "$rc" 2
expect_text "bench -j 256, ulimit -v $LIMIT" "$T/err" "cannot start 256 threads"
[ -s "$T/out" ] && bad "bench -j 256 printed: $(head -c 200 "$T/out")"
grep -q '^p ' "$T/out2" || bad "bench -j2 printed no row: $(cat "$T/out2")"
rm -f p.txt
end_case
