/*
 * se_all.h -- a technique's hints in SE's "all" mode, as the nested
 * forcing chains use them (se_all.c): collected as a chain search finds
 * them, then handed to a sink in SE's order, once per set of
 * eliminations; and what a chain's links rest on.  Shared by the chain
 * files (se_chains.c, se_forcing.c) only.
 */
#ifndef SF_SE_ALL_H
#define SF_SE_ALL_H

#include "se/grid/se_grid.h"

typedef struct se_found {
    se_hint_t h;
    int cx, key, seq;     /* complexity, SE's sort key, order found */
    uint16_t need[81];    /* what it rests on (the sink's need[]) */
    uint64_t sig, elims;  /* its chain's identity, a hash of h's removals */
} se_found_t;

typedef struct se_found_list {
    se_found_t *v;
    int n, cap;
    int *slot, nslots;    /* se_found_emit's table of removals */
} se_found_list_t;

#define SE_SIG_START 0xcbf29ce484222325ull
uint64_t se_sig_add(uint64_t h, unsigned v);

/* Append h (need[] cleared, sig started); NULL when out of memory. */
se_found_t *se_found_add(se_found_list_t *l, const se_hint_t *h, int cx,
                         int key);
void se_found_free(se_found_list_t *l);
/* Sort the list and hand each hint to all (sink's complexity and sig
 * set); 1 when emit stopped, 0 when done, -1 out of memory. */
int se_found_emit(se_found_list_t *l, se_sink_t *all);

/* What the "on" potential pot, reached by a link from cell from, rests on
 * being gone, added to need[] (SE's rule parents by the link's cause):
 * for a link within a cell, the cell's other candidates; within a region
 * (the first of box, row, column holding both, with exactly two places
 * for the digit if x2), the digit's other places there. */
void se_need_of(const se_grid_t *g, int from, int pot, int x2, uint16_t *need);
/* Digit d's places in region u, added to need[]. */
void se_need_unit(const se_grid_t *g, int u, int d, uint16_t *need);

#endif
