# SIGKILL cannot be caught: the one file it leaves is the temporary output
# file the README documents (NAME.tmp-XXXXXX beside NAME), so a user can
# find and delete it.  Exactly one such file, nothing else.
mkfifo in.fifo
exec 3<>in.fifo
base=$(entries)
$DFL "$SF" solve -q -j2 -o out.txt "$(big_input)" in.fifo 2>"$T/err" 3>&- &
pid=$!
wait_until "$pid" 10 at_least $((base + 1)) || note "no temporary file appeared"
kill -s KILL "$pid"
wait_pid "$pid"
exec 3>&-
expect_killed "kill -9" "$RC" KILL
tmp=$(find . -name '*.tmp-*')
[ "$(echo "$tmp" | grep -c .)" = 1 ] ||
    bad "expected one *.tmp-* file, found [$(echo $tmp)]"
only_files "kill -9" in.fifo ${tmp#./}
end_case
