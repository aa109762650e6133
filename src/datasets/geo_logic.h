/*
 * geo_logic.h -- the logic level on any geometry (internal; geo_logic.c).
 */
#ifndef SF_GEO_LOGIC_H
#define SF_GEO_LOGIC_H

#include "sudoflow.h"

/* sf_logic_level_geom's ladder on g's tables, classic 9x9 included (so a
 * test can hold it against logic.c); g must not be NULL.  grid (N*N
 * bytes, or NULL) receives the cells placed when it stops: the solution
 * unless the level is SF_LEVEL_GUESS. */
sf_level_t geo_logic_level(const sf_geometry_t *g, const uint8_t *cells,
                           uint8_t *grid);

#endif
