# canon --dedupe keeps the first record of each equivalence class: the
# originals, ahead of their shuffled copies; invalid records are kept.
"$SF" transform -q --augment 3 --seed 8 "$IN/ten.txt" > copies.txt
cat "$IN/ten.txt" copies.txt "$IN/mixed.txt" > in.txt
"$SF" canon -q --dedupe --fields puzzle,line in.txt > a.txt
"$SF" canon -q --dedupe --fields puzzle,line -j3 --chunk 2 in.txt > b.txt
cmp a.txt b.txt && echo same
cut -d, -f1 a.txt | head -n 10 | cmp - "$IN/ten.txt" && echo "first kept"
wc -l < a.txt
tail -n 2 a.txt
"$SF" canon --dedupe in.txt 2>&1 >/dev/null | grep -o '[0-9][0-9]* duplicates dropped'
"$SF" canon -q in.txt | sort -u | wc -l
