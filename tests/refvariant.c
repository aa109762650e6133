/*
 * refvariant.c -- the reference for variant constraints (refvariant.h):
 * the rules checked as written, cell by cell, and a row-major
 * backtracker over them.  Kept naive so that it can be checked by
 * reading.
 */
#include "refvariant.h"

#include <stdlib.h>
#include <string.h>

static int row_of(const refv_t *p, int c) { return c / p->n; }
static int col_of(const refv_t *p, int c) { return c % p->n; }

static int box_of(const refv_t *p, int c)
{
    return row_of(p, c) / p->box_r * (p->n / p->box_c) +
           col_of(p, c) / p->box_c;
}

static int neighbours(const refv_t *p, int a, int b)
{
    return abs(row_of(p, a) - row_of(p, b)) +
           abs(col_of(p, a) - col_of(p, b)) == 1;
}

static int third(const refv_t *p, int v) { return (v - 1) * 3 / p->n; }

/* A rule of kind names the pair a, b (either order). */
static int pair_named(const refv_t *p, int kind, int a, int b)
{
    for (int i = 0; i < p->nrules; i++) {
        const refv_rule_t *u = &p->rules[i];
        if (u->kind == kind &&
            ((u->cells[0] == a && u->cells[1] == b) ||
             (u->cells[0] == b && u->cells[1] == a)))
            return 1;
    }
    return 0;
}

/* A line's rule, all its cells filled. */
static int line_ok(const refv_t *p, const refv_rule_t *u, const uint8_t *g)
{
    const int *c = u->cells, k = u->ncells;
    int sum = 0;
    switch (u->kind) {
    case REFV_PALINDROME:
        for (int i = 0; i < k; i++)
            if (g[c[i]] != g[c[k - 1 - i]])
                return 0;
        return 1;
    case REFV_WHISPER: {
        const int gap = u->value ? u->value : (p->n + 1) / 2;
        for (int i = 0; i + 1 < k; i++)
            if (abs(g[c[i]] - g[c[i + 1]]) < gap)
                return 0;
        return 1;
    }
    case REFV_RENBAN: {
        int lo = p->n, hi = 1;
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < i; j++)
                if (g[c[i]] == g[c[j]])
                    return 0;
            lo = g[c[i]] < lo ? g[c[i]] : lo;
            hi = g[c[i]] > hi ? g[c[i]] : hi;
        }
        return hi - lo == k - 1;
    }
    case REFV_BETWEEN: {
        const int x = g[c[0]], y = g[c[k - 1]];
        for (int i = 1; i + 1 < k; i++)
            if (!((x < g[c[i]] && g[c[i]] < y) || (y < g[c[i]] && g[c[i]] < x)))
                return 0;
        return 1;
    }
    case REFV_REGION_SUM: {
        int first = -1;
        for (int i = 0; i < k; i++) {
            sum += g[c[i]];
            if (i + 1 == k || box_of(p, c[i + 1]) != box_of(p, c[i])) {
                if (first >= 0 && sum != first)
                    return 0;
                first = sum;
                sum = 0;
            }
        }
        return 1;
    }
    case REFV_ENTROPIC:
        for (int i = 0; i + 2 < k; i++) {
            const int x = third(p, g[c[i]]), y = third(p, g[c[i + 1]]),
                      z = third(p, g[c[i + 2]]);
            if (x == y || y == z || x == z)
                return 0;
        }
        return 1;
    case REFV_QUADRUPLE:
        for (int v = u->value; v; v >>= 5) {
            int want = 0, have = 0;
            for (int w = u->value; w; w >>= 5)
                want += (w & 31) == (v & 31);
            for (int i = 0; i < k; i++)
                have += g[c[i]] == (v & 31);
            if (have < want)
                return 0;
        }
        return 1;
    }
    return 0;
}

/* A line with empty cells: what its filled cells already break (pairs
 * along whispers and entropic lines, mirrors of palindromes, repeats and
 * spread of renban, the middle of a between line whose ends are in). */
static int line_partial_ok(const refv_t *p, const refv_rule_t *u,
                           const uint8_t *g)
{
    const int *c = u->cells, k = u->ncells;
    const int gap = u->value ? u->value : (p->n + 1) / 2;
    int lo = p->n, hi = 1;
    for (int i = 0; i < k; i++) {
        const int x = g[c[i]], y = i + 1 < k ? g[c[i + 1]] : 0;
        const int z = i + 2 < k ? g[c[i + 2]] : 0;
        if (!x)
            continue;
        if (u->kind == REFV_WHISPER && y && abs(x - y) < gap)
            return 0;
        if (u->kind == REFV_PALINDROME && g[c[k - 1 - i]] &&
            g[c[k - 1 - i]] != x)
            return 0;
        if (u->kind == REFV_ENTROPIC && k > 2 &&
            ((y && third(p, x) == third(p, y)) ||
             (z && third(p, x) == third(p, z))))
            return 0;
        if (u->kind == REFV_RENBAN) {
            for (int j = 0; j < i; j++)
                if (g[c[j]] == x)
                    return 0;
            lo = x < lo ? x : lo;
            hi = x > hi ? x : hi;
            if (hi - lo > k - 1)
                return 0;
        }
        if (u->kind == REFV_BETWEEN && i > 0 && i < k - 1 && g[c[0]] &&
            g[c[k - 1]] &&
            !((g[c[0]] < x && x < g[c[k - 1]]) ||
              (g[c[k - 1]] < x && x < g[c[0]])))
            return 0;
    }
    return 1;
}

/* The rules of one rule over grid g, where 0 is an empty cell: 0 when it
 * is broken by its filled cells. */
static int rule_ok(const refv_t *p, const refv_rule_t *u, const uint8_t *g)
{
    const int *c = u->cells;
    int filled = 0, sum = 0;
    for (int i = 0; i < u->ncells; i++)
        filled += g[c[i]] != 0;
    const int full = filled == u->ncells;
    switch (u->kind) {
    case REFV_CAGE:
        for (int i = 0; i < u->ncells; i++) {
            for (int j = 0; j < i; j++)
                if (g[c[i]] && g[c[i]] == g[c[j]])
                    return 0;
            sum += g[c[i]];
        }
        return u->value == 0 || (full ? sum == u->value : sum < u->value);
    case REFV_THERMO:
    case REFV_SLOW_THERMO:
        for (int i = 1; i < u->ncells; i++)
            if (g[c[i]] && g[c[i - 1]] &&
                (u->kind == REFV_THERMO ? g[c[i]] <= g[c[i - 1]]
                                        : g[c[i]] < g[c[i - 1]]))
                return 0;
        return 1;
    case REFV_ARROW:
    case REFV_LITTLE_KILLER: {
        /* each empty arrow cell adds at least 1 */
        long number = u->kind == REFV_ARROW ? 0 : u->value;
        int known = 1;
        for (int i = 0; i < u->split; i++) {
            number = number * 10 + g[c[i]];
            known &= g[c[i]] != 0;
        }
        for (int i = u->split; i < u->ncells; i++)
            sum += g[c[i]] ? g[c[i]] : 1;
        return full ? number == sum : !known || sum <= number;
    }
    case REFV_ODD: return !g[c[0]] || g[c[0]] % 2 == 1;
    case REFV_EVEN: return !g[c[0]] || g[c[0]] % 2 == 0;
    case REFV_MIN:
    case REFV_MAX:
        for (int d = 0; d < p->n * p->n; d++)
            if (g[c[0]] && g[d] && neighbours(p, c[0], d) &&
                (u->kind == REFV_MIN ? g[c[0]] >= g[d] : g[c[0]] <= g[d]))
                return 0;
        return 1;
    }
    if (!full)
        return line_partial_ok(p, u, g);
    const int a = g[c[0]], b = g[c[1]];
    switch (u->kind) {
    case REFV_DIFF: return abs(a - b) == u->value;
    case REFV_RATIO: return a == u->value * b || b == u->value * a;
    case REFV_SUM: return a + b == u->value;
    case REFV_LESS: return a < b;
    case REFV_EQUAL: return a == b;
    }
    return line_ok(p, u, g);
}

static int negative_ok(const refv_t *p, int a, int b, const uint8_t *g)
{
    const int x = g[a], y = g[b];
    if (!x || !y || !neighbours(p, a, b))
        return 1;
    if ((p->neg & REFV_NEG_DIFF) && abs(x - y) == 1 &&
        !pair_named(p, REFV_DIFF, a, b))
        return 0;
    if ((p->neg & REFV_NEG_RATIO) && (x == 2 * y || y == 2 * x) &&
        !pair_named(p, REFV_RATIO, a, b))
        return 0;
    if ((p->neg & REFV_NEG_XV) && (x + y == 5 || x + y == 10) &&
        !pair_named(p, REFV_SUM, a, b))
        return 0;
    return 1;
}

/* Cell c, just filled in g, breaks nothing with the cells filled. */
static int placed_ok(const refv_t *p, const uint8_t *g, int c)
{
    const int n = p->n;
    for (int d = 0; d < n * n; d++) {
        if (d == c || !g[d])
            continue;
        const int same = row_of(p, d) == row_of(p, c) ||
                         col_of(p, d) == col_of(p, c) ||
                         box_of(p, d) == box_of(p, c);
        if (same && g[d] == g[c])
            return 0;
        if (!negative_ok(p, c, d, g))
            return 0;
    }
    for (int i = 0; i < p->nrules; i++)
        if (!rule_ok(p, &p->rules[i], g))
            return 0;
    return 1;
}

int refv_holds(const refv_t *p, const uint8_t *grid)
{
    for (int c = 0; c < p->n * p->n; c++)
        if (grid[c] < 1 || grid[c] > p->n || !placed_ok(p, grid, c))
            return 0;
    return 1;
}

uint64_t refv_count(const refv_t *p, const uint8_t *cells, uint64_t limit,
                    uint64_t budget, uint8_t *first, int *exhausted)
{
    const int nc = p->n * p->n;
    uint8_t g[REFV_MAX_CELLS];
    int empty[REFV_MAX_CELLS], k = 0;
    uint64_t count = 0, tried = 0;
    *exhausted = 0;
    memcpy(g, cells, (size_t)nc);
    for (int c = 0; c < nc; c++) {
        if (g[c] > p->n)
            return 0;
        if (!g[c])
            empty[k++] = c;
        else if (!placed_ok(p, g, c))
            return 0;
    }
    int depth = 0;
    while (depth >= 0) {
        if (depth == k) {
            if (count++ == 0 && first)
                memcpy(first, g, (size_t)nc);
            if (limit && count >= limit)
                return count;
            depth--;
            continue;
        }
        const int c = empty[depth];
        int ok = 0;
        while (g[c] < p->n) {
            g[c]++;
            if (budget && ++tried > budget) {
                *exhausted = 1;
                return count;
            }
            if (placed_ok(p, g, c)) {
                ok = 1;
                break;
            }
        }
        if (ok) {
            depth++;
        } else {
            g[c] = 0;
            depth--;
        }
    }
    return count;
}

/* The fewest-first search: fill next the empty cell with the fewest
 * values that break nothing. */
typedef struct fewest {
    const refv_t *p;
    uint64_t limit, budget, count, tried;
    uint8_t *first;
    int exhausted;
} fewest_t;

static void fewest_fill(fewest_t *f, uint8_t *g)
{
    const refv_t *p = f->p;
    const int nc = p->n * p->n;
    int best = -1, fewest = p->n + 1;
    for (int c = 0; c < nc && fewest > 0; c++) {
        if (g[c])
            continue;
        int k = 0;
        for (int v = 1; v <= p->n; v++) {
            g[c] = (uint8_t)v;
            k += placed_ok(p, g, c);
        }
        g[c] = 0;
        if (k < fewest) {
            fewest = k;
            best = c;
        }
    }
    if (best < 0) {
        if (f->count++ == 0 && f->first)
            memcpy(f->first, g, (size_t)nc);
        return;
    }
    for (int v = 1; v <= p->n; v++) {
        if ((f->limit && f->count >= f->limit) || f->exhausted)
            return;
        if (f->budget && ++f->tried > f->budget) {
            f->exhausted = 1;
            return;
        }
        g[best] = (uint8_t)v;
        if (placed_ok(p, g, best))
            fewest_fill(f, g);
        g[best] = 0;
    }
}

uint64_t refv_count_fewest(const refv_t *p, const uint8_t *cells,
                           uint64_t limit, uint64_t budget, uint8_t *first,
                           int *exhausted)
{
    const int nc = p->n * p->n;
    uint8_t g[REFV_MAX_CELLS];
    memcpy(g, cells, (size_t)nc);
    *exhausted = 0;
    for (int c = 0; c < nc; c++)
        if (g[c] > p->n || (g[c] && !placed_ok(p, g, c)))
            return 0;
    fewest_t f = {p, limit, budget, 0, 0, first, 0};
    fewest_fill(&f, g);
    *exhausted = f.exhausted;
    return f.count;
}
