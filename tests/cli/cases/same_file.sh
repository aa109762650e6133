# Two outputs that are one file, or an output that is an input, are
# refused (usage error) before anything is written.
cp "$IN/ten.txt" in.txt
cp in.txt keep.txt
"$SF" solve -q -f -o in.txt in.txt; echo "output is the input: rc=$?"
"$SF" solve -q -f -o ./in.txt in.txt; echo "same, another spelling: rc=$?"
ln -s in.txt link.txt
"$SF" solve -q -f -o in.txt link.txt; echo "input through a link: rc=$?"
"$SF" solve -q in.txt >> in.txt; echo "stdout appends to the input: rc=$?"
"$SF" solve -q -f -o out.txt - < in.txt > /dev/null; echo "stdin: rc=$?"
"$SF" solve -q -f -o in.txt - < in.txt; echo "stdin is the output: rc=$?"
cmp in.txt keep.txt && echo "input untouched"
"$SF" split -q --test-fraction 0.5 --seed 1 --train x --test x in.txt
echo "train = test: rc=$?"
"$SF" split -q --test-fraction 0.5 --seed 1 --train x --test ./x in.txt
echo "train = ./test: rc=$?"
mkdir d
"$SF" split -q --test-fraction 0.5 --seed 1 --train d/../x --test x in.txt
echo "train = d/../test: rc=$?"
"$SF" solve -q --stats out.txt -o out.txt in.txt; echo "stats = output: rc=$?"
"$SF" solve -q --stats - in.txt; echo "stats and output on stdout: rc=$?"
"$SF" generate -q -n 2 --seed 1 --stats g.txt -o g.txt; echo "generate: rc=$?"
ls
# distinct files, and /dev/null twice, are fine
"$SF" split -q --test-fraction 0.5 --seed 1 --train /dev/null \
    --test /dev/null in.txt; echo "/dev/null twice: rc=$?"
