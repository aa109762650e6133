# --out-format jsonl for every command with --fields (rate, canon,
# transform, generate): the same records as line output, field for field
# (keys in --fields order, null for an empty field, numbers unquoted);
# split writes records as they were read and has no --out-format.
# as_csv: {"a":"x","b":2,"c":null} -> x,2, (no field here holds a comma)
as_csv() { sed -e 's/^{//' -e 's/}$//' -e 's/"[a-z]*"://g' -e 's/null//g' \
               -e 's/"//g'; }
same() { if cmp -s "$1" "$2"; then echo "$3: same records"; else echo "$3: differ"; fi; }
run() { name=$1; shift
        "$SF" "$@" -q > line.txt
        "$SF" "$@" -q --out-format jsonl > json.txt
        as_csv < json.txt > back.txt
        same line.txt back.txt "$name"; }
run rate rate --fields puzzle,status,clues,rating,level "$IN/mixed.txt"
run canon canon --fields canon,puzzle "$IN/ten.txt"
run transform transform --augment 3 --seed 5 --fields puzzle,solution,index \
    "$IN/ten.txt"
run generate generate -n 4 --seed 9 --fields puzzle,solution,clues,rating,level
"$SF" rate -q --out-format jsonl --fields status,clues,rating,level \
    "$IN/mixed.txt" | sed -n '3,6p' | sed 's/"rating":[0-9]*\.[0-9][0-9]/"rating":R/'
"$SF" generate -n 1 --seed 9 -q --out-format jsonl --fields clues,rating |
    sed 's/[0-9.]//g'
"$SF" split --out-format jsonl --test-fraction 0.5 --train a --test b \
    "$IN/ten.txt"
echo "split: exit $?"
"$SF" rate --out-format grid "$IN/ten.txt"
echo "rate grid: exit $?"
