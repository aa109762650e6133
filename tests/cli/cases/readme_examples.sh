# The README's examples run as written (here on a copy of data/, build/ex
# in the scratch directory) and write only under build/ex: each line's
# exit status, then the files made.
root="$IN/../../.."
cp -r "$root/data" data
sed -n '/^    mkdir -p build\/ex/,/help solve/p' "$root/README.md" |
    sed -e 's/^    //' -e 's/  *# .*//' -e "s|^build/sudoflow|\"\$SF\"|" > ex.sh
[ -s ex.sh ] || echo "no examples found in README.md"
while IFS= read -r line; do
    eval "$line" > /dev/null 2>&1
    echo "$?: $(echo "$line" | cut -d' ' -f1-2 | sed 's/"$SF"/sudoflow/')"
done < ex.sh
rm -rf data ex.sh
ls build/ex
ls | grep -v "^build$" || echo "nothing outside build/ex"
