/*
 * se_unique.c -- unique rectangles and loops, SE's way.
 *
 * A unique loop is a closed path of cells that all hold the two digits
 * {a, b}, turning at every cell into a region of another kind, such that
 * every region it touches holds exactly two of its cells, one at an even
 * and one at an odd place of the path.  If all its cells held only a and
 * b, the two ways of placing them would give two solutions; so in a
 * puzzle with one solution one of the "extra" cells (with more
 * candidates) is not a or b:
 *   type 1  one extra cell: it loses a and b;
 *   type 2  the extra cells share one extra digit z: z goes from every
 *           cell seeing all of them;
 *   type 3  two extra cells, whose extra digits act as one cell of a
 *           naked set (or, with a and b, of a hidden set) in a region
 *           they share;
 *   type 4  two extra cells in a region where one of a, b has no other
 *           place: the other digit goes from both.
 * Difficulty 4.5, +0.1 for 6 cells, +0.2 for 8, +0.5 for 10 or more; a
 * type 3 adds 0.1 per digit of its set beyond the first (naked) or per
 * cell beyond the first (hidden, not counting the two extra cells).
 *
 * The search follows SE: from each bivalue cell (row by row) a depth-first
 * walk through the regions (box, row, column, never the kind just used)
 * and cells (region order) holding both digits, allowing at most two cells
 * with extra digits unless all extras so far are one digit.  SE carries
 * the extras seen across sibling branches of the walk, and so do we, since
 * it decides which loops are found.  All hints are gathered, a hint equal
 * to an earlier one (same type, same cells) is dropped, and the step is
 * the first of the least difficulty, then the least type.
 *
 * The Sukaku Explainer scale (se_unique_loops_lk) runs the same search
 * with lkSudoku's corrections, which Sukaku Explainer 1.18.1 has on by
 * default (docs/sukaku.md, section 5):
 *   - the walk no longer carries extra digits across sibling branches:
 *     each next cell is judged by the extras of its own path alone, so
 *     loops the classic walk turned down are found;
 *   - type 3 tries set sizes 2 to 7 (classic: from the number of extra
 *     digits), the naked set only from that number on, so smaller hidden
 *     sets come first;
 *   - every loop of more than 4 cells is named with its size ("Unique
 *     Loop 6 type 1"; classic from 8 cells on): the hint's variant holds
 *     the size for it (sf_se_label).
 * One search serves both, told apart by a flag.
 */
#include "se_steps.h"

#include <string.h>

#define MAX_LOOP 81
#define MAX_SEEN 512

enum { K_T1 = 0, K_T2, K_T3N, K_T3H, K_T4 };

typedef struct ul_search {
    const se_grid_t *g;
    se_hint_t *best;      /* the step so far; best->diff < 0: none */
    int best_type;
    se_hint_t cur;        /* hint under construction */
    int v1, v2;           /* loop digits (0..8) */
    uint8_t loop[MAX_LOOP];
    int len;
    uint64_t in[2];       /* cells on the path */
    uint64_t can[2];      /* cells that can be on a loop of v1, v2 */
    uint32_t par[MAX_LOOP + 1][2]; /* regions met at even / odd places by
                                    * the first i cells of the path */
    struct { uint64_t s[2]; int kind; } seen[MAX_SEEN]; /* hints kept */
    int nseen;
    unsigned nodes;       /* walk steps, to bound pathological grids */
    int lk;               /* Sukaku's corrected search (see the top) */
} ul_search_t;

static int region_of(const se_grid_t *g, int kind, int cell)
{
    return kind == SE_BOX ? TAB_BOX_UNIT(g->t->box[cell])
           : kind == SE_ROW ? TAB_ROW_UNIT(g->t->row[cell])
                            : TAB_COL_UNIT(g->t->col[cell]);
}

static const int ul_kinds[3] = {SE_BOX, SE_ROW, SE_COL};
/* Where the tables keep a cell's region of each of ul_kinds. */
static const int kind_slot[3] = {2, 0, 1};

static int loop_valid(const ul_search_t *s)
{
    uint32_t even = 0, odd = 0;
    for (int i = 0; i < s->len; i++) {
        uint32_t *v = (i & 1) ? &odd : &even;
        const uint32_t bits = s->g->t->unit_bits[s->loop[i]];
        if (*v & bits)
            return 0;
        *v |= bits;
    }
    return even == odd;
}

static int base_diff(int len)
{
    return 45 + (len >= 10 ? 3 : 0) + (len >= 8 ? 2 : len >= 6 ? 1 : 0);
}

/* Whether a hint of this kind on the loop's cells was kept: any other
 * such hint is dropped, so the loop found again (from another of its
 * cells, the other way round) need not work it out. */
static int kept(const ul_search_t *s, int kind)
{
    for (int i = 0; i < s->nseen; i++)
        if (s->seen[i].kind == kind && s->seen[i].s[0] == s->in[0] &&
            s->seen[i].s[1] == s->in[1])
            return 1;
    return 0;
}

/* Keep s->cur (kind, type) unless an equal hint was kept before or it
 * removes nothing; it becomes the step if it beats the best so far. */
static void offer(ul_search_t *s, int kind, int type)
{
    if (kept(s, kind))
        return;
    s->cur.variant = type | (s->len > (s->lk ? 4 : 6) ? s->len << 3 : 0);
    if (!s->cur.nelim)
        return;
    if (s->nseen < MAX_SEEN) {
        s->seen[s->nseen].kind = kind;
        s->seen[s->nseen].s[0] = s->in[0];
        s->seen[s->nseen].s[1] = s->in[1];
        s->nseen++;
    }
    if (s->best->diff < 0 || s->cur.diff < s->best->diff ||
        (s->cur.diff == s->best->diff && type < s->best_type)) {
        *s->best = s->cur;
        s->best_type = type;
    }
}

static void start(ul_search_t *s, int add)
{
    se_hint_clear(&s->cur, s->len == 4 ? SF_SE_STEP_UNIQUE_RECTANGLE
                                       : SF_SE_STEP_UNIQUE_LOOP,
                  base_diff(s->len) + add);
}

static int common_region(const se_grid_t *g, int kind, int a, int b)
{
    const int u = region_of(g, kind, a);
    return u == region_of(g, kind, b) ? u : -1;
}

static int index_in(const se_grid_t *g, int u, int cell)
{
    for (int i = 0; i < 9; i++)
        if (se_cell(g, u, i) == cell)
            return i;
    return -1;
}

/* Type 2: the extra cells ex[0..n) share extra digit (that of ex[0]). */
static void type2(ul_search_t *s, const uint8_t *ex, int n)
{
    if (kept(s, K_T2))
        return;
    const se_grid_t *g = s->g;
    const unsigned ab = 1u << s->v1 | 1u << s->v2;
    const unsigned z = 1u << se_lowest(g->cand[ex[0]] & ~ab);
    start(s, 0);
    for (int c = 0; c < 81; c++) {
        int all = 1;
        for (int i = 0; i < n && all; i++)
            all = se_sees(g, c, ex[i]);
        if (all && (g->cand[c] & z))
            se_hint_elim(&s->cur, c, z);
    }
    offer(s, K_T2, 2);
}

static void type3_naked(ul_search_t *s, int u, int c1, int c2, int deg,
                        unsigned extra)
{
    const se_grid_t *g = s->g;
    const int i1 = index_in(g, u, c1), i2 = index_in(g, u, c2);
    unsigned others = 0; /* cells that can join c1 (two candidates or more) */
    for (int i = 0; i < 9; i++)
        if (i != i1 && i != i2 && se_popcount(g->cand[se_cell(g, u, i)]) >= 2)
            others |= 1u << i;
    const int nok = se_popcount(others);
    /* sets of deg cells with c1 and without c2, in increasing mask order */
    for (unsigned st = (1u << (deg - 1)) - 1; deg - 1 <= nok &&
         st < (1u << nok); st = se_next_tuple(st)) {
        const unsigned t = se_spread(st, others) | 1u << i1;
        unsigned set = extra & g->cand[c1] & g->cand[c2], uni = extra;
        for (unsigned b = t & ~(1u << i1); b; b &= b - 1)
            set |= g->cand[se_cell(g, u, se_lowest(b))];
        uni |= set;
        if (se_popcount(set) != deg || se_popcount(uni) != deg)
            continue;
        start(s, deg - 1);
        for (int i = 0; i < 9; i++) {
            const int c = se_cell(g, u, i);
            if (!(t >> i & 1) && c != c2)
                se_hint_elim(&s->cur, c, g->cand[c] & uni);
        }
        offer(s, K_T3N, 3);
    }
}

static void type3_hidden(ul_search_t *s, int u, int c1, int c2, int deg,
                         unsigned extra)
{
    const se_grid_t *g = s->g;
    const int i1 = index_in(g, u, c1), i2 = index_in(g, u, c2);
    int rem[9], n = 0;
    for (int d = 0; d < 9; d++)
        if (d != s->v1 && d != s->v2 && !(extra >> d & 1))
            rem[n++] = d;
    if (deg - 2 > n || n == 0)
        return;
    for (unsigned t = 0; t < (1u << n); t++) {
        if (se_popcount(t) != deg - 2)
            continue;
        unsigned vals = 1u << s->v1 | 1u << s->v2, where = 0;
        for (int i = 0; i < n; i++)
            if (t >> i & 1)
                vals |= 1u << rem[i];
        int ok = 1;
        for (unsigned b = vals; b; b &= b - 1) {
            const unsigned p = g->pos[u][se_lowest(b)] & ~(1u << i2);
            ok &= p != 0;
            where |= p;
        }
        if (!ok || se_popcount(where) != deg)
            continue;
        where &= ~(1u << i1 | 1u << i2);
        start(s, se_popcount(where) - 1);
        for (unsigned b = where; b; b &= b - 1) {
            const int c = se_cell(g, u, se_lowest(b));
            se_hint_elim(&s->cur, c, g->cand[c] & ~vals);
        }
        offer(s, K_T3H, 3);
    }
}

static void type3(ul_search_t *s, int c1, int c2, unsigned extra)
{
    if (kept(s, K_T3N) && kept(s, K_T3H))
        return;
    const se_grid_t *g = s->g;
    const int nextra = se_popcount(extra);
    for (int deg = s->lk ? 2 : nextra; deg <= 7; deg++)
        for (int k = 0; k < 3; k++) {
            const int u = common_region(g, ul_kinds[k], c1, c2);
            if (u < 0)
                continue;
            if (deg * 2 <= g->empty[u] && deg >= nextra)
                type3_naked(s, u, c1, c2, deg, extra);
            if (deg * 2 < g->empty[u])
                type3_hidden(s, u, c1, c2, deg, extra);
        }
}

static void type4(ul_search_t *s, int c1, int c2)
{
    if (kept(s, K_T4))
        return;
    const se_grid_t *g = s->g;
    int r1 = -1, r2 = -1;
    for (int k = 0; k < 3; k++) {
        const int u = common_region(g, ul_kinds[k], c1, c2);
        if (u < 0)
            continue;
        const unsigned others = ~(1u << index_in(g, u, c1) |
                                  1u << index_in(g, u, c2));
        if (!(g->pos[u][s->v1] & others))
            r1 = u;
        if (!(g->pos[u][s->v2] & others))
            r2 = u;
    }
    if (r1 < 0 && r2 < 0)
        return;
    const unsigned gone = 1u << (r1 >= 0 ? s->v2 : s->v1);
    start(s, 0);
    se_hint_elim(&s->cur, c1, gone);
    se_hint_elim(&s->cur, c2, gone);
    offer(s, K_T4, 4);
}

/* A closed path found: is it a unique loop, and what does it give. */
static void loop_found(ul_search_t *s)
{
    const se_grid_t *g = s->g;
    if (!loop_valid(s))
        return;
    const unsigned ab = 1u << s->v1 | 1u << s->v2;
    uint8_t ex[MAX_LOOP];
    int n = 0;
    for (int i = 0; i < s->len; i++)
        if (se_popcount(g->cand[s->loop[i]]) > 2)
            ex[n++] = s->loop[i];
    if (n == 1) {
        if (kept(s, K_T1))
            return;
        start(s, 0);
        se_hint_elim(&s->cur, ex[0], ab);
        offer(s, K_T1, 1);
    } else if (n > 2) {
        type2(s, ex, n);
    } else if (n == 2) {
        const unsigned extra = (g->cand[ex[0]] | g->cand[ex[1]]) & ~ab;
        if (se_popcount(extra) == 1)
            type2(s, ex, n);
        else if (se_popcount(extra) >= 2)
            type3(s, ex[0], ex[1], extra);
        type4(s, ex[0], ex[1]);
    }
}

/* The cells holding both digits that can lie on a unique loop of them:
 * a loop holds two cells of every region it touches, so a cell alone of
 * its kind in one of its regions is on none, and goes (and so on).  The
 * walk still passes such a cell's extra digits on, as SE's does, but
 * does not go into it: nothing is found there. */
static void loop_cells(const se_grid_t *g, unsigned ab, uint64_t can[2])
{
    const grid_tables_t *t = g->t;
    can[0] = can[1] = 0;
    for (int c = 0; c < 81; c++)
        if ((g->cand[c] & ab) == ab)
            can[c >> 6] |= 1ull << (c & 63);
    for (int again = 1; again;) {
        again = 0;
        for (int u = 0; u < TAB_UNITS; u++) {
            const uint64_t lo = can[0] & t->unit_set[u].lo,
                           hi = can[1] & t->unit_set[u].hi;
            if (__builtin_popcountll(lo) + __builtin_popcountll(hi) != 1)
                continue;
            can[0] &= ~lo;
            can[1] &= ~hi;
            again = 1;
        }
    }
}

static int can_be_on(const ul_search_t *s, int cell)
{
    return s->can[cell >> 6] >> (cell & 63) & 1;
}

static void walk(ul_search_t *s, int cell, int allowed, unsigned exv,
                 int last_kind)
{
    const se_grid_t *g = s->g;
    const unsigned ab = 1u << s->v1 | 1u << s->v2;
    if (s->len >= MAX_LOOP || ++s->nodes > 2000000)
        return;
    /* A region met twice at places of the same parity can never be undone
     * by more cells: no unique loop starts with this path. */
    uint32_t even = s->par[s->len][0], odd = s->par[s->len][1];
    uint32_t *v = (s->len & 1) ? &odd : &even;
    const uint32_t bits = g->t->unit_bits[cell];
    if (*v & bits)
        return;
    *v |= bits;
    s->par[s->len + 1][0] = even;
    s->par[s->len + 1][1] = odd;
    s->loop[s->len++] = (uint8_t)cell;
    s->in[cell >> 6] |= 1ull << (cell & 63);
    for (int k = 0; k < 3; k++) {
        if (ul_kinds[k] == last_kind)
            continue;
        const int u = g->t->units[cell][kind_slot[k]];
        /* the region's cells holding both digits, in region order */
        for (unsigned both = g->pos[u][s->v1] & g->pos[u][s->v2]; both;
             both &= both - 1) {
            const int next = se_cell(g, u, se_lowest(both));
            if (next == s->loop[0] && s->len >= 4) {
                loop_found(s);
            } else if (!(s->in[next >> 6] >> (next & 63) & 1)) {
                /* classic keeps what siblings added; Sukaku does not */
                const unsigned mine = exv | (g->cand[next] & ~ab);
                if (!s->lk)
                    exv = mine;
                const int card = se_popcount(g->cand[next]);
                if ((card == 2 || se_popcount(mine) == 1 || allowed > 0) &&
                    can_be_on(s, next))
                    walk(s, next, allowed - (card > 2), mine, ul_kinds[k]);
            }
        }
    }
    s->len--;
    s->in[cell >> 6] &= ~(1ull << (cell & 63));
}

static int unique_loops(const se_grid_t *g, int lk, se_hint_t *h)
{
    ul_search_t search; /* about 14 KiB, set up as used */
    ul_search_t *s = &search;
    s->lk = lk;
    s->len = 0;
    s->nseen = 0;
    s->nodes = 0;
    s->in[0] = s->in[1] = 0;
    s->par[0][0] = s->par[0][1] = 0;
    s->g = g;
    s->best = h;
    h->diff = -1;
    uint64_t can[36][2]; /* per pair of digits, found on first use */
    uint64_t known = 0;
    for (int c = 0; c < 81; c++) {
        if (se_popcount(g->cand[c]) != 2)
            continue;
        s->v1 = se_lowest(g->cand[c]);
        s->v2 = se_lowest(g->cand[c] & (g->cand[c] - 1));
        const int pair = s->v1 * 9 + s->v2 - (s->v1 + 1) * (s->v1 + 2) / 2;
        if (!(known >> pair & 1)) {
            loop_cells(g, g->cand[c], can[pair]);
            known |= 1ull << pair;
        }
        s->can[0] = can[pair][0];
        s->can[1] = can[pair][1];
        if (can_be_on(s, c))
            walk(s, c, 2, 0, -1);
    }
    return h->diff >= 0;
}

int se_unique_loops(const se_grid_t *g, se_hint_t *h)
{
    return unique_loops(g, 0, h);
}

int se_unique_loops_lk(const se_grid_t *g, se_hint_t *h)
{
    return unique_loops(g, 1, h);
}
