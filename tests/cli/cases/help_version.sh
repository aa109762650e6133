# --help and --version succeed and go to stdout; --version names the build
# (compiler, flags, SIMD path, gzip back end) and works after every
# command; `sudoflow help CMD` is CMD --help.
"$SF" --version | head -n 1
"$SF" --version | sed -n 's/^  \([a-z]*\) .*/\1/p'
for c in solve bench generate rate transform canon split; do
    "$SF" $c --version | head -n 1
    "$SF" help $c | cmp -s - "$("$SF" $c --help > h.txt; echo h.txt)" &&
        echo "help $c = $c --help"
done
"$SF" --help | head -n 1
"$SF" solve --help | head -n 1
"$SF" bench --help | head -n 1
"$SF" help | head -n 1
"$SF" help nosuch > /dev/null 2>&1; echo "help nosuch: $?"
