/*
 * test_geo_generate.c -- the generator on geometries other than classic
 * 9x9 (sf_gen_new_geom): every puzzle has exactly one solution, the one
 * written beside it; minimal puzzles lose that when any clue orbit goes;
 * a clue count is met exactly; the clue pattern has the symmetry asked
 * for; and a puzzle depends only on (options, seed, index).
 *
 * Each claim is checked with the reference backtracker (refgeom.h), given
 * the same geometry texts as the library, so nothing of the library's
 * geometry or solver is trusted.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "refgeom_text.h"
#include "sanitized.h"
#include "sudoflow.h"
#include "testutil.h"

#define BUDGET 20000000u /* reference placements per count */


typedef struct gcase {
    const char *size, *regions, *variant;
    sf_symmetry_t sym;
    int clues;  /* 0: minimal */
    int count;  /* puzzles (a quarter under sanitizers); the reference
                 * takes seconds to show a sparse 9x9 minimal, and minutes
                 * on the 8-clue ones of x,antiknight (a clue count here) */
} gcase_t;

static const gcase_t cases[] = {
    {"4x4", NULL, NULL, SF_SYM_NONE, 0, 40},
    {"4x4", NULL, "x", SF_SYM_ROT180, 0, 40},
    {"6x6", NULL, NULL, SF_SYM_NONE, 0, 30},
    {"6x6:3x2", NULL, NULL, SF_SYM_DIAGONAL, 0, 20},
    {"6x6", REFG_JIGSAW6, NULL, SF_SYM_NONE, 0, 20},
    {"6x6", NULL, "nonconsecutive", SF_SYM_MIRROR, 0, 20},
    {"8x8", NULL, NULL, SF_SYM_ROT90, 0, 12},
    {"8x8", NULL, NULL, SF_SYM_NONE, 34, 12},
    {"9x9", NULL, "x,antiknight", SF_SYM_NONE, 12, 12},
    {"6x6", NULL, "antiking", SF_SYM_NONE, 0, 20},
    {"9x9", REFG_JIGSAW9, NULL, SF_SYM_ROT180, 0, 2}, /* 3 s each */
    {"9x9", NULL, "windoku", SF_SYM_NONE, 40, 8},
    {"12x12", NULL, NULL, SF_SYM_NONE, 90, 4},
};
#define NCASES (sizeof cases / sizeof cases[0])

/* Solutions of cells by the reference, up to 2; fails on a spent budget. */
static uint64_t ref_count(const refg_t *rg, const uint8_t *cells,
                          uint8_t *first)
{
    uint64_t count = 0;
    int rc = refg_count_fewest_bounded(rg, cells, 2, BUDGET, first, &count,
                                       NULL);
    if (rc != 0)
        fail_msg("reference: budget spent (rc %d)", rc);
    return count;
}

/* Cell i's images under symmetry s on the n x n grid, into out. */
static int images(int n, int i, sf_symmetry_t s, int *out)
{
    const int r = i / n, c = i % n, m = n - 1;
    int k = 0;
    out[k++] = i;
    if (s == SF_SYM_ROT180)
        out[k++] = (m - r) * n + (m - c);
    else if (s == SF_SYM_DIAGONAL)
        out[k++] = c * n + r;
    else if (s == SF_SYM_MIRROR)
        out[k++] = r * n + (m - c);
    else if (s == SF_SYM_ROT90) {
        out[k++] = c * n + (m - r);
        out[k++] = (m - r) * n + (m - c);
        out[k++] = (m - c) * n + r;
    }
    return k;
}

/* The clue pattern is closed under s. */
static void check_symmetry(int n, const uint8_t *p, sf_symmetry_t s)
{
    int img[4];
    for (int i = 0; i < n * n; i++) {
        const int k = images(n, i, s, img);
        for (int j = 0; j < k; j++)
            if ((p[i] != 0) != (p[img[j]] != 0))
                fail_msg("cell %d and its image %d differ", i, img[j]);
    }
}

/* Removing any orbit of clues gives a second solution. */
static void check_minimal(const refg_t *rg, const uint8_t *p,
                          sf_symmetry_t s)
{
    const int n = rg->n;
    uint8_t q[REFG_MAX_CELLS];
    int img[4];
    for (int i = 0; i < n * n; i++) {
        if (!p[i])
            continue;
        memcpy(q, p, (size_t)(n * n));
        const int k = images(n, i, s, img);
        for (int j = 0; j < k; j++)
            q[img[j]] = 0;
        if (ref_count(rg, q, NULL) != 2)
            fail_msg("clue %d can go: not minimal", i);
    }
}

static void check_case(const gcase_t *c)
{
    sf_geometry_t *g = geometry_or_fail(c->size, c->regions, c->variant);
    refg_t rg;
    assert_int_equal(refg_from_text(&rg, c->size, c->regions, c->variant),
                     0);
    const sf_gen_opts_t o = {c->clues, c->sym};
    assert_null(sf_gen_geom_problem(g, &o));
    sf_gen_t *gen = sf_gen_new_geom(g);
    assert_non_null(gen);
    const int n = rg.n, nc = n * n;
    const int count = SANITIZED ? (c->count + 3) / 4 : c->count;
    uint8_t p[SF_MAX_CELLS], sol[SF_MAX_CELLS], first[SF_MAX_CELLS];
    for (int i = 0; i < count; i++) {
        assert_int_equal(sf_gen_puzzle(gen, &o, 11, (uint64_t)i, p, sol), 0);
        if (ref_count(&rg, p, first) != 1)
            fail_msg("%s %s #%d: not unique", c->size,
                     c->variant ? c->variant : "", i);
        assert_memory_equal(first, sol, (size_t)nc);
        assert_true(refg_valid_solution(&rg, p, sol));
        int clues = 0;
        for (int k = 0; k < nc; k++)
            clues += p[k] != 0;
        if (c->clues)
            assert_int_equal(clues, c->clues);
        else
            check_minimal(&rg, p, c->sym);
        check_symmetry(n, p, c->sym);
    }
    sf_gen_free(gen);
    sf_geometry_free(g);
}

static void test_cases(void **state)
{
    (void)state;
    for (size_t i = 0; i < NCASES; i++)
        check_case(&cases[i]);
}

/* The same (options, seed, index) gives the same puzzle from a fresh
 * generator, whatever was asked before; another index or seed another. */
static void test_deterministic(void **state)
{
    (void)state;
    sf_geometry_t *g = geometry_or_fail("6x6", NULL, "x");
    const sf_gen_opts_t o = {0, SF_SYM_NONE};
    sf_gen_t *a = sf_gen_new_geom(g), *b = sf_gen_new_geom(g);
    uint8_t pa[36], sa[36], pb[36], sb[36], pc[36], sc[36];
    for (int i = 0; i < 5; i++)
        assert_int_equal(sf_gen_puzzle(a, &o, 3, (uint64_t)i, pa, sa), 0);
    assert_int_equal(sf_gen_puzzle(a, &o, 3, 2, pa, sa), 0);
    assert_int_equal(sf_gen_puzzle(b, &o, 3, 2, pb, sb), 0);
    assert_memory_equal(pa, pb, 36);
    assert_memory_equal(sa, sb, 36);
    assert_int_equal(sf_gen_puzzle(b, &o, 3, 3, pc, sc), 0);
    assert_memory_not_equal(pa, pc, 36);
    assert_int_equal(sf_gen_puzzle(b, &o, 4, 2, pc, sc), 0);
    assert_memory_not_equal(pa, pc, 36);
    sf_gen_free(a);
    sf_gen_free(b);
    sf_geometry_free(g);
}

/* Options the geometry cannot meet are refused with a reason. */
static void test_problems(void **state)
{
    (void)state;
    sf_geometry_t *g = geometry_or_fail("4x4", NULL, NULL);
    const sf_gen_opts_t many = {17, SF_SYM_NONE};
    const sf_gen_opts_t sym = {0, (sf_symmetry_t)SF_SYM_COUNT};
    const sf_gen_opts_t all = {16, SF_SYM_NONE};
    assert_non_null(sf_gen_geom_problem(g, &many));
    assert_non_null(sf_gen_geom_problem(g, &sym));
    assert_null(sf_gen_geom_problem(g, &all));
    sf_gen_t *gen = sf_gen_new_geom(g);
    uint8_t p[16], s[16];
    assert_int_equal(sf_gen_puzzle(gen, &many, 1, 0, p, s), -1);
    assert_int_equal(sf_gen_puzzle(gen, &all, 1, 0, p, s), 0);
    assert_memory_equal(p, s, 16);
    sf_gen_free(gen);
    sf_geometry_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_problems),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
