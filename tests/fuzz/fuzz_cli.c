/*
 * fuzz_cli.c -- the batch commands end to end, in process.
 *
 * The other targets check the library's parts one at a time; this one
 * checks what users run: option parsing, the job driver with its three
 * rotating chunks and parallel formatting and compression, the writer's
 * temporary files, exit statuses.  The fuzzer's bytes become an input
 * file (sometimes two, sometimes gzip-compressed) and a command line for
 * solve, rate, canon, transform or split, with options chosen by the
 * first bytes: threads, a small --chunk, --in-format, --limit, --count,
 * --lex, --fields, --out-format, --header, --sep, --gzip, -o to a file
 * (maybe .gz), /dev/null or standard output, --strict, -q.  The command
 * functions (src/cli/cli.h) are called directly, with standard output and
 * standard error sent to /dev/null, and then:
 *
 *   - the exit status is one of 0, 1, 2, 3;
 *   - output to files is written at -j1 and again at -j3 (with another
 *     chunk size when the output is not compressed): the files and exit
 *     statuses must be byte-identical;
 *   - a run that fails leaves no output file and no temporary file, a run
 *     that completes (exit 0, or 3 without --strict: an input holds no
 *     puzzle) leaves its output;
 *   - solve, rate and canon without --dedupe write one line per input
 *     record (counted with sf_reader on the same input and options);
 *   - solve's `puzzle,solution,status` records hold valid solutions of
 *     their puzzles with a fitting status, the smallest one with --lex
 *     (checked against tests/refsolve.c for the first records).
 *
 * The commands parse options with getopt_long (they reset optind) and
 * install handlers for every fatal signal that remove temporary files and
 * end the process.  So every signal's disposition is saved before a call
 * and restored after it; ASan is told to keep its own handlers for the
 * crash signals; SIGALRM, libFuzzer's timeout tick, is held back during a
 * call; and a watchdog thread reports a command that runs for more than
 * HANG_SECONDS as a crash.
 */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "fuzz/fuzzutil.h"
#include "refsolve.h"
#include "sudoflow.h"

#define MAX_ARGS 48
#define MAX_SIGNAL 127  /* signal numbers saved and restored */
#define HANG_SECONDS 60 /* a command running longer is a failure */
#define REF_RECORDS 8     /* records checked against the reference */
#define REF_BUDGET 100000 /* reference placements per record */

typedef int (*cmd_fn)(int argc, char **argv);

enum { SOLVE, RATE, CANON, TRANSFORM, SPLIT, NCMDS };

static const struct {
    const char *name;
    cmd_fn run;
    const char *fields[4]; /* --fields choices; NULL: none given */
} commands[NCMDS] = {
    {"solve", cli_solve, {NULL, "puzzle,solution,status", "line,count",
                          "status,guesses,solution"}},
    {"rate", cli_rate, {NULL, "status,clues,rating", "line,level",
                        "puzzle,rating,level"}},
    {"canon", cli_canon, {NULL, "canon,puzzle", "line,canon", "puzzle"}},
    {"transform", cli_transform, {NULL, "puzzle,solution,index",
                                  "line,index", "solution"}},
    {"split", cli_split, {NULL, NULL, NULL, NULL}},
};

/* A command line under construction. */
typedef struct args {
    char *v[MAX_ARGS + 1];
    int n;
    char store[MAX_ARGS][512];
} args_t;

static void arg(args_t *a, const char *s)
{
    FZ_CHECK(a->n < MAX_ARGS, "too many arguments");
    snprintf(a->store[a->n], sizeof a->store[a->n], "%s", s);
    a->v[a->n] = a->store[a->n];
    a->v[++a->n] = NULL;
}

static void arg2(args_t *a, const char *opt, const char *value)
{
    arg(a, opt);
    arg(a, value);
}

/* What the bytes chose. */
typedef struct plan {
    int cmd;
    int threads;             /* -j for a single run */
    unsigned chunk, chunk2;  /* --chunk of the two runs (0: none) */
    int format;              /* --in-format: 0 none, else sf_format_t */
    int quiet, strict, header, gzip_flag;
    const char *sep;         /* --sep, or NULL */
    int out;                 /* 0 file, 1 file.gz, 2 /dev/null, 3 stdout */
    int fields;              /* index into commands[cmd].fields */
    int own;                 /* command-specific choice byte */
    int two_inputs, gz_input;
    char in[2][512], outs[2][512];
} plan_t;

/* ------------------------------------------------------------- running */

/* Signal dispositions around a command, and the watchdog that turns a
 * command running for HANG_SECONDS into a crash the fuzzer records. */
static struct sigaction saved[MAX_SIGNAL + 1];
static sigset_t alarm_set;                 /* {SIGALRM} */
static atomic_long call_started;           /* seconds; 0 between calls */
static const char *volatile call_name;

static long now_sec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec + 1;
}

static void restore_signals(void)
{
    for (int s = 1; s <= SIGRTMAX; s++)
        if (s != SIGKILL && s != SIGSTOP)
            sigaction(s, &saved[s], NULL);
}

static void *watchdog(void *arg)
{
    (void)arg;
    for (;;) {
        sleep(1);
        const long t = atomic_load(&call_started);
        if (t && now_sec() - t > HANG_SECONDS) {
            restore_signals();
            dprintf(STDERR_FILENO, "\nfuzz_cli: %s still runs after "
                    "%d s\n", call_name, HANG_SECONDS);
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
    sigemptyset(&alarm_set);
    sigaddset(&alarm_set, SIGALRM);
    FZ_CHECK(pthread_sigmask(SIG_BLOCK, &alarm_set, NULL) == 0 &&
             pthread_create(&t, NULL, watchdog, NULL) == 0 &&
             pthread_detach(t) == 0, "cannot start the watchdog");
    return 0;
}

/* The commands set optind = 1 before parsing, which does not reset
 * glibc's getopt: it may still point into the previous argument vector
 * (in the middle of "-q", say), whose memory now holds another command
 * line.  optind = 0 makes the next call start afresh. */
static void reset_getopt(void)
{
    char *argv[] = {(char *)"fuzz_cli", NULL};
    optind = 0;
    while (getopt(1, argv, "") != -1)
        ;
}

/* Call a command as main() would, with stdout and stderr on /dev/null and
 * the signal dispositions restored afterwards.  Returns the exit status. */
static int run(const plan_t *p, args_t *a)
{
    static FILE *null_stream;
    static int null_fd = -1;
    if (null_fd < 0) {
        null_fd = open("/dev/null", O_WRONLY);
        null_stream = fopen("/dev/null", "w");
        FZ_CHECK(null_fd >= 0 && null_stream, "cannot open /dev/null");
    }
    FZ_CHECK(SIGRTMAX <= MAX_SIGNAL, "more signals than expected");
    for (int s = 1; s <= SIGRTMAX; s++)
        sigaction(s, NULL, &saved[s]);
    fflush(stdout);
    fflush(stderr);
    const int out_fd = dup(STDOUT_FILENO);
    FZ_CHECK(out_fd >= 0 && dup2(null_fd, STDOUT_FILENO) >= 0, "dup");
    FILE *const err_stream = stderr;
    stderr = null_stream;
    call_name = commands[p->cmd].name;
    atomic_store(&call_started, now_sec());
    const int status = commands[p->cmd].run(a->n, a->v);
    atomic_store(&call_started, 0);
    fflush(stdout);
    fflush(stderr);
    stderr = err_stream;
    FZ_CHECK(dup2(out_fd, STDOUT_FILENO) >= 0, "dup2");
    close(out_fd);
    restore_signals();
    pthread_sigmask(SIG_UNBLOCK, &alarm_set, NULL); /* a pending tick */
    pthread_sigmask(SIG_BLOCK, &alarm_set, NULL);
    reset_getopt();
    FZ_CHECK(status >= 0 && status <= 3, "%s exits with status %d",
             commands[p->cmd].name, status);
    return status;
}

/* The command line for a run with threads and chunk. */
static void command_line(const plan_t *p, int threads, unsigned chunk,
                         args_t *a)
{
    static const char *const formats[4] = {NULL, "line", "grid", "csv"};
    char num[32];
    a->n = 0;
    arg(a, commands[p->cmd].name);
    snprintf(num, sizeof num, "%d", threads);
    arg2(a, "-j", num);
    if (chunk) {
        snprintf(num, sizeof num, "%u", chunk);
        arg2(a, "--chunk", num);
    }
    if (p->format)
        arg2(a, "--in-format", formats[p->format]);
    if (p->quiet)
        arg(a, "-q");
    if (p->strict)
        arg(a, "--strict");
    if (p->gzip_flag)
        arg(a, "--gzip");
    /* line-output options, which are usage errors with grid output and
     * for split (the bytes still reach those errors sometimes) */
    const unsigned o = (unsigned)p->own;
    const int grid_out = p->cmd == SOLVE && (o & 48) == 48;
    const char *fields = commands[p->cmd].fields[p->fields];
    if (fields && !grid_out)
        arg2(a, "--fields", fields);
    if (p->sep && !grid_out && p->cmd != SPLIT)
        arg2(a, "--sep", p->sep);
    if (p->header && !grid_out && p->cmd != SPLIT)
        arg(a, "--header");
    switch (p->cmd) {
    case SOLVE: {
        static const char *const limits[4] = {NULL, "1", "2", "3"};
        if (o & 4)
            arg(a, "--count");
        else if (limits[o & 3])
            arg2(a, "--limit", limits[o & 3]);
        if (o & 8)
            arg(a, "--lex");
        if (o & 16)
            arg2(a, "--out-format", o & 32 ? "grid" : "line");
        if (o & 64)
            arg2(a, "--kernel", "bitboard");
        break;
    }
    case RATE:
        if (!fields || strstr(fields, "rating"))
            arg2(a, "--samples", o & 1 ? "2" : "1");
        break;
    case CANON:
        if (o & 1)
            arg(a, "--dedupe");
        break;
    case TRANSFORM:
        snprintf(num, sizeof num, "%u", 1 + o % 3);
        arg2(a, "--augment", num);
        snprintf(num, sizeof num, "%u", o >> 2);
        arg2(a, "--seed", num);
        break;
    case SPLIT:
        arg2(a, "--test-fraction", o & 1 ? "0.5" : o & 2 ? "0" : "1");
        snprintf(num, sizeof num, "%u", o >> 2);
        arg2(a, "--seed", num);
        arg2(a, "--train", p->outs[0]);
        arg2(a, "--test", p->outs[1]);
        break;
    }
    if (p->cmd != SPLIT && p->out != 3)
        arg2(a, "-o", p->out == 2 ? "/dev/null" : p->outs[0]);
    arg(a, p->in[0]);
    if (p->two_inputs)
        arg(a, p->in[1]);
}

/* ------------------------------------------------------------- checks */

/* The scratch directory holds only the inputs and finished outputs. */
static void check_no_temp(void)
{
    DIR *d = opendir(fz_dir());
    FZ_CHECK(d != NULL, "cannot list %s", fz_dir());
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        FZ_CHECK(!strstr(e->d_name, ".tmp"), "temporary file %s left behind",
                 e->d_name);
    closedir(d);
}

static int file_outputs(const plan_t *p)
{
    return p->cmd == SPLIT ? 2 : p->out <= 1 ? 1 : 0;
}

/* Outputs exist exactly after a run that completed: a successful one, or
 * without --strict one that exits 3 because an input file holds no
 * puzzle (its records still have their outputs); their bytes go to got. */
static void collect(const plan_t *p, int status, fz_buf_t got[2])
{
    check_no_temp();
    const int complete = status == 0 || (status == 3 && !p->strict);
    for (int i = 0; i < file_outputs(p); i++) {
        const int there = fz_read_file(p->outs[i], &got[i]) == 0;
        FZ_CHECK(there == complete, "%s: output %s %s after status %d",
                 commands[p->cmd].name, p->outs[i],
                 there ? "exists" : "is missing", status);
        unlink(p->outs[i]);
    }
}

/* Records sf_reader finds in the inputs with the plan's options. */
static size_t count_records(const plan_t *p)
{
    static const sf_format_t formats[4] = {SF_FORMAT_AUTO, SF_FORMAT_LINE,
                                           SF_FORMAT_GRID, SF_FORMAT_CSV};
    const char *paths[2] = {p->in[0], p->in[1]};
    sf_reader_opts_t o;
    memset(&o, 0, sizeof o);
    o.format = formats[p->format];
    o.no_text = 1;
    sf_reader_t *r = sf_reader_new(paths, p->two_inputs ? 2 : 1, &o);
    FZ_CHECK(r != NULL, "sf_reader_new");
    sf_chunk_t c;
    sf_chunk_init(&c);
    size_t n = 0;
    long got;
    while ((got = sf_reader_fill(r, &c, 4096, NULL)) > 0)
        n += (size_t)got;
    sf_chunk_free(&c);
    sf_reader_free(r);
    return got < 0 ? (size_t)-1 : n;
}

static size_t count_lines(const fz_buf_t *b)
{
    size_t n = 0;
    for (size_t i = 0; i < b->n; i++)
        n += b->p[i] == '\n';
    return n;
}

/* 81 cells from text ('.' or '0' empty); 0, or -1 if it is not that. */
static int cells_of(const char *s, size_t n, uint8_t *cells)
{
    if (n != 81)
        return -1;
    for (int i = 0; i < 81; i++) {
        const int v = sf_cell_value((unsigned char)s[i]);
        if (v < 0)
            return -1;
        cells[i] = (uint8_t)v;
    }
    return 0;
}

/* One `puzzle,solution,status` record of solve. */
static void check_solved(const char *line, size_t len, int lex, int check_ref)
{
    const char *c1 = memchr(line, ',', len);
    const char *c2 = c1 ? memchr(c1 + 1, ',', (size_t)(line + len - c1 - 1))
                        : NULL;
    FZ_CHECK(c2 != NULL, "solve record '%.*s' lacks fields", (int)len, line);
    const char *status = c2 + 1;
    const size_t slen = (size_t)(line + len - status);
    uint8_t puzzle[81], sol[81], first[81];
    const int has_puzzle = cells_of(line, (size_t)(c1 - line), puzzle) == 0;
    const int has_sol = cells_of(c1 + 1, (size_t)(c2 - c1 - 1), sol) == 0;
    FZ_CHECK(has_sol || c2 == c1 + 1, "bad solution field in '%.*s'",
             (int)len, line);
    const int found = slen == 6 ? !memcmp(status, "solved", 6) ||
                                  !memcmp(status, "unique", 6)
                                : slen == 8 && !memcmp(status, "multiple", 8);
    FZ_CHECK(found == has_sol, "status and solution disagree in '%.*s'",
             (int)len, line);
    if (!has_sol)
        return;
    FZ_CHECK(has_puzzle && ref_valid_solution(puzzle, sol),
             "invalid solution in '%.*s'", (int)len, line);
    uint64_t count;
    if (!check_ref)
        return;
    ref_count_bounded(puzzle, 1, REF_BUDGET, first, &count, NULL);
    FZ_CHECK(!lex || count == 0 || memcmp(first, sol, 81) == 0,
             "--lex answer is not the smallest in '%.*s'", (int)len, line);
}

/* Per-record checks of a plain line output. */
static void check_output(const plan_t *p, const fz_buf_t *out)
{
    const unsigned o = (unsigned)p->own;
    const int line_out = p->cmd != SOLVE || ((o & 16) && !(o & 32));
    const char *fields = commands[p->cmd].fields[p->fields];
    if (p->out != 0 || p->gzip_flag || p->header || p->strict || !line_out ||
        (fields && strstr(fields, "line")) || p->cmd == TRANSFORM ||
        p->cmd == SPLIT || (p->cmd == CANON && (o & 1)))
        return;
    const size_t records = count_records(p);
    if (records == (size_t)-1)
        return;
    FZ_CHECK(count_lines(out) == records, "%s writes %zu lines for %zu "
             "records", commands[p->cmd].name, count_lines(out), records);
    if (p->cmd != SOLVE || p->sep || p->fields != 1)
        return;
    size_t at = 0;
    for (int k = 0; at < out->n; k++) {
        const char *line = (const char *)out->p + at;
        const char *nl = memchr(line, '\n', out->n - at);
        FZ_CHECK(nl != NULL, "unterminated output line");
        check_solved(line, (size_t)(nl - line), (o & 8) != 0,
                     k < REF_RECORDS);
        at += (size_t)(nl - line) + 1;
    }
}

/* ------------------------------------------------------------- inputs */

static void write_inputs(plan_t *p, const uint8_t *s, size_t n, unsigned cut)
{
    static fz_buf_t gz;
    const size_t split = p->two_inputs ? n * cut / 256 : n;
    const uint8_t *part[2] = {s, s + split};
    const size_t len[2] = {split, n - split};
    for (int i = 0; i < 1 + p->two_inputs; i++) {
        if (p->gz_input && i == p->two_inputs) {
            gz.n = 0;
            fz_gzip_member(&gz, part[i], len[i] / 2, 1);
            fz_gzip_member(&gz, part[i] + len[i] / 2, len[i] - len[i] / 2, 6);
            fz_write_file(p->in[i], gz.p, gz.n);
        } else {
            fz_write_file(p->in[i], part[i], len[i]);
        }
    }
}

static void make_plan(fz_t *f, plan_t *p)
{
    static const unsigned chunks[4] = {0, 1, 2, 3};
    static const char *const seps[4] = {NULL, ";", "\t", "::"};
    const unsigned b0 = fz_byte(f), b1 = fz_byte(f), b2 = fz_byte(f);
    memset(p, 0, sizeof *p);
    p->cmd = (int)(b0 % NCMDS);
    p->fields = (int)(b0 / NCMDS % 4);
    p->quiet = b0 >> 7 & 1;
    p->threads = 1 + (int)((b1 & 3) % 3);
    p->chunk = chunks[b1 >> 2 & 3];
    p->chunk2 = 1 + (b1 >> 4 & 3) * 5;
    p->format = (int)(b1 >> 6 & 3);
    p->out = (int)(b2 & 3);
    p->gzip_flag = b2 >> 2 & 1;
    p->header = b2 >> 3 & 1;
    p->sep = seps[b2 >> 4 & 3];
    p->strict = (b2 >> 6 & 3) == 3;
    p->own = (int)fz_byte(f);
    const unsigned b4 = fz_byte(f);
    p->two_inputs = b4 & 1;
    p->gz_input = b4 >> 1 & 1;
    fz_path(p->in[0], "in1");
    fz_path(p->in[1], "in2");
    fz_path(p->outs[0], p->out == 1 ? "out1.gz" : "out1");
    fz_path(p->outs[1], p->out == 1 ? "out2.gz" : "out2");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fz_buf_t first[2], second[2];
    fz_t f = {data, size};
    plan_t p;
    args_t a;
    make_plan(&f, &p);
    const unsigned cut = fz_byte(&f);
    size_t n;
    const uint8_t *rest = fz_rest(&f, &n);
    write_inputs(&p, rest, n, cut);

    if (!file_outputs(&p)) {
        command_line(&p, p.threads, p.chunk, &a);
        const int status = run(&p, &a);
        collect(&p, status, first);
        return 0;
    }
    command_line(&p, 1, p.chunk, &a);
    const int s1 = run(&p, &a);
    first[0].n = first[1].n = 0;
    collect(&p, s1, first);
    const int compressed = p.out == 1 || p.gzip_flag;
    command_line(&p, 3, compressed ? p.chunk : p.chunk2, &a);
    const int s3 = run(&p, &a);
    second[0].n = second[1].n = 0;
    collect(&p, s3, second);
    FZ_CHECK(s1 == s3, "%s exits with %d at -j1 and %d at -j3",
             commands[p.cmd].name, s1, s3);
    for (int i = 0; i < file_outputs(&p); i++)
        FZ_CHECK(first[i].n == second[i].n &&
                 (first[i].n == 0 ||
                  memcmp(first[i].p, second[i].p, first[i].n) == 0),
                 "%s: output %d differs between -j1 and -j3 (%zu and %zu "
                 "bytes)", commands[p.cmd].name, i, first[i].n, second[i].n);
    if (s1 == 0 || (s1 == 3 && !p.strict))
        check_output(&p, &first[0]);
    return 0;
}
