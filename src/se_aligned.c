/*
 * se_aligned.c -- aligned pair exclusion (6.2), SE's way.
 *
 * Take two cells A and B.  A pair of values (a, b) for them is impossible
 * when a = b and the cells see each other, or when some bivalue cell that
 * sees both would be left without a candidate ({a, b} is exactly its
 * pair).  A candidate of A (or B) that is in no possible pair goes.  SE
 * considers cells with two or more candidates that see at least one
 * bivalue cell, and pairs of them (in the order (0,1), (0,2), (1,2),
 * (0,3)... of that list) that see at least two bivalue cells in common;
 * the first pair that removes anything is the step.
 */
#include "se.h"

#include <string.h>

typedef struct ape_cell {
    uint8_t cell;
    uint64_t excl[2];      /* bivalue peers */
} ape_cell_t;

static int collect(const se_grid_t *g, ape_cell_t *list)
{
    int n = 0;
    for (int c = 0; c < 81; c++) {
        if (se_popcount(g->cand[c]) < 2)
            continue;
        uint64_t ex[2] = {0, 0};
        int single = 0;
        for (int k = 0; k < TAB_PEERS; k++) {
            const int p = g->t->peers[c][k];
            const int card = se_popcount(g->cand[p]);
            single |= card == 1;
            if (card == 2)
                ex[p >> 6] |= 1ull << (p & 63);
        }
        if (single || !(ex[0] | ex[1]))
            continue;
        list[n].cell = (uint8_t)c;
        list[n].excl[0] = ex[0];
        list[n].excl[1] = ex[1];
        n++;
    }
    return n;
}

static int try_pair(const se_grid_t *g, const ape_cell_t *a,
                    const ape_cell_t *b, se_hint_t *h)
{
    const uint64_t common[2] = {a->excl[0] & b->excl[0],
                                a->excl[1] & b->excl[1]};
    if (__builtin_popcountll(common[0]) + __builtin_popcountll(common[1]) < 2)
        return 0;
    uint16_t blockers[20];
    int nb = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t m = common[w]; m; m &= m - 1)
            blockers[nb++] = g->cand[64 * w + __builtin_ctzll(m)];
    const int ca = a->cell, cb = b->cell;
    const int see = se_sees(g, ca, cb);
    unsigned ok_a = 0, ok_b = 0;
    for (unsigned ma = g->cand[ca]; ma; ma &= ma - 1)
        for (unsigned mb = g->cand[cb]; mb; mb &= mb - 1) {
            const unsigned pa = ma & -ma, pb = mb & -mb;
            int allowed = !(pa == pb && see);
            for (int i = 0; allowed && i < nb; i++)
                allowed = (blockers[i] & ~(pa | pb)) != 0;
            if (allowed) {
                ok_a |= pa;
                ok_b |= pb;
            }
        }
    se_hint_clear(h, SF_SE_STEP_ALIGNED_PAIR, 62);
    se_hint_elim(h, ca, g->cand[ca] & ~ok_a);
    se_hint_elim(h, cb, g->cand[cb] & ~ok_b);
    return h->nelim != 0;
}

int se_aligned_pair(const se_grid_t *g, se_hint_t *h)
{
    ape_cell_t list[81];
    const int n = collect(g, list);
    for (int j = 1; j < n; j++)
        for (int i = 0; i < j; i++)
            if (try_pair(g, &list[i], &list[j], h))
                return 1;
    return 0;
}
