# 10,000 input files (two puzzles each) on one command line, with at most
# 64 open descriptors: files are opened one at a time, and the output is
# that of their concatenation, in order.  The files go to /dev/shm when it
# has room: creating 10,000 files on some disks takes several seconds.
dir=$T
avail=$(df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 { print $4 }')
if [ "${avail:-0}" -gt 262144 ] &&
    dir=$(mktemp -d /dev/shm/sudoflow-fault.XXXXXX); then
    trap 'rm -rf "$dir"' EXIT
    trap 'exit 1' INT TERM HUP
else
    dir=$T
fi
i=0
while [ $i -lt 10 ]; do gzip -dc "$DATA/sample.txt.gz"; i=$((i + 1)); done \
    >"$T/all.txt"
(cd "$dir" && mkdir in && split -l 2 -a 5 -d "$T/all.txt" in/f.)
set -- "$dir"/in/f.*
[ $# = 10000 ] || bad "test input: $# files"
"$SF" solve -q -j2 "$T/all.txt" >"$T/want"
(ulimit -n 64 && exec "$SF" solve -q -j2 "$@") >"$T/got" 2>"$T/err"
rc=$?
expect_status "10,000 files, ulimit -n 64" "$rc" 0
expect_same "10,000 files, ulimit -n 64: output" "$T/want" "$T/got"
end_case
