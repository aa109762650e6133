# Output is byte-identical for every thread count and chunk size, plain and
# gzip (the gzip members follow the blocks, not the threads).
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    cat "$IN/ten.txt" "$IN/mixed.txt"
done > in.txt
f=puzzle,solution,status,count,guesses
"$SF" solve -q -j1 --count --fields $f in.txt > j1.txt
"$SF" solve -q -j2 --count --fields $f --chunk 7 in.txt > j2.txt
"$SF" solve -q -j3 --count --fields $f --chunk 1 in.txt > j3.txt
"$SF" solve -q -j1 --count --fields $f -o j1.gz in.txt
"$SF" solve -q -j2 --count --fields $f -o j2.gz in.txt
cmp j1.txt j2.txt && cmp j1.txt j3.txt && cmp j1.gz j2.gz && echo same
wc -l < j1.txt
