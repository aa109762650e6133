/*
 * equivalence.h -- the validity-preserving transforms of 9x9 Sudoku and the
 * canonical form of a puzzle under them.
 *
 * A transform optionally transposes the grid, permutes the rows within each
 * band and the bands among themselves, does the same for columns and
 * stacks, and relabels the digits: 2 * 6^8 * 9! elements in all.  Every
 * such transform maps a valid puzzle to a valid puzzle with the same number
 * of solutions, and maps its solutions through the same transform.
 *
 * Cells are uint8_t[81], row-major, 0 = empty, 1..9 = digit.  All
 * functions are reentrant and thread-safe (state lives with the caller).
 */
#ifndef SF_TRANSFORM_H
#define SF_TRANSFORM_H

#include <stdint.h>

#include "core/rng.h"
#include "sudoflow.h"

/* A transform drawn uniformly from the whole group (transpose, band order,
 * row order in each band, the same for stacks and columns, and a
 * permutation of the digits 1..9), using only the stream r.  The same
 * stream state gives the same transform. */
void sf_xform_random(sf_xform_t *t, rng_t *r);

/* sf_canon by the general search alone, for any cells (sf_canon gives
 * complete valid grids to grid_canon.c instead; the tests compare the
 * two). */
void canon_search(const uint8_t *in, uint8_t *out, sf_xform_t *t);

#endif
