/*
 * smallgrid.c -- the kernel of small grids: every geometry of at most 64
 * cells (4x4 to 8x8, boxes or regions, any variant), one 64-bit word of
 * cells per value.
 *
 * The position is N words, cand[v] the cells that may still hold v + 1,
 * and a word of the cells placed.  Placing v at cell c takes c out of
 * every other word and c's peers out of cand[v] (under non-consecutive,
 * its orthogonal neighbours out of the words of v - 1 and v + 1): a
 * dozen word operations, where the general kernel (geosolve.c) walks a
 * peer list.  Propagation to a fixed point: the cells left with one value
 * (counted across the words bit-sliced: once, twice), every cell with
 * some value, then hidden singles, a value with one place in a full unit
 * (a unit's cells as a mask, one AND a value); no value left for a unit is
 * a contradiction.  The search branches on an open cell with two values
 * when there is one (with SF_LEX the first open cell in row-major order,
 * values ascending throughout, so the first solution found is the
 * smallest), copying the position (at most 72 bytes) down a recursion of
 * at most 64 levels.  A guess is counted for each value tried while
 * another is left, as in geosolve.c.
 *
 * The masks of a geometry (peers, neighbours, full units) are made once
 * and kept with it (geom_derived), so any number of threads share them.
 */
#include <stdlib.h>
#include <string.h>

#include "core/geometry.h"
#include "kernels.h"

#define SMALL_UNITS 128 /* full units kept; a geometry of more is not served */

typedef struct small_tab {
    int n, ncells;
    int nonconsec;
    int nunits;
    uint64_t all;                /* the grid's cells */
    uint64_t peers[64], orth[64];
    uint64_t unit[SMALL_UNITS];  /* the full units */
} small_tab_t;

typedef struct pos {
    uint64_t cand[8];
    uint64_t solved;
} pos_t;

typedef struct small_run {
    const small_tab_t *t;
    uint64_t limit, count, guesses;
    unsigned flags;
    uint8_t *solution;
} small_run_t;

static uint64_t bit(int c) { return (uint64_t)1 << c; }

static void *tab_make(const sf_geometry_t *g)
{
    small_tab_t *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->n = g->n;
    t->ncells = g->ncells;
    t->nonconsec = (g->variants & SF_VARIANT_NONCONSECUTIVE) != 0;
    t->all = g->ncells == 64 ? ~(uint64_t)0 : bit(g->ncells) - 1;
    for (int c = 0; c < g->ncells; c++) {
        for (uint32_t k = g->peer_off[c]; k < g->peer_off[c + 1]; k++)
            t->peers[c] |= bit(g->peer[k]);
        for (uint32_t k = g->orth_off[c]; k < g->orth_off[c + 1]; k++)
            t->orth[c] |= bit(g->orth[k]);
    }
    for (int u = 0; u < g->nfull && t->nunits < SMALL_UNITS; u++) {
        uint64_t m = 0;
        for (uint32_t k = g->unit_off[u]; k < g->unit_off[u + 1]; k++)
            m |= bit(g->unit_cell[k]);
        t->unit[t->nunits++] = m;
    }
    return t;
}

static const small_tab_t *tab_of(const sf_geometry_t *g)
{
    return geom_derived(g, tab_make, free);
}

static void place(const small_tab_t *t, pos_t *p, int c, int v)
{
    const uint64_t b = bit(c);
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

/* The value of cell c (one of its candidates: the lowest). */
static int value_at(const small_tab_t *t, const pos_t *p, int c)
{
    int v = 0;
    while (v < t->n - 1 && !(p->cand[v] >> c & 1))
        v++;
    return v;
}

/* Hidden singles over the full units: -1 on a contradiction, else 1
 * when one was placed. */
static int hidden(const small_tab_t *t, pos_t *p)
{
    int placed = 0;
    for (int u = 0; u < t->nunits; u++) {
        if (!(t->unit[u] & ~p->solved))
            continue; /* every cell placed: each value once, checked */
        for (int v = 0; v < t->n; v++) {
            const uint64_t m = p->cand[v] & t->unit[u];
            if (!m)
                return -1;
            if (!(m & (m - 1)) && !(m & p->solved)) {
                place(t, p, __builtin_ctzll(m), v);
                placed = 1;
            }
        }
    }
    return placed;
}

/* To a fixed point; 0 on a contradiction. */
static int propagate(const small_tab_t *t, pos_t *p)
{
    for (;;) {
        uint64_t once = 0, twice = 0;
        for (int v = 0; v < t->n; v++) {
            twice |= once & p->cand[v];
            once |= p->cand[v];
        }
        if (once != t->all)
            return 0;
        const uint64_t singles = once & ~twice & ~p->solved;
        if (singles) {
            for (uint64_t m = singles; m; m &= m - 1) {
                const int c = __builtin_ctzll(m);
                if (!(p->solved >> c & 1))
                    place(t, p, c, value_at(t, p, c));
            }
            continue;
        }
        const int h = hidden(t, p);
        if (h <= 0)
            return h == 0;
    }
}

/* The cell to branch on (see the top). */
static int choose(const small_tab_t *t, const pos_t *p, unsigned flags)
{
    const uint64_t open = t->all & ~p->solved;
    if (flags & SF_LEX)
        return __builtin_ctzll(open);
    uint64_t once = 0, twice = 0, more = 0;
    for (int v = 0; v < t->n; v++) {
        more |= twice & p->cand[v];
        twice |= once & p->cand[v];
        once |= p->cand[v];
    }
    const uint64_t pairs = twice & ~more & open;
    return __builtin_ctzll(pairs ? pairs : open);
}

static void record(small_run_t *r, const pos_t *p)
{
    if (r->count++ > 0)
        return;
    for (int v = 0; v < r->t->n; v++)
        for (uint64_t m = p->cand[v]; m; m &= m - 1)
            r->solution[__builtin_ctzll(m)] = (uint8_t)(v + 1);
}

static void search(small_run_t *r, pos_t *p)
{
    const small_tab_t *t = r->t;
    if (!propagate(t, p))
        return;
    if ((p->solved & t->all) == t->all) {
        record(r, p);
        return;
    }
    const int c = choose(t, p, r->flags);
    uint32_t values = 0;
    for (int v = 0; v < t->n; v++)
        values |= (uint32_t)(p->cand[v] >> c & 1) << v;
    while (values && r->count < r->limit) {
        const int v = __builtin_ctz(values);
        values &= values - 1;
        r->guesses += values != 0;
        pos_t q = *p;
        place(t, &q, c, v);
        search(r, &q);
    }
}

static uint64_t small_solve(void *state, const sf_geometry_t *g,
                            const uint8_t *cells, uint64_t limit,
                            unsigned flags, uint8_t *solution,
                            uint64_t *guesses)
{
    (void)state;
    *guesses = 0;
    const small_tab_t *t = tab_of(g);
    if (!t)
        return 0;
    pos_t p;
    memset(&p, 0, sizeof p);
    for (int v = 0; v < t->n; v++)
        p.cand[v] = t->all;
    for (int c = 0; c < t->ncells; c++) {
        const int v = cells[c] - 1;
        if (v < 0)
            continue;
        if (!(p.cand[v] >> c & 1))
            return 0; /* the givens clash */
        place(t, &p, c, v);
    }
    small_run_t r = {t, limit ? limit : UINT64_MAX, 0, 0, flags, solution};
    search(&r, &p);
    *guesses = r.guesses;
    return r.count;
}

static int small_fits(const sf_geometry_t *g)
{
    return g && !g->classic && g->ncells <= 64 && g->nfull <= SMALL_UNITS;
}

static size_t small_state_size(const sf_geometry_t *g)
{
    (void)g;
    return 8;
}

const sf_kernel_t sf_kernel_small = {
    "small",
    "geometries of up to 64 cells: a word of cells per value (classic "
    "9x9: general's)",
    GEOSOLVE_CLASSIC_STATE,
    geosolve_classic, /* classic 9x9 has 81 cells: the general kernel's */
    NULL,
    small_fits,
    small_state_size,
    small_solve,
    SF_LANES_SMALL, /* its propagation is the singles' */
};
