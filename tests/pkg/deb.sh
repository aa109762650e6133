#!/bin/sh
# The Debian packages, built and tested as a user would get them (make
# deb-test, part of make check):
#   - the release tarball (make dist) unpacked in a temporary directory
#     outside the tree, and `dpkg-buildpackage -us -uc -b` there (debian/:
#     a PORTABLE=1 build with dpkg-buildflags' flags), whose compiler must
#     print no warning and no note (a package build is read by others);
#   - each package holds what it should (dpkg-deb -c);
#   - the three installed into the system with dpkg -i; the installed
#     sudoflow solves a puzzle, tests/pkg/example.c builds against
#     libsudoflow-dev through pkg-config (shared and static) and runs,
#     every copy of the version is SF_VERSION (tests/pkg/version.sh), the
#     man pages are found; then apt-get remove takes them all away again;
#   - lintian on the packages, when it is installed: its warnings are
#     shown, an error fails the test.
# Installing needs root, building dpkg-buildpackage and debhelper (sh
# scripts/deps.sh deb installs them): without them the test is skipped
# with the reason.  Packages of sudoflow already installed, or files of
# `make install` under /usr, are never replaced: the test then stops after
# the build and the listings, saying so.
#
#   sh tests/pkg/deb.sh TARBALL              build in a temporary directory, test
#   sh tests/pkg/deb.sh --build TARBALL DIR  only build, the packages into DIR
#                                            (make deb)
#
# shellcheck disable=SC2015,SC2086
# (`test && ok || fail`: ok cannot fail; flags are word lists)
set -u
build_only=""
if [ "${1:-}" = --build ]; then
    build_only=1
    shift
fi
tarball=${1:?usage: sh tests/pkg/deb.sh [--build] TARBALL [DIR]}
tarball=$(cd "$(dirname "$tarball")" && pwd)/$(basename "$tarball")
here=$(cd "$(dirname "$0")" && pwd)
skip() {
    echo "deb-test: skipped, $*"
    exit 0
}
command -v dpkg-buildpackage >/dev/null 2>&1 && command -v dh >/dev/null 2>&1 ||
    skip "no dpkg-buildpackage or dh (sh scripts/deps.sh deb installs them)"
[ -n "$build_only" ] || [ "$(id -u)" = 0 ] ||
    skip "installing the packages needs root"

if [ -n "$build_only" ]; then
    out=${2:?usage: sh tests/pkg/deb.sh --build TARBALL DIR}
    rm -rf "$out"
    mkdir -p "$out"
    out=$(cd "$out" && pwd)
    tmp=""
else
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudoflow-deb.XXXXXX")
    out=$tmp
fi
fails=0
pass=0
ok() { pass=$((pass + 1)); }
fail() {
    echo "FAIL deb: $*"
    fails=$((fails + 1))
}
installed=""
cleanup() {
    if [ -n "$installed" ]; then
        echo "== apt-get remove $installed"
        DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq $installed \
            >/dev/null 2>&1 || echo "FAIL deb: apt-get remove $installed"
    fi
    # a failed test keeps its directory (the build log) to look into
    if [ -n "$tmp" ] && [ "$fails" = 0 ]; then rm -rf "$tmp"
    elif [ -n "$tmp" ]; then echo "deb: the build and its log are in $tmp"; fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A package build is the package's own: none of the calling make's
# switches or jobs, but every core (unless DEB_BUILD_OPTIONS says).
unset MAKEFLAGS MFLAGS MAKELEVEL CFLAGS CPPFLAGS LDFLAGS OPTFLAGS PORTABLE \
    WERROR asan tsan fuzz BUILD
case ${DEB_BUILD_OPTIONS:-} in
*parallel=*) ;;
*) DEB_BUILD_OPTIONS="${DEB_BUILD_OPTIONS:+$DEB_BUILD_OPTIONS }parallel=$(nproc)" ;;
esac
export DEB_BUILD_OPTIONS

tar -xzf "$tarball" -C "$out" || exit 1
src=$(find "$out" -mindepth 1 -maxdepth 1 -type d -name 'sudoflow-*')
[ -d "$src/debian" ] || {
    echo "FAIL deb: $tarball has no debian/"
    exit 1
}
echo "== dpkg-buildpackage -us -uc -b in $src ($DEB_BUILD_OPTIONS)"
t0=$(date +%s)
# the log as it comes would be thousands of lines: a line every 5 s instead
(cd "$src" && dpkg-buildpackage -us -uc -b >"$out/build.log" 2>&1) &
pid=$!
while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    t=$(($(date +%s) - t0))
    [ $((t % 5)) = 0 ] && [ "$t" -gt 0 ] &&
        echo "   $(grep -c '' "$out/build.log") lines of build log, $t s"
done
if wait "$pid"; then ok; else
    tail -n 40 "$out/build.log"
    fail "dpkg-buildpackage (log: $out/build.log)"
    exit 1
fi
echo "   built in $(($(date +%s) - t0)) s:" \
    "$(cd "$out" && ls -- *.deb | tr '\n' ' ')"
# what the build's tests said (debian/rules runs unit, crosscheck, cli)
grep -E '^(crosscheck: [0-9]+ passed|cli: [0-9]+ passed)' "$out/build.log" |
    sed 's/^/   /'
echo "   $(grep -c '^\[  PASSED  \]' "$out/build.log") unit test programs passed"
# the compiler's own diagnostics, not the golden tests' expected messages
grep -E '^(src|tests)/[^ ]*:[0-9]+:[0-9]+: (warning|note):' "$out/build.log" \
    >"$out/diag" && {
    fail "the compiler warns during the package build:"
    sed 's/^/    /' "$out/diag" | head -20
}
[ -n "$build_only" ] && {
    echo "deb: packages in $out"
    exit "$fails"
}

version=$(sed -n 's/^#define SF_VERSION "\(.*\)"$/\1/p' "$src/src/sudoflow.h")
arch=$(dpkg --print-architecture)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
deb() { echo "$out/${1}_${version}_$arch.deb"; }
echo "== contents (dpkg-deb -c)"
has() { # has PACKAGE PATH...: each PATH is in PACKAGE
    p=$1
    shift
    [ -f "$(deb "$p")" ] || {
        fail "no package $(basename "$(deb "$p")")"
        return
    }
    dpkg-deb -c "$(deb "$p")" | awk '{ print $6 }' | sed 's,^\.,,' \
        >"$out/list-$p"
    for f in "$@"; do
        grep -qx -- "$f" "$out/list-$p" && ok || fail "$p lacks $f"
    done
}
lib=/usr/lib/$multiarch
has sudoflow /usr/bin/sudoflow /usr/share/man/man1/sudoflow.1.gz \
    /usr/share/man/man1/sudoflow-solve.1.gz \
    /usr/share/bash-completion/completions/sudoflow
has libsudoflow0 "$lib/libsudoflow.so.$version" "$lib/libsudoflow.so.${version%%.*}"
has libsudoflow-dev /usr/include/sudoflow.h "$lib/libsudoflow.a" \
    "$lib/libsudoflow.so" "$lib/pkgconfig/sudoflow.pc"
# no file in two packages, none outside /usr
cat "$out"/list-* | grep -v '/$' | sort | uniq -d >"$out/dup"
[ -s "$out/dup" ] && fail "files in two packages: $(cat "$out/dup")" || ok
cat "$out"/list-* | grep -v '^/$' | grep -v '^/usr/' >"$out/outside"
[ -s "$out/outside" ] && fail "files outside /usr: $(cat "$out/outside")" || ok
dpkg-deb -f "$(deb sudoflow)" Depends | grep -q libsudoflow &&
    fail "sudoflow depends on the shared library (it links it statically)" || ok

if command -v lintian >/dev/null 2>&1; then
    echo "== lintian"
    lintian --tag-display-limit 0 "$out"/*.changes >"$out/lintian" 2>&1
    grep -E '^[WI]: ' "$out/lintian" | sed 's/^/   /'
    if grep -q '^E: ' "$out/lintian"; then
        fail "lintian errors:"
        grep '^E: ' "$out/lintian" | sed 's/^/    /'
    else ok; fi
else
    echo "   (lintian is not installed: not run; sh scripts/deps.sh deb)"
fi

pkgs="sudoflow libsudoflow0 libsudoflow-dev"
there=""
for p in $pkgs; do
    dpkg -s "$p" >/dev/null 2>&1 && there="$there $p"
done
for f in /usr/bin/sudoflow /usr/include/sudoflow.h "$lib/libsudoflow.so" \
    /usr/lib/libsudoflow.so; do
    [ -e "$f" ] && [ -z "$(dpkg -S "$f" 2>/dev/null)" ] && there="$there $f"
done
if [ -n "$there" ]; then
    echo "deb: installing skipped: already on the system:$there"
    echo "deb: $pass passed, $fails failed"
    [ "$fails" = 0 ]
    exit
fi

echo "== dpkg -i $pkgs"
installed=$pkgs
if dpkg -i "$(deb sudoflow)" "$(deb libsudoflow0)" "$(deb libsudoflow-dev)" \
    >"$out/install.log" 2>&1; then ok; else
    cat "$out/install.log"
    fail "dpkg -i"
    exit 1
fi
[ "$(command -v sudoflow)" = /usr/bin/sudoflow ] && ok ||
    fail "sudoflow on PATH is $(command -v sudoflow), not /usr/bin/sudoflow"
puzzle="4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
solution="468931527751624839392578461134756298289413675675289314846192753513867942927345186"
got=$(echo "$puzzle" | /usr/bin/sudoflow solve 2>"$out/solve.err")
[ "$got" = "$solution" ] && ok || fail "sudoflow solve: '$got' $(cat "$out/solve.err")"
# the bundled sample: 2,000 solutions, each 81 digits
/usr/bin/sudoflow solve -o "$out/sample.txt" "$src/data/sample.txt.gz" \
    2>"$out/solve.err" &&
    [ "$(grep -c '^[1-9]\{81\}$' "$out/sample.txt")" = 2000 ] && ok ||
    fail "sudoflow solve data/sample.txt.gz: $(cat "$out/solve.err")"
if sh "$here/version.sh" "$src" /usr "$lib" >"$out/version" 2>&1; then ok; else
    fail "a copy of the version differs from SF_VERSION:"
    sed 's/^/    /' "$out/version"
fi
if command -v man >/dev/null 2>&1; then
    [ "$(man -w sudoflow-solve 2>/dev/null)" = \
        /usr/share/man/man1/sudoflow-solve.1.gz ] && ok ||
        fail "man -w sudoflow-solve: $(man -w sudoflow-solve 2>&1)"
fi

echo "== tests/pkg/example.c against libsudoflow-dev (pkg-config)"
cc=${CC:-cc}
flags=$(pkg-config --cflags --libs sudoflow) && ok || fail "pkg-config sudoflow"
echo "   shared: $flags"
cflags="-std=c11 -Wall -Wextra -Werror"
"$cc" $cflags -o "$out/example-shared" "$here/example.c" $flags \
    >"$out/cc.log" 2>&1 && "$out/example-shared" >>"$out/cc.log" 2>&1 && ok ||
    fail "example against the shared library: $(cat "$out/cc.log")"
# (the loader may name the library by /lib, the same directory on a
# merged /usr)
loaded=$(ldd "$out/example-shared" 2>&1 |
    awk -v so="libsudoflow.so.${version%%.*}" '$1 == so { print $3 }')
[ -n "$loaded" ] && [ "$(readlink -f "$loaded")" = \
    "$(readlink -f "$lib/libsudoflow.so.${version%%.*}")" ] && ok ||
    fail "example-shared loads '$loaded', not $lib/libsudoflow.so.${version%%.*}"
sflags=$(pkg-config --static --cflags --libs sudoflow |
    sed 's/-lsudoflow\b/-l:libsudoflow.a/')
echo "   static: $sflags"
"$cc" $cflags -o "$out/example-static" "$here/example.c" $sflags \
    >"$out/cc.log" 2>&1 && "$out/example-static" >>"$out/cc.log" 2>&1 && ok ||
    fail "example against the static library: $(cat "$out/cc.log")"

echo "== apt-get remove $pkgs"
if DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq $pkgs \
    >"$out/remove.log" 2>&1; then
    installed=""
    ok
else
    fail "apt-get remove: $(cat "$out/remove.log")"
fi
for f in /usr/bin/sudoflow /usr/include/sudoflow.h "$lib/libsudoflow.so.$version"; do
    [ -e "$f" ] && fail "left after apt-get remove: $f" || ok
done

echo "deb: $pass passed, $fails failed"
[ "$fails" = 0 ]
