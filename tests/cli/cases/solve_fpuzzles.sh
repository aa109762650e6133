# sudoflow solve on f-puzzles input: a 4x4 killer-and-thermometer puzzle
# (tests/data/variants/k4.json, solved by hand in
# tests/io/test_fpuzzles.c) as JSON, as its lz-string form and as a link
# with the form percent-encoded, detected per file; then broken records,
# each invalid with its reason while the records after it are solved in
# order; --in-format fpuzzles; another command refuses the input.
V="$IN/../../data/variants"
lz=$(cat "$V/k4.lz")
link="https://www.f-puzzles.com/?load=$(printf %s "$lz" |
    sed 's/+/%2B/g; s#/#%2F#g; s/=/%3D/g')"
{
    cat "$V/k4.json"
    echo "$lz"
    echo "$link"
} > three.txt
"$SF" solve -q --count --fields solution,status,count three.txt
{
    cat "$V/k4.json"
    echo '{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"sandwichsum":[{"cell":"R0C1","value":"3"}]}'
    echo '{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C5"],"value":"3"}]}'
    echo 'N4IgzglgXgpiBcA'
    echo "$lz"
} > broken.txt
"$SF" solve --count --fields status,solution broken.txt 2> err.txt
echo "exit $?"
sed -n 's/.*invalid record (\(.*\))$/\1/p' err.txt
grep -c 'kernel variant' err.txt
"$SF" solve -q --in-format fpuzzles --fields status three.txt
"$SF" rate -q "$V/k4.json" 2>&1 >/dev/null | sed 's/.*: line/line/'
