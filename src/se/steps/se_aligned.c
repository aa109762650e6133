/*
 * se_aligned.c -- aligned pair (6.2) and triplet (7.5) exclusion, SE's way.
 *
 * Take two cells A and B.  A pair of values (a, b) for them is impossible
 * when a = b and the cells see each other, or when some bivalue cell that
 * sees both would be left without a candidate ({a, b} is exactly its
 * pair).  A candidate of A (or B) that is in no possible pair goes.  SE
 * considers cells with two or more candidates that see at least one
 * bivalue cell, and pairs of them (in the order (0,1), (0,2), (1,2),
 * (0,3)... of that list) that see at least two bivalue cells in common;
 * the first pair that removes anything is the step.
 *
 * Aligned triplet exclusion is SE's general aligned exclusion with three
 * cells, scanned its way.  Base cells: cells with two or more candidates
 * (rows top down), none of whose peers is a naked single, that see at
 * least one excluder (a peer with two or three candidates); a cell's
 * excluders are in SE's peer order.  For each pair of base cells (the
 * order above), the third cell runs over the "twin area": the first
 * cell's excluders, then the second's, that are base cells other than the
 * two.  A triplet with at least two excluders common to all three is
 * tested: a combination of values is impossible when two cells that see
 * each other take the same value, or when it covers all candidates of a
 * common excluder; a candidate in no possible combination goes.  The
 * first triplet that removes anything is the step.
 */
#include "se_steps.h"

#include <string.h>

/* A base cell: two or more candidates, no peer a naked single, and at
 * least one excluder (a peer with 2..degree candidates; SE's peer order). */
typedef struct base_cell {
    uint8_t cell;
    uint8_t nex;
    uint8_t ex[20];        /* excluders, SE's peer order */
    uint64_t exset[2];     /* the same as a cell set */
} base_cell_t;

/* The base cells for aligned exclusion of the given degree, in cell
 * order; at (NULL: not wanted) gets each cell's index in the list, or -1. */
static int collect(const se_grid_t *g, int degree, base_cell_t *list,
                   int8_t *at)
{
    int n = 0;
    if (at)
        memset(at, -1, 81);
    for (int c = 0; c < 81; c++) {
        if (se_popcount(g->cand[c]) < 2)
            continue;
        const uint8_t *house = g->t->house[c];
        base_cell_t *e = &list[n];
        int single = 0;
        e->nex = 0;
        e->exset[0] = e->exset[1] = 0;
        for (int k = 0; k < 20; k++) {
            const int p = house[k], card = se_popcount(g->cand[p]);
            single |= card == 1;
            if (card >= 2 && card <= degree) {
                e->ex[e->nex++] = (uint8_t)p;
                e->exset[p >> 6] |= 1ull << (p & 63);
            }
        }
        if (single || !e->nex)
            continue;
        e->cell = (uint8_t)c;
        if (at)
            at[c] = (int8_t)n;
        n++;
    }
    return n;
}

static int try_pair(const se_grid_t *g, const base_cell_t *a,
                    const base_cell_t *b, se_hint_t *h)
{
    const uint64_t common[2] = {a->exset[0] & b->exset[0],
                                a->exset[1] & b->exset[1]};
    if (__builtin_popcountll(common[0]) + __builtin_popcountll(common[1]) < 2)
        return 0;
    uint16_t blockers[20];
    int nb = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t m = common[w]; m; m &= m - 1)
            blockers[nb++] = g->cand[64 * w + __builtin_ctzll(m)];
    const int ca = a->cell, cb = b->cell;
    const int see = se_sees(g, ca, cb);
    /* a value of one cell rules out at most one value of the other per
     * blocker, and itself: it goes only when that covers the other cell */
    if (se_popcount(g->cand[ca]) > nb + see &&
        se_popcount(g->cand[cb]) > nb + see)
        return 0;
    /* blockers are bivalue: (a, b) is blocked when {a, b} is one, so a
     * value a of A rules out for B the other digit of each blocker
     * holding a, and a itself when A and B see each other */
    unsigned ok_a = 0, ok_b = 0;
    for (unsigned ma = g->cand[ca]; ma; ma &= ma - 1) {
        const unsigned pa = ma & -ma;
        unsigned out = see ? pa : 0;
        for (int i = 0; i < nb; i++)
            if (blockers[i] & pa)
                out |= blockers[i] & ~pa;
        const unsigned with = g->cand[cb] & ~out;
        if (with) {
            ok_a |= pa;
            ok_b |= with;
        }
    }
    if (!(g->cand[ca] & ~ok_a) && !(g->cand[cb] & ~ok_b))
        return 0;
    se_hint_clear(h, SF_SE_STEP_ALIGNED_PAIR, 62);
    se_hint_elim(h, ca, g->cand[ca] & ~ok_a);
    se_hint_elim(h, cb, g->cand[cb] & ~ok_b);
    return 1;
}

/* With a set of changed cells: whether cell a or b is in it (1), else
 * the changed peers of both, into near (0).  A pair or triplet of them is
 * tested only when it touches the set: one of its cells, or a peer of all
 * of them (where common excluders come from). */
static int pair_changed(const se_grid_t *g, const cellset_t *dirty, int a,
                        int b, cellset_t *near)
{
    if (cellset_has(*dirty, (unsigned)a) || cellset_has(*dirty, (unsigned)b))
        return 1;
    const cellset_t *pa = &g->t->peer_set[a], *pb = &g->t->peer_set[b];
    near->lo = pa->lo & pb->lo & dirty->lo;
    near->hi = pa->hi & pb->hi & dirty->hi;
    return 0;
}

/* Whether pair a, b touches dirty (NULL: all of it changed). */
static int pair_touches(const se_grid_t *g, const cellset_t *dirty, int a,
                        int b)
{
    cellset_t near;
    return !dirty || pair_changed(g, dirty, a, b, &near) || near.lo ||
           near.hi;
}

int se_aligned_pair(const se_grid_t *g, const cellset_t *dirty, se_hint_t *h)
{
    base_cell_t list[81];
    const int n = collect(g, 2, list, NULL);
    for (int j = 1; j < n; j++)
        for (int i = 0; i < j; i++)
            if (pair_touches(g, dirty, list[i].cell, list[j].cell) &&
                try_pair(g, &list[i], &list[j], h))
                return 1;
    return 0;
}

/* ------------------------------------------------- aligned triplet */

/* Test base cells a, b, c with their common excluders; 1 with *h filled
 * when a candidate goes. */
static int ate_test(const se_grid_t *g, const base_cell_t *t[3], se_hint_t *h)
{
    const uint64_t common[2] = {
        t[0]->exset[0] & t[1]->exset[0] & t[2]->exset[0],
        t[0]->exset[1] & t[1]->exset[1] & t[2]->exset[1]};
    if (__builtin_popcountll(common[0]) + __builtin_popcountll(common[1]) < 2)
        return 0;
    /* a combination of values U is blocked when it covers all the
     * candidates of a common excluder (two or three) */
    uint16_t ex[20];
    int nex = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t m = common[w]; m; m &= m - 1)
            ex[nex++] = g->cand[64 * w + __builtin_ctzll(m)];
    const int c0 = t[0]->cell, c1 = t[1]->cell, c2 = t[2]->cell;
    const int s01 = se_sees(g, c0, c1), s02 = se_sees(g, c0, c2),
              s12 = se_sees(g, c1, c2);
    const unsigned all1 = g->cand[c1], all2 = g->cand[c2];
    unsigned ok[3] = {0, 0, 0};
    for (unsigned m0 = g->cand[c0]; m0; m0 &= m0 - 1) {
        const unsigned p0 = m0 & -m0;
        for (unsigned m1 = all1; m1; m1 &= m1 - 1) {
            const unsigned p1 = m1 & -m1;
            if (p0 == p1 && s01)
                continue;
            /* the values of c2 this pair rules out: an excluder whose
             * candidates p0 | p1 cover but one rules that one out */
            unsigned out = (s02 ? p0 : 0) | (s12 ? p1 : 0);
            for (int i = 0; i < nex; i++) {
                const unsigned rest = ex[i] & ~(p0 | p1);
                out |= !rest ? SE_ALL : (rest & (rest - 1)) ? 0 : rest;
            }
            const unsigned with = all2 & ~out;
            if (!with)
                continue;
            ok[0] |= p0;
            ok[1] |= p1;
            ok[2] |= with;
            if (ok[1] == all1 && ok[2] == all2)
                break; /* this value of c0 can add nothing more */
        }
    }
    if (!(g->cand[c0] & ~ok[0]) && !(all1 & ~ok[1]) && !(all2 & ~ok[2]))
        return 0;
    se_hint_clear(h, SF_SE_STEP_ALIGNED_TRIPLE, 75);
    se_hint_elim(h, c0, g->cand[c0] & ~ok[0]);
    se_hint_elim(h, c1, g->cand[c1] & ~ok[1]);
    se_hint_elim(h, c2, g->cand[c2] & ~ok[2]);
    return h->nelim != 0;
}

static void drop(cellset_t *s, int c)
{
    if (c < 64)
        s->lo &= ~(1ull << c);
    else
        s->hi &= ~(1ull << (c - 64));
}

/* The third cells to try with base cells a and b (base: the set of base
 * cells): the base cells among their excluders; with dirty, only those
 * making a triplet that touches it. */
static cellset_t thirds(const se_grid_t *g, const base_cell_t *a,
                        const base_cell_t *b, cellset_t base,
                        const cellset_t *dirty)
{
    cellset_t out = {(a->exset[0] | b->exset[0]) & base.lo,
                     (a->exset[1] | b->exset[1]) & base.hi};
    drop(&out, a->cell);
    drop(&out, b->cell);
    cellset_t near;
    if (!dirty || pair_changed(g, dirty, a->cell, b->cell, &near))
        return out;
    /* a third cell keeps the triplet when it changed or sees a changed
     * peer of both */
    cellset_t keep = *dirty;
    for (int w = 0; w < 2; w++)
        for (uint64_t m = w ? near.hi : near.lo; m; m &= m - 1) {
            const cellset_t *pn = &g->t->peer_set[64 * w + __builtin_ctzll(m)];
            keep.lo |= pn->lo;
            keep.hi |= pn->hi;
        }
    out.lo &= keep.lo;
    out.hi &= keep.hi;
    return out;
}

int se_aligned_triple(const se_grid_t *g, const cellset_t *dirty,
                      se_hint_t *h)
{
    base_cell_t list[81];
    int8_t at[81];
    const int n = collect(g, 3, list, at);
    if (n < 3)
        return 0;
    cellset_t base = {0, 0};
    for (int i = 0; i < n; i++)
        cellset_add(&base, (unsigned)list[i].cell);
    for (int j = 1; j < n; j++)
        for (int i = 0; i < j; i++) {
            const base_cell_t *a = &list[i], *b = &list[j];
            if (__builtin_popcountll(a->exset[0] & b->exset[0]) +
                    __builtin_popcountll(a->exset[1] & b->exset[1]) < 2)
                continue; /* no third cell can give two common excluders */
            cellset_t todo = thirds(g, a, b, base, dirty);
            const base_cell_t *pair[2] = {a, b};
            for (int s = 0; s < 2 && (todo.lo | todo.hi); s++)
                for (int k = 0; k < pair[s]->nex; k++) {
                    const int c = pair[s]->ex[k];
                    if (!cellset_has(todo, (unsigned)c))
                        continue;
                    drop(&todo, c); /* tried once */
                    const base_cell_t *t[3] = {a, b, &list[at[c]]};
                    if (ate_test(g, t, h))
                        return 1;
                }
        }
    return 0;
}
