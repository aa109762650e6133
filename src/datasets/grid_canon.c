/*
 * grid_canon.c -- the canonical form of a complete, valid grid, fast.
 *
 * The form is sf_canon's (the smallest relabelled image under the whole
 * group), found by the structure a solution grid has rather than by
 * sf_canon's general search, which takes over a hundred microseconds on
 * a full grid: leak audits and solution-grid splits canonicalize every
 * solution of million-puzzle sets.
 *
 * Relabelled by first appearance, the top row of every image reads
 * 123456789, so the search starts from a choice of top band rows: the
 * transpose, the top row r0, the second row r1 of its band (36 choices).
 * Row 0's labels then turn row r1 into a permutation of the columns:
 * pi(c) is the column of row r0 holding the digit that row r1 has in
 * column c, and with the column order sigma (stack-preserving, 1296 of
 * them) output row 1 reads sigma^-1(pi(sigma(j))) + 1.  That string is
 * minimised position by position: choosing sigma(j) fixes the value at j
 * once the column pi(sigma(j)) has a position, and when it has none yet
 * the smallest position it can still take is the only one worth giving
 * it; ties branch, and a prefix above the best one found is dropped.
 * Every (start, sigma) reaching the best row 1 is kept; for each, row 2
 * is the band's last row and rows 3-8 follow without choice, since the
 * rows of a valid grid are distinct strings: the smallest remaining row
 * opens the next band, each band's rows in increasing order.  The
 * smallest of those whole grids is the form.  A grid that is not full
 * and valid, or one so symmetric that the kept candidates overflow their
 * table, is left to sf_canon (-1).
 */
#include "grid_canon.h"

#include <string.h>

#define MAX_CAND 2048

typedef struct start {
    uint8_t t, rows[3]; /* transpose, top band rows r0 r1 r2 */
} start_t;

typedef struct cand {
    start_t s;
    uint8_t sigma[9];   /* output column -> input column */
} cand_t;

/* A partial column order: what each branch of the search copies. */
typedef struct order {
    uint8_t sigma[9], sinv[9];  /* output <-> input column; 9: none */
    int8_t out_of[3], in_of[3]; /* output <-> input stack; -1: none */
} order_t;

typedef struct search {
    uint8_t pi[9];      /* see the top */
    uint8_t best[9];    /* the best row 1 so far (10: none yet) */
    start_t start;      /* the top band being tried */
    cand_t cand[MAX_CAND];
    int ncand, overflow;
} search_t;

/* 1 when g is a complete valid grid (every row, column, box 1..9). */
static int valid_full(const uint8_t *g)
{
    for (int i = 0; i < 9; i++) {
        unsigned row = 0, col = 0, box = 0;
        for (int k = 0; k < 9; k++) {
            const unsigned a = g[9 * i + k], b = g[9 * k + i];
            const unsigned c = g[9 * (3 * (i / 3) + k / 3) + 3 * (i % 3) +
                                 k % 3];
            if (a - 1 > 8 || b - 1 > 8 || c - 1 > 8)
                return 0;
            row |= 1u << a;
            col |= 1u << b;
            box |= 1u << c;
        }
        if ((row & col & box) != 0x3feu)
            return 0;
    }
    return 1;
}

static void assign(order_t *o, int col, int pos)
{
    o->sigma[pos] = (uint8_t)col;
    o->sinv[col] = (uint8_t)pos;
    o->out_of[pos / 3] = (int8_t)(col / 3);
    o->in_of[col / 3] = (int8_t)(pos / 3);
}

/* The smallest position input column col can still take: the first free
 * one of its stack's output stack, or the first of the first output
 * stack not taken; 9 when none. */
static int lowest_position(const order_t *o, int col)
{
    const int k = o->in_of[col / 3];
    if (k >= 0) {
        for (int p = 3 * k; p < 3 * k + 3; p++)
            if (o->sigma[p] == 9)
                return p;
        return 9;
    }
    for (int q = 0; q < 3; q++)
        if (o->out_of[q] < 0)
            return 3 * q;
    return 9;
}

static void extend(search_t *s, order_t o, int j);

/* Position j holds its column: give pi of it a position if it has none,
 * compare the value with the best row 1's, go on when not above. */
static void value_at(search_t *s, order_t o, int j)
{
    const int x = s->pi[o.sigma[j]];
    int v = o.sinv[x];
    if (v == 9) {
        if ((v = lowest_position(&o, x)) == 9)
            return;
        assign(&o, x, v);
    }
    if (v > s->best[j])
        return;
    if (v < s->best[j]) { /* a new best prefix: the old candidates go */
        s->best[j] = (uint8_t)v;
        memset(s->best + j + 1, 10, (size_t)(8 - j));
        s->ncand = 0;
        s->overflow = 0;
    }
    extend(s, o, j + 1);
}

static void extend(search_t *s, order_t o, int j)
{
    if (j == 9) {
        if (s->ncand == MAX_CAND) {
            s->overflow = 1;
            return;
        }
        s->cand[s->ncand].s = s->start;
        memcpy(s->cand[s->ncand++].sigma, o.sigma, 9);
        return;
    }
    if (o.sigma[j] != 9) { /* placed ahead by an earlier value */
        value_at(s, o, j);
        return;
    }
    const int k = o.out_of[j / 3]; /* its stack's columns, or any new */
    for (int st = k >= 0 ? k : 0; st < (k >= 0 ? k + 1 : 3); st++) {
        if (k < 0 && o.in_of[st] >= 0)
            continue;
        for (int col = 3 * st; col < 3 * st + 3; col++) {
            if (o.sinv[col] != 9)
                continue;
            order_t n = o;
            assign(&n, col, j);
            value_at(s, n, j);
        }
    }
}

/* Every top band of g[t]: the candidates of the best row 1. */
static void search_all(search_t *s, const uint8_t g[2][81],
                       uint8_t pos[2][9][10])
{
    memset(s->best, 10, sizeof s->best);
    s->ncand = 0;
    s->overflow = 0;
    order_t none;
    memset(none.sigma, 9, 9);
    memset(none.sinv, 9, 9);
    memset(none.out_of, -1, 3);
    memset(none.in_of, -1, 3);
    for (int t = 0; t < 2; t++)
        for (int r0 = 0; r0 < 9; r0++)
            for (int k = 1; k <= 2; k++) {
                const int b = r0 / 3 * 3;
                const int r1 = b + (r0 % 3 + k) % 3;
                const int r2 = b + (r0 % 3 + 3 - k) % 3;
                s->start = (start_t){(uint8_t)t,
                                     {(uint8_t)r0, (uint8_t)r1, (uint8_t)r2}};
                for (int c = 0; c < 9; c++)
                    s->pi[c] = pos[t][r0][g[t][9 * r1 + c]];
                extend(s, none, 0);
            }
}

/* Candidate c as a whole relabelled grid into out, and its rows. */
static void build(const uint8_t g[2][81], const cand_t *c, uint8_t out[81],
                  uint8_t rows[9])
{
    const uint8_t *G = g[c->s.t];
    uint8_t label[10];
    for (int j = 0; j < 9; j++)
        label[G[9 * c->s.rows[0] + c->sigma[j]]] = (uint8_t)(j + 1);
    uint8_t str[9][9];
    for (int r = 0; r < 9; r++)
        for (int j = 0; j < 9; j++)
            str[r][j] = label[G[9 * r + c->sigma[j]]];
    memcpy(rows, c->s.rows, 3);
    const int top = c->s.rows[0] / 3;
    int lo = -1; /* the smallest row of the other bands opens band 1 */
    for (int r = 0; r < 9; r++)
        if (r / 3 != top && (lo < 0 || memcmp(str[r], str[lo], 9) < 0))
            lo = r;
    const int b1 = lo / 3, b2 = 3 - top - b1;
    for (int k = 0; k < 2; k++) { /* each band's rows in order */
        uint8_t *w = rows + 3 + 3 * k;
        const int b = k ? b2 : b1;
        for (int i = 0; i < 3; i++)
            w[i] = (uint8_t)(3 * b + i);
        for (int i = 1; i < 3; i++)
            for (int m = i; m > 0 && memcmp(str[w[m]], str[w[m - 1]], 9) < 0;
                 m--) {
                const uint8_t x = w[m];
                w[m] = w[m - 1];
                w[m - 1] = x;
            }
    }
    for (int r = 0; r < 9; r++)
        memcpy(out + 9 * r, str[rows[r]], 9);
}

int grid_canon(const uint8_t *in, uint8_t *out, sf_xform_t *t)
{
    if (!valid_full(in))
        return -1;
    uint8_t g[2][81], pos[2][9][10];
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            g[0][9 * r + c] = in[9 * r + c];
            g[1][9 * c + r] = in[9 * r + c];
        }
    for (int k = 0; k < 2; k++)
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++)
                pos[k][r][g[k][9 * r + c]] = (uint8_t)c;
    search_t s;
    search_all(&s, g, pos);
    if (s.overflow || s.ncand == 0)
        return -1;
    uint8_t best[81], cur[81], rows[9];
    int win = 0;
    build(g, &s.cand[0], best, rows);
    for (int i = 1; i < s.ncand; i++) {
        build(g, &s.cand[i], cur, rows);
        if (memcmp(cur, best, 81) < 0) {
            memcpy(best, cur, 81);
            win = i;
        }
    }
    memcpy(out, best, 81);
    if (t) {
        const cand_t *c = &s.cand[win];
        build(g, c, cur, rows);
        t->transpose = c->s.t;
        memcpy(t->row, rows, 9);
        memcpy(t->col, c->sigma, 9);
        t->digit[0] = 0;
        for (int j = 0; j < 9; j++)
            t->digit[g[c->s.t][9 * c->s.rows[0] + c->sigma[j]]] =
                (uint8_t)(j + 1);
    }
    return 0;
}
