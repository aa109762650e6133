/*
 * se_rate.h -- the Sudoku Explainer rating's step loop (se_rate.c), as
 * the layers above use it beside sudoflow.h's sf_se_rate: a rating that
 * stops at a ceiling, one with less room for nested searches (tests),
 * and the ladder's access to the techniques (logic.c).
 */
#ifndef SF_SE_RATE_H
#define SF_SE_RATE_H

#include <stdint.h>

#include "sudoflow.h"

struct se_work;
struct se_grid;
struct se_hint;

/* What se_trace hands over at each step: the grid before the step and
 * the hint of the step (its technique, difficulty, placement and the
 * candidates it removes; se_grid.h). */
typedef struct se_tracer {
    void (*step)(void *ctx, const struct se_grid *before,
                 const struct se_hint *hint);
    void *ctx;
} se_tracer_t;

/* The rating (as sf_se_rate, the same result) by SE's own path, one step
 * at a time from the givens, each step handed to tr before it is
 * applied; for traces.  0, or -1 (a NULL argument, a budget below 0, out
 * of memory). */
int se_trace(const uint8_t *cells, sf_se_scale_t scale, double budget,
             const se_tracer_t *tr, sf_se_result_t *out);

/* sf_se_rate that stops as soon as the rating is known to be above
 * ceiling (tenths, > 0): then out is a lower bound above it, flagged
 * SF_SE_OVER with step SF_SE_STEP_OVER.  For targets with a maximum. */
int se_rate_capped(const uint8_t *cells, sf_se_scale_t scale, double budget,
                   int ceiling, sf_se_result_t *out);
/* sf_se_rate with the nested searches' room for parents cut to pool_room
 * (see se_clock_t; for tests of running out of it). */
int se_rate_room(const uint8_t *cells, int pool_room, sf_se_result_t *out);

/* The ladder's access to SE's techniques.  Applies one step of the
 * first technique of a family in [SF_LEVEL_WINGS, max_level] that makes
 * progress to cand/val (both 81 cells, as in se_grid_t) and returns its
 * family, or -1 when none does (or memory ran out).  *w is the chain
 * search's memory, allocated on first use; the caller frees it with
 * se_ladder_free. */
int se_ladder_step(uint16_t cand[81], uint8_t val[81], int max_level,
                   struct se_work **w);
/* Free the memory se_ladder_step allocated in *w (NULL: none). */
void se_ladder_free(struct se_work *w);

#endif
