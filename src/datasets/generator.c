/*
 * generator.c -- random puzzles with exactly one solution.
 *
 * Model.  A puzzle is a solution grid with some cells emptied.  The grid
 * comes from random digits in the three diagonal boxes (which share no
 * unit, so any filling completes) completed by the solver, then spread by
 * a random permutation of rows within bands, bands, columns within stacks,
 * stacks and a transposition, all of which keep a grid valid.
 *
 * Clues are then removed greedily in a random order, one orbit of the
 * symmetry at a time (a single cell, or the 2 or 4 cells that the symmetry
 * maps onto each other), keeping a removal when the puzzle still has one
 * solution.  Removing clues only adds solutions, so a removal that fails
 * once fails for every later, smaller clue set: one pass over the orbits
 * yields a minimal puzzle, with no second pass.  Most removals are decided
 * without the solver: when every removed cell is forced by the remaining
 * clues alone -- its digit is the only one missing among its 20 peers
 * (naked single), or no other empty cell of one of its units can hold it
 * (hidden single) -- any solution must agree with the grid there, so the
 * puzzle stays unique.  For the others the solver looks for a solution
 * with a removed cell on another digit (any other solution has one); with
 * one or two such digits each is tried as a given, which propagation
 * mostly refutes at once, else solutions are counted to 2.  A fixed clue count stops the pass at that count; when the pass
 * ends above it, the search below climbs toward it for a while before a
 * new grid is tried.
 *
 * A removal whose puzzle has no clue left in some unavoidable set of the
 * grid (cells that could hold another arrangement of their digits) fails
 * without the solver too; the two-digit sets are cheap to find for every
 * grid and catch more than a third of the failures.
 *
 * The search mutates a puzzle by putting one empty orbit back from the
 * solution and repeating the greedy pass over the clues with that orbit
 * last; the result is unique, minimal (or of the same count) and keeps the
 * symmetry by construction.
 *
 * Every random choice comes from one rng.h stream per (seed, index), so a
 * puzzle does not depend on the thread or order in which it is made.  The
 * generator's state is its solver, orbit tables built by sf_gen_new and
 * only read afterwards, and the unavoidable sets of the grid in hand, which
 * speed decisions up but never change them.
 */
#include "sudoflow.h"

#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "geo_generator.h"
#include "kernel/kernels.h"

#define ALL_DIGITS 0x3feu      /* bits 1..9 */
#define MAX_ATTEMPTS 16        /* grids tried for a fixed clue count */
#define CLIMB_STEPS 64         /* perturbations per grid toward it */
#define GRID_TRIES 64          /* random partial grids tried */
#define ALT_MAX 2              /* most other candidates tried one by one */

typedef struct orbits {
    int n;                        /* number of orbits */
    int big;                      /* size of the largest orbit */
    uint8_t size[SF_CELLS];       /* cells in orbit k: 1, 2 or 4 */
    uint8_t cell[SF_CELLS][4];    /* the cells of orbit k */
} orbits_t;

/* A puzzle under construction with its digits per unit, for the cheap
 * forced-cell tests. */
typedef struct board {
    uint8_t cells[SF_CELLS]; /* 0 = empty */
    uint16_t row[9];         /* digit bits (1 << d) present per row */
    uint16_t col[9];         /* per column */
    uint16_t box[9];         /* per box */
    uint64_t mask[2];        /* givens as cell bits: 0..63, 64..80 */
    int clues;               /* givens on the board */
} board_t;

/* Unavoidable sets of the solution made of two digits: for digits a, b the
 * 18 cells holding them, linked when they share a unit, fall into
 * components; swapping a and b inside one component gives another valid
 * grid, so a puzzle with no clue in a component has two solutions. */
#define UA_MAX (36 * 4)
typedef struct uasets {
    int n;                        /* sets found */
    uint64_t mask[UA_MAX][2];     /* cells of each set */
    uint8_t of[SF_CELLS][8];      /* the 8 sets holding each cell */
    uint8_t nof[SF_CELLS];        /* sets filled into of[] so far */
} uasets_t;

/* Unavoidable sets met on the way: where a second solution found by the
 * solver differs from the grid.  A clue kept because of such a set stays
 * needed while the set has no other clue, which the passes of the climb
 * and the search check again and again.  In a grid's first pass no such
 * set can lose its last clue (the clue whose test found it is kept for
 * good), so there the second solutions are only stored, and turned into
 * cell sets when a later pass starts. */
#define LEARN_MAX 64
typedef struct learned {
    int n;                          /* sets held */
    int active;                     /* 1 once mask[] is filled and used */
    uint8_t alt[LEARN_MAX + 1][SF_CELLS]; /* the second solutions, and a
                                           * spare slot when full */
    uint64_t mask[LEARN_MAX][2];    /* cells where they differ */
} learned_t;

struct sf_gen {
    sf_solver_t *solver;              /* uniqueness checks, grid filling */
    uasets_t ua;                      /* of the current solution grid */
    learned_t learned;                /* of the current solution grid */
    orbits_t orbits[SF_SYM_COUNT];    /* per symmetry, read-only */
    geo_gen_t *geo;                   /* another geometry: its generator
                                       * (geo_generator.c) does it all */
};

static const char *const symmetry_names[SF_SYM_COUNT] = {
    [SF_SYM_NONE] = "none",         [SF_SYM_ROT180] = "rot180",
    [SF_SYM_ROT90] = "rot90",       [SF_SYM_DIAGONAL] = "diagonal",
    [SF_SYM_MIRROR] = "mirror",
};

const char *sf_symmetry_name(sf_symmetry_t s)
{
    if ((unsigned)s >= SF_SYM_COUNT)
        return "?";
    return symmetry_names[s];
}

int sf_symmetry_parse(const char *name)
{
    if (name == NULL)
        return -1;
    for (int s = 0; s < SF_SYM_COUNT; s++)
        if (strcmp(name, symmetry_names[s]) == 0)
            return s;
    return -1;
}

/* ------------------------------------------------------------- orbits */

/* The cell that symmetry s maps cell onto. */
static int sym_image(sf_symmetry_t s, int cell)
{
    const int r = cell / 9, c = cell % 9;
    switch (s) {
    case SF_SYM_ROT180:
        return 80 - cell;
    case SF_SYM_ROT90:
        return c * 9 + (8 - r);
    case SF_SYM_DIAGONAL:
        return c * 9 + r;
    case SF_SYM_MIRROR:
        return r * 9 + (8 - c);
    default:
        return cell;
    }
}

static void orbits_build(orbits_t *o, sf_symmetry_t s)
{
    uint8_t seen[SF_CELLS] = {0};
    o->n = 0;
    o->big = 1;
    for (int cell = 0; cell < SF_CELLS; cell++) {
        if (seen[cell])
            continue;
        const int k = o->n++;
        int size = 0, x = cell;
        do {
            o->cell[k][size++] = (uint8_t)x;
            seen[x] = 1;
            x = sym_image(s, x);
        } while (x != cell);
        o->size[k] = (uint8_t)size;
        if (size > o->big)
            o->big = size;
    }
}

/* -------------------------------------------------------------- board */

static inline int box_of(int cell)
{
    return cell / 27 * 3 + cell % 9 / 3;
}

static void board_clear(board_t *b)
{
    memset(b, 0, sizeof *b);
}

static inline void board_put(board_t *b, int cell, int d)
{
    const uint16_t bit = (uint16_t)(1u << d);
    b->cells[cell] = (uint8_t)d;
    b->row[cell / 9] |= bit;
    b->col[cell % 9] |= bit;
    b->box[box_of(cell)] |= bit;
    b->mask[cell >> 6] |= 1ull << (cell & 63);
    b->clues++;
}

static inline void board_take(board_t *b, int cell)
{
    const uint16_t keep = (uint16_t)~(1u << b->cells[cell]);
    b->cells[cell] = 0;
    b->row[cell / 9] &= keep;
    b->col[cell % 9] &= keep;
    b->box[box_of(cell)] &= keep;
    b->mask[cell >> 6] &= ~(1ull << (cell & 63));
    b->clues--;
}

static void board_fill(board_t *b, const uint8_t *grid)
{
    board_clear(b);
    for (int i = 0; i < SF_CELLS; i++)
        board_put(b, i, grid[i]);
}

/* Digits among the givens that see cell. */
static inline unsigned board_seen(const board_t *b, int cell)
{
    return (unsigned)(b->row[cell / 9] | b->col[cell % 9] |
                      b->box[box_of(cell)]);
}

/* Cell i of unit u: rows 0-8, columns 9-17, boxes 18-26. */
static inline int unit_cell(int u, int i)
{
    if (u < 9)
        return u * 9 + i;
    if (u < 18)
        return i * 9 + (u - 9);
    const int k = u - 18;
    return (k / 3 * 3 + i / 3) * 9 + k % 3 * 3 + i % 3;
}

/* 1 when no empty cell of unit u other than cell can hold bit's digit. */
static int only_place(const board_t *b, int u, int cell, unsigned bit)
{
    for (int i = 0; i < 9; i++) {
        const int e = unit_cell(u, i);
        if (e != cell && b->cells[e] == 0 && !(board_seen(b, e) & bit))
            return 0;
    }
    return 1;
}

/* 1 when the givens alone force the empty cell to hold d: a naked single
 * (every other digit sees it) or a hidden single in one of its units. */
static int board_forces(const board_t *b, int cell, int d)
{
    const unsigned bit = 1u << d;
    if ((board_seen(b, cell) | bit) == ALL_DIGITS)
        return 1;
    return only_place(b, cell / 9, cell, bit) ||
           only_place(b, 9 + cell % 9, cell, bit) ||
           only_place(b, 18 + box_of(cell), cell, bit);
}

/* ---------------------------------------------------- unavoidable sets */

/* Where each digit sits: its column per row, its row per column and per
 * box. */
typedef struct digit_pos {
    uint8_t col_in_row[10][9];
    uint8_t row_in_col[10][9];
    uint8_t row_in_box[10][9];
} digit_pos_t;

/* Rows whose a- or b-cell shares a column or box with row r's b- or a-cell.
 * A component contains both cells of each of its rows (they share the row),
 * so components are sets of rows. */
static unsigned pair_links(const digit_pos_t *p, int a, int b, int r)
{
    const int ca = p->col_in_row[a][r], cb = p->col_in_row[b][r];
    return 1u << p->row_in_col[b][ca] | 1u << p->row_in_col[a][cb] |
           1u << p->row_in_box[b][r / 3 * 3 + ca / 3] |
           1u << p->row_in_box[a][r / 3 * 3 + cb / 3];
}

/* Record the cells of digits a and b in the rows of comp as set k. */
static void ua_add_set(uasets_t *u, const digit_pos_t *p, int a, int b,
                       unsigned comp)
{
    const int k = u->n++;
    u->mask[k][0] = u->mask[k][1] = 0;
    for (; comp; comp &= comp - 1) {
        const int r = __builtin_ctz(comp);
        const int cells[2] = {r * 9 + p->col_in_row[a][r],
                              r * 9 + p->col_in_row[b][r]};
        for (int i = 0; i < 2; i++) {
            const int cell = cells[i];
            u->mask[k][cell >> 6] |= 1ull << (cell & 63);
            u->of[cell][u->nof[cell]++] = (uint8_t)k;
        }
    }
}

/* Add the components of digits a, b as sets. */
static void ua_add_pair(uasets_t *u, const digit_pos_t *p, int a, int b)
{
    unsigned links[9], left = 0x1ffu;
    for (int r = 0; r < 9; r++)
        links[r] = pair_links(p, a, b, r);
    while (left) {
        unsigned comp = left & -left, grown = comp;
        do {
            comp = grown;
            for (unsigned m = comp; m; m &= m - 1)
                grown |= links[__builtin_ctz(m)];
        } while (grown != comp);
        ua_add_set(u, p, a, b, comp);
        left &= ~comp;
    }
}

/* The two-digit unavoidable sets of the complete grid sol. */
static void ua_build(uasets_t *u, const uint8_t *sol)
{
    digit_pos_t p;
    for (int cell = 0; cell < SF_CELLS; cell++) {
        const int d = sol[cell], r = cell / 9, c = cell % 9;
        p.col_in_row[d][r] = (uint8_t)c;
        p.row_in_col[d][c] = (uint8_t)r;
        p.row_in_box[d][box_of(cell)] = (uint8_t)r;
    }
    u->n = 0;
    memset(u->nof, 0, sizeof u->nof);
    for (int a = 1; a <= 9; a++)
        for (int b = a + 1; b <= 9; b++)
            ua_add_pair(u, &p, a, b);
}

/* 1 when a set holding cell has no clue left on b. */
static int ua_emptied(const uasets_t *u, const board_t *b, int cell)
{
    for (int i = 0; i < 8; i++) {
        const uint64_t *m = u->mask[u->of[cell][i]];
        if ((m[0] & b->mask[0]) == 0 && (m[1] & b->mask[1]) == 0)
            return 1;
    }
    return 0;
}

/* --------------------------------------------------------------- grids */

/* Rows (or columns) 0..8 shuffled within bands, bands shuffled. */
static void banded_perm(rng_t *r, uint8_t *p)
{
    uint8_t band[3] = {0, 1, 2};
    rng_shuffle(r, band, 3);
    for (int k = 0; k < 3; k++) {
        uint8_t in[3] = {0, 1, 2};
        rng_shuffle(r, in, 3);
        for (int i = 0; i < 3; i++)
            p[3 * k + i] = (uint8_t)(3 * band[k] + in[i]);
    }
}

/* out = in with rows and columns permuted, maybe transposed. */
static void spread_grid(rng_t *r, const uint8_t *in, uint8_t *out)
{
    uint8_t rows[9], cols[9];
    banded_perm(r, rows);
    banded_perm(r, cols);
    const int transpose = (int)rng_below(r, 2);
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 9; j++)
            out[i * 9 + j] = transpose ? in[cols[j] * 9 + rows[i]]
                                       : in[rows[i] * 9 + cols[j]];
}

/* A random partial grid that can always be completed: the three boxes on
 * the diagonal, which share no unit, each a random permutation. */
static void partial_grid(rng_t *r, board_t *b)
{
    board_clear(b);
    for (int k = 0; k < 3; k++) {
        uint8_t d[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        rng_shuffle(r, d, 9);
        for (int i = 0; i < 9; i++)
            board_put(b, (3 * k + i / 3) * 9 + 3 * k + i % 3, d[i]);
    }
}

/* A random complete grid into grid.  0, or -1 when no partial grid could
 * be completed (does not happen in practice). */
static int make_grid(sf_gen_t *g, rng_t *r, uint8_t *grid)
{
    for (int t = 0; t < GRID_TRIES; t++) {
        board_t b;
        uint8_t full[SF_CELLS];
        sf_result_t res;
        partial_grid(r, &b);
        if (sf_solve_cells(g->solver, b.cells, 1, KERNEL_ASCENDING, full,
                           &res) ==
            SF_SOLVED) {
            spread_grid(r, full, grid);
            ua_build(&g->ua, grid);
            g->learned.n = 0;
            g->learned.active = 0;
            return 0;
        }
    }
    return -1;
}

/* ------------------------------------------------------------- removal */

/* 1 when a learned set has no clue left on b. */
static int learned_emptied(const learned_t *l, const board_t *b)
{
    for (int i = 0; i < l->n; i++)
        if ((l->mask[i][0] & b->mask[0]) == 0 &&
            (l->mask[i][1] & b->mask[1]) == 0)
            return 1;
    return 0;
}

/* mask[i] from alt[i]. */
static void learned_mask(learned_t *l, int i, const uint8_t *sol)
{
    uint64_t m[2] = {0, 0};
    for (int c = 0; c < SF_CELLS; c++)
        if (l->alt[i][c] != sol[c])
            m[c >> 6] |= 1ull << (c & 63);
    l->mask[i][0] = m[0];
    l->mask[i][1] = m[1];
}

/* Start using the learned sets. */
static void learned_activate(learned_t *l, const uint8_t *sol)
{
    if (l->active)
        return;
    for (int i = 0; i < l->n; i++)
        learned_mask(l, i, sol);
    l->active = 1;
}

/* Where the solver writes the next solution it finds. */
static uint8_t *learned_slot(learned_t *l)
{
    return l->alt[l->n < LEARN_MAX ? l->n : LEARN_MAX];
}

/* Keep the solution in the slot as a learned set when it is not sol. */
static void learned_keep(learned_t *l, const uint8_t *sol)
{
    if (l->n == LEARN_MAX || memcmp(l->alt[l->n], sol, SF_CELLS) == 0)
        return;
    if (l->active)
        learned_mask(l, l->n, sol);
    l->n++;
}

/* Digits that cell could take on b besides sol's. */
static inline unsigned other_digits(const board_t *b, const uint8_t *sol,
                                    int cell)
{
    return ALL_DIGITS & ~board_seen(b, cell) & ~(1u << sol[cell]);
}

/* 1 when b, which had the one solution sol before the n cells were taken
 * out, now has another.  Another solution differs from sol in one of the
 * cells (else it would solve the puzzle before), so with few other
 * candidates it is searched for with the first cell set to each of them,
 * then with that cell back at sol's digit and the next one tried, and so
 * on: a grid with one more given is mostly settled by propagation, and sol
 * itself is never searched for.  With more candidates one count to 2
 * costs less.  A second solution found is learned. */
static int other_solution(sf_gen_t *g, board_t *b, const uint8_t *sol,
                          const uint8_t *cells, int n)
{
    sf_result_t res;
    int found = 0, total = 0;
    for (int k = 0; k < n; k++)
        total += __builtin_popcount(other_digits(b, sol, cells[k]));
    if (total > ALT_MAX) {
        sf_solve_cells(g->solver, b->cells, 2, 0, learned_slot(&g->learned),
                       &res);
        found = res.count > 1;
    }
    for (int k = 0; k < n && total <= ALT_MAX && !found; k++) {
        const int cell = cells[k];
        for (unsigned m = other_digits(b, sol, cell); m && !found;
             m &= m - 1) {
            b->cells[cell] = (uint8_t)__builtin_ctz(m);
            sf_solve_cells(g->solver, b->cells, 1, 0,
                           learned_slot(&g->learned), &res);
            found = res.count > 0;
        }
        b->cells[cell] = sol[cell];
    }
    for (int k = 0; k < n; k++)
        b->cells[cells[k]] = 0;
    if (found)
        learned_keep(&g->learned, sol);
    return found;
}

/* 1 when b (one solution sol before cells were taken out) has one
 * solution: by the cheap tests where they decide, else by the solver. */
static int still_unique(sf_gen_t *g, board_t *b, const uint8_t *sol,
                        const uint8_t *cells, int n)
{
    for (int k = 0; k < n; k++)
        if (ua_emptied(&g->ua, b, cells[k]))
            return 0;
    if (g->learned.active && learned_emptied(&g->learned, b))
        return 0;
    int forced = 1;
    for (int k = 0; k < n && forced; k++)
        forced = board_forces(b, cells[k], sol[cells[k]]);
    if (forced)
        return 1;
    return !other_solution(g, b, sol, cells, n);
}

/* Remove the n cells from b when the puzzle stays unique; 1 if removed. */
static int try_remove(sf_gen_t *g, board_t *b, const uint8_t *sol,
                      const uint8_t *cells, int n)
{
    for (int k = 0; k < n; k++)
        board_take(b, cells[k]);
    if (still_unique(g, b, sol, cells, n))
        return 1;
    for (int k = 0; k < n; k++)
        board_put(b, cells[k], sol[cells[k]]);
    return 0;
}

/* Clue orbits of one cell on b. */
static int single_orbits(const board_t *b, const orbits_t *o)
{
    int n = 0;
    for (int k = 0; k < o->n; k++)
        n += o->size[k] == 1 && b->cells[o->cell[k][0]] != 0;
    return n;
}

/* One greedy pass: try the n orbits of order in turn, skipping empty ones.
 * With a target clue count, stop there and skip removals that would leave
 * it out of reach: below it, or with a surplus that the remaining orbits
 * cannot make up (a surplus of 1 with rot180 needs the centre cell). */
static void reduce(sf_gen_t *g, board_t *b, const uint8_t *sol,
                   const orbits_t *o, const uint8_t *order, int n, int target)
{
    int singles = target > 0 ? single_orbits(b, o) : 0;
    for (int i = 0; i < n && b->clues != target; i++) {
        const int k = order[i], size = o->size[k];
        if (b->cells[o->cell[k][0]] == 0)
            continue;
        if (target > 0) {
            const int surplus = b->clues - size - target;
            if (surplus < 0 || surplus % o->big > singles - (size == 1))
                continue;
        }
        if (try_remove(g, b, sol, o->cell[k], size))
            singles -= size == 1;
    }
}

int sf_gen_min_clues(sf_symmetry_t s)
{
    /* Measured: with fewer clues than these, the greedy passes and climbs
     * of sf_gen_puzzle (bounded attempts) fail nearly always; at these
     * counts about half the requests succeed, above them all do.  Unique
     * puzzles with 17-19 clues exist but are far too rare to hit. */
    static const int least[SF_SYM_COUNT] = {20, 22, 24, 22, 22};
    return (unsigned)s < SF_SYM_COUNT ? least[s] : -1;
}

const char *sf_gen_opts_problem(const sf_gen_opts_t *o)
{
    if ((unsigned)o->symmetry >= SF_SYM_COUNT)
        return "unknown symmetry";
    if (o->clues == 0)
        return NULL;
    if (o->clues < 17 || o->clues > SF_CELLS)
        return "no puzzle with fewer than 17 or more than 81 clues has "
               "exactly one solution";
    /* Quarter-turn orbits hold 4 cells, except the centre. */
    if (o->symmetry == SF_SYM_ROT90 && o->clues % 4 > 1)
        return "rot90 clue patterns are groups of four cells and the "
               "centre, so the count must be 4k or 4k+1";
    if (o->clues < sf_gen_min_clues(o->symmetry))
        return "fewer clues than the generator reaches";
    return NULL;
}

static int opts_valid(const sf_gen_opts_t *o)
{
    return sf_gen_opts_problem(o) == NULL;
}

/* Put one random empty orbit of b back and redo the greedy pass toward
 * target with it last.  The result is unique, and minimal when target is
 * 0.  0, or -1 when no orbit is empty. */
static int perturb(sf_gen_t *g, const orbits_t *orb, rng_t *r, board_t *b,
                   const uint8_t *sol, int target)
{
    uint8_t empty[SF_CELLS], order[SF_CELLS];
    int ne = 0, nc = 0;
    for (int k = 0; k < orb->n; k++) {
        if (b->cells[orb->cell[k][0]] == 0)
            empty[ne++] = (uint8_t)k;
        else
            order[nc++] = (uint8_t)k;
    }
    if (ne == 0)
        return -1;
    learned_activate(&g->learned, sol);
    const int a = empty[rng_below(r, (unsigned)ne)];
    for (int i = 0; i < orb->size[a]; i++)
        board_put(b, orb->cell[a][i], sol[orb->cell[a][i]]);
    rng_shuffle(r, order, (unsigned)nc);
    order[nc++] = (uint8_t)a;
    reduce(g, b, sol, orb, order, nc, target);
    return 0;
}

/* From a puzzle above target clues, perturb up to CLIMB_STEPS times,
 * keeping each result with no more clues.  1 when target was reached. */
static int climb(sf_gen_t *g, const orbits_t *orb, rng_t *r, board_t *b,
                 const uint8_t *sol, int target)
{
    for (int step = 0; step < CLIMB_STEPS; step++) {
        board_t next = *b;
        if (perturb(g, orb, r, &next, sol, target) != 0)
            return 0;
        if (next.clues <= b->clues)
            *b = next;
        if (b->clues == target)
            return 1;
    }
    return 0;
}

/* The puzzle of sf_gen_puzzle into b and sol, leaving r where generation
 * ended (the search continues on the same stream).  0 or -1. */
static int generate(sf_gen_t *g, const sf_gen_opts_t *o, rng_t *r,
                    board_t *b, uint8_t *sol)
{
    const orbits_t *orb = &g->orbits[o->symmetry];
    uint8_t order[SF_CELLS];
    for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        if (make_grid(g, r, sol) != 0)
            return -1;
        board_fill(b, sol);
        for (int i = 0; i < orb->n; i++)
            order[i] = (uint8_t)i;
        rng_shuffle(r, order, (unsigned)orb->n);
        reduce(g, b, sol, orb, order, orb->n, o->clues);
        if (o->clues == 0 || b->clues == o->clues ||
            climb(g, orb, r, b, sol, o->clues))
            return 0;
    }
    return -1;
}

/* ---------------------------------------------------------- public API */

sf_gen_t *sf_gen_new(void)
{
    sf_gen_t *g = malloc(sizeof *g);
    if (g == NULL)
        return NULL;
    g->solver = sf_solver_new(NULL);
    g->geo = NULL;
    if (g->solver == NULL) {
        free(g);
        return NULL;
    }
    for (int s = 0; s < SF_SYM_COUNT; s++)
        orbits_build(&g->orbits[s], (sf_symmetry_t)s);
    return g;
}

void sf_gen_free(sf_gen_t *g)
{
    if (g == NULL)
        return;
    sf_solver_free(g->solver);
    geo_gen_free(g->geo);
    free(g);
}

sf_gen_t *sf_gen_new_geom(const sf_geometry_t *geom)
{
    sf_gen_t *g = sf_gen_new();
    if (g == NULL || sf_geometry_is_classic(geom))
        return g;
    if ((g->geo = geo_gen_new(geom)) == NULL) {
        sf_gen_free(g);
        return NULL;
    }
    return g;
}

const char *sf_gen_geom_problem(const sf_geometry_t *geom,
                                const sf_gen_opts_t *o)
{
    if (o == NULL)
        return "no options";
    return sf_geometry_is_classic(geom) ? sf_gen_opts_problem(o)
                                        : geo_gen_problem(geom, o);
}

/* The first puzzle of stream (seed, index), with the stream left where it
 * stopped in *r.  0, or -1 for bad options or when it cannot be made. */
static int start(sf_gen_t *g, const sf_gen_opts_t *o, uint64_t seed,
                 uint64_t index, rng_t *r, board_t *b, uint8_t *sol)
{
    if (g == NULL || o == NULL || !opts_valid(o))
        return -1;
    rng_seed(r, seed, index);
    return generate(g, o, r, b, sol) != 0 ? -1 : 0;
}

int sf_gen_puzzle(sf_gen_t *g, const sf_gen_opts_t *o, uint64_t seed,
                  uint64_t index, uint8_t *puzzle, uint8_t *solution)
{
    rng_t r;
    board_t b;
    uint8_t sol[SF_CELLS];
    if (g != NULL && g->geo != NULL)
        return geo_gen_puzzle(g->geo, o, seed, index, puzzle, solution);
    if (!puzzle || !solution || start(g, o, seed, index, &r, &b, sol) != 0)
        return -1;
    memcpy(puzzle, b.cells, SF_CELLS);
    memcpy(solution, sol, SF_CELLS);
    return 0;
}

int sf_gen_search(sf_gen_t *g, const sf_gen_opts_t *o, uint64_t seed,
                  uint64_t index, double (*score)(void *ctx, const uint8_t *p),
                  int (*accept)(void *ctx, const uint8_t *p), void *ctx,
                  unsigned max_steps, uint8_t *puzzle, uint8_t *solution)
{
    rng_t r;
    board_t cur;
    uint8_t sol[SF_CELLS];
    if (score == NULL || !puzzle || !solution || (g != NULL && g->geo) ||
        start(g, o, seed, index, &r, &cur, sol) != 0)
        return -1;
    const orbits_t *orb = &g->orbits[o->symmetry];
    double best = score(ctx, cur.cells);
    int on_target = accept != NULL && accept(ctx, cur.cells);
    for (unsigned step = 0; step < max_steps && !on_target; step++) {
        board_t next = cur;
        if (perturb(g, orb, &r, &next, sol, o->clues) != 0)
            break;
        if ((o->clues > 0 && next.clues != o->clues) ||
            memcmp(next.cells, cur.cells, SF_CELLS) == 0)
            continue;
        const double s = score(ctx, next.cells);
        if (s < best)
            continue;
        cur = next;
        best = s;
        on_target = accept != NULL && accept(ctx, cur.cells);
    }
    memcpy(puzzle, cur.cells, SF_CELLS);
    memcpy(solution, sol, SF_CELLS);
    return on_target ? 0 : 1;
}
