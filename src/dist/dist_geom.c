/*
 * dist_geom.c -- the wire form of records' geometries (dist_geom.h).
 *
 * The form: a 32-bit count of table entries, each a 32-bit length and a
 * key (the geometry's size, region map, variant and extra texts joined
 * by 0x1f); a 16-bit entry number per record (0 for classic 9x9, k + 1
 * for table entry k); then, for a chunk, the N*N cells of each geometry
 * record in record order.  Keys rebuild an equal geometry through
 * sf_geometry_new, since they are the canonical texts it keeps; the
 * receiver makes each once (io/geom_cache.c).  A variant record (with
 * rules) goes as entry 0 without cells: the receiver makes it again from
 * its text (io/fpz_record.c), rules and all.
 */
#include "dist_geom.h"

#include "core/geometry.h"
#include "engine/batch_driver.h"
#include "io/geom_cache.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SEP '\x1f'
#define REC(recs, stride, i) \
    ((sf_record_t *)((char *)(recs) + (i) * (stride)))
#define MAX_TABLE 65535

/* g's key into out (room for it: see key_max); its length. */
static size_t key_of(const sf_geometry_t *g, char *out)
{
    const char *parts[3 + SF_MAX_EXTRA] = {
        g->size_text, g->regions_text ? g->regions_text : "",
        g->variant_text};
    int np = 3;
    for (int k = 0; k < g->nextra; k++)
        parts[np++] = g->extra_text[k];
    size_t len = 0;
    for (int k = 0; k < np; k++) {
        if (k)
            out[len++] = SEP;
        const size_t l = strlen(parts[k]);
        memcpy(out + len, parts[k], l);
        len += l;
    }
    return len;
}

static size_t key_max(void)
{
    return (size_t)(SF_MAX_EXTRA + 2) * (SF_MAX_CELLS + 1) + 256;
}

static int put(char **buf, size_t *len, size_t *cap, const void *p, size_t n)
{
    if (batch_grow((void **)buf, cap, *len + n) != 0)
        return -1;
    memcpy(*buf + *len, p, n);
    *len += n;
    return 0;
}

int dist_geom_pack(const sf_record_t *recs, size_t stride, size_t n,
                   const sf_chunk_t *in, char **buf, size_t *len,
                   size_t *cap)
{
    const sf_geometry_t *table[64];
    const sf_geometry_t **tab = table;
    size_t nt = 0, tcap = 64;
    uint16_t *ids = malloc((n ? n : 1) * sizeof *ids);
    char *key = malloc(key_max());
    int rc = -1;
    if (!ids || !key)
        goto done;
    for (size_t i = 0; i < n; i++) {
        const sf_record_t *r = REC(recs, stride, i);
        const sf_geometry_t *g = r->rules ? NULL : r->geom;
        size_t k = 0;
        while (g && k < nt && tab[k] != g)
            k++;
        if (g && k == nt) {
            if (nt == MAX_TABLE)
                goto done;
            if (nt == tcap) {
                const sf_geometry_t **t = malloc(2 * tcap * sizeof *t);
                if (!t)
                    goto done;
                memcpy(t, tab, nt * sizeof *t);
                if (tab != table)
                    free(tab);
                tab = t;
                tcap *= 2;
            }
            tab[nt++] = g;
        }
        ids[i] = (uint16_t)(g ? k + 1 : 0);
    }
    const uint32_t count = (uint32_t)nt;
    if (put(buf, len, cap, &count, sizeof count) != 0)
        goto done;
    for (size_t k = 0; k < nt; k++) {
        const uint32_t l = (uint32_t)key_of(tab[k], key);
        if (put(buf, len, cap, &l, sizeof l) || put(buf, len, cap, key, l))
            goto done;
    }
    if (put(buf, len, cap, ids, n * sizeof *ids) != 0)
        goto done;
    for (size_t i = 0; in && i < n; i++) {
        const sf_record_t *r = REC(recs, stride, i);
        if (r->geom && !r->rules &&
            put(buf, len, cap, in->gcells + r->cells_off,
                           (size_t)r->geom->ncells) != 0)
            goto done;
    }
    rc = 0;
done:
    if (tab != table)
        free(tab);
    free(ids);
    free(key);
    return rc;
}

/* This process's geometry for key (made once, kept in gs), or NULL. */
static const sf_geometry_t *geometry_for(geom_cache_t *gs, const char *key,
                                         size_t len, char *copy)
{
    memcpy(copy, key, len);
    copy[len] = '\0';
    /* the parts, cut in place at each separator */
    char *part[3 + SF_MAX_EXTRA];
    int np = 0;
    char *s = copy;
    for (;;) {
        part[np++] = s;
        char *sep = strchr(s, SEP);
        if (!sep || np == 3 + SF_MAX_EXTRA)
            break;
        *sep = '\0';
        s = sep + 1;
    }
    if (np < 3)
        return NULL;
    sf_geometry_spec_t spec = {part[0], part[1], part[2], {0}};
    for (int k = 3; k < np; k++)
        spec.extra[k - 3] = part[k];
    const sf_geometry_t *g = NULL;
    const char *why;
    return geom_cache_get(gs, &spec, &g, &why) == 0 ? g : NULL;
}

long dist_geom_unpack(geom_cache_t *gs, const char *p, size_t avail,
                      sf_record_t *recs, size_t stride, size_t n,
                      sf_chunk_t *in)
{
    const char *const start = p, *const end = p + avail;
    uint32_t count;
    if ((size_t)(end - p) < sizeof count)
        return -1;
    memcpy(&count, p, sizeof count);
    p += sizeof count;
    const sf_geometry_t **local = malloc((count ? count : 1) * sizeof *local);
    char *copy = malloc(key_max() + 1);
    long rc = -1;
    if (!local || !copy)
        goto done;
    for (uint32_t k = 0; k < count; k++) {
        uint32_t l;
        if ((size_t)(end - p) < sizeof l)
            goto done;
        memcpy(&l, p, sizeof l);
        p += sizeof l;
        if ((size_t)(end - p) < l || l > key_max() ||
            !(local[k] = geometry_for(gs, p, l, copy)))
            goto done;
        p += l;
    }
    if ((size_t)(end - p) < n * sizeof(uint16_t))
        goto done;
    const char *ids = p;
    p += n * sizeof(uint16_t);
    if (in)
        in->gcells_len = 0;
    for (size_t i = 0; i < n; i++) {
        uint16_t id;
        memcpy(&id, ids + i * sizeof id, sizeof id);
        if (id > count)
            goto done;
        sf_record_t *r = REC(recs, stride, i);
        r->geom = id ? local[id - 1] : NULL;
        if (!id || !in)
            continue;
        const size_t nc = (size_t)r->geom->ncells;
        if ((size_t)(end - p) < nc ||
            batch_grow((void **)&in->gcells, &in->gcells_cap,
                       in->gcells_len + 2 * nc) != 0)
            goto done;
        r->cells_off = (uint32_t)in->gcells_len;
        memcpy(in->gcells + in->gcells_len, p, nc);
        memset(in->gcells + in->gcells_len + nc, 0, nc);
        in->gcells_len += 2 * nc;
        p += nc;
    }
    rc = (long)(p - start);
done:
    free(local);
    free(copy);
    return rc;
}
