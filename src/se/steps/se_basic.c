/*
 * se_basic.c -- SE's basic techniques: singles, intersections, subsets and
 * fish, each in SE's scan order (see se_grid.h for the model).
 *
 * Singles.  A hidden single is rated 1.0 when its cell is the last empty
 * one of the region (a full house), 1.2 in a box and 1.5 in a row or
 * column; SE looks for full houses first, then hidden singles, each time
 * in the boxes, then the columns, then the rows.  A naked single is 2.3.
 *
 * Direct techniques.  Between the singles SE rates three placements that
 * need one more idea: a pointing (1.7) or claiming (1.9) that leaves a
 * digit one place in another region of the first kind, and a hidden pair
 * (2.0) or triple (2.5) that leaves another digit one place in its region.
 * SE applies such a step as the placement alone.
 *
 * Subsets and fish.  A tuple of k cells (digits, lines) qualifies when
 * each member has at least two candidates (positions) and their union has
 * exactly k; tuples are tried in increasing order of their bit masks.  SE
 * only looks for a naked k-set in regions with at least 2k empty cells, a
 * hidden one with more than 2k (more than k for the direct kind), and a
 * fish of size k on a digit with at least 2k cells still open.
 *
 * The Sukaku Explainer scale's intersections (se_direct_locking_sk,
 * se_locking_sk) find the same instances with the same values, but
 * Sukaku Explainer scans each pair of region kinds digit by digit, then
 * region by region (SE: region by region, then digit by digit), so
 * another instance can come first and the path change (docs/sukaku.md,
 * section 5).  Its subsets and fish scan as SE's do.
 */
#include "se_steps.h"
#include "se/grid/se_vec.h"

/* The tables number the regions by kind, nine at a time, in SE's kind
 * order: unit_of and bcr_unit count on it. */
_Static_assert(TAB_ROW_UNIT(0) == 9 * SE_ROW && TAB_COL_UNIT(0) == 9 * SE_COL &&
                   TAB_BOX_UNIT(0) == 9 * SE_BOX,
               "unit numbers by kind");

/* Unit number of region i (0..8) of a kind. */
static inline int unit_of(int kind, int i)
{
    return 9 * kind + i; /* TAB_ROW_UNIT, TAB_COL_UNIT, TAB_BOX_UNIT */
}

/* Boxes, then columns, then rows: SE's order for singles and subsets. */
static inline int bcr_unit(int k)
{
    return 9 * (2 - k / 9) + k % 9;
}

static inline int in_unit(const se_grid_t *g, int u, int cell)
{
    return cellset_has(g->t->unit_set[u], (unsigned)cell);
}

/* Regions or digits found empty, kept in *clean when it is given. */
static inline void keep_clean(uint32_t *clean, uint32_t bits)
{
    if (clean)
        *clean |= bits;
}

static inline int is_clean(const uint32_t *clean, int bit)
{
    return clean && (*clean >> bit & 1);
}

/* --------------------------------------------------------------- singles */

/* The first digit with one place in unit u, or -1. */
static int single_in(const se_grid_t *g, int u)
{
    v16u pos; /* all nine digits' places at once */
    se_load9(&pos, g->pos[u]);
    const unsigned ones = se_ones16(pos);
    return ones ? se_lowest(ones) : -1;
}

int se_hidden_single(const se_grid_t *g, se_hint_t *h)
{
    /* the first full house wins (a region with one empty cell, looked for
     * first: 27 counts); else the first single met, in SE's order */
    int first_u = -1, first_d = 0;
    for (int k = 0; k < 27 && first_u < 0; k++) {
        const int u = bcr_unit(k);
        if (g->empty[u] == 1 && (first_d = single_in(g, u)) >= 0)
            first_u = u;
    }
    for (int k = 0; k < 27 && first_u < 0; k++) {
        const int u = bcr_unit(k);
        if (g->empty[u] && (first_d = single_in(g, u)) >= 0)
            first_u = u;
    }
    if (first_u < 0)
        return 0;
    const int alone = g->empty[first_u] == 1;
    const int box = first_u >= TAB_BOX_UNIT(0);
    se_hint_clear(h, alone ? SF_SE_STEP_FULL_HOUSE
                     : box ? SF_SE_STEP_HIDDEN_SINGLE_BOX
                           : SF_SE_STEP_HIDDEN_SINGLE_LINE,
                  alone ? 10 : box ? 12 : 15);
    h->cell = se_cell(g, first_u, se_lowest(g->pos[first_u][first_d]));
    h->digit = first_d;
    return 1;
}

int se_naked_single(const se_grid_t *g, se_hint_t *h)
{
    for (int c = 0; c < 81; c++)
        if (se_popcount(g->cand[c]) == 1) {
            se_hint_clear(h, SF_SE_STEP_NAKED_SINGLE, 23);
            h->cell = c;
            h->digit = se_lowest(g->cand[c]);
            return 1;
        }
    return 0;
}

/* --------------------------------------------------------- intersections */

/* The pairs of region kinds SE crosses, in its order. */
static const int lock_kinds[4][2] = {
    {SE_BOX, SE_COL}, {SE_BOX, SE_ROW}, {SE_COL, SE_BOX}, {SE_ROW, SE_BOX}};

/* The indexes (in u1's order) of u1's cells that lie in u2, for a box
 * and a line crossing it or not (0). */
static inline unsigned inside(int u1, int u2)
{
    if (u1 >= TAB_BOX_UNIT(0)) {
        const int b = u1 - TAB_BOX_UNIT(0);
        if (u2 >= TAB_COL_UNIT(0)) {
            const int c = u2 - TAB_COL_UNIT(0);
            return c / 3 == b % 3 ? 0111u << (c % 3) : 0;
        }
        return u2 / 3 == b / 3 ? 7u << (3 * (u2 % 3)) : 0;
    }
    const int b = u2 - TAB_BOX_UNIT(0);
    if (u1 >= TAB_COL_UNIT(0)) {
        const int c = u1 - TAB_COL_UNIT(0);
        return b % 3 == c / 3 ? 7u << (3 * (b / 3)) : 0;
    }
    return b / 3 == u1 / 3 ? 7u << (3 * (b % 3)) : 0;
}

/* Eliminations of a locking: d from the cells of u2 outside u1. */
static void lock_elims(const se_grid_t *g, int u1, int u2, int d, se_hint_t *h)
{
    for (unsigned m = g->pos[u2][d] & ~inside(u2, u1); m; m &= m - 1)
        se_hint_elim(h, se_cell(g, u2, se_lowest(m)), 1u << d);
}

/* The two regions of u1's kind (region i1 of kind) other than u1 that
 * cross u2, in order, and the indexes of their cells inside u2. */
static void crossers(int kind, int i1, int u2, int u3[2], unsigned in[2])
{
    const int i2 = u2 - unit_of(u2 >= TAB_BOX_UNIT(0) ? SE_BOX
                                : u2 >= TAB_COL_UNIT(0) ? SE_COL : SE_ROW, 0);
    const int first = kind != SE_BOX ? 3 * (kind == SE_COL ? i2 % 3 : i2 / 3)
                      : u2 >= TAB_COL_UNIT(0) ? i2 / 3 : 3 * (i2 / 3);
    const int step = kind == SE_BOX && u2 >= TAB_COL_UNIT(0) ? 3 : 1;
    const int j1 = (i1 - first) / step; /* u1's place among the three */
    const int j3[2] = {j1 == 0, 2 - (j1 == 2)};
    for (int n = 0; n < 2; n++) {
        u3[n] = unit_of(kind, first + j3[n] * step);
        in[n] = inside(u3[n], u2);
    }
}

/* The two regions of u1's kind crossing u2 (crossers) and, for each, the
 * digits it would hold at one place only once u2 lost them outside u1
 * (it has two or more now): all digits at once, a vector lane each. */
typedef struct follow {
    int u3[2];
    unsigned in[2], digits[2];
} follow_t;

static void followers(const se_grid_t *g, int kind, int i1, int u2,
                      follow_t *f)
{
    crossers(kind, i1, u2, f->u3, f->in);
    const v16u zero = {0}, one = zero + 1;
    for (int j = 0; j < 2; j++) {
        v16u m;
        se_load9(&m, g->pos[f->u3[j]]);
        const v16u rest = m & (zero + (uint16_t)~f->in[j]);
        f->digits[j] = se_lanes9((v16u)((m & (m - one)) != zero) &
                                 (v16u)(rest != zero) &
                                 (v16u)((rest & (rest - one)) == zero));
    }
}

/* The cell where digit d would be left alone (in the first of the two
 * regions that holds it once), -1 if none. */
static int following_single(const se_grid_t *g, const follow_t *f, int d)
{
    for (int j = 0; j < 2; j++)
        if (f->digits[j] >> d & 1)
            return se_cell(g, f->u3[j],
                           se_lowest(g->pos[f->u3[j]][d] & ~f->in[j]));
    return -1;
}

/* An instance found in "all" mode: the cells of u2 outside u1 lose d, and
 * it rests on d being gone from the other cells of u1. */
static int emit_locking(const se_grid_t *g, int u1, int u2, int d,
                        se_hint_t *h, se_sink_t *all)
{
    se_sink_need_clear(all);
    for (int i = 0; i < 9; i++) {
        const int c = se_cell(g, u1, i);
        if (!in_unit(g, u2, c))
            all->need[c] = (uint16_t)(1u << d);
    }
    return all->emit(all, h);
}

/* The index (0..8) of the region of kind kind2 crossing region i1 of
 * kind kind1 at its third j (a box's row or column j, a line's box j). */
static int crossing(int kind1, int i1, int kind2, int j)
{
    if (kind1 == SE_BOX)
        return kind2 == SE_COL ? 3 * (i1 % 3) + j : 3 * (i1 / 3) + j;
    return kind1 == SE_COL ? 3 * j + i1 / 3 : 3 * (i1 / 3) + j;
}

/* The digits whose two or more places in a region (pos, per digit) all
 * lie in its third j (conf[j]): a box's columns j with cols, else its
 * rows j, or a line's box j.  All digits at once, a vector lane each. */
static void confined(const uint16_t pos[9], int cols, unsigned conf[3])
{
    v16u m;
    se_load9(&m, pos);
    const v16u zero = {0}, one = zero + 1;
    const v16u multi = (v16u)((m & (m - one)) != zero);
    static const uint16_t thirds[2][3] = {{07, 070, 0700}, {0111, 0222, 0444}};
    for (int j = 0; j < 3; j++) {
        const v16u out = zero + (uint16_t)~thirds[cols][j];
        conf[j] = se_lanes9(multi & (v16u)((m & out) == zero));
    }
}

static int locking_scan(const se_grid_t *g, int direct, se_hint_t *h,
                        se_sink_t *all, const uint32_t *clean)
{
    const unsigned todo = clean ? SE_ALL & ~*clean : SE_ALL;
    for (int k = 0; todo && k < 4; k++) {
        const int kind1 = lock_kinds[k][0], kind2 = lock_kinds[k][1];
        const int box = kind1 == SE_BOX;
        for (int i1 = 0; i1 < 9; i1++) {
            const int u1 = unit_of(kind1, i1);
            /* the digits of u1 confined to each crossing region (SE scans
             * the crossing regions in order, then the digits) */
            unsigned conf[3];
            confined(g->pos[u1], kind1 == SE_BOX && kind2 == SE_COL, conf);
            const unsigned js = (unsigned)((conf[0] & todo) != 0) |
                                (unsigned)((conf[1] & todo) != 0) << 1 |
                                (unsigned)((conf[2] & todo) != 0) << 2;
            for (unsigned jm = js; jm; jm &= jm - 1) {
                const int j = se_lowest(jm);
                const int i2 = crossing(kind1, i1, kind2, j);
                const int u2 = unit_of(kind2, i2);
                unsigned digits = conf[j] & todo;
                follow_t f;
                if (direct) {
                    followers(g, kind1, i1, u2, &f);
                    digits &= f.digits[0] | f.digits[1];
                }
                for (unsigned dm = digits; dm; dm &= dm - 1) {
                    const int d = se_lowest(dm);
                    const int cell = direct ? following_single(g, &f, d) : -1;
                    if (!direct && !(g->pos[u2][d] & ~inside(u2, u1)))
                        continue; /* nothing to remove */
                    if (direct)
                        se_hint_clear(h, box ? SF_SE_STEP_DIRECT_POINTING
                                             : SF_SE_STEP_DIRECT_CLAIMING,
                                      box ? 17 : 19);
                    else
                        se_hint_clear(h, box ? SF_SE_STEP_POINTING
                                             : SF_SE_STEP_CLAIMING,
                                      box ? 26 : 28);
                    if (!direct) /* SE's direct step only places */
                        lock_elims(g, u1, u2, d, h);
                    h->cell = cell;
                    h->digit = d;
                    if (all && h->nelim) {
                        if (emit_locking(g, u1, u2, d, h, all))
                            return 1;
                    } else if (h->nelim || cell >= 0)
                        return 1;
                }
            }
        }
    }
    return 0;
}

/* The intersections scan regions first, so a digit is known clean only
 * once a whole scan found nothing. */
int se_direct_locking(const se_grid_t *g, se_hint_t *h, uint32_t *clean)
{
    if (locking_scan(g, 1, h, NULL, clean))
        return 1;
    keep_clean(clean, SE_ALL);
    return 0;
}

int se_locking(const se_grid_t *g, se_hint_t *h, uint32_t *clean)
{
    if (locking_scan(g, 0, h, NULL, clean))
        return 1;
    keep_clean(clean, SE_ALL);
    return 0;
}

int se_locking_all(const se_grid_t *g, se_hint_t *h, se_sink_t *all)
{
    return locking_scan(g, 0, h, all, NULL);
}

/* Sukaku's order (see the top): per pair of region kinds, digit d
 * outermost, then region u1 of the first kind, then the regions of the
 * second kind crossing it.  The instance d of u1 in u2 (the third j of
 * u1) gives its step, or nothing (0). */
static int locking_sk_at(const se_grid_t *g, int direct, int kind1, int i1,
                         int j, int kind2, int d, se_hint_t *h)
{
    const int u1 = unit_of(kind1, i1);
    const int u2 = unit_of(kind2, crossing(kind1, i1, kind2, j));
    const int box = kind1 == SE_BOX;
    if (direct) {
        follow_t f;
        followers(g, kind1, i1, u2, &f);
        const int cell = following_single(g, &f, d);
        if (cell < 0)
            return 0;
        se_hint_clear(h, box ? SF_SE_STEP_DIRECT_POINTING
                             : SF_SE_STEP_DIRECT_CLAIMING,
                      box ? 17 : 19);
        h->cell = cell; /* as SE, the direct step only places */
        h->digit = d;
        return 1;
    }
    if (!(g->pos[u2][d] & ~inside(u2, u1)))
        return 0; /* nothing to remove */
    se_hint_clear(h, box ? SF_SE_STEP_POINTING : SF_SE_STEP_CLAIMING,
                  box ? 26 : 28);
    lock_elims(g, u1, u2, d, h);
    h->digit = d;
    return 1;
}

static int locking_sk_scan(const se_grid_t *g, int direct, se_hint_t *h,
                           uint32_t *clean)
{
    const unsigned skip = clean ? *clean : 0;
    for (int k = 0; k < 4 && (skip & SE_ALL) != SE_ALL; k++) {
        const int kind1 = lock_kinds[k][0], kind2 = lock_kinds[k][1];
        unsigned conf[9][3]; /* per u1 and third, the digits confined */
        for (int i1 = 0; i1 < 9; i1++)
            confined(g->pos[unit_of(kind1, i1)],
                     kind1 == SE_BOX && kind2 == SE_COL, conf[i1]);
        for (int d = 0; d < 9; d++)
            for (int i1 = 0; i1 < 9 && !(skip >> d & 1); i1++)
                for (int j = 0; j < 3; j++)
                    if ((conf[i1][j] >> d & 1) &&
                        locking_sk_at(g, direct, kind1, i1, j, kind2, d, h))
                        return 1;
    }
    if (clean) /* what a digit gives depends on its places alone */
        *clean = SE_ALL;
    return 0;
}

int se_direct_locking_sk(const se_grid_t *g, se_hint_t *h, uint32_t *clean)
{
    return locking_sk_scan(g, 1, h, clean);
}

int se_locking_sk(const se_grid_t *g, se_hint_t *h, uint32_t *clean)
{
    return locking_sk_scan(g, 0, h, clean);
}

/* --------------------------------------------------------------- subsets */

/* The members whose masks have 2..k bits: only they can be in a tuple.
 * Which they are is unpredictable, so no branch per member. */
static unsigned usable(const uint16_t *m, int k)
{
    unsigned a = 0;
    for (int i = 0; i < 9; i++) {
        const int n = se_popcount(m[i]);
        a |= (unsigned)((n >= 2) & (n <= k)) << i;
    }
    return a;
}

/* usable() for the digits of region u (places), all nine at once: a
 * vector lane each, bits counted in the lanes. */
static unsigned usable_digits(const se_grid_t *g, int u, int k)
{
    const v16u zero = {0};
    v16u x;
    se_load9(&x, g->pos[u]);
    se_count16(&x);
    return se_lanes9((v16u)(x >= zero + 2) & (v16u)(x <= zero + (uint16_t)k));
}

/* A set of regions as bits in SE's order for subsets (boxes, columns,
 * rows: bcr_unit) from bits by unit number, and back (the same swap). */
static inline uint32_t bcr_swap(uint32_t m)
{
    return (m >> 18 & 0x1ff) | (m & 0x3fe00) | (m & 0x1ff) << 18;
}

/* The regions (bits by unit number) with more than min empty cells, and
 * not clean: those a subset scan looks in. */
static uint32_t open_units(const se_grid_t *g, int min, const uint32_t *clean)
{
    uint32_t m = 0;
    for (int u = 0; u < 27; u++)
        m |= (uint32_t)(g->empty[u] > min) << u;
    return clean ? m & ~*clean : m;
}

/* Union of the k masks picked by tuple from m[], or 0 when one of them
 * has fewer than two bits. */
static unsigned tuple_union(const uint16_t *m, unsigned tuple)
{
    unsigned u = 0;
    for (; tuple; tuple &= tuple - 1) {
        const unsigned x = m[se_lowest(tuple)];
        if (se_popcount(x) < 2)
            return 0;
        u |= x;
    }
    return u;
}

static const int naked_tech[5] = {0, 0, SF_SE_STEP_NAKED_PAIR,
                                  SF_SE_STEP_NAKED_TRIPLE,
                                  SF_SE_STEP_NAKED_QUAD};
static const int naked_diff[5] = {0, 0, 30, 36, 50};

static int naked_scan(const se_grid_t *g, int k, se_hint_t *h,
                      se_sink_t *all, uint32_t *clean)
{
    /* regions found empty: every one not clean before the hint's */
    const uint32_t open = bcr_swap(open_units(g, -1, clean));
    for (uint32_t rs = bcr_swap(open_units(g, 2 * k - 1, clean)); rs;
         rs &= rs - 1) {
        const int r = se_lowest(rs), u = bcr_unit(r);
        uint16_t m[9];
        for (int i = 0; i < 9; i++)
            m[i] = g->cand[se_cell(g, u, i)];
        const unsigned ok = usable(m, k);
        const int nok = se_popcount(ok);
        if (nok < k)
            continue;
        for (unsigned st = (1u << k) - 1; st < (1u << nok);
             st = se_next_tuple(st)) {
            const unsigned t = se_spread(st, ok);
            const unsigned un = tuple_union(m, t);
            if (!un || se_popcount(un) != k)
                continue;
            se_hint_clear(h, naked_tech[k], naked_diff[k]);
            for (int i = 0; i < 9; i++)
                if (!(t >> i & 1))
                    se_hint_elim(h, se_cell(g, u, i), m[i] & un);
            if (!h->nelim)
                continue;
            if (!all) {
                keep_clean(clean, bcr_swap(open & ((1u << r) - 1)));
                return 1;
            }
            se_sink_need_clear(all); /* the set's cells lost the rest */
            for (unsigned o = t; o; o &= o - 1)
                all->need[se_cell(g, u, se_lowest(o))] =
                    (uint16_t)(SE_ALL & ~un);
            if (all->emit(all, h))
                return 1;
        }
    }
    keep_clean(clean, bcr_swap(open));
    return 0;
}

int se_naked_set(const se_grid_t *g, int k, se_hint_t *h, uint32_t *clean)
{
    return naked_scan(g, k, h, NULL, clean);
}

int se_naked_set_all(const se_grid_t *g, int k, se_hint_t *h, se_sink_t *all)
{
    return naked_scan(g, k, h, all, NULL);
}

static const int hidden_tech[5] = {0, 0, SF_SE_STEP_HIDDEN_PAIR,
                                   SF_SE_STEP_HIDDEN_TRIPLE,
                                   SF_SE_STEP_HIDDEN_QUAD};
static const int hidden_diff[5] = {0, 0, 34, 40, 54};

/* The cells of a hidden set (positions where in region u, digits t) lose
 * their other candidates. */
static void hidden_elims(const se_grid_t *g, int u, unsigned where,
                         unsigned t, se_hint_t *h)
{
    for (; where; where &= where - 1) {
        const int c = se_cell(g, u, se_lowest(where));
        se_hint_elim(h, c, g->cand[c] & ~t);
    }
}

/* Direct: a digit outside the set left with one place in u once the set
 * takes its positions; the cell or -1, digit in *dd. */
static int direct_single(const se_grid_t *g, int u, unsigned where,
                         unsigned t, int *dd)
{
    for (int d = 0; d < 9; d++) {
        const unsigned m = g->pos[u][d];
        if ((t >> d & 1) || se_popcount(m) <= 1)
            continue;
        if (se_popcount(m & ~where) == 1) {
            *dd = d;
            return se_cell(g, u, se_lowest(m & ~where));
        }
    }
    return -1;
}

static int hidden_scan(const se_grid_t *g, int k, int direct, se_hint_t *h,
                       se_sink_t *all, uint32_t *clean)
{
    /* regions found empty: every one not clean before the hint's */
    const uint32_t open = bcr_swap(open_units(g, -1, clean));
    for (uint32_t rs = bcr_swap(open_units(g, direct ? k : 2 * k, clean));
         rs; rs &= rs - 1) {
        const int r = se_lowest(rs), u = bcr_unit(r);
        const unsigned ok = usable_digits(g, u, k);
        const int nok = se_popcount(ok);
        if (nok < k)
            continue;
        for (unsigned s = (1u << k) - 1; s < (1u << nok); s = se_next_tuple(s)) {
            const unsigned t = se_spread(s, ok);
            const unsigned where = tuple_union(g->pos[u], t);
            if (!where || se_popcount(where) != k)
                continue;
            if (direct) {
                int d = 0;
                const int cell = direct_single(g, u, where, t, &d);
                if (cell < 0)
                    continue;
                se_hint_clear(h, k == 2 ? SF_SE_STEP_DIRECT_HIDDEN_PAIR
                                        : SF_SE_STEP_DIRECT_HIDDEN_TRIPLE,
                              k == 2 ? 20 : 25);
                h->cell = cell; /* only the placement, as SE applies it */
                h->digit = d;
                keep_clean(clean, bcr_swap(open & ((1u << r) - 1)));
                return 1;
            }
            se_hint_clear(h, hidden_tech[k], hidden_diff[k]);
            hidden_elims(g, u, where, t, h);
            if (!h->nelim)
                continue;
            if (!all) {
                keep_clean(clean, bcr_swap(open & ((1u << r) - 1)));
                return 1;
            }
            se_sink_need_clear(all); /* the digits left the other cells */
            for (int i = 0; i < 9; i++)
                if (!(where >> i & 1))
                    all->need[se_cell(g, u, i)] = (uint16_t)t;
            if (all->emit(all, h))
                return 1;
        }
    }
    keep_clean(clean, bcr_swap(open));
    return 0;
}

int se_direct_hidden_set(const se_grid_t *g, int k, se_hint_t *h,
                         uint32_t *clean)
{
    return hidden_scan(g, k, 1, h, NULL, clean);
}

int se_hidden_set(const se_grid_t *g, int k, se_hint_t *h, uint32_t *clean)
{
    return hidden_scan(g, k, 0, h, NULL, clean);
}

int se_hidden_set_all(const se_grid_t *g, int k, se_hint_t *h, se_sink_t *all)
{
    return hidden_scan(g, k, 0, h, all, NULL);
}

/* ------------------------------------------------------------------ fish */

static const int fish_tech[5] = {0, 0, SF_SE_STEP_X_WING,
                                 SF_SE_STEP_SWORDFISH, SF_SE_STEP_JELLYFISH};
static const int fish_diff[5] = {0, 0, 32, 38, 52};

/* Base lines of kind base (columns or rows), cover lines of the other. */
static int fish_scan(const se_grid_t *g, int k, int base, se_hint_t *h,
                     se_sink_t *all, const uint32_t *clean)
{
    const int cover = base == SE_COL ? SE_ROW : SE_COL;
    unsigned ok[9], any = 0;
    if (clean && *clean == SE_ALL)
        return 0;
    for (int d = 0; d < 9; d++) {
        uint16_t m[9];
        for (int i = 0; i < 9; i++)
            m[i] = g->pos[unit_of(base, i)][d];
        ok[d] = is_clean(clean, d) ? 0 : usable(m, k);
        any |= ok[d];
    }
    /* the tuples of lines usable for some digit, in increasing order */
    const int nany = se_popcount(any);
    for (unsigned st = (1u << k) - 1; nany >= k && st < (1u << nany);
         st = se_next_tuple(st)) {
        const unsigned t = se_spread(st, any);
        unsigned digits = 0; /* those the tuple suits, without branches */
        for (int d = 0; d < 9; d++)
            digits |= (unsigned)(((t & ~ok[d]) == 0) &
                                 (g->placed[d] + 2 * k <= 9)) << d;
        for (; digits; digits &= digits - 1) {
            const int d = se_lowest(digits);
            uint16_t m[9];
            for (int i = 0; i < 9; i++)
                m[i] = g->pos[unit_of(base, i)][d];
            const unsigned lines = tuple_union(m, t);
            if (!lines || se_popcount(lines) != k)
                continue;
            se_hint_clear(h, fish_tech[k], fish_diff[k]);
            for (unsigned b = lines; b; b &= b - 1) {
                const int u = unit_of(cover, se_lowest(b));
                for (unsigned o = g->pos[u][d] & ~t; o; o &= o - 1)
                    se_hint_elim(h, se_cell(g, u, se_lowest(o)), 1u << d);
            }
            if (!h->nelim)
                continue;
            if (!all)
                return 1;
            se_sink_need_clear(all); /* d left the base lines elsewhere */
            for (unsigned b = t; b; b &= b - 1)
                for (int i = 0; i < 9; i++)
                    if (!(lines >> i & 1))
                        all->need[se_cell(g, unit_of(base, se_lowest(b)), i)] =
                            (uint16_t)(1u << d);
            if (all->emit(all, h))
                return 1;
        }
    }
    return 0;
}

/* Tuples of lines first, then digits: as the intersections. */
int se_fish(const se_grid_t *g, int k, se_hint_t *h, uint32_t *clean)
{
    if (fish_scan(g, k, SE_COL, h, NULL, clean) ||
        fish_scan(g, k, SE_ROW, h, NULL, clean))
        return 1;
    keep_clean(clean, SE_ALL);
    return 0;
}

int se_fish_all(const se_grid_t *g, int k, se_hint_t *h, se_sink_t *all)
{
    return fish_scan(g, k, SE_COL, h, all, NULL) ||
           fish_scan(g, k, SE_ROW, h, all, NULL);
}
