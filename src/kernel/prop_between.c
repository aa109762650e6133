/*
 * prop_between.c -- a between line: the cells between its two ends hold
 * values strictly between the ends' values.
 *
 * Every pair of end values is tried (at most N * N): a pair stays when
 * each middle cell can take a value strictly between the two.  The ends
 * keep the values of the pairs that stay, the middle cells the values
 * strictly between some pair that stays.  Exact once every cell is
 * single.
 */
#include "var_internal.h"

int prop_between(vstate_t *s, const prop_t *p)
{
    const uint16_t *c = prop_cells(s->r, p);
    const int k = p->ncells, e1 = c[0], e2 = c[k - 1];
    uint32_t keep1 = 0, keep2 = 0, middle = 0;
    for (uint32_t a = s->mask[e1]; a; a &= a - 1) {
        const int va = __builtin_ctz(a) + 1;
        for (uint32_t b = s->mask[e2]; b; b &= b - 1) {
            const int vb = __builtin_ctz(b) + 1;
            const int lo = va < vb ? va : vb, hi = va + vb - lo;
            const uint32_t inside = mask_range(lo + 1, hi - 1);
            int ok = 1;
            for (int i = 1; i + 1 < k && ok; i++)
                ok = (s->mask[c[i]] & inside) != 0;
            if (!ok)
                continue;
            keep1 |= 1u << (va - 1);
            keep2 |= 1u << (vb - 1);
            middle |= inside;
        }
    }
    if (var_narrow(s, e1, keep1) < 0 || var_narrow(s, e2, keep2) < 0)
        return -1;
    for (int i = 1; i + 1 < k; i++)
        if (var_narrow(s, c[i], middle) < 0)
            return -1;
    return 0;
}
