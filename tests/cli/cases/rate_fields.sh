# rate: status and clues for every record; a rating with two decimals and
# a level only for puzzles with a solution, empty fields otherwise; invalid
# records keep their output line.  Same output at any -j.
"$SF" rate -q --fields status,clues,rating,level "$IN/mixed.txt" > a.txt
"$SF" rate -q -j3 --chunk 1 --fields status,clues,rating,level \
    "$IN/mixed.txt" > b.txt
cmp a.txt b.txt && echo same
cut -d, -f1,2 a.txt
awk -F, '($1 == "unique" || $1 == "multiple") && $3 !~ /^[0-9]+\.[0-9][0-9]$/ { print "bad rating: " $0 }
         ($1 == "unique" || $1 == "multiple") && $4 !~ /^(singles|locked|subsets|fish|guess)$/ { print "bad level: " $0 }
         ($1 == "unsolvable" || $1 == "invalid") && ($3 != "" || $4 != "") { print "not empty: " $0 }' a.txt
"$SF" rate -q --header "$IN/ten.txt" | head -n 1
"$SF" rate -q --fields puzzle,line "$IN/mixed.txt" | sed -n 2p
