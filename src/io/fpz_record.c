/*
 * fpz_record.c -- f-puzzles lines as records (fpz_record.h).
 *
 * A line is read by fpuzzles.c into its parts; its geometry comes from a
 * cache keyed by the geometry's texts, so that a million puzzles of a
 * few shapes make a few geometries (classic 9x9 too is a geometry here:
 * the rules are made for one); its rules are made and sealed for that
 * geometry.  A line that is not a puzzle gets its reason, kept once per
 * distinct text so that records can point at it.
 */
#include <stdlib.h>
#include <string.h>

#include "fpz_record.h"
#include "kernel/kernels.h"

/* The reason msg, kept: the same pointer for the same text; NULL when out
 * of memory. */
static const char *keep_why(fpz_records_t *fr, const char *msg)
{
    for (size_t i = 0; i < fr->nwhys; i++)
        if (!strcmp(fr->whys[i], msg))
            return fr->whys[i];
    if (fr->nwhys == fr->whys_cap) {
        const size_t cap = fr->whys_cap ? 2 * fr->whys_cap : 16;
        char **v = realloc(fr->whys, cap * sizeof *v);
        if (!v)
            return NULL;
        fr->whys = v;
        fr->whys_cap = cap;
    }
    const size_t n = strlen(msg) + 1;
    char *s = malloc(n);
    if (!s)
        return NULL;
    memcpy(s, msg, n);
    fr->whys[fr->nwhys++] = s;
    return s;
}

/* A reason for the record: 1, or -1 when out of memory. */
static int not_a_puzzle(fpz_records_t *fr, const sf_error_t *err,
                        const char **why)
{
    if (err->code == SF_ERR_NOMEM)
        return -1;
    *why = keep_why(fr, err->message);
    return *why ? 1 : -1;
}

int fpz_record(fpz_records_t *fr, const char *s, size_t len,
               const sf_geometry_t **g, sf_rules_t **rules, uint8_t *cells,
               const char **why)
{
    sf_error_t err = {0};
    *rules = NULL;
    if (fpz_read(s, len, &fr->p, &err) < 0)
        return not_a_puzzle(fr, &err, why);
    const sf_geometry_spec_t spec = {fr->p.size, fr->p.regions,
                                     fr->p.variant, {0}};
    const char *gwhy;
    const int rc = geom_cache_get(&fr->geoms, &spec, g, &gwhy);
    if (rc == -2)
        return -1;
    if (rc < 0) {
        *why = gwhy;
        return 1;
    }
    if (!*g && !(*g = kernel_classic_geometry()))
        return -1;
    if (!(*rules = fpz_rules(&fr->p, *g, &err)))
        return not_a_puzzle(fr, &err, why);
    memcpy(cells, fr->p.cells, (size_t)(fr->p.n * fr->p.n));
    return 0;
}

void fpz_records_free(fpz_records_t *fr)
{
    fpz_clear(&fr->p);
    geom_cache_free(&fr->geoms);
    for (size_t i = 0; i < fr->nwhys; i++)
        free(fr->whys[i]);
    free(fr->whys);
    memset(fr, 0, sizeof *fr);
}

int fpz_chunk_keep(sf_chunk_t *c, sf_rules_t *rules)
{
    if (c->nrules == c->rules_cap) {
        const size_t cap = c->rules_cap ? 2 * c->rules_cap : 64;
        sf_rules_t **v = realloc(c->rules, cap * sizeof *v);
        if (!v)
            return -1;
        c->rules = v;
        c->rules_cap = cap;
    }
    c->rules[c->nrules++] = rules;
    return 0;
}

void fpz_chunk_drop(sf_chunk_t *c)
{
    for (size_t i = 0; i < c->nrules; i++)
        sf_rules_free(c->rules[i]);
    c->nrules = 0;
}

int fpz_record_again(fpz_records_t *fr, sf_chunk_t *c, sf_record_t *rec)
{
    const sf_geometry_t *g;
    sf_rules_t *rules;
    const char *why;
    uint8_t cells[SF_MAX_CELLS];
    const int rc = fpz_record(fr, c->text + rec->text_off, rec->text_len, &g,
                              &rules, cells, &why);
    if (rc < 0 || (rc == 0 && fpz_chunk_keep(c, rules) < 0)) {
        sf_rules_free(rules);
        return -1;
    }
    rec->rules = NULL;
    if (rc == 1) {
        rec->invalid = 1;
        rec->why = why;
        rec->geom = NULL;
        return 1;
    }
    const size_t nc = (size_t)sf_geometry_cells(g);
    if (c->gcells_len + 2 * nc > c->gcells_cap) {
        size_t cap = c->gcells_cap ? 2 * c->gcells_cap : 65536;
        while (cap < c->gcells_len + 2 * nc)
            cap *= 2;
        uint8_t *p = realloc(c->gcells, cap);
        if (!p)
            return -1;
        c->gcells = p;
        c->gcells_cap = cap;
    }
    rec->geom = g;
    rec->rules = rules;
    rec->cells_off = (uint32_t)c->gcells_len;
    memcpy(c->gcells + c->gcells_len, cells, nc);
    memset(c->gcells + c->gcells_len + nc, 0, nc);
    c->gcells_len += 2 * nc;
    return 0;
}
