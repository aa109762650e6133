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

typedef enum sf_level {
    SF_LEVEL_SINGLES = 0, /* naked and hidden singles */
    SF_LEVEL_LOCKED,      /* + locked candidates (pointing, claiming) */
    SF_LEVEL_SUBSETS,     /* + naked/hidden pairs, triples, quads */
    SF_LEVEL_FISH,        /* + X-wing, swordfish, jellyfish */
    SF_LEVEL_GUESS,       /* the above do not solve it (also: no/many solutions) */
    SF_LEVEL_COUNT
} sf_level_t;

/* "singles", "locked", "subsets", "fish", "guess"; "?" out of range. */
const char *sf_level_name(sf_level_t l);
/* The level of that exact name, or -1 if unknown (NULL included). */
int sf_level_parse(const char *name);

/* Hardest technique a logical solver needs, always applying the simplest
 * technique that makes progress.  cells: 81 values, 0 = empty, 1..9 =
 * given; values above 9 or clashing givens give SF_LEVEL_GUESS. */
sf_level_t sf_logic_level(const uint8_t *cells);

/* The solver behind sf_logic_level, limited to techniques up to max_level
 * (SF_LEVEL_GUESS or above means all of them).  Returns the hardest level
 * used when the grid was completed, else SF_LEVEL_GUESS (stalled, a
 * contradiction, or invalid input).  When out is not NULL it receives the
 * grid as far as it got: 1..9 for filled cells, 0 for cells left open
 * (a copy of the valid givens' cells, or all zeros for invalid input). */
sf_level_t logic_solve(const uint8_t *cells, sf_level_t max_level,
                       uint8_t *out);

#endif
