# -n 0 makes nothing and succeeds (like head -n 0): the header alone with
# --header, and a gzip output that is a valid, empty gzip stream.
"$SF" generate -q -n 0 --seed 1 --header --fields puzzle,clues
echo "plain: $?"
"$SF" generate -q -n 0 --seed 1 -o out.txt.gz
echo "gzip: $?"
gzip -dc out.txt.gz | wc -c
echo "gunzip: $?"
