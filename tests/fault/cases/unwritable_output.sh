# An output in a directory where no file can be created: exit 2, "cannot
# create", and no file anywhere.
ro=$(ro_dir) || skip "no read-only directory (/sys, /proc) to write into"
"$SF" solve -q -o "$ro/sudoflow-x.txt" "$DATA/sample.txt.gz" 2>"$T/err"
rc=$?
expect_status "-o $ro/sudoflow-x.txt" "$rc" 2
expect_text "-o $ro/sudoflow-x.txt" "$T/err" "cannot create"
[ ! -e "$ro/sudoflow-x.txt" ] || bad "$ro/sudoflow-x.txt exists"
only_files "-o $ro/sudoflow-x.txt"
end_case
