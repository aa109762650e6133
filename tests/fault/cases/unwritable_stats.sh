# A --stats file that cannot be created is found before anything is
# solved: exit 2, a message naming it, no solution on stdout; and with
# -o out.txt, no out.txt (nor its temporary file).
ro=$(ro_dir) || skip "no read-only directory (/sys, /proc) to write into"
stats=$ro/sudoflow-x.json
"$SF" solve -q --stats "$stats" "$DATA/sample.txt.gz" >"$T/out" 2>"$T/err"
rc=$?
expect_status "--stats $stats" "$rc" 2
expect_text "--stats $stats" "$T/err" "$stats"
[ ! -s "$T/out" ] ||
    bad "--stats $stats: $(wc -l <"$T/out") solutions on stdout before failing"
"$SF" solve -q --stats "$stats" -o out.txt "$DATA/sample.txt.gz" 2>"$T/err"
rc=$?
expect_status "--stats $stats -o out.txt" "$rc" 2
only_files "--stats $stats -o out.txt"
end_case
