# A field named twice is refused (exit 1) by every command taking --fields,
# rather than written twice (JSON Lines would get a duplicate key).
"$SF" rate --fields clues,clues --out-format jsonl "$IN/ten.txt"; echo "rate: $?"
"$SF" generate -n 1 --fields puzzle,clues,puzzle; echo "generate: $?"
"$SF" solve --fields puzzle,puzzle "$IN/ten.txt"; echo "solve: $?"
"$SF" canon --fields canon,canon "$IN/ten.txt"; echo "canon: $?"
