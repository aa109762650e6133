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
    se_hint_clear(h, xyz ? SF_SE_STEP_XYZ_WING : SF_SE_STEP_XY_WING,
                  xyz ? 44 : 42);
    for (int c = 0; c < 81; c++) {
        if (c == pivot || c == a || c == b || !(g->cand[c] & z))
            continue;
        if (se_sees(g, c, a) && se_sees(g, c, b) &&
            (!xyz || se_sees(g, c, pivot)))
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
        const uint8_t *house = g->t->house[p];
        for (int i = 0; i < 20; i++) {
            const unsigned xz = g->cand[house[i]];
            if (se_popcount(xz) != 2 || se_popcount(xy & ~xz) != 1)
                continue;
            for (int j = 0; j < 20; j++) {
                const unsigned yz = g->cand[house[j]];
                if (is_wing(xy, xz, yz, xyz) &&
                    wing_hint(g, p, house[i], house[j], xyz, h))
                    return 1;
            }
        }
    }
    return 0;
}
