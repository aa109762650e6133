/*
 * prop_pair.c -- a relation between two cells as a table: Kropki dots,
 * XV, less-than pairs (minimum and maximum cells) and the negative
 * constraints.
 *
 * The table gives, for each value of one cell, the values the other may
 * take (rules.c builds it from the relation's definition), so one
 * propagator serves every relation between two cells.  Each cell keeps
 * the values that some value of the other supports: arc consistency,
 * exact once both are single.
 */
#include "var_internal.h"

/* The values that the values m support through table t. */
static uint32_t supported(const uint32_t *t, uint32_t m)
{
    uint32_t out = 0;
    while (m) {
        out |= t[__builtin_ctz(m)];
        m &= m - 1;
    }
    return out;
}

int prop_pair(vstate_t *s, const prop_t *p)
{
    const uint16_t *c = prop_cells(s->r, p);
    const uint32_t *fwd = s->r->aux + p->aux_off, *back = fwd + s->r->n;
    if (var_narrow(s, c[1], supported(fwd, s->mask[c[0]])) < 0)
        return -1;
    return var_narrow(s, c[0], supported(back, s->mask[c[1]]));
}
