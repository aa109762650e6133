# --out-format jsonl: one JSON object a record, the chosen fields by name
# in their order, numbers as numbers, text escaped (quote, backslash,
# control bytes as \u00XX; UTF-8 kept; a byte that is not UTF-8 becomes
# U+FFFD), null where a field has no value (an invalid record's puzzle, a
# missing solution).  --header and --sep are for line output.
q=$(sed -n 2p "$IN/kaggle.csv" | cut -d, -f1)
{
    printf '%s,say "hi" \\ \t x\n' "$q"
    printf '%s caf\303\251 \377\n' "$q"
    printf '%s\n' "$q" | cut -c 1-80
    printf '55%079d\n' 0
} > in.txt
"$SF" solve -q --count --out-format jsonl \
    --fields puzzle,solution,status,count,line in.txt
"$SF" solve -q --out-format jsonl in.txt | sed -n 1p
"$SF" solve -q --out-format jsonl --fields count,guesses,ns in.txt |
    sed -n 1p | tr -d '0-9'
"$SF" solve -q --out-format jsonl --header in.txt
echo "header: exit $?"
"$SF" solve -q --out-format jsonl --sep ';' in.txt
echo "sep: exit $?"
"$SF" solve -q --out-format xml in.txt
echo "xml: exit $?"
