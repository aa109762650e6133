# Corrupt gzip data is an I/O error naming the file.
gzip -c "$IN/ten.txt" > t.gz
size=$(wc -c < t.gz)
{ head -c 100 t.gz; printf 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXX'; tail -c $((size - 130)) t.gz; } > bad.gz
"$SF" solve -q bad.gz > /dev/null
