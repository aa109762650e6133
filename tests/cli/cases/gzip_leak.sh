# A gzip stream with a back-reference before its start is corrupt: no
# byte of it becomes a record, neither uninitialised memory nor what an
# earlier file held (one inflate back end used to count the bad match as
# output).  The earlier file's records all come out, then the error.
printf 'SECRET-LINE-ONE\nSECRET-LINE-TWO\nSECRET-LINE-THREE\n%.0s' $(seq 20) |
    gzip > secret.gz
echo H4sIAAAAAAAA/3Mk1o6KioqKioqKiooKLgAAAAAAKgAAAA== | base64 -d > evil.gz
"$SF" solve -q -j1 --fields line,status secret.gz evil.gz > out.txt
echo "rc=$?"
wc -l < out.txt
sort out.txt | uniq -c
"$SF" solve -q -j1 --fields line,status evil.gz | wc -c
