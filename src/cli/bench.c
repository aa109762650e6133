/*
 * bench.c -- `sudoflow bench`: kernel throughput, the number solvers
 * are compared by.
 *
 * Each FILE is loaded into memory first (any input format, pencilmarks
 * too; invalid records are skipped and counted), then sf_bench_run (or
 * sf_bench_run_cands for pencilmark puzzles) times the kernel alone, once
 * per limit, kernel and thread count given (in that nesting), so one run
 * compares kernels and modes on the same puzzles.  The default output is a
 * table with the build (compiler, flags, CPU) above it; --csv prints one
 * machine-readable row per measurement and the build on standard error.
 * The CSV columns are fixed; a kernel column is appended only when several
 * kernels are measured, so single-kernel consumers keep their layout.
 *
 * As one process of an MPI job (sudoflow-mpi, dist.h) every process runs
 * each measurement at once on the same puzzles, starting together, and
 * the row is the job's: puzzles and threads summed over the processes,
 * seconds the longest, so the rate is what the whole job solves.
 */
#include "cli.h"
#include "core/threads.h"
#include "engine/dist.h"

#include <getopt.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __clang__
#define SF_COMPILER "clang " __clang_version__
#else
#define SF_COMPILER "gcc " __VERSION__
#endif
#ifndef SF_BUILD_FLAGS
#define SF_BUILD_FLAGS "unknown"
#endif

#define BENCH_MAX 16 /* values in one option list */

typedef struct bench_cli {
    uint64_t limits[BENCH_MAX]; /* --limit: one row per limit */
    int nlimits;
    const sf_kernel_t *kernels[BENCH_MAX]; /* --kernel: one row per kernel */
    int nkernels;               /* 0 until parsed: then the default */
    int threads[BENCH_MAX];     /* -j: one row per thread count */
    int nthreads;
    double seconds;             /* --seconds */
    int csv;                    /* --csv */
    int kernels_given;          /* --kernel was given */
    cli_geom_t geom;            /* the geometry options */
} bench_cli_t;

typedef struct puzzles {
    uint8_t *cells;           /* n * 81 givens (N*N of geom)... */
    uint16_t *cands;          /* ...or, for pencilmarks, n * 81 masks */
    size_t n, cap;
    uint64_t invalid;         /* records skipped */
    const sf_geometry_t *geom; /* the file's geometry; NULL classic */
    sf_reader_t *reader;      /* kept while geom (it may own it) is used */
} puzzles_t;

static void bench_usage(FILE *to)
{
    fputs(
"usage: sudoflow bench [OPTIONS] FILE...\n"
"Time the solver kernel alone on the puzzles of each FILE (loaded into\n"
"memory first; line, grid, csv or pencilmark puzzles, detected per file).\n\n"
"      --limit N      solutions to look for (default 1; 2 = count mode),\n"
"                     or a list such as 1,2: one row per limit\n"
"  -j, --threads N    threads, or a list such as 1,2 for a scaling table\n"
"                     (default or 0: all cores)\n"
"      --seconds S    minimum measuring time per row (default 1)\n"
"      --kernel NAME  solver kernel, a list such as A,B, or 'all': one row\n"
"                     per kernel; the kernels:\n", to);
    cli_kernel_help(to, "                     ");
    fputs(
"      --csv          CSV output, columns dataset,limit,threads,puzzles,\n"
"                     seconds,puzzles_per_sec,usec_per_puzzle,no_guess_pct,\n"
"                     guesses_per_puzzle, and a last column kernel when\n"
"                     several kernels are measured; the build goes to stderr\n"
"  -h, --help         this help\n"
"  -V, --version      the version and how it was built\n", to);
    fputs("Other geometries (a file's own, or named; the kernels that serve "
          "them):\n" CLI_GEOMETRY_HELP, to);
}

enum { OPT_LIMIT = CLI_OPT_OWN, OPT_SECONDS, OPT_KERNEL, OPT_CSV };

static const struct option bench_options[] = {
    CLI_GEOMETRY_OPTIONS,
    {"limit", required_argument, NULL, OPT_LIMIT},
    {"threads", required_argument, NULL, 'j'},
    {"seconds", required_argument, NULL, OPT_SECONDS},
    {"kernel", required_argument, NULL, OPT_KERNEL},
    {"csv", no_argument, NULL, OPT_CSV},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

static int parse_seconds(const char *arg, double *out)
{
    if (cli_parse_number(arg, 0, 3600, out) != 0) {
        cli_error("--seconds: not a duration in seconds: '%s'", arg);
        return -1;
    }
    return 0;
}

/* Split "a,b,c" (a copy in buf, cap bytes) into at most BENCH_MAX items,
 * in the order given.  The item count, or -1 after a message naming opt. */
static int split_list(const char *opt, const char *arg, char *buf,
                      size_t cap, char **items)
{
    int n = 0;
    if (strlen(arg) >= cap) {
        cli_error("%s: list too long: '%s'", opt, arg);
        return -1;
    }
    strcpy(buf, arg);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t;
         t = strtok_r(NULL, ",", &save)) {
        if (n == BENCH_MAX) {
            cli_error("%s: at most %d values", opt, BENCH_MAX);
            return -1;
        }
        items[n++] = t;
    }
    if (n == 0)
        cli_error("%s: no value in '%s'", opt, arg);
    return n > 0 ? n : -1;
}

/* "1,2,4": thread counts in the order given. */
static int parse_thread_list(bench_cli_t *b, const char *arg)
{
    char buf[256], *items[BENCH_MAX];
    const int n = split_list("--threads", arg, buf, sizeof buf, items);
    for (int i = 0; i < n; i++)
        if (cli_parse_threads(items[i], &b->threads[i]) != 0)
            return -1;
    b->nthreads = n > 0 ? n : b->nthreads;
    return n > 0 ? 0 : -1;
}

/* "1,2": limits in the order given. */
static int parse_limit_list(bench_cli_t *b, const char *arg)
{
    char buf[256], *items[BENCH_MAX];
    const int n = split_list("--limit", arg, buf, sizeof buf, items);
    for (int i = 0; i < n; i++)
        if (cli_parse_u64("--limit", items[i], &b->limits[i]) != 0)
            return -1;
    b->nlimits = n > 0 ? n : b->nlimits;
    return n > 0 ? 0 : -1;
}

/* "all" (every kernel of the table, in table order) or "A,B": kernels by
 * name in the order given. */
static int parse_kernel_list(bench_cli_t *b, const char *arg)
{
    if (!strcmp(arg, "all")) {
        const sf_kernel_t *k;
        b->nkernels = 0;
        for (size_t i = 0; b->nkernels < BENCH_MAX && (k = sf_kernel_at(i));
             i++)
            b->kernels[b->nkernels++] = k;
        return 0;
    }
    char buf[256], *items[BENCH_MAX];
    const int n = split_list("--kernel", arg, buf, sizeof buf, items);
    for (int i = 0; i < n; i++)
        if (!(b->kernels[i] = cli_parse_kernel(items[i])))
            return -1;
    b->nkernels = n > 0 ? n : b->nkernels;
    return n > 0 ? 0 : -1;
}

static int bench_option(bench_cli_t *b, int c, const char *arg)
{
    switch (c) {
    case OPT_LIMIT: return parse_limit_list(b, arg);
    case 'j': return parse_thread_list(b, arg);
    case OPT_SECONDS: return parse_seconds(arg, &b->seconds);
    case OPT_KERNEL:
        b->kernels_given = 1;
        return parse_kernel_list(b, arg);
    case OPT_CSV: b->csv = 1; return 0;
    default: return cli_geom_option(&b->geom, c, arg) == 0 ? 0 : -1;
    }
}

/* Room in p for more puzzles, as masks when pencil.  0 or -1. */
static int reserve_puzzles(puzzles_t *p, size_t more, int pencil)
{
    if (p->n + more <= p->cap)
        return 0;
    const size_t cap = 2 * (p->n + more);
    const size_t stride = (size_t)sf_geometry_cells(p->geom);
    void *q = pencil ? realloc(p->cands, cap * SF_CELLS * sizeof *p->cands)
                     : realloc(p->cells, cap * stride);
    if (!q)
        return -1;
    if (pencil)
        p->cands = q;
    else
        p->cells = q;
    p->cap = cap;
    return 0;
}

/* Keep one record in p: its cells (of the file's geometry, the first
 * record's; another one is skipped as invalid). */
static void keep_record(puzzles_t *p, const sf_chunk_t *chunk,
                        const sf_record_t *rec, int pencil)
{
    if (p->n == 0 && !pencil)
        p->geom = rec->geom;
    if (rec->invalid || rec->geom != p->geom) {
        p->invalid++;
    } else if (pencil) {
        sf_parse_pencil(chunk->text + rec->text_off, rec->text_len,
                        p->cands + SF_CELLS * p->n++, NULL);
    } else {
        const size_t nc = (size_t)sf_geometry_cells(p->geom);
        memcpy(p->cells + nc * p->n++, sf_record_cells(chunk, rec), nc);
    }
}

/* Load every valid puzzle of one file into p.  0, or -1 after a message. */
static int load_puzzles(const bench_cli_t *b, const char *path, puzzles_t *p)
{
    sf_reader_opts_t ro = {.pencil = 1, .geometry = b->geom.geom,
                           .sizes = 1, .alphabet = &b->geom.alpha};
    sf_reader_t *rd = sf_reader_new(&path, 1, &ro);
    sf_chunk_t chunk;
    sf_error_t err = {0};
    long got = rd ? 0 : -1;
    sf_chunk_init(&chunk);
    while (rd && (got = sf_reader_fill(rd, &chunk, 65536, &err)) > 0) {
        /* a file is one format: all its puzzles are pencilmarks or none */
        const int pencil = sf_reader_file_format(rd, 0) == SF_FORMAT_PENCIL;
        if (p->n == 0 && !pencil && !chunk.recs[0].invalid)
            p->geom = chunk.recs[0].geom;
        if (reserve_puzzles(p, (size_t)got, pencil) != 0) {
            got = -1;
            break;
        }
        for (long i = 0; i < got; i++)
            keep_record(p, &chunk, &chunk.recs[i], pencil);
    }
    sf_chunk_free(&chunk);
    p->reader = rd;
    if (got < 0)
        cli_error("%s", err.code ? err.message : "out of memory");
    return got < 0 ? -1 : 0;
}

/* "path/to/top1465.txt.gz" -> "top1465". */
static void dataset_name(const char *path, char *buf, size_t cap)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    snprintf(buf, cap, "%s", base);
    char *dot = strchr(buf, '.');
    if (dot && dot != buf)
        *dot = '\0';
}

static void cpu_model(char *buf, size_t cap)
{
    snprintf(buf, cap, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "model name", 10) && strchr(line, ':')) {
            snprintf(buf, cap, "%s", strchr(line, ':') + 2);
            buf[strcspn(buf, "\n")] = '\0';
            break;
        }
    if (f)
        fclose(f);
}

/* The build and the table header.  CSV: the build and the kernels
 * measured on stderr (the rows may not name the kernel), then the column
 * names. */
static void print_header(const bench_cli_t *b)
{
    char cpu[256];
    cpu_model(cpu, sizeof cpu);
    FILE *const to = b->csv ? stderr : stdout;
    fprintf(to, "sudoflow %s; compiler: %s; flags: %s\ncpu: %s\n",
            SF_VERSION, SF_COMPILER, SF_BUILD_FLAGS, cpu);
    for (int k = 0; b->csv && k < b->nkernels; k++)
        fprintf(to, "%s%s", k ? "," : "kernels: ", b->kernels[k]->name);
    fputs("\n", to);
    if (b->csv)
        printf("dataset,limit,threads,puzzles,seconds,puzzles_per_sec,"
               "usec_per_puzzle,no_guess_pct,guesses_per_puzzle%s\n",
               b->nkernels > 1 ? ",kernel" : "");
    else
        printf("%-16s %-10s %5s %7s %10s %8s %12s %10s %9s %9s\n",
               "dataset", "kernel", "limit", "threads", "puzzles", "seconds",
               "puzzles/s", "us/puzzle", "no_guess%", "guesses");
}

/* One measurement: what was run, and its result. */
typedef struct bench_row {
    const char *dataset;
    const sf_kernel_t *kernel;
    uint64_t limit;
    int threads;
    sf_bench_result_t r;
} bench_row_t;

static void print_row(const bench_cli_t *b, const bench_row_t *row)
{
    const sf_bench_result_t *r = &row->r;
    const double rate = r->seconds > 0 ? r->puzzles / r->seconds : 0;
    const double usec = r->puzzles ? 1e6 * r->seconds / r->puzzles : 0;
    const double ng = r->per_pass ? 100.0 * r->no_guess / r->per_pass : 0;
    const double gp = r->per_pass ? (double)r->guesses / r->per_pass : 0;
    if (b->csv)
        printf("%s,%llu,%d,%llu,%.6f,%.1f,%.4f,%.2f,%.4f%s%s\n",
               row->dataset, (unsigned long long)row->limit, row->threads,
               (unsigned long long)r->puzzles, r->seconds, rate, usec, ng, gp,
               b->nkernels > 1 ? "," : "",
               b->nkernels > 1 ? row->kernel->name : "");
    else
        printf("%-16s %-10s %5llu %7d %10llu %8.3f %12.0f %10.3f %9.2f "
               "%9.3f\n", row->dataset, row->kernel->name,
               (unsigned long long)row->limit, row->threads,
               (unsigned long long)r->puzzles, r->seconds, rate, usec, ng, gp);
    fflush(stdout);
}

/* Several processes (dist.h): make row the whole job's.  rc is this
 * process's result; the job's (-1 when any process failed). */
static int combine_row(bench_row_t *row, int rc)
{
    const sf_dist_t *ds = sf_dist;
    if (!ds)
        return rc;
    if (ds->any(ds->ctx, rc != 0))
        return -1;
    uint64_t v[2] = {row->r.puzzles, (uint64_t)row->threads};
    ds->sum(ds->ctx, v, 2);
    ds->fmax(ds->ctx, &row->r.seconds, 1);
    row->r.puzzles = v[0];
    row->threads = (int)v[1];
    return 0;
}

/* The kernels to run on p: those of --kernel that serve its geometry,
 * else the geometry's own.  Their number. */
static int kernels_for(const bench_cli_t *b, const puzzles_t *p,
                       const sf_kernel_t **out)
{
    if (sf_geometry_is_classic(p->geom)) {
        memcpy(out, b->kernels, (size_t)b->nkernels * sizeof *out);
        return b->nkernels;
    }
    int n = 0;
    for (int k = 0; b->kernels_given && k < b->nkernels; k++)
        if (b->kernels[k]->fits && b->kernels[k]->fits(p->geom))
            out[n++] = b->kernels[k];
    if (n == 0)
        out[n++] = sf_kernel_for_geometry(p->geom);
    return n;
}

/* Every limit, kernel and thread count on the puzzles of one dataset. */
static int bench_puzzles(const bench_cli_t *b, const char *name,
                         const puzzles_t *p)
{
    const sf_kernel_t *kernels[BENCH_MAX];
    const int nk = kernels_for(b, p, kernels);
    for (int l = 0; l < b->nlimits; l++)
        for (int k = 0; k < nk; k++)
            for (int t = 0; t < b->nthreads; t++) {
                bench_row_t row = {name, kernels[k], b->limits[l],
                                   b->threads[t], {0}};
                if (sf_dist) /* all start together */
                    (void)sf_dist->any(sf_dist->ctx, 0);
                const int rc =
                    p->cands ? sf_bench_run_cands(row.kernel, p->cands, p->n,
                                                  row.limit, row.threads,
                                                  b->seconds, &row.r)
                             : sf_bench_run_geom(row.kernel, p->geom,
                                                 p->cells, p->n, row.limit,
                                                 row.threads, b->seconds,
                                                 &row.r);
                if (combine_row(&row, rc) != 0) {
                    if (rc == -2)
                        cli_error("cannot start %d threads (memory or "
                                  "process limits; %d could): try fewer "
                                  "with -j", row.threads, row.r.threads);
                    else
                        cli_error("out of memory");
                    return -1;
                }
                print_row(b, &row);
            }
    return 0;
}

static int bench_file(const bench_cli_t *b, const char *path)
{
    puzzles_t p = {0};
    char name[256];
    const int bad = load_puzzles(b, path, &p) != 0;
    if (sf_dist ? sf_dist->any(sf_dist->ctx, bad) : bad) {
        if (!bad)
            cli_error("%s: another process could not read it", path);
        free(p.cells);
        free(p.cands);
        sf_reader_free(p.reader);
        return EXIT_IO;
    }
    if (p.invalid)
        cli_error("%s: %llu invalid records skipped", path,
                  (unsigned long long)p.invalid);
    dataset_name(path, name, sizeof name);
    const int rc = bench_puzzles(b, name, &p);
    free(p.cells);
    free(p.cands);
    sf_reader_free(p.reader);
    return rc == 0 ? EXIT_OK : EXIT_IO;
}

/* Every -j count can start (tried before anything is printed), on every
 * process of the job: 0, or -1 with the message printed. */
static int check_threads(const bench_cli_t *b)
{
    int most = 1;
    for (int t = 0; t < b->nthreads; t++)
        most = b->threads[t] > most ? b->threads[t] : most;
    const int can = threads_startable(most);
    if (can < most)
        cli_error("cannot start %d threads (memory or process limits; %d "
                  "could): try fewer with -j", most, can);
    const int bad = can < most;
    return (sf_dist ? sf_dist->any(sf_dist->ctx, bad) : bad) ? -1 : 0;
}

/* Every file can be read (before the header is printed), on every
 * process: 0, or -1 with the message printed. */
static int check_inputs(char *const *files, size_t n)
{
    sf_error_t err = {0};
    const int bad = cli_check_inputs((const char *const *)files, n, &err) != 0;
    if (bad)
        cli_error("%s", err.message);
    return (sf_dist ? sf_dist->any(sf_dist->ctx, bad) : bad) ? -1 : 0;
}

int cli_bench(int argc, char **argv)
{
    bench_cli_t b = {.limits = {1}, .nlimits = 1,
                     .threads = {omp_get_max_threads()}, .nthreads = 1,
                     .seconds = 1.0};
    optind = 0; /* glibc: 0 starts a fresh scan */
    int c;
    while ((c = getopt_long(argc, argv, "j:hV", bench_options, NULL)) != -1) {
        if (c == 'h') {
            bench_usage(stdout);
            return EXIT_OK;
        }
        if (c == 'V') {
            cli_version();
            return EXIT_OK;
        }
        if (c == '?' || bench_option(&b, c, optarg) != 0) {
            fputs("Try 'sudoflow bench --help'.\n", stderr);
            return EXIT_USAGE;
        }
    }
    if (optind == argc) {
        cli_error("no puzzle files given");
        return EXIT_USAGE;
    }
    if (cli_geom_build(&b.geom) != 0) {
        fputs("Try 'sudoflow bench --help'.\n", stderr);
        return EXIT_USAGE;
    }
    if (b.nkernels == 0)
        b.kernels[b.nkernels++] = sf_kernel_at(0);
    if (check_threads(&b) != 0 || check_inputs(argv + optind,
                                               (size_t)(argc - optind)) != 0)
        return EXIT_IO;
    print_header(&b);
    int rc = EXIT_OK;
    for (int i = optind; i < argc; i++) {
        const int r = bench_file(&b, argv[i]);
        rc = rc ? rc : r;
    }
    cli_geom_free(&b.geom);
    return rc;
}
