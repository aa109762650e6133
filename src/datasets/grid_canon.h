/*
 * grid_canon.h -- sf_canon's form of a complete valid grid, by the
 * structure of solution grids (grid_canon.c has the method).
 */
#ifndef SF_GRID_CANON_H
#define SF_GRID_CANON_H

#include <stdint.h>

#include "sudoflow.h"

/* The canonical form of in (81 cells) into out, and (t not NULL) a
 * transform with sf_xform_apply(t, in) == out, exactly as sf_canon gives
 * them: 0.  -1 (nothing written) when in is not a complete valid grid,
 * or is one too symmetric for this method (sf_canon then does it). */
int grid_canon(const uint8_t *in, uint8_t *out, sf_xform_t *t);

#endif
