/*
 * test_singles.c -- the singles closure (src/datasets/singles.c,
 * sf_singles_closure).
 *
 * The closure is checked against the reference singles solver of
 * tests/refsingles.h, written from the definition and sharing nothing
 * with the library: the same count and the same grid (or the same
 * contradiction) on the sample, the easy set, puzzles with several
 * solutions, random puzzles, the hard public puzzles of tests/data, and
 * puzzles made contradictory or clashing at random.  Then by what it
 * means: what it places agrees with every solution found (the reference
 * backtracker, tests/refsolve.h), a puzzle it fills has exactly one
 * solution, the count is the same for equivalent copies (it does not
 * depend on the order of the cells), and the edge cases (empty and full
 * grids, clashing givens, values above 9, a contradiction singles reach)
 * give what the header says.
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
#include "refsingles.h"
#include "refsolve.h"
#include "sudoflow.h"
#include "testutil.h"

static void parse(const char *text, uint8_t *cells)
{
    for (int i = 0; i < 81; i++)
        cells[i] = text[i] >= '1' && text[i] <= '9' ? (uint8_t)(text[i] - '0')
                                                     : 0;
}

static int clues(const uint8_t *c)
{
    int n = 0;
    for (int i = 0; i < 81; i++)
        n += c[i] != 0;
    return n;
}

/* The puzzles of tests/data/public.csv (file,line,puzzle), *n of them. */
static uint8_t *load_public(size_t *n)
{
    char *text = slurp("tests/data/public.csv", NULL);
    uint8_t *cells = malloc(81 * 64);
    assert_non_null(cells);
    *n = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        const char *p = strrchr(line, ',');
        if (!p || strlen(p + 1) < 81 || strncmp(line, "file,", 5) == 0)
            continue;
        assert_true(*n < 64);
        parse(p + 1, cells + 81 * (*n)++);
    }
    free(text);
    return cells;
}

/* The library's closure and the reference's agree on c: the count (or
 * both a contradiction) and the grid.  Returns the count. */
static int check_against_reference(const uint8_t *c)
{
    uint8_t out[81], ref[81];
    memcpy(ref, c, 81);
    const int want = ref_singles(ref);
    memset(out, 0xee, sizeof out);
    const int got = sf_singles_closure(c, out);
    assert_int_equal(got, want);
    if (got >= 0)
        assert_memory_equal(out, ref, 81);
    return got;
}

static void check_file(const char *path, size_t max)
{
    size_t n;
    uint8_t *cells = load_puzzles(path, &n);
    assert_true(n > 0);
    if (n > max)
        n = max;
    for (size_t i = 0; i < n; i++)
        check_against_reference(cells + 81 * i);
    free(cells);
}

static void test_matches_reference_sets(void **state)
{
    (void)state;
    check_file("data/sample.txt.gz", 400);
    check_file("data/easy.txt.gz", 200);
    check_file("data/multi.txt.gz", 300);
    check_file("data/manysol.txt.gz", 100);
    check_file("data/random.txt.gz", 400);
    size_t n;
    uint8_t *pub = load_public(&n);
    assert_int_equal(n, 14);
    for (size_t i = 0; i < n; i++)
        check_against_reference(pub + 81 * i);
    free(pub);
}

/* Puzzles spoilt at random: a clue changed to another digit, or digits
 * dropped in random cells; many clash, many have no solution, some of
 * those lead singles to a contradiction. */
static void test_matches_reference_spoilt(void **state)
{
    (void)state;
    size_t n;
    uint8_t *cells = load_puzzles("data/sample.txt.gz", &n);
    assert_true(n >= 300);
    uint64_t seed = 0x5eed5eedull;
    int contradictions = 0, counted = 0;
    for (size_t i = 0; i < 300; i++) {
        uint8_t c[81];
        memcpy(c, cells + 81 * i, 81);
        const int changes = 1 + (int)(rnd_next(&seed) % 3);
        for (int k = 0; k < changes; k++) {
            const int cell = (int)(rnd_next(&seed) % 81);
            c[cell] = (uint8_t)(1 + rnd_next(&seed) % 9);
        }
        if (check_against_reference(c) < 0)
            contradictions++;
        else
            counted++;
    }
    /* Sparse random grids, values 0..9 anywhere. */
    for (int i = 0; i < 200; i++) {
        uint8_t c[81] = {0};
        const int k = (int)(rnd_next(&seed) % 30);
        for (int j = 0; j < k; j++)
            c[rnd_next(&seed) % 81] = (uint8_t)(rnd_next(&seed) % 10);
        if (check_against_reference(c) < 0)
            contradictions++;
        else
            counted++;
    }
    assert_true(contradictions > 50 && counted > 50);
    free(cells);
}

/* What singles place is in every solution: for a unique puzzle its
 * solution, for one with several the first and last that the reference
 * finds (the smallest, and the smallest of the relabelled grid). */
static void test_sound(void **state)
{
    (void)state;
    const char *sets[] = {"data/sample.txt.gz", "data/multi.txt.gz",
                          "data/random.txt.gz"};
    for (int f = 0; f < 3; f++) {
        size_t n;
        uint8_t *cells = load_puzzles(sets[f], &n);
        assert_true(n >= 100);
        for (size_t i = 0; i < 100; i++) {
            const uint8_t *c = cells + 81 * i;
            uint8_t out[81], sol[81], flip[81], fsol[81];
            const int got = sf_singles_closure(c, out);
            uint64_t count;
            assert_int_equal(ref_count_bounded(c, 2, 0, sol, &count, NULL), 0);
            assert_true(count >= 1);
            assert_true(got >= 0);
            for (int j = 0; j < 81; j++)
                if (out[j])
                    assert_int_equal(out[j], sol[j]);
            /* The reference's first solution of the grid with digits
             * reversed is, read back, another solution. */
            for (int j = 0; j < 81; j++)
                flip[j] = c[j] ? (uint8_t)(10 - c[j]) : 0;
            assert_true(ref_count(flip, 1, fsol) == 1);
            for (int j = 0; j < 81; j++)
                if (out[j])
                    assert_int_equal(out[j], 10 - fsol[j]);
            if (got == 81 - clues(c))
                assert_int_equal(count, 1);
            else
                assert_true(got < 81 - clues(c));
        }
        free(cells);
    }
}

/* Equivalent copies: the same count, and the grid is the copy of the
 * grid. */
static void test_invariant(void **state)
{
    (void)state;
    size_t n;
    uint8_t *cells = load_puzzles("data/multi.txt.gz", &n);
    assert_true(n >= 200);
    rng_t r;
    rng_seed(&r, 17, 0);
    for (size_t i = 0; i < 200; i++) {
        const uint8_t *c = cells + 81 * i;
        uint8_t out[81], copy[81], cout[81], mapped[81];
        const int want = sf_singles_closure(c, out);
        sf_xform_t t;
        sf_xform_random(&t, &r);
        assert_int_equal(sf_xform_apply(&t, c, copy), 0);
        assert_int_equal(sf_singles_closure(copy, cout), want);
        assert_int_equal(sf_xform_apply(&t, out, mapped), 0);
        assert_memory_equal(cout, mapped, 81);
    }
    free(cells);
}

static void test_edge_cases(void **state)
{
    (void)state;
    uint8_t c[81] = {0}, out[81];
    /* Empty grid: nothing to place. */
    memset(out, 7, sizeof out);
    assert_int_equal(sf_singles_closure(c, out), 0);
    for (int i = 0; i < 81; i++)
        assert_int_equal(out[i], 0);
    /* A full grid: nothing to place, the grid itself. */
    parse("123456789456789123789123456214365897365897214897214365"
          "531642978642978531978531642", c);
    assert_int_equal(sf_singles_closure(c, out), 0);
    assert_memory_equal(out, c, 81);
    /* The same grid less one cell of each row: naked singles fill it. */
    uint8_t holes[81];
    memcpy(holes, c, 81);
    for (int r = 0; r < 9; r++)
        holes[r * 9 + (r * 4) % 9] = 0;
    assert_int_equal(sf_singles_closure(holes, out), 9);
    assert_memory_equal(out, c, 81);
    /* Clashing givens, a value above 9, NULL. */
    memset(c, 0, sizeof c);
    c[0] = c[80] = 5;
    assert_int_equal(sf_singles_closure(c, NULL), 0);
    c[8] = 5;
    assert_int_equal(sf_singles_closure(c, out), -1);
    memset(c, 0, sizeof c);
    c[40] = 10;
    assert_int_equal(sf_singles_closure(c, out), -1);
    assert_int_equal(sf_singles_closure(NULL, out), -1);
    /* Row 0 holds 1..8 and the 9 of its last cell's column is taken:
     * the cell has no candidate; no clash among the givens, no
     * solution, and singles see it. */
    memset(c, 0, sizeof c);
    for (int k = 0; k < 8; k++)
        c[k] = (uint8_t)(k + 1);
    c[9 * 4 + 8] = 9;
    assert_true(ref_givens_consistent(c));
    assert_int_equal(ref_count(c, 1, NULL), 0);
    assert_int_equal(sf_singles_closure(c, out), -1);
    /* A contradiction found only after placements: 1..7 in row 0 and a
     * 9 in the columns of both last cells (in boxes of their own): each
     * of them is a naked single 8, and the second one placed no longer
     * fits. */
    memset(c, 0, sizeof c);
    for (int k = 0; k < 7; k++)
        c[k] = (uint8_t)(k + 1);
    c[9 * 4 + 8] = 9;
    c[9 * 7 + 7] = 9;
    assert_true(ref_givens_consistent(c));
    assert_int_equal(ref_count(c, 1, NULL), 0);
    assert_int_equal(sf_singles_closure(c, out), -1);
    memcpy(holes, c, 81);
    assert_int_equal(ref_singles(holes), -1);
    /* A puzzle singles solve: all of its empty cells. */
    size_t n;
    uint8_t *easy = load_puzzles("data/easy.txt.gz", &n);
    int solved = 0;
    for (size_t i = 0; i < n && i < 200; i++) {
        const int got = sf_singles_closure(easy + 81 * i, out);
        if (got == 81 - clues(easy + 81 * i)) {
            solved++;
            assert_true(ref_valid_solution(easy + 81 * i, out));
        }
    }
    assert_true(solved > 100);
    free(easy);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matches_reference_sets),
        cmocka_unit_test(test_matches_reference_spoilt),
        cmocka_unit_test(test_sound),
        cmocka_unit_test(test_invariant),
        cmocka_unit_test(test_edge_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
