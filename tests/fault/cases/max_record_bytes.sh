# --max-record-bytes sets the limit: with 100, an 81-character puzzle line
# is solved and a 200-character one (a puzzle and a long comment after
# it, valid without the limit) is invalid, "record too long".
p=$(puzzles 1)
long="$p,$(head -c 118 /dev/zero | tr '\0' x)"
[ ${#long} = 200 ] || bad "test input: line of ${#long} characters"
printf '%s\n%s\n%s\n' "$p" "$long" "$p" >"$T/in.txt"
"$SF" solve -q --fields status "$T/in.txt" >"$T/got" 2>"$T/err"
rc=$?
expect_status "default limit" "$rc" 0
[ "$(cat "$T/got")" = "$(printf 'solved\nsolved\nsolved')" ] ||
    bad "default limit: statuses $(echo $(cat "$T/got")), expected solved x3"
"$SF" solve -q --max-record-bytes 100 --fields status "$T/in.txt" \
    >"$T/got" 2>"$T/err"
rc=$?
expect_status "--max-record-bytes 100" "$rc" 0
expect_text "--max-record-bytes 100" "$T/err" \
    "in.txt:2: invalid record (record too long)"
[ "$(cat "$T/got")" = "$(printf 'solved\ninvalid\nsolved')" ] ||
    bad "--max-record-bytes 100: statuses $(echo $(cat "$T/got"))," \
        "expected solved invalid solved"
end_case
