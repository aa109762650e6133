/*
 * test_automorphism.c -- automorphism counts (src/datasets/automorphism.c,
 * sf_automorphisms).
 *
 * The reference here is the definition run to the end: every one of the
 * 2 * 6^8 geometric maps (transposition or not, each of the 1296 row
 * orders that keep bands whole, each of the 1296 column orders) is tried
 * on every cell, counting those under which given cells meet given cells
 * and empty meet empty with the digits paired one to one; each counts
 * m! times, m the digits the grid lacks (those can be relabelled among
 * themselves).  It is slow (up to half a second a grid), so it runs on a
 * handful of grids: the empty grid, one clue, two clues, a full grid, the
 * most symmetric full grid (648 automorphisms), puzzles of the sample and
 * the public sets, puzzles made symmetric on purpose, clashing grids,
 * values above 9.  Some of the maps it finds are checked to be
 * automorphisms through sf_xform_apply as well.  Then invariance: random
 * equivalent copies (sf_xform_random) of a puzzle have the same count, on
 * the sample and on the symmetric puzzles.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "datasets/automorphism.h"
#include "datasets/equivalence.h"
#include "refsolve.h"
#include "sudoflow.h"
#include "testutil.h"

/* The row-major smallest full grid, and the grid whose rows are shifts of
 * each other by three and by one within bands, the most symmetric there
 * is. */
static const char FULL[] =
    "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
static const char SYMMETRIC[] =
    "123456789456789123789123456231564897564897231897231564312645978645978312978312645";

static void parse(const char *text, uint8_t *cells)
{
    for (int i = 0; i < 81; i++)
        cells[i] = text[i] >= '1' && text[i] <= '9' ? (uint8_t)(text[i] - '0')
                                                     : 0;
}

/* ------------------------------------------------------ brute force */

static uint8_t lines[1296][9];

/* Every line order that keeps chutes whole: a chute order, then an order
 * within each chute. */
static void make_lines(void)
{
    static const uint8_t p3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                     {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    int n = 0;
    for (int c = 0; c < 6; c++)
        for (int a = 0; a < 6; a++)
            for (int b = 0; b < 6; b++)
                for (int d = 0; d < 6; d++, n++) {
                    const int in[3] = {a, b, d};
                    for (int k = 0; k < 3; k++)
                        for (int j = 0; j < 3; j++)
                            lines[n][3 * k + j] =
                                (uint8_t)(3 * p3[c][k] + p3[in[k]][j]);
                }
    assert_int_equal(n, 1296);
}

/* Whether output cell (r, c) taking input (row[r], col[c]) of the grid
 * (transposed first when tr) maps p onto itself with some digit map; the
 * map (g digit -> p digit) into fwd. */
static int fixes(const uint8_t *p, int tr, const uint8_t *row,
                 const uint8_t *col, uint8_t fwd[10])
{
    uint8_t inv[10] = {0};
    memset(fwd, 0, 10);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            const uint8_t src = tr ? p[col[c] * 9 + row[r]]
                                   : p[row[r] * 9 + col[c]];
            const uint8_t dst = p[r * 9 + c];
            if ((src == 0) != (dst == 0))
                return 0;
            if (!src)
                continue;
            if (fwd[src] == 0 && inv[dst] == 0) {
                fwd[src] = dst;
                inv[dst] = src;
            } else if (fwd[src] != dst) {
                return 0;
            }
        }
    return 1;
}

/* The count by trying all 2 * 6^8 geometric maps, each m! times; the
 * first few maps found are checked with sf_xform_apply too. */
static uint64_t brute(const uint8_t *cells, uint64_t *maps)
{
    uint8_t p[81];
    unsigned present = 0;
    for (int i = 0; i < 81; i++) {
        p[i] = cells[i] <= 9 ? cells[i] : 0;
        present |= p[i] ? 1u << p[i] : 0;
    }
    uint64_t n = 0;
    for (int tr = 0; tr < 2; tr++)
        for (int ri = 0; ri < 1296; ri++)
            for (int ci = 0; ci < 1296; ci++) {
                uint8_t fwd[10];
                if (!fixes(p, tr, lines[ri], lines[ci], fwd))
                    continue;
                if (n++ < 8) {
                    /* As a transform: absent digits to absent ones. */
                    sf_xform_t t;
                    uint8_t out[81];
                    t.transpose = (uint8_t)tr;
                    memcpy(t.row, lines[ri], 9);
                    memcpy(t.col, lines[ci], 9);
                    t.digit[0] = 0;
                    int next = 1;
                    for (int d = 1; d <= 9; d++) {
                        if (present >> d & 1) {
                            t.digit[d] = fwd[d];
                            continue;
                        }
                        while (present >> next & 1)
                            next++;
                        t.digit[d] = (uint8_t)next++;
                    }
                    assert_int_equal(sf_xform_apply(&t, p, out), 0);
                    assert_memory_equal(out, p, 81);
                }
            }
    *maps = n;
    for (int m = 9 - __builtin_popcount(present); m > 1; m--)
        n *= (uint64_t)m;
    return n;
}

/* The library's count equals the brute force's; returns it. */
static uint64_t check(const uint8_t *cells)
{
    uint64_t maps;
    const uint64_t want = brute(cells, &maps);
    assert_int_equal(automorphism_maps(cells), maps);
    assert_int_equal(sf_automorphisms(cells), want);
    return want;
}

/* A puzzle fixed by the transform t: the cells of grid g in a random set
 * closed under t's cell map (t maps g onto itself). */
static void symmetric_puzzle(const uint8_t *g, const sf_xform_t *t,
                             uint64_t *seed, int picks, uint8_t *out)
{
    uint8_t keep[81] = {0};
    for (int k = 0; k < picks; k++)
        keep[rnd_next(seed) % 81] = 1;
    /* Close the set under the cell map: output cell i takes input cell
     * src(i), so a kept cell needs its source kept, and so on. */
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < 81; i++) {
            const int a = t->row[i / 9], b = t->col[i % 9];
            const int src = t->transpose ? b * 9 + a : a * 9 + b;
            if (keep[i] != keep[src]) {
                keep[i] = keep[src] = 1;
                changed = 1;
            }
        }
    }
    for (int i = 0; i < 81; i++)
        out[i] = keep[i] ? g[i] : 0;
}

/* ------------------------------------------------------------ tests */

static void test_known_grids(void **state)
{
    (void)state;
    make_lines();
    uint8_t c[81] = {0};
    /* The empty grid: every transform, 2 * 6^8 * 9!. */
    const uint64_t group = 2ull * 1679616ull * 362880ull;
    assert_int_equal(group, 1218998108160ull);
    assert_int_equal(check(c), group);
    /* One clue: the geometric maps act transitively on the 81 cells, so
     * 2 * 6^8 / 81 = 2 * 144 * 144 of them keep its cell (wherever it
     * is), and the other eight digits are free. */
    c[0] = 5;
    assert_int_equal(check(c), 2ull * 144 * 144 * 40320);
    c[0] = 0;
    c[9 * 4 + 7] = 3;
    assert_int_equal(check(c), 2ull * 144 * 144 * 40320);
    /* Two equal clues that clash in a row, then two different ones. */
    c[9 * 4 + 1] = 3;
    check(c);
    c[9 * 4 + 1] = 8;
    check(c);
    /* Full grids: an ordinary one, and the most symmetric one. */
    parse(FULL, c);
    const uint64_t full = check(c);
    assert_true(full >= 1);
    parse(SYMMETRIC, c);
    assert_int_equal(check(c), 648);
    /* Values above 9 are empty cells. */
    c[0] = 10;
    c[80] = 200;
    uint8_t e[81];
    memcpy(e, c, 81);
    e[0] = e[80] = 0;
    assert_int_equal(check(c), sf_automorphisms(e));
    assert_int_equal(sf_automorphisms(NULL), 0);
}

static void test_puzzles_brute(void **state)
{
    (void)state;
    make_lines();
    size_t n;
    uint8_t *cells = load_puzzles("data/sample.txt.gz", &n);
    assert_true(n >= 3);
    for (int i = 0; i < 3; i++)
        assert_int_equal(check(cells + 81 * i), 1);
    /* Puzzles fixed by automorphisms of the symmetric grid: all of its
     * automorphisms found by the brute force, and for a few of them a
     * set of cells closed under it. */
    uint8_t g[81], p[81];
    parse(SYMMETRIC, g);
    static sf_xform_t autos[648];
    int found = 0;
    for (int tr = 0; tr < 2; tr++)
        for (int ri = 0; ri < 1296; ri++)
            for (int ci = 0; ci < 1296; ci++) {
                uint8_t fwd[10];
                if (!fixes(g, tr, lines[ri], lines[ci], fwd))
                    continue;
                assert_true(found < 648);
                sf_xform_t *t = &autos[found++];
                t->transpose = (uint8_t)tr;
                memcpy(t->row, lines[ri], 9);
                memcpy(t->col, lines[ci], 9);
                memcpy(t->digit, fwd, 10);
            }
    assert_int_equal(found, 648);
    uint64_t seed = 12345;
    const int pick[] = {1, 5, 100, 333, 647};
    for (int k = 0; k < 5; k++) {
        symmetric_puzzle(g, &autos[pick[k]], &seed, 6 + 3 * k, p);
        assert_true(check(p) >= 2);
    }
    /* Random grids, clashing digits and all. */
    for (int k = 0; k < 3; k++) {
        memset(p, 0, sizeof p);
        for (int j = 0; j < 6 + 10 * k; j++)
            p[rnd_next(&seed) % 81] = (uint8_t)(1 + rnd_next(&seed) % 9);
        check(p);
    }
    free(cells);
}

/* Equivalent copies have the same count (the stabiliser of a copy is
 * conjugate to the puzzle's). */
static void test_invariant(void **state)
{
    (void)state;
    size_t n;
    uint8_t *cells = load_puzzles("data/sample.txt.gz", &n);
    rng_t r;
    rng_seed(&r, 41, 0);
    int symmetric = 0;
    for (size_t i = 0; i < 200; i++) {
        const uint8_t *c = cells + 81 * i;
        const uint64_t want = sf_automorphisms(c);
        symmetric += want > 1;
        for (int k = 0; k < 3; k++) {
            uint8_t copy[81];
            sf_xform_t t;
            sf_xform_random(&t, &r);
            assert_int_equal(sf_xform_apply(&t, c, copy), 0);
            assert_int_equal(sf_automorphisms(copy), want);
        }
    }
    (void)symmetric;
    /* Grids with many automorphisms: the symmetric grid, less cells
     * chosen symmetrically or not, and sparse grids. */
    uint8_t g[81];
    parse(SYMMETRIC, g);
    uint64_t seed = 777;
    for (int i = 0; i < 40; i++) {
        uint8_t p[81], copy[81];
        memcpy(p, g, 81);
        for (int j = 0; j < i * 2; j++)
            p[rnd_next(&seed) % 81] = 0;
        if (i % 4 == 0)
            memset(p, 0, sizeof p), p[rnd_next(&seed) % 81] = 4;
        const uint64_t want = sf_automorphisms(p);
        sf_xform_t t;
        sf_xform_random(&t, &r);
        assert_int_equal(sf_xform_apply(&t, p, copy), 0);
        assert_int_equal(sf_automorphisms(copy), want);
    }
    free(cells);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_grids),
        cmocka_unit_test(test_puzzles_brute),
        cmocka_unit_test(test_invariant),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
