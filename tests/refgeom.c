/*
 * refgeom.c -- naive reference backtracker for every geometry (see
 * refgeom.h).
 *
 * The search sees each "holds each value once / at most once" rule as a
 * unit: every row, column, region, diagonal, window, disjoint group and
 * extra group has a unit number, and cell_units() lists the units of a cell
 * straight from the rules.  used[u] has bit v - 1 set when the value v is
 * already in unit u.  A value is allowed in a cell when none of its units
 * holds it and no filled knight, king or orthogonal neighbour (under those
 * variants) forbids it.  The search is a loop rather than a recursion, so
 * that 1024 empty cells need no deep stack: at[k] is the cell filled at
 * depth k and tried[k] the value it holds (0 before the first).
 *
 * refg_valid_solution checks a finished grid the other way round, sharing
 * nothing with the search: it walks the cells of each group as the rules
 * describe them (rows, rectangles, diagonals, cells of one label) looking
 * for a repeated value, and tests the pair rules on every pair of cells.
 */
#include "refgeom.h"

#include <stdlib.h>
#include <string.h>

/* Unit numbers: a kind's base plus an index within the kind. */
enum {
    U_ROW = 0,                             /* + row */
    U_COL = U_ROW + REFG_MAX_N,            /* + column */
    U_REGION = U_COL + REFG_MAX_N,         /* + box number, or + label */
    U_MAIN = U_REGION + 256,               /* the main diagonal */
    U_ANTI = U_MAIN + 1,                   /* the anti-diagonal */
    U_WINDOW = U_ANTI + 1,                 /* + window number (< N) */
    U_DISJOINT = U_WINDOW + REFG_MAX_N,    /* + position in the box */
    U_EXTRA = U_DISJOINT + REFG_MAX_N,     /* + map * 256 + label */
    U_COUNT = U_EXTRA + REFG_MAX_EXTRA * 256
};

#define MAX_CELL_UNITS (7 + REFG_MAX_EXTRA) /* row .. disjoint, extras */

typedef struct search {
    const refg_t *g;
    int n, ncells;                  /* N and N * N */
    uint32_t all;                   /* the values 1..N as bits */
    uint8_t grid[REFG_MAX_CELLS];   /* current grid, 0 = empty */
    uint32_t used[U_COUNT];         /* used[u] bit v - 1: v is in unit u */
    uint16_t at[REFG_MAX_CELLS];    /* the cell filled at depth k */
    uint8_t tried[REFG_MAX_CELLS];  /* the value it holds, 0 = none yet */
    int n_empty;                    /* empty cells of the puzzle */
    int fewest_first;               /* pick the cell with the fewest values */
    uint64_t limit;                 /* 0 = no limit */
    uint64_t budget;                /* 0 = no budget */
    uint64_t nodes;                 /* placements tried */
    uint64_t count;                 /* solutions found */
    int aborted;                    /* 1 when the budget ran out */
    uint8_t *first;                 /* may be NULL */
} search_t;

static const int KNIGHT[8][2] = {{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2},
                                 {1, -2},  {1, 2},  {2, -1},  {2, 1}};
static const int KING[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1},
                               {0, 1},   {1, -1}, {1, 0},  {1, 1}};
static const int ORTHO[4][2] = {{-1, 0}, {0, -1}, {0, 1}, {1, 0}};

static uint32_t bit(int v)
{
    return (uint32_t)1 << (v - 1);
}

/* ------------------------------------------------------- well-formed */

static int fail(const char **why, const char *reason)
{
    if (why)
        *why = reason;
    return 0;
}

int refg_check_regions(int n, const uint8_t *labels, const char **why)
{
    int count[256] = {0};
    if (n < 1 || n > REFG_MAX_N)
        return fail(why, "N is not in 1..32");
    if (!labels)
        return fail(why, "no region map");
    for (int i = 0; i < n * n; i++)
        count[labels[i]]++;
    int regions = 0;
    for (int label = 0; label < 256; label++) {
        if (count[label] == 0)
            continue;
        if (count[label] != n)
            return fail(why, "a region label is not used exactly N times");
        regions++;
    }
    if (regions != n) /* cannot happen when every count is N; kept plain */
        return fail(why, "the region map does not have N labels");
    return 1;
}

int refg_check(const refg_t *g, const char **why)
{
    if (!g)
        return fail(why, "no geometry");
    if (g->n < 1 || g->n > REFG_MAX_N)
        return fail(why, "N is not in 1..32");
    if (g->variants & ~REFG_ALL_VARIANTS)
        return fail(why, "unknown variant flag");
    if (g->regions) {
        if (!refg_check_regions(g->n, g->regions, why))
            return 0;
        if (g->variants & (REFG_WINDOKU | REFG_DISJOINT))
            return fail(why, "windoku and disjoint need boxes");
    } else if (g->box_r < 1 || g->box_c < 1 || g->box_r > g->n ||
               g->box_c > g->n || g->box_r * g->box_c != g->n) {
        return fail(why, "boxes are not R x C with R * C == N");
    }
    if (g->nextra < 0 || g->nextra > REFG_MAX_EXTRA)
        return fail(why, "nextra is not in 0..REFG_MAX_EXTRA");
    for (int m = 0; m < g->nextra; m++)
        if (!g->extra[m])
            return fail(why, "an extra map is missing");
    return 1;
}

/* ------------------------------------------------------------ search */

/* The window holding cell (r, c), numbered row by row, or -1.  Window
 * (i, j) has its top-left cell at row 1 + i (R + 1), column 1 + j (C + 1)
 * and exists when its R x C cells fit in the grid.  Windows do not overlap
 * and hold N cells each, so there are at most N of them. */
static int window_of(const refg_t *g, int r, int c)
{
    const int n = g->n, R = g->box_r, C = g->box_c;
    if (r < 1 || c < 1)
        return -1;
    const int i = (r - 1) / (R + 1), j = (c - 1) / (C + 1);
    const int top = 1 + i * (R + 1), left = 1 + j * (C + 1);
    if (r >= top + R || c >= left + C) /* in the gap after a window */
        return -1;
    if (top + R > n || left + C > n) /* that window does not fit */
        return -1;
    const int across = (n - 1 - C) / (C + 1) + 1; /* windows in a row */
    return i * across + j;
}

/* The units of cell, into units; returns how many. */
static int cell_units(const refg_t *g, int cell, int units[MAX_CELL_UNITS])
{
    const int n = g->n, r = cell / n, c = cell % n;
    int k = 0;
    units[k++] = U_ROW + r;
    units[k++] = U_COL + c;
    if (g->regions)
        units[k++] = U_REGION + g->regions[cell];
    else
        units[k++] = U_REGION + (r / g->box_r) * (n / g->box_c) + c / g->box_c;
    if ((g->variants & REFG_X_MAIN) && r == c)
        units[k++] = U_MAIN;
    if ((g->variants & REFG_X_ANTI) && r + c == n - 1)
        units[k++] = U_ANTI;
    if ((g->variants & REFG_WINDOKU) && window_of(g, r, c) >= 0)
        units[k++] = U_WINDOW + window_of(g, r, c);
    if (g->variants & REFG_DISJOINT)
        units[k++] = U_DISJOINT + (r % g->box_r) * g->box_c + c % g->box_c;
    for (int m = 0; m < g->nextra; m++)
        if (g->extra[m][cell])
            units[k++] = U_EXTRA + m * 256 + g->extra[m][cell];
    return k;
}

/* The value at (r + d[0], c + d[1]); 0 when empty or off the grid. */
static int value_at(const search_t *s, int r, int c, const int d[2])
{
    r += d[0];
    c += d[1];
    if (r < 0 || r >= s->n || c < 0 || c >= s->n)
        return 0;
    return s->grid[r * s->n + c];
}

/* The values the filled neighbours of cell forbid under the pair rules. */
static uint32_t pair_forbidden(const search_t *s, int cell)
{
    const unsigned variants = s->g->variants;
    const int r = cell / s->n, c = cell % s->n;
    uint32_t f = 0;
    if (!(variants & (REFG_ANTIKNIGHT | REFG_ANTIKING | REFG_NONCONSECUTIVE)))
        return 0;
    for (int i = 0; i < 8 && (variants & REFG_ANTIKNIGHT); i++) {
        const int v = value_at(s, r, c, KNIGHT[i]);
        if (v)
            f |= bit(v);
    }
    for (int i = 0; i < 8 && (variants & REFG_ANTIKING); i++) {
        const int v = value_at(s, r, c, KING[i]);
        if (v)
            f |= bit(v);
    }
    for (int i = 0; i < 4 && (variants & REFG_NONCONSECUTIVE); i++) {
        const int v = value_at(s, r, c, ORTHO[i]);
        if (v > 1)
            f |= bit(v - 1);
        if (v >= 1 && v < s->n)
            f |= bit(v + 1);
    }
    return f;
}

/* The values cell may take now, as bits. */
static uint32_t allowed(const search_t *s, int cell)
{
    int units[MAX_CELL_UNITS];
    const int k = cell_units(s->g, cell, units);
    uint32_t mask = s->all & ~pair_forbidden(s, cell);
    for (int i = 0; i < k; i++)
        mask &= ~s->used[units[i]];
    return mask;
}

/* Put v in cell (on) or take it out (not on). */
static void set_value(search_t *s, int cell, int v, int on)
{
    int units[MAX_CELL_UNITS];
    const int k = cell_units(s->g, cell, units);
    s->grid[cell] = on ? (uint8_t)v : 0;
    for (int i = 0; i < k; i++)
        s->used[units[i]] = on ? s->used[units[i]] | bit(v)
                               : s->used[units[i]] & ~bit(v);
}

/* The smallest value above after that cell may take, or 0. */
static int next_value(const search_t *s, int cell, int after)
{
    const uint32_t mask = allowed(s, cell);
    for (int v = after + 1; v <= s->n; v++)
        if (mask & bit(v))
            return v;
    return 0;
}

static int popcount(uint32_t m)
{
    return __builtin_popcount(m);
}

/* The cell to fill at depth k (k < n_empty, so there is one): the first
 * empty cell after the one of depth k - 1, or with fewest_first the empty
 * cell with the fewest allowed values, the first in row order of those. */
static int pick(const search_t *s, int k)
{
    if (!s->fewest_first) {
        int cell = k == 0 ? 0 : s->at[k - 1] + 1;
        while (s->grid[cell])
            cell++;
        return cell;
    }
    int best = -1, fewest = REFG_MAX_N + 1;
    for (int cell = 0; cell < s->ncells && fewest > 0; cell++) {
        if (s->grid[cell])
            continue;
        const int m = popcount(allowed(s, cell));
        if (m < fewest) {
            fewest = m;
            best = cell;
        }
    }
    return best;
}

/* Depth-first search over the empty cells, as in refg_count_bounded. */
static void search(search_t *s)
{
    int k = 0; /* cells the search has filled */
    if (s->n_empty > 0) {
        s->at[0] = (uint16_t)pick(s, 0);
        s->tried[0] = 0;
    }
    for (;;) {
        if (k == s->n_empty) { /* a solution */
            if (s->count == 0 && s->first)
                memcpy(s->first, s->grid, (size_t)s->ncells);
            s->count++;
            if ((s->limit && s->count >= s->limit) || k == 0)
                return;
            k--; /* back to the last cell filled, to try its next value */
            continue;
        }
        const int cell = s->at[k];
        if (s->tried[k])
            set_value(s, cell, s->tried[k], 0);
        const int v = next_value(s, cell, s->tried[k]);
        if (v == 0) { /* no value left here: back up */
            if (k == 0)
                return;
            k--;
            continue;
        }
        if (s->budget && s->nodes >= s->budget) {
            s->aborted = 1;
            return;
        }
        s->nodes++;
        set_value(s, cell, v, 1);
        s->tried[k] = (uint8_t)v;
        if (++k < s->n_empty) {
            s->at[k] = (uint16_t)pick(s, k);
            s->tried[k] = 0;
        }
    }
}

/* Set up s for g (well-formed) and place the givens; 0 when a value is
 * above N or a given breaks a rule with the givens before it. */
static int load_givens(search_t *s, const refg_t *g, const uint8_t *cells)
{
    memset(s, 0, sizeof *s);
    s->g = g;
    s->n = g->n;
    s->ncells = g->n * g->n;
    s->all = (uint32_t)(((uint64_t)1 << g->n) - 1);
    for (int i = 0; i < s->ncells; i++) {
        const int v = cells[i];
        if (v > s->n)
            return 0;
        if (v == 0) {
            s->n_empty++;
            continue;
        }
        if (!(allowed(s, i) & bit(v)))
            return 0;
        set_value(s, i, v, 1);
    }
    return 1;
}

static int count_with(const refg_t *g, const uint8_t *cells, int fewest_first,
                      uint64_t limit, uint64_t node_budget, uint8_t *first,
                      uint64_t *count, uint64_t *nodes)
{
    search_t s;
    *count = 0;
    if (nodes)
        *nodes = 0;
    if (!refg_check(g, NULL))
        return -2;
    if (!load_givens(&s, g, cells))
        return 0;
    s.fewest_first = fewest_first;
    s.limit = limit;
    s.budget = node_budget;
    s.first = first;
    search(&s);
    *count = s.count;
    if (nodes)
        *nodes = s.nodes;
    return s.aborted ? -1 : 0;
}

int refg_count_bounded(const refg_t *g, const uint8_t *cells, uint64_t limit,
                       uint64_t node_budget, uint8_t *first, uint64_t *count,
                       uint64_t *nodes)
{
    return count_with(g, cells, 0, limit, node_budget, first, count, nodes);
}

int refg_count_fewest_bounded(const refg_t *g, const uint8_t *cells,
                              uint64_t limit, uint64_t node_budget,
                              uint8_t *first, uint64_t *count,
                              uint64_t *nodes)
{
    return count_with(g, cells, 1, limit, node_budget, first, count, nodes);
}

uint64_t refg_count(const refg_t *g, const uint8_t *cells, uint64_t limit,
                    uint8_t *first)
{
    uint64_t count;
    refg_count_bounded(g, cells, limit, 0, first, &count, NULL);
    return count;
}

int refg_givens_consistent(const refg_t *g, const uint8_t *cells)
{
    search_t s;
    return refg_check(g, NULL) && load_givens(&s, g, cells);
}

/* ---------------------------------------------------- finished grids */

/* 1 when the cells (top + i * step_r, left + j * step_c), i < h, j < w, of
 * sol (side n) hold no value twice. */
static int rect_distinct(const uint8_t *sol, int n, int top, int left, int h,
                         int w, int step_r, int step_c)
{
    uint64_t seen = 0;
    for (int i = 0; i < h; i++)
        for (int j = 0; j < w; j++) {
            const uint64_t b = (uint64_t)1
                               << sol[(top + i * step_r) * n + left +
                                      j * step_c];
            if (seen & b)
                return 0;
            seen |= b;
        }
    return 1;
}

/* 1 when the cells labelled label in map hold no value twice. */
static int label_distinct(const uint8_t *sol, int ncells, const uint8_t *map,
                          int label)
{
    uint64_t seen = 0;
    for (int i = 0; i < ncells; i++) {
        if (map[i] != label)
            continue;
        const uint64_t b = (uint64_t)1 << sol[i];
        if (seen & b)
            return 0;
        seen |= b;
    }
    return 1;
}

/* 1 when, for every label of map (but 0 when skip_zero, as in an extra
 * map), the cells with that label hold no value twice.  Each label is
 * checked once, at its first cell. */
static int labels_distinct(const uint8_t *sol, int ncells, const uint8_t *map,
                           int skip_zero)
{
    uint8_t seen[256] = {0};
    for (int i = 0; i < ncells; i++) {
        if (seen[map[i]] || (skip_zero && map[i] == 0))
            continue;
        seen[map[i]] = 1;
        if (!label_distinct(sol, ncells, map, map[i]))
            return 0;
    }
    return 1;
}

/* 1 when both diagonals hold no value twice, as far as g asks. */
static int diagonals_distinct(const refg_t *g, const uint8_t *sol)
{
    const int n = g->n;
    uint64_t main_seen = 0, anti_seen = 0;
    for (int i = 0; i < n; i++) {
        const uint64_t m = (uint64_t)1 << sol[i * n + i];
        const uint64_t a = (uint64_t)1 << sol[i * n + n - 1 - i];
        if ((g->variants & REFG_X_MAIN) && (main_seen & m))
            return 0;
        if ((g->variants & REFG_X_ANTI) && (anti_seen & a))
            return 0;
        main_seen |= m;
        anti_seen |= a;
    }
    return 1;
}

/* 1 when rows, columns, regions, windows and disjoint groups hold no value
 * twice. */
static int groups_distinct(const refg_t *g, const uint8_t *sol)
{
    const int n = g->n, R = g->box_r, C = g->box_c;
    for (int i = 0; i < n; i++)
        if (!rect_distinct(sol, n, i, 0, 1, n, 1, 1) ||
            !rect_distinct(sol, n, 0, i, n, 1, 1, 1))
            return 0;
    if (g->regions) /* windoku and disjoint need boxes */
        return labels_distinct(sol, n * n, g->regions, 0);
    for (int top = 0; top < n; top += R)
        for (int left = 0; left < n; left += C)
            if (!rect_distinct(sol, n, top, left, R, C, 1, 1))
                return 0;
    if (g->variants & REFG_WINDOKU)
        for (int top = 1; top + R <= n; top += R + 1)
            for (int left = 1; left + C <= n; left += C + 1)
                if (!rect_distinct(sol, n, top, left, R, C, 1, 1))
                    return 0;
    if (g->variants & REFG_DISJOINT)
        for (int p = 0; p < R; p++)
            for (int q = 0; q < C; q++)
                if (!rect_distinct(sol, n, p, q, n / R, n / C, R, C))
                    return 0;
    return 1;
}

/* 1 when no pair of cells breaks the knight, king or nonconsecutive rule
 * (as far as g asks). */
static int pairs_ok(const refg_t *g, const uint8_t *sol)
{
    const int n = g->n;
    const unsigned variants = g->variants;
    for (int a = 0; a < n * n; a++)
        for (int b = a + 1; b < n * n; b++) {
            const int dr = abs(a / n - b / n), dc = abs(a % n - b % n);
            const int same = sol[a] == sol[b];
            if ((variants & REFG_ANTIKNIGHT) && same &&
                ((dr == 1 && dc == 2) || (dr == 2 && dc == 1)))
                return 0;
            if ((variants & REFG_ANTIKING) && same && dr <= 1 && dc <= 1)
                return 0;
            if ((variants & REFG_NONCONSECUTIVE) && dr + dc == 1 &&
                abs(sol[a] - sol[b]) == 1)
                return 0;
        }
    return 1;
}

int refg_valid_solution(const refg_t *g, const uint8_t *puzzle,
                        const uint8_t *sol)
{
    if (!refg_check(g, NULL))
        return 0;
    const int ncells = g->n * g->n;
    for (int i = 0; i < ncells; i++) {
        if (sol[i] < 1 || sol[i] > g->n)
            return 0;
        if (puzzle && puzzle[i] != 0 && puzzle[i] != sol[i])
            return 0;
    }
    for (int m = 0; m < g->nextra; m++)
        if (!labels_distinct(sol, ncells, g->extra[m], 1))
            return 0;
    return groups_distinct(g, sol) && diagonals_distinct(g, sol) &&
           pairs_ok(g, sol);
}
