# As gzip_after_plain, with a plain file that does not end in a newline:
# its last record ends where the gzip bytes begin.
puzzles 10 >"$T/all.txt"
printf '%s' "$(head -n 5 "$T/all.txt")" >"$T/a.txt"
tail -n 5 "$T/all.txt" | gzip >"$T/b.txt.gz"
"$SF" solve -q --fields status,solution "$T/a.txt" "$T/b.txt.gz" >"$T/want"
[ "$(grep -c '^solved,' "$T/want")" = 10 ] || bad "reference: not 10 solutions"
cat "$T/a.txt" "$T/b.txt.gz" |
    "$SF" solve -q --fields status,solution - >"$T/got" 2>"$T/err"
rc=$?
expect_status "cat a.txt b.txt.gz | solve -" "$rc" 0
expect_same "cat a.txt b.txt.gz | solve -" "$T/want" "$T/got"
end_case
