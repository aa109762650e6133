/*
 * bench.c -- kernel throughput on puzzles held in memory.
 *
 * No parsing, formatting or I/O is timed: the puzzles are already cells.
 * One pass warms caches and branch predictors and gives the guess
 * statistics; then whole passes are timed until min_seconds have gone by,
 * and the rate is puzzles solved over wall time.  With several threads the
 * pass is shared out dynamically, each thread with its own solver.
 */
#include "sudoflow.h"
#include "timer.h"

#include <omp.h>
#include <stdlib.h>

/* One pass over all puzzles; adds guesses and no-guess counts when asked. */
static void bench_pass(sf_solver_t **solvers, const uint8_t *cells, size_t n,
                       uint64_t limit, int threads, uint64_t *guesses,
                       uint64_t *no_guess)
{
    uint64_t g = 0, ng = 0;
#pragma omp parallel num_threads(threads) reduction(+ : g, ng)
    {
        sf_solver_t *s = solvers[omp_get_thread_num()];
        uint8_t sol[SF_CELLS];
        sf_result_t r;
#pragma omp for schedule(dynamic, 64)
        for (size_t i = 0; i < n; i++) {
            sf_solve_cells(s, cells + i * SF_CELLS, limit, 0, sol, &r);
            g += r.guesses;
            ng += r.guesses == 0;
        }
    }
    if (guesses) {
        *guesses = g;
        *no_guess = ng;
    }
}

int sf_bench_run(const sf_kernel_t *k, const uint8_t *cells, size_t n,
                 uint64_t limit, int threads, double min_seconds,
                 sf_bench_result_t *res)
{
    if (threads <= 0)
        threads = omp_get_max_threads();
    sf_solver_t **solvers = calloc((size_t)threads, sizeof *solvers);
    int rc = solvers ? 0 : -1;
    for (int t = 0; rc == 0 && t < threads; t++)
        if (!(solvers[t] = sf_solver_new(k)))
            rc = -1;
    if (rc == 0) {
        res->per_pass = n;
        bench_pass(solvers, cells, n, limit, threads, &res->guesses,
                   &res->no_guess);
        res->puzzles = 0;
        const double t0 = timer_mono_sec();
        do {
            bench_pass(solvers, cells, n, limit, threads, NULL, NULL);
            res->puzzles += n;
            res->seconds = timer_mono_sec() - t0;
        } while (res->seconds < min_seconds && n > 0);
    }
    for (int t = 0; solvers && t < threads; t++)
        sf_solver_free(solvers[t]);
    free(solvers);
    return rc;
}
