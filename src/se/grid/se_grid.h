/*
 * se_grid.h -- the model of the Sudoku Explainer (SE) rating engine: the
 * grid of candidates, a hint (one step: what it removes and places), the
 * clock of a rating, and the sink that takes a technique's hints one by
 * one in "all" mode.  Everything in the engine works on these: the
 * techniques (se_steps.h, se_chains.h) above them, the step loop
 * (se_rate.c) above those.
 *
 * The SE scale rates a puzzle by the hardest step of one particular logical
 * solve: at every step the techniques are asked in a fixed order (roughly
 * increasing difficulty), the first one that finds anything provides the
 * step, that step is applied (eliminations, and a placement for the direct
 * techniques) and the search starts again from the top.  The rating is the
 * highest difficulty of any step.  Exact agreement with SE needs more than
 * the difficulty values: the order in which each technique scans the
 * regions decides which instance is applied, and so the path the solve
 * takes; each technique file documents its scan order.
 *
 * The grid keeps the candidates of each empty cell as a 9-bit mask (bit d
 * for digit d + 1) and the digit of each filled cell.  Regions are numbered
 * as in tables.h (rows 0..8, columns 9..17, boxes 18..26); within a region
 * the cells are in tables' unit_cells order, which is SE's order too (a row
 * left to right, a column top down, a box row by row).
 *
 * Difficulties are kept in tenths (23 for 2.3) so that sums of SE's
 * increments are exact.
 */
#ifndef SF_SE_GRID_H
#define SF_SE_GRID_H

#include <stddef.h>
#include <stdint.h>

#include "sudoflow.h"
#include "core/tables.h"

#define SE_ALL 0x1ffu

/* Region kinds in the orders SE scans them. */
enum { SE_ROW = 0, SE_COL = 1, SE_BOX = 2 };

typedef struct se_grid {
    uint16_t cand[81];          /* candidates of an empty cell; 0 once filled */
    uint8_t val[81];            /* digit 1..9 of a filled cell, 0 if empty */
    uint16_t pos[27][9];        /* per region and digit: indexes (in region
                                 * order) of the cells allowing it */
    uint8_t empty[27];          /* empty cells per region */
    uint8_t placed[9];          /* filled cells per digit */
    uint32_t changed_units;     /* regions (bit u) and digits (bit d) that */
    uint32_t changed_digits;    /* lost a candidate (se_unpos); the rating
                                 * clears them as it uses them */
    const grid_tables_t *t;     /* geometry */
} se_grid_t;

/* se_load9 (se_vec.h) reads a region's places as sixteen lanes: the last
 * region's are followed by at least seven more within the grid. */
_Static_assert(offsetof(se_grid_t, pos) + sizeof(uint16_t) * (27 * 9 + 7) <=
                   sizeof(se_grid_t),
               "se_grid_t.pos must not end the struct");

/* One step: what it removes and places, and what it is. */
typedef struct se_hint {
    int diff;                   /* difficulty in tenths */
    double exact;               /* SE's double for it: diff / 10.0 but for
                                 * chains, whose base + 0.1 + 0.1... can
                                 * fall an ulp short (6.6 + 0.1 < 6.7);
                                 * SE orders and picks the hardest step by
                                 * it */
    int tech;                   /* SF_SE_STEP_* of the technique */
    int variant;                /* what SE's name adds (sf_se_label) */
    int cell, digit;            /* a placement (digit 0..8), cell -1: none */
    uint16_t elim[81];          /* candidates removed, per cell */
    int nelim;                  /* cells with a nonzero elim */
} se_hint_t;

/* Deadline checks: nonzero once the budget of the current rating is spent.
 * Techniques with long searches call it now and then and give up (report
 * nothing) when it says so; the driver then reports an "over" result. */
typedef struct se_clock {
    double deadline;            /* monotonic seconds; 0: none */
    int ceiling;                /* tenths: stop as soon as the rating is
                                 * known to be above it; 0: none */
    int over;                   /* the deadline has passed */
    int pool_room;              /* room for the parents of nested "off"
                                 * potentials per search (0: all of it,
                                 * POOL; tests make it small) */
    int room_floor;             /* a search ran out of room: the base
                                 * difficulty of its technique, which
                                 * SE's rating is at least (0: none) */
} se_clock_t;
int se_clock_over(se_clock_t *c);

/* ------------------------------------------------------------ the grid */

/* Recompute pos[], empty[] and placed[] from cand[] and val[]. */
void se_grid_index(se_grid_t *g);

/* The grid of a puzzle as Sudoku Explainer starts it: the givens placed,
 * every other cell's candidates the digits none of its units holds, the
 * index built.  -1 when a value is above 9 or two givens clash. */
int se_grid_load(se_grid_t *g, const uint8_t *cells);

/* The cell at index i of region u. */
static inline int se_cell(const se_grid_t *g, int u, int i)
{
    return g->t->unit_cells[u][i];
}

static inline int se_popcount(unsigned m) { return __builtin_popcount(m); }
static inline int se_lowest(unsigned m) { return __builtin_ctz(m); }

/* The next larger mask with as many bits as t (Gosper's hack): tuples of
 * k members come in increasing order of their masks, as in SE. */
static inline unsigned se_next_tuple(unsigned t)
{
    const unsigned low = t & -t, ripple = t + low;
    return ripple | (((t ^ ripple) >> 2) / low);
}

/* The bits of s placed on the set bits of ok, lowest first: an order-
 * keeping map from subsets of popcount(ok) items to subsets of ok (so
 * the k-subsets of ok come in increasing order of their masks when s runs
 * through the k-subsets of popcount(ok) bits with se_next_tuple). */
static inline unsigned se_spread(unsigned s, unsigned ok)
{
#ifdef __BMI2__
    return __builtin_ia32_pdep_si(s, ok);
#else
    unsigned r = 0;
    for (; s; s >>= 1, ok &= ok - 1)
        if (s & 1)
            r |= ok & -ok;
    return r;
#endif
}

/* Whether cells a and b (a != b) share a region. */
static inline int se_sees(const se_grid_t *g, int a, int b)
{
    return a != b && cellset_has(g->t->peer_set[a], (unsigned)b);
}

/* Region k of a cell in SE's order of region kinds for chains: its box
 * (k 0), row (1), column (2). */
static inline int se_kind_unit(const se_grid_t *g, int k, int cell)
{
    return k == 0 ? TAB_BOX_UNIT(g->t->box[cell])
           : k == 1 ? TAB_ROW_UNIT(g->t->row[cell])
                    : TAB_COL_UNIT(g->t->col[cell]);
}

/* The other place of digit d in region u when u has exactly two and one
 * is cell (an X-link from cell); -1 otherwise. */
static inline int se_other_place(const se_grid_t *g, int u, int d, int cell)
{
    unsigned m = g->pos[u][d];
    if (__builtin_popcount(m) != 2)
        return -1;
    int c = g->t->unit_cells[u][__builtin_ctz(m)];
    if (c == cell) {
        m &= m - 1;
        c = g->t->unit_cells[u][__builtin_ctz(m)];
    }
    return c;
}

/* Clear digit d of cell c from the position masks of c's regions, and
 * record them and d as changed. */
void se_unpos(se_grid_t *g, int c, int d);

/* The same without the record: for a copy whose changes nobody reads (a
 * chain search's working grid). */
static inline void se_unpos_quiet(se_grid_t *g, int c, int d)
{
    const grid_tables_t *t = g->t;
    g->pos[TAB_ROW_UNIT(t->row[c])][d] &= (uint16_t)~(1u << t->col[c]);
    g->pos[TAB_COL_UNIT(t->col[c])][d] &= (uint16_t)~(1u << t->row[c]);
    g->pos[TAB_BOX_UNIT(t->box[c])][d] &= (uint16_t)~(1u << t->box_pos[c]);
}

/* A cell's regions in SE's order for chains (se_kind_unit's): its box,
 * row and column. */
static inline void se_kind_units(const se_grid_t *g, int cell, int units[3])
{
    const uint8_t *u = g->t->units[cell];
    units[0] = u[2];
    units[1] = u[0];
    units[2] = u[1];
}

/* Place digit d in empty cell c, clearing it from the peers, keeping
 * pos[], empty[] and placed[] up to date. */
void se_place(se_grid_t *g, int c, int d);

/* Apply hint h: its eliminations, then its placement, keeping the index
 * up to date.  -1 when a cell is left without candidates. */
int se_apply(se_grid_t *g, const se_hint_t *h);

/* SE's order of a cell's peers (its box row by row, then the rest of its
 * row, then of its column) is the tables' house[cell]. */

/* Hint helpers. */
void se_hint_clear(se_hint_t *h, int tech, int diff);
static inline void se_hint_elim(se_hint_t *h, int cell, unsigned bits)
{
    if (!bits)
        return;
    if (!h->elim[cell])
        h->nelim++;
    h->elim[cell] = (uint16_t)(h->elim[cell] | bits);
}

/* "All" mode of some techniques, for the nested chains (se_forcing.c):
 * every instance that makes progress is passed to emit, which returns
 * nonzero to stop the scan.  Before each call the scan sets need[] to the
 * candidates the instance rests on being gone (per cell; SE's "rule
 * parents" are those of them the chain removed). */
typedef struct se_sink {
    int (*emit)(struct se_sink *s, const se_hint_t *h);
    uint16_t need[81];
    int complexity;     /* a chain's (its nodes), 0 for other techniques */
    uint64_t sig;       /* a chain's identity (its potentials), 0: none */
} se_sink_t;

static inline void se_sink_need_clear(se_sink_t *s)
{
    for (int c = 0; c < 81; c++)
        s->need[c] = 0;
}

#endif
