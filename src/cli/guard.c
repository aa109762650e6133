/*
 * guard.c -- what keeps a batch command from losing or leaving files:
 * signals, outputs that are the same file, and threads that cannot start.
 *
 * Output files are written under temporary names and renamed into place
 * only when a run succeeds (writer.c).  Three things could still leave a
 * temporary file behind or destroy data, and this file closes them:
 *
 *   Signals.  Every signal whose default action ends the process and that
 *   can be caught (HUP, INT, QUIT, PIPE, ALRM, TERM, USR1, USR2, the CPU
 *   and profiling timers, POLL, PWR, SYS, the real-time signals, and the
 *   faults ILL, ABRT, BUS, FPE, SEGV, TRAP) gets a handler that removes
 *   the registered temporary files and then dies by the same signal, so
 *   the caller sees the usual status.  Signals are held while a temporary
 *   file is created or removed and its registration changes, so none is
 *   ever unregistered while it exists.  SIGXFSZ is ignored: a file-size
 *   limit then makes write() fail with EFBIG, an ordinary write error.
 *   Only SIGKILL (and SIGSTOP) cannot be caught; a killed run leaves its
 *   temporary file, named NAME.tmp-XXXXXX (or .sudoflow.tmp-XXXXXX).
 *
 *   Same file twice.  Two outputs that are one file would overwrite each
 *   other, and an output that is an input would destroy it; both are
 *   refused before anything is opened.  Files are compared by device and
 *   inode when they exist, and by their resolved directory plus name when
 *   they do not yet; existing non-regular files (/dev/null) may repeat.
 *   The standard input named twice as an input would be read once, the
 *   second time as empty, and is refused too.
 *
 *   Inputs that cannot be read.  Every input file named is looked at
 *   (stat and access, never opened: a named pipe must not lose a reader)
 *   before anything is written, so that a missing file fails the run
 *   before a header or the first records of the files before it.
 *
 *   Threads.  When the OpenMP runtime cannot create its threads (memory
 *   or process limits) it prints its own message and ends the process;
 *   the threads a run asks for are tried first (core/threads.h), before
 *   any output is opened, and a count that cannot start is an error.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "cli.h"
#include "core/threads.h"

#include <errno.h>
#include <limits.h>
#include <omp.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_TEMPS (SF_MAX_OUTPUTS + 1) /* outputs and the statistics file */

/* The temporary files to remove on a signal; written only by the main
 * thread, read by the handler. */
static const char *volatile temps[MAX_TEMPS];

static void remove_temps(void)
{
    for (int i = 0; i < MAX_TEMPS; i++)
        if (temps[i])
            unlink(temps[i]);
}

static void on_fatal_signal(int sig)
{
    remove_temps();
    signal(sig, SIG_DFL);
    raise(sig);
}

void cli_guard_signals(void)
{
    static const int sigs[] = {
        SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM, SIGUSR1,
        SIGUSR2, SIGXCPU, SIGVTALRM, SIGPROF, SIGPOLL, SIGSYS, SIGTRAP,
        SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGSEGV,
#ifdef SIGPWR
        SIGPWR,
#endif
    };
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal_signal;
    sigfillset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
        sigaction(sigs[i], &sa, NULL);
#ifdef SIGRTMIN
    for (int s = SIGRTMIN; s <= SIGRTMAX; s++)
        sigaction(s, &sa, NULL);
#endif
    signal(SIGXFSZ, SIG_IGN);
}

void cli_guard_temp(int slot, const char *path)
{
    if (slot >= 0 && slot < MAX_TEMPS)
        temps[slot] = path;
}

void cli_guard_hold(int hold)
{
    static sigset_t saved;
    sigset_t all;
    if (hold) {
        sigfillset(&all);
        pthread_sigmask(SIG_BLOCK, &all, &saved);
    } else {
        pthread_sigmask(SIG_SETMASK, &saved, NULL);
    }
}

int cli_guard_threads(int threads)
{
    const int want = threads > 0 ? threads : omp_get_max_threads();
    const int can = threads_startable(want);
    if (can < want) {
        cli_error("cannot start %d worker threads (memory or process "
                  "limits; %d could): try fewer with -j", want, can);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------- same file twice */

/* What identifies a file: device and inode when it exists (regular tells
 * whether a repeat matters), else the resolved directory plus the name. */
typedef struct file_id {
    int exists;
    int regular;
    dev_t dev;
    ino_t ino;
    char name[PATH_MAX + 256];
} file_id_t;

/* The id of path; "-" is the standard stream fd (0 or 1). */
static void file_id_of(const char *path, int fd, file_id_t *id)
{
    struct stat st;
    memset(id, 0, sizeof *id);
    const int std = strcmp(path, "-") == 0;
    if (std ? fstat(fd, &st) == 0 : stat(path, &st) == 0) {
        id->exists = 1;
        id->regular = S_ISREG(st.st_mode);
        id->dev = st.st_dev;
        id->ino = st.st_ino;
        return;
    }
    if (std) {
        snprintf(id->name, sizeof id->name, "-");
        return;
    }
    const char *slash = strrchr(path, '/');
    char dir[PATH_MAX], real[PATH_MAX];
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path + 1) : 1,
             slash ? path : ".");
    snprintf(id->name, sizeof id->name, "%s/%s",
             realpath(dir, real) ? real : dir, slash ? slash + 1 : path);
}

/* Would writing both lose data?  Existing non-regular files (/dev/null)
 * may repeat; the standard output may not. */
static int same_file(const file_id_t *a, const file_id_t *b)
{
    if (a->exists != b->exists)
        return 0;
    if (a->exists)
        return a->regular && b->regular && a->dev == b->dev &&
               a->ino == b->ino;
    return strcmp(a->name, b->name) == 0;
}

__attribute__((format(printf, 2, 3)))
static int refuse(sf_error_t *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err->code = SF_ERR_USAGE;
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return -1;
}

/* "-o FILE" for messages, "the standard output" for "-". */
static const char *shown(const char *name, const char *path, char *buf,
                         size_t cap)
{
    if (strcmp(path, "-") == 0)
        return "the standard output";
    snprintf(buf, cap, "%s %s", name, path);
    return buf;
}

/* Two of the outputs (stats included) are one file. */
static int outputs_clash(const char *const *paths, const char *const *names,
                         int m, file_id_t *out, sf_error_t *err)
{
    for (int i = 0; i < m; i++) {
        file_id_of(paths[i], STDOUT_FILENO, &out[i]);
        for (int j = 0; j < i; j++) {
            if (!strcmp(paths[i], "-") && !strcmp(paths[j], "-"))
                return refuse(err, "%s and %s both write to the standard "
                              "output", names[j], names[i]);
            if (same_file(&out[i], &out[j])) {
                char a[PATH_MAX + 32], b[PATH_MAX + 32];
                return refuse(err, "%s and %s are the same file",
                              shown(names[j], paths[j], a, sizeof a),
                              shown(names[i], paths[i], b, sizeof b));
            }
        }
    }
    return 0;
}

int cli_check_inputs(const char *const *files, size_t n, sf_error_t *err)
{
    for (size_t k = 0; k < n; k++) {
        if (!strcmp(files[k], "-"))
            continue;
        struct stat st;
        int e = stat(files[k], &st) != 0 ? errno
                : S_ISDIR(st.st_mode)    ? EISDIR
                : access(files[k], R_OK) != 0 ? errno : 0;
        if (e) {
            err->code = SF_ERR_IO;
            snprintf(err->message, sizeof err->message, "%s: %s", files[k],
                     strerror(e));
            return -1;
        }
    }
    return 0;
}

int cli_check_paths(const char *const *files, size_t n,
                    const sf_writer_opts_t *wo, const char *const *names,
                    int nout, const char *stats, sf_error_t *err)
{
    file_id_t out[SF_MAX_OUTPUTS + 1], in;
    const char *paths[SF_MAX_OUTPUTS + 1];
    int m = 0;
    for (; m < nout; m++)
        paths[m] = wo[m].path ? wo[m].path : "-";
    if (stats)
        paths[m++] = stats;
    if (outputs_clash(paths, names, m, out, err) != 0)
        return -1;
    for (size_t k = 0, stdin_at = 0; k < n; k++) {
        if (strcmp(files[k], "-") == 0 && stdin_at++)
            return refuse(err, "the standard input ('-') is named twice: it "
                          "can be read only once");
        file_id_of(files[k], STDIN_FILENO, &in);
        in.regular = 1; /* an input that is also an output is never fine */
        for (int i = 0; i < m; i++)
            if (in.exists && out[i].regular && same_file(&in, &out[i])) {
                char a[PATH_MAX + 32];
                return refuse(err, "%s is the same file as the input %s",
                              shown(names[i], paths[i], a, sizeof a),
                              strcmp(files[k], "-") ? files[k]
                                                    : "(standard input)");
            }
    }
    return 0;
}
