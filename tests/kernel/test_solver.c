/*
 * test_solver.c -- the kernel table, every kernel in it, and the solver API
 * around them.
 *
 * Expected answers come from the reference backtracker (refsolve.h), whose
 * first solution is the lexicographically smallest, or from puzzles built
 * here with a known number of solutions: a solved grid with the four cells
 * of a "deadly rectangle" (two rows of one band, two columns of different
 * boxes, holding a b / b a) cleared has exactly two solutions, and two such
 * rectangles in different bands give four.  Every kernel test runs on every
 * kernel of the table.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "refsolve.h"
#include "sudoflow.h"
#include "testutil.h"

/* Puzzles from the literature; the tests derive their solutions. */
static const char HARD[] = /* "AI Escargot" */
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
static const char MEDIUM[] =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/* The smallest complete grid in row-major order (the answer for the empty
 * grid under SF_LEX); test_empty_grid checks it against the reference. */
static const char LEX_MIN[] =
    "123456789456789123789123456214365897365897214897214365531642978642978531978531642";

static void parse(const char *text, uint8_t *cells)
{
    for (int i = 0; i < SF_CELLS; i++)
        cells[i] = (uint8_t)sf_cell_value((unsigned char)text[i]);
}

/* The unique solution of a puzzle, from the reference. */
static void reference_solution(const char *text, uint8_t *grid)
{
    uint8_t cells[SF_CELLS];
    parse(text, cells);
    assert_int_equal(ref_count(cells, 2, grid), 1);
}

/* Solve with kernel k directly; checks the count against the limit. */
static uint64_t run(const sf_kernel_t *k, const uint8_t *cells, uint64_t limit,
                    unsigned flags, uint8_t *solution, uint64_t *guesses)
{
    void *state = aligned_alloc(64, (k->state_size + 63) / 64 * 64);
    assert_non_null(state);
    memset(state, 0xa5, k->state_size); /* no initialisation is assumed */
    uint64_t g = ~(uint64_t)0;
    const uint64_t n = k->solve(state, cells, limit, flags, solution, &g);
    free(state);
    assert_true(g != ~(uint64_t)0);
    if (limit > 0)
        assert_true(n <= limit);
    if (guesses)
        *guesses = g;
    return n;
}

/* Find a deadly rectangle in grid (rows in band `band`); 1 when found. */
static int find_rectangle(const uint8_t *grid, int band, int cells[4])
{
    for (int r1 = 3 * band; r1 < 3 * band + 3; r1++)
        for (int r2 = r1 + 1; r2 < 3 * band + 3; r2++)
            for (int c1 = 0; c1 < 9; c1++)
                for (int c2 = c1 + 1; c2 < 9; c2++) {
                    if (c1 / 3 == c2 / 3)
                        continue;
                    const int a = r1 * 9 + c1, b = r1 * 9 + c2;
                    const int c = r2 * 9 + c1, d = r2 * 9 + c2;
                    if (grid[a] == grid[d] && grid[b] == grid[c]) {
                        cells[0] = a, cells[1] = b, cells[2] = c, cells[3] = d;
                        return 1;
                    }
                }
    return 0;
}

/* A puzzle with `rects` deadly rectangles cleared (1 or 2): 2 or 4
 * solutions.  Tries the solutions of a few puzzles until one has them. */
static void multi_puzzle(int rects, uint8_t *cells)
{
    const char *const sources[] = {MEDIUM, HARD};
    for (size_t s = 0; s < 2; s++) {
        uint8_t grid[SF_CELLS];
        reference_solution(sources[s], grid);
        memcpy(cells, grid, SF_CELLS);
        int found = 0;
        for (int band = 0; band < 3 && found < rects; band++) {
            int at[4];
            if (find_rectangle(grid, band, at)) {
                for (int i = 0; i < 4; i++)
                    cells[at[i]] = 0;
                found++;
            }
        }
        if (found == rects &&
            ref_count(cells, 0, NULL) == ((uint64_t)1 << rects))
            return;
    }
    fail_msg("no grid with %d deadly rectangles", rects);
}

/* ------------------------------------------------------------- kernels */

static void test_kernel_table(void **state)
{
    (void)state;
    assert_non_null(sf_kernel_at(0));
    assert_non_null(sf_kernel_find("bitboard"));
    size_t n = 0;
    for (const sf_kernel_t *k; (k = sf_kernel_at(n)) != NULL; n++) {
        assert_non_null(k->name);
        assert_non_null(k->description);
        assert_non_null(k->solve);
        assert_true(k->state_size > 0);
        assert_ptr_equal(sf_kernel_find(k->name), k);
    }
    assert_true(n >= 1);
    assert_null(sf_kernel_at(n));
    assert_null(sf_kernel_at((size_t)-1));
    assert_null(sf_kernel_find("no-such-kernel"));
    assert_null(sf_kernel_find(""));
    assert_null(sf_kernel_find(NULL));
}

static void test_solved_grid(void **state)
{
    (void)state;
    uint8_t grid[SF_CELLS], sol[SF_CELLS];
    reference_solution(HARD, grid);
    for (size_t i = 0; sf_kernel_at(i); i++) {
        uint64_t g;
        memset(sol, 0, sizeof sol);
        assert_int_equal(run(sf_kernel_at(i), grid, 2, 0, sol, &g), 1);
        assert_memory_equal(sol, grid, SF_CELLS);
        assert_int_equal(g, 0);
    }
}

static void test_unique_puzzles(void **state)
{
    (void)state;
    const char *const puzzles[] = {HARD, MEDIUM};
    for (size_t p = 0; p < 2; p++) {
        uint8_t cells[SF_CELLS], want[SF_CELLS], sol[SF_CELLS];
        parse(puzzles[p], cells);
        reference_solution(puzzles[p], want);
        for (size_t i = 0; sf_kernel_at(i); i++)
            for (unsigned flags = 0; flags <= SF_LEX; flags += SF_LEX) {
                assert_int_equal(run(sf_kernel_at(i), cells, 2, flags, sol,
                                     NULL), 1);
                assert_memory_equal(sol, want, SF_CELLS);
                assert_int_equal(run(sf_kernel_at(i), cells, 0, flags, sol,
                                     NULL), 1);
            }
    }
}

static void test_empty_grid(void **state)
{
    (void)state;
    uint8_t empty[SF_CELLS] = {0}, want[SF_CELLS], ref[SF_CELLS];
    uint8_t sol[SF_CELLS];
    parse(LEX_MIN, want);
    assert_true(ref_valid_solution(empty, want));
    assert_int_equal(ref_count(empty, 1, ref), 1);
    assert_memory_equal(ref, want, SF_CELLS);
    for (size_t i = 0; sf_kernel_at(i); i++) {
        const sf_kernel_t *k = sf_kernel_at(i);
        uint64_t g;
        assert_int_equal(run(k, empty, 2, 0, sol, &g), 2);
        assert_true(ref_valid_solution(empty, sol));
        assert_true(g >= 1);
        for (uint64_t limit = 1; limit <= 3; limit++) {
            assert_int_equal(run(k, empty, limit, SF_LEX, sol, NULL), limit);
            assert_memory_equal(sol, want, SF_CELLS);
        }
    }
}

static void test_contradictions(void **state)
{
    (void)state;
    static const int pairs[][2] = {
        {0, 8},   /* row 0 */
        {0, 72},  /* column 0 */
        {0, 20},  /* box 0 */
        {40, 50}, /* box 4 */
        {80, 62}, /* column 8 */
    };
    uint8_t sol[SF_CELLS];
    for (size_t i = 0; sf_kernel_at(i); i++) {
        for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
            uint8_t cells[SF_CELLS] = {0};
            cells[pairs[p][0]] = cells[pairs[p][1]] = 5;
            assert_int_equal(run(sf_kernel_at(i), cells, 2, 0, sol, NULL), 0);
            assert_int_equal(run(sf_kernel_at(i), cells, 0, SF_LEX, sol,
                                 NULL), 0);
        }
        /* Consistent givens without a solution: row 0 holds 1..8 and
         * column 8 already has the 9 that cell 8 would need. */
        uint8_t cells[SF_CELLS] = {0};
        for (int c = 0; c < 8; c++)
            cells[c] = (uint8_t)(c + 1);
        cells[5 * 9 + 8] = 9;
        assert_true(ref_givens_consistent(cells));
        assert_int_equal(ref_count(cells, 0, NULL), 0);
        assert_int_equal(run(sf_kernel_at(i), cells, 0, 0, sol, NULL), 0);
        /* A value out of range is no puzzle either. */
        memset(cells, 0, sizeof cells);
        cells[3] = 10;
        assert_int_equal(run(sf_kernel_at(i), cells, 2, 0, sol, NULL), 0);
    }
}

static void test_limits(void **state)
{
    (void)state;
    uint8_t two[SF_CELLS], four[SF_CELLS], sol[SF_CELLS];
    multi_puzzle(1, two);
    multi_puzzle(2, four);
    for (size_t i = 0; sf_kernel_at(i); i++) {
        const sf_kernel_t *k = sf_kernel_at(i);
        uint64_t g;
        assert_int_equal(run(k, two, 1, 0, sol, NULL), 1);
        assert_true(ref_valid_solution(two, sol));
        assert_int_equal(run(k, two, 2, 0, sol, NULL), 2);
        /* One bivalue cell decides: a guess, then the forced other digit. */
        assert_int_equal(run(k, two, 0, 0, sol, &g), 2);
        assert_int_equal(g, 1);
        assert_int_equal(run(k, two, 9, 0, sol, NULL), 2);
        for (uint64_t limit = 1; limit <= 4; limit++)
            assert_int_equal(run(k, four, limit, 0, sol, NULL), limit);
        assert_int_equal(run(k, four, 5, 0, sol, NULL), 4);
        assert_int_equal(run(k, four, 0, 0, sol, NULL), 4);
        assert_int_equal(run(k, four, 0, SF_LEX, sol, NULL), 4);
        assert_true(ref_valid_solution(four, sol));
    }
}

/* Random sparse puzzles (fixed seed): counts with limit 0 and the SF_LEX
 * solution against the reference, where the reference finishes. */
static void test_against_reference(void **state)
{
    (void)state;
    uint8_t grid[SF_CELLS];
    reference_solution(MEDIUM, grid);
    uint32_t seed = 12345;
    int compared = 0;
    for (int round = 0; round < 60; round++) {
        uint8_t cells[SF_CELLS], first[SF_CELLS], sol[SF_CELLS];
        memcpy(cells, grid, SF_CELLS);
        const int clear = 45 + round % 15;
        for (int n = 0; n < clear;) {
            seed = seed * 1103515245u + 12345u;
            const unsigned c = (seed >> 8) % SF_CELLS;
            if (cells[c])
                cells[c] = 0, n++;
        }
        uint64_t count, nodes;
        if (ref_count_bounded(cells, 5000, 2000000, first, &count,
                              &nodes) != 0)
            continue;
        compared++;
        for (size_t i = 0; sf_kernel_at(i); i++) {
            const sf_kernel_t *k = sf_kernel_at(i);
            assert_int_equal(run(k, cells, 5000, SF_LEX, sol, NULL), count);
            assert_memory_equal(sol, first, SF_CELLS);
            assert_int_equal(run(k, cells, 5000, 0, sol, NULL), count);
            assert_true(ref_valid_solution(cells, sol));
        }
    }
    assert_true(compared >= 30);
}

/* With limit 0 every branch is tried, so a search tree whose leaves are n
 * solutions and f failures makes exactly n + f - 1 guesses: at a branch
 * cell with k digits tried, k - 1 of them are guesses. */
static void test_guess_counting(void **state)
{
    (void)state;
    uint8_t cells[SF_CELLS], sol[SF_CELLS];
    parse(LEX_MIN, cells);
    /* Rows 0-2 by columns 0, 3, 6 hold only 1, 4 and 7, one per row,
     * column and box: cleared, they take any of the 12 Latin squares. */
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 9; c += 3)
            cells[r * 9 + c] = 0;
    assert_int_equal(ref_count(cells, 0, NULL), 12);
    for (size_t i = 0; sf_kernel_at(i); i++) {
        uint64_t g = 0;
        assert_int_equal(run(sf_kernel_at(i), cells, 0, 0, sol, &g), 12);
        assert_true(g >= 11);
        assert_true(g <= 40);
        assert_int_equal(run(sf_kernel_at(i), cells, 0, SF_LEX, sol, &g), 12);
        assert_true(g >= 11);
    }
    /* The default kernel proves no cell of a Latin square before guessing
     * and branches where the solutions differ: no failed leaf at all. */
    uint64_t g = 0;
    assert_int_equal(run(sf_kernel_at(0), cells, 0, 0, sol, &g), 12);
    assert_int_equal(g, 11);
}

static void test_singles_need_no_guess(void **state)
{
    (void)state;
    uint8_t grid[SF_CELLS], cells[SF_CELLS], sol[SF_CELLS];
    reference_solution(HARD, grid);
    /* Clearing the diagonal leaves one gap per row: naked singles. */
    memcpy(cells, grid, SF_CELLS);
    for (int r = 0; r < 9; r++)
        cells[r * 9 + r] = 0;
    for (size_t i = 0; sf_kernel_at(i); i++) {
        uint64_t g = 99;
        assert_int_equal(run(sf_kernel_at(i), cells, 2, 0, sol, &g), 1);
        assert_memory_equal(sol, grid, SF_CELLS);
        assert_int_equal(g, 0);
    }
}

/* bandstack adds the stacks' view to bitboard's band rules (hidden singles
 * in columns, claiming from columns): on the project's 2,000 sample
 * puzzles it must solve more of them without guessing and guess less in
 * all, with the same answers. */
static void test_stack_rule_prunes(void **state)
{
    (void)state;
    const sf_kernel_t *stack = sf_kernel_find("bandstack");
    const sf_kernel_t *band = sf_kernel_find("bitboard");
    assert_non_null(stack);
    assert_non_null(band);
    size_t n;
    uint8_t *cells = load_puzzles("data/sample.txt.gz", &n);
    assert_true(n >= 2000);
    uint64_t guesses[2] = {0, 0}, free_[2] = {0, 0};
    for (size_t i = 0; i < n; i++) {
        uint8_t a[SF_CELLS], b[SF_CELLS];
        uint64_t ga = 0, gb = 0;
        assert_int_equal(run(stack, cells + 81 * i, 2, 0, a, &ga), 1);
        assert_int_equal(run(band, cells + 81 * i, 2, 0, b, &gb), 1);
        assert_memory_equal(a, b, SF_CELLS);
        guesses[0] += ga, guesses[1] += gb;
        free_[0] += ga == 0, free_[1] += gb == 0;
    }
    assert_true(free_[0] > free_[1]);
    assert_true(guesses[0] < guesses[1]);
    free(cells);
}

static void test_deterministic(void **state)
{
    (void)state;
    uint8_t cells[SF_CELLS] = {0}, a[SF_CELLS], b[SF_CELLS];
    parse(HARD, cells);
    for (int i = 0; i < 81; i += 4) /* far from unique now */
        cells[i] = 0;
    for (size_t i = 0; sf_kernel_at(i); i++) {
        const sf_kernel_t *k = sf_kernel_at(i);
        for (uint64_t limit = 1; limit <= 20; limit += 19) {
            uint64_t ga, gb;
            const uint64_t na = run(k, cells, limit, 0, a, &ga);
            const uint64_t nb = run(k, cells, limit, 0, b, &gb);
            assert_int_equal(na, limit);
            assert_int_equal(na, nb);
            assert_int_equal(ga, gb);
            assert_memory_equal(a, b, SF_CELLS);
            assert_true(ref_valid_solution(cells, a));
        }
    }
}

/* --------------------------------------------------------------- solver */

typedef struct worker {
    const sf_kernel_t *kernel;
    uint8_t cells[SF_CELLS];
    uint8_t solution[SF_CELLS];
    uint64_t count, guesses;
    int same; /* every round gave the first round's answer */
} worker_t;

static void *solve_rounds(void *arg)
{
    worker_t *w = arg;
    sf_solver_t *s = sf_solver_new(w->kernel);
    w->same = s != NULL;
    for (int round = 0; s && round < 50; round++) {
        uint8_t sol[SF_CELLS];
        sf_result_t r;
        sf_solve_cells(s, w->cells, 0, 0, sol, &r);
        if (round == 0) {
            memcpy(w->solution, sol, SF_CELLS);
            w->count = r.count, w->guesses = r.guesses;
        } else if (memcmp(sol, w->solution, SF_CELLS) || r.count != w->count ||
                   r.guesses != w->guesses) {
            w->same = 0;
        }
    }
    sf_solver_free(s);
    return NULL;
}

/* Threads with a solver each, on different puzzles at once, get what one
 * thread alone gets. */
static void test_threads(void **state)
{
    (void)state;
    enum { N = 4 };
    worker_t w[N];
    pthread_t th[N];
    uint8_t four[SF_CELLS];
    size_t kernels = 0;
    while (sf_kernel_at(kernels))
        kernels++;
    multi_puzzle(2, four);
    for (int i = 0; i < N; i++) {
        w[i].kernel = sf_kernel_at((size_t)i % kernels);
        if (i % 2)
            memcpy(w[i].cells, four, SF_CELLS);
        else
            parse(i ? MEDIUM : HARD, w[i].cells);
        assert_int_equal(pthread_create(&th[i], NULL, solve_rounds, &w[i]),
                         0);
    }
    for (int i = 0; i < N; i++) {
        assert_int_equal(pthread_join(th[i], NULL), 0);
        assert_true(w[i].same);
        uint8_t sol[SF_CELLS];
        uint64_t g;
        assert_int_equal(run(w[i].kernel, w[i].cells, 0, 0, sol, &g),
                         w[i].count);
        assert_memory_equal(sol, w[i].solution, SF_CELLS);
        assert_int_equal(g, w[i].guesses);
    }
}

static void test_status(void **state)
{
    (void)state;
    assert_string_equal(sf_status_name(SF_SOLVED), "solved");
    assert_string_equal(sf_status_name(SF_UNIQUE), "unique");
    assert_string_equal(sf_status_name(SF_MULTIPLE), "multiple");
    assert_string_equal(sf_status_name(SF_UNSOLVABLE), "unsolvable");
    assert_string_equal(sf_status_name(SF_INVALID), "invalid");
    assert_string_equal(sf_status_name(SF_STATUS_COUNT), "?");
    assert_string_equal(sf_status_name((sf_status_t)-1), "?");
    assert_int_equal(sf_status_of(0, 1), SF_UNSOLVABLE);
    assert_int_equal(sf_status_of(0, 0), SF_UNSOLVABLE);
    assert_int_equal(sf_status_of(1, 1), SF_SOLVED);
    assert_int_equal(sf_status_of(1, 2), SF_UNIQUE);
    assert_int_equal(sf_status_of(1, 0), SF_UNIQUE);
    assert_int_equal(sf_status_of(2, 2), SF_MULTIPLE);
    assert_int_equal(sf_status_of(7, 0), SF_MULTIPLE);
    assert_int_equal(sf_status_of(3, 9), SF_MULTIPLE);
}

/* A stand-in kernel that checks what the solver hands it. */
#define PROBE_SIZE 100
static uint64_t probe_solve(void *state, const uint8_t *cells, uint64_t limit,
                            unsigned flags, uint8_t *solution,
                            uint64_t *guesses)
{
    assert_int_equal((uintptr_t)state % 64, 0);
    memset(state, 0x5a, PROBE_SIZE); /* all of it is ours */
    assert_int_equal(limit, 7);
    assert_int_equal(flags, SF_LEX);
    memcpy(solution, cells, SF_CELLS);
    *guesses = 42;
    return 3;
}

static const sf_kernel_t probe = {"probe", "test double", PROBE_SIZE,
                                  probe_solve, NULL, NULL, NULL, NULL, 0};

static void test_solver_state(void **state)
{
    (void)state;
    sf_solver_t *s = sf_solver_new(&probe);
    assert_non_null(s);
    assert_ptr_equal(sf_solver_kernel(s), &probe);
    uint8_t cells[SF_CELLS] = {0}, sol[SF_CELLS];
    cells[0] = 4;
    sf_result_t r;
    assert_int_equal(sf_solve_cells(s, cells, 7, SF_LEX, sol, &r),
                     SF_MULTIPLE);
    assert_int_equal(r.count, 3);
    assert_int_equal(r.guesses, 42);
    assert_int_equal(r.status, SF_MULTIPLE);
    assert_int_equal(sol[0], 4);
    sf_solver_free(s);
    sf_solver_free(NULL);

    s = sf_solver_new(NULL);
    assert_non_null(s);
    assert_ptr_equal(sf_solver_kernel(s), sf_kernel_at(0));
    sf_solver_free(s);
}

static void test_solve_cells(void **state)
{
    (void)state;
    uint8_t cells[SF_CELLS], want[SF_CELLS], sol[SF_CELLS];
    parse(HARD, cells);
    reference_solution(HARD, want);
    for (size_t i = 0; sf_kernel_at(i); i++) {
        sf_solver_t *s = sf_solver_new(sf_kernel_at(i));
        sf_result_t r;
        assert_int_equal(sf_solve_cells(s, cells, 1, 0, sol, &r), SF_SOLVED);
        assert_int_equal(r.count, 1);
        assert_memory_equal(sol, want, SF_CELLS);
        assert_int_equal(sf_solve_cells(s, cells, 2, 0, sol, &r), SF_UNIQUE);
        assert_true(r.guesses > 0);
        assert_int_equal(sf_solve_cells(s, cells, 0, 0, NULL, NULL),
                         SF_UNIQUE);
        uint8_t bad[SF_CELLS];
        memcpy(bad, cells, SF_CELLS);
        bad[80] = 10;
        assert_int_equal(sf_solve_cells(s, bad, 2, 0, sol, &r), SF_INVALID);
        assert_int_equal(r.count, 0);
        bad[80] = bad[0];
        bad[1] = bad[0]; /* two equal givens in row 0 */
        assert_int_equal(sf_solve_cells(s, bad, 2, 0, sol, &r),
                         SF_UNSOLVABLE);
        assert_int_equal(r.count, 0);
        sf_solver_free(s);
    }
}

/* Candidate masks of cells: a given's digit alone, all nine when empty. */
static void masks_of(const uint8_t *cells, uint16_t *cands)
{
    for (int i = 0; i < SF_CELLS; i++)
        cands[i] = cells[i] ? (uint16_t)(1u << (cells[i] - 1)) : 0x1ff;
}

/* Pencilmark puzzles on every kernel's solve_cands entry and on the plain
 * search sf_solve_cands runs for a kernel without one (the probe): a
 * puzzle's own masks give its solution; dropping candidates that are not
 * in it changes nothing, dropping one that is leaves none; the empty grid
 * under SF_LEX gives the smallest grid; an empty mask has no solution, a
 * mask above nine bits is invalid. */
static void test_solve_cands(void **state)
{
    (void)state;
    uint8_t cells[SF_CELLS], want[SF_CELLS], sol[SF_CELLS], lex[SF_CELLS];
    uint16_t cands[SF_CELLS], all[SF_CELLS];
    parse(HARD, cells);
    reference_solution(HARD, want);
    parse(LEX_MIN, lex);
    for (int i = 0; i < SF_CELLS; i++)
        all[i] = 0x1ff;
    for (size_t i = 0; i <= 2; i++) {
        const sf_kernel_t *k = sf_kernel_at(i) ? sf_kernel_at(i) : &probe;
        sf_solver_t *s = sf_solver_new(k);
        sf_result_t r;
        masks_of(cells, cands);
        assert_int_equal(sf_solve_cands(s, cands, 2, 0, sol, &r), SF_UNIQUE);
        assert_memory_equal(sol, want, SF_CELLS);
        for (int c = 0; c < SF_CELLS; c++)
            if (c % 3 != 0)
                cands[c] &= (uint16_t)((1u << (want[c] - 1)) | (c * 37u));
        assert_int_equal(sf_solve_cands(s, cands, 0, SF_LEX, sol, &r),
                         SF_UNIQUE);
        assert_memory_equal(sol, want, SF_CELLS);
        cands[40] &= (uint16_t)~(1u << (want[40] - 1));
        assert_int_equal(sf_solve_cands(s, cands, 2, 0, sol, &r),
                         SF_UNSOLVABLE);
        assert_int_equal(sf_solve_cands(s, all, 1, SF_LEX, sol, &r),
                         SF_SOLVED);
        assert_memory_equal(sol, lex, SF_CELLS);
        assert_int_equal(sf_solve_cands(s, all, 10, 0, NULL, &r),
                         SF_MULTIPLE);
        assert_int_equal(r.count, 10);
        memcpy(cands, all, sizeof cands);
        cands[80] = 0;
        assert_int_equal(sf_solve_cands(s, cands, 1, 0, sol, &r),
                         SF_UNSOLVABLE);
        cands[80] = 0x3ff;
        assert_int_equal(sf_solve_cands(s, cands, 1, 0, sol, &r),
                         SF_INVALID);
        assert_int_equal(sf_solve_cands(s, NULL, 1, 0, sol, &r), SF_INVALID);
        sf_solver_free(s);
    }
}

/* The kernel each geometry gets: small up to 64 cells, nine for the
 * other 9x9 grids (unless they have more than 64 full units), wide
 * past them. */
static void test_kernel_for_geometry(void **state)
{
    (void)state;
    /* rows of the 9x9 grid three times over, shifted: 27 more full
     * units, so 27 + 27 + 2 + 4 + 9 of them with the variants below */
    static const char *const shifts[] = {
        "012345678123456780234567801345678012456780123567801234678012345"
        "780123456801234567",
        "012345678234567801456780123678012345801234567123456780345678012"
        "567801234780123456",
        "012345678345678012678012345123456780456780123780123456234567801"
        "567801234801234567",
    };
    const struct {
        sf_geometry_spec_t spec;
        const char *kernel;
    } cases[] = {
        {{"4x4", NULL, NULL, {NULL}}, "small"},
        {{"8x8", NULL, "x,antiking", {NULL}}, "small"},
        {{"9x9", NULL, "x", {NULL}}, "nine"},
        {{"9x9", NULL, "antiknight,nonconsecutive", {NULL}}, "nine"},
        {{"9x9",
          "111112222113311222333445522334445666334555677444566677885566777"
          "888997799888899999",
          NULL, {NULL}},
         "nine"},
        {{"9x9", NULL, "x,windoku,disjoint",
          {shifts[0], shifts[1], shifts[2], NULL}},
         "wide"},
        {{"10x10", NULL, NULL, {NULL}}, "wide"},
        {{"16x16", NULL, NULL, {NULL}}, "wide"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sf_error_t err;
        sf_geometry_t *g = sf_geometry_new(&cases[i].spec, &err);
        assert_non_null(g);
        const sf_kernel_t *k = sf_kernel_for_geometry(g);
        assert_non_null(k);
        assert_string_equal(k->name, cases[i].kernel);
        sf_geometry_free(g);
    }
    assert_ptr_equal(sf_kernel_for_geometry(NULL), sf_kernel_at(0));
}

/* A cell value above 9 anywhere makes the cells invalid; 9 and below never
 * do (the range check works on eight cells at a time). */
static void test_cell_range(void **state)
{
    (void)state;
    sf_solver_t *s = sf_solver_new(NULL);
    uint8_t cells[SF_CELLS], sol[SF_CELLS];
    sf_result_t r;
    static const uint8_t bad_values[] = {10, 15, 16, 0x7f, 0x80, 0xf6, 0xff};
    for (int i = 0; i < SF_CELLS; i++) {
        for (size_t b = 0; b < sizeof bad_values; b++) {
            memset(cells, 0, sizeof cells);
            cells[i] = bad_values[b];
            assert_int_equal(sf_solve_cells(s, cells, 1, 0, sol, &r),
                             SF_INVALID);
        }
        memset(cells, 0, sizeof cells);
        cells[i] = 9;
        assert_int_equal(sf_solve_cells(s, cells, 1, 0, sol, &r), SF_SOLVED);
    }
    sf_solver_free(s);
}

static void test_solve_string(void **state)
{
    (void)state;
    uint8_t want[SF_CELLS];
    char expect[SF_CELLS + 1], sol[SF_CELLS + 1], text[SF_CELLS + 2];
    reference_solution(MEDIUM, want);
    for (int i = 0; i < SF_CELLS; i++)
        expect[i] = (char)('0' + want[i]);
    expect[SF_CELLS] = '\0';
    /* Every empty-cell mark is accepted. */
    const char marks[] = "0._-*";
    memcpy(text, MEDIUM, SF_CELLS + 1);
    for (int i = 0, m = 0; i < SF_CELLS; i++)
        if (text[i] == '.')
            text[i] = marks[m++ % 5];
    sf_solver_t *s = sf_solver_new(NULL);
    sf_result_t r;
    assert_int_equal(sf_solve_string(s, text, 2, 0, sol, &r), SF_UNIQUE);
    assert_string_equal(sol, expect);
    assert_int_equal(r.count, 1);
    assert_int_equal(sf_solve_string(s, text, 1, 0, sol, NULL), SF_SOLVED);
    assert_string_equal(sol, expect);

    /* Not puzzles: wrong length, a bad character, a trailing newline. */
    const char *bad[] = {NULL, "", "123", text, text, text};
    char longer[SF_CELLS + 2], badchar[SF_CELLS + 1], newline[SF_CELLS + 2];
    memcpy(longer, MEDIUM, SF_CELLS);
    longer[SF_CELLS] = '1', longer[SF_CELLS + 1] = '\0';
    memcpy(badchar, MEDIUM, SF_CELLS + 1);
    badchar[40] = 'x';
    memcpy(newline, MEDIUM, SF_CELLS);
    newline[SF_CELLS] = '\n', newline[SF_CELLS + 1] = '\0';
    bad[3] = longer, bad[4] = badchar, bad[5] = newline;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memcpy(sol, "junk", 5);
        r.count = 9;
        assert_int_equal(sf_solve_string(s, bad[i], 2, 0, sol, &r),
                         SF_INVALID);
        assert_string_equal(sol, "");
        assert_int_equal(r.count, 0);
        assert_int_equal(r.status, SF_INVALID);
    }
    char shorter[SF_CELLS];
    memcpy(shorter, MEDIUM, SF_CELLS - 1);
    shorter[SF_CELLS - 1] = '\0';
    assert_int_equal(sf_solve_string(s, shorter, 2, 0, NULL, NULL),
                     SF_INVALID);

    /* Unsolvable and multiple come through with an empty solution or a
     * valid one. */
    memcpy(text, MEDIUM, SF_CELLS + 1);
    text[0] = text[2]; /* clashes with the 3 beside it */
    assert_int_equal(sf_solve_string(s, text, 2, 0, sol, &r), SF_UNSOLVABLE);
    assert_string_equal(sol, "");
    memset(text, '.', SF_CELLS);
    assert_int_equal(sf_solve_string(s, text, 2, SF_LEX, sol, &r),
                     SF_MULTIPLE);
    assert_int_equal(r.count, 2);
    assert_int_equal(strlen(sol), SF_CELLS);
    sf_solver_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kernel_table),
        cmocka_unit_test(test_kernel_for_geometry),
        cmocka_unit_test(test_cell_range),
        cmocka_unit_test(test_solved_grid),
        cmocka_unit_test(test_unique_puzzles),
        cmocka_unit_test(test_empty_grid),
        cmocka_unit_test(test_contradictions),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_against_reference),
        cmocka_unit_test(test_guess_counting),
        cmocka_unit_test(test_singles_need_no_guess),
        cmocka_unit_test(test_stack_rule_prunes),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_status),
        cmocka_unit_test(test_solver_state),
        cmocka_unit_test(test_solve_cells),
        cmocka_unit_test(test_solve_cands),
        cmocka_unit_test(test_solve_string),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
