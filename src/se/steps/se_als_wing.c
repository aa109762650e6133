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
 *
 * After a search that found nothing the rating asks again only for wings
 * with a changed cell (dirty): a set is followed only while it has, or
 * can still take, a changed cell or a peer of a changed bivalue cell.
 */
#include "se_steps.h"

#include <stdio.h>
#include <string.h>

#define MAX_SET 6 /* cells of the largest set (TUVWXYZ) */

typedef struct wing_search {
    const se_grid_t *g;
    const cellset_t *dirty; /* NULL, or: only wings with a cell in it */
    cellset_t want;        /* with dirty: the cells a set must have one of
                            * (a dirty cell, or a peer of a dirty bivalue
                            * cell) */
    int k;                 /* digits of the set: 4 (WXYZ) to 7 (TUVWXYZ) */
    int set[MAX_SET];      /* its cells, increasing */
    cellset_t own;         /* the same as a set, once complete */
    int largest, size;     /* its most candidates in a cell, and in all */
    int found;             /* a wing is in best */
    double exact;          /* best's difficulty, total and suffix */
    int total;
    char suffix[16];
    se_hint_t tmp;         /* the wing being looked at */
    se_hint_t *best;
} wing_search_t;

static cellset_t cell_set(int c)
{
    cellset_t s = {0, 0};
    cellset_add(&s, (unsigned)c);
    return s;
}

/* The lowest cell of *s, taken out of it; -1 when *s is empty. */
static int set_pop(cellset_t *s)
{
    if (s->lo) {
        const int c = __builtin_ctzll(s->lo);
        s->lo &= s->lo - 1;
        return c;
    }
    if (s->hi) {
        const int c = 64 + __builtin_ctzll(s->hi);
        s->hi &= s->hi - 1;
        return c;
    }
    return -1;
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
static int restricted(const wing_search_t *w, unsigned d, int y)
{
    for (int i = 0; i < w->k - 1; i++)
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
    see = cellset_less(see, pattern);
    for (int c; (c = set_pop(&see)) >= 0;)
        if (w->g->cand[c] >> d & 1u) {
            se_hint_elim(&w->tmp, c, 1u << d);
            n++;
        }
    return n;
}

/* The cells that see every cell of the set holding digit d (and, with
 * from >= 0, cell from too). */
static cellset_t seeing_holders(const wing_search_t *w, unsigned d,
                                int from)
{
    cellset_t see = from >= 0 ? w->g->t->peer_set[from]
                              : (cellset_t){~0ull, ~0ull};
    for (int i = 0; i < w->k - 1; i++)
        if (w->g->cand[w->set[i]] >> d & 1u)
            see = cellset_and(see, w->g->t->peer_set[w->set[i]]);
    return see;
}

static int difficulty_tenths(double exact)
{
    return (int)((exact + 0.05) * 10);
}

/* WXYZ and VWXYZ: base + ((k - 3) - |3 - largest|) / 10, Sukaku
 * Explainer's arithmetic in doubles; the larger wings are flat. */
static double wing_difficulty(int k, int largest)
{
    static const double base[4] = {5.5, 6.2, 6.6, 7.5};
    const int off = largest > 3 ? largest - 3 : 3 - largest;
    return k <= 5 ? base[k - 4] + ((k - 3) - off) * 0.1 : base[k - 4];
}

/* Keep the wing in tmp when it comes before the best so far. */
static void consider(wing_search_t *w, int total, int doubly)
{
    const double exact = wing_difficulty(w->k, w->largest);
    char suffix[16];
    snprintf(suffix, sizeof suffix, "%d%d%d", doubly ? 2 : 1, w->largest,
             w->size);
    if (w->found) { /* ties: the suffix down, then the order found */
        const int o = se_sukaku_order(exact, total, w->exact, w->total);
        if (o > 0 || (o == 0 && strcmp(suffix, w->suffix) <= 0))
            return;
    }
    w->found = 1;
    w->exact = exact;
    w->total = total;
    memcpy(w->suffix, suffix, sizeof suffix);
    w->tmp.exact = exact;
    w->tmp.diff = difficulty_tenths(exact);
    w->tmp.variant = (doubly ? 1 : 0) | w->largest << 1 | w->size << 4;
    *w->best = w->tmp;
}

/* The wing of the set (its digits digits) with bivalue cell y,
 * restricted common x and z the other digit (doubly: z is one too). */
static void wing(wing_search_t *w, unsigned digits, int y, unsigned x,
                 unsigned z, int doubly)
{
    const se_grid_t *g = w->g;
    const cellset_t pattern = cellset_or(w->own, cell_set(y));
    se_hint_clear(&w->tmp, SF_SE_STEP_WXYZ_WING + (w->k - 4), 0);
    int weak = 0, strong_x = 0, strong_z = 0;
    if (doubly) {
        for (unsigned rest = digits & ~g->cand[y]; rest; rest &= rest - 1)
            weak += remove_from(w, seeing_holders(w, se_lowest(rest), -1),
                                pattern, se_lowest(rest));
        strong_x = remove_from(w, seeing_holders(w, x, y), pattern, x);
    }
    strong_z = remove_from(w, seeing_holders(w, z, y), pattern, z);
    if (doubly && !weak && (!strong_z || !strong_x))
        doubly = 0;
    const int total = weak + strong_x + strong_z;
    if (total)
        consider(w, total, doubly);
}

/* Every bivalue cell that makes a wing with the set of k - 1 cells. */
static void bivalue_cells(wing_search_t *w, unsigned digits)
{
    const se_grid_t *g = w->g;
    cellset_t range = {0, 0};
    w->own = (cellset_t){0, 0};
    w->largest = w->size = 0;
    for (int i = 0; i < w->k - 1; i++) {
        const int m = se_popcount(g->cand[w->set[i]]);
        range = cellset_or(range, g->t->peer_set[w->set[i]]);
        w->own = cellset_or(w->own, cell_set(w->set[i]));
        w->largest = m > w->largest ? m : w->largest;
        w->size += m;
    }
    range = cellset_less(range, w->own);
    if (w->dirty && cellset_none(cellset_and(w->own, *w->dirty)))
        range = cellset_and(range, *w->dirty); /* the bivalue cell must be */
    for (int y; (y = set_pop(&range)) >= 0;) {
        const unsigned yz = g->cand[y];
        if (se_popcount(yz) != 2 || (yz & digits) != yz)
            continue;
        const unsigned x = (unsigned)se_lowest(yz);
        const unsigned z = (unsigned)se_lowest(yz & (yz - 1));
        const int doubly = restricted(w, z, y);
        if (restricted(w, x, y))
            wing(w, digits, y, x, z, doubly);
        else if (doubly)
            wing(w, digits, y, z, x, 0);
    }
}

static int set_meets(cellset_t a, cellset_t b)
{
    return (a.lo & b.lo) || (a.hi & b.hi);
}

/* Extend the set (n cells so far, their digits; hit: one of them is in
 * want) by a cell of next. */
static void grow(wing_search_t *w, int n, unsigned digits, cellset_t next,
                 int hit)
{
    const se_grid_t *g = w->g;
    cellset_t left = next;
    for (int c; (c = set_pop(&left)) >= 0;) {
        const unsigned d = digits | g->cand[c];
        if (se_popcount(g->cand[c]) < 2)
            continue;
        const int h = hit || cellset_has(w->want, (unsigned)c);
        w->set[n] = c;
        if (n + 1 == w->k - 1) {
            if (se_popcount(d) == w->k && h)
                bivalue_cells(w, d);
        } else if (se_popcount(d) <= w->k) {
            const cellset_t more = cellset_and(next, later_peers(g, c));
            if (h || set_meets(more, w->want))
                grow(w, n + 1, d, more, h);
        }
    }
}

/* With dirty: the cells a wing's set must have one of. */
static cellset_t wanted(const se_grid_t *g, cellset_t dirty)
{
    cellset_t want = dirty;
    for (cellset_t d = dirty; !cellset_none(d);) {
        const int c = set_pop(&d);
        if (se_popcount(g->cand[c]) == 2)
            want = cellset_or(want, g->t->peer_set[c]);
    }
    return want;
}

int se_als_wing(const se_grid_t *g, int k, const cellset_t *dirty,
                se_hint_t *h)
{
    wing_search_t w = {.g = g, .dirty = dirty, .k = k, .best = h};
    w.want = dirty ? wanted(g, *dirty) : (cellset_t){~0ull, ~0ull};
    for (int c = 0; c < 81; c++) {
        const int m = se_popcount(g->cand[c]);
        if (m < 2 || m > k)
            continue;
        const cellset_t next = later_peers(g, c);
        const int hit = cellset_has(w.want, (unsigned)c);
        w.set[0] = c;
        if (hit || set_meets(next, w.want))
            grow(&w, 1, g->cand[c], next, hit);
    }
    return w.found;
}
