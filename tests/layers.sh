#!/bin/sh
# The shape of the source tree (make test's "layers" stage): src/ is a
# stack of layers, one folder each, listed from the top in the table of
# docs/architecture.md's "Layers" section (read from there: the list is
# written once).  The checks:
#   - every folder of src/ is a layer of the list, and every file of src/
#     is in one (but the public header, src/sudoflow.h);
#   - a file includes only headers of its own layer or of layers below it
#     (src/sudoflow.h, the contract every layer implements a part of, is
#     open to all), and a header named *_internal.h only from its folder;
#   - no loop of includes between headers;
#   - with OBJ_DIR (the build's objects, build/obj): what each object file
#     calls or reads of another (by symbol) is in its own layer or below,
#     and there is no loop of such calls between files.
# A planted upward include in a copy of the tree must make the include
# check fail (the self-test at the end), so that the check cannot decay.
#
#   sh tests/layers.sh [OBJ_DIR]
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
objs=${1:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# layers, lowest first, one a line
awk '/^## Layers/ { on = 1; next } /^## / { on = 0 }
     on && /^\| `[a-z\/]+\/` \|/ { s = $2; gsub(/[`\/]$/, "", s); gsub(/`/, "", s)
                                   sub(/\/$/, "", s); print s }' \
    "$root/docs/architecture.md" | awk '{ l[NR] = $0 } END {
        for (i = NR; i >= 1; i--) print l[i] }' > "$tmp/layers"
if [ ! -s "$tmp/layers" ]; then
    echo "layers: no layer table in docs/architecture.md"
    exit 1
fi

# check SRC_DIR: the include rules over a source tree; prints each fault,
# returns 1 when there is one
check_includes() {
    src=$1
    (cd "$src" && find . -name '*.[ch]' | sed 's|^\./||' | sort) > "$tmp/files"
    # file: its includes, resolved as the compiler does (its own folder
    # first, then src/)
    while IFS= read -r f; do
        d=$(dirname "$f")
        sed -n 's/^#include "\([^"]*\)".*/\1/p' "$src/$f" | while IFS= read -r h; do
            if [ -f "$src/$d/$h" ] && [ "$d" != . ]; then
                echo "$f $d/$h"
            elif [ -f "$src/$h" ]; then
                echo "$f $h"
            else
                echo "$f ?$h"
            fi
        done
    done < "$tmp/files" > "$tmp/incs"
    awk -v layers="$tmp/layers" -v files="$tmp/files" '
    function layer(p,  d) { d = p; sub(/\/[^\/]*$/, "", d); return p ~ /\// ? d : "." }
    BEGIN {
        while ((getline l < layers) > 0) rank[l] = ++n
        while ((getline f < files) > 0) {
            L = layer(f)
            if (L != "." && !(L in rank)) { print "layers: " f ": folder " L " is not a layer of docs/architecture.md"; bad = 1 }
            if (L == "." && f != "sudoflow.h") { print "layers: " f ": every file but sudoflow.h belongs in a layer folder"; bad = 1 }
        }
    }
    {
        from = $1; to = $2
        if (to ~ /^\?/) { print "layers: " from " includes " substr(to, 2) ", which is not in src/"; bad = 1; next }
        lf = layer(from); lt = layer(to)
        if (to == "sudoflow.h") next
        if (rank[lt] > rank[lf]) { print "layers: " from " (" lf ") includes " to " of a higher layer (" lt ")"; bad = 1 }
        if (to ~ /_internal\.h$/ && lt != lf) { print "layers: " from " includes " to ", internal to " lt; bad = 1 }
        if (to ~ /\.h$/ && from ~ /\.h$/) edge[from] = edge[from] " " to
    }
    END {
        # loops between headers: take away headers that include none left
        for (h in edge) left[h] = 1
        do {
            gone = 0
            for (h in left) {
                n = split(edge[h], e, " "); keep = 0
                for (i = 1; i <= n; i++) if (e[i] in left) keep = 1
                if (!keep) { delete left[h]; gone = 1 }
            }
        } while (gone)
        for (h in left) { print "layers: " h " is in a loop of includes"; bad = 1 }
        exit bad
    }' "$tmp/incs"
}

# check_calls OBJ_DIR: the call rules over the objects of a build
check_calls() {
    (cd "$1" && find . -name '*.o' | sed 's|^\./||' | sort) > "$tmp/objs"
    while IFS= read -r o; do
        nm "$1/$o" | awk -v o="$o" 'NF == 3 && $2 ~ /[TDBRC]/ { print "D", o, $3 }
                                    NF == 2 && $1 == "U" { print "U", o, $2 }'
    done < "$tmp/objs" > "$tmp/syms"
    awk -v layers="$tmp/layers" '
    function layer(o,  d) { d = o; sub(/\/[^\/]*$/, "", d)
        if (o == "mpi/cli_main.o") return "cli"   # src/cli/main.c, renamed
        return d }
    BEGIN { while ((getline l < layers) > 0) rank[l] = ++n }
    $1 == "D" { def[$3] = $2; next }
    { use[++m] = $2 " " $3 }
    END {
        for (i = 1; i <= m; i++) {
            split(use[i], u, " "); from = u[1]; s = u[2]
            if (!(s in def) || def[s] == from) continue
            to = def[s]
            if (rank[layer(to)] > rank[layer(from)]) {
                print "layers: " from " calls " s " of " to ", a higher layer"; bad = 1
            }
            if (!index(edge[from], " " to " ")) edge[from] = edge[from] " " to " "
        }
        for (f in edge) left[f] = 1
        do {
            gone = 0
            for (f in left) {
                k = split(edge[f], e, " "); keep = 0
                for (i = 1; i <= k; i++) if (e[i] in left) keep = 1
                if (!keep) { delete left[f]; gone = 1 }
            }
        } while (gone)
        for (f in left) { print "layers: " f " is in a loop of calls:" edge[f]; bad = 1 }
        exit bad
    }' "$tmp/syms"
}

fail=0
check_includes "$root/src" || fail=1
echo "layers: $(wc -l < "$tmp/files") files of $(wc -l < "$tmp/layers") layers, $(wc -l < "$tmp/incs") includes checked"
if [ -n "$objs" ]; then
    check_calls "$objs" || fail=1
    echo "layers: calls between the $(wc -l < "$tmp/objs") objects of $objs checked"
fi
# the self-test: an include of the command line's header from the core
mkdir "$tmp/planted"
cp -R "$root/src/." "$tmp/planted/"
printf '#include "cli/cli.h"\n' >> "$tmp/planted/core/tables.c"
if check_includes "$tmp/planted" > "$tmp/planted.out"; then
    echo "layers: FAIL: the check missed an include planted in core/tables.c"
    fail=1
elif ! grep -q 'core/tables.c (core) includes cli/cli.h' "$tmp/planted.out"; then
    echo "layers: FAIL: the planted include was reported as: $(cat "$tmp/planted.out")"
    fail=1
fi
[ "$fail" = 0 ] && echo "layers: passed"
[ "$fail" = 0 ]
