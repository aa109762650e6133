/*
 * geom_cache.c -- geometries made once from their texts (geom_cache.h):
 * a list searched by the spec's texts joined into one key; the records
 * of one run rarely name more than a few geometries.
 */
#include "geom_cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct geom_cache_entry {
    char *key;
    size_t key_len;
    sf_geometry_t *g;  /* NULL: classic, or failed (why) */
    char *why;
};

/* The spec's texts joined by 0x1f into a new string; its length. */
static char *key_of(const sf_geometry_spec_t *spec, size_t *len)
{
    const char *parts[3 + SF_MAX_EXTRA] = {spec->size, spec->regions,
                                           spec->variant};
    int np = 3;
    for (int k = 0; k < SF_MAX_EXTRA && spec->extra[k]; k++)
        parts[np++] = spec->extra[k];
    size_t n = 0;
    for (int k = 0; k < np; k++)
        n += (parts[k] ? strlen(parts[k]) : 0) + 1;
    char *key = malloc(n + 1);
    if (!key)
        return NULL;
    size_t at = 0;
    for (int k = 0; k < np; k++) {
        const size_t l = parts[k] ? strlen(parts[k]) : 0;
        memcpy(key + at, parts[k] ? parts[k] : "", l);
        at += l;
        key[at++] = '\x1f';
    }
    key[at] = '\0';
    *len = at;
    return key;
}

static int answer(const geom_cache_entry_t *e, const sf_geometry_t **g,
                  const char **why)
{
    *g = e->g;
    *why = e->why;
    return e->why ? -1 : 0;
}

int geom_cache_get(geom_cache_t *c, const sf_geometry_spec_t *spec,
              const sf_geometry_t **g, const char **why)
{
    size_t len;
    char *key = key_of(spec, &len);
    if (!key)
        return -2;
    for (size_t i = 0; i < c->n; i++)
        if (c->v[i].key_len == len && !memcmp(c->v[i].key, key, len)) {
            free(key);
            return answer(&c->v[i], g, why);
        }
    if (c->n == c->cap) {
        const size_t cap = c->cap ? 2 * c->cap : 4;
        geom_cache_entry_t *v = realloc(c->v, cap * sizeof *v);
        if (!v) {
            free(key);
            return -2;
        }
        c->v = v;
        c->cap = cap;
    }
    geom_cache_entry_t e = {key, len, NULL, NULL};
    sf_error_t err = {0};
    e.g = sf_geometry_new(spec, &err);
    if (!e.g && err.code == SF_ERR_NOMEM) {
        free(key);
        return -2;
    }
    if (!e.g) {
        const char *prefix = c->prefix ? c->prefix : "";
        const size_t n = strlen(prefix) + strlen(err.message) + 1;
        if (!(e.why = malloc(n))) {
            free(key);
            return -2;
        }
        snprintf(e.why, n, "%s%s", prefix, err.message);
    } else if (sf_geometry_is_classic(e.g)) {
        sf_geometry_free(e.g);
        e.g = NULL;
    }
    c->v[c->n++] = e;
    return answer(&e, g, why);
}

void geom_cache_free(geom_cache_t *c)
{
    for (size_t i = 0; i < c->n; i++) {
        free(c->v[i].key);
        sf_geometry_free(c->v[i].g);
        free(c->v[i].why);
    }
    free(c->v);
    c->v = NULL;
    c->n = c->cap = 0;
}
