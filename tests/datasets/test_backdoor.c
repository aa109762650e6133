/*
 * test_backdoor.c -- the singles backdoor (src/datasets/backdoor.c,
 * sf_backdoor).
 *
 * On some fifty puzzles (the sample, SE-rated puzzles of data/se with
 * backdoor 2, the hard public puzzles of tests/data and three of the
 * forum's hardest list with backdoor 3) the answer is checked from the
 * definition with the reference singles solver (tests/refsingles.h) and
 * the reference backtracker (tests/refsolve.h), neither of which shares
 * code with the library: the set returned, given its solution digits,
 * lets singles fill the whole grid, no smaller set of empty cells of the
 * puzzle does (every one is tried, with no pruning), and (up to size 1,
 * and on eight puzzles of size 2) it is the first that does in
 * increasing order.  Then the
 * bound (max) and its "more than max" answer, equivalent copies (the
 * same size, and the set maps to one that works), and the arguments that
 * are refused.
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
#include "datasets/equivalence.h"
#include "refsingles.h"
#include "refsolve.h"
#include "sudoflow.h"
#include "testutil.h"

/* Lines 7, 12 and 16 of hardest_1106.txt (the forum's "hardest sudokus"
 * list, SE 11.0, 11.5, 10.2), whose singles backdoor is 3. */
static const char *const HARD3[] = {
    "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8",
    ".....5..4.9.....2...6.7.3.....7..8....86.....13..8......3.1.6...2......54......9.",
    "........2..8..91..5......4....9.7.....7.3.8.....8.1.3..4..6...5..97..3..2........",
};

static void parse(const char *text, uint8_t *cells)
{
    for (int i = 0; i < 81; i++)
        cells[i] = text[i] >= '1' && text[i] <= '9' ? (uint8_t)(text[i] - '0')
                                                     : 0;
}

typedef struct set {
    uint8_t (*cells)[81];
    uint8_t (*sol)[81];   /* each one's solution (reference backtracker) */
    size_t n, cap;
} set_t;

static void add(set_t *s, const uint8_t *c)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->cells = realloc(s->cells, s->cap * sizeof *s->cells);
        assert_non_null(s->cells);
    }
    memcpy(s->cells[s->n++], c, 81);
}

/* The puzzles above, with their backdoor sizes spread over 0..3. */
static set_t read_puzzles(void)
{
    set_t s = {0};
    size_t n;
    uint8_t *sample = load_puzzles("data/sample.txt.gz", &n);
    assert_true(n >= 20);
    for (size_t i = 0; i < 20; i++)
        add(&s, sample + 81 * i);
    free(sample);
    /* data/se/ratings.csv: puzzle,se,step,se_ms; SE 6.6 and up. */
    char *text = slurp("data/se/ratings.csv", NULL);
    int taken = 0;
    for (char *line = strtok(text, "\n"); line && taken < 12;
         line = strtok(NULL, "\n")) {
        if (strlen(line) < 86 || line[81] != ',' || atof(line + 82) < 6.6)
            continue;
        uint8_t c[81];
        parse(line, c);
        add(&s, c);
        taken++;
    }
    free(text);
    assert_int_equal(taken, 12);
    text = slurp("tests/data/public.csv", NULL);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        const char *p = strrchr(line, ',');
        if (p && strlen(p + 1) >= 81 && strncmp(line, "file,", 5) != 0) {
            uint8_t c[81];
            parse(p + 1, c);
            add(&s, c);
        }
    }
    free(text);
    for (size_t i = 0; i < sizeof HARD3 / sizeof *HARD3; i++) {
        uint8_t c[81];
        parse(HARD3[i], c);
        add(&s, c);
    }
    return s;
}

/* Whether singles fill the grid from c plus the solution's digits in the
 * k cells of set (reference solver). */
static int opens(const uint8_t *c, const uint8_t *sol, const int *set, int k)
{
    uint8_t g[81];
    memcpy(g, c, 81);
    for (int i = 0; i < k; i++)
        g[set[i]] = sol[set[i]];
    if (ref_singles(g) < 0)
        return 0;
    return memcmp(g, sol, 81) == 0;
}

/* Whether some set of k empty cells of c opens it: all of them tried, in
 * increasing order (of the first cell, then the second...), the first
 * that opens into first[0..k) (unless NULL). */
static int first_set(const uint8_t *c, const uint8_t *sol, int k, int *first)
{
    int empty[81], n = 0;
    for (int i = 0; i < 81; i++)
        if (!c[i])
            empty[n++] = i;
    int idx[3] = {0, 1, 2}, set[3];
    if (k == 0)
        return opens(c, sol, set, 0);
    if (k > n)
        return 0;
    for (;;) {
        for (int i = 0; i < k; i++)
            set[i] = empty[idx[i]];
        if (opens(c, sol, set, k)) {
            for (int j = 0; first && j < k; j++)
                first[j] = set[j];
            return 1;
        }
        int i = k - 1;
        while (i >= 0 && idx[i] == n - k + i)
            i--;
        if (i < 0)
            return 0;
        idx[i]++;
        for (int j = i + 1; j < k; j++)
            idx[j] = idx[j - 1] + 1;
    }
}

static void solution_of(const uint8_t *c, uint8_t *sol)
{
    uint64_t count;
    assert_int_equal(ref_count_bounded(c, 2, 0, sol, &count, NULL), 0);
    assert_int_equal(count, 1);
}

/* read_puzzles' puzzles and their solutions, made once for all the tests
 * (the reference backtracker takes seconds on the hardest of them under
 * sanitizers). */
static set_t puzzles(void)
{
    static set_t s;
    if (!s.n) {
        s = read_puzzles();
        s.sol = malloc(s.n * sizeof *s.sol);
        assert_non_null(s.sol);
        for (size_t p = 0; p < s.n; p++)
            solution_of(s.cells[p], s.sol[p]);
    }
    return s;
}

static void test_matches_definition(void **state)
{
    (void)state;
    set_t s = puzzles();
    assert_true(s.n >= 45);
    int by_size[4] = {0};
    for (size_t p = 0; p < s.n; p++) {
        const uint8_t *c = s.cells[p], *sol = s.sol[p];
        uint8_t set[SF_BACKDOOR_MAX];
        memset(set, 0xff, sizeof set);
        const int k = sf_backdoor(c, sol, 3, set);
        assert_true(k >= 0 && k <= 3);
        by_size[k]++;
        int cells[3];
        for (int i = 0; i < k; i++) {
            cells[i] = set[i];
            assert_true(set[i] < 81);
            assert_int_equal(c[set[i]], 0);
            if (i > 0)
                assert_true(set[i] > set[i - 1]);
        }
        assert_true(opens(c, sol, cells, k));
        for (int smaller = 0; smaller < k; smaller++)
            assert_false(first_set(c, sol, smaller, NULL));
        /* The set is the first in increasing order (the documented
         * choice), checked where that is quick. */
        if (k <= 1 || (k == 2 && by_size[2] <= 8)) {
            int want[3];
            assert_true(first_set(c, sol, k, want));
            for (int i = 0; i < k; i++)
                assert_int_equal(cells[i], want[i]);
        }
    }
    /* Every size is there. */
    for (int k = 0; k < 4; k++)
        assert_true(by_size[k] >= 3);
}

/* max bounds the search: max + 1 says "more than max"; a larger max
 * changes nothing. */
static void test_bound(void **state)
{
    (void)state;
    set_t s = puzzles();
    for (size_t p = 0; p < s.n; p++) {
        const uint8_t *c = s.cells[p], *sol = s.sol[p];
        uint8_t set[SF_BACKDOOR_MAX];
        const int k = sf_backdoor(c, sol, 3, NULL);
        for (int max = 0; max <= SF_BACKDOOR_MAX; max++)
            assert_int_equal(sf_backdoor(c, sol, max, set),
                             k <= max ? k : max + 1);
    }
}

/* Equivalent copies: the same size, and the copy's set opens the copy. */
static void test_invariant(void **state)
{
    (void)state;
    set_t s = puzzles();
    rng_t r;
    rng_seed(&r, 23, 0);
    for (size_t p = 0; p < s.n; p++) {
        const uint8_t *c = s.cells[p], *sol = s.sol[p];
        uint8_t copy[81], csol[81], set[SF_BACKDOOR_MAX];
        const int k = sf_backdoor(c, sol, 3, NULL);
        sf_xform_t t;
        sf_xform_random(&t, &r);
        assert_int_equal(sf_xform_apply(&t, c, copy), 0);
        assert_int_equal(sf_xform_apply(&t, sol, csol), 0);
        assert_int_equal(sf_backdoor(copy, csol, 3, set), k);
        int cells[3];
        for (int i = 0; i < k; i++)
            cells[i] = set[i];
        assert_true(opens(copy, csol, cells, k));
    }
}

static void test_edge_cases(void **state)
{
    (void)state;
    uint8_t c[81], sol[81], bad[81], set[SF_BACKDOOR_MAX];
    parse("123456789456789123789123456214365897365897214897214365"
          "531642978642978531978531642", sol);
    /* A full grid, and the grid with one row emptied: 0. */
    assert_int_equal(sf_backdoor(sol, sol, 3, set), 0);
    memcpy(c, sol, 81);
    memset(c + 36, 0, 9);
    assert_int_equal(sf_backdoor(c, sol, 0, set), 0);
    /* A puzzle needing cells, with max 0: 1 ("more than 0"). */
    parse(HARD3[0], c);
    solution_of(c, sol);
    assert_int_equal(sf_backdoor(c, sol, 0, set), 1);
    /* Not the solution: two digits swapped, a digit out of range, a
     * given contradicted. */
    memcpy(bad, sol, 81);
    for (int i = 0; i < 81; i++)
        if (bad[i] == 1)
            bad[i] = 2;
        else if (bad[i] == 2)
            bad[i] = 1;
    assert_int_equal(sf_backdoor(c, bad, 3, set), -1);
    memcpy(bad, sol, 81);
    bad[40] = 0;
    assert_int_equal(sf_backdoor(c, bad, 3, set), -1);
    bad[40] = 10;
    assert_int_equal(sf_backdoor(c, bad, 3, set), -1);
    /* Two digits of empty cells swapped: not a valid grid. */
    memcpy(bad, sol, 81);
    int a = 0, b;
    while (c[a])
        a++;
    for (b = a + 1; c[b] || sol[b] == sol[a]; b++)
        ;
    bad[a] = sol[b];
    bad[b] = sol[a];
    assert_int_equal(sf_backdoor(c, bad, 3, set), -1);
    /* A valid grid that contradicts a given. */
    parse("123456789456789123789123456214365897365897214897214365"
          "531642978642978531978531642", bad);
    int contradicts = 0;
    for (int i = 0; i < 81; i++)
        contradicts |= c[i] && c[i] != bad[i];
    assert_true(contradicts);
    assert_int_equal(sf_backdoor(c, bad, 3, set), -1);
    /* Arguments. */
    assert_int_equal(sf_backdoor(NULL, sol, 3, set), -1);
    assert_int_equal(sf_backdoor(c, NULL, 3, set), -1);
    assert_int_equal(sf_backdoor(c, sol, -1, set), -1);
    assert_int_equal(sf_backdoor(c, sol, SF_BACKDOOR_MAX + 1, set), -1);
    /* Clashing givens that agree with a "solution" that is not a grid. */
    memset(c, 0, sizeof c);
    memset(bad, 1, sizeof bad);
    c[0] = c[1] = 1;
    assert_int_equal(sf_backdoor(c, bad, 3, set), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matches_definition),
        cmocka_unit_test(test_bound),
        cmocka_unit_test(test_invariant),
        cmocka_unit_test(test_edge_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
