/*
 * se_strong.c -- the strong-link chains of the Sukaku Explainer scale
 * (docs/sukaku.md, section 3): for one digit, n regions (n = 2, 3, 4),
 * in each of which the digit is confined to two ends, are joined end to
 * end by n - 1 weak links (facing ends lying in one column, row or box).
 * One of the chain's two outer ends holds the digit, so it goes from every
 * cell seeing both (skyscraper, 2-string kite, turbot fish; 3 and 4
 * links).  When the outer ends see each other too, the chain is an
 * X-loop and every weak link eliminates as well.
 *
 * An end is one cell or a group of two or three in one line of a box
 * (a grouped link): a box whose digit lies on one row and one column
 * through a "heart" cell (the empty rectangle), or on two of its
 * mini-rows or mini-columns; a line whose digit lies in two of its three
 * box segments.  A region holding the digit twice is a plain link, but
 * a box whose two cells share a line is not (that line is the link).
 *
 * Sukaku Explainer finds every chain and takes the first in the order of
 * difficulty (up), candidates removed (down), the name's suffix (up),
 * then the order found; so this search walks the chains in its order --
 * the region-type multisets in the order of their bit masks, the digits,
 * the regions (increasing within a type), the ways an end can be read,
 * the link orders of a quick permutation (one of each order and its
 * reverse) and the orientations counted in binary -- and keeps the first
 * best.  Its readings of grouped boxes are taken as they are: a heart
 * holding the digit joins a blade of two cells, or, between two blades
 * of one cell, the column's blade (the end is then the heart's column).
 *
 * Difficulty: 4.0, 5.4, 5.8 for 2, 3, 4 links, + 0.3 with a grouped link,
 * else + 0.1 when the links are not all parallel lines, + 0.2 when they
 * use a box, a row and a column.
 */
#include "se_steps.h"

#include <string.h>

#define MAX_LINKS 4

enum { T_BOX = 0, T_ROW = 1, T_COL = 2 }; /* Sukaku's region type numbers */

/* An end of a link: its cells, the first the one named, and what they
 * share (-1: not all of them). */
typedef struct sl_end {
    int n;
    int cell[3];
    int row, col, box;
    cellset_t see;        /* the cells that see every one of them */
} sl_end_t;

/* One reading of a region as a strong link. */
typedef struct sl_link {
    int unit, number;     /* its region, and Sukaku's number for it */
    int grouped;
    sl_end_t end[2];
} sl_link_t;

typedef struct sl_region {
    int count;            /* readings: 0 to 2 */
    sl_link_t link[2];
    cellset_t holders;    /* its cells holding the digit */
} sl_region_t;

typedef struct sl_search {
    const se_grid_t *g;
    int n, digit;
    int types[MAX_LINKS];
    cellset_t digit_cells[9];   /* per digit, the cells holding it */
    sl_region_t region[9][27];  /* per digit, the readings of a region */
    const sl_link_t *chosen[MAX_LINKS];
    cellset_t link_cells;  /* the chosen regions' cells */
    int orders, order[24][MAX_LINKS]; /* link orders, as searched */
    int found;
    double exact;
    int total;
    char suffix[8];
    se_hint_t tmp, *best;
} sl_search_t;

/* ---------------------------------------------------------------- sets */

static cellset_t set_and(cellset_t a, cellset_t b)
{
    return (cellset_t){a.lo & b.lo, a.hi & b.hi};
}

static cellset_t set_or(cellset_t a, cellset_t b)
{
    return (cellset_t){a.lo | b.lo, a.hi | b.hi};
}

static cellset_t set_less(cellset_t a, cellset_t b)
{
    return (cellset_t){a.lo & ~b.lo, a.hi & ~b.hi};
}

static int set_empty(cellset_t a)
{
    return !a.lo && !a.hi;
}

/* Digit d goes from the cells of s: into the hint, counted. */
static int remove_all(sl_search_t *s, cellset_t v)
{
    int n = 0;
    for (int half = 0; half < 2; half++)
        for (uint64_t b = half ? v.hi : v.lo; b; b &= b - 1) {
            se_hint_elim(&s->tmp, 64 * half + __builtin_ctzll(b),
                         1u << s->digit);
            n++;
        }
    return n;
}

/* --------------------------------------------------------- the links */

/* The k-th (from 0) region index set in mask m. */
static int nth(unsigned m, int k)
{
    while (k--)
        m &= m - 1;
    return se_lowest(m);
}

static void end_make(const se_grid_t *g, sl_end_t *e, const int *cells,
                     int n)
{
    e->n = n;
    e->see = (cellset_t){~0ull, ~0ull};
    for (int i = 0; i < n; i++) {
        e->cell[i] = cells[i];
        e->see = set_and(e->see, g->t->peer_set[cells[i]]);
    }
    e->row = g->t->row[cells[0]];
    e->col = g->t->col[cells[0]];
    e->box = g->t->box[cells[0]];
    for (int i = 1; i < n; i++) {
        if (g->t->row[cells[i]] != e->row)
            e->row = -1;
        if (g->t->col[cells[i]] != e->col)
            e->col = -1;
        if (g->t->box[cells[i]] != e->box)
            e->box = -1;
    }
}

/* The cells of region u at the region indexes idx (-1 ends the list). */
static void link_make(const se_grid_t *g, sl_link_t *l, int u,
                      const int *a, const int *b, int grouped)
{
    int ca[3], cb[3], na = 0, nb = 0;
    for (; na < 3 && a[na] >= 0; na++)
        ca[na] = se_cell(g, u, a[na]);
    for (; nb < 3 && b[nb] >= 0; nb++)
        cb[nb] = se_cell(g, u, b[nb]);
    l->unit = u;
    l->grouped = grouped;
    end_make(g, &l->end[0], ca, na);
    end_make(g, &l->end[1], cb, nb);
}

/* The box cells (region indexes) of the configurations: for a heart h
 * (0..8), the four cells off its row and column, its column's other two
 * (blade 1) and its row's other two (blade 2); for 9..14 an empty
 * mini-row (9..11) or mini-column (12..14) and the other two. */
static unsigned box_empty(int e)
{
    if (e < 9) {
        const int r = e / 3, c = e % 3;
        unsigned m = 0;
        for (int i = 0; i < 9; i++)
            if (i / 3 != r && i % 3 != c)
                m |= 1u << i;
        return m;
    }
    return e < 12 ? 7u << 3 * (11 - e) : 0x49u << (14 - e);
}

static void box_blades(int e, unsigned *b1, unsigned *b2)
{
    if (e < 9) { /* the heart's column and row, less the heart */
        *b1 = (0x49u << e % 3) & ~(1u << e);
        *b2 = (7u << 3 * (e / 3)) & ~(1u << e);
        return;
    }
    const int gone = e < 12 ? 11 - e : 14 - e; /* the empty line */
    const int first = gone == 0 ? 1 : 0, second = gone == 2 ? 1 : 2;
    *b1 = e < 12 ? 7u << 3 * first : 0x49u << first;
    *b2 = e < 12 ? 7u << 3 * second : 0x49u << second;
}

static int same_line(const se_grid_t *g, int u, int i, int j)
{
    const int a = se_cell(g, u, i), b = se_cell(g, u, j);
    return g->t->row[a] == g->t->row[b] || g->t->col[a] == g->t->col[b];
}

/* The readings of a grouped link (more than two places pos): the first
 * configuration whose empty area lacks the digit, if both its blades
 * hold it.  Returns the readings. */
static int grouped_links(const se_grid_t *g, int u, int type, unsigned pos,
                         sl_link_t out[2])
{
    const int count = se_popcount(pos);
    int e = 0;
    unsigned b1 = 0, b2 = 0;
    for (; e < (type == T_BOX ? 15 : 3); e++) {
        if (e > 8 && count < 4)
            continue;
        const unsigned empty = type == T_BOX ? box_empty(e) : 7u << 3 * e;
        if (!(pos & empty))
            break;
    }
    if (e == (type == T_BOX ? 15 : 3))
        return 0;
    if (type == T_BOX) {
        box_blades(e, &b1, &b2);
    } else {
        b1 = e == 0 ? 070 : 07;
        b2 = e == 2 ? 070 : 0700;
    }
    b1 &= pos;
    b2 &= pos;
    if (!b1 || !b2)
        return 0;
    const int n1 = se_popcount(b1), n2 = se_popcount(b2);
    const int heart = type == T_BOX && e < 9 ? e : -1;
    if (n1 == 1 && n2 == 1) { /* the heart holds it: the row's blade
                               * against the column's and the heart */
        const int a[] = {nth(b2, 0), -1}, b[] = {nth(b1, 0), heart, -1};
        link_make(g, &out[0], u, a, b, 1);
        return 1;
    }
    if (n1 == 1 || n2 == 1) { /* one cell against a group */
        const unsigned one = n1 == 1 ? b1 : b2, grp = n1 == 1 ? b2 : b1;
        const int a[] = {nth(one, 0), -1};
        int b[] = {nth(grp, 0), -1, -1, -1};
        if (heart >= 0) {
            b[1] = heart;
            b[2] = nth(grp, 1);
        } else {
            b[1] = nth(grp, 1);
            b[2] = se_popcount(grp) > 2 ? nth(grp, 2) : -1;
        }
        link_make(g, &out[0], u, a, b, 1);
        return 1;
    }
    int a[] = {nth(b1, 0), nth(b1, 1), n1 > 2 ? nth(b1, 2) : -1, -1};
    int b[] = {nth(b2, 0), nth(b2, 1), n2 > 2 ? nth(b2, 2) : -1, -1};
    if (e > 8 && count == 4 && same_line(g, u, a[1], b[1]) &&
        same_line(g, u, a[0], b[0])) { /* a rectangle: both ways */
        link_make(g, &out[0], u, a, b, 1);
        const int c[] = {a[0], b[0], -1}, d[] = {a[1], b[1], -1};
        link_make(g, &out[1], u, c, d, 1);
        return 2;
    }
    if (heart >= 0 && (pos >> heart & 1u)) { /* the heart joins blades of 2 */
        if (n1 == 2)
            a[2] = heart;
        if (n2 == 2)
            b[2] = heart;
    }
    link_make(g, &out[0], u, a, b, 1);
    return 1;
}

/* Sukaku's number of a region: type * 10 + index + 1. */
static int region_number(int u)
{
    return u >= 18 ? u - 17 : u >= 9 ? 20 + u - 8 : 10 + u + 1;
}

/* The readings of every region as a link of digit s->digit. */
static void regions_read(sl_search_t *s)
{
    const se_grid_t *g = s->g;
    cellset_t *held = &s->digit_cells[s->digit];
    *held = (cellset_t){0, 0};
    for (int c = 0; c < 81; c++)
        if (g->cand[c] >> s->digit & 1u) {
            if (c < 64)
                held->lo |= 1ull << c;
            else
                held->hi |= 1ull << (c - 64);
        }
    for (int u = 0; u < 27; u++) {
        sl_region_t *r = &s->region[s->digit][u];
        const unsigned pos = g->pos[u][s->digit];
        const int count = se_popcount(pos);
        const int type = u >= 18 ? T_BOX : u >= 9 ? T_COL : T_ROW;
        r->count = 0;
        r->holders = set_and(g->t->unit_set[u], *held);
        if (count == 2) {
            const int a[] = {nth(pos, 0), -1}, b[] = {nth(pos, 1), -1};
            if (type == T_BOX && same_line(g, u, a[0], b[0]))
                continue;
            link_make(g, &r->link[0], u, a, b, 0);
            r->count = 1;
        } else if (count > 2 && count <= 6) {
            r->count = grouped_links(g, u, type, pos, r->link);
        }
        for (int k = 0; k < r->count; k++)
            r->link[k].number = region_number(u);
    }
}

/* ------------------------------------------------------- the chains */

/* The region both ends lie in, column first, then row, then box; -1. */
static int shared(const sl_end_t *a, const sl_end_t *b)
{
    if (a->col >= 0 && a->col == b->col)
        return TAB_COL_UNIT(a->col);
    if (a->row >= 0 && a->row == b->row)
        return TAB_ROW_UNIT(a->row);
    if (a->box >= 0 && a->box == b->box)
        return TAB_BOX_UNIT(a->box);
    return -1;
}

/* Whether the n values of v read no later than reversed. */
static int forward(const int *v, int n)
{
    for (int i = 0; i < n; i++)
        if (v[i] != v[n - 1 - i])
            return v[i] < v[n - 1 - i];
    return 1;
}

/* The name's suffix: the grouped links, then the link types in chain
 * order read the way that comes first, rows and columns named so that
 * the string comes first. */
static void suffix_make(const sl_search_t *s, const int *q, char *out)
{
    const int n = s->n;
    int t[MAX_LINKS], grouped = 0;
    for (int i = 0; i < n; i++) {
        t[i] = s->types[q[i]];
        grouped += s->chosen[q[i]]->grouped;
    }
    if (!forward(t, n))
        for (int i = 0; i < n / 2; i++) {
            const int x = t[i];
            t[i] = t[n - 1 - i];
            t[n - 1 - i] = x;
        }
    char orig[MAX_LINKS + 1], cur[MAX_LINKS + 1], rev[MAX_LINKS + 1];
    int rows = 0;
    for (int i = 0; i < n; i++) {
        rows |= t[i] == T_ROW;
        orig[i] = (char)('0' + t[i]);
        cur[i] = (char)('0' + (t[i] == T_ROW ? 2 : t[i] == T_COL ? 1 : 0));
        rev[n - 1 - i] = cur[i];
    }
    orig[n] = cur[n] = rev[n] = '\0';
    const char *best;
    if (rows) {
        const char *rs = strcmp(rev, cur) > 0 ? cur : rev;
        best = strcmp(orig, rs) > 0 ? rs : orig;
    } else {
        best = cur; /* no rows: the columns are named 1 */
    }
    out[0] = (char)('0' + grouped);
    memcpy(out + 1, best, (size_t)n + 1);
}

/* Difficulty in Sukaku's doubles, from the suffix. */
static double difficulty(int n, const char *suffix)
{
    static const double base[MAX_LINKS + 1] = {0, 0, 4.0, 5.4, 5.8};
    const int box = strchr(suffix + 1, '0') != NULL;
    const int col = strchr(suffix + 1, '2') != NULL;
    if (suffix[0] != '0')
        return base[n] + 0.3;
    if (!box && !col)
        return base[n];
    return box && col ? base[n] + 0.2 : base[n] + 0.1;
}

/* The variant sf_se_label reads: links, loop, grouped links, then the
 * suffix's link types in base 3. */
static int variant_of(int n, int loop, const char *suffix)
{
    int types = 0;
    for (int i = n; i >= 1; i--)
        types = types * 3 + (suffix[i] - '0');
    return n | loop << 3 | (suffix[0] - '0') << 4 | types << 7;
}

/* Keep the chain in tmp when it comes before the best so far. */
static void consider(sl_search_t *s, const int *q, int total, int loop)
{
    char suffix[8];
    suffix_make(s, q, suffix);
    const double exact = difficulty(s->n, suffix);
    if (s->found) {
        if (exact > s->exact)
            return;
        if (exact == s->exact) {
            if (total < s->total)
                return;
            if (total == s->total && strcmp(suffix, s->suffix) >= 0)
                return;
        }
    }
    s->found = 1;
    s->exact = exact;
    s->total = total;
    memcpy(s->suffix, suffix, sizeof suffix);
    s->tmp.exact = exact;
    s->tmp.diff = (int)((exact + 0.05) * 10);
    s->tmp.variant = variant_of(s->n, loop, suffix);
    *s->best = s->tmp;
}

/* The chain of the chosen links in order q, link q[i] entered by its end
 * u[i]. */
static void chain(sl_search_t *s, const int *q, const int *u)
{
    const int n = s->n;
    int share[MAX_LINKS - 1];
    for (int w = 0; w < n - 1; w++) {
        const sl_end_t *a = &s->chosen[q[w]]->end[1 - u[w]];
        const sl_end_t *b = &s->chosen[q[w + 1]]->end[u[w + 1]];
        if ((share[w] = shared(a, b)) < 0)
            return;
    }
    const sl_end_t *start = &s->chosen[q[0]]->end[u[0]];
    const sl_end_t *end = &s->chosen[q[n - 1]]->end[1 - u[n - 1]];
    const cellset_t open =
        set_less(s->digit_cells[s->digit], s->link_cells);
    cellset_t v = set_and(set_and(start->see, end->see), open);
    se_hint_clear(&s->tmp, SF_SE_STEP_STRONG_LINKS_2 + n - 2, 0);
    if (shared(start, end) >= 0) { /* an X-loop, once: the least region
                                    * first, entered by its first end */
        for (int i = 1; i < n; i++)
            if (s->chosen[q[i]]->number < s->chosen[q[0]]->number)
                return;
        if (u[0])
            return;
        int total = remove_all(s, v);
        for (int w = 0; w < n - 1; w++) {
            const sl_end_t *a = &s->chosen[q[w]]->end[1 - u[w]];
            const sl_end_t *b = &s->chosen[q[w + 1]]->end[u[w + 1]];
            total += remove_all(s, set_and(set_and(a->see, b->see), open));
        }
        if (total)
            consider(s, q, total, 1);
        return;
    }
    for (int w = 0; w < n - 1; w++)
        v = set_less(v, s->g->t->unit_set[share[w]]);
    const int total = remove_all(s, v);
    if (total)
        consider(s, q, total, 0);
}

/* Every order and orientation of the n chosen links. */
static void chains(sl_search_t *s)
{
    for (int k = 0; k < s->orders; k++)
        for (int bits = 0; bits < 1 << s->n; bits++) {
            int u[MAX_LINKS];
            for (int i = 0; i < s->n; i++) /* u[0] the highest bit */
                u[i] = bits >> (s->n - 1 - i) & 1;
            chain(s, s->order[k], u);
        }
}

/* The link orders of a quick permutation, each or its reverse. */
static void orders_make(sl_search_t *s)
{
    const int n = s->n;
    int q[MAX_LINKS], r[MAX_LINKS + 1];
    for (int i = 0; i <= n; i++) {
        r[i] = i;
        if (i < n)
            q[i] = i;
    }
    s->orders = 0;
    memcpy(s->order[s->orders++], q, sizeof q);
    for (int i = 1; i < n;) {
        r[i]--;
        const int j = i % 2 * r[i], x = q[j];
        q[j] = q[i];
        q[i] = x;
        if (forward(q, n))
            memcpy(s->order[s->orders++], q, sizeof q);
        for (i = 1; r[i] == 0; i++)
            r[i] = i;
    }
}

/* The unit of the index-th region of a type. */
static int type_unit(int type, int index)
{
    return type == T_BOX ? TAB_BOX_UNIT(index)
           : type == T_ROW ? TAB_ROW_UNIT(index)
                           : TAB_COL_UNIT(index);
}

/* Choose link d onwards; regions of one type in increasing order, their
 * cells holding the digit apart from the links chosen. */
static void links(sl_search_t *s, int d, int from, cellset_t held)
{
    for (int i = from; i < 9; i++) {
        const sl_region_t *r =
            &s->region[s->digit][type_unit(s->types[d], i)];
        if (!r->count || !set_empty(set_and(r->holders, held)))
            continue;
        const cellset_t cells = s->link_cells;
        s->link_cells = set_or(cells, s->g->t->unit_set[r->link[0].unit]);
        for (int k = 0; k < r->count; k++) {
            s->chosen[d] = &r->link[k];
            if (d + 1 < s->n && d + 1 < MAX_LINKS) {
                const int same = s->types[d + 1] == s->types[d];
                links(s, d + 1, same ? i + 1 : 0, set_or(held, r->holders));
            } else {
                chains(s);
            }
        }
        s->link_cells = cells;
    }
}

/* The region-type multisets (non-decreasing), in the order of Sukaku's
 * bit masks: type t at place i is bit i + n * t. */
static int type_sets(int n, int sets[][MAX_LINKS])
{
    int count = 0, t[MAX_LINKS] = {0};
    unsigned long masks[15];
    for (;;) {
        unsigned long m = 0;
        for (int i = 0; i < n; i++)
            m |= 1ul << (i + n * t[i]);
        int k = count++;
        for (; k > 0 && masks[k - 1] > m; k--) {
            masks[k] = masks[k - 1];
            memcpy(sets[k], sets[k - 1], sizeof sets[k]);
        }
        masks[k] = m;
        memcpy(sets[k], t, sizeof t);
        int i = n - 1; /* the next non-decreasing sequence */
        while (i >= 0 && t[i] == 2)
            i--;
        if (i < 0)
            return count;
        t[i]++;
        for (int j = i + 1; j < n; j++)
            t[j] = t[i];
    }
}

int se_strong_links(const se_grid_t *g, int n, se_hint_t *h)
{
    sl_search_t s;
    int sets[15][MAX_LINKS];
    if (n < 2 || n > MAX_LINKS)
        return 0;
    s.g = g;
    s.n = n;
    s.best = h;
    s.found = 0;
    orders_make(&s);
    for (s.digit = 0; s.digit < 9; s.digit++)
        regions_read(&s);
    const int nsets = type_sets(n, sets);
    for (int k = 0; k < nsets; k++) {
        memcpy(s.types, sets[k], sizeof s.types);
        for (s.digit = 0; s.digit < 9; s.digit++) {
            s.link_cells = (cellset_t){0, 0};
            links(&s, 0, 0, (cellset_t){0, 0});
        }
    }
    return s.found;
}
