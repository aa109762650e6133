# -f replaces an existing file as zstd -f does: through a symbolic link the
# link itself is replaced (its target is left alone), a read-only file is
# replaced too, and the new file has the usual permissions.  Without -f
# neither is touched.  A name too long to extend with the temporary
# suffix still works (the temporary file is then .sudoflow.tmp-XXXXXX).
umask 022
echo target > target.txt
ln -s target.txt link.txt
"$SF" solve -q -o link.txt "$IN/ten.txt"; echo "link without -f: rc=$?"
"$SF" solve -q -f -o link.txt "$IN/ten.txt"; echo "link with -f: rc=$?"
[ -L link.txt ] || echo "link.txt is now a regular file"
cat target.txt
echo old > ro.txt
chmod 444 ro.txt
"$SF" solve -q -o ro.txt "$IN/ten.txt"; echo "read-only without -f: rc=$?"
"$SF" solve -q -f -o ro.txt "$IN/ten.txt"; echo "read-only with -f: rc=$?"
ls -l ro.txt | cut -c1-10
head -c 81 ro.txt; echo
long=$(printf '%0250d' 0).txt
"$SF" solve -q -o "$long" "$IN/ten.txt"; echo "254-character name: rc=$?"
cmp "$long" ro.txt && echo "same records"
echo "temporary files: $(ls -A | grep -c tmp)"
