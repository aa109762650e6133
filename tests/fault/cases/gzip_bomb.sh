# A gzip bomb: 1 GB of '7' without a newline (4 MB compressed), then a
# newline and 20 puzzles.  Under the address-space limit of
# long_record_memory the run succeeds: the bomb is one invalid record,
# "record too long", the puzzles are solved.  Prints the peak RSS.
# The bomb is 100 gzip members of 10 MB each, one stream as `cat a.gz
# b.gz` is: made in a tenth of a second instead of the 8 s gzip needs
# for one 1 GB member.
sanitized && skip "sanitizer build: ulimit -v cannot work"
mem_limit || skip "no ulimit -v up to 8 GiB lets sudoflow run"
note "ulimit -v $LIMIT (a normal -j2 run needs $MIN KiB)"
puzzles 20 >"$T/p.txt"
head -c 10000000 /dev/zero | tr '\0' 7 | gzip -1 >"$T/m.gz"
i=0
while [ $i -lt 100 ]; do cat "$T/m.gz"; i=$((i + 1)); done >"$T/bomb.gz"
{ echo; cat "$T/p.txt"; } | gzip >>"$T/bomb.gz"
{ echo "invalid,"; "$SF" solve -q -j2 --fields status,solution "$T/p.txt"; } \
    >"$T/want"
(ulimit -v "$LIMIT" && peak_rss_run "$T/rss" "$SF" solve -q -j2 \
    --fields status,solution "$T/bomb.gz" && exit $RC) >"$T/got" 2>"$T/err"
rc=$?
note "peak RSS $(cat "$T/rss") KiB"
expect_status "gzip bomb" "$rc" 0
expect_text "gzip bomb" "$T/err" "bomb.gz:1: invalid record (record too long)"
expect_same "gzip bomb: output" "$T/want" "$T/got"
end_case
