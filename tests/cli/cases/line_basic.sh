# One puzzle per line in, one solution per line out, in input order.
"$SF" solve -q "$IN/ten.txt"
