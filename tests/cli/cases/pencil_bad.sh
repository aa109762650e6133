# Lines of a pencilmark file that are not pencilmark puzzles are invalid
# records, reported with file, line and reason: too few marks, a digit
# out of its place in a cell, a character that is no mark, too many.
# --strict stops at the first (exit 3).
good=$(printf '123456789%.0s' $(seq 81))
{
    echo "$good"
    echo "$good" | cut -c 1-728
    echo "$good" | sed 's/^12/21/'
    echo "$good" | sed 's/^1/x/'
    echo "${good}1"
    echo "$good,rest"
} > bad.txt
"$SF" solve -q --fields status bad.txt
"$SF" solve -q --strict bad.txt > /dev/null
echo "strict: exit $?"
