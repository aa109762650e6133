# Progress on a terminal: with -o FILE the records do not go to the
# terminal, so the progress line shows on stderr, and its share done is
# that of the records written (rate, chunks of 250 of 2,000 puzzles: each
# line's percentage is its record count over 2,000).  (script(1) runs the
# command on a pseudo-terminal; progress_stdout_tty.sh: none when the
# records go to that terminal.)
gzip -dc "$IN/../../../data/sample.txt.gz" > p.txt
script -qc "$SF rate -j1 --chunk 250 -o out.txt p.txt" /dev/null > tty.txt
tr '\r' '\n' < tty.txt | grep -a 'puzzles  ' | sed 's/^.*\[K//' > lines.txt
[ -s lines.txt ] && echo "progress shown"
awk '{ gsub(/,/, "", $1) } NF >= 4 { p = $4; sub(/%/, "", p)
       if (p != sprintf("%.0f", 100 * $1 / 2000)) print "wrong share:", $0 }' lines.txt
wc -l < out.txt
