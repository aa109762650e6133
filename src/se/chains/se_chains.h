/*
 * se_chains.h -- the Sudoku Explainer engine's chains, on the model of
 * se_grid.h and the direct techniques of se_steps.h: forcing chains and
 * cycles (se_chains.c), then Nishio, cell and region forcing chains,
 * dynamic forcing chains and those with nesting (se_forcing.c, on the
 * search of se_search.c), and the memory their searches keep.
 */
#ifndef SF_SE_CHAINS_H
#define SF_SE_CHAINS_H

#include "se/grid/se_grid.h"

/* The chain search's scratch memory (see se_chains.c); NULL-safe.  It
 * can serve one rating after another, keeping what it holds allocated:
 * se_work_reset marks it as left from another rating (cheap: most ratings
 * never use it), and se_work_ready, before its first use in a rating,
 * then clears that rating's state. */
typedef struct se_work se_work_t;
se_work_t *se_work_new(void);
void se_work_free(se_work_t *w);
void se_work_reset(se_work_t *w);
void se_work_ready(se_work_t *w);

/* SE's length term of a chain of the given complexity, in tenths. */
int se_length_diff(int complexity);
/* SE's double for base (tenths) plus the length's 0.1s, summed as SE
 * does (ChainingHint.getLengthDifficulty). */
double se_length_exact(int base, int complexity);

/* The "off" potentials an "on" potential pot (cell * 9 + digit) implies,
 * in SE's order: the digit's other places in the cell's box, row and
 * column, and with y the cell's other digits first.  Their count. */
int se_on_to_off(const se_grid_t *g, int pot, int y, int16_t *out);

/* The regions where an "on" potential in cell turns off its digit's
 * other places, in SE's peer order (tables' house[]): its box, then its
 * row and its column outside the box; skip[k] masks the places of
 * units[k] (region order) that are not among them. */
static inline void se_on_regions(const se_grid_t *g, int cell, int units[3],
                                 unsigned skip[3])
{
    const grid_tables_t *t = g->t;
    se_kind_units(g, cell, units);
    skip[0] = 1u << t->box_pos[cell];
    skip[1] = t->box_part[cell][0];
    skip[2] = t->box_part[cell][1];
}

/* se_chains.c: X-, Y- and XY-cycles and forcing X- and XY-chains; with
 * any set, the first hint met instead of SE's (the easiest, shortest). */
int se_chains(const se_grid_t *g, se_work_t *w, se_clock_t *c, int any,
              se_hint_t *h);
/* The same in "all" mode, for the nested chains: every hint, in SE's
 * order (least difficulty, then complexity, then X, Y, XY; first found
 * first), hints with the same eliminations once.  need[] holds what the
 * chain's "on" links rest on being gone: a cell's other candidates for a
 * bivalue link, the digit's other places in the region for a region link.
 * 1 when emit stopped them, -1 out of memory. */
int se_chains_all(const se_grid_t *g, se_work_t *w, se_sink_t *all);
/* What every potential implies at any distance on g with both kinds of
 * links (the static multiple chains' links), kept in w until the next
 * search of w; then whether the "on" potentials pots[0..n) all lead (or
 * are) some potential in common (necessary for a static cell or region
 * forcing chain from them). */
void se_reach_static(const se_grid_t *g, se_work_t *w);
int se_reach_common(const se_work_t *w, const int *pots, int n);

/* se_forcing.c: Nishio forcing chains, and cell and region forcing chains
 * (SE's hint of each: the easiest, then shortest).  Their scratch memory
 * is kept like the chain search's, and uses that one for its nested
 * chains: se_fwork_reset readies it for another rating (NULL-safe). */
typedef struct se_fwork se_fwork_t;
se_fwork_t *se_fwork_new(se_work_t *chains); /* its nested chains' */
void se_fwork_free(se_fwork_t *f);
void se_fwork_reset(se_fwork_t *f);
int se_nishio(const se_grid_t *g, se_fwork_t *f, se_clock_t *c, se_hint_t *h);
int se_multiple_chains(const se_grid_t *g, se_fwork_t *f, se_clock_t *c,
                       se_hint_t *h);
/* Dynamic forcing chains (level 0, 8.5 and up) and those with SE's level
 * of nesting 1 to 5 (9.0, 9.5, 10.0, 10.5, 11.0 and up): when a search
 * runs out of implications,
 * techniques found on its working grid add implications: locking, hidden
 * and naked pairs, X-wings (all levels), forcing chains and cycles
 * (levels 2, 3), multiple forcing chains (3), dynamic forcing chains (4,
 * 5), themselves with nesting level 2 (5). */
int se_nested_chains(const se_grid_t *g, se_fwork_t *f, se_clock_t *c,
                     int level, se_hint_t *h);
/* Whether a search of the multiple chains ran out of the room set aside
 * for it (its result would not be SE's; the rating stops there). */
int se_fwork_overflow(const se_fwork_t *f);

#endif
