# Baekjoon 2239: compact grid in, lexicographically smallest solution out.
"$SF" solve -q --lex "$IN/b2239.txt"
