# --strict to stdout: the records before the first invalid one are still
# written, then the run stops with exit 3.
"$SF" solve -q --strict --count --lex --fields status,solution "$IN/mixed.txt"
