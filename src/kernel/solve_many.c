/*
 * solve_many.c -- many puzzles of one geometry in one call.
 *
 * With a kernel that has lanes for the geometry (sf_kernel_t.lanes), the
 * puzzles go through lanes.c in pieces of PIECE, side by side: those
 * singles solve are done there, with one solution, no guess; the others
 * go to the kernel one by one, from their closure (the singles placed)
 * or, after a contradiction, as they were.  The kernel's propagation
 * contains the singles, so it reaches the same state at the root either
 * way, and the results are those of sf_solve_geom on each puzzle, bytes
 * and guesses alike (tests/kernel/test_solve_many.c holds it to that).  A
 * puzzle with a value out of range never enters the lanes; sf_solve_geom
 * reports it.
 */
#include <string.h>

#include "core/geometry.h"
#include "kernels.h"
#include "lanes.h"
#include "solve_many.h"

#define PIECE 128 /* puzzles through the lanes at a time */

/* The lanes' state when they take puzzles of g (NULL: classic) with the
 * solver's kernel for g, else NULL. */
static void *lanes_for(sf_solver_t *solver, const sf_geometry_t *g)
{
    const sf_kernel_t *k = sf_solver_kernel_for(solver, g);
    const int want = g ? (k->lanes & SF_LANES_SMALL) && lanes_fit(g)
                       : (k->lanes & SF_LANES_CLASSIC) != 0;
    return want ? solver_lanes(solver) : NULL;
}

/* 1 when cells may enter the lanes: every value in range. */
static int lane_ready(const sf_geometry_t *g, const uint8_t *cells)
{
    if (!cells)
        return 0;
    if (!g)
        return solver_cells_in_range(cells);
    for (int i = 0; i < g->ncells; i++)
        if (cells[i] > g->n)
            return 0;
    return 1;
}

/* One puzzle from what the lanes made of it. */
static void finish_one(sf_solver_t *solver, const sf_geometry_t *g,
                       const uint8_t *cells, const uint8_t *closure,
                       unsigned verdict, uint64_t limit, unsigned flags,
                       uint8_t *solution, sf_result_t *result)
{
    if (verdict == LANES_SOLVED) {
        if (g)
            memcpy(solution, closure, (size_t)g->ncells);
        else
            memcpy(solution, closure, SF_CELLS);
        result->count = 1;
        result->guesses = 0;
        result->status = sf_status_of(1, limit);
        return;
    }
    sf_solve_geom(solver, g, verdict == LANES_OPEN ? closure : cells, limit,
                  flags, solution, result);
}

/* Up to PIECE puzzles. */
static void solve_piece(sf_solver_t *solver, const sf_geometry_t *g,
                        const uint8_t *const *cells, size_t n,
                        uint64_t limit, unsigned flags,
                        uint8_t *const *solutions, sf_result_t *results,
                        const sf_timer_t *timer, uint64_t *ns)
{
    const uint8_t *in[PIECE];
    uint8_t closure[PIECE * SF_CELLS], verdict[PIECE];
    const size_t nc = g ? (size_t)g->ncells : SF_CELLS;
    size_t m = 0;
    void *lanes = lanes_for(solver, g);
    uint64_t t = timer ? timer_ticks(timer) : 0, share = 0;
    if (lanes) {
        for (size_t i = 0; i < n; i++)
            if (lane_ready(g, cells[i]))
                in[m++] = cells[i];
        if (g)
            lanes_singles_geom(lanes, g, in, m, closure, verdict);
        else
            lanes_singles(lanes, in, m, closure, verdict);
        if (timer && m) {
            const uint64_t now = timer_ticks(timer);
            share = timer_ns(timer, now - t) / m;
            t = now;
        }
    }
    size_t j = 0;
    for (size_t i = 0; i < n; i++) {
        const int laned = j < m && in[j] == cells[i];
        if (laned) {
            finish_one(solver, g, cells[i], closure + j * nc, verdict[j],
                       limit, flags, solutions[i], &results[i]);
            j++;
        } else {
            sf_solve_geom(solver, g, cells[i], limit, flags, solutions[i],
                          &results[i]);
        }
        if (timer) {
            const uint64_t now = timer_ticks(timer);
            ns[i] = timer_ns(timer, now - t) + (laned ? share : 0);
            t = now;
        }
    }
}

void solve_many_timed(sf_solver_t *solver, const sf_geometry_t *g,
                      const uint8_t *const *cells, size_t n, uint64_t limit,
                      unsigned flags, uint8_t *const *solutions,
                      sf_result_t *results, const sf_timer_t *timer,
                      uint64_t *ns)
{
    if (sf_geometry_is_classic(g))
        g = NULL;
    for (size_t i = 0; i < n; i += PIECE) {
        const size_t k = n - i < PIECE ? n - i : PIECE;
        solve_piece(solver, g, cells + i, k, limit, flags, solutions + i,
                    results + i, timer, timer ? ns + i : NULL);
    }
}

void sf_solve_many(sf_solver_t *solver, const sf_geometry_t *g,
                   const uint8_t *const *cells, size_t n, uint64_t limit,
                   unsigned flags, uint8_t *const *solutions,
                   sf_result_t *results)
{
    solve_many_timed(solver, g, cells, n, limit, flags, solutions, results,
                     NULL, NULL);
}
