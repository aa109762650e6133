/*
 * fuzz_kernels.c -- every solver kernel against the reference backtracker.
 *
 * The kernels are the fastest and most intricate code of the library (bit
 * tricks, SIMD paths, an explicit search stack), and a wrong count or a
 * wrong solution is silent: nothing downstream would notice.  So each
 * input becomes a puzzle (clues from a random valid grid plus a few
 * arbitrary digits, or sparse arbitrary givens: unique, multiple,
 * unsolvable and contradictory puzzles all come up), and every kernel in
 * the table (sf_kernel_at) must agree with tests/refsolve.c, the naive
 * backtracker that is correct by inspection:
 *
 *   - at limits 1, 2 and a larger limit from the input, the count equals
 *     the reference's (min(count, limit)), with and without SF_LEX;
 *   - every reported solution is a valid grid that keeps the givens;
 *   - the SF_LEX solution is the reference's first, the smallest one;
 *   - counting everything (limit 0) agrees when there is at most one;
 *   - a second call gives the same count, solution and guesses, and the
 *     input cells are never written;
 *   - sf_solve_string on the same puzzle gives the reference's status;
 *   - sf_solve_many on it and puzzles made from it gives what
 *     sf_solve_cells gives on each.
 *
 * The reference gets a node budget, so it never runs long: when it runs
 * out, the counts are only compared between kernels, while validity and
 * the lexicographic answer are still checked (the reference's first
 * solution is the smallest even when it stops early).  Buffers are
 * allocated at their exact sizes, so AddressSanitizer sees any write past
 * the 81 cells or the kernel's state.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzzutil.h"
#include "refsolve.h"
#include "sudoflow.h"

#define REF_BUDGET 200000 /* reference placements: a few milliseconds */
#define MAX_KERNELS 16

typedef struct kcall {
    uint64_t count, guesses;
    uint8_t *solution; /* 81 bytes, exact allocation */
} kcall_t;

/* The state block of each kernel, allocated once at its exact size. */
static void *kernel_state(size_t i, const sf_kernel_t *k)
{
    static void *states[MAX_KERNELS];
    FZ_CHECK(i < MAX_KERNELS, "more kernels than the target expects");
    if (!states[i]) {
        FZ_CHECK(posix_memalign(&states[i], 64, k->state_size) == 0,
                 "no memory for the state of %s", k->name);
    }
    return states[i];
}

static void call(const sf_kernel_t *k, void *state, const uint8_t *cells,
                 uint64_t limit, unsigned flags, kcall_t *out)
{
    uint8_t before[81];
    memcpy(before, cells, 81);
    memset(out->solution, 0xee, 81);
    out->guesses = 0;
    out->count = k->solve(state, cells, limit, flags, out->solution,
                          &out->guesses);
    FZ_CHECK(memcmp(before, cells, 81) == 0, "%s wrote its input", k->name);
    FZ_CHECK(limit == 0 || out->count <= limit,
             "%s: %llu solutions at limit %llu", k->name,
             (unsigned long long)out->count, (unsigned long long)limit);
    char a[82], b[82];
    FZ_CHECK(out->count == 0 || ref_valid_solution(cells, out->solution),
             "%s (limit %llu, flags %u) reports an invalid solution\n"
             "  puzzle   %s\n  solution %s", k->name,
             (unsigned long long)limit, flags, fz_cells_str(cells, a),
             fz_cells_str(out->solution, b));
}

typedef struct ref {
    int done;           /* the search finished within the budget */
    uint64_t count;     /* solutions, at most the limit (a lower bound
                         * when not done) */
    uint8_t first[81];  /* the smallest solution when count > 0 */
} ref_t;

/* What the reference says at a smaller limit, from its run at a larger
 * one: the search finds solutions in the same order, so it would have
 * stopped at the limit-th of them. */
static void ref_at(const ref_t *big, uint64_t limit, ref_t *r)
{
    *r = *big;
    if (r->count >= limit) {
        r->count = limit;
        r->done = 1;
    }
}

/* Compare one kernel call with the reference at the same limit. */
static void against_ref(const sf_kernel_t *k, const uint8_t *p,
                        uint64_t limit, unsigned flags, const kcall_t *c,
                        const ref_t *r)
{
    char a[82], b[82], e[82];
    FZ_CHECK(!r->done || c->count == r->count,
             "%s (limit %llu, flags %u) counts %llu, the reference %llu\n"
             "  puzzle %s", k->name, (unsigned long long)limit, flags,
             (unsigned long long)c->count, (unsigned long long)r->count,
             fz_cells_str(p, a));
    FZ_CHECK(c->count > 0 || r->count == 0,
             "%s (limit %llu, flags %u) finds no solution, the reference "
             "does\n  puzzle %s", k->name, (unsigned long long)limit, flags,
             fz_cells_str(p, a));
    if ((flags & SF_LEX) && c->count > 0 && r->count > 0)
        FZ_CHECK(memcmp(c->solution, r->first, 81) == 0,
                 "%s (limit %llu) SF_LEX answer is not the smallest\n"
                 "  puzzle    %s\n  kernel    %s\n  reference %s", k->name,
                 (unsigned long long)limit, fz_cells_str(p, a),
                 fz_cells_str(c->solution, b), fz_cells_str(r->first, e));
}

/* All checks of one kernel; its limit-2 count and SF_LEX answer go to
 * count2 and lex for the comparison between kernels. */
static void check_kernel(size_t ki, const sf_kernel_t *k, const uint8_t *p,
                         const ref_t *ref1, const ref_t *ref2,
                         uint64_t big, const ref_t *refbig, kcall_t *c,
                         kcall_t *again, uint64_t *count2, uint8_t *lex)
{
    void *state = kernel_state(ki, k);
    static const unsigned flag_set[2] = {0, SF_LEX};
    char a[82];
    for (int fi = 0; fi < 2; fi++) {
        const unsigned flags = flag_set[fi];
        call(k, state, p, 1, flags, c);
        against_ref(k, p, 1, flags, c, ref1);
        call(k, state, p, big, flags, c);
        against_ref(k, p, big, flags, c, refbig);
        call(k, state, p, 2, flags, c);
        against_ref(k, p, 2, flags, c, ref2);
        call(k, state, p, 2, flags, again);
        FZ_CHECK(again->count == c->count && again->guesses == c->guesses &&
                 (c->count == 0 ||
                  memcmp(again->solution, c->solution, 81) == 0),
                 "%s (flags %u) is not deterministic\n  puzzle %s", k->name,
                 flags, fz_cells_str(p, a));
        if (flags & SF_LEX) {
            memcpy(lex, c->solution, 81);
            FZ_CHECK(c->count == *count2, "%s counts %llu with SF_LEX and "
                     "%llu without\n  puzzle %s", k->name,
                     (unsigned long long)c->count,
                     (unsigned long long)*count2, fz_cells_str(p, a));
        }
        *count2 = c->count;
    }
    if (ref2->done && ref2->count <= 1) {
        call(k, state, p, 0, 0, c);
        FZ_CHECK(c->count == ref2->count,
                 "%s counts %llu solutions without a limit, the reference "
                 "%llu\n  puzzle %s", k->name, (unsigned long long)c->count,
                 (unsigned long long)ref2->count, fz_cells_str(p, a));
    }
}

/* sf_solve_string with the default kernel: the reference's status. */
static void check_string(const uint8_t *p, const ref_t *ref2)
{
    static sf_solver_t *solver;
    char text[82], solution[82], a[82];
    sf_result_t r;
    if (!solver)
        FZ_CHECK((solver = sf_solver_new(NULL)) != NULL, "sf_solver_new");
    for (int i = 0; i < 81; i++)
        text[i] = p[i] ? (char)('0' + p[i]) : '.';
    text[81] = '\0';
    const sf_status_t st = sf_solve_string(solver, text, 2, 0, solution, &r);
    FZ_CHECK(st == r.status && st == sf_status_of(r.count, 2),
             "status %d does not match count %llu", (int)st,
             (unsigned long long)r.count);
    if (ref2->done)
        FZ_CHECK(r.count == ref2->count, "sf_solve_string counts %llu, the "
                 "reference %llu\n  puzzle %s", (unsigned long long)r.count,
                 (unsigned long long)ref2->count, fz_cells_str(p, a));
    FZ_CHECK(strlen(solution) == (r.count ? 81u : 0u),
             "solution string of length %zu for count %llu",
             strlen(solution), (unsigned long long)r.count);
}

/* sf_solve_many on the puzzle and MANY - 1 others made from it (a given
 * taken away, or a digit put in an empty cell) must give sf_solve_cells'
 * results on each: the vector lanes and the kernel from their closure
 * agree with the kernel alone. */
#define MANY 40
static void check_many(const uint8_t *p)
{
    static sf_solver_t *solver;
    static uint8_t *cells, *sols;
    if (!solver) {
        FZ_CHECK((solver = sf_solver_new(NULL)) != NULL, "sf_solver_new");
        cells = malloc(MANY * 81);
        sols = malloc(MANY * 81);
    }
    const uint8_t *ptr[MANY];
    uint8_t *out[MANY];
    for (int i = 0; i < MANY; i++) {
        uint8_t *c = cells + i * 81;
        memcpy(c, p, 81);
        const int at = (i * 37) % 81;
        c[at] = i == 0 ? c[at] : c[at] ? 0 : (uint8_t)(1 + i % 9);
        ptr[i] = c;
        out[i] = sols + i * 81;
    }
    sf_result_t res[MANY];
    char a[82];
    for (unsigned flags = 0; flags <= SF_LEX; flags += SF_LEX) {
        sf_solve_many(solver, NULL, ptr, MANY, 2, flags, out, res);
        for (int i = 0; i < MANY; i++) {
            uint8_t one[81];
            sf_result_t r;
            sf_solve_cells(solver, ptr[i], 2, flags, one, &r);
            FZ_CHECK(r.count == res[i].count && r.guesses == res[i].guesses &&
                     r.status == res[i].status &&
                     (r.count == 0 || memcmp(one, sols + i * 81, 81) == 0),
                     "sf_solve_many (flags %u) differs from sf_solve_cells\n"
                     "  puzzle %s", flags, fz_cells_str(ptr[i], a));
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static kcall_t c, again;
    if (!c.solution) {
        c.solution = malloc(81);
        again.solution = malloc(81);
    }
    fz_t f = {data, size};
    uint8_t *p = malloc(81);
    fz_puzzle(&f, p, NULL);
    const uint64_t big = 3 + fz_below(&f, 30);
    ref_t ref1, ref2, refbig;
    refbig.done = ref_count_bounded(p, big, REF_BUDGET, refbig.first,
                                    &refbig.count, NULL) == 0;
    ref_at(&refbig, 1, &ref1);
    ref_at(&refbig, 2, &ref2);

    uint64_t count2[MAX_KERNELS];
    uint8_t lex[MAX_KERNELS][81];
    const sf_kernel_t *k;
    size_t n = 0;
    for (; (k = sf_kernel_at(n)) != NULL; n++) {
        FZ_CHECK(n < MAX_KERNELS, "too many kernels");
        check_kernel(n, k, p, &ref1, &ref2, big, &refbig, &c, &again,
                     &count2[n], lex[n]);
    }
    FZ_CHECK(n > 0, "no kernels");
    char a[82];
    for (size_t i = 1; i < n; i++) {
        FZ_CHECK(count2[i] == count2[0], "kernels %s and %s disagree at "
                 "limit 2: %llu and %llu\n  puzzle %s", sf_kernel_at(0)->name,
                 sf_kernel_at(i)->name, (unsigned long long)count2[0],
                 (unsigned long long)count2[i], fz_cells_str(p, a));
        FZ_CHECK(count2[0] == 0 || memcmp(lex[i], lex[0], 81) == 0,
                 "kernels %s and %s give different SF_LEX answers\n"
                 "  puzzle %s", sf_kernel_at(0)->name, sf_kernel_at(i)->name,
                 fz_cells_str(p, a));
    }
    check_string(p, &ref2);
    check_many(p);
    free(p);
    return 0;
}
