/*
 * wide.c -- the kernel of geometries past 81 cells (10x10 to 32x32),
 * and of 9x9 grids of more than 64 full units, which nine.c leaves: sets
 * of cells as bit masks, one mask per value, with counts that say at
 * once what has become single.
 *
 * A position is N masks of W 64-bit words, cand[v] the cells that may
 * still hold v + 1, a mask of the cells placed, and two tables of byte
 * counts: the values left to each cell and the places left to each value
 * in each full unit.  W is the geometry's words rounded up to one of the
 * widths compiled (1, 2, 4, 8, 10, 16: up to 64, 128, 256, 512, 640 and
 * 1024 cells); each width is its own copy of the code, its word loops
 * unrolled.
 *
 * Taking value v from cell c clears one bit and counts down c's values
 * and v's places in each full unit of c: a cell down to one value, or a
 * value down to one place in a unit, joins a queue (naked and hidden
 * singles), and a count of zero is a contradiction.  Placing v at c takes
 * c's other values and takes v from c's peers that have it (found by
 * ANDing the peer mask with cand[v]; under non-consecutive, v - 1 and
 * v + 1 from its orthogonal neighbours).  So a single costs work in
 * proportion to what it removes, where a scan of every unit for hidden
 * singles costs N units times N values (it did: 3.2 times slower a node
 * at 16x16).  When both queues are empty, pointing looks at the pairs of
 * unit and value whose places fell to POINT_MAX or fewer: the cells that
 * see every place lose the value (the AND of their peer masks: locked
 * candidates where a box crosses a line, and what anti-knight or
 * anti-king peers add); under non-consecutive, a cell whose values lie
 * within one of v leaves no value for an orthogonal neighbour holding v,
 * so the neighbour loses v.  In grids of side 16 and up, Hall sets
 * (hall.c) are looked for once, when the root's propagation first stalls.
 *
 * The search branches on an open cell with the fewest values, and among
 * those the most open peers (choosing the first such cell instead made
 * five times the guesses at 16x16); with SF_LEX on the first open cell in
 * row-major order, values ascending, so the first solution found is the
 * smallest, the rest counted in the faster order.  Positions sit on an
 * explicit stack in the state, one a guess level; a guess is counted for
 * each value tried while another is left, as in geosolve.c.  The givens
 * are set into the masks directly and the counts made once from them, so
 * an easy puzzle does not pay for counting every removal.
 *
 * The masks of a geometry (peers, neighbours, full units and the words
 * each touches, each cell's full units) are made once and kept with it
 * (geom_derived), so any number of threads share them.
 */
#include <stdlib.h>
#include <string.h>

#include "core/geometry.h"
#include "hall.h"
#include "kernels.h"

#define WIDE_MAX_W 16 /* words of the widest masks: 1024 cells */

typedef struct wide_tab {
    int n, ncells, w; /* w: the width compiled for these masks */
    int nonconsec;
    int nunits;
    size_t pos_words; /* words of a position (below) */
    uint64_t *all;    /* w words: the grid's cells */
    uint64_t *peers;  /* ncells masks */
    uint64_t *orth;   /* ncells masks (under non-consecutive) */
    uint64_t *unit;   /* nunits masks: the full units */
    uint8_t *lo, *hi; /* nunits: the first and last word a unit touches */
    uint16_t *cu_off; /* ncells + 1 */
    uint16_t *cu;     /* the full units of each cell */
    uint64_t mem[];
} wide_tab_t;

typedef struct frame {
    int cell;
    uint32_t left; /* values not tried yet */
} frame_t;

#define POINT_MAX 8 /* places of a value that pointing looks at */

/* One solve: its table, its answers so far, and what waits to be
 * propagated in the current position. */
typedef struct wide_run {
    const wide_tab_t *t;
    uint64_t limit, count, guesses;
    unsigned flags;
    uint8_t *solution;
    uint16_t *nq;    /* cells left with one value: ncells */
    uint16_t *hq;    /* unit * n + value left with one place: nunits * n */
    uint64_t *dirty; /* unit * n + value whose places fell to POINT_MAX */
    int nqlen, hqlen, dwords;
    int hall_done;   /* Hall sets looked for (once, at the root) */
} wide_run_t;

static int width_of(int words)
{
    static const int widths[] = {1, 2, 4, 8, 10, 16};
    for (size_t k = 0; k < sizeof widths / sizeof widths[0]; k++)
        if (words <= widths[k])
            return widths[k];
    return 0;
}

static void set_bit(uint64_t *m, int c) { m[c >> 6] |= 1ull << (c & 63); }

/* Words of a position: the masks, the mask of cells placed, then the
 * counts (bytes) of places per unit and value and of values per cell. */
static size_t pos_words(int n, int ncells, int nunits, int w)
{
    const size_t bytes = (size_t)nunits * (size_t)n + (size_t)ncells;
    return (size_t)(n + 1) * (size_t)w + (bytes + 7) / 8;
}

static void *tab_make(const sf_geometry_t *g)
{
    const int w = width_of(g->words);
    const size_t cells = (size_t)g->ncells, units = (size_t)g->nfull;
    const size_t words = (size_t)w * (1 + 2 * cells + units);
    const size_t cus = g->cunit_off[cells];
    wide_tab_t *t = calloc(1, sizeof *t + words * 8 + 2 * units +
                                  2 * (cells + 1) + 2 * cus);
    if (!t)
        return NULL;
    t->n = g->n;
    t->ncells = g->ncells;
    t->w = w;
    t->nonconsec = (g->variants & SF_VARIANT_NONCONSECUTIVE) != 0;
    t->nunits = g->nfull;
    t->pos_words = pos_words(g->n, g->ncells, g->nfull, w);
    t->all = t->mem;
    t->peers = t->all + w;
    t->orth = t->peers + cells * (size_t)w;
    t->unit = t->orth + cells * (size_t)w;
    t->cu_off = (uint16_t *)(t->unit + units * (size_t)w);
    t->cu = t->cu_off + cells + 1;
    t->lo = (uint8_t *)(t->cu + cus);
    t->hi = t->lo + units;
    for (int c = 0; c < g->ncells; c++) {
        set_bit(t->all, c);
        for (uint32_t k = g->peer_off[c]; k < g->peer_off[c + 1]; k++)
            set_bit(t->peers + (size_t)c * (size_t)w, g->peer[k]);
        for (uint32_t k = g->orth_off[c]; k < g->orth_off[c + 1]; k++)
            set_bit(t->orth + (size_t)c * (size_t)w, g->orth[k]);
        t->cu_off[c + 1] = t->cu_off[c];
        for (uint32_t k = g->cunit_off[c]; k < g->cunit_off[c + 1]; k++)
            if (g->cunit[k] < g->nfull)
                t->cu[t->cu_off[c + 1]++] = g->cunit[k];
    }
    for (int u = 0; u < g->nfull; u++) {
        const uint32_t a = g->unit_off[u], b = g->unit_off[u + 1];
        for (uint32_t k = a; k < b; k++)
            set_bit(t->unit + (size_t)u * (size_t)w, g->unit_cell[k]);
        t->lo[u] = (uint8_t)(g->unit_cell[a] >> 6);
        t->hi[u] = (uint8_t)(g->unit_cell[b - 1] >> 6);
    }
    return t;
}

static const wide_tab_t *tab_of(const sf_geometry_t *g)
{
    return geom_derived(g, tab_make, free);
}

/* ---------------------------------------------------------------------
 * The kernel, written once for a width W that each caller below passes
 * as a constant.  A position (pos_words) is the n masks of W words, the
 * mask of the cells placed, the places of each value in each full unit
 * (unit-major, a byte each) and the values of each cell (a byte each).
 */
#define INLINE static inline __attribute__((always_inline))

typedef struct view {
    uint64_t *cand, *solved;
    uint8_t *places; /* nunits * n */
    uint8_t *values; /* ncells */
} view_t;

INLINE view_t view_of(const wide_tab_t *t, uint64_t *p, const int W)
{
    view_t x;
    x.cand = p;
    x.solved = p + (size_t)t->n * W;
    x.places = (uint8_t *)(x.solved + W);
    x.values = x.places + (size_t)t->nunits * (size_t)t->n;
    return x;
}

INLINE int has(const uint64_t *m, int c)
{
    return (int)(m[c >> 6] >> (c & 63) & 1);
}

/* Take value v from cell c (which has it), counting down and queueing
 * what becomes single.  0 on a contradiction: a cell or a unit left
 * without a place for a value. */
INLINE int take(wide_run_t *r, view_t *x, int c, int v, const int W)
{
    const wide_tab_t *t = r->t;
    x->cand[v * W + (c >> 6)] &= ~(1ull << (c & 63));
    const int left = --x->values[c];
    if (left == 0)
        return 0;
    if (left == 1 && !has(x->solved, c))
        r->nq[r->nqlen++] = (uint16_t)c;
    for (int k = t->cu_off[c]; k < t->cu_off[c + 1]; k++) {
        const int uv = t->cu[k] * t->n + v;
        const int places = --x->places[uv];
        if (places == 0)
            return 0;
        if (places == 1)
            r->hq[r->hqlen++] = (uint16_t)uv;
        else if (places <= POINT_MAX)
            r->dirty[uv >> 6] |= 1ull << (uv & 63);
    }
    return 1;
}

/* Take v from every cell of set m (W words) that has it.  0 on a
 * contradiction. */
INLINE int take_set(wide_run_t *r, view_t *x, const uint64_t *m, int v,
                    const int W)
{
    for (int w = 0; w < W; w++)
        for (uint64_t b = m[w] & x->cand[v * W + w]; b; b &= b - 1)
            if (!take(r, x, w * 64 + __builtin_ctzll(b), v, W))
                return 0;
    return 1;
}

/* Take v from the cells of set m that have it: -1 on a contradiction,
 * else 1 when there was one, 0 when none. */
INLINE int take_any(wide_run_t *r, view_t *x, const uint64_t *m, int v,
                    const int W)
{
    uint64_t hit = 0;
    for (int w = 0; w < W; w++)
        hit |= m[w] & x->cand[v * W + w];
    if (!hit)
        return 0;
    return take_set(r, x, m, v, W) ? 1 : -1;
}

/* Place value v at open cell c (which has it).  0 on a contradiction. */
INLINE int place(wide_run_t *r, view_t *x, int c, int v, const int W)
{
    const wide_tab_t *t = r->t;
    const int cw = c >> 6, cb = c & 63;
    x->solved[cw] |= 1ull << cb;
    for (int y = 0; y < t->n; y++)
        if (y != v && (x->cand[y * W + cw] >> cb & 1) && !take(r, x, c, y, W))
            return 0;
    if (!take_set(r, x, t->peers + (size_t)c * W, v, W))
        return 0;
    if (t->nonconsec) {
        const uint64_t *o = t->orth + (size_t)c * W;
        if (v > 0 && !take_set(r, x, o, v - 1, W))
            return 0;
        if (v < t->n - 1 && !take_set(r, x, o, v + 1, W))
            return 0;
    }
    return 1;
}

/* The value of cell c: its lowest. */
INLINE int value_at(const wide_tab_t *t, const view_t *x, int c, const int W)
{
    int v = 0;
    while (v < t->n - 1 && !has(x->cand + v * W, c))
        v++;
    return v;
}

/* Empty both queues: place the cells left with one value and the values
 * left with one place in a unit.  0 on a contradiction. */
INLINE int singles(wide_run_t *r, view_t *x, const int W)
{
    const wide_tab_t *t = r->t;
    for (;;) {
        if (r->nqlen > 0) {
            const int c = r->nq[--r->nqlen];
            if (!has(x->solved, c) && !place(r, x, c, value_at(t, x, c, W), W))
                return 0;
        } else if (r->hqlen > 0) {
            const int uv = r->hq[--r->hqlen];
            const int u = uv / t->n, v = uv % t->n;
            const uint64_t *unit = t->unit + (size_t)u * W;
            int c = -1;
            for (int w = t->lo[u]; w <= t->hi[u]; w++) {
                const uint64_t m = x->cand[v * W + w] & unit[w];
                if (m)
                    c = w * 64 + __builtin_ctzll(m);
            }
            if (!has(x->solved, c) && !place(r, x, c, v, W))
                return 0;
        } else {
            return 1;
        }
    }
}

/* Pointing (see the top) on the pairs of unit and value whose places
 * fell to POINT_MAX or fewer since the last look.  -1 on a contradiction,
 * else 1 when a value was taken. */
INLINE int pointing(wide_run_t *r, view_t *x, const int W)
{
    const wide_tab_t *t = r->t;
    int changed = 0;
    for (int k = 0; k < r->dwords; k++)
        while (r->dirty[k]) {
            const int uv = k * 64 + __builtin_ctzll(r->dirty[k]);
            r->dirty[k] &= r->dirty[k] - 1;
            const int u = uv / t->n, v = uv % t->n;
            const int places = x->places[uv];
            if (places < 2 || places > POINT_MAX)
                continue;
            const uint64_t *unit = t->unit + (size_t)u * W;
            uint64_t common[WIDE_MAX_W];
            memcpy(common, x->cand + v * W, (size_t)W * 8);
            for (int w = t->lo[u]; w <= t->hi[u]; w++)
                for (uint64_t m = x->cand[v * W + w] & unit[w]; m; m &= m - 1) {
                    const uint64_t *peer =
                        t->peers + (size_t)(w * 64 + __builtin_ctzll(m)) * W;
                    for (int y = 0; y < W; y++)
                        common[y] &= peer[y];
                }
            const int taken = take_any(r, x, common, v, W);
            if (taken < 0)
                return -1;
            changed |= taken;
        }
    return changed;
}

/* Non-consecutive support (see the top): -1 on a contradiction, else 1
 * when a value was taken. */
INLINE int support(wide_run_t *r, view_t *x, const int W)
{
    const wide_tab_t *t = r->t;
    const int n = t->n;
    int changed = 0;
    for (int v = 0; v < n; v++) {
        uint64_t within[WIDE_MAX_W], gone[WIDE_MAX_W] = {0};
        for (int w = 0; w < W; w++)
            within[w] = t->all[w] & ~x->solved[w];
        for (int y = 0; y < n; y++)
            if (y < v - 1 || y > v + 1)
                for (int w = 0; w < W; w++)
                    within[w] &= ~x->cand[y * W + w];
        for (int w = 0; w < W; w++)
            for (uint64_t m = within[w]; m; m &= m - 1) {
                const uint64_t *o =
                    t->orth + (size_t)(w * 64 + __builtin_ctzll(m)) * W;
                for (int k = 0; k < W; k++)
                    gone[k] |= o[k];
            }
        const int taken = take_any(r, x, gone, v, W);
        if (taken < 0)
            return -1;
        changed |= taken;
    }
    return changed;
}

/* Hall sets in every full unit (hall.c): -1 on a contradiction, else 1
 * when a value was taken. */
static int hall_sets(wide_run_t *r, view_t *x, const int W)
{
    const wide_tab_t *t = r->t;
    int changed = 0;
    for (int u = 0; u < t->nunits; u++) {
        const uint64_t *unit = t->unit + (size_t)u * W;
        int open = 0;
        for (int w = t->lo[u]; w <= t->hi[u]; w++)
            open += __builtin_popcountll(unit[w] & ~x->solved[w]);
        if (open < 3)
            continue; /* a naked or hidden pair would be two singles */
        uint32_t mask[SF_MAX_N], keep[SF_MAX_N];
        int cell[SF_MAX_N], n = 0;
        for (int w = t->lo[u]; w <= t->hi[u]; w++)
            for (uint64_t m = unit[w]; m; m &= m - 1) {
                const int c = w * 64 + __builtin_ctzll(m);
                mask[n] = 0;
                for (int v = 0; v < t->n; v++)
                    mask[n] |= (uint32_t)has(x->cand + v * W, c) << v;
                cell[n++] = c;
            }
        if (!hall_filter(n, mask, keep))
            return -1;
        for (int k = 0; k < n; k++)
            for (uint32_t m = mask[k] & ~keep[k]; m; m &= m - 1) {
                if (!take(r, x, cell[k], __builtin_ctz(m), W))
                    return -1;
                changed = 1;
            }
    }
    return changed;
}

/* Hall sets are looked for once, when the root's propagation first
 * stalls, and only in grids of side HALL_MIN_N and up: there they save
 * more than they cost (16x16: +13%), in smaller grids less (12x12: -10%,
 * 9x9 jigsaw: -9%), and at every stall or below the root more still. */
#define HALL_MIN_N 16

/* To a fixed point (with Hall sets at the root, as above); 0 on a
 * contradiction. */
INLINE int propagate(wide_run_t *r, view_t *x, int root, const int W)
{
    for (;;) {
        if (!singles(r, x, W))
            return 0;
        int k = pointing(r, x, W);
        if (k == 0 && r->t->nonconsec)
            k = support(r, x, W);
        if (k == 0 && root && !r->hall_done && r->t->n >= HALL_MIN_N) {
            r->hall_done = 1;
            k = hall_sets(r, x, W);
        }
        if (k <= 0)
            return k == 0;
    }
}

/* Of the open cells with the fewest values, the one with the most open
 * peers; the first open cell with SF_LEX; -1 when every cell is placed. */
INLINE int choose(const wide_tab_t *t, const view_t *x, unsigned flags,
                  const int W)
{
    int best = -1, fewest = 1 << 30, most = -1;
    uint64_t open[WIDE_MAX_W];
    for (int w = 0; w < W; w++)
        open[w] = t->all[w] & ~x->solved[w];
    for (int w = 0; w < W; w++)
        for (uint64_t m = open[w]; m; m &= m - 1) {
            const int c = w * 64 + __builtin_ctzll(m);
            if (flags & SF_LEX)
                return c;
            const int k = x->values[c];
            if (k > fewest)
                continue;
            const uint64_t *peer = t->peers + (size_t)c * W;
            int o = 0;
            for (int y = 0; y < W; y++)
                o += __builtin_popcountll(peer[y] & open[y]);
            if (k < fewest || o > most) {
                best = c;
                fewest = k;
                most = o;
            }
        }
    return best;
}

INLINE void record(wide_run_t *r, const view_t *x, const int W)
{
    if (r->count++ > 0)
        return;
    for (int v = 0; v < r->t->n; v++)
        for (int w = 0; w < W; w++)
            for (uint64_t m = x->cand[v * W + w]; m; m &= m - 1)
                r->solution[w * 64 + __builtin_ctzll(m)] = (uint8_t)(v + 1);
}

/* Begin propagating a position afresh: nothing queued or looked at. */
INLINE void reset_queues(wide_run_t *r)
{
    r->nqlen = r->hqlen = 0;
    memset(r->dirty, 0, (size_t)r->dwords * 8);
}

/* The search from the loaded position at stack[0] (its queues full);
 * frames holds a frame a level, stack a position a level beyond it. */
INLINE void search(wide_run_t *r, uint64_t *stack, frame_t *frames,
                   int ok, const int W)
{
    const wide_tab_t *t = r->t;
    const size_t size = t->pos_words;
    int depth = 0;
    for (;;) {
        view_t x = view_of(t, stack + (size_t)depth * size, W);
        if (ok && propagate(r, &x, depth == 0, W)) {
            const int c = choose(t, &x, r->flags, W);
            if (c < 0) {
                record(r, &x, W);
                if (r->count >= r->limit)
                    return;
                r->flags &= ~SF_LEX;
            } else {
                uint32_t values = 0;
                for (int v = 0; v < t->n; v++)
                    values |= (uint32_t)has(x.cand + v * W, c) << v;
                frames[depth].cell = c;
                frames[depth].left = values;
                depth++;
            }
        }
        while (depth > 0 && frames[depth - 1].left == 0)
            depth--;
        if (depth == 0)
            return;
        frame_t *f = &frames[depth - 1];
        const int v = __builtin_ctz(f->left);
        f->left &= f->left - 1;
        r->guesses += f->left != 0;
        uint64_t *q = stack + (size_t)depth * size;
        memcpy(q, q - size, size * 8);
        reset_queues(r);
        view_t y = view_of(t, q, W);
        ok = place(r, &y, f->cell, v, W);
    }
}

/* Set the givens into a position of full masks (the masks only): 0 when
 * one is out of range or two clash. */
INLINE int set_givens(const wide_tab_t *t, view_t *x, const uint8_t *cells,
                      const int W)
{
    for (int c = 0; c < t->ncells; c++) {
        const int v = cells[c] - 1;
        if (v < 0)
            continue;
        const int cw = c >> 6;
        const uint64_t b = 1ull << (c & 63);
        if (v >= t->n || !(x->cand[v * W + cw] & b))
            return 0;
        for (int y = 0; y < t->n; y++)
            x->cand[y * W + cw] &= ~b;
        const uint64_t *peer = t->peers + (size_t)c * W;
        for (int w = 0; w < W; w++)
            x->cand[v * W + w] &= ~peer[w];
        x->cand[v * W + cw] |= b;
        x->solved[cw] |= b;
        const uint64_t *o = t->orth + (size_t)c * W;
        for (int w = 0; w < W && t->nonconsec; w++) {
            if (v > 0)
                x->cand[(v - 1) * W + w] &= ~o[w];
            if (v < t->n - 1)
                x->cand[(v + 1) * W + w] &= ~o[w];
        }
    }
    return 1;
}

/* Count the values of each cell and the places of each value in each
 * unit from the masks, and queue what is single: 0 on a contradiction. */
INLINE int count_all(wide_run_t *r, view_t *x, const int W)
{
    const wide_tab_t *t = r->t;
    memset(x->values, 0, (size_t)t->ncells);
    for (int v = 0; v < t->n; v++)
        for (int w = 0; w < W; w++)
            for (uint64_t m = x->cand[v * W + w]; m; m &= m - 1)
                x->values[w * 64 + __builtin_ctzll(m)]++;
    for (int c = 0; c < t->ncells; c++) {
        if (x->values[c] == 0)
            return 0;
        if (x->values[c] == 1 && !has(x->solved, c))
            r->nq[r->nqlen++] = (uint16_t)c;
    }
    for (int u = 0; u < t->nunits; u++) {
        const uint64_t *unit = t->unit + (size_t)u * W;
        for (int v = 0; v < t->n; v++) {
            int places = 0;
            for (int w = t->lo[u]; w <= t->hi[u]; w++)
                places += __builtin_popcountll(x->cand[v * W + w] & unit[w]);
            const int uv = u * t->n + v;
            x->places[uv] = (uint8_t)places;
            if (places == 0)
                return 0;
            if (places == 1)
                r->hq[r->hqlen++] = (uint16_t)uv;
            else if (places <= POINT_MAX)
                r->dirty[uv >> 6] |= 1ull << (uv & 63);
        }
    }
    return 1;
}

/* Load the givens into the first position and search: the count. */
INLINE uint64_t solve_w(wide_run_t *r, const uint8_t *cells,
                        uint64_t *stack, frame_t *frames, const int W)
{
    const wide_tab_t *t = r->t;
    view_t x = view_of(t, stack, W);
    memset(stack, 0, t->pos_words * 8);
    for (int v = 0; v < t->n; v++)
        memcpy(x.cand + v * W, t->all, (size_t)W * 8);
    reset_queues(r);
    if (!set_givens(t, &x, cells, W) || !count_all(r, &x, W))
        return 0;
    search(r, stack, frames, 1, W);
    return r->count;
}

/* The state: the frames, the queues, the pointing pairs, then the
 * positions. */
#define QUEUE_BYTES(nc, pairs) ((2 * ((nc) + (pairs)) + 7) & ~(size_t)7)
static size_t state_size(const wide_tab_t *t, int *dwords)
{
    const size_t nc = (size_t)t->ncells, pairs = (size_t)t->nunits * t->n;
    *dwords = (int)((pairs + 63) / 64);
    return (nc + 1) * sizeof(frame_t) + QUEUE_BYTES(nc, pairs) +
           (size_t)*dwords * 8 + (nc + 1) * t->pos_words * 8;
}

#define WIDE_SOLVE(W)                                                      \
    static uint64_t solve_##W(wide_run_t *r, const uint8_t *cells,        \
                              uint64_t *stack, frame_t *frames)           \
    {                                                                      \
        return solve_w(r, cells, stack, frames, W);                        \
    }
WIDE_SOLVE(1)
WIDE_SOLVE(2)
WIDE_SOLVE(4)
WIDE_SOLVE(8)
WIDE_SOLVE(10)
WIDE_SOLVE(16)

static uint64_t wide_solve(void *state, const sf_geometry_t *g,
                           const uint8_t *cells, uint64_t limit,
                           unsigned flags, uint8_t *solution,
                           uint64_t *guesses)
{
    *guesses = 0;
    const wide_tab_t *t = tab_of(g);
    if (!t)
        return 0;
    wide_run_t r = {t, limit ? limit : UINT64_MAX, 0, 0, flags, solution,
                    NULL, NULL, NULL, 0, 0, 0, 0};
    const size_t nc = (size_t)t->ncells, pairs = (size_t)t->nunits * t->n;
    frame_t *frames = state;
    r.nq = (uint16_t *)(frames + nc + 1);
    r.hq = r.nq + nc;
    r.dirty = (uint64_t *)((char *)r.nq + QUEUE_BYTES(nc, pairs));
    (void)state_size(t, &r.dwords);
    uint64_t *stack = r.dirty + r.dwords;
    uint64_t count;
    switch (t->w) {
    case 1: count = solve_1(&r, cells, stack, frames); break;
    case 2: count = solve_2(&r, cells, stack, frames); break;
    case 4: count = solve_4(&r, cells, stack, frames); break;
    case 8: count = solve_8(&r, cells, stack, frames); break;
    case 10: count = solve_10(&r, cells, stack, frames); break;
    default: count = solve_16(&r, cells, stack, frames); break;
    }
    *guesses = r.guesses;
    return count;
}

static int wide_fits(const sf_geometry_t *g)
{
    return g && !g->classic && width_of(g->words) > 0 && g->n <= 32;
}

static size_t wide_state_size(const sf_geometry_t *g)
{
    const wide_tab_t *t = tab_of(g);
    int dwords;
    return t ? state_size(t, &dwords) : SIZE_MAX / 2; /* no table: fail */
}

const sf_kernel_t sf_kernel_wide = {
    "wide",
    "geometries past 81 cells: a mask of cells per value and counts "
    "(classic 9x9: general's)",
    GEOSOLVE_CLASSIC_STATE,
    geosolve_classic, /* classic 9x9: the general kernel's */
    NULL,
    wide_fits,
    wide_state_size,
    wide_solve,
    0, /* no lanes */
};
