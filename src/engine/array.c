/*
 * array.c -- whole arrays of puzzles in one call (sf_array_*), for the
 * Python binding and any program that holds its puzzles in memory.
 *
 * Each function is one loop over independent rows run by an OpenMP team
 * (run_rows): every thread makes its own state (a solver, a generator)
 * and claims runs of rows from a shared counter, and each row's answer
 * depends only on that row, its index and the options, so any thread
 * count gives the same arrays.  The per-row work is what the matching
 * command does for a record -- the same library calls in the same order,
 * and for the random ones the same streams (generate: (seed, index);
 * augment: the sub-stream (seed, record, copy) of rng_seed_sub) -- so the
 * arrays equal the command's output on the same records.  Nothing here
 * prints, and nothing holds the caller's memory after returning.
 */
#include "sudoflow.h"

#include "core/cancel.h"
#include "core/rng.h"
#include "core/threads.h"
#include "core/timer.h"
#include "datasets/equivalence.h"
#include "datasets/gen_target.h"
#include "datasets/geo_symmetry.h"

#include <omp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* One loop over rows: start() makes a thread's state (NULL when out of
 * memory; stateless jobs leave it NULL), work() does row i with it, or
 * work_run() rows from..to-1 at once when it is set, stop() frees it. */
typedef struct row_job {
    const void *ctx;
    void *(*start)(const void *ctx);
    void (*work)(const void *ctx, void *state, size_t i);
    void (*stop)(void *state);
    void (*work_run)(const void *ctx, void *state, size_t from, size_t to);
} row_job_t;

/* Threads for n rows: as asked (<= 0: all cores), but no more than one
 * per `chunk` rows, so that a small array is not spread over threads that
 * cost more to start and wait for than its rows take, and no more than
 * can start (the answers are the same for any count). */
static int team_size(int threads, size_t n, size_t chunk)
{
    int t = threads > 0 ? threads : omp_get_max_threads();
    const size_t most = (n + chunk - 1) / chunk;
    if ((size_t)t > most)
        t = (int)most;
    return threads_startable(t > 0 ? t : 1); /* the runtime would exit */
}

/* Run job over rows 0..n-1, claimed `chunk` at a time, every thread
 * watching the calling thread's cancel flag (core/cancel.h).  0, -1 when
 * a thread could not make its state (its rows are then not done), or -2
 * when the call was cancelled (the rows left are not done). */
static int run_rows(const row_job_t *job, size_t n, int threads,
                    size_t chunk)
{
    int failed = 0, stopped = 0;
    if (n == 0)
        return 0;
    const cancel_watch_t call = cancel_begin();
#pragma omp parallel num_threads(team_size(threads, n, chunk)) \
    reduction(|:failed, stopped)
    {
        const cancel_watch_t before = cancel_set(call);
        void *state = job->start ? job->start(job->ctx) : NULL;
        if (job->start && state == NULL)
            failed = 1;
        const size_t runs = (n + chunk - 1) / chunk;
#pragma omp for schedule(dynamic, 1)
        for (size_t r = 0; r < runs; r++) {
            if (stopped || cancel_requested()) {
                stopped = 1;
                continue;
            }
            const size_t from = r * chunk;
            const size_t to = n - from < chunk ? n : from + chunk;
            if (job->start && !state)
                continue;
            if (job->work_run)
                job->work_run(job->ctx, state, from, to);
            else
                for (size_t i = from; i < to; i++)
                    job->work(job->ctx, state, i);
        }
        if (state && job->stop)
            job->stop(state);
        stopped |= cancel_requested();
        cancel_set(before);
    }
    return failed ? -1 : stopped ? -2 : 0;
}

/* The most rows a call takes: n of any of its arrays (81 cells, or
 * 8-byte counts) must not overflow a size. */
#define ROWS_MAX (SIZE_MAX / SF_CELLS / sizeof(uint64_t))

/* The arguments every call checks: n addressable, and with n > 0 its
 * arrays there (a, b, c; NULL stands in for an optional one left out by
 * the caller, passed as 1). */
static int bad_args(size_t n, const void *a, const void *b, const void *c)
{
    return n > ROWS_MAX || (n > 0 && (!a || !b || !c));
}
#define GIVEN ((const void *)1)
/* ...and of any geometry (SF_MAX_CELLS cells a row). */
#define GEOM_ROWS_MAX (SIZE_MAX / SF_MAX_CELLS / sizeof(uint64_t))

static int flagged(const uint8_t *invalid, size_t i)
{
    return invalid != NULL && invalid[i] != 0;
}

/* ------------------------------------------------------------- parsing */

typedef struct parse_ctx {
    const char *text;
    const uint64_t *off;
    uint8_t *cells, *invalid;
    const sf_geometry_t *g;  /* NULL: classic 9x9 */
    const sf_alphabet_t *a;  /* g's alphabet (NULL: the default) */
    size_t nc;               /* cells a row */
} parse_ctx_t;

static void parse_row(const void *ctx, void *state, size_t i)
{
    const parse_ctx_t *c = ctx;
    (void)state;
    const char *text = c->text + c->off[i], *why;
    size_t len = (size_t)(c->off[i + 1] - c->off[i]);
    if (len > 0 && text[len - 1] == '\n') /* a line as read, with its end */
        len--;
    if (len > 0 && text[len - 1] == '\r')
        len--;
    uint8_t *row = c->cells + c->nc * i;
    c->invalid[i] = (c->g ? sf_parse_geom(c->g, c->a, text, len, row, &why) < 0
                          : sf_parse_line(text, len, row, &why) != 0);
    if (c->invalid[i])
        memset(row, 0, c->nc);
}

int sf_array_parse(const char *text, const uint64_t *off, size_t n,
                   int threads, uint8_t *cells, uint8_t *invalid)
{
    return sf_array_parse_geom(NULL, NULL, text, off, n, threads, cells,
                               invalid);
}

int sf_array_parse_geom(const sf_geometry_t *g, const sf_alphabet_t *a,
                        const char *text, const uint64_t *off, size_t n,
                        int threads, uint8_t *cells, uint8_t *invalid)
{
    if (bad_args(n, text, off, cells) || (n && !invalid))
        return -1;
    const int other = !sf_geometry_is_classic(g);
    const parse_ctx_t c = {text, off, cells, invalid, other ? g : NULL, a,
                           (size_t)sf_geometry_cells(g)};
    const row_job_t job = {&c, NULL, parse_row, NULL, NULL};
    return run_rows(&job, n, threads, 4096);
}

/* ------------------------------------------------------------- reading */

long sf_array_read(sf_reader_t *reader, size_t max, uint8_t *cells,
                   uint8_t *invalid, uint64_t *lines, sf_error_t *err)
{
    if (bad_args(max, reader, cells, invalid))
        return -1;
    sf_chunk_t chunk;
    sf_chunk_init(&chunk);
    const long n = sf_reader_fill(reader, &chunk, max, err);
    for (long i = 0; i < n; i++) {
        const sf_record_t *rec = &chunk.recs[i];
        invalid[i] = rec->invalid;
        if (rec->invalid)
            memset(cells + 81 * i, 0, 81);
        else
            memcpy(cells + 81 * i, rec->cells, 81);
        if (lines)
            lines[i] = rec->line;
    }
    sf_chunk_free(&chunk);
    return n;
}

/* ------------------------------------------------------------- solving */

typedef struct solve_ctx {
    const sf_kernel_t *k;
    const uint8_t *cells, *invalid;
    uint64_t limit;
    unsigned flags;
    uint8_t *solutions, *statuses;
    uint64_t *counts, *guesses;
    const sf_geometry_t *g; /* NULL: classic 9x9 */
    size_t nc;              /* cells a row */
} solve_ctx_t;

static void *solver_start(const void *ctx)
{
    const sf_kernel_t *const *k = ctx; /* every context starts with it */
    return sf_solver_new(*k);
}

static void solver_stop(void *state)
{
    sf_solver_free(state);
}

/* Rows from..to-1 through sf_solve_many (vector lanes for the easy
 * ones). */
#define SOLVE_RUN 128
static void solve_run(const void *ctx, void *state, size_t from, size_t to)
{
    const solve_ctx_t *c = ctx;
    const uint8_t *rows[SOLVE_RUN] = {NULL};
    uint8_t *sols[SOLVE_RUN] = {NULL};
    sf_result_t r[SOLVE_RUN];
    size_t m = 0;
    for (size_t i = from; i < to; i++, m++) {
        rows[m] = flagged(c->invalid, i) ? NULL : c->cells + c->nc * i;
        sols[m] = c->solutions + c->nc * i;
    }
    sf_solve_many(state, c->g, rows, m, c->limit, c->flags, sols, r);
    for (size_t i = from; i < to; i++) {
        const sf_result_t *ri = &r[i - from];
        if (ri->count == 0)
            memset(c->solutions + c->nc * i, 0, c->nc);
        c->counts[i] = ri->count;
        c->guesses[i] = ri->guesses;
        c->statuses[i] = (uint8_t)ri->status;
    }
}

int sf_array_solve(const sf_kernel_t *k, const uint8_t *cells,
                   const uint8_t *invalid, size_t n, uint64_t limit,
                   unsigned flags, int threads, uint8_t *solutions,
                   uint64_t *counts, uint8_t *statuses, uint64_t *guesses)
{
    return sf_array_solve_geom(NULL, k, cells, invalid, n, limit, flags,
                               threads, solutions, counts, statuses, guesses);
}

int sf_array_solve_geom(const sf_geometry_t *g, const sf_kernel_t *k,
                        const uint8_t *cells, const uint8_t *invalid,
                        size_t n, uint64_t limit, unsigned flags, int threads,
                        uint8_t *solutions, uint64_t *counts,
                        uint8_t *statuses, uint64_t *guesses)
{
    if (bad_args(n, cells, solutions, statuses) || n > GEOM_ROWS_MAX ||
        (n && (!counts || !guesses)))
        return -1;
    const solve_ctx_t c = {k, cells, invalid, limit, flags,
                           solutions, statuses, counts, guesses, g,
                           (size_t)sf_geometry_cells(g)};
    const row_job_t job = {&c, solver_start, NULL, solver_stop, solve_run};
    return run_rows(&job, n, threads, SOLVE_RUN);
}

/* -------------------------------------------------------------- rating */

typedef struct rate_ctx {
    const sf_kernel_t *k; /* NULL: the default, as the command uses */
    const uint8_t *cells, *invalid;
    unsigned samples;
    uint8_t *statuses;
    double *ratings;
    int8_t *levels;
    const sf_geometry_t *g; /* NULL: classic 9x9 */
} rate_ctx_t;

/* A row of another geometry: the guesses of the count to 2 and
 * sf_logic_level_geom (as `sudoflow rate` on such a record). */
static void rate_geom_row(const void *ctx, void *state, size_t i)
{
    const rate_ctx_t *c = ctx;
    const size_t nc = (size_t)sf_geometry_cells(c->g);
    const uint8_t *cells = c->cells + nc * i;
    sf_result_t r = {0, 0, SF_INVALID};
    if (!flagged(c->invalid, i))
        sf_solve_geom(state, c->g, cells, 2, 0, NULL, &r);
    c->statuses[i] = (uint8_t)r.status;
    c->ratings[i] = -1;
    c->levels[i] = -1;
    if (r.status != SF_UNIQUE && r.status != SF_MULTIPLE)
        return;
    c->ratings[i] = (double)r.guesses;
    c->levels[i] = (int8_t)sf_logic_level_geom(c->g, cells);
}

static void rate_row(const void *ctx, void *state, size_t i)
{
    const rate_ctx_t *c = ctx;
    const uint8_t *cells = c->cells + SF_CELLS * i;
    sf_status_t st = SF_INVALID;
    if (!flagged(c->invalid, i)) {
        uint8_t solution[SF_CELLS];
        sf_result_t r;
        st = sf_solve_cells(state, cells, 2, 0, solution, &r);
    }
    c->statuses[i] = (uint8_t)st;
    c->ratings[i] = -1;
    c->levels[i] = -1;
    if (st != SF_UNIQUE && st != SF_MULTIPLE)
        return;
    c->ratings[i] = sf_rating(state, cells, c->samples);
    c->levels[i] = (int8_t)sf_logic_level(cells);
}

int sf_array_rate(const uint8_t *cells, const uint8_t *invalid, size_t n,
                  unsigned samples, int threads, uint8_t *statuses,
                  double *ratings, int8_t *levels)
{
    if (bad_args(n, cells, statuses, ratings) || (n && !levels))
        return -1;
    const rate_ctx_t c = {NULL, cells, invalid, samples, statuses, ratings,
                          levels, NULL};
    const row_job_t job = {&c, solver_start, rate_row, solver_stop, NULL};
    return run_rows(&job, n, threads, 4);
}

int sf_array_rate_geom(const sf_geometry_t *g, const uint8_t *cells,
                       const uint8_t *invalid, size_t n, unsigned samples,
                       int threads, uint8_t *statuses, double *ratings,
                       int8_t *levels)
{
    if (sf_geometry_is_classic(g))
        return sf_array_rate(cells, invalid, n, samples, threads, statuses,
                             ratings, levels);
    if (bad_args(n, cells, statuses, ratings) || n > GEOM_ROWS_MAX ||
        (n && !levels))
        return -1;
    /* the general kernel's guesses, as `sudoflow rate` gives them */
    const rate_ctx_t c = {sf_kernel_find("general"), cells, invalid, samples,
                          statuses, ratings, levels, g};
    const row_job_t job = {&c, solver_start, rate_geom_row, solver_stop, NULL};
    return run_rows(&job, n, threads, 4);
}

/* ---------------------------------------------------- difficulty card */

typedef struct card_ctx {
    const sf_kernel_t *k; /* NULL: the default */
    const uint8_t *cells, *invalid;
    unsigned measures;
    uint8_t *statuses;
    uint64_t *guesses, *automorphisms;
    int8_t *minimal, *closure, *backdoor;
} card_ctx_t;

static void card_row(const void *ctx, void *state, size_t i)
{
    const card_ctx_t *c = ctx;
    sf_card_t card = {SF_INVALID, 0, -1, -1, -1, 0};
    if (!flagged(c->invalid, i))
        sf_card(state, c->cells + SF_CELLS * i, c->measures, NULL, &card);
    c->statuses[i] = (uint8_t)card.status;
    c->guesses[i] = card.guesses;
    c->minimal[i] = (int8_t)card.minimal;
    c->closure[i] = (int8_t)card.singles_closure;
    c->backdoor[i] = (int8_t)card.backdoor;
    c->automorphisms[i] = card.automorphisms;
}

int sf_array_card(const uint8_t *cells, const uint8_t *invalid, size_t n,
                  unsigned measures, int threads, uint8_t *statuses,
                  uint64_t *guesses, int8_t *minimal, int8_t *closure,
                  int8_t *backdoor, uint64_t *automorphisms)
{
    if (bad_args(n, cells, statuses, guesses) ||
        (n && (!minimal || !closure || !backdoor || !automorphisms)))
        return -1;
    const card_ctx_t c = {NULL, cells, invalid, measures, statuses, guesses,
                          automorphisms, minimal, closure, backdoor};
    const row_job_t job = {&c, solver_start, card_row, solver_stop, NULL};
    return run_rows(&job, n, threads, 16);
}

/* ------------------------------------------- Sudoku Explainer ratings */

typedef struct se_ctx {
    const sf_kernel_t *k; /* NULL: the default */
    const uint8_t *cells, *invalid;
    double budget;
    int16_t *tenths;
    int8_t *steps;
    uint8_t *flags;
    sf_se_scale_t scale;
} se_ctx_t;

/* As `rate --fields se,step`: only a puzzle with exactly one solution is
 * rated (else tenths -1, step -1, flags SF_SE_INVALID). */
static void se_row(const void *ctx, void *state, size_t i)
{
    const se_ctx_t *c = ctx;
    const uint8_t *cells = c->cells + SF_CELLS * i;
    c->tenths[i] = -1;
    c->steps[i] = -1;
    c->flags[i] = SF_SE_INVALID;
    if (flagged(c->invalid, i))
        return;
    uint8_t solution[SF_CELLS];
    sf_result_t r;
    sf_se_result_t se;
    if (sf_solve_cells(state, cells, 2, 0, solution, &r) != SF_UNIQUE ||
        sf_se_rate_scale(cells, c->scale, c->budget, &se) != 0 ||
        se.status == SF_SE_INVALID)
        return;
    c->tenths[i] = (int16_t)se.tenths;
    c->steps[i] = (int8_t)se.step;
    c->flags[i] = (uint8_t)se.status;
}

int sf_array_se(const uint8_t *cells, const uint8_t *invalid, size_t n,
                double budget, int threads, int16_t *tenths, int8_t *steps,
                uint8_t *flags)
{
    return sf_array_se_scale(cells, invalid, n, SF_SE_CLASSIC, budget,
                             threads, tenths, steps, flags);
}

int sf_array_se_scale(const uint8_t *cells, const uint8_t *invalid, size_t n,
                      sf_se_scale_t scale, double budget, int threads,
                      int16_t *tenths, int8_t *steps, uint8_t *flags)
{
    if (bad_args(n, cells, tenths, steps) || (n && !flags) ||
        !timer_budget_ok(budget))
        return -1;
    if (scale != SF_SE_CLASSIC && scale != SF_SE_SUKAKU)
        return -1;
    const se_ctx_t c = {NULL,  cells, invalid, budget, tenths,
                        steps, flags, scale};
    const row_job_t job = {&c, solver_start, se_row, solver_stop, NULL};
    return run_rows(&job, n, threads, 1);
}

/* ---------------------------------------------------------------- traces */

/* A thread's solver and the trace of the rows it explained (in the order
 * it took them); the rows' traces are copied into the caller's in row
 * order once all are done. */
typedef struct explain_state {
    sf_solver_t *solver;
    sf_trace_t trace;
} explain_state_t;

typedef struct explain_ctx {
    se_ctx_t se;               /* the rows, budget and rating outputs */
    int with_candidates;
    explain_state_t **states;  /* one per thread of the team */
    int nstates, room;
    uint64_t *row_at;          /* per row: state << 32 | puzzle in it */
    int failed;
} explain_ctx_t;

static void *explain_start(const void *ctx)
{
    explain_ctx_t *c = (explain_ctx_t *)(uintptr_t)ctx; /* its own slots */
    explain_state_t *st = calloc(1, sizeof *st);
    const int k = __atomic_fetch_add(&c->nstates, 1, __ATOMIC_RELAXED);
    if (!st || k >= c->room || !(st->solver = sf_solver_new(NULL))) {
        free(st);
        return NULL;
    }
    sf_trace_init(&st->trace, c->with_candidates);
    c->states[k] = st;
    return st;
}

static void explain_row(const void *ctx, void *state, size_t i)
{
    explain_ctx_t *c = (explain_ctx_t *)(uintptr_t)ctx;
    explain_state_t *st = state;
    const se_ctx_t *e = &c->se;
    const uint8_t *cells = e->cells + SF_CELLS * i;
    e->tenths[i] = -1;
    e->steps[i] = -1;
    e->flags[i] = SF_SE_INVALID;
    int k = 0;
    while (c->states[k] != st)
        k++;
    c->row_at[i] = (uint64_t)k << 32 | st->trace.puzzles;
    uint8_t solution[SF_CELLS];
    sf_result_t r;
    sf_se_result_t se;
    const int unique = !flagged(e->invalid, i) &&
        sf_solve_cells(st->solver, cells, 2, 0, solution, &r) == SF_UNIQUE;
    if (unique ? sf_se_explain(cells, e->budget, &st->trace, &se) != 0
               : sf_trace_skip(&st->trace) != 0) {
        __atomic_store_n(&c->failed, 1, __ATOMIC_RELAXED);
        return;
    }
    if (!unique || se.status == SF_SE_INVALID)
        return;
    e->tenths[i] = (int16_t)se.tenths;
    e->steps[i] = (int8_t)se.step;
    e->flags[i] = (uint8_t)se.status;
}

int sf_array_explain(const uint8_t *cells, const uint8_t *invalid, size_t n,
                     double budget, int threads, sf_trace_t *t,
                     int16_t *tenths, int8_t *steps, uint8_t *flags)
{
    if (bad_args(n, cells, t, tenths) || (n && (!steps || !flags)) ||
        !timer_budget_ok(budget))
        return -1;
    explain_ctx_t c = {{NULL, cells, invalid, budget, tenths, steps, flags,
                        SF_SE_CLASSIC},
                       t->with_candidates, NULL, 0,
                       team_size(threads, n, 1), NULL, 0};
    c.states = calloc((size_t)c.room, sizeof *c.states);
    c.row_at = malloc((n ? n : 1) * sizeof *c.row_at);
    int rc = c.states && c.row_at ? 0 : -1;
    if (rc == 0) {
        const row_job_t job = {&c, explain_start, explain_row, NULL, NULL};
        rc = run_rows(&job, n, c.room, 1);
    }
    if (rc == 0 && c.failed)
        rc = -1;
    for (size_t i = 0; rc == 0 && i < n; i++) /* in row order */
        rc = sf_trace_append(t, &c.states[c.row_at[i] >> 32]->trace,
                             (size_t)(c.row_at[i] & 0xffffffffu));
    for (int k = 0; c.states && k < c.room; k++)
        if (c.states[k]) {
            sf_solver_free(c.states[k]->solver);
            sf_trace_free(&c.states[k]->trace);
            free(c.states[k]);
        }
    free(c.states);
    free(c.row_at);
    return rc;
}

/* ------------------------------------------------------ canonical forms */

typedef struct canon_ctx {
    const uint8_t *cells, *invalid;
    uint8_t *out;
    const geo_group_t *grp; /* NULL: classic 9x9 */
    size_t nc;
} canon_ctx_t;

static void canon_row(const void *ctx, void *state, size_t i)
{
    const canon_ctx_t *c = ctx;
    (void)state;
    uint8_t *out = c->out + c->nc * i;
    if (flagged(c->invalid, i))
        memset(out, 0, c->nc);
    else if (!c->grp)
        sf_canon(c->cells + c->nc * i, out, NULL);
    else if (geo_canon(c->grp, c->cells + c->nc * i, out, NULL) != 0)
        memset(out, 0, c->nc); /* out of memory */
}

/* g's group, or NULL for classic 9x9; 0, or -1 when g has none to use. */
static int group_for(const sf_geometry_t *g, const geo_group_t **grp)
{
    *grp = NULL;
    if (sf_geometry_is_classic(g))
        return 0;
    *grp = geo_group_of(g, NULL);
    return *grp ? 0 : -1;
}

int sf_array_canon(const uint8_t *cells, const uint8_t *invalid, size_t n,
                   int threads, uint8_t *out)
{
    return sf_array_canon_geom(NULL, cells, invalid, n, threads, out);
}

int sf_array_canon_geom(const sf_geometry_t *g, const uint8_t *cells,
                        const uint8_t *invalid, size_t n, int threads,
                        uint8_t *out)
{
    canon_ctx_t c = {cells, invalid, out, NULL, (size_t)sf_geometry_cells(g)};
    if (bad_args(n, cells, out, GIVEN) || n > GEOM_ROWS_MAX ||
        group_for(g, &c.grp) != 0)
        return -1;
    const row_job_t job = {&c, NULL, canon_row, NULL, NULL};
    return run_rows(&job, n, threads, 16);
}

/* ---------------------------------------------------------- augmenting */

/* Copies are rows of their own (so a few rows with many copies still use
 * every thread); the solutions they carry come from one solve per input
 * row, done first into unique[] / sols. */
typedef struct augment_ctx {
    const sf_kernel_t *k; /* NULL */
    const uint8_t *cells, *invalid;
    uint64_t copies, seed;
    uint8_t *out, *solutions; /* solutions may be NULL */
    uint8_t *sols;            /* n rows: each input row's solution */
    const sf_geometry_t *g;   /* NULL: classic 9x9 */
    const geo_group_t *grp;   /* g's group */
    size_t nc;                /* cells a row */
} augment_ctx_t;

static void augment_solve_row(const void *ctx, void *state, size_t i)
{
    const augment_ctx_t *c = ctx;
    uint8_t *sol = c->sols + c->nc * i;
    sf_result_t r;
    if (flagged(c->invalid, i) ||
        sf_solve_geom(state, c->g, c->cells + c->nc * i, 2, 0, sol, &r) !=
            SF_UNIQUE)
        memset(sol, 0, c->nc);
}

/* in under copy (i, j)'s transform into out: classic, or g's group. */
static void augment_apply(const augment_ctx_t *c, const sf_xform_t *t,
                          const geo_xform_t *gt, const uint8_t *in,
                          uint8_t *out)
{
    if (c->grp)
        geo_xform_apply(c->grp, gt, in, out);
    else
        sf_xform_apply(t, in, out);
}

static void augment_copy(const void *ctx, void *state, size_t item)
{
    const augment_ctx_t *c = ctx;
    (void)state;
    const size_t i = (size_t)(item / c->copies);
    const uint64_t j = item % c->copies;
    uint8_t *out = c->out + c->nc * item;
    uint8_t *sol = c->solutions ? c->solutions + c->nc * item : NULL;
    if (flagged(c->invalid, i)) {
        memset(out, 0, c->nc);
        if (sol)
            memset(sol, 0, c->nc);
        return;
    }
    rng_t r;
    sf_xform_t t;
    geo_xform_t gt;
    rng_seed_sub(&r, c->seed, i, j);
    if (c->grp)
        geo_xform_random(c->grp, &r, &gt);
    else
        sf_xform_random(&t, &r);
    augment_apply(c, &t, &gt, c->cells + c->nc * i, out);
    if (sol == NULL)
        return;
    const uint8_t *s = c->sols + c->nc * i;
    if (s[0] == 0) /* no unique solution */
        memset(sol, 0, c->nc);
    else
        augment_apply(c, &t, &gt, s, sol);
}

int sf_array_augment(const uint8_t *cells, const uint8_t *invalid, size_t n,
                     uint64_t k, uint64_t seed, int threads, uint8_t *out,
                     uint8_t *solutions)
{
    return sf_array_augment_geom(NULL, cells, invalid, n, k, seed, threads,
                                 out, solutions);
}

int sf_array_augment_geom(const sf_geometry_t *g, const uint8_t *cells,
                          const uint8_t *invalid, size_t n, uint64_t k,
                          uint64_t seed, int threads, uint8_t *out,
                          uint8_t *solutions)
{
    augment_ctx_t c = {NULL, cells, invalid, k, seed, out, solutions, NULL,
                       g, NULL, (size_t)sf_geometry_cells(g)};
    if (n == 0 || k == 0)
        return 0;
    if (k > ROWS_MAX || bad_args(n, cells, out, GIVEN) || n > ROWS_MAX / k ||
        n * (size_t)k > GEOM_ROWS_MAX || group_for(g, &c.grp) != 0)
        return -1; /* the copies (n * k rows) would not fit */
    if (solutions) {
        c.sols = malloc(c.nc * n);
        const row_job_t solve = {&c, solver_start, augment_solve_row,
                                 solver_stop, NULL};
        const int rc = c.sols ? run_rows(&solve, n, threads, 64) : -1;
        if (rc != 0) {
            free(c.sols);
            return rc;
        }
    }
    const row_job_t job = {&c, NULL, augment_copy, NULL, NULL};
    const int rc = run_rows(&job, n * (size_t)k, threads, 256);
    free(c.sols);
    return rc;
}

/* ---------------------------------------------------------- generating */

typedef struct generate_ctx {
    const sf_gen_opts_t *o;
    sf_gen_target_t t;
    uint64_t seed;
    uint8_t *puzzles, *solutions, *made;
} generate_ctx_t;

static void *generate_start(const void *ctx)
{
    const generate_ctx_t *c = ctx;
    return gen_target_new(&c->t);
}

static void generate_stop(void *state)
{
    gen_target_free(state);
}

static void generate_row(const void *ctx, void *state, size_t i)
{
    const generate_ctx_t *c = ctx;
    uint8_t puzzle[SF_CELLS], solution[SF_CELLS];
    int rc = gen_target_make(state, c->o, c->seed, i, puzzle, solution);
    if (rc != GEN_MADE) {
        memset(puzzle, 0, SF_CELLS);
        memset(solution, 0, SF_CELLS);
    }
    c->made[i] = (uint8_t)rc;
    if (c->puzzles)
        memcpy(c->puzzles + SF_CELLS * i, puzzle, SF_CELLS);
    if (c->solutions)
        memcpy(c->solutions + SF_CELLS * i, solution, SF_CELLS);
}

int sf_array_generate(const sf_gen_opts_t *o, const sf_gen_target_t *t,
                      uint64_t seed, size_t n, int threads,
                      uint8_t *puzzles, uint8_t *solutions, uint8_t *made)
{
    if (bad_args(n, o, puzzles, made))
        return -1;
    generate_ctx_t c = {o, {.level = -1}, seed, puzzles, solutions, made};
    if (t)
        c.t = *t;
    const row_job_t job = {&c, generate_start, generate_row, generate_stop,
                           NULL};
    return run_rows(&job, n, threads, 1);
}
