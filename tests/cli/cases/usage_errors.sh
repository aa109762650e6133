# Usage errors exit 1, each with a message.
for args in "--bogus" "--limit x" "--kernel nope" "--fields puzzle,nope" \
    "--in-format xml" "--out-format csv" "-j 4097" "--level 12"; do
    "$SF" solve $args /dev/null
    echo "$args: $?"
done
"$SF"; echo "none: $?"
"$SF" frobnicate; echo "frobnicate: $?"
"$SF" bench; echo "bench: $?"
