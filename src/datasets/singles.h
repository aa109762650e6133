/*
 * singles.h -- the singles closure of a grid: what naked and hidden
 * singles alone place (see singles.c), as a state that more placements
 * can be added to.
 *
 * The closure is monotone: adding a placement to a closed state and
 * closing again gives the closure of the givens plus that placement, so
 * a search over sets of extra placements (the singles backdoor,
 * backdoor.c) closes each set from the closed state of its subset.
 * Everything here is reentrant; the state lives with the caller.
 */
#ifndef SF_SINGLES_H
#define SF_SINGLES_H

#include <stdint.h>

#include "sudoflow.h"

/* A grid closed under singles. */
typedef struct singles {
    uint16_t cand[SF_CELLS]; /* an empty cell's candidates (bit d - 1 for
                              * digit d: not yet seen by a peer); 0 once
                              * filled */
    uint8_t val[SF_CELLS];   /* a filled cell's digit; 0 while empty */
    uint16_t placed[27];     /* digits filled in, per unit (core/tables.h) */
    int filled;              /* cells filled, givens included */
} singles_t;

/* The closure of cells (81 values, 0 = empty): the givens placed, then
 * naked and hidden singles until none applies.  0, or -1 when a value is
 * above 9, two givens clash, or the singles reach a contradiction (the
 * puzzle has no solution); s is then unspecified. */
int singles_load(singles_t *s, const uint8_t *cells);

/* Place digit (1..9) in cell (0..80) of the closed state s and close it
 * again.  0, or -1 on a contradiction (the digit does not fit, or the
 * singles it starts reach one); s is then unspecified. */
int singles_add(singles_t *s, int cell, int digit);

#endif
