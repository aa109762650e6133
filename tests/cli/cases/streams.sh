# stdin as '-', several files as one stream, concatenated gzip members.
gzip -c "$IN/ten.txt" > a.gz
cat a.gz a.gz > two.gz
head -n 3 "$IN/ten.txt" | "$SF" solve -q - two.gz
