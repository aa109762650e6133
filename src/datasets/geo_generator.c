/*
 * geo_generator.c -- puzzles with exactly one solution in any geometry
 * (sf_gen_new_geom; classic 9x9 keeps generator.c).
 *
 * Model.  A solution grid comes from the general kernel's search with its
 * values tried in a random order (the empty grid solved, so every
 * geometry with a solution gets varied grids, its rare ones too), given
 * up after a budget of guesses and tried again with another draw.  Clues
 * are then removed greedily in a random order, one orbit of the clue
 * symmetry at a time, a removal kept when the puzzle still has exactly
 * one solution; as in generator.c, a removal that fails once fails for
 * every smaller clue set, so one pass gives a minimal puzzle.  A removal
 * whose cells are each the one value their remaining peers leave open (a
 * naked single) keeps the solution unique without the solver; the others
 * are counted to 2.  A fixed clue count stops the pass there; a pass that
 * ends above it starts over on a new grid, a bounded number of times.
 *
 * Everything random comes from the rng.h stream of (seed, index), so a
 * puzzle depends on nothing else.  The state is the solver and the orbit
 * tables of the geometry, built once.
 */
#include <stdlib.h>
#include <string.h>

#include "core/geometry.h"
#include "core/rng.h"
#include "geo_generator.h"
#include "kernel/kernels.h"

#define GRID_TRIES 32         /* random grids tried per puzzle */
#define GRID_BUDGET 20000     /* guesses per random grid */
#define TARGET_TRIES 16       /* grids tried for a fixed clue count */

struct geo_gen {
    const sf_geometry_t *g;
    sf_solver_t *solver;
    int norbits[SF_SYM_COUNT];          /* orbits per symmetry */
    uint16_t *orbit[SF_SYM_COUNT];      /* 4 cells an orbit, -1 padded */
};

/* Cell (r, c)'s images under symmetry s: up to 4 cells into out. */
static int images(int n, int r, int c, sf_symmetry_t s, int *out)
{
    int k = 0;
    out[k++] = r * n + c;
    switch (s) {
    case SF_SYM_ROT180: out[k++] = (n - 1 - r) * n + (n - 1 - c); break;
    case SF_SYM_DIAGONAL: out[k++] = c * n + r; break;
    case SF_SYM_MIRROR: out[k++] = r * n + (n - 1 - c); break;
    case SF_SYM_ROT90:
        out[k++] = c * n + (n - 1 - r);
        out[k++] = (n - 1 - r) * n + (n - 1 - c);
        out[k++] = (n - 1 - c) * n + r;
        break;
    default: break;
    }
    return k;
}

/* The orbits of symmetry s: each cell once, with its images. */
static int build_orbits(geo_gen_t *gg, sf_symmetry_t s)
{
    const int n = gg->g->n, nc = gg->g->ncells;
    uint8_t seen[SF_MAX_CELLS] = {0};
    gg->orbit[s] = malloc((size_t)nc * 4 * sizeof(uint16_t));
    if (!gg->orbit[s])
        return -1;
    int k = 0;
    for (int i = 0; i < nc; i++) {
        if (seen[i])
            continue;
        int img[4], m = images(n, i / n, i % n, s, img), size = 0;
        uint16_t *o = gg->orbit[s] + 4 * k++;
        for (int j = 0; j < 4; j++)
            o[j] = UINT16_MAX;
        for (int j = 0; j < m; j++)
            if (!seen[img[j]]) {
                seen[img[j]] = 1;
                o[size++] = (uint16_t)img[j];
            }
    }
    gg->norbits[s] = k;
    return 0;
}

geo_gen_t *geo_gen_new(const sf_geometry_t *g)
{
    geo_gen_t *gg = calloc(1, sizeof *gg);
    if (!gg)
        return NULL;
    gg->g = g;
    gg->solver = sf_solver_new(sf_kernel_for_geometry(g));
    int ok = gg->solver && sf_solver_reserve(gg->solver, g) == 0;
    for (int s = 0; ok && s < SF_SYM_COUNT; s++)
        ok = build_orbits(gg, (sf_symmetry_t)s) == 0;
    if (!ok) {
        geo_gen_free(gg);
        return NULL;
    }
    return gg;
}

void geo_gen_free(geo_gen_t *gg)
{
    if (!gg)
        return;
    sf_solver_free(gg->solver);
    for (int s = 0; s < SF_SYM_COUNT; s++)
        free(gg->orbit[s]);
    free(gg);
}

const char *geo_gen_problem(const sf_geometry_t *g, const sf_gen_opts_t *o)
{
    if ((unsigned)o->symmetry >= SF_SYM_COUNT)
        return "unknown symmetry";
    if (o->clues < 0 || o->clues > g->ncells)
        return "more clues than cells";
    return NULL;
}

/* 1 when cell c of puzzle p (empty now) can only hold value v: every
 * other value is on one of its peers. */
static int forced(const sf_geometry_t *g, const uint8_t *p, int c, int v)
{
    uint32_t seen = 0;
    for (uint32_t k = g->peer_off[c]; k < g->peer_off[c + 1]; k++)
        if (p[g->peer[k]])
            seen |= 1u << (p[g->peer[k]] - 1);
    return (seen | 1u << (v - 1)) == g->full && !(seen >> (v - 1) & 1);
}

/* Orbit o emptied from p (its values in sol): still one solution? */
static int still_unique(geo_gen_t *gg, uint8_t *p, const uint8_t *sol,
                        const uint16_t *o)
{
    int all_forced = 1;
    for (int j = 0; j < 4 && o[j] != UINT16_MAX; j++)
        all_forced &= forced(gg->g, p, o[j], sol[o[j]]);
    if (all_forced)
        return 1;
    uint8_t scratch[SF_MAX_CELLS];
    sf_result_t r;
    sf_solve_geom(gg->solver, gg->g, p, 2, 0, scratch, &r);
    return r.count == 1;
}

/* One greedy pass over the orbits in a random order, down to target
 * clues (0: minimal).  The clues left. */
static int remove_pass(geo_gen_t *gg, sf_symmetry_t s, int target, rng_t *r,
                       uint8_t *p, const uint8_t *sol)
{
    const int norb = gg->norbits[s];
    int clues = gg->g->ncells;
    uint16_t order[SF_MAX_CELLS];
    for (int k = 0; k < norb; k++)
        order[k] = (uint16_t)k;
    for (int k = norb; k > 1; k--) {
        const int j = (int)rng_below(r, (uint32_t)k);
        const uint16_t t = order[k - 1];
        order[k - 1] = order[j];
        order[j] = t;
    }
    for (int k = 0; k < norb && clues > target; k++) {
        const uint16_t *o = gg->orbit[s] + 4 * order[k];
        int size = 0;
        while (size < 4 && o[size] != UINT16_MAX)
            size++;
        if (target && clues - size < target)
            continue;
        for (int j = 0; j < size; j++)
            p[o[j]] = 0;
        if (still_unique(gg, p, sol, o)) {
            clues -= size;
            continue;
        }
        for (int j = 0; j < size; j++)
            p[o[j]] = sol[o[j]];
    }
    return clues;
}

int geo_gen_puzzle(geo_gen_t *gg, const sf_gen_opts_t *o, uint64_t seed,
                   uint64_t index, uint8_t *puzzle, uint8_t *solution)
{
    if (!gg || !o || !puzzle || !solution || geo_gen_problem(gg->g, o))
        return -1;
    rng_t r;
    rng_seed(&r, seed, index);
    const size_t nc = (size_t)gg->g->ncells;
    for (int attempt = 0, grids = 0; attempt < TARGET_TRIES; attempt++) {
        while (!solver_random_grid(gg->solver, gg->g, rng_next(&r),
                                   GRID_BUDGET, solution))
            if (++grids == GRID_TRIES)
                return -1;
        memcpy(puzzle, solution, nc);
        const int clues = remove_pass(gg, o->symmetry, o->clues, &r, puzzle,
                                      solution);
        if (o->clues == 0 || clues == o->clues)
            return 0;
    }
    return -1;
}
