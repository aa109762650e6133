/*
 * cli_bench.c -- `sudoflow bench`: kernel throughput, the number solvers
 * are compared by.
 *
 * Each FILE is loaded into memory first (any input format; invalid records
 * are skipped and counted), then sf_bench_run times the kernel alone.  The
 * default output is a table with the build (compiler, flags, CPU) above it;
 * --csv prints one machine-readable row per dataset, kernel and thread count.
 */
#include "cli.h"

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

typedef struct bench_cli {
    uint64_t limit;           /* --limit */
    int threads[16];          /* -j: one row per thread count */
    int nthreads;
    double seconds;           /* --seconds */
    int csv;                  /* --csv */
    const sf_kernel_t *kernel;/* --kernel, NULL = default */
} bench_cli_t;

typedef struct puzzles {
    uint8_t *cells;           /* n * 81 */
    size_t n, cap;
    uint64_t invalid;         /* records skipped */
} puzzles_t;

static void bench_usage(FILE *to)
{
    fputs(
"usage: sudoflow bench [OPTIONS] FILE...\n"
"Time the solver kernel alone on the puzzles of each FILE (loaded into\n"
"memory first).\n\n"
"      --limit N      solutions to look for (default 1; 2 = count mode)\n"
"  -j, --threads N    threads, or a list such as 1,2 for a scaling table\n"
"                     (default: all cores)\n"
"      --seconds S    minimum measuring time per file (default 1)\n"
"      --kernel NAME  solver kernel (default: the fastest)\n"
"      --csv          CSV output\n"
"  -h, --help         this help\n", to);
}

enum { OPT_LIMIT = 256, OPT_SECONDS, OPT_KERNEL, OPT_CSV };

static const struct option bench_options[] = {
    {"limit", required_argument, NULL, OPT_LIMIT},
    {"threads", required_argument, NULL, 'j'},
    {"seconds", required_argument, NULL, OPT_SECONDS},
    {"kernel", required_argument, NULL, OPT_KERNEL},
    {"csv", no_argument, NULL, OPT_CSV},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

static int parse_seconds(const char *arg, double *out)
{
    char *end;
    const double v = strtod(arg, &end);
    if (end == arg || *end || !(v >= 0) || v > 3600) {
        cli_error("--seconds: not a duration in seconds: '%s'", arg);
        return -1;
    }
    *out = v;
    return 0;
}

/* "1,2,4": thread counts in the order given. */
static int parse_thread_list(bench_cli_t *b, const char *arg)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", arg);
    b->nthreads = 0;
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t;
         t = strtok_r(NULL, ",", &save)) {
        if (b->nthreads == 16) {
            cli_error("--threads: at most 16 thread counts");
            return -1;
        }
        if (cli_parse_threads(t, &b->threads[b->nthreads++]) != 0)
            return -1;
    }
    if (b->nthreads == 0)
        return cli_parse_threads(arg, &b->threads[b->nthreads++]);
    return 0;
}

static int bench_option(bench_cli_t *b, int c, const char *arg)
{
    switch (c) {
    case OPT_LIMIT: return cli_parse_u64("--limit", arg, &b->limit);
    case 'j': return parse_thread_list(b, arg);
    case OPT_SECONDS: return parse_seconds(arg, &b->seconds);
    case OPT_KERNEL: return (b->kernel = cli_parse_kernel(arg)) ? 0 : -1;
    case OPT_CSV: b->csv = 1; return 0;
    default: return -1;
    }
}

/* Load every valid puzzle of one file into p.  0, or -1 after a message. */
static int load_puzzles(const char *path, puzzles_t *p)
{
    sf_reader_opts_t ro = {0};
    sf_reader_t *rd = sf_reader_new(&path, 1, &ro);
    sf_chunk_t chunk;
    sf_error_t err = {0};
    long got = rd ? 0 : -1;
    sf_chunk_init(&chunk);
    while (rd && (got = sf_reader_fill(rd, &chunk, 65536, &err)) > 0) {
        if (p->n + (size_t)got > p->cap) {
            p->cap = 2 * (p->n + (size_t)got);
            uint8_t *q = realloc(p->cells, p->cap * SF_CELLS);
            if (!q) {
                got = -1;
                break;
            }
            p->cells = q;
        }
        for (long i = 0; i < got; i++) {
            if (chunk.recs[i].invalid)
                p->invalid++;
            else
                memcpy(p->cells + SF_CELLS * p->n++, chunk.recs[i].cells,
                       SF_CELLS);
        }
    }
    sf_chunk_free(&chunk);
    sf_reader_free(rd);
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

static void print_build(void)
{
    char cpu[256];
    cpu_model(cpu, sizeof cpu);
    printf("sudoflow %s; compiler: %s; flags: %s\ncpu: %s\n\n", SF_VERSION,
           SF_COMPILER, SF_BUILD_FLAGS, cpu);
    printf("%-16s %-10s %5s %7s %10s %8s %12s %10s %9s %9s\n", "dataset",
           "kernel", "limit", "threads", "puzzles", "seconds", "puzzles/s",
           "us/puzzle", "no_guess%", "guesses");
}

static void print_row(const bench_cli_t *b, const char *name,
                      const sf_kernel_t *k, int threads,
                      const sf_bench_result_t *r)
{
    const double rate = r->seconds > 0 ? r->puzzles / r->seconds : 0;
    const double usec = r->puzzles ? 1e6 * r->seconds / r->puzzles : 0;
    const double ng = r->per_pass ? 100.0 * r->no_guess / r->per_pass : 0;
    const double gp = r->per_pass ? (double)r->guesses / r->per_pass : 0;
    if (b->csv)
        printf("%s,%llu,%d,%llu,%.6f,%.1f,%.4f,%.2f,%.4f\n", name,
               (unsigned long long)b->limit, threads,
               (unsigned long long)r->puzzles, r->seconds, rate, usec, ng, gp);
    else
        printf("%-16s %-10s %5llu %7d %10llu %8.3f %12.0f %10.3f %9.2f "
               "%9.3f\n", name, k->name, (unsigned long long)b->limit,
               threads, (unsigned long long)r->puzzles, r->seconds, rate,
               usec, ng, gp);
    fflush(stdout);
}

static int bench_file(const bench_cli_t *b, const char *path)
{
    puzzles_t p = {0};
    char name[256];
    if (load_puzzles(path, &p) != 0) {
        free(p.cells);
        return EXIT_IO;
    }
    if (p.invalid)
        cli_error("%s: %llu invalid records skipped", path,
                  (unsigned long long)p.invalid);
    dataset_name(path, name, sizeof name);
    const sf_kernel_t *k = b->kernel ? b->kernel : sf_kernel_at(0);
    int rc = 0;
    for (int t = 0; t < b->nthreads && rc == 0; t++) {
        sf_bench_result_t r = {0};
        rc = sf_bench_run(k, p.cells, p.n, b->limit, b->threads[t],
                          b->seconds, &r);
        if (rc == 0)
            print_row(b, name, k, b->threads[t], &r);
        else
            cli_error("out of memory");
    }
    free(p.cells);
    return rc == 0 ? EXIT_OK : EXIT_IO;
}

int cli_bench(int argc, char **argv)
{
    bench_cli_t b = {.limit = 1, .threads = {omp_get_max_threads()},
                     .nthreads = 1, .seconds = 1.0};
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "j:h", bench_options, NULL)) != -1) {
        if (c == 'h') {
            bench_usage(stdout);
            return EXIT_OK;
        }
        if (c == '?' || bench_option(&b, c, optarg) != 0) {
            fputs("Try 'sudoflow bench --help'.\n", stderr);
            return EXIT_USAGE;
        }
    }
    if (optind == argc) {
        cli_error("bench: no puzzle files given");
        return EXIT_USAGE;
    }
    if (b.csv)
        puts("dataset,limit,threads,puzzles,seconds,puzzles_per_sec,"
             "usec_per_puzzle,no_guess_pct,guesses_per_puzzle");
    else
        print_build();
    int rc = EXIT_OK;
    for (int i = optind; i < argc; i++) {
        const int r = bench_file(&b, argv[i]);
        rc = rc ? rc : r;
    }
    return rc;
}
