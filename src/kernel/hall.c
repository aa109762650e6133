/*
 * hall.c -- Régin's filtering for one all-different unit: naked and
 * hidden subsets of every size at once.
 *
 * The unit's cells and the values form a bipartite graph (an edge for
 * each candidate).  A maximum matching is grown by augmenting paths; when
 * it leaves a cell unmatched, the unit has no solution.  Otherwise a value
 * v can stay in cell i only when the edge lies on an alternating cycle:
 * with the graph on cells (i -> j when i has a candidate matched to j),
 * when i and the cell matched to v are in one strongly connected
 * component (Tarjan's algorithm).  Every unit has as many values as
 * cells, so no value is left free and no alternating path ends outside
 * a cycle.  The general and wide kernels call it before the first guess.
 */
#include <string.h>

#include "hall.h"
#include "sudoflow.h"

typedef struct hall {
    int n;                     /* cells of the unit */
    const uint32_t *mask;      /* their candidates */
    int8_t cell_of[SF_MAX_N];  /* value -> matched cell, or -1 */
    int8_t index[SF_MAX_N], low[SF_MAX_N], comp[SF_MAX_N]; /* Tarjan */
    int8_t stack[SF_MAX_N];
    int depth, next, ncomp;
    uint32_t adj[SF_MAX_N];    /* cell -> cells its values are matched to */
} hall_t;

/* An augmenting path from cell i, values seen so far in *seen. */
static int augment(hall_t *h, int i, uint32_t *seen)
{
    for (uint32_t m = h->mask[i] & ~*seen; m; m &= m - 1) {
        const int v = __builtin_ctz(m);
        *seen |= 1u << v;
        if (h->cell_of[v] < 0 || augment(h, h->cell_of[v], seen)) {
            h->cell_of[v] = (int8_t)i;
            return 1;
        }
    }
    return 0;
}

/* Tarjan's strongly connected components from cell i. */
static void strong(hall_t *h, int i)
{
    h->index[i] = h->low[i] = (int8_t)h->next++;
    h->stack[h->depth++] = (int8_t)i;
    for (uint32_t m = h->adj[i]; m; m &= m - 1) {
        const int j = __builtin_ctz(m);
        if (h->index[j] < 0) {
            strong(h, j);
            h->low[i] = h->low[j] < h->low[i] ? h->low[j] : h->low[i];
        } else if (h->comp[j] < 0 && h->index[j] < h->low[i]) {
            h->low[i] = h->index[j];
        }
    }
    if (h->low[i] != h->index[i])
        return;
    int j;
    do {
        j = h->stack[--h->depth];
        h->comp[j] = (int8_t)h->ncomp;
    } while (j != i);
    h->ncomp++;
}

int hall_filter(int n, const uint32_t *mask, uint32_t *keep)
{
    hall_t h;
    h.n = n;
    h.mask = mask;
    memset(h.cell_of, -1, sizeof h.cell_of);
    for (int i = 0; i < n; i++) {
        uint32_t seen = 0;
        if (!augment(&h, i, &seen))
            return 0;
    }
    for (int i = 0; i < n; i++) {
        h.adj[i] = 0;
        for (uint32_t m = mask[i]; m; m &= m - 1)
            h.adj[i] |= 1u << h.cell_of[__builtin_ctz(m)];
        h.index[i] = h.comp[i] = -1;
    }
    h.depth = h.next = h.ncomp = 0;
    for (int i = 0; i < n; i++)
        if (h.index[i] < 0)
            strong(&h, i);
    for (int i = 0; i < n; i++) {
        keep[i] = 0;
        for (uint32_t m = mask[i]; m; m &= m - 1) {
            const int v = __builtin_ctz(m);
            if (h.comp[h.cell_of[v]] == h.comp[i])
                keep[i] |= 1u << v;
        }
    }
    return 1;
}
