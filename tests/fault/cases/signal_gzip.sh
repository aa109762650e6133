# A signal mid-run with gzip output (-o out.txt.gz, compressed by worker
# threads): no temporary file, death by the signal, the earlier
# out.txt.gz unchanged.  Input as in signal_solve.
mkfifo in.fifo
exec 3<>in.fifo
echo "results of an earlier run" | gzip >out.txt.gz
interrupt_each 1 out.txt.gz -- \
    "$SF" solve -q -j2 -f -o out.txt.gz "$(big_input)" in.fifo
exec 3>&-
end_case
