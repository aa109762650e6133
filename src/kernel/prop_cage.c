/*
 * prop_cage.c -- a cage: its cells hold no value twice and, with a sum
 * (a killer cage), sum to it.
 *
 * A value placed in the cage leaves its other cells.  With a sum, the
 * cage's combinations (every set of distinct values of its size and sum,
 * listed when the rules were sealed) are tried in turn: a set stays when
 * it holds every value placed in the cage and the cells, their masks cut
 * to the set, can be matched to its values one to one; each cell keeps
 * the values that some such matching gives it (Régin's filtering of the
 * cut masks, hall.c).  So every value left has a filling of the whole
 * cage: the cage is domain consistent.  Without a sum, the
 * cells together must still offer as many values as there are cells.
 * Exact once every cell is single.
 */
#include "hall.h"
#include "var_internal.h"

/* The cage's placed values; -1 when a value is placed twice. */
static int placed(vstate_t *s, const uint16_t *c, int k, uint32_t *fixed)
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
    return 0;
}

/* Remove the placed values from the cells that are not theirs. */
static int distinct(vstate_t *s, const uint16_t *c, int k, uint32_t fixed)
{
    for (int i = 0; i < k; i++) {
        const uint32_t m = s->mask[c[i]];
        if ((m & (m - 1)) && var_narrow(s, c[i], ~fixed) < 0)
            return -1;
    }
    return 0;
}

/* Each cell's values in some way of filling the cage: for each
 * combination, the cells' masks cut to it must match the cells to its
 * values one to one (hall.c), and each cell keeps the values some perfect
 * matching gives it.  0 when no combination is left. */
static int combinations(vstate_t *s, const prop_t *p, const uint16_t *c,
                        uint32_t fixed, uint32_t *allowed)
{
    const uint32_t *set = s->r->aux + p->aux_off;
    const int k = p->ncells;
    uint32_t any = 0, m[SF_MAX_N], keep[SF_MAX_N];
    int found = 0;
    for (int i = 0; i < k; i++) {
        any |= s->mask[c[i]];
        allowed[i] = 0;
    }
    for (uint32_t j = 0; j < p->naux; j++) {
        const uint32_t v = set[j];
        if ((v & fixed) != fixed || (v & ~any))
            continue;
        for (int i = 0; i < k; i++)
            m[i] = s->mask[c[i]] & v;
        if (!hall_filter(k, m, keep))
            continue;
        found = 1;
        for (int i = 0; i < k; i++)
            allowed[i] |= keep[i];
    }
    return found;
}

int prop_cage(vstate_t *s, const prop_t *p)
{
    const uint16_t *c = prop_cells(s->r, p);
    const int k = p->ncells;
    uint32_t fixed;
    if (placed(s, c, k, &fixed) < 0 || distinct(s, c, k, fixed) < 0)
        return -1;
    if (p->value == 0) {
        uint32_t any = 0;
        for (int i = 0; i < k; i++)
            any |= s->mask[c[i]];
        return __builtin_popcount(any) < k ? -1 : 0;
    }
    uint32_t allowed[SF_MAX_N];
    if (k > SF_MAX_N || !combinations(s, p, c, fixed, allowed))
        return k > SF_MAX_N ? 0 : -1;
    for (int i = 0; i < k; i++)
        if (var_narrow(s, c[i], allowed[i]) < 0)
            return -1;
    return 0;
}
