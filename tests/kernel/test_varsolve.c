/*
 * test_varsolve.c -- the variant kernel (sf_solve_rules) against the
 * reference of tests/refvariant.c, and the rules' own checks.
 *
 * Puzzles are made here from a random full grid: rules that the grid
 * keeps (cages with its sums, thermometers and arrows along its values,
 * dots, XV and less-than pairs where its neighbours have the relation,
 * odd and even, minimum and maximum cells, and, for the negative
 * constraints, every pair that has the relation marked; palindromes,
 * whispers, renban, between, region-sum, entropic and little-killer lines
 * along walks that the grid keeps, equal pairs and quadruples), sometimes
 * one rule's value changed so that the grid no longer keeps it, and a random
 * share of the grid's cells as givens.  Each puzzle is solved at limits 1
 * to 3, with and without SF_LEX: the counts must be the reference's, the
 * first solution under SF_LEX its first (the smallest), and every
 * solution must keep every rule by the reference's checker and the
 * library's.  Puzzles where the reference runs past its budget are
 * skipped and counted; a run that skips most of them fails.
 */
#include "testutil.h"

#include "refvariant_kinds.h"

typedef struct maker {
    uint64_t rng;
    int n, br, bc;
    uint8_t grid[REFV_MAX_CELLS];
    refv_rule_t rules[320];
    int nrules;
    unsigned neg;
} maker_t;

static int rnd(maker_t *m, int k) { return (int)(rnd_next(&m->rng) % (uint64_t)k); }

/* ------------------------------------------------------------ full grid */

static int fits(const maker_t *m, const uint8_t *g, int c, int v)
{
    const int n = m->n, r = c / n, col = c % n;
    for (int d = 0; d < c; d++) {
        const int dr = d / n, dc = d % n;
        if (g[d] == v && (dr == r || dc == col ||
                          (dr / m->br == r / m->br && dc / m->bc == col / m->bc)))
            return 0;
    }
    return 1;
}

/* A random full grid, row by row, values in a random order per cell. */
static int fill(maker_t *m, uint8_t *g, int c)
{
    if (c == m->n * m->n)
        return 1;
    int order[REFV_MAX_N];
    for (int i = 0; i < m->n; i++)
        order[i] = i + 1;
    for (int i = m->n - 1; i > 0; i--) {
        const int j = rnd(m, i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (int i = 0; i < m->n; i++)
        if (fits(m, g, c, order[i])) {
            g[c] = (uint8_t)order[i];
            if (fill(m, g, c + 1))
                return 1;
        }
    g[c] = 0;
    return 0;
}

/* ---------------------------------------------------------------- rules */

static refv_rule_t *add(maker_t *m, int kind, int value)
{
    assert_true(m->nrules < 320);
    refv_rule_t *u = &m->rules[m->nrules++];
    memset(u, 0, sizeof *u);
    u->kind = kind;
    u->value = value;
    return u;
}

/* A random king's-move neighbour of c not in u, or -1. */
static int step(maker_t *m, const refv_rule_t *u, int c, int diagonal)
{
    const int n = m->n;
    for (int tries = 0; tries < 8; tries++) {
        const int dr = rnd(m, 3) - 1, dc = rnd(m, 3) - 1;
        if ((!dr && !dc) || (!diagonal && dr && dc))
            continue;
        const int r = c / n + dr, col = c % n + dc;
        if (r < 0 || r >= n || col < 0 || col >= n)
            continue;
        const int d = r * n + col;
        int used = 0;
        for (int i = 0; i < u->ncells; i++)
            used |= u->cells[i] == d;
        if (!used)
            return d;
    }
    return -1;
}

static void make_cage(maker_t *m)
{
    refv_rule_t *u = add(m, REFV_CAGE, 0);
    const int size = 1 + rnd(m, m->n < 5 ? m->n : 5);
    u->cells[u->ncells++] = rnd(m, m->n * m->n);
    while (u->ncells < size) {
        const int d = step(m, u, u->cells[rnd(m, u->ncells)], 0);
        int dup = d < 0;
        for (int i = 0; !dup && i < u->ncells; i++)
            dup = m->grid[u->cells[i]] == m->grid[d];
        if (dup)
            break;
        u->cells[u->ncells++] = d;
    }
    for (int i = 0; i < u->ncells; i++)
        u->value += m->grid[u->cells[i]];
    if (rnd(m, 5) == 0)
        u->value = 0;
}

static void make_thermo(maker_t *m, int slow)
{
    refv_rule_t *u = add(m, slow ? REFV_SLOW_THERMO : REFV_THERMO, 0);
    u->cells[u->ncells++] = rnd(m, m->n * m->n);
    for (int t = 0; t < 12 && u->ncells < 6; t++) {
        const int last = u->cells[u->ncells - 1], d = step(m, u, last, 1);
        if (d >= 0 &&
            (slow ? m->grid[d] >= m->grid[last] : m->grid[d] > m->grid[last]))
            u->cells[u->ncells++] = d;
    }
    if (u->ncells < 2)
        m->nrules--;
}

static void make_arrow(maker_t *m)
{
    refv_rule_t *u = add(m, REFV_ARROW, 0);
    const int pill = m->n >= 9 && rnd(m, 3) == 0;
    u->cells[u->ncells++] = rnd(m, m->n * m->n);
    int target = m->grid[u->cells[0]];
    if (pill) {
        const int d = step(m, u, u->cells[0], 0);
        if (d < 0) {
            m->nrules--;
            return;
        }
        u->cells[u->ncells++] = d;
        target = target * 10 + m->grid[d];
    }
    u->split = u->ncells;
    int sum = 0;
    for (int t = 0; t < 16 && sum < target; t++) {
        const int d = step(m, u, u->cells[u->ncells - 1], 1);
        if (d >= 0 && sum + m->grid[d] <= target) {
            u->cells[u->ncells++] = d;
            sum += m->grid[d];
        }
    }
    if (sum != target || u->ncells == u->split)
        m->nrules--;
}

/* The relation of kind and value holds between values a and b. */
static int relation(int kind, int value, int a, int b)
{
    switch (kind) {
    case REFV_DIFF: return abs(a - b) == value;
    case REFV_RATIO: return a == value * b || b == value * a;
    case REFV_SUM: return a + b == value;
    default: return a < b;
    }
}

/* Dots on orthogonal pairs: all that hold for the kinds under a negative
 * constraint, some for the others. */
static void make_dots(maker_t *m)
{
    const int n = m->n;
    for (int a = 0; a < n * n; a++)
        for (int k = 0; k < 2; k++) {
            const int b = k ? a + 1 : a + n;
            if ((k && a % n == n - 1) || b >= n * n)
                continue;
            const int va = m->grid[a], vb = m->grid[b];
            const int pick = rnd(m, 6) == 0;
            refv_rule_t *u = NULL;
            if (relation(REFV_DIFF, 1, va, vb) &&
                ((m->neg & REFV_NEG_DIFF) || pick))
                u = add(m, REFV_DIFF, 1);
            else if (relation(REFV_RATIO, 2, va, vb) &&
                     ((m->neg & REFV_NEG_RATIO) || pick))
                u = add(m, REFV_RATIO, 2);
            else if ((va + vb == 10 || va + vb == 5) &&
                     ((m->neg & REFV_NEG_XV) || pick))
                u = add(m, REFV_SUM, va + vb);
            else if (pick && rnd(m, 3) == 0)
                u = add(m, REFV_LESS, 0);
            if (!u)
                continue;
            const int lo_first = u->kind != REFV_LESS || va < vb;
            u->cells[0] = lo_first ? a : b;
            u->cells[1] = lo_first ? b : a;
            u->ncells = 2;
        }
}

static void make_cells(maker_t *m)
{
    const int n = m->n;
    for (int t = 0; t < 3; t++) {
        const int c = rnd(m, n * n), v = m->grid[c];
        refv_rule_t *u = add(m, v % 2 ? REFV_ODD : REFV_EVEN, 0);
        u->cells[u->ncells++] = c;
    }
    for (int c = 0; c < n * n; c++) {
        int lo = 1, hi = 1;
        const int r = c / n, col = c % n;
        for (int d = 0; d < n * n; d++)
            if (abs(d / n - r) + abs(d % n - col) == 1) {
                lo &= m->grid[c] < m->grid[d];
                hi &= m->grid[c] > m->grid[d];
            }
        if ((lo || hi) && rnd(m, 4) == 0) {
            refv_rule_t *u = add(m, lo ? REFV_MIN : REFV_MAX, 0);
            u->cells[u->ncells++] = c;
        }
    }
}

/* 1 when the grid keeps rule u alone. */
static int keeps(const maker_t *m, const refv_rule_t *u)
{
    const refv_t one = {m->n, m->br, m->bc, 0, 1, u};
    return refv_holds(&one, m->grid);
}

/* A line (a walk of king's moves, 2 to 6 cells) of one of the line kinds
 * that the grid keeps; tried a few times, else none. */
static void make_line(maker_t *m)
{
    static const int kinds[] = {REFV_PALINDROME, REFV_WHISPER, REFV_RENBAN,
                                REFV_BETWEEN, REFV_REGION_SUM, REFV_ENTROPIC,
                                REFV_LITTLE_KILLER};
    const int kind = kinds[rnd(m, 7)];
    if (kind == REFV_ENTROPIC && m->n % 3)
        return;
    for (int tries = 0; tries < 40; tries++) {
        refv_rule_t *u = add(m, kind, 0);
        const int len = 2 + rnd(m, 5);
        u->cells[u->ncells++] = rnd(m, m->n * m->n);
        while (u->ncells < len) {
            const int d = step(m, u, u->cells[u->ncells - 1], 1);
            if (d < 0)
                break;
            u->cells[u->ncells++] = d;
        }
        if (kind == REFV_WHISPER && rnd(m, 3) == 0)
            u->value = 1 + rnd(m, m->n / 2);
        if (kind == REFV_LITTLE_KILLER)
            for (int i = 0; i < u->ncells; i++)
                u->value += m->grid[u->cells[i]];
        if (u->ncells >= 2 && keeps(m, u))
            return;
        m->nrules--;
    }
}

/* Two cells of the same value; a quadruple of a 2x2 block's values. */
static void make_equal_quad(maker_t *m)
{
    const int n = m->n, a = rnd(m, n * n);
    for (int b = (a + 1) % (n * n); b != a; b = (b + 1) % (n * n))
        if (m->grid[b] == m->grid[a] && rnd(m, 3) == 0) {
            refv_rule_t *u = add(m, REFV_EQUAL, 0);
            u->cells[0] = a;
            u->cells[1] = b;
            u->ncells = 2;
            break;
        }
    const int r = rnd(m, n - 1), c = rnd(m, n - 1);
    refv_rule_t *u = add(m, REFV_QUADRUPLE, 0);
    const int cells[4] = {r * n + c, r * n + c + 1, (r + 1) * n + c,
                          (r + 1) * n + c + 1};
    const int k = 1 + rnd(m, 4);
    for (int i = 0; i < 4; i++)
        u->cells[u->ncells++] = cells[i];
    for (int i = 0, at = rnd(m, 4); i < k; i++)
        u->value |= m->grid[cells[(at + i) % 4]] << (5 * i);
}

/* Rules the grid keeps; sometimes one value changed. */
static void make_rules(maker_t *m)
{
    m->nrules = 0;
    m->neg = rnd(m, 3) == 0 ? (unsigned)(1 + rnd(m, 7)) : 0;
    const int cages = rnd(m, 4), thermos = rnd(m, 3), arrows = rnd(m, 3);
    for (int i = 0; i < cages; i++)
        make_cage(m);
    for (int i = 0; i < thermos; i++)
        make_thermo(m, rnd(m, 4) == 0);
    for (int i = 0; i < arrows; i++)
        make_arrow(m);
    if (rnd(m, 2) || m->neg)
        make_dots(m);
    if (rnd(m, 2))
        make_cells(m);
    const int lines = rnd(m, 4);
    for (int i = 0; i < lines; i++)
        make_line(m);
    if (rnd(m, 3) == 0)
        make_equal_quad(m);
    if (m->nrules && rnd(m, 7) == 0) {
        refv_rule_t *u = &m->rules[rnd(m, m->nrules)];
        if ((u->kind == REFV_CAGE && u->value) ||
            u->kind == REFV_LITTLE_KILLER)
            u->value += 1;
    }
}

/* ------------------------------------------------------------- library */


static sf_rules_t *library_rules(const maker_t *m, const sf_geometry_t *g)
{
    sf_rules_t *r = sf_rules_new(g);
    assert_non_null(r);
    sf_error_t err = {0};
    for (int i = 0; i < m->nrules; i++) {
        const refv_rule_t *u = &m->rules[i];
        if (sf_rules_add(r, REFV_TO_SF[u->kind], u->value, u->cells, u->ncells,
                         u->split, &err) < 0)
            fail_msg("rule %d (%s): %s", i, sf_rule_name(REFV_TO_SF[u->kind]),
                     err.message);
    }
    unsigned neg = 0;
    neg |= m->neg & REFV_NEG_DIFF ? SF_NEG_DIFF : 0;
    neg |= m->neg & REFV_NEG_RATIO ? SF_NEG_RATIO : 0;
    neg |= m->neg & REFV_NEG_XV ? SF_NEG_XV : 0;
    assert_int_equal(sf_rules_seal(r, neg, &err), 0);
    return r;
}

/* One puzzle at every limit and order; 1 when checked, 0 when skipped. */
static int check_puzzle(maker_t *m, const sf_geometry_t *g,
                        sf_solver_t *solver, const uint8_t *cells)
{
    const refv_t p = {m->n, m->br, m->bc, m->neg, m->nrules, m->rules};
    uint8_t first[REFV_MAX_CELLS], sol[REFV_MAX_CELLS];
    int exhausted;
    const uint64_t want = refv_count(&p, cells, 3, 3000000, first, &exhausted);
    if (exhausted)
        return 0;
    sf_rules_t *r = library_rules(m, g);
    assert_int_equal(sf_rules_hold(r, m->grid), refv_holds(&p, m->grid));
    for (uint64_t limit = 1; limit <= 3; limit++)
        for (int lex = 0; lex < 2; lex++) {
            sf_result_t res;
            sf_solve_rules(solver, r, cells, limit, lex ? SF_LEX : 0, sol,
                           &res);
            assert_int_equal(res.count, want < limit ? want : limit);
            if (!res.count)
                continue;
            assert_true(refv_holds(&p, sol));
            assert_true(sf_rules_hold(r, sol));
            for (int c = 0; c < m->n * m->n; c++)
                assert_true(!cells[c] || cells[c] == sol[c]);
            if (lex)
                assert_memory_equal(sol, first, (size_t)(m->n * m->n));
        }
    sf_rules_free(r);
    return 1;
}

static void crosscheck(int n, int br, int bc, int puzzles, uint64_t seed)
{
    char size[32];
    snprintf(size, sizeof size, "%dx%d:%dx%d", n, n, br, bc);
    sf_geometry_t *g = geometry_or_fail(size, NULL, NULL);
    sf_solver_t *solver = sf_solver_new(NULL);
    maker_t m = {.rng = seed, .n = n, .br = br, .bc = bc};
    int checked = 0, kinds[REFV_QUADRUPLE + 1] = {0};
    for (int i = 0; i < puzzles; i++) {
        memset(m.grid, 0, sizeof m.grid);
        assert_true(fill(&m, m.grid, 0));
        make_rules(&m);
        uint8_t cells[REFV_MAX_CELLS];
        const int keep = n < 9 ? rnd(&m, 60) : 30 + rnd(&m, 40);
        for (int c = 0; c < n * n; c++)
            cells[c] = rnd(&m, 100) < keep ? m.grid[c] : 0;
        checked += check_puzzle(&m, g, solver, cells);
        for (int k = 0; k < m.nrules; k++)
            kinds[m.rules[k].kind]++;
    }
    print_message("%dx%d: %d of %d puzzles checked; rules by kind:", n, n,
                  checked, puzzles);
    for (int k = 0; k <= REFV_QUADRUPLE; k++)
        print_message(" %s %d", sf_rule_name(REFV_TO_SF[k]), kinds[k]);
    print_message("\n");
    assert_true(checked * 10 >= puzzles * 9);
    sf_solver_free(solver);
    sf_geometry_free(g);
}

static void test_crosscheck_4x4(void **state)
{
    (void)state;
    crosscheck(4, 2, 2, 400, 11);
}

static void test_crosscheck_6x6(void **state)
{
    (void)state;
    crosscheck(6, 2, 3, 300, 12);
}

static void test_crosscheck_9x9(void **state)
{
    (void)state;
    crosscheck(9, 3, 3, 150, 13);
}

/* Shapes the rules refuse, each with its reason. */
static void test_rules_refuse(void **state)
{
    (void)state;
    sf_geometry_t *g = geometry_or_fail("9x9", NULL, NULL);
    sf_rules_t *r = sf_rules_new(g);
    sf_error_t err = {0};
    const int far[2] = {0, 2}, twice[3] = {0, 1, 0}, out[2] = {0, 81};
    const int pair[2] = {0, 1}, arrow[3] = {0, 1, 2};
    assert_int_equal(sf_rules_add(r, SF_RULE_DIFF, 1, far, 2, 0, &err), -1);
    assert_non_null(strstr(err.message, "not orthogonal neighbours"));
    assert_int_equal(sf_rules_add(r, SF_RULE_CAGE, 10, twice, 3, 0, &err), -1);
    assert_non_null(strstr(err.message, "R1C1 twice"));
    assert_int_equal(sf_rules_add(r, SF_RULE_CAGE, 10, out, 2, 0, &err), -1);
    assert_non_null(strstr(err.message, "not in the grid"));
    assert_int_equal(sf_rules_add(r, SF_RULE_SUM, 30, pair, 2, 0, &err), -1);
    assert_non_null(strstr(err.message, "out of range"));
    assert_int_equal(sf_rules_add(r, SF_RULE_ARROW, 0, arrow, 3, 3, &err), -1);
    assert_non_null(strstr(err.message, "circle"));
    assert_int_equal(sf_rules_add(r, SF_RULE_SUM, 10, pair, 2, 0, &err), 0);
    assert_int_equal(sf_rules_seal(r, 0, &err), 0);
    assert_int_equal(sf_rules_add(r, SF_RULE_SUM, 10, pair, 2, 0, &err), -1);
    assert_non_null(strstr(err.message, "sealed"));
    sf_rules_free(r);
    sf_geometry_free(g);
}

/* A cage of more cells than values, and a sum no set makes: no solution,
 * without a search. */
static void test_rules_impossible(void **state)
{
    (void)state;
    sf_geometry_t *g = geometry_or_fail("4x4:2x2", NULL, NULL);
    sf_solver_t *solver = sf_solver_new(NULL);
    const uint8_t empty[16] = {0};
    const int five[5] = {0, 1, 2, 3, 4}, two[2] = {0, 1};
    for (int k = 0; k < 2; k++) {
        sf_rules_t *r = sf_rules_new(g);
        sf_error_t err = {0};
        if (k == 0)
            assert_int_equal(sf_rules_add(r, SF_RULE_CAGE, 0, five, 5, 0,
                                          &err), 0);
        else
            assert_int_equal(sf_rules_add(r, SF_RULE_CAGE, 8, two, 2, 0,
                                          &err), 0);
        assert_int_equal(sf_rules_seal(r, 0, &err), 0);
        sf_result_t res;
        assert_int_equal(sf_solve_rules(solver, r, empty, 2, 0, NULL, &res),
                         SF_UNSOLVABLE);
        assert_int_equal(res.guesses, 0);
        sf_rules_free(r);
    }
    sf_solver_free(solver);
    sf_geometry_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_refuse),
        cmocka_unit_test(test_rules_impossible),
        cmocka_unit_test(test_crosscheck_4x4),
        cmocka_unit_test(test_crosscheck_6x6),
        cmocka_unit_test(test_crosscheck_9x9),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
