/*
 * geom_detect.h -- the format and side of a file of puzzles of any
 * geometry, from its first lines (internal; geom_detect.c).
 */
#ifndef SF_GEOM_DETECT_H
#define SF_GEOM_DETECT_H

#include <stddef.h>

#include "geometry.h"

#define GEOM_DETECT_MAX 16 /* lines looked at, at most */

/* The format of lines[0..n-1] (the first non-comment, non-blank lines of
 * a file) for geometry g, or with g NULL for whichever side they show:
 * SF_FORMAT_LINE, _GRID or _CSV, with that side in *side (g's, or 0 for
 * csv with g NULL: the side comes from the first record's puzzle field);
 * SF_FORMAT_AUTO when no line is a record or row of any side.  With want
 * (a format fixed by the caller) not SF_FORMAT_AUTO, only it is tried. */
sf_format_t geom_detect_lines(const sf_geometry_t *g, const sf_alphabet_t *a,
                              sf_format_t want, const char *const *lines,
                              const size_t *lens, int n, int *side);

/* The side a csv puzzle field is a record of (N*N symbols or numbers),
 * 0 when none. */
int geom_field_side(const sf_alphabet_t *a, const char *s, size_t len);

#endif
