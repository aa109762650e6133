/*
 * prop_quad.c -- a quadruple: the listed values all appear among its
 * cells (a value listed twice, twice).
 *
 * For each listed value, the cells that can still take it must be at
 * least as many as the times it is listed; when they are exactly as many,
 * each of them takes it.  Exact once every cell is single.
 */
#include "var_internal.h"

int prop_quad(vstate_t *s, const prop_t *p)
{
    const uint16_t *c = prop_cells(s->r, p);
    int want[33] = {0};
    for (int v = p->value; v; v >>= 5)
        want[v & 31]++;
    for (int x = 1; x <= s->r->n; x++) {
        if (!want[x])
            continue;
        const uint32_t bit = 1u << (x - 1);
        int can = 0;
        for (int i = 0; i < p->ncells; i++)
            can += (s->mask[c[i]] & bit) != 0;
        if (can < want[x])
            return -1;
        if (can == want[x])
            for (int i = 0; i < p->ncells; i++)
                if ((s->mask[c[i]] & bit) && var_narrow(s, c[i], bit) < 0)
                    return -1;
    }
    return 0;
}
