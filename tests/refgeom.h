/*
 * refgeom.h -- the reference backtracker for every grid geometry the tests
 * trust: sizes 1..32, boxes or irregular regions, and the variant rules.
 * It shares no code with the library (nor with refsolve.c) and is written
 * from the rules below, kept naive so that it can be checked by reading.
 *
 * The rules (the contract):
 *
 * - A grid is N x N, N from 1 to 32, holding the values 1..N.  Cells are
 *   numbered row-major, r * N + c.  A puzzle is N * N bytes: 0 = empty,
 *   1..N = a given.
 * - Regions are either boxes R x C (R rows high, C columns wide, R * C = N;
 *   the box of cell (r, c) is (r / R) * (N / C) + c / C), or a region map of
 *   N * N labels (any byte values; the cells with equal labels form one
 *   region); a map must use exactly N labels, each N times
 *   (refg_check_regions).
 * - Every row, every column and every region holds each value once.
 * - Variants, each a flag of refg_t.variants:
 *   REFG_X_MAIN: the main diagonal (r == c) holds each value once;
 *   REFG_X_ANTI: the anti-diagonal (r + c == N - 1) holds each value once;
 *   REFG_WINDOKU (boxes only): the R x C rectangles whose top-left cell is
 *     at row 1 + i * (R + 1), column 1 + j * (C + 1), for every i, j >= 0
 *     for which the rectangle fits in the grid, each hold each value once
 *     (on 9x9 with 3x3 boxes: the four windows at rows/columns 1-3, 5-7);
 *   REFG_DISJOINT (boxes only): the cells with the same position inside
 *     their box, (r mod R) * C + (c mod C), each hold each value once;
 *   REFG_ANTIKNIGHT: two cells a knight's move apart (|dr|, |dc| = 1, 2 or
 *     2, 1) never hold the same value;
 *   REFG_ANTIKING: two cells a king's move apart (|dr| <= 1, |dc| <= 1, not
 *     the same cell) never hold the same value;
 *   REFG_NONCONSECUTIVE: two orthogonally adjacent cells (|dr| + |dc| == 1)
 *     never hold values that differ by exactly 1.
 * - Extra regions: up to REFG_MAX_EXTRA label maps of N * N bytes; label 0
 *   means "in no extra region", any other label k groups the cells labelled
 *   k, and each such group holds each value at most once.  Groups may have
 *   fewer than N cells (a group of more than N cells is allowed and simply
 *   has no solution).
 *
 * The search: the givens are checked first, then the empty cells are filled
 * in row-major order with the values 1..N in ascending order, a value being
 * allowed when no rule is broken by it with the cells already filled.  No
 * propagation, no heuristics, so the first solution found is the
 * lexicographically smallest (row-major).  The fewest-first search fills
 * next the empty cell with the fewest allowed values (the first in row
 * order among ties) instead: the same counts, much faster on big grids,
 * but its first solution need not be the smallest.  Neither is fast on
 * sparse 16x16 or 25x25 puzzles (millions of nodes and more): give those a
 * node budget.
 *
 * All functions are reentrant: their state lives on the caller's stack
 * (14 KB for the counts and refg_givens_consistent, under 1 KB for the
 * other checks, whatever N; the search is a loop, not a recursion);
 * nothing is allocated and the geometry is only read.
 */
#ifndef REFGEOM_H
#define REFGEOM_H

#include <stdint.h>

#define REFG_MAX_N 32                             /* largest side */
#define REFG_MAX_CELLS (REFG_MAX_N * REFG_MAX_N)  /* largest N * N */
#define REFG_MAX_EXTRA 8                          /* extra label maps */

/* Variant flags (refg_t.variants). */
#define REFG_X_MAIN 0x01u         /* main diagonal, top-left to bottom-right */
#define REFG_X_ANTI 0x02u         /* anti-diagonal, top-right to bottom-left */
#define REFG_X (REFG_X_MAIN | REFG_X_ANTI)
#define REFG_WINDOKU 0x04u        /* the windows between boxes; boxes only */
#define REFG_DISJOINT 0x08u       /* same position in the box; boxes only */
#define REFG_ANTIKNIGHT 0x10u     /* no equal values a knight's move apart */
#define REFG_ANTIKING 0x20u       /* no equal values a king's move apart */
#define REFG_NONCONSECUTIVE 0x40u /* no orthogonal neighbours differing by 1 */
#define REFG_ALL_VARIANTS 0x7fu

/* A geometry.  The caller owns the maps; they are only read. */
typedef struct refg {
    int n;                   /* side N, 1..REFG_MAX_N */
    int box_r, box_c;        /* box height R and width C when regions is
                              * NULL (R * C == N); else ignored */
    const uint8_t *regions;  /* N * N region labels, or NULL for boxes */
    unsigned variants;       /* REFG_X_MAIN | ... (REFG_ALL_VARIANTS) */
    int nextra;              /* extra label maps in use, 0..REFG_MAX_EXTRA */
    const uint8_t *extra[REFG_MAX_EXTRA]; /* N * N labels each, 0 = none */
} refg_t;

/* 1 when labels (n * n bytes) is a region map for side n: exactly n
 * distinct labels, each on n cells.  Else 0, and *why (when why is not
 * NULL) receives a static reason. */
int refg_check_regions(int n, const uint8_t *labels, const char **why);

/* 1 when g is well-formed: N in 1..32; boxes with R, C >= 1 and R * C == N,
 * or a valid region map; WINDOKU and DISJOINT only with boxes; no unknown
 * variant flag; nextra in 0..REFG_MAX_EXTRA with every map present.  Else
 * 0, and *why (when why is not NULL) receives a static reason. */
int refg_check(const refg_t *g, const char **why);

/* Count the solutions of cells (N * N values, 0 = empty, 1..N = given) in
 * geometry g, stopping at limit (0 = no limit) or after node_budget trial
 * placements (0 = no budget).  Givens that break a rule together, or a
 * value above N, give a count of 0.  Returns 0 when the search finished
 * (*count is the count), -1 when the budget ran out (*count holds the
 * solutions found so far, a lower bound), or -2 when g is not well-formed
 * (refg_check; *count is 0).  When *count > 0 and first is not NULL, first
 * (N * N bytes) receives the first solution found, the lexicographically
 * smallest.  *nodes (nodes may be NULL) receives the placements made. */
int refg_count_bounded(const refg_t *g, const uint8_t *cells, uint64_t limit,
                       uint64_t node_budget, uint8_t *first, uint64_t *count,
                       uint64_t *nodes);

/* As refg_count_bounded, but the fewest-first search: the same counts, the
 * first solution is a solution but not necessarily the smallest. */
int refg_count_fewest_bounded(const refg_t *g, const uint8_t *cells,
                              uint64_t limit, uint64_t node_budget,
                              uint8_t *first, uint64_t *count,
                              uint64_t *nodes);

/* refg_count_bounded without a budget; 0 also for a malformed g.  Can take
 * very long on sparse puzzles with limit 0. */
uint64_t refg_count(const refg_t *g, const uint8_t *cells, uint64_t limit,
                    uint8_t *first);

/* 1 when g is well-formed, every value of cells (N * N) is 0..N and no two
 * givens break a rule together; else 0. */
int refg_givens_consistent(const refg_t *g, const uint8_t *cells);

/* 1 when g is well-formed and sol (N * N) is a complete grid satisfying
 * every rule of g that agrees with every given of puzzle (N * N; NULL for
 * no givens); else 0.  It checks the rules as written above, group by
 * group and pair by pair, sharing no code with the search. */
int refg_valid_solution(const refg_t *g, const uint8_t *puzzle,
                        const uint8_t *sol);

#endif
