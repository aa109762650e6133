# Option combinations that can be checked before reading the input are
# usage errors before anything is solved or written: --column with input
# files none of which is csv (the run used to solve all of them, print the
# output, then exit 1), and an empty output name (-o "", --stats "",
# split --train ""; the run used to solve into a temporary file and fail
# to rename it).  --column with a csv among the files is fine.
t() { "$@" > out.txt 2> err.txt; echo "exit $?, $(wc -c < out.txt) bytes out"; cat err.txt
      ls | grep -v "^err.txt$\|^out.txt$"; }
t "$SF" solve --column 2 "$IN/ten.txt"
t "$SF" solve -q -o "" "$IN/ten.txt"
t "$SF" solve -q --stats "" "$IN/ten.txt"
t "$SF" split -q --test-fraction 0.5 --train "" --test b.txt "$IN/ten.txt"
"$SF" solve -q --column 1 "$IN/ten.txt" "$IN/kaggle.csv" | wc -l
