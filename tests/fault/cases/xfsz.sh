# A file-size limit (ulimit -f) is a write error like a full disk: exit 2,
# "File too large", no temporary file; not death by SIGXFSZ.  The output
# (2,000 solutions, 164 kB) is larger than the limit (64 blocks).
(ulimit -f 64 &&
    exec $DFL "$SF" solve -q -j2 -o out.txt "$DATA/sample.txt.gz") 2>"$T/err"
rc=$?
expect_status "ulimit -f 64" "$rc" 2
expect_text "ulimit -f 64" "$T/err" "File too large"
only_files "ulimit -f 64"
end_case
