/*
 * automorphism.h -- the transforms of the Sudoku equivalence group that
 * map a grid of givens onto itself (see automorphism.c).
 *
 * sf_automorphisms (sudoflow.h) counts whole transforms: a geometric map
 * (transposition or not, an order of the rows that keeps bands whole, the
 * same for columns and stacks: one of 2 * 6^8) with a relabelling of the
 * digits.  Reentrant; state on the caller's stack.
 */
#ifndef SF_AUTOMORPHISM_H
#define SF_AUTOMORPHISM_H

#include <stdint.h>

#include "sudoflow.h"

/* The geometric part of the count: how many of the 2 * 6^8 geometric
 * maps, followed by some relabelling of the digits, map cells onto itself
 * (at least 1, the identity).  sf_automorphisms is this times m!, m the
 * number of digits 1..9 that do not occur in cells.  Values above 9 are
 * read as empty cells, as sf_xform_apply does. */
uint64_t automorphism_maps(const uint8_t *cells);

#endif
