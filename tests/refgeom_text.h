/*
 * refgeom_text.h -- the reference's geometry (refgeom.h) from the texts
 * the command line uses ("6x6:3x2", a region map of labels, "x,antiknight"),
 * read here with no library code, so that a test can give one description
 * to both the library (sf_geometry_spec_t) and the reference.
 */
#ifndef REFGEOM_TEXT_H
#define REFGEOM_TEXT_H

#include "refgeom.h"

/* Fill g from size ("N", "NxN" or "NxN:RxC"; boxes closest to square,
 * rows fewer, when no shape is given), regions (N*N labels or NULL; kept
 * by pointer) and variant (a comma-separated list or NULL).  Returns 0, or
 * -1 for a variant name it does not know. */
int refg_from_text(refg_t *g, const char *size, const char *regions,
                   const char *variant);

/* Jigsaw region maps the tests share (labels row by row): 5x5, 6x6 and
 * 9x9, each N regions of N cells. */
extern const char REFG_JIGSAW5[], REFG_JIGSAW6[], REFG_JIGSAW9[];

#endif
