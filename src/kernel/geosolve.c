/*
 * geosolve.c -- the general kernel: any geometry of geometry.h.
 *
 * The state is one candidate mask per cell (bit v - 1 for value v), read
 * against the geometry's flat tables.  Propagation is driven by a queue of
 * cells that have just become single: taking a cell off the queue removes
 * its value from its peers (and, under the non-consecutive rule, the
 * values one above and below from its orthogonal neighbours), and every
 * peer left with one candidate joins the queue.  Masks only shrink, so a
 * cell becomes single once on a path and is queued once; the number of
 * cells queued so far says when the grid is full.  When the queue runs
 * dry, hidden singles are looked for in every full unit (a value seen in
 * exactly one cell: "once and not twice" over the unit's masks, which
 * also finds a value with no place left), then pointing: a value whose
 * few places in a full unit all see one cell leaves that cell (locked
 * candidates where a box crosses a line, and what anti-knight or
 * anti-king peers add to them).  Before the first guess, Hall sets in
 * every full unit (Regin's all-different filtering) remove what naked
 * and hidden subsets of any size would; during the search they cost more
 * than they prune (docs/geometry.md has the measurements), as does
 * pointing over more than POINT_MAX places.  When nothing more follows,
 * the search branches on the open cell with the fewest candidates (with
 * SF_LEX, the first open cell in row-major order, values ascending, so
 * the first solution found is the lexicographically smallest; the rest
 * are counted in the faster order), saving the masks in a frame of its
 * explicit stack.
 *
 * The state block is laid out per geometry: the masks, the queue, then
 * one frame (masks, queued count, cell, values left) per level, at most
 * one level per cell.  geosolve_state_size gives its size.
 */
#include <pthread.h>
#include <string.h>

#include "core/geometry.h"
#include "hall.h"
#include "kernels.h"

typedef struct frame {
    int solved;       /* cells queued before the branch */
    int cell;         /* the branch cell */
    uint32_t left;    /* values not tried yet */
} frame_t;

typedef struct gstate {
    const sf_geometry_t *g;
    uint32_t *cand;   /* ncells masks */
    uint16_t *queue;  /* cells waiting to be propagated */
    int qlen;
    int solved;       /* cells queued so far */
    frame_t *frames;  /* ncells */
    uint32_t *saved;  /* ncells masks a frame */
    int depth;
    uint64_t rng;     /* random value order when not 0 (splitmix64) */
    uint64_t budget;  /* guesses allowed, 0: any number */
    uint64_t *dirty[3]; /* full units whose masks changed since hidden
                       * singles (0), pointing (1) and Hall sets (2) last
                       * looked at them: each g->fwords words */
} gstate_t;

enum { PASS_HIDDEN, PASS_POINTING, PASS_HALL };

static size_t round8(size_t n) { return (n + 7) & ~(size_t)7; }

#define ROUND8(n) (((n) + 7) & ~(size_t)7)
#define GEOSOLVE_STATE_SIZE(nc, fwords)                                   \
    (ROUND8(sizeof(gstate_t)) + ROUND8((size_t)(nc) * 4) +                \
     ROUND8((size_t)(nc) * 2) + ROUND8((size_t)(nc) * sizeof(frame_t)) + \
     3 * (size_t)(fwords) * 8 + (size_t)(nc) * (size_t)(nc) * 4)

_Static_assert(GEOSOLVE_STATE_SIZE(81, 1) <= GEOSOLVE_CLASSIC_STATE,
               "kernels.h's GEOSOLVE_CLASSIC_STATE is too small");

static size_t geosolve_state_size(const sf_geometry_t *g)
{
    return GEOSOLVE_STATE_SIZE(g->ncells, g->fwords);
}

static gstate_t *layout(void *mem, const sf_geometry_t *g)
{
    const size_t nc = (size_t)g->ncells;
    char *p = mem;
    gstate_t *s = (gstate_t *)p;
    p += round8(sizeof *s);
    s->g = g;
    s->cand = (uint32_t *)p;
    p += round8(nc * 4);
    s->queue = (uint16_t *)p;
    p += round8(nc * 2);
    s->frames = (frame_t *)p;
    p += round8(nc * sizeof(frame_t));
    for (int k = 0; k < 3; k++) {
        s->dirty[k] = (uint64_t *)p;
        p += (size_t)g->fwords * 8;
    }
    s->saved = (uint32_t *)p;
    return s;
}

static inline int single(uint32_t m) { return (m & (m - 1)) == 0; }

/* Cell c has become single: queue it. */
static inline void enqueue(gstate_t *s, int c)
{
    s->queue[s->qlen++] = (uint16_t)c;
    s->solved++;
}

/* Cell c's mask changed: its full units are to be looked at again. */
static inline void touch(gstate_t *s, int c)
{
    const int fw = s->g->fwords;
    const uint64_t *u = s->g->cfull_bits + (size_t)c * (size_t)fw;
    for (int w = 0; w < fw; w++) {
        s->dirty[0][w] |= u[w];
        s->dirty[1][w] |= u[w];
        s->dirty[2][w] |= u[w];
    }
}

/* The next unit of pass k to look at, taken off its set; -1 when none. */
static inline int next_dirty(gstate_t *s, int k)
{
    uint64_t *d = s->dirty[k];
    for (int w = 0; w < s->g->fwords; w++)
        if (d[w]) {
            const int u = w * 64 + __builtin_ctzll(d[w]);
            d[w] &= d[w] - 1;
            return u;
        }
    return -1;
}

/* Remove bits from cell p; 0 when it is left with none. */
static inline int drop(gstate_t *s, int p, uint32_t bits)
{
    const uint32_t m = s->cand[p];
    if (!(m & bits))
        return 1;
    const uint32_t r = m & ~bits;
    s->cand[p] = r;
    touch(s, p);
    if (!r)
        return 0;
    if (single(r))
        enqueue(s, p);
    return 1;
}

/* Empty the queue.  0 on a contradiction. */
static int run_queue(gstate_t *s)
{
    const sf_geometry_t *g = s->g;
    const uint32_t *poff = g->peer_off, *ooff = g->orth_off;
    const uint16_t *peer = g->peer, *orth = g->orth;
    while (s->qlen) {
        const int c = s->queue[--s->qlen];
        const uint32_t b = s->cand[c];
        for (uint32_t k = poff[c]; k < poff[c + 1]; k++)
            if (!drop(s, peer[k], b))
                return 0;
        const uint32_t nb = (b << 1 | b >> 1) & g->full;
        for (uint32_t k = ooff[c]; k < ooff[c + 1]; k++)
            if (!drop(s, orth[k], nb))
                return 0;
    }
    return 1;
}

/* Hidden singles in every full unit.  -1 on a contradiction, else the
 * number of cells it made single. */
static int hidden_singles(gstate_t *s)
{
    const sf_geometry_t *g = s->g;
    const uint32_t *cand = s->cand;
    int found = 0;
    for (int u; (u = next_dirty(s, PASS_HIDDEN)) >= 0;) {
        const uint16_t *cell = g->unit_cell + g->unit_off[u];
        const int len = (int)(g->unit_off[u + 1] - g->unit_off[u]);
        uint32_t once = 0, twice = 0, fixed = 0;
        for (int k = 0; k < len; k++) {
            const uint32_t m = cand[cell[k]];
            twice |= once & m;
            once |= m;
            fixed |= single(m) ? m : 0;
        }
        if (once != g->full)
            return -1;
        const uint32_t hidden = once & ~twice & ~fixed;
        if (!hidden)
            continue;
        for (int k = 0; k < len; k++) {
            const uint32_t m = cand[cell[k]] & hidden;
            if (!m)
                continue;
            if (!single(m))
                return -1;
            s->cand[cell[k]] = m;
            touch(s, cell[k]);
            enqueue(s, cell[k]);
            found++;
        }
        if (!run_queue(s))
            return -1;
    }
    return found;
}

#define POINT_MAX 4 /* places of a value looked at by pointing() */

/* Drop bit from every cell of the set (words of g) that holds it.  -1 on
 * a contradiction, else 1 when a mask changed. */
static int drop_set(gstate_t *s, const uint64_t *set, uint32_t bit)
{
    int changed = 0;
    for (int w = 0; w < s->g->words; w++)
        for (uint64_t m = set[w]; m; m &= m - 1) {
            const int c = w * 64 + __builtin_ctzll(m);
            if (!(s->cand[c] & bit))
                continue;
            changed = 1;
            if (!drop(s, c, bit))
                return -1;
        }
    return changed;
}

/* Pointing, for any peers: when the places of a value in a full unit (2
 * to POINT_MAX of them) all see a cell, one of them holds the value and
 * that cell cannot.  Locked candidates (box and line) are the case of
 * places in one crossing; anti-knight and anti-king peers give more.
 * -1 on a contradiction, else 1 when a mask changed. */
static int pointing(gstate_t *s)
{
    const sf_geometry_t *g = s->g;
    const int words = g->words;
    uint64_t common[SF_MAX_CELLS / 64];
    int changed = 0;
    for (int u; (u = next_dirty(s, PASS_POINTING)) >= 0;) {
        const uint16_t *cell = g->unit_cell + g->unit_off[u];
        const int len = (int)(g->unit_off[u + 1] - g->unit_off[u]);
        uint16_t at[SF_MAX_N][POINT_MAX];
        uint8_t count[SF_MAX_N] = {0};
        for (int k = 0; k < len; k++) {
            const uint32_t m = s->cand[cell[k]];
            if (single(m))
                continue;
            for (uint32_t b = m; b; b &= b - 1) {
                const int d = __builtin_ctz(b);
                if (count[d] < POINT_MAX)
                    at[d][count[d]] = cell[k];
                count[d]++;
            }
        }
        for (int d = 0; d < g->n; d++) {
            if (count[d] < 2 || count[d] > POINT_MAX)
                continue;

            memcpy(common, g->peer_bits + (size_t)at[d][0] * (size_t)words,
                   (size_t)words * 8);
            uint64_t any = 0;
            for (int k = 1; k < count[d]; k++) {
                const uint64_t *p = g->peer_bits + (size_t)at[d][k] *
                                                       (size_t)words;
                any = 0;
                for (int w = 0; w < words; w++)
                    any |= common[w] &= p[w];
            }
            if (!any)
                continue;
            const int rc = drop_set(s, common, 1u << d);
            if (rc < 0 || !run_queue(s))
                return -1;
            changed |= rc;
        }
    }
    return changed;
}

/* Non-consecutive, for cells not yet single: a cell whose values all lie
 * within one of v (v itself, or v - 1 and v + 1) leaves no value for an
 * orthogonal neighbour holding v, so the neighbour loses v.  -1 on a
 * contradiction, else 1 when a mask changed. */
static int neighbour_support(gstate_t *s)
{
    const sf_geometry_t *g = s->g;
    int changed = 0;
    for (int c = 0; c < g->ncells; c++) {
        const uint32_t m = s->cand[c];
        if (single(m) || g->orth_off[c] == g->orth_off[c + 1])
            continue;
        const int lo = __builtin_ctz(m), hi = 31 - __builtin_clz(m);
        if (hi - lo > 2)
            continue;
        uint32_t v = 0; /* values v with [v - 1, v + 1] covering m */
        for (int x = hi - 1; x <= lo + 1; x++)
            if (x >= 0 && x < g->n)
                v |= 1u << x;
        for (uint32_t k = g->orth_off[c]; k < g->orth_off[c + 1]; k++) {
            const int p = g->orth[k];
            changed |= (s->cand[p] & v) != 0;
            if (!drop(s, p, v))
                return -1;
        }
        if (!run_queue(s))
            return -1;
    }
    return changed;
}

/* Hall sets in every full unit: n cells whose values are n between them
 * keep those values from the unit's other cells, and n values that only
 * n cells can take keep those cells from other values (naked and hidden
 * subsets of every size at once).  -1 on a contradiction, else 1 when a
 * mask changed. */
static int hall_sets(gstate_t *s)
{
    const sf_geometry_t *g = s->g;
    int changed = 0;
    uint32_t mask[SF_MAX_N], keep[SF_MAX_N];
    for (int u; (u = next_dirty(s, PASS_HALL)) >= 0;) {
        const uint16_t *cell = g->unit_cell + g->unit_off[u];
        const int n = (int)(g->unit_off[u + 1] - g->unit_off[u]);
        int open = 0;
        for (int k = 0; k < n; k++) {
            mask[k] = s->cand[cell[k]];
            open += !single(mask[k]);
        }
        if (open < 3)
            continue;
        if (!hall_filter(n, mask, keep))
            return -1;
        for (int k = 0; k < n; k++) {
            if (keep[k] == mask[k])
                continue;
            changed = 1;
            if (!drop(s, cell[k], mask[k] & ~keep[k]))
                return -1;
        }
        if (!run_queue(s))
            return -1;
    }
    return changed;
}

/* Propagate to a fixed point.  0 on a contradiction. */
static int propagate(gstate_t *s)
{
    for (;;) {
        if (!run_queue(s))
            return 0;
        if (s->solved == s->g->ncells)
            return 1;
        const int h = hidden_singles(s);
        if (h < 0)
            return 0;
        if (h > 0)
            continue;
        const int l = pointing(s);
        if (l < 0)
            return 0;
        if (l > 0)
            continue;
        const int hs = s->depth == 0 ? hall_sets(s) : 0;
        if (hs < 0)
            return 0;
        if (hs > 0)
            continue;
        if (!(s->g->variants & SF_VARIANT_NONCONSECUTIVE))
            return 1;
        const int v = neighbour_support(s);
        if (v <= 0)
            return v == 0;
    }
}

/* Open peers of cell c: cells it still constrains. */
static int open_peers(const gstate_t *s, int c)
{
    const sf_geometry_t *g = s->g;
    int k = 0;
    for (uint32_t p = g->peer_off[c]; p < g->peer_off[c + 1]; p++)
        k += !single(s->cand[g->peer[p]]);
    return k;
}

/* The branch cell: the first open one (lex), else one with the fewest
 * values, and among those the one with the most open peers. */
static int choose(const gstate_t *s, unsigned flags)
{
    const int nc = s->g->ncells;
    int best = -1, fewest = 99, most = -1;
    for (int c = 0; c < nc; c++) {
        const uint32_t m = s->cand[c];
        if (single(m))
            continue;
        if (flags & SF_LEX)
            return c;
        const int k = __builtin_popcount(m);
        if (k > fewest)
            continue;
        const int open = open_peers(s, c);
        if (k < fewest || open > most) {
            best = c;
            fewest = k;
            most = open;
        }
    }
    return best;
}

/* Load the givens.  0 when two of them clash or a value is out of range. */
static int load(gstate_t *s, const uint8_t *cells)
{
    const sf_geometry_t *g = s->g;
    s->qlen = s->solved = s->depth = 0;
    for (int k = 0; k < 3; k++) {
        memset(s->dirty[k], 0, (size_t)g->fwords * 8);
        for (int u = 0; u < g->nfull; u++)
            s->dirty[k][u >> 6] |= 1ull << (u & 63);
    }
    for (int c = 0; c < g->ncells; c++) {
        const int v = cells[c];
        if (v > g->n)
            return 0;
        s->cand[c] = v ? 1u << (v - 1) : g->full;
        if (v)
            enqueue(s, c);
    }
    return geom_givens_ok(g, cells);
}

/* A random one of the bits of m (not 0), from the state's stream. */
static uint32_t random_bit(gstate_t *s, uint32_t m)
{
    uint64_t z = (s->rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    for (int k = (int)((z >> 32) * (uint64_t)__builtin_popcount(m) >> 32);
         k > 0; k--)
        m &= m - 1;
    return m & -m;
}

/* Take the next value of the top frame (the lowest, or a random one):
 * restore the masks, place it. */
static void try_next(gstate_t *s, uint64_t *guesses)
{
    frame_t *f = &s->frames[s->depth - 1];
    const int nc = s->g->ncells;
    const uint32_t b = s->rng ? random_bit(s, f->left) : f->left & -f->left;
    f->left &= ~b;
    *guesses += f->left != 0;
    memcpy(s->cand, s->saved + (size_t)(s->depth - 1) * (size_t)nc,
           (size_t)nc * 4);
    s->solved = f->solved;
    s->qlen = 0;
    for (int k = 0; k < 3; k++) /* every unit was settled at the branch */
        memset(s->dirty[k], 0, (size_t)s->g->fwords * 8);
    s->cand[f->cell] = b;
    touch(s, f->cell);
    enqueue(s, f->cell);
}

/* Back to the deepest frame with values left, and the next of them.  0
 * when there is none. */
static int backtrack(gstate_t *s, uint64_t *guesses)
{
    while (s->depth > 0 && s->frames[s->depth - 1].left == 0)
        s->depth--;
    if (s->depth == 0)
        return 0;
    try_next(s, guesses);
    return 1;
}

static void branch(gstate_t *s, int cell, uint64_t *guesses)
{
    const int nc = s->g->ncells;
    frame_t *f = &s->frames[s->depth];
    f->solved = s->solved;
    f->cell = cell;
    f->left = s->cand[cell];
    memcpy(s->saved + (size_t)s->depth * (size_t)nc, s->cand, (size_t)nc * 4);
    s->depth++;
    try_next(s, guesses);
}

/* The search itself, on a state laid out and its fields set. */
static uint64_t search(gstate_t *s, const uint8_t *cells, uint64_t limit,
                       unsigned flags, uint8_t *solution, uint64_t *guesses)
{
    const sf_geometry_t *g = s->g;
    uint64_t count = 0;
    *guesses = 0;
    if (!load(s, cells))
        return 0;
    for (;;) {
        if (propagate(s)) {
            if (s->solved < g->ncells) {
                branch(s, choose(s, flags), guesses);
                continue;
            }
            if (count++ == 0)
                for (int c = 0; c < g->ncells; c++)
                    solution[c] = (uint8_t)(__builtin_ctz(s->cand[c]) + 1);
            if (count == limit)
                return count;
            flags &= ~SF_LEX; /* the smallest is found: count the rest in
                               * any order */
        }
        if ((s->budget && *guesses >= s->budget) || !backtrack(s, guesses))
            return count;
    }
}

static uint64_t geosolve_solve(void *state, const sf_geometry_t *g,
                               const uint8_t *cells, uint64_t limit,
                               unsigned flags, uint8_t *solution,
                               uint64_t *guesses)
{
    gstate_t *s = layout(state, g);
    s->rng = s->budget = 0;
    return search(s, cells, limit, flags, solution, guesses);
}

int geosolve_random_grid(void *state, const sf_geometry_t *g, uint64_t seed,
                         uint64_t budget, uint8_t *grid)
{
    static const uint8_t empty[SF_MAX_CELLS];
    gstate_t *s = layout(state, g);
    uint64_t guesses;
    s->rng = seed | 1; /* never 0: that is the ordered search */
    s->budget = budget;
    return search(s, empty, 1, 0, grid, &guesses) == 1;
}

/* ------------------------------------------------------------ the entry */

static int geosolve_fits(const sf_geometry_t *g) { return g != NULL; }

/* Classic 9x9 through the same code, on a classic geometry made once. */
static sf_geometry_t *classic_geometry;
static pthread_once_t classic_once = PTHREAD_ONCE_INIT;

static void make_classic(void)
{
    classic_geometry = sf_geometry_new(NULL, NULL);
}

const sf_geometry_t *kernel_classic_geometry(void)
{
    pthread_once(&classic_once, make_classic);
    return classic_geometry;
}

uint64_t geosolve_classic(void *state, const uint8_t *cells, uint64_t limit,
                          unsigned flags, uint8_t *solution,
                          uint64_t *guesses)
{
    const sf_geometry_t *g = kernel_classic_geometry();
    *guesses = 0;
    if (!g)
        return 0;
    return geosolve_solve(state, g, cells, limit, flags, solution, guesses);
}

const sf_kernel_t sf_kernel_general = {
    "general",
    "any geometry: peer tables, naked and hidden singles, locked candidates",
    GEOSOLVE_STATE_SIZE(81, 1),
    geosolve_classic,
    NULL,
    geosolve_fits,
    geosolve_state_size,
    geosolve_solve,    0, /* no lanes */
};
