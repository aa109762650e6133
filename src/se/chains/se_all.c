/*
 * se_all.c -- the hints of a technique in SE's "all" mode, as the nested
 * forcing chains use them (se_forcing.c): collected as a chain search
 * finds them, then put in SE's order (least difficulty, then complexity,
 * then kind, then as found) and handed out once per set of eliminations
 * (SE keeps the first of hints that remove the same candidates).
 *
 * Each entry also carries what the hint rests on being gone (need[], SE's
 * "rule parents" before they are matched against a search's removals)
 * and an identity of its chain (sig): SE counts a nested chain's
 * complexity once per hint however many of its eliminations the hint
 * uses, and two chains with the same potentials are the same chain.
 */
#include "se_all.h"

#include <stdlib.h>
#include <string.h>

void se_found_free(se_found_list_t *l)
{
    free(l->v);
    free(l->slot);
    memset(l, 0, sizeof *l);
}

uint64_t se_sig_add(uint64_t h, unsigned v)
{
    return (h ^ v) * 0x100000001b3ull;
}

se_found_t *se_found_add(se_found_list_t *l, const se_hint_t *h, int cx,
                         int key)
{
    if (l->n == l->cap) {
        const int cap = l->cap ? 2 * l->cap : 256;
        se_found_t *m = realloc(l->v, (size_t)cap * sizeof *m);
        if (!m)
            return NULL;
        l->v = m;
        l->cap = cap;
    }
    se_found_t *k = &l->v[l->n];
    k->h = *h;
    k->cx = cx;
    k->key = key;
    k->seq = l->n++;
    k->sig = SE_SIG_START;
    memset(k->need, 0, sizeof k->need);
    uint64_t eh = se_sig_add(SE_SIG_START, (unsigned)(h->cell * 9 + h->digit));
    for (int c = 0; c < 81; c++)
        if (h->elim[c])
            eh = se_sig_add(eh, (unsigned)(c << 9 | h->elim[c]));
    k->elims = eh;
    return k;
}

static int found_cmp(const void *pa, const void *pb)
{
    const se_found_t *a = pa, *b = pb;
    if (a->h.exact != b->h.exact)
        return a->h.exact < b->h.exact ? -1 : 1;
    if (a->cx != b->cx)
        return a->cx < b->cx ? -1 : 1;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static int same_elims(const se_found_t *a, const se_found_t *b)
{
    return a->elims == b->elims && a->h.cell == b->h.cell &&
           a->h.digit == b->h.digit &&
           memcmp(a->h.elim, b->h.elim, sizeof a->h.elim) == 0;
}

/* Whether an earlier entry of the sorted list removes what entry i
 * removes: a hash table of the entries handed out so far, by their
 * removals' hash (slots hold entry index + 1). */
static int seen_before(se_found_list_t *l, int i)
{
    const unsigned mask = (unsigned)l->nslots - 1;
    for (unsigned h = (unsigned)l->v[i].elims & mask;; h = (h + 1) & mask) {
        const int j = l->slot[h] - 1;
        if (j < 0) {
            l->slot[h] = i + 1;
            return 0;
        }
        if (same_elims(&l->v[j], &l->v[i]))
            return 1;
    }
}

int se_found_emit(se_found_list_t *l, se_sink_t *all)
{
    if (!l->n)
        return 0;
    qsort(l->v, (size_t)l->n, sizeof *l->v, found_cmp);
    int want = 64;
    while (want < 2 * l->n)
        want *= 2;
    if (want > l->nslots) {
        int *m = realloc(l->slot, (size_t)want * sizeof *m);
        if (!m)
            return -1;
        l->slot = m;
        l->nslots = want;
    }
    memset(l->slot, 0, (size_t)l->nslots * sizeof *l->slot);
    for (int i = 0; i < l->n; i++) {
        const se_found_t *k = &l->v[i];
        if (seen_before(l, i))
            continue;
        memcpy(all->need, k->need, sizeof all->need);
        all->complexity = k->cx;
        all->sig = k->sig;
        if (all->emit(all, &k->h))
            return 1;
    }
    return 0;
}

void se_need_of(const se_grid_t *g, int from, int pot, int x2, uint16_t *need)
{
    const int c = pot / 9, d = pot % 9;
    if (c == from) {
        need[c] = SE_ALL;
        return;
    }
    for (int k = 0; k < 3; k++) {
        const int u = se_kind_unit(g, k, c);
        if (!cellset_has(g->t->unit_set[u], (unsigned)from) ||
            (x2 && se_popcount(g->pos[u][d]) != 2))
            continue;
        se_need_unit(g, u, d, need);
        return;
    }
}

void se_need_unit(const se_grid_t *g, int u, int d, uint16_t *need)
{
    for (int i = 0; i < 9; i++) {
        const int o = se_cell(g, u, i);
        need[o] = (uint16_t)(need[o] | 1u << d);
    }
}
