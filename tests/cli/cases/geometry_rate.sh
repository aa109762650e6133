# rate on other geometries: status, clues, rating (guesses of the count),
# the logic level over the geometry's units and guesses, in the input's
# form; the SE and card fields of classic 9x9 are errors naming the file
# and line, or the option when the geometry is named.
G="$IN/geometry"
"$SF" rate -q --fields puzzle,status,clues,rating,level,guesses "$G/4x4.txt"
"$SF" rate -q --fields status,clues,level "$G/6x6_grid.txt"
"$SF" rate -q --fields status,level "$G/16x16_numbers.txt"
"$SF" rate -q --regions @"$G/jigsaw9.map" --fields status,level "$G/jigsaw9.txt"
"$SF" rate -q --variant x --fields status,level,rating "$G/x9.txt"
"$SF" generate -q -n 60 --seed 3 --geometry 8x8 -o eight.txt
"$SF" rate -q --fields level eight.txt | sort | uniq -c | sed 's/^ *//'
"$SF" rate -q --fields puzzle,se "$G/6x6_grid.txt"; echo "se: exit $?"
"$SF" rate -q --fields puzzle,backdoor eight.txt; echo "backdoor: exit $?"
"$SF" rate -q --geometry 6x6 --fields step eight.txt; echo "step: exit $?"
