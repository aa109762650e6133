# -o NAME.gz writes gzip (parallel members) that gzip reads back; a small
# chunk size makes many members.
"$SF" solve -q -j2 --chunk 3 -o out.gz "$IN/ten.txt" && gzip -t out.gz &&
    gzip -dc out.gz
