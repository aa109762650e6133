# An unknown kernel, alone or in a list, is a usage error (exit 1) that
# lists the known kernels, before anything is measured; every kernel
# listed is one that --kernel accepts.
"$SF" bench --csv --seconds 0 --kernel nope "$IN/ten.txt" >out 2>err
echo "nope: $? $(wc -c <out)"
k1=$(awk '/^  / { print $1; exit }' err)
"$SF" bench --csv --seconds 0 --kernel "$k1,nope" "$IN/ten.txt" >out 2>>err
echo "list with nope: $? $(wc -c <out)"
"$SF" bench --seconds 0 --kernel , "$IN/ten.txt" 2>>err
echo "empty list: $?"
awk '/^  / { print $1 }' err | sort -u >names
[ -s names ] && echo "kernels listed"
while read -r k; do
    "$SF" bench --csv --seconds 0 -j1 --kernel "$k" "$IN/ten.txt" \
        >/dev/null 2>&1 || echo "listed but rejected: $k"
done <names
cat err >&2
