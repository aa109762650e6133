/*
 * rating.h -- difficulty rating of a puzzle, and hashes of canonical forms.
 *
 * A puzzle's rating is how much guessing a backtracking solver needs for
 * it, averaged over random equivalent copies so that the order in which
 * the solver happens to meet the cells matters little; the copies are
 * drawn from the puzzle's canonical form with a generator seeded by that
 * form, so every puzzle of an equivalence class gets exactly the same
 * rating.
 */
#ifndef SF_RATE_H
#define SF_RATE_H

#include "sudoflow.h"

/* 128-bit hash of 81 cells, seeded: h[0], h[1].  Thread-safe. */
void sf_cells_hash(const uint8_t *cells, uint64_t seed, uint64_t h[2]);

/* The same lanes over len bytes, for grids of any size. */
void cells_hash_len(const uint8_t *cells, size_t len, uint64_t seed,
                    uint64_t h[2]);

/* The same for the canonical form of cells (sf_canon): equivalent puzzles
 * give the same hash.  canon (81 bytes, may be NULL) receives the form. */
void sf_canon_hash(const uint8_t *cells, uint64_t seed, uint64_t h[2],
                   uint8_t *canon);

#endif
