# Empty input: no records, success; --header still prints the names.
"$SF" solve -q < /dev/null
echo "rc=$?"
printf '# only a comment\n\n' | "$SF" solve -q --header --fields puzzle,status
