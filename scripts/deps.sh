#!/bin/sh
# Checks that the build dependencies are present: a C compiler with OpenMP,
# zlib and cmocka headers.  Missing Debian packages are installed when run
# as root with apt-get available; otherwise the exact packages are named.
cc=${CC:-cc}
missing=""
have_header() {
    printf '#include <%s>\n' "$1" | "$cc" -E -x c - >/dev/null 2>&1
}
have_header zlib.h || missing="$missing zlib1g-dev"
have_header cmocka.h || missing="$missing libcmocka-dev"
printf 'int main(void){return 0;}\n' | "$cc" -fopenmp -x c -o /dev/null - \
    >/dev/null 2>&1 || missing="$missing libgomp1"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing:$missing" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq $missing >/dev/null && exit 0
fi
echo "missing build dependencies; install them with:" >&2
echo "    sudo apt-get install$missing" >&2
exit 1
