/*
 * test_audit.c -- the leak audit (sf_audit_*) against a direct count.
 *
 * Random records of several sets, with keys drawn from small pools so
 * that many are shared (within a set, across sets, by puzzle only, by
 * grid only), go through an audit with a generous memory and with one so
 * small that the records take many runs on disk; the findings must be
 * exactly those a quadratic comparison gives: for each test record, each
 * other set sharing its puzzle key or its grid key, that set's first
 * record (by file, then line) and its count, in test file and line
 * order, and the test records without one solution as such.  Keys come
 * from sf_audit_key too: equivalent copies share both keys, a puzzle with
 * one more clue shares only the grid's.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "datasets/equivalence.h"
#include "sudoflow.h"
#include "testutil.h"

typedef struct rec {
    int set;
    uint32_t file;
    uint64_t line;
    sf_audit_key_t key;
} rec_t;

/* The finding the direct count expects for test record t and set s and
 * kind (puzzle 0, grid 1): 1 when there is one (filled into f). */
static int expect(const rec_t *r, size_t n, const rec_t *t, int s, int kind,
                  sf_finding_t *f)
{
    if (kind == 1 && t->key.status != SF_UNIQUE)
        return 0;
    uint64_t count = 0;
    const rec_t *first = NULL;
    for (size_t i = 0; i < n; i++) {
        const rec_t *o = &r[i];
        if (o->set != s)
            continue;
        const int same = kind ? o->key.status == SF_UNIQUE &&
                                    !memcmp(o->key.grid, t->key.grid, 16)
                              : !memcmp(o->key.puzzle, t->key.puzzle, 16);
        if (!same)
            continue;
        count++;
        if (!first || o->file < first->file ||
            (o->file == first->file && o->line < first->line))
            first = o;
    }
    if (!count)
        return 0;
    *f = (sf_finding_t){t->file, t->line,
                        kind ? SF_LEAK_SOLUTION : SF_LEAK_PUZZLE, s,
                        first->file, first->line, count};
    return 1;
}

static int by_test_order(const void *a, const void *b)
{
    const rec_t *x = a, *y = b;
    if (x->file != y->file)
        return x->file < y->file ? -1 : 1;
    return x->line < y->line ? -1 : x->line > y->line;
}

static void run_audit(rec_t *r, size_t n, int sets, size_t memory)
{
    sf_audit_t *a = sf_audit_new(sets, memory, NULL);
    assert_non_null(a);
    sf_error_t err = {0};
    for (size_t i = 0; i < n; i++)
        assert_int_equal(sf_audit_add(a, r[i].set, r[i].file, r[i].line,
                                      &r[i].key, &err), 0);
    assert_int_equal(sf_audit_run(a, &err), 0);
    /* the test records in order, then what each must give */
    rec_t *t = malloc(n * sizeof *t);
    size_t nt = 0;
    for (size_t i = 0; i < n; i++)
        if (r[i].set == sets - 1)
            t[nt++] = r[i];
    qsort(t, nt, sizeof *t, by_test_order);
    uint64_t seen = 0;
    sf_finding_t got, want;
    for (size_t i = 0; i < nt; i++) {
        for (int kind = 0; kind < 2; kind++)
            for (int s = 0; s < sets - 1; s++) {
                if (!expect(r, n, &t[i], s, kind, &want))
                    continue;
                assert_int_equal(sf_audit_next(a, &got, &err), 1);
                seen++;
                assert_int_equal(got.file, want.file);
                assert_int_equal(got.line, want.line);
                assert_int_equal(got.kind, want.kind);
                assert_int_equal(got.set, want.set);
                assert_int_equal(got.match_file, want.match_file);
                assert_int_equal(got.match_line, want.match_line);
                assert_int_equal(got.matches, want.matches);
            }
        if (t[i].key.status == SF_MULTIPLE ||
            t[i].key.status == SF_UNSOLVABLE) {
            assert_int_equal(sf_audit_next(a, &got, &err), 1);
            seen++;
            assert_int_equal(got.line, t[i].line);
            assert_int_equal(got.kind, t[i].key.status == SF_MULTIPLE
                                           ? SF_LEAK_MULTIPLE
                                           : SF_LEAK_UNSOLVABLE);
            assert_int_equal(got.set, -1);
        }
    }
    assert_int_equal(sf_audit_next(a, &got, &err), 0);
    assert_int_equal(sf_audit_findings(a), seen);
    assert_true(seen > 0);
    free(t);
    sf_audit_free(a);
}

/* n records over sets sets, keys from pools of np puzzles and ng grids;
 * files per set 1..3, lines in any order. */
static rec_t *random_records(size_t n, int sets, unsigned np, unsigned ng,
                             uint64_t seed)
{
    rec_t *r = calloc(n, sizeof *r);
    rng_t g;
    rng_seed(&g, seed, 0);
    for (size_t i = 0; i < n; i++) {
        r[i].set = (int)rng_below(&g, (unsigned)sets);
        r[i].file = (uint32_t)(3 * r[i].set + rng_below(&g, 3));
        r[i].line = 1 + i; /* unique per file: the records' order */
        const unsigned p = rng_below(&g, np), q = rng_below(&g, ng);
        r[i].key.puzzle[0] = p * 0x9e3779b97f4a7c15ull;
        r[i].key.puzzle[1] = p;
        r[i].key.grid[0] = q * 0xbf58476d1ce4e5b9ull;
        r[i].key.grid[1] = ~(uint64_t)q;
        const unsigned st = rng_below(&g, 10);
        r[i].key.status = st == 0 ? SF_MULTIPLE
                          : st == 1 ? SF_UNSOLVABLE : SF_UNIQUE;
    }
    /* shuffle, so that records are added out of line order */
    for (size_t i = n; i > 1; i--) {
        const size_t j = rng_below(&g, (unsigned)i);
        const rec_t x = r[i - 1];
        r[i - 1] = r[j];
        r[j] = x;
    }
    return r;
}

static void test_against_direct_count(void **state)
{
    (void)state;
    rec_t *r = random_records(3000, 4, 400, 300, 1);
    run_audit(r, 3000, 4, 1 << 26);
    run_audit(r, 3000, 4, 1); /* runs of 64 records: about a hundred */
    free(r);
    r = random_records(2000, 2, 50, 2000, 2); /* many repeats */
    run_audit(r, 2000, 2, 1 << 20);
    run_audit(r, 2000, 2, 4096);
    free(r);
}

static void test_keys_of_puzzles(void **state)
{
    (void)state;
    size_t n;
    uint8_t *p = load_puzzles("data/sample.txt.gz", &n);
    assert_true(n >= 20);
    sf_solver_t *s = sf_solver_new(NULL);
    rng_t g;
    rng_seed(&g, 3, 0);
    for (size_t i = 0; i < 20; i++) {
        const uint8_t *cells = p + 81 * i;
        sf_audit_key_t a, b, c, d;
        assert_int_equal(sf_audit_key(s, cells, &a), SF_UNIQUE);
        uint8_t copy[81], more[81], sol[81];
        sf_xform_t t;
        sf_xform_random(&t, &g);
        assert_int_equal(sf_xform_apply(&t, cells, copy), 0);
        assert_int_equal(sf_audit_key(s, copy, &b), SF_UNIQUE);
        assert_memory_equal(a.puzzle, b.puzzle, 16);
        assert_memory_equal(a.grid, b.grid, 16);
        sf_result_t res;
        sf_solve_cells(s, cells, 1, 0, sol, &res);
        memcpy(more, cells, 81);
        for (int c0 = 0; c0 < 81; c0++)
            if (!more[c0]) {
                more[c0] = sol[c0];
                break;
            }
        assert_int_equal(sf_audit_key(s, more, &c), SF_UNIQUE);
        assert_memory_not_equal(a.puzzle, c.puzzle, 16);
        assert_memory_equal(a.grid, c.grid, 16);
        const uint8_t *other = p + 81 * (i + 20 < n ? i + 20 : 0);
        sf_audit_key(s, other, &d);
        assert_memory_not_equal(a.grid, d.grid, 16);
    }
    uint8_t empty[81] = {0};
    sf_audit_key_t e;
    assert_int_equal(sf_audit_key(s, empty, &e), SF_MULTIPLE);
    empty[0] = empty[1] = 5;
    assert_int_equal(sf_audit_key(s, empty, &e), SF_UNSOLVABLE);
    sf_solver_free(s);
    free(p);
}

static void test_arguments(void **state)
{
    (void)state;
    assert_null(sf_audit_new(1, 1 << 20, NULL));
    assert_null(sf_audit_new(256, 1 << 20, NULL));
    sf_audit_t *a = sf_audit_new(2, 1 << 20, NULL);
    sf_audit_key_t k = {{1, 2}, {3, 4}, SF_UNIQUE};
    sf_error_t err = {0};
    assert_int_equal(sf_audit_add(a, 2, 0, 1, &k, &err), -1);
    assert_int_equal(sf_audit_add(a, -1, 0, 1, &k, &err), -1);
    assert_int_equal(sf_audit_add(a, 0, 0, 1, &k, &err), 0);
    assert_int_equal(sf_audit_run(a, &err), 0);
    assert_int_equal(sf_audit_add(a, 0, 0, 2, &k, &err), -1);
    sf_finding_t f;
    assert_int_equal(sf_audit_next(a, &f, &err), 0);
    assert_string_equal(sf_leak_name(SF_LEAK_SOLUTION), "solution");
    assert_string_equal(sf_leak_name(SF_LEAK_COUNT), "?");
    sf_audit_free(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_direct_count),
        cmocka_unit_test(test_keys_of_puzzles),
        cmocka_unit_test(test_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
