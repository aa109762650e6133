# split with the same file as train and test, by the same path or another
# spelling of it: refused as a usage error, "same file", no file written.
for test in x ./x; do
    rm -f x # whatever the last round left
    "$SF" split -q --test-fraction 0.5 --seed 1 --train x --test "$test" \
        "$DATA/sample.txt.gz" 2>"$T/err"
    rc=$?
    expect_status "--train x --test $test" "$rc" 1
    expect_text "--train x --test $test" "$T/err" "same file"
    only_files "--train x --test $test"
done
end_case
