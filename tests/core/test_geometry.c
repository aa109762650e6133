/*
 * test_geometry.c -- sf_geometry_new: sizes, box shapes, region maps,
 * variants and extra regions, checked against counts worked out from the
 * rules (units, peers of a cell, windows), the canonical texts, equality,
 * and every spec that must be refused with its reason.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/geometry.h"
#include "testutil.h"

static void refused(const char *size, const char *regions,
                    const char *variant, const char *why)
{
    const sf_geometry_spec_t spec = {size, regions, variant, {0}};
    sf_error_t err = {0};
    assert_null(sf_geometry_new(&spec, &err));
    assert_int_equal(err.code, SF_ERR_USAGE);
    if (!strstr(err.message, why))
        fail_msg("'%s' lacks '%s'", err.message, why);
}

static int peers_of(const sf_geometry_t *g, int c)
{
    int n;
    geom_peers(g, c, &n);
    return n;
}

/* The default box shape of every side, the closest to square with the
 * rows fewer: 6x6 2x3, 12x12 3x4, 16x16 4x4 ...; a prime side has none. */
static void test_default_boxes(void **state)
{
    (void)state;
    static const int want[][3] = {{4, 2, 2},  {6, 2, 3},  {8, 2, 4},
                                  {9, 3, 3},  {10, 2, 5}, {12, 3, 4},
                                  {15, 3, 5}, {16, 4, 4}, {20, 4, 5},
                                  {24, 4, 6}, {25, 5, 5}, {32, 4, 8}};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        char size[16];
        snprintf(size, sizeof size, "%dx%d", want[k][0], want[k][0]);
        sf_geometry_t *g = geometry_or_fail(size, NULL, NULL);
        int r, c;
        assert_int_equal(sf_geometry_box(g, &r, &c), 1);
        assert_int_equal(r, want[k][1]);
        assert_int_equal(c, want[k][2]);
        assert_int_equal(g->nunits, 3 * want[k][0]);
        sf_geometry_free(g);
    }
    refused("7x7", NULL, NULL, "7 is prime");
    refused("13", NULL, NULL, "give a region map");
}

/* Peers of a cell: 3(N-1) - (rows + columns of its box - 2) with boxes;
 * diagonals, anti-knight and anti-king add theirs. */
static void test_peers(void **state)
{
    (void)state;
    sf_geometry_t *g = geometry_or_fail("6x6:2x3", NULL, NULL);
    assert_int_equal(peers_of(g, 0), 5 + 5 + 5 - 1 - 2);
    assert_int_equal(g->max_peers, 12);
    assert_string_equal(sf_geometry_size_text(g), "6x6:2x3");
    sf_geometry_free(g);
    g = geometry_or_fail("9x9", NULL, "x");
    assert_int_equal(peers_of(g, 0), 20 + 6);       /* the main diagonal */
    assert_int_equal(peers_of(g, 40), 20 + 6 + 6); /* the centre: both */
    assert_int_equal(peers_of(g, 1), 20);
    assert_int_equal(g->nfull, 29);
    sf_geometry_free(g);
    g = geometry_or_fail("9x9", NULL, "antiknight");
    assert_int_equal(peers_of(g, 40), 20 + 8); /* no knight cell shares its
                                                * box or lines */
    assert_int_equal(peers_of(g, 0), 20 + 0); /* (1,2) and (2,1) are in its box */
    sf_geometry_free(g);
    g = geometry_or_fail("9x9", NULL, "antiking");
    assert_int_equal(peers_of(g, 40), 20); /* the king's cells: its box */
    assert_int_equal(peers_of(g, 2), 20 + 1); /* (1,3) is in the next box */
    sf_geometry_free(g);
    g = geometry_or_fail("9x9", NULL, "nonconsecutive");
    assert_int_equal((int)(g->orth_off[41] - g->orth_off[40]), 4);
    assert_int_equal((int)(g->orth_off[1] - g->orth_off[0]), 2);
    sf_geometry_free(g);
}

/* Windoku: the four 3x3 windows at 9x9; at 16x16 nine 4x4 ones; disjoint
 * groups: N more full units, the same place in every box. */
static void test_windows_and_groups(void **state)
{
    (void)state;
    sf_geometry_t *g = geometry_or_fail("9x9", NULL, "windoku");
    assert_int_equal(g->nfull, 27 + 4);
    int n;
    const uint16_t *w = geom_unit(g, 27, &n);
    assert_int_equal(n, 9);
    assert_int_equal(w[0], 10); /* (1,1) */
    assert_int_equal(w[8], 30); /* (3,3) */
    sf_geometry_free(g);
    g = geometry_or_fail("16x16", NULL, "windoku");
    assert_int_equal(g->nfull, 48 + 9);
    sf_geometry_free(g);
    g = geometry_or_fail("6x6:2x3", NULL, "disjoint");
    assert_int_equal(g->nfull, 18 + 6);
    w = geom_unit(g, 18, &n);
    assert_int_equal(n, 6);
    assert_int_equal(w[1], 3);  /* (0,3): place 0 of box 1 */
    assert_int_equal(w[2], 12); /* (2,0): place 0 of box 2 */
    sf_geometry_free(g);
}

/* A region map: its regions by first appearance, its size from its
 * length; extra regions of N cells are full units, smaller ones only
 * peers. */
static void test_regions_and_extra(void **state)
{
    (void)state;
    const char *map = "1122 1122 3344 3344"; /* blanks are skipped */
    sf_geometry_t *g = geometry_or_fail(NULL, map, NULL);
    assert_int_equal(sf_geometry_n(g), 4);
    assert_int_equal(sf_geometry_box(g, NULL, NULL), 0);
    assert_string_equal(sf_geometry_regions_text(g), "1122112233443344");
    assert_string_equal(sf_geometry_size_text(g), "4x4");
    sf_geometry_t *b = geometry_or_fail("4x4", NULL, NULL);
    assert_true(sf_geometry_equal(g, b)); /* the same units and peers */
    sf_geometry_free(b);
    sf_geometry_free(g);
    const sf_geometry_spec_t spec = {"4x4", NULL, NULL,
                                     {"a.........a.....", "b..b....b..b...."}};
    sf_error_t err;
    g = sf_geometry_new(&spec, &err);
    assert_non_null(g);
    assert_int_equal(g->nunits, 12 + 2);
    assert_int_equal(g->nfull, 13);          /* b has 4 cells */
    assert_int_equal(peers_of(g, 0), 7 + 2); /* 10 from a, 11 from b */
    sf_geometry_free(g);
}

static void test_texts_and_equality(void **state)
{
    (void)state;
    sf_geometry_t *a = geometry_or_fail("9x9", NULL, "antiking,diagonal,x-");
    assert_string_equal(sf_geometry_variant_text(a), "x,antiking");
    assert_int_equal(sf_geometry_is_classic(a), 0);
    sf_geometry_t *b = geometry_or_fail("9x9:3x3", NULL, "x,anti-king");
    assert_true(sf_geometry_equal(a, b));
    sf_geometry_free(b);
    b = geometry_or_fail("9", NULL, NULL);
    assert_true(sf_geometry_is_classic(b));
    assert_true(sf_geometry_equal(b, NULL));
    assert_false(sf_geometry_equal(a, b));
    sf_geometry_free(b);
    b = geometry_or_fail("9x9", NULL, "x,antiknight");
    assert_false(sf_geometry_equal(a, b));
    sf_geometry_free(b);
    sf_geometry_free(a);
    assert_int_equal(sf_geometry_n(NULL), 9);
    assert_int_equal(sf_geometry_cells(NULL), 81);
}

static void test_refused(void **state)
{
    (void)state;
    refused("6x6:4x2", NULL, NULL, "do not tile");
    refused("6x7", NULL, NULL, "expected N, NxN or NxN:RxC");
    refused("3x3", NULL, NULL, "4 to 32");
    refused("33x33", NULL, NULL, "4 to 32");
    refused("9x9:3x3", "1111", NULL, "give one of them");
    refused(NULL, "11112222333344445", NULL, "is not a square grid");
    refused(NULL, "1111222233333444", NULL, "label '3' has 5 cells");
    refused(NULL, "1111222233334445", NULL, "more than 4 labels");
    refused("9x9", NULL, "x,fish", "unknown variant 'fish'");
    refused(NULL, "1122112233443344", "disjoint", "needs boxes");
    refused(NULL, "1122112233443344", "windoku", "needs boxes");
    refused("4x4:1x4", NULL, "windoku", "no 1x4 window fits");
    const sf_geometry_spec_t spec = {"4x4", NULL, NULL, {"aaaaa..........."}};
    sf_error_t err;
    assert_null(sf_geometry_new(&spec, &err));
    assert_non_null(strstr(err.message, "label 'a' has 5 cells"));
}

/* The givens check: a value above N, twice in a unit, twice among
 * peers, neighbours one apart under non-consecutive. */
static void test_givens(void **state)
{
    (void)state;
    sf_geometry_t *g = geometry_or_fail("4x4", NULL, "nonconsecutive");
    uint8_t cells[16] = {0};
    assert_true(geom_givens_ok(g, cells));
    cells[0] = 1;
    cells[5] = 3;
    assert_true(geom_givens_ok(g, cells));
    cells[1] = 2; /* beside the 1 */
    assert_false(geom_givens_ok(g, cells));
    cells[1] = 0;
    cells[15] = 5;
    assert_false(geom_givens_ok(g, cells));
    cells[15] = 1; /* a peer? no: other row, column and box */
    assert_true(geom_givens_ok(g, cells));
    cells[10] = 1; /* same box as 15 */
    assert_false(geom_givens_ok(g, cells));
    sf_geometry_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_boxes),
        cmocka_unit_test(test_peers),
        cmocka_unit_test(test_windows_and_groups),
        cmocka_unit_test(test_regions_and_extra),
        cmocka_unit_test(test_texts_and_equality),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_givens),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
