# Helpers for the fault-injection cases, sourced by each case (see run.sh).
#
# A case runs in an empty temporary directory: the directory under test,
# where only the case's own files and whatever sudoflow must leave may be.
# References, logs and scratch files go to $T, a second temporary
# directory.  $SF is the binary; $DATA the repository's data/; $CACHE
# holds inputs several cases share, made on first use.  A case reports with bad (a failure, the case goes on),
# skip (a precondition cannot be made) and note (information), and ends
# with end_case.

set -u
BAD=0
: "${SF:?}" "${T:?}" "${DATA:?}" "${CACHE:?}"

# Programs under test start with every signal at its default action, as
# from a terminal: a shell starts background commands with SIGINT and
# SIGQUIT ignored, and a caller may have SIGPIPE ignored.
if env --default-signal true 2>/dev/null; then
    DFL="env --default-signal"
else
    DFL=env
fi

SIGNALS="HUP INT QUIT TERM PIPE USR1 USR2 ALRM"

note() { echo "$*"; }
bad() { echo "$*"; BAD=1; }
skip() { echo "$*"; exit 77; }
end_case() { exit "$BAD"; }

# An exit status in words: "2", or "129 (SIGHUP)".
status_text() {
    if [ "$1" -gt 128 ] 2>/dev/null; then
        echo "$1 (SIG$(kill -l "$1"))"
    else
        echo "$1"
    fi
}

# expect_status WHAT GOT WANT
expect_status() {
    [ "$2" = "$3" ] ||
        bad "$1: exit status $(status_text "$2"), expected $(status_text "$3")"
}

# expect_killed WHAT GOT SIG: the process ended by signal SIG.
expect_killed() {
    [ "$2" -gt 128 ] && [ "$(kill -l "$2")" = "$3" ] ||
        bad "$1: exit status $(status_text "$2"), expected death by SIG$3"
}

# expect_text WHAT FILE TEXT: FILE (a program's stderr) contains TEXT.
expect_text() {
    grep -qF -- "$3" "$2" ||
        bad "$1: stderr lacks \"$3\"; it says:" \
            "$(head -c 300 "$2" | tr '\n' '|')"
}

# expect_same WHAT WANT GOT: the files are byte-identical.
expect_same() {
    cmp -s "$2" "$3" ||
        bad "$1: $(cmp "$2" "$3" 2>&1 | head -n 1 |
            sed "s|$2|expected|; s|$3|got|")"
}

# only_files WHAT NAME...: the current directory holds exactly NAME...
# (nothing left behind: no NAME.tmp-XXXXXX, no .sudoflow*).
only_files() {
    _what=$1
    shift
    _want=$(for _f in "$@"; do echo "$_f"; done | sort)
    _have=$(ls -A | sort)
    [ "$_have" = "$_want" ] ||
        bad "$_what: directory holds [$(echo $_have)], expected [$*]"
}

# Number of entries in the current directory.
entries() { ls -A | wc -l; }

# Is process $1 still running (not gone, not a zombie)?
alive() {
    kill -0 "$1" 2>/dev/null || return 1
    [ "$(cut -d' ' -f3 "/proc/$1/stat" 2>/dev/null)" != Z ]
}

# wait_until PID SECS CMD...: poll CMD until it succeeds; 1 when PID ended
# first or SECS passed (a safety net, not a measurement).
wait_until() {
    _pid=$1 _ticks=$(($2 * 50))
    shift 2
    while ! "$@"; do
        alive "$_pid" || return 1
        _ticks=$((_ticks - 1))
        [ "$_ticks" -gt 0 ] || return 1
        sleep 0.02
    done
}

# at_least N: the current directory has N or more entries.
at_least() { [ "$(entries)" -ge "$1" ]; }

# wait_pid PID [SECS]: wait for the background process; RC is its exit
# status.  A watchdog kills it after SECS (default 60): a hang fails.
wait_pid() {
    (
        trap 'kill "$_s" 2>/dev/null; exit 0' TERM
        sleep "${2:-60}" &
        _s=$!
        wait "$_s" && kill -KILL "$1"
    ) >/dev/null 2>&1 &
    _dog=$!
    wait "$1" 2>/dev/null # no "Hangup" or the like from the shell
    RC=$?
    kill "$_dog" 2>/dev/null
    wait "$_dog" 2>/dev/null
    return 0
}

# puzzles N: the first N puzzles of data/sample.txt.gz (2,000 there).
puzzles() { gzip -dc "$DATA/sample.txt.gz" | head -n "$1"; }

# big_input: the path of a plain file that keeps -j2 busy for a while:
# the 2,000 sample puzzles eight times over (16,000).
big_input() {
    _f=$CACHE/big.txt
    if [ ! -s "$_f" ]; then
        gzip -dc "$DATA/sample.txt.gz" >"$_f.part"
        _n=3
        while [ "$_n" -gt 0 ]; do
            cat "$_f.part" "$_f.part" >"$_f.2" && mv "$_f.2" "$_f.part"
            _n=$((_n - 1))
        done
        mv "$_f.part" "$_f"
    fi
    echo "$_f"
}

# long_input: sets P20 to 20 sample puzzles and LONG to a file of a 50 MB
# line of digits followed by those puzzles.
long_input() {
    P20=$CACHE/p20.txt
    LONG=$CACHE/long.txt
    if [ ! -s "$LONG" ]; then
        puzzles 20 >"$P20"
        { head -c 50000000 /dev/zero | tr '\0' 5; echo; cat "$P20"; } \
            >"$LONG.part" && mv "$LONG.part" "$LONG"
    fi
}

# Is $SF built with AddressSanitizer or ThreadSanitizer?  Their shadow
# memory takes terabytes of address space: ulimit -v cannot work there.
sanitized() {
    nm "$SF" 2>/dev/null | grep -q -e __asan_init -e __tsan_init ||
        ldd "$SF" 2>/dev/null | grep -q -e libasan -e libtsan
}

# mem_limit: set MIN to the smallest ulimit -v (KiB, within 512) under
# which a normal `solve -j2` of 100 puzzles, plain and gzip, succeeds, and
# LIMIT to twice that.  1 when none up to 8 GiB does.  Found by bisection
# once per suite.
mem_limit() {
    if [ ! -s "$CACHE/memlimit" ]; then
        puzzles 100 >"$CACHE/m.txt"
        gzip -c "$CACHE/m.txt" >"$CACHE/m.txt.gz"
        _hi=1048576
        runs_within "$_hi" || { _hi=8388608; runs_within "$_hi" || return 1; }
        _lo=1024
        while [ $((_hi - _lo)) -gt 512 ]; do
            _mid=$(((_lo + _hi) / 2))
            if runs_within "$_mid"; then _hi=$_mid; else _lo=$_mid; fi
        done
        echo "$_hi" >"$CACHE/memlimit"
    fi
    MIN=$(cat "$CACHE/memlimit")
    LIMIT=$((2 * MIN))
}

runs_within() {
    (ulimit -v "$1" && exec "$SF" solve -q -j2 "$CACHE/m.txt" \
        "$CACHE/m.txt.gz") >/dev/null 2>&1
}

# peak_rss_run FILE CMD...: run CMD, writing its peak resident set (KiB)
# to FILE: with /usr/bin/time when installed, else from VmHWM in /proc
# (the last value seen before the process ends).  RC is CMD's status.
peak_rss_run() {
    _out=$1
    shift
    if /usr/bin/time -f %M true 2>/dev/null; then
        /usr/bin/time -f %M -o "$_out" "$@"
        RC=$?
        tail -n 1 "$_out" >"$_out.1" && mv "$_out.1" "$_out"
        return 0
    fi
    "$@" &
    _p=$!
    echo "?" >"$_out"
    while alive "$_p"; do
        sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\).*/\1/p' "/proc/$_p/status" \
            >"$_out.1" 2>/dev/null && [ -s "$_out.1" ] && mv "$_out.1" "$_out"
        sleep 0.02
    done
    wait_pid "$_p"
}

# interrupt_each NOUT KEEP... -- CMD...: for each of $SIGNALS, start CMD in
# the background (its input must end in in.fifo, held open by the case, so
# it cannot finish), wait until its NOUT temporary files are there, send
# the signal.  The run must end by that signal and leave the directory as
# it was: KEEP (files the case made, compared with their copies in $T) and
# in.fifo, nothing else.
interrupt_each() {
    _nout=$1
    shift
    _keep=
    while [ "$1" != -- ]; do
        _keep="$_keep $1"
        cp "$1" "$T/$1.before"
        shift
    done
    shift
    for _sig in $SIGNALS; do
        _base=$(entries)
        $DFL "$@" 2>"$T/err" 3>&- &
        _pid=$!
        wait_until "$_pid" 10 at_least $((_base + _nout)) ||
            note "SIG$_sig: no $_nout temporary files; signalled anyway"
        kill -s "$_sig" "$_pid"
        wait_pid "$_pid" 20
        expect_killed "SIG$_sig" "$RC" "$_sig"
        for _f in $_keep; do
            expect_same "SIG$_sig: $_f" "$T/$_f.before" "$_f"
        done
        only_files "SIG$_sig" in.fifo $_keep
        # Start the next signal from a clean directory even after a failure.
        for _f in $(ls -A); do
            case " in.fifo $_keep " in *" $_f "*) ;; *) rm -f "./$_f" ;; esac
        done
    done
}

# ro_dir: a directory where nobody, root included, can create a file (a
# read-only or pseudo file system); 1 when there is none.
ro_dir() {
    for _d in /sys /proc; do
        [ -d "$_d" ] || continue
        if (: >"$_d/sudoflow-probe") 2>/dev/null; then
            rm -f "$_d/sudoflow-probe"
        else
            echo "$_d"
            return 0
        fi
    done
    return 1
}
