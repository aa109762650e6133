/*
 * gen_target.h -- puzzles generated toward a difficulty target: a logic
 * level, a rating range, an SE rating range, or several of them.
 *
 * Puzzle `index` of the stream `seed` is searched for by fresh starts on
 * seeds derived from (seed, attempt), each taken when on target and, when
 * close, moved toward it by a short hill climb (sf_gen_search).  Without a
 * target it is sf_gen_puzzle's puzzle.  The result depends only on the
 * options, the seed and the index, never on the thread or call order.
 */
#ifndef SF_GEN_TARGET_H
#define SF_GEN_TARGET_H

#include <stdint.h>

#include "sudoflow.h"

#define GEN_TARGET_ATTEMPTS 4096 /* fresh starts per puzzle with a target */
#define GEN_TARGET_SE_BUDGET 2.0 /* seconds of SE rating per candidate */

/* What gen_target_make did with a puzzle. */
enum { GEN_MADE = 0, GEN_MISSED, GEN_FAILED };

/* Per-thread state: a generator, a solver for ratings and the last
 * evaluation.  Used by one thread at a time. */
typedef struct gen_target gen_target_t;

/* New state for target t (copied), or NULL when out of memory. */
gen_target_t *gen_target_new(const sf_gen_target_t *t);
void gen_target_free(gen_target_t *g);

/* 1 when t asks for a level, a rating or an SE rating. */
int gen_target_any(const sf_gen_target_t *t);

/* Make puzzle index of stream seed with options o: GEN_MADE (puzzle and
 * solution written), GEN_MISSED (no puzzle on target after
 * GEN_TARGET_ATTEMPTS starts) or GEN_FAILED (the options cannot give a
 * puzzle, see sf_gen_puzzle). */
int gen_target_make(gen_target_t *g, const sf_gen_opts_t *o, uint64_t seed,
                    uint64_t index, uint8_t *puzzle, uint8_t *solution);

/* The SE rating of puzzle p from the last evaluation, into *out: 1, or 0
 * when there is none (no SE target, or p was not the puzzle last rated).
 * For a puzzle gen_target_make made it is sf_se_rate's with
 * GEN_TARGET_SE_BUDGET: a rating within a target's maximum is not cut
 * short. */
int gen_target_se(const gen_target_t *g, const uint8_t *p,
                  sf_se_result_t *out);

#endif
