/*
 * bitgrid_internal.h -- the search of the kernels that hold a set of
 * cells in a machine word or two: smallgrid.c (up to 64 cells, one
 * 64-bit word) and nine.c (9x9 grids other than classic, a 128-bit
 * vector).  Written once over a set type that the including file
 * defines, with:
 *
 *   cells_t                      the set, with & | ^ ~ as operators
 *   CELLS_MAX, VALUES_MAX        cells and values of the largest grid
 *   cells_zero(), cells_bit(c)   no cell, cell c alone
 *   cells_any(x), cells_one(x)   some cell, exactly one cell
 *   cells_has(x, c)              cell c in x
 *   cells_pop(&x)                the lowest cell of a non-empty x, taken
 *                                out of it
 *   cells_count(x)               its cells
 *   BG_POINTING                  1 to point (below), 0 not to
 *   CELLS_CLASSIFY               (optional) defined when the file has
 *                                cells_classify (below)
 *
 * The position is a set per value, cand[v] the cells that may still
 * hold v + 1, and the set of cells placed.  Placing v at cell c takes c
 * out of every other set and c's peers out of cand[v] (under
 * non-consecutive, its orthogonal neighbours out of the sets of v - 1
 * and v + 1): a dozen word operations.  Propagation to a fixed point:
 *
 *  - naked singles: the cells left with one value, counted across the
 *    sets bit-sliced (once, twice); a cell left with none is a
 *    contradiction;
 *  - hidden singles: a value with one place in a full unit (a unit as a
 *    set: one AND); a unit left without a place for a value is a
 *    contradiction;
 *  - pointing (where BG_POINTING): when a value has 2 to POINT_MAX
 *    places in a full unit, the cells that see them all lose the value
 *    (the AND of the places' peer sets: locked candidates where a box
 *    crosses a line, and what anti-knight or anti-king peers or a jigsaw
 *    region add);
 *  - under non-consecutive, a cell whose values lie within one of v
 *    leaves no value for an orthogonal neighbour holding v, so the
 *    neighbour loses v.
 *
 * Hidden singles and pointing look only at the units where a value lost
 * a place since they last looked: the position keeps each value's set as
 * they last saw it, and the cells that differ name the units (a 64-bit
 * set of full units per cell).  Without that, a look at every
 * unit and value after every change was most of a node's cost.  Where
 * a value lost many cells (after the givens are loaded) every unit is
 * looked at, sorted at once by cells_classify where the including file
 * has one (AVX-512: 4 or 8 units a register).  Every
 * rule only takes values away, so the fixed point (or the contradiction)
 * is the same in whatever order they run: solving a puzzle with its
 * singles placed gives the same position, the same guesses.  The givens
 * are loaded value by value (the cells no given's peer rules out), not
 * placed one by one.
 *
 * The search branches on an open cell with the fewest values, and among
 * those the most open peers (its placement reaches furthest); with
 * SF_LEX on the first open cell in row-major order, values ascending
 * throughout, so the first solution found is the smallest.  Each level
 * copies the position down a recursion of at most CELLS_MAX levels.  A
 * guess is counted for each value tried while another is left, as in
 * geosolve.c.
 *
 * The sets of a geometry (peers, neighbours, full units, the units of
 * each cell) are made once and kept with it (geom_derived), so any
 * number of threads share them.
 */
#ifndef SF_BITGRID_INTERNAL_H
#define SF_BITGRID_INTERNAL_H

#include <stdlib.h>
#include <string.h>

#include "core/geometry.h"
#include "kernels.h"

#define BG_UNITS 64 /* full units: a geometry of more is not served */

#ifdef CELLS_CLASSIFY
/* The including file's: of the first nunits sets of unit, those with no
 * cell of x (sort[0]), one not in solved (sort[1]), 2 to most
 * (sort[2]), all at once in vector registers; bits past nunits may be
 * set. */
static void cells_classify(const cells_t *unit, int nunits, cells_t x,
                           cells_t solved, int most, uint64_t sort[3]);
#endif

typedef struct bg_tab {
    int n, ncells;
    int nonconsec;
    int nunits;
    cells_t all;             /* the grid's cells */
    cells_t bit[CELLS_MAX];  /* each cell alone */
    cells_t peers[CELLS_MAX], orth[CELLS_MAX];
    cells_t unit[BG_UNITS] __attribute__((aligned(64))); /* full units */
    uint64_t cunits[CELLS_MAX]; /* the full units of each cell */
    uint64_t every;             /* every full unit */
} bg_tab_t;

typedef struct bg_pos {
    cells_t cand[VALUES_MAX];
    cells_t solved;
    cells_t seen[VALUES_MAX]; /* cand as bg_units last saw it */
} bg_pos_t;

typedef struct bg_run {
    const bg_tab_t *t;
    uint64_t limit, count, guesses;
    unsigned flags;
    uint8_t *solution;
} bg_run_t;

static void *bg_tab_make(const sf_geometry_t *g)
{
    bg_tab_t *t = aligned_alloc(64, (sizeof(bg_tab_t) + 63) & ~(size_t)63);
    if (!t)
        return NULL;
    memset(t, 0, sizeof *t);
    t->n = g->n;
    t->ncells = g->ncells;
    t->nonconsec = (g->variants & SF_VARIANT_NONCONSECUTIVE) != 0;
    t->nunits = g->nfull;
    for (int c = 0; c < g->ncells; c++) {
        t->bit[c] = cells_bit(c);
        t->all |= t->bit[c];
    }
    for (int c = 0; c < g->ncells; c++) {
        for (uint32_t k = g->peer_off[c]; k < g->peer_off[c + 1]; k++)
            t->peers[c] |= t->bit[g->peer[k]];
        for (uint32_t k = g->orth_off[c]; k < g->orth_off[c + 1]; k++)
            t->orth[c] |= t->bit[g->orth[k]];
    }
    t->every = g->nfull == 64 ? ~(uint64_t)0 : ((uint64_t)1 << g->nfull) - 1;
    for (int u = 0; u < g->nfull; u++)
        for (uint32_t k = g->unit_off[u]; k < g->unit_off[u + 1]; k++) {
            t->unit[u] |= t->bit[g->unit_cell[k]];
            t->cunits[g->unit_cell[k]] |= (uint64_t)1 << u;
        }
    return t;
}

static const bg_tab_t *bg_tab_of(const sf_geometry_t *g)
{
    return geom_derived(g, bg_tab_make, free);
}

static int bg_fits_units(const sf_geometry_t *g)
{
    return g->nfull <= BG_UNITS && g->n <= VALUES_MAX &&
           g->ncells <= CELLS_MAX;
}

static void bg_place(const bg_tab_t *t, bg_pos_t *p, int c, int v)
{
    const cells_t b = t->bit[c];
    for (int w = 0; w < t->n; w++)
        p->cand[w] &= ~b;
    p->cand[v] = (p->cand[v] & ~t->peers[c]) | b;
    if (t->nonconsec) {
        if (v > 0)
            p->cand[v - 1] &= ~t->orth[c];
        if (v < t->n - 1)
            p->cand[v + 1] &= ~t->orth[c];
    }
    p->solved |= b;
}

/* The value of cell c: its lowest, -1 when it has none. */
static int bg_value_at(const bg_tab_t *t, const bg_pos_t *p, int c)
{
    for (int v = 0; v < t->n; v++)
        if (cells_has(p->cand[v], c))
            return v;
    return -1;
}

/* The full units of the cells of x: every unit when they are many (as
 * after the givens are placed). */
static uint64_t bg_units_of(const bg_tab_t *t, cells_t x)
{
    if (cells_count(x) > 24)
        return t->every;
    uint64_t units = 0;
    while (cells_any(x))
        units |= t->cunits[cells_pop(&x)];
    return units;
}

/* Naked singles: -1 on a contradiction, else 1 when one was placed. */
static int bg_naked(const bg_tab_t *t, bg_pos_t *p)
{
    cells_t once = cells_zero(), twice = once;
    for (int v = 0; v < t->n; v++) {
        twice |= once & p->cand[v];
        once |= p->cand[v];
    }
    if (cells_any(t->all & ~once))
        return -1;
    cells_t singles = once & ~twice & ~p->solved;
    if (!cells_any(singles))
        return 0;
    while (cells_any(singles)) {
        const int c = cells_pop(&singles);
        const int v = bg_value_at(t, p, c);
        if (v < 0)
            return -1; /* an earlier single took its value */
        bg_place(t, p, c, v);
    }
    return 1;
}

#define POINT_MAX 4 /* places of a value that pointing looks at */

/* Value v's places m in a full unit: -1 when it has none, 1 when it has
 * one, open, and v was placed there (a hidden single), else 0. */
static int bg_single(const bg_tab_t *t, bg_pos_t *p, cells_t m, int v)
{
    if (!cells_any(m))
        return -1;
    if (!cells_one(m) || cells_any(m & p->solved))
        return 0;
    bg_place(t, p, cells_pop(&m), v);
    return 1;
}

/* Pointing for value v in unit u (see the top): 1 when v was taken. */
static int bg_point(const bg_tab_t *t, bg_pos_t *p, int u, int v)
{
    cells_t m = p->cand[v] & t->unit[u];
    cells_t common = p->cand[v];
    while (cells_any(m) && cells_any(common))
        common &= t->peers[cells_pop(&m)];
    if (!cells_any(common))
        return 0;
    p->cand[v] &= ~common;
    return 1;
}

#ifdef CELLS_CLASSIFY
/* Hidden singles and pointing for value v in every unit, sorted by
 * cells_classify: -1 on a contradiction, else 1 when v was placed or
 * taken. */
static int bg_every_unit(const bg_tab_t *t, bg_pos_t *p, int v)
{
    uint64_t sort[3];
    cells_classify(t->unit, t->nunits, p->cand[v], p->solved, POINT_MAX,
                   sort);
    for (int k = 0; k < 3; k++)
        sort[k] &= t->every;
    if (sort[0])
        return -1;
    int changed = 0;
    for (uint64_t u = sort[1]; u; u &= u - 1) {
        /* none left: a single placed before took this one */
        const int k = bg_single(t, p, p->cand[v] & t->unit[__builtin_ctzll(u)],
                                v);
        if (k < 0)
            return -1;
        changed |= k;
    }
    for (uint64_t u = sort[2]; u && BG_POINTING; u &= u - 1)
        changed |= bg_point(t, p, __builtin_ctzll(u), v);
    return changed;
}
#endif

/* Hidden singles and pointing in the units where a value lost a place
 * since the last look: -1 on a contradiction, else 1 when a value was
 * placed or taken. */
static int bg_units(const bg_tab_t *t, bg_pos_t *p)
{
    int changed = 0;
    for (int v = 0; v < t->n; v++) {
        const cells_t lost = p->seen[v] & ~p->cand[v];
        if (!cells_any(lost))
            continue;
        p->seen[v] = p->cand[v];
        const uint64_t units = bg_units_of(t, lost);
#ifdef CELLS_CLASSIFY
        if (units == t->every) {
            const int k = bg_every_unit(t, p, v);
            if (k < 0)
                return -1;
            changed |= k;
            continue;
        }
#endif
        for (uint64_t u = units; u; u &= u - 1) {
            const cells_t m = p->cand[v] & t->unit[__builtin_ctzll(u)];
            const int k = bg_single(t, p, m, v);
            if (k < 0)
                return -1;
            changed |= k;
            if (BG_POINTING && !cells_one(m) && cells_count(m) <= POINT_MAX)
                changed |= bg_point(t, p, __builtin_ctzll(u), v);
        }
    }
    return changed;
}

/* Non-consecutive (see the top): 1 when a value was taken. */
static int bg_support(const bg_tab_t *t, bg_pos_t *p)
{
    int taken = 0;
    for (int v = 0; v < t->n; v++) {
        cells_t within = t->all & ~p->solved;
        for (int y = 0; y < t->n; y++)
            if (y < v - 1 || y > v + 1)
                within &= ~p->cand[y];
        cells_t gone = cells_zero();
        while (cells_any(within))
            gone |= t->orth[cells_pop(&within)];
        if (cells_any(gone & p->cand[v])) {
            p->cand[v] &= ~gone;
            taken = 1;
        }
    }
    return taken;
}

/* To a fixed point; 0 on a contradiction. */
static int bg_propagate(const bg_tab_t *t, bg_pos_t *p)
{
    for (;;) {
        int k = bg_naked(t, p);
        if (k == 0)
            k = bg_units(t, p);
        if (k == 0 && t->nonconsec)
            k = bg_support(t, p);
        if (k <= 0)
            return k == 0;
    }
}

/* The cell to branch on (see the top), -1 when every cell is placed. */
static int bg_choose(const bg_tab_t *t, const bg_pos_t *p, unsigned flags)
{
    cells_t open = t->all & ~p->solved;
    if (!cells_any(open))
        return -1;
    if (flags & SF_LEX)
        return cells_pop(&open);
    cells_t s0 = cells_zero(), s1 = s0, s2 = s0, s3 = s0; /* sliced counts */
    for (int v = 0; v < t->n; v++) {
        const cells_t c0 = s0 & p->cand[v], c1 = s1 & c0, c2 = s2 & c1;
        s0 ^= p->cand[v];
        s1 ^= c0;
        s2 ^= c1;
        s3 |= c2;
    }
    cells_t fewest = cells_zero();
    for (int k = 2; k <= t->n && !cells_any(fewest); k++)
        fewest = open & (k & 1 ? s0 : ~s0) & (k & 2 ? s1 : ~s1) &
                 (k & 4 ? s2 : ~s2) & (k & 8 ? s3 : ~s3);
    int best = -1, most = -1;
    while (cells_any(fewest)) {
        const int c = cells_pop(&fewest);
        const int o = cells_count(t->peers[c] & open);
        if (o > most) {
            best = c;
            most = o;
        }
    }
    return best;
}

static void bg_record(bg_run_t *r, const bg_pos_t *p)
{
    if (r->count++ > 0)
        return;
    for (int v = 0; v < r->t->n; v++)
        for (cells_t m = p->cand[v]; cells_any(m);)
            r->solution[cells_pop(&m)] = (uint8_t)(v + 1);
}

static void bg_search(bg_run_t *r, bg_pos_t *p)
{
    const bg_tab_t *t = r->t;
    if (!bg_propagate(t, p))
        return;
    const int c = bg_choose(t, p, r->flags);
    if (c < 0) {
        bg_record(r, p);
        return;
    }
    uint32_t values = 0;
    for (int v = 0; v < t->n; v++)
        values |= (uint32_t)cells_has(p->cand[v], c) << v;
    while (values && r->count < r->limit) {
        const int v = __builtin_ctz(values);
        values &= values - 1;
        r->guesses += values != 0;
        bg_pos_t q = *p;
        bg_place(t, &q, c, v);
        bg_search(r, &q);
    }
}

/* The kernel's state: none, the positions live on the recursion's
 * stack. */
static size_t bg_state_size(const sf_geometry_t *g)
{
    (void)g;
    return 8;
}

/* Load the givens into p: each value's set is every cell but the givens
 * and their peers (and, under non-consecutive, the orthogonal neighbours
 * of the givens one apart), plus its own givens.  0 when a value is out
 * of range or two givens clash. */
static int bg_load(const bg_tab_t *t, bg_pos_t *p, const uint8_t *cells)
{
    cells_t given[VALUES_MAX], seen[VALUES_MAX], next[VALUES_MAX];
    cells_t placed = cells_zero();
    for (int v = 0; v < t->n; v++)
        given[v] = seen[v] = next[v] = cells_zero();
    for (int c = 0; c < t->ncells; c++) {
        const int v = cells[c] - 1;
        if (v < 0)
            continue;
        if (v >= t->n)
            return 0;
        given[v] |= t->bit[c];
        seen[v] |= t->peers[c];
        next[v] |= t->orth[c];
        placed |= t->bit[c];
    }
    for (int v = 0; v < t->n; v++) {
        cells_t gone = seen[v];
        if (t->nonconsec)
            gone |= (v > 0 ? next[v - 1] : cells_zero()) |
                    (v < t->n - 1 ? next[v + 1] : cells_zero());
        if (cells_any(given[v] & gone))
            return 0;
        p->cand[v] = (t->all & ~gone & ~placed) | given[v];
        p->seen[v] = t->all;
    }
    p->solved = placed;
    return 1;
}

/* The kernel's entry for geometry g (sf_solve_geom_fn). */
static uint64_t bg_solve(void *state, const sf_geometry_t *g,
                         const uint8_t *cells, uint64_t limit,
                         unsigned flags, uint8_t *solution,
                         uint64_t *guesses)
{
    (void)state;
    *guesses = 0;
    const bg_tab_t *t = bg_tab_of(g);
    bg_pos_t p;
    if (!t || !bg_load(t, &p, cells))
        return 0;
    bg_run_t r = {t, limit ? limit : UINT64_MAX, 0, 0, flags, solution};
    bg_search(&r, &p);
    *guesses = r.guesses;
    return r.count;
}

#endif
