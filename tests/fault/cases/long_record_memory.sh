# The 50 MB line of long_record, under an address-space limit of twice
# what a normal -j2 run needs: a long record is skipped, never held in
# memory, so the run still succeeds with the same output.
sanitized && skip "sanitizer build: ulimit -v cannot work"
mem_limit || skip "no ulimit -v up to 8 GiB lets sudoflow run"
note "ulimit -v $LIMIT (a normal -j2 run needs $MIN KiB)"
long_input
{ echo "invalid,"; "$SF" solve -q -j2 --fields status,solution "$P20"; } \
    >"$T/want"
(ulimit -v "$LIMIT" && exec "$SF" solve -q -j2 --fields status,solution \
    "$LONG") >"$T/got" 2>"$T/err"
rc=$?
expect_status "50 MB line, ulimit -v $LIMIT" "$rc" 0
expect_text "50 MB line, ulimit -v $LIMIT" "$T/err" \
    "long.txt:1: invalid record (record too long)"
expect_same "50 MB line, ulimit -v $LIMIT: output" "$T/want" "$T/got"
end_case
