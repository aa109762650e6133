# Every status in one file; comments, CRLF, blank lines, a kept rest that
# needs quoting; invalid records keep their output slot.
"$SF" solve -q --count --lex --fields puzzle,solution,status,count,line \
    --header "$IN/mixed.txt"
