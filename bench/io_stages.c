/*
 * io_stages.c -- what each stage of `solve`'s input and output path
 * costs a puzzle, one thread, beside the kernel.
 *
 * Usage: io_stages FILE [ROUNDS]  (build: make io-stages)
 *
 * Each stage runs alone over the whole file, ROUNDS times (default 5),
 * and the median is reported in nanoseconds a record:
 *   inflate  the file's bytes through io/gzin.c (the built-in decoder for
 *            gzip), into a buffer that is thrown away;
 *   read     the reader: inflate, cut into records and parse them into
 *            cells (sf_reader_fill), as the batch driver's reading
 *            thread does;
 *   format   each record's output line (the solution, as `solve
 *            --count` writes it by default) through io/format.c;
 *   write    that text written to a new file beside /tmp's others (the
 *            page cache: the cost of write(2));
 *   deflate  the text compressed in blocks of 128 records
 *            (sf_gzip_member at level 1, the default), as for a .gz
 *            output;
 *   kernel   sf_solve_many at limit 2, as `solve --count` solves.
 * The path is read + format + write (+ deflate for gzip output); its
 * ratio to inflate alone is printed last.  Numbers, not a test.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/timer.h"
#include "io/format.h"
#include "io/gzin.h"
#include "sudoflow.h"

#define ROUNDS_MAX 21
#define CHUNK 8192
#define BLOCK 128

typedef struct set {
    sf_record_t *recs;  /* every record, cells kept */
    size_t n;
    char *text;         /* the formatted output */
    size_t text_len, text_cap;
    size_t *ends;       /* end of record i's output in text */
} set_t;

static double now(void)
{
    return timer_mono_sec();
}

static double median(double *v, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j] < v[j - 1]; j--) {
            const double t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    return v[n / 2];
}

static double stage_inflate(const char *path)
{
    static char buf[1 << 20];
    gzin_t g;
    gzin_init(&g);
    const double t = now();
    if (gzin_open(&g, path) != 0) {
        fprintf(stderr, "io_stages: cannot open %s\n", path);
        exit(1);
    }
    while (gzin_read(&g, buf, sizeof buf) > 0)
        ;
    const double s = now() - t;
    gzin_free(&g);
    return s;
}

/* The reader over the file; keeps the records in set when set->recs is
 * NULL. */
static double stage_read(const char *path, set_t *set)
{
    sf_reader_opts_t o;
    memset(&o, 0, sizeof o);
    o.no_text = 1;
    sf_reader_t *r = sf_reader_new(&path, 1, &o);
    sf_chunk_t c;
    sf_chunk_init(&c);
    sf_error_t err;
    const int keep = set->recs == NULL;
    size_t cap = 0;
    long got;
    const double t = now();
    while ((got = sf_reader_fill(r, &c, CHUNK, &err)) > 0) {
        if (!keep)
            continue;
        if (set->n + (size_t)got > cap) {
            cap = 2 * (set->n + (size_t)got);
            set->recs = realloc(set->recs, cap * sizeof *set->recs);
        }
        memcpy(set->recs + set->n, c.recs, (size_t)got * sizeof *c.recs);
        set->n += (size_t)got;
    }
    const double s = now() - t;
    if (got < 0) {
        fprintf(stderr, "io_stages: %s\n", err.message);
        exit(1);
    }
    sf_chunk_free(&c);
    sf_reader_free(r);
    return s;
}

static double stage_format(set_t *set, const uint8_t *sols)
{
    out_layout_t lay;
    memset(&lay, 0, sizeof lay);
    lay.kind = SF_FORMAT_LINE;
    lay.nfields = 1;
    lay.fields[0] = SF_FIELD_SOLUTION;
    lay.sep = ",";
    lay.sep_len = 1;
    sbuf_t out = {set->text, 0, set->text_cap}; /* reused, as the
                                                 * driver reuses its own */
    sbuf_reserve(&out, set->n * 83);
    outcome_t oc;
    memset(&oc, 0, sizeof oc);
    oc.status = SF_UNIQUE;
    oc.count = 1;
    const double t = now();
    for (size_t i = 0; i < set->n; i++) {
        memcpy(oc.solution, sols + i * SF_CELLS, SF_CELLS);
        fmt_record(&lay, &set->recs[i], set->recs[i].cells, "", &oc, i,
                   &out);
        set->ends[i] = out.len;
    }
    const double s = now() - t;
    set->text = out.p;
    set->text_len = out.len;
    set->text_cap = out.cap;
    return s;
}

static double stage_write(const set_t *set)
{
    char path[] = "/tmp/io_stages.XXXXXX";
    const int fd = mkstemp(path);
    if (fd < 0) {
        perror("io_stages: mkstemp");
        exit(1);
    }
    const double t = now();
    for (size_t off = 0; off < set->text_len;) {
        const size_t len = set->text_len - off < (4u << 20)
                               ? set->text_len - off : 4u << 20;
        const ssize_t w = write(fd, set->text + off, len);
        if (w <= 0) {
            perror("io_stages: write");
            exit(1);
        }
        off += (size_t)w;
    }
    const double s = now() - t;
    close(fd);
    unlink(path);
    return s;
}

static double stage_deflate(const set_t *set)
{
    char *gz = NULL;
    size_t len = 0, cap = 0;
    const double t = now();
    for (size_t i = 0; i < set->n; i += BLOCK) {
        const size_t end = i + BLOCK < set->n ? i + BLOCK : set->n;
        const size_t from = i ? set->ends[i - 1] : 0;
        len = 0;
        sf_gzip_member(set->text + from, set->ends[end - 1] - from, 1, &gz,
                       &len, &cap);
    }
    const double s = now() - t;
    free(gz);
    return s;
}

static double stage_kernel(const set_t *set, uint8_t *sols)
{
    sf_solver_t *solver = sf_solver_new(NULL);
    const uint8_t *cells[BLOCK];
    sf_result_t res[BLOCK];
    const double t = now();
    for (size_t i = 0; i < set->n; i += BLOCK) {
        const size_t end = i + BLOCK < set->n ? i + BLOCK : set->n;
        for (size_t k = i; k < end; k++)
            cells[k - i] = set->recs[k].invalid ? NULL : set->recs[k].cells;
        sf_solve_many(solver, cells, end - i, 2, 0, sols + i * SF_CELLS,
                      res);
    }
    const double s = now() - t;
    sf_solver_free(solver);
    return s;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: io_stages FILE [ROUNDS]\n");
        return 2;
    }
    int rounds = argc > 2 ? atoi(argv[2]) : 5;
    if (rounds < 1 || rounds > ROUNDS_MAX)
        rounds = 5;
    set_t set = {0};
    stage_read(argv[1], &set);
    set.ends = malloc((set.n + 1) * sizeof *set.ends);
    uint8_t *sols = calloc(set.n + 1, SF_CELLS);
    static const char *const names[] = {"inflate", "read", "format",
                                        "write", "deflate", "kernel"};
    double t[6][ROUNDS_MAX];
    for (int r = 0; r < rounds; r++) {
        t[0][r] = stage_inflate(argv[1]);
        t[1][r] = stage_read(argv[1], &set);
        t[5][r] = stage_kernel(&set, sols);
        t[2][r] = stage_format(&set, sols);
        t[3][r] = stage_write(&set);
        t[4][r] = stage_deflate(&set);
    }
    double ns[6];
    printf("%s: %zu records, %d rounds, median ns a record\n", argv[1],
           set.n, rounds);
    for (int s = 0; s < 6; s++) {
        ns[s] = 1e9 * median(t[s], rounds) / (double)(set.n ? set.n : 1);
        printf("  %-8s %8.1f\n", names[s], ns[s]);
    }
    const double path = ns[1] + ns[2] + ns[3];
    printf("  path (read + format + write) %.1f = %.2fx inflate; "
           "with deflate %.1f = %.2fx\n", path, path / ns[0],
           path + ns[4], (path + ns[4]) / ns[0]);
    free(set.recs);
    free(set.text);
    free(set.ends);
    free(sols);
    return 0;
}
