/*
 * geom_text.h -- the pieces of geom_text.c the reader needs (internal):
 * the default alphabet, a csv field or a grid row of a geometry, and the
 * static reasons for grids cut short.
 */
#ifndef SF_GEOM_TEXT_H
#define SF_GEOM_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "sudoflow.h"

/* The default alphabet (sf_alphabet_init with NULL); never NULL. */
const sf_alphabet_t *geom_default_alphabet(void);

/* (a NULL alphabet is the default one below.) */

/* A csv puzzle field: blanks around it trimmed, then N*N symbols or N*N
 * numbers and nothing else.  The form (SF_FORM_*), or -1 with *why. */
int geom_parse_field(const sf_geometry_t *g, const sf_alphabet_t *a,
                     const char *s, size_t n, uint8_t *cells,
                     const char **why);

/* Row `row` (1-based) of a grid: N symbols, blanks and '|' between them
 * skipped, or N numbers separated by blanks; values into out (N bytes).
 * *spaced is 1 when the cells were separated by blanks.  The form
 * (SF_FORM_SYMBOLS, or SF_FORM_SPACES for numbers), or -1 with *why. */
int geom_parse_row(const sf_geometry_t *g, const sf_alphabet_t *a, int row,
                   const char *s, size_t len, uint8_t *out, int *spaced,
                   const char **why);

/* "grid row R has K cells", "grid has R rows" for side g->n. */
const char *geom_why_row(const sf_geometry_t *g, int row, size_t found);
const char *geom_why_rows(const sf_geometry_t *g, int rows);

#endif
