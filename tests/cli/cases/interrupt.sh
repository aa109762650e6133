# An interrupted run leaves no output file (and no temporary file) behind.
mkfifo in.fifo
"$SF" solve -q -o out.txt in.fifo &
pid=$!
exec 3>in.fifo
cat "$IN/ten.txt" >&3
sleep 0.5
kill -INT $pid
wait $pid
echo "rc=$?"
exec 3>&-
ls
