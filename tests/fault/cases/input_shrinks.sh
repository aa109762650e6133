# A plain input truncated while it is read (here to zero, once sudoflow
# has it open and before it has read it all) is an input error: exit 2,
# "shrank while being read", and no out.txt nor temporary file.  Without
# the check the run would end early with exit 0 and a short out.txt that
# looks complete.
[ -d /proc/self/fd ] || skip "no /proc: cannot see when the input is open"
big=$(big_input)
cat "$big" "$big" "$big" "$big" >in.txt # about 8 MB ...
cat in.txt in.txt in.txt in.txt >in2.txt && mv in2.txt in.txt # ... 32 MB
size=$(wc -c <in.txt)
path=$(pwd -P)/in.txt
# has_open: PID has in.txt open; FD is the descriptor.
has_open() {
    for fd in /proc/$1/fd/*; do
        [ "$(readlink "$fd" 2>/dev/null)" = "$path" ] && FD=${fd##*/} &&
            return 0
    done
    return 1
}
base=$(entries)
$DFL "$SF" solve -q -j1 -o out.txt in.txt 2>"$T/err" &
pid=$!
FD=
wait_until "$pid" 10 at_least $((base + 1)) &&
    wait_until "$pid" 10 has_open "$pid" || note "in.txt was never seen open"
pos=$(sed -n 's/^pos:[[:space:]]*//p' "/proc/$pid/fdinfo/$FD" 2>/dev/null)
: >in.txt
wait_pid "$pid"
[ "${pos:-0}" -lt "$size" ] ||
    skip "all $size bytes were read before the truncation (exit $RC)"
expect_status "truncated input" "$RC" 2
expect_text "truncated input" "$T/err" "shrank while being read"
only_files "truncated input" in.txt
end_case
