# A plain file then a gzip file in one stream (cat a.txt b.txt.gz | solve -)
# gives exactly the records of the two files given apart: the gzip member
# is recognised where it starts, never read as text records.
puzzles 10 >"$T/all.txt"
head -n 5 "$T/all.txt" >"$T/a.txt"
tail -n 5 "$T/all.txt" | gzip >"$T/b.txt.gz"
"$SF" solve -q --fields status,solution "$T/a.txt" "$T/b.txt.gz" >"$T/want"
[ "$(grep -c '^solved,' "$T/want")" = 10 ] || bad "reference: not 10 solutions"
cat "$T/a.txt" "$T/b.txt.gz" |
    "$SF" solve -q --fields status,solution - >"$T/got" 2>"$T/err"
rc=$?
expect_status "cat a.txt b.txt.gz | solve -" "$rc" 0
expect_same "cat a.txt b.txt.gz | solve -" "$T/want" "$T/got"
end_case
