# An output that is one of the inputs would be destroyed by the rename
# (with -f): refused as a usage error, "same file", and the input stays as
# it was, however the path is spelt.
puzzles 20 >in.txt
cp in.txt "$T/in.txt"
for out in in.txt ./in.txt; do
    cp "$T/in.txt" in.txt # as it was, whatever the last round did
    "$SF" solve -q -f -o "$out" in.txt >/dev/null 2>"$T/err"
    rc=$?
    expect_status "-f -o $out in.txt" "$rc" 1
    expect_text "-f -o $out in.txt" "$T/err" "same file"
    expect_same "-f -o $out in.txt: in.txt" "$T/in.txt" in.txt
    only_files "-f -o $out in.txt" in.txt
done
end_case
