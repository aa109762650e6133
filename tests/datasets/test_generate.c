/*
 * test_generate.c -- the puzzle generator: uniqueness, minimality, clue
 * counts, symmetry, determinism, and the search, also toward each logic
 * level.
 *
 * Every claim about a generated puzzle is checked with the reference
 * backtracker (refsolve.h), which shares no code with the library.  The
 * reference fills cells in row-major order, so sparse top rows make it
 * slow; before counting, the tests move the densest band and rows to the
 * top (and transpose when the columns are denser).  Those moves map
 * solutions to solutions one to one, so the count is unchanged.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "datasets/logic.h"
#include "refsolve.h"
#include "sanitized.h"
#include "sudoflow.h"

#define SAMPLE 200      /* puzzles per option combination */
/* of those, checked for minimality (81 reference solves each, slow under
 * sanitizers, which check the generator itself on all of them anyway) */
#define MIN_SAMPLE (SANITIZED ? 40 : 120)

/* ------------------------------------------------------------- helpers */

/* Givens in line r (a row, or with t a column). */
static int line_clues(const uint8_t *p, int r, int t)
{
    int n = 0;
    for (int i = 0; i < 9; i++)
        n += (t ? p[i * 9 + r] : p[r * 9 + i]) != 0;
    return n;
}

/* Sort idx[0..n) by key, largest first (n <= 3). */
static void sort_desc(int *idx, const int *key, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (key[idx[j]] > key[idx[i]]) {
                const int x = idx[i];
                idx[i] = idx[j];
                idx[j] = x;
            }
}

/* in with its densest band first and rows sorted within bands, transposed
 * first when that puts more clues in the top band. */
static void densify(const uint8_t *in, uint8_t *out)
{
    int order[2][9], top[2];
    for (int t = 0; t < 2; t++) {
        int rows[9], band[3] = {0, 0, 0}, bo[3] = {0, 1, 2};
        for (int r = 0; r < 9; r++) {
            rows[r] = line_clues(in, r, t);
            band[r / 3] += rows[r];
        }
        sort_desc(bo, band, 3);
        for (int b = 0; b < 3; b++) {
            int ro[3] = {3 * bo[b], 3 * bo[b] + 1, 3 * bo[b] + 2};
            sort_desc(ro, rows, 3);
            for (int i = 0; i < 3; i++)
                order[t][3 * b + i] = ro[i];
        }
        top[t] = band[bo[0]];
    }
    const int t = top[1] > top[0];
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            const int s = order[t][r];
            out[r * 9 + c] = t ? in[c * 9 + s] : in[s * 9 + c];
        }
}

/* Solutions of p by the reference, at most 2. */
static uint64_t ref_solutions(const uint8_t *p)
{
    uint8_t q[SF_CELLS];
    uint64_t count;
    densify(p, q);
    assert_int_equal(ref_count_bounded(q, 2, 0, NULL, &count, NULL), 0);
    return count;
}

static int clue_count(const uint8_t *p)
{
    int n = 0;
    for (int i = 0; i < SF_CELLS; i++)
        n += p[i] != 0;
    return n;
}

/* The cell symmetry s maps cell onto, computed independently of the
 * library. */
static int image(sf_symmetry_t s, int cell)
{
    const int r = cell / 9, c = cell % 9;
    switch (s) {
    case SF_SYM_ROT180:
        return (8 - r) * 9 + (8 - c);
    case SF_SYM_ROT90:
        return c * 9 + (8 - r);
    case SF_SYM_DIAGONAL:
        return c * 9 + r;
    case SF_SYM_MIRROR:
        return r * 9 + (8 - c);
    default:
        return cell;
    }
}

/* Unique per the reference, solution valid and matching the puzzle. */
static void check_unique(const uint8_t *p, const uint8_t *sol)
{
    assert_true(ref_valid_solution(p, sol));
    assert_int_equal(ref_solutions(p), 1);
}

static void check_symmetric(const uint8_t *p, sf_symmetry_t s)
{
    for (int i = 0; i < SF_CELLS; i++)
        assert_int_equal(p[i] != 0, p[image(s, i)] != 0);
}

/* No clue (with a symmetry: no orbit of clues) can be removed. */
static void check_minimal(const uint8_t *p, sf_symmetry_t s)
{
    for (int i = 0; i < SF_CELLS; i++) {
        if (p[i] == 0)
            continue;
        uint8_t q[SF_CELLS];
        memcpy(q, p, SF_CELLS);
        for (int x = i, k = 0; k < 4; k++, x = image(s, x))
            q[x] = 0;
        assert_int_equal(ref_solutions(q), 2);
    }
}

/* SAMPLE puzzles with options o, each checked; clue counts into hist. */
static void check_sample(int clues, sf_symmetry_t s, uint64_t seed,
                         int *hist)
{
    sf_gen_t *g = sf_gen_new();
    assert_non_null(g);
    const sf_gen_opts_t o = {clues, s};
    for (int i = 0; i < SAMPLE; i++) {
        uint8_t p[SF_CELLS], sol[SF_CELLS];
        assert_int_equal(sf_gen_puzzle(g, &o, seed, (uint64_t)i, p, sol), 0);
        check_unique(p, sol);
        check_symmetric(p, s);
        const int n = clue_count(p);
        if (clues > 0)
            assert_int_equal(n, clues);
        else if (i < MIN_SAMPLE)
            check_minimal(p, s);
        if (hist != NULL)
            hist[n]++;
    }
    sf_gen_free(g);
}

/* --------------------------------------------------------------- tests */

static void test_symmetry_names(void **state)
{
    (void)state;
    for (int s = 0; s < SF_SYM_COUNT; s++)
        assert_int_equal(sf_symmetry_parse(sf_symmetry_name(s)), s);
    assert_string_equal(sf_symmetry_name(SF_SYM_ROT90), "rot90");
    assert_string_equal(sf_symmetry_name(SF_SYM_COUNT), "?");
    assert_int_equal(sf_symmetry_parse("rot45"), -1);
    assert_int_equal(sf_symmetry_parse(""), -1);
    assert_int_equal(sf_symmetry_parse(NULL), -1);
}

static void test_invalid_options(void **state)
{
    (void)state;
    sf_gen_t *g = sf_gen_new();
    assert_non_null(g);
    uint8_t p[SF_CELLS], sol[SF_CELLS];
    const sf_gen_opts_t bad[] = {
        {16, SF_SYM_NONE},  {-1, SF_SYM_NONE},     {82, SF_SYM_NONE},
        {0, SF_SYM_COUNT},  {26, SF_SYM_ROT90},    {27, SF_SYM_ROT90},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(sf_gen_puzzle(g, &bad[i], 1, 0, p, sol), -1);
    const sf_gen_opts_t ok = {0, SF_SYM_NONE};
    assert_int_equal(sf_gen_puzzle(NULL, &ok, 1, 0, p, sol), -1);
    assert_int_equal(sf_gen_puzzle(g, NULL, 1, 0, p, sol), -1);
    /* A clue count of 81 is the solution itself. */
    const sf_gen_opts_t full = {81, SF_SYM_NONE};
    assert_int_equal(sf_gen_puzzle(g, &full, 1, 0, p, sol), 0);
    assert_memory_equal(p, sol, SF_CELLS);
    sf_gen_free(g);
    sf_gen_free(NULL);
}

static void test_minimal(void **state)
{
    (void)state;
    int hist[SF_CELLS + 1] = {0};
    check_sample(0, SF_SYM_NONE, 11, hist);
    /* Random minimal puzzles centre on about 24 clues. */
    long sum = 0;
    for (int n = 0; n <= SF_CELLS; n++)
        sum += (long)n * hist[n];
    assert_in_range(sum, 22L * SAMPLE, 26L * SAMPLE);
}

static void test_minimal_symmetric(void **state)
{
    (void)state;
    for (int s = SF_SYM_ROT180; s < SF_SYM_COUNT; s++)
        check_sample(0, (sf_symmetry_t)s, 12, NULL);
}

static void test_fixed_clues(void **state)
{
    (void)state;
    check_sample(25, SF_SYM_NONE, 13, NULL);
    check_sample(30, SF_SYM_NONE, 14, NULL);
    check_sample(28, SF_SYM_ROT180, 15, NULL);
    check_sample(29, SF_SYM_ROT90, 16, NULL);
    check_sample(32, SF_SYM_ROT90, 16, NULL);
    check_sample(27, SF_SYM_DIAGONAL, 17, NULL);
    check_sample(30, SF_SYM_MIRROR, 18, NULL);
    check_sample(50, SF_SYM_NONE, 19, NULL);
}

/* Impossible options are refused at once, with a reason, and the counts
 * sf_gen_min_clues gives are reachable: a puzzle is made at the minimum
 * within 32 indices for every symmetry (a grid has such a puzzle about one
 * time in four for the rarest, mirror). */
static void test_options_checked(void **state)
{
    (void)state;
    sf_gen_t *g = sf_gen_new();
    assert_non_null(g);
    uint8_t p[SF_CELLS], s[SF_CELLS];
    const sf_gen_opts_t bad[] = {{16, SF_SYM_NONE}, {82, SF_SYM_NONE},
                                 {19, SF_SYM_NONE}, {30, SF_SYM_ROT90},
                                 {21, SF_SYM_ROT180}, {25, SF_SYM_COUNT}};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_non_null(sf_gen_opts_problem(&bad[i]));
        assert_int_equal(sf_gen_puzzle(g, &bad[i], 1, 0, p, s), -1);
    }
    for (int sym = 0; sym < SF_SYM_COUNT; sym++) {
        const sf_gen_opts_t o = {sf_gen_min_clues((sf_symmetry_t)sym),
                                 (sf_symmetry_t)sym};
        const sf_gen_opts_t more = {o.clues + 4, o.symmetry};
        assert_null(sf_gen_opts_problem(&o));
        assert_null(sf_gen_opts_problem(&more));
        int made = 0;
        for (uint64_t i = 0; i < 32 && !made; i++)
            made = sf_gen_puzzle(g, &o, 5, i, p, s) == 0;
        assert_true(made);
        assert_int_equal(clue_count(p), o.clues);
        assert_int_equal(ref_count(p, 2, NULL), 1);
    }
    sf_gen_free(g);
}

/* Indices 0..N-1 generated forward by one generator, backward by another
 * that also made unrelated puzzles in between, give the same output. */
static void test_deterministic(void **state)
{
    (void)state;
    enum { N = 200 };
    static uint8_t fwd[N][2][SF_CELLS], bwd[N][2][SF_CELLS];
    sf_gen_t *g1 = sf_gen_new(), *g2 = sf_gen_new();
    assert_non_null(g1);
    assert_non_null(g2);
    const sf_gen_opts_t opts[] = {{0, SF_SYM_NONE}, {26, SF_SYM_ROT180}};
    for (size_t k = 0; k < 2; k++) {
        const sf_gen_opts_t *o = &opts[k];
        for (int i = 0; i < N; i++)
            assert_int_equal(
                sf_gen_puzzle(g1, o, 42, (uint64_t)i, fwd[i][0], fwd[i][1]),
                0);
        for (int i = N - 1; i >= 0; i--) {
            uint8_t p[SF_CELLS], s[SF_CELLS];
            const sf_gen_opts_t other = {30, SF_SYM_MIRROR};
            assert_int_equal(sf_gen_puzzle(g2, &other, 7, (uint64_t)i, p, s),
                             0);
            assert_int_equal(
                sf_gen_puzzle(g2, o, 42, (uint64_t)i, bwd[i][0], bwd[i][1]),
                0);
        }
        assert_memory_equal(fwd, bwd, sizeof fwd);
    }
    sf_gen_free(g1);
    sf_gen_free(g2);
}

/* Different seeds, and different indices, give different puzzles and
 * different solution grids. */
static void test_streams_differ(void **state)
{
    (void)state;
    enum { N = 100 };
    static uint8_t sols[N][SF_CELLS];
    sf_gen_t *g = sf_gen_new();
    assert_non_null(g);
    const sf_gen_opts_t o = {0, SF_SYM_NONE};
    for (int i = 0; i < N; i++) {
        uint8_t p1[SF_CELLS], p2[SF_CELLS], s2[SF_CELLS];
        assert_int_equal(sf_gen_puzzle(g, &o, 1, (uint64_t)i, p1, sols[i]),
                         0);
        assert_int_equal(sf_gen_puzzle(g, &o, 2, (uint64_t)i, p2, s2), 0);
        assert_memory_not_equal(p1, p2, SF_CELLS);
        assert_memory_not_equal(sols[i], s2, SF_CELLS);
    }
    for (int i = 0; i < N; i++)
        for (int j = i + 1; j < N; j++)
            assert_memory_not_equal(sols[i], sols[j], SF_CELLS);
    sf_gen_free(g);
}

/* ---------------------------------------------------------------- search */

typedef struct target {
    int max_clues;         /* accept at or below this many clues */
    sf_solver_t *solver;   /* for the guess score */
    unsigned calls;        /* score calls */
} target_t;

static double score_empty(void *ctx, const uint8_t *p)
{
    ((target_t *)ctx)->calls++;
    return SF_CELLS - clue_count(p);
}

static int accept_clues(void *ctx, const uint8_t *p)
{
    return clue_count(p) <= ((const target_t *)ctx)->max_clues;
}

static double score_guesses(void *ctx, const uint8_t *p)
{
    target_t *t = ctx;
    sf_result_t res;
    t->calls++;
    sf_solve_cells(t->solver, p, 2, 0, NULL, &res);
    return (double)res.guesses;
}

/* Searching for fewer clues: never worse than the starting puzzle, better
 * on the whole, and still unique and minimal. */
static void test_search_fewer_clues(void **state)
{
    (void)state;
    enum { N = 24 };
    sf_gen_t *g = sf_gen_new();
    assert_non_null(g);
    const sf_gen_opts_t o = {0, SF_SYM_NONE};
    int before = 0, after = 0;
    for (int i = 0; i < N; i++) {
        uint8_t p0[SF_CELLS], s0[SF_CELLS], p[SF_CELLS], s[SF_CELLS];
        target_t t = {0, NULL, 0};
        assert_int_equal(sf_gen_puzzle(g, &o, 5, (uint64_t)i, p0, s0), 0);
        assert_int_equal(sf_gen_search(g, &o, 5, (uint64_t)i, score_empty,
                                       accept_clues, &t, 40, p, s),
                         1);
        assert_memory_equal(s, s0, SF_CELLS);
        assert_true(clue_count(p) <= clue_count(p0));
        check_unique(p, s);
        check_minimal(p, SF_SYM_NONE);
        before += clue_count(p0);
        after += clue_count(p);
    }
    assert_true(after < before);
    sf_gen_free(g);
}

/* On target: 0, and the puzzle accepted. */
static void test_search_on_target(void **state)
{
    (void)state;
    sf_gen_t *g = sf_gen_new();
    assert_non_null(g);
    const sf_gen_opts_t o = {0, SF_SYM_ROT180};
    uint8_t p0[SF_CELLS], s0[SF_CELLS], p[SF_CELLS], s[SF_CELLS];
    assert_int_equal(sf_gen_puzzle(g, &o, 6, 3, p0, s0), 0);
    /* Already on target: the generated puzzle itself. */
    target_t t = {SF_CELLS, NULL, 0};
    assert_int_equal(
        sf_gen_search(g, &o, 6, 3, score_empty, accept_clues, &t, 100, p, s),
        0);
    assert_memory_equal(p, p0, SF_CELLS);
    /* One clue pair fewer: reached within the step budget. */
    t.max_clues = clue_count(p0) - 2;
    assert_int_equal(
        sf_gen_search(g, &o, 6, 3, score_empty, accept_clues, &t, 2000, p, s),
        0);
    assert_true(clue_count(p) <= t.max_clues);
    check_unique(p, s);
    check_symmetric(p, SF_SYM_ROT180);
    check_minimal(p, SF_SYM_ROT180);
    assert_int_equal(sf_gen_search(g, &o, 6, 3, NULL, NULL, NULL, 1, p, s),
                     -1);
    sf_gen_free(g);
}

/* Searching for more solver guesses, minimal or at a fixed clue count with
 * a symmetry: the puzzle stays unique, minimal or of that count, and
 * symmetric, the score does not fall, and the result does not depend on the
 * generator used. */
static void search_guesses(const sf_gen_opts_t *o)
{
    enum { N = 12 };
    sf_gen_t *g = sf_gen_new(), *g2 = sf_gen_new();
    sf_solver_t *solver = sf_solver_new(NULL);
    assert_non_null(g);
    assert_non_null(g2);
    assert_non_null(solver);
    double gain = 0;
    for (int i = 0; i < N; i++) {
        uint8_t p0[SF_CELLS], s0[SF_CELLS], p[SF_CELLS], s[SF_CELLS];
        uint8_t q[SF_CELLS], r[SF_CELLS];
        target_t t = {0, solver, 0};
        assert_int_equal(sf_gen_puzzle(g, o, 8, (uint64_t)i, p0, s0), 0);
        const double start = score_guesses(&t, p0);
        assert_int_equal(sf_gen_search(g, o, 8, (uint64_t)i, score_guesses,
                                       NULL, &t, 30, p, s),
                         1);
        assert_true(t.calls > 1);
        if (o->clues > 0)
            assert_int_equal(clue_count(p), o->clues);
        else
            check_minimal(p, o->symmetry);
        check_symmetric(p, o->symmetry);
        check_unique(p, s);
        const double end = score_guesses(&t, p);
        assert_true(end >= start);
        gain += end - start;
        assert_int_equal(sf_gen_search(g2, o, 8, (uint64_t)i, score_guesses,
                                       NULL, &t, 30, q, r),
                         1);
        assert_memory_equal(p, q, SF_CELLS);
    }
    assert_true(gain > 0);
    sf_solver_free(solver);
    sf_gen_free(g);
    sf_gen_free(g2);
}

static void test_search_guesses(void **state)
{
    (void)state;
    const sf_gen_opts_t minimal = {0, SF_SYM_NONE};
    const sf_gen_opts_t fixed = {26, SF_SYM_MIRROR};
    search_guesses(&minimal);
    search_guesses(&fixed);
}

/* Toward a logic level, scored as the command line does: the logic solver
 * capped at the level fills more cells of a puzzle that is too hard, and
 * a puzzle too easy misses levels. */
static double score_level(void *ctx, const uint8_t *p)
{
    const int want = *(const int *)ctx;
    uint8_t out[SF_CELLS];
    const int got = (int)logic_solve(p, (sf_level_t)want, out);
    if (got == want)
        return 0;
    if (got < want)
        return -(double)(want - got);
    int reach = 0;
    for (int c = 0; c < SF_CELLS; c++)
        reach += out[c] != 0;
    return -(double)(SF_CELLS - reach) / SF_CELLS;
}

static int accept_level(void *ctx, const uint8_t *p)
{
    return (int)sf_logic_level(p) == *(const int *)ctx;
}

/* Every level is reached from a few fresh starts with short searches; the
 * puzzle found is of that level, unique and minimal, and another generator
 * finds the same one. */
static void test_search_levels(void **state)
{
    (void)state;
    sf_gen_t *g = sf_gen_new(), *g2 = sf_gen_new();
    assert_non_null(g);
    assert_non_null(g2);
    const sf_gen_opts_t o = {0, SF_SYM_NONE};
    for (int level = 0; level < SF_LEVEL_COUNT; level++) {
        uint8_t p[SF_CELLS], s[SF_CELLS], q[SF_CELLS], r[SF_CELLS];
        int rc = 1;
        uint64_t seed = 0;
        for (; seed < 3000 && rc != 0; seed++)
            rc = sf_gen_search(g, &o, seed, 9, score_level, accept_level,
                               &level, 20, p, s);
        assert_int_equal(rc, 0);
        assert_int_equal((int)sf_logic_level(p), level);
        check_unique(p, s);
        check_minimal(p, SF_SYM_NONE);
        assert_int_equal(sf_gen_search(g2, &o, seed - 1, 9, score_level,
                                       accept_level, &level, 20, q, r),
                         0);
        assert_memory_equal(p, q, SF_CELLS);
    }
    sf_gen_free(g);
    sf_gen_free(g2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_symmetry_names),
        cmocka_unit_test(test_invalid_options),
        cmocka_unit_test(test_minimal),
        cmocka_unit_test(test_minimal_symmetric),
        cmocka_unit_test(test_fixed_clues),
        cmocka_unit_test(test_options_checked),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_streams_differ),
        cmocka_unit_test(test_search_fewer_clues),
        cmocka_unit_test(test_search_on_target),
        cmocka_unit_test(test_search_guesses),
        cmocka_unit_test(test_search_levels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
