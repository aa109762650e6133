/*
 * crosscheck.c -- checks every solver kernel against the reference.
 *
 * The reference backtracker (refsolve.c) is naive and shares nothing with the
 * library, so agreement between the two is evidence for both.  For each
 * puzzle the tool first asks the reference (the "oracle" below) for the
 * solution count and the lexicographically smallest solution, then runs every
 * kernel of the library's table with limits 1, 2, 10, 1000 and none, with and
 * without SF_LEX, and compares: counts must match, an SF_LEX solution must be
 * the smallest one, any other solution must be a valid solution of the
 * puzzle, and a second run on a scribbled-over state must repeat the first
 * exactly (count, solution and guesses).
 *
 * Row-major backtracking is hopeless on sparse puzzles whose top rows are
 * empty, so the oracle counts on an equivalent puzzle: bands, rows within a
 * band, stacks and columns within a stack are reordered, and the grid may be
 * transposed, so that the givens come first.  Such a relabelling of cells
 * maps solutions one to one, so counts (and so min(count, limit)) do not
 * change, and a unique solution maps back to the unique, hence smallest,
 * solution.  The smallest of several solutions comes from an untransformed
 * run, whose first solution is the smallest by construction.  Every
 * reference run has a node budget; a check the budget leaves undecided is
 * weakened to a bound or skipped, and counted and reported, never silently.
 *
 * Puzzles come from files in line format (read here, not by the library's
 * parser), from a seeded generator (unique, several solutions, unsolvable)
 * and from a fixed list of edge cases.  With --pencil N a file's puzzles
 * are instead the seeds of N pencilmark puzzles (candidate masks, see
 * "pencilmark puzzles" below), checked the same way through every
 * kernel's solve_cands entry and sf_solve_cands' own search.  Puzzles are checked in parallel with
 * OpenMP; every thread owns its kernel states.  The last line of output is
 * "crosscheck: N passed, M failed", counting (puzzle, kernel) pairs.
 */
#include "refsolve.h"
#include "sudoflow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "sanitized.h" /* SANITIZED, for --sanitized */

#define MAX_KERNELS 32
#define MAX_SHOWN 100        /* failures printed in full */
#define CANARY 15            /* bytes checked after the 81 of a solution */
#define LARGEST_LIMIT 1000

static const uint64_t limits[] = {1, 2, 10, LARGEST_LIMIT, 0};
#define N_LIMITS (sizeof limits / sizeof limits[0])

/* ------------------------------------------------------------- options */

typedef struct opts {
    unsigned long every;     /* take every K-th puzzle of a file */
    unsigned long max;       /* at most this many per file (0 = all) */
    uint64_t budget;         /* reference nodes per run */
    uint64_t seed;
    unsigned long n_unique, n_multi, n_unsolvable;
    unsigned long pencil;    /* pencilmark puzzles per FILE; 0: none */
    int edge;                /* run the edge cases */
    int threads;             /* 0 = OpenMP default */
} opts_t;

/* ------------------------------------------------------------ counters */

typedef struct kstat {
    uint64_t puzzles;        /* puzzles solved (limit 1) */
    uint64_t guesses;        /* their guesses, summed */
    uint64_t no_guess;       /* of them solved without a guess */
    uint64_t failed;         /* puzzles with a failed check */
} kstat_t;

typedef struct tally {
    uint64_t passed, failed;         /* (puzzle, kernel) pairs */
    uint64_t shown;                  /* failures printed (total only) */
    uint64_t puzzles, exact;         /* puzzles; reference finished */
    uint64_t bounded;                /* count checks weakened to a bound */
    uint64_t no_lex;                 /* lex comparisons skipped */
    uint64_t nodes;                  /* reference placements */
    uint64_t givens, givens_min, givens_max;   /* sum, min, max */
    kstat_t k[MAX_KERNELS];
} tally_t;

static void tally_add(tally_t *to, const tally_t *from, size_t n_kernels)
{
    to->passed += from->passed;
    to->failed += from->failed;
    to->puzzles += from->puzzles;
    to->exact += from->exact;
    to->bounded += from->bounded;
    to->no_lex += from->no_lex;
    to->nodes += from->nodes;
    if (from->puzzles && (to->puzzles == from->puzzles ||
                          from->givens_min < to->givens_min))
        to->givens_min = from->givens_min;
    if (from->givens_max > to->givens_max)
        to->givens_max = from->givens_max;
    to->givens += from->givens;
    for (size_t i = 0; i < n_kernels; i++) {
        to->k[i].puzzles += from->k[i].puzzles;
        to->k[i].guesses += from->k[i].guesses;
        to->k[i].no_guess += from->k[i].no_guess;
        to->k[i].failed += from->k[i].failed;
    }
}

/* ---------------------------------------------------- random numbers */

typedef struct rng {
    uint64_t s;
} rng_t;

static uint64_t rng_next(rng_t *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static unsigned rng_below(rng_t *r, unsigned n)
{
    return (unsigned)(rng_next(r) % n);
}

/* Generator for puzzle i of a kind: independent of thread scheduling. */
static rng_t rng_for(uint64_t seed, unsigned kind, uint64_t i)
{
    rng_t r = {seed * 0xD1342543DE82EF95u ^ ((uint64_t)kind << 56) ^ i};
    rng_next(&r);
    return r;
}

static void shuffle(rng_t *r, uint8_t *a, unsigned n)
{
    for (unsigned i = n; i > 1; i--) {
        const unsigned j = rng_below(r, i);
        const uint8_t t = a[i - 1];
        a[i - 1] = a[j];
        a[j] = t;
    }
}

/* ------------------------------------------------------ cell mappings */

/* A validity-preserving relabelling of cells: out[i] = in[src[i]]. */
typedef struct cellmap {
    uint8_t src[81];
} cellmap_t;

static void map_apply(const cellmap_t *m, const uint8_t *in, uint8_t *out)
{
    for (int i = 0; i < 81; i++)
        out[i] = in[m->src[i]];
}

static void map_unapply(const cellmap_t *m, const uint8_t *in, uint8_t *out)
{
    for (int i = 0; i < 81; i++)
        out[m->src[i]] = in[i];
}

/* Map from a row order and a column order (each keeps bands/stacks whole)
 * and an optional transposition. */
static void map_build(const int rows[9], const int cols[9], int transpose,
                      cellmap_t *m)
{
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            m->src[r * 9 + c] = (uint8_t)(transpose ? cols[c] * 9 + rows[r]
                                                    : rows[r] * 9 + cols[c]);
}

/* Indices 0..2 ordered by key, largest first, ties in index order. */
static void order3(const int key[3], int out[3])
{
    for (int i = 0; i < 3; i++) {
        int j = i;
        for (; j > 0 && key[out[j - 1]] < key[i]; j--)
            out[j] = out[j - 1];
        out[j] = i;
    }
}

/* Lines (rows, or columns) ordered so that the fuller come first, moving
 * whole groups of three then lines within a group. */
static void order_lines(const int count[9], int out[9])
{
    int group[3], go[3];
    for (int g = 0; g < 3; g++)
        group[g] = count[3 * g] + count[3 * g + 1] + count[3 * g + 2];
    order3(group, go);
    for (int g = 0; g < 3; g++) {
        int lo[3];
        order3(count + 3 * go[g], lo);
        for (int i = 0; i < 3; i++)
            out[3 * g + i] = 3 * go[g] + lo[i];
    }
}

/* The map that puts the givens of cells first, in one orientation. */
static void map_front_loaded(const uint8_t cells[81], int transpose,
                             cellmap_t *m)
{
    int rc[9] = {0}, cc[9] = {0}, rows[9], cols[9];
    for (int i = 0; i < 81; i++) {
        if (cells[i]) {
            rc[transpose ? i % 9 : i / 9]++;
            cc[transpose ? i / 9 : i % 9]++;
        }
    }
    order_lines(rc, rows);
    order_lines(cc, cols);
    map_build(rows, cols, transpose, m);
}

/* How front-loaded cells are under m: larger is better for the search. */
static long map_score(const cellmap_t *m, const uint8_t cells[81])
{
    long score = 0;
    for (int i = 0; i < 81; i++)
        if (cells[m->src[i]])
            score += 81 - i;
    return score;
}

/* The two front-loaded orientations, the more promising first. */
static void maps_for(const uint8_t cells[81], cellmap_t maps[2])
{
    map_front_loaded(cells, 0, &maps[0]);
    map_front_loaded(cells, 1, &maps[1]);
    if (map_score(&maps[1], cells) > map_score(&maps[0], cells)) {
        const cellmap_t t = maps[0];
        maps[0] = maps[1];
        maps[1] = t;
    }
}

/* ------------------------------------------------------------ oracle */

/* What the reference knows about one puzzle. */
typedef struct oracle {
    uint64_t count;          /* exact when exact, else a lower bound */
    int exact;               /* 1 when a search finished in its budget */
    int lex_known;           /* 1 when lex holds the smallest solution */
    uint8_t lex[81];
    uint64_t nodes;          /* reference placements spent */
    int broken;              /* a mapped solution did not map back */
} oracle_t;

/* Reference count of cells relabelled by m, limit, budget; the first
 * solution (mapped back) into first.  Returns 1 when the search finished,
 * 0 when the budget ran out, -1 when the mapped-back solution is not a
 * solution (a bug of this file). */
static int count_mapped(const uint8_t cells[81], const cellmap_t *m,
                        uint64_t limit, uint64_t budget, uint64_t *count,
                        uint8_t first[81], uint64_t *nodes)
{
    uint8_t t[81], sol[81];
    uint64_t spent;
    map_apply(m, cells, t);
    const int done = ref_count_bounded(t, limit, budget, sol, count,
                                       &spent) == 0;
    *nodes += spent;
    if (*count > 0) {
        map_unapply(m, sol, first);
        if (!ref_valid_solution(cells, first))
            return -1;
    }
    return done;
}

/* Count cells with the reference, trying both front-loaded orientations
 * (the second only while something checked is still unknown). */
static void oracle_count(const uint8_t cells[81], uint64_t budget,
                         oracle_t *o)
{
    cellmap_t maps[2];
    maps_for(cells, maps);
    for (int t = 0; t < 2 && !o->exact; t++) {
        uint64_t count;
        uint8_t first[81];
        const int done = count_mapped(cells, &maps[t], 0, budget, &count,
                                      first, &o->nodes);
        if (done < 0) {
            o->broken = 1;
            return;
        }
        if (done) {
            o->exact = 1;
            o->count = count;
            if (count == 1) {
                memcpy(o->lex, first, 81);
                o->lex_known = 1;
            }
        } else if (count > o->count) {
            o->count = count;
        }
        if (o->count >= LARGEST_LIMIT)
            break;
    }
}

/* Everything the reference can tell about cells within budget per run. */
static void oracle_run(const uint8_t cells[81], uint64_t budget, oracle_t *o)
{
    memset(o, 0, sizeof *o);
    oracle_count(cells, budget, o);
    if (o->broken || o->lex_known || (o->exact && o->count == 0))
        return;
    /* Untransformed, the first solution found is the smallest one. */
    uint64_t count, spent;
    ref_count_bounded(cells, 1, budget, o->lex, &count, &spent);
    o->nodes += spent;
    if (count > 0) {
        o->broken = !ref_valid_solution(cells, o->lex);
        o->lex_known = 1;
        if (o->count == 0)
            o->count = 1;
    }
}

/* ---------------------------------------------------- kernel checking */

/* A kernel run and where the check stands. */
typedef struct run {
    uint64_t count, guesses;
    uint8_t sol[81 + CANARY];
    int input_changed;
} run_t;

typedef struct where {
    uint64_t *shown;         /* failures printed, shared by all threads */
    const char *label;
    const char *kernel;
    const uint8_t *cells;
    uint64_t limit;
    unsigned flags;
    const uint16_t *cands;   /* a pencilmark puzzle: its masks, else NULL */
    sf_solver_t *solver;     /* pencilmarks on a kernel without
                              * solve_cands: sf_solve_cands' own search */
} where_t;

static void put_grid(const uint8_t *g, FILE *out)
{
    for (int i = 0; i < 81; i++)
        fputc(g[i] >= 1 && g[i] <= 9 ? '0' + g[i] : '.', out);
}

static void put_marks(const uint16_t *cands, FILE *out)
{
    for (int i = 0; i < 729; i++)
        fputc(cands[i / 9] >> (i % 9) & 1 ? '1' + i % 9 : '.', out);
}

static void report(const where_t *w, const char *what,
                   const char *expected, const char *got)
{
#ifdef _OPENMP
#pragma omp critical(crosscheck_report)
#endif
    {
        if ((*w->shown)++ < MAX_SHOWN) {
            printf("FAIL %s kernel=%s limit=%llu flags=%s: %s: expected %s"
                   " got %s\n     puzzle ", w->label, w->kernel,
                   (unsigned long long)w->limit,
                   w->flags & SF_LEX ? "lex" : "0", what, expected, got);
            if (w->cands)
                put_marks(w->cands, stdout);
            else
                put_grid(w->cells, stdout);
            putchar('\n');
        } else if (*w->shown == MAX_SHOWN + 1) {
            printf("(further failures are counted, not shown)\n");
        }
        fflush(stdout);
    }
}

static void report_count(const where_t *w, const char *what,
                         uint64_t expected, uint64_t got)
{
    char e[32], g[32];
    snprintf(e, sizeof e, "%llu", (unsigned long long)expected);
    snprintf(g, sizeof g, "%llu", (unsigned long long)got);
    report(w, what, e, g);
}

static void report_grids(const where_t *w, const char *what,
                         const uint8_t *expected, const uint8_t *got)
{
    char e[82], g[82];
    for (int i = 0; i < 81; i++) {
        e[i] = expected ? (char)('0' + expected[i]) : '?';
        g[i] = got[i] >= 1 && got[i] <= 9 ? (char)('0' + got[i]) : '?';
    }
    e[81] = g[81] = 0;
    report(w, what, expected ? e : "a valid solution", g);
}

/* A pencilmark run: the kernel's solve_cands entry, or sf_solve_cands'
 * own search when it has none. */
static void run_cands(const sf_kernel_t *k, void *state, const where_t *w,
                      uint64_t limit, unsigned flags, run_t *r)
{
    uint16_t in[81];
    memcpy(in, w->cands, sizeof in);
    if (k->solve_cands) {
        r->count = k->solve_cands(state, in, limit, flags, r->sol,
                                  &r->guesses);
    } else {
        sf_result_t res = {0, UINT64_MAX, SF_INVALID};
        sf_solve_cands(w->solver, in, limit, flags, r->sol, &res);
        r->count = res.count;
        r->guesses = res.guesses;
    }
    r->input_changed = memcmp(in, w->cands, sizeof in) != 0;
}

static void run_kernel(const sf_kernel_t *k, void *state, const where_t *w,
                       uint64_t limit, unsigned flags, run_t *r)
{
    uint8_t in[81];
    memset(r->sol, 0xEE, sizeof r->sol);
    r->guesses = UINT64_MAX;
    if (w->cands) {
        run_cands(k, state, w, limit, flags, r);
        return;
    }
    memcpy(in, w->cells, 81);
    r->count = k->solve(state, in, limit, flags, r->sol, &r->guesses);
    r->input_changed = memcmp(in, w->cells, 81) != 0;
}

/* Contract checks that need no reference; returns failures. */
static int check_contract(const where_t *w, const run_t *r)
{
    int fails = 0;
    for (int i = 81; i < 81 + CANARY; i++) {
        if (r->sol[i] != 0xEE) {
            report(w, "solution buffer", "81 bytes written", "more");
            fails++;
            break;
        }
    }
    if (r->input_changed) {
        report(w, "cells", "unchanged", "modified");
        fails++;
    }
    if (r->guesses == UINT64_MAX) {
        report(w, "guesses", "written", "left unset");
        fails++;
    }
    if (w->limit && r->count > w->limit) {
        report_count(w, "count above limit", w->limit, r->count);
        fails++;
    }
    return fails;
}

/* Checks of one run against the oracle; returns failures. */
static int check_run(const where_t *w, const run_t *r, const oracle_t *o,
                     tally_t *t)
{
    int fails = check_contract(w, r);
    if (o->exact || (w->limit && o->count >= w->limit)) {
        const uint64_t want = w->limit && o->count > w->limit ? w->limit
                                                               : o->count;
        if (r->count != want) {
            report_count(w, "count", want, r->count);
            fails++;
        }
    } else {
        t->bounded++;
        if (r->count < o->count) {
            report_count(w, "count below the reference's lower bound",
                         o->count, r->count);
            fails++;
        }
    }
    if (r->count == 0)
        return fails;
    if (w->cands ? !ref_valid_cands_solution(w->cands, r->sol)
                 : !ref_valid_solution(w->cells, r->sol)) {
        report_grids(w, "solution", NULL, r->sol);
        fails++;
    } else if (w->flags & SF_LEX) {
        if (!o->lex_known) {
            t->no_lex++;
        } else if (memcmp(r->sol, o->lex, 81) != 0) {
            report_grids(w, "lex solution", o->lex, r->sol);
            fails++;
        }
    }
    return fails;
}

/* Reruns on a state full of garbage must repeat the first runs. */
static int check_repeat(const sf_kernel_t *k, void *state, where_t *w,
                        const run_t first[2])
{
    int fails = 0;
    for (int lex = 0; lex < 2; lex++) {
        run_t again;
        memset(state, 0xA5, k->state_size);
        w->limit = 2;
        w->flags = lex ? SF_LEX : 0;
        run_kernel(k, state, w, 2, w->flags, &again);
        const run_t *r = &first[lex];
        if (again.count != r->count) {
            report_count(w, "count on a repeated run", r->count,
                         again.count);
            fails++;
        } else if (again.guesses != r->guesses) {
            report_count(w, "guesses on a repeated run", r->guesses,
                         again.guesses);
            fails++;
        } else if (r->count && memcmp(again.sol, r->sol, 81) != 0) {
            report_grids(w, "solution on a repeated run", r->sol,
                         again.sol);
            fails++;
        }
    }
    return fails;
}

static int check_kernel(const sf_kernel_t *k, void *state, where_t *w,
                        const oracle_t *o, tally_t *t, kstat_t *ks)
{
    int fails = 0;
    run_t first[2];
    for (size_t li = 0; li < N_LIMITS; li++) {
        if (limits[li] == 0 && !o->exact) {
            t->bounded += 2;
            continue;
        }
        for (int lex = 0; lex < 2; lex++) {
            run_t r;
            w->limit = limits[li];
            w->flags = lex ? SF_LEX : 0;
            run_kernel(k, state, w, w->limit, w->flags, &r);
            fails += check_run(w, &r, o, t);
            if (w->limit == 2)
                first[lex] = r;
            if (w->limit == 1 && !lex && r.count) {
                ks->puzzles++;
                ks->guesses += r.guesses;
                ks->no_guess += r.guesses == 0;
            }
        }
    }
    return fails + check_repeat(k, state, w, first);
}

/* A thread's kernel states. */
typedef struct worker {
    const sf_kernel_t *k[MAX_KERNELS];
    void *state[MAX_KERNELS];
    size_t n;
    uint64_t *shown;         /* shared failure counter */
    sf_solver_t *plain;      /* pencilmarks: a kernel without solve_cands */
} worker_t;

/* A kernel without a solve_cands entry: sf_solve_cands runs its own
 * search for it, which the pencilmark checks cover through this. */
static uint64_t givens_unused(void *state, const uint8_t *cells,
                              uint64_t limit, unsigned flags,
                              uint8_t *solution, uint64_t *guesses)
{
    (void)state, (void)cells, (void)limit, (void)flags, (void)solution;
    *guesses = 0;
    return 0;
}

static const sf_kernel_t plain_kernel = {
    "plain", "sf_solve_cands' own search (no solve_cands entry)", 64,
    givens_unused, NULL, NULL, NULL, NULL, 0};

/* Kernel i of those checked: the table's, less a kernel whose classic
 * entry is a later one's (the small-grid and wide kernels hand classic
 * puzzles to the general kernel's code, checked under that name); NULL
 * past the last. */
static const sf_kernel_t *kernel_at(size_t i)
{
    size_t n = 0;
    for (size_t t = 0; sf_kernel_at(t); t++) {
        int same = 0;
        for (size_t e = t + 1; sf_kernel_at(e); e++)
            same |= sf_kernel_at(e)->solve == sf_kernel_at(t)->solve;
        if (!same && n++ == i)
            return sf_kernel_at(t);
    }
    return NULL;
}

static size_t count_kernels(void)
{
    size_t n = 0;
    while (n < MAX_KERNELS && kernel_at(n))
        n++;
    return n;
}

static int worker_init(worker_t *w)
{
    w->n = count_kernels();
    memset(w->state, 0, sizeof w->state);
    w->plain = sf_solver_new(&plain_kernel);
    w->state[w->n] = aligned_alloc(64, plain_kernel.state_size);
    if (!w->plain || !w->state[w->n])
        return -1;
    for (size_t i = 0; i < w->n; i++) {
        w->k[i] = kernel_at(i);
        const size_t size = (w->k[i]->state_size + 63) / 64 * 64;
        w->state[i] = aligned_alloc(64, size ? size : 64);
        if (!w->state[i])
            return -1;
    }
    return 0;
}

static void worker_free(worker_t *w)
{
    for (size_t i = 0; i <= w->n; i++)
        free(w->state[i]);
    sf_solver_free(w->plain);
}

static int count_givens(const uint8_t cells[81])
{
    int n = 0;
    for (int i = 0; i < 81; i++)
        n += cells[i] != 0;
    return n;
}

static void check_puzzle(worker_t *wk, const opts_t *op,
                         const uint8_t cells[81], const char *label,
                         tally_t *t)
{
    oracle_t o;
    oracle_run(cells, op->budget, &o);
    const uint64_t givens = (uint64_t)count_givens(cells);
    if (t->puzzles == 0 || givens < t->givens_min)
        t->givens_min = givens;
    if (givens > t->givens_max)
        t->givens_max = givens;
    t->givens += givens;
    t->puzzles++;
    t->exact += o.exact;
    t->nodes += o.nodes;
    if (o.broken) {
        where_t w = {wk->shown, label, "(reference)", cells, 0, 0, NULL, NULL};
        report(&w, "reference", "a valid solution", "an invalid one");
        t->failed++;
        return;
    }
    for (size_t i = 0; i < wk->n; i++) {
        where_t w = {wk->shown, label, wk->k[i]->name, cells, 0, 0, NULL,
                     NULL};
        if (check_kernel(wk->k[i], wk->state[i], &w, &o, t, &t->k[i])) {
            t->failed++;
            t->k[i].failed++;
        } else {
            t->passed++;
        }
    }
}

/* ------------------------------------------------------ puzzle sources */

typedef struct puzzle {
    uint8_t cells[81];
    unsigned long line;
} puzzle_t;

typedef struct set set_t;
struct set {
    char name[64];             /* for labels and the summary */
    size_t n;                  /* puzzles */
    void (*get)(const set_t *set, size_t i, uint8_t cells[81], char *label,
                size_t label_size);
    const puzzle_t *puzzles;   /* file sets */
    uint64_t seed;             /* generated sets */
    uint64_t budget;           /* reference budget for the generator */
};

static void get_file(const set_t *set, size_t i, uint8_t cells[81],
                     char *label, size_t label_size)
{
    memcpy(cells, set->puzzles[i].cells, 81);
    snprintf(label, label_size, "%s:%lu", set->name, set->puzzles[i].line);
}

static double mono_sec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* A line every few seconds while a long set runs (by the first thread:
 * done puzzles counted by all), so that a long run never goes quiet. */
typedef struct progress {
    const set_t *set;
    size_t done;
    double t0, last;
} progress_t;

static void show_progress(progress_t *pg)
{
    const size_t k = __atomic_add_fetch(&pg->done, 1, __ATOMIC_RELAXED);
#ifdef _OPENMP
    if (omp_get_thread_num() != 0)
        return;
#endif
    const double t = mono_sec();
    if (t - pg->last < 5)
        return;
    pg->last = t;
    printf("  %s: %zu of %zu puzzles checked, %.0f s\n", pg->set->name, k,
           pg->set->n, t - pg->t0);
    fflush(stdout);
}

/* One item of a parallel check, with the thread's kernel states and
 * tally. */
typedef void (*item_fn)(worker_t *wk, size_t i, void *ctx, tally_t *mine);

/* Run item for i in 0..n-1 in parallel, every thread with its own kernel
 * states and tally, summed into t.  Returns 0, or -1 when a thread could
 * not allocate its kernel states. */
static int run_items(size_t n, item_fn item, void *ctx, const opts_t *op,
                     uint64_t *shown, tally_t *t)
{
    const size_t n_kernels = count_kernels();
    int broken = 0;
#ifdef _OPENMP
    const int threads = op->threads > 0 ? op->threads : omp_get_max_threads();
#pragma omp parallel num_threads(threads)
#endif
    {
        worker_t wk;
        tally_t mine;
        memset(&mine, 0, sizeof mine);
        wk.shown = shown;
        const int ok = worker_init(&wk) == 0;
        if (!ok) {
#ifdef _OPENMP
#pragma omp atomic write
#endif
            broken = 1;
        }
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 2)
#endif
        for (size_t i = 0; i < n; i++)
            if (ok)
                item(&wk, i, ctx, &mine);
        worker_free(&wk);
#ifdef _OPENMP
#pragma omp critical(crosscheck_tally)
#endif
        tally_add(t, &mine, n_kernels);
    }
    return broken ? -1 : 0;
}

typedef struct set_run {
    const set_t *set;
    const opts_t *op;
    progress_t pg;
} set_run_t;

static void check_item(worker_t *wk, size_t i, void *ctx, tally_t *mine)
{
    set_run_t *sr = ctx;
    uint8_t cells[81];
    char label[128];
    sr->set->get(sr->set, i, cells, label, sizeof label);
    check_puzzle(wk, sr->op, cells, label, mine);
    show_progress(&sr->pg);
}

/* Check every puzzle of set in parallel into t.  Returns 0, or -1 when a
 * thread could not allocate its kernel states. */
static int check_set(const set_t *set, const opts_t *op, uint64_t *shown,
                     tally_t *t)
{
    set_run_t sr = {set, op, {set, 0, mono_sec(), 0}};
    sr.pg.last = sr.pg.t0;
    return run_items(set->n, check_item, &sr, op, shown, t);
}

static void print_summary(const set_t *set, const opts_t *op,
                          const tally_t *t, double secs)
{
    printf("%s: %llu puzzles (%llu..%llu givens, mean %.1f), reference "
           "exact on %llu; %llu count checks bounded or skipped, %llu lex "
           "comparisons skipped (node budget %llu); %.3g reference nodes, "
           "%.1f s\n",
           set->name, (unsigned long long)t->puzzles,
           (unsigned long long)t->givens_min,
           (unsigned long long)t->givens_max,
           t->puzzles ? (double)t->givens / (double)t->puzzles : 0.0,
           (unsigned long long)t->exact, (unsigned long long)t->bounded,
           (unsigned long long)t->no_lex, (unsigned long long)op->budget,
           (double)t->nodes, secs);
    for (size_t i = 0; i < count_kernels(); i++) {
        const kstat_t *k = &t->k[i];
        const double n = k->puzzles ? (double)k->puzzles : 1.0;
        printf("  %-12s %llu failed; %llu solved, %.2f guesses per puzzle, "
               "%.1f%% without guessing\n", kernel_at(i)->name,
               (unsigned long long)k->failed, (unsigned long long)k->puzzles,
               (double)k->guesses / n, 100.0 * (double)k->no_guess / n);
    }
    fflush(stdout);
}

/* Check set, print its summary and add it to total. */
static int run_set(const set_t *set, const opts_t *op, tally_t *total)
{
    tally_t t;
    struct timespec t0, t1;
    memset(&t, 0, sizeof t);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (check_set(set, op, &total->shown, &t) != 0) {
        fprintf(stderr, "crosscheck: out of memory\n");
        return -1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    print_summary(set, op, &t, (double)(t1.tv_sec - t0.tv_sec) +
                                   (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
    tally_add(total, &t, count_kernels());
    return 0;
}

/* ------------------------------------------------------- file reading */

static int cell_of(int ch)
{
    if (ch >= '1' && ch <= '9')
        return ch - '0';
    return strchr("0._-*", ch) && ch ? 0 : -1;
}

/* Cells of a line-format record: 81 cells, then the end or a separator.
 * Returns 0, or -1 when the line is not a puzzle. */
static int parse_puzzle(const char *s, size_t len, uint8_t cells[81])
{
    if (len < 81 || (len > 81 && !strchr(",:;| \t", s[81])))
        return -1;
    for (int i = 0; i < 81; i++) {
        const int v = cell_of((unsigned char)s[i]);
        if (v < 0)
            return -1;
        cells[i] = (uint8_t)v;
    }
    return 0;
}

typedef struct plist {
    puzzle_t *p;
    size_t n, cap;
    unsigned long ignored;   /* lines that are not puzzles */
} plist_t;

static int plist_push(plist_t *l, const uint8_t cells[81], unsigned long line)
{
    if (l->n == l->cap) {
        const size_t cap = l->cap ? 2 * l->cap : 1024;
        puzzle_t *p = realloc(l->p, cap * sizeof *p);
        if (!p)
            return -1;
        l->p = p;
        l->cap = cap;
    }
    memcpy(l->p[l->n].cells, cells, 81);
    l->p[l->n++].line = line;
    return 0;
}

/* Read one line (any length) into buf, without its terminator; the part
 * beyond size - 1 is dropped.  Returns its length, or -1 at the end. */
static long read_line(gzFile f, char *buf, int size)
{
    if (!gzgets(f, buf, size))
        return -1;
    size_t len = strlen(buf);
    if (len > 0 && buf[len - 1] != '\n') {
        char rest[256];
        while (gzgets(f, rest, sizeof rest) && !strchr(rest, '\n'))
            ;
    }
    while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
        buf[--len] = 0;
    return (long)len;
}

/* Puzzles of path (plain or gzip), sampled by every and max. */
static int read_file(const char *path, const opts_t *op, plist_t *l)
{
    gzFile f = gzopen(path, "rb");
    if (!f) {
        fprintf(stderr, "crosscheck: %s: cannot open\n", path);
        return -1;
    }
    char buf[1024];
    unsigned long line = 0, seen = 0;
    long len;
    int rc = 0;
    while (rc == 0 && (len = read_line(f, buf, sizeof buf)) >= 0) {
        uint8_t cells[81];
        line++;
        if (len == 0 || buf[0] == '#')
            continue;
        if (parse_puzzle(buf, (size_t)len, cells) != 0) {
            l->ignored++;
            continue;
        }
        if (seen++ % op->every != 0)
            continue;
        if (op->max && l->n >= op->max)
            break;
        rc = plist_push(l, cells, line);
    }
    gzclose(f);
    return rc;
}

static int run_pencil(const set_t *set, const plist_t *l, const opts_t *op,
                      tally_t *total);

static int run_file(const char *path, const opts_t *op, tally_t *total)
{
    plist_t l = {NULL, 0, 0, 0};
    if (read_file(path, op, &l) != 0) {
        free(l.p);
        return -1;
    }
    set_t set = {.n = l.n, .get = get_file, .puzzles = l.p};
    const char *base = strrchr(path, '/');
    snprintf(set.name, sizeof set.name, "%s", base ? base + 1 : path);
    if (l.ignored)
        printf("%s: %lu lines are not line-format puzzles, ignored\n",
               set.name, l.ignored);
    if (op->every > 1)
        printf("%s: sample: one puzzle in %lu\n", set.name, op->every);
    if (op->max)
        printf("%s: sample: at most %lu puzzles\n", set.name, op->max);
    if (op->pencil)
        snprintf(set.name + strlen(set.name), sizeof set.name - strlen(set.name),
                 " pencilmarks (seed %llu)", (unsigned long long)op->seed);
    const int rc = op->pencil ? run_pencil(&set, &l, op, total)
                              : run_set(&set, op, total);
    free(l.p);
    return rc;
}

/* ---------------------------------------------------------- generator */

enum { KIND_GRID, KIND_UNIQUE, KIND_MULTI, KIND_UNSOLVABLE, KIND_EDGE,
       KIND_PENCIL };

/* A random symmetry of g: bands, rows, stacks, columns, transposition and
 * digits all shuffled. */
static void random_symmetry(rng_t *r, uint8_t g[81])
{
    uint8_t group[3] = {0, 1, 2}, line[3] = {0, 1, 2}, digit[10];
    int order[2][9];
    for (int k = 0; k < 2; k++) {
        shuffle(r, group, 3);
        for (int b = 0; b < 3; b++) {
            shuffle(r, line, 3);
            for (int i = 0; i < 3; i++)
                order[k][3 * b + i] = 3 * group[b] + line[i];
        }
    }
    for (int d = 0; d < 10; d++)
        digit[d] = (uint8_t)d;
    shuffle(r, digit + 1, 9);
    cellmap_t m;
    uint8_t t[81];
    map_build(order[0], order[1], (int)rng_below(r, 2), &m);
    map_apply(&m, g, t);
    for (int i = 0; i < 81; i++)
        g[i] = digit[t[i]];
}

/* A random complete grid: a shuffled first row and a few random givens
 * completed by the reference, then a random symmetry. */
static void random_grid(rng_t *r, uint8_t grid[81])
{
    for (;;) {
        uint8_t cells[81] = {0};
        uint64_t count;
        for (int c = 0; c < 9; c++)
            cells[c] = (uint8_t)(c + 1);
        shuffle(r, cells, 9);
        for (int k = 0; k < 8; k++) {
            const unsigned c = 9 + rng_below(r, 72);
            cells[c] = (uint8_t)(1 + rng_below(r, 9));
            if (!ref_givens_consistent(cells))
                cells[c] = 0;
        }
        ref_count_bounded(cells, 1, 100000, grid, &count, NULL);
        if (count == 1)
            break;
    }
    random_symmetry(r, grid);
}

/* Reference count with limit and budget on the front-loaded orientation;
 * returns 1 when the search finished. */
static int gen_count(const uint8_t cells[81], uint64_t limit, uint64_t budget,
                     uint64_t *count)
{
    cellmap_t maps[2];
    uint8_t first[81];
    uint64_t nodes = 0;
    maps_for(cells, maps);
    return count_mapped(cells, &maps[0], limit, budget, count, first,
                        &nodes) == 1;
}

/* Remove givens of p in random order while the solution stays unique (as
 * far as the budget can tell: a clue is kept when it cannot). */
static void reduce_unique(rng_t *r, uint8_t p[81], uint64_t budget)
{
    uint8_t order[81];
    for (int i = 0; i < 81; i++)
        order[i] = (uint8_t)i;
    shuffle(r, order, 81);
    for (int k = 0; k < 81; k++) {
        const int c = order[k];
        const uint8_t d = p[c];
        uint64_t count;
        p[c] = 0;
        if (!gen_count(p, 2, budget, &count) || count != 1)
            p[c] = d;
    }
}

/* Clear random givens of p until n are left. */
static void thin_to(rng_t *r, uint8_t p[81], int n)
{
    while (count_givens(p) > n) {
        const unsigned c = rng_below(r, 81);
        p[c] = 0;
    }
}

static void gen_unique(const set_t *set, size_t i, uint8_t p[81], char *label,
                       size_t label_size)
{
    rng_t r = rng_for(set->seed, KIND_UNIQUE, i);
    random_grid(&r, p);
    reduce_unique(&r, p, set->budget);
    snprintf(label, label_size, "unique#%zu(seed %llu)", i,
             (unsigned long long)set->seed);
}

/* Even i: a random grid thinned to 20..30 givens (mostly many solutions);
 * odd i: a unique puzzle with 1..4 more givens removed (a few). */
static void gen_multi(const set_t *set, size_t i, uint8_t p[81], char *label,
                      size_t label_size)
{
    rng_t r = rng_for(set->seed, KIND_MULTI, i);
    random_grid(&r, p);
    if (i % 2 == 0) {
        thin_to(&r, p, 20 + (int)rng_below(&r, 11));
    } else {
        reduce_unique(&r, p, set->budget);
        thin_to(&r, p, count_givens(p) - 1 - (int)rng_below(&r, 4));
    }
    snprintf(label, label_size, "multi#%zu(seed %llu)", i,
             (unsigned long long)set->seed);
}

/* Change one given of the unique puzzle p so that the givens stay
 * consistent but there is no solution.  Returns 0, or -1 if no try did. */
static int spoil_given(rng_t *r, uint8_t p[81], uint64_t budget)
{
    for (int tries = 0; tries < 200; tries++) {
        const unsigned c = rng_below(r, 81);
        const uint8_t d = p[c];
        uint64_t count;
        if (d == 0)
            continue;
        p[c] = (uint8_t)(1 + (d + rng_below(r, 8)) % 9);
        if (ref_givens_consistent(p) && gen_count(p, 1, budget, &count) &&
            count == 0)
            return 0;
        p[c] = d;
    }
    return -1;
}

/* Put into an empty cell of p a digit that a peer already holds. */
static void contradict(rng_t *r, uint8_t p[81])
{
    for (;;) {
        const unsigned c = rng_below(r, 81), peer = rng_below(r, 81);
        const int same_row = c / 9 == peer / 9, same_col = c % 9 == peer % 9;
        const int same_box = c / 27 == peer / 27 && c % 9 / 3 == peer % 9 / 3;
        if (p[c] == 0 && p[peer] && c != peer &&
            (same_row || same_col || same_box)) {
            p[c] = p[peer];
            return;
        }
    }
}

/* Even i: a unique puzzle with one given changed (consistent givens, no
 * solution); odd i: a thinned grid with two clashing givens. */
static void gen_unsolvable(const set_t *set, size_t i, uint8_t p[81],
                           char *label, size_t label_size)
{
    rng_t r = rng_for(set->seed, KIND_UNSOLVABLE, i);
    const char *how = "changed given";
    random_grid(&r, p);
    if (i % 2 == 0) {
        reduce_unique(&r, p, set->budget);
        if (spoil_given(&r, p, set->budget) != 0) {
            contradict(&r, p);
            how = "clash";
        }
    } else {
        thin_to(&r, p, 20 + (int)rng_below(&r, 16));
        contradict(&r, p);
        how = "clash";
    }
    snprintf(label, label_size, "unsolvable#%zu(%s, seed %llu)", i, how,
             (unsigned long long)set->seed);
}

/* ---------------------------------------------------------- edge cases */

static const char *const edge_names[] = {
    "empty grid",
    "smallest complete grid",
    "random complete grid",
    "complete but the first cell",
    "complete but the centre cell",
    "complete but the last cell",
    "complete but the first row",
    "complete but the centre box",
    "complete but every 5",
    "complete but every 1 and 2 (two solutions)",
    "complete but the first band",
    "complete grid with one cell changed",
    "clash in a row",
    "clash in a column",
    "clash in a box only",
    "consistent givens, first cell has no candidate",
    "consistent givens, last cell has no candidate",
    "only the last row given",
    "a single given in the last cell",
};
#define N_EDGE (sizeof edge_names / sizeof edge_names[0])

/* Edge case i, whose grids start from g. */
static void edge_grid(size_t i, const uint8_t g[81], uint8_t p[81])
{
    memcpy(p, g, 81);
    switch (i) {
    case 3: p[0] = 0; break;
    case 4: p[40] = 0; break;
    case 5: p[80] = 0; break;
    case 6: memset(p, 0, 9); break;
    case 7:
        for (int c = 30; c < 51; c++)
            if (c % 9 >= 3 && c % 9 < 6)
                p[c] = 0;
        break;
    case 8:
        for (int c = 0; c < 81; c++)
            if (p[c] == 5)
                p[c] = 0;
        break;
    case 9:
        for (int c = 0; c < 81; c++)
            if (p[c] <= 2)
                p[c] = 0;
        break;
    case 10: memset(p, 0, 27); break;
    case 11: p[40] = (uint8_t)(p[40] % 9 + 1); break;
    default: break;
    }
}

/* Edge cases that do not start from a complete grid. */
static void edge_sparse(size_t i, uint8_t p[81])
{
    memset(p, 0, 81);
    switch (i) {
    case 12: p[0] = p[8] = 5; break;
    case 13: p[0] = p[72] = 5; break;
    case 14: p[0] = p[10] = 7; break;
    case 15:
        for (int c = 1; c < 9; c++)
            p[c] = (uint8_t)c;
        p[9] = 9;
        break;
    case 16:
        for (int c = 0; c < 8; c++)
            p[72 + c] = (uint8_t)(c + 1);
        p[8] = 9;
        break;
    case 17:
        for (int c = 0; c < 9; c++)
            p[72 + c] = (uint8_t)(9 - c);
        break;
    case 18: p[80] = 1; break;
    default: break;
    }
}

static void gen_edge(const set_t *set, size_t i, uint8_t p[81], char *label,
                     size_t label_size)
{
    static const uint8_t empty[81];
    uint8_t g[81];
    if (i == 0) {
        memset(p, 0, 81);
    } else if (i <= 11) {
        rng_t r = rng_for(set->seed, KIND_EDGE, 0);
        if (i == 1)
            ref_count(empty, 1, g);
        else
            random_grid(&r, g);
        edge_grid(i, g, p);
    } else {
        edge_sparse(i, p);
    }
    snprintf(label, label_size, "edge#%zu(%s)", i, edge_names[i]);
}

/* -------------------------------------------------- pencilmark puzzles */

/* Pencilmark puzzle j of a file is made from the file's puzzle j % n and a
 * solution S of it (the default kernel's: the reference judges the
 * result, S only shapes it).  It starts from the puzzle's masks (a given's
 * digit alone, all nine digits in an empty cell) or, for every other j,
 * from all 729 candidates; then each candidate not in S goes with a
 * probability drawn per puzzle, so S stays a solution and others may too
 * (from none to more than the largest limit).  From the puzzle's masks
 * the probability is 5% to 95%; from all 729 it is 5% to 30% (more
 * solutions than the largest limit) or 55% to 95% (one to a few
 * hundred): in between the reference seldom finishes counting within
 * its budget.  Every second puzzle of each kind then loses one of S's
 * candidates as well, which leaves other solutions or none (an emptied
 * cell among them). */
static void make_pencil(const uint8_t cells[81], const uint8_t sol[81],
                        unsigned variant, rng_t *r, uint16_t cands[81])
{
    const unsigned pct = (variant & 1)      ? 5 + rng_below(r, 91)
                         : rng_below(r, 2) ? 5 + rng_below(r, 26)
                                           : 55 + rng_below(r, 41);
    for (int i = 0; i < 81; i++) {
        unsigned m = (variant & 1) && cells[i] ? 1u << (cells[i] - 1) : 0x1ffu;
        for (int d = 1; d <= 9; d++)
            if (d != sol[i] && rng_below(r, 100) < pct)
                m &= ~(1u << (d - 1));
        cands[i] = (uint16_t)m;
    }
    if (variant & 2) {
        const unsigned c = rng_below(r, 81);
        cands[c] &= (uint16_t)~(1u << (sol[c] - 1));
    }
}

/* The smallest solution of a pencilmark puzzle, cell by cell: each cell
 * in row order takes the smallest of its digits that leaves a solution
 * with the cells before it fixed.  1 when found; 0 when there is none or
 * a search ran out of budget. */
static int pencil_lex(const uint16_t cands[81], uint64_t budget,
                      uint8_t lex[81], uint64_t *nodes)
{
    uint16_t m[81];
    uint8_t any[81];
    memcpy(m, cands, sizeof m);
    for (int i = 0; i < 81; i++) {
        uint64_t count = 0, spent;
        int d = 0;
        while (count == 0 && ++d <= 9) {
            if (!(cands[i] >> (d - 1) & 1))
                continue;
            m[i] = (uint16_t)(1u << (d - 1));
            const int done = ref_count_cands_bounded(m, 1, 1, budget, any,
                                                     &count, &spent) == 0;
            *nodes += spent;
            if (!done)
                return 0;
        }
        if (count == 0)
            return 0;
        lex[i] = (uint8_t)d;
    }
    return 1;
}

/* The reference on a pencilmark puzzle: counted, fewest candidates first,
 * up to one past the largest limit (so a count above it is known without
 * counting all).  A unique solution is the smallest; else the first
 * solution of a row-major search is (given a sixteenth of the budget),
 * else pencil_lex finds it. */
static void pencil_oracle(const uint16_t cands[81], uint64_t budget,
                          oracle_t *o)
{
    uint64_t count, spent;
    memset(o, 0, sizeof *o);
    const int done = ref_count_cands_bounded(cands, 1, LARGEST_LIMIT + 1,
                                             budget, o->lex, &count,
                                             &o->nodes) == 0;
    o->count = count;
    o->exact = done && count <= LARGEST_LIMIT;
    o->lex_known = o->exact && count == 1;
    if (count > 0 && !o->lex_known) {
        ref_count_cands_bounded(cands, 0, 1, budget / 16, o->lex, &count,
                                &spent);
        o->nodes += spent;
        o->lex_known = count > 0 || pencil_lex(cands, budget, o->lex,
                                               &o->nodes);
    }
    o->broken = o->lex_known && !ref_valid_cands_solution(cands, o->lex);
}

/* Check one pencilmark puzzle on every kernel and on the plain search. */
static void check_pencil_puzzle(worker_t *wk, const opts_t *op,
                                const uint16_t cands[81], const char *label,
                                tally_t *t)
{
    oracle_t o;
    uint8_t singles[81];
    pencil_oracle(cands, op->budget, &o);
    for (int i = 0; i < 81; i++)
        singles[i] = __builtin_popcount(cands[i]) == 1
                         ? (uint8_t)(__builtin_ctz(cands[i]) + 1) : 0;
    const uint64_t n1 = (uint64_t)count_givens(singles);
    if (t->puzzles == 0 || n1 < t->givens_min)
        t->givens_min = n1;
    if (n1 > t->givens_max)
        t->givens_max = n1;
    t->givens += n1;
    t->puzzles++;
    t->exact += o.exact;
    t->nodes += o.nodes;
    where_t w = {wk->shown, label, "(reference)", singles, 0, 0, cands,
                 wk->plain};
    if (o.broken) {
        report(&w, "reference", "a valid solution", "an invalid one");
        t->failed++;
        return;
    }
    for (size_t i = 0; i <= wk->n; i++) {
        const sf_kernel_t *k = i < wk->n ? wk->k[i] : &plain_kernel;
        w.kernel = k->name;
        if (check_kernel(k, wk->state[i], &w, &o, t, &t->k[i])) {
            t->failed++;
            t->k[i].failed++;
        } else {
            t->passed++;
        }
    }
}

typedef struct pencil_run {
    const set_t *set;
    const plist_t *l;
    const opts_t *op;
} pencil_run_t;

static void pencil_item(worker_t *wk, size_t j, void *ctx, tally_t *mine)
{
    const pencil_run_t *pr = ctx;
    const puzzle_t *src = &pr->l->p[j % pr->l->n];
    uint8_t sol[81];
    uint16_t cands[81];
    uint64_t g;
    char label[128];
    if (wk->k[0]->solve(wk->state[0], src->cells, 1, 0, sol, &g) == 0)
        return;
    rng_t r = rng_for(pr->op->seed, KIND_PENCIL, j);
    make_pencil(src->cells, sol, (unsigned)(j % 4), &r, cands);
    snprintf(label, sizeof label, "%s:%lu pencil#%zu", pr->set->name,
             src->line, j);
    check_pencil_puzzle(wk, pr->op, cands, label, mine);
}

/* op->pencil pencilmark puzzles from the puzzles of l, in parallel, into
 * t.  0, or -1 when a thread could not set up. */
static int check_pencil_set(const set_t *set, const plist_t *l,
                            const opts_t *op, uint64_t *shown, tally_t *t)
{
    pencil_run_t pr = {set, l, op};
    return run_items(op->pencil, pencil_item, &pr, op, shown, t);
}

/* Check the pencilmark puzzles made from l, print the summary, add it to
 * total. */
static int run_pencil(const set_t *set, const plist_t *l, const opts_t *op,
                      tally_t *total)
{
    tally_t t;
    struct timespec t0, t1;
    memset(&t, 0, sizeof t);
    if (l->n == 0) {
        printf("%s: no puzzles to make pencilmarks from\n", set->name);
        return 0;
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (check_pencil_set(set, l, op, &total->shown, &t) != 0) {
        fprintf(stderr, "crosscheck: out of memory\n");
        return -1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    print_summary(set, op, &t, (double)(t1.tv_sec - t0.tv_sec) +
                                   (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
    tally_add(total, &t, count_kernels());
    return 0;
}

/* ---------------------------------------------------------------- main */

static void usage(FILE *out)
{
    fprintf(out,
            "usage: crosscheck [OPTIONS] [FILE | OPTIONS]...\n"
            "Check every kernel of libsudoflow against the reference "
            "backtracker.\n"
            "Options apply to the FILEs after them; generated puzzles "
            "come last.\n"
            "  --every K       check every K-th puzzle of each FILE (1)\n"
            "  --max N         at most N puzzles per FILE (all)\n"
            "  --budget NODES  reference placements per search (4000000)\n"
            "  --random N      N unique, N multi-solution and N/4 unsolvable "
            "generated puzzles\n"
            "  --unique N, --multi N, --unsolvable N   the same, one kind\n"
            "  --seed S        generator seed (1)\n"
            "  --edge          the edge cases (also run when no FILE and no "
            "generated puzzles)\n"
            "  --pencil N      N pencilmark puzzles made from the puzzles of "
            "each FILE\n"
            "                  (instead of checking those; 0: check them)\n"
            "  --threads T     threads (OpenMP default)\n"
            "  --sanitized     only exit 0 when built with a sanitizer, "
            "else 1\n"
            "Prints each failure and ends with "
            "\"crosscheck: N passed, M failed\".\n");
}

static int parse_number(const char *s, unsigned long long *v)
{
    char *end;
    if (!s || *s < '0' || *s > '9')
        return -1;
    *v = strtoull(s, &end, 10);
    return *end ? -1 : 0;
}

/* Apply the option at argv[*i] (and its value) to op, advancing *i.
 * Returns 0, or -1 for an unknown option or a bad value. */
static int apply_option(int argc, char **argv, int *i, opts_t *op)
{
    static const char *const names[] = {
        "--every", "--max", "--budget", "--random", "--unique", "--multi",
        "--unsolvable", "--seed", "--pencil", "--threads"};
    const size_t n_names = sizeof names / sizeof names[0];
    unsigned long long v = 0;
    size_t k = 0;
    if (strcmp(argv[*i], "--edge") == 0) {
        op->edge = 1;
        return 0;
    }
    while (k < n_names && strcmp(argv[*i], names[k]) != 0)
        k++;
    if (k == n_names || *i + 1 >= argc || parse_number(argv[*i + 1], &v))
        return -1;
    ++*i;
    switch (k) {
    case 0: op->every = v ? (unsigned long)v : 1; break;
    case 1: op->max = (unsigned long)v; break;
    case 2: op->budget = v; break;
    case 3:
        op->n_unique = op->n_multi = (unsigned long)v;
        op->n_unsolvable = (unsigned long)(v / 4);
        break;
    case 4: op->n_unique = (unsigned long)v; break;
    case 5: op->n_multi = (unsigned long)v; break;
    case 6: op->n_unsolvable = (unsigned long)v; break;
    case 7: op->seed = v; break;
    case 8: op->pencil = (unsigned long)v; break;
    default: op->threads = (int)v; break;
    }
    return 0;
}

static int is_option(const char *arg)
{
    return strncmp(arg, "--", 2) == 0;
}

/* Go through argv: options change op for the FILEs after them; each FILE
 * is checked when reached when run is set (else only the options are
 * validated).  Returns 0, 1 for a usage error, -1 for a failed run. */
static int walk_args(int argc, char **argv, int run, opts_t *op,
                     int *files, tally_t *total)
{
    for (int i = 1; i < argc; i++) {
        if (is_option(argv[i])) {
            if (apply_option(argc, argv, &i, op) != 0) {
                fprintf(stderr, "crosscheck: bad option or value: %s\n",
                        argv[i]);
                return 1;
            }
        } else {
            ++*files;
            if (run && run_file(argv[i], op, total) != 0)
                return -1;
        }
    }
    return 0;
}

static int run_generated(const opts_t *op, tally_t *total)
{
    const struct {
        const char *name;
        unsigned long n;
        void (*get)(const set_t *, size_t, uint8_t *, char *, size_t);
    } kinds[] = {
        {"edge cases", op->edge ? N_EDGE : 0, gen_edge},
        {"random unique", op->n_unique, gen_unique},
        {"random multi-solution", op->n_multi, gen_multi},
        {"random unsolvable", op->n_unsolvable, gen_unsolvable},
    };
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        if (kinds[k].n == 0)
            continue;
        set_t set = {.n = kinds[k].n, .get = kinds[k].get, .seed = op->seed,
                     .budget = op->budget};
        snprintf(set.name, sizeof set.name, "%s (seed %llu)", kinds[k].name,
                 (unsigned long long)op->seed);
        if (run_set(&set, op, total) != 0)
            return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const opts_t defaults = {.every = 1, .budget = 4000000, .seed = 1};
    opts_t op = defaults;
    int files = 0;
    tally_t total;
    memset(&total, 0, sizeof total);
    if (argc > 1 && strcmp(argv[1], "--help") == 0) {
        usage(stdout);
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "--sanitized") == 0)
        return SANITIZED ? 0 : 1;
    if (walk_args(argc, argv, 0, &op, &files, &total) != 0) {
        usage(stderr);
        return 1;
    }
    const size_t n_kernels = count_kernels();
    printf("crosscheck: kernels:");
    for (size_t i = 0; i < n_kernels; i++)
        printf(" %s", kernel_at(i)->name);
    printf("\n");
    op = defaults;
    files = 0;
    int rc = n_kernels ? walk_args(argc, argv, 1, &op, &files, &total) : -1;
    if (!files && !op.n_unique && !op.n_multi && !op.n_unsolvable)
        op.edge = 1;
    if (rc == 0)
        rc = run_generated(&op, &total);
    if (total.bounded || total.no_lex)
        printf("crosscheck: node budget exceeded: %llu count checks "
               "bounded or skipped, %llu lex comparisons skipped\n",
               (unsigned long long)total.bounded,
               (unsigned long long)total.no_lex);
    printf("crosscheck: %llu passed, %llu failed\n",
           (unsigned long long)total.passed,
           (unsigned long long)(total.failed + (rc != 0)));
    return rc != 0 || total.failed ? 1 : 0;
}
