/*
 * test_geo_logic.c -- the logic level on any geometry (geo_logic.c).
 *
 * On classic 9x9 the general ladder must give logic.c's level wherever
 * that is singles, locked or subsets, and guess above them: the same
 * techniques stated over units and peers instead of boxes and lines.  On
 * other geometries (generated puzzles, checked by the reference
 * tests/refgeom.c): a level other than guess comes with the unique
 * solution filled in, never a wrong value; the level does not change when
 * the values are relabelled or the grid transposed (where the geometry
 * allows it); and hand-made cases show each rung and each way to fail.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "datasets/geo_logic.h"
#include "refgeom_text.h"
#include "testutil.h"

/* Classic: the general ladder is logic.c's, cut at subsets. */
static void test_classic_agrees(void **state)
{
    (void)state;
    sf_geometry_t *g = geometry_or_fail("9x9", NULL, NULL);
    size_t n;
    uint8_t *cells = load_puzzles("data/sample.txt.gz", &n);
    assert_non_null(cells);
    int seen[SF_LEVEL_COUNT] = {0};
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = cells + 81 * i;
        sf_level_t want = sf_logic_level(p);
        if (want > SF_LEVEL_SUBSETS)
            want = SF_LEVEL_GUESS;
        const sf_level_t got = geo_logic_level(g, p, NULL);
        if (got != want)
            fail_msg("puzzle %zu: level %s, logic.c's %s", i + 1,
                     sf_level_name(got), sf_level_name(want));
        seen[got]++;
    }
    /* the sample has puzzles of every rung */
    assert_true(seen[SF_LEVEL_SINGLES] && seen[SF_LEVEL_LOCKED] &&
                seen[SF_LEVEL_SUBSETS] && seen[SF_LEVEL_GUESS]);
    free(cells);
    sf_geometry_free(g);
}

typedef struct lcase {
    const char *size, *regions, *variant;
    int count;
    int transpose; /* the geometry maps to itself transposed */
    int relabel;   /* any value permutation keeps the rules */
} lcase_t;


static const lcase_t cases[] = {
    {"4x4", NULL, NULL, 60, 1, 1},
    {"6x6", NULL, NULL, 60, 0, 1},
    {"6x6", REFG_JIGSAW6, NULL, 40, 0, 1},
    {"6x6", NULL, "nonconsecutive", 40, 0, 0},
    {"8x8", NULL, "x", 30, 0, 1},
    {"9x9", NULL, "antiknight", 30, 1, 1},
    {"9x9", NULL, "x,windoku", 30, 1, 1},
    {"12x12", NULL, NULL, 10, 0, 1},
    {"16x16", NULL, NULL, 4, 1, 1},
};

static void transpose(int n, const uint8_t *in, uint8_t *out)
{
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            out[c * n + r] = in[r * n + c];
}

static void relabel(int n, const uint8_t *in, uint8_t *out, unsigned seed)
{
    uint8_t perm[SF_MAX_N + 1];
    for (int v = 0; v <= n; v++)
        perm[v] = (uint8_t)v;
    for (int v = n; v > 1; v--) {
        seed = seed * 1103515245u + 12345u;
        const int j = 1 + (int)((seed >> 8) % (unsigned)v);
        const uint8_t t = perm[v];
        perm[v] = perm[j];
        perm[j] = t;
    }
    for (int i = 0; i < n * n; i++)
        out[i] = perm[in[i]];
}

static void check_case(const lcase_t *c)
{
    sf_geometry_t *g = geometry_or_fail(c->size, c->regions, c->variant);
    refg_t rg;
    assert_int_equal(refg_from_text(&rg, c->size, c->regions, c->variant), 0);
    sf_gen_t *gen = sf_gen_new_geom(g);
    assert_non_null(gen);
    const int n = rg.n, nc = n * n;
    /* minimal puzzles, and fuller ones that singles may solve */
    const sf_gen_opts_t opts[2] = {{0, SF_SYM_NONE}, {nc * 3 / 5, SF_SYM_NONE}};
    uint8_t p[SF_MAX_CELLS], sol[SF_MAX_CELLS], grid[SF_MAX_CELLS];
    uint8_t q[SF_MAX_CELLS];
    int solved = 0;
    for (int i = 0; i < c->count; i++) {
        const sf_gen_opts_t *o = &opts[i % 2];
        assert_int_equal(sf_gen_puzzle(gen, o, 5, (uint64_t)i, p, sol), 0);
        const sf_level_t l = geo_logic_level(g, p, grid);
        if (l != SF_LEVEL_GUESS) {
            solved++;
            assert_true(refg_valid_solution(&rg, p, grid));
            assert_memory_equal(grid, sol, (size_t)nc);
        } else { /* what it placed agrees with the solution */
            for (int k = 0; k < nc; k++)
                assert_true(grid[k] == 0 || grid[k] == sol[k]);
        }
        if (c->transpose) {
            transpose(n, p, q);
            assert_int_equal(geo_logic_level(g, q, NULL), l);
        }
        if (c->relabel) {
            relabel(n, p, q, (unsigned)i);
            assert_int_equal(geo_logic_level(g, q, NULL), l);
        }
        assert_int_equal(sf_logic_level_geom(g, p), l);
    }
    if (solved == 0)
        fail_msg("%s %s: no puzzle solved by logic", c->size,
                 c->variant ? c->variant : "");
    sf_gen_free(gen);
    sf_geometry_free(g);
}

static void test_generated(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_case(&cases[i]);
}

/* Parse a 4x4 or 6x6 puzzle written with '.' for blanks. */
static void cells_of(const char *text, uint8_t *cells)
{
    for (size_t i = 0; text[i]; i++)
        cells[i] = text[i] == '.' ? 0 : (uint8_t)(text[i] - '0');
}

/* One case per rung, and the ways to fail. */
static void test_examples(void **state)
{
    (void)state;
    sf_geometry_t *g4 = geometry_or_fail("4x4", NULL, NULL);
    uint8_t p[36];
    /* several solutions */
    cells_of("12.." "34.." "...." "....", p);
    assert_int_equal(geo_logic_level(g4, p, NULL), SF_LEVEL_GUESS);
    cells_of("12.." "34.." "21.." "43..", p);
    assert_int_equal(geo_logic_level(g4, p, NULL), SF_LEVEL_GUESS);
    cells_of("1..." "..3." ".4.." "...2", p);
    uint8_t grid[16];
    assert_int_equal(geo_logic_level(g4, p, grid), SF_LEVEL_SINGLES);
    for (int i = 0; i < 16; i++)
        assert_true(grid[i] >= 1 && grid[i] <= 4);
    /* clashing givens, a value past N: guess, never a level */
    cells_of("11.." "...." "...." "....", p);
    assert_int_equal(geo_logic_level(g4, p, NULL), SF_LEVEL_GUESS);
    cells_of("5..." "...." "...." "....", p);
    assert_int_equal(geo_logic_level(g4, p, NULL), SF_LEVEL_GUESS);
    sf_geometry_free(g4);
    /* non-consecutive: 1 beside 2 is a clash */
    sf_geometry_t *nc = geometry_or_fail("4x4", NULL, "nonconsecutive");
    cells_of("12.." "...." "...." "....", p);
    assert_int_equal(geo_logic_level(nc, p, NULL), SF_LEVEL_GUESS);
    sf_geometry_free(nc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classic_agrees),
        cmocka_unit_test(test_generated),
        cmocka_unit_test(test_examples),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
