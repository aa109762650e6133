#!/bin/sh
# sudoflow-mpi against sudoflow: every batch command, run as an MPI job of
# 1, 2 and 3 processes, must write the very bytes one sudoflow process
# writes (small --chunk values, so that every process gets several
# chunks, and thread counts that differ between the two), with line,
# grid and csv input, plain and gzip in and out, and standard input.  The
# --stats JSON must count what one process counts.  Errors (a corrupt
# gzip input, an invalid record under --strict, a full disk, a csv file
# whose header does not fit, which only rank 0's ordered pass sees) must
# give one process's exit status and leave no output file; an empty input
# and fewer records than processes must work.
#
# Usage: sh tests/mpi/run.sh BUILD/sudoflow BUILD/sudoflow-mpi
# MPIRUN names the launcher (default mpirun): Open MPI's or MPICH's
# (Hydra), whichever the binary was built with.
set -u
sf=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mpi=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
here=$(cd "$(dirname "$0")/../.." && pwd)
# Open MPI refuses root without these; the machine may have fewer cores
# than processes.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# One node: shared memory only, without probing for network transports
# (which takes most of a second per start).
export OMPI_MCA_pml=ob1 OMPI_MCA_btl=self,vader OMPI_MCA_osc=^ucx \
    OMPI_MCA_mtl=^ofi,psm,psm2
MPIRUN=${MPIRUN:-mpirun}
# Hydra places any number of processes and binds none unless asked;
# Open MPI must be told both.
# Hydra also cannot forward more standard input than a pipe holds (even
# `mpiexec -n 1 cat < file` loses a 300 kB file), so the standard input
# tests give it less.
stdin_max=100000000
if "$MPIRUN" --version 2>&1 | grep -q HYDRA; then
    launch_opts=""
    stdin_max=40000
else
    launch_opts="--oversubscribe --bind-to none"
fi
run_np() {
    np=$1
    shift
    # shellcheck disable=SC2086
    "$MPIRUN" $launch_opts -np "$np" "$mpi" "$@"
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
pass=0
fail=0
start=$(date +%s)
last=$start
# a line at least every 5 s while the checks run
tick() {
    now=$(date +%s)
    [ $((now - last)) -lt 5 ] && return
    last=$now
    echo "mpi: $((pass + fail)) checks done ($((now - start)) s)"
}
ok() { pass=$((pass + 1)); tick; }
bad() {
    fail=$((fail + 1))
    echo "FAIL: $*"
    tick
}

# Inputs: 1,500 puzzles of every status (and one invalid record), as
# lines, gzip, grids and csv; some with many equivalent copies.
gzip -dc "$here/data/random.txt.gz" | grep -v '^#' | head -n 1500 > lines.txt
sed -i '700s/^./x/' lines.txt
gzip -c lines.txt > lines.gz
head -n 200 lines.txt | tail -n 150 | awk '{
    for (r = 0; r < 9; r++) print substr($1, 9 * r + 1, 9)
    print ""
}' > grids.txt
{ echo "quizzes,solutions"; head -n 400 lines.txt | sed 's/$/,x/'; } > kaggle.csv
"$sf" transform -q --augment 4 --seed 5 -o copies.txt \
    "$here/data/sample.txt.gz"
head -n 2 lines.txt > two.txt
: > empty.txt

# same NAME ARGS...: the command's output file(s) (or standard output),
# its exit status, from one process, then from $nps processes, compared
# byte for byte.  ARGS name the output files @OUT... (replaced per run).
nps="1 2 3"
same() {
    name=$1
    shift
    orig="$*"
    for np in 0 $nps; do
        args=$(echo "$orig" | sed "s|@OUT|$name.$np|g")
        # shellcheck disable=SC2086
        if [ "$np" = 0 ]; then
            "$sf" $args -j 2 > "$name.$np.stdout" 2> "$name.$np.err"
        else
            run_np "$np" $args -j 1 > "$name.$np.stdout" 2> "$name.$np.err"
        fi
        echo $? > "$name.$np.rc"
    done
    for np in $nps; do
        for f in "$name.0."*; do
            case $f in *.err) continue ;; esac
            g=$name.$np.${f#"$name.0."}
            if cmp -s "$f" "$g"; then ok; else
                bad "$name -np $np: $g differs from $f"; fi
        done
    done
}

same solve_line solve --count --fields puzzle,solution,status,guesses \
    --chunk 64 -q lines.txt
same solve_gzip solve --chunk 100 -q -o @OUT.gz lines.gz
same generate generate -n 300 --seed 1 --chunk 32 -q \
    --fields puzzle,solution,clues,level -o @OUT.txt
nps="2 3" # -np 1 above: sudoflow-mpi alone is sudoflow
same solve_grid solve --chunk 16 -q grids.txt
same solve_csv solve --chunk 50 -q --fields puzzle,solution kaggle.csv
same solve_empty solve -q empty.txt
same solve_few solve -q two.txt
same generate_gz generate -n 100 --seed 2 --chunk 16 -q -o @OUT.gz
same generate_none generate -n 0 --seed 2 -q -o @OUT.txt
same rate rate --chunk 40 -q --samples 2 two.txt grids.txt
same transform transform --augment 3 --seed 7 --chunk 50 -q -o @OUT.gz \
    two.txt grids.txt
same canon canon --dedupe --fields canon,line --chunk 64 -q copies.txt
same split split --seed 3 --test-fraction 0.3 --chunk 64 -q \
    --train @OUT.train.txt --test @OUT.test.gz lines.txt
same split_grids split --seed 3 --group-by solution --chunk 64 -q \
    --train @OUT.train.txt --test @OUT.test.txt copies.txt
same rate_card rate --chunk 40 -q --fields \
    status,minimal,singles_closure,backdoor,automorphisms,guesses lines.txt
same explain explain --chunk 16 -q two.txt grids.txt
same explain_table explain --chunk 7 -q --out-format line -o @OUT.txt grids.txt
same audit audit --chunk 64 -q --train lines.txt --reference two.txt \
    --test copies.txt -o @OUT.txt
same audit_spill audit --chunk 64 -q --memory 1M --train copies.txt \
    --test lines.txt -o @OUT.txt
# the statuses that only rank 0's counts decide: nothing checked (2), an
# empty comparison set (3), a leak beside a train file of invalid records (4)
: > empty.txt
printf '1234x\n9999\n' > bad.txt
same audit_empty_test audit --chunk 64 -q --train lines.txt --test empty.txt
same audit_empty_ref audit --chunk 64 -q --train copies.txt \
    --reference empty.txt --test lines.txt
same audit_leak_bad audit --chunk 64 -q --train bad.txt --reference two.txt \
    --test two.txt

# Reading by byte ranges: after the first round each process reads its
# own chunks of a plain file, from offsets the processes find together.
# The lines there: comments, blank lines, CRLF ends, a line too long to
# keep, invalid records, whose warnings (standard error) must be one
# process's, in order; a file of invalid records only (its warning needs
# every process's count); a transform (seeds from record numbers).  And
# plain files that must not be cut by bytes, read as before: a csv record
# spanning lines (a quote), a gzip member after text.
awk 'NR % 37 == 0 { print "# note" }
     NR % 53 == 0 { print ""; print "   " }
     NR == 1000 { s = ""; for (i = 0; i < 300; i++) s = s "1"; print s }
     NR % 41 == 0 { sub(/^./, "z") }
     NR % 29 == 0 { printf "%s\r\n", $0; next }
     { print }' lines.txt > mixed.txt
sed 's/^./y/' lines.txt | head -n 400 > allbad.txt
{ echo "quizzes,solutions"; head -n 300 lines.txt | sed 's/$/,x/'
  echo '"a'; echo 'b",x'; sed -n '301,400s/$/,x/p' lines.txt; } > quoted.csv
cat lines.txt lines.gz > textgz.txt
# same_err: same, and standard error too, less the launcher's own notes
# (Open MPI frames them in lines of dashes) on a non-zero exit
same_err() {
    name=$1
    same "$@"
    for np in $nps; do
        sed '/^---------*$/,/^---------*$/d' "$name.$np.err" > "$name.$np.err2"
        if cmp -s "$name.0.err" "$name.$np.err2"; then ok; else
            bad "$name -np $np: standard error differs"; fi
    done
}
same_err mixed solve --chunk 40 --max-record-bytes 200 -q \
    --fields puzzle,status mixed.txt
same_err mixed_csv solve --chunk 40 -q quoted.csv
same_err allbad solve --chunk 16 -q allbad.txt
same_err textgz solve --chunk 64 -q -o @OUT.txt textgz.txt
same transform_ranges transform --seed 7 --chunk 50 -q -o @OUT.txt mixed.txt
# The summary counts the invalid records every process read.
"$sf" split --seed 3 --test-fraction 0.3 --chunk 40 --train sp.0.tr \
    --test sp.0.te mixed.txt 2> sp.0.err
want=$(grep 'invalid (in neither)' sp.0.err)
for np in 2 3; do
    run_np "$np" split --seed 3 --test-fraction 0.3 --chunk 40 -j 1 \
        --train "sp.$np.tr" --test "sp.$np.te" mixed.txt 2> "sp.$np.err"
    got=$(grep 'invalid (in neither)' "sp.$np.err")
    [ -n "$want" ] && [ "$got" = "$want" ] && ok ||
        bad "split summary -np $np: $got, not $want"
done
grep -q 'invalid record' mixed.0.err && grep -q 'is a puzzle' allbad.0.err &&
    ok || bad "the byte-range inputs hold no invalid record"

# Standard input, plain and gzip.
head -c "$stdin_max" lines.gz > stdin.gz
head -n $((stdin_max / 82)) copies.txt > stdin.txt
for np in 2 3; do
    "$sf" solve -q --chunk 32 < stdin.gz > stdin.0 2> /dev/null
    run_np "$np" solve -q --chunk 32 -j 1 < stdin.gz > "stdin.$np" \
        2> /dev/null
    if cmp -s stdin.0 "stdin.$np"; then ok; else bad "stdin -np $np"; fi
    "$sf" canon -q --dedupe --chunk 32 < stdin.txt > stdin_canon.0
    run_np "$np" canon -q --dedupe --chunk 32 -j 1 < stdin.txt \
        > "stdin_canon.$np"
    if cmp -s stdin_canon.0 "stdin_canon.$np"; then ok; else
        bad "canon from stdin -np $np"; fi
done

# bench: every process runs the same passes and the row is the job's:
# threads and puzzles summed over the processes (with --seconds 0 each
# makes the same passes), the per-pass figures those of one process.
"$sf" bench --csv --seconds 0 -j 1 two.txt 2> /dev/null > bench.0
run_np 3 bench --csv --seconds 0 -j 1 two.txt 2> /dev/null > bench.3
job_row=$(awk -F, 'NR == 2 { print $1, $2, $3 * 3, $4 * 3, $8, $9 }' bench.0)
got_row=$(awk -F, 'NR == 2 { print $1, $2, $3, $4, $8, $9 }' bench.3)
if [ -n "$job_row" ] && [ "$job_row" = "$got_row" ]; then ok; else
    bad "bench: $got_row, not $job_row"; fi

# --stats: the counts of one process (times and threads aside).
counts() {
    sed -e 's/"[a-z_]*sec":[0-9.]*,//g' -e 's/,*"threads":[0-9]*//' \
        -e 's/"puzzles_per_sec":[0-9.]*,//' -e 's/"latency_ns":{[^}]*}//' "$1"
}
"$sf" solve -q --count --chunk 64 --stats st.0 -o /dev/null lines.txt \
    2> /dev/null
run_np 3 solve -q --count --chunk 64 -j 1 --stats st.3 -o /dev/null \
    lines.txt 2> /dev/null
if [ "$(counts st.0)" = "$(counts st.3)" ]; then ok; else
    bad "--stats: $(counts st.0) against $(counts st.3)"; fi
grep -q '"threads":3,' st.3 && ok || bad "--stats threads: $(cat st.3)"
"$sf" canon -q --dedupe --chunk 64 --stats cst.0 -o /dev/null copies.txt
run_np 2 canon -q --dedupe --chunk 64 -j 1 --stats cst.2 -o /dev/null \
    copies.txt
if [ "$(counts cst.0)" = "$(counts cst.2)" ]; then ok; else
    bad "canon --stats: $(counts cst.0) against $(counts cst.2)"; fi
head -n 300 lines.txt > rate.txt
"$sf" rate -q --chunk 16 --stats rst.0 -o /dev/null rate.txt
run_np 3 rate -q --chunk 16 -j 1 --stats rst.3 -o /dev/null rate.txt
if [ "$(counts rst.0)" = "$(counts rst.3)" ]; then ok; else
    bad "rate --stats: $(counts rst.0) against $(counts rst.3)"; fi
"$sf" generate -q -n 60 --seed 3 --clues 22 --chunk 8 --stats gst.0 \
    -o /dev/null 2> /dev/null
run_np 3 generate -q -n 60 --seed 3 --clues 22 --chunk 8 -j 1 \
    --stats gst.3 -o /dev/null 2> /dev/null
if [ "$(counts gst.0)" = "$(counts gst.3)" ]; then ok; else
    bad "generate --stats: $(counts gst.0) against $(counts gst.3)"; fi

# Errors: one process's exit status, no output file (nor temporary) left.
head -c 9000 lines.gz > cut.gz
{ echo "quizzes,solutions"; head -n 3 lines.txt | sed 's/$/,x/'; } > a.csv
{ echo "quiz,answer"; head -n 3 lines.txt | sed 's/$/,x/'; } > b.csv
fails() {
    name=$1
    shift
    "$sf" "$@" -o "$name.out" > /dev/null 2>&1
    want=$?
    [ "$want" != 0 ] || bad "$name: one process succeeded"
    for np in 2 3; do
        run_np "$np" "$@" -j 1 -o "$name.out" > /dev/null 2> "$name.err"
        got=$?
        [ "$got" = "$want" ] && ok || bad "$name -np $np: exit $got, not $want"
        left=$(ls -a | grep -c "^$name\.out")
        [ "$left" = 0 ] && ok || bad "$name -np $np: left $(ls -a | grep "^$name\.out")"
    done
}
fails corrupt solve --chunk 32 cut.gz
fails strict solve --strict --chunk 50 lines.txt
# ...with one process's message: the record is in a chunk another process
# read.
"$sf" solve -q --strict --chunk 50 -o /dev/null lines.txt 2> strict.0
for np in 2 3; do
    run_np "$np" solve -q --strict --chunk 50 -j 1 -o /dev/null lines.txt \
        2> "strict.$np"
    grep -qxF "$(head -n 1 strict.0)" "strict.$np" && ok ||
        bad "strict -np $np: $(head -n 1 "strict.$np")"
done
for np in 2 3; do
    run_np "$np" solve -q --chunk 32 -j 1 -o /dev/full lines.txt \
        > /dev/null 2> full.err
    rc=$?
    [ "$rc" = 2 ] && ok || bad "/dev/full -np $np: exit $rc"
done
# split keeps one header: a later csv file with another header is seen by
# rank 0's ordered pass alone, and must stop every process.
"$sf" split --seed 1 --chunk 2 -q --train t0.csv --test s0.csv a.csv b.csv \
    2> /dev/null
want=$?
run_np 3 split --seed 1 --chunk 2 -j 1 -q --train t3.csv --test s3.csv \
    a.csv b.csv 2> /dev/null
got=$?
[ "$want" != 0 ] && [ "$got" = "$want" ] && ok ||
    bad "split header: exit $got, one process $want"
[ -z "$(ls -a | grep -E '^(t3|s3)\.csv')" ] && ok || bad "split left files"

# Variant puzzles (f-puzzles input): a record's rules stay with the
# process that read it; another one makes them again from the record's
# text, from a plain file and from gzip (which rank 0 reads and deals).
V="$here/tests/data/variants"
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    cat "$V/k4.json" "$V/k4.lz" "$V/x9.json"
done > fpz.txt
gzip -c fpz.txt > fpz.gz
same fpz_solve solve --count --fields status,solution,count --chunk 8 -q \
    fpz.txt
same fpz_gzip solve --count --chunk 8 -q -o @OUT.txt fpz.gz
same fpz_generate generate --constraints thermo --geometry 6x6 -n 40 \
    --seed 4 --chunk 4 -q -o @OUT.txt

# Other geometries: a record's geometry and cells go with it to another
# process (a chunk rank 0 read, the ordered pass on rank 0), files of
# several sizes in one run, each command with its geometry's group, and
# an error the ordered pass finds (a classic field on a 6x6 record).
nps="2 3"
"$sf" generate -q -n 300 --seed 1 --geometry 6x6 -o g6.txt
gzip -c g6.txt > g6.gz
"$sf" transform -q --augment 3 --seed 2 -o c6.txt g6.txt
G="$here/tests/cli/inputs/geometry"
same geo_solve solve --count --chunk 16 -q --fields puzzle,solution,status \
    g6.gz "$G/16x16_numbers.txt" "$G/6x6_grid.txt" g6.txt
same geo_generate generate -n 200 --seed 3 --geometry 8x8 --chunk 16 -q \
    -o @OUT.txt
same geo_rate rate --chunk 32 -q g6.gz
same geo_transform transform --augment 3 --seed 4 --chunk 40 -q g6.gz
same geo_canon canon --dedupe --chunk 40 -q c6.txt
same geo_canon_x canon --chunk 40 -q --geometry 6x6 --variant x c6.txt
same geo_split split --seed 3 --test-fraction 0.3 --chunk 40 -q \
    --train @OUT.train.txt --test @OUT.test.txt c6.txt
same geo_audit audit --chunk 40 -q --train g6.gz --test c6.txt
same_err geo_rate_se rate --chunk 16 -q --fields puzzle,se g6.gz
# JSON Lines records naming their own geometries, read by byte ranges
{ sed 's/.*/{"puzzle":"&"}/' g6.txt
  "$sf" generate -q -n 100 --seed 4 --geometry 8x8 --variant x \
      --out-format jsonl; } > mixed.jsonl
same geo_jsonl solve --count --chunk 16 -q --out-format jsonl \
    --fields puzzle,solution,status mixed.jsonl
same geo_jsonl_canon canon --dedupe --chunk 16 -q mixed.jsonl

echo "mpi: $pass passed, $fail failed"
[ "$fail" = 0 ]
