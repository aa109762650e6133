/*
 * test_sorter.c -- fixed-size records sorted in bounded memory.
 *
 * Random records, with many repeats and shared prefixes, come back in
 * exactly the order qsort gives them (and as many), whether they fit in
 * memory or take hundreds of runs on disk; no records, one record and
 * records of odd sizes work; a directory that cannot hold the runs is an
 * error naming it, never a wrong order.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "io/sorter.h"

static size_t cmp_size;

static int cmp(const void *a, const void *b)
{
    return memcmp(a, b, cmp_size);
}

/* n records of size bytes through a sorter of memory bytes: the same as
 * qsort's; returns the runs it wrote. */
static size_t check(size_t n, size_t size, size_t memory, unsigned alphabet,
                    uint64_t seed)
{
    uint8_t *recs = malloc(n * size + 1), *got = malloc(size);
    assert_true(recs && got);
    rng_t r;
    rng_seed(&r, seed, 0);
    for (size_t i = 0; i < n * size; i++) /* few values: long ties */
        recs[i] = (uint8_t)rng_below(&r, alphabet);
    sorter_t *s = sorter_new(size, memory, NULL);
    assert_non_null(s);
    sf_error_t err = {0};
    for (size_t i = 0; i < n; i++)
        assert_int_equal(sorter_add(s, recs + i * size, &err), 0);
    assert_int_equal(sorter_sort(s, &err), 0);
    cmp_size = size;
    qsort(recs, n, size, cmp);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(sorter_next(s, got, &err), 1);
        assert_memory_equal(got, recs + i * size, size);
    }
    assert_int_equal(sorter_next(s, got, &err), 0);
    assert_int_equal(sorter_count(s), n);
    const size_t runs = sorter_runs(s);
    sorter_free(s);
    free(recs);
    free(got);
    return runs;
}

static void test_in_memory(void **state)
{
    (void)state;
    assert_int_equal(check(100000, 32, 1 << 24, 256, 1), 0);
    assert_int_equal(check(50000, 32, 1 << 24, 2, 2), 0); /* ties */
    assert_int_equal(check(0, 32, 1 << 20, 256, 3), 0);
    assert_int_equal(check(1, 7, 1 << 20, 256, 4), 0);
    assert_int_equal(check(3000, 1, 1 << 20, 256, 5), 0);
    assert_int_equal(check(3000, 256, 1 << 22, 3, 6), 0);
}

static void test_runs_on_disk(void **state)
{
    (void)state;
    assert_true(check(100000, 32, 32 * 1000, 256, 7) >= 100);
    assert_true(check(20000, 13, 13 * 64, 4, 8) >= 300); /* the least */
    assert_true(check(5000, 32, 1, 256, 9) > 1);         /* 64 records */
    assert_int_equal(check(1024, 16, 16 * 1024, 256, 10), 0); /* exact */
    assert_int_equal(check(1025, 16, 16 * 1024, 256, 11), 2);
}

static void test_bad_directory(void **state)
{
    (void)state;
    sorter_t *s = sorter_new(16, 16 * 64, "/nonexistent/dir");
    assert_non_null(s);
    uint8_t rec[16] = {0};
    sf_error_t err = {0};
    int rc = 0;
    for (int i = 0; i < 65 && rc == 0; i++)
        rc = sorter_add(s, rec, &err);
    assert_int_equal(rc, -1);
    assert_int_equal(err.code, SF_ERR_IO);
    assert_non_null(strstr(err.message, "/nonexistent/dir: cannot make a "
                                        "temporary file"));
    sorter_free(s);
    assert_null(sorter_new(0, 100, NULL));
    assert_null(sorter_new(257, 100, NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_in_memory),
        cmocka_unit_test(test_runs_on_disk),
        cmocka_unit_test(test_bad_directory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
