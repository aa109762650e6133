/*
 * se_singles.c -- the opening of the SE rating: singles, on bitboards.
 *
 * Every rating starts with singles, and most easy puzzles are nothing
 * else, so this part of the solve runs on a cheaper model than the
 * techniques' grid (se_grid_t): nine bitboards, one per digit, of the
 * cells where the digit can go, as band words (se_band.h), held in
 * vectors so that one pass finds the singles of all digits at once (GCC
 * and Clang vector extensions: AVX2 with -march=native, SSE otherwise).
 *
 * The rules are the step loop's (se_rate.c): SE asks for a hidden single
 * first, the easiest kind found (a full house 1.0, then a box 1.2, then a
 * row or column 1.5); once the rating so far covers a kind, every single
 * of that kind or an easier one is applied at once (a single stays one
 * until its cell is filled, so the order does not matter: see
 * batch_singles in se_rate.c).  When no hidden single is left, the grid goes
 * to the step loop, which asks the other techniques in SE's order.
 */
#include "se_steps.h"
#include "se/grid/se_band.h"
#include "se/grid/se_vec.h"

#include <string.h>

/* The places of the digits and the empty cells as band words, in vectors
 * so that the search for singles handles them all at once: lane d of
 * lo[k] is band k of digit d < 8, lane k of hi band k of digit 8 and
 * lane 3 + k band k of the empty cells (whose cells alone in a region
 * are the full houses).  Columns fold lane by lane over lo[0..2]. */
typedef union {
    struct {
        v8u lo[3];
        v8u hi;
    } v;
    struct {
        uint32_t lo[3][8];
        uint32_t hi[8];
    } w;
} lanes_t;

typedef struct bb {
    lanes_t p;
    uint8_t val[81];      /* digits 1..9 of filled cells */
} bb_t;

/* Band k of digit d's places. */
static inline uint32_t *places(lanes_t *p, int d, int k)
{
    return d < 8 ? &p->w.lo[k][d] : &p->w.hi[k];
}

static inline uint32_t *empties(lanes_t *p, int k)
{
    return &p->w.hi[3 + k];
}

static inline void place(bb_t *b, int k, int i, int d)
{
    const int r = i / 9, c = i - 9 * r;
    const uint32_t col = ~(COL3 << c);
    uint32_t *p0 = places(&b->p, d, 0);
    const int stride = d < 8 ? 8 : 1;
    p0[0] &= col;
    p0[stride] &= col;
    p0[2 * stride] &= col;
    p0[k * stride] &= ~(ROW9 << 9 * r | BOX3 << 3 * (c / 3));
    const uint32_t keep = ~(1u << i);
    b->p.v.lo[k] &= SPLAT8(keep);
    b->p.w.hi[k] &= keep;
    b->p.w.hi[3 + k] &= keep;
    b->val[27 * k + i] = (uint8_t)(d + 1);
}

/* The givens; -1 when two clash or a value is above 9. */
static int start(bb_t *b, const uint8_t *cells)
{
    uint32_t seen[9][3] = {{0}}, filled[3] = {0, 0, 0};
    memcpy(b->val, cells, 81);
    for (int k = 0; k < 3; k++) {
        uint32_t given = 0; /* found without a branch per cell */
        for (int i = 0; i < 27; i++)
            given |= (uint32_t)(cells[27 * k + i] != 0) << i;
        for (; given; given &= given - 1) {
            const int i = __builtin_ctz(given), v = cells[27 * k + i];
            const int r = i / 9, c = i - 9 * r;
            if (v > 9 || seen[v - 1][k] >> i & 1)
                return -1;
            uint32_t *s = seen[v - 1];
            s[0] |= COL3 << c;
            s[1] |= COL3 << c;
            s[2] |= COL3 << c;
            s[k] |= ROW9 << 9 * r | BOX3 << 3 * (c / 3);
            filled[k] |= 1u << i;
        }
    }
    b->p.v.hi = SPLAT8(0);
    for (int k = 0; k < 3; k++) {
        const uint32_t open = BAND & ~filled[k];
        for (int d = 0; d < 9; d++)
            *places(&b->p, d, k) = open & ~seen[d][k];
        *empties(&b->p, k) = open;
    }
    return 0;
}

/* x where it is a single cell, 0 elsewhere, lane by lane. */
#define ONE_CELL(x) ((x) & (v8u)(((x) & ((x) - 1)) == 0))

/* Every lane's cells alone in their box (box), and in their row or
 * column (line; for the digits with lines, for the full houses with fh):
 * the singles of every digit and the full houses. */
static void alone(const lanes_t *p, int lines, int fh, lanes_t *box,
                  lanes_t *line)
{
    v8u once = SPLAT8(0), twice = SPLAT8(0);
    for (int k = 0; k < 3; k++) {
        const v8u a = p->v.lo[k];
        v8u bx = SPLAT8(0), ln = SPLAT8(0);
        for (int j = 0; j < 3; j++) {
            const v8u ab = a & SPLAT8(BOX3 << 3 * j);
            bx |= ONE_CELL(ab);
            if (lines) {
                const v8u ar = a & SPLAT8(ROW9 << 9 * j);
                const v8u ax = a >> 9 * j & SPLAT8(ROW9);
                ln |= ONE_CELL(ar);
                twice |= once & ax;
                once |= ax;
            }
        }
        box->v.lo[k] = bx;
        line->v.lo[k] = ln;
    }
    const v8u cols = once & ~twice;
    const v8u spread = cols | cols << 9 | cols << 18;
    for (int k = 0; lines && k < 3; k++)
        line->v.lo[k] |= p->v.lo[k] & spread;
    const v8u h = p->v.hi;
    v8u bx = SPLAT8(0), ln = SPLAT8(0);
    for (int j = 0; j < 3; j++) {
        const v8u hb = h & SPLAT8(BOX3 << 3 * j);
        const v8u hr = h & SPLAT8(ROW9 << 9 * j);
        bx |= ONE_CELL(hb);
        ln |= ONE_CELL(hr);
    }
    box->v.hi = bx;
    line->v.hi = ln;
    if (lines)
        se_band_columns(p->w.hi, line->w.hi);
    if (fh)
        se_band_columns(p->w.hi + 3, line->w.hi + 3);
}

/* The digit still allowed at bit i of band k, -1 if none. */
static int only_digit(lanes_t *p, int k, int i)
{
    for (int d = 0; d < 9; d++)
        if (*places(p, d, k) >> i & 1)
            return d;
    return -1;
}

/* Places the cells of take for digit d (-1: full houses, each cell's
 * last digit) that are still open; the count. */
static int place_all(bb_t *b, int k, uint32_t take, int d)
{
    int n = 0;
    for (; take; take &= take - 1) {
        const int i = __builtin_ctz(take);
        const int e = d >= 0 ? d : only_digit(&b->p, k, i);
        if (e >= 0 && *places(&b->p, e, k) >> i & 1) {
            place(b, k, i, e);
            n++;
        }
    }
    return n;
}

/* Places every single of difficulty best (10, 12, 15) or less, over and
 * over until none is left; the cells filled.  Each pass finds the
 * singles of the position it starts from and places those still open
 * (a single stays one until its cell is filled). */
static int apply_singles(bb_t *b, int best)
{
    int n = 0, found;
    do {
        lanes_t box, line;
        alone(&b->p, best >= 15, best < 15, &box, &line);
        /* what to place, as one mask (a branch per band and digit would
         * be unpredictable): bit 8k+d digit d < 8 in band k, 24+k digit 8,
         * 27+k the full houses */
        v8u lo[3];
        uint32_t hi[3], fh[3], todo = 0;
        for (int k = 0; k < 3; k++) {
            lo[k] = best >= 12 ? box.v.lo[k] | line.v.lo[k] : SPLAT8(0);
            hi[k] = best < 12 ? 0
                    : box.w.hi[k] | (best >= 15 ? line.w.hi[k] : 0);
            fh[k] = best < 15 ? box.w.hi[3 + k] | line.w.hi[3 + k] : 0;
            todo |= se_lanes8(lo[k]) << 8 * k | (uint32_t)(hi[k] != 0)
                    << (24 + k) | (uint32_t)(fh[k] != 0) << (27 + k);
        }
        found = 0;
        for (; todo; todo &= todo - 1) {
            const int j = __builtin_ctz(todo);
            if (j < 24)
                found += place_all(b, j >> 3, lo[j >> 3][j & 7], j & 7);
            else if (j < 27)
                found += place_all(b, j - 24, hi[j - 24], 8);
            else
                found += place_all(b, j - 27, fh[j - 27], -1);
        }
        n += found;
    } while (found);
    return n;
}

/* The easiest kind of hidden single on the grid, 0 if none. */
static int easiest(bb_t *b)
{
    lanes_t box, line;
    alone(&b->p, 1, 1, &box, &line);
    for (int k = 0; k < 3; k++) {
        const uint32_t fh = box.w.hi[3 + k] | line.w.hi[3 + k];
        for (uint32_t m = fh; m; m &= m - 1)
            if (only_digit(&b->p, k, __builtin_ctz(m)) >= 0)
                return 10;
    }
    uint32_t any_box = 0, any_line = 0;
    for (int k = 0; k < 3; k++)
        for (int d = 0; d < 9; d++) {
            any_box |= *places(&box, d, k);
            any_line |= *places(&line, d, k);
        }
    return any_box ? 12 : any_line ? 15 : 0;
}

/* Whether an empty cell has no digit left. */
static int dead_end(bb_t *b)
{
    for (int k = 0; k < 3; k++) {
        uint32_t any = 0;
        for (int d = 0; d < 9; d++)
            any |= *places(&b->p, d, k);
        if (*empties(&b->p, k) & ~any)
            return 1;
    }
    return 0;
}

/* The techniques' grid of the position reached. */
static void to_grid(bb_t *b, se_grid_t *g)
{
    memset(g, 0, sizeof *g);
    g->t = tables_get();
    memcpy(g->val, b->val, sizeof g->val);
    for (int d = 0; d < 9; d++)
        for (int k = 0; k < 3; k++)
            for (uint32_t m = *places(&b->p, d, k) & *empties(&b->p, k); m;
                 m &= m - 1) {
                const int i = __builtin_ctz(m);
                g->cand[27 * k + i] = (uint16_t)(g->cand[27 * k + i] | 1u << d);
            }
}

static int kind_step(int kind)
{
    return kind == 10 ? SF_SE_STEP_FULL_HOUSE
           : kind == 12 ? SF_SE_STEP_HIDDEN_SINGLE_BOX
                        : SF_SE_STEP_HIDDEN_SINGLE_LINE;
}

int se_singles(const uint8_t *cells, int ceiling, se_grid_t *g,
               se_opening_t *o)
{
    bb_t b;
    o->best = 0;
    o->step = SF_SE_STEP_NONE;
    o->steps = 0;
    if (start(&b, cells) < 0)
        return SE_OPEN_INVALID;
    for (;;) {
        if (o->best)
            o->steps += apply_singles(&b, o->best);
        if (!(*empties(&b.p, 0) | *empties(&b.p, 1) | *empties(&b.p, 2)))
            return SE_OPEN_SOLVED;
        const int kind = easiest(&b);
        if (!kind || dead_end(&b))
            break;
        o->best = kind; /* above the rating so far, or it would be gone */
        if (ceiling && kind > ceiling)
            return SE_OPEN_OVER;
        o->step = kind_step(kind);
    }
    to_grid(&b, g);
    return SE_OPEN_STUCK;
}
