/*
 * se_rate.c -- the Sudoku Explainer rating: the step loop, above the
 * model (se_grid.h) and the techniques (se_steps.h, se_chains.h).
 *
 * The loop asks the techniques in SE's order and applies the first hint
 * found; the rating is the highest difficulty met.  The order is not
 * sorted by difficulty everywhere: the direct techniques (a hidden single
 * reached through a pointing, a claiming or a hidden pair or triple) come
 * between the singles, unique loops (4.5 and up) come before naked quads
 * (5.0), and a chain is taken at whatever length it has once no simpler
 * family applies.  That is SE's method, so it is ours.
 *
 * After the forcing chains and cycles come aligned triplet exclusion,
 * Nishio chains, cell and region forcing chains, dynamic forcing chains
 * and those with nesting levels 1 to 5 (se_aligned.c, se_forcing.c).
 * When none of them applies to an unfinished grid, SE gives up (and
 * prints 20.0); the result is then the lower bound max(rating so far,
 * 11.0), flagged SF_SE_BEYOND.
 *
 * The ladder (logic.c) borrows the techniques above fish, up to the
 * forcing chains and cycles, through se_ladder_step, grouped in the
 * families of sf_level_t.
 */
#include "se_rate.h"
#include "se/chains/se_chains.h"
#include "se/steps/se_steps.h"
#include "se/grid/se_vec.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/timer.h"

static const char *const step_names[SF_SE_STEP_COUNT] = {
    [SF_SE_STEP_NONE] = "none",
    [SF_SE_STEP_FULL_HOUSE] = "full-house",
    [SF_SE_STEP_HIDDEN_SINGLE_BOX] = "hidden-single-box",
    [SF_SE_STEP_HIDDEN_SINGLE_LINE] = "hidden-single-line",
    [SF_SE_STEP_DIRECT_POINTING] = "direct-pointing",
    [SF_SE_STEP_DIRECT_CLAIMING] = "direct-claiming",
    [SF_SE_STEP_DIRECT_HIDDEN_PAIR] = "direct-hidden-pair",
    [SF_SE_STEP_NAKED_SINGLE] = "naked-single",
    [SF_SE_STEP_DIRECT_HIDDEN_TRIPLE] = "direct-hidden-triple",
    [SF_SE_STEP_POINTING] = "pointing",
    [SF_SE_STEP_CLAIMING] = "claiming",
    [SF_SE_STEP_NAKED_PAIR] = "naked-pair",
    [SF_SE_STEP_X_WING] = "x-wing",
    [SF_SE_STEP_HIDDEN_PAIR] = "hidden-pair",
    [SF_SE_STEP_NAKED_TRIPLE] = "naked-triple",
    [SF_SE_STEP_SWORDFISH] = "swordfish",
    [SF_SE_STEP_HIDDEN_TRIPLE] = "hidden-triple",
    [SF_SE_STEP_XY_WING] = "xy-wing",
    [SF_SE_STEP_XYZ_WING] = "xyz-wing",
    [SF_SE_STEP_UNIQUE_RECTANGLE] = "unique-rectangle",
    [SF_SE_STEP_UNIQUE_LOOP] = "unique-loop",
    [SF_SE_STEP_NAKED_QUAD] = "naked-quad",
    [SF_SE_STEP_JELLYFISH] = "jellyfish",
    [SF_SE_STEP_HIDDEN_QUAD] = "hidden-quad",
    [SF_SE_STEP_BUG] = "bug",
    [SF_SE_STEP_ALIGNED_PAIR] = "aligned-pair-exclusion",
    [SF_SE_STEP_X_CYCLE] = "x-cycle",
    [SF_SE_STEP_Y_CYCLE] = "y-cycle",
    [SF_SE_STEP_X_CHAIN] = "x-chain",
    [SF_SE_STEP_XY_CYCLE] = "xy-cycle",
    [SF_SE_STEP_XY_CHAIN] = "xy-chain",
    [SF_SE_STEP_BEYOND] = "beyond",
    [SF_SE_STEP_OVER] = "over",
    [SF_SE_STEP_ALIGNED_TRIPLE] = "aligned-triple-exclusion",
    [SF_SE_STEP_NISHIO] = "nishio",
    [SF_SE_STEP_CELL_FORCING] = "cell-forcing-chains",
    [SF_SE_STEP_REGION_FORCING] = "region-forcing-chains",
    [SF_SE_STEP_DYNAMIC_CONTRADICTION] = "dynamic-contradiction-chains",
    [SF_SE_STEP_DYNAMIC_DOUBLE] = "dynamic-double-chains",
    [SF_SE_STEP_DYNAMIC_CELL] = "dynamic-cell-forcing-chains",
    [SF_SE_STEP_DYNAMIC_REGION] = "dynamic-region-forcing-chains",
    [SF_SE_STEP_PLUS_CONTRADICTION] = "dynamic-contradiction-chains-plus",
    [SF_SE_STEP_PLUS_DOUBLE] = "dynamic-double-chains-plus",
    [SF_SE_STEP_PLUS_CELL] = "dynamic-cell-forcing-chains-plus",
    [SF_SE_STEP_PLUS_REGION] = "dynamic-region-forcing-chains-plus",
    [SF_SE_STEP_PLUS_FC_CONTRADICTION] =
        "dynamic-contradiction-chains-plus-fc",
    [SF_SE_STEP_PLUS_FC_DOUBLE] = "dynamic-double-chains-plus-fc",
    [SF_SE_STEP_PLUS_FC_CELL] = "dynamic-cell-forcing-chains-plus-fc",
    [SF_SE_STEP_PLUS_FC_REGION] = "dynamic-region-forcing-chains-plus-fc",
    [SF_SE_STEP_PLUS_MFC_CONTRADICTION] =
        "dynamic-contradiction-chains-plus-mfc",
    [SF_SE_STEP_PLUS_MFC_DOUBLE] = "dynamic-double-chains-plus-mfc",
    [SF_SE_STEP_PLUS_MFC_CELL] = "dynamic-cell-forcing-chains-plus-mfc",
    [SF_SE_STEP_PLUS_MFC_REGION] = "dynamic-region-forcing-chains-plus-mfc",
    [SF_SE_STEP_PLUS_DFC_CONTRADICTION] =
        "dynamic-contradiction-chains-plus-dfc",
    [SF_SE_STEP_PLUS_DFC_DOUBLE] = "dynamic-double-chains-plus-dfc",
    [SF_SE_STEP_PLUS_DFC_CELL] = "dynamic-cell-forcing-chains-plus-dfc",
    [SF_SE_STEP_PLUS_DFC_REGION] = "dynamic-region-forcing-chains-plus-dfc",
    [SF_SE_STEP_PLUS_DFC_FC_CONTRADICTION] =
        "dynamic-contradiction-chains-plus-dfc-fc",
    [SF_SE_STEP_PLUS_DFC_FC_DOUBLE] = "dynamic-double-chains-plus-dfc-fc",
    [SF_SE_STEP_PLUS_DFC_FC_CELL] = "dynamic-cell-forcing-chains-plus-dfc-fc",
    [SF_SE_STEP_PLUS_DFC_FC_REGION] =
        "dynamic-region-forcing-chains-plus-dfc-fc",
    [SF_SE_STEP_WXYZ_WING] = "wxyz-wing",
    [SF_SE_STEP_VWXYZ_WING] = "vwxyz-wing",
    [SF_SE_STEP_UVWXYZ_WING] = "uvwxyz-wing",
    [SF_SE_STEP_TUVWXYZ_WING] = "tuvwxyz-wing",
    [SF_SE_STEP_STRONG_LINKS_2] = "strong-links-2",
    [SF_SE_STEP_STRONG_LINKS_3] = "strong-links-3",
    [SF_SE_STEP_STRONG_LINKS_4] = "strong-links-4",
};

const char *sf_se_step_name(sf_se_step_t step)
{
    if ((unsigned)step >= SF_SE_STEP_COUNT)
        return "?";
    return step_names[step];
}

int sf_se_format(const sf_se_result_t *r, char *buf, size_t cap)
{
    if (!buf)
        cap = 0;
    if (!r || r->status == SF_SE_INVALID) {
        if (cap)
            buf[0] = 0;
        return 0;
    }
    const char *pre = r->status == SF_SE_EXACT ? "" : ">=";
    const long t = r->tenths, a = t < 0 ? -t : t; /* any value, signed */
    const int n = snprintf(buf, cap, "%s%s%ld.%ld", pre, t < 0 ? "-" : "",
                           a / 10, a % 10);
    return n < 0 ? 0 : n;
}

static int solved(const se_grid_t *g)
{
    for (int c = 0; c < 81; c++)
        if (!g->val[c])
            return 0;
    return 1;
}

/* ---------------------------------------------------------- the order */

/* A technique that found nothing on a grid with these candidates. */
typedef struct cells_memo {
    int known;
    uint16_t cand[81];
} cells_memo_t;

/* A technique of a scale's list and what the rating knows of it; the
 * family (sf_level_t) of each for the ladder. */
typedef struct se_producer {
    int (*find)(const se_grid_t *g, int arg, se_hint_t *h, uint32_t *clean);
    int arg;
    int level;
    int least;            /* the least difficulty of its hints */
    int keeps;            /* what its clean mask holds: KEEPS_* */
    int most;             /* skipped once the rating so far is at least
                           * this (0: never).  Singles: the greatest
                           * difficulty of its hints (the rating's batch of
                           * singles leaves none).  Direct techniques: the
                           * difficulty of the plain technique whose
                           * eliminations make the same single (from then
                           * on that technique and the batch of singles
                           * reach the same grid, both within the rating,
                           * and SE asks both before anything harder) */
    int (*find_cells)(const se_grid_t *g, int arg, se_hint_t *h,
                      cells_memo_t *m); /* instead of find: KEEPS_CELLS */
} se_producer_t;

enum { KEEPS_NONE, KEEPS_UNITS, KEEPS_DIGITS, KEEPS_CELLS };

/* The cells whose candidates changed since m found nothing, into *dirty;
 * NULL (all cells) when it found something or there is no memo. */
static const cellset_t *memo_dirty(const cells_memo_t *m, const se_grid_t *g,
                                   cellset_t *dirty)
{
    if (!m || !m->known)
        return NULL;
    *dirty = (cellset_t){0, 0};
    for (int c = 0; c < 81; c++)
        if (g->cand[c] != m->cand[c])
            cellset_add(dirty, (unsigned)c);
    return dirty;
}

static void memo_keep(cells_memo_t *m, const se_grid_t *g, int found)
{
    if (m) {
        m->known = !found;
        memcpy(m->cand, g->cand, sizeof m->cand);
    }
}

/* A wing of Sukaku's scale, only with a changed cell when the memo
 * says the search found nothing before. */
static int find_als_wing_memo(const se_grid_t *g, int k, se_hint_t *h,
                              cells_memo_t *m)
{
    cellset_t dirty;
    const int found = se_als_wing(g, k, memo_dirty(m, g, &dirty), h);
    memo_keep(m, g, found);
    return found;
}

static int find_hidden_single(const se_grid_t *g, int a, se_hint_t *h,
                              uint32_t *clean)
{ (void)a; (void)clean; return se_hidden_single(g, h); }
static int find_direct_locking(const se_grid_t *g, int a, se_hint_t *h,
                               uint32_t *clean)
{ (void)a; return se_direct_locking(g, h, clean); }
static int find_naked_single(const se_grid_t *g, int a, se_hint_t *h,
                             uint32_t *clean)
{ (void)a; (void)clean; return se_naked_single(g, h); }
static int find_locking(const se_grid_t *g, int a, se_hint_t *h,
                        uint32_t *clean)
{ (void)a; return se_locking(g, h, clean); }
static int find_wing(const se_grid_t *g, int a, se_hint_t *h, uint32_t *clean)
{ (void)clean; return se_xy_wing(g, a, h); }
static int find_unique(const se_grid_t *g, int a, se_hint_t *h,
                       uint32_t *clean)
{ (void)a; (void)clean; return se_unique_loops(g, h); }
static int find_bug(const se_grid_t *g, int a, se_hint_t *h, uint32_t *clean)
{ (void)a; (void)clean; return se_bug(g, h); }

static int find_direct_locking_sk(const se_grid_t *g, int a, se_hint_t *h,
                                  uint32_t *clean)
{ (void)a; return se_direct_locking_sk(g, h, clean); }
static int find_locking_sk(const se_grid_t *g, int a, se_hint_t *h,
                           uint32_t *clean)
{ (void)a; return se_locking_sk(g, h, clean); }
static int find_wing_sk(const se_grid_t *g, int a, se_hint_t *h,
                        uint32_t *clean)
{ (void)clean; return se_xy_wing_sk(g, a, h); }
static int find_strong(const se_grid_t *g, int a, se_hint_t *h,
                       uint32_t *clean)
{ return se_strong_links(g, a, h, clean); }
static int find_unique_lk(const se_grid_t *g, int a, se_hint_t *h,
                          uint32_t *clean)
{ (void)a; (void)clean; return se_unique_loops_lk(g, h); }
static int find_bug_lk(const se_grid_t *g, int a, se_hint_t *h,
                       uint32_t *clean)
{ (void)a; (void)clean; return se_bug_lk(g, h); }

/* SE's techniques in its order, up to BUG (aligned pair exclusion, next,
 * is asked in next_hint, which keeps what it needs to skip work). */
static const se_producer_t classic_list[] = {
    {find_hidden_single, 0, SF_LEVEL_SINGLES, 10, KEEPS_NONE, 15, NULL},
    {find_direct_locking, 0, SF_LEVEL_LOCKED, 17, KEEPS_DIGITS, 28, NULL},
    {se_direct_hidden_set, 2, SF_LEVEL_SUBSETS, 20, KEEPS_UNITS, 34, NULL},
    {find_naked_single, 0, SF_LEVEL_SINGLES, 23, KEEPS_NONE, 23, NULL},
    {se_direct_hidden_set, 3, SF_LEVEL_SUBSETS, 25, KEEPS_UNITS, 40, NULL},
    {find_locking, 0, SF_LEVEL_LOCKED, 26, KEEPS_DIGITS, 0, NULL},
    {se_naked_set, 2, SF_LEVEL_SUBSETS, 30, KEEPS_UNITS, 0, NULL},
    {se_fish, 2, SF_LEVEL_FISH, 32, KEEPS_DIGITS, 0, NULL},
    {se_hidden_set, 2, SF_LEVEL_SUBSETS, 34, KEEPS_UNITS, 0, NULL},
    {se_naked_set, 3, SF_LEVEL_SUBSETS, 36, KEEPS_UNITS, 0, NULL},
    {se_fish, 3, SF_LEVEL_FISH, 38, KEEPS_DIGITS, 0, NULL},
    {se_hidden_set, 3, SF_LEVEL_SUBSETS, 40, KEEPS_UNITS, 0, NULL},
    {find_wing, 0, SF_LEVEL_WINGS, 42, KEEPS_NONE, 0, NULL},
    {find_wing, 1, SF_LEVEL_WINGS, 44, KEEPS_NONE, 0, NULL},
    {find_unique, 0, SF_LEVEL_UNIQUE, 45, KEEPS_NONE, 0, NULL},
    {se_naked_set, 4, SF_LEVEL_SUBSETS, 50, KEEPS_UNITS, 0, NULL},
    {se_fish, 4, SF_LEVEL_FISH, 52, KEEPS_DIGITS, 0, NULL},
    {se_hidden_set, 4, SF_LEVEL_SUBSETS, 54, KEEPS_UNITS, 0, NULL},
    {find_bug, 0, SF_LEVEL_UNIQUE, 56, KEEPS_NONE, 0, NULL},
};

/* Sukaku Explainer's list (docs/sukaku.md, section 2), up to VWXYZ-wings:
 * the chains of strong links and the wings among SE's techniques, the
 * intersections and XY-wings in its order, unique loops and BUG with its
 * corrections.
 * Its order is not that of least difficulty everywhere (a grouped strong
 * link, 4.3, comes before an XY-wing, 4.2), but each least here is no
 * more than any later one's, which is what the ceiling needs. */
static const se_producer_t sukaku_list[] = {
    {find_hidden_single, 0, SF_LEVEL_SINGLES, 10, KEEPS_NONE, 15, NULL},
    {find_direct_locking_sk, 0, SF_LEVEL_LOCKED, 17, KEEPS_DIGITS, 28, NULL},
    {se_direct_hidden_set, 2, SF_LEVEL_SUBSETS, 20, KEEPS_UNITS, 34, NULL},
    {find_naked_single, 0, SF_LEVEL_SINGLES, 23, KEEPS_NONE, 23, NULL},
    {se_direct_hidden_set, 3, SF_LEVEL_SUBSETS, 25, KEEPS_UNITS, 40, NULL},
    {find_locking_sk, 0, SF_LEVEL_LOCKED, 26, KEEPS_DIGITS, 0, NULL},
    {se_naked_set, 2, SF_LEVEL_SUBSETS, 30, KEEPS_UNITS, 0, NULL},
    {se_fish, 2, SF_LEVEL_FISH, 32, KEEPS_DIGITS, 0, NULL},
    {se_hidden_set, 2, SF_LEVEL_SUBSETS, 34, KEEPS_UNITS, 0, NULL},
    {se_naked_set, 3, SF_LEVEL_SUBSETS, 36, KEEPS_UNITS, 0, NULL},
    {se_fish, 3, SF_LEVEL_FISH, 38, KEEPS_DIGITS, 0, NULL},
    {se_hidden_set, 3, SF_LEVEL_SUBSETS, 40, KEEPS_UNITS, 0, NULL},
    {find_strong, 2, SF_LEVEL_WINGS, 40, KEEPS_DIGITS, 0, NULL},
    {find_wing_sk, 0, SF_LEVEL_WINGS, 42, KEEPS_NONE, 0, NULL},
    {find_wing_sk, 1, SF_LEVEL_WINGS, 44, KEEPS_NONE, 0, NULL},
    {find_unique_lk, 0, SF_LEVEL_UNIQUE, 45, KEEPS_NONE, 0, NULL},
    {se_naked_set, 4, SF_LEVEL_SUBSETS, 50, KEEPS_UNITS, 0, NULL},
    {se_fish, 4, SF_LEVEL_FISH, 52, KEEPS_DIGITS, 0, NULL},
    {se_hidden_set, 4, SF_LEVEL_SUBSETS, 54, KEEPS_UNITS, 0, NULL},
    {find_strong, 3, SF_LEVEL_WINGS, 54, KEEPS_DIGITS, 0, NULL},
    {NULL, 4, SF_LEVEL_WINGS, 55, KEEPS_CELLS, 0, find_als_wing_memo},
    {find_bug_lk, 0, SF_LEVEL_UNIQUE, 56, KEEPS_NONE, 0, NULL},
    {find_strong, 4, SF_LEVEL_WINGS, 58, KEEPS_DIGITS, 0, NULL},
    {NULL, 5, SF_LEVEL_WINGS, 62, KEEPS_CELLS, 0, find_als_wing_memo},
};

#define COUNT_OF(a) (int)(sizeof a / sizeof a[0])
#define MAX_PRODUCERS COUNT_OF(sukaku_list)
_Static_assert(COUNT_OF(classic_list) <= MAX_PRODUCERS,
               "se_cleans_t holds MAX_PRODUCERS producers");

/* A scale: its list of techniques up to aligned pair exclusion; whether
 * the wings of 6 and 7 digits come after it and after the forcing chains
 * and cycles; its last level of nested chains; and where its list ends
 * (the lower bound of a rating none of its techniques can finish). */
typedef struct se_scale_def {
    const se_producer_t *list;
    int count;
    int big_wings;
    int last_level;
    int beyond_floor;
} se_scale_def_t;

static const se_scale_def_t scales[2] = {
    [SF_SE_CLASSIC] = {classic_list, COUNT_OF(classic_list), 0, 5, 110},
    /* Sukaku's last producers nest a dynamic chain inside level 4 at
     * levels 1 to 3, all at 10.5 and up; they are not here, so where
     * level 4 finds nothing the rating is at least 10.5. */
    [SF_SE_SUKAKU] = {sukaku_list, COUNT_OF(sukaku_list), 1, 4, 105},
};

/* What each producer found nothing in, on the rating's grid. */
typedef struct se_cleans {
    uint32_t mask[MAX_PRODUCERS];
    cells_memo_t cells[MAX_PRODUCERS]; /* those that keep KEEPS_CELLS */
    cells_memo_t big[2];       /* of UVWXYZ- and TUVWXYZ-wings */
    int batched;               /* the difficulty up to which batch_singles
                                * left no single on the grid (0: none) */
    cells_memo_t pair, triple; /* of aligned pair and triplet exclusion */
} se_cleans_t;

/* Forget what changed on g since the last call. */
static void cleans_update(se_cleans_t *k, const se_scale_def_t *sc,
                          se_grid_t *g)
{
    const se_producer_t *producers = sc->list;
    for (int i = 0; i < sc->count; i++)
        k->mask[i] &= producers[i].keeps == KEEPS_UNITS ? ~g->changed_units
                      : producers[i].keeps == KEEPS_DIGITS
                          ? ~g->changed_digits
                          : 0;
    g->changed_units = g->changed_digits = 0;
}

/* The first hint in SE's order, families min..max only (the chains are
 * SF_LEVEL_CHAINS; for the ladder, min > 0, any chain will do).  1 found,
 * 0 none, -1 out of time, -2 out of memory. */
/* Whether every technique from here on (the least difficulty of which is
 * least) gives more than the ceiling. */
static int above(const se_clock_t *c, int least)
{
    return c->ceiling > 0 && least > c->ceiling;
}

/* A search of a technique of base difficulty base ran out of room: the
 * rating stops, at least base (every easier technique found nothing). */
static int out_of_room(se_clock_t *c, int base)
{
    if (c->over) /* the search was cut short by the time, not the room */
        return -1;
    c->room_floor = base;
    return 0;
}

/* Aligned pair (degree 2) or triplet (3) exclusion; with a memo m
 * (NULL: none), only the pairs or triplets whose cells or common peers
 * have changed since it last found nothing are tested (the others would
 * find nothing again). */
static int aligned(const se_grid_t *g, int degree, cells_memo_t *m,
                   se_hint_t *h)
{
    cellset_t dirty;
    const cellset_t *d = memo_dirty(m, g, &dirty);
    const int found = degree == 2 ? se_aligned_pair(g, d, h)
                                  : se_aligned_triple(g, d, h);
    memo_keep(m, g, found);
    return found;
}

/* The memory of the chain searches (w) and of the forcing chains (f), of
 * one rating, allocated on first use; f is readied for the rating before
 * its first use in it (f_stale: left from another rating). */
typedef struct se_memory {
    se_work_t *w;
    se_fwork_t *f;
    int f_stale;
} se_memory_t;

static se_fwork_t *forcing_memory(se_memory_t *m)
{
    if (!m->f)
        m->f = se_fwork_new(m->w);
    else if (m->f_stale)
        se_fwork_reset(m->f);
    m->f_stale = 0;
    return m->f;
}

static int next_hint(const se_grid_t *g, const se_scale_def_t *sc, int min,
                     int max, se_memory_t *m, se_clock_t *c, se_cleans_t *k,
                     se_hint_t *h)
{
    for (int i = 0; i < sc->count; i++) {
        const se_producer_t *p = &sc->list[i];
        if (p->level < min || p->level > max)
            continue;
        if (above(c, p->least)) /* the producers' order is by least */
            return -3;
        if (k && p->most && k->batched >= p->most)
            continue;
        const int found =
            p->find_cells ? p->find_cells(g, p->arg, h, k ? &k->cells[i] : NULL)
                          : p->find(g, p->arg, h, k ? &k->mask[i] : NULL);
        if (found)
            return 1;
    }
    if (min <= SF_LEVEL_EXCLUSION && SF_LEVEL_EXCLUSION <= max) {
        if (above(c, 62))
            return -3;
        if (aligned(g, 2, k ? &k->pair : NULL, h))
            return 1;
        if (sc->big_wings) {
            if (above(c, 65)) /* the forcing chains come next */
                return -3;
            if (find_als_wing_memo(g, 6, h, k ? &k->big[0] : NULL))
                return 1;
        }
    }
    if (max >= SF_LEVEL_CHAINS) { /* its memory only when needed */
        if (above(c, 65))
            return -3;
        if (!m->w && !(m->w = se_work_new()))
            return -2;
        se_work_ready(m->w);
        if (se_chains(g, m->w, c, min > 0, h))
            return 1;
        if (c->over) /* cut short by the time: no later technique may go */
            return -1;
    }
    if (max >= SF_LEVEL_CHAINS && min == 0) { /* the rating only */
        se_fwork_t *f = forcing_memory(m);
        if (!f)
            return -2;
        if (above(c, 75))
            return -3;
        if (sc->big_wings &&
            find_als_wing_memo(g, 7, h, k ? &k->big[1] : NULL))
            return 1;
        if (aligned(g, 3, k ? &k->triple : NULL, h) ||
            se_nishio(g, f, c, h))
            return 1;
        if (c->over)
            return -1;
        if (above(c, 80))
            return -3;
        if (se_multiple_chains(g, f, c, h))
            return 1;
        if (c->over)
            return -1;
        if (se_fwork_overflow(f))
            return out_of_room(c, 80);
        for (int level = 0; level <= sc->last_level; level++) {
            /* level 0: the dynamic chains */
            if (above(c, 85 + 5 * level))
                return -3;
            if (se_nested_chains(g, f, c, level, h))
                return 1;
            if (c->over)
                return -1;
            if (se_fwork_overflow(f))
                return out_of_room(c, 85 + 5 * level);
        }
    }
    return c->over ? -1 : 0;
}

/* ----------------------------------------------------------- the loop */

/* Place every naked single (a cell with one candidate), checked again as
 * the cells fill.  Returns the cells filled. */
static int naked_singles(se_grid_t *g)
{
    uint64_t one[2];
    se_cells_with(g->cand, 1, one);
    int n = 0;
    for (int half = 0; half < 2; half++)
        for (uint64_t b = one[half]; b; b &= b - 1) {
            const int c = 64 * half + __builtin_ctzll(b);
            if (se_popcount(g->cand[c]) == 1) {
                se_place(g, c, se_lowest(g->cand[c]));
                n++;
            }
        }
    return n;
}

/* Singles no harder than the rating so far, all at once.  A single stays
 * a single (of the same kind or an easier one) until its cell is filled,
 * so applying them in any order reaches the one state SE reaches applying
 * them one by one in its order; and SE applies them before anything else
 * (its list starts with hidden singles, then the direct techniques, all
 * easier than a naked single), so as long as the rating so far covers
 * them, the path it takes through them does not change the rating.  Full
 * houses (1.0), box singles (1.2), line singles (1.5) and, from 2.3, naked
 * singles: one pass over the regions applies every one found (checked
 * against the cells as they fill).  The first pass looks at the regions
 * of todo (bit u), the next ones at those the placements changed.
 * Returns the cells filled.  The index (pos[] and the counts) must be up
 * to date, and is kept so. */
static int batch_singles(se_grid_t *g, int best, uint32_t todo)
{
    int n = 0;
    for (;;) {
        int found = 0;
        const uint32_t before = g->changed_units;
        g->changed_units = 0;
        for (uint32_t us = todo & ((1u << 27) - 1); us; us &= us - 1) {
            const int u = se_lowest(us);
            const int box = u >= TAB_BOX_UNIT(0);
            const int kind = g->empty[u] == 1 ? 10 : box ? 12 : 15;
            if (kind > best)
                continue;
            v16u pos; /* the digits at one place, all at once */
            se_load9(&pos, g->pos[u]);
            for (unsigned ones = se_ones16(pos); ones; ones &= ones - 1) {
                const int d = se_lowest(ones);
                if (se_popcount(g->pos[u][d]) != 1)
                    continue;
                const int c = se_cell(g, u, se_lowest(g->pos[u][d]));
                if (!g->val[c] && (g->cand[c] >> d & 1)) {
                    se_place(g, c, d);
                    found++;
                }
            }
        }
        if (best >= 23)
            found += naked_singles(g);
        todo = g->changed_units; /* where the placements made singles */
        g->changed_units |= before;
        if (!found)
            return n;
        n += found;
    }
}

static void finish(sf_se_result_t *out, int tenths, int step, int status)
{
    out->tenths = tenths;
    out->step = (sf_se_step_t)step;
    out->status = (sf_se_status_t)status;
}

/* The step loop from the opening's position (rating so far o).  With a
 * tracer (tr not NULL) it takes SE's steps one at a time, as SE does, and
 * hands each to the tracer before applying it: no batch of singles and no
 * technique skipped for the rating so far (the rating is the same, the
 * path SE's). */
static int rate_grid(se_grid_t *g, const se_scale_def_t *sc, se_memory_t *m,
                     se_clock_t *c, const se_opening_t *o,
                     const se_tracer_t *tr, sf_se_result_t *out)
{
    se_hint_t h;
    se_cleans_t k = {.pair.known = 0};
    int best = o->best, step = o->step;
    double best_exact = best ? best / 10.0 : -1; /* SE compares doubles */
    out->steps = o->steps;
    se_grid_index(g); /* then kept up to date by every step */
    while (!solved(g)) {
        /* with the same rating as the last batch, new singles can only be
         * in the regions that lost a candidate since */
        const uint32_t todo = best == k.batched ? g->changed_units : ~0u;
        if (!tr && best >= 10 &&
            (out->steps += batch_singles(g, best, todo)) && solved(g))
            break;
        k.batched = !tr && best >= 10 ? best : 0;
        cleans_update(&k, sc, g);
        const int found = next_hint(g, sc, 0, SF_LEVEL_CHAINS, m, c, &k, &h);
        if (found == -2)
            return -1;
        if (found == -3 || (found == 1 && c->ceiling && h.diff > c->ceiling)) {
            const int bound = found == 1 ? h.diff : c->ceiling + 1;
            finish(out, bound > best ? bound : best, SF_SE_STEP_OVER,
                   SF_SE_OVER);
            return 0;
        }
        if (found <= 0) {
            const int floor = c->room_floor ? c->room_floor
                                            : sc->beyond_floor;
            if (found < 0)
                finish(out, best, SF_SE_STEP_OVER, SF_SE_OVER);
            else
                finish(out, best > floor ? best : floor, SF_SE_STEP_BEYOND,
                       SF_SE_BEYOND);
            return 0;
        }
        if (h.exact > best_exact) {
            best_exact = h.exact;
            best = h.diff;
            step = h.tech;
        }
        out->steps++;
        if (tr)
            tr->step(tr->ctx, g, &h);
        if (se_apply(g, &h) < 0) {
            finish(out, 0, SF_SE_STEP_NONE, SF_SE_INVALID);
            return 0;
        }
        if (se_clock_over(c)) {
            finish(out, best, SF_SE_STEP_OVER, SF_SE_OVER);
            return 0;
        }
    }
    finish(out, best, step, SF_SE_EXACT);
    return 0;
}

/* Each thread keeps its chain searches' memory (megabytes, much of it
 * touched by a search) from one rating to the next: allocated for every
 * puzzle, the page faults of its first use cost more than the rating of
 * most puzzles that need it.  A thread-local pointer holds it (so that it
 * stays reachable), and a key's destructor frees it when the thread
 * ends. */
static _Thread_local se_memory_t *kept_work;
static pthread_key_t work_key;
static pthread_once_t work_once = PTHREAD_ONCE_INIT;
static int work_key_ok;

static void memory_free(se_memory_t *m)
{
    if (m) {
        se_fwork_free(m->f);
        se_work_free(m->w);
    }
    free(m);
}

static void work_drop(void *m)
{
    memory_free(m);
}

static void work_key_make(void)
{
    work_key_ok = pthread_key_create(&work_key, work_drop) == 0;
}

/* The thread's kept memory, marked as left from another rating, or a
 * new one with nothing allocated yet (NULL: out of memory). */
static se_memory_t *work_take(void)
{
    se_memory_t *m = kept_work;
    if (!m)
        return calloc(1, sizeof *m);
    kept_work = NULL;
    pthread_setspecific(work_key, NULL);
    se_work_reset(m->w);
    m->f_stale = 1;
    return m;
}

/* Keep m for the thread's next rating, or free it. */
static void work_give(se_memory_t *m)
{
    if (!m)
        return;
    pthread_once(&work_once, work_key_make);
    if (work_key_ok && !kept_work && pthread_setspecific(work_key, m) == 0) {
        kept_work = m;
        return;
    }
    memory_free(m);
}

/* The rating, within budget, under ceiling, with the nested room; with a
 * tracer, SE's path from the givens (no singles opening). */
static int rate(const uint8_t *cells, sf_se_scale_t scale, double budget,
                int ceiling, int pool_room, const se_tracer_t *tr,
                sf_se_result_t *out)
{
    const se_scale_def_t *sc = &scales[scale == SF_SE_SUKAKU];
    se_grid_t g;
    se_memory_t *m = work_take();
    se_clock_t c = {0};
    int rc = 0;
    se_opening_t o;
    memset(out, 0, sizeof *out);
    c.ceiling = ceiling;
    c.pool_room = pool_room;
    if (budget > 0)
        c.deadline = timer_mono_sec() + budget;
    if (tr) {
        o = (se_opening_t){0, SF_SE_STEP_NONE, 0};
        if (se_grid_load(&g, cells) != 0)
            finish(out, 0, SF_SE_STEP_NONE, SF_SE_INVALID);
        else if (solved(&g))
            finish(out, 0, SF_SE_STEP_NONE, SF_SE_EXACT);
        else
            rc = m ? rate_grid(&g, sc, m, &c, &o, tr, out) : -1;
        work_give(m);
        return rc;
    }
    switch (se_singles(cells, ceiling, &g, &o)) {
    case SE_OPEN_INVALID:
        finish(out, 0, SF_SE_STEP_NONE, SF_SE_INVALID);
        break;
    case SE_OPEN_OVER:
        finish(out, o.best, SF_SE_STEP_OVER, SF_SE_OVER);
        break;
    case SE_OPEN_SOLVED:
        finish(out, o.best, o.step, SF_SE_EXACT);
        out->steps = o.steps;
        break;
    default:
        rc = m ? rate_grid(&g, sc, m, &c, &o, NULL, out) : -1;
    }
    work_give(m);
    return rc;
}

int sf_se_rate(const uint8_t *cells, double budget, sf_se_result_t *out)
{
    return sf_se_rate_scale(cells, SF_SE_CLASSIC, budget, out);
}

int sf_se_rate_scale(const uint8_t *cells, sf_se_scale_t scale,
                     double budget, sf_se_result_t *out)
{
    if (!cells || !out || !timer_budget_ok(budget))
        return -1;
    if (scale != SF_SE_CLASSIC && scale != SF_SE_SUKAKU)
        return -1;
    return rate(cells, scale, budget, 0, 0, NULL, out);
}

int se_rate_capped(const uint8_t *cells, sf_se_scale_t scale, double budget,
                   int ceiling, sf_se_result_t *out)
{
    return rate(cells, scale, budget, ceiling, 0, NULL, out);
}

int se_rate_room(const uint8_t *cells, int pool_room, sf_se_result_t *out)
{
    return rate(cells, SF_SE_CLASSIC, 0, 0, pool_room, NULL, out);
}

/* ---------------------------------------------------------- the ladder */

int se_ladder_step(uint16_t cand[81], uint8_t val[81], int max_level,
                   se_work_t **w)
{
    se_grid_t g;
    se_hint_t h;
    se_clock_t c = {0};
    se_memory_t m = {*w, NULL, 0}; /* the ladder asks no forcing chains */
    g.t = tables_get();
    memcpy(g.cand, cand, sizeof g.cand);
    memcpy(g.val, val, sizeof g.val);
    se_grid_index(&g);
    const int found = next_hint(&g, &scales[SF_SE_CLASSIC], SF_LEVEL_WINGS,
                                max_level, &m, &c, NULL, &h);
    *w = m.w;
    if (found <= 0)
        return -1;
    int level = SF_LEVEL_CHAINS;
    switch (h.tech) {
    case SF_SE_STEP_XY_WING: case SF_SE_STEP_XYZ_WING:
        level = SF_LEVEL_WINGS; break;
    case SF_SE_STEP_UNIQUE_RECTANGLE: case SF_SE_STEP_UNIQUE_LOOP:
    case SF_SE_STEP_BUG:
        level = SF_LEVEL_UNIQUE; break;
    case SF_SE_STEP_ALIGNED_PAIR: level = SF_LEVEL_EXCLUSION; break;
    default: break;
    }
    se_apply(&g, &h);
    memcpy(cand, g.cand, sizeof g.cand);
    memcpy(val, g.val, sizeof g.val);
    return level;
}

void se_ladder_free(se_work_t *w)
{
    se_work_free(w);
}

int se_trace(const uint8_t *cells, sf_se_scale_t scale, double budget,
             const se_tracer_t *tr, sf_se_result_t *out)
{
    if (!cells || !out || !tr || !tr->step || !timer_budget_ok(budget))
        return -1;
    return rate(cells, scale, budget, 0, 0, tr, out);
}
