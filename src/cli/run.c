/*
 * run.c -- what the batch commands (solve, generate, rate, transform,
 * canon, split) share: the input/output options, the messages the batch
 * reports while it runs (invalid records, progress), opening and closing
 * the files around a run, and the summary of a job.
 *
 * A command parses its arguments with cli_run_args, giving its own option
 * table (which includes CLI_OUTPUT_OPTIONS) and a handler for the options
 * only it has; it then runs its batch through cli_run_execute, which
 * refuses outputs that are the same file as another output or an input,
 * starts the threads, opens the reader, the outputs and the --stats file
 * (all written under temporary names, removed on any catchable signal:
 * guard.c), runs the body, and commits the files only when the whole
 * run succeeded: the outputs first, then the statistics.
 */
#include "cli.h"
#include "engine/dist.h" /* sudoflow-mpi: a process of several (sf_dist) */

#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SHOW_INVALID 10 /* invalid records reported one by one */
#define STATS_SLOT SF_MAX_OUTPUTS /* cli_guard_temp slot of --stats */

void cli_run_init(cli_run_t *r, const char *cmd)
{
    memset(r, 0, sizeof *r);
    r->cmd = cmd;
    r->writer.gzip = -1;
    r->writer.level = 1;
    r->out_names[0] = "-o";
    r->out_names[1] = "-o";
    r->out_formats = 1u << SF_FORMAT_LINE | 1u << SF_FORMAT_JSONL;
}

/* --in-format: line, grid, csv, jsonl, pencil for commands that read
 * pencilmarks (r->reader.pencil, set before the arguments are parsed) and
 * fpuzzles for those that read variants (r->reader.variants). */
static int parse_in_format(cli_run_t *r, const char *arg)
{
    const int f = sf_format_parse(arg);
    if (f == SF_FORMAT_PENCIL && !r->reader.pencil) {
        cli_error("--in-format: pencilmark puzzles are for solve and bench");
        return -1;
    }
    if (f == SF_FORMAT_FPUZZLES && !r->reader.variants) {
        cli_error("--in-format: f-puzzles puzzles are for solve");
        return -1;
    }
    if (f != SF_FORMAT_LINE && f != SF_FORMAT_GRID && f != SF_FORMAT_CSV &&
        f != SF_FORMAT_PENCIL && f != SF_FORMAT_JSONL &&
        f != SF_FORMAT_FPUZZLES) {
        cli_error("--in-format: unknown format '%s' (line, grid, csv, "
                  "jsonl%s%s)", arg, r->reader.pencil ? ", pencil" : "",
                  r->reader.variants ? ", fpuzzles" : "");
        return -1;
    }
    r->reader.format = (sf_format_t)f;
    return 0;
}

/* --out-format: one of the formats the command writes. */
static int parse_out_format(cli_run_t *r, const char *arg)
{
    const int f = sf_format_parse(arg);
    if (r->out_formats == 0) {
        cli_error("--out-format: the records are written as they were "
                  "read");
        return -1;
    }
    if (f < 0 || !(r->out_formats >> f & 1u) || f == SF_FORMAT_AUTO) {
        char known[64] = "";
        for (int k = SF_FORMAT_LINE; k <= SF_FORMAT_JSONL; k++)
            if (r->out_formats >> k & 1u)
                snprintf(known + strlen(known), sizeof known - strlen(known),
                         "%s%s", *known ? ", " : "",
                         sf_format_name((sf_format_t)k));
        cli_error("--out-format: unknown format '%s' (%s)", arg, known);
        return -1;
    }
    r->batch.out_format = (sf_format_t)f;
    return 0;
}

int cli_parse_gzip_level(const char *opt, const char *arg, int *out)
{
    uint64_t v;
    if (cli_parse_u64(opt, arg, &v) != 0)
        return -1;
    if (v < 1 || v > 9) {
        cli_error("%s: must be between 1 and 9, not %s", opt, arg);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* --sep: a separator that cannot be part of a field and is no line end,
 * so that every output line splits back into its fields.  0, or -1 with
 * the message printed. */
static int check_sep(const char *sep)
{
    if (!*sep) {
        cli_error("--sep: empty: the fields would run together");
        return -1;
    }
    for (const char *p = sep; *p; p++) {
        const unsigned char ch = (unsigned char)*p;
        if (ch < 32 && ch != '\t') {
            cli_error("--sep: a control character (a line end would break "
                      "one line per record)");
            return -1;
        }
        if (isalnum(ch) || strchr(".\"-_>=+", ch)) {
            cli_error("--sep: '%c' can be part of a field (use one of , ; "
                      "| : / a tab or a space)", ch);
            return -1;
        }
    }
    return 0;
}

/* A shared option: 0 done, -1 usage error, 1 not a shared option. */
static int run_option(cli_run_t *r, int c, const char *arg)
{
    sf_batch_opts_t *b = &r->batch;
    uint64_t v;
    switch (c) {
    case 'j': return cli_parse_threads(arg, &b->threads);
    case 'o': r->writer.path = arg; return 0;
    case 'f': r->writer.force = 1; return 0;
    case 'q': r->quiet = 1; return 0;
    case CLI_OPT_IN_FORMAT: return parse_in_format(r, arg);
    case CLI_OPT_OUT_FORMAT: return parse_out_format(r, arg);
    case CLI_OPT_COLUMN: r->reader.column = arg; return 0;
    case CLI_OPT_STRICT: b->strict = 1; return 0;
    case CLI_OPT_MAX_RECORD:
        if (cli_parse_u64("--max-record-bytes", arg, &v) != 0)
            return -1;
        if (v < 1 || v > (1u << 30)) {
            cli_error("--max-record-bytes: must be between 1 and 1073741824, "
                      "not %s", arg);
            return -1;
        }
        r->reader.max_record = (size_t)v;
        return 0;
    case CLI_OPT_SEP:
        if (check_sep(arg) != 0)
            return -1;
        b->sep = arg;
        return 0;
    case CLI_OPT_HEADER: b->header = 1; return 0;
    case CLI_OPT_GZIP: r->writer.gzip = 1; return 0;
    case CLI_OPT_GZIP_LEVEL:
        r->level_given = 1;
        return cli_parse_gzip_level("--gzip-level", arg, &r->writer.level);
    case CLI_OPT_STATS: r->stats_path = arg; return 0;
    case CLI_OPT_GEOMETRY: case CLI_OPT_REGIONS: case CLI_OPT_VARIANT:
    case CLI_OPT_EXTRA: case CLI_OPT_ALPHABET:
        return cli_geom_option(&r->geom, c, arg);
    case CLI_OPT_CHUNK:
        if (cli_parse_u64("--chunk", arg, &v) != 0)
            return -1;
        if (v > SIZE_MAX) { /* a 32-bit build */
            cli_error("--chunk: must be at most %zu, not %s", SIZE_MAX, arg);
            return -1;
        }
        b->chunk = v ? (size_t)v : 1;
        return 0;
    default: return 1;
    }
}

static void clear_progress(cli_run_t *r)
{
    if (r->progress_shown) {
        fputs("\r\033[K", stderr);
        r->progress_shown = 0;
    }
}

static void on_invalid(void *ctx, const char *file, uint64_t line,
                       const char *why)
{
    cli_run_t *r = ctx;
    if (r->invalid_seen++ < SHOW_INVALID && !r->batch.strict) {
        clear_progress(r);
        cli_error("%s:%llu: invalid record (%s)", file,
                  (unsigned long long)line, why);
    }
}

static void on_note(void *ctx, const char *file, uint64_t line,
                    const char *note)
{
    clear_progress(ctx);
    cli_error("%s:%llu: %s", file, (unsigned long long)line, note);
}

static void on_progress(void *ctx, const sf_progress_t *p)
{
    cli_run_t *r = ctx;
    char n[32], eta[48] = "";
    const double rate = p->elapsed_sec > 0 ? p->records / p->elapsed_sec : 0;
    if (p->bytes_total && p->bytes_done > 0) {
        const double f = (double)p->bytes_done / (double)p->bytes_total;
        const double left = p->elapsed_sec * (1 - f) / f;
        snprintf(eta, sizeof eta, "  %3.0f%%  ETA %d:%02d", 100 * f,
                 (int)left / 60, (int)left % 60);
    }
    char g[32];
    fprintf(stderr, "\r\033[K%s puzzles  %s/s%s", cli_group(p->records, n,
            sizeof n), cli_group((uint64_t)rate, g, sizeof g), eta);
    r->progress_shown = 1;
}

/* Does one of the nout outputs go to standard output? */
static int writes_stdout(const sf_writer_opts_t *wo, int nout)
{
    for (int i = 0; i < nout; i++)
        if (!wo[i].path || strcmp(wo[i].path, "-") == 0)
            return 1;
    return 0;
}

/* Progress goes to stderr when it is a terminal, but not when the records
 * go to standard output and that is the same terminal: they would mix. */
static int progress_possible(const sf_writer_opts_t *wo, int nout)
{
    struct stat out, err;
    if (!isatty(STDERR_FILENO))
        return 0;
    if (!writes_stdout(wo, nout) || !isatty(STDOUT_FILENO))
        return 1;
    return fstat(STDOUT_FILENO, &out) == 0 && fstat(STDERR_FILENO, &err) == 0
           && out.st_rdev != err.st_rdev;
}

int cli_run_args(cli_run_t *r, int argc, char **argv,
                 const struct option *longopts, cli_option_fn own, void *ctx)
{
    optind = 0; /* glibc: 0 starts a fresh scan */
    int c;
    const char *shorts = r->shortopts ? r->shortopts : CLI_SHORT_OPTIONS;
    while ((c = getopt_long(argc, argv, shorts, longopts, NULL)) != -1) {
        if (c == 'h')
            return 1;
        if (c == 'V')
            return 2;
        if (c == '?')
            return -1;
        int rc = run_option(r, c, optarg);
        if (rc > 0)
            rc = own ? own(ctx, c, optarg) : -1;
        if (rc != 0)
            return -1;
    }
    if (cli_geom_build(&r->geom) != 0)
        return -1;
    r->reader.geometry = r->geom.geom;
    r->reader.sizes = r->any_size;
    r->reader.alphabet = &r->geom.alpha;
    r->batch.alphabet = &r->geom.alpha;
    r->batch.on_invalid = on_invalid;
    r->reader.on_note = on_note;
    r->reader.note_ctx = r;
    r->batch.ctx = r;
    return 0;
}

int cli_run_usage(const cli_run_t *r, int a, void (*usage)(FILE *))
{
    if (a == 2) {
        cli_version();
        return EXIT_OK;
    }
    if (a > 0) {
        usage(stdout);
        return EXIT_OK;
    }
    if (a < 0) {
        fprintf(stderr, "Try 'sudoflow %s --help'.\n", r->cmd);
        return EXIT_USAGE;
    }
    return -1;
}

/* Close writer w (guard slot) committing it when rc is 0; the first
 * failure makes rc -1 and fills err. */
static int close_one(sf_writer_t *w, int slot, int rc, sf_error_t *err)
{
    sf_error_t cerr = {0};
    cli_guard_hold(1);
    const int failed = sf_writer_close(w, rc == 0, &cerr) != 0;
    cli_guard_temp(slot, NULL);
    cli_guard_hold(0);
    if (failed && rc == 0) {
        rc = -1;
        *err = cerr;
    }
    return rc;
}

/* Open the nout outputs and, with --stats, the statistics file as
 * wr[nout]; on failure close those already open. */
static int open_outputs(const cli_run_t *r, const sf_writer_opts_t *wo,
                        int nout, sf_writer_t **wr, sf_error_t *err)
{
    const int quiet = sf_dist && sf_dist->rank > 0; /* see open_all */
    const sf_writer_opts_t so = {quiet ? "/dev/null" : r->stats_path,
                                 r->writer.force || quiet, 0, 1};
    const int n = nout + (r->stats_path != NULL);
    for (int i = 0; i < n; i++) {
        cli_guard_hold(1);
        wr[i] = sf_writer_open(i < nout ? &wo[i] : &so, err);
        if (wr[i])
            cli_guard_temp(i < nout ? i : STATS_SLOT,
                           sf_writer_temp_path(wr[i]));
        cli_guard_hold(0);
        if (!wr[i]) {
            while (i-- > 0)
                close_one(wr[i], i, -1, err);
            return -1;
        }
    }
    return 0;
}

static int gzip_output(const sf_writer_opts_t *o);

/* open_outputs, and with several processes (dist.h) rank 0 alone writes
 * the files: the others write to /dev/null (compressed when the file is,
 * as the batch driver sends rank 0 their compressed output), and all go
 * on only when every one opened its outputs. */
static int open_all(const cli_run_t *r, const sf_writer_opts_t *wo,
                    int nout, sf_writer_t **wr, sf_error_t *err)
{
    sf_writer_opts_t null_wo[SF_MAX_OUTPUTS];
    const int quiet = sf_dist && sf_dist->rank > 0;
    for (int i = 0; quiet && i < nout; i++) {
        null_wo[i] = wo[i];
        null_wo[i].path = "/dev/null";
        null_wo[i].force = 1;
        null_wo[i].gzip = gzip_output(&wo[i]);
    }
    const int rc = open_outputs(r, quiet ? null_wo : wo, nout, wr, err);
    if (!sf_dist || sf_dist->agree(sf_dist->ctx, rc, err) == 0)
        return rc;
    sf_error_t ignored;
    for (int i = 0; rc == 0 && i < nout + (r->stats_path != NULL); i++)
        close_one(wr[i], i < nout ? i : STATS_SLOT, -1, &ignored);
    return -1;
}

/* Write the statistics the body left in r->json into the stats writer. */
static int write_stats(const cli_run_t *r, sf_writer_t *w, sf_error_t *err)
{
    return sf_writer_write(w, r->json, strlen(r->json), err);
}

/* Commit the outputs, then the statistics file, in that order, up to the
 * first that fails (a write error, or a file that appeared under its
 * name): the message then names the files already in place. */
static int close_outputs(const cli_run_t *r, const sf_writer_opts_t *wo,
                         sf_writer_t **wr, int nout, int rc, sf_error_t *err)
{
    if (rc == 0 && r->stats_path)
        rc = write_stats(r, wr[nout], err);
    const int n = nout + (r->stats_path != NULL);
    int placed = 0; /* outputs committed */
    for (int i = 0; i < n; i++) {
        const int before = rc;
        rc = close_one(wr[i], i < nout ? i : STATS_SLOT, rc, err);
        placed += rc == 0;
        if (before != 0 || rc == 0)
            continue;
        for (int k = 0; k < placed; k++) {
            const char *path = k < nout ? wo[k].path : r->stats_path;
            const size_t len = strlen(err->message);
            if (path && strcmp(path, "-") != 0)
                snprintf(err->message + len, sizeof err->message - len,
                         "; %s is complete", path);
        }
    }
    return rc;
}

/* Is output o gzip (as sf_writer_open decides)? */
static int gzip_output(const sf_writer_opts_t *o)
{
    if (o->gzip >= 0)
        return o->gzip;
    const size_t n = o->path ? strlen(o->path) : 0;
    return n >= 3 && strcmp(o->path + n - 3, ".gz") == 0;
}

/* Options that do nothing with these outputs, compressed output for a
 * terminal, --column with an input format that is not csv: usage errors.
 * 0, or -1 with err filled. */
static int check_outputs(const cli_run_t *r, const sf_writer_opts_t *wo,
                         int nout, sf_error_t *err)
{
    int any_gzip = 0;
    const char *why = NULL;
    for (int i = 0; i < nout; i++) {
        const int gz = gzip_output(&wo[i]);
        any_gzip |= gz;
        if (gz && (!wo[i].path || !strcmp(wo[i].path, "-")) &&
            isatty(STDOUT_FILENO) && !wo[i].force)
            why = "compressed output is not written to a terminal (use -o "
                  "FILE, a pipe, or -f)";
    }
    for (int i = 0; i < nout + 1; i++) {
        const char *path = i < nout ? wo[i].path : r->stats_path;
        if (path && !*path) {
            err->code = SF_ERR_USAGE;
            snprintf(err->message, sizeof err->message,
                     "%s: the file name is empty",
                     i < nout ? r->out_names[i] : "--stats");
            return -1;
        }
    }
    if (r->level_given && !any_gzip)
        why = "--gzip-level is for gzip output (-o FILE.gz or --gzip)";
    if (r->reader.column && r->reader.format != SF_FORMAT_AUTO &&
        r->reader.format != SF_FORMAT_CSV)
        why = "--column is for csv input";
    if (r->batch.out_format == SF_FORMAT_JSONL &&
        (r->batch.header || r->batch.sep))
        why = "--header and --sep are for line output, not jsonl";
    if (!why)
        return 0;
    err->code = SF_ERR_USAGE;
    snprintf(err->message, sizeof err->message, "%s", why);
    return -1;
}

/* After the run: a file none of whose records is a puzzle is most likely
 * not a puzzle file at all (or read in the wrong format).  Each is named
 * and counted in r->no_puzzles; the outputs are complete all the same
 * (every record has its output), and the command exits 3. */
static void check_all_invalid(cli_run_t *r, const sf_reader_t *rd,
                              size_t nfiles)
{
    for (uint32_t i = 0; rd && i < (nfiles ? nfiles : 1); i++) {
        uint64_t bad;
        const uint64_t n = sf_reader_file_records(rd, i, &bad);
        char g[32];
        const sf_format_t f = sf_reader_file_format(rd, i);
        if (n == 0 || bad < n)
            continue;
        cli_error("%s: none of its %s record%s is a puzzle%s%s%s: is this a "
                  "puzzle file?", sf_reader_file_name(rd, i),
                  cli_group(n, g, sizeof g), n == 1 ? "" : "s",
                  f ? " (read as " : "", f ? sf_format_name(f) : "",
                  f ? ")" : "");
        r->no_puzzles++;
    }
}

/* After the body: --column must have met a csv file. */
static int check_column(const cli_run_t *r, const sf_reader_t *rd,
                        size_t nfiles, sf_error_t *err)
{
    if (!rd || !r->reader.column)
        return 0;
    for (uint32_t i = 0; i < (nfiles ? nfiles : 1); i++)
        if (sf_reader_file_format(rd, i) == SF_FORMAT_CSV)
            return 0;
    err->code = SF_ERR_USAGE;
    snprintf(err->message, sizeof err->message,
             "--column is for csv input, and no input was csv");
    return -1;
}

/* Before the run: --column must meet a csv file, which a look at the
 * start of each input file tells when they are all files (standard input
 * can only be read once: then check_column decides after the run).  0, or
 * -1 with err filled. */
static int precheck_column(const cli_run_t *r, const char *const *files,
                           size_t n, sf_error_t *err)
{
    if (!r->reader.column || r->reader.format != SF_FORMAT_AUTO || n == 0)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!strcmp(files[i], "-"))
            return 0;
    sf_reader_opts_t o = r->reader;
    o.on_note = NULL;
    o.no_text = 1;
    for (size_t i = 0; i < n; i++) {
        sf_reader_t *rd = sf_reader_new(&files[i], 1, &o);
        sf_chunk_t c;
        sf_chunk_init(&c);
        const long got = rd ? sf_reader_fill(rd, &c, 1, NULL) : -1;
        const sf_format_t f = rd ? sf_reader_file_format(rd, 0)
                                 : SF_FORMAT_AUTO;
        sf_chunk_free(&c);
        sf_reader_free(rd);
        if (got < 0 || f == SF_FORMAT_CSV) /* errors: the run reports */
            return 0;
    }
    err->code = SF_ERR_USAGE;
    snprintf(err->message, sizeof err->message,
             "--column is for csv input, and no input is csv");
    return -1;
}

int cli_run_execute(cli_run_t *r, const char *const *files, size_t n,
                    int with_input, const sf_writer_opts_t *wo, int nout,
                    cli_body_fn body, void *ctx, sf_error_t *err)
{
    sf_reader_t *rd = NULL;
    sf_writer_t *wr[SF_MAX_OUTPUTS + 1];
    const char *names[SF_MAX_OUTPUTS + 1];
    for (int i = 0; i < nout; i++)
        names[i] = r->out_names[i];
    names[nout] = "--stats";
    static const char *const std_in[] = {"-"};
    int ok = (!with_input || cli_check_inputs(files, n, err) == 0) &&
             check_outputs(r, wo, nout, err) == 0 &&
             (!with_input || precheck_column(r, files, n, err) == 0) &&
             cli_check_paths(!with_input ? NULL : n ? files : std_in,
                             !with_input ? 0 : n ? n : 1, wo, names, nout,
                             r->stats_path, err) == 0;
    if (sf_dist) /* several processes: all go on, or none */
        ok = sf_dist->agree(sf_dist->ctx, ok ? 0 : -1, err) == 0;
    if (!ok) {
        cli_error("%s", err->message);
        return -1;
    }
    r->progress = !r->quiet && progress_possible(wo, nout);
    r->batch.on_progress = r->progress ? on_progress : NULL;
    cli_guard_signals();
    int started = cli_guard_threads(r->batch.threads) == 0;
    *err = (sf_error_t){SF_ERR_IO, "cannot start the worker threads"};
    if (sf_dist) /* the message comes from the process that failed */
        started = sf_dist->agree(sf_dist->ctx, started ? 0 : -1, err) == 0;
    if (!started)
        return -1;
    *err = (sf_error_t){0, ""};
    int shared_stdin = 0; /* several processes: see dist.h */
    for (size_t i = 0; sf_dist && with_input && i < (n ? n : 1); i++)
        shared_stdin |= !n || !strcmp(files[i], "-");
    if (shared_stdin)
        sf_dist->stdin_begin(sf_dist->ctx);
    if (with_input && !(rd = sf_reader_new(files, n, &r->reader))) {
        *err = (sf_error_t){SF_ERR_NOMEM, "out of memory"};
        cli_error("%s", err->message);
        return -1;
    }
    if (open_all(r, wo, nout, wr, err) != 0) {
        cli_error("%s", err->message);
        if (shared_stdin)
            sf_dist->stdin_end(sf_dist->ctx);
        sf_reader_free(rd);
        return -1;
    }
    int rc = body(ctx, rd, wr, err);
    if (rc == 0)
        rc = check_column(r, rd, n, err);
    clear_progress(r);
    if (rc == 0)
        check_all_invalid(r, rd, n);
    rc = close_outputs(r, wo, wr, nout, rc, err);
    if (shared_stdin)
        sf_dist->stdin_end(sf_dist->ctx);
    sf_reader_free(rd);
    clear_progress(r);
    if (r->invalid_seen > SHOW_INVALID && !r->batch.strict)
        cli_error("%llu more invalid records not shown",
                  (unsigned long long)(r->invalid_seen - SHOW_INVALID));
    if (rc != 0)
        cli_error("%s", err->message);
    return rc;
}

int cli_parse_fields(cli_fields_t *fl, const char *arg,
                     const char *const *names, int n)
{
    const int got = cli_parse_names("--fields", arg, names, n, fl->f,
                                    SF_MAX_FIELDS);
    if (got < 0)
        return -1;
    fl->n = got;
    return 0;
}

void cli_use_fields(cli_run_t *r, const cli_fields_t *fl,
                    const char *const *names)
{
    for (int i = 0; i < fl->n; i++)
        r->keys[i] = names[fl->f[i]];
    r->batch.keys = r->keys;
    r->batch.nkeys = fl->n;
}

int cli_has_field(const cli_fields_t *fl, int f)
{
    for (int i = 0; i < fl->n; i++)
        if (fl->f[i] == f)
            return 1;
    return 0;
}

void cli_put_header(sf_out_t *out, const cli_fields_t *fl,
                    const char *const *names)
{
    for (int i = 0; i < fl->n; i++)
        sf_out_text(out, names[fl->f[i]], strlen(names[fl->f[i]]));
    sf_out_end(out);
}

void cli_job_summary(const sf_job_stats_t *st, const char *what,
                     const char *rest)
{
    char a[32], p[64];
    fprintf(stderr, "%s: %s %s%s%s\n", cli_prefix(p, sizeof p),
            cli_group(st->items, a, sizeof a), what, rest ? ", " : "",
            rest ? rest : "");
    fprintf(stderr, "  time     %.3f s wall, %.3f s cpu, %d thread%s\n",
            st->wall_sec, st->cpu_sec, st->threads,
            st->threads == 1 ? "" : "s");
    fprintf(stderr, "  rate     %s %s/s\n",
            cli_group(st->wall_sec > 0 ? (uint64_t)(st->items / st->wall_sec)
                      : 0, a, sizeof a), what);
}

void cli_job_json(cli_run_t *r, const sf_job_stats_t *st, const char *extra)
{
    uint64_t written = 0;
    for (int o = 0; o < SF_MAX_OUTPUTS; o++)
        written += st->records[o];
    snprintf(r->json, sizeof r->json,
        "{\"command\":\"%s\",\"records\":%llu,\"invalid\":%llu,"
        "\"dropped\":%llu,\"written\":%llu,"
        "\"wall_sec\":%.6f,\"cpu_sec\":%.6f,\"threads\":%d%s%s}\n", r->cmd,
        (unsigned long long)st->items, (unsigned long long)st->invalid,
        (unsigned long long)st->dropped, (unsigned long long)written,
        st->wall_sec, st->cpu_sec, st->threads, *extra ? "," : "", extra);
}

int cli_job_finish(const cli_run_t *r, int rc, const sf_error_t *err,
                   const sf_job_stats_t *st, const char *what)
{
    if (rc != 0) /* no summary after an error */
        return cli_exit_code(err->code);
    if (!r->quiet)
        cli_job_summary(st, what, *r->rest ? r->rest : NULL);
    return r->no_puzzles ? EXIT_INVALID : EXIT_OK;
}
