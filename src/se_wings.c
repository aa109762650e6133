/*
 * se_wings.c -- XY-wing (4.2) and XYZ-wing (4.4) in SE's scan order.
 *
 * A pivot cell with candidates {x, y} (XYZ: {x, y, z}) sees two bivalue
 * pincers {x, z} and {y, z}: whichever value the pivot takes, one pincer
 * is z (XYZ: or the pivot itself is), so z goes from every cell that sees
 * both pincers (XYZ: and the pivot).  SE takes pivots row by row and the
 * pincers in its peer order (box, row, column; tables' house[]); the first
 * pattern that removes anything is the step.
 */
#include "se.h"

/* The three masks make a wing: XY all bivalue, union of 3, no digit in
 * all three; XYZ the pivot trivalue, union of 3, one digit in all three. */
static int is_wing(unsigned xy, unsigned xz, unsigned yz, int xyz)
{
    if (se_popcount(xy) != (xyz ? 3 : 2) || se_popcount(xz) != 2 ||
        se_popcount(yz) != 2)
        return 0;
    return se_popcount(xy | xz | yz) == 3 &&
           se_popcount(xy & xz & yz) == (xyz ? 1 : 0);
}

static int wing_hint(const se_grid_t *g, int pivot, int a, int b, int xyz,
                     se_hint_t *h)
{
    const unsigned z = g->cand[a] & g->cand[b];
    const cellset_t *peers = g->t->peer_set;
    uint64_t see[2] = {peers[a].lo & peers[b].lo, peers[a].hi & peers[b].hi};
    if (xyz) {
        see[0] &= peers[pivot].lo;
        see[1] &= peers[pivot].hi;
    }
    se_hint_clear(h, xyz ? SF_SE_STEP_XYZ_WING : SF_SE_STEP_XY_WING,
                  xyz ? 44 : 42);
    for (int k = 0; k < 2; k++) /* the cells seeing them, in order */
        for (uint64_t m = see[k]; m; m &= m - 1) {
            const int c = 64 * k + __builtin_ctzll(m);
            if (c != pivot && (g->cand[c] & z))
                se_hint_elim(h, c, z);
        }
    return h->nelim != 0;
}

int se_xy_wing(const se_grid_t *g, int xyz, se_hint_t *h)
{
    const int want = xyz ? 3 : 2;
    for (int p = 0; p < 81; p++) {
        const unsigned xy = g->cand[p];
        if (se_popcount(xy) != want)
            continue;
        /* the pincers can only be the bivalue peers, in house order */
        const uint8_t *house = g->t->house[p];
        uint8_t bi[20];
        int nb = 0;
        for (int i = 0; i < 20; i++)
            if (se_popcount(g->cand[house[i]]) == 2)
                bi[nb++] = house[i];
        for (int i = 0; i < nb; i++) {
            const unsigned xz = g->cand[bi[i]];
            if (se_popcount(xy & ~xz) != 1)
                continue;
            for (int j = 0; j < nb; j++) {
                const unsigned yz = g->cand[bi[j]];
                if (is_wing(xy, xz, yz, xyz) &&
                    wing_hint(g, p, bi[i], bi[j], xyz, h))
                    return 1;
            }
        }
    }
    return 0;
}
