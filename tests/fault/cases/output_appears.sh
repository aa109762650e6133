# A file that appears under an output's name while the run writes (a
# second run, another program) is not replaced without -f: the run fails
# (exit 2) naming it, the file keeps what it held, and no temporary file
# is left.  The outputs committed before it stay, named as complete in
# the message.  With -f it is replaced.  The input is a FIFO, so the file is made
# while the run is surely between opening its outputs and committing them:
# after its temporary file exists and before its input ends.
mkfifo "$T/in"
puzzles 50 >"$T/p50"

# run_racing WHAT FILE FORCE CMD...: CMD reads $T/in; FILE appears while it
# runs.  Leaves RC.
run_racing() {
    _what=$1 _file=$2 _force=$3
    shift 3
    "$@" 2>"$T/err" &
    _pid=$!
    exec 3>"$T/in"
    wait_until "$_pid" 30 sh -c 'ls -A | grep -q "\.tmp-"' ||
        bad "$_what: no temporary file appeared"
    echo precious >"$_file"
    cat "$T/p50" >&3
    exec 3>&-
    wait_pid "$_pid"
    if [ "$_force" = 1 ]; then
        expect_status "$_what -f" "$RC" 0
        grep -q precious "$_file" && bad "$_what -f: $_file not replaced"
    else
        expect_status "$_what" "$RC" 2
        expect_text "$_what" "$T/err" "$_file"
        expect_text "$_what" "$T/err" "use -f"
        [ "$(cat "$_file")" = precious ] || bad "$_what: $_file was replaced"
    fi
}

run_racing "rate -o" out.csv 0 "$SF" rate -q --fields puzzle,guesses \
    -o out.csv "$T/in"
only_files "rate -o" out.csv
rm -f out.csv
run_racing "rate -o" out.csv 1 "$SF" rate -q -f --fields puzzle,guesses \
    -o out.csv "$T/in"
only_files "rate -o -f" out.csv
rm -f out.csv

run_racing "solve --stats" st.json 0 "$SF" solve -q --stats st.json \
    -o sol.txt "$T/in"
only_files "solve --stats" sol.txt st.json
expect_text "solve --stats" "$T/err" "sol.txt is complete"
rm -f st.json sol.txt

run_racing "split --test" test.txt 0 "$SF" split -q --test-fraction 0.5 \
    --seed 1 --train train.txt --test test.txt "$T/in"
only_files "split --test" test.txt train.txt
expect_text "split --test" "$T/err" "train.txt is complete"
end_case
