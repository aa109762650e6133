# Several grids with frames and blank lines; a malformed grid keeps its
# output slot (all '.') without upsetting the next one; output keeps each
# grid's style.
"$SF" solve -q "$IN/grids.txt"
