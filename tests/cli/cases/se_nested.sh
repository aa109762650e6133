# SE's nested forcing chains: the public puzzles that SE rates 9.4 to 10.4
# (tests/data/public.csv, from data/se/shared_ratings.csv), among them one
# that needs the first level of nesting ("(+)", 9.8) and seven that need
# the second ("(+ Forcing Chains)", 10.2-10.4), get exactly SE's rating,
# with or without the public sets beside the repository.  (Those above,
# which need the deeper levels and take seconds each, are checked by
# `make check`.)
SF_DATA= sh "$IN/../../se/se_compare.sh" --min-se 9.4 --max-se 10.4 --exact "$SF" > report.txt
echo "exit $?"
grep '^differs' report.txt
awk '$1 == "all" { print "puzzles", $2, "exact", $3 "%" }' report.txt
