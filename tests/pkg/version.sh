#!/bin/sh
# The version is written once, as SF_VERSION in src/sudoflow.h; this checks
# that every other place that carries it says the same, so that a release
# cannot ship two versions:
#   - the installed `sudoflow --version` (its first line, "sudoflow X.Y.Z");
#   - the shared library's file name (libsudoflow.so.X.Y.Z) and soname
#     (libsudoflow.so.X);
#   - the pkg-config file's Version;
#   - every man page's .TH line ("sudoflow X.Y.Z");
#   - the Python package: the version python/setup.py computes, and
#     python/sudoflow/__init__.py's __version__;
#   - the Debian packages' version, the top entry of debian/changelog.
# The installed files are read under PREFIX (LIBDIR, default PREFIX/lib,
# holds the libraries and pkgconfig/); the Python and Debian files in the
# source tree TOP.  setup.py is run with the first of $PYTHON, python3 and
# /usr/bin/python3 that has setuptools, wheel and NumPy (its build needs
# them), and skipped with a note when there is none.
#
#   sh tests/pkg/version.sh TOP PREFIX [LIBDIR]
#
# (tests/pkg/run.sh runs it on a staged install, tests/pkg/deb.sh on the
# installed Debian packages.)
set -u
top=${1:?usage: sh tests/pkg/version.sh TOP PREFIX [LIBDIR]}
prefix=${2:?usage: sh tests/pkg/version.sh TOP PREFIX [LIBDIR]}
libdir=${3:-$prefix/lib}
fails=0
pass=0
ok() { pass=$((pass + 1)); }
fail() {
    echo "FAIL version: $*"
    fails=$((fails + 1))
}
same() { # same WHAT VALUE: VALUE must be the version
    if [ "$2" = "$version" ]; then ok; else
        fail "$1 says '$2', src/sudoflow.h says $version"
    fi
}

version=$(sed -n 's/^#define SF_VERSION "\(.*\)"$/\1/p' "$top/src/sudoflow.h")
[ -n "$version" ] || {
    echo "FAIL version: no SF_VERSION in $top/src/sudoflow.h"
    exit 1
}

v=$("$prefix/bin/sudoflow" --version 2>&1 | head -n 1)
same "sudoflow --version" "${v#sudoflow }"
[ "${v%% *}" = sudoflow ] && ok || fail "sudoflow --version: '$v'"

real=$(cd "$libdir" && ls libsudoflow.so.*.*.* 2>/dev/null)
same "the shared library's file name" "${real#libsudoflow.so.}"
soname=$(readelf -d "$libdir/$real" 2>/dev/null |
    sed -n 's/.*(SONAME).*\[libsudoflow\.so\.\(.*\)\]/\1/p')
same "the soname's major number" "$soname.${version#*.}"

pc=$(sed -n 's/^Version: *//p' "$libdir/pkgconfig/sudoflow.pc")
same "sudoflow.pc" "$pc"

pages=0
for page in "$prefix"/share/man/man1/sudoflow*.1 \
    "$prefix"/share/man/man1/sudoflow*.1.gz; do # (a package compresses them)
    [ -f "$page" ] || continue
    pages=$((pages + 1))
    case $page in
    *.gz) th=$(gzip -dc "$page" | sed -n 's/^\.TH .* "sudoflow \([^"]*\)".*/\1/p') ;;
    *) th=$(sed -n 's/^\.TH .* "sudoflow \([^"]*\)".*/\1/p' "$page") ;;
    esac
    same "$(basename "$page")" "$th"
done
[ "$pages" -gt 0 ] && ok || fail "no man pages in $prefix/share/man/man1"

init=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$top/python/sudoflow/__init__.py")
same "python/sudoflow/__init__.py's __version__" "$init"
py=""
for p in ${PYTHON:-python3 /usr/bin/python3}; do
    if "$p" -c 'import setuptools, wheel, numpy' >/dev/null 2>&1; then
        py=$p
        break
    fi
done
if [ -n "$py" ]; then
    # from a directory of its own: setuptools may leave files where it runs
    work=$(mktemp -d "${TMPDIR:-/tmp}/sudoflow-version.XXXXXX")
    sv=$(cd "$work" && "$py" "$top/python/setup.py" --version 2>/dev/null |
        tail -n 1)
    rm -rf "$work"
    same "python/setup.py --version" "$sv"
else
    echo "   (no python3 with setuptools, wheel and numpy: python/setup.py's" \
        "version not checked; sh scripts/deps.sh python)"
fi

deb=$(sed -n '1s/^sudoflow (\([^)]*\)).*/\1/p' "$top/debian/changelog")
same "debian/changelog" "$deb"

echo "version: $pass checked, $fails differ from SF_VERSION $version"
[ "$fails" = 0 ]
