/*
 * geom_cache.h -- geometries made from their texts (a spec), once per
 * distinct texts and kept until the cache is freed, so that a million
 * records naming a few geometries make a few: JSON Lines records that
 * name their own (reader.c), and records another process sends
 * (dist/dist_geom.c).  A geometry that cannot be made is kept too, as
 * its reason, which the records naming it carry.
 */
#ifndef SF_GEOM_CACHE_H
#define SF_GEOM_CACHE_H

#include <stddef.h>

#include "sudoflow.h"

typedef struct geom_cache_entry geom_cache_entry_t;

typedef struct geom_cache {
    geom_cache_entry_t *v;
    size_t n, cap;
    const char *prefix; /* put before a reason ("jsonl: "); NULL: none */
} geom_cache_t;

/* The geometry of spec: 0 with *g (NULL for classic 9x9), or -1 with
 * *why (the prefix and the reason, kept until geom_cache_free); -2 out
 * of memory. */
int geom_cache_get(geom_cache_t *c, const sf_geometry_spec_t *spec,
                   const sf_geometry_t **g, const char **why);

void geom_cache_free(geom_cache_t *c);

#endif
