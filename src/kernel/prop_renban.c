/*
 * prop_renban.c -- a renban line: its k cells hold k consecutive values,
 * each once, in any order.
 *
 * A placed value leaves the other cells.  Then each run of k consecutive
 * values is tried as the line's set: it stays when it holds every placed
 * value, every cell can take one of its values and each of its values
 * has a cell that can take it.  Each cell keeps the values of the runs
 * that stay.  Exact once every cell is single: k distinct values inside
 * a run of k are that run.
 */
#include "var_internal.h"

int prop_renban(vstate_t *s, const prop_t *p)
{
    const uint16_t *c = prop_cells(s->r, p);
    const int k = p->ncells, n = s->r->n;
    uint32_t fixed, any = 0, allowed = 0;
    if (var_distinct(s, c, k, &fixed) < 0)
        return -1;
    for (int i = 0; i < k; i++)
        any |= s->mask[c[i]];
    for (int lo = 1; lo + k - 1 <= n; lo++) {
        const uint32_t run = mask_range(lo, lo + k - 1);
        int ok = (fixed & ~run) == 0 && (any & run) == run;
        for (int i = 0; i < k && ok; i++)
            ok = (s->mask[c[i]] & run) != 0;
        if (ok)
            allowed |= run;
    }
    for (int i = 0; i < k; i++)
        if (var_narrow(s, c[i], allowed) < 0)
            return -1;
    return 0;
}
