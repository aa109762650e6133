/*
 * geo_generator.h -- puzzles of any geometry, for generator.c's
 * sf_gen_new_geom (internal; geo_generator.c).
 */
#ifndef SF_GEO_GENERATOR_H
#define SF_GEO_GENERATOR_H

#include "sudoflow.h"

typedef struct geo_gen geo_gen_t;

/* A generator for g (not classic), owning a solver; NULL when out of
 * memory.  g must outlive it. */
geo_gen_t *geo_gen_new(const sf_geometry_t *g);
void geo_gen_free(geo_gen_t *gg);

/* Why options o cannot give puzzles of g, or NULL. */
const char *geo_gen_problem(const sf_geometry_t *g, const sf_gen_opts_t *o);

/* sf_gen_puzzle for g: puzzle and solution of N*N cells. */
int geo_gen_puzzle(geo_gen_t *gg, const sf_gen_opts_t *o, uint64_t seed,
                   uint64_t index, uint8_t *puzzle, uint8_t *solution);

#endif
