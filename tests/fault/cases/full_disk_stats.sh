# Writing --stats to a full disk is an I/O error too: exit 2, and the
# message names the statistics file and the reason.
"$SF" solve -q --stats /dev/full "$DATA/sample.txt.gz" >"$T/out" 2>"$T/err"
rc=$?
expect_status "--stats /dev/full" "$rc" 2
expect_text "--stats /dev/full" "$T/err" "/dev/full"
expect_text "--stats /dev/full" "$T/err" "No space left on device"
only_files "--stats /dev/full"
end_case
