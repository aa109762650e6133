# A signal mid-run (each of $SIGNALS, sent to `solve -j2 -f -o out.txt`)
# ends the process by that signal, leaves no temporary file, and leaves the
# out.txt that was there before byte-identical.  The input is a big file
# followed by a FIFO that stays open and empty, so the run is still going
# whenever the signal arrives.
mkfifo in.fifo
exec 3<>in.fifo
echo "results of an earlier run" >out.txt
interrupt_each 1 out.txt -- \
    "$SF" solve -q -j2 -f -o out.txt "$(big_input)" in.fifo
exec 3>&-
end_case
