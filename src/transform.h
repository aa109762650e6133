/*
 * transform.h -- the validity-preserving transforms of 9x9 Sudoku and the
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

#include "rng.h"

typedef struct sf_xform {
    uint8_t transpose;   /* 1: transpose the input first */
    uint8_t row[9];      /* output row r takes (transposed) input row row[r] */
    uint8_t col[9];      /* output column c takes input column col[c] */
    uint8_t digit[10];   /* digit map, digit[0] = 0 (empty stays empty) */
} sf_xform_t;

/* Rows only permuted within bands and bands among themselves (same for
 * columns/stacks): every sf_xform_t made by these functions preserves
 * validity. */

/* The transform that changes nothing. */
void sf_xform_identity(sf_xform_t *t);

/* A transform drawn uniformly from the whole group (transpose, band order,
 * row order in each band, the same for stacks and columns, and a
 * permutation of the digits 1..9), using only the stream r.  The same
 * stream state gives the same transform. */
void sf_xform_random(sf_xform_t *t, rng_t *r);

/* out[r*9+c] = digit[T(in)[row[r]*9 + col[c]]], T = transpose or identity.
 * in and out may be the same array.  Values above 9 are not digits and
 * become 0, here and in sf_canon. */
void sf_xform_apply(const sf_xform_t *t, const uint8_t *in, uint8_t *out);

/* Canonical form: the lexicographically smallest 81-cell string (0 for an
 * empty cell sorts first) over all transforms above, with digits relabelled
 * in order of first appearance (so the first digit is 1, the next new one
 * 2...).  Equivalent puzzles give byte-identical output; the form is exact
 * for any cells (empty, full, contradictory: it is purely combinatorial,
 * nothing is solved).  When t is not NULL it receives a transform with
 * sf_xform_apply(t, in) == out; digits absent from in are mapped to the
 * unused labels in increasing order, so t->digit is a permutation.
 * in and out may be the same array.  Uses about 55 KiB of stack. */
void sf_canon(const uint8_t *in, uint8_t *out, sf_xform_t *t);

#endif
