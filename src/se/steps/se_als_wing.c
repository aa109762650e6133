/*
 * se_als_wing.c -- the WXYZ-, VWXYZ-, UVWXYZ- and TUVWXYZ-wings of the
 * Sukaku Explainer scale (docs/se.md): an almost locked set of k - 1
 * cells that all see one another, holding k digits between them, and a
 * bivalue cell {x, z} seeing at least one of them, both of whose digits
 * the set holds.  When every cell of the set that holds x sees the
 * bivalue cell, x is a restricted common: either the bivalue cell is x
 * and the set loses x, so it holds z, or the bivalue cell is z.  Either
 * way z goes from every cell that sees the bivalue cell and each cell of
 * the set holding z.  When z is a restricted common too (doubly linked),
 * the set is locked without the bivalue cell's two digits, so x goes the
 * same way, and every other digit of the set goes from the cells that see
 * each of its cells holding it.
 *
 * Which wing is the step follows Sukaku Explainer: every wing of the size
 * is found, and the first in the order of difficulty (up), candidates
 * removed (down), then the name's suffix (down) is taken; ties keep the
 * order found.  The search goes through the set's cells in increasing
 * order (the first with 2 to k candidates, each next one a later cell
 * seeing all before it, the digits so far at most k and exactly k with
 * the last), then the bivalue cells in increasing order, x being the
 * smaller digit (the larger when only it is a restricted common).  The
 * suffix is 1 (2 when doubly linked and the extra eliminations exist),
 * the most candidates of a cell of the set, and the candidates of the set
 * in all.  Difficulty: WXYZ 5.5, 5.6 when that largest cell has 3;
 * VWXYZ 6.2 to 6.4 (6.4 at 3, 6.3 at 2 or 4); UVWXYZ 6.6; TUVWXYZ 7.5.
 */
#include "se_steps.h"

#include <stdio.h>
#include <string.h>

#define MAX_SET 6 /* cells of the largest set (TUVWXYZ) */

typedef struct wing_search {
    const se_grid_t *g;
    int k;                 /* digits of the set: 4 (WXYZ) to 7 (TUVWXYZ) */
    int set[MAX_SET];      /* its cells, increasing */
    int found;             /* a wing is in best */
    double exact;          /* best's difficulty, total and suffix */
    int total;
    char suffix[16];
    se_hint_t tmp;         /* the wing being looked at */
    se_hint_t *best;
} wing_search_t;

static cellset_t set_and(cellset_t a, cellset_t b)
{
    return (cellset_t){a.lo & b.lo, a.hi & b.hi};
}

static cellset_t set_or(cellset_t a, cellset_t b)
{
    return (cellset_t){a.lo | b.lo, a.hi | b.hi};
}

static cellset_t set_less(cellset_t a, cellset_t b)
{
    return (cellset_t){a.lo & ~b.lo, a.hi & ~b.hi};
}

static cellset_t cell_set(int c)
{
    return c < 64 ? (cellset_t){1ull << c, 0} : (cellset_t){0, 1ull << (c - 64)};
}

/* The cells after c that see it. */
static cellset_t later_peers(const se_grid_t *g, int c)
{
    cellset_t s = g->t->peer_set[c];
    if (c < 63) {
        s.lo &= ~0ull << (c + 1);
    } else {
        s.lo = 0;
        s.hi &= c == 63 ? ~0ull : ~0ull << (c - 63);
    }
    return s;
}

/* Whether every cell of the set holding digit d sees cell y. */
static int restricted(const wing_search_t *w, int n, unsigned d, int y)
{
    for (int i = 0; i < n; i++)
        if ((w->g->cand[w->set[i]] >> d & 1u) &&
            !se_sees(w->g, w->set[i], y))
            return 0;
    return 1;
}

/* Remove digit d from the cells in see (less the pattern) that hold it;
 * returns how many. */
static int remove_from(wing_search_t *w, cellset_t see, cellset_t pattern,
                       unsigned d)
{
    int n = 0;
    see = set_less(see, pattern);
    for (int half = 0; half < 2; half++)
        for (uint64_t m = half ? see.hi : see.lo; m; m &= m - 1) {
            const int c = 64 * half + __builtin_ctzll(m);
            if (w->g->cand[c] >> d & 1u) {
                se_hint_elim(&w->tmp, c, 1u << d);
                n++;
            }
        }
    return n;
}

/* The cells that see every cell of the set holding digit d (and, with
 * from >= 0, cell from too). */
static cellset_t seeing_holders(const wing_search_t *w, int n, unsigned d,
                                int from)
{
    cellset_t see = from >= 0 ? w->g->t->peer_set[from]
                              : (cellset_t){~0ull, ~0ull};
    for (int i = 0; i < n; i++)
        if (w->g->cand[w->set[i]] >> d & 1u)
            see = set_and(see, w->g->t->peer_set[w->set[i]]);
    return see;
}

static int difficulty_tenths(double exact)
{
    return (int)((exact + 0.05) * 10);
}

static double wing_difficulty(int k, int largest)
{
    switch (k) {
    case 4:
        return 5.5 + ((4 - 3) - (largest > 3 ? largest - 3 : 3 - largest)) * 0.1;
    case 5:
        return 6.2 + ((5 - 3) - (largest > 3 ? largest - 3 : 3 - largest)) * 0.1;
    case 6:
        return 6.6;
    default:
        return 7.5;
    }
}

/* Keep the wing in tmp when it comes before the best so far. */
static void consider(wing_search_t *w, int total, int doubly, int largest,
                     int size)
{
    const double exact = wing_difficulty(w->k, largest);
    char suffix[16];
    snprintf(suffix, sizeof suffix, "%d%d%d", doubly ? 2 : 1, largest, size);
    if (w->found) {
        if (exact > w->exact)
            return;
        if (exact == w->exact) {
            if (total < w->total)
                return;
            if (total == w->total && strcmp(suffix, w->suffix) <= 0)
                return;
        }
    }
    w->found = 1;
    w->exact = exact;
    w->total = total;
    memcpy(w->suffix, suffix, sizeof suffix);
    w->tmp.exact = exact;
    w->tmp.diff = difficulty_tenths(exact);
    w->tmp.variant = (doubly ? 1 : 0) | largest << 1 | size << 4;
    *w->best = w->tmp;
}

/* The wing of the set (n cells, digits digits) with bivalue cell y,
 * restricted common x and z the other digit (doubly: z is one too). */
static void wing(wing_search_t *w, int n, unsigned digits, int y, unsigned x,
                 unsigned z, int doubly)
{
    const se_grid_t *g = w->g;
    cellset_t pattern = cell_set(y);
    int largest = 0, size = 0;
    for (int i = 0; i < n; i++) {
        const int m = se_popcount(g->cand[w->set[i]]);
        pattern = set_or(pattern, cell_set(w->set[i]));
        largest = m > largest ? m : largest;
        size += m;
    }
    se_hint_clear(&w->tmp, SF_SE_STEP_WXYZ_WING + (w->k - 4), 0);
    int weak = 0, strong_x = 0, strong_z = 0;
    if (doubly) {
        for (unsigned rest = digits & ~g->cand[y]; rest; rest &= rest - 1)
            weak += remove_from(w, seeing_holders(w, n, se_lowest(rest), -1),
                                pattern, se_lowest(rest));
        strong_x = remove_from(w, seeing_holders(w, n, x, y), pattern, x);
    }
    strong_z = remove_from(w, seeing_holders(w, n, z, y), pattern, z);
    if (doubly && !weak && (!strong_z || !strong_x))
        doubly = 0;
    const int total = weak + strong_x + strong_z;
    if (total)
        consider(w, total, doubly, largest, size);
}

/* Every bivalue cell that makes a wing with the set of k - 1 cells. */
static void bivalue_cells(wing_search_t *w, unsigned digits)
{
    const se_grid_t *g = w->g;
    const int n = w->k - 1;
    cellset_t range = {0, 0}, own = {0, 0};
    for (int i = 0; i < n; i++) {
        range = set_or(range, g->t->peer_set[w->set[i]]);
        own = set_or(own, cell_set(w->set[i]));
    }
    range = set_less(range, own);
    for (int half = 0; half < 2; half++)
        for (uint64_t m = half ? range.hi : range.lo; m; m &= m - 1) {
            const int y = 64 * half + __builtin_ctzll(m);
            const unsigned yz = g->cand[y];
            if (se_popcount(yz) != 2 || (yz & digits) != yz)
                continue;
            const unsigned x = (unsigned)se_lowest(yz);
            const unsigned z = (unsigned)se_lowest(yz & (yz - 1));
            const int doubly = restricted(w, n, z, y);
            if (restricted(w, n, x, y))
                wing(w, n, digits, y, x, z, doubly);
            else if (doubly)
                wing(w, n, digits, y, z, x, 0);
        }
}

/* Extend the set (n cells so far, their digits) by a cell of next. */
static void grow(wing_search_t *w, int n, unsigned digits, cellset_t next)
{
    const se_grid_t *g = w->g;
    for (int half = 0; half < 2; half++)
        for (uint64_t m = half ? next.hi : next.lo; m; m &= m - 1) {
            const int c = 64 * half + __builtin_ctzll(m);
            const unsigned d = digits | g->cand[c];
            if (se_popcount(g->cand[c]) < 2)
                continue;
            w->set[n] = c;
            if (n + 1 == w->k - 1) {
                if (se_popcount(d) == w->k)
                    bivalue_cells(w, d);
            } else if (se_popcount(d) <= w->k) {
                grow(w, n + 1, d, set_and(next, later_peers(g, c)));
            }
        }
}

int se_als_wing(const se_grid_t *g, int k, se_hint_t *h)
{
    wing_search_t w = {.g = g, .k = k, .best = h};
    for (int c = 0; c < 81; c++) {
        const int m = se_popcount(g->cand[c]);
        if (m < 2 || m > k)
            continue;
        w.set[0] = c;
        grow(&w, 1, g->cand[c], later_peers(g, c));
    }
    return w.found;
}
