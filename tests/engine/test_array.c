/*
 * test_array.c -- the whole-array calls (sf_array_*).
 *
 * Each call is checked against the one-puzzle library calls the commands
 * make for a record (so the arrays are what the commands print), for 1, 2
 * and 3 threads, and on its own terms against the reference backtracker
 * (refsolve.h): solutions are valid and agree with the reference's count,
 * the lexicographic solution is the reference's first, copies keep the
 * canonical form and carry their solutions along, and generated puzzles
 * have one solution.  Flagged rows, values above 9, empty arrays,
 * parsing records by offsets and reading a file's records in rows are
 * covered too.
 *
 * Puzzles come from data/ (read relative to the project root, where
 * `make unit` runs the tests).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "datasets/gen_target.h"
#include "refsolve.h"
#include "core/rng.h"
#include "testutil.h"
#include "datasets/equivalence.h"

typedef struct set {
    uint8_t *cells;
    size_t n;
} set_t;

/* Up to max puzzles of data/NAME. */
static set_t load_set(const char *name, size_t max)
{
    char path[256];
    snprintf(path, sizeof path, "data/%s", name);
    set_t s;
    s.cells = load_puzzles(path, &s.n);
    assert_non_null(s.cells);
    if (s.n > max)
        s.n = max;
    return s;
}

static void *xmalloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    assert_non_null(p);
    return p;
}

/* ------------------------------------------------------------- solving */

typedef struct solved {
    uint8_t *sol, *st;
    uint64_t *count, *guesses;
} solved_t;

static solved_t solve_all(const uint8_t *cells, const uint8_t *invalid,
                          size_t n, uint64_t limit, unsigned flags,
                          int threads)
{
    solved_t r = {xmalloc(81 * n), xmalloc(n), xmalloc(8 * n),
                  xmalloc(8 * n)};
    assert_int_equal(sf_array_solve(NULL, cells, invalid, n, limit, flags,
                                    threads, r.sol, r.count, r.st,
                                    r.guesses), 0);
    return r;
}

static void solved_free(solved_t *r)
{
    free(r->sol);
    free(r->st);
    free(r->count);
    free(r->guesses);
}

/* Row i of r is what sf_solve_cells gives for the row. */
static void check_rows(const uint8_t *cells, size_t n, uint64_t limit,
                       unsigned flags, const solved_t *r)
{
    sf_solver_t *s = sf_solver_new(NULL);
    assert_non_null(s);
    for (size_t i = 0; i < n; i++) {
        uint8_t sol[81];
        sf_result_t res;
        sf_solve_cells(s, cells + 81 * i, limit, flags, sol, &res);
        assert_int_equal(r->st[i], res.status);
        assert_int_equal(r->count[i], res.count);
        assert_int_equal(r->guesses[i], res.guesses);
        if (res.count > 0)
            assert_memory_equal(r->sol + 81 * i, sol, 81);
    }
    sf_solver_free(s);
}

static void test_solve_rows(void **state)
{
    (void)state;
    const char *sets[] = {"sample.txt.gz", "multi.txt.gz", "random.txt.gz"};
    for (int k = 0; k < 3; k++) {
        set_t s = load_set(sets[k], 300);
        for (uint64_t limit = 1; limit <= 3; limit++)
            for (int t = 1; t <= 3; t++) {
                const unsigned flags = limit == 3 ? SF_LEX : 0;
                solved_t r = solve_all(s.cells, NULL, s.n, limit, flags, t);
                check_rows(s.cells, s.n, limit, flags, &r);
                solved_free(&r);
            }
        free(s.cells);
    }
}

/* Against the reference: counts to 2, and the lex solution is its first. */
static void test_solve_reference(void **state)
{
    (void)state;
    set_t s = load_set("multi.txt.gz", 100);
    solved_t r = solve_all(s.cells, NULL, s.n, 2, SF_LEX, 2);
    for (size_t i = 0; i < s.n; i++) {
        uint8_t first[81];
        const uint64_t c = ref_count(s.cells + 81 * i, 2, first);
        assert_int_equal(r.count[i], c);
        assert_int_equal(r.st[i], sf_status_of(c, 2));
        if (c > 0)
            assert_memory_equal(r.sol + 81 * i, first, 81);
    }
    solved_free(&r);
    free(s.cells);
}

static void test_solve_flagged_rows(void **state)
{
    (void)state;
    set_t s = load_set("sample.txt.gz", 6);
    uint8_t invalid[6] = {0, 1, 0, 0, 0, 0};
    s.cells[81 * 2 + 40] = 10;                /* not a cell value */
    s.cells[81 * 3] = s.cells[81 * 3 + 1] = 5; /* a clash: unsolvable */
    solved_t r = solve_all(s.cells, invalid, 6, 2, 0, 3);
    const uint8_t zeros[81] = {0};
    assert_int_equal(r.st[0], SF_UNIQUE);
    assert_int_equal(r.st[1], SF_INVALID);
    assert_int_equal(r.st[2], SF_INVALID);
    assert_int_equal(r.st[3], SF_UNSOLVABLE);
    for (int i = 1; i <= 3; i++) {
        assert_int_equal(r.count[i], 0);
        assert_memory_equal(r.sol + 81 * i, zeros, 81);
    }
    assert_true(ref_valid_solution(s.cells, r.sol));
    solved_free(&r);
    assert_int_equal(sf_array_solve(NULL, s.cells, NULL, 0, 1, 0, 2, NULL,
                                    NULL, NULL, NULL), 0);
    free(s.cells);
}

/* ------------------------------------------------------------- parsing */

static void test_parse_records(void **state)
{
    (void)state;
    static const char base[] = "....7...1.......5..85.3.6..82...1..31....."
                               ".8..6..5.9.....3.6.7.........4..4.92...";
    char zeros[100], longer[100];
    for (int i = 0; i < 81; i++)
        zeros[i] = base[i] == '.' ? '0' : base[i];
    strcpy(zeros + 81, ",rating=3");
    snprintf(longer, sizeof longer, "%sx", base);
    char crlf[100];
    snprintf(crlf, sizeof crlf, "%s\r\n", base);
    const char *recs[] = {"....7...1...", base, zeros, longer, "", crlf};
    text_t t = {0};
    uint64_t off[7] = {0};
    for (int i = 0; i < 6; i++) {
        tput(&t, recs[i], strlen(recs[i]));
        off[i + 1] = t.n;
    }
    uint8_t cells[6 * 81], invalid[6];
    memset(cells, 0xff, sizeof cells);
    assert_int_equal(sf_array_parse(t.p, off, 6, 2, cells, invalid), 0);
    for (int i = 0; i < 5; i++) {
        uint8_t want[81];
        const int rc = sf_parse_line(recs[i], strlen(recs[i]), want, NULL);
        assert_int_equal(invalid[i], rc != 0);
        if (rc == 0)
            assert_memory_equal(cells + 81 * i, want, 81);
    }
    assert_int_equal(invalid[0], 1);
    assert_int_equal(invalid[1], 0);
    assert_int_equal(invalid[2], 0);
    assert_memory_equal(cells + 81, cells + 2 * 81, 81);
    assert_int_equal(invalid[3], 1);
    assert_int_equal(invalid[4], 1);
    assert_int_equal(invalid[5], 0); /* the line end is not the record's */
    assert_memory_equal(cells + 5 * 81, cells + 81, 81);
    free(t.p);
}

/* A file read in rows: a comment and a blank line skipped, an invalid
 * record flagged with zero cells, lines counted, the rows handed out at
 * most max at a time, then 0 at the end; a missing file is an error. */
static void test_read_rows(void **state)
{
    dir_t *d = *state;
    static const char base[] = "....7...1.......5..85.3.6..82...1..31....."
                               ".8..6..5.9.....3.6.7.........4..4.92...";
    text_t t = {0};
    tprintf(&t, "# made by hand\n%s\n\nnot a puzzle\n%s,x\n", base, base);
    char *path = dir_file(d, ".txt");
    spit(path, t.p, t.n);
    uint8_t want[81], cells[3 * 81], invalid[3];
    uint64_t lines[3];
    assert_int_equal(sf_parse_line(base, 81, want, NULL), 0);
    const char *paths[] = {path};
    sf_reader_t *r = sf_reader_new(paths, 1, NULL);
    assert_non_null(r);
    sf_error_t err;
    memset(cells, 0xff, sizeof cells);
    assert_int_equal(sf_array_read(r, 2, cells, invalid, lines, &err), 2);
    assert_memory_equal(cells, want, 81);
    assert_int_equal(invalid[0], 0);
    assert_int_equal(invalid[1], 1);
    for (int i = 0; i < 81; i++)
        assert_int_equal(cells[81 + i], 0);
    assert_int_equal(lines[0], 2);
    assert_int_equal(lines[1], 4);
    assert_int_equal(sf_array_read(r, 2, cells, invalid, NULL, &err), 1);
    assert_memory_equal(cells, want, 81);
    assert_int_equal(sf_array_read(r, 2, cells, invalid, lines, &err), 0);
    sf_reader_free(r);
    char *missing = dir_file(d, ".txt");
    const char *none[] = {missing};
    r = sf_reader_new(none, 1, NULL);
    assert_int_equal(sf_array_read(r, 2, cells, invalid, lines, &err), -1);
    assert_int_equal(err.code, SF_ERR_IO);
    assert_non_null(strstr(err.message, missing));
    sf_reader_free(r);
    free(missing);
    free(path);
    tfree(&t);
}

/* ------------------------------------------------------- rate and canon */

static void test_rate_rows(void **state)
{
    (void)state;
    set_t s = load_set("multi.txt.gz", 60);
    uint8_t invalid[60] = {0};
    invalid[7] = 1;
    uint8_t st[60], st1[60];
    double rt[60], rt1[60];
    int8_t lv[60], lv1[60];
    assert_int_equal(sf_array_rate(s.cells, invalid, s.n, 4, 1, st1, rt1,
                                   lv1), 0);
    assert_int_equal(sf_array_rate(s.cells, invalid, s.n, 4, 3, st, rt, lv),
                     0);
    assert_memory_equal(st, st1, s.n);
    assert_memory_equal(rt, rt1, s.n * sizeof *rt);
    assert_memory_equal(lv, lv1, s.n);
    sf_solver_t *sv = sf_solver_new(NULL);
    for (size_t i = 0; i < s.n; i++) {
        if (i == 7) {
            assert_int_equal(st[i], SF_INVALID);
            assert_true(rt[i] < 0 && lv[i] == -1);
            continue;
        }
        const uint64_t c = ref_count(s.cells + 81 * i, 2, NULL);
        assert_int_equal(st[i], sf_status_of(c, 2));
        if (c == 0) {
            assert_true(rt[i] < 0 && lv[i] == -1);
            continue;
        }
        assert_true(rt[i] == sf_rating(sv, s.cells + 81 * i, 4));
        assert_int_equal(lv[i], sf_logic_level(s.cells + 81 * i));
    }
    sf_solver_free(sv);
    free(s.cells);
}

/* sf_array_card: sf_card per row, the same at every thread count, a
 * flagged row SF_INVALID without measures. */
static void test_card_rows(void **state)
{
    (void)state;
    set_t s = load_set("sample.txt.gz", 60);
    uint8_t invalid[60] = {0};
    invalid[9] = 1;
    uint8_t st[2][60];
    uint64_t g[2][60], am[2][60];
    int8_t mi[2][60], cl[2][60], bd[2][60];
    for (int k = 0; k < 2; k++)
        assert_int_equal(sf_array_card(s.cells, invalid, s.n, SF_CARD_ALL,
                                       k ? 3 : 1, st[k], g[k], mi[k], cl[k],
                                       bd[k], am[k]), 0);
    assert_memory_equal(st[0], st[1], s.n);
    assert_memory_equal(g[0], g[1], s.n * sizeof **g);
    assert_memory_equal(mi[0], mi[1], s.n);
    assert_memory_equal(cl[0], cl[1], s.n);
    assert_memory_equal(bd[0], bd[1], s.n);
    assert_memory_equal(am[0], am[1], s.n * sizeof **am);
    sf_solver_t *sv = sf_solver_new(NULL);
    for (size_t i = 0; i < s.n; i++) {
        if (i == 9) {
            assert_int_equal(st[0][i], SF_INVALID);
            assert_true(mi[0][i] == -1 && cl[0][i] == -1 && bd[0][i] == -1 &&
                        am[0][i] == 0);
            continue;
        }
        sf_card_t c;
        assert_int_equal(sf_card(sv, s.cells + 81 * i, SF_CARD_ALL, NULL, &c),
                         0);
        assert_int_equal(st[0][i], c.status);
        assert_int_equal(g[0][i], c.guesses);
        assert_int_equal(mi[0][i], c.minimal);
        assert_int_equal(cl[0][i], c.singles_closure);
        assert_int_equal(bd[0][i], c.backdoor);
        assert_int_equal(am[0][i], c.automorphisms);
    }
    assert_int_equal(sf_array_card(s.cells, NULL, s.n, 0, 1, st[0], g[0],
                                   mi[0], NULL, bd[0], am[0]), -1);
    sf_solver_free(sv);
    free(s.cells);
}

static void test_canon_rows(void **state)
{
    (void)state;
    set_t s = load_set("random.txt.gz", 200);
    uint8_t *a = xmalloc(81 * s.n), *b = xmalloc(81 * s.n);
    uint8_t *invalid = xmalloc(s.n);
    invalid[3] = 1;
    assert_int_equal(sf_array_canon(s.cells, invalid, s.n, 1, a), 0);
    assert_int_equal(sf_array_canon(s.cells, invalid, s.n, 3, b), 0);
    assert_memory_equal(a, b, 81 * s.n);
    for (size_t i = 0; i < s.n; i++) {
        uint8_t want[81] = {0};
        if (i != 3)
            sf_canon(s.cells + 81 * i, want, NULL);
        assert_memory_equal(a + 81 * i, want, 81);
    }
    free(a);
    free(b);
    free(invalid);
    free(s.cells);
}

/* -------------------------------------------------------------- augment */

static void test_augment_rows(void **state)
{
    (void)state;
    set_t s = load_set("multi.txt.gz", 20);
    set_t u = load_set("sample.txt.gz", 20);
    uint8_t cells[40 * 81], invalid[40] = {0};
    memcpy(cells, s.cells, 20 * 81);
    memcpy(cells + 20 * 81, u.cells, 20 * 81);
    invalid[5] = 1;
    const uint64_t k = 20, seed = 99; /* 800 copies: up to 3 threads */
    uint8_t *out = xmalloc(40 * k * 81), *sol = xmalloc(40 * k * 81);
    uint8_t *out2 = xmalloc(40 * k * 81), *sol2 = xmalloc(40 * k * 81);
    assert_int_equal(sf_array_augment(cells, invalid, 40, k, seed, 1, out,
                                      sol), 0);
    assert_int_equal(sf_array_augment(cells, invalid, 40, k, seed, 3, out2,
                                      sol2), 0);
    assert_memory_equal(out, out2, 40 * k * 81);
    assert_memory_equal(sol, sol2, 40 * k * 81);
    const uint8_t zeros[81] = {0};
    for (size_t i = 0; i < 40; i++) {
        uint8_t c0[81], c1[81];
        sf_canon(cells + 81 * i, c0, NULL);
        const uint64_t count = ref_count(cells + 81 * i, 2, NULL);
        for (uint64_t j = 0; j < k; j++) {
            const uint8_t *p = out + 81 * (i * k + j);
            const uint8_t *q = sol + 81 * (i * k + j);
            if (i == 5) {
                assert_memory_equal(p, zeros, 81);
                assert_memory_equal(q, zeros, 81);
                continue;
            }
            rng_t r;
            sf_xform_t t;
            uint8_t want[81];
            rng_seed_sub(&r, seed, i, j);
            sf_xform_random(&t, &r);
            sf_xform_apply(&t, cells + 81 * i, want);
            assert_memory_equal(p, want, 81);
            sf_canon(p, c1, NULL);
            assert_memory_equal(c0, c1, 81);
            if (count == 1)
                assert_true(ref_valid_solution(p, q));
            else
                assert_memory_equal(q, zeros, 81);
        }
    }
    assert_int_equal(sf_array_augment(cells, NULL, 40, 2, seed, 2, out, NULL),
                     0);
    assert_memory_equal(out + 81 * 2, out2 + 81 * k, 81); /* row 1, copy 0 */
    free(out);
    free(sol);
    free(out2);
    free(sol2);
    free(s.cells);
    free(u.cells);
}

/* ------------------------------------------------------------- generate */

static void check_generated(const sf_gen_opts_t *o, const sf_gen_target_t *t,
                            uint64_t seed, size_t n)
{
    uint8_t *p[3], *q[3], made[3][64];
    for (int k = 0; k < 3; k++) {
        p[k] = xmalloc(81 * n);
        q[k] = xmalloc(81 * n);
        assert_int_equal(sf_array_generate(o, t, seed, n, k + 1, p[k], q[k],
                                           made[k]), 0);
        assert_memory_equal(p[k], p[0], 81 * n);
        assert_memory_equal(q[k], q[0], 81 * n);
        assert_memory_equal(made[k], made[0], n);
    }
    sf_gen_t *g = sf_gen_new();
    for (size_t i = 0; i < n; i++) {
        const uint8_t *pz = p[0] + 81 * i, *sol = q[0] + 81 * i;
        assert_int_equal(made[0][i], GEN_MADE);
        assert_int_equal(ref_count(pz, 2, NULL), 1);
        assert_true(ref_valid_solution(pz, sol));
        if (t == NULL) {
            uint8_t a[81], b[81];
            assert_int_equal(sf_gen_puzzle(g, o, seed, i, a, b), 0);
            assert_memory_equal(pz, a, 81);
        } else {
            assert_int_equal(sf_logic_level(pz), t->level);
        }
    }
    sf_gen_free(g);
    for (int k = 0; k < 3; k++) {
        free(p[k]);
        free(q[k]);
    }
}

static void test_generate(void **state)
{
    (void)state;
    const sf_gen_opts_t minimal = {0, SF_SYM_NONE};
    const sf_gen_opts_t sym = {30, SF_SYM_ROT180};
    const sf_gen_target_t locked = {.level = SF_LEVEL_LOCKED, .steps = 20};
    check_generated(&minimal, NULL, 42, 24);
    check_generated(&sym, NULL, 43, 16);
    check_generated(&minimal, &locked, 44, 6);
    /* options that cannot give puzzles: every row fails, zeros */
    const sf_gen_opts_t bad = {18, SF_SYM_NONE};
    uint8_t p[81 * 2], made[2];
    memset(p, 0xff, sizeof p);
    assert_int_equal(sf_array_generate(&bad, NULL, 1, 2, 2, p, NULL, made),
                     0);
    assert_int_equal(made[0], GEN_FAILED);
    assert_int_equal(made[1], GEN_FAILED);
    const uint8_t zeros[162] = {0};
    assert_memory_equal(p, zeros, 162);
}

/* A long call made by another thread, and its handle. */
typedef struct long_call {
    void *handle;
    int rc;
    uint8_t p[81 * 200], made[200];
    volatile int started;
} long_call_t;

static void *generate_hard(void *arg)
{
    long_call_t *c = arg;
    const sf_gen_opts_t o = {0, SF_SYM_NONE};
    const sf_gen_target_t t = {.level = -1, .steps = 20, .se = 1,
                               .min_se = 8.0, .max_se = 20.0};
    c->handle = sf_cancel_handle();
    sf_cancel(c->handle); /* before the call: forgotten when it begins */
    c->started = 1;
    c->rc = sf_array_generate(&o, &t, 1, 200, 2, c->p, NULL, c->made);
    return NULL;
}

static void sleep_ms(long ms)
{
    const struct timespec ts = {ms / 1000, ms % 1000 * 1000000};
    nanosleep(&ts, NULL);
}

static double mono(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* sf_cancel stops a long call (200 puzzles rated SE 8 and up: minutes)
 * soon, with -2; a request made before the call began does not. */
static void test_cancel(void **state)
{
    (void)state;
    long_call_t *c = calloc(1, sizeof *c);
    assert_non_null(c);
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, generate_hard, c), 0);
    while (!c->started)
        sleep_ms(1);
    sleep_ms(300);
    const double t0 = mono();
    sf_cancel(c->handle);
    pthread_join(t, NULL);
    assert_int_equal(c->rc, -2);
    assert_true(mono() - t0 < 5);
    free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solve_rows),
        cmocka_unit_test(test_solve_reference),
        cmocka_unit_test(test_solve_flagged_rows),
        cmocka_unit_test(test_parse_records),
        cmocka_unit_test_setup_teardown(test_read_rows, make_dir, remove_dir),
        cmocka_unit_test(test_rate_rows),
        cmocka_unit_test(test_card_rows),
        cmocka_unit_test(test_canon_rows),
        cmocka_unit_test(test_augment_rows),
        cmocka_unit_test(test_generate),
        cmocka_unit_test(test_cancel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
