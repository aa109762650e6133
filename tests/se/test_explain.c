/*
 * test_explain.c -- solving traces (sf_se_explain, sf_array_explain).
 *
 * Every trace is replayed against the puzzle's solution: from the givens
 * and the candidates SE starts with, each step's placements must be the
 * solution's digits and its eliminations candidates that are not, the
 * candidates recorded before each step must be those the replay has
 * reached, and the steps in order must leave the full solution; the
 * hardest step must be the rating sf_se_rate gives (difficulty and
 * technique).  On the SE-rated puzzles of data/se/ratings.csv (1.2 to
 * 10+), the sample and the easy set, and puzzles generated with SE
 * targets.  The array call gives the same traces for 1 and 3 threads, and
 * rows without one solution get no steps.  (Agreement with SE's own
 * paths: tests/se/trace_compare.sh.)  A set's check prints a line every
 * two seconds or so, and one per pass, so that make test is never long
 * silent (the SE-rated set takes about 10 s).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "refsolve.h"
#include "sanitized.h"
#include "sudoflow.h"
#include "testutil.h"

/* Up to max puzzles of a file whose lines start with 81 cells (others,
 * like a csv header, skipped), every stride-th. */
static size_t load_cells(const char *path, uint8_t *out, size_t max,
                         size_t stride)
{
    size_t len, n = 0, seen = 0;
    char *text = slurp(path, &len);
    if (len >= 2 && (unsigned char)text[0] == 0x1f) {
        int members;
        char *raw = text;
        text = gunzip(raw, len, &len, &members);
        free(raw);
    }
    for (char *line = text, *end; line < text + len && n < max;
         line = end + 1) {
        end = memchr(line, '\n', (size_t)(text + len - line));
        if (!end)
            end = text + len;
        uint8_t cells[81];
        if (end - line < 81 || sf_parse_line(line, 81, cells, NULL) != 0)
            continue;
        if (seen++ % stride == 0)
            memcpy(out + 81 * n++, cells, 81);
    }
    free(text);
    return n;
}

/* 1 when cells a and b (distinct) share a row, column or box. */
static int peers(int a, int b)
{
    return a / 9 == b / 9 || a % 9 == b % 9 ||
           (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3);
}

/* SE's starting candidates of cells. */
static void start_cands(const uint8_t *cells, uint16_t *cand)
{
    for (int c = 0; c < 81; c++) {
        cand[c] = cells[c] ? (uint16_t)(1u << (cells[c] - 1)) : 0x1ff;
        for (int p = 0; p < 81; p++)
            if (p != c && cells[p] && peers(c, p) && !cells[c])
                cand[c] &= (uint16_t)~(1u << (cells[p] - 1));
    }
}

/* Replay puzzle i of t on cells (its solution sol): see the top. */
static void replay(const sf_trace_t *t, size_t i, const uint8_t *cells,
                   const uint8_t *sol)
{
    uint8_t grid[81];
    uint16_t cand[81];
    memcpy(grid, cells, 81);
    start_cands(cells, cand);
    for (size_t s = t->step_start[i]; s < t->step_start[i + 1]; s++) {
        if (t->candidates)
            assert_memory_equal(t->candidates + 81 * s, cand, sizeof cand);
        assert_true(t->action_start[s] < t->action_start[s + 1]);
        for (size_t a = t->action_start[s]; a < t->action_start[s + 1]; a++) {
            const int c = t->cell[a], d = t->digit[a];
            assert_true(c < 81 && d >= 1 && d <= 9);
            assert_true(cand[c] >> (d - 1) & 1); /* still a candidate */
            if (t->kind[a] == 0) {
                assert_int_equal(grid[c], 0);
                assert_int_equal(d, sol[c]);
                grid[c] = (uint8_t)d;
                cand[c] = (uint16_t)(1u << (d - 1));
                for (int p = 0; p < 81; p++)
                    if (p != c && !grid[p] && peers(c, p))
                        cand[p] &= (uint16_t)~(1u << (d - 1));
            } else {
                assert_int_equal(t->kind[a], 1);
                assert_int_not_equal(d, sol[c]);
                cand[c] &= (uint16_t)~(1u << (d - 1));
            }
        }
    }
    assert_memory_equal(grid, sol, 81);
}

/* Seconds on the monotonic clock. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* A progress line, at once (through a pipe too). */
static void progress(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("  ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    fflush(stdout);
}

/* Explain every puzzle of cells[0..n) one by one, replay it, compare the
 * hardest step with sf_se_rate's rating; then the array call at 1 and 3
 * threads must give the same trace. */
static void check_set(const uint8_t *cells, size_t n)
{
    sf_trace_t one, arr[2];
    sf_trace_init(&one, 1);
    sf_solver_t *solver = sf_solver_new(NULL);
    assert_non_null(solver);
    int16_t *tenths = malloc(2 * n * sizeof *tenths);
    int8_t *steps = malloc(2 * n);
    uint8_t *flags = malloc(2 * n);
    assert_true(tenths && steps && flags);
    double last = now();
    for (size_t i = 0; i < n; i++) {
        if (now() - last >= 2.0) {
            progress("%zu of %zu puzzles explained and replayed", i, n);
            last = now();
        }
        const uint8_t *p = cells + 81 * i;
        uint8_t sol[81];
        sf_result_t res;
        sf_solve_cells(solver, p, 2, 0, sol, &res); /* the reference is slow */
        if (res.count != 1) {
            assert_int_equal(sf_trace_skip(&one), 0);
            continue;
        }
        assert_true(ref_valid_solution(p, sol));
        sf_se_result_t r, x;
        assert_int_equal(sf_se_explain(p, 0, &one, &x), 0);
        assert_int_equal(sf_se_rate(p, 0, &r), 0);
        assert_int_equal(x.status, r.status);
        assert_int_equal(x.tenths, r.tenths);
        assert_int_equal(x.step, r.step);
        /* the rating's technique is one of the hardest steps (SE ranks
         * them by unrounded difficulty: a 6.65 rounds as a 6.7) */
        int hardest = 0, has_step = 0;
        for (size_t s = one.step_start[i]; s < one.step_start[i + 1]; s++)
            hardest = one.tenths[s] > hardest ? one.tenths[s] : hardest;
        for (size_t s = one.step_start[i]; s < one.step_start[i + 1]; s++)
            has_step |= one.tenths[s] == hardest &&
                        one.technique[s] == (int)r.step;
        if (r.status == SF_SE_EXACT) {
            assert_int_equal(hardest, r.tenths);
            assert_true(has_step);
        }
        replay(&one, i, p, sol);
    }
    for (int k = 0; k < 2; k++) {
        progress("%zu puzzles: the array call, %d thread%s", n, k ? 3 : 1,
                 k ? "s" : "");
        sf_trace_init(&arr[k], 1);
        assert_int_equal(sf_array_explain(cells, NULL, n, 0, k ? 3 : 1,
                                          &arr[k], tenths + k * n,
                                          steps + k * n, flags + k * n), 0);
        assert_int_equal(arr[k].puzzles, n);
        assert_int_equal(arr[k].steps, one.steps);
        assert_int_equal(arr[k].actions, one.actions);
        assert_memory_equal(arr[k].step_start, one.step_start,
                            (n + 1) * sizeof *one.step_start);
        assert_memory_equal(arr[k].technique, one.technique, one.steps);
        assert_memory_equal(arr[k].tenths, one.tenths, 2 * one.steps);
        assert_memory_equal(arr[k].cell, one.cell, one.actions);
        assert_memory_equal(arr[k].digit, one.digit, one.actions);
        assert_memory_equal(arr[k].kind, one.kind, one.actions);
        assert_memory_equal(arr[k].candidates, one.candidates,
                            one.steps * 81 * sizeof *one.candidates);
        sf_trace_free(&arr[k]);
    }
    assert_memory_equal(tenths, tenths + n, n * sizeof *tenths);
    free(tenths);
    free(steps);
    free(flags);
    sf_trace_free(&one);
    sf_solver_free(solver);
}

static void test_se_rated_set(void **state)
{
    (void)state;
    uint8_t *cells = malloc(81 * 2100);
    assert_non_null(cells);
    const size_t n = load_cells("data/se/ratings.csv", cells, 2100,
                                SANITIZED ? 8 : 1);
    assert_true(n > 250);
    check_set(cells, n);
    free(cells);
}

static void test_bundled_sets(void **state)
{
    (void)state;
    static const char *const sets[] = {"data/sample.txt.gz",
                                       "data/easy.txt.gz",
                                       "data/multi.txt.gz"};
    uint8_t *cells = malloc(81 * 2000);
    assert_non_null(cells);
    for (int s = 0; s < 3; s++) {
        const size_t n = load_cells(sets[s], cells, SANITIZED ? 200 : 2000, 1);
        assert_true(n > 100);
        check_set(cells, n); /* multi: no steps, row by row */
    }
    free(cells);
}

/* Generated puzzles, SE 6 to 9 (chains), with a seed. */
static void test_generated(void **state)
{
    (void)state;
    const sf_gen_opts_t o = {0, SF_SYM_NONE};
    const sf_gen_target_t t = {.level = -1, .steps = 20, .se = 1,
                               .min_se = 6.0, .max_se = 9.0};
    const size_t n = SANITIZED ? 4 : 24;
    uint8_t *cells = calloc(81, n), made[24];
    assert_non_null(cells);
    assert_int_equal(sf_array_generate(&o, &t, 77, n, 0, cells, NULL, made),
                     0);
    check_set(cells, n);
    free(cells);
}

/* Rows the array call does not rate: no steps, rating -1. */
static void test_unrated_rows(void **state)
{
    (void)state;
    uint8_t cells[3 * 81] = {0}, inv[3] = {0, 1, 0};
    int16_t tenths[3];
    int8_t steps[3];
    uint8_t flags[3];
    sf_trace_t t;
    sf_trace_init(&t, 0);
    assert_int_equal(sf_array_explain(cells, inv, 3, 0, 2, &t, tenths, steps,
                                      flags), 0);
    assert_int_equal(t.puzzles, 3);
    assert_int_equal(t.steps, 0);
    for (int i = 0; i < 3; i++)
        assert_int_equal(tenths[i], -1);
    assert_null(t.candidates);
    sf_trace_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_se_rated_set),
        cmocka_unit_test(test_bundled_sets),
        cmocka_unit_test(test_generated),
        cmocka_unit_test(test_unrated_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
