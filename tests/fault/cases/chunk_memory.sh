# --chunk beyond what fits in memory is bounded by the driver: solve with
# --chunk 10^12 on 1M lines (82 MB) peaks near what the default chunk
# needs, not at the input's size (it peaked at 3.4 GB on 10M lines when
# the records' text was not kept, as for --fields solution).  Plain and
# gzip output.
sanitized && skip "sanitizer build: its memory is not the program's"
gzip -dc "$DATA/random.txt.gz" | grep -v '^#' >"$T/r.txt"
for _i in 1 2 3 4 5 6 7 8 9 10; do cat "$T/r.txt" "$T/r.txt" "$T/r.txt" \
    "$T/r.txt" "$T/r.txt"; done >"$T/1m.txt"
for _o in out.txt out.txt.gz; do
    peak_rss_run "$T/rss" "$SF" solve -q -j2 --chunk 1000000000000 \
        -o "$_o" "$T/1m.txt"
    expect_status "--chunk 10^12 -o $_o" "$RC" 0
    _kb=$(cat "$T/rss")
    [ "$_kb" != "?" ] && [ "$_kb" -lt 150000 ] ||
        bad "--chunk 10^12 -o $_o: peak RSS $_kb KiB (above 150 MB)"
    rm -f "$_o"
done
end_case
