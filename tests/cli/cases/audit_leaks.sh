# sudoflow audit: test puzzles equivalent to a train or reference puzzle
# (a relabelled, transposed copy), on an equivalent solution grid (a train
# puzzle with one more clue: another puzzle, the same grid), or without
# one solution; one record per finding in test order, with the first
# equivalent record and how many there are (line 1 of train.txt is there
# twice); an unrelated puzzle and an invalid record give none.  Exit
# status 4 when a test puzzle leaks, 0 when none does; jsonl output; the
# same findings with 1 MiB of memory.
zcat "$IN/../../../data/sample.txt.gz" | grep -v '^#' | head -12 > s.txt
{ sed -n '1,5p' s.txt; sed -n 1p s.txt; } > train.txt
sed -n '6,8p' s.txt > ref.txt
sed -n 2p s.txt > two.txt
"$SF" solve -q --fields solution two.txt > two.sol
more=$(awk 'NR == FNR { sol = $0; next }
            { for (i = 1; i <= 81; i++) if (substr($0, i, 1) == ".") {
                  print substr($0, 1, i - 1) substr(sol, i, 1) substr($0, i + 1)
                  exit } }' two.sol two.txt)
{
    sed -n 9p s.txt
    sed -n 1p s.txt | "$SF" transform -q --augment 1 --seed 7 --fields puzzle
    echo "$more"
    sed -n 7p s.txt | "$SF" transform -q --augment 1 --seed 8 --fields puzzle
    echo "12345678x........................................................................"
    echo "................................................................................."
    echo "11..............................................................................."
} > test.txt
"$SF" audit -q --header --train train.txt --reference ref.txt --test test.txt
echo "exit $?"
"$SF" audit -q --train train.txt --reference ref.txt --test test.txt \
    --memory 1M --out-format jsonl | sed -n 1,2p
sed -n 9,12p s.txt > clean.txt
"$SF" audit -q --train train.txt --reference ref.txt --test clean.txt
echo "clean: exit $?"
"$SF" audit --train train.txt --test test.txt 2>&1 >/dev/null |
    sed -n 2p
