# A signal mid-run of a dataset command with two outputs (split): ends it
# by that signal with neither temporary file left; the train file that
# existed (-f) is unchanged and no test file appears.  Input as in
# signal_solve.
mkfifo in.fifo
exec 3<>in.fifo
echo "train set of an earlier run" >a.txt
interrupt_each 2 a.txt -- "$SF" split -q -j2 -f --test-fraction 0.5 --seed 1 \
    --train a.txt --test b.txt "$(big_input)" in.fifo
exec 3>&-
end_case
