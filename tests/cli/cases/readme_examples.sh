# Every command of the README's examples runs as written, in a directory
# that holds the repository's data/ and the build (as a fresh clone after
# `make` does), and exits 0.
root=$IN/../../..
ln -s "$root/data" data
mkdir build && ln -s "$SF" build/sudoflow
grep '^    build/sudoflow ' "$root/README.md" | sed 's/^    //' > commands.txt
echo "$(wc -l < commands.txt) commands"
while IFS= read -r cmd; do
    sh -c "$cmd" > /dev/null 2> err.txt </dev/null ||
        { echo "failed: $cmd"; head -n 3 err.txt; }
done < commands.txt
