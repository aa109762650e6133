# A write failure (full disk) is an I/O error, to a file or to stdout.
"$SF" solve -q -o /dev/full "$IN/ten.txt"
echo "file rc=$?"
"$SF" solve -q "$IN/ten.txt" > /dev/full
echo "stdout rc=$?"
