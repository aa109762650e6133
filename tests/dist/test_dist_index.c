/*
 * test_dist_index.c -- the plan by which the processes of a job read their
 * own chunks of a plain file (dist_index.h), against one reader.
 *
 * The processes are simulated by OpenMP threads, each with its own
 * sf_dist_t whose collectives (any, gather) meet at a barrier.  A file is
 * read by one reader to learn where every record is; then, for several
 * process counts and chunk sizes, the reader is stopped after a first
 * round, the plan made (each process scanning with 1 to 4 threads), and
 * every chunk must start at the line of record
 * first + j * chunk, belong to process j % ranks, span the bytes up to the
 * next chunk, and read back (reader_seek + sf_reader_fill) as exactly the
 * records of one reader.  Files the plan must refuse (a quote in csv, a
 * gzip member after text, chunks larger than one fill) must be refused by
 * every process.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dist/dist_index.h"
#include "sudoflow.h"
#include "testutil.h"

#define MAX_RANKS 8

/* The meeting place of the simulated processes. */
typedef struct meet {
    int flags[MAX_RANKS];
    const void *bufs[MAX_RANKS];
    size_t lens[MAX_RANKS];
} meet_t;

typedef struct proc {
    meet_t *m;
    int rank, ranks;
} proc_t;

static int f_any(void *ctx, int flag)
{
    proc_t *p = ctx;
    p->m->flags[p->rank] = flag != 0;
#pragma omp barrier
    int any = 0;
    for (int k = 0; k < p->ranks; k++)
        any |= p->m->flags[k];
#pragma omp barrier
    return any;
}

static int f_gather(void *ctx, const void *mine, size_t len, void *all,
                    const size_t *lens)
{
    proc_t *p = ctx;
    p->m->bufs[p->rank] = mine;
    p->m->lens[p->rank] = len;
#pragma omp barrier
    size_t at = 0;
    for (int k = 0; k < p->ranks; k++) {
        assert_int_equal(p->m->lens[k], lens ? lens[k] : len);
        memcpy((char *)all + at, p->m->bufs[k], p->m->lens[k]);
        at += p->m->lens[k];
    }
#pragma omp barrier
    return 0;
}

/* One reader's view of a file: every record's line and cells. */
typedef struct view {
    size_t n;
    uint64_t *line;
    uint8_t (*cells)[SF_CELLS];
    int *invalid;
} view_t;

static sf_reader_t *open_reader(const char *path, size_t max_record)
{
    const char *paths[1] = {path};
    sf_reader_opts_t o = {0};
    o.max_record = max_record;
    o.no_text = 1;
    sf_reader_t *r = sf_reader_new(paths, 1, &o);
    assert_non_null(r);
    return r;
}

static void read_view(const char *path, size_t max_record, view_t *v)
{
    sf_reader_t *r = open_reader(path, max_record);
    sf_chunk_t c;
    sf_chunk_init(&c);
    memset(v, 0, sizeof *v);
    size_t cap = 0;
    long got;
    while ((got = sf_reader_fill(r, &c, 1000, NULL)) > 0)
        for (long i = 0; i < got; i++) {
            if (v->n == cap) {
                cap = cap ? 2 * cap : 1024;
                v->line = realloc(v->line, cap * sizeof *v->line);
                v->cells = realloc(v->cells, cap * sizeof *v->cells);
                v->invalid = realloc(v->invalid, cap * sizeof *v->invalid);
            }
            v->line[v->n] = c.recs[i].line;
            memcpy(v->cells[v->n], c.recs[i].cells, SF_CELLS);
            v->invalid[v->n++] = c.recs[i].invalid;
        }
    assert_int_equal(got, 0);
    sf_chunk_free(&c);
    sf_reader_free(r);
}

static void free_view(view_t *v)
{
    free(v->line);
    free(v->cells);
    free(v->invalid);
}

/* Byte offset of the start of each line of data (1-based: starts[1]). */
static uint64_t *line_starts(const char *data, size_t n)
{
    size_t lines = 2;
    for (size_t i = 0; i < n; i++)
        lines += data[i] == '\n';
    uint64_t *s = malloc((lines + 1) * sizeof *s);
    size_t k = 1;
    s[1] = 0;
    for (size_t i = 0; i < n; i++)
        if (data[i] == '\n')
            s[++k] = i + 1;
    return s;
}

/* Plan the file after `first` records with `ranks` simulated processes:
 * 0 with plans[k] filled for each, or -1 when they refused (all alike). */
static int plan_all(const char *path, size_t max_record, size_t first,
                    int ranks, size_t chunk, index_plan_t *plans)
{
    int rcs[MAX_RANKS];
    meet_t m;
    memset(&m, 0, sizeof m);
#pragma omp parallel num_threads(ranks)
    {
        const int k = omp_get_thread_num();
        if (omp_get_num_threads() != ranks)
            abort(); /* the simulation needs them all */
        proc_t p = {&m, k, ranks};
        sf_dist_t ds = {.rank = k, .ranks = ranks, .ctx = &p};
        ds.any = f_any;
        ds.gather = f_gather;
        sf_reader_t *r = open_reader(path, max_record);
        sf_chunk_t c;
        sf_chunk_init(&c);
        assert_int_equal(sf_reader_fill(r, &c, first, NULL), (long)first);
        reader_at_t at;
        rcs[k] = reader_at(r, &at) == 0
                     ? index_plan(&ds, &at, chunk, 1 + (int)(chunk % 4),
                                  &plans[k])
                     : 2;
        sf_chunk_free(&c);
        sf_reader_free(r);
    }
    for (int k = 1; k < ranks; k++)
        assert_int_equal(rcs[k], rcs[0]);
    assert_int_not_equal(rcs[0], 2); /* reader_at must accept the file */
    return rcs[0];
}

/* Every chunk of the plans where one reader has it, read back alike. */
static void check_plans(const char *path, size_t max_record, size_t first,
                        int ranks, size_t chunk, index_plan_t *plans)
{
    view_t v;
    read_view(path, max_record, &v);
    size_t n;
    char *data = slurp(path, &n);
    uint64_t *starts = line_starts(data, n);
    const uint64_t records = v.n - first;
    const uint64_t chunks = (records + chunk - 1) / chunk;
    sf_reader_t *r = open_reader(path, max_record);
    sf_chunk_t c;
    sf_chunk_init(&c);
    assert_int_equal(sf_reader_fill(r, &c, first, NULL), (long)first);
    for (int k = 0; k < ranks; k++) {
        assert_int_equal(plans[k].records, records);
        assert_int_equal(plans[k].chunks, chunks);
        assert_int_equal(plans[k].nmine, (chunks + ranks - 1 - k) / ranks);
    }
    for (uint64_t j = 0; j < chunks; j++) {
        const index_chunk_t *ch = &plans[j % ranks].mine[j / ranks];
        const size_t rec = first + j * chunk;
        assert_int_equal(ch->line + 1, v.line[rec]);
        assert_int_equal(ch->offset, starts[v.line[rec]]);
        const uint64_t end = j + 1 < chunks
                                 ? starts[v.line[first + (j + 1) * chunk]]
                                 : n;
        assert_int_equal(ch->offset + ch->bytes, end);
        const size_t want = records - j * chunk < chunk
                                ? (size_t)(records - j * chunk) : chunk;
        assert_int_equal(reader_seek(r, ch->offset, ch->line, ch->bytes), 0);
        assert_int_equal(sf_reader_fill(r, &c, want, NULL), (long)want);
        for (size_t i = 0; i < want; i++) {
            assert_int_equal(c.recs[i].line, v.line[rec + i]);
            assert_int_equal(c.recs[i].invalid, v.invalid[rec + i]);
            assert_memory_equal(c.recs[i].cells, v.cells[rec + i], SF_CELLS);
        }
    }
    sf_chunk_free(&c);
    sf_reader_free(r);
    free(starts);
    free(data);
    free_view(&v);
}

static void plan_and_check(const char *path, size_t max_record, size_t first)
{
    static const int rank_counts[] = {1, 2, 3, 5, 8};
    static const size_t chunks[] = {1, 7, 64, 5000};
    for (size_t a = 0; a < sizeof rank_counts / sizeof *rank_counts; a++)
        for (size_t b = 0; b < sizeof chunks / sizeof *chunks; b++) {
            index_plan_t plans[MAX_RANKS];
            memset(plans, 0, sizeof plans);
            const int ranks = rank_counts[a];
            assert_int_equal(plan_all(path, max_record, first, ranks,
                                      chunks[b], plans), 0);
            check_plans(path, max_record, first, ranks, chunks[b], plans);
            for (int k = 0; k < ranks; k++)
                index_plan_free(&plans[k]);
        }
}

/* Puzzle-like line k: 81 cells, some of them invalid on purpose. */
static void put_puzzle(text_t *t, unsigned k)
{
    for (int i = 0; i < SF_CELLS; i++)
        tput(t, &".123456789"[(k * 7 + (unsigned)i * 13) % 10], 1);
}

/* Lines of every kind the plan must count as the reader does. */
static void test_lines(void **state)
{
    dir_t *d = *state;
    char *path = dir_file(d, ".txt");
    text_t t = {0};
    for (unsigned k = 0; k < 3000; k++) {
        if (k < 20) { /* plain puzzles first: the format is line */
            put_puzzle(&t, k);
            tputs(&t, "\n");
            continue;
        }
        if (k % 37 == 0)
            tputs(&t, "# a comment\n");
        if (k % 53 == 0)
            tputs(&t, "\n   \t\n\r\n");
        if (k % 211 == 0) { /* too long: an invalid record */
            for (int i = 0; i < 300; i++)
                tputs(&t, "5");
            tputs(&t, "\n");
        }
        if (k % 401 == 0) /* a long comment */
            tputs(&t, "#12345678901234567890123456789012345678901234567890"
                      "12345678901234567890123456789012345678901234567890"
                      "12345678901234567890123456789012345678901234567890\n");
        if (k % 41 == 0)
            tputs(&t, "x"); /* makes the line invalid */
        if (k % 97 == 0)
            tputs(&t, " "); /* a leading blank: still a record */
        put_puzzle(&t, k);
        tputs(&t, k % 29 == 0 ? "\r\n" : "\n");
    }
    put_puzzle(&t, 9999); /* no newline at the end */
    spit(path, t.p, t.n);
    plan_and_check(path, 120, 10);
    plan_and_check(path, 120, 1);
    tfree(&t);
    free(path);
}

/* csv without quotes: one line, one record. */
static void test_csv(void **state)
{
    dir_t *d = *state;
    char *path = dir_file(d, ".csv");
    text_t t = {0};
    tputs(&t, "quizzes,solutions\n");
    for (unsigned k = 0; k < 1500; k++) {
        put_puzzle(&t, k);
        tputs(&t, k % 11 ? ",x\n" : ",x\n\n");
    }
    spit(path, t.p, t.n);
    plan_and_check(path, 0, 3);
    tfree(&t);
    free(path);
}

/* Refused by all: a quote in csv, a byte 1f, chunks longer than a fill. */
static void test_refused(void **state)
{
    dir_t *d = *state;
    text_t t = {0};
    tputs(&t, "quizzes,solutions\n");
    for (unsigned k = 0; k < 400; k++) {
        if (k == 300)
            tputs(&t, "\"a\nb\",x\n");
        put_puzzle(&t, k);
        tputs(&t, ",x\n");
    }
    char *quoted = dir_file(d, ".csv");
    spit(quoted, t.p, t.n);
    t.n = 0;
    for (unsigned k = 0; k < 400; k++) {
        put_puzzle(&t, k);
        tputs(&t, "\n");
    }
    tput(&t, "\x1f\x8b\x08", 3);
    char *gz = dir_file(d, ".txt");
    spit(gz, t.p, t.n);
    t.n = 0;
    for (unsigned k = 0; k < 120; k++) { /* 200 kB lines */
        for (int i = 0; i < 2500; i++)
            put_puzzle(&t, k);
        tputs(&t, "\n");
    }
    char *big = dir_file(d, ".txt");
    spit(big, t.p, t.n);
    for (int ranks = 1; ranks <= 3; ranks++) {
        index_plan_t plans[MAX_RANKS];
        memset(plans, 0, sizeof plans);
        assert_int_equal(plan_all(quoted, 0, 5, ranks, 16, plans), -1);
        assert_int_equal(plan_all(gz, 0, 5, ranks, 16, plans), -1);
        assert_int_equal(plan_all(big, 0, 5, ranks, 100, plans), -1);
        assert_int_equal(plan_all(big, 0, 5, ranks, 50, plans), 0);
        for (int k = 0; k < ranks; k++)
            index_plan_free(&plans[k]);
    }
    tfree(&t);
    free(quoted);
    free(gz);
    free(big);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_lines, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_csv, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_refused, make_dir, remove_dir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
