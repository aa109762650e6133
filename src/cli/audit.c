/*
 * audit.c -- `sudoflow audit`: does a test set leak from its train set or
 * from public sets?
 *
 * The files are read as one stream, the train files first, then each
 * reference file (a set of its own), then the test files; worker threads
 * solve each record (to 2 solutions) and hash the canonical forms of the
 * puzzle and of its solution grid (sf_audit_key), and the ordered pass
 * hands the keys to the library's audit (sf_audit_*: sorted runs on
 * disk, so memory stays within --memory whatever the sizes).  Once all
 * are read the audit compares them, and a second job, with one item per
 * finding, writes the findings in test file and line order: the ordered
 * pass takes the next one from the audit, the workers format them.  The
 * summary counts the test records that leak, per set and kind, and the
 * exit status is 4 when any does, so a pipeline can stop on it.  In
 * sudoflow-mpi both ordered passes run on rank 0, which so holds the
 * whole audit; it tells the others how many findings there are.  Puzzles
 * of other geometries are keyed under their geometry's group
 * (sf_audit_key_geom), and never match a puzzle of another geometry.
 */
#include "cli.h"
#include "engine/dist.h" /* sudoflow-mpi: a process of several (sf_dist) */

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EXIT_LEAK = 4 };
enum { MAX_FILES = 65536, MAX_REFS = 250 };

enum { F_FILE, F_LINE, F_KIND, F_SET, F_MATCH_FILE, F_MATCH_LINE, F_MATCHES,
       F_COUNT };
static const char *const field_names[F_COUNT] = {
    "file", "line", "kind", "set", "match_file", "match_line", "matches"};

/* A file as named on the command line: 0 train, 1 reference, 2 test. */
typedef struct named {
    const char *path;
    int kind;
} named_t;

typedef struct audit_worker {
    sf_solver_t *solver;
    char pad[64];
} audit_worker_t;

typedef struct audit_cli {
    cli_run_t run;
    cli_fields_t fields;  /* all of them, for the header and jsonl keys */
    named_t *given;       /* the files as named */
    size_t ngiven;
    const char **files;   /* train..., references..., test... */
    size_t nfiles, ntrain, nrefs, ntest;
    size_t memory;        /* --memory */
    const char *tmpdir;   /* --tmpdir */
    sf_reader_t *reader;
    sf_audit_t *audit;
    audit_worker_t *workers;
    int threads;
    uint64_t *records;    /* per set: valid records added */
    /* the findings pass */
    uint64_t last_file, last_line; /* the test record last counted */
    int last_leaked;
    uint64_t leaking;     /* test records with a puzzle or grid finding */
    uint64_t *by_set;     /* [set * 2 + kind]: test records, per finding */
    uint64_t unchecked[2];/* multiple, unsolvable test records */
    int empty_sets;       /* comparison sets without a puzzle */
    sf_job_stats_t stats, stats2;
} audit_cli_t;

static void audit_usage(FILE *to)
{
    fputs(
"usage: sudoflow audit --test FILE [--train FILE] [--reference FILE]\n"
"                      [OPTIONS]\n"
"Report every test puzzle that is equivalent to a puzzle of the train set\n"
"or of a reference set (by canonical form: relabelled digits, swapped\n"
"rows, columns, bands, stacks, transposed), and every test puzzle whose\n"
"solution grid is equivalent to the solution grid of one of theirs: one\n"
"record per finding, in test order, with the first equivalent record\n"
"(file and line) and how many there are.  Test puzzles without exactly\n"
"one solution are listed as multiple or unsolvable.  Exit status 4 when\n"
"any test puzzle leaks.  Other geometries use their own symmetries\n"
"(docs/geometry.md).\n\n"
"      --train FILE     a train file (may be repeated: one set)\n"
"      --test FILE      a test file (may be repeated: one set)\n"
"      --reference FILE a reference file, e.g. a public benchmark (may be\n"
"                       repeated: a set each)\n"
"      --memory SIZE    memory for the comparison (default 256M; K, M, G);\n"
"                       beyond it records go to temporary files\n"
"      --tmpdir DIR     where those go (default $TMPDIR, else /tmp)\n"
CLI_GEOMETRY_HELP CLI_INPUT_HELP CLI_OUTPUT_HELP, to);
}

enum { OPT_TRAIN = CLI_OPT_OWN, OPT_TEST, OPT_REFERENCE, OPT_MEMORY,
       OPT_TMPDIR };

static const struct option audit_options[] = {
    CLI_OUTPUT_OPTIONS,
    CLI_INPUT_OPTIONS,
    CLI_GEOMETRY_OPTIONS,
    {"train", required_argument, NULL, OPT_TRAIN},
    {"test", required_argument, NULL, OPT_TEST},
    {"reference", required_argument, NULL, OPT_REFERENCE},
    {"memory", required_argument, NULL, OPT_MEMORY},
    {"tmpdir", required_argument, NULL, OPT_TMPDIR},
    {NULL, 0, NULL, 0},
};

/* The largest --memory: 1P (2^50 bytes), or half the address space on a
 * 32-bit build, so that no size_t arithmetic on it overflows. */
#define MEMORY_MAX \
    ((size_t)(SIZE_MAX / 2 < (1ull << 50) ? SIZE_MAX / 2 : (1ull << 50)))

/* A size: digits and an optional K, M or G (powers of 1024), from 1M to
 * MEMORY_MAX. */
static int parse_size(const char *arg, size_t *out)
{
    char num[32];
    size_t len = strlen(arg);
    uint64_t unit = 1;
    if (len > 0 && strchr("KkMmGg", arg[len - 1])) {
        const char u = (char)(arg[len - 1] | 0x20);
        unit = u == 'k' ? 1u << 10 : u == 'm' ? 1u << 20 : 1u << 30;
        len--;
    }
    double v;
    if (len == 0 || len >= sizeof num)
        return -1;
    memcpy(num, arg, len);
    num[len] = 0;
    if (cli_parse_number(num, 1, 1e300, &v) != 0)
        return -1;
    const double bytes = v * (double)unit;
    if (!(bytes >= 1 << 20 && bytes <= (double)MEMORY_MAX))
        return -1;
    *out = (size_t)bytes;
    return 0;
}

static int add_file(audit_cli_t *k, const char *path, int kind)
{
    if (k->ngiven == MAX_FILES) {
        cli_error("more than %d files", MAX_FILES);
        return -1;
    }
    named_t *g = realloc(k->given, (k->ngiven + 1) * sizeof *g);
    if (!g) {
        cli_error("out of memory");
        return -1;
    }
    k->given = g;
    k->given[k->ngiven++] = (named_t){path, kind};
    return 0;
}

static int audit_option(void *ctx, int c, const char *arg)
{
    audit_cli_t *k = ctx;
    switch (c) {
    case OPT_TRAIN: return add_file(k, arg, 0);
    case OPT_REFERENCE: return add_file(k, arg, 1);
    case OPT_TEST: return add_file(k, arg, 2);
    case OPT_MEMORY:
        if (parse_size(arg, &k->memory) != 0) {
            cli_error("--memory: not a size of at least 1M and at most "
                      "%zuG (e.g. 512M, 2G): '%s'", MEMORY_MAX >> 30, arg);
            return -1;
        }
        return 0;
    case OPT_TMPDIR: k->tmpdir = arg; return 0;
    default: return -1;
    }
}

/* The stream order, and the sets' sizes. */
static int order_files(audit_cli_t *k)
{
    k->files = malloc((k->ngiven ? k->ngiven : 1) * sizeof *k->files);
    if (!k->files) {
        cli_error("out of memory");
        return -1;
    }
    size_t n[3] = {0};
    for (int kind = 0; kind < 3; kind++)
        for (size_t i = 0; i < k->ngiven; i++)
            if (k->given[i].kind == kind) {
                k->files[k->nfiles++] = k->given[i].path;
                n[kind]++;
            }
    k->ntrain = n[0];
    k->nrefs = n[1];
    k->ntest = n[2];
    return 0;
}

/* The directory the audit's temporary files go to must take them: tried
 * before anything is read, where the sorter will make them (--tmpdir, or
 * when it is absent or empty $TMPDIR, else /tmp). */
static int check_tmpdir(const char *tmpdir)
{
    sf_error_t err = {0};
    if (sf_audit_check_dir(tmpdir, &err) == 0)
        return 0;
    const char *env = getenv("TMPDIR");
    cli_error("%s%s", tmpdir && *tmpdir ? "--tmpdir "
                      : env && *env ? "$TMPDIR " : "", err.message);
    return -1;
}

static int audit_args(audit_cli_t *k, int argc, char **argv)
{
    const int a = cli_run_args(&k->run, argc, argv, audit_options,
                               audit_option, k);
    if (a != 0)
        return a;
    if (optind < argc) {
        cli_error("files are named by --train, --test and --reference: "
                  "'%s'", argv[optind]);
        return -1;
    }
    if (order_files(k) != 0)
        return -1;
    if (!k->ntest || !(k->ntrain || k->nrefs)) {
        cli_error("--test and --train or --reference are required");
        return -1;
    }
    if (k->nrefs > MAX_REFS) {
        cli_error("more than %d --reference files", MAX_REFS);
        return -1;
    }
    return check_tmpdir(k->tmpdir);
}

/* Sets: 0 train (when there is one), then a set per reference file, the
 * test set last.  File i of the stream belongs to set_of(i). */
static int sets_of(const audit_cli_t *k)
{
    return (k->ntrain ? 1 : 0) + (int)k->nrefs + 1;
}

static int set_of(const audit_cli_t *k, size_t file)
{
    const int t = k->ntrain ? 1 : 0;
    if (file < k->ntrain)
        return 0;
    if (file < k->ntrain + k->nrefs)
        return t + (int)(file - k->ntrain);
    return t + (int)k->nrefs;
}

/* A set's name: "train" or its reference file. */
static const char *set_name(const audit_cli_t *k, int set)
{
    if (k->ntrain && set == 0)
        return "train";
    return k->files[k->ntrain + (size_t)(set - (k->ntrain ? 1 : 0))];
}

/* ------------------------------------------------- the reading pass */

static int audit_start(void *ctx, int threads)
{
    audit_cli_t *k = ctx;
    k->workers = calloc((size_t)threads, sizeof *k->workers);
    if (!k->workers)
        return -1;
    k->threads = threads;
    for (int t = 0; t < threads; t++)
        if (!(k->workers[t].solver = sf_solver_new(NULL)))
            return -1;
    return 0;
}

static void read_work(void *ctx, int thread, const sf_item_t *it, void *slot)
{
    const audit_cli_t *k = ctx;
    sf_audit_key_t *key = slot;
    if (it->rec->invalid)
        key->status = SF_INVALID;
    else /* a named geometry's group was had before the run */
        sf_audit_key_geom(k->workers[thread].solver, it->rec->geom,
                          it->cells, key, NULL);
}

static int read_keep(void *ctx, const sf_item_t *it, void *slot,
                     sf_error_t *err)
{
    audit_cli_t *k = ctx;
    const sf_audit_key_t *key = slot;
    if (key->status == SF_INVALID)
        return 1; /* reported by the reader; nothing to compare */
    const int set = set_of(k, it->rec->file);
    k->records[set]++;
    return sf_audit_add(k->audit, set, it->rec->file, it->rec->line, key,
                        err) == 0 ? 1 : -1;
}

static void read_emit(void *ctx, int thread, const sf_item_t *it, void *slot,
                      sf_out_t *const *out)
{
    (void)ctx, (void)thread, (void)it, (void)slot, (void)out;
}

/* ----------------------------------------------- the findings pass */

static int find_begin(void *ctx, sf_out_t *const *out, sf_error_t *err)
{
    (void)err;
    audit_cli_t *k = ctx;
    if (k->run.batch.header)
        cli_put_header(out[0], &k->fields, field_names);
    return 0;
}

/* Count finding f for the summary (findings come in test order). */
static void count(audit_cli_t *k, const sf_finding_t *f)
{
    if (f->kind >= SF_LEAK_MULTIPLE) {
        k->unchecked[f->kind - SF_LEAK_MULTIPLE]++;
        return;
    }
    const int same = k->last_leaked && f->file == k->last_file &&
                     f->line == k->last_line;
    if (!same)
        k->leaking++;
    k->last_leaked = 1;
    k->last_file = f->file;
    k->last_line = f->line;
    k->by_set[2 * f->set + (f->kind == SF_LEAK_SOLUTION)]++;
}

static void find_work(void *ctx, int thread, const sf_item_t *it, void *slot)
{
    (void)ctx, (void)thread, (void)it, (void)slot; /* the keep pass reads */
}

static int find_keep(void *ctx, const sf_item_t *it, void *slot,
                     sf_error_t *err)
{
    (void)it;
    audit_cli_t *k = ctx;
    sf_finding_t *f = slot;
    const int got = sf_audit_next(k->audit, f, err);
    if (got < 0)
        return -1;
    if (got == 0) {
        *err = (sf_error_t){SF_ERR_IO, "lost findings"};
        return -1;
    }
    count(k, f);
    return 1;
}

static void put_name(sf_out_t *out, const char *s)
{
    sf_out_text(out, s, strlen(s));
}

static void find_emit(void *ctx, int thread, const sf_item_t *it, void *slot,
                      sf_out_t *const *out)
{
    const audit_cli_t *k = ctx;
    const sf_finding_t *f = slot;
    (void)thread, (void)it;
    const int match = f->set >= 0;
    put_name(out[0], sf_reader_file_name(k->reader, f->file));
    sf_out_u64(out[0], f->line);
    put_name(out[0], sf_leak_name(f->kind));
    if (match) {
        put_name(out[0], k->ntrain && f->set == 0 ? "train" : "reference");
        put_name(out[0], sf_reader_file_name(k->reader, f->match_file));
        sf_out_u64(out[0], f->match_line);
        sf_out_u64(out[0], f->matches);
    } else {
        for (int i = 0; i < 4; i++)
            sf_out_text(out[0], "", 0);
    }
    sf_out_end(out[0]);
}

/* ------------------------------------------------------------ the run */

/* The summary's line: test records, leaks by set and kind. */
static void summarise(audit_cli_t *k)
{
    const int sets = sets_of(k), test = sets - 1;
    char a[32], b[32], c[32], part[160];
    char *w = k->run.rest;
    const size_t cap = sizeof k->run.rest;
    size_t n = (size_t)snprintf(w, cap, "%s test, %s leaking",
                                cli_group(k->records[test], a, sizeof a),
                                cli_group(k->leaking, b, sizeof b));
    for (int s = 0; s < test && n < cap; s++) {
        if (!k->by_set[2 * s] && !k->by_set[2 * s + 1])
            continue;
        snprintf(part, sizeof part, "; %s: %s puzzle%s, %s solution grid%s",
                 set_name(k, s), cli_group(k->by_set[2 * s], a, sizeof a),
                 k->by_set[2 * s] == 1 ? "" : "s",
                 cli_group(k->by_set[2 * s + 1], c, sizeof c),
                 k->by_set[2 * s + 1] == 1 ? "" : "s");
        n += (size_t)snprintf(w + n, cap - n, "%s", part);
    }
    if (n < cap && (k->unchecked[0] || k->unchecked[1]))
        snprintf(w + n, cap - n, "; not checked by grid: %s multiple, %s "
                 "unsolvable", cli_group(k->unchecked[0], a, sizeof a),
                 cli_group(k->unchecked[1], b, sizeof b));
    char json[320];
    snprintf(json, sizeof json, "\"test\":%llu,\"leaking\":%llu,"
             "\"findings\":%llu,\"multiple\":%llu,\"unsolvable\":%llu,"
             "\"memory\":%llu,\"spilled_bytes\":%llu",
             (unsigned long long)k->records[test],
             (unsigned long long)k->leaking,
             (unsigned long long)k->stats2.records[0],
             (unsigned long long)k->unchecked[0],
             (unsigned long long)k->unchecked[1],
             (unsigned long long)k->memory,
             (unsigned long long)sf_audit_spilled(k->audit));
    sf_job_stats_t st = k->stats;
    st.wall_sec += k->stats2.wall_sec;
    st.cpu_sec += k->stats2.cpu_sec;
    st.records[0] = k->stats2.records[0];
    cli_job_json(&k->run, &st, json);
}

/* After the reading pass (on rank 0, which holds the counts): a test set
 * without a puzzle, or nothing at all to compare it with, is an error, so
 * that no status says "no leak" when nothing was checked; a comparison set
 * without a puzzle is named, and the run exits 3 unless a test puzzle
 * leaks. */
static int check_sets(audit_cli_t *k, sf_error_t *err)
{
    const int sets = sets_of(k), test = sets - 1;
    if (k->records[test] == 0) {
        *err = (sf_error_t){SF_ERR_IO, "the test set holds no puzzle: "
                            "nothing was checked"};
        return -1;
    }
    int empty = 0;
    for (int s = 0; s < test; s++)
        empty += k->records[s] == 0;
    if (empty == test) {
        snprintf(err->message, sizeof err->message, "%s hold%s no puzzle: "
                 "the test set was compared with nothing",
                 test == 1 ? (k->ntrain ? "the train set" : "the reference")
                           : "the train and reference sets",
                 test == 1 ? "s" : "");
        err->code = SF_ERR_IO;
        return -1;
    }
    for (int s = 0; s < test; s++)
        if (k->records[s] == 0) {
            cli_error("%s%s holds no puzzle: nothing was compared with it",
                      s == 0 && k->ntrain ? "the train set" : "the reference ",
                      s == 0 && k->ntrain ? "" : set_name(k, s));
            k->empty_sets++;
        }
    return 0;
}

static int audit_body(void *ctx, sf_reader_t *rd, sf_writer_t *const *wr,
                      sf_error_t *err)
{
    audit_cli_t *k = ctx;
    k->reader = rd;
    const int sets = sets_of(k);
    k->records = calloc((size_t)sets, sizeof *k->records);
    k->by_set = calloc(2 * (size_t)sets, sizeof *k->by_set);
    k->audit = sf_audit_new(sets, k->memory, k->tmpdir);
    if (!k->records || !k->by_set || !k->audit) {
        *err = (sf_error_t){SF_ERR_NOMEM, "out of memory"};
        return -1;
    }
    const sf_job_t reading = {
        .ctx = k, .outputs = 1, .slot_size = sizeof(sf_audit_key_t),
        .start = audit_start, .work = read_work, .keep = read_keep,
        .emit = read_emit,
    };
    int rc = sf_job_run(&k->run.batch, &reading, rd, wr, &k->stats, err);
    if (rc == 0 && (!sf_dist || sf_dist->rank == 0))
        rc = check_sets(k, err);
    if (rc == 0)
        rc = sf_audit_run(k->audit, err);
    uint64_t findings = sf_audit_findings(k->audit);
    if (sf_dist) { /* rank 0's ordered passes hold the audit */
        rc = sf_dist->agree(sf_dist->ctx, rc, err);
        sf_dist->share(sf_dist->ctx, &findings, sizeof findings);
    }
    if (rc == 0) {
        const sf_job_t writing = {
            .ctx = k, .source = 1, .count = findings,
            .outputs = 1, .slot_size = sizeof(sf_finding_t),
            .begin = find_begin, .work = find_work, .keep = find_keep,
            .emit = find_emit,
        };
        sf_batch_opts_t o = k->run.batch;
        o.on_progress = NULL;
        rc = sf_job_run(&o, &writing, NULL, wr, &k->stats2, err);
    }
    if (sf_dist) { /* every process exits as rank 0 does */
        sf_dist->share(sf_dist->ctx, &k->leaking, sizeof k->leaking);
        sf_dist->share(sf_dist->ctx, &k->empty_sets, sizeof k->empty_sets);
    }
    summarise(k);
    return rc;
}

int cli_audit(int argc, char **argv)
{
    audit_cli_t k;
    memset(&k, 0, sizeof k);
    cli_run_init(&k.run, "audit");
    k.memory = (size_t)256 << 20;
    k.run.any_size = 1;
    int code = cli_run_usage(&k.run, audit_args(&k, argc, argv), audit_usage);
    if (code < 0 && cli_geom_group(&k.run.geom) != 0)
        code = EXIT_USAGE;
    if (code >= 0) {
        free(k.given);
        free(k.files);
        cli_geom_free(&k.run.geom);
        return code;
    }
    k.run.reader.no_text = 1;
    for (int i = 0; i < F_COUNT; i++)
        k.fields.f[k.fields.n++] = i;
    cli_use_fields(&k.run, &k.fields, field_names);
    sf_error_t err = {0};
    const int rc = cli_run_execute(&k.run, k.files, k.nfiles, 1,
                                   &k.run.writer, 1, audit_body, &k, &err);
    for (int t = 0; k.workers && t < k.threads; t++)
        sf_solver_free(k.workers[t].solver);
    free(k.workers);
    sf_audit_free(k.audit);
    const int status = cli_job_finish(&k.run, rc, &err, &k.stats, "puzzles");
    /* A leak (4) wins over an input file without a puzzle or an empty
     * comparison set (3): the findings are complete, and a leak is the
     * graver news; an error (2, or 3 for an invalid record under --strict)
     * stops the run before any finding is complete, and wins. */
    const int leak = rc == 0 && k.leaking > 0;
    free(k.records);
    free(k.by_set);
    free(k.files);
    free(k.given);
    cli_geom_free(&k.run.geom);
    if (leak)
        return EXIT_LEAK;
    return status == EXIT_OK && k.empty_sets ? EXIT_INVALID : status;
}
