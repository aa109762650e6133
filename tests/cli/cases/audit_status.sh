# sudoflow audit's exit status when nothing, or not everything, could be
# checked: the standard input named twice is a usage error (1); a test set
# without a puzzle (empty, comments only, or the train set having used up
# the standard input) is an error (2) and writes nothing; so is a test set
# with nothing to compare it with; a comparison set without a puzzle is
# named and exits 3; a leak's 4 wins over 3 (a train file of invalid
# records beside a reference the test set copies).
zcat "$IN/../../../data/sample.txt.gz" | grep -v '^#' | head -6 > s.txt
sed -n 1,3p s.txt > t.txt
sed -n 4,6p s.txt > other.txt
printf '1234x\n9999\n' > bad.txt
printf '# only a comment\n' > comments.txt
: > empty.txt
cat t.txt | "$SF" audit -q --train - --test -; echo "stdin twice: $?"
"$SF" audit -q --train t.txt --test comments.txt -o out.csv
echo "comments: $? $(ls out.csv 2>/dev/null)"
"$SF" audit -q --train t.txt --test empty.txt; echo "empty test: $?"
"$SF" audit -q --train empty.txt --test t.txt; echo "empty train: $?"
"$SF" audit -q --train bad.txt --reference empty.txt --test t.txt
echo "nothing to compare: $?"
"$SF" audit -q --train other.txt --reference empty.txt --test t.txt
echo "empty reference: $?"
"$SF" audit -q --train bad.txt --reference t.txt --test t.txt | wc -l
"$SF" audit -q --train bad.txt --reference t.txt --test t.txt > /dev/null
echo "leak and bad train: $?"
