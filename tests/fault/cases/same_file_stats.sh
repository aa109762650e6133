# --stats and -o naming the same file: refused as a usage error, "same
# file", no file written.
"$SF" solve -q --stats out.txt -o out.txt "$DATA/sample.txt.gz" 2>"$T/err"
rc=$?
expect_status "--stats out.txt -o out.txt" "$rc" 1
expect_text "--stats out.txt -o out.txt" "$T/err" "same file"
only_files "--stats out.txt -o out.txt"
end_case
