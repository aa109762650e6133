#!/bin/sh
# Checks that what a make target needs is installed, and installs what is
# missing with apt-get when run as root (otherwise it names the exact
# packages).  Each target asks only for what it uses:
#
#   sh scripts/deps.sh          make, make run: a C compiler with OpenMP, zlib,
#                               jansson (f-puzzles JSON)
#   sh scripts/deps.sh test     make test: the above, cmocka, and pkg-config
#                               (the installed-package test; it renders
#                               the man pages when groff and man are there)
#   sh scripts/deps.sh check    make check: the above and clang with its
#                               sanitizer runtimes and LLVM's OpenMP runtime
#                               with the Archer tool (ThreadSanitizer)
#   sh scripts/deps.sh fuzz     make fuzz: the build, clang and libFuzzer
#   sh scripts/deps.sh bench    make bench: the build and gnuplot (for the
#                               chart; the benchmark runs without it)
#   sh scripts/deps.sh python   the Python package: python3, NumPy, pytest,
#                               venv, setuptools and pip from Debian, and
#                               pandas (the JSON Lines test reads with it)
#   sh scripts/deps.sh mpi      make MPI=1 (sudoflow-mpi) and its tests: the
#                               build, Open MPI's mpicc and mpirun
#   sh scripts/deps.sh mpich    make mpich-test: MPICH beside Open MPI
#                               (mpicc.mpich, mpirun.mpich; Debian keeps
#                               Open MPI as the default mpicc and mpirun)
#   sh scripts/deps.sh deb      make deb and make deb-test: the build,
#                               dpkg-dev and debhelper, build-essential
#                               and the tests' cmocka and pkg-config (the
#                               packages' build dependencies), and lintian
#                               (optional: deb-test runs it when it is
#                               there)
#
# The LLVM packages are those of the installed clang's major version (14
# when clang itself is missing, as on Debian 12).  Nothing optional is ever
# installed for a target that does not use it.
cc=${CC:-cc}
mode=${1:-build}
missing=""
optional="" # installed as root with the rest, never required
have_header() {
    printf '#include <%s>\n' "$1" | "$cc" -E -x c - >/dev/null 2>&1
}
apt_install() {
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
# clang links a test program with these flags (and the code on stdin).
clang_links() {
    code=$1
    shift
    printf '%s\n' "$code" | clang "$@" -x c -o /dev/null - >/dev/null 2>&1
}
build_tools() {
    have_header zlib.h || missing="$missing zlib1g-dev"
    have_header jansson.h || missing="$missing libjansson-dev"
    printf 'int main(void){return 0;}\n' | "$cc" -fopenmp -x c -o /dev/null - \
        >/dev/null 2>&1 || missing="$missing libgomp1"
}
llvm_tools() {
    if ! command -v clang >/dev/null 2>&1; then
        missing="$missing clang libclang-rt-14-dev libomp-14-dev"
        return
    fi
    v=$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' |
        head -n 1)
    v=${v:-14}
    main='int main(void){return 0;}'
    target='int LLVMFuzzerTestOneInput(const char *d, unsigned long n)
{return 0;}'
    clang_links "$main" -fopenmp || missing="$missing libomp-$v-dev"
    if [ "$mode" = fuzz ]; then
        clang_links "$target" -fsanitize=fuzzer,address,undefined ||
            missing="$missing libclang-rt-$v-dev"
    else
        { clang_links "$main" -fsanitize=address,undefined &&
            clang_links "$main" -fsanitize=thread; } ||
            missing="$missing libclang-rt-$v-dev"
        ls /usr/lib/llvm-*/lib/libarcher.so >/dev/null 2>&1 ||
            missing="$missing libomp-$v-dev"
    fi
}
# Debian's packages serve Debian's interpreter, /usr/bin/python3, which a
# python3 earlier on PATH (pyenv, conda) may hide; $PYTHON overrides.
python_tools() {
    py=${PYTHON:-python3}
    [ -z "$PYTHON" ] && [ -x /usr/bin/python3 ] && py=/usr/bin/python3
    command -v "$py" >/dev/null 2>&1 || missing="$missing python3"
    for m in numpy pytest setuptools pandas; do
        "$py" -c "import $m" >/dev/null 2>&1 ||
            missing="$missing python3-$m"
    done
    "$py" -c "import ensurepip" >/dev/null 2>&1 ||
        missing="$missing python3-venv"
    "$py" -m pip --version >/dev/null 2>&1 || missing="$missing python3-pip"
}
build_tools
case $mode in
build) ;;
test)
    have_header cmocka.h || missing="$missing libcmocka-dev"
    command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
    ;;
check)
    have_header cmocka.h || missing="$missing libcmocka-dev"
    llvm_tools
    ;;
fuzz) llvm_tools ;;
bench) command -v gnuplot >/dev/null 2>&1 || missing="$missing gnuplot-nox" ;;
python) python_tools ;;
mpi)
    { command -v mpicc && command -v mpirun; } >/dev/null 2>&1 ||
        missing="$missing libopenmpi-dev openmpi-bin"
    ;;
mpich)
    { command -v mpicc.mpich && command -v mpirun.mpich; } >/dev/null 2>&1 ||
        missing="$missing libmpich-dev mpich"
    ;;
deb)
    command -v dpkg-buildpackage >/dev/null 2>&1 || missing="$missing dpkg-dev"
    command -v dh >/dev/null 2>&1 || missing="$missing debhelper"
    dpkg -s build-essential 2>/dev/null | grep -q '^Status: .* installed' ||
        missing="$missing build-essential"
    have_header cmocka.h || missing="$missing libcmocka-dev"
    command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
    command -v lintian >/dev/null 2>&1 || optional="$optional lintian"
    ;;
*)
    echo "usage: sh scripts/deps.sh" \
        "[test|check|fuzz|bench|python|mpi|mpich|deb]" >&2
    exit 2
    ;;
esac
[ -z "$missing$optional" ] && exit 0
all=$(printf ' %s' $(printf '%s\n' $missing $optional | sort -u))
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing:$all" >&2
    apt-get update -qq && apt_install $all && exit 0
    # what is required, without what is not
    [ -n "$optional" ] && [ -n "$missing" ] && apt_install $missing &&
        exit 0
    [ -z "$missing" ] && exit 0
fi
if [ -z "$missing" ]; then
    echo "optional for '$mode' (sudo apt-get install$all)" >&2
    exit 0
fi
echo "missing dependencies for '$mode'; install them with:" >&2
echo "    sudo apt-get install$all" >&2
[ "$mode" = bench ] && exit 0 # the chart is optional
exit 1
