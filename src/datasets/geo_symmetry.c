/*
 * geo_symmetry.c -- the symmetry group of a geometry (geo_symmetry.h):
 * what it is, its random elements, its action and the canonical form.
 *
 * Boxes alone (a region map that happens to be boxes included) get the
 * familiar group, drawn factor by factor and canonicalised by
 * geo_canon.c's branch and bound.  Every other geometry's maps of cells
 * are found once by a depth-first search: output row k and output column
 * k are given input rows and columns in turn (after a transpose or not),
 * and each cell whose row and column are both known is checked against
 * every cell known before it, so that the pair's relation -- how many
 * units hold both, peers or not, orthogonal neighbours or not -- is the
 * same as that of their images.  A complete map is kept when every unit
 * goes onto a unit.  The canonical form under a listed group is the
 * smallest image over the list, each relabelled by first appearance (or,
 * under non-consecutive, taken as it is and reversed).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/geometry.h"
#include "geo_symmetry.h"
#include "rating.h"

struct geo_group {
    const sf_geometry_t *g;
    int n;
    int boxes;          /* the familiar group of br x bc boxes */
    int br, bc;
    int relabel;        /* values permuted freely (else id or reversed) */
    size_t count;       /* listed maps: each 1 + 2n bytes (t, rows, cols) */
    uint8_t *maps;
    uint64_t ident;     /* a hash of the units and neighbours */
    uint64_t cell_maps; /* 0: 2^64 or more */
    double order;
    int ok;
    char why[200];
};

/* ------------------------------------------------------------ the order */

static uint64_t mul_sat(uint64_t a, uint64_t b)
{
    uint64_t r;
    return a && __builtin_mul_overflow(a, b, &r) ? 0 : a * b;
}

static uint64_t fact(int k)
{
    uint64_t f = 1;
    for (int i = 2; i <= k; i++)
        f = mul_sat(f, (uint64_t)i);
    return f;
}

static double factd(int k)
{
    double f = 1;
    for (int i = 2; i <= k; i++)
        f *= i;
    return f;
}

/* Line orders that keep chutes of w lines whole, in n lines. */
static void chute_orders(int n, int w, uint64_t *exact, double *approx)
{
    const int chutes = n / w;
    uint64_t e = fact(chutes);
    double a = factd(chutes);
    for (int k = 0; k < chutes; k++) {
        e = mul_sat(e, fact(w));
        a *= factd(w);
    }
    *exact = mul_sat(*exact, e);
    *approx *= a;
}

/* ------------------------------------------------------- the box group */

/* Box r x c whose boxes are exactly g's regions, or 0. */
static int boxes_of(const sf_geometry_t *g, int *br, int *bc)
{
    if (g->box_r) {
        *br = g->box_r;
        *bc = g->box_c;
        return 1;
    }
    const int n = g->n;
    for (int r = 1; r <= n; r++) {
        if (n % r)
            continue;
        const int c = n / r;
        int same = 1;
        for (int i = 0; i < g->ncells && same; i++) {
            const int first = i / n / r * r * n + i % n / c * c;
            same = g->region[i] == g->region[first];
        }
        if (same) {
            *br = r;
            *bc = c;
            return 1;
        }
    }
    return 0;
}

/* ------------------------------------------------ the search for a list */

typedef struct gs {
    const sf_geometry_t *g;
    int n;
    uint8_t *rel;             /* ncells * ncells relations */
    int t;
    uint8_t p[SF_MAX_N], q[SF_MAX_N];
    uint64_t usedp, usedq;
    uint16_t known[SF_MAX_CELLS]; /* output cells mapped so far, in order */
    int nknown;
    uint16_t img[SF_MAX_CELLS];   /* output cell -> input cell, or NONE */
    uint16_t inv[SF_MAX_CELLS];   /* input cell -> output cell, or NONE */
    int stop_first;           /* stop at the first complete map */
    int found;
    geo_group_t *grp;         /* listing: where the maps go */
    size_t cap;
    int nomem;
} gs_t;

#define NONE 0xffff

static int src_cell(int n, int t, int pr, int qc)
{
    return t ? qc * n + pr : pr * n + qc;
}

/* Relation of each pair: units holding both, peers, orthogonal. */
static uint8_t *relations(const sf_geometry_t *g)
{
    const size_t nc = (size_t)g->ncells;
    uint8_t *rel = calloc(nc * nc, 1);
    if (!rel)
        return NULL;
    for (int u = 0; u < g->nunits; u++) {
        int len;
        const uint16_t *cells = geom_unit(g, u, &len);
        for (int a = 0; a < len; a++)
            for (int b = 0; b < len; b++)
                rel[cells[a] * nc + cells[b]]++;
    }
    for (size_t a = 0; a < nc; a++) {
        int len;
        const uint16_t *peers = geom_peers(g, (int)a, &len);
        for (int k = 0; k < len; k++)
            rel[a * nc + peers[k]] |= 0x40;
        for (uint32_t k = g->orth_off[a]; k < g->orth_off[a + 1]; k++)
            rel[a * nc + g->orth[k]] |= 0x80;
    }
    return rel;
}

/* The pairs of a with mapped cells that are related on either side
 * (peers or neighbours: every other pair has relation 0 on both) keep
 * their relation under the map a -> A. */
static int gs_pairs_ok(const gs_t *s, int a, int A, int side)
{
    const sf_geometry_t *g = s->g;
    const int nc = g->ncells;
    const uint16_t *map = side ? s->inv : s->img;
    const int x = side ? A : a;
    int len;
    const uint16_t *peers = geom_peers(g, x, &len);
    for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k < len; k++) {
            const int y = peers[k], Y = map[y];
            if (Y == NONE)
                continue;
            const int b = side ? Y : y, B = side ? y : Y;
            if (s->rel[a * nc + b] != s->rel[A * nc + B])
                return 0;
        }
        peers = g->orth + g->orth_off[x];
        len = (int)(g->orth_off[x + 1] - g->orth_off[x]);
    }
    return 1;
}

/* Map output cell (r, c); 0 when a pair with a mapped cell breaks. */
static int gs_add(gs_t *s, int r, int c)
{
    const int n = s->n, nc = n * n;
    const int a = r * n + c, A = src_cell(n, s->t, s->p[r], s->q[c]);
    if (s->rel[a * nc + a] != s->rel[A * nc + A] ||
        !gs_pairs_ok(s, a, A, 0) || !gs_pairs_ok(s, a, A, 1))
        return 0;
    s->known[s->nknown++] = (uint16_t)a;
    s->img[a] = (uint16_t)A;
    s->inv[A] = (uint16_t)a;
    return 1;
}

static void gs_undo(gs_t *s, int mark)
{
    while (s->nknown > mark) {
        const int a = s->known[--s->nknown];
        s->inv[s->img[a]] = NONE;
        s->img[a] = NONE;
    }
}

static int cmp_u16(const void *a, const void *b)
{
    return *(const uint16_t *)a - *(const uint16_t *)b;
}

/* 1 when the complete map sends every unit onto a unit. */
static int gs_units_kept(const gs_t *s)
{
    const sf_geometry_t *g = s->g;
    uint16_t img[SF_MAX_CELLS];
    for (int u = 0; u < g->nunits; u++) {
        int len;
        const uint16_t *cells = geom_unit(g, u, &len);
        for (int k = 0; k < len; k++)
            img[k] = s->img[cells[k]];
        qsort(img, (size_t)len, sizeof *img, cmp_u16);
        int found = 0;
        for (uint32_t k = g->cunit_off[img[0]];
             k < g->cunit_off[img[0] + 1] && !found; k++) {
            int m;
            const uint16_t *v = geom_unit(g, g->cunit[k], &m);
            found = m == len && !memcmp(v, img, (size_t)len * sizeof *v);
        }
        if (!found)
            return 0;
    }
    return 1;
}

static void gs_keep(gs_t *s)
{
    geo_group_t *grp = s->grp;
    const size_t w = (size_t)(1 + 2 * s->n);
    if (grp->count == s->cap) {
        const size_t cap = s->cap ? 2 * s->cap : 16;
        uint8_t *m = realloc(grp->maps, cap * w);
        if (!m) {
            s->nomem = 1;
            return;
        }
        grp->maps = m;
        s->cap = cap;
    }
    uint8_t *m = grp->maps + grp->count++ * w;
    m[0] = (uint8_t)s->t;
    memcpy(m + 1, s->p, (size_t)s->n);
    memcpy(m + 1 + s->n, s->q, (size_t)s->n);
}

static int gs_done(const gs_t *s)
{
    return s->nomem || (s->stop_first && s->found);
}

/* Give step k the line x (even steps: row k/2, odd: column k/2): 1 with
 * its cells mapped, 0 (nothing changed) when x is taken or breaks. */
static int gs_assign(gs_t *s, int k, int x)
{
    const int i = k / 2, row = !(k & 1);
    uint64_t *used = row ? &s->usedp : &s->usedq;
    if (*used >> x & 1)
        return 0;
    const int mark = s->nknown;
    int ok = 1;
    if (row) {
        s->p[i] = (uint8_t)x;
        for (int c = 0; c < i && ok; c++)
            ok = gs_add(s, i, c);
    } else {
        s->q[i] = (uint8_t)x;
        for (int r = 0; r <= i && ok; r++)
            ok = gs_add(s, r, i);
    }
    if (!ok) {
        gs_undo(s, mark);
        return 0;
    }
    *used |= (uint64_t)1 << x;
    return 1;
}

static void gs_unassign(gs_t *s, int k, int x, int mark)
{
    uint64_t *used = k & 1 ? &s->usedq : &s->usedp;
    *used &= ~((uint64_t)1 << x);
    gs_undo(s, mark);
}

/* Every completion of steps 0..k-1 (or the first, with stop_first). */
static void gs_step(gs_t *s, int k)
{
    if (k == 2 * s->n) {
        if (gs_units_kept(s)) {
            s->found++;
            if (s->grp)
                gs_keep(s);
        }
        return;
    }
    for (int x = 0; x < s->n && !gs_done(s); x++) {
        const int mark = s->nknown;
        if (gs_assign(s, k, x)) {
            gs_step(s, k + 1);
            gs_unassign(s, k, x, mark);
        }
    }
}

static int gs_extends(gs_t *s, int k)
{
    s->stop_first = 1;
    s->found = 0;
    gs_step(s, k);
    s->stop_first = 0;
    return s->found > 0;
}

static void gs_reset(gs_t *s, int t)
{
    s->t = t;
    s->usedp = s->usedq = 0;
    s->nknown = 0;
    memset(s->img, 0xff, sizeof s->img);
    memset(s->inv, 0xff, sizeof s->inv);
}

/* The number of maps, without listing them: the maps that agree with a
 * fixed map on the lines given so far are a coset of those fixing them,
 * so the order is the product, step by step, of the lines a step can
 * take and still complete (each then fixed to the first of them).  The
 * transposed maps are none, or as many as the others. */
static double gs_order(gs_t *s)
{
    double order = 1;
    gs_reset(s, 0);
    for (int k = 0; k < 2 * s->n; k++) {
        int count = 0, first = -1;
        for (int x = 0; x < s->n; x++) {
            const int mark = s->nknown;
            if (!gs_assign(s, k, x))
                continue;
            if (gs_extends(s, k + 1)) {
                count++;
                first = first < 0 ? x : first;
            }
            gs_unassign(s, k, x, mark);
        }
        order *= count;
        if (first < 0 || !gs_assign(s, k, first))
            return 0;
    }
    gs_reset(s, 1);
    return order * (gs_extends(s, 0) ? 2 : 1);
}

/* 0 with the maps listed, 1 when there are too many, -1 out of memory. */
static int list_maps(geo_group_t *grp)
{
    gs_t *s = calloc(1, sizeof *s);
    if (!s || !(s->rel = relations(grp->g))) {
        free(s);
        return -1;
    }
    s->g = grp->g;
    s->n = grp->n;
    const double order = gs_order(s);
    int rc = 1;
    if (order <= GEO_GROUP_MAX) {
        s->grp = grp;
        for (int t = 0; t < 2 && !s->nomem; t++) {
            gs_reset(s, t);
            gs_step(s, 0);
        }
        rc = s->nomem ? -1 : 0;
    } else {
        snprintf(grp->why, sizeof grp->why,
                 "the symmetry group of %s%s%s has %.3g maps of cells, "
                 "too many to list (at most %u)",
                 sf_geometry_size_text(grp->g), grp->g->variants ? " " : "",
                 grp->g->variant_text, order, GEO_GROUP_MAX);
    }
    free(s->rel);
    free(s);
    return rc;
}

/* ------------------------------------------------------------ building */

/* Puzzles of different geometries must not share a canonical hash. */
static uint64_t geometry_ident(const sf_geometry_t *g)
{
    uint64_t h[2], k[2];
    cells_hash_len((const uint8_t *)g->unit_cell,
                   g->unit_off[g->nunits] * sizeof *g->unit_cell,
                   (uint64_t)g->n, h);
    cells_hash_len((const uint8_t *)g->peer,
                   g->peer_off[g->ncells] * sizeof *g->peer, h[0], k);
    cells_hash_len((const uint8_t *)g->orth,
                   g->orth_off[g->ncells] * sizeof *g->orth, k[0], h);
    return h[0] ^ (uint64_t)g->variants << 56;
}

static void *group_make(const sf_geometry_t *g)
{
    geo_group_t *grp = calloc(1, sizeof *grp);
    if (!grp)
        return NULL;
    grp->g = g;
    grp->ident = geometry_ident(g);
    grp->n = g->n;
    grp->relabel = !(g->variants & SF_VARIANT_NONCONSECUTIVE);
    const double digits = grp->relabel ? factd(g->n) : 2;
    if (!g->variants && !g->nextra && boxes_of(g, &grp->br, &grp->bc)) {
        grp->boxes = 1;
        grp->cell_maps = grp->br == grp->bc ? 2 : 1;
        grp->order = (double)grp->cell_maps;
        chute_orders(g->n, grp->br, &grp->cell_maps, &grp->order);
        chute_orders(g->n, grp->bc, &grp->cell_maps, &grp->order);
        grp->order *= digits;
        grp->ok = 1;
        return grp;
    }
    const int rc = list_maps(grp);
    if (rc < 0) {
        snprintf(grp->why, sizeof grp->why, "out of memory");
        return grp;
    }
    grp->ok = rc == 0;
    grp->cell_maps = grp->count;
    grp->order = (double)grp->count * digits;
    return grp;
}

static void group_free(void *v)
{
    geo_group_t *grp = v;
    if (grp)
        free(grp->maps);
    free(grp);
}

const geo_group_t *geo_group_of(const sf_geometry_t *g, sf_error_t *err)
{
    const geo_group_t *grp = geom_derived(g, group_make, group_free);
    if (grp && grp->ok)
        return grp;
    if (err) {
        err->code = grp ? SF_ERR_USAGE : SF_ERR_NOMEM;
        snprintf(err->message, sizeof err->message, "%s",
                 grp ? grp->why : "out of memory");
    }
    return NULL;
}

uint64_t geo_group_cell_maps(const geo_group_t *grp) { return grp->cell_maps; }
double geo_group_order(const geo_group_t *grp) { return grp->order; }
int geo_group_relabels(const geo_group_t *grp) { return grp->relabel; }

/* ------------------------------------------------------------ elements */

static void random_lines(rng_t *r, int n, int w, uint8_t *line)
{
    uint8_t chute[SF_MAX_N], in[SF_MAX_N];
    const int chutes = n / w;
    for (int k = 0; k < chutes; k++)
        chute[k] = (uint8_t)k;
    rng_shuffle(r, chute, (unsigned)chutes);
    for (int k = 0; k < chutes; k++) {
        for (int j = 0; j < w; j++)
            in[j] = (uint8_t)j;
        rng_shuffle(r, in, (unsigned)w);
        for (int j = 0; j < w; j++)
            line[w * k + j] = (uint8_t)(w * chute[k] + in[j]);
    }
}

void geo_xform_random(const geo_group_t *grp, rng_t *r, geo_xform_t *t)
{
    const int n = grp->n;
    if (grp->boxes) {
        t->transpose = grp->br == grp->bc ? (uint8_t)rng_below(r, 2) : 0;
        random_lines(r, n, grp->br, t->row);
        random_lines(r, n, grp->bc, t->col);
    } else {
        const uint8_t *m =
            grp->maps + (size_t)rng_below(r, (uint32_t)grp->count) *
                            (size_t)(1 + 2 * n);
        t->transpose = m[0];
        memcpy(t->row, m + 1, (size_t)n);
        memcpy(t->col, m + 1 + n, (size_t)n);
    }
    t->digit[0] = 0;
    if (grp->relabel) {
        uint8_t d[SF_MAX_N];
        for (int v = 0; v < n; v++)
            d[v] = (uint8_t)(v + 1);
        rng_shuffle(r, d, (unsigned)n);
        memcpy(t->digit + 1, d, (size_t)n);
    } else {
        const int rev = (int)rng_below(r, 2);
        for (int v = 1; v <= n; v++)
            t->digit[v] = (uint8_t)(rev ? n + 1 - v : v);
    }
}

void geo_xform_apply(const geo_group_t *grp, const geo_xform_t *t,
                     const uint8_t *in, uint8_t *out)
{
    const int n = grp->n;
    uint8_t src[SF_MAX_CELLS];
    memcpy(src, in, (size_t)(n * n));
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            const uint8_t v = src[src_cell(n, t->transpose, t->row[r],
                                           t->col[c])];
            out[r * n + c] = v <= n ? t->digit[v] : 0;
        }
}

/* ---------------------------------------------- canonical form of a list */

/* The image of in under map m with values through dmap (relabel: built
 * by first appearance), compared with best as it goes: -1 when it is
 * worse (abandoned), else 0 and the image in img. */
static int list_image(int n, const uint8_t *m, const uint8_t *in,
                      int relabel, uint8_t *dmap, const uint8_t *best,
                      int have, uint8_t *img)
{
    int below = !have;
    uint8_t next = 0;
    if (relabel)
        memset(dmap, 0, (size_t)n + 1);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            const int k = r * n + c;
            uint8_t v = in[src_cell(n, m[0], m[1 + r], m[1 + n + c])];
            v = v <= n ? v : 0;
            if (v && relabel && !dmap[v])
                dmap[v] = ++next;
            img[k] = v ? dmap[v] : 0;
            if (!below) {
                if (img[k] > best[k])
                    return -1;
                below = img[k] < best[k];
            }
        }
    return 0;
}

static void complete_map(int n, uint8_t *dmap)
{
    uint64_t taken = 0;
    for (int d = 1; d <= n; d++)
        taken |= (uint64_t)1 << dmap[d];
    int l = 1;
    for (int d = 1; d <= n; d++) {
        if (dmap[d])
            continue;
        while (taken >> l & 1)
            l++;
        dmap[d] = (uint8_t)l++;
    }
}

static void list_canon(const geo_group_t *grp, const uint8_t *in,
                       uint8_t *out, geo_xform_t *t)
{
    const int n = grp->n;
    const size_t w = (size_t)(1 + 2 * n);
    uint8_t best[SF_MAX_CELLS], img[SF_MAX_CELLS];
    uint8_t dmap[SF_MAX_N + 1], win_map[SF_MAX_N + 1];
    size_t win = 0;
    int have = 0;
    const int passes = grp->relabel ? 1 : 2;
    for (size_t e = 0; e < grp->count; e++)
        for (int pass = 0; pass < passes; pass++) {
            if (!grp->relabel) {
                dmap[0] = 0;
                for (int v = 1; v <= n; v++)
                    dmap[v] = (uint8_t)(pass ? n + 1 - v : v);
            }
            if (list_image(n, grp->maps + e * w, in, grp->relabel, dmap,
                           best, have, img) != 0 ||
                (have && !memcmp(img, best, (size_t)(n * n))))
                continue;
            memcpy(best, img, (size_t)(n * n));
            memcpy(win_map, dmap, sizeof win_map);
            win = e;
            have = 1;
        }
    memcpy(out, best, (size_t)(n * n));
    if (!t)
        return;
    const uint8_t *m = grp->maps + win * w;
    t->transpose = m[0];
    memcpy(t->row, m + 1, (size_t)n);
    memcpy(t->col, m + 1 + n, (size_t)n);
    if (grp->relabel)
        complete_map(n, win_map);
    memcpy(t->digit, win_map, (size_t)n + 1);
}

int geo_canon(const geo_group_t *grp, const uint8_t *in, uint8_t *out,
              geo_xform_t *t)
{
    if (grp->boxes)
        return geo_canon_boxes(grp->n, grp->br, grp->bc, in, out, t);
    list_canon(grp, in, out, t);
    return 0;
}

int geo_canon_hash(const sf_geometry_t *g, const uint8_t *cells,
                   uint64_t seed, uint64_t h[2], uint8_t *canon,
                   sf_error_t *err)
{
    const geo_group_t *grp = geo_group_of(g, err);
    uint8_t form[SF_MAX_CELLS];
    if (!grp)
        return -1;
    if (geo_canon(grp, cells, form, NULL) != 0) {
        if (err) {
            err->code = SF_ERR_NOMEM;
            snprintf(err->message, sizeof err->message, "out of memory");
        }
        return -1;
    }
    cells_hash_len(form, (size_t)g->ncells, seed ^ grp->ident, h);
    if (canon)
        memcpy(canon, form, (size_t)g->ncells);
    return 0;
}

int sf_canon_geom(const sf_geometry_t *g, const uint8_t *in, uint8_t *out,
                  sf_error_t *err)
{
    if (!in || !out)
        return -1;
    if (sf_geometry_is_classic(g)) {
        sf_canon(in, out, NULL);
        return 0;
    }
    const geo_group_t *grp = geo_group_of(g, err);
    return grp ? geo_canon(grp, in, out, NULL) : -1;
}

int sf_canon_hash_geom(const sf_geometry_t *g, const uint8_t *cells,
                       uint64_t seed, uint64_t h[2], uint8_t *canon,
                       sf_error_t *err)
{
    if (!cells || !h)
        return -1;
    if (sf_geometry_is_classic(g)) {
        sf_canon_hash(cells, seed, h, canon);
        return 0;
    }
    return geo_canon_hash(g, cells, seed, h, canon, err);
}

double sf_symmetries_geom(const sf_geometry_t *g, sf_error_t *err)
{
    if (sf_geometry_is_classic(g))
        return 2.0 * 1679616 * 362880; /* 2 * 6^8 * 9! */
    const geo_group_t *grp = geo_group_of(g, err);
    return grp ? grp->order : -1;
}
