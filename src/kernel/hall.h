/*
 * hall.h -- Hall sets of one all-different unit (internal to the
 * kernels): the values each cell keeps when every value a complete
 * matching of cells to values cannot give it is taken away.
 */
#ifndef SF_HALL_H
#define SF_HALL_H

#include <stdint.h>

/* mask[0..n-1] are the candidates of a unit's n cells (n <= SF_MAX_N,
 * bit v for value v + 1).  Fills keep[0..n-1] with the candidates each
 * keeps; 0 when no matching gives every cell a value of its own. */
int hall_filter(int n, const uint32_t *mask, uint32_t *keep);

#endif
