/*
 * test_grid_canon.c -- the canonical form of complete grids by their own
 * method (datasets/grid_canon.c) against the general search.
 *
 * On the solution grids of the sample and random equivalent copies of
 * them, grid_canon must give exactly the general search's form
 * (canon_search, itself checked against a brute force over all 2 * 6^8
 * placements in test_equivalence.c), a transform that maps the grid onto
 * it, and the same form for every copy; a form is its own form.  Highly
 * symmetric grids either get the same form or are left to the general
 * search (-1), and sf_canon gives the general search's form for all of
 * them.  Anything but a complete valid grid is refused.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "datasets/equivalence.h"
#include "datasets/grid_canon.h"
#include "refsolve.h"
#include "sanitized.h"
#include "testutil.h"

static void parse(const char *text, uint8_t *cells)
{
    for (int i = 0; i < 81; i++)
        cells[i] = (uint8_t)(text[i] - '0');
}

/* The form of g both ways, equal, with a transform that maps g onto it. */
static void check_grid(const uint8_t *g, uint8_t form[81])
{
    uint8_t want[81], got[81], img[81];
    sf_xform_t t;
    canon_search(g, want, NULL);
    assert_int_equal(grid_canon(g, got, &t), 0);
    assert_memory_equal(got, want, 81);
    assert_int_equal(sf_xform_apply(&t, g, img), 0);
    assert_memory_equal(img, got, 81);
    assert_true(ref_valid_solution(got, got));
    memcpy(form, got, 81);
}

static void test_solution_grids(void **state)
{
    (void)state;
    size_t n;
    uint8_t *p = load_puzzles("data/sample.txt.gz", &n);
    assert_true(n > 1000);
    n = n > 600 ? 600 : n;
    if (SANITIZED)
        n = 100;
    rng_t r;
    rng_seed(&r, 31, 0);
    for (size_t i = 0; i < n; i++) {
        uint8_t sol[81], form[81], copy[81], again[81];
        assert_true(ref_count(p + 81 * i, 1, sol) == 1);
        check_grid(sol, form);
        for (int k = 0; k < 3; k++) { /* every copy: the same form */
            sf_xform_t t;
            sf_xform_random(&t, &r);
            assert_int_equal(sf_xform_apply(&t, sol, copy), 0);
            assert_int_equal(grid_canon(copy, again, NULL), 0);
            assert_memory_equal(again, form, 81);
        }
        assert_int_equal(grid_canon(form, again, NULL), 0);
        assert_memory_equal(again, form, 81);
    }
    free(p);
}

/* Grids with many automorphisms: the smallest grid (FULL), one with the
 * largest group there is (648 automorphisms), and copies of them. */
static void test_symmetric_grids(void **state)
{
    (void)state;
    static const char *const grids[] = {
        "123456789456789123789123456214365897365897214897214365"
        "531642978642978531978531642",
        "123456789456789123789123456231564897564897231897231564"
        "312645978645978312978312645",
    };
    rng_t r;
    rng_seed(&r, 32, 0);
    for (int k = 0; k < 2; k++)
        for (int c = 0; c < 6; c++) {
            uint8_t g[81], copy[81], want[81], got[81];
            parse(grids[k], g);
            sf_xform_t t;
            sf_xform_random(&t, &r);
            assert_int_equal(sf_xform_apply(&t, g, copy), 0);
            canon_search(copy, want, NULL);
            if (grid_canon(copy, got, NULL) == 0)
                assert_memory_equal(got, want, 81);
            sf_canon(copy, got, NULL);
            assert_memory_equal(got, want, 81);
        }
}

static void test_refuses_other_cells(void **state)
{
    (void)state;
    uint8_t g[81], bad[81], out[81];
    parse("123456789456789123789123456214365897365897214897214365"
          "531642978642978531978531642", g);
    memset(out, 0xee, sizeof out);
    memcpy(bad, g, 81);
    bad[40] = 0; /* a hole */
    assert_int_equal(grid_canon(bad, out, NULL), -1);
    memcpy(bad, g, 81);
    bad[0] = bad[1]; /* a clash */
    assert_int_equal(grid_canon(bad, out, NULL), -1);
    memcpy(bad, g, 81);
    bad[80] = 10; /* not a digit */
    assert_int_equal(grid_canon(bad, out, NULL), -1);
    memcpy(bad, g, 81); /* rows and columns fine, boxes not */
    for (int c = 0; c < 9; c++) {
        const uint8_t x = bad[9 + c];
        bad[9 + c] = bad[27 + c];
        bad[27 + c] = x;
    }
    assert_int_equal(grid_canon(bad, out, NULL), -1);
    for (int i = 0; i < 81; i++)
        assert_int_equal(out[i], 0xee);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solution_grids),
        cmocka_unit_test(test_symmetric_grids),
        cmocka_unit_test(test_refuses_other_cells),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
