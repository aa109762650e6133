/*
 * prop_thermo.c -- a thermometer: values increase along its cells from
 * the bulb (a slow thermometer: never decrease).
 *
 * Bounds: going up from the bulb, each cell is at least one more than the
 * smallest value left in the cell before it (as much, when slow); going
 * down from the tip, at most one less than the largest after it.  Exact
 * once every cell is single.
 */
#include "var_internal.h"

int prop_thermo(vstate_t *s, const prop_t *p)
{
    const uint16_t *c = prop_cells(s->r, p);
    const int step = p->slow ? 0 : 1, k = p->ncells, n = s->r->n;
    for (int i = 1; i < k; i++) {
        const int lo = mask_lo(s->mask[c[i - 1]]) + step;
        if (var_narrow(s, c[i], mask_range(lo, n)) < 0)
            return -1;
    }
    for (int i = k - 2; i >= 0; i--) {
        const int hi = mask_hi(s->mask[c[i + 1]]) - step;
        if (var_narrow(s, c[i], mask_range(1, hi)) < 0)
            return -1;
    }
    return 0;
}
