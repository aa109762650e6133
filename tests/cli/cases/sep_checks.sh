# --sep must keep every output line splittable into its fields: empty, a
# line end or another control character, and characters that fields hold
# (digits, letters, '.', '"', '-') are usage errors before anything is
# read; a tab, a space, ';' or ", " are fine.
nl=$(printf '\n_'); nl=${nl%_}
t() { "$SF" solve -q --fields puzzle,solution --sep "$1" "$IN/ten.txt" \
          > out.txt 2> err.txt
      echo "$2: exit $?, $(wc -l < out.txt) lines"; }
t "" empty
t "$nl" newline
t "$(printf '\r')" CR
t 5 digit
t '"' quote
t . dot
t x letter
t "$(printf '\t')" tab
t ' ' space
t ';' semicolon
t ', ' comma-space
