# --stats FILE is an output like -o: checked before the run, written under
# a temporary name and renamed into place only after the outputs, refused
# when it exists (without -f); a failure to write it is an I/O error that
# names the file and the reason.  Every command's JSON has the keys
# "command" and "records", each key once.
cp "$IN/ten.txt" in.txt
echo old > s.json
"$SF" solve -q --stats s.json -o out.txt in.txt; echo "exists: rc=$?"
ls
"$SF" solve -q -f --stats s.json -o out.txt in.txt; echo "with -f: rc=$?"
grep -o '"command":"solve","records":10,' s.json
"$SF" solve -q --stats /dev/full -o out2.txt in.txt; echo "full: rc=$?"
"$SF" solve -q --stats nodir/s.json -o out3.txt in.txt; echo "no dir: rc=$?"
ls
keys() { tr ',{}' '\n\n\n' < "$1" | sed -n 's/^"\([a-z_]*\)":.*/\1/p' | sort | uniq -d; }
for cmd in rate canon transform; do
    "$SF" $cmd -q --seed 1 --stats $cmd.json in.txt > /dev/null 2>&1 ||
        "$SF" $cmd -q --stats $cmd.json in.txt > /dev/null
    grep -o "\"command\":\"$cmd\",\"records\":10," $cmd.json
    echo "$cmd duplicate keys: $(keys $cmd.json)"
done
"$SF" split -q --test-fraction 0.5 --seed 3 --train a.txt --test b.txt \
    --stats split.json in.txt
grep -o '"records":10,"invalid":0,"dropped":0,"written":10,' split.json
"$SF" generate -q -n 3 --seed 1 --stats gen.json > /dev/null
grep -o '"command":"generate","records":3,' gen.json
