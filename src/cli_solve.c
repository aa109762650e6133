/*
 * cli_solve.c -- `sudoflow solve`: options, messages, summary, exit code.
 *
 * Everything that touches puzzles is the library's (sf_batch_run); this file
 * turns options into sf_batch_opts_t, prints the first invalid records and
 * progress as the batch reports them, then the summary, and maps errors to
 * exit statuses.  An interrupt removes the temporary output file.
 */
#include "cli.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SHOW_INVALID 10 /* invalid records reported one by one */

typedef struct solve_cli {
    sf_batch_opts_t batch;
    sf_reader_opts_t reader;
    sf_writer_opts_t writer;
    const char *stats_path;  /* --stats FILE */
    int quiet;               /* -q */
    int progress;            /* show progress on the terminal */
    int progress_shown;      /* a progress line is on screen */
    uint64_t invalid_seen;   /* invalid records reported so far */
} solve_cli_t;

/* The temporary output file, removed by the interrupt handler. */
static const char *volatile temp_output;

static void on_interrupt(int sig)
{
    if (temp_output)
        unlink(temp_output);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void solve_usage(FILE *to)
{
    fputs(
"usage: sudoflow solve [OPTIONS] [FILE...]\n"
"Solve puzzles from FILEs (plain or gzip; none or '-' = stdin), writing one\n"
"output record per puzzle in input order.\n\n"
"  -j, --threads N      worker threads (default: all cores)\n"
"      --limit N        stop after N solutions (default 1; 0 = count all)\n"
"      --count          same as --limit 2: tells unique from multiple\n"
"      --lex            report the lexicographically smallest solution\n"
"      --kernel NAME    solver kernel (default: the fastest)\n"
"      --in-format F    line, grid or csv (default: detected per file)\n"
"      --column C       csv puzzle column, by name or 1-based number\n"
"      --out-format F   line or grid (default: grid for grid input)\n"
"      --fields LIST    of puzzle,solution,status,count,guesses,ns,line\n"
"                       (default: solution)\n"
"      --sep S          field separator (default ',')\n"
"      --header         print the field names first\n"
"  -o, --output FILE    write to FILE (gzip when it ends in .gz)\n"
"      --gzip           compress the output\n"
"      --level N        gzip level 1-9 (default 1: digits barely compress\n"
"                       further, and level 1 is several times faster)\n"
"  -f, --force          overwrite an existing output file\n"
"      --stats FILE     write the run statistics as JSON\n"
"      --strict         stop at the first invalid record (exit 3)\n"
"      --chunk N        records per chunk (default 8192)\n"
"  -q, --quiet          no summary, no progress\n"
"  -h, --help           this help\n", to);
}

enum { OPT_LIMIT = 256, OPT_COUNT, OPT_LEX, OPT_KERNEL, OPT_IN_FORMAT,
       OPT_COLUMN, OPT_OUT_FORMAT, OPT_FIELDS, OPT_SEP, OPT_HEADER, OPT_GZIP,
       OPT_LEVEL, OPT_STATS, OPT_STRICT, OPT_CHUNK };

static const struct option solve_options[] = {
    {"threads", required_argument, NULL, 'j'},
    {"limit", required_argument, NULL, OPT_LIMIT},
    {"count", no_argument, NULL, OPT_COUNT},
    {"lex", no_argument, NULL, OPT_LEX},
    {"kernel", required_argument, NULL, OPT_KERNEL},
    {"in-format", required_argument, NULL, OPT_IN_FORMAT},
    {"column", required_argument, NULL, OPT_COLUMN},
    {"out-format", required_argument, NULL, OPT_OUT_FORMAT},
    {"fields", required_argument, NULL, OPT_FIELDS},
    {"sep", required_argument, NULL, OPT_SEP},
    {"header", no_argument, NULL, OPT_HEADER},
    {"output", required_argument, NULL, 'o'},
    {"gzip", no_argument, NULL, OPT_GZIP},
    {"level", required_argument, NULL, OPT_LEVEL},
    {"force", no_argument, NULL, 'f'},
    {"stats", required_argument, NULL, OPT_STATS},
    {"strict", no_argument, NULL, OPT_STRICT},
    {"chunk", required_argument, NULL, OPT_CHUNK},
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

static int parse_format(const char *opt, const char *arg, int allow_csv,
                        sf_format_t *out)
{
    const int f = sf_format_parse(arg);
    if (f <= SF_FORMAT_AUTO || (f == SF_FORMAT_CSV && !allow_csv)) {
        cli_error("%s: unknown format '%s' (%s)", opt, arg,
                  allow_csv ? "line, grid or csv" : "line or grid");
        return -1;
    }
    *out = (sf_format_t)f;
    return 0;
}

static int parse_fields(solve_cli_t *s, const char *arg)
{
    const char *bad;
    const int n = sf_fields_parse(arg, s->batch.fields, &bad);
    if (n < 0) {
        cli_error("--fields: unknown or too many fields at '%s' (known: "
                  "puzzle,solution,status,count,guesses,ns,line)", bad);
        return -1;
    }
    s->batch.nfields = n;
    return 0;
}

static int parse_level(solve_cli_t *s, const char *arg)
{
    uint64_t v;
    if (cli_parse_u64("--level", arg, &v) != 0)
        return -1;
    if (v < 1 || v > 9) {
        cli_error("--level: must be between 1 and 9, not %s", arg);
        return -1;
    }
    s->writer.level = (int)v;
    return 0;
}

/* Apply option c; 0 ok, -1 usage error. */
static int solve_option(solve_cli_t *s, int c, const char *arg)
{
    sf_batch_opts_t *b = &s->batch;
    uint64_t v;
    switch (c) {
    case 'j': return cli_parse_threads(arg, &b->threads);
    case OPT_LIMIT: return cli_parse_u64("--limit", arg, &b->limit);
    case OPT_COUNT: b->limit = 2; return 0;
    case OPT_LEX: b->flags |= SF_LEX; return 0;
    case OPT_KERNEL: return (b->kernel = cli_parse_kernel(arg)) ? 0 : -1;
    case OPT_IN_FORMAT:
        return parse_format("--in-format", arg, 1, &s->reader.format);
    case OPT_COLUMN: s->reader.column = arg; return 0;
    case OPT_OUT_FORMAT:
        return parse_format("--out-format", arg, 0, &b->out_format);
    case OPT_FIELDS: return parse_fields(s, arg);
    case OPT_SEP: b->sep = arg; return 0;
    case OPT_HEADER: b->header = 1; return 0;
    case 'o': s->writer.path = arg; return 0;
    case OPT_GZIP: s->writer.gzip = 1; return 0;
    case OPT_LEVEL: return parse_level(s, arg);
    case 'f': s->writer.force = 1; return 0;
    case OPT_STATS: s->stats_path = arg; return 0;
    case OPT_STRICT: b->strict = 1; return 0;
    case OPT_CHUNK:
        if (cli_parse_u64("--chunk", arg, &v) != 0)
            return -1;
        b->chunk = v ? (size_t)v : 1;
        return 0;
    case 'q': s->quiet = 1; return 0;
    default: return -1;
    }
}

static void clear_progress(solve_cli_t *s)
{
    if (s->progress_shown) {
        fputs("\r\033[K", stderr);
        s->progress_shown = 0;
    }
}

static void on_invalid(void *ctx, const char *file, uint64_t line,
                       const char *why)
{
    solve_cli_t *s = ctx;
    if (s->invalid_seen++ < SHOW_INVALID && !s->batch.strict) {
        clear_progress(s);
        cli_error("%s:%llu: invalid record (%s)", file,
                  (unsigned long long)line, why);
    }
}

static void on_progress(void *ctx, const sf_progress_t *p)
{
    solve_cli_t *s = ctx;
    char n[32], eta[48] = "";
    const double rate = p->elapsed_sec > 0 ? p->records / p->elapsed_sec : 0;
    if (p->bytes_total && p->bytes_done > 0) {
        const double f = (double)p->bytes_done / (double)p->bytes_total;
        const double left = p->elapsed_sec * (1 - f) / f;
        snprintf(eta, sizeof eta, "  %3.0f%%  ETA %d:%02d", 100 * f,
                 (int)left / 60, (int)left % 60);
    }
    fprintf(stderr, "\r\033[K%s puzzles  %.0f/s%s", cli_group(p->records, n,
            sizeof n), rate, eta);
    s->progress_shown = 1;
}

static void print_summary(const sf_stats_t *st)
{
    char a[32], b[32], c[32];
    const uint64_t valid = st->puzzles - st->by_status[SF_INVALID];
    fprintf(stderr, "sudoflow: %s puzzles:", cli_group(st->puzzles, a, sizeof a));
    const char *comma = "";
    for (int i = 0; i < SF_STATUS_COUNT; i++)
        if (st->by_status[i]) {
            fprintf(stderr, "%s %s %s", comma,
                    cli_group(st->by_status[i], a, sizeof a),
                    sf_status_name((sf_status_t)i));
            comma = ",";
        }
    fprintf(stderr, "\n  time     %.3f s wall, %.3f s cpu, %d thread%s, "
            "kernel %s\n", st->wall_sec, st->cpu_sec, st->threads,
            st->threads == 1 ? "" : "s", st->kernel);
    fprintf(stderr, "  rate     %s puzzles/s\n",
            cli_group(st->wall_sec > 0 ? (uint64_t)(st->puzzles / st->wall_sec)
                      : 0, a, sizeof a));
    fprintf(stderr, "  guesses  %.2f per puzzle, %.1f%% solved without "
            "guessing\n", valid ? (double)st->guesses / valid : 0.0,
            valid ? 100.0 * st->no_guess / valid : 0.0);
    fprintf(stderr, "  latency  median %s, p99 %s, max %s\n",
            cli_duration((double)st->lat_median_ns, a, sizeof a),
            cli_duration((double)st->lat_p99_ns, b, sizeof b),
            cli_duration((double)st->lat_max_ns, c, sizeof c));
}

static int write_stats(const char *path, const sf_stats_t *st)
{
    char buf[2048];
    const int n = sf_stats_json(st, buf, sizeof buf);
    FILE *f = strcmp(path, "-") ? fopen(path, "w") : stdout;
    if (!f || fwrite(buf, 1, (size_t)n, f) != (size_t)n ||
        (f != stdout && fclose(f) != 0)) {
        cli_error("%s: cannot write statistics", path);
        return -1;
    }
    return 0;
}

/* Does the output show the original record text? */
static int uses_line_field(const sf_batch_opts_t *b)
{
    for (int i = 0; i < b->nfields; i++)
        if (b->fields[i] == SF_FIELD_LINE)
            return 1;
    return 0;
}

/* Parse argv into s; returns -1 on usage error, 1 for --help, else 0. */
static int solve_args(solve_cli_t *s, int argc, char **argv)
{
    s->batch.limit = 1;
    s->writer.gzip = -1;
    s->writer.level = 1;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "j:o:fqh", solve_options, NULL)) != -1) {
        if (c == 'h')
            return 1;
        if (c == '?' || solve_option(s, c, optarg) != 0)
            return -1;
    }
    s->reader.no_text = !uses_line_field(&s->batch);
    s->batch.on_invalid = on_invalid;
    s->progress = !s->quiet && isatty(STDERR_FILENO);
    s->batch.on_progress = s->progress ? on_progress : NULL;
    s->batch.ctx = s;
    return 0;
}

/* Run the batch; returns the exit status. */
static int solve_run(solve_cli_t *s, const char *const *files, size_t n)
{
    sf_error_t err = {0};
    sf_stats_t st;
    sf_reader_t *rd = sf_reader_new(files, n, &s->reader);
    sf_writer_t *wr = rd ? sf_writer_open(&s->writer, &err) : NULL;
    if (!rd || !wr) {
        cli_error("%s", rd ? err.message : "out of memory");
        sf_reader_free(rd);
        return rd ? cli_exit_code(err.code) : EXIT_IO;
    }
    temp_output = sf_writer_temp_path(wr);
    signal(SIGINT, on_interrupt);
    signal(SIGTERM, on_interrupt);
    int rc = sf_batch_run(&s->batch, rd, wr, &st, &err);
    sf_error_t cerr = {0};
    if (sf_writer_close(wr, rc == 0, &cerr) != 0 && rc == 0) {
        rc = -1;
        err = cerr;
    }
    temp_output = NULL;
    sf_reader_free(rd);
    clear_progress(s);
    if (s->invalid_seen > SHOW_INVALID && !s->batch.strict)
        cli_error("%llu more invalid records not shown",
                  (unsigned long long)(s->invalid_seen - SHOW_INVALID));
    if (rc != 0)
        cli_error("%s", err.message);
    if (!s->quiet)
        print_summary(&st);
    if (s->stats_path && write_stats(s->stats_path, &st) != 0 && rc == 0)
        return EXIT_IO;
    return rc == 0 ? EXIT_OK : cli_exit_code(err.code);
}

int cli_solve(int argc, char **argv)
{
    solve_cli_t s = {0};
    const int a = solve_args(&s, argc, argv);
    if (a > 0) {
        solve_usage(stdout);
        return EXIT_OK;
    }
    if (a < 0) {
        fputs("Try 'sudoflow solve --help'.\n", stderr);
        return EXIT_USAGE;
    }
    return solve_run(&s, (const char *const *)argv + optind,
                     (size_t)(argc - optind));
}
