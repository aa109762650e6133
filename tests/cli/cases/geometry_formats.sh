# Puzzles of other sizes in every input form, their size read off the
# file or named: line files of 16 and 36 cells, a 6x6 grid, a 16x16 grid
# of numbers, hexadoku with --alphabet 0-F, comma-separated numbers in
# csv, a jigsaw map from a file, a variant; output in the input's form.
G="$IN/geometry"
"$SF" solve -q --count --fields puzzle,solution,status "$G/4x4.txt"
"$SF" solve -q --count "$G/6x6_grid.txt"
"$SF" solve -q --count "$G/16x16_numbers.txt"
"$SF" solve -q --alphabet 0-F --fields puzzle,solution "$G/hexadoku.txt"
"$SF" solve -q --count --fields solution,status "$G/12x12.csv"
"$SF" solve -q --count --regions @"$G/jigsaw9.map" --fields status "$G/jigsaw9.txt"
"$SF" solve -q --count --variant x --fields status,solution "$G/x9.txt"
"$SF" solve -q --count --geometry 6x6:3x2 --fields status "$G/6x6_3x2.txt"
echo "................" |
    "$SF" solve -q --lex --geometry 4x4 --out-format jsonl --fields puzzle,solution,count
echo "1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0" | "$SF" solve -q --fields solution
