# sudoflow audit's usage errors (exit 1, before anything is read): no test
# set, nothing to compare it with, files not named by their set, a memory
# size that is not one, or too large to be one (1e12G once wrapped to a
# tiny sort buffer), a temporary directory that cannot be written (checked
# where the sorter will spill: --tmpdir, else $TMPDIR, else /tmp).
echo "12345678........................................................................." > p.txt
"$SF" audit --train p.txt; echo "exit $?"
"$SF" audit --test p.txt; echo "exit $?"
"$SF" audit --train p.txt --test p.txt p.txt; echo "exit $?"
"$SF" audit --train p.txt --test p.txt --memory 12Q; echo "exit $?"
"$SF" audit --train p.txt --test p.txt --memory 100K; echo "exit $?"
"$SF" audit --train p.txt --test p.txt --memory 1e12G; echo "exit $?"
"$SF" audit --train p.txt --test p.txt --memory 2000000G; echo "exit $?"
"$SF" audit -q --train p.txt --test p.txt --memory 1048576G > /dev/null
echo "exit $?"
"$SF" audit --train p.txt --test p.txt --tmpdir /nonexistent; echo "exit $?"
: > plain
"$SF" audit --train p.txt --test p.txt --tmpdir plain; echo "exit $?"
TMPDIR=/nonexistent "$SF" audit --train p.txt --test p.txt --tmpdir ""; echo "exit $?"
"$SF" audit -q --train p.txt --test p.txt --memory 2M; echo "exit $?"
