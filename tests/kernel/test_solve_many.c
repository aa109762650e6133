/*
 * test_solve_many.c -- sf_solve_many (src/kernel/solve_many.c) and the
 * vector lanes under it (src/kernel/lanes.c).
 *
 * sf_solve_many must give what sf_solve_cells gives on each puzzle:
 * count, status, guesses and solution, for every kernel, limit and flag,
 * on every set in data/ (easy, hard, multi-solution, band-structured).
 * The lanes themselves are checked against the reference solver: a puzzle
 * they call solved has that solution and no other, a closure has the
 * puzzle's solutions, and a puzzle they give back as it was has none.
 * Puzzles with no solution are made by changing one cell of a solution
 * and removing others, so that singles run into the contradiction.  The
 * small geometries (boxes, regions, variants) are checked the same way
 * through every kernel that serves them.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "kernel/kernels.h"
#include "kernel/lanes.h"
#include "refsolve.h"
#include "sudoflow.h"
#include "testutil.h"

static const char *const sets[] = {
    "data/sample.txt.gz", "data/simple.txt.gz", "data/singles.txt.gz",
    "data/easy.txt.gz",   "data/random.txt.gz", "data/manyclue.txt.gz",
    "data/manysol.txt.gz", "data/multi.txt.gz", "data/bands.txt.gz",
};

#define PER_SET 2500 /* puzzles of a set checked */

static uint64_t rng = 2024;

static uint32_t rnd(void)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng >> 33);
}

/* sf_solve_many on cells[0..n-1] of geometry g against sf_solve_geom on
 * each. */
static void check_many_geom(sf_solver_t *s, const sf_geometry_t *g,
                            const uint8_t *const *cells, size_t n,
                            uint64_t limit, unsigned flags)
{
    const size_t nc = (size_t)sf_geometry_cells(g);
    uint8_t *sols = malloc(n * nc + 1);
    uint8_t **ptr = malloc(n * sizeof *ptr + 1);
    sf_result_t *res = malloc(n * sizeof *res + 1);
    assert_non_null(sols);
    assert_non_null(ptr);
    assert_non_null(res);
    for (size_t i = 0; i < n; i++)
        ptr[i] = sols + i * nc;
    sf_solve_many(s, g, cells, n, limit, flags, ptr, res);
    for (size_t i = 0; i < n; i++) {
        uint8_t one[SF_MAX_CELLS];
        sf_result_t r;
        sf_solve_geom(s, g, cells[i], limit, flags, one, &r);
        assert_int_equal(res[i].status, r.status);
        assert_int_equal(res[i].count, r.count);
        assert_int_equal(res[i].guesses, r.guesses);
        if (r.count > 0)
            assert_memory_equal(ptr[i], one, nc);
    }
    free(sols);
    free(ptr);
    free(res);
}

static void check_many(sf_solver_t *s, const uint8_t *const *cells, size_t n,
                       uint64_t limit, unsigned flags)
{
    check_many_geom(s, NULL, cells, n, limit, flags);
}

/* Pointers to the first at most max puzzles of a set's cells. */
static const uint8_t **pointers(const uint8_t *cells, size_t n, size_t max,
                                size_t *m)
{
    *m = n < max ? n : max;
    const uint8_t **p = malloc(*m * sizeof *p + 1);
    assert_non_null(p);
    for (size_t i = 0; i < *m; i++)
        p[i] = cells + i * SF_CELLS;
    return p;
}

static void test_sets_match(void **state)
{
    (void)state;
    const sf_kernel_t *k = sf_kernel_at(0);
    assert_true(k->lanes); /* the default kernel has lanes */
    for (size_t f = 0; f < sizeof sets / sizeof sets[0]; f++) {
        size_t n, m;
        uint8_t *cells = load_puzzles(sets[f], &n);
        assert_true(n > 0);
        const uint8_t **p = pointers(cells, n, PER_SET, &m);
        sf_solver_t *s = sf_solver_new(k);
        assert_non_null(s);
        for (uint64_t limit = 1; limit <= 2; limit++) {
            check_many(s, p, m, limit, 0);
            check_many(s, p, m, limit, SF_LEX);
        }
        sf_solver_free(s);
        free(p);
        free(cells);
    }
}

/* Every kernel, lanes or not, on one set. */
static void test_every_kernel(void **state)
{
    (void)state;
    size_t n, m;
    uint8_t *cells = load_puzzles("data/random.txt.gz", &n);
    const uint8_t **p = pointers(cells, n, 600, &m);
    for (size_t i = 0; sf_kernel_at(i); i++) {
        sf_solver_t *s = sf_solver_new(sf_kernel_at(i));
        assert_non_null(s);
        check_many(s, p, m, 2, 0);
        sf_solver_free(s);
    }
    free(p);
    free(cells);
}

/* The solution of a random puzzle of the sample set (from the solver: it
 * is only where the puzzles below start). */
static void some_solution(const uint8_t *cells, size_t n, uint8_t *sol)
{
    static sf_solver_t *s;
    if (!s)
        s = sf_solver_new(sf_kernel_find("bandstack-solo"));
    sf_result_t r;
    sf_solve_cells(s, cells + (rnd() % n) * SF_CELLS, 1, 0, sol, &r);
    assert_int_equal(r.count, 1);
}

/* Puzzles of every kind: a solution with cells removed (unique or not),
 * with one cell changed too (often no solution), with two equal givens,
 * the empty grid, a full grid, and cells out of range or missing. */
static void test_odd_puzzles(void **state)
{
    (void)state;
    size_t n;
    uint8_t *cells = load_puzzles("data/sample.txt.gz", &n);
    enum { COUNT = 3000 };
    uint8_t *made = calloc(COUNT, SF_CELLS);
    const uint8_t **p = malloc(COUNT * sizeof *p);
    assert_non_null(made);
    assert_non_null(p);
    for (size_t i = 0; i < COUNT; i++) {
        uint8_t *c = made + i * SF_CELLS;
        p[i] = c;
        some_solution(cells, n, c);
        const unsigned keep = 18 + rnd() % 50;
        for (unsigned k = 0; k < 81; k++)
            if (rnd() % 81 >= keep)
                c[k] = 0;
        switch (i % 10) {
        case 1: /* a wrong digit */
            c[rnd() % 81] = (uint8_t)(1 + rnd() % 9);
            break;
        case 2: /* a digit twice in row 0 */
            c[0] = c[1] = (uint8_t)(1 + rnd() % 9);
            break;
        case 3:
            memset(c, 0, SF_CELLS);
            break;
        case 4: /* out of range */
            c[rnd() % 81] = 10;
            break;
        case 5:
            p[i] = NULL;
            break;
        }
    }
    for (size_t i = 0; sf_kernel_at(i); i++) {
        sf_solver_t *s = sf_solver_new(sf_kernel_at(i));
        assert_non_null(s);
        check_many(s, p, COUNT, 2, 0);
        check_many(s, p, COUNT, 1, SF_LEX);
        sf_solver_free(s);
    }
    /* a short call, and none at all */
    sf_solver_t *s = sf_solver_new(NULL);
    check_many(s, p + 7, 1, 2, 0);
    check_many(s, p + 7, 33, 2, 0);
    check_many(s, p, 0, 2, 0);
    sf_solver_free(s);
    free(p);
    free(made);
    free(cells);
}

/* The lanes' verdicts against the reference on puzzles of every kind;
 * returns the verdicts seen, as bits. */
static unsigned check_verdicts(void *lanes, const uint8_t *const *p, size_t n)
{
    uint8_t *closure = malloc(n * SF_CELLS + 1), *verdict = malloc(n + 1);
    assert_non_null(closure);
    assert_non_null(verdict);
    lanes_singles(lanes, p, n, closure, verdict);
    unsigned seen = 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t a[SF_CELLS], b[SF_CELLS];
        const uint8_t *c = closure + i * SF_CELLS;
        seen |= 1u << verdict[i];
        switch (verdict[i]) {
        case LANES_SOLVED:
            assert_int_equal(ref_count(p[i], 2, a), 1);
            assert_memory_equal(a, c, SF_CELLS);
            break;
        case LANES_OPEN: /* the same solutions, and the givens kept */
            assert_int_equal(ref_count(p[i], 3, a), ref_count(c, 3, b));
            for (int k = 0; k < 81; k++)
                assert_true(p[i][k] == 0 || p[i][k] == c[k]);
            break;
        case LANES_ASIS:
            assert_int_equal(ref_count(p[i], 1, a), 0);
            break;
        default:
            fail();
        }
    }
    free(closure);
    free(verdict);
    return seen;
}

/* A zeroed lanes state, as lanes_singles wants it first. */
static void *new_lanes(void)
{
    const size_t size = (lanes_state_size() + 63) / 64 * 64;
    void *lanes = aligned_alloc(64, size);
    assert_non_null(lanes);
    memset(lanes, 0, size);
    return lanes;
}

static void test_lanes_verdicts(void **state)
{
    (void)state;
    size_t n;
    uint8_t *cells = load_puzzles("data/sample.txt.gz", &n);
    enum { COUNT = 1200 };
    uint8_t *made = calloc(COUNT, SF_CELLS);
    const uint8_t **p = malloc(COUNT * sizeof *p);
    void *lanes = new_lanes();
    assert_non_null(made);
    assert_non_null(p);
    for (size_t i = 0; i < COUNT; i++) {
        uint8_t *c = made + i * SF_CELLS;
        p[i] = c;
        some_solution(cells, n, c);
        const unsigned keep = 32 + rnd() % 45; /* mostly singles' work */
        for (unsigned k = 0; k < 81; k++)
            if (rnd() % 81 >= keep)
                c[k] = 0;
        if (i % 3 == 1) /* a wrong digit */
            c[rnd() % 81] = (uint8_t)(1 + rnd() % 9);
    }
    const unsigned seen = check_verdicts(lanes, p, COUNT);
    assert_int_equal(seen, 1u << LANES_SOLVED | 1u << LANES_OPEN |
                               1u << LANES_ASIS);
    free(lanes);
    free(p);
    free(made);
    free(cells);
}

/* Lanes that solve nothing are skipped for a while, then tried again. */
static void test_lanes_skip(void **state)
{
    (void)state;
    size_t nh, ne;
    uint8_t *hard = load_puzzles("data/manyclue.txt.gz", &nh);
    uint8_t *easy = load_puzzles("data/singles.txt.gz", &ne);
    assert_true(nh >= 512 && ne >= 128);
    void *lanes = new_lanes();
    const uint8_t *p[128];
    uint8_t closure[128 * SF_CELLS], verdict[128];
    for (size_t b = 0; b < 4; b++) { /* 512 that singles do not solve */
        for (size_t i = 0; i < 128; i++)
            p[i] = hard + (b * 128 + i) * SF_CELLS;
        lanes_singles(lanes, p, 128, closure, verdict);
    }
    for (size_t i = 0; i < 128; i++)
        p[i] = easy + i * SF_CELLS;
    lanes_singles(lanes, p, 128, closure, verdict);
    for (size_t i = 0; i < 128; i++) /* skipped */
        assert_int_equal(verdict[i], LANES_ASIS);
    int solved = 0;
    for (int call = 0; call < 64 && !solved; call++) {
        lanes_singles(lanes, p, 128, closure, verdict);
        solved = verdict[0] == LANES_SOLVED;
    }
    assert_true(solved); /* tried again */
    free(lanes);
    free(hard);
    free(easy);
}

/* Puzzles of geometry g from random solutions (solver_random_grid):
 * cells removed at random, some with a wrong value put in, some with a
 * value out of range. */
static uint8_t *geom_puzzles(sf_solver_t *s, const sf_geometry_t *g,
                             size_t count, const uint8_t **p)
{
    const int nc = sf_geometry_cells(g), n = sf_geometry_n(g);
    uint8_t *made = calloc(count, (size_t)nc);
    assert_non_null(made);
    for (size_t i = 0; i < count; i++) {
        uint8_t *c = made + i * (size_t)nc;
        p[i] = c;
        assert_int_equal(solver_random_grid(s, g, rnd(), 0, c), 1);
        const unsigned keep = 20 + rnd() % 60; /* percent */
        for (int k = 0; k < nc; k++)
            if (rnd() % 100 >= keep)
                c[k] = 0;
        if (i % 7 == 1)
            c[rnd() % (unsigned)nc] = (uint8_t)(1 + rnd() % (unsigned)n);
        if (i % 29 == 2)
            c[rnd() % (unsigned)nc] = (uint8_t)(n + 1);
    }
    return made;
}

/* The small geometries, through every kernel: the lanes take those
 * without non-consecutive, and a solver of the small kernel answers
 * just as puzzle by puzzle. */
static void test_geometries(void **state)
{
    (void)state;
    static const sf_geometry_spec_t specs[] = {
        {"4x4", NULL, NULL, {NULL}},
        {"6x6", NULL, NULL, {NULL}},
        {"6x6:3x2", NULL, "x", {NULL}},
        {"8x8", NULL, "antiknight", {NULL}},
        {"8x8", NULL, "windoku,antiking", {NULL}},
        {"6x6", NULL, "disjoint", {NULL}},
        {"6x6", "aaabbbaaabbbcccdddcccdddeeefffeeefff", "x", {NULL}},
        {"5x5", "aaabbacabbcccbdecdddeeeed", NULL, {NULL}},
        {"6x6", NULL, "nonconsecutive", {NULL}},
        {"9x9", NULL, "x", {NULL}},
    };
    enum { COUNT = 300 };
    const uint8_t *p[COUNT];
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        sf_error_t err;
        sf_geometry_t *g = sf_geometry_new(&specs[k], &err);
        assert_non_null(g);
        sf_solver_t *s = sf_solver_new(sf_kernel_for_geometry(g));
        assert_non_null(s);
        uint8_t *made = geom_puzzles(s, g, COUNT, p);
        for (size_t i = 0; sf_kernel_at(i); i++) {
            const sf_kernel_t *kk = sf_kernel_at(i);
            if (!kk->fits || !kk->fits(g))
                continue;
            sf_solver_t *ks = sf_solver_new(kk);
            assert_non_null(ks);
            check_many_geom(ks, g, p, COUNT, 2, 0);
            check_many_geom(ks, g, p, COUNT, 1, SF_LEX);
            sf_solver_free(ks);
        }
        /* the default solver hands them to the geometry's kernel */
        sf_solver_t *d = sf_solver_new(NULL);
        check_many_geom(d, g, p, COUNT, 2, 0);
        sf_solver_free(d);
        free(made);
        sf_solver_free(s);
        sf_geometry_free(g);
    }
}

/* Grids that keep every unit but break anti-knight or anti-king: the
 * lanes must see the two equal peers, not call the grid solved. */
static void test_peer_conflicts(void **state)
{
    (void)state;
    static const char *const variants[] = {"antiknight", "antiking"};
    const sf_geometry_spec_t plain_spec = {"8x8", NULL, NULL, {NULL}};
    sf_error_t err;
    sf_geometry_t *plain = sf_geometry_new(&plain_spec, &err);
    assert_non_null(plain);
    sf_solver_t *s = sf_solver_new(sf_kernel_for_geometry(plain));
    enum { COUNT = 300 };
    const uint8_t *p[COUNT];
    uint8_t *made = calloc(COUNT, 64);
    assert_non_null(made);
    for (size_t i = 0; i < COUNT; i++) {
        uint8_t *c = made + i * 64;
        p[i] = c;
        assert_int_equal(solver_random_grid(s, plain, rnd(), 0, c), 1);
        for (unsigned k = 0; k < i % 8; k++) /* a few cells open */
            c[rnd() % 64] = 0;
    }
    for (int v = 0; v < 2; v++) {
        const sf_geometry_spec_t spec = {"8x8", NULL, variants[v], {NULL}};
        sf_geometry_t *g = sf_geometry_new(&spec, &err);
        assert_non_null(g);
        sf_solver_t *gs = sf_solver_new(sf_kernel_for_geometry(g));
        check_many_geom(gs, g, p, COUNT, 2, 0);
        sf_solver_free(gs);
        sf_geometry_free(g);
    }
    free(made);
    sf_solver_free(s);
    sf_geometry_free(plain);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sets_match),
        cmocka_unit_test(test_every_kernel),
        cmocka_unit_test(test_odd_puzzles),
        cmocka_unit_test(test_lanes_verdicts),
        cmocka_unit_test(test_lanes_skip),
        cmocka_unit_test(test_geometries),
        cmocka_unit_test(test_peer_conflicts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
