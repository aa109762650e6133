/*
 * se_grid.c -- the Sudoku Explainer engine's model (se_grid.h): the
 * grid's index of places (per region and digit, kept up to date as
 * candidates go and digits are placed), applying a hint, and the clock
 * of a rating.
 */
#include "se_grid.h"
#include "se_vec.h"

#include <string.h>

#include "core/cancel.h"
#include "core/timer.h"

void se_grid_index(se_grid_t *g)
{
    const grid_tables_t *t = g->t;
    uint8_t count[10] = {0}; /* filled cells per value, 0: empty */
    for (int c = 0; c < 81; c++)
        count[g->val[c]]++;
    memcpy(g->placed, count + 1, sizeof g->placed);
    g->changed_units = g->changed_digits = 0;
    /* each region's cells in vector lanes, all digits' places at once (no
     * branch per cell or candidate: they are unpredictable) */
    for (int u = 0; u < 27; u++) {
        const uint8_t *uc = t->unit_cells[u];
#define SE_OPEN(i) (uint16_t)(g->cand[uc[i]] & -(g->val[uc[i]] == 0))
        /* built in registers (a filled cell has no candidate) */
        const v16u x = {SE_OPEN(0), SE_OPEN(1), SE_OPEN(2),
                        SE_OPEN(3), SE_OPEN(4), SE_OPEN(5),
                        SE_OPEN(6), SE_OPEN(7), SE_OPEN(8)};
#undef SE_OPEN
        const v16u zero = {0};
        g->empty[u] = (uint8_t)se_popcount(se_lanes9((v16u)(x != zero)));
        for (int d = 0; d < 9; d++)
            g->pos[u][d] = (uint16_t)se_lanes9(
                (v16u)((x & (zero + (uint16_t)(1u << d))) != zero));
    }
}

int se_grid_load(se_grid_t *g, const uint8_t *cells)
{
    unsigned used[27];
    g->t = tables_get();
    if (tables_units_used(g->t, cells, used) != 0)
        return -1;
    for (int c = 0; c < 81; c++) {
        const uint8_t *u = g->t->units[c];
        g->val[c] = cells[c];
        g->cand[c] = cells[c] ? 0
                              : (uint16_t)(SE_ALL & ~(used[u[0]] | used[u[1]] |
                                                      used[u[2]]));
    }
    se_grid_index(g);
    return 0;
}

void se_unpos(se_grid_t *g, int c, int e)
{
    const grid_tables_t *t = g->t;
    g->changed_units |= t->unit_bits[c];
    g->changed_digits |= 1u << e;
    se_unpos_quiet(g, c, e);
}

void se_place(se_grid_t *g, int c, int d)
{
    const grid_tables_t *t = g->t;
    for (unsigned m = g->cand[c]; m; m &= m - 1)
        se_unpos(g, c, se_lowest(m));
    for (int k = 0; k < 3; k++)
        g->empty[t->units[c][k]]--;
    g->placed[d]++;
    g->val[c] = (uint8_t)(d + 1);
    g->cand[c] = 0;
    /* the peers that have d: the places of d left in c's regions (a box
     * cell in c's row or column is met twice) */
    for (int k = 0; k < 3; k++) {
        const int u = t->units[c][k];
        for (unsigned m = g->pos[u][d]; m; m &= m - 1) {
            const int p = se_cell(g, u, se_lowest(m));
            if (g->cand[p] >> d & 1) {
                g->cand[p] = (uint16_t)(g->cand[p] & ~(1u << d));
                se_unpos(g, p, d);
            }
        }
    }
}

/* The placement clears the digit from the cell's regions. */
int se_apply(se_grid_t *g, const se_hint_t *h)
{
    for (int c = 0; h->nelim && c < 81; c++) {
        const unsigned gone = g->cand[c] & h->elim[c];
        if (!gone)
            continue;
        g->cand[c] = (uint16_t)(g->cand[c] & ~gone);
        for (unsigned m = gone; m; m &= m - 1)
            se_unpos(g, c, se_lowest(m));
    }
    if (h->cell >= 0)
        se_place(g, h->cell, h->digit);
    int dead = 0; /* an empty cell without candidates */
    for (int c = 0; c < 81; c++)
        dead |= (g->val[c] == 0) & (g->cand[c] == 0);
    return dead ? -1 : 0;
}

void se_hint_clear(se_hint_t *h, int tech, int diff)
{
    memset(h->elim, 0, sizeof h->elim);
    h->nelim = 0;
    h->cell = -1;
    h->digit = 0;
    h->tech = tech;
    h->variant = 0;
    h->diff = diff;
    h->exact = diff / 10.0;
}

int se_clock_over(se_clock_t *c)
{
    if (c->over)
        return 1;
    if (cancel_requested()) /* the call it runs for was cancelled */
        return c->over = 1;
    if (c->deadline <= 0)
        return 0;
    c->over = timer_mono_sec() > c->deadline;
    return c->over;
}
