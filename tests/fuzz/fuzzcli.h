/*
 * fuzzcli.h -- what the command-line fuzz targets share: calling a
 * command function of src/cli/cli.h in process, as main() would.
 *
 * The commands parse options with getopt_long (they reset optind) and
 * install handlers for every fatal signal that remove temporary files and
 * end the process.  So every signal's disposition is saved before a call
 * and restored after it; ASan is told to keep its own handlers for the
 * crash signals; SIGALRM, libFuzzer's timeout tick, is held back during a
 * call; and a watchdog thread reports a command that runs for more than
 * FZC_HANG_SECONDS as a crash.  Standard output and standard error go to
 * /dev/null during a call.  Besides the call itself: a command line under
 * construction (fzc_args_t), the check that no temporary output file is
 * left in the scratch directory, and reading an output file, gzip or not.
 * With FZC_VERBOSE set in the environment the commands' messages stay on
 * standard error, followed by each call's command line, exit status and
 * time (to see what an input does: `FZC_VERBOSE=1 build/fuzz/fuzz_NAME FILE`).
 *
 * Defines LLVMFuzzerInitialize and __asan_default_options, so a target
 * including this file must not; include it once, after fuzzutil.h.
 */
#ifndef SF_FUZZCLI_H
#define SF_FUZZCLI_H

#include <dirent.h>
#include <fcntl.h>
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "fuzz/fuzzutil.h"

#define FZC_MAX_ARGS 64
#define FZC_MAX_SIGNAL 127  /* signal numbers saved and restored */
#define FZC_HANG_SECONDS 60 /* a command running longer is a failure */

typedef int (*fzc_cmd_fn)(int argc, char **argv);

/* ------------------------------------------------------ command lines */

typedef struct fzc_args {
    char *v[FZC_MAX_ARGS + 1];
    int n;
    char store[FZC_MAX_ARGS][512];
} fzc_args_t;

static inline void fzc_arg(fzc_args_t *a, const char *s)
{
    FZ_CHECK(a->n < FZC_MAX_ARGS, "too many arguments");
    snprintf(a->store[a->n], sizeof a->store[a->n], "%s", s);
    a->v[a->n] = a->store[a->n];
    a->v[++a->n] = NULL;
}

static inline void fzc_arg2(fzc_args_t *a, const char *opt, const char *value)
{
    fzc_arg(a, opt);
    fzc_arg(a, value);
}

/* An option with a number. */
static inline void fzc_argu(fzc_args_t *a, const char *opt,
                            unsigned long long v)
{
    char num[32];
    snprintf(num, sizeof num, "%llu", v);
    fzc_arg2(a, opt, num);
}

/* ----------------------------------------------------------- running */

static struct sigaction fzc_saved[FZC_MAX_SIGNAL + 1];
static sigset_t fzc_alarm_set;          /* {SIGALRM} */
static atomic_long fzc_call_started;    /* seconds; 0 between calls */
static const char *volatile fzc_call_name;

static inline long fzc_now_sec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec + 1;
}

static inline void fzc_restore_signals(void)
{
    for (int s = 1; s <= SIGRTMAX; s++)
        if (s != SIGKILL && s != SIGSTOP)
            sigaction(s, &fzc_saved[s], NULL);
}

static void *fzc_watchdog(void *arg)
{
    (void)arg;
    for (;;) {
        sleep(1);
        const long t = atomic_load(&fzc_call_started);
        if (t && fzc_now_sec() - t > FZC_HANG_SECONDS) {
            fzc_restore_signals();
            dprintf(STDERR_FILENO, "\nfuzz: %s still runs after %d s\n",
                    fzc_call_name, FZC_HANG_SECONDS);
            abort();
        }
    }
    return NULL;
}

/* ASan keeps its handlers for SEGV, BUS, FPE, ILL and ABRT (the commands
 * would otherwise replace them for the length of a call and a crash
 * would end the process without a report). */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "allow_user_segv_handler=0:handle_abort=1:handle_sigill=1";
}

/* SIGALRM (libFuzzer's timeout tick) stays blocked in every thread but
 * in a moment after each call, when the fuzzer's own handler is back:
 * during a call the commands' handler would end the process on it.  The
 * threads made later (OpenMP's, the fuzzer's) inherit the mask. */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    pthread_t t;
    sigemptyset(&fzc_alarm_set);
    sigaddset(&fzc_alarm_set, SIGALRM);
    FZ_CHECK(pthread_sigmask(SIG_BLOCK, &fzc_alarm_set, NULL) == 0 &&
             pthread_create(&t, NULL, fzc_watchdog, NULL) == 0 &&
             pthread_detach(t) == 0, "cannot start the watchdog");
    return 0;
}

/* The commands set optind = 1 before parsing, which does not reset
 * glibc's getopt: it may still point into the previous argument vector
 * (in the middle of "-q", say), whose memory now holds another command
 * line.  optind = 0 makes the next call start afresh. */
static inline void fzc_reset_getopt(void)
{
    char *argv[] = {(char *)"fuzz", NULL};
    optind = 0;
    while (getopt(1, argv, "") != -1)
        ;
}

/* Call a command as main() would, with stdout and stderr on /dev/null and
 * the signal dispositions restored afterwards.  Returns the exit status. */
static inline int fzc_run(fzc_cmd_fn fn, const char *name, fzc_args_t *a)
{
    static FILE *null_stream;
    static int null_fd = -1;
    if (null_fd < 0) {
        null_fd = open("/dev/null", O_WRONLY);
        null_stream = fopen("/dev/null", "w");
        FZ_CHECK(null_fd >= 0 && null_stream, "cannot open /dev/null");
    }
    FZ_CHECK(SIGRTMAX <= FZC_MAX_SIGNAL, "more signals than expected");
    for (int s = 1; s <= SIGRTMAX; s++)
        sigaction(s, NULL, &fzc_saved[s]);
    fflush(stdout);
    fflush(stderr);
    const int out_fd = dup(STDOUT_FILENO);
    FZ_CHECK(out_fd >= 0 && dup2(null_fd, STDOUT_FILENO) >= 0, "dup");
    FILE *const err_stream = stderr;
    const int verbose = getenv("FZC_VERBOSE") != NULL;
    if (!verbose)
        stderr = null_stream;
    fzc_call_name = name;
    atomic_store(&fzc_call_started, fzc_now_sec());
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    const int status = fn(a->n, a->v);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    atomic_store(&fzc_call_started, 0);
    fflush(stdout);
    fflush(stderr);
    stderr = err_stream;
    FZ_CHECK(dup2(out_fd, STDOUT_FILENO) >= 0, "dup2");
    close(out_fd);
    fzc_restore_signals();
    pthread_sigmask(SIG_UNBLOCK, &fzc_alarm_set, NULL); /* a pending tick */
    pthread_sigmask(SIG_BLOCK, &fzc_alarm_set, NULL);
    fzc_reset_getopt();
    if (verbose) { /* for a look at what an input runs */
        for (int i = 0; i < a->n; i++)
            fprintf(stderr, "%s%s", i ? " " : "", a->v[i]);
        fprintf(stderr, "\n  -> exit %d in %.1f ms\n", status,
                1e3 * (double)(t1.tv_sec - t0.tv_sec) +
                    1e-6 * (double)(t1.tv_nsec - t0.tv_nsec));
    }
    return status;
}

/* ------------------------------------------------------------ outputs */

/* The scratch directory holds only the inputs and finished outputs. */
static inline void fzc_check_no_temp(void)
{
    DIR *d = opendir(fz_dir());
    FZ_CHECK(d != NULL, "cannot list %s", fz_dir());
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        FZ_CHECK(!strstr(e->d_name, ".tmp"), "temporary file %s left behind",
                 e->d_name);
    closedir(d);
}

/* Whole file into b (emptied first), gzip members inflated (zlib reads a
 * plain file as it is); 0, -1 when it cannot be opened, -2 when it is not
 * valid gzip. */
static inline int fzc_read_output(const char *path, fz_buf_t *b)
{
    char tmp[65536];
    b->n = 0;
    if (access(path, F_OK) != 0)
        return -1;
    gzFile g = gzopen(path, "rb");
    FZ_CHECK(g != NULL, "gzopen %s", path);
    int got;
    while ((got = gzread(g, tmp, sizeof tmp)) > 0)
        fz_put(b, tmp, (size_t)got);
    int e;
    gzerror(g, &e);
    gzclose(g);
    return got < 0 || (e != Z_OK && e != Z_BUF_ERROR) ? -2 : 0;
}

static inline size_t fzc_count_lines(const fz_buf_t *b)
{
    size_t n = 0;
    for (size_t i = 0; i < b->n; i++)
        n += b->p[i] == '\n';
    return n;
}

/* The next line of b from *at (without its newline) and its length;
 * NULL after the last.  An unterminated last line is a failure. */
static inline const char *fzc_next_line(const fz_buf_t *b, size_t *at,
                                        size_t *len)
{
    if (*at >= b->n)
        return NULL;
    const char *line = (const char *)b->p + *at;
    const char *nl = memchr(line, '\n', b->n - *at);
    FZ_CHECK(nl != NULL, "unterminated output line '%.*s'",
             (int)(b->n - *at), line);
    *len = (size_t)(nl - line);
    *at += *len + 1;
    return line;
}

#endif
