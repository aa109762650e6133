/*
 * lanes.h -- naked and hidden singles on many puzzles at once (32 with
 * AVX-512), one puzzle to each 16-bit lane of the vectors (lanes.c):
 * classic 9x9, and the small geometries.
 *
 * Singles alone solve most easy puzzles, and a kernel that solves one
 * puzzle at a time spends a chain of dependent steps on each; side by
 * side, 32 puzzles take about the time of a few.  What the lanes cannot
 * finish goes back to the caller with the singles placed, for a kernel to
 * search from.
 */
#ifndef SF_LANES_H
#define SF_LANES_H

#include <stddef.h>
#include <stdint.h>

#include "sudoflow.h"

/* What became of a puzzle (lanes_singles). */
enum {
    LANES_SOLVED = 0, /* the closure is a solution, and the only one */
    LANES_OPEN = 1,   /* the closure is the puzzle with its singles placed,
                       * open cells 0: the same solutions */
    LANES_ASIS = 2,   /* the puzzle is to be solved as it was: a
                       * contradiction was seen (it has no solution), or
                       * the lanes were not paying and skipped it; the
                       * closure is not written */
};

/* Bytes of state lanes_singles needs (64-byte aligned). */
size_t lanes_state_size(void);

/* Naked and hidden singles on puzzles cells[0..n-1] (81 values 0..9 each)
 * until none applies.  Puzzle i's closure goes to closure + 81 * i and
 * its verdict (LANES_*) to verdict[i].  The state remembers how many
 * puzzles the lanes solved lately: while that is too few to pay for the
 * rounds, most calls skip the lanes (every verdict LANES_ASIS).  Before
 * the first call the state must be zero. */
void lanes_singles(void *state, const uint8_t *const *cells, size_t n,
                   uint8_t *closure, uint8_t *verdict);

/* 1 when lanes_singles_geom takes puzzles of geometry g: not classic, at
 * most 64 cells, side at most 16, no non-consecutive rule. */
int lanes_fit(const sf_geometry_t *g);

/* As lanes_singles, for puzzles of geometry g (lanes_fit), N*N cells each
 * (0 = empty, 1..N), closures N*N bytes apart. */
void lanes_singles_geom(void *state, const sf_geometry_t *g,
                        const uint8_t *const *cells, size_t n,
                        uint8_t *closure, uint8_t *verdict);

#endif
