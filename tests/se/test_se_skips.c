/*
 * test_se_skips.c -- the SE rating's shortcuts skip only work that would
 * find nothing.
 *
 * The rating leaves searches out where a cheaper test shows they cannot
 * find anything; a wrong test would change ratings only on the puzzles
 * that hit it, so each is checked here against the work it skips, on the
 * positions the rating meets (singles done) of puzzles SE rated 7.5 and
 * up in data/se/ratings.csv:
 *   Nishio's digit test (se_digit.c): a search from any candidate, on or
 *     off, that it rules out finds no contradiction (se_search), and it
 *     does rule some out and keep some that find one;
 *   the dynamic forcing chains' "off" search from a candidate of a
 *     bivalue cell, left out when the "on" search from the other digit
 *     finds no contradiction (se_forcing.c): the two find one or not
 *     alike, and without one reach the same potentials (run_t's reach,
 *     which agrees with its nodes);
 *   aligned pair and triplet exclusion with a set of changed cells: after
 *     a scan that found nothing and random removals of candidates, the
 *     scan limited to what the removals touched finds what the full scan
 *     finds.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "se/chains/se_forcing_internal.h"
#include "testutil.h"

#define MAX_PUZZLES 60

/* Positions after the singles of the puzzles data/se/ratings.csv rates
 * at least 7.5 (at most MAX_PUZZLES); their count. */
static int positions(se_grid_t *out)
{
    FILE *f = fopen("data/se/ratings.csv", "r");
    assert_non_null(f);
    char line[512];
    int n = 0;
    while (n < MAX_PUZZLES && fgets(line, sizeof line, f)) {
        char puz[128];
        double se;
        if (sscanf(line, "%127[^,],%lf", puz, &se) != 2 ||
            strlen(puz) != 81 || se < 7.5)
            continue;
        uint8_t cells[81];
        for (int c = 0; c < 81; c++)
            cells[c] = puz[c] >= '1' && puz[c] <= '9'
                           ? (uint8_t)(puz[c] - '0') : 0;
        se_opening_t o;
        if (se_singles(cells, 0, &out[n], &o) != SE_OPEN_STUCK)
            continue;
        se_grid_index(&out[n]);
        n++;
    }
    fclose(f);
    return n;
}

static void test_nishio_digit(void **state)
{
    (void)state;
    static se_grid_t grids[MAX_PUZZLES];
    const int n = positions(grids);
    assert_true(n >= 20);
    run_t *r = malloc(sizeof *r);
    assert_non_null(r);
    long skipped = 0, kept_found = 0;
    for (int i = 0; i < n; i++) {
        const se_grid_t *g = &grids[i];
        se_digits_t places;
        se_digits(g, &places);
        for (int c = 0; c < 81; c++)
            for (unsigned m = g->cand[c]; m && !g->val[c]; m &= m - 1) {
                const int d = se_lowest(m);
                for (int on = 0; on < 2; on++) {
                    const int rc = se_search(g, r, c * 9 + d, on, DYNAMIC, 0,
                                             1, NULL);
                    assert_true(rc >= 0);
                    if (!se_digit_absurd(&places, c, d, on)) {
                        skipped++;
                        assert_int_equal(rc, 0);
                    } else {
                        kept_found += rc;
                    }
                }
            }
    }
    free(r);
    assert_true(skipped > 1000);
    assert_true(kept_found > 10);
}

/* Whether run r's reach sets hold exactly the potentials of its nodes. */
static int reach_agrees(const run_t *r)
{
    for (int pot = 0; pot < 729; pot++)
        for (int on = 0; on < 2; on++) {
            const int has = (int)(r->reach[on][pot >> 6] >> (pot & 63) & 1);
            if (has != ((on ? r->on_at[pot] : r->off_at[pot]) >= 0))
                return 0;
        }
    return 1;
}

static void test_bivalue_off(void **state)
{
    (void)state;
    static se_grid_t grids[MAX_PUZZLES];
    const int n = positions(grids);
    run_t *off = malloc(sizeof *off), *on = malloc(sizeof *on);
    assert_non_null(off);
    assert_non_null(on);
    long cells = 0, absurd = 0;
    for (int i = 0; i < n; i++) {
        const se_grid_t *g = &grids[i];
        for (int c = 0; c < 81; c++) {
            if (g->val[c] || se_popcount(g->cand[c]) != 2)
                continue;
            for (unsigned m = g->cand[c]; m; m &= m - 1) {
                const int d = se_lowest(m);
                const int e = se_lowest(g->cand[c] & ~(1u << d));
                const int rc = se_search(g, off, c * 9 + d, 0, DYNAMIC, 1, 1,
                                         NULL);
                assert_int_equal(se_search(g, on, c * 9 + e, 1, DYNAMIC, 1,
                                           1, NULL), rc);
                assert_true(reach_agrees(off) && reach_agrees(on));
                if (!rc)
                    assert_memory_equal(off->reach, on->reach,
                                        sizeof off->reach);
                cells++;
                absurd += rc;
            }
        }
    }
    free(off);
    free(on);
    assert_true(cells > 200);
    assert_true(absurd > 10);
}

/* A random empty cell with three or more candidates (the first from a
 * random one on), or -1. */
static int pick(rng_t *rng, const se_grid_t *g)
{
    const int start = (int)rng_below(rng, 81);
    for (int k = 0; k < 81; k++) {
        const int c = (start + k) % 81;
        if (!g->val[c] && se_popcount(g->cand[c]) > 2)
            return c;
    }
    return -1;
}

/* The same hint (or none) from both scans. */
static void same_hint(int found_a, const se_hint_t *a, int found_b,
                      const se_hint_t *b)
{
    assert_int_equal(found_a, found_b);
    if (found_a) {
        assert_int_equal(a->tech, b->tech);
        assert_memory_equal(a->elim, b->elim, sizeof a->elim);
    }
}

static void test_aligned_changed(void **state)
{
    (void)state;
    static se_grid_t grids[MAX_PUZZLES];
    const int n = positions(grids);
    rng_t rng;
    rng_seed(&rng, 7, 0);
    int found[2] = {0, 0}, tried[2] = {0, 0};
    for (int i = 0; i < n; i++) {
        for (int degree = 2; degree <= 3; degree++) {
            se_grid_t g = grids[i];
            se_hint_t h, h2;
            /* remove candidates until a full scan finds nothing, then a
             * few more: the limited scan must agree with the full one */
            for (int round = 0; round < 12; round++) {
                const int none = degree == 2 ? !se_aligned_pair(&g, NULL, &h)
                                             : !se_aligned_triple(&g, NULL,
                                                                  &h);
                uint16_t before[81];
                memcpy(before, g.cand, sizeof before);
                for (int k = 0; k < 2; k++) {
                    const int c = pick(&rng, &g);
                    if (c < 0)
                        break;
                    const int d = se_lowest(g.cand[c]);
                    g.cand[c] = (uint16_t)(g.cand[c] & ~(1u << d));
                }
                se_grid_index(&g);
                if (!none)
                    continue;
                cellset_t dirty = {0, 0};
                for (int c = 0; c < 81; c++)
                    if (g.cand[c] != before[c]) {
                        if (c < 64)
                            dirty.lo |= 1ull << c;
                        else
                            dirty.hi |= 1ull << (c - 64);
                    }
                const int full = degree == 2
                                     ? se_aligned_pair(&g, NULL, &h)
                                     : se_aligned_triple(&g, NULL, &h);
                const int part = degree == 2
                                     ? se_aligned_pair(&g, &dirty, &h2)
                                     : se_aligned_triple(&g, &dirty, &h2);
                same_hint(full, &h, part, &h2);
                tried[degree - 2]++;
                found[degree - 2] += full;
            }
        }
    }
    /* both outcomes met, for both degrees */
    for (int k = 0; k < 2; k++) {
        assert_true(found[k] > 0);
        assert_true(found[k] < tried[k]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nishio_digit),
        cmocka_unit_test(test_bivalue_off),
        cmocka_unit_test(test_aligned_changed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
