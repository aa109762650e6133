/*
 * kernel_bench.c -- kernel throughput on puzzles held in memory.
 *
 * No parsing, formatting or I/O is timed: the puzzles are already cells
 * (or candidate masks, for pencilmark puzzles).
 * One pass warms caches and branch predictors and gives the guess
 * statistics; then whole passes are timed until min_seconds have gone by,
 * and the rate is puzzles solved over wall time.  Threads claim runs of up
 * to GRAIN puzzles of the endless sequence of passes from one counter,
 * each with its own solver, and stop claiming once one of them has seen
 * the time is up and a pass is complete (any of them looks at the clock:
 * with more threads than cores, one thread may wait long for its turn);
 * there is no barrier between passes,
 * so a small file or a shared machine measures the solver, not threads
 * waiting for each other.
 * The one barrier after the warm-up spins only briefly (barrier.c).
 */
#include "sudoflow.h"

#include "core/barrier.h"
#include "core/threads.h"
#include "core/timer.h"

#include <omp.h>
#include <stdlib.h>

#define GRAIN 128 /* puzzles claimed at a time */

typedef struct bench {
    sf_solver_t **solvers;
    const uint8_t *cells;  /* givens, 81 a puzzle (N*N of geom)... */
    const uint16_t *cands; /* ...or candidate masks when not NULL */
    const sf_geometry_t *geom; /* another geometry, or NULL */
    size_t stride;         /* cells a puzzle */
    size_t n;
    uint64_t limit;
    double min_seconds;
    barrier_t barrier;
    size_t warm;          /* claim counter of the warm-up pass */
    uint64_t next;        /* claim counter of the timed part: puzzles
                           * handed out, over all passes */
    int stop;             /* thread 0 saw the time is up */
    uint64_t guesses, no_guess;
    double t0, seconds;
} bench_t;

/* Puzzles i..end-1 of the set (end - i <= GRAIN), given cells in one
 * sf_solve_many call as the batch driver solves them; adds their guesses
 * and no-guess puzzles to *g and *ng. */
static void solve_run(const bench_t *b, sf_solver_t *s, size_t i, size_t end,
                      uint64_t *g, uint64_t *ng)
{
    sf_result_t r[GRAIN];
    if (!b->cands) {
        static _Thread_local uint8_t sol[SF_MAX_CELLS]; /* never read */
        const uint8_t *cells[GRAIN];
        uint8_t *sols[GRAIN];
        for (size_t k = i; k < end; k++) {
            cells[k - i] = b->cells + k * b->stride;
            sols[k - i] = sol;
        }
        sf_solve_many(s, b->geom, cells, end - i, b->limit, 0, sols, r);
    } else {
        uint8_t sol[SF_CELLS];
        for (size_t k = i; k < end; k++)
            sf_solve_cands(s, b->cands + k * SF_CELLS, b->limit, 0, sol,
                           &r[k - i]);
    }
    for (size_t k = 0; k < end - i; k++) {
        *g += r[k].guesses;
        *ng += r[k].guesses == 0;
    }
}

/* This thread's share of the warm-up pass; adds its guess and no-guess
 * counts to the totals. */
static void warm_up(bench_t *b, int t)
{
    sf_solver_t *s = b->solvers[t];
    uint64_t g = 0, ng = 0;
    size_t i;
    while ((i = __atomic_fetch_add(&b->warm, GRAIN, __ATOMIC_RELAXED)) <
           b->n)
        solve_run(b, s, i, i + GRAIN < b->n ? i + GRAIN : b->n, &g, &ng);
    __atomic_fetch_add(&b->guesses, g, __ATOMIC_RELAXED);
    __atomic_fetch_add(&b->no_guess, ng, __ATOMIC_RELAXED);
}

/* The next run of puzzles to solve, as indices [*from, *to) of the
 * endless sequence of passes (a run never crosses the end of a pass); 0
 * when the time is up and the current pass is complete, so only whole
 * passes are timed (at least one). */
static int claim(bench_t *b, uint64_t *from, uint64_t *to)
{
    uint64_t old = __atomic_load_n(&b->next, __ATOMIC_RELAXED);
    for (;;) {
        if (old > 0 && old % b->n == 0 &&
            __atomic_load_n(&b->stop, __ATOMIC_RELAXED))
            return 0;
        const uint64_t pass_end = (old / b->n + 1) * b->n;
        const uint64_t end = old + GRAIN < pass_end ? old + GRAIN : pass_end;
        if (__atomic_compare_exchange_n(&b->next, &old, end, 0,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
            *from = old;
            *to = end;
            return 1;
        }
    }
}

/* This thread's part of the timed solving: runs of puzzles until the time
 * is up (every thread watches the clock) and the pass is complete. */
static void timed(bench_t *b, int t)
{
    sf_solver_t *s = b->solvers[t];
    uint64_t i, end, g = 0, ng = 0;
    while (claim(b, &i, &end)) {
        const size_t first = (size_t)(i % b->n);
        solve_run(b, s, first, first + (size_t)(end - i), &g, &ng);
        if (timer_mono_sec() - b->t0 >= b->min_seconds)
            __atomic_store_n(&b->stop, 1, __ATOMIC_RELAXED);
    }
}

/* Everything one thread does: the warm-up pass, then timed solving. */
static void bench_team(bench_t *b, int t)
{
    warm_up(b, t);
    if (t == 0)
        b->t0 = timer_mono_sec();
    barrier_wait(&b->barrier);
    if (b->n > 0)
        timed(b, t);
    barrier_wait(&b->barrier);
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

static int bench_run(const sf_kernel_t *k, const sf_geometry_t *g,
                     const uint8_t *cells, const uint16_t *cands, size_t n,
                     uint64_t limit, int threads, double min_seconds,
                     sf_bench_result_t *res)
{
    if (!res || (n > 0 && !cells && !cands) ||
        n > SIZE_MAX / 2 / SF_MAX_CELLS)
        return -1;
    if (threads <= 0)
        threads = omp_get_max_threads();
    res->threads = threads_startable(threads); /* the runtime would exit */
    if (res->threads < threads)
        return -2;
    bench_t b = {.cells = cells, .cands = cands, .n = n, .limit = limit,
                 .min_seconds = min_seconds, .stop = !(min_seconds > 0),
                 .geom = sf_geometry_is_classic(g) ? NULL : g,
                 .stride = (size_t)sf_geometry_cells(g)};
    b.solvers = calloc((size_t)threads, sizeof *b.solvers);
    int rc = b.solvers ? 0 : -1;
    for (int t = 0; rc == 0 && t < threads; t++)
        if (!(b.solvers[t] = sf_solver_new(k)) ||
            sf_solver_reserve(b.solvers[t], b.geom) != 0)
            rc = -1;
    if (rc == 0)
        rc = bench_threads(&b, threads);
    if (rc == 0) {
        res->per_pass = n;
        res->guesses = b.guesses;
        res->no_guess = b.no_guess;
        res->puzzles = b.next;
        res->seconds = b.seconds;
    }
    for (int t = 0; b.solvers && t < threads; t++)
        sf_solver_free(b.solvers[t]);
    free(b.solvers);
    return rc;
}

int sf_bench_run(const sf_kernel_t *k, const uint8_t *cells, size_t n,
                 uint64_t limit, int threads, double min_seconds,
                 sf_bench_result_t *res)
{
    return bench_run(k, NULL, cells, NULL, n, limit, threads, min_seconds,
                     res);
}

int sf_bench_run_geom(const sf_kernel_t *k, const sf_geometry_t *g,
                      const uint8_t *cells, size_t n, uint64_t limit,
                      int threads, double min_seconds, sf_bench_result_t *res)
{
    if (!sf_geometry_is_classic(g) && k && (!k->fits || !k->fits(g)))
        return -1;
    return bench_run(k, g, cells, NULL, n, limit, threads, min_seconds, res);
}

int sf_bench_run_cands(const sf_kernel_t *k, const uint16_t *cands, size_t n,
                       uint64_t limit, int threads, double min_seconds,
                       sf_bench_result_t *res)
{
    return bench_run(k, NULL, NULL, cands, n, limit, threads, min_seconds,
                     res);
}
