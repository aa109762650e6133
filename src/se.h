/*
 * se.h -- the Sudoku Explainer (SE) rating engine, internal interface.
 *
 * The SE scale rates a puzzle by the hardest step of one particular logical
 * solve: at every step the techniques are asked in a fixed order (the order
 * of the se_tech_t families below, which is roughly increasing difficulty),
 * the first one that finds anything provides the step, that step is applied
 * (eliminations, and a placement for the direct techniques) and the search
 * starts again from the top.  The rating is the highest difficulty of any
 * step.  Exact agreement with SE needs more than the difficulty values: the
 * order in which each technique scans the regions decides which instance is
 * applied, and so the path the solve takes; each technique file documents
 * its scan order.
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
#ifndef SF_SE_H
#define SF_SE_H

#include <stddef.h>
#include <stdint.h>

#include "sudoflow.h"
#include "tables.h"

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
    int cell, digit;            /* a placement (digit 0..8), cell -1: none */
    uint16_t elim[81];          /* candidates removed, per cell */
    int nelim;                  /* cells with a nonzero elim */
} se_hint_t;

/* The chain search's scratch memory (see se_chains.c); NULL-safe.  It
 * can serve one rating after another, keeping what it holds allocated
 * (the forcing chains' memory too): se_work_reset marks it as left from
 * another rating (cheap: most ratings never use it), and se_work_ready,
 * before its first use in a rating, then clears that rating's state. */
typedef struct se_work se_work_t;
se_work_t *se_work_new(void);
void se_work_free(se_work_t *w);
void se_work_reset(se_work_t *w);
void se_work_ready(se_work_t *w);

/* Deadline checks: nonzero once the budget of the current rating is spent.
 * Techniques with long searches call it now and then and give up (report
 * nothing) when it says so; the driver then reports an "over" result. */
typedef struct se_clock {
    double deadline;            /* monotonic seconds; 0: none */
    int ceiling;                /* tenths: stop as soon as the rating is
                                 * known to be above it; 0: none */
    unsigned tick;              /* calls since the last clock read */
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

/* Clear digit d of cell c from the position masks of c's regions. */
void se_unpos(se_grid_t *g, int c, int d);

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

/* se_all.c: a technique's hints in "all" mode, collected, then handed to
 * a sink in SE's order, once per set of eliminations. */
typedef struct se_found {
    se_hint_t h;
    int cx, key, seq;     /* complexity, SE's sort key, order found */
    uint16_t need[81];    /* what it rests on (the sink's need[]) */
    uint64_t sig, elims;  /* its chain's identity, a hash of h's removals */
} se_found_t;

typedef struct se_found_list {
    se_found_t *v;
    int n, cap;
    int *slot, nslots;    /* se_found_emit's table of removals */
} se_found_list_t;

#define SE_SIG_START 0xcbf29ce484222325ull
uint64_t se_sig_add(uint64_t h, unsigned v);

/* Append h (need[] cleared, sig started); NULL when out of memory. */
se_found_t *se_found_add(se_found_list_t *l, const se_hint_t *h, int cx,
                         int key);
void se_found_free(se_found_list_t *l);
/* Sort the list and hand each hint to all (sink's complexity and sig
 * set); 1 when emit stopped, 0 when done, -1 out of memory. */
int se_found_emit(se_found_list_t *l, se_sink_t *all);

/* What the "on" potential pot, reached by a link from cell from, rests on
 * being gone, added to need[] (SE's rule parents by the link's cause):
 * for a link within a cell, the cell's other candidates; within a region
 * (the first of box, row, column holding both, with exactly two places
 * for the digit if x2), the digit's other places there. */
void se_need_of(const se_grid_t *g, int from, int pot, int x2, uint16_t *need);
/* Digit d's places in region u, added to need[]. */
void se_need_unit(const se_grid_t *g, int u, int d, uint16_t *need);

/* ------------------------------------------------------ the techniques
 * Each finds the first instance in SE's scan order that makes progress,
 * fills *h and returns 1; returns 0 when there is none.
 *
 * Those with a `clean` argument keep there (when it is not NULL) the
 * regions (bit u: subsets) or digits (bit d: intersections, fish) in
 * which they found nothing, and skip them the next time: what they find
 * in a region (for a digit) depends on its candidates alone.  The caller
 * clears the bits of what changed since (se_grid_t's changed_units,
 * changed_digits). */

/* se_singles.c: the rating's opening, singles only, as the step loop
 * takes them (se.c), on a cheaper model.  SE_OPEN_SOLVED: singles solve
 * it, *o holds the rating; SE_OPEN_STUCK: no hidden single is left, g
 * holds the position (not indexed) and *o the rating so far;
 * SE_OPEN_OVER: the rating is above ceiling (nonzero), o->best a bound;
 * SE_OPEN_INVALID: the givens clash or a value is above 9. */
typedef struct se_opening {
    int best;             /* rating so far, tenths */
    int step;             /* SF_SE_STEP_* of the step that set it */
    int steps;            /* cells filled */
} se_opening_t;
enum { SE_OPEN_SOLVED, SE_OPEN_STUCK, SE_OPEN_OVER, SE_OPEN_INVALID };
int se_singles(const uint8_t *cells, int ceiling, se_grid_t *g,
               se_opening_t *o);

/* se_digit.c: whether Nishio's search from candidate (cell, d) assumed
 * on or off can reach a contradiction (0: surely not), from the digits'
 * places taken once per grid (se_digits). */
typedef struct se_digits {
    uint32_t p[9][3];     /* per digit, its places as three band words */
} se_digits_t;
void se_digits(const se_grid_t *g, se_digits_t *s);
int se_digit_absurd(const se_digits_t *s, int cell, int d, int on);

/* se_basic.c: singles, direct intersections and hidden sets, locked
 * candidates, naked and hidden subsets, basic fish. */
int se_hidden_single(const se_grid_t *g, se_hint_t *h);
int se_direct_locking(const se_grid_t *g, se_hint_t *h, uint32_t *clean);
int se_direct_hidden_set(const se_grid_t *g, int degree, se_hint_t *h,
                         uint32_t *clean);
int se_naked_single(const se_grid_t *g, se_hint_t *h);
int se_locking(const se_grid_t *g, se_hint_t *h, uint32_t *clean);
int se_naked_set(const se_grid_t *g, int degree, se_hint_t *h,
                 uint32_t *clean);
int se_hidden_set(const se_grid_t *g, int degree, se_hint_t *h,
                  uint32_t *clean);
int se_fish(const se_grid_t *g, int degree, se_hint_t *h, uint32_t *clean);
/* The same in "all" mode (non-direct locking): 1 when emit stopped them. */
int se_locking_all(const se_grid_t *g, se_hint_t *h, se_sink_t *all);
int se_naked_set_all(const se_grid_t *g, int degree, se_hint_t *h,
                     se_sink_t *all);
int se_hidden_set_all(const se_grid_t *g, int degree, se_hint_t *h,
                      se_sink_t *all);
int se_fish_all(const se_grid_t *g, int degree, se_hint_t *h, se_sink_t *all);

/* se_wings.c: XY-wing (xyz 0) and XYZ-wing (xyz 1). */
int se_xy_wing(const se_grid_t *g, int xyz, se_hint_t *h);

/* se_unique.c: unique rectangles and loops, types 1 to 4. */
int se_unique_loops(const se_grid_t *g, se_hint_t *h);

/* se_bug.c: bivalue universal grave, types 1 to 4. */
int se_bug(const se_grid_t *g, se_hint_t *h);

/* se_aligned.c: aligned pair and triplet exclusion. */
/* With dirty (NULL: all), only pairs or triplets that touch it (a cell or
 * a common peer) are tested: the others are known to remove nothing. */
int se_aligned_pair(const se_grid_t *g, const cellset_t *dirty,
                    se_hint_t *h);
int se_aligned_triple(const se_grid_t *g, const cellset_t *dirty,
                      se_hint_t *h);

/* SE's length term of a chain of the given complexity, in tenths. */
int se_length_diff(int complexity);
/* SE's double for base (tenths) plus the length's 0.1s, summed as SE
 * does (ChainingHint.getLengthDifficulty). */
double se_length_exact(int base, int complexity);

/* se_forcing.c: Nishio forcing chains, and cell and region forcing chains
 * (SE's hint of each: the easiest, then shortest).  Their scratch memory
 * is the chain search's (se_work_fwork). */
typedef struct se_fwork se_fwork_t;
se_fwork_t *se_fwork_new(se_work_t *chains); /* its nested chains' */
void se_fwork_free(se_fwork_t *f);
void se_fwork_reset(se_fwork_t *f); /* NULL-safe, as se_work_reset */
int se_nishio(const se_grid_t *g, se_fwork_t *f, se_clock_t *c, se_hint_t *h);
int se_multiple_chains(const se_grid_t *g, se_fwork_t *f, se_clock_t *c,
                       se_hint_t *h);
/* Dynamic forcing chains (level 0, 8.5 and up) and those with SE's level
 * of nesting 1 to 5 (9.0, 9.5, 10.0, 10.5, 11.0 and up): when a search
 * runs out of implications,
 * techniques found on its working grid add implications: locking, hidden
 * and naked pairs, X-wings (all levels), forcing chains and cycles
 * (levels 2, 3), multiple forcing chains (3), dynamic forcing chains (4,
 * 5), themselves with nesting level 2 (5). */
int se_nested_chains(const se_grid_t *g, se_fwork_t *f, se_clock_t *c,
                     int level, se_hint_t *h);
/* Whether a search of the multiple chains ran out of the room set aside
 * for it (its result would not be SE's; the rating stops there). */
int se_fwork_overflow(const se_fwork_t *f);
/* The forcing chains' memory kept with the chain search's, allocated on
 * first use; NULL when out of memory. */
se_fwork_t *se_work_fwork(se_work_t *w);

/* The "off" potentials an "on" potential pot (cell * 9 + digit) implies,
 * in SE's order: the digit's other places in the cell's box, row and
 * column, and with y the cell's other digits first.  Their count. */
int se_on_to_off(const se_grid_t *g, int pot, int y, int16_t *out);

/* se_chains.c: X-, Y- and XY-cycles and forcing X- and XY-chains; with
 * any set, the first hint met instead of SE's (the easiest, shortest). */
int se_chains(const se_grid_t *g, se_work_t *w, se_clock_t *c, int any,
              se_hint_t *h);
/* The same in "all" mode, for the nested chains: every hint, in SE's
 * order (least difficulty, then complexity, then X, Y, XY; first found
 * first), hints with the same eliminations once.  need[] holds what the
 * chain's "on" links rest on being gone: a cell's other candidates for a
 * bivalue link, the digit's other places in the region for a region link.
 * 1 when emit stopped them, -1 out of memory. */
int se_chains_all(const se_grid_t *g, se_work_t *w, se_sink_t *all);
/* What every potential implies at any distance on g with both kinds of
 * links (the static multiple chains' links), kept in w until the next
 * search of w; then whether the "on" potentials pots[0..n) all lead (or
 * are) some potential in common (necessary for a static cell or region
 * forcing chain from them). */
void se_reach_static(const se_grid_t *g, se_work_t *w);
int se_reach_common(const se_work_t *w, const int *pots, int n);

/* se.c: sf_se_rate that stops as soon as the rating is known to be above
 * ceiling (tenths, > 0): then out is a lower bound above it, flagged
 * SF_SE_OVER with step SF_SE_STEP_OVER.  For targets with a maximum. */
int se_rate_capped(const uint8_t *cells, double budget, int ceiling,
                   sf_se_result_t *out);
/* sf_se_rate with the nested searches' room for parents cut to pool_room
 * (see se_clock_t; for tests of running out of it). */
int se_rate_room(const uint8_t *cells, int pool_room, sf_se_result_t *out);

/* se.c: the ladder's access to SE's techniques.  Applies one step of the
 * first technique of a family in [SF_LEVEL_WINGS, max_level] that makes
 * progress to cand/val (both 81 cells, as in se_grid_t) and returns its
 * family, or -1 when none does (or memory ran out).  *w is the chain
 * search's memory, allocated on first use; the caller frees it. */
int se_ladder_step(uint16_t cand[81], uint8_t val[81], int max_level,
                   se_work_t **w);

#endif
