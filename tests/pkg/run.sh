#!/bin/sh
# Tests of the installed package: `make install DESTDIR=... PREFIX=/usr`
# into a temporary directory, then, against that copy only:
#   - the expected files are there, the libraries' links and soname right;
#   - the shared library exports every function of sudoflow.h and nothing
#     else (nm -D);
#   - tests/pkg/example.c builds with `pkg-config --cflags --libs sudoflow`
#     against the shared library and with `pkg-config --static` against
#     the static one (ldd: no libsudoflow.so needed), and both copies run;
#   - every copy of the version is SF_VERSION: the binary's, the
#     library's, pkg-config's, the man pages', the Python package's
#     (tests/pkg/version.sh);
#   - the man pages render without warnings (groff -ww, man -l) and
#     document exactly the options of each command's --help;
#   - the bash completion completes (tests/pkg/completion.sh, whose lines
#     show as it runs);
#   - `make uninstall` leaves no file behind.
# Usage: sh tests/pkg/run.sh MAKE BUILD [CC]   (make pkg-test runs it)
#
# shellcheck disable=SC2015,SC2016,SC2086
# (`test && ok || fail`: ok cannot fail; compiler flags are word lists;
# ${prefix} in single quotes is pkg-config's, not the shell's)
set -eu
make=$1
build=$2
cc=${3:-cc}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudoflow-pkg.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
root=$tmp/root
fails=0
pass=0

ok() { pass=$((pass + 1)); }
fail() {
    echo "FAIL pkg: $*"
    fails=$((fails + 1))
}
check() { # check WHAT COMMAND...: run it quietly, fail with WHAT
    what=$1
    shift
    if "$@" >"$tmp/out" 2>&1; then ok; else
        fail "$what"
        sed 's/^/    /' "$tmp/out" | head -20
    fi
}

version=$(sed -n 's/^#define SF_VERSION "\(.*\)"/\1/p' "$top/src/sudoflow.h")
major=${version%%.*}
echo "== install into $root (PREFIX=/usr)"
$make -s -C "$top" BUILD="$build" install DESTDIR="$root" PREFIX=/usr \
    >"$tmp/install.log" 2>&1 || {
    cat "$tmp/install.log"
    echo "FAIL pkg: make install"
    exit 1
}
usr=$root/usr
for f in bin/sudoflow include/sudoflow.h lib/libsudoflow.a \
    lib/libsudoflow.so.$version lib/pkgconfig/sudoflow.pc \
    share/bash-completion/completions/sudoflow share/man/man1/sudoflow.1; do
    if [ -f "$usr/$f" ]; then ok; else fail "not installed: $f"; fi
done
for page in "$top"/man/*.1; do
    [ -f "$usr/share/man/man1/$(basename "$page")" ] && ok ||
        fail "man page not installed: $(basename "$page")"
done
[ "$(readlink "$usr/lib/libsudoflow.so")" = "libsudoflow.so.$major" ] &&
    [ "$(readlink "$usr/lib/libsudoflow.so.$major")" = \
        "libsudoflow.so.$version" ] && ok ||
    fail "links: libsudoflow.so -> .so.$major -> .so.$version expected"
soname=$(readelf -d "$usr/lib/libsudoflow.so.$version" |
    sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libsudoflow.so.$major" ] && ok ||
    fail "soname '$soname', expected libsudoflow.so.$major"

echo "== one version"
# every copy of the version (the binary's, the library's, pkg-config's,
# the man pages', the Python package's) is SF_VERSION
check "a copy of the version differs from SF_VERSION" \
    sh "$here/version.sh" "$top" "$usr"

echo "== exported symbols"
# The functions sudoflow.h declares (each must be marked SF_API), and the
# symbols the shared library exports: the two lists must be equal.
awk '/^[A-Za-z_].*[ *]sf_[a-z0-9_]+ *\(/ && !/^typedef/ {
        if ($0 !~ /^SF_API /) print "UNMARKED", $0
        match($0, /sf_[a-z0-9_]+ *\(/)
        s = substr($0, RSTART, RLENGTH); sub(/ *\($/, "", s); print s
    }' "$usr/include/sudoflow.h" | sort >"$tmp/declared"
if grep '^UNMARKED' "$tmp/declared"; then
    fail "functions declared in sudoflow.h without SF_API (not exported)"
fi
# (clang's OpenMP makes the lock of its reductions, named
# .gomp_critical_user_*, program-wide on purpose; a name that no C code can
# use, so it is left out)
nm -D --defined-only "$usr/lib/libsudoflow.so.$version" |
    awk '$NF !~ /^\.gomp_critical_user_/ { print $NF }' | sort >"$tmp/exported"
grep -v '^sf_' "$tmp/exported" >"$tmp/foreign" && {
    fail "symbols without the sf_ prefix exported:"
    sed 's/^/    /' "$tmp/foreign" | head -20
}
grep -v '^UNMARKED' "$tmp/declared" | comm -3 - "$tmp/exported" >"$tmp/diff"
if [ -s "$tmp/diff" ]; then
    fail "declared (left) and exported (right) functions differ:"
    sed 's/^/    /' "$tmp/diff" | head -20
else ok; fi
echo "   $(wc -l <"$tmp/exported") functions exported"

echo "== pkg-config and the example program"
PKG_CONFIG_PATH=$usr/lib/pkgconfig
PKG_CONFIG_SYSROOT_DIR=$root
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
v=$(pkg-config --modversion sudoflow) && [ "$v" = "$version" ] && ok ||
    fail "pkg-config --modversion: '$v', expected $version"
grep -qx 'prefix=/usr' "$usr/lib/pkgconfig/sudoflow.pc" && ok ||
    fail "sudoflow.pc: $(head -1 "$usr/lib/pkgconfig/sudoflow.pc")"
flags=$(pkg-config --cflags --libs sudoflow)
sflags=$(pkg-config --static --cflags --libs sudoflow)
echo "   shared: $flags"
echo "   static: $sflags"
cflags="-std=c11 -Wall -Wextra -Werror"
check "build the example against the shared library" \
    "$cc" $cflags -o "$tmp/example-shared" "$here/example.c" $flags
check "run the example (shared)" \
    env LD_LIBRARY_PATH="$usr/lib" "$tmp/example-shared"
ldd=$(LD_LIBRARY_PATH=$usr/lib ldd "$tmp/example-shared" 2>&1 || true)
case $ldd in
*"libsudoflow.so.$major => $usr/lib/"*) ok ;;
*) fail "example-shared does not load the installed library: $ldd" ;;
esac
# the static archive, found through pkg-config's -L: -l:libsudoflow.a
# names the archive itself, so the shared library beside it is not taken
sflags=$(printf '%s\n' "$sflags" | sed 's/-lsudoflow\b/-l:libsudoflow.a/')
check "build the example against the static library" \
    "$cc" $cflags -o "$tmp/example-static" "$here/example.c" $sflags
check "run the example (static)" "$tmp/example-static"
if ldd "$tmp/example-static" 2>&1 | grep -q libsudoflow ||
    readelf -d "$tmp/example-static" | grep -q 'NEEDED.*libsudoflow'; then
    fail "example-static needs libsudoflow.so"
else ok; fi
# the header from C++ too (its extern "C"), when there is a C++ compiler
if command -v c++ >/dev/null 2>&1; then
    check "build the example as C++" c++ -std=c++11 -Wall -Wextra -Werror \
        -o "$tmp/example-cxx" -x c++ "$here/example.c" -x none $flags
    check "run the example (C++)" \
        env LD_LIBRARY_PATH="$usr/lib" "$tmp/example-cxx"
fi

echo "== man pages"
if command -v groff >/dev/null 2>&1 && command -v man >/dev/null 2>&1; then
    for page in "$usr"/share/man/man1/*.1; do
        name=$(basename "$page")
        LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$page" >"$tmp/warn" 2>&1
        [ -s "$tmp/warn" ] && fail "groff warns on $name: $(head -3 "$tmp/warn")"
        MANWIDTH=80 man -l "$page" >"$tmp/page" 2>"$tmp/warn" &&
            [ -s "$tmp/page" ] && [ ! -s "$tmp/warn" ] && ok ||
            fail "man -l $name: $(head -3 "$tmp/warn")"
    done
else
    echo "   (groff or man is missing: rendering not checked;" \
        "apt-get install groff-base man-db)"
fi
# Every command's page documents exactly the options of its --help.
cmds=$("$usr/bin/sudoflow" --help |
    awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }')
[ -n "$cmds" ] || fail "no commands in sudoflow --help"
for cmd in $cmds; do
    page=$usr/share/man/man1/sudoflow-$cmd.1
    [ -f "$page" ] || {
        fail "no man page for command $cmd"
        continue
    }
    "$usr/bin/sudoflow" "$cmd" --help |
        grep -o -- '--[a-z][a-z0-9-]*' | sort -u >"$tmp/help-opts"
    # the page's .TP headings are the options it documents
    awk '/^\.TP/ { getline; print }' "$page" |
        grep -o -- '\\-\\-[a-z][a-z0-9\\-]*' | sed 's/\\//g' |
        sort -u >"$tmp/man-opts"
    comm -3 "$tmp/help-opts" "$tmp/man-opts" >"$tmp/diff"
    if [ -s "$tmp/diff" ]; then
        fail "sudoflow-$cmd.1 and 'sudoflow $cmd --help' differ in options" \
            "(left: only in --help, right: only in the page):"
        sed 's/^/    /' "$tmp/diff"
    else ok; fi
done

echo "== bash completion"
if command -v bash >/dev/null 2>&1; then
    # its own lines as it goes (a few seconds, more on a busy machine)
    if bash "$here/completion.sh" \
        "$usr/share/bash-completion/completions/sudoflow" "$usr/bin"; then
        ok
    else fail "completion"; fi
else
    echo "   (bash is missing: completion not checked)"
fi

echo "== uninstall"
$make -s -C "$top" BUILD="$build" uninstall DESTDIR="$root" PREFIX=/usr \
    >"$tmp/uninstall.log" 2>&1 || fail "make uninstall: $(cat "$tmp/uninstall.log")"
left=$(find "$root" ! -type d)
[ -z "$left" ] && ok || fail "left after uninstall: $left"

echo "== other directories (PREFIX=/opt/sf LIBDIR=/opt/sf/lib64)"
dirs="PREFIX=/opt/sf LIBDIR=/opt/sf/lib64 MANDIR=/opt/sf/man"
$make -s -C "$top" BUILD="$build" install DESTDIR="$root" $dirs \
    >"$tmp/install.log" 2>&1 || fail "make install $dirs"
pc=$root/opt/sf/lib64/pkgconfig/sudoflow.pc
grep -qx 'prefix=/opt/sf' "$pc" && grep -qx 'libdir=${prefix}/lib64' "$pc" &&
    ok || fail "sudoflow.pc for $dirs: $(head -3 "$pc" 2>&1)"
for f in opt/sf/lib64/libsudoflow.so.$version opt/sf/man/man1/sudoflow.1 \
    opt/sf/share/bash-completion/completions/sudoflow; do
    [ -f "$root/$f" ] && ok || fail "$dirs: $f not installed"
done
$make -s -C "$top" BUILD="$build" uninstall DESTDIR="$root" $dirs \
    >"$tmp/uninstall.log" 2>&1 || fail "make uninstall $dirs"
left=$(find "$root" ! -type d)
[ -z "$left" ] && ok || fail "left after uninstall ($dirs): $left"

echo "pkg: $pass passed, $fails failed"
[ "$fails" = 0 ]
