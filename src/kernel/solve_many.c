/*
 * solve_many.c -- many classic puzzles in one call.
 *
 * With a kernel that has lanes (sf_kernel_t.lanes), the puzzles go
 * through lanes.c in pieces of PIECE, 32 side by side: those singles
 * solve are done there, with one solution, no guess; the others go to the
 * kernel one by one, from their closure (the singles placed) or, after a
 * contradiction, as they were.  The kernel's propagation contains the
 * singles, so it reaches the same state at the root either way, and the
 * results are those of sf_solve_cells on each puzzle, bytes and guesses
 * alike (tests/kernel/test_solve_many.c holds it to that).  A puzzle with a
 * cell out of range never enters the lanes; sf_solve_cells reports it.
 */
#include <string.h>

#include "kernels.h"
#include "lanes.h"
#include "solve_many.h"

#define PIECE 128 /* puzzles through the lanes at a time */

/* Puzzle i of a piece from what the lanes made of it. */
static void finish_one(sf_solver_t *solver, const uint8_t *cells,
                       const uint8_t *closure, unsigned verdict,
                       uint64_t limit, unsigned flags, uint8_t *solution,
                       sf_result_t *result)
{
    if (verdict == LANES_SOLVED) {
        memcpy(solution, closure, SF_CELLS);
        result->count = 1;
        result->guesses = 0;
        result->status = sf_status_of(1, limit);
        return;
    }
    sf_solve_cells(solver, verdict == LANES_OPEN ? closure : cells, limit,
                   flags, solution, result);
}

/* Up to PIECE puzzles. */
static void solve_piece(sf_solver_t *solver, const uint8_t *const *cells,
                        size_t n, uint64_t limit, unsigned flags,
                        uint8_t *solutions, sf_result_t *results,
                        const sf_timer_t *timer, uint64_t *ns)
{
    const uint8_t *in[PIECE];
    uint8_t closure[PIECE * SF_CELLS], verdict[PIECE];
    size_t m = 0;
    void *lanes = solver_lanes(solver);
    uint64_t t = timer ? timer_ticks(timer) : 0, share = 0;
    if (lanes) {
        for (size_t i = 0; i < n; i++)
            if (cells[i] && solver_cells_in_range(cells[i]))
                in[m++] = cells[i];
        lanes_singles(lanes, in, m, closure, verdict);
        if (timer && m) {
            const uint64_t now = timer_ticks(timer);
            share = timer_ns(timer, now - t) / m;
            t = now;
        }
    }
    size_t j = 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t *sol = solutions + i * SF_CELLS;
        const int laned = j < m && in[j] == cells[i];
        if (laned) {
            finish_one(solver, cells[i], closure + j * SF_CELLS, verdict[j],
                       limit, flags, sol, &results[i]);
            j++;
        } else {
            sf_solve_cells(solver, cells[i], limit, flags, sol, &results[i]);
        }
        if (timer) {
            const uint64_t now = timer_ticks(timer);
            ns[i] = timer_ns(timer, now - t) + (laned ? share : 0);
            t = now;
        }
    }
}

void solve_many_timed(sf_solver_t *solver, const uint8_t *const *cells,
                      size_t n, uint64_t limit, unsigned flags,
                      uint8_t *solutions, sf_result_t *results,
                      const sf_timer_t *timer, uint64_t *ns)
{
    for (size_t i = 0; i < n; i += PIECE) {
        const size_t k = n - i < PIECE ? n - i : PIECE;
        solve_piece(solver, cells + i, k, limit, flags,
                    solutions + i * SF_CELLS, results + i, timer,
                    timer ? ns + i : NULL);
    }
}

void sf_solve_many(sf_solver_t *solver, const uint8_t *const *cells,
                   size_t n, uint64_t limit, unsigned flags,
                   uint8_t *solutions, sf_result_t *results)
{
    solve_many_timed(solver, cells, n, limit, flags, solutions, results,
                     NULL, NULL);
}
