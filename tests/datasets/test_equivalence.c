/*
 * test_equivalence.c -- the Sudoku transform group and the canonical form.
 *
 * Transforms are checked against their definition: group elements keep
 * bands and stacks whole, preserve the number of solutions (counted by the
 * reference backtracker, refsolve.h) and carry solutions along, invert and
 * compose as permutations do, and the random ones are reproducible and
 * reach every band order, row order and digit.  The canonical form is
 * checked by what defines it: every transform of a puzzle gives the same
 * form, the returned transform maps the puzzle onto it, the form is
 * already canonical, labels appear in order, invariants (clue counts per
 * line, solution counts) survive, distinct benchmark puzzles stay
 * distinct, and for a set of puzzles, odd grids and random contradictory
 * grids it equals an independent brute force over all 2 * 6^8 placements.
 *
 * Puzzle files are read relative to the project root (where `make unit`
 * runs the tests); the public benchmark set top1465 is read from the
 * directory SF_DATA names (make test-data), and without it the tests on
 * it are skipped.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refsolve.h"
#include "core/rng.h"
#include "testutil.h"
#include "datasets/equivalence.h"

/* A complete grid (the row-major smallest one). */
static const char FULL[] =
    "123456789456789123789123456214365897365897214897214365531642978642978531978531642";

typedef uint8_t grid_t[81];

static void parse(const char *text, uint8_t *cells)
{
    for (int i = 0; i < 81; i++)
        cells[i] = text[i] >= '1' && text[i] <= '9' ? (uint8_t)(text[i] - '0')
                                                     : 0;
}

/* ------------------------------------------------------------ puzzles */

/* Up to max puzzles of the file at path (plain or gzip; '#' comments);
 * their number, 0 when the file cannot be read. */
static size_t load(const char *path, grid_t *out, size_t max)
{
    size_t n;
    uint8_t *cells = load_puzzles(path, &n);
    if (n > max)
        n = max;
    if (n > 0)
        memcpy(out, cells, n * sizeof *out);
    free(cells);
    return n;
}

static size_t load_sample(grid_t *out, size_t max)
{
    return load("data/sample.txt.gz", out, max);
}

/* top1465 where SF_DATA names the public sets (make test-data), else
 * nothing (0). */
static size_t load_top1465(grid_t *out, size_t max)
{
    char path[512];
    if (!public_set("top1465.txt", path, sizeof path))
        return 0;
    const size_t n = load(path, out, max);
    assert_true(n > 0);
    return n;
}

/* ----------------------------------------------- transform properties */

static int is_chute_perm(const uint8_t *line)
{
    unsigned seen = 0;
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 3; j++) {
            const unsigned v = line[3 * k + j];
            if (v > 8 || v / 3 != line[3 * k] / 3u)
                return 0;
            seen |= 1u << v;
        }
    return seen == 0x1ff;
}

static void assert_group_element(const sf_xform_t *t)
{
    assert_true(t->transpose <= 1);
    assert_true(is_chute_perm(t->row));
    assert_true(is_chute_perm(t->col));
    assert_int_equal(t->digit[0], 0);
    unsigned seen = 0;
    for (int d = 1; d <= 9; d++) {
        assert_true(t->digit[d] >= 1 && t->digit[d] <= 9);
        seen |= 1u << t->digit[d];
    }
    assert_int_equal(seen, 0x3fe);
}

/* Where output cell i comes from in the input, by the definition. */
static int source_cell(const sf_xform_t *t, int i)
{
    const int a = t->row[i / 9], b = t->col[i % 9];
    return t->transpose ? b * 9 + a : a * 9 + b;
}

/* The transform undoing t, read off the cell map. */
static void invert(const sf_xform_t *t, sf_xform_t *inv)
{
    int where[81];
    for (int i = 0; i < 81; i++)
        where[source_cell(t, i)] = i;
    inv->transpose = t->transpose;
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            const int o = where[r * 9 + c];
            inv->row[r] = (uint8_t)(t->transpose ? o % 9 : o / 9);
            inv->col[c] = (uint8_t)(t->transpose ? o / 9 : o % 9);
        }
    inv->digit[0] = 0;
    for (int d = 1; d <= 9; d++)
        inv->digit[t->digit[d]] = (uint8_t)d;
}

/* The transform doing a, then b, read off the cell map. */
static void compose(const sf_xform_t *b, const sf_xform_t *a, sf_xform_t *ba)
{
    int f[81];
    for (int i = 0; i < 81; i++)
        f[i] = source_cell(a, source_cell(b, i));
    ba->transpose = a->transpose ^ b->transpose;
    for (int k = 0; k < 9; k++) {
        ba->row[k] = (uint8_t)(ba->transpose ? f[k * 9] % 9 : f[k * 9] / 9);
        ba->col[k] = (uint8_t)(ba->transpose ? f[k] / 9 : f[k] % 9);
    }
    for (int d = 0; d <= 9; d++)
        ba->digit[d] = b->digit[a->digit[d]];
}

static void random_grid(rng_t *r, uint8_t *g, unsigned density, unsigned maxd)
{
    for (int i = 0; i < 81; i++)
        g[i] = rng_below(r, 100) < density ? (uint8_t)(1 + rng_below(r, maxd))
                                           : 0;
}

static void test_identity(void **state)
{
    (void)state;
    sf_xform_t t;
    grid_t g, out;
    rng_t r;
    rng_seed(&r, 1, 0);
    random_grid(&r, g, 50, 9);
    sf_xform_identity(&t);
    assert_group_element(&t);
    sf_xform_apply(&t, g, out);
    assert_memory_equal(out, g, 81);
}

/* apply follows its formula, cell by cell, also in place. */
static void test_apply_definition(void **state)
{
    (void)state;
    rng_t r;
    rng_seed(&r, 2, 0);
    for (int k = 0; k < 200; k++) {
        sf_xform_t t;
        grid_t g, out, same;
        random_grid(&r, g, 60, 9);
        sf_xform_random(&t, &r);
        assert_group_element(&t);
        sf_xform_apply(&t, g, out);
        for (int i = 0; i < 81; i++)
            assert_int_equal(out[i], t.digit[g[source_cell(&t, i)]]);
        memcpy(same, g, 81);
        sf_xform_apply(&t, same, same);
        assert_memory_equal(same, out, 81);
    }
    grid_t odd = {10, 0, 255}; /* not digits: become empty */
    sf_xform_t id;
    sf_xform_identity(&id);
    sf_xform_apply(&id, odd, odd);
    assert_int_equal(odd[0] | odd[2], 0);
}

static void test_inverse_and_composition(void **state)
{
    (void)state;
    rng_t r;
    rng_seed(&r, 3, 0);
    for (int k = 0; k < 200; k++) {
        sf_xform_t a, b, inv;
        grid_t g, x, y, z;
        random_grid(&r, g, 70, 9);
        sf_xform_random(&a, &r);
        sf_xform_random(&b, &r);
        invert(&a, &inv);
        assert_group_element(&inv);
        sf_xform_apply(&a, g, x);
        sf_xform_apply(&inv, x, y);
        assert_memory_equal(y, g, 81);
        /* b after a is one transform of the group */
        sf_xform_t ba;
        grid_t w;
        compose(&b, &a, &ba);
        assert_group_element(&ba);
        sf_xform_apply(&b, x, z);
        sf_xform_apply(&ba, g, w);
        assert_memory_equal(w, z, 81);
        /* and the canonical form does not see either */
        grid_t cg, cz;
        sf_canon(g, cg, NULL);
        sf_canon(z, cz, NULL);
        assert_memory_equal(cg, cz, 81);
    }
}

static int transform_equal(const sf_xform_t *a, const sf_xform_t *b)
{
    return a->transpose == b->transpose && !memcmp(a->row, b->row, 9) &&
           !memcmp(a->col, b->col, 9) && !memcmp(a->digit, b->digit, 10);
}

static void test_random_deterministic(void **state)
{
    (void)state;
    rng_t r1, r2, r3;
    rng_seed(&r1, 42, 7);
    rng_seed(&r2, 42, 7);
    rng_seed(&r3, 42, 8);
    int differ = 0;
    for (int k = 0; k < 100; k++) {
        sf_xform_t a, b, c;
        sf_xform_random(&a, &r1);
        sf_xform_random(&b, &r2);
        sf_xform_random(&c, &r3);
        assert_true(transform_equal(&a, &b));
        differ += !transform_equal(&a, &c);
    }
    assert_true(differ > 90);
}

/* Index 0..5 of the order of three values 0..2. */
static int order_index(unsigned a, unsigned b)
{
    return (int)(a * 2 + (b > a ? b - 1 : b));
}

/* Every factor of the group shows up, about equally often. */
static void test_random_covers_group(void **state)
{
    (void)state;
    enum { N = 6000 };
    int band[6] = {0}, stack[6] = {0}, inband[6] = {0}, instack[6] = {0};
    int transpose[2] = {0}, digit[10] = {0};
    rng_t r;
    rng_seed(&r, 5, 0);
    for (int k = 0; k < N; k++) {
        sf_xform_t t;
        sf_xform_random(&t, &r);
        assert_group_element(&t);
        band[order_index(t.row[0] / 3u, t.row[3] / 3u)]++;
        stack[order_index(t.col[0] / 3u, t.col[3] / 3u)]++;
        inband[order_index(t.row[4] % 3u, t.row[5] % 3u)]++;
        instack[order_index(t.col[7] % 3u, t.col[8] % 3u)]++;
        transpose[t.transpose]++;
        digit[t.digit[4]]++;
    }
    for (int i = 0; i < 6; i++) {
        assert_true(band[i] > N / 6 * 0.8 && band[i] < N / 6 * 1.2);
        assert_true(stack[i] > N / 6 * 0.8 && stack[i] < N / 6 * 1.2);
        assert_true(inband[i] > N / 6 * 0.8 && inband[i] < N / 6 * 1.2);
        assert_true(instack[i] > N / 6 * 0.8 && instack[i] < N / 6 * 1.2);
    }
    assert_true(transpose[0] > N / 2 * 0.9 && transpose[1] > N / 2 * 0.9);
    for (int d = 1; d <= 9; d++)
        assert_true(digit[d] > N / 9 * 0.8 && digit[d] < N / 9 * 1.2);
}

/* Solution count, or -1 when the reference needs more than its budget. */
static int64_t count_solutions(const uint8_t *g, uint64_t limit, uint8_t *first)
{
    uint64_t count;
    if (ref_count_bounded(g, limit, 2000000, first, &count, NULL) != 0)
        return -1;
    return (int64_t)count;
}

/* Transforms keep the number of solutions and map the solution along:
 * unique puzzles (sample puzzles with some solution cells added so the
 * naive reference is quick) and puzzles with several solutions (the same
 * with clues taken away). */
static void test_solutions_follow(void **state)
{
    (void)state;
    grid_t *p = malloc(60 * sizeof *p);
    assert_non_null(p);
    const size_t n = load_sample(p, 60);
    if (n == 0) {
        free(p);
        skip();
        return;
    }
    rng_t r;
    rng_seed(&r, 6, 0);
    int checked = 0, multi = 0;
    for (size_t k = 0; k < n; k++) {
        grid_t sol, q;
        if (count_solutions(p[k], 2, sol) != 1)
            continue;
        memcpy(q, p[k], 81);
        for (int j = 0; j < 20; j++) { /* make it easy for the reference */
            const int i = (int)rng_below(&r, 81);
            q[i] = sol[i];
        }
        if (k % 2) /* take clues away: often several solutions */
            for (int j = 0; j < 12; j++)
                q[rng_below(&r, 81)] = 0;
        const int64_t cnt = count_solutions(q, 1000, NULL);
        if (cnt < 0)
            continue;
        multi += cnt > 1;
        for (int j = 0; j < 5; j++) {
            sf_xform_t t;
            grid_t tq, tsol, first;
            sf_xform_random(&t, &r);
            sf_xform_apply(&t, q, tq);
            sf_xform_apply(&t, sol, tsol);
            assert_int_equal(ref_givens_consistent(tq), 1);
            assert_true(ref_valid_solution(tq, tsol));
            const int64_t tc = count_solutions(tq, 1000, first);
            if (tc < 0)
                continue;
            assert_int_equal(tc, cnt);
            if (cnt == 1)
                assert_memory_equal(first, tsol, 81);
            checked++;
        }
    }
    assert_true(checked >= 100);
    assert_true(multi >= 5);
    free(p);
}

/* ------------------------------------------------------ canonical form */

/* Labels of a canonical form appear in order: 1 first, then each new
 * digit is one more than the largest so far. */
static void assert_first_appearance(const uint8_t *c)
{
    unsigned top = 0;
    for (int i = 0; i < 81; i++) {
        assert_true(c[i] <= top + 1);
        if (c[i] > top)
            top = c[i];
    }
}

/* Canonicalise g, check the returned transform, and check that n random
 * images of g give the same form. */
static void check_class(const uint8_t *g, rng_t *r, int n, uint8_t *canon)
{
    sf_xform_t t;
    grid_t mapped, again;
    sf_canon(g, canon, &t);
    assert_group_element(&t);
    sf_xform_apply(&t, g, mapped);
    assert_memory_equal(mapped, canon, 81);
    assert_first_appearance(canon);
    sf_canon(canon, again, NULL);
    assert_memory_equal(again, canon, 81);
    for (int k = 0; k < n; k++) {
        grid_t img, c2;
        sf_xform_t u;
        sf_xform_random(&u, r);
        sf_xform_apply(&u, g, img);
        sf_canon(img, c2, &t);
        assert_memory_equal(c2, canon, 81);
        sf_xform_apply(&t, img, mapped);
        assert_memory_equal(mapped, canon, 81);
    }
}

static void test_canon_classes_sample(void **state)
{
    (void)state;
    grid_t *p = malloc(2000 * sizeof *p);
    assert_non_null(p);
    const size_t n = load_sample(p, 2000);
    if (n == 0) {
        free(p);
        skip();
        return;
    }
    rng_t r;
    rng_seed(&r, 7, 0);
    for (size_t k = 0; k < n; k++) {
        grid_t c;
        check_class(p[k], &r, k < 300 ? 20 : 2, c);
    }
    free(p);
}

static void test_canon_classes_top1465(void **state)
{
    (void)state;
    grid_t *p = malloc(1465 * sizeof *p);
    assert_non_null(p);
    const size_t n = load_top1465(p, 1465);
    if (n == 0) {
        free(p);
        skip();
        return;
    }
    rng_t r;
    rng_seed(&r, 8, 0);
    for (size_t k = 0; k < n; k++) {
        grid_t c;
        check_class(p[k], &r, k < 300 ? 20 : 2, c);
    }
    free(p);
}

/* Odd inputs: the empty grid, full grids, repeated digits, nonsense. */
static void test_canon_odd_inputs(void **state)
{
    (void)state;
    rng_t r;
    rng_seed(&r, 9, 0);
    grid_t g = {0}, c;
    check_class(g, &r, 10, c);
    for (int i = 0; i < 81; i++)
        assert_int_equal(c[i], 0);

    parse(FULL, g); /* the smallest full grid is its own form */
    check_class(g, &r, 50, c);
    assert_memory_equal(c, g, 81);
    assert_true(ref_valid_solution(c, c));

    memset(g, 5, 81); /* one digit everywhere */
    check_class(g, &r, 10, c);
    for (int i = 0; i < 81; i++)
        assert_int_equal(c[i], 1);

    memset(g, 0, 81); /* a single clue goes to the last cell */
    g[40] = 7;
    check_class(g, &r, 10, c);
    for (int i = 0; i < 80; i++)
        assert_int_equal(c[i], 0);
    assert_int_equal(c[80], 1);

    for (int k = 0; k < 200; k++) { /* random, mostly contradictory */
        random_grid(&r, g, rng_below(&r, 101), 1 + rng_below(&r, 9));
        check_class(g, &r, 5, c);
    }
    memset(g, 0, 81); /* values above 9 are empty */
    g[3] = 12;
    sf_canon(g, c, NULL);
    for (int i = 0; i < 81; i++)
        assert_int_equal(c[i], 0);
}

/* Independent slow check: the smallest relabelled string over every
 * transpose, row order and column order (early exit per string). */
static void brute_canon(const uint8_t *in, uint8_t *best)
{
    static const uint8_t p3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                     {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    uint8_t (*lines)[9] = malloc(1296 * sizeof *lines);
    assert_non_null(lines);
    for (int n = 0; n < 1296; n++)
        for (int k = 0; k < 3; k++)
            for (int j = 0; j < 3; j++)
                lines[n][3 * k + j] = (uint8_t)(3 * p3[n / 216][k] +
                                                p3[n / (k == 0 ? 36 : k == 1 ? 6 : 1) % 6][j]);
    memset(best, 0xff, 81);
    for (int tr = 0; tr < 2; tr++)
        for (int rp = 0; rp < 1296; rp++)
            for (int cp = 0; cp < 1296; cp++) {
                uint8_t label[10] = {0}, s[81], next = 0;
                int less = 0, i;
                for (i = 0; i < 81; i++) {
                    const int a = lines[rp][i / 9], b = lines[cp][i % 9];
                    const uint8_t d = in[tr ? b * 9 + a : a * 9 + b];
                    if (d && !label[d])
                        label[d] = ++next;
                    s[i] = label[d];
                    if (!less && s[i] != best[i]) {
                        if (s[i] > best[i])
                            break;
                        less = 1;
                    }
                }
                if (i == 81 && less)
                    memcpy(best, s, 81);
            }
    free(lines);
}

static void test_canon_is_minimum(void **state)
{
    (void)state;
    grid_t cases[16], c, b;
    int n = 0;
    grid_t tmp[3];
    size_t got = load_sample(tmp, 3);
    for (size_t k = 0; k < got; k++)
        memcpy(cases[n++], tmp[k], 81);
    got = load_top1465(tmp, 3);
    for (size_t k = 0; k < got; k++)
        memcpy(cases[n++], tmp[k], 81);
    parse(FULL, cases[n++]);
    memset(cases[n++], 0, 81);
    rng_t r;
    rng_seed(&r, 10, 0);
    while (n < 16) { /* sparse to dense, valid or not */
        random_grid(&r, cases[n], 5 + 6u * (unsigned)n, 9);
        n++;
    }
    for (int k = 0; k < n; k++) {
        sf_canon(cases[k], c, NULL);
        brute_canon(cases[k], b);
        assert_memory_equal(c, b, 81);
    }
}

/* Counts that no transform changes: clues, and the sorted clue counts of
 * the rows and of the columns (as an unordered pair, for transposition). */
static void invariant(const uint8_t *g, int inv[19])
{
    int rows[9] = {0}, cols[9] = {0};
    for (int i = 0; i < 81; i++)
        if (g[i]) {
            rows[i / 9]++;
            cols[i % 9]++;
        }
    for (int i = 1; i < 9; i++) /* sort both */
        for (int j = i; j > 0; j--) {
            if (rows[j] < rows[j - 1]) {
                const int t = rows[j]; rows[j] = rows[j - 1]; rows[j - 1] = t;
            }
            if (cols[j] < cols[j - 1]) {
                const int t = cols[j]; cols[j] = cols[j - 1]; cols[j - 1] = t;
            }
        }
    const int swap = memcmp(rows, cols, sizeof rows) > 0;
    memcpy(inv, swap ? cols : rows, sizeof rows);
    memcpy(inv + 9, swap ? rows : cols, sizeof rows);
    inv[18] = 0;
    for (int i = 0; i < 9; i++)
        inv[18] += rows[i];
}

static const grid_t *sort_forms; /* qsort has no context argument */

static int cmp_form(const void *a, const void *b)
{
    return memcmp(sort_forms[*(const int *)a], sort_forms[*(const int *)b], 81);
}

/* Distinct puzzles of top1465 are inequivalent but for rare repeats in
 * disguise: equal forms occur only where the brute force confirms the
 * equivalence.  Forms keep the invariants; pairs sharing them are the hard
 * cases, and two are confirmed distinct with the brute force. */
static void test_canon_distinct_top1465(void **state)
{
    (void)state;
    grid_t *p = malloc(1465 * sizeof *p), *c = malloc(1465 * sizeof *c);
    assert_true(p && c);
    const size_t n = load_top1465(p, 1465);
    if (n == 0) {
        free(p);
        free(c);
        skip();
        return;
    }
    int (*inv)[19] = malloc(1465 * sizeof *inv);
    assert_non_null(inv);
    for (size_t k = 0; k < n; k++) {
        int b[19];
        sf_canon(p[k], c[k], NULL);
        invariant(p[k], inv[k]);
        invariant(c[k], b);
        assert_memory_equal(inv[k], b, sizeof b);
    }
    /* Two pairs with equal invariants: brute force agrees they differ. */
    int brute = 0;
    for (size_t k = 1; k < n && brute < 2; k++)
        for (size_t j = 0; j < k && brute < 2; j++) {
            if (memcmp(inv[j], inv[k], sizeof inv[k]))
                continue;
            grid_t x, y;
            brute_canon(p[j], x);
            brute_canon(p[k], y);
            assert_memory_equal(x, c[j], 81);
            assert_memory_equal(y, c[k], 81);
            assert_memory_not_equal(x, y, 81);
            brute++;
        }
    assert_int_equal(brute, 2);
    free(inv);
    int *idx = malloc(n * sizeof *idx), same = 0;
    assert_non_null(idx);
    for (size_t k = 0; k < n; k++)
        idx[k] = (int)k;
    sort_forms = (const grid_t *)c;
    qsort(idx, n, sizeof *idx, cmp_form);
    for (size_t k = 1; k < n; k++) {
        if (memcmp(c[idx[k - 1]], c[idx[k]], 81))
            continue;
        grid_t x, y;
        brute_canon(p[idx[k - 1]], x);
        brute_canon(p[idx[k]], y);
        assert_memory_equal(x, y, 81);
        same++;
    }
    assert_true(same <= 3); /* in general they are all different */
    free(idx);
    free(p);
    free(c);
}

/* Puzzles differing in a property every transform keeps (clue count,
 * solution count) get different forms; equal forms imply equal counts.
 * The puzzles are a full grid with random cells cleared: 32 clues each,
 * with one solution or several. */
static void test_canon_separates_counts(void **state)
{
    (void)state;
    enum { N = 60 };
    grid_t full, v[N], cv[N];
    int64_t cnt[N];
    rng_t r;
    rng_seed(&r, 11, 0);
    parse(FULL, full);
    sf_xform_t t;
    sf_xform_random(&t, &r);
    sf_xform_apply(&t, full, full);
    for (int k = 0; k < N; k++) {
        uint8_t order[81];
        for (int i = 0; i < 81; i++)
            order[i] = (uint8_t)i;
        rng_shuffle(&r, order, 81);
        memcpy(v[k], full, 81);
        for (int i = 0; i < 49; i++)
            v[k][order[i]] = 0;
        cnt[k] = count_solutions(v[k], 50, NULL);
        sf_canon(v[k], cv[k], NULL);
    }
    int differ = 0, multi = 0;
    for (int i = 0; i < N; i++) {
        multi += cnt[i] > 1;
        for (int j = 0; j < i; j++) {
            if (cnt[i] < 0 || cnt[j] < 0)
                continue;
            if (cnt[i] != cnt[j]) {
                assert_memory_not_equal(cv[i], cv[j], 81);
                differ++;
            }
            if (!memcmp(cv[i], cv[j], 81))
                assert_int_equal(cnt[i], cnt[j]);
        }
    }
    assert_true(differ > 0 && multi > 0);
    grid_t more, cm; /* one clue more */
    memcpy(more, v[0], 81);
    for (int i = 0; i < 81; i++)
        if (!more[i]) {
            more[i] = full[i];
            break;
        }
    sf_canon(more, cm, NULL);
    assert_memory_not_equal(cm, cv[0], 81);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_identity),
        cmocka_unit_test(test_apply_definition),
        cmocka_unit_test(test_inverse_and_composition),
        cmocka_unit_test(test_random_deterministic),
        cmocka_unit_test(test_random_covers_group),
        cmocka_unit_test(test_solutions_follow),
        cmocka_unit_test(test_canon_classes_sample),
        cmocka_unit_test(test_canon_classes_top1465),
        cmocka_unit_test(test_canon_odd_inputs),
        cmocka_unit_test(test_canon_is_minimum),
        cmocka_unit_test(test_canon_distinct_top1465),
        cmocka_unit_test(test_canon_separates_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
