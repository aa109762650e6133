/*
 * prop_arrow.c -- an arrow: the number in its circle (one cell, or a pill
 * of several read as decimal digits in order) equals the sum of the cells
 * along the arrow.
 *
 * Without a circle (split 0: a little killer's diagonal) the total is the
 * propagator's value.
 *
 * Bounds on both sides.  The sum lies between the sum of the arrow's
 * smallest values and that of its largest; the circle's number between
 * its digits' smallest and largest values put together.  Each arrow cell
 * is at least the circle's smallest number less the largest the other
 * arrow cells can add, and at most the largest number less the smallest
 * they add; each circle digit, weighted by its place, likewise.  Exact
 * once every cell is single: a number that is not the sum leaves some
 * cell above its largest or below its smallest value.
 */
#include "var_internal.h"

int prop_arrow(vstate_t *s, const prop_t *p)
{
    const uint16_t *c = prop_cells(s->r, p);
    const int split = p->split, k = p->ncells;
    long w[10], vlo = p->value, vhi = p->value, slo = 0, shi = 0;
    if (split > 0)
        vlo = vhi = 0;
    for (int i = split - 1, x = 1; i >= 0; i--, x *= 10)
        w[i] = x;
    for (int i = 0; i < split; i++) {
        vlo += w[i] * mask_lo(s->mask[c[i]]);
        vhi += w[i] * mask_hi(s->mask[c[i]]);
    }
    for (int i = split; i < k; i++) {
        slo += mask_lo(s->mask[c[i]]);
        shi += mask_hi(s->mask[c[i]]);
    }
    for (int i = split; i < k; i++) {
        const long lo = mask_lo(s->mask[c[i]]), hi = mask_hi(s->mask[c[i]]);
        if (var_narrow_between(s, c[i], 1, vlo - (shi - hi),
                               vhi - (slo - lo)) < 0)
            return -1;
    }
    for (int i = 0; i < split; i++) {
        const long lo = w[i] * mask_lo(s->mask[c[i]]);
        const long hi = w[i] * mask_hi(s->mask[c[i]]);
        if (var_narrow_between(s, c[i], w[i], slo - (vhi - hi),
                               shi - (vlo - lo)) < 0)
            return -1;
    }
    return 0;
}
