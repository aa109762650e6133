# The Sukaku Explainer reference ratings (data/se/sukaku_ratings.csv and
# sukaku_shared_ratings.csv, docs/se.md) rate the same puzzles as the
# classic files, in the same order, each with a rating of one decimal, a
# step name and a time; per band (by Sukaku Explainer's rating) the
# counts the docs give.
se=$IN/../../../data/se
awk -F, 'NR > 1 { print $1 }' "$se/ratings.csv" > classic
awk -F, 'NR > 1 { print $1 }' "$se/sukaku_ratings.csv" > sukaku
cmp -s classic sukaku && echo "own puzzles: those of ratings.csv, in order"
awk -F, 'NR > 1 { print $1 "," $2 }' "$se/shared_ratings.csv" > classic_shared
awk -F, 'NR > 1 { print $1 "," $2 }' "$se/sukaku_shared_ratings.csv" > sukaku_shared
grep -vxFf classic_shared sukaku_shared | wc -l | awk '{ print "shared lines not in shared_ratings.csv:", $1 }'
echo "shared lines: $(wc -l < sukaku_shared) of $(wc -l < classic_shared)"
head -1 "$se/sukaku_ratings.csv"
head -1 "$se/sukaku_shared_ratings.csv"
for f in sukaku_ratings.csv sukaku_shared_ratings.csv; do
    awk -F, -v f="$f" -v c="$([ $f = sukaku_ratings.csv ] && echo 2 || echo 3)" '
        NR > 1 && ($c !~ /^[0-9]+\.[0-9]$/ || $(c + 1) == "" ||
                   $(c + 2) !~ /^[0-9]+(\.[0-9]+)?$/) { bad++ }
        END { print f ": malformed rows", bad + 0 }' "$se/$f"
done
{
    awk -F, 'NR > 1 { print $2 }' "$se/sukaku_ratings.csv"
    awk -F, 'NR > 1 { print $3 }' "$se/sukaku_shared_ratings.csv"
} | awk '{ b = $1 < 2 ? "1-2" : $1 < 4 ? "2-4" : $1 < 6 ? "4-6" : $1 < 8 ? "6-8" : $1 < 9 ? "8-9" : "9+"; n[b]++ }
    END { split("1-2 2-4 4-6 6-8 8-9 9+", o, " ")
          for (i = 1; i <= 6; i++) print o[i], n[o[i]] + 0 }'
