# Baekjoon 2580: space-separated grid in, the judge's expected output out.
"$SF" solve -q "$IN/b2580.txt"
