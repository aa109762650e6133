# Writing the output to a full disk (/dev/full) is an I/O error: exit 2,
# with the reason.
"$SF" solve -q -o /dev/full "$DATA/sample.txt.gz" 2>"$T/err"
rc=$?
expect_status "-o /dev/full" "$rc" 2
expect_text "-o /dev/full" "$T/err" "No space left on device"
only_files "-o /dev/full"
end_case
