# An output that is a symbolic link to nothing is an existing name: without
# -f it is refused (exit 2) and left as it is (it used to be replaced by a
# regular file); with -f the link itself is replaced, as a link to a file
# is, and nothing is created where it pointed.
ln -s nowhere/out.txt dl.txt
"$SF" solve -q -o dl.txt "$IN/ten.txt" 2> err.txt
echo "without -f: exit $?, $(readlink dl.txt)"
grep -c 'is a symbolic link to nothing' err.txt
"$SF" solve -q -f -o dl.txt "$IN/ten.txt"
echo "with -f: exit $?"
[ -L dl.txt ] || echo "dl.txt is a regular file of $(wc -l < dl.txt) lines"
[ -e nowhere ] || echo "nothing created where it pointed"
