/*
 * se_wings.c -- XY-wing (4.2) and XYZ-wing (4.4) in SE's scan order.
 *
 * A pivot cell with candidates {x, y} (XYZ: {x, y, z}) sees two bivalue
 * pincers {x, z} and {y, z}: whichever value the pivot takes, one pincer
 * is z (XYZ: or the pivot itself is), so z goes from every cell that sees
 * both pincers (XYZ: and the pivot).  SE takes pivots row by row and the
 * pincers in its peer order (box, row, column; tables' house[]); the first
 * pattern that removes anything is the step.  Sukaku Explainer takes the
 * pincers in increasing cell order (tables' peers[]), which can find
 * another wing first (se_xy_wing_sk).
 */
#include "se_steps.h"
#include "se/grid/se_vec.h"

#include <string.h>

/* The masks the second pincer may have, given the pivot's (xy) and the
 * first pincer's (xz: one digit of xy and one other; XYZ: two of xy's
 * three), in out[] (the same twice for XY).  XY: the pivot's other
 * digit and z, xy ^ xz.  XYZ: the two other pairs of xy's digits, xy
 * less either digit of xz. */
static void wing_partners(unsigned xy, unsigned xz, int xyz,
                          unsigned out[2])
{
    if (!xyz) {
        out[0] = out[1] = xy ^ xz;
        return;
    }
    out[0] = xy & ~(xz & -xz);
    out[1] = xy & ~(xz & (xz - 1));
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

/* The first wing with the pincers in the peer order order[]. */
static int xy_wing(const se_grid_t *g, int xyz, const uint8_t (*order)[20],
                   se_hint_t *h)
{
    uint64_t pivots[2], two[2];
    se_cells_with(g->cand, 2, two);
    if (xyz)
        se_cells_with(g->cand, 3, pivots);
    else
        memcpy(pivots, two, sizeof pivots);
    for (int k = 0; k < 2; k++)
        for (uint64_t pm = pivots[k]; pm; pm &= pm - 1) {
            const int p = 64 * k + __builtin_ctzll(pm);
            const unsigned xy = g->cand[p];
            /* the pincers can only be the bivalue peers, in order */
            const uint8_t *house = order[p];
            uint8_t bi[20];
            int nb = 0;
            for (int i = 0; i < 20; i++) {
                bi[nb] = house[i];
                nb += (int)(two[house[i] >> 6] >> (house[i] & 63) & 1);
            }
            for (int i = 0; i < nb; i++) {
                const unsigned xz = g->cand[bi[i]];
                if (se_popcount(xy & ~xz) != 1)
                    continue;
                unsigned want[2];
                wing_partners(xy, xz, xyz, want);
                for (int j = 0; j < nb; j++) {
                    const unsigned yz = g->cand[bi[j]];
                    if ((yz == want[0] || yz == want[1]) &&
                        wing_hint(g, p, bi[i], bi[j], xyz, h))
                        return 1;
                }
            }
        }
    return 0;
}

int se_xy_wing(const se_grid_t *g, int xyz, se_hint_t *h)
{
    return xy_wing(g, xyz, g->t->house, h);
}

int se_xy_wing_sk(const se_grid_t *g, int xyz, se_hint_t *h)
{
    return xy_wing(g, xyz, g->t->peers, h);
}
