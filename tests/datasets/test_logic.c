/*
 * test_logic.c -- the logical rater (logic.h).
 *
 * The rater is checked three ways.  First, one hand-checked puzzle per
 * level: each comment names the pattern that is needed, the test checks
 * that pattern on the candidates left when singles stall, applies just its
 * eliminations and lets naked and hidden singles finish, and checks that the
 * solver capped one level lower stalls while the solver at that level ends
 * on the reference solution (tests/refsolve.h).  Second, a naive rater
 * written here from the definition -- candidates as flags, one pattern at a
 * time, always the simplest first, subsets and fish found by trying every
 * set of cells, digits or lines -- must give the same level on the sample
 * and, in make test-data, on top1465.  Third, properties: levels are invariant
 * under relabelling digits, transposing and permuting rows and columns; a
 * level other than guess always comes with a valid full grid; the partial
 * grid of a stalled unique puzzle agrees with its solution; the names
 * round-trip.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "datasets/logic.h"
#include "refsolve.h"
#include "refsingles.h"
#include "sudoflow.h"
#include "testutil.h"

/* ------------------------------------------------------- naive rater */

static int related(int a, int b)
{
    const int ra = a / 9, ca = a % 9, rb = b / 9, cb = b % 9;
    return a != b && (ra == rb || ca == cb ||
                      (ra / 3 == rb / 3 && ca / 3 == cb / 3));
}

/* The grid and a candidate flag per (cell, digit). */
typedef struct naive {
    uint8_t val[81];
    uint8_t cand[81][10];
} naive_t;

/* -1 when the givens clash or a value is above 9. */
static int naive_init(naive_t *s, const uint8_t *cells)
{
    memset(s, 0, sizeof *s);
    for (int c = 0; c < 81; c++) {
        if (cells[c] > 9)
            return -1;
        for (int e = 0; e < 81; e++)
            if (cells[c] && related(c, e) && cells[e] == cells[c])
                return -1;
        s->val[c] = cells[c];
    }
    for (int c = 0; c < 81; c++)
        for (int d = 1; d <= 9 && !s->val[c]; d++) {
            s->cand[c][d] = 1;
            for (int e = 0; e < 81; e++)
                if (related(c, e) && s->val[e] == d)
                    s->cand[c][d] = 0;
        }
    return 0;
}

static void naive_place(naive_t *s, int c, int d)
{
    s->val[c] = (uint8_t)d;
    memset(s->cand[c], 0, sizeof s->cand[c]);
    for (int e = 0; e < 81; e++)
        if (related(c, e))
            s->cand[e][d] = 0;
}

static int naive_placed(const naive_t *s, int u, int d)
{
    for (int k = 0; k < 9; k++)
        if (s->val[rs_unit_cell(u, k)] == d)
            return 1;
    return 0;
}

/* Cells of unit u (as a 9-bit mask of k) holding candidate d. */
static unsigned naive_where(const naive_t *s, int u, int d)
{
    unsigned m = 0;
    for (int k = 0; k < 9; k++)
        if (s->cand[rs_unit_cell(u, k)][d])
            m |= 1u << k;
    return m;
}

/* An empty cell without candidates, or a digit with no place in a unit. */
static int naive_broken(const naive_t *s)
{
    for (int c = 0; c < 81; c++) {
        int n = 0;
        for (int d = 1; d <= 9; d++)
            n += s->cand[c][d];
        if (!s->val[c] && n == 0)
            return 1;
    }
    for (int u = 0; u < 27; u++)
        for (int d = 1; d <= 9; d++)
            if (!naive_placed(s, u, d) && !naive_where(s, u, d))
                return 1;
    return 0;
}

/* Place one naked or hidden single; 0 when there is none. */
static int naive_single(naive_t *s)
{
    for (int c = 0; c < 81; c++) {
        int n = 0, last = 0;
        for (int d = 1; d <= 9; d++)
            if (s->cand[c][d])
                n++, last = d;
        if (n == 1) {
            naive_place(s, c, last);
            return 1;
        }
    }
    for (int u = 0; u < 27; u++)
        for (int d = 1; d <= 9; d++) {
            const unsigned m = naive_where(s, u, d);
            if (m && !(m & (m - 1))) {
                naive_place(s, rs_unit_cell(u, __builtin_ctz(m)), d);
                return 1;
            }
        }
    return 0;
}

/* Remove d from the cells of unit u at positions m; 1 if any had it. */
static int naive_remove(naive_t *s, int u, unsigned m, int d)
{
    int any = 0;
    for (int k = 0; k < 9; k++)
        if (m >> k & 1 && s->cand[rs_unit_cell(u, k)][d]) {
            s->cand[rs_unit_cell(u, k)][d] = 0;
            any = 1;
        }
    return any;
}

static int in_unit(int c, int u)
{
    if (u < 9)
        return c / 9 == u;
    if (u < 18)
        return c % 9 == u - 9;
    return c / 27 * 3 + c % 9 / 3 == u - 18;
}

/* One pointing or claiming elimination: a digit whose candidates in a box
 * (line) all lie in one line (box) leaves the rest of that line (box). */
static int naive_locked(naive_t *s)
{
    for (int a = 0; a < 27; a++)
        for (int b = 0; b < 27; b++) {
            if ((a < 18) == (b < 18)) /* a box and a line */
                continue;
            for (int d = 1; d <= 9; d++) {
                int inside = 0, outside = 0, any = 0;
                for (int k = 0; k < 9; k++)
                    if (s->cand[rs_unit_cell(a, k)][d]) {
                        if (in_unit(rs_unit_cell(a, k), b))
                            inside++;
                        else
                            outside++;
                    }
                if (!inside || outside)
                    continue;
                for (int k = 0; k < 9; k++) {
                    const int c = rs_unit_cell(b, k);
                    if (!in_unit(c, a) && s->cand[c][d]) {
                        s->cand[c][d] = 0;
                        any = 1;
                    }
                }
                if (any)
                    return 1;
            }
        }
    return 0;
}

/* One naked or hidden subset of size k making an elimination. */
static int naive_subset(naive_t *s, int k)
{
    for (int u = 0; u < 27; u++) {
        unsigned placed = 0, where[9], holds[9] = {0}, empty = 0;
        for (int j = 0; j < 9; j++) {
            placed |= (unsigned)naive_placed(s, u, j + 1) << j;
            where[j] = naive_where(s, u, j + 1);
            empty |= (unsigned)!s->val[rs_unit_cell(u, j)] << j;
            for (int d = 1; d <= 9; d++)
                holds[j] |= (unsigned)s->cand[rs_unit_cell(u, j)][d] << d;
        }
        for (unsigned set = 0; set < 512; set++) {
            if (__builtin_popcount(set) != k)
                continue;
            /* Naked: k empty cells (set) holding k digits between them. */
            unsigned digits = 0;
            for (int j = 0; j < 9; j++)
                if (set >> j & 1)
                    digits |= holds[j];
            int any = 0;
            if (!(set & ~empty) && __builtin_popcount(digits) == k)
                for (int d = 1; d <= 9; d++)
                    if (digits >> d & 1)
                        any |= naive_remove(s, u, ~set & 0x1ff, d);
            if (any)
                return 1;
            /* Hidden: k digits (set) not yet placed, held by k cells. */
            unsigned cells = 0;
            for (int j = 0; j < 9; j++)
                if (set >> j & 1)
                    cells |= where[j];
            if (!(set & placed) && __builtin_popcount(cells) == k)
                for (int d = 1; d <= 9; d++)
                    if (!(set >> (d - 1) & 1))
                        any |= naive_remove(s, u, cells, d);
            if (any)
                return 1;
        }
    }
    return 0;
}

/* One fish of size k: k lines (rows, or columns) where digit d is not
 * placed and whose candidates lie in k cross lines; d leaves those cross
 * lines outside the k lines. */
static int naive_fish(naive_t *s, int k)
{
    for (int d = 1; d <= 9; d++)
        for (int base = 0; base < 18; base += 9) {
            unsigned placed = 0, where[9];
            for (int i = 0; i < 9; i++) {
                placed |= (unsigned)naive_placed(s, base + i, d) << i;
                where[i] = naive_where(s, base + i, d);
            }
            for (unsigned set = 0; set < 512; set++) {
                if (__builtin_popcount(set) != k || (set & placed))
                    continue;
                unsigned cross = 0;
                for (int i = 0; i < 9; i++)
                    if (set >> i & 1)
                        cross |= where[i];
                if (__builtin_popcount(cross) != k)
                    continue;
                int any = 0;
                for (int j = 0; j < 9; j++)
                    if (cross >> j & 1)
                        any |= naive_remove(s, 9 - base + j, ~set & 0x1ff, d);
                if (any)
                    return 1;
            }
        }
    return 0;
}

/* The simplest step possible now, applied: its level, or SF_LEVEL_GUESS
 * when no technique applies.  Pairs come before triples before quads,
 * X-wings before swordfish before jellyfish; sizes stop at max_k. */
static sf_level_t naive_step(naive_t *s, int max_k)
{
    if (naive_single(s))
        return SF_LEVEL_SINGLES;
    if (naive_locked(s))
        return SF_LEVEL_LOCKED;
    for (int k = 2; k <= max_k; k++)
        if (naive_subset(s, k))
            return SF_LEVEL_SUBSETS;
    for (int k = 2; k <= max_k; k++)
        if (naive_fish(s, k))
            return SF_LEVEL_FISH;
    return SF_LEVEL_GUESS;
}

/* Level by the definition from state s, one step at a time from the
 * simplest, with subsets and fish of up to max_k cells or lines; s is left
 * where the steps ended. */
static sf_level_t naive_run(naive_t *s, int max_k)
{
    sf_level_t hardest = SF_LEVEL_SINGLES;
    for (;;) {
        if (naive_broken(s))
            return SF_LEVEL_GUESS;
        if (!memchr(s->val, 0, 81))
            return hardest;
        const sf_level_t l = naive_step(s, max_k);
        if (l == SF_LEVEL_GUESS)
            return l;
        if (l > hardest)
            hardest = l;
    }
}

static sf_level_t naive_level(const uint8_t *cells)
{
    naive_t s;
    if (naive_init(&s, cells) < 0)
        return SF_LEVEL_GUESS;
    return naive_run(&s, 4);
}

/* ------------------------------------------------------------ helpers */

static void parse(const char *text, uint8_t *cells)
{
    const char *why;
    assert_int_equal(sf_parse_line(text, strlen(text), cells, &why), 0);
}

/* The unique solution of p by the reference backtracker. */
static void ref_solution(const uint8_t *p, uint8_t *sol)
{
    assert_int_equal(ref_count(p, 2, sol), 1);
}

/* Apply naked and hidden singles until none is left; 1 when the grid is
 * then full and sound. */
static int naive_singles_finish(naive_t *s)
{
    while (naive_single(s))
        ;
    return !naive_broken(s) && !memchr(s->val, 0, 81);
}

/* The candidates left when singles stall: the capped solver's grid, with
 * candidates from its filled cells (singles remove nothing else). */
static void singles_stall(const uint8_t *p, naive_t *s)
{
    uint8_t grid[81];
    assert_int_equal(logic_solve(p, SF_LEVEL_SINGLES, grid), SF_LEVEL_GUESS);
    for (int c = 0; c < 81; c++)
        assert_true(p[c] == 0 || grid[c] == p[c]);
    assert_int_equal(naive_init(s, grid), 0);
    naive_t copy = *s;
    assert_false(naive_single(&copy)); /* it did stall */
    assert_false(naive_broken(s));
}

/* A puzzle needing level l exactly: capped at l - 1 it stalls (no more
 * than what the technique below reached), capped at l it ends on the
 * reference solution sol, and the rater, the naive rater agree on l. */
static void check_needs_sol(const uint8_t *p, sf_level_t l,
                            const uint8_t *sol)
{
    uint8_t grid[81];
    if (l > SF_LEVEL_SINGLES) {
        assert_int_equal(logic_solve(p, l - 1, grid), SF_LEVEL_GUESS);
        assert_non_null(memchr(grid, 0, 81));
    }
    assert_int_equal(logic_solve(p, l, grid), l);
    assert_memory_equal(grid, sol, 81);
    assert_int_equal(sf_logic_level(p), l);
    assert_int_equal(naive_level(p), l);
}

/* The same, the solution found by the reference backtracker. */
static void check_needs(const uint8_t *p, sf_level_t l)
{
    uint8_t sol[81];
    ref_solution(p, sol);
    check_needs_sol(p, l, sol);
}

/* Cell of row r, column c, both 1-based as in the comments. */
#define RC(r, c) (((r) - 1) * 9 + (c) - 1)

/* ----------------------------------------------------------- examples */

static void test_level_names(void **state)
{
    (void)state;
    for (int l = 0; l < SF_LEVEL_COUNT; l++) {
        const char *name = sf_level_name((sf_level_t)l);
        assert_int_equal(sf_level_parse(name), l);
        for (int k = 0; k < l; k++) /* distinct */
            assert_string_not_equal(name, sf_level_name((sf_level_t)k));
    }
    assert_string_equal(sf_level_name(SF_LEVEL_SINGLES), "singles");
    assert_string_equal(sf_level_name(SF_LEVEL_GUESS), "guess");
    assert_string_equal(sf_level_name(SF_LEVEL_COUNT), "?");
    assert_string_equal(sf_level_name((sf_level_t)-1), "?");
    assert_int_equal(sf_level_parse("Singles"), -1);
    assert_int_equal(sf_level_parse("fishy"), -1);
    assert_int_equal(sf_level_parse(""), -1);
    assert_int_equal(sf_level_parse("?"), -1);
    assert_int_equal(sf_level_parse(NULL), -1);
}

/* Sample puzzle 6: naked and hidden singles alone fill every cell, as the
 * naive singles loop confirms from the givens. */
static void test_singles_example(void **state)
{
    (void)state;
    uint8_t p[81], sol[81];
    parse("....7...8...9.8.3..4...3.2.........2.6....39...51...7.8.9..4..5..3"
          "...7...526.....", p);
    ref_solution(p, sol);
    naive_t s;
    assert_int_equal(naive_init(&s, p), 0);
    assert_true(naive_singles_finish(&s));
    assert_memory_equal(s.val, sol, 81);
    check_needs(p, SF_LEVEL_SINGLES);
}

/* Sample puzzle 25: singles stall with 50 cells filled.  In row 5 the 2
 * can only go in r5c2 or r5c3, both in box 4, so it leaves the rest of box
 * 4 (claiming): r6c2 and r6c3 lose the 2 (pointing from box 6, where the 2
 * lies only in row 6, removes the same two).  Singles then finish. */
static void test_locked_example(void **state)
{
    (void)state;
    uint8_t p[81], sol[81];
    parse("7....8923...4....5.5...9....7...2..9...8..6.4.......8.2...51....91"
          ".3..4...37.....", p);
    ref_solution(p, sol);
    naive_t s;
    singles_stall(p, &s);
    const unsigned row5 = naive_where(&s, 4, 2);
    assert_int_equal(row5, 1u << 1 | 1u << 2); /* r5c2, r5c3 */
    assert_true(s.cand[RC(6, 2)][2] && s.cand[RC(6, 3)][2]);
    s.cand[RC(6, 2)][2] = s.cand[RC(6, 3)][2] = 0;
    assert_true(naive_singles_finish(&s));
    assert_memory_equal(s.val, sol, 81);
    check_needs(p, SF_LEVEL_LOCKED);
}

/* Sample puzzle 824: when singles stall no box/line interaction exists
 * (checked with the naive search), and in box 2 the cells r1c6 and r2c5
 * both hold just {6, 7}: a naked pair.  The other cells of box 2 lose 6
 * and 7, which leaves r3c6 = 8, and singles finish. */
static void test_naked_pair_example(void **state)
{
    (void)state;
    uint8_t p[81], sol[81];
    parse(".......8.2....9..........969..78.2..6.19..5......45..1.89..3.2...7"
          "..4...3.5....4.", p);
    ref_solution(p, sol);
    naive_t s;
    singles_stall(p, &s);
    naive_t copy = s;
    assert_false(naive_locked(&copy));
    for (int d = 1; d <= 9; d++) {
        const int in_pair = d == 6 || d == 7;
        assert_int_equal(s.cand[RC(1, 6)][d], in_pair);
        assert_int_equal(s.cand[RC(2, 5)][d], in_pair);
    }
    /* Box 2 is unit 19; the pair sits at positions 2 (r1c6), 4 (r2c5). */
    assert_true(naive_remove(&s, 19, 0x1ffu & ~(1u << 2 | 1u << 4), 6) |
                naive_remove(&s, 19, 0x1ffu & ~(1u << 2 | 1u << 4), 7));
    assert_true(naive_singles_finish(&s));
    assert_memory_equal(s.val, sol, 81);
    check_needs_sol(p, SF_LEVEL_SUBSETS, sol); /* a slow one to solve */
}

/* Sample puzzle 1814: no box/line interaction when singles stall, and in
 * column 9 the digits 1 and 7 fit only r7c9 and r8c9: a hidden pair, so
 * those two cells lose every other candidate, and singles finish. */
static void test_hidden_pair_example(void **state)
{
    (void)state;
    uint8_t p[81], sol[81];
    parse("......7.8.69.5.......89.1.54...3.....1..2..7...3.65.1.5........2.."
          "..3...7.8...4..", p);
    ref_solution(p, sol);
    naive_t s;
    singles_stall(p, &s);
    naive_t copy = s;
    assert_false(naive_locked(&copy));
    const unsigned r78 = 1u << 6 | 1u << 7; /* column 9 is unit 17 */
    assert_int_equal(naive_where(&s, 17, 1), r78);
    assert_int_equal(naive_where(&s, 17, 7), r78);
    int any = 0;
    for (int d = 1; d <= 9; d++)
        if (d != 1 && d != 7)
            any |= naive_remove(&s, 17, r78, d);
    assert_true(any);
    assert_true(naive_singles_finish(&s));
    assert_memory_equal(s.val, sol, 81);
    check_needs_sol(p, SF_LEVEL_SUBSETS, sol); /* a slow one to solve */
}

/* Sample puzzle 570: when singles stall there is no box/line interaction
 * and no naked or hidden subset of size 2..4 (the naive search tries every
 * one), so capped at subsets the solver ends where singles did.  The 1 in
 * column 3 fits only rows 5 and 8, and so does the 1 in column 4: an X-wing,
 * so rows 5 and 8 lose the 1 outside columns 3 and 4, and singles finish. */
static void test_fish_example(void **state)
{
    (void)state;
    uint8_t p[81], sol[81], g1[81], g2[81];
    parse(".1.5....3..2.7.....9..1.42...5.....4.7.....9..438.......6.5...7..."
          "..9.6.2.......8", p);
    ref_solution(p, sol);
    naive_t s;
    singles_stall(p, &s);
    naive_t copy = s;
    assert_false(naive_locked(&copy));
    for (int k = 2; k <= 4; k++)
        assert_false(naive_subset(&copy, k));
    assert_int_equal(logic_solve(p, SF_LEVEL_SINGLES, g1), SF_LEVEL_GUESS);
    assert_int_equal(logic_solve(p, SF_LEVEL_SUBSETS, g2), SF_LEVEL_GUESS);
    assert_memory_equal(g1, g2, 81);
    const unsigned rows58 = 1u << 4 | 1u << 7;
    assert_int_equal(naive_where(&s, 9 + 2, 1), rows58);
    assert_int_equal(naive_where(&s, 9 + 3, 1), rows58);
    const unsigned outside = 0x1ffu & ~(1u << 2 | 1u << 3);
    assert_true(naive_remove(&s, 4, outside, 1));
    assert_true(naive_remove(&s, 7, outside, 1));
    assert_true(naive_singles_finish(&s));
    assert_memory_equal(s.val, sol, 81);
    check_needs(p, SF_LEVEL_FISH);
}

/* A 17-clue puzzle (shared set, number 41034) that needs a quad.  With
 * subsets and fish of at most three cells or lines, the naive rater stalls
 * after three box/line steps and a naked pair.  There, in box 2, the cells
 * r1c6, r2c6, r3c4, r3c5 hold only 1, 2, 3, 4 between them: a naked quad
 * (its complement, 6 7 8 9 confined to the box's other four open cells, is
 * a hidden quad).  Removing 1..4 from the other cells of box 2 lets the
 * smaller techniques finish. */
static void test_quad_example(void **state)
{
    (void)state;
    uint8_t p[81], sol[81];
    parse("........1.......23..4..5........6.......4.5...21.........3....26.5"
          "...7..8...1....", p);
    ref_solution(p, sol);
    naive_t s;
    assert_int_equal(naive_init(&s, p), 0);
    assert_int_equal(naive_run(&s, 3), SF_LEVEL_GUESS);
    const int quad[4] = {RC(1, 6), RC(2, 6), RC(3, 4), RC(3, 5)};
    unsigned digits = 0;
    for (int i = 0; i < 4; i++)
        for (int d = 1; d <= 9; d++)
            digits |= (unsigned)s.cand[quad[i]][d] << d;
    assert_int_equal(digits, 0x1eu); /* 1, 2, 3, 4 */
    int any = 0;
    for (int d = 1; d <= 4; d++) /* box 2 is unit 19: all but the quad */
        any |= naive_remove(&s, 19, 0x1ffu & ~(1u << 2 | 1u << 5 | 1u << 6 |
                                               1u << 7), d);
    assert_true(any);
    assert_int_not_equal(naive_run(&s, 3), SF_LEVEL_GUESS);
    assert_memory_equal(s.val, sol, 81);
    check_needs_sol(p, SF_LEVEL_SUBSETS, sol); /* a slow one to solve */
}

/* "Easter Monster" has one solution (the reference backtracker counts it)
 * but no single, box/line interaction, subset or fish applies to it: the
 * naive rater finds no step either. */
static void test_guess_example(void **state)
{
    (void)state;
    uint8_t p[81], sol[81], grid[81];
    parse("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3"
          "...9.8...2.....1", p);
    ref_solution(p, sol);
    assert_int_equal(logic_solve(p, SF_LEVEL_FISH, grid), SF_LEVEL_GUESS);
    assert_int_equal(logic_solve(p, SF_LEVEL_GUESS, NULL), SF_LEVEL_GUESS);
    assert_int_equal(sf_logic_level(p), SF_LEVEL_GUESS);
    assert_int_equal(naive_level(p), SF_LEVEL_GUESS);
    assert_memory_equal(grid, p, 81); /* not one cell could be filled */
}

/* A full grid with a rectangle r1,r2 x c1,c2 (rows in one band) holding
 * a b / b a: the rectangle can be swapped.  1 and the rows and columns
 * when found. */
static int find_rectangle(const uint8_t *g, int *rc)
{
    for (int r1 = 0; r1 < 9; r1++)
        for (int r2 = r1 + 1; r2 < r1 / 3 * 3 + 3; r2++)
            for (int c1 = 0; c1 < 9; c1++)
                for (int c2 = c1 + 1; c2 < 9; c2++)
                    if (g[r1 * 9 + c1] == g[r2 * 9 + c2] &&
                        g[r1 * 9 + c2] == g[r2 * 9 + c1]) {
                        rc[0] = r1, rc[1] = r2, rc[2] = c1, rc[3] = c2;
                        return 1;
                    }
    return 0;
}

/* Puzzles with several solutions are rated guess: a full grid with a
 * swappable rectangle emptied (two solutions), and the empty grid. */
static void test_guess_several_solutions(void **state)
{
    (void)state;
    uint8_t p[81], sol[81], q[81], grid[81];
    parse("....7...8...9.8.3..4...3.2.........2.6....39...51...7.8.9..4..5..3"
          "...7...526.....", p);
    ref_solution(p, sol);
    /* A full grid is trivially done; with a swappable rectangle emptied it
     * has two solutions. */
    assert_int_equal(logic_solve(sol, SF_LEVEL_SINGLES, grid),
                     SF_LEVEL_SINGLES);
    assert_memory_equal(grid, sol, 81);
    uint8_t g[81];
    memcpy(g, sol, 81);
    int rc[4] = {0}, found = 0;
    for (int t = 0; t < 2 && !found; t++) { /* the grid, then transposed */
        if (t)
            for (int c = 0; c < 81; c++)
                g[c] = sol[c % 9 * 9 + c / 9];
        found = find_rectangle(g, rc);
    }
    assert_true(found);
    memcpy(q, g, 81);
    q[rc[0] * 9 + rc[2]] = q[rc[0] * 9 + rc[3]] = 0;
    q[rc[1] * 9 + rc[2]] = q[rc[1] * 9 + rc[3]] = 0;
    assert_int_equal(ref_count(q, 0, NULL), 2);
    assert_int_equal(sf_logic_level(q), SF_LEVEL_GUESS);
    assert_int_equal(naive_level(q), SF_LEVEL_GUESS);
    /* The empty grid. */
    memset(q, 0, 81);
    assert_int_equal(sf_logic_level(q), SF_LEVEL_GUESS);
}

/* Puzzles without a solution, and input that is not a puzzle, are rated
 * guess. */
static void test_guess_no_solution(void **state)
{
    (void)state;
    uint8_t p[81], sol[81], q[81], grid[81];
    parse("....7...8...9.8.3..4...3.2.........2.6....39...51...7.8.9..4..5..3"
          "...7...526.....", p);
    ref_solution(p, sol);
    /* A digit no given excludes, but not the solution's. */
    int placed = 0;
    for (int c = 0; c < 81 && !placed; c++)
        for (uint8_t d = 1; d <= 9 && !placed && !p[c]; d++) {
            memcpy(q, p, 81);
            q[c] = d;
            placed = d != sol[c] && ref_givens_consistent(q);
        }
    assert_true(placed);
    assert_int_equal(ref_count(q, 0, NULL), 0);
    assert_int_equal(sf_logic_level(q), SF_LEVEL_GUESS);
    assert_int_equal(naive_level(q), SF_LEVEL_GUESS);
    /* Clashing givens, and a value out of range: not puzzles. */
    memcpy(q, p, 81);
    q[0] = 7; /* r1c5 is a 7 */
    assert_int_equal(logic_solve(q, SF_LEVEL_FISH, grid), SF_LEVEL_GUESS);
    for (int k = 0; k < 81; k++)
        assert_int_equal(grid[k], 0);
    memcpy(q, p, 81);
    q[80] = 10;
    assert_int_equal(sf_logic_level(q), SF_LEVEL_GUESS);
    assert_int_equal(sf_logic_level(sol), SF_LEVEL_SINGLES);
}

/* --------------------------------------------------------- puzzle sets */

/* Run check on every stride-th puzzle of the sample and, where SF_DATA
 * names the public sets (make test-data), of top1465. */
static void for_sets(void (*check)(const uint8_t *p, void *ctx), void *ctx,
                     size_t stride)
{
    char buf[512];
    const char *paths[2] = {"data/sample.txt.gz",
                            public_set("top1465.txt", buf, sizeof buf)};
    for (size_t i = 0; i < 2 && paths[i]; i++) {
        size_t n;
        uint8_t *cells = load_puzzles(paths[i], &n);
        assert_non_null(cells);
        assert_true(n > 0);
        for (size_t k = 0; k < n; k += stride)
            check(cells + 81 * k, ctx);
        free(cells);
    }
}

/* The naive rater knows the techniques up to fish; above them the ladder
 * borrows the SE engine's techniques, tested in test_se.c. */
static sf_level_t fish_level(const uint8_t *p)
{
    return logic_solve(p, SF_LEVEL_FISH, NULL);
}

static void check_naive(const uint8_t *p, void *ctx)
{
    (void)ctx;
    assert_int_equal(fish_level(p), naive_level(p));
}

/* The fast rater agrees with the naive one on the sets (every other
 * puzzle: the naive rater is slow, above all under sanitizers). */
static void test_sets_match_naive(void **state)
{
    (void)state;
    for_sets(check_naive, NULL, 2);
}

static void check_sound(const uint8_t *p, void *ctx)
{
    sf_solver_t *solver = ctx;
    uint8_t sol[81], grid[81], g2[81];
    sf_result_t res;
    const sf_status_t st = sf_solve_cells(solver, p, 2, 0, sol, &res);
    const sf_level_t l = logic_solve(p, SF_LEVEL_FISH, grid);
    if (l != SF_LEVEL_GUESS) {
        assert_int_equal(st, SF_UNIQUE);
        assert_true(ref_valid_solution(p, grid));
        assert_memory_equal(grid, sol, 81);
        /* Needed: one level lower stalls. */
        if (l > SF_LEVEL_SINGLES)
            assert_int_equal(logic_solve(p, l - 1, g2), SF_LEVEL_GUESS);
    }
    if (st == SF_UNIQUE) /* every cell filled is the solution's */
        for (int c = 0; c < 81; c++)
            assert_true(grid[c] == 0 || grid[c] == sol[c]);
    else
        assert_int_equal(l, SF_LEVEL_GUESS);
    assert_int_equal(fish_level(p), l);
}

/* A level other than guess always comes with the valid full solution, and
 * what a stalled solver filled in agrees with the solution. */
static void test_sets_sound(void **state)
{
    (void)state;
    sf_solver_t *solver = sf_solver_new(NULL);
    assert_non_null(solver);
    for_sets(check_sound, solver, 1);
    sf_solver_free(solver);
}

/* Relabel digits, transpose, and permute bands, rows in bands, stacks and
 * columns in stacks as asked (each a random choice from *rng). */
static void transform(const uint8_t *in, uint8_t *out, uint64_t *rng,
                      int relabel, int transpose, int permute)
{
    uint8_t digit[10], row[9], col[9];
    for (int i = 0; i < 10; i++)
        digit[i] = (uint8_t)i;
    for (int i = 0; i < 9; i++)
        row[i] = col[i] = (uint8_t)i;
    for (int i = 9; relabel && i > 1; i--) { /* shuffle 1..9 */
        const int j = 1 + (int)(rnd_next(rng) % (uint64_t)i);
        const uint8_t t = digit[i];
        digit[i] = digit[j], digit[j] = t;
    }
    uint8_t *maps[2] = {row, col};
    for (int m = 0; m < 2 && permute; m++) {
        uint8_t band[3] = {0, 1, 2}, *map = maps[m];
        for (int i = 2; i > 0; i--) {
            const int j = (int)(rnd_next(rng) % (uint64_t)(i + 1));
            const uint8_t t = band[i];
            band[i] = band[j], band[j] = t;
        }
        for (int b = 0; b < 3; b++) {
            const unsigned perm = (unsigned)(rnd_next(rng) % 6); /* of 3 */
            const uint8_t in_band[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                           {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
            for (int k = 0; k < 3; k++)
                map[b * 3 + k] = (uint8_t)(band[b] * 3 + in_band[perm][k]);
        }
    }
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            const int src = transpose ? col[c] * 9 + row[r] : row[r] * 9 + col[c];
            out[r * 9 + c] = digit[in[src]];
        }
}

static void check_invariant(const uint8_t *p, void *ctx)
{
    uint64_t *rng = ctx;
    uint8_t q[81];
    const sf_level_t l = fish_level(p);
    transform(p, q, rng, 1, 0, 0);
    assert_int_equal(fish_level(q), l);
    transform(p, q, rng, 0, 1, 0);
    assert_int_equal(fish_level(q), l);
    transform(p, q, rng, 1, (int)(rnd_next(rng) & 1), 1);
    assert_int_equal(fish_level(q), l);
}

/* The level does not depend on names of digits or the grid's symmetries. */
static void test_sets_invariant(void **state)
{
    (void)state;
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    for_sets(check_invariant, &rng, 1);
    /* The transform itself: it keeps a solution grid valid. */
    uint8_t p[81], sol[81], q[81];
    parse("....7...8...9.8.3..4...3.2.........2.6....39...51...7.8.9..4..5..3"
          "...7...526.....", p);
    ref_solution(p, sol);
    transform(sol, q, &rng, 1, 1, 1);
    assert_true(ref_valid_solution(q, q));
    assert_memory_not_equal(q, sol, 81);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_level_names),
        cmocka_unit_test(test_singles_example),
        cmocka_unit_test(test_locked_example),
        cmocka_unit_test(test_naked_pair_example),
        cmocka_unit_test(test_hidden_pair_example),
        cmocka_unit_test(test_fish_example),
        cmocka_unit_test(test_quad_example),
        cmocka_unit_test(test_guess_example),
        cmocka_unit_test(test_guess_several_solutions),
        cmocka_unit_test(test_guess_no_solution),
        cmocka_unit_test(test_sets_match_naive),
        cmocka_unit_test(test_sets_sound),
        cmocka_unit_test(test_sets_invariant),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
