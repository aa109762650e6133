# --strict: the first invalid record is an error (exit 3) and the failed
# run leaves no output file behind.
"$SF" solve -q --strict -o out.txt "$IN/mixed.txt"
rc=$?
ls
exit $rc
