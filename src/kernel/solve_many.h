/*
 * solve_many.h -- many puzzles of one geometry in one call (solve_many.c):
 * sf_solve_many, and the same with each puzzle's time for the batch
 * driver's statistics.
 */
#ifndef SF_SOLVE_MANY_H
#define SF_SOLVE_MANY_H

#include "core/timer.h"
#include "sudoflow.h"

/* sf_solve_many, and with timer not NULL each puzzle's time in ns[i]: its
 * share of the lanes' time plus its own search. */
void solve_many_timed(sf_solver_t *solver, const sf_geometry_t *g,
                      const uint8_t *const *cells, size_t n, uint64_t limit,
                      unsigned flags, uint8_t *const *solutions,
                      sf_result_t *results, const sf_timer_t *timer,
                      uint64_t *ns);

#endif
