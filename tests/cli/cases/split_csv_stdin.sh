# csv on standard input, plain or gzip: the header row still goes to both
# files, and the records split as they do from the file.  Several csv files
# with the same header are one csv; a file with another header, or input
# that is not csv, stops the run (exit 2) and writes neither file.
"$SF" split -q --test-fraction 0.5 --seed 1 --train tr.csv --test te.csv "$IN/kaggle.csv"
cat "$IN/kaggle.csv" | "$SF" split -q --test-fraction 0.5 --seed 1 \
    --train tr1.csv --test te1.csv -
head -n 1 tr1.csv
head -n 1 te1.csv
cmp tr.csv tr1.csv && cmp te.csv te1.csv && echo "stdin same"
gzip -c "$IN/kaggle.csv" | "$SF" split -q --test-fraction 0.5 --seed 1 \
    --train tr2.csv --test te2.csv -
cmp tr.csv tr2.csv && cmp te.csv te2.csv && echo "gzip stdin same"
"$SF" split -q --test-fraction 0.5 --seed 1 --train tr3.csv --test te3.csv \
    "$IN/kaggle.csv" - < "$IN/kaggle.csv"
grep -c quizzes tr3.csv te3.csv
cat tr3.csv te3.csv | grep -vc quizzes
for other in ml.csv ten.txt; do
    "$SF" split -q --test-fraction 0.5 --seed 1 --train tr4.csv \
        --test te4.csv "$IN/kaggle.csv" "$IN/$other"
    echo "kaggle.csv $other: $?"
    ls tr4.csv te4.csv 2>/dev/null | wc -l
done
"$SF" split -q --test-fraction 0.5 --seed 1 --train tr5.csv --test te5.csv \
    "$IN/ten.txt" "$IN/kaggle.csv"
echo "ten.txt kaggle.csv: $?"
