/*
 * equivalence.c -- Sudoku transforms and the canonical (minimal) form.
 *
 * A transform is applied exactly as sf_xform_t reads: transpose, pick the
 * rows and columns, map the digits.  A random one draws every factor
 * (transpose, band order, row order per band, the same for stacks and
 * columns, digit permutation) uniformly from the caller's rng stream.
 *
 * The canonical form is the smallest of the 2 * 6^8 geometric images of the
 * puzzle, each relabelled by first appearance.  Trying them all would take
 * millions of string compares per puzzle; instead the output is built one
 * row at a time by branch and bound.  A candidate is a transpose flag plus
 * the input rows chosen for output rows 0..r-1.  For output row r, every
 * candidate is extended by each input row the band structure allows, and
 * for that choice the best row string is sought over all column orders
 * that keep rows 0..r-1 equal to the best prefix already fixed: a
 * depth-first search places one input column per output position, stack by
 * stack, checks the earlier rows' cells of that column against the fixed
 * prefix while it builds the digit relabelling, and drops a branch as soon
 * as its partial row r exceeds the best row r found so far at this level.
 * Only candidates whose row r ties the best go on to the next row.  Column
 * orders are never stored: the fixed prefix pins them down, and each level
 * derives them again.
 *
 * A digit of row r that occurred in an earlier row takes the label of that
 * occurrence, known only once the column holding it is placed; until then
 * it is "pending", bounded below by the smallest old label not yet taken.
 * Symmetry cuts keep ties from multiplying: identical rows of a band,
 * identical bands and a grid equal to its transpose give the same strings,
 * and so do columns (or whole stacks) that agree in every row placed so
 * far, so only the first of each is tried; row 0 with distinct digits is
 * written down directly.  Nothing here assumes a valid puzzle: empty, full
 * and contradictory grids go through the same search; complete valid
 * grids, the solutions, have a faster method of their own (grid_canon.c)
 * that gives the same form.
 */
#include <string.h>

#include "equivalence.h"
#include "grid_canon.h"

void sf_xform_identity(sf_xform_t *t)
{
    t->transpose = 0;
    for (uint8_t i = 0; i < 9; i++) {
        t->row[i] = i;
        t->col[i] = i;
    }
    for (uint8_t d = 0; d < 10; d++)
        t->digit[d] = d;
}

/* A uniform random line order that keeps chutes (bands or stacks) whole. */
static void random_lines(rng_t *r, uint8_t line[9])
{
    uint8_t chute[3] = {0, 1, 2};
    rng_shuffle(r, chute, 3);
    for (int k = 0; k < 3; k++) {
        uint8_t in[3] = {0, 1, 2};
        rng_shuffle(r, in, 3);
        for (int j = 0; j < 3; j++)
            line[3 * k + j] = (uint8_t)(3 * chute[k] + in[j]);
    }
}

void sf_xform_random(sf_xform_t *t, rng_t *r)
{
    uint8_t d[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    t->transpose = (uint8_t)rng_below(r, 2);
    random_lines(r, t->row);
    random_lines(r, t->col);
    rng_shuffle(r, d, 9);
    t->digit[0] = 0;
    memcpy(t->digit + 1, d, 9);
}

/* Whether the n values of v, each below n + base, are base..base+n-1. */
static int is_perm(const uint8_t *v, int n, int base)
{
    unsigned seen = 0;
    for (int i = 0; i < n; i++) {
        if (v[i] < base || v[i] >= base + n)
            return 0;
        seen |= 1u << (v[i] - base);
    }
    return seen == (1u << n) - 1;
}

int sf_xform_apply(const sf_xform_t *t, const uint8_t *in, uint8_t *out)
{
    if (!t || !in || !out || !is_perm(t->row, 9, 0) ||
        !is_perm(t->col, 9, 0) || t->digit[0] != 0 ||
        !is_perm(t->digit + 1, 9, 1))
        return -1;
    uint8_t src[81];
    memcpy(src, in, sizeof src);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            const int i = t->row[r], j = t->col[c];
            const uint8_t v = src[t->transpose ? j * 9 + i : i * 9 + j];
            out[r * 9 + c] = v <= 9 ? t->digit[v] : 0;
        }
    return 0;
}

/* ------------------------------------------------------ canonical form */

#define CANON_MAX 2592 /* 2 transposes * 6 band orders * 6^3 row orders */

typedef struct canon_cand {
    uint8_t t;       /* transpose flag */
    uint8_t rows[9]; /* input rows of the output rows fixed so far */
} canon_cand_t;

/* Digit maps are packed 4 bits per digit: label of d = map >> 4d & 15,
 * 0 while d has none.  Label sets are bit masks (bit l = label l). */
typedef struct canon {
    uint8_t g[2][81];     /* the puzzle and its transpose */
    uint16_t digits[2][9]; /* per row of g[t]: mask of its digits */
    uint8_t clues[2][9];  /* per row of g[t]: its clue count */
    uint64_t fixed[9];    /* per output column: labels of rows < r, 4 bits
                             a row (row i at bits 4i) */
    uint64_t fixed_nz[9]; /* the same with 1 for a label, 0 for empty */
    uint8_t best[81];     /* rows < r: the fixed prefix; row r once have */
    int have;             /* a row r has been found at this level */
    unsigned gen;         /* counts changes of best */
    const uint8_t *grid;  /* g[t] of the candidate being extended */
    const uint8_t *rows;  /* its input rows for output rows 0..r */
    const uint8_t *last;  /* the cells of input row rows[r] */
    int r;                /* the output row being chosen */
    unsigned oldmask;     /* digits present in rows 0..r-1 */
    unsigned oldlabs;     /* their labels 1..L */
    uint64_t cells[9];    /* per input column: digits in rows 0..r-1,
                             packed as fixed */
    uint64_t cells_nz[9]; /* the same with 1 for a digit, 0 for empty */
    uint16_t twin[9];     /* per input column: interchangeable earlier
                             columns of its stack (see canon_twins) */
    uint8_t stwin[3];     /* per input stack: interchangeable earlier stacks */
    int result;           /* -1 worse than best, 0 ties, 1 new best */
    uint8_t raw[9];       /* row r digit at each output position so far */
    uint8_t perm[9];      /* input column at each output position so far */
    uint8_t win_perm[9];  /* column order of the latest new best */
    uint64_t win_map;     /* and its digit map */
} canon_t;

static unsigned label_of(uint64_t map, unsigned d)
{
    return (unsigned)(map >> (4 * d)) & 15;
}

/* One node of the column search: what the positions placed so far fix. */
typedef struct canon_path {
    uint64_t map;  /* digit -> label (fixed rows, and new digits of row r) */
    unsigned used; /* input columns placed */
    unsigned labs; /* old labels taken */
    unsigned next; /* last label given out */
    unsigned gen;  /* s->gen when eq was last brought up to date */
    int eq;        /* row r equals best on positions < eq; 10: is below */
} canon_path_t;

/* 0 when row r placed up to position c is certainly worse than best.
 * Resumes from p->eq unless best changed since (gen). */
static int canon_bound(const canon_t *s, canon_path_t *p, int c)
{
    const uint8_t *b = s->best + 9 * s->r;
    if (p->gen != s->gen) {
        p->gen = s->gen;
        p->eq = 0;
    }
    for (; p->eq <= c; p->eq++) {
        const unsigned d = s->raw[p->eq];
        const unsigned l = d ? label_of(p->map, d) : 0;
        if (d && !l) { /* pending: some old label not yet taken */
            const unsigned avail = s->oldlabs & ~p->labs;
            return !avail || (unsigned)__builtin_ctz(avail) <= b[p->eq];
        }
        if (l != b[p->eq]) {
            if (l > b[p->eq])
                return 0;
            p->eq = 10;
            return 1;
        }
    }
    return 1;
}

/* A complete row r: compare it with best, update best and result. */
static void canon_offer(canon_t *s, const uint8_t *row, uint64_t map)
{
    uint8_t *b = s->best + 9 * s->r;
    const int cmp = s->have ? memcmp(row, b, 9) : -1;
    if (cmp > 0)
        return;
    if (cmp == 0) {
        if (s->result < 0)
            s->result = 0;
        return;
    }
    memcpy(b, row, 9);
    s->have = 1;
    s->gen++;
    s->result = 1;
    memcpy(s->win_perm, s->perm, 9);
    s->win_map = map;
}

static void canon_leaf(canon_t *s, uint64_t map)
{
    uint8_t row[9];
    for (int p = 0; p < 9; p++)
        row[p] = (uint8_t)(s->raw[p] ? label_of(map, s->raw[p]) : 0);
    canon_offer(s, row, map);
}

static void canon_next(canon_t *s, int c, canon_path_t p);

/* Put input column q at output position c if the fixed rows allow it
 * (their empty cells already match: see canon_stack). */
static void canon_place(canon_t *s, int c, int q, canon_path_t p)
{
    for (uint64_t rows = s->cells_nz[q]; rows; rows &= rows - 1) {
        const int i = __builtin_ctzll(rows); /* 4 * the row */
        const unsigned d = (unsigned)(s->cells[q] >> i) & 15;
        const unsigned l = (unsigned)(s->fixed[c] >> i) & 15;
        const unsigned m = label_of(p.map, d);
        if (m) {
            if (m != l)
                return;
        } else {
            if (p.labs >> l & 1)
                return;
            p.map |= (uint64_t)l << (4 * d);
            p.labs |= 1u << l;
        }
    }
    const unsigned d = s->last[q];
    if (d && !(s->oldmask >> d & 1) && !label_of(p.map, d))
        p.map |= (uint64_t)++p.next << (4 * d);
    s->raw[c] = (uint8_t)d;
    s->perm[c] = (uint8_t)q;
    if (s->have && !canon_bound(s, &p, c))
        return;
    p.used |= 1u << q;
    canon_next(s, c + 1, p);
}

/* Try each free column of input stack st at position c whose cells in the
 * fixed rows are empty where best is, skipping a column when an
 * interchangeable one before it is still free. */
static void canon_stack(canon_t *s, int c, int st, const canon_path_t *p)
{
    for (int q = 3 * st; q < 3 * st + 3; q++)
        if (!(p->used >> q & 1) && !(s->twin[q] & ~p->used) &&
            s->cells_nz[q] == s->fixed_nz[c])
            canon_place(s, c, q, *p);
}

static void canon_next(canon_t *s, int c, canon_path_t p)
{
    if (c == 9) {
        canon_leaf(s, p.map);
        return;
    }
    if (c % 3) {
        canon_stack(s, c, s->perm[c - 1] / 3, &p);
        return;
    }
    unsigned open = 0; /* stacks with no column placed yet */
    for (int st = 0; st < 3; st++)
        if (!(p.used >> (3 * st) & 7))
            open |= 1u << st;
    for (int st = 0; st < 3; st++)
        if ((open >> st & 1) && !(s->stwin[st] & open))
            canon_stack(s, c, st, &p);
}

/* Columns interchangeable for the search at row r: swapping them (within a
 * stack, or whole stacks column for column) changes neither rows 0..r-1
 * nor the relabelled row r.  That holds when their cells in rows 0..r are
 * equal, and when both are empty in rows 0..r-1 and hold, in row r, digits
 * new to the prefix that occur once in the row.  Columns are keyed by their
 * cells (4 bits a row); a stack by the sorted classes of its columns. */
static void canon_twins(canon_t *s)
{
    const uint8_t *last = s->last;
    uint64_t key[9];
    uint8_t cls[9], seen[16] = {0};
    for (int q = 0; q < 9; q++)
        seen[last[q]]++;
    for (int q = 0; q < 9; q++) {
        key[q] = s->cells[q];
        const unsigned d = last[q];
        if (!key[q] && d && !(s->oldmask >> d & 1) && seen[d] == 1)
            key[q] = (uint64_t)1 << 63; /* a new digit, once in the row */
        else
            key[q] |= (uint64_t)d << (4 * s->r);
        int k = 0;
        while (key[k] != key[q])
            k++;
        cls[q] = (uint8_t)k;
        s->twin[q] = 0;
        for (int p = q / 3 * 3; p < q; p++)
            if (cls[p] == cls[q])
                s->twin[q] |= (uint16_t)(1u << p);
    }
    unsigned sig[3];
    for (int st = 0; st < 3; st++) {
        unsigned a = cls[3 * st], b = cls[3 * st + 1], c = cls[3 * st + 2], t;
        if (a > b) { t = a; a = b; b = t; }
        if (b > c) { t = b; b = c; c = t; }
        if (a > b) { t = a; a = b; b = t; }
        sig[st] = a << 8 | b << 4 | c;
        s->stwin[st] = 0;
        for (int p = 0; p < st; p++)
            if (sig[p] == sig[st])
                s->stwin[st] |= (uint8_t)(1u << p);
    }
}

/* Set up the search for the candidate with rows 0..r-1 (rows[r] to be
 * chosen, in place, before each canon_extend). */
static void canon_prepare(canon_t *s, const canon_cand_t *cand, int r)
{
    s->grid = s->g[cand->t];
    s->rows = cand->rows;
    s->r = r;
    s->oldmask = 0;
    for (int i = 0; i < r; i++)
        s->oldmask |= s->digits[cand->t][cand->rows[i]];
    memset(s->cells, 0, sizeof s->cells);
    memset(s->cells_nz, 0, sizeof s->cells_nz);
    for (int i = 0; i < r; i++) {
        const uint8_t *row = s->grid + 9 * cand->rows[i];
        for (int q = 0; q < 9; q++) {
            s->cells[q] |= (uint64_t)row[q] << (4 * i);
            s->cells_nz[q] |= (uint64_t)(row[q] != 0) << (4 * i);
        }
    }
    const unsigned nold = (unsigned)__builtin_popcount(s->oldmask);
    s->oldlabs = (1u << (nold + 1)) - 2;
}

/* Row 0 without repeated digits needs no search: its labels count up in
 * order, so it is smallest with the stacks by increasing clue count and
 * each stack's empty cells first.  0 when the row repeats a digit. */
static int canon_first_row(canon_t *s)
{
    int count[3] = {0};
    unsigned seen = 0;
    for (int q = 0; q < 9; q++) {
        const unsigned d = s->last[q];
        if (d && (seen >> d & 1))
            return 0;
        seen |= 1u << d;
        count[q / 3] += d != 0;
    }
    for (int i = 1; i < 3; i++)
        for (int j = i; j > 0 && count[j] < count[j - 1]; j--) {
            const int t = count[j];
            count[j] = count[j - 1];
            count[j - 1] = t;
        }
    uint8_t row[9];
    uint8_t label = 0;
    for (int p = 0; p < 9; p++)
        row[p] = p % 3 < 3 - count[p / 3] ? 0 : ++label;
    canon_offer(s, row, 0);
    return 1;
}

/* Best row r for the prepared candidate with rows[r] set; returns
 * canon_t.result. */
static int canon_extend(canon_t *s)
{
    s->last = s->grid + 9 * s->rows[s->r];
    s->result = -1;
    if (s->r == 0 && canon_first_row(s))
        return s->result;
    canon_twins(s);
    const canon_path_t start = {.next = (unsigned)__builtin_popcount(s->oldmask)};
    canon_next(s, 0, start);
    return s->result;
}

static int row_used(const canon_cand_t *cand, int r, int row)
{
    for (int i = 0; i < r; i++)
        if (cand->rows[i] == row)
            return 1;
    return 0;
}

static int band_used(const canon_cand_t *cand, int r, int b)
{
    for (int i = 0; i < r; i++)
        if (cand->rows[i] / 3 == b)
            return 1;
    return 0;
}

/* 1 when a free row before row x in its band has the same cells. */
static int row_twin(const uint8_t *g, const canon_cand_t *cand, int r, int x)
{
    for (int y = x / 3 * 3; y < x; y++)
        if (!row_used(cand, r, y) && !memcmp(g + 9 * y, g + 9 * x, 9))
            return 1;
    return 0;
}

/* Input rows that may follow cand as output row r, the sparsest first
 * (a good first bound prunes the rest sooner).  Returns their number. */
static int canon_choices(const canon_t *s, const canon_cand_t *cand, int r,
                         uint8_t x[9])
{
    const uint8_t *g = s->g[cand->t];
    const uint8_t *clues = s->clues[cand->t];
    int n = 0;
    for (int b = 0; b < 3; b++) {
        if (r % 3 ? b != cand->rows[r - 1] / 3 : band_used(cand, r, b))
            continue;
        int twin = 0; /* an earlier free band with the same cells */
        for (int a = 0; a < b && r % 3 == 0; a++)
            twin |= !band_used(cand, r, a) &&
                    !memcmp(g + 27 * a, g + 27 * b, 27);
        for (int y = 3 * b; y < 3 * b + 3 && !twin; y++)
            if (!row_used(cand, r, y) && !row_twin(g, cand, r, y))
                x[n++] = (uint8_t)y;
    }
    for (int i = 1; i < n; i++) /* insertion sort by clue count */
        for (int j = i; j > 0 && clues[x[j]] < clues[x[j - 1]];
             j--) {
            const uint8_t tmp = x[j];
            x[j] = x[j - 1];
            x[j - 1] = tmp;
        }
    return n;
}

/* Fill t from the winning candidate, its columns and digit map. */
static void canon_xform(const canon_t *s, const canon_cand_t *win,
                        sf_xform_t *t)
{
    unsigned taken = 0;
    t->transpose = win->t;
    memcpy(t->row, win->rows, 9);
    memcpy(t->col, s->win_perm, 9);
    t->digit[0] = 0;
    for (unsigned d = 1; d <= 9; d++) {
        t->digit[d] = (uint8_t)label_of(s->win_map, d);
        taken |= 1u << t->digit[d];
    }
    unsigned l = 1;
    for (unsigned d = 1; d <= 9; d++) {
        if (t->digit[d])
            continue;
        while (taken >> l & 1)
            l++;
        t->digit[d] = (uint8_t)l++;
    }
}

/* The puzzle, its transpose and their per-row digit sets and counts. */
static void canon_load(canon_t *s, const uint8_t *in)
{
    memset(s->digits, 0, sizeof s->digits);
    memset(s->clues, 0, sizeof s->clues);
    memset(s->fixed, 0, sizeof s->fixed);
    memset(s->fixed_nz, 0, sizeof s->fixed_nz);
    s->gen = 0;
    for (int i = 0; i < 81; i++) {
        const uint8_t v = in[i] <= 9 ? in[i] : 0;
        s->g[0][i] = v;
        s->g[1][i % 9 * 9 + i / 9] = v;
        if (v) {
            s->digits[0][i / 9] |= (uint16_t)(1u << v);
            s->digits[1][i % 9] |= (uint16_t)(1u << v);
            s->clues[0][i / 9]++;
            s->clues[1][i % 9]++;
        }
    }
}

/* Add row r-1 of best, now fixed, to the packed columns (r > 0). */
static void canon_fix(canon_t *s, int r)
{
    for (int c = 0; c < 9; c++) {
        const unsigned l = s->best[9 * (r - 1) + c];
        s->fixed[c] |= (uint64_t)l << (4 * (r - 1));
        s->fixed_nz[c] |= (uint64_t)(l != 0) << (4 * (r - 1));
    }
}

void sf_canon(const uint8_t *in, uint8_t *out, sf_xform_t *t)
{
    if (!in || !out)
        return;
    if (memchr(in, 0, 81) || grid_canon(in, out, t) != 0)
        canon_search(in, out, t); /* grids have a faster method */
}

void canon_search(const uint8_t *in, uint8_t *out, sf_xform_t *t)
{
    canon_t s;
    canon_cand_t bufs[2][CANON_MAX];
    canon_cand_t *cur = bufs[0], *nxt = bufs[1];
    canon_load(&s, in);
    int n = 1;
    memset(cur, 0, 2 * sizeof *cur);
    if (memcmp(s.g[0], s.g[1], 81))
        cur[n++].t = 1;
    for (int r = 0; r < 9; r++) {
        int m = 0;
        s.have = 0;
        if (r > 0)
            canon_fix(&s, r);
        for (int k = 0; k < n; k++) {
            uint8_t x[9];
            const int nx = canon_choices(&s, &cur[k], r, x);
            canon_cand_t c = cur[k];
            canon_prepare(&s, &c, r);
            for (int j = 0; j < nx; j++) {
                c.rows[r] = x[j];
                const int res = canon_extend(&s);
                if (res > 0)
                    m = 0;
                if (res >= 0 && m < CANON_MAX)
                    nxt[m++] = c;
            }
        }
        canon_cand_t *const tmp = cur;
        cur = nxt;
        nxt = tmp;
        n = m;
    }
    memcpy(out, s.best, 81);
    if (t)
        canon_xform(&s, &cur[0], t);
}
