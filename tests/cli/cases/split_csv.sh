# csv input: the header row goes to both files, records keep their text.
"$SF" split -q --test-fraction 0.5 --seed 1 --train tr.csv --test te.csv "$IN/kaggle.csv"
head -n 1 tr.csv
head -n 1 te.csv
cat tr.csv te.csv | grep -vc quizzes
"$SF" split -q --test-fraction 0.5 --seed 1 --train tr.csv.gz --test te.csv.gz "$IN/kaggle.csv"
gzip -dc tr.csv.gz | cmp - tr.csv && echo "gzip same"
