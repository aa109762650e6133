/*
 * refvariant.h -- the reference for variant constraints: a checker of a
 * filled grid and a naive backtracker, written from the rules below and
 * sharing no code with the library.
 *
 * The rules (the contract, as docs/variants.md states them):
 *
 * - An N x N grid with boxes R x C (R rows high), values 1..N, cells
 *   r * N + c; every row, column and box holds each value once.
 * - CAGE: its cells hold no value twice; with value > 0 they sum to it.
 * - THERMO: values strictly increase along the cells, cells[0] the bulb;
 *   SLOW_THERMO: they never decrease.
 * - ARROW: the first split cells, read as the decimal digits of a number
 *   in order, equal the sum of the other cells.
 * - DIFF: |a - b| = value.  RATIO: a = value * b or b = value * a.
 *   SUM: a + b = value.  LESS: a < b.
 * - ODD, EVEN: the cell's value is odd, even.
 * - MIN, MAX: the cell is less, greater than each orthogonal neighbour.
 * - EQUAL: the two cells hold the same value.
 * - PALINDROME: cell i and cell k - 1 - i hold the same value.
 * - WHISPER: consecutive cells differ by at least value, or by
 *   (N + 1) / 2 when value is 0.
 * - RENBAN: the values are distinct and the largest less the smallest is
 *   k - 1.
 * - BETWEEN: every cell but the first and the last holds a value strictly
 *   between theirs.
 * - REGION_SUM: cut the line where consecutive cells lie in different
 *   boxes; every piece has the same sum.
 * - ENTROPIC: with the thirds of 1..N (value v in third (v - 1) * 3 / N),
 *   any three consecutive cells lie in three different thirds (a line of
 *   two cells has none).
 * - LITTLE_KILLER: the cells sum to value (repeats allowed).
 * - QUADRUPLE: value packs values 5 bits each (0 ends); each appears
 *   among the cells at least as often as it is packed.
 * - Negative constraints, on two orthogonal neighbours a, b: NEG_DIFF,
 *   unless a DIFF rule names the pair, |a - b| != 1; NEG_RATIO, unless a
 *   RATIO rule does, neither is twice the other; NEG_XV, unless a SUM
 *   rule does, a + b is neither 5 nor 10.
 *
 * The search fills the empty cells in row-major order with values
 * ascending, a value being allowed when no rule is broken with the cells
 * already filled (a rule over cells not all filled is checked as far as
 * its filled cells go: repeats, partial sums above the total, counting 1
 * for each empty cell of an arrow or little killer, thermometer, whisper
 * and entropic neighbours, palindrome mirrors, renban repeats and spread,
 * a between line's middle once its ends are in; region sums and
 * quadruples once all their cells are filled).  The first solution found is the lexicographically
 * smallest.
 */
#ifndef REFVARIANT_H
#define REFVARIANT_H

#include <stdint.h>

#define REFV_MAX_N 16
#define REFV_MAX_CELLS (REFV_MAX_N * REFV_MAX_N)
#define REFV_RULE_CELLS 32

enum {
    REFV_CAGE, REFV_THERMO, REFV_SLOW_THERMO, REFV_ARROW, REFV_DIFF,
    REFV_RATIO, REFV_SUM, REFV_LESS, REFV_ODD, REFV_EVEN, REFV_MIN, REFV_MAX,
    REFV_EQUAL, REFV_PALINDROME, REFV_WHISPER, REFV_RENBAN, REFV_BETWEEN,
    REFV_REGION_SUM, REFV_ENTROPIC, REFV_LITTLE_KILLER, REFV_QUADRUPLE
};
#define REFV_NEG_DIFF 1u
#define REFV_NEG_RATIO 2u
#define REFV_NEG_XV 4u

typedef struct refv_rule {
    int kind, value, ncells, split;
    int cells[REFV_RULE_CELLS];
} refv_rule_t;

typedef struct refv {
    int n, box_r, box_c;
    unsigned neg;
    int nrules;
    const refv_rule_t *rules;
} refv_t;

/* 1 when grid (N * N values) keeps the units and every rule of p. */
int refv_holds(const refv_t *p, const uint8_t *grid);

/* Count the solutions of cells (0 = empty) up to limit, or until budget
 * placements were tried (0: no budget; *exhausted set to 1 then).  When
 * the count is not 0, first receives the first solution found. */
uint64_t refv_count(const refv_t *p, const uint8_t *cells, uint64_t limit,
                    uint64_t budget, uint8_t *first, int *exhausted);

/* As refv_count, filling next the empty cell with the fewest values that
 * break nothing (the first in row-major order among ties): the same
 * counts, far fewer placements on 9x9, and a first solution that need not
 * be the smallest. */
uint64_t refv_count_fewest(const refv_t *p, const uint8_t *cells,
                           uint64_t limit, uint64_t budget, uint8_t *first,
                           int *exhausted);

#endif
