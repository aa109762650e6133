/*
 * prop_cage.c -- a cage: its cells hold no value twice and, with a sum
 * (a killer cage), sum to it.
 *
 * A value placed in the cage leaves its other cells.  With a sum, the
 * cage's combinations (every set of distinct values of its size and sum,
 * listed when the rules were sealed) are filtered by the masks: a set
 * stays when it holds every value placed in the cage, every value in it
 * has a cell that can take it, and every cell can take one of its values.
 * Each cell keeps the values of the sets that stay.  Without a sum, the
 * cells together must still offer as many values as there are cells.
 * Exact once every cell is single.
 */
#include "var_internal.h"

/* The values of the combinations the masks still allow, 0 for none. */
static uint32_t combinations(vstate_t *s, const prop_t *p, const uint16_t *c,
                             uint32_t fixed)
{
    const uint32_t *set = s->r->aux + p->aux_off;
    uint32_t any = 0, allowed = 0;
    for (int i = 0; i < p->ncells; i++)
        any |= s->mask[c[i]];
    for (uint32_t j = 0; j < p->naux; j++) {
        const uint32_t v = set[j];
        if ((v & fixed) != fixed || (v & ~any))
            continue;
        int ok = 1;
        for (int i = 0; i < p->ncells && ok; i++)
            ok = (s->mask[c[i]] & v) != 0;
        if (ok)
            allowed |= v;
    }
    return allowed;
}

int prop_cage(vstate_t *s, const prop_t *p)
{
    const uint16_t *c = prop_cells(s->r, p);
    const int k = p->ncells;
    uint32_t fixed;
    if (var_distinct(s, c, k, &fixed) < 0)
        return -1;
    if (p->value == 0) {
        uint32_t any = 0;
        for (int i = 0; i < k; i++)
            any |= s->mask[c[i]];
        return __builtin_popcount(any) < k ? -1 : 0;
    }
    const uint32_t allowed = combinations(s, p, c, fixed);
    for (int i = 0; i < k; i++)
        if (var_narrow(s, c[i], allowed) < 0)
            return -1;
    return 0;
}
