# A csv header that names no puzzle column (none is puzzle, quizzes,
# question or quiz): column 1 is read when the first record holds a puzzle
# there; otherwise the file is a usage error, before any output, that shows
# the header and names --column.
p=$(head -n 1 "$IN/ten.txt" | cut -c1-81)
printf 'id,board,answer\n1,%s,x\n2,%s,y\n' "$p" "$p" > a.csv
"$SF" solve a.csv > out.txt
echo "exit $?, $(wc -c < out.txt) bytes written"
"$SF" solve -q --column board a.csv | wc -l
printf 'board,id\n%s,1\n' "$p" > b.csv
"$SF" solve -q b.csv | wc -l
