# A missing input file is an I/O error naming it.
"$SF" solve -q nosuch.txt
