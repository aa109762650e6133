/*
 * gen_target.c -- puzzles generated toward a logic level or rating range
 * (see gen_target.h).
 *
 * A fresh puzzle on a sub-stream (the seed itself for the first attempt,
 * then a seed derived from the seed and the attempt) is taken when on
 * target; when it is close, a short hill climb (sf_gen_search) moves clues
 * toward the target by a score built from the logic solver capped at the
 * target level (how many cells it fills when the puzzle is too hard, how
 * many levels are missing when too easy), the rating and the SE rating
 * (distance from the range asked for; an SE lower bound only meets a range
 * open above).  The SE rating of a candidate runs under a budget of
 * GEN_TARGET_SE_BUDGET seconds, so a pathological candidate costs little,
 * and with a maximum stops as soon as the rating is known to be above it
 * (a candidate that needs chains costs nothing for a target below them).
 * Rare targets
 * (fish is about 1 random minimal puzzle in 500) are met mostly by many
 * cheap fresh starts, so the attempts are many and the climbs short.
 * The last evaluation is remembered, as the search scores and then
 * accepts the same puzzle; it is a cache and never changes a result.
 */
#include "gen_target.h"

#include "logic.h"

#include "core/cancel.h"
#include "core/rng.h"
#include "se/se_rate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PROMISING -1000 /* lowest start score worth searching from: too
                         * hard, or at most one level too easy */

struct gen_target {
    sf_gen_target_t t;
    sf_gen_t *gen;
    sf_solver_t *solver;  /* for ratings */
    uint8_t last[SF_CELLS];
    int have_last;
    double rating;        /* only with a rating target */
    int level;            /* logic_solve capped at the target level */
    int reach;            /* cells it filled, givens included */
    sf_se_result_t se;    /* only with an SE target */
};

int gen_target_any(const sf_gen_target_t *t)
{
    return t->level >= 0 || t->rated || t->se;
}

gen_target_t *gen_target_new(const sf_gen_target_t *t)
{
    gen_target_t *g = calloc(1, sizeof *g);
    if (g == NULL)
        return NULL;
    g->t = *t;
    g->gen = sf_gen_new();
    g->solver = sf_solver_new(NULL);
    if (g->gen == NULL || g->solver == NULL) {
        gen_target_free(g);
        return NULL;
    }
    return g;
}

void gen_target_free(gen_target_t *g)
{
    if (g == NULL)
        return;
    sf_gen_free(g->gen);
    sf_solver_free(g->solver);
    free(g);
}

/* Where p stands against the target, computed once per distinct puzzle. */
static void evaluate(gen_target_t *g, const uint8_t *p)
{
    if (g->have_last && memcmp(g->last, p, SF_CELLS) == 0)
        return;
    memcpy(g->last, p, SF_CELLS);
    g->have_last = 1;
    if (g->t.level >= 0) {
        uint8_t out[SF_CELLS];
        g->level = (int)logic_solve(p, (sf_level_t)g->t.level, out);
        g->reach = 0;
        for (int c = 0; c < SF_CELLS; c++)
            g->reach += out[c] != 0;
    }
    if (g->t.rated)
        g->rating = sf_rating(g->solver, p, SF_RATING_SAMPLES);
    if (g->t.se && se_rate_capped(p, (sf_se_scale_t)g->t.se_scale,
                                  GEN_TARGET_SE_BUDGET,
                                  isinf(g->t.max_se) ? 0
                                  : (int)floor(g->t.max_se * 10 + 1e-6),
                                  &g->se) != 0)
        g->se.status = SF_SE_INVALID;
}

int gen_target_se(const gen_target_t *g, const uint8_t *p,
                  sf_se_result_t *out)
{
    if (!g->t.se || !g->have_last || memcmp(g->last, p, SF_CELLS) != 0)
        return 0;
    *out = g->se;
    return 1;
}

/* The SE rating of the last evaluation as a number (a lower bound counts
 * as its bound); -1 when there is none. */
static double se_value(const gen_target_t *g)
{
    return g->se.status == SF_SE_INVALID ? -1 : g->se.tenths / 10.0;
}

/* The last evaluation is within the SE range: an exact rating in it, or a
 * lower bound at least the minimum when the range is open above. */
static int se_on_target(const gen_target_t *g)
{
    const double v = se_value(g);
    if (v < 0 || v < g->t.min_se - 1e-9)
        return 0;
    if (g->se.status == SF_SE_EXACT)
        return v <= g->t.max_se + 1e-9;
    return isinf(g->t.max_se);
}

/* Distance to the target level, 0 on it: too hard in (-1, 0), closer the
 * more cells the capped solver filled; too easy, minus the levels
 * missing. */
static double level_score(const gen_target_t *g)
{
    const int want = g->t.level;
    if (g->level == want)
        return 0;
    if (g->level > want)
        return -(double)(SF_CELLS - g->reach) / SF_CELLS;
    return -(double)(want - g->level);
}

/* Higher is closer: the level distance counts most, then the distance of
 * the rating from [min, max]. */
static double target_score(void *ctx, const uint8_t *p)
{
    gen_target_t *g = ctx;
    evaluate(g, p);
    double s = 0;
    if (g->t.level >= 0)
        s += 1000.0 * level_score(g);
    if (g->t.rated && g->rating < g->t.min_rating)
        s -= g->t.min_rating - g->rating;
    if (g->t.rated && g->rating > g->t.max_rating)
        s -= g->rating - g->t.max_rating;
    if (g->t.se) {
        const double v = se_value(g);
        if (v < g->t.min_se)
            s -= g->t.min_se - v;
        if (v > g->t.max_se)
            s -= v - g->t.max_se;
    }
    return s;
}

static int target_accept(void *ctx, const uint8_t *p)
{
    gen_target_t *g = ctx;
    evaluate(g, p);
    return (g->t.level < 0 || g->level == g->t.level) &&
           (!g->t.rated ||
            (g->rating >= g->t.min_rating && g->rating <= g->t.max_rating)) &&
           (!g->t.se || se_on_target(g));
}

/* The seed of attempt a: the run's seed first, then seeds derived from it. */
static uint64_t attempt_seed(uint64_t seed, unsigned a)
{
    if (a == 0)
        return seed;
    rng_t r;
    rng_seed(&r, seed, ~(uint64_t)a);
    return rng_next(&r);
}

/* The lowest start score worth a climb.  With only an SE target, none: a
 * climb rates every neighbour it tries, and even from starts within 0.1 of
 * the range that cost more than the fresh starts it saves (measured: SE 7
 * and up, 97 puzzles/s with climbs, 172/s without; no band gained). */
static double promising(const gen_target_t *g)
{
    return g->t.level < 0 && !g->t.rated ? INFINITY : PROMISING;
}

int gen_target_make(gen_target_t *g, const sf_gen_opts_t *o, uint64_t seed,
                    uint64_t index, uint8_t *puzzle, uint8_t *solution)
{
    if (!gen_target_any(&g->t))
        return sf_gen_puzzle(g->gen, o, seed, index, puzzle, solution) == 0
                   ? GEN_MADE : GEN_FAILED;
    for (unsigned a = 0; a < GEN_TARGET_ATTEMPTS; a++) {
        if (cancel_requested()) /* the call this row is for (core/cancel.h) */
            return GEN_FAILED;
        const uint64_t s = attempt_seed(seed, a);
        int rc = sf_gen_search(g->gen, o, s, index, target_score,
                               target_accept, g, 0, puzzle, solution);
        if (rc == 1 && g->t.steps > 0 &&
            target_score(g, puzzle) >= promising(g))
            rc = sf_gen_search(g->gen, o, s, index, target_score,
                               target_accept, g, g->t.steps, puzzle,
                               solution);
        if (rc < 0)
            return GEN_FAILED;
        if (rc == 0)
            return GEN_MADE;
    }
    return GEN_MISSED;
}
