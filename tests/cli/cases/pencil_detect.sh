# Pencilmark files are detected per file like the other formats: after
# comments and blank lines, with CRLF, with '0' for absent marks, with a
# rest after a separator (kept for `line`), from standard input, next to
# a line-format file in one run, and with --in-format pencil.  The
# `puzzle` field of a pencilmark record is its 729 marks with '.' for an
# absent candidate.
marks='{ s = ""
         for (i = 1; i <= 81; i++) {
             c = substr($1, i, 1)
             for (k = 1; k <= 9; k++)
                 s = s ((c !~ /[1-9]/ || c == k) ? k : "0")
         }
         print s }'
tail -n +2 "$IN/kaggle.csv" | cut -d, -f1 > givens.txt
tail -n +2 "$IN/kaggle.csv" | cut -d, -f2 > want
awk "$marks" givens.txt > zeros.txt
{
    printf '# pencilmarks\r\n\r\n'
    sed -n 1p zeros.txt | tr -d '\n'; printf '\r\n'
    sed -n 2p zeros.txt | tr -d '\n'; printf ' source=kaggle\r\n'
} > marks.txt
"$SF" solve -q marks.txt | cmp - want && echo "detected: solutions match"
"$SF" solve -q --in-format pencil marks.txt | cmp - want &&
    echo "--in-format pencil: solutions match"
cat marks.txt | "$SF" solve -q - | cmp - want && echo "stdin: solutions match"
"$SF" solve -q givens.txt marks.txt | cmp - "$(cat want want > both; echo both)" &&
    echo "line then pencil: solutions match"
"$SF" solve -q --fields puzzle marks.txt > puzzles
tr 0 . < zeros.txt | cmp - puzzles && echo "puzzle field: marks with '.'"
"$SF" solve -q --fields line,status marks.txt | sed -n 2p | cut -c 720-
"$SF" solve -q --in-format line marks.txt 2>&1 >/dev/null | sed -n 1p
