/*
 * se_bug.c -- the bivalue universal grave (BUG), SE's way.
 *
 * If every empty cell had two candidates and every digit two places in
 * each region it still misses, the puzzle would have two solutions (or
 * none).  So when a few "BUG cells" with three or more candidates are all
 * that stand between the grid and that state, one of their extra "BUG
 * digits" is true:
 *   type 1 (5.6)  one BUG cell: it keeps only its BUG digits;
 *   type 2 (5.7)  one BUG digit: it goes from cells seeing all BUG cells;
 *   type 3 (5.7 + 0.1 per digit of the set beyond the first)  the BUG
 *                 digits act as one cell of a naked set with cells seeing
 *                 all BUG cells in a region they share;
 *   type 4 (5.7)  two BUG cells in one region sharing one other digit.
 * The BUG cells are found as SE does: region by region (boxes, rows,
 * columns) and digit by digit, a digit with other than 0 or 2 places whose
 * places include exactly one cell of three or more candidates makes that
 * cell a BUG cell for that digit; with none, there is no BUG.
 *
 * The Sukaku Explainer scale (se_bug_lk) has lkSudoku's corrections, on
 * by default in Sukaku Explainer 1.18.1 (docs/sukaku.md, section 5):
 *   - while scanning, it also gathers every cell of three or more
 *     candidates among the places of an offending digit; when all the
 *     offending digits are one digit and these cells outnumber the BUG
 *     cells found as above, the others become BUG cells too, for that
 *     digit (which Sukaku does not add to the set of all BUG digits: a
 *     BUG made of such cells alone has none, and only a type 4 can
 *     come of it);
 *   - type 3 tries the set sizes outermost, the region kinds inside, so
 *     the smallest set comes first; the common cells of a region are
 *     taken in cell order (Sukaku's cell sets), not in peer order.
 */
#include "se_steps.h"

#include <string.h>

typedef struct bug {
    uint8_t cells[81];      /* BUG cells, in order found */
    int n;
    uint16_t values[81];    /* BUG digits per cell */
    unsigned all;           /* all BUG digits */
    uint64_t common[2];     /* cells seeing every BUG cell (not BUG cells) */
    int have_common;
} bug_t;

static int kind_unit(int k, int i)
{
    return k == 0 ? TAB_BOX_UNIT(i) : k == 1 ? TAB_ROW_UNIT(i)
                                             : TAB_COL_UNIT(i);
}

static inline int in_set(const uint64_t s[2], int c)
{
    return (int)(s[c >> 6] >> (c & 63) & 1);
}

/* Record cell as a BUG cell for digit d (counted among all BUG digits
 * when count); 0 when the BUG is ruled out. */
static int add_bug_as(const se_grid_t *g, bug_t *b, uint16_t *temp, int cell,
                      int d, int count)
{
    int known = 0;
    for (int i = 0; i < b->n; i++)
        known |= b->cells[i] == cell;
    if (!known)
        b->cells[b->n++] = (uint8_t)cell;
    b->values[cell] = (uint16_t)(b->values[cell] | 1u << d);
    if (count)
        b->all |= 1u << d;
    temp[cell] = (uint16_t)(temp[cell] & ~(1u << d));
    const cellset_t p = g->t->peer_set[cell];
    if (!b->have_common) {
        b->common[0] = p.lo;
        b->common[1] = p.hi;
        b->have_common = 1;
    } else {
        b->common[0] &= p.lo;
        b->common[1] &= p.hi;
    }
    for (int i = 0; i < b->n; i++)
        b->common[b->cells[i] >> 6] &= ~(1ull << (b->cells[i] & 63));
    return !(b->n > 1 && se_popcount(b->all) > 1 && !b->common[0] &&
             !b->common[1]);
}

static int add_bug(const se_grid_t *g, bug_t *b, uint16_t *temp, int cell,
                   int d)
{
    return add_bug_as(g, b, temp, cell, d, 1);
}

static int find_bug_cells(const se_grid_t *g, bug_t *b, uint16_t *temp)
{
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 9; i++) {
            const int u = kind_unit(k, i);
            for (int d = 0; d < 9; d++) {
                const unsigned m = g->pos[u][d];
                const int card = se_popcount(m);
                if (card == 0 || card == 2)
                    continue;
                int n = 0, cell = -1;
                for (unsigned x = m; x; x &= x - 1) {
                    const int c = se_cell(g, u, se_lowest(x));
                    if (se_popcount(g->cand[c]) >= 3) {
                        n++;
                        cell = c;
                    }
                }
                if (n == 0)
                    return 0;
                if (n == 1 && !add_bug(g, b, temp, cell, d))
                    return 0;
            }
        }
    return b->n > 0;
}

/* With the BUG digits gone, is every cell bivalue and every digit in
 * every region at 0 or 2 places? */
static int is_grave(const se_grid_t *g, const uint16_t *temp)
{
    for (int c = 0; c < 81; c++)
        if (!g->val[c] && se_popcount(temp[c]) != 2)
            return 0;
    for (int u = 0; u < 27; u++)
        for (int d = 0; d < 9; d++) {
            int n = 0;
            for (int i = 0; i < 9; i++)
                n += temp[se_cell(g, u, i)] >> d & 1;
            if (n != 0 && n != 2)
                return 0;
        }
    return 1;
}

/* A region of kind k shared by all BUG cells, or -1. */
static int shared_region(const se_grid_t *g, const bug_t *b, int k)
{
    int u = -1;
    for (int i = 0; i < b->n; i++) {
        const int c = b->cells[i];
        const int r = k == 0 ? TAB_BOX_UNIT(g->t->box[c])
                      : k == 1 ? TAB_ROW_UNIT(g->t->row[c])
                               : TAB_COL_UNIT(g->t->col[c]);
        if (u >= 0 && r != u)
            return -1;
        u = r;
    }
    return u;
}

static int type2(const se_grid_t *g, const bug_t *b, se_hint_t *h)
{
    if (!b->have_common)
        return 0;
    se_hint_clear(h, SF_SE_STEP_BUG, 57);
    h->variant = 2;
    for (int c = 0; c < 81; c++)
        if (in_set(b->common, c))
            se_hint_elim(h, c, g->cand[c] & b->all);
    return h->nelim != 0;
}

static int type4(const se_grid_t *g, const bug_t *b, se_hint_t *h)
{
    const int c1 = b->cells[0], c2 = b->cells[1];
    const unsigned common = g->cand[c1] & g->cand[c2] & ~b->all;
    if (se_popcount(common) != 1)
        return 0;
    for (int k = 0; k < 3; k++) {
        if (shared_region(g, b, k) < 0)
            continue;
        se_hint_clear(h, SF_SE_STEP_BUG, 57);
        h->variant = 4;
        se_hint_elim(h, c1, g->cand[c1] & ~b->values[c1] & ~common);
        se_hint_elim(h, c2, g->cand[c2] & ~b->values[c2] & ~common);
        return 1;
    }
    return 0;
}

/* The common cells of region u: in SE's order (the first BUG cell's
 * peer order), or in cell order (Sukaku's) with by_index.  How many. */
static int region_common(const se_grid_t *g, const bug_t *b, int u,
                         int by_index, uint8_t rc[20])
{
    int n = 0;
    if (by_index) {
        for (int i = 0; i < 9; i++)
            if (in_set(b->common, se_cell(g, u, i)))
                rc[n++] = (uint8_t)se_cell(g, u, i);
        return n;
    }
    const uint8_t *house = g->t->house[b->cells[0]];
    for (int i = 0; i < 20; i++)
        if (in_set(b->common, house[i]) &&
            cellset_has(g->t->unit_set[u], house[i]))
            rc[n++] = house[i];
    return n;
}

/* Type 3 of size deg in region u, among its common cells rc[0..n):
 * tuples of deg - 1 of them plus the BUG digits. */
static int type3_deg(const se_grid_t *g, const bug_t *b, const uint8_t *rc,
                     int n, int deg, se_hint_t *h)
{
    if (n < deg)
        return 0;
    for (unsigned t = 0; t < (1u << n); t++) {
        if (se_popcount(t) != deg - 1)
            continue;
        unsigned other = 0;
        int ok = se_popcount(b->all) >= 2;
        for (int i = 0; i < n; i++)
            if (t >> i & 1) {
                other |= g->cand[rc[i]];
                ok &= se_popcount(g->cand[rc[i]]) >= 2;
            }
        const unsigned set = other | b->all;
        if (se_popcount(other) != deg || !ok || se_popcount(set) != deg)
            continue;
        se_hint_clear(h, SF_SE_STEP_BUG, 57 + deg - 1);
        h->variant = 3;
        for (int i = 0; i < n; i++)
            if (!(t >> i & 1))
                se_hint_elim(h, rc[i], g->cand[rc[i]] & set);
        if (h->nelim)
            return 1;
    }
    return 0;
}

/* SE: the region kinds outermost, then the sizes. */
static int type3(const se_grid_t *g, const bug_t *b, se_hint_t *h)
{
    for (int k = 0; k < 3; k++) {
        const int u = shared_region(g, b, k);
        if (u < 0)
            continue;
        uint8_t rc[20];
        const int n = region_common(g, b, u, 0, rc);
        for (int deg = 2; deg <= 6; deg++)
            if (type3_deg(g, b, rc, n, deg, h))
                return 1;
    }
    return 0;
}

/* Sukaku: the sizes outermost, then the region kinds. */
static int type3_lk(const se_grid_t *g, const bug_t *b, se_hint_t *h)
{
    for (int deg = 2; deg <= 6; deg++)
        for (int k = 0; k < 3; k++) {
            const int u = shared_region(g, b, k);
            if (u < 0)
                continue;
            uint8_t rc[20];
            const int n = region_common(g, b, u, 1, rc);
            if (type3_deg(g, b, rc, n, deg, h))
                return 1;
        }
    return 0;
}

/* Sukaku's scan (see the top): as find_bug_cells, gathering the cells
 * of three or more candidates among the offending places as it goes. */
typedef struct extras {
    uint64_t cells[2];      /* those cells */
    int digit;              /* the offending digit; -1: none yet */
    int one;                /* no other digit offended */
} extras_t;

static void gather(extras_t *x, int d, const uint64_t cells[2])
{
    if (x->digit < 0)
        x->digit = d;
    else if (x->digit != d)
        x->one = 0;
    if (x->one) {
        x->cells[0] |= cells[0];
        x->cells[1] |= cells[1];
    }
}

/* The offending places of digit d in region u: 0 rules the BUG out. */
static int scan_lk(const se_grid_t *g, bug_t *b, uint16_t *temp,
                   extras_t *x, int u, int d)
{
    uint64_t cells[2] = {0, 0};
    int n = 0, cell = -1;
    for (unsigned m = g->pos[u][d]; m; m &= m - 1) {
        const int c = se_cell(g, u, se_lowest(m));
        if (se_popcount(g->cand[c]) >= 3) {
            cells[c >> 6] |= 1ull << (c & 63);
            n++;
            cell = c;
        }
    }
    gather(x, d, cells);
    if (n == 1 && !add_bug(g, b, temp, cell, d))
        return 0;
    return n != 0;
}

static int find_bug_cells_lk(const se_grid_t *g, bug_t *b, uint16_t *temp)
{
    extras_t x = {{0, 0}, -1, 1};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 9; i++) {
            const int u = kind_unit(k, i);
            for (int d = 0; d < 9; d++) {
                const int card = se_popcount(g->pos[u][d]);
                if (card != 0 && card != 2 && !scan_lk(g, b, temp, &x, u, d))
                    return 0;
            }
        }
    const int all = __builtin_popcountll(x.cells[0]) +
                    __builtin_popcountll(x.cells[1]);
    if (x.digit >= 0 && x.one && all > b->n)
        for (int c = 0; c < 81; c++) {
            int known = 0;
            for (int i = 0; i < b->n; i++)
                known |= b->cells[i] == c;
            if (in_set(x.cells, c) && !known &&
                !add_bug_as(g, b, temp, c, x.digit, 0))
                return 0;
        }
    return b->n > 0;
}

/* The hint of a BUG found (cells b, candidates left temp), with type3 for
 * the type 3. */
static int bug_hint(const se_grid_t *g, const bug_t *b, const uint16_t *temp,
                    int (*type3_of)(const se_grid_t *, const bug_t *,
                                    se_hint_t *),
                    se_hint_t *h)
{
    if (!is_grave(g, temp))
        return 0;
    if (b->n == 1) {
        se_hint_clear(h, SF_SE_STEP_BUG, 56);
        h->variant = 1;
        se_hint_elim(h, b->cells[0], g->cand[b->cells[0]] & ~b->all);
        return 1;
    }
    const int has_common = b->have_common && (b->common[0] || b->common[1]);
    if (se_popcount(b->all) == 1)
        return type2(g, b, h) || (b->n == 2 && type4(g, b, h));
    if (!has_common)
        return 0;
    return (b->n == 2 && type4(g, b, h)) || type3_of(g, b, h);
}

int se_bug_lk(const se_grid_t *g, se_hint_t *h)
{
    bug_t b;
    uint16_t temp[81];
    memset(&b, 0, sizeof b);
    memcpy(temp, g->cand, sizeof temp);
    return find_bug_cells_lk(g, &b, temp) &&
           bug_hint(g, &b, temp, type3_lk, h);
}

int se_bug(const se_grid_t *g, se_hint_t *h)
{
    bug_t b;
    uint16_t temp[81];
    memset(&b, 0, sizeof b);
    memcpy(temp, g->cand, sizeof temp);
    return find_bug_cells(g, &b, temp) && bug_hint(g, &b, temp, type3, h);
}
