/*
 * lanes.c -- naked and hidden singles on many puzzles at once.
 *
 * Model.  Cell c of 32 puzzles is one vector of 32 16-bit lanes, lane
 * l holding puzzle l's candidates there (bit d - 1 for digit d).  A round
 * works on all of them with the same operations:
 *   1. the placed cells (one candidate) of each unit are OR-ed together,
 *      and every cell drops what its three units placed elsewhere (naked
 *      singles);
 *   2. each unit counts its candidates once and twice over its nine cells;
 *      a digit seen once has its only place there, which keeps just that
 *      digit (hidden singles).
 * Rounds go on while some lane changes.  A lane that stops changing is
 * done: its puzzle goes out, and the next puzzle comes into the lane, so
 * an easy puzzle does not wait for the hardest of its 32 neighbours.
 *
 * Both rules only remove digits that no solution can have there, so a
 * lane whose cells all end with one candidate, with no digit twice in a
 * unit, holds the puzzle's only solution.  A lane that stops short of
 * that gives back its closure: the placed cells as givens, which have the
 * same solutions, for a kernel to search from.  A contradiction (a digit
 * placed twice in a unit, a digit with no place in a unit, a cell with no
 * candidate) means the puzzle has none; the caller then solves the puzzle
 * as it was, so that a kernel sees exactly what it would have seen
 * without the lanes.
 *
 * On sets where singles rarely finish a puzzle the rounds are pure cost
 * (about a tenth of a search kernel's time on such puzzles), so the state
 * keeps the share the lanes solved over the last WINDOW puzzles; below
 * 1 in PAYS_EVERY, the next SKIP puzzles bypass the lanes before they try
 * again.  The results are the same either way; only the time changes.
 *
 * Other geometries of at most 64 cells (lanes_singles_geom) work the same
 * way from the geometry's lists: a cell drops the values its peers have
 * placed (units and, for anti-knight and anti-king, the cells a move
 * away), and each full unit gives its hidden singles.  A placed value
 * that a peer has placed too, or a full unit missing a value, is a
 * contradiction.  Non-consecutive is a rule between values, not a peer
 * relation; its geometries stay with their kernel.
 *
 * The vectors use the compiler's generic vector extension, one register
 * wide: 32 lanes with AVX-512 (the 32 above), 16 with AVX2, 8 with SSE2
 * or elsewhere.  The state is the caller's block; the classic unit
 * tables are arithmetic the compiler folds.
 */
#include <stddef.h>
#include <string.h>

#include "core/geometry.h"
#include "lanes.h"

/* One register of lanes: 32 with AVX-512, 16 with AVX2, else 8 (a
 * vector wider than the machine's registers is compiled piecewise
 * through memory, slower than no lanes at all). */
#if defined(__AVX512BW__)
#define LANES 32
#elif defined(__AVX2__)
#define LANES 16
#else
#define LANES 8
#endif
#define EVERY_LANE (LANES == 32 ? ~0u : (1u << LANES) - 1)
#define ALL 0x1ffu
#define WINDOW 256     /* puzzles a verdict on the lanes looks back on */
#define PAYS_EVERY 8   /* they pay when they solve 1 in this many */
#define SKIP 4096      /* puzzles bypassing them after they did not */

typedef uint16_t vec_t __attribute__((vector_size(2 * LANES)));

typedef struct lanes_state {
    union {
        vec_t v[81];                 /* candidates, cell by cell */
        uint16_t lane[81][LANES];    /* the same, lane by lane */
    } cand;
    union {
        vec_t v;                     /* nonzero in a lane that met a */
        uint16_t lane[LANES];        /*   contradiction */
    } bad;
    const uint8_t *from[LANES];      /* the puzzle in each lane, or NULL */
    size_t index[LANES];             /* its index */
    uint16_t full;                   /* every value */
    uint16_t bits[17];               /* a cell's candidates from its value
                                      *   (0: every value) */
    /* Kept from call to call: */
    uint32_t tried, solved;          /* puzzles through the lanes, and
                                      *   solved there, in this window */
    uint32_t skip;                   /* puzzles still to bypass them */
} lanes_state_t;

size_t lanes_state_size(void)
{
    return sizeof(lanes_state_t);
}

/* Cell k (0..8) of unit u: rows 0..8, columns 9..17, boxes 18..26. */
static inline unsigned unit_cell(unsigned u, unsigned k)
{
    if (u < 9)
        return 9 * u + k;
    if (u < 18)
        return 9 * k + (u - 9);
    const unsigned b = u - 18;
    return 27 * (b / 3) + 3 * (b % 3) + 9 * (k / 3) + k % 3;
}

/* Lanes where *v is nonzero, as bits.  (Vectors go by pointer between
 * functions: a 64-byte vector argument has no fixed ABI without
 * AVX-512.) */
static inline uint32_t lanes_set(const vec_t *v)
{
    const vec_t nz = (vec_t)(*v != 0);
    uint32_t m = 0;
    for (unsigned l = 0; l < LANES; l++)
        m |= (uint32_t)(nz[l] & 1u) << l;
    return m;
}

/* Naked singles: every cell loses the digits placed elsewhere in its
 * units.  placed[] receives each unit's placed digits. */
static inline void naked(lanes_state_t *st, vec_t placed[27], vec_t *moved)
{
    vec_t single[81], changed = {0};
    for (unsigned c = 0; c < 81; c++) {
        const vec_t x = st->cand.v[c];
        single[c] = x & (vec_t)((x & (x - 1)) == 0);
    }
    for (unsigned u = 0; u < 27; u++) {
        vec_t p = single[unit_cell(u, 0)];
        for (unsigned k = 1; k < 9; k++)
            p |= single[unit_cell(u, k)];
        placed[u] = p;
    }
    for (unsigned c = 0; c < 81; c++) {
        const vec_t seen = placed[c / 9] | placed[9 + c % 9] |
                           placed[18 + c / 27 * 3 + c % 9 / 3];
        const vec_t x = st->cand.v[c];
        const vec_t y = x & (~seen | single[c]);
        changed |= x ^ y;
        st->cand.v[c] = y;
    }
    *moved |= changed;
}

/* Hidden singles: a digit seen in one cell of a unit keeps that cell to
 * it.  Also marks contradictions: a digit with no place in a unit, or
 * placed (placed[], from before) in two of its cells. */
static inline void hidden(lanes_state_t *st, const vec_t placed[27],
                          vec_t *moved)
{
    vec_t changed = {0}, bad = st->bad.v;
    for (unsigned u = 0; u < 27; u++) {
        vec_t once = st->cand.v[unit_cell(u, 0)], twice = {0};
        for (unsigned k = 1; k < 9; k++) {
            const vec_t x = st->cand.v[unit_cell(u, k)];
            twice |= once & x;
            once |= x;
        }
        bad |= (placed[u] & twice) | (once ^ (uint16_t)ALL);
        const vec_t only = once & ~twice;
        for (unsigned k = 0; k < 9; k++) {
            const vec_t x = st->cand.v[unit_cell(u, k)];
            const vec_t none = (vec_t)((x & only) == 0);
            const vec_t y = x & (only | none);
            changed |= x ^ y;
            st->cand.v[unit_cell(u, k)] = y;
        }
    }
    st->bad.v = bad;
    *moved |= changed;
}

/* One round of classic 9x9; the lanes that changed, as bits. */
static uint32_t round_classic(lanes_state_t *st, const sf_geometry_t *g)
{
    (void)g;
    vec_t placed[27], moved = {0};
    naked(st, placed, &moved);
    hidden(st, placed, &moved);
    return lanes_set(&moved);
}

/* Naked singles of another geometry, from its peer lists; marks a value
 * placed where a peer has placed it too. */
static void naked_geom(lanes_state_t *st, const sf_geometry_t *g,
                       vec_t *moved)
{
    vec_t single[64], changed = {0}, bad = st->bad.v;
    for (int c = 0; c < g->ncells; c++) {
        const vec_t x = st->cand.v[c];
        single[c] = x & (vec_t)((x & (x - 1)) == 0);
    }
    for (int c = 0; c < g->ncells; c++) {
        int np;
        const uint16_t *peer = geom_peers(g, c, &np);
        vec_t seen = {0};
        for (int k = 0; k < np; k++)
            seen |= single[peer[k]];
        const vec_t x = st->cand.v[c];
        const vec_t y = x & (~seen | single[c]);
        bad |= single[c] & seen;
        changed |= x ^ y;
        st->cand.v[c] = y;
    }
    st->bad.v = bad;
    *moved |= changed;
}

/* Hidden singles in the full units of another geometry; marks a unit
 * with no place left for a value. */
static void hidden_geom(lanes_state_t *st, const sf_geometry_t *g,
                        vec_t *moved)
{
    vec_t changed = {0}, bad = st->bad.v;
    for (int u = 0; u < g->nfull; u++) {
        int nu;
        const uint16_t *cell = geom_unit(g, u, &nu);
        vec_t once = {0}, twice = {0};
        for (int k = 0; k < nu; k++) {
            const vec_t x = st->cand.v[cell[k]];
            twice |= once & x;
            once |= x;
        }
        bad |= once ^ st->full;
        const vec_t only = once & ~twice;
        for (int k = 0; k < nu; k++) {
            const vec_t x = st->cand.v[cell[k]];
            const vec_t none = (vec_t)((x & only) == 0);
            const vec_t y = x & (only | none);
            changed |= x ^ y;
            st->cand.v[cell[k]] = y;
        }
    }
    st->bad.v = bad;
    *moved |= changed;
}

static uint32_t round_geom(lanes_state_t *st, const sf_geometry_t *g)
{
    vec_t moved = {0};
    naked_geom(st, g, &moved);
    hidden_geom(st, g, &moved);
    return lanes_set(&moved);
}

int lanes_fit(const sf_geometry_t *g)
{
    return g && !g->classic && g->ncells <= 64 && g->n <= 16 &&
           !(g->variants & SF_VARIANT_NONCONSECUTIVE);
}

/* The functions below take the cell count nc as an argument and are
 * inlined, so that classic 9x9 gets its own copy with 81 a constant. */
#define INLINE static inline __attribute__((always_inline))

/* Puzzle i into lane l. */
INLINE void load(lanes_state_t *st, unsigned l, const uint8_t *cells,
                 size_t i, int nc)
{
    for (int c = 0; c < nc; c++)
        st->cand.lane[c][l] = st->bits[cells[c]];
    st->bad.lane[l] = 0;
    st->from[l] = cells;
    st->index[l] = i;
}

/* Lane l's puzzle out: its closure and verdict, which it returns. */
INLINE unsigned unload(const lanes_state_t *st, unsigned l, uint8_t *closure,
                       uint8_t *verdict, int nc)
{
    uint8_t *out = closure + (size_t)nc * st->index[l];
    unsigned empty = 0, open = 0;
    for (int c = 0; c < nc; c++) {
        const unsigned x = st->cand.lane[c][l];
        const unsigned one = x != 0 && (x & (x - 1)) == 0;
        empty |= x == 0;
        open |= !one;
        out[c] = one ? (uint8_t)(1 + __builtin_ctz(x)) : 0;
    }
    if (empty || st->bad.lane[l]) {
        return verdict[st->index[l]] = LANES_ASIS;
    }
    return verdict[st->index[l]] = open ? LANES_OPEN : LANES_SOLVED;
}

/* 1 when this call should skip the lanes (see the top). */
static int skipping(lanes_state_t *st, size_t n)
{
    if (st->skip > 0) {
        st->skip = n < st->skip ? st->skip - (uint32_t)n : 0;
        return 1;
    }
    if (st->tried >= WINDOW) {
        if (st->solved * PAYS_EVERY < st->tried)
            st->skip = SKIP;
        st->tried = st->solved = 0;
    }
    return 0;
}

/* The rounds over puzzles cells[0..n-1] (see lanes_singles). */
INLINE void run(lanes_state_t *st, const sf_geometry_t *g,
                uint32_t (*round)(lanes_state_t *, const sf_geometry_t *),
                const uint8_t *const *cells, size_t n, uint8_t *closure,
                uint8_t *verdict, int nc)
{
    if (skipping(st, n)) {
        memset(verdict, LANES_ASIS, n);
        return;
    }
    memset(st, 0, offsetof(lanes_state_t, full));
    st->full = (uint16_t)(g ? g->full : ALL);
    st->bits[0] = st->full;
    for (int v = 1; v <= 16; v++)
        st->bits[v] = (uint16_t)(1u << (v - 1));
    size_t next = 0, left = n;
    uint32_t idle = EVERY_LANE;
    while (left > 0) {
        for (; idle && next < n; idle &= idle - 1, next++)
            load(st, (unsigned)__builtin_ctz(idle), cells[next], next, nc);
        const uint32_t stopped =
            (~round(st, g) | lanes_set(&st->bad.v)) & EVERY_LANE;
        for (uint32_t m = stopped; m; m &= m - 1) {
            const unsigned l = (unsigned)__builtin_ctz(m);
            if (st->from[l] == NULL)
                continue;
            st->solved +=
                unload(st, l, closure, verdict, nc) == LANES_SOLVED;
            st->from[l] = NULL;
            idle |= 1u << l;
            left--;
        }
    }
    st->tried += (uint32_t)n;
}

void lanes_singles(void *state, const uint8_t *const *cells, size_t n,
                   uint8_t *closure, uint8_t *verdict)
{
    run(state, NULL, round_classic, cells, n, closure, verdict, 81);
}

void lanes_singles_geom(void *state, const sf_geometry_t *g,
                        const uint8_t *const *cells, size_t n,
                        uint8_t *closure, uint8_t *verdict)
{
    run(state, g, round_geom, cells, n, closure, verdict, g->ncells);
}
