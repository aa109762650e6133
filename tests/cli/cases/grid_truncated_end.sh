# A grid file whose only grid is cut short at the end of the file (eight
# rows, no blank line after them): the grid is a record, invalid, with its
# output slot, and the file counts as one none of whose records is a
# puzzle (exit 3), as it does when a blank line ends the grid.
printf '53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n' > cut.txt
"$SF" solve -q cut.txt; echo "cut at the end: $?"
printf '\n' >> cut.txt
"$SF" solve -q cut.txt > /dev/null; echo "blank line after: $?"
