# Usage errors exit 1; a failed run (missing input) leaves neither file;
# existing files are not replaced without -f.
for args in "--train a --test b" "--test-fraction 2 --train a --test b" \
    "--test-fraction 0.5 --test b" "--test-fraction 0.5 --train a --test b -o c"; do
    "$SF" split $args "$IN/ten.txt"
    echo "$args: $?"
done
"$SF" split -q --test-fraction 0.5 --train a.txt --test b.txt nosuch.txt
echo "missing: $?"
ls a.txt b.txt 2>/dev/null | wc -l
echo old > b.txt
"$SF" split -q --test-fraction 0.5 --train a.txt --test b.txt "$IN/ten.txt"
echo "exists: $?"
cat b.txt
ls a.txt 2>/dev/null | wc -l
