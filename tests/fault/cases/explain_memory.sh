# explain's records are traces of about 6 kB (50 kB with --candidates),
# not the 128 bytes a chunk counts for a solution: the driver cuts its
# chunks by what the records take, so --chunk 10^12 on 10,000 puzzles
# peaks near what the default needs (it peaked at 695 MB when only the
# item count bounded a chunk).
sanitized && skip "sanitizer build: its memory is not the program's"
for _i in 1 2 3 4 5; do gzip -dc "$DATA/sample.txt.gz"; done >"$T/10k.txt"
for _c in "" --candidates; do
    peak_rss_run "$T/rss" "$SF" explain -q $_c --chunk 1000000000000 \
        -o out.jsonl "$T/10k.txt"
    expect_status "explain $_c --chunk 10^12" "$RC" 0
    _kb=$(cat "$T/rss")
    [ "$_kb" != "?" ] && [ "$_kb" -lt 150000 ] ||
        bad "explain $_c --chunk 10^12: peak RSS $_kb KiB (above 150 MB)"
    [ "$(wc -l <out.jsonl)" -eq 10000 ] ||
        bad "explain $_c: $(wc -l <out.jsonl) records for 10,000 puzzles"
    rm -f out.jsonl
done
end_case
