# A 50 MB line of digits is one invalid record, "record too long" (the
# default limit is 1 MiB), reported as FILE:LINE; the puzzles after it are
# solved exactly as without it, and the run succeeds.
long_input
{ echo "invalid,"; "$SF" solve -q -j2 --fields status,solution "$P20"; } \
    >"$T/want"
"$SF" solve -q -j2 --fields status,solution "$LONG" >"$T/got" 2>"$T/err"
rc=$?
expect_status "50 MB line" "$rc" 0
expect_text "50 MB line" "$T/err" "long.txt:1: invalid record (record too long)"
expect_same "50 MB line: output" "$T/want" "$T/got"
end_case
