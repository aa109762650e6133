# source,question,answer,rating with RFC 4180 quoting (escaped quotes, a
# comma and a newline inside quotes, CRLF); --column by name and number.
"$SF" solve -q --count --fields solution,status "$IN/ml.csv"
"$SF" solve -q --count --fields solution,status --column 2 "$IN/ml.csv" | head -n 1
"$SF" solve -q --count --fields status --column answer "$IN/ml.csv" | head -n 1
"$SF" solve -q --column nope "$IN/ml.csv"
echo "rc=$?"
