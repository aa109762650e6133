# sudoflow audit in little memory: 20,000 train records (ten equivalent
# copies of each of 2,000 puzzles) take more than 1 MiB, so they go
# through sorted runs on disk; every one of 500 test copies leaks, by
# puzzle and by grid, with 10 matches, and the findings are the same as
# with all in memory, at any -j.
zcat "$IN/../../../data/sample.txt.gz" > s.txt
"$SF" transform -q --augment 10 --seed 1 --fields puzzle s.txt > train.txt
head -500 s.txt | grep -v '^#' |
    "$SF" transform -q --augment 1 --seed 2 --fields puzzle > test.txt
"$SF" audit -q -j2 --train train.txt --test test.txt --stats big.json \
    > big.txt
echo "exit $?"
TMPDIR=$PWD "$SF" audit -q -j1 --memory 1M --train train.txt \
    --test test.txt --stats small.json > small.txt
cmp -s big.txt small.txt && echo "1M, -j1: the same findings"
spilled() { sed 's/.*"spilled_bytes":\([0-9]*\).*/\1/' "$1"; }
echo "spilled: default $(spilled big.json), 1M $(( $(spilled small.json) > 1000000 ))"
echo "temporary files left: $(ls | grep -c sudoflow-sort)"
awk -F, '{ n[$3 " " $7]++ } END { for (k in n) print k, n[k] }' big.txt |
    sort
awk -F, '$6 % 10 != 1 { bad++ } END { print "first matches not a first copy:", bad + 0 }' big.txt
