/*
 * geo_canon.c -- the canonical form of a puzzle on an N x N grid with
 * r x c boxes under the boxes' group: band and row orders, stack and
 * column orders, a transpose when r == c, and any relabelling.
 *
 * The method is equivalence.c's, for any box shape (that file explains it
 * at length for 9x9): the output is built a row at a time by branch and
 * bound.  A candidate is a transpose flag and the input rows of the
 * output rows fixed so far; for the next row each candidate is extended
 * by every input row the bands allow, and the best row string for that
 * choice is sought by a depth-first search over column orders (stack by
 * stack) that keeps the earlier rows equal to the fixed best prefix,
 * building the digit relabelling as it goes and dropping a branch once
 * its partial row is worse than the best.  Only candidates that tie the
 * best row go on.  Rows, bands, columns and stacks that are
 * interchangeable so far are tried once, and a first row without a
 * repeated value is written down directly.  Column orders are not
 * stored: each level derives them again from the fixed prefix.
 *
 * Sets of columns, rows and labels are 64-bit masks (N <= 32); the
 * candidates grow on the heap as ties need.  Classic 9x9 keeps
 * equivalence.c's own copy of the method: its columns packed 4 bits a
 * row make it 1.8x faster there (20 against 38 microseconds a puzzle on
 * data/random), and tests/datasets/test_geo_symmetry.c holds the two to
 * the same forms.
 */
#include <stdlib.h>
#include <string.h>

#include "geo_symmetry.h"

typedef struct gc_cand {
    uint8_t t;
    uint8_t rows[SF_MAX_N];
} gc_cand_t;

typedef struct gc {
    int n, br, bc;
    uint8_t g[2][SF_MAX_CELLS];
    uint64_t digits[2][SF_MAX_N]; /* per row of g[t]: mask of its digits */
    uint8_t clues[2][SF_MAX_N];
    uint32_t fixed_nz[SF_MAX_N];  /* per output column: rows < r filled */
    uint8_t best[SF_MAX_CELLS];
    int have;
    unsigned gen;
    const uint8_t *grid;
    const uint8_t *rows;
    const uint8_t *last;          /* input row rows[r] */
    int r;
    uint64_t oldmask, oldlabs;
    uint8_t colv[SF_MAX_N][SF_MAX_N]; /* per input column: rows 0..r-1 */
    uint32_t cells_nz[SF_MAX_N];
    uint64_t twin[SF_MAX_N];
    uint64_t stwin[SF_MAX_N];
    int result;
    uint8_t raw[SF_MAX_N];
    uint8_t perm[SF_MAX_N];
    uint8_t win_perm[SF_MAX_N];
    uint8_t win_map[SF_MAX_N + 1];
} gc_t;

typedef struct gc_path {
    uint8_t map[SF_MAX_N + 1]; /* digit -> label, 0: none yet */
    uint64_t used, labs;
    unsigned next, gen;
    int eq;                    /* row r equals best below eq; n+1: below */
} gc_path_t;

static uint64_t bit(int i) { return (uint64_t)1 << i; }

static int gc_bound(const gc_t *s, gc_path_t *p, int c)
{
    const uint8_t *b = s->best + s->n * s->r;
    if (p->gen != s->gen) {
        p->gen = s->gen;
        p->eq = 0;
    }
    for (; p->eq <= c; p->eq++) {
        const unsigned d = s->raw[p->eq];
        const unsigned l = d ? p->map[d] : 0;
        if (d && !l) { /* pending: some old label not yet taken */
            const uint64_t avail = s->oldlabs & ~p->labs;
            return !avail || (unsigned)__builtin_ctzll(avail) <= b[p->eq];
        }
        if (l != b[p->eq]) {
            if (l > b[p->eq])
                return 0;
            p->eq = s->n + 1;
            return 1;
        }
    }
    return 1;
}

static void gc_offer(gc_t *s, const uint8_t *row, const uint8_t *map)
{
    uint8_t *b = s->best + s->n * s->r;
    const int cmp = s->have ? memcmp(row, b, (size_t)s->n) : -1;
    if (cmp > 0)
        return;
    if (cmp == 0) {
        if (s->result < 0)
            s->result = 0;
        return;
    }
    memcpy(b, row, (size_t)s->n);
    s->have = 1;
    s->gen++;
    s->result = 1;
    memcpy(s->win_perm, s->perm, (size_t)s->n);
    memcpy(s->win_map, map, sizeof s->win_map);
}

static void gc_next(gc_t *s, int c, gc_path_t p);

static void gc_place(gc_t *s, int c, int q, gc_path_t p)
{
    for (uint32_t rows = s->cells_nz[q]; rows; rows &= rows - 1) {
        const int i = __builtin_ctz(rows);
        const unsigned d = s->colv[q][i];
        const unsigned l = s->best[s->n * i + c];
        if (p.map[d]) {
            if (p.map[d] != l)
                return;
        } else {
            if (p.labs >> l & 1)
                return;
            p.map[d] = (uint8_t)l;
            p.labs |= bit((int)l);
        }
    }
    const unsigned d = s->last[q];
    if (d && !(s->oldmask >> d & 1) && !p.map[d])
        p.map[d] = (uint8_t)++p.next;
    s->raw[c] = (uint8_t)d;
    s->perm[c] = (uint8_t)q;
    if (s->have && !gc_bound(s, &p, c))
        return;
    p.used |= bit(q);
    gc_next(s, c + 1, p);
}

static void gc_stack(gc_t *s, int c, int st, const gc_path_t *p)
{
    for (int q = s->bc * st; q < s->bc * (st + 1); q++)
        if (!(p->used >> q & 1) && !(s->twin[q] & ~p->used) &&
            s->cells_nz[q] == s->fixed_nz[c])
            gc_place(s, c, q, *p);
}

static void gc_next(gc_t *s, int c, gc_path_t p)
{
    if (c == s->n) {
        uint8_t row[SF_MAX_N];
        for (int k = 0; k < s->n; k++)
            row[k] = s->raw[k] ? p.map[s->raw[k]] : 0;
        gc_offer(s, row, p.map);
        return;
    }
    if (c % s->bc) {
        gc_stack(s, c, s->perm[c - 1] / s->bc, &p);
        return;
    }
    const uint64_t one = bit(s->bc) - 1;
    const int stacks = s->n / s->bc;
    uint64_t open = 0;
    for (int st = 0; st < stacks; st++)
        if (!(p.used >> (s->bc * st) & one))
            open |= bit(st);
    for (int st = 0; st < stacks; st++)
        if ((open >> st & 1) && !(s->stwin[st] & open))
            gc_stack(s, c, st, &p);
}

/* Column q's class: the first column with the same key (see gc_twins). */
static int gc_same_key(const gc_t *s, int a, int b, const uint8_t *newonce)
{
    if (newonce[a] || newonce[b])
        return newonce[a] && newonce[b];
    return s->last[a] == s->last[b] &&
           !memcmp(s->colv[a], s->colv[b], (size_t)s->r);
}

static int cmp_u8(const void *a, const void *b)
{
    return *(const uint8_t *)a - *(const uint8_t *)b;
}

/* Columns interchangeable at row r (equivalence.c's canon_twins): equal
 * in rows 0..r, or empty in rows 0..r-1 with a new digit once in row r. */
static void gc_twins(gc_t *s)
{
    const int n = s->n, bc = s->bc;
    uint8_t seen[SF_MAX_N + 1] = {0}, newonce[SF_MAX_N], cls[SF_MAX_N];
    for (int q = 0; q < n; q++)
        seen[s->last[q]]++;
    for (int q = 0; q < n; q++) {
        const unsigned d = s->last[q];
        newonce[q] = !s->cells_nz[q] && d && !(s->oldmask >> d & 1) &&
                     seen[d] == 1;
    }
    for (int q = 0; q < n; q++) {
        int k = 0;
        while (!gc_same_key(s, k, q, newonce))
            k++;
        cls[q] = (uint8_t)k;
        s->twin[q] = 0;
        for (int p = q / bc * bc; p < q; p++)
            if (cls[p] == cls[q])
                s->twin[q] |= bit(p);
    }
    uint8_t sig[SF_MAX_N][SF_MAX_N];
    for (int st = 0; st < n / bc; st++) {
        memcpy(sig[st], cls + bc * st, (size_t)bc);
        qsort(sig[st], (size_t)bc, 1, cmp_u8);
        s->stwin[st] = 0;
        for (int p = 0; p < st; p++)
            if (!memcmp(sig[p], sig[st], (size_t)bc))
                s->stwin[st] |= bit(p);
    }
}

static void gc_prepare(gc_t *s, const gc_cand_t *cand, int r)
{
    s->grid = s->g[cand->t];
    s->rows = cand->rows;
    s->r = r;
    s->oldmask = 0;
    for (int i = 0; i < r; i++)
        s->oldmask |= s->digits[cand->t][cand->rows[i]];
    memset(s->cells_nz, 0, sizeof s->cells_nz);
    for (int i = 0; i < r; i++) {
        const uint8_t *row = s->grid + s->n * cand->rows[i];
        for (int q = 0; q < s->n; q++) {
            s->colv[q][i] = row[q];
            s->cells_nz[q] |= (uint32_t)(row[q] != 0) << i;
        }
    }
    const int nold = __builtin_popcountll(s->oldmask);
    s->oldlabs = (bit(nold + 1) - 1) & ~(uint64_t)1;
}

static int gc_first_row(gc_t *s)
{
    const int n = s->n, bc = s->bc, stacks = n / bc;
    uint8_t count[SF_MAX_N] = {0};
    uint64_t seen = 0;
    for (int q = 0; q < n; q++) {
        const unsigned d = s->last[q];
        if (d && (seen >> d & 1))
            return 0;
        seen |= bit((int)d);
        count[q / bc] += d != 0;
    }
    qsort(count, (size_t)stacks, 1, cmp_u8);
    uint8_t row[SF_MAX_N], label = 0, none[SF_MAX_N + 1] = {0};
    for (int p = 0; p < n; p++)
        row[p] = p % bc < bc - count[p / bc] ? 0 : ++label;
    gc_offer(s, row, none);
    return 1;
}

static int gc_extend(gc_t *s)
{
    s->last = s->grid + s->n * s->rows[s->r];
    s->result = -1;
    if (s->r == 0 && gc_first_row(s))
        return s->result;
    gc_twins(s);
    gc_path_t start;
    memset(&start, 0, sizeof start);
    start.next = (unsigned)__builtin_popcountll(s->oldmask);
    gc_next(s, 0, start);
    return s->result;
}

static int used_row(const gc_cand_t *cand, int r, int row)
{
    for (int i = 0; i < r; i++)
        if (cand->rows[i] == row)
            return 1;
    return 0;
}

static int used_band(const gc_t *s, const gc_cand_t *cand, int r, int b)
{
    for (int i = 0; i < r; i++)
        if (cand->rows[i] / s->br == b)
            return 1;
    return 0;
}

static int row_twin(const gc_t *s, const uint8_t *g, const gc_cand_t *cand,
                    int r, int x)
{
    const size_t n = (size_t)s->n;
    for (int y = x / s->br * s->br; y < x; y++)
        if (!used_row(cand, r, y) && !memcmp(g + n * y, g + n * x, n))
            return 1;
    return 0;
}

/* Input rows that may be output row r after cand, the sparsest first. */
static int gc_choices(const gc_t *s, const gc_cand_t *cand, int r,
                      uint8_t *x)
{
    const int br = s->br, bands = s->n / br;
    const size_t band = (size_t)(br * s->n);
    const uint8_t *g = s->g[cand->t], *clues = s->clues[cand->t];
    int m = 0;
    for (int b = 0; b < bands; b++) {
        if (r % br ? b != cand->rows[r - 1] / br : used_band(s, cand, r, b))
            continue;
        int twin = 0;
        for (int a = 0; a < b && r % br == 0; a++)
            twin |= !used_band(s, cand, r, a) &&
                    !memcmp(g + band * a, g + band * b, band);
        for (int y = br * b; y < br * (b + 1) && !twin; y++)
            if (!used_row(cand, r, y) && !row_twin(s, g, cand, r, y))
                x[m++] = (uint8_t)y;
    }
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0 && clues[x[j]] < clues[x[j - 1]]; j--) {
            const uint8_t tmp = x[j];
            x[j] = x[j - 1];
            x[j - 1] = tmp;
        }
    return m;
}

static void gc_xform(const gc_t *s, const gc_cand_t *win, geo_xform_t *t)
{
    const int n = s->n;
    uint64_t taken = 0;
    t->transpose = win->t;
    memcpy(t->row, win->rows, (size_t)n);
    memcpy(t->col, s->win_perm, (size_t)n);
    t->digit[0] = 0;
    for (int d = 1; d <= n; d++) {
        t->digit[d] = s->win_map[d];
        taken |= bit(t->digit[d]);
    }
    int l = 1;
    for (int d = 1; d <= n; d++) {
        if (t->digit[d])
            continue;
        while (taken >> l & 1)
            l++;
        t->digit[d] = (uint8_t)l++;
    }
}

static void gc_load(gc_t *s, const uint8_t *in)
{
    const int n = s->n;
    memset(s->digits, 0, sizeof s->digits);
    memset(s->clues, 0, sizeof s->clues);
    memset(s->fixed_nz, 0, sizeof s->fixed_nz);
    memset(s->win_map, 0, sizeof s->win_map);
    s->gen = 0;
    for (int i = 0; i < n * n; i++) {
        const uint8_t v = in[i] <= n ? in[i] : 0;
        const int r = i / n, c = i % n;
        s->g[0][i] = v;
        s->g[1][c * n + r] = v;
        if (v) {
            s->digits[0][r] |= bit(v);
            s->digits[1][c] |= bit(v);
            s->clues[0][r]++;
            s->clues[1][c]++;
        }
    }
}

static void gc_fix(gc_t *s, int r)
{
    for (int c = 0; c < s->n; c++)
        s->fixed_nz[c] |= (uint32_t)(s->best[s->n * (r - 1) + c] != 0)
                          << (r - 1);
}

/* Candidates for the next level, grown as needed. */
typedef struct gc_list {
    gc_cand_t *v;
    size_t n, cap;
} gc_list_t;

static int gc_push(gc_list_t *l, const gc_cand_t *c)
{
    if (l->n == l->cap) {
        const size_t cap = l->cap ? 2 * l->cap : 64;
        gc_cand_t *v = realloc(l->v, cap * sizeof *v);
        if (!v)
            return -1;
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = *c;
    return 0;
}

/* One level: every candidate of cur extended by row r into nxt. */
static int gc_level(gc_t *s, const gc_list_t *cur, gc_list_t *nxt, int r)
{
    nxt->n = 0;
    s->have = 0;
    if (r > 0)
        gc_fix(s, r);
    for (size_t k = 0; k < cur->n; k++) {
        uint8_t x[SF_MAX_N];
        const int nx = gc_choices(s, &cur->v[k], r, x);
        gc_cand_t c = cur->v[k];
        gc_prepare(s, &c, r);
        for (int j = 0; j < nx; j++) {
            c.rows[r] = x[j];
            const int res = gc_extend(s);
            if (res > 0)
                nxt->n = 0;
            if (res >= 0 && gc_push(nxt, &c) != 0)
                return -1;
        }
    }
    return 0;
}

int geo_canon_boxes(int n, int br, int bc, const uint8_t *in, uint8_t *out,
                    geo_xform_t *t)
{
    gc_t *s = malloc(sizeof *s);
    gc_list_t a = {0}, b = {0};
    int rc = -1;
    if (!s)
        return -1;
    s->n = n;
    s->br = br;
    s->bc = bc;
    gc_load(s, in);
    gc_cand_t first;
    memset(&first, 0, sizeof first);
    if (gc_push(&a, &first) != 0)
        goto done;
    first.t = 1;
    if (br == bc && memcmp(s->g[0], s->g[1], (size_t)(n * n)) &&
        gc_push(&a, &first) != 0)
        goto done;
    gc_list_t *cur = &a, *nxt = &b;
    for (int r = 0; r < n; r++) {
        if (gc_level(s, cur, nxt, r) != 0)
            goto done;
        gc_list_t *tmp = cur;
        cur = nxt;
        nxt = tmp;
    }
    memcpy(out, s->best, (size_t)(n * n));
    if (t)
        gc_xform(s, &cur->v[0], t);
    rc = 0;
done:
    free(a.v);
    free(b.v);
    free(s);
    return rc;
}
