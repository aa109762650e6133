/*
 * refsolve.h -- the reference Sudoku backtracker the tests trust.
 *
 * It shares no code with the library and is kept deliberately naive so that
 * it is obviously correct: the givens are checked first, then empty cells are
 * filled in row-major order with digits 1..9 in ascending order, a digit being
 * allowed when its row, column and box do not hold it yet.  No propagation,
 * no heuristics.  Because of that order the first solution found is the
 * lexicographically smallest one.  Pencilmark puzzles (candidate masks) are
 * searched the same way, a cell's digits limited to its mask.
 *
 * All functions are reentrant: state lives on the caller's stack.
 */
#ifndef REFSOLVE_H
#define REFSOLVE_H

#include <stdint.h>

/* Count the solutions of cells (81 values, 0 = empty, 1..9 = given), stopping
 * at limit (0 = no limit).  Givens that contradict each other, or a value
 * above 9, give 0.  When the result is > 0 and first is not NULL, first
 * receives the first solution found, which is the lexicographically smallest.
 * Can take very long on sparse puzzles with limit 0; see ref_count_bounded. */
uint64_t ref_count(const uint8_t cells[81], uint64_t limit, uint8_t first[81]);

/* As ref_count, but gives up after node_budget trial placements
 * (0 = no budget).  Returns 0 and stores the count in *count when the search
 * finished, or -1 when the budget ran out (then *count holds the solutions
 * found so far, a lower bound, and first is filled if that is > 0).
 * *nodes (may be NULL) receives the placements made. */
int ref_count_bounded(const uint8_t cells[81], uint64_t limit,
                      uint64_t node_budget, uint8_t first[81],
                      uint64_t *count, uint64_t *nodes);

/* Pencilmark puzzles: cands holds 81 masks, bit d - 1 set when digit d may
 * go in the cell.  Every cell is filled with the digits of its mask in
 * ascending order: in row-major order (so, again, the first solution found
 * is the smallest), or with fewest_first next the empty cell with the
 * fewest digits allowed by its mask and the digits placed (the first in
 * row order among those), which is much faster on sparse masks but whose
 * first solution need not be the smallest; otherwise as
 * ref_count_bounded.  A mask with bits above bit 8 gives 0. */
int ref_count_cands_bounded(const uint16_t cands[81], int fewest_first,
                            uint64_t limit, uint64_t node_budget,
                            uint8_t first[81], uint64_t *count,
                            uint64_t *nodes);

/* 1 when sol is a complete valid grid whose every digit is among its
 * cell's candidates in cands; else 0. */
int ref_valid_cands_solution(const uint16_t cands[81], const uint8_t sol[81]);

/* 1 when no two givens of cells clash (same digit twice in a row, column or
 * box) and every value is 0..9; else 0. */
int ref_givens_consistent(const uint8_t cells[81]);

/* 1 when sol is a complete valid grid (every row, column and box holds 1..9
 * once) that agrees with every given of puzzle; else 0. */
int ref_valid_solution(const uint8_t puzzle[81], const uint8_t sol[81]);

#endif
