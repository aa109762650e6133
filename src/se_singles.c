/*
 * se_singles.c -- the opening of the SE rating: singles, on bitboards.
 *
 * Every rating starts with singles, and most easy puzzles are nothing
 * else, so this part of the solve runs on a cheaper model than the
 * techniques' grid (se_grid_t): nine bitboards, one per digit, of the
 * cells where the digit can go, as band words (se_band.h).
 *
 * The rules are the step loop's (se.c): SE asks for a hidden single
 * first, the easiest kind found (a full house 1.0, then a box 1.2, then a
 * row or column 1.5); once the rating so far covers a kind, every single
 * of that kind or an easier one is applied at once (a single stays one
 * until its cell is filled, so the order does not matter: see
 * batch_singles in se.c).  When no hidden single is left, the grid goes
 * to the step loop, which asks the other techniques in SE's order.
 */
#include "se.h"
#include "se_band.h"

#include <string.h>

typedef struct bb {
    uint32_t p[9][3];     /* digit d can go at the cell */
    uint32_t empty[3];    /* cells not filled */
    uint8_t val[81];      /* digits 1..9 of filled cells */
    int placed;           /* placements after the givens */
} bb_t;

static void place(bb_t *b, int r, int c, int d)
{
    const int k = r / 3, i = 9 * (r % 3) + c;
    const uint32_t bit = 1u << i;
    se_band_see(b->p[d], k, i);
    for (int e = 0; e < 9; e++)
        b->p[e][k] &= ~bit;
    b->empty[k] &= ~bit;
    b->val[9 * r + c] = (uint8_t)(d + 1);
}

/* The givens; -1 when two clash or a value is above 9. */
static int start(bb_t *b, const uint8_t *cells)
{
    for (int d = 0; d < 9; d++)
        b->p[d][0] = b->p[d][1] = b->p[d][2] = BAND;
    b->empty[0] = b->empty[1] = b->empty[2] = BAND;
    memset(b->val, 0, sizeof b->val);
    b->placed = 0;
    for (int i = 0; i < 81; i++) {
        if (!cells[i])
            continue;
        const int r = i / 9, c = i % 9, d = cells[i] - 1;
        if (cells[i] > 9 || !(b->p[d][r / 3] >> (9 * (r % 3) + c) & 1))
            return -1;
        place(b, r, c, d);
    }
    return 0;
}

/* The empty cells alone in one of their regions: full houses (the
 * empty cells are a set like a digit's places). */
static void full_houses(const bb_t *b, uint32_t fh[3])
{
    uint32_t box[3], line[3];
    se_band_alone(b->empty, 1, box, line);
    for (int k = 0; k < 3; k++)
        fh[k] = box[k] | line[k];
}

/* Places every single of difficulty best (10, 12, 15) or less, over and
 * over until none is left; the cells filled. */
static int apply_singles(bb_t *b, int best)
{
    int n = 0, found;
    do {
        uint32_t fh[3];
        found = 0;
        full_houses(b, fh);
        for (int d = 0; d < 9; d++) {
            uint32_t box[3], line[3], *p = b->p[d];
            int again;
            do { /* a digit placed mostly makes more singles of itself */
                again = 0;
                se_band_alone(p, best >= 15, box, line);
                for (int k = 0; k < 3; k++) {
                    uint32_t take = fh[k] & p[k];
                    take |= best >= 12 ? box[k] | line[k] : 0;
                    for (; take; take &= take - 1) {
                        const int i = __builtin_ctz(take);
                        if (p[k] >> i & 1) { /* not taken meanwhile */
                            place(b, 3 * k + i / 9, i % 9, d);
                            again++;
                        }
                    }
                }
                found += again;
            } while (again);
        }
        n += found;
    } while (found);
    return n;
}

/* The easiest kind of hidden single on the grid, 0 if none. */
static int easiest(const bb_t *b)
{
    uint32_t fh[3], box[3], line[3], any_box = 0, any_line = 0;
    full_houses(b, fh);
    for (int d = 0; d < 9; d++) {
        const uint32_t *p = b->p[d];
        if ((fh[0] & p[0]) | (fh[1] & p[1]) | (fh[2] & p[2]))
            return 10;
        se_band_alone(p, !any_box, box, line);
        any_box |= box[0] | box[1] | box[2];
        any_line |= line[0] | line[1] | line[2];
    }
    return any_box ? 12 : any_line ? 15 : 0;
}

/* Whether an empty cell has no digit left. */
static int dead_end(const bb_t *b)
{
    for (int k = 0; k < 3; k++) {
        uint32_t any = 0;
        for (int d = 0; d < 9; d++)
            any |= b->p[d][k];
        if (b->empty[k] & ~any)
            return 1;
    }
    return 0;
}

/* The techniques' grid of the position reached. */
static void to_grid(const bb_t *b, se_grid_t *g)
{
    memset(g, 0, sizeof *g);
    g->t = tables_get();
    memcpy(g->val, b->val, sizeof g->val);
    for (int d = 0; d < 9; d++)
        for (int k = 0; k < 3; k++)
            for (uint32_t m = b->p[d][k] & b->empty[k]; m; m &= m - 1) {
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
        if (!(b.empty[0] | b.empty[1] | b.empty[2]))
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
