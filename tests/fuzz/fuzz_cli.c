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
 * The calls themselves (signals, getopt, the watchdog) are fuzzcli.h's.
 * The dataset commands (audit, explain, generate, the card fields) have
 * a target of their own, fuzz_dataset.c.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "fuzz/fuzzutil.h"
#include "fuzz/fuzzcli.h"
#include "refsolve.h"
#include "sudoflow.h"

#define REF_RECORDS 8     /* records checked against the reference */
#define REF_BUDGET 100000 /* reference placements per record */

enum { SOLVE, RATE, CANON, TRANSFORM, SPLIT, NCMDS };

static const struct {
    const char *name;
    fzc_cmd_fn run;
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

/* Run the command of p; its exit status, which must be one of 0-3. */
static int run(const plan_t *p, fzc_args_t *a)
{
    const int status = fzc_run(commands[p->cmd].run, commands[p->cmd].name,
                               a);
    FZ_CHECK(status >= 0 && status <= 3, "%s exits with status %d",
             commands[p->cmd].name, status);
    return status;
}

/* The command line for a run with threads and chunk. */
static void command_line(const plan_t *p, int threads, unsigned chunk,
                         fzc_args_t *a)
{
    static const char *const formats[4] = {NULL, "line", "grid", "csv"};
    char num[32];
    a->n = 0;
    fzc_arg(a, commands[p->cmd].name);
    snprintf(num, sizeof num, "%d", threads);
    fzc_arg2(a, "-j", num);
    if (chunk) {
        snprintf(num, sizeof num, "%u", chunk);
        fzc_arg2(a, "--chunk", num);
    }
    if (p->format)
        fzc_arg2(a, "--in-format", formats[p->format]);
    if (p->quiet)
        fzc_arg(a, "-q");
    if (p->strict)
        fzc_arg(a, "--strict");
    if (p->gzip_flag)
        fzc_arg(a, "--gzip");
    /* line-output options, which are usage errors with grid output and
     * for split (the bytes still reach those errors sometimes) */
    const unsigned o = (unsigned)p->own;
    const int grid_out = p->cmd == SOLVE && (o & 48) == 48;
    const char *fields = commands[p->cmd].fields[p->fields];
    if (fields && !grid_out)
        fzc_arg2(a, "--fields", fields);
    if (p->sep && !grid_out && p->cmd != SPLIT)
        fzc_arg2(a, "--sep", p->sep);
    if (p->header && !grid_out && p->cmd != SPLIT)
        fzc_arg(a, "--header");
    switch (p->cmd) {
    case SOLVE: {
        static const char *const limits[4] = {NULL, "1", "2", "3"};
        if (o & 4)
            fzc_arg(a, "--count");
        else if (limits[o & 3])
            fzc_arg2(a, "--limit", limits[o & 3]);
        if (o & 8)
            fzc_arg(a, "--lex");
        if (o & 16)
            fzc_arg2(a, "--out-format", o & 32 ? "grid" : "line");
        if (o & 64)
            fzc_arg2(a, "--kernel", "bitboard");
        break;
    }
    case RATE:
        if (!fields || strstr(fields, "rating"))
            fzc_arg2(a, "--samples", o & 1 ? "2" : "1");
        break;
    case CANON:
        if (o & 1)
            fzc_arg(a, "--dedupe");
        break;
    case TRANSFORM:
        snprintf(num, sizeof num, "%u", 1 + o % 3);
        fzc_arg2(a, "--augment", num);
        snprintf(num, sizeof num, "%u", o >> 2);
        fzc_arg2(a, "--seed", num);
        break;
    case SPLIT:
        fzc_arg2(a, "--test-fraction", o & 1 ? "0.5" : o & 2 ? "0" : "1");
        snprintf(num, sizeof num, "%u", o >> 2);
        fzc_arg2(a, "--seed", num);
        fzc_arg2(a, "--train", p->outs[0]);
        fzc_arg2(a, "--test", p->outs[1]);
        break;
    }
    if (p->cmd != SPLIT && p->out != 3)
        fzc_arg2(a, "-o", p->out == 2 ? "/dev/null" : p->outs[0]);
    fzc_arg(a, p->in[0]);
    if (p->two_inputs)
        fzc_arg(a, p->in[1]);
}

/* ------------------------------------------------------------- checks */

static int file_outputs(const plan_t *p)
{
    return p->cmd == SPLIT ? 2 : p->out <= 1 ? 1 : 0;
}

/* Outputs exist exactly after a run that completed: a successful one, or
 * without --strict one that exits 3 because an input file holds no
 * puzzle (its records still have their outputs); their bytes go to got. */
static void collect(const plan_t *p, int status, fz_buf_t got[2])
{
    fzc_check_no_temp();
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
    FZ_CHECK(fzc_count_lines(out) == records, "%s writes %zu lines for %zu "
             "records", commands[p->cmd].name, fzc_count_lines(out), records);
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
    fzc_args_t a;
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
