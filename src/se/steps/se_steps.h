/*
 * se_steps.h -- the Sudoku Explainer engine's direct techniques, on the
 * model of se_grid.h: the singles opening, singles, intersections,
 * subsets and fish (se_basic.c), wings, unique loops, BUG and aligned
 * exclusion; the step loop (se_rate.c) asks them in SE's order, and the
 * nested chains (se_chains.h) use some of them in "all" mode.
 */
#ifndef SF_SE_STEPS_H
#define SF_SE_STEPS_H

#include "se/grid/se_grid.h"

/* ------------------------------------------------------ the techniques
 * Each finds the first instance in SE's scan order that makes progress,
 * fills *h and returns 1; returns 0 when there is none.
 *
 * Those with a `clean` argument keep there (when it is not NULL) the
 * regions (bit u: subsets) or digits (bit d: intersections, fish) in
 * which they found nothing, and skip them the next time: what they find
 * in a region (for a digit) depends on its candidates alone.  The caller
 * clears the bits of what changed since (se_grid_t's changed_units,
 * changed_digits). */

/* se_singles.c: the rating's opening, singles only, as the step loop
 * takes them (se_rate.c), on a cheaper model.  SE_OPEN_SOLVED: singles solve
 * it, *o holds the rating; SE_OPEN_STUCK: no hidden single is left, g
 * holds the position (not indexed) and *o the rating so far;
 * SE_OPEN_OVER: the rating is above ceiling (nonzero), o->best a bound;
 * SE_OPEN_INVALID: the givens clash or a value is above 9. */
typedef struct se_opening {
    int best;             /* rating so far, tenths */
    int step;             /* SF_SE_STEP_* of the step that set it */
    int steps;            /* cells filled */
} se_opening_t;
enum { SE_OPEN_SOLVED, SE_OPEN_STUCK, SE_OPEN_OVER, SE_OPEN_INVALID };
int se_singles(const uint8_t *cells, int ceiling, se_grid_t *g,
               se_opening_t *o);

/* se_basic.c: singles, direct intersections and hidden sets, locked
 * candidates, naked and hidden subsets, basic fish. */
int se_hidden_single(const se_grid_t *g, se_hint_t *h);
int se_direct_locking(const se_grid_t *g, se_hint_t *h, uint32_t *clean);
int se_direct_hidden_set(const se_grid_t *g, int degree, se_hint_t *h,
                         uint32_t *clean);
int se_naked_single(const se_grid_t *g, se_hint_t *h);
int se_locking(const se_grid_t *g, se_hint_t *h, uint32_t *clean);
int se_naked_set(const se_grid_t *g, int degree, se_hint_t *h,
                 uint32_t *clean);
int se_hidden_set(const se_grid_t *g, int degree, se_hint_t *h,
                  uint32_t *clean);
int se_fish(const se_grid_t *g, int degree, se_hint_t *h, uint32_t *clean);
/* The same in "all" mode (non-direct locking): 1 when emit stopped them. */
int se_locking_all(const se_grid_t *g, se_hint_t *h, se_sink_t *all);
int se_naked_set_all(const se_grid_t *g, int degree, se_hint_t *h,
                     se_sink_t *all);
int se_hidden_set_all(const se_grid_t *g, int degree, se_hint_t *h,
                      se_sink_t *all);
int se_fish_all(const se_grid_t *g, int degree, se_hint_t *h, se_sink_t *all);

/* se_wings.c: XY-wing (xyz 0) and XYZ-wing (xyz 1). */
int se_xy_wing(const se_grid_t *g, int xyz, se_hint_t *h);
/* The same in Sukaku Explainer's order (the pincers by cell index). */
int se_xy_wing_sk(const se_grid_t *g, int xyz, se_hint_t *h);

/* se_unique.c: unique rectangles and loops, types 1 to 4. */
int se_unique_loops(const se_grid_t *g, se_hint_t *h);

/* se_bug.c: bivalue universal grave, types 1 to 4. */
int se_bug(const se_grid_t *g, se_hint_t *h);

/* The Sukaku Explainer scale's versions (docs/sukaku.md, section 5):
 * unique loops and BUG with lkSudoku's corrections (se_unique.c,
 * se_bug.c) and the intersections in Sukaku's scan order, digits
 * outermost (se_basic.c). */
int se_unique_loops_lk(const se_grid_t *g, se_hint_t *h);
int se_bug_lk(const se_grid_t *g, se_hint_t *h);
int se_direct_locking_sk(const se_grid_t *g, se_hint_t *h, uint32_t *clean);
int se_locking_sk(const se_grid_t *g, se_hint_t *h, uint32_t *clean);

/* se_aligned.c: aligned pair and triplet exclusion. */
/* With dirty (NULL: all), only pairs or triplets that touch it (a cell or
 * a common peer) are tested: the others are known to remove nothing. */
int se_aligned_pair(const se_grid_t *g, const cellset_t *dirty,
                    se_hint_t *h);
int se_aligned_triple(const se_grid_t *g, const cellset_t *dirty,
                      se_hint_t *h);

/* Sukaku Explainer's order of the hints of one technique, for the
 * techniques that take the first of all they find: difficulty up, then
 * candidates removed down.  < 0 when (exact, total) comes before the best
 * so far, > 0 after; 0: the technique's own keys decide. */
static inline int se_sukaku_order(double exact, int total, double best_exact,
                                  int best_total)
{
    if (exact != best_exact)
        return exact < best_exact ? -1 : 1;
    return best_total - total;
}

/* se_als_wing.c: the Sukaku Explainer scale's wings with k digits (4:
 * WXYZ, 5: VWXYZ, 6: UVWXYZ, 7: TUVWXYZ), the one it takes among all
 * found; h->variant holds its name's suffix (sf_se_label). */
/* With dirty (NULL: all), only the wings with a cell in it: when the
 * search last found nothing, the others still remove nothing (a wing
 * whose cells kept their candidates is the same wing, its eliminations
 * no more). */
int se_als_wing(const se_grid_t *g, int k, const cellset_t *dirty,
                se_hint_t *h);

/* se_strong.c: the Sukaku Explainer scale's chains of n = 2, 3 or 4
 * strong links of one digit (skyscraper, kites, turbot fish, grouped
 * links, X-loops), the one it takes among all found; h->variant holds
 * what its name adds (sf_se_label).  A digit's chains depend on its
 * candidates alone: clean as for fish. */
int se_strong_links(const se_grid_t *g, int n, se_hint_t *h,
                    uint32_t *clean);

#endif
