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
 * then the order it found them in: the region-type multisets in the order
 * of their bit masks, the digits, the regions (increasing within a type)
 * and the ways each is read, the link orders of a quick permutation (one
 * of each order and its reverse) and the orientations counted in binary.
 * This search instead follows weak links from link to link (each chain
 * once, the way Sukaku reads it), stops early where no cell could see
 * both ends, and keeps of each chain where Sukaku finds it, to break ties
 * as it does.  Its readings of grouped boxes are taken as they are: a
 * heart holding the digit joins a blade of two cells, or, between two
 * blades of one cell, the column's blade (the end is then the heart's
 * column).  A digit's links depend on its cells alone, so each thread
 * keeps those it read last.
 *
 * Difficulty: 4.0, 5.4, 5.8 for 2, 3, 4 links, + 0.3 with a grouped link,
 * else + 0.1 when the links are not all parallel lines, + 0.2 when they
 * use a box, a row and a column.
 */
#include "se_steps.h"

#include <pthread.h>
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
    int unit;             /* its region */
    int type, index;      /* Sukaku's region type and index in the type */
    int reading;          /* which reading of the region (0, 1) */
    int place;            /* in the search's list of readings */
    int grouped;
    cellset_t holders;    /* the region's cells holding the digit */
    sl_end_t end[2];
} sl_link_t;

/* A set of link ends, bit place * 2 + end (54 readings at most). */
typedef struct sl_ends {
    uint64_t w[2];
} sl_ends_t;

/* A link entered by one of its ends (0, 1). */
typedef struct sl_step {
    const sl_link_t *link;
    int entry;
} sl_step_t;

typedef struct sl_region {
    int count;            /* readings: 0 to 2 */
    sl_link_t link[2];
} sl_region_t;

/* Where Sukaku Explainer finds a chain: the region-type multiset (its
 * place in the order searched), the digit, the region and reading of each
 * link in the order of types and indexes, the link order, the
 * orientations; compared in that order. */
#define KEY_LEN (2 + 2 * MAX_LINKS + 2)

/* A digit's links: a function of its cells alone. */
typedef struct sl_digit {
    int known;                  /* cells holds the cells they were read on */
    cellset_t cells;
    sl_region_t region[27];     /* the readings of each region */
    int nlinks;
    const sl_link_t *all[54];   /* every reading */
    sl_ends_t joins[54][2];     /* per reading and end left by: the ends
                                 * it joins (a weak link: their cells all
                                 * in one column, row or box) */
} sl_digit_t;

/* Each thread keeps the links of each digit it last read, and reads
 * them again only when the digit's cells are others: from one step to
 * the next most digits keep theirs, and the searches for 2, 3 and 4
 * links read the same. */
static _Thread_local sl_digit_t kept[9];

/* Where in Sukaku's order of finding a chain's region types and link
 * order come, for n links: a function of n alone, made once. */
typedef struct sl_places {
    int set_place[81];          /* per type multiset (base 3): its place */
    int order_place[256];       /* per link order (base 4): its place */
} sl_places_t;

static sl_places_t places[MAX_LINKS + 1];
static pthread_once_t places_once = PTHREAD_ONCE_INIT;

typedef struct sl_search {
    const se_grid_t *g;
    int n, digit;
    cellset_t digit_cells;
    sl_digit_t *dd;             /* the digit's links */
    sl_step_t path[MAX_LINKS];  /* the chain being built */
    int types[MAX_LINKS];       /* its links in the order of types and */
    const sl_link_t *chosen[MAX_LINKS]; /* indexes, and their types */
    cellset_t link_cells;       /* its regions' cells */
    const sl_places_t *places;  /* Sukaku's order of finding, for n */
    int key[KEY_LEN];
    int found;
    int digit_found;            /* a chain of the digit removes something */
    double exact;
    int total;
    char suffix[8];
    int best_key[KEY_LEN];
    se_hint_t tmp, *best;
} sl_search_t;

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
        e->see = cellset_and(e->see, g->t->peer_set[cells[i]]);
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

/* The cells holding digit d. */
static cellset_t digit_cells(const se_grid_t *g, int d)
{
    cellset_t held = {0, 0};
    for (int r = 0; r < 9; r++) /* row r's places are cells 9r.. 9r+8 */
        for (unsigned m = g->pos[TAB_ROW_UNIT(r)][d]; m; m &= m - 1)
            cellset_add(&held, (unsigned)(9 * r + se_lowest(m)));
    return held;
}

/* The readings of every region as a link of digit s->digit, listed in
 * s->dd->all. */
static void regions_read(sl_search_t *s)
{
    const se_grid_t *g = s->g;
    const cellset_t *held = &s->digit_cells;
    s->dd->nlinks = 0;
    for (int u = 0; u < 27; u++) {
        sl_region_t *r = &s->dd->region[u];
        const unsigned pos = g->pos[u][s->digit];
        const int count = se_popcount(pos);
        const int type = u >= 18 ? T_BOX : u >= 9 ? T_COL : T_ROW;
        r->count = 0;
        if (count == 2) {
            const int a[] = {nth(pos, 0), -1}, b[] = {nth(pos, 1), -1};
            if (type == T_BOX && same_line(g, u, a[0], b[0]))
                continue;
            link_make(g, &r->link[0], u, a, b, 0);
            r->count = 1;
        } else if (count > 2 && count <= 6) {
            r->count = grouped_links(g, u, type, pos, r->link);
        }
        for (int k = 0; k < r->count; k++) {
            sl_link_t *l = &r->link[k];
            l->type = type;
            l->index = u >= 18 ? u - 18 : u >= 9 ? u - 9 : u;
            l->reading = k;
            l->holders = cellset_and(g->t->unit_set[u], *held);
            l->place = s->dd->nlinks;
            s->dd->all[s->dd->nlinks++] = l;
        }
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

/* Keys compared in order: < 0, 0, > 0. */
static int memcmp_key(const int *a, const int *b)
{
    for (int i = 0; i < KEY_LEN; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* Keep the chain in tmp when it comes before the best so far. */
static void consider(sl_search_t *s, const int *q, int total, int loop)
{
    char suffix[8];
    suffix_make(s, q, suffix);
    const double exact = difficulty(s->n, suffix);
    s->digit_found = 1;
    if (s->found) { /* ties: the suffix up, then the order found */
        const int o = se_sukaku_order(exact, total, s->exact, s->total);
        const int c = o ? 0 : strcmp(suffix, s->suffix);
        if (o > 0 ||
            (o == 0 && (c > 0 || (c == 0 &&
                                  memcmp_key(s->key, s->best_key) >= 0))))
            return;
    }
    s->found = 1;
    s->exact = exact;
    s->total = total;
    memcpy(s->suffix, suffix, sizeof suffix);
    memcpy(s->best_key, s->key, sizeof s->key);
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
        cellset_less(s->digit_cells, s->link_cells);
    cellset_t v = cellset_and(cellset_and(start->see, end->see), open);
    se_hint_clear(&s->tmp, SF_SE_STEP_STRONG_LINKS_2 + n - 2, 0);
    if (shared(start, end) >= 0) { /* an X-loop, once: its least region
                                    * (Sukaku's number: type * 10 + index
                                    * + 1; the first in the order of
                                    * types and indexes) first, entered by
                                    * its first end */
        if (q[0] != 0 || u[0])
            return;
        int total = remove_all(s, v);
        for (int w = 0; w < n - 1; w++) {
            const sl_end_t *a = &s->chosen[q[w]]->end[1 - u[w]];
            const sl_end_t *b = &s->chosen[q[w + 1]]->end[u[w + 1]];
            const cellset_t both = cellset_and(a->see, b->see);
            total += remove_all(s, cellset_and(both, open));
        }
        if (total)
            consider(s, q, total, 1);
        return;
    }
    for (int w = 0; w < n - 1; w++)
        v = cellset_less(v, s->g->t->unit_set[share[w]]);
    const int total = remove_all(s, v);
    if (total)
        consider(s, q, total, 0);
}

/* The places of the link orders of a quick permutation that Sukaku
 * Explainer searches (each order or its reverse, whichever reads first). */
static void orders_make(int n, sl_places_t *p)
{
    int q[MAX_LINKS], r[MAX_LINKS + 1], count = 0;
    for (int i = 0; i <= n; i++) {
        r[i] = i;
        if (i < n)
            q[i] = i;
    }
    memset(p->order_place, 0, sizeof p->order_place);
    for (int i = 1;;) {
        int code = 0;
        for (int j = 0; j < n; j++)
            code = code * 4 + q[j];
        if (forward(q, n))
            p->order_place[code] = count++;
        if (i >= n)
            return;
        r[i]--;
        const int j = i % 2 * r[i], x = q[j];
        q[j] = q[i];
        q[i] = x;
        for (i = 1; r[i] == 0; i++)
            r[i] = i;
    }
}

/* The places of the region-type multisets (non-decreasing) in Sukaku's
 * order, that of their bit masks (type t at place i is bit i + n * t). */
static void type_sets_make(int n, sl_places_t *p)
{
    int t[MAX_LINKS] = {0};
    unsigned long masks[15];
    int codes[15], count = 0;
    for (;;) {
        unsigned long m = 0;
        int code = 0;
        for (int i = 0; i < n; i++) {
            m |= 1ul << (i + n * t[i]);
            code = code * 3 + t[i];
        }
        masks[count] = m;
        codes[count++] = code;
        int i = n - 1; /* the next non-decreasing sequence */
        while (i >= 0 && t[i] == 2)
            i--;
        if (i < 0)
            break;
        t[i]++;
        for (int j = i + 1; j < n; j++)
            t[j] = t[i];
    }
    for (int a = 0; a < count; a++) {
        int place = 0;
        for (int b = 0; b < count; b++)
            place += masks[b] < masks[a];
        p->set_place[codes[a]] = place;
    }
}

static void places_make(void)
{
    for (int n = 2; n <= MAX_LINKS; n++) {
        orders_make(n, &places[n]);
        type_sets_make(n, &places[n]);
    }
}

static void ends_add(sl_ends_t *m, int bit)
{
    m->w[bit >> 6] |= 1ull << (bit & 63);
}

/* Which ends each end of a reading joins: those in its column, row or
 * box, on another region. */
static void joins_make(sl_search_t *s)
{
    sl_ends_t in[27] = {{{0, 0}}};
    for (int a = 0; a < s->dd->nlinks; a++)
        for (int e = 0; e < 2; e++) {
            const sl_end_t *x = &s->dd->all[a]->end[e];
            if (x->col >= 0)
                ends_add(&in[TAB_COL_UNIT(x->col)], 2 * a + e);
            if (x->row >= 0)
                ends_add(&in[TAB_ROW_UNIT(x->row)], 2 * a + e);
            if (x->box >= 0)
                ends_add(&in[TAB_BOX_UNIT(x->box)], 2 * a + e);
        }
    for (int a = 0; a < s->dd->nlinks; a++) {
        sl_ends_t own = {{0, 0}}; /* the ends of its region's readings */
        for (int b = 0; b < s->dd->nlinks; b++)
            if (s->dd->all[b]->unit == s->dd->all[a]->unit) {
                ends_add(&own, 2 * b);
                ends_add(&own, 2 * b + 1);
            }
        for (int e = 0; e < 2; e++) {
            const sl_end_t *x = &s->dd->all[a]->end[e];
            sl_ends_t m = {{0, 0}};
            for (int i = 0; i < 2; i++) {
                if (x->col >= 0)
                    m.w[i] |= in[TAB_COL_UNIT(x->col)].w[i];
                if (x->row >= 0)
                    m.w[i] |= in[TAB_ROW_UNIT(x->row)].w[i];
                if (x->box >= 0)
                    m.w[i] |= in[TAB_BOX_UNIT(x->box)].w[i];
                m.w[i] &= ~own.w[i];
            }
            s->dd->joins[a][e] = m;
        }
    }
}

/* A chain of n links is in s->path: Sukaku's reading of it (its links in
 * the order of types and indexes, the link order q, the orientations u),
 * if it searches it that way round. */
static void path_done(sl_search_t *s)
{
    const int n = s->n;
    int q[MAX_LINKS], u[MAX_LINKS];
    const sl_end_t *start = &s->path[0].link->end[s->path[0].entry];
    const sl_end_t *end = &s->path[n - 1].link->end[1 - s->path[n - 1].entry];
    cellset_t cells = {0, 0};
    for (int i = 0; i < n; i++)
        cells = cellset_or(cells, s->g->t->unit_set[s->path[i].link->unit]);
    if (shared(start, end) < 0 && /* not a loop, and nothing sees both ends */
        cellset_none(cellset_and(cellset_and(start->see, end->see),
                          cellset_less(s->digit_cells, cells))))
        return;
    for (int i = 0; i < n; i++) { /* depth: links before it in that order */
        const sl_link_t *l = s->path[i].link;
        q[i] = 0;
        for (int j = 0; j < n; j++) {
            const sl_link_t *m = s->path[j].link;
            q[i] += m->type < l->type ||
                    (m->type == l->type && m->index < l->index);
        }
        u[i] = s->path[i].entry;
    }
    if (!forward(q, n))
        return; /* it reads the reverse */
    int code = 0, ocode = 0, bits = 0;
    s->link_cells = cells;
    for (int i = 0; i < n; i++) {
        const sl_link_t *l = s->path[i].link;
        s->chosen[q[i]] = l;
        s->types[q[i]] = l->type;
        ocode = ocode * 4 + q[i];
        bits = bits * 2 + u[i];
    }
    for (int d = 0; d < n; d++) {
        code = code * 3 + s->types[d];
        s->key[2 + 2 * d] = s->chosen[d]->index;
        s->key[3 + 2 * d] = s->chosen[d]->reading;
    }
    s->key[0] = s->places->set_place[code];
    s->key[1] = s->digit;
    s->key[2 + 2 * n] = s->places->order_place[ocode];
    s->key[3 + 2 * n] = bits;
    chain(s, q, u);
}

/* Whether link a comes before link b in the order of types and indexes
 * (a loop is taken from its first link). */
static int before(const sl_link_t *a, const sl_link_t *b)
{
    return a->type < b->type || (a->type == b->type && a->index < b->index);
}

/* Extend the chain (len links, the last left by its end `exit`) by a link
 * whose cells holding the digit are apart from those so far.  live: the
 * cells holding the digit that see the start and lie outside the links so
 * far; once it is empty only a loop can remove anything, and Sukaku
 * takes a loop from its first link entered by its first end. */
static void extend(sl_search_t *s, int len, int exit, cellset_t held,
                   cellset_t live)
{
    if (len >= s->n || len >= MAX_LINKS) {
        path_done(s);
        return;
    }
    const sl_ends_t *m = &s->dd->joins[s->path[len - 1].link->place][exit];
    for (int i = 0; i < 2; i++)
        for (uint64_t b = m->w[i]; b; b &= b - 1) {
            const int j = 64 * i + __builtin_ctzll(b);
            const sl_link_t *l = s->dd->all[j >> 1];
            if (!cellset_none(cellset_and(l->holders, held)))
                continue;
            if (len + 1 == s->n && !before(s->path[0].link, l))
                continue; /* Sukaku reads it the other way round */
            const cellset_t more =
                cellset_less(live, s->g->t->unit_set[l->unit]);
            if (cellset_none(more) &&
                (s->path[0].entry || before(l, s->path[0].link)))
                continue;
            s->path[len] = (sl_step_t){l, j & 1};
            extend(s, len + 1, 1 - (j & 1), cellset_or(held, l->holders),
                   more);
        }
}

int se_strong_links(const se_grid_t *g, int n, se_hint_t *h,
                    uint32_t *clean)
{
    sl_search_t s;
    if (n < 2 || n > MAX_LINKS)
        return 0;
    s.g = g;
    s.n = n;
    s.best = h;
    s.found = 0;
    pthread_once(&places_once, places_make);
    s.places = &places[n];
    for (s.digit = 0; s.digit < 9; s.digit++) {
        if (clean && (*clean >> s.digit & 1u))
            continue;
        s.digit_found = 0;
        s.digit_cells = digit_cells(g, s.digit);
        s.dd = &kept[s.digit];
        if (!s.dd->known || s.dd->cells.lo != s.digit_cells.lo ||
            s.dd->cells.hi != s.digit_cells.hi) {
            regions_read(&s);
            joins_make(&s);
            s.dd->cells = s.digit_cells;
            s.dd->known = 1;
        }
        for (int i = 0; i < s.dd->nlinks; i++)
            for (int e = 0; e < 2; e++) {
                const sl_link_t *l = s.dd->all[i];
                s.path[0] = (sl_step_t){l, e};
                extend(&s, 1, 1 - e, l->holders,
                       cellset_less(cellset_and(l->end[e].see, s.digit_cells),
                                g->t->unit_set[l->unit]));
            }
        if (clean && !s.digit_found)
            *clean |= 1u << s.digit;
    }
    return s.found;
}
