/*
 * var_internal.h -- the variant kernel's state and the one way its
 * propagators change it (internal to kernel/).
 *
 * The state is a candidate mask per cell (bit v - 1 for value v) with a
 * queue of cells that have just become single and a list of propagators
 * to run again.  A propagator (prop_*.c, one file each: the pair table,
 * the cage, the thermometer, the arrow, renban, between and region-sum
 * lines, the quadruple) reads the masks of its cells and
 * narrows them through var_narrow, which queues a cell that became single
 * and marks every propagator on the cell to run again.  The search
 * (varsolve.c) knows the propagators only through their table.
 */
#ifndef SF_VAR_INTERNAL_H
#define SF_VAR_INTERNAL_H

#include <stdint.h>

#include "core/rules.h"

typedef struct vstate {
    const sf_rules_t *r;
    const sf_geometry_t *g;
    uint32_t *mask;     /* ncells candidate masks */
    uint16_t *queue;    /* cells that became single, to propagate */
    int qlen;
    uint8_t *dirty;     /* nprop: 1 while a propagator waits in todo */
    uint32_t *todo;     /* propagators to run again */
    int ntodo;
    uint32_t *weight;   /* ncells: contradictions each cell took part in */
} vstate_t;

/* A propagator: narrows the masks of p's cells; 0, or -1 when a cell has
 * no value left or the constraint cannot hold. */
typedef int (*prop_fn)(vstate_t *s, const prop_t *p);

int prop_pair(vstate_t *s, const prop_t *p);
int prop_cage(vstate_t *s, const prop_t *p);
int prop_thermo(vstate_t *s, const prop_t *p);
int prop_arrow(vstate_t *s, const prop_t *p);
int prop_renban(vstate_t *s, const prop_t *p);
int prop_between(vstate_t *s, const prop_t *p);
int prop_region_sum(vstate_t *s, const prop_t *p);
int prop_quad(vstate_t *s, const prop_t *p);

/* Keep only the values keep of cell c: 0, or -1 when none is left. */
static inline int var_narrow(vstate_t *s, int c, uint32_t keep)
{
    const uint32_t old = s->mask[c], m = old & keep;
    if (m == old)
        return 0;
    s->mask[c] = m;
    if (!m)
        return -1;
    if (!(m & (m - 1)))
        s->queue[s->qlen++] = (uint16_t)c;
    const sf_rules_t *r = s->r;
    for (uint32_t i = r->cprop_off[c]; i < r->cprop_off[c + 1]; i++) {
        const uint32_t k = r->cprop[i];
        if (!s->dirty[k]) {
            s->dirty[k] = 1;
            s->todo[s->ntodo++] = k;
        }
    }
    return 0;
}

/* Cells c[0..k-1] hold no value twice: the values placed among them into
 * *fixed, then taken out of the others.  0, or -1 when a value is placed
 * twice or a cell is left with none (cages, renban lines). */
static inline int var_distinct(vstate_t *s, const uint16_t *c, int k,
                               uint32_t *fixed)
{
    uint32_t f = 0;
    for (int i = 0; i < k; i++) {
        const uint32_t m = s->mask[c[i]];
        if (!(m & (m - 1))) {
            if (f & m)
                return -1;
            f |= m;
        }
    }
    *fixed = f;
    for (int i = 0; i < k; i++) {
        const uint32_t m = s->mask[c[i]];
        if ((m & (m - 1)) && var_narrow(s, c[i], ~f) < 0)
            return -1;
    }
    return 0;
}

/* The smallest and largest value of a non-empty mask, and the mask of the
 * values from lo to hi (empty when lo > hi). */
static inline int mask_lo(uint32_t m) { return __builtin_ctz(m) + 1; }
static inline int mask_hi(uint32_t m) { return 32 - __builtin_clz(m); }
static inline uint32_t mask_range(int lo, int hi)
{
    if (lo < 1)
        lo = 1;
    if (hi > 32)
        hi = 32;
    if (lo > hi)
        return 0;
    const uint32_t upto = hi == 32 ? ~0u : (1u << hi) - 1;
    return upto & ~((1u << (lo - 1)) - 1);
}

/* Narrow cell c, weighted w, to the values v with lo <= v * w <= hi
 * (bounds of sums: arrows, little killers, region-sum lines). */
static inline int var_narrow_between(vstate_t *s, int c, long w, long lo,
                                     long hi)
{
    const long vlo = lo <= 0 ? 1 : (lo + w - 1) / w;
    const long vhi = hi < 0 ? 0 : hi / w;
    return var_narrow(s, c, mask_range(vlo > 32 ? 33 : (int)vlo,
                                       vhi > 32 ? 32 : (int)vhi));
}

#endif
