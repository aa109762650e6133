/*
 * prop_region_sum.c -- a region-sum line: the runs of the line in one
 * region each sum to the same total.
 *
 * Bounds.  Each run's sum lies between the sum of its cells' smallest
 * values and that of their largest; the common total lies in every one
 * of those ranges, so between the largest low end and the smallest high
 * end.  Each cell of a run is then at least that total's low end less the
 * most its run's other cells can add, and at most its high end less the
 * least they add.  Exact once every cell is single: runs with different
 * sums leave the total no room.
 */
#include "var_internal.h"

int prop_region_sum(vstate_t *s, const prop_t *p)
{
    const uint16_t *c = prop_cells(s->r, p);
    const uint32_t *start = s->r->aux + p->aux_off;
    const int runs = (int)p->naux - 1;
    long tlo = 0, thi = 1L << 30;
    for (int j = 0; j < runs; j++) {
        long lo = 0, hi = 0;
        for (uint32_t i = start[j]; i < start[j + 1]; i++) {
            lo += mask_lo(s->mask[c[i]]);
            hi += mask_hi(s->mask[c[i]]);
        }
        tlo = lo > tlo ? lo : tlo;
        thi = hi < thi ? hi : thi;
    }
    if (tlo > thi)
        return -1;
    for (int j = 0; j < runs; j++) {
        long lo = 0, hi = 0;
        for (uint32_t i = start[j]; i < start[j + 1]; i++) {
            lo += mask_lo(s->mask[c[i]]);
            hi += mask_hi(s->mask[c[i]]);
        }
        for (uint32_t i = start[j]; i < start[j + 1]; i++) {
            const uint32_t m = s->mask[c[i]];
            if (var_narrow_between(s, c[i], 1, tlo - (hi - mask_hi(m)),
                                   thi - (lo - mask_lo(m))) < 0)
                return -1;
        }
    }
    return 0;
}
