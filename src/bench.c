/*
 * bench.c -- kernel throughput on puzzles held in memory.
 *
 * No parsing, formatting or I/O is timed: the puzzles are already cells.
 * One pass warms caches and branch predictors and gives the guess
 * statistics; then whole passes are timed until min_seconds have gone by,
 * and the rate is puzzles solved over wall time.  With several threads the
 * pass is shared out dynamically (runs of GRAIN puzzles claimed from a
 * counter), each thread with its own solver.  All passes run in one
 * parallel region, separated by a barrier that spins only briefly
 * (barrier.c), so a benchmark on a shared machine measures the solver, not
 * threads spinning while they wait for a descheduled one.
 */
#include "barrier.h"
#include "sudoflow.h"
#include "timer.h"

#include <omp.h>
#include <stdlib.h>

#define GRAIN 64 /* puzzles claimed at a time */

typedef struct bench {
    sf_solver_t **solvers;
    const uint8_t *cells;
    size_t n;
    uint64_t limit;
    double min_seconds;
    barrier_t barrier;
    size_t claim[3];      /* claim counters: warm-up, then two by turns */
    int stop;             /* thread 0's decision, read after a barrier */
    uint64_t guesses, no_guess;
    uint64_t passes;      /* timed passes */
    double t0, seconds;
} bench_t;

/* This thread's share of one pass, claiming from *claim; adds its guess
 * and no-guess counts to the totals when count is set. */
static void pass_share(bench_t *b, int t, size_t *claim, int count)
{
    sf_solver_t *s = b->solvers[t];
    uint8_t sol[SF_CELLS];
    sf_result_t r;
    uint64_t g = 0, ng = 0;
    size_t i;
    while ((i = __atomic_fetch_add(claim, GRAIN, __ATOMIC_RELAXED)) < b->n) {
        const size_t end = i + GRAIN < b->n ? i + GRAIN : b->n;
        for (; i < end; i++) {
            sf_solve_cells(s, b->cells + i * SF_CELLS, b->limit, 0, sol, &r);
            g += r.guesses;
            ng += r.guesses == 0;
        }
    }
    if (count) {
        __atomic_fetch_add(&b->guesses, g, __ATOMIC_RELAXED);
        __atomic_fetch_add(&b->no_guess, ng, __ATOMIC_RELAXED);
    }
}

/* Everything one thread does: the warm-up pass, then timed passes until
 * thread 0 says stop. */
static void bench_team(bench_t *b, int t)
{
    pass_share(b, t, &b->claim[2], 1);
    barrier_wait(&b->barrier);
    if (t == 0)
        b->t0 = timer_mono_sec();
    for (uint64_t p = 0;; p++) {
        if (t == 0) /* the next pass's counter; nobody uses it now */
            b->claim[(p + 1) & 1] = 0;
        pass_share(b, t, &b->claim[p & 1], 0);
        if (t == 0) {
            b->passes++;
            b->stop = b->n == 0 ||
                      timer_mono_sec() - b->t0 >= b->min_seconds;
        }
        barrier_wait(&b->barrier);
        if (b->stop)
            break;
    }
    if (t == 0)
        b->seconds = timer_mono_sec() - b->t0;
}

static int bench_threads(bench_t *b, int threads)
{
    int ok = 1;
#pragma omp parallel num_threads(threads)
    {
#pragma omp single
        ok = barrier_init(&b->barrier, omp_get_num_threads()) == 0;
        if (ok)
            bench_team(b, omp_get_thread_num());
    }
    if (!ok)
        return -1;
    barrier_destroy(&b->barrier);
    return 0;
}

int sf_bench_run(const sf_kernel_t *k, const uint8_t *cells, size_t n,
                 uint64_t limit, int threads, double min_seconds,
                 sf_bench_result_t *res)
{
    if (threads <= 0)
        threads = omp_get_max_threads();
    bench_t b = {.cells = cells, .n = n, .limit = limit,
                 .min_seconds = min_seconds};
    b.solvers = calloc((size_t)threads, sizeof *b.solvers);
    int rc = b.solvers ? 0 : -1;
    for (int t = 0; rc == 0 && t < threads; t++)
        if (!(b.solvers[t] = sf_solver_new(k)))
            rc = -1;
    if (rc == 0)
        rc = bench_threads(&b, threads);
    if (rc == 0) {
        res->per_pass = n;
        res->guesses = b.guesses;
        res->no_guess = b.no_guess;
        res->puzzles = b.passes * n;
        res->seconds = b.seconds;
    }
    for (int t = 0; b.solvers && t < threads; t++)
        sf_solver_free(b.solvers[t]);
    free(b.solvers);
    return rc;
}
