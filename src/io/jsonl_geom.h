/*
 * jsonl_geom.h -- the geometries JSON Lines records name for themselves,
 * made once per distinct set of texts and kept by the reader, so that a
 * file of a million records of a few geometries makes a few geometries.
 * A geometry that cannot be made is kept too, as its reason, which the
 * records naming it carry.
 */
#ifndef SF_JSONL_GEOM_H
#define SF_JSONL_GEOM_H

#include <stddef.h>

#include "sudoflow.h"

typedef struct jgeom_entry jgeom_entry_t;

typedef struct jgeom_cache {
    jgeom_entry_t *v;
    size_t n, cap;
} jgeom_cache_t;

/* The geometry of spec: 0 with *g (NULL for classic 9x9), or -1 with
 * *why ("jsonl: " and the reason, kept until jgeom_free); -2 out of
 * memory. */
int jgeom_get(jgeom_cache_t *c, const sf_geometry_spec_t *spec,
              const sf_geometry_t **g, const char **why);

void jgeom_free(jgeom_cache_t *c);

#endif
