/*
 * geo_logic.c -- the logic level of a puzzle of any geometry
 * (sf_logic_level_geom): singles, locked candidates and subsets over the
 * geometry's own units and peers.
 *
 * The ladder is logic.c's first three rungs, stated for any grid:
 *
 *   singles  a cell with one candidate takes it (its peers, and under
 *            non-consecutive its orthogonal neighbours' values one apart,
 *            lose it); a value with one place in a full unit goes there;
 *   locked   when every cell of a full unit that can hold v sees a cell
 *            (is its peer), that cell cannot hold v.  On classic grids
 *            this is pointing and claiming; here it covers diagonals,
 *            windows, jigsaw regions and the anti-knight and anti-king
 *            peers alike;
 *   subsets  k cells of a full unit (k = 2..4) whose candidates are k
 *            values: the unit's other cells lose them (naked); k values
 *            of a full unit with k places: those cells lose every other
 *            value (hidden).
 *
 * As in logic.c the simplest rung that makes progress is always applied
 * first, and the level is the highest rung used.  A puzzle these do not
 * solve is SF_LEVEL_GUESS: the higher rungs of the classic ladder (fish,
 * wings, ...) are for classic 9x9 only.  The state is a candidate mask
 * per cell on the caller's stack; nothing is allocated.
 */
#include <string.h>

#include "core/geometry.h"
#include "geo_logic.h"

typedef struct lstate {
    const sf_geometry_t *g;
    uint32_t cand[SF_MAX_CELLS]; /* candidates of an open cell; 0 placed */
    uint8_t value[SF_MAX_CELLS]; /* placed value, 0 open */
    int open;                    /* open cells */
    int broken;                  /* a cell or unit lost every place */
} lstate_t;

static int popcount(uint32_t x) { return __builtin_popcount(x); }

/* Remove the values of mask from open cell c. */
static void strip(lstate_t *s, int c, uint32_t mask)
{
    if (s->value[c])
        return;
    s->cand[c] &= ~mask;
    if (s->cand[c] == 0)
        s->broken = 1;
}

/* Place v in c and take it from c's peers (and v +- 1 from its orthogonal
 * neighbours under non-consecutive). */
static void place(lstate_t *s, int c, int v)
{
    const sf_geometry_t *g = s->g;
    const uint32_t bit = 1u << (v - 1);
    s->value[c] = (uint8_t)v;
    s->cand[c] = 0;
    s->open--;
    int np;
    const uint16_t *p = geom_peers(g, c, &np);
    for (int i = 0; i < np; i++) {
        if (s->value[p[i]] == v)
            s->broken = 1;
        strip(s, p[i], bit);
    }
    const uint32_t near = (bit << 1 | bit >> 1) & g->full;
    for (uint32_t k = g->orth_off[c]; k < g->orth_off[c + 1]; k++) {
        const int o = g->orth[k], w = s->value[o];
        if (w && (w == v + 1 || w + 1 == v))
            s->broken = 1;
        strip(s, o, near);
    }
}

static int init(lstate_t *s, const sf_geometry_t *g, const uint8_t *cells)
{
    memset(s, 0, sizeof *s);
    s->g = g;
    s->open = g->ncells;
    for (int c = 0; c < g->ncells; c++)
        s->cand[c] = g->full;
    for (int c = 0; c < g->ncells && !s->broken; c++) {
        if (cells[c] > g->n)
            return -1;
        if (cells[c] && !(s->cand[c] >> (cells[c] - 1) & 1))
            return -1;
        if (cells[c])
            place(s, c, cells[c]);
    }
    return s->broken ? -1 : 0;
}

/* One naked or hidden single placed: 1, else 0. */
static int single(lstate_t *s)
{
    const sf_geometry_t *g = s->g;
    for (int c = 0; c < g->ncells; c++)
        if (!s->value[c] && popcount(s->cand[c]) == 1) {
            place(s, c, __builtin_ctz(s->cand[c]) + 1);
            return 1;
        }
    for (int u = 0; u < g->nfull; u++) {
        int nc;
        const uint16_t *cell = geom_unit(g, u, &nc);
        uint32_t once = 0, more = 0, placed = 0;
        for (int i = 0; i < nc; i++) {
            const uint32_t m = s->cand[cell[i]];
            more |= once & m;
            once |= m;
            if (s->value[cell[i]])
                placed |= 1u << (s->value[cell[i]] - 1);
        }
        if ((once | placed) != g->full) {
            s->broken = 1; /* a value with no place left */
            return 0;
        }
        const uint32_t hidden = once & ~more;
        if (hidden) {
            const uint32_t bit = hidden & -hidden;
            for (int i = 0; i < nc; i++)
                if (s->cand[cell[i]] & bit) {
                    place(s, cell[i], __builtin_ctz(bit) + 1);
                    return 1;
                }
        }
    }
    return 0;
}

/* Singles until none is left; 1 when any was placed. */
static int singles(lstate_t *s)
{
    int any = 0;
    while (!s->broken && s->open && single(s))
        any = 1;
    return any;
}

/* Locked candidates: 1 when a candidate went. */
static int locked(lstate_t *s)
{
    const sf_geometry_t *g = s->g;
    for (int u = 0; u < g->nfull; u++) {
        int nc;
        const uint16_t *cell = geom_unit(g, u, &nc);
        for (int v = 0; v < g->n; v++) {
            uint64_t common[SF_MAX_CELLS / 64];
            int first = 1;
            for (int i = 0; i < nc; i++) {
                if (!(s->cand[cell[i]] >> v & 1))
                    continue;
                const uint64_t *pb = g->peer_bits +
                                     (size_t)cell[i] * (size_t)g->words;
                for (int w = 0; w < g->words; w++)
                    common[w] = first ? pb[w] : common[w] & pb[w];
                first = 0;
            }
            if (first)
                continue;
            int changed = 0;
            for (int w = 0; w < g->words; w++)
                for (uint64_t b = common[w]; b; b &= b - 1) {
                    const int c = w * 64 + __builtin_ctzll(b);
                    if (s->cand[c] >> v & 1) {
                        strip(s, c, 1u << v);
                        changed = 1;
                    }
                }
            if (changed)
                return 1;
        }
    }
    return 0;
}

/* The open cells of unit u into out; their number. */
static int open_cells(const lstate_t *s, int u, int *out)
{
    int nc, k = 0;
    const uint16_t *cell = geom_unit(s->g, u, &nc);
    for (int i = 0; i < nc; i++)
        if (!s->value[cell[i]])
            out[k++] = cell[i];
    return k;
}

/* Naked subset: size-k sets of the unit's open cells (indices idx[0..k)
 * of open[]) whose candidates number k; the other cells lose them. */
static int naked_from(lstate_t *s, const int *open, int n, int k, int start,
                      int depth, uint32_t mask, int *idx)
{
    if (popcount(mask) > k)
        return 0;
    if (depth == k) {
        int changed = 0;
        for (int i = 0; i < n; i++) {
            int in = 0;
            for (int j = 0; j < k; j++)
                in |= idx[j] == i;
            if (!in && (s->cand[open[i]] & mask)) {
                strip(s, open[i], mask);
                changed = 1;
            }
        }
        return changed;
    }
    for (int i = start; i < n; i++) {
        idx[depth] = i;
        if (naked_from(s, open, n, k, i + 1, depth + 1,
                       mask | s->cand[open[i]], idx))
            return 1;
    }
    return 0;
}

/* Hidden subset: k open values of the unit whose places number k; those
 * places lose every other value.  places[v]: the cells (bit i of open[])
 * where value v can go. */
static int hidden_from(lstate_t *s, const int *open, const uint64_t *places,
                       const int *vals, int nv, int k, int start, int depth,
                       uint64_t where, uint32_t vmask)
{
    if (__builtin_popcountll(where) > k)
        return 0;
    if (depth == k) {
        int changed = 0;
        for (uint64_t b = where; b; b &= b - 1) {
            const int c = open[__builtin_ctzll(b)];
            if (s->cand[c] & ~vmask) {
                strip(s, c, ~vmask);
                changed = 1;
            }
        }
        return changed;
    }
    for (int i = start; i < nv; i++)
        if (hidden_from(s, open, places, vals, nv, k, i + 1, depth + 1,
                        where | places[vals[i]], vmask | 1u << vals[i]))
            return 1;
    return 0;
}

/* Naked or hidden subsets of 2 to 4 in a full unit: 1 when a candidate
 * went. */
static int subsets(lstate_t *s)
{
    const sf_geometry_t *g = s->g;
    for (int k = 2; k <= 4; k++)
        for (int u = 0; u < g->nfull; u++) {
            int open[SF_MAX_N], idx[4], vals[SF_MAX_N], nv = 0;
            const int n = open_cells(s, u, open);
            if (n <= k)
                continue;
            if (naked_from(s, open, n, k, 0, 0, 0, idx))
                return 1;
            uint64_t places[SF_MAX_N] = {0};
            for (int i = 0; i < n; i++)
                for (uint32_t m = s->cand[open[i]]; m; m &= m - 1)
                    places[__builtin_ctz(m)] |= 1ull << i;
            for (int v = 0; v < g->n; v++)
                if (places[v])
                    vals[nv++] = v;
            if (hidden_from(s, open, places, vals, nv, k, 0, 0, 0, 0))
                return 1;
        }
    return 0;
}

sf_level_t sf_logic_level_geom(const sf_geometry_t *g, const uint8_t *cells)
{
    if (!cells)
        return SF_LEVEL_GUESS;
    return sf_geometry_is_classic(g) ? sf_logic_level(cells)
                                     : geo_logic_level(g, cells, NULL);
}

/* The ladder from s's state: the highest rung it needed. */
static sf_level_t climb(lstate_t *s)
{
    sf_level_t level = SF_LEVEL_SINGLES;
    for (;;) {
        singles(s);
        if (s->broken)
            return SF_LEVEL_GUESS;
        if (s->open == 0)
            return level;
        if (locked(s)) {
            if (level < SF_LEVEL_LOCKED)
                level = SF_LEVEL_LOCKED;
        } else if (subsets(s)) {
            level = SF_LEVEL_SUBSETS;
        } else {
            return SF_LEVEL_GUESS;
        }
    }
}

sf_level_t geo_logic_level(const sf_geometry_t *g, const uint8_t *cells,
                           uint8_t *grid)
{
    lstate_t s;
    const sf_level_t level = init(&s, g, cells) == 0 ? climb(&s)
                                                     : SF_LEVEL_GUESS;
    if (grid)
        memcpy(grid, s.value, (size_t)g->ncells);
    return level;
}
