/*
 * generate.h -- random puzzles with exactly one solution: minimal ones (no
 * clue can be removed) or ones with a chosen number of clues, optionally
 * symmetric, and a hill-climbing search toward a caller-defined target.
 *
 * Every puzzle is a pure function of (options, seed, index): all random
 * choices come from the rng.h stream (seed, index), so any number of threads
 * may generate any indices in any order and the output is the same.
 */
#ifndef SF_GENERATE_H
#define SF_GENERATE_H

#include <stdint.h>

#include "sudoflow.h"

/* Symmetry of the clue pattern: a cell is a clue exactly when its images
 * are.  rot180: (r,c) ~ (8-r,8-c); rot90: quarter turns; diagonal: (r,c) ~
 * (c,r); mirror: (r,c) ~ (r,8-c). */
typedef enum sf_symmetry {
    SF_SYM_NONE = 0,
    SF_SYM_ROT180,
    SF_SYM_ROT90,
    SF_SYM_DIAGONAL,
    SF_SYM_MIRROR,
    SF_SYM_COUNT
} sf_symmetry_t;

/* "none", "rot180", "rot90", "diagonal", "mirror"; "?" when out of range. */
const char *sf_symmetry_name(sf_symmetry_t s);
/* The symmetry of that name, or -1 when the name is unknown or NULL. */
int sf_symmetry_parse(const char *name);

typedef struct sf_gen_opts {
    int clues;              /* 0: minimal (no clue, or with a symmetry no
                             * orbit of clues, is removable); else exactly
                             * this many (17..81) */
    sf_symmetry_t symmetry; /* clue pattern symmetry */
} sf_gen_opts_t;

/* Per-thread generator state; owns a solver on the default kernel. */
typedef struct sf_gen sf_gen_t;

/* New generator, or NULL when out of memory.  Used by one thread at a time. */
sf_gen_t *sf_gen_new(void);
void sf_gen_free(sf_gen_t *g);

/* Puzzle number `index` of the stream `seed`: the result depends only on
 * (opts, seed, index), never on the thread or call order.  Writes a puzzle
 * (81 cells, 0 = empty) with exactly one solution and that solution (81
 * cells, 1..9).  Returns 0, or -1 when the options are invalid (clues not 0
 * and not in 17..81, an unknown symmetry, rot90 with clues % 4 not 0 or 1)
 * or cannot be met after a bounded number of attempts (low clue counts:
 * below about 21 most requests fail). */
int sf_gen_puzzle(sf_gen_t *g, const sf_gen_opts_t *o, uint64_t seed,
                  uint64_t index, uint8_t *puzzle, uint8_t *solution);

/* Search toward a target: starting from sf_gen_puzzle's result, mutate
 * (keep the solution; put an empty orbit of cells back and remove others,
 * keeping exactly one solution, minimality when o->clues == 0, the clue
 * count otherwise, and the symmetry) and keep a mutation when score() does
 * not get worse, until accept() says the puzzle is on target or max_steps
 * mutations were tried.  score(ctx, puzzle) is higher = closer to target;
 * accept may be NULL (never on target).  Returns 0 when on target, 1 when
 * steps ran out (the best puzzle found is written), -1 as above or when
 * score is NULL.  Deterministic in (opts, seed, index). */
int sf_gen_search(sf_gen_t *g, const sf_gen_opts_t *o, uint64_t seed,
                  uint64_t index, double (*score)(void *ctx, const uint8_t *p),
                  int (*accept)(void *ctx, const uint8_t *p), void *ctx,
                  unsigned max_steps, uint8_t *puzzle, uint8_t *solution);

#endif
