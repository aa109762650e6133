/*
 * automorphism.c -- how many transforms of the Sudoku equivalence group map
 * a puzzle onto itself (sf_automorphisms): the size of its automorphism
 * group, the identity included.  It says how symmetric a puzzle is (most
 * have 1; a puzzle with a symmetric clue pattern and a matching digit
 * relabelling has 2 or more), and how many distinct puzzles its class
 * holds: 2 * 6^8 * 9! divided by it.
 *
 * A transform t is a geometric map g (transpose or not, then output row r
 * takes input row rho[r] and output column c input column kappa[c], rows
 * within bands and bands among themselves, columns likewise: the
 * sf_xform_t of sudoflow.h) and a relabelling sigma of the digits, and
 * t(P)[r][c] = sigma(T(P)[rho[r]][kappa[c]]).  t fixes P when every given
 * cell maps to a given cell and every empty one to an empty one, and the
 * digits of the given cells pair up as a bijection of the digits present.
 * A digit that P does not hold can go to any other such digit, so the
 * count is (geometric maps that fix P for some sigma) * m!, m the number
 * of absent digits: 2 * 6^8 * 9! = 1,218,998,108,160 for the empty grid.
 *
 * Search.  For each transposition, stack order and band order, the clue
 * counts must match: output row r's count in each output stack equals its
 * input row's in the stack the order maps it from, and the same for
 * columns and bands (checked for columns first, as multisets per stack,
 * before any row is chosen).  Within each band the row orders that pass
 * are listed; orders whose rows are equal cell by cell give the same grid
 * and are kept once with their multiplicity (the empty grid's bands have
 * one order of weight 6).  For every combination of the bands' orders,
 * the columns are placed one by one in their stacks: an input column
 * whose given cells (as rows of the reordered grid) are not exactly the
 * output column's is skipped, and the digit map is extended cell by cell,
 * undone on the way back, so a clash ends the branch at once; columns
 * equal cell by cell are tried once, counted with their multiplicity.
 * Nothing assumes a valid puzzle: empty, full and contradictory grids
 * take the same path, values above 9 read as empty.  A typical puzzle
 * takes microseconds, a full grid milliseconds (thousands of row orders
 * pass the counts, the digits then decide); the empty grid is counted
 * in a few hundred column searches.
 */
#include "automorphism.h"

#include <string.h>

static const uint8_t PERM3[6][3] = {
    {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

/* The counts of givens of a grid: per row and stack, per column and band. */
typedef struct counts {
    uint8_t row_stack[9][3];
    uint8_t col_band[9][3];
} counts_t;

typedef struct am {
    uint8_t p[SF_CELLS];  /* the puzzle */
    uint8_t q[SF_CELLS];  /* the puzzle, transposed or not */
    counts_t pc, qc;
    uint16_t pmask[9];    /* per column of p: rows with a given */
    const uint8_t *stack; /* output stack s takes input stack stack[s] */
    const uint8_t *band;  /* output band b takes input band band[b] */
    /* The grid of the rows chosen: row r is q's row rho[r]. */
    uint8_t g[SF_CELLS];
    uint16_t gmask[9];    /* per column of g: rows with a given */
    uint8_t twin[9];      /* per column of g: the first column of its stack
                           * equal to it cell by cell */
    uint16_t used;        /* columns of g placed */
    uint8_t fwd[10], inv[10]; /* the digit map g -> p so far, and back */
} am_t;

static void count(const uint8_t *x, counts_t *c)
{
    memset(c, 0, sizeof *c);
    for (int r = 0; r < 9; r++)
        for (int col = 0; col < 9; col++)
            if (x[9 * r + col]) {
                c->row_stack[r][col / 3]++;
                c->col_band[col][r / 3]++;
            }
}

/* Columns: for each output stack, the multiset of its columns' counts per
 * band must be that of its input stack's columns, read through the band
 * order. */
static int columns_fit(const am_t *a)
{
    for (int s = 0; s < 3; s++) {
        int want[3], have[3];
        for (int j = 0; j < 3; j++) {
            const uint8_t *pc = a->pc.col_band[3 * s + j];
            const uint8_t *qc = a->qc.col_band[3 * a->stack[s] + j];
            want[j] = pc[0] | pc[1] << 4 | pc[2] << 8;
            have[j] = qc[a->band[0]] | qc[a->band[1]] << 4 |
                      qc[a->band[2]] << 8;
        }
        int matched = 0; /* have[] matched, as bits */
        for (int j = 0; j < 3; j++) {
            int k = 0;
            while (k < 3 && ((matched >> k & 1) || have[k] != want[j]))
                k++;
            if (k == 3)
                return 0;
            matched |= 1 << k;
        }
    }
    return 1;
}

/* Whether input row `in` of q can be output row `out`: its counts per
 * stack, read through the stack order. */
static int row_fits(const am_t *a, int out, int in)
{
    for (int s = 0; s < 3; s++)
        if (a->qc.row_stack[in][a->stack[s]] != a->pc.row_stack[out][s])
            return 0;
    return 1;
}

/* The orders of output band b's rows (input rows 3 * band[b] + order[j])
 * that pass the counts, one of each set equal cell by cell, with their
 * multiplicities.  Returns how many. */
static int band_orders(const am_t *a, int b, int order[6], int weight[6])
{
    const int in = 3 * a->band[b];
    int n = 0;
    for (int o = 0; o < 6; o++) {
        int fits = 1;
        for (int j = 0; j < 3 && fits; j++)
            fits = row_fits(a, 3 * b + j, in + PERM3[o][j]);
        if (!fits)
            continue;
        int k = 0;
        for (; k < n; k++) {
            int same = 1;
            for (int j = 0; j < 3 && same; j++)
                same = memcmp(a->q + 9 * (in + PERM3[order[k]][j]),
                              a->q + 9 * (in + PERM3[o][j]), 9) == 0;
            if (same)
                break;
        }
        if (k < n) {
            weight[k]++;
        } else {
            order[n] = o;
            weight[n++] = 1;
        }
    }
    return n;
}

/* Column placements for columns c..8 of p from the unused columns of g:
 * the number of ways that keep the digit map a bijection. */
static uint64_t place_columns(am_t *a, int c)
{
    if (c == 9)
        return 1;
    const int first = 3 * a->stack[c / 3];
    const uint16_t want = a->pmask[c];
    uint64_t total = 0;
    for (int j = 0; j < 3; j++) {
        const int gc = first + j;
        if ((a->used >> gc & 1) || a->gmask[gc] != want)
            continue;
        /* One of each set of equal unused columns, counted for all. */
        uint64_t mult = 0;
        int seen = 0;
        for (int k = 0; k < 3; k++) {
            const int o = first + k;
            if (!(a->used >> o & 1) && a->twin[o] == a->twin[gc]) {
                seen |= o < gc;
                mult++;
            }
        }
        if (seen)
            continue;
        uint8_t added[9];
        int nadded = 0, ok = 1;
        for (uint16_t m = want; m && ok; m &= (uint16_t)(m - 1)) {
            const int r = __builtin_ctz(m);
            const uint8_t pd = a->p[9 * r + c], gd = a->g[9 * r + gc];
            if (a->fwd[gd] == 0 && a->inv[pd] == 0) {
                a->fwd[gd] = pd;
                a->inv[pd] = gd;
                added[nadded++] = gd;
            } else if (a->fwd[gd] != pd) {
                ok = 0;
            }
        }
        if (ok) {
            a->used |= (uint16_t)(1u << gc);
            total += mult * place_columns(a, c + 1);
            a->used &= (uint16_t)~(1u << gc);
        }
        while (nadded > 0) {
            const uint8_t gd = added[--nadded];
            a->inv[a->fwd[gd]] = 0;
            a->fwd[gd] = 0;
        }
    }
    return total;
}

/* The grid g of rows rho, and the column searches on it. */
static uint64_t rows_chosen(am_t *a, const uint8_t rho[9])
{
    for (int r = 0; r < 9; r++)
        memcpy(a->g + 9 * r, a->q + 9 * rho[r], 9);
    for (int c = 0; c < 9; c++) {
        uint16_t m = 0;
        for (int r = 0; r < 9; r++)
            if (a->g[9 * r + c])
                m |= (uint16_t)(1u << r);
        a->gmask[c] = m;
        int t = c - c % 3;
        for (; t < c; t++) {
            int same = 1;
            for (int r = 0; r < 9 && same; r++)
                same = a->g[9 * r + t] == a->g[9 * r + c];
            if (same)
                break;
        }
        a->twin[c] = (uint8_t)t;
    }
    a->used = 0;
    memset(a->fwd, 0, sizeof a->fwd);
    memset(a->inv, 0, sizeof a->inv);
    return place_columns(a, 0);
}

uint64_t automorphism_maps(const uint8_t *cells)
{
    am_t a;
    for (int i = 0; i < SF_CELLS; i++)
        a.p[i] = cells[i] <= 9 ? cells[i] : 0;
    count(a.p, &a.pc);
    for (int c = 0; c < 9; c++) {
        uint16_t m = 0;
        for (int r = 0; r < 9; r++)
            if (a.p[9 * r + c])
                m |= (uint16_t)(1u << r);
        a.pmask[c] = m;
    }
    uint64_t total = 0;
    for (int tr = 0; tr < 2; tr++) {
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++)
                a.q[9 * r + c] = tr ? a.p[9 * c + r] : a.p[9 * r + c];
        count(a.q, &a.qc);
        for (int s = 0; s < 6; s++) {
            a.stack = PERM3[s];
            for (int b = 0; b < 6; b++) {
                a.band = PERM3[b];
                if (!columns_fit(&a))
                    continue;
                int order[3][6], weight[3][6], n[3] = {0, 0, 0};
                for (int k = 0; k < 3; k++)
                    if ((n[k] = band_orders(&a, k, order[k], weight[k])) == 0)
                        break;
                if (!n[0] || !n[1] || !n[2])
                    continue;
                uint8_t rho[9];
                for (int i0 = 0; i0 < n[0]; i0++)
                    for (int i1 = 0; i1 < n[1]; i1++)
                        for (int i2 = 0; i2 < n[2]; i2++) {
                            const int pick[3] = {order[0][i0], order[1][i1],
                                                 order[2][i2]};
                            for (int k = 0; k < 3; k++)
                                for (int j = 0; j < 3; j++)
                                    rho[3 * k + j] =
                                        (uint8_t)(3 * a.band[k] +
                                                  PERM3[pick[k]][j]);
                            const uint64_t w = (uint64_t)weight[0][i0] *
                                               (uint64_t)weight[1][i1] *
                                               (uint64_t)weight[2][i2];
                            total += w * rows_chosen(&a, rho);
                        }
            }
        }
    }
    return total;
}

uint64_t sf_automorphisms(const uint8_t *cells)
{
    if (!cells)
        return 0;
    unsigned present = 0;
    for (int i = 0; i < SF_CELLS; i++)
        if (cells[i] >= 1 && cells[i] <= 9)
            present |= 1u << cells[i];
    uint64_t f = 1;
    for (int m = 9 - __builtin_popcount(present); m > 1; m--)
        f *= (uint64_t)m;
    return automorphism_maps(cells) * f;
}
