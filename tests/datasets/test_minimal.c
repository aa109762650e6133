/*
 * test_minimal.c -- minimality (src/datasets/minimal.c, sf_is_minimal).
 *
 * The answer is checked against the definition with the reference
 * backtracker (tests/refsolve.h), which shares no code with the library:
 * each clue is removed in turn and the solutions of what is left are
 * counted up to two; the puzzle is minimal when every removal leaves two.
 * On the sample (minimal by construction), the hard public puzzles of
 * tests/data, the SE-rated set, the easy set (clues added to the sample:
 * not minimal), and sample puzzles with one solution digit added (never
 * minimal: the added clue can go).  With and without the solution passed
 * in, on equivalent copies, and the refusals: puzzles with no or several
 * solutions, values above 9, a solution that is not the puzzle's.
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
#include "refsolve.h"
#include "sudoflow.h"
#include "testutil.h"

static void parse(const char *text, uint8_t *cells)
{
    for (int i = 0; i < 81; i++)
        cells[i] = text[i] >= '1' && text[i] <= '9' ? (uint8_t)(text[i] - '0')
                                                     : 0;
}

/* Solutions of c counted to 2 by the reference: the fewest-candidates
 * search of ref_count_cands_bounded, which is quick on sparse grids. */
static uint64_t ref_count2(const uint8_t *c, uint8_t *first)
{
    uint16_t cands[81];
    for (int i = 0; i < 81; i++)
        cands[i] = c[i] ? (uint16_t)(1u << (c[i] - 1)) : 0x1ff;
    if (!ref_givens_consistent(c))
        return 0;
    uint64_t count;
    assert_int_equal(ref_count_cands_bounded(cands, 1, 2, 0, first, &count,
                                             NULL), 0);
    return count;
}

/* The definition: exactly one solution, and each clue's removal leaves
 * more than one. */
static int ref_minimal(const uint8_t *c)
{
    if (ref_count2(c, NULL) != 1)
        return -1;
    uint8_t less[81];
    memcpy(less, c, 81);
    for (int i = 0; i < 81; i++) {
        if (!c[i])
            continue;
        less[i] = 0;
        const uint64_t n = ref_count2(less, NULL);
        less[i] = c[i];
        assert_true(n >= 1);
        if (n == 1)
            return 0;
    }
    return 1;
}

/* Both ways of calling agree with the definition; returns the answer. */
static int check(sf_solver_t *s, const uint8_t *c)
{
    const int want = ref_minimal(c);
    assert_int_equal(sf_is_minimal(s, c, NULL), want);
    if (want >= 0) {
        uint8_t sol[81];
        assert_int_equal(ref_count2(c, sol), 1);
        assert_int_equal(sf_is_minimal(s, c, sol), want);
    }
    return want;
}

static void check_file(sf_solver_t *s, const char *path, size_t max,
                       int *yes, int *no)
{
    size_t n;
    uint8_t *cells = load_puzzles(path, &n);
    assert_true(n > 0);
    for (size_t i = 0; i < n && i < max; i++) {
        const int m = check(s, cells + 81 * i);
        *yes += m == 1;
        *no += m == 0;
    }
    free(cells);
}

static void test_matches_definition(void **state)
{
    (void)state;
    sf_solver_t *s = sf_solver_new(NULL);
    assert_non_null(s);
    int yes = 0, no = 0;
    check_file(s, "data/sample.txt.gz", 60, &yes, &no);
    assert_int_equal(yes, 60);
    check_file(s, "data/easy.txt.gz", 40, &yes, &no);
    assert_int_equal(no, 40);
    /* The SE-rated puzzles and the public hard ones, both kinds. */
    const char *files[] = {"data/se/ratings.csv", "tests/data/public.csv"};
    for (int f = 0; f < 2; f++) {
        char *text = slurp(files[f], NULL);
        int taken = 0;
        for (char *line = strtok(text, "\n"); line && taken < 40;
             line = strtok(NULL, "\n")) {
            /* ratings.csv: the puzzle first; public.csv: last. */
            const char *p = line;
            if (f == 1)
                p = strrchr(line, ',') ? strrchr(line, ',') + 1 : "";
            if (strlen(p) < 81 || strncmp(line, "puzzle", 6) == 0 ||
                strncmp(line, "file,", 5) == 0)
                continue;
            uint8_t c[81];
            parse(p, c);
            const int m = check(s, c);
            yes += m == 1;
            no += m == 0;
            taken++;
        }
        free(text);
    }
    /* A sample puzzle with one more digit of its solution: not minimal. */
    size_t n;
    uint8_t *cells = load_puzzles("data/sample.txt.gz", &n);
    uint64_t seed = 99;
    for (int i = 0; i < 30; i++) {
        uint8_t c[81], sol[81];
        memcpy(c, cells + 81 * i, 81);
        assert_int_equal(ref_count2(c, sol), 1);
        int cell;
        do
            cell = (int)(rnd_next(&seed) % 81);
        while (c[cell]);
        c[cell] = sol[cell];
        assert_int_equal(check(s, c), 0);
        no++;
    }
    free(cells);
    assert_true(yes > 80 && no > 70);
    sf_solver_free(s);
}

/* Equivalent copies give the same answer. */
static void test_invariant(void **state)
{
    (void)state;
    sf_solver_t *s = sf_solver_new(NULL);
    size_t n;
    uint8_t *cells = load_puzzles("data/easy.txt.gz", &n);
    uint8_t *sample = load_puzzles("data/sample.txt.gz", &n);
    rng_t r;
    rng_seed(&r, 31, 0);
    for (int i = 0; i < 100; i++) {
        const uint8_t *c = i % 2 ? cells + 81 * i : sample + 81 * i;
        uint8_t copy[81];
        sf_xform_t t;
        sf_xform_random(&t, &r);
        assert_int_equal(sf_xform_apply(&t, c, copy), 0);
        assert_int_equal(sf_is_minimal(s, copy, NULL),
                         sf_is_minimal(s, c, NULL));
    }
    free(cells);
    free(sample);
    sf_solver_free(s);
}

static void test_refused(void **state)
{
    (void)state;
    sf_solver_t *s = sf_solver_new(NULL);
    uint8_t c[81] = {0}, sol[81];
    /* Several solutions (the empty grid; a sample puzzle less a clue),
     * none (clashing givens), values above 9, NULL. */
    assert_int_equal(sf_is_minimal(s, c, NULL), -1);
    size_t n;
    uint8_t *cells = load_puzzles("data/multi.txt.gz", &n);
    for (int i = 0; i < 20; i++)
        assert_int_equal(sf_is_minimal(s, cells + 81 * i, NULL), -1);
    free(cells);
    c[0] = c[1] = 3;
    assert_int_equal(sf_is_minimal(s, c, NULL), -1);
    cells = load_puzzles("data/sample.txt.gz", &n);
    memcpy(c, cells, 81);
    assert_int_equal(ref_count2(c, sol), 1);
    assert_int_equal(sf_is_minimal(NULL, c, NULL), -1);
    assert_int_equal(sf_is_minimal(s, NULL, NULL), -1);
    /* A solution that does not keep the givens, or is not digits. */
    uint8_t bad[81];
    memcpy(bad, sol, 81);
    int given = 0;
    while (!c[given])
        given++;
    bad[given] = (uint8_t)(sol[given] % 9 + 1);
    assert_int_equal(sf_is_minimal(s, c, bad), -1);
    memcpy(bad, sol, 81);
    bad[80] = 0;
    assert_int_equal(sf_is_minimal(s, c, bad), -1);
    c[40] = 12;
    assert_int_equal(sf_is_minimal(s, c, NULL), -1);
    free(cells);
    sf_solver_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matches_definition),
        cmocka_unit_test(test_invariant),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
