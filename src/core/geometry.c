/*
 * geometry.c -- sf_geometry_new: a grid's spec texts to the tables of
 * geometry.h.
 *
 * Building goes in three steps.  The spec is read into a plain draft: the
 * side, the box shape or a region label per cell, the variant bits and
 * the extra maps' labels.  The draft's units are listed (rows, columns,
 * regions, then every extra group, those of N cells first, since every
 * value must appear in them and hidden singles apply), each as a set of
 * cells.  Everything else follows from the unit sets: the units of each
 * cell, the peers (the union of a cell's units, plus the cells a knight's
 * or king's move away under those rules) and the orthogonal neighbours
 * for the non-consecutive rule.  Sets of cells are bitsets of SF_MAX_CELLS bits, so every
 * list comes out ascending.
 *
 * Errors name the text at fault; nothing here prints.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "geometry.h"

#define SET_WORDS (SF_MAX_CELLS / 64)

typedef struct cset {
    uint64_t w[SET_WORDS];
} cset_t;

static void cset_add(cset_t *s, int c) { s->w[c >> 6] |= 1ull << (c & 63); }
static int cset_has(const cset_t *s, int c) { return (int)(s->w[c >> 6] >> (c & 63) & 1); }

static int cset_count(const cset_t *s)
{
    int n = 0;
    for (int k = 0; k < SET_WORDS; k++)
        n += __builtin_popcountll(s->w[k]);
    return n;
}

/* The spec as values, before the tables. */
typedef struct draft {
    int n, box_r, box_c;
    unsigned variants;
    uint8_t label[SF_MAX_CELLS];  /* region of each cell (a region map) */
    char map[SF_MAX_CELLS + 1];   /* the map's labels, blanks removed */
    int nextra;
    char extra[SF_MAX_EXTRA][SF_MAX_CELLS + 1];
    int nunits, nfull;
    cset_t *units;                /* nunits sets, full ones first */
} draft_t;

/* A usage error in the spec: -1 with err filled. */
#define fail(err, ...) error_set(err, SF_ERR_USAGE, __VA_ARGS__)

static int nomem(sf_error_t *err)
{
    if (err)
        *err = (sf_error_t){SF_ERR_NOMEM, "out of memory"};
    return -1;
}

/* ------------------------------------------------------------- the spec */

/* The box shape closest to square with r <= c, or 0 when N is prime. */
static int default_box(int n, int *r, int *c)
{
    for (int k = 1; k * k <= n; k++)
        if (n % k == 0 && k > 1) {
            *r = k;
            *c = n / k;
        }
    return *r > 1;
}

/* An integer of 1 or 2 digits at *s; -1 when there is none. */
static int read_int(const char **s)
{
    int v = 0, digits = 0;
    while (isdigit((unsigned char)**s) && digits < 3) {
        v = v * 10 + (**s - '0');
        (*s)++;
        digits++;
    }
    return digits ? v : -1;
}

/* "N", "NxN" or "NxN:RxC". */
static int parse_size(draft_t *d, const char *text, sf_error_t *err)
{
    const char *s = text;
    const int n = read_int(&s);
    int n2 = n, r = 0, c = 0;
    if (*s == 'x' || *s == 'X') {
        s++;
        n2 = read_int(&s);
    }
    if (*s == ':') {
        s++;
        r = read_int(&s);
        if (*s == 'x' || *s == 'X')
            s++;
        c = read_int(&s);
        if (r < 1 || c < 1)
            r = -1;
    }
    if (n < 0 || n2 != n || *s || r < 0)
        return fail(err, "geometry '%s': expected N, NxN or NxN:RxC (6x6:2x3)",
                    text);
    if (n < 4 || n > SF_MAX_N)
        return fail(err, "geometry '%s': the side must be 4 to %d", text,
                    SF_MAX_N);
    if (r && r * c != n)
        return fail(err, "geometry '%s': boxes %dx%d do not tile %dx%d", text,
                    r, c, n, n);
    d->n = n;
    d->box_r = r;
    d->box_c = c;
    return 0;
}

/* Copy text without blanks into out (cap bytes); its length, or -1 when it
 * does not fit. */
static int squeeze(const char *text, char *out, int cap)
{
    int k = 0;
    for (const char *s = text; *s; s++) {
        if (isspace((unsigned char)*s))
            continue;
        if (k >= cap)
            return -1;
        out[k++] = *s;
    }
    out[k] = '\0';
    return k;
}

static int side_of(int len)
{
    for (int n = 1; n <= SF_MAX_N; n++)
        if (n * n == len)
            return n;
    return 0;
}

/* The region map: N labels, each on N cells; regions numbered by their
 * first cell. */
static int parse_regions(draft_t *d, const char *text, sf_error_t *err)
{
    const int len = squeeze(text, d->map, SF_MAX_CELLS);
    if (d->n == 0)
        d->n = len > 0 ? side_of(len) : 0;
    if (d->n < 4)
        return fail(err, "region map: %d labels is not a square grid of side "
                    "4 to %d", len, SF_MAX_N);
    if (len != d->n * d->n)
        return fail(err, "region map: %d labels, %dx%d needs %d", len, d->n,
                    d->n, d->n * d->n);
    int id[256], count[SF_MAX_N] = {0}, regions = 0;
    for (int k = 0; k < 256; k++)
        id[k] = -1;
    for (int i = 0; i < len; i++) {
        const unsigned char ch = (unsigned char)d->map[i];
        if (id[ch] < 0) {
            if (regions == d->n)
                return fail(err, "region map: more than %d labels (label '%c' "
                            "at cell %d)", d->n, ch, i + 1);
            id[ch] = regions++;
        }
        d->label[i] = (uint8_t)id[ch];
        count[id[ch]]++;
    }
    for (int k = 0; k < 256; k++)
        if (id[k] >= 0 && count[id[k]] != d->n)
            return fail(err, "region map: label '%c' has %d cells, a region "
                        "needs %d", k, count[id[k]], d->n);
    if (regions != d->n)
        return fail(err, "region map: %d labels, %dx%d needs %d", regions,
                    d->n, d->n, d->n);
    return 0;
}

static const struct {
    const char *name;
    unsigned bits;
} variant_names[] = {
    {"x", SF_VARIANT_XMAIN | SF_VARIANT_XANTI},
    {"diagonal", SF_VARIANT_XMAIN | SF_VARIANT_XANTI},
    {"x-", SF_VARIANT_XMAIN},
    {"diagonal-", SF_VARIANT_XMAIN},
    {"x+", SF_VARIANT_XANTI},
    {"diagonal+", SF_VARIANT_XANTI},
    {"windoku", SF_VARIANT_WINDOKU},
    {"hyper", SF_VARIANT_WINDOKU},
    {"disjoint", SF_VARIANT_DISJOINT},
    {"antiknight", SF_VARIANT_ANTIKNIGHT},
    {"anti-knight", SF_VARIANT_ANTIKNIGHT},
    {"antiking", SF_VARIANT_ANTIKING},
    {"anti-king", SF_VARIANT_ANTIKING},
    {"nonconsecutive", SF_VARIANT_NONCONSECUTIVE},
    {"non-consecutive", SF_VARIANT_NONCONSECUTIVE},
};
#define NVARIANT_NAMES (sizeof variant_names / sizeof variant_names[0])

static int parse_variants(draft_t *d, const char *text, sf_error_t *err)
{
    const char *s = text;
    while (*s) {
        const char *e = strchr(s, ',');
        const size_t len = e ? (size_t)(e - s) : strlen(s);
        size_t k = 0;
        while (k < NVARIANT_NAMES &&
               !(strlen(variant_names[k].name) == len &&
                 strncasecmp(variant_names[k].name, s, len) == 0))
            k++;
        if (k == NVARIANT_NAMES)
            return fail(err, "unknown variant '%.*s' (known: x, x-, x+, "
                        "windoku, disjoint, antiknight, antiking, "
                        "nonconsecutive)", (int)len, s);
        d->variants |= variant_names[k].bits;
        s += len + (e != NULL);
    }
    return 0;
}

static int parse_extra(draft_t *d, const char *const *extra, sf_error_t *err)
{
    for (int k = 0; k < SF_MAX_EXTRA && extra[k]; k++) {
        char *m = d->extra[k];
        const int len = squeeze(extra[k], m, SF_MAX_CELLS);
        if (len != d->n * d->n)
            return fail(err, "extra region map %d: %d labels, %dx%d needs %d",
                        k + 1, len, d->n, d->n, d->n * d->n);
        int count[256] = {0};
        for (int i = 0; i < len; i++)
            count[(unsigned char)m[i]]++;
        for (int ch = 0; ch < 256; ch++)
            if (ch != '.' && count[ch] > d->n)
                return fail(err, "extra region map %d: label '%c' has %d "
                            "cells, more than %d", k + 1, ch, count[ch], d->n);
        d->nextra = k + 1;
    }
    return 0;
}

static int read_spec(draft_t *d, const sf_geometry_spec_t *spec,
                     sf_error_t *err)
{
    const int map = spec->regions && *spec->regions;
    if (spec->size && parse_size(d, spec->size, err) < 0)
        return -1;
    if (!spec->size && !map)
        d->n = 9;
    if (map && d->box_r)
        return fail(err, "geometry '%s' names boxes and a region map is given "
                    "too: give one of them", spec->size);
    if (map && parse_regions(d, spec->regions, err) < 0)
        return -1;
    if (!map && !d->box_r && !default_box(d->n, &d->box_r, &d->box_c))
        return fail(err, "%dx%d has no box shape (%d is prime): give a region "
                    "map", d->n, d->n, d->n);
    if (spec->variant && parse_variants(d, spec->variant, err) < 0)
        return -1;
    if ((d->variants & (SF_VARIANT_DISJOINT | SF_VARIANT_WINDOKU)) && map)
        return fail(err, "%s needs boxes, not a region map",
                    d->variants & SF_VARIANT_WINDOKU ? "windoku"
                                                     : "disjoint");
    return parse_extra(d, spec->extra, err);
}

/* ------------------------------------------------------------- the units */

static int add_unit(draft_t *d, const cset_t *s)
{
    cset_t *u = realloc(d->units, (size_t)(d->nunits + 1) * sizeof *u);
    if (!u)
        return -1;
    d->units = u;
    d->units[d->nunits++] = *s;
    return 0;
}

/* Rows, columns and regions: the full units every geometry has. */
static int base_units(draft_t *d)
{
    const int n = d->n;
    for (int kind = 0; kind < 3; kind++)
        for (int k = 0; k < n; k++) {
            cset_t s = {{0}};
            for (int i = 0; i < n * n; i++) {
                const int r = i / n, c = i % n;
                const int reg = d->box_r ? r / d->box_r * (n / d->box_c) +
                                               c / d->box_c
                                         : d->label[i];
                if ((kind == 0 ? r : kind == 1 ? c : reg) == k)
                    cset_add(&s, i);
            }
            if (add_unit(d, &s) < 0)
                return -1;
        }
    return 0;
}

/* Windoku's windows: box-sized, their corners at 1 + k (box + 1). */
static int windoku_units(draft_t *d, sf_error_t *err)
{
    const int br = d->box_r, bc = d->box_c;
    int added = 0;
    for (int r0 = 1; r0 + br <= d->n; r0 += br + 1)
        for (int c0 = 1; c0 + bc <= d->n; c0 += bc + 1) {
            cset_t s = {{0}};
            for (int r = r0; r < r0 + br; r++)
                for (int c = c0; c < c0 + bc; c++)
                    cset_add(&s, r * d->n + c);
            if (add_unit(d, &s) < 0)
                return -2;
            added++;
        }
    if (!added)
        return fail(err, "windoku: no %dx%d window fits in %dx%d", br, bc,
                    d->n, d->n);
    return 0;
}

/* Diagonals, windows and disjoint groups: full units. */
static int variant_units(draft_t *d, sf_error_t *err)
{
    const int n = d->n;
    for (int k = 0; k < 2; k++) {
        if (!(d->variants & (k ? SF_VARIANT_XANTI : SF_VARIANT_XMAIN)))
            continue;
        cset_t s = {{0}};
        for (int r = 0; r < n; r++)
            cset_add(&s, r * n + (k ? n - 1 - r : r));
        if (add_unit(d, &s) < 0)
            return -2;
    }
    const int w = d->variants & SF_VARIANT_WINDOKU ? windoku_units(d, err) : 0;
    if (w < 0)
        return w;
    if (d->variants & SF_VARIANT_DISJOINT)
        for (int p = 0; p < n; p++) {
            cset_t s = {{0}};
            for (int i = 0; i < n * n; i++)
                if (i / n % d->box_r * d->box_c + i % n % d->box_c == p)
                    cset_add(&s, i);
            if (add_unit(d, &s) < 0)
                return -2;
        }
    return 0;
}

/* The extra maps' groups, full ones (N cells) when full is 1. */
static int extra_units(draft_t *d, int full)
{
    for (int k = 0; k < d->nextra; k++)
        for (int ch = 0; ch < 256; ch++) {
            if (ch == '.')
                continue;
            cset_t s = {{0}};
            for (int i = 0; i < d->n * d->n; i++)
                if ((unsigned char)d->extra[k][i] == ch)
                    cset_add(&s, i);
            const int size = cset_count(&s);
            if (size >= 2 && (size == d->n) == full && add_unit(d, &s) < 0)
                return -1;
        }
    return 0;
}

static int list_units(draft_t *d, sf_error_t *err)
{
    if (base_units(d) < 0)
        return nomem(err);
    const int rc = variant_units(d, err);
    if (rc < 0)
        return rc == -2 ? nomem(err) : -1;
    if (extra_units(d, 1) < 0)
        return nomem(err);
    d->nfull = d->nunits;
    return extra_units(d, 0) < 0 ? nomem(err) : 0;
}

/* ------------------------------------------------------------ the tables */

/* A flat list of ncells sets: off[ncells + 1], then the members. */
static int flatten(const cset_t *sets, int nsets, int ncells, uint32_t **off,
                   uint16_t **list)
{
    int total = 0;
    for (int k = 0; k < nsets; k++)
        total += cset_count(&sets[k]);
    *off = malloc((size_t)(nsets + 1) * sizeof **off);
    *list = malloc((size_t)(total ? total : 1) * sizeof **list);
    if (!*off || !*list)
        return -1;
    int at = 0;
    for (int k = 0; k < nsets; k++) {
        (*off)[k] = (uint32_t)at;
        for (int c = 0; c < ncells; c++)
            if (cset_has(&sets[k], c))
                (*list)[at++] = (uint16_t)c;
    }
    (*off)[nsets] = (uint32_t)at;
    return 0;
}

/* Cells a knight's (kind 0) or king's (kind 1) move from cell i into s. */
static void moves(int n, int i, int kind, cset_t *s)
{
    static const int knight[8][2] = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1},
                                     {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};
    static const int king[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1},
                                   {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    const int(*step)[2] = kind ? king : knight;
    for (int k = 0; k < 8; k++) {
        const int r = i / n + step[k][0], c = i % n + step[k][1];
        if (r >= 0 && r < n && c >= 0 && c < n)
            cset_add(s, r * n + c);
    }
}

static int build_cell_lists(sf_geometry_t *g, const draft_t *d)
{
    const int nc = g->ncells;
    cset_t *peer = calloc((size_t)nc, sizeof *peer);
    cset_t *cu = calloc((size_t)nc, sizeof *cu);
    cset_t *orth = calloc((size_t)nc, sizeof *orth);
    int rc = -1;
    if (!peer || !cu || !orth)
        goto done;
    for (int u = 0; u < d->nunits; u++)
        for (int i = 0; i < nc; i++) {
            if (!cset_has(&d->units[u], i))
                continue;
            cset_add(&cu[i], u);
            for (int k = 0; k < SET_WORDS; k++)
                peer[i].w[k] |= d->units[u].w[k];
        }
    for (int i = 0; i < nc; i++) {
        if (d->variants & SF_VARIANT_ANTIKNIGHT)
            moves(g->n, i, 0, &peer[i]);
        if (d->variants & SF_VARIANT_ANTIKING)
            moves(g->n, i, 1, &peer[i]);
        peer[i].w[i >> 6] &= ~(1ull << (i & 63));
        const int r = i / g->n, c = i % g->n;
        if (d->variants & SF_VARIANT_NONCONSECUTIVE) {
            if (r > 0) cset_add(&orth[i], i - g->n);
            if (c > 0) cset_add(&orth[i], i - 1);
            if (c < g->n - 1) cset_add(&orth[i], i + 1);
            if (r < g->n - 1) cset_add(&orth[i], i + g->n);
        }
        const int np = cset_count(&peer[i]);
        g->max_peers = np > g->max_peers ? np : g->max_peers;
    }
    g->words = (nc + 63) / 64;
    g->peer_bits = malloc((size_t)nc * (size_t)g->words * sizeof(uint64_t));
    if (!g->peer_bits)
        goto done;
    for (int i = 0; i < nc; i++)
        memcpy(g->peer_bits + (size_t)i * (size_t)g->words, peer[i].w,
               (size_t)g->words * sizeof(uint64_t));
    g->fwords = (d->nfull + 63) / 64;
    g->cfull_bits = calloc((size_t)nc * (size_t)g->fwords, sizeof(uint64_t));
    if (!g->cfull_bits)
        goto done;
    for (int u = 0; u < d->nfull; u++)
        for (int i = 0; i < nc; i++)
            if (cset_has(&d->units[u], i))
                g->cfull_bits[(size_t)i * (size_t)g->fwords + (size_t)(u >> 6)] |=
                    1ull << (u & 63);
    rc = flatten(peer, nc, nc, &g->peer_off, &g->peer) |
         flatten(cu, nc, d->nunits, &g->cunit_off, &g->cunit) |
         flatten(orth, nc, nc, &g->orth_off, &g->orth);
done:
    free(peer);
    free(cu);
    free(orth);
    return rc;
}

static void name_variants(sf_geometry_t *g)
{
    static const char *const names[] = {"x-", "x+", "windoku", "disjoint",
                                        "antiknight", "antiking",
                                        "nonconsecutive"};
    char *s = g->variant_text;
    unsigned v = g->variants;
    const unsigned x = SF_VARIANT_XMAIN | SF_VARIANT_XANTI;
    s[0] = '\0';
    if ((v & x) == x) {
        strcat(s, "x");
        v &= ~x;
    }
    for (unsigned k = 0; k < 7; k++)
        if (v >> k & 1) {
            if (*s)
                strcat(s, ",");
            strcat(s, names[k]);
        }
}

static int build_tables(sf_geometry_t *g, const draft_t *d)
{
    g->n = d->n;
    g->ncells = d->n * d->n;
    g->box_r = d->box_r;
    g->box_c = d->box_c;
    g->variants = d->variants;
    g->full = d->n == 32 ? 0xffffffffu : (1u << d->n) - 1;
    g->nunits = d->nunits;
    g->nfull = d->nfull;
    g->nextra = d->nextra;
    g->classic = d->n == 9 && d->box_r == 3 && !d->variants && !d->nextra;
    if (d->box_r)
        snprintf(g->size_text, sizeof g->size_text, "%dx%d:%dx%d", d->n, d->n,
                 d->box_r, d->box_c);
    else
        snprintf(g->size_text, sizeof g->size_text, "%dx%d", d->n, d->n);
    name_variants(g);
    g->region = malloc((size_t)g->ncells);
    if (!g->region || flatten(d->units, d->nunits, g->ncells, &g->unit_off,
                              &g->unit_cell) < 0 ||
        build_cell_lists(g, d) < 0)
        return -1;
    for (int u = 2 * g->n; u < 3 * g->n; u++)
        for (uint32_t k = g->unit_off[u]; k < g->unit_off[u + 1]; k++)
            g->region[g->unit_cell[k]] = (uint8_t)(u - 2 * g->n);
    if (!d->box_r && !(g->regions_text = strdup(d->map)))
        return -1;
    for (int k = 0; k < d->nextra; k++)
        if (!(g->extra_text[k] = strdup(d->extra[k])))
            return -1;
    return 0;
}

sf_geometry_t *sf_geometry_new(const sf_geometry_spec_t *spec,
                               sf_error_t *err)
{
    static const sf_geometry_spec_t none = {0};
    draft_t *d = calloc(1, sizeof *d);
    sf_geometry_t *g = calloc(1, sizeof *g);
    if (g)
        pthread_mutex_init(&g->derived_lock, NULL);
    if (err)
        err->code = 0;
    if (!d || !g) {
        nomem(err);
        goto fail;
    }
    if (read_spec(d, spec ? spec : &none, err) < 0 || list_units(d, err) < 0)
        goto fail;
    if (build_tables(g, d) < 0) {
        nomem(err);
        goto fail;
    }
    free(d->units);
    free(d);
    return g;
fail:
    if (d)
        free(d->units);
    free(d);
    sf_geometry_free(g);
    return NULL;
}

void *geom_derived(const sf_geometry_t *g,
                   void *(*make)(const sf_geometry_t *g),
                   void (*release)(void *))
{
    sf_geometry_t *m = (sf_geometry_t *)g; /* the cache only */
    for (int k = 0; k < GEOM_DERIVED_MAX; k++) {
        if (__atomic_load_n(&m->derived[k].make, __ATOMIC_ACQUIRE) == make)
            return m->derived[k].value;
    }
    void *v = NULL;
    pthread_mutex_lock(&m->derived_lock);
    int k = 0;
    while (k < GEOM_DERIVED_MAX && m->derived[k].make &&
           m->derived[k].make != make)
        k++;
    if (k < GEOM_DERIVED_MAX && m->derived[k].make == make) {
        v = m->derived[k].value;
    } else if (k < GEOM_DERIVED_MAX && (v = make(g)) != NULL) {
        m->derived[k].value = v;
        m->derived[k].release = release;
        __atomic_store_n(&m->derived[k].make, make, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&m->derived_lock);
    return v;
}

void sf_geometry_free(sf_geometry_t *g)
{
    if (!g)
        return;
    for (int k = 0; k < GEOM_DERIVED_MAX; k++)
        if (g->derived[k].make)
            g->derived[k].release(g->derived[k].value);
    pthread_mutex_destroy(&g->derived_lock);
    free(g->unit_off);
    free(g->unit_cell);
    free(g->cunit_off);
    free(g->cunit);
    free(g->peer_off);
    free(g->peer);
    free(g->peer_bits);
    free(g->cfull_bits);
    free(g->orth_off);
    free(g->orth);
    free(g->region);
    free(g->regions_text);
    for (int k = 0; k < SF_MAX_EXTRA; k++)
        free(g->extra_text[k]);
    free(g);
}

/* ------------------------------------------------------------ accessors */

int sf_geometry_n(const sf_geometry_t *g) { return g ? g->n : 9; }
int sf_geometry_cells(const sf_geometry_t *g) { return g ? g->ncells : 81; }
int sf_geometry_is_classic(const sf_geometry_t *g) { return !g || g->classic; }
unsigned sf_geometry_variants(const sf_geometry_t *g) { return g ? g->variants : 0; }

int sf_geometry_box(const sf_geometry_t *g, int *rows, int *cols)
{
    const int r = g ? g->box_r : 3, c = g ? g->box_c : 3;
    if (rows)
        *rows = r;
    if (cols)
        *cols = c;
    return r != 0;
}

const char *sf_geometry_size_text(const sf_geometry_t *g)
{
    return g ? g->size_text : "9x9:3x3";
}

const char *sf_geometry_regions_text(const sf_geometry_t *g)
{
    return g ? g->regions_text : NULL;
}

const char *sf_geometry_variant_text(const sf_geometry_t *g)
{
    return g ? g->variant_text : "";
}

static int same_list(const uint32_t *ao, const uint16_t *a, const uint32_t *bo,
                     const uint16_t *b, int n)
{
    return memcmp(ao, bo, (size_t)(n + 1) * sizeof *ao) == 0 &&
           memcmp(a, b, (size_t)ao[n] * sizeof *a) == 0;
}

int sf_geometry_equal(const sf_geometry_t *a, const sf_geometry_t *b)
{
    if (sf_geometry_is_classic(a) || sf_geometry_is_classic(b))
        return sf_geometry_is_classic(a) && sf_geometry_is_classic(b);
    return a->n == b->n && a->nunits == b->nunits && a->nfull == b->nfull &&
           (a->variants & SF_VARIANT_NONCONSECUTIVE) ==
               (b->variants & SF_VARIANT_NONCONSECUTIVE) &&
           same_list(a->unit_off, a->unit_cell, b->unit_off, b->unit_cell,
                     a->nunits) &&
           same_list(a->peer_off, a->peer, b->peer_off, b->peer, a->ncells);
}

int geom_givens_ok(const sf_geometry_t *g, const uint8_t *cells)
{
    for (int i = 0; i < g->ncells; i++) {
        const int v = cells[i];
        if (v > g->n)
            return 0;
        if (!v)
            continue;
        for (uint32_t k = g->peer_off[i]; k < g->peer_off[i + 1]; k++)
            if (cells[g->peer[k]] == v)
                return 0;
        for (uint32_t k = g->orth_off[i]; k < g->orth_off[i + 1]; k++) {
            const int w = cells[g->orth[k]];
            if (w && (w == v + 1 || w + 1 == v))
                return 0;
        }
    }
    return 1;
}
