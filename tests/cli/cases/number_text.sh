# One rule for numbers in options: plain decimal text, nothing around it.
# " 5" was taken for --limit while "5 " was refused; now both are, as are
# "+5", hex and inf, for integers and for decimals alike.
t() { "$SF" "$@" > /dev/null 2>&1; echo "$*: $?" | sed "s|$IN/||"; }
for v in 5 " 5" "5 " +5 0x10; do t solve -q --limit "$v" "$IN/ten.txt"; done
for v in 0.5 " 0.5" "0.5 " inf 1e-1; do
    t split -q --test-fraction "$v" --train a.txt --test b.txt -f "$IN/ten.txt"
done
