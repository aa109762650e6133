/*
 * logic.h -- how hard a puzzle is for a human solver.
 *
 * A puzzle's level is the hardest family of techniques a logical solver
 * needs when it always applies the simplest technique that makes progress,
 * going back to the simplest after every step.  Guessing is the last resort:
 * a puzzle the techniques below cannot finish, and any puzzle without
 * exactly one solution, is rated SF_LEVEL_GUESS.
 *
 * Everything here is reentrant: the solver's state lives on the caller's
 * stack and the only shared data are read-only geometry tables.
 */
#ifndef SF_LOGIC_H
#define SF_LOGIC_H

#include <stdint.h>

#include "sudoflow.h"

/* The solver behind sf_logic_level, limited to techniques up to max_level
 * (SF_LEVEL_GUESS or above means all of them).  Returns the hardest level
 * used when the grid was completed, else SF_LEVEL_GUESS (stalled, a
 * contradiction, or invalid input).  When out is not NULL it receives the
 * grid as far as it got: 1..9 for filled cells, 0 for cells left open
 * (a copy of the valid givens' cells, or all zeros for invalid input). */
sf_level_t logic_solve(const uint8_t *cells, sf_level_t max_level,
                       uint8_t *out);

#endif
