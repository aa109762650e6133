#!/bin/sh
# Checks that the build dependencies are present: a C compiler with OpenMP,
# zlib and cmocka headers.  Missing Debian packages are installed when run
# as root with apt-get available; otherwise the exact packages are named.
# ISA-L (libisal-dev) is optional: its inflate reads gzip input about 2.5
# times as fast as zlib's, and the Makefile uses it when it is installed and
# zlib otherwise.  It is added to an install that happens anyway, and its
# absence, or a failure to install it, never fails the build.  gnuplot-nox
# (for the `make bench` chart) is optional in the same way.
cc=${CC:-cc}
missing=""
optional=""
have_header() {
    printf '#include <%s>\n' "$1" | "$cc" -E -x c - >/dev/null 2>&1
}
apt_install() {
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
have_header zlib.h || missing="$missing zlib1g-dev"
have_header cmocka.h || missing="$missing libcmocka-dev"
printf 'int main(void){return 0;}\n' | "$cc" -fopenmp -x c -o /dev/null - \
    >/dev/null 2>&1 || missing="$missing libgomp1"
[ -z "$missing" ] && exit 0
have_header isa-l/igzip_lib.h || optional=" libisal-dev"
command -v gnuplot >/dev/null 2>&1 || optional="$optional gnuplot-nox"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing:$missing$optional" >&2
    apt-get update -qq && { apt_install $missing $optional ||
        apt_install $missing; } && exit 0
fi
echo "missing build dependencies; install them with:" >&2
echo "    sudo apt-get install$missing$optional" >&2
[ -n "$optional" ] &&
    echo "(optional: libisal-dev for faster gzip input, gnuplot-nox for the" \
        "make bench chart)" >&2
exit 1
