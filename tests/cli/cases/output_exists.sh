# An existing output file is not overwritten without -f.
echo old > out.txt
"$SF" solve -q -o out.txt "$IN/ten.txt"
echo "rc=$?"
cat out.txt
"$SF" solve -q -f -o out.txt "$IN/ten.txt" && head -n 1 out.txt
