/*
 * test_sorter.c -- fixed-size records sorted in bounded memory.
 *
 * Random records, with many repeats and shared prefixes, come back in
 * exactly the order qsort gives them (and as many), whether they fit in
 * memory or take hundreds of runs on disk, merged in one go or, when they
 * are more than one merge can take in the budget, in passes; the runs
 * take no more open files than one, so a limit of a few descriptors is
 * no limit on their number; no records, one record and records of odd
 * sizes work; a directory that cannot hold the runs is an error naming
 * it, never a wrong order.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "core/rng.h"
#include "io/sorter.h"

static size_t cmp_size;

static int cmp(const void *a, const void *b)
{
    return memcmp(a, b, cmp_size);
}

/* Descriptors this process has open. */
static int open_fds(void)
{
    DIR *d = opendir("/proc/self/fd");
    if (!d)
        return -1;
    int n = 0;
    while (readdir(d))
        n++;
    closedir(d);
    return n - 3; /* ".", ".." and the directory's own */
}

static size_t last_passes; /* of the last check() */

/* n records of size bytes through a sorter of memory bytes: the same as
 * qsort's, with at most one descriptor more open at any time (checked
 * after the sort, while the merge reads); returns the runs it wrote, and
 * the merge passes in last_passes. */
static size_t check(size_t n, size_t size, size_t memory, unsigned alphabet,
                    uint64_t seed)
{
    const int fds = open_fds();
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
    if (fds >= 0)
        assert_true(open_fds() <= fds + 1);
    last_passes = sorter_passes(s);
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

/* More runs than one merge takes (a 32 kB budget merges six at a time):
 * merged in passes, the order the same.  The passes are as many as the
 * fan-in needs: one for 7 to 36 runs, two for 37 to 216, none up to 6. */
static void test_merge_passes(void **state)
{
    (void)state;
    assert_int_equal(check(6000, 32, 32000, 256, 12), 6);
    assert_int_equal(last_passes, 0);
    assert_int_equal(check(7000, 32, 32000, 256, 13), 7);
    assert_int_equal(last_passes, 1);
    assert_int_equal(check(36000, 32, 32000, 4, 14), 36);
    assert_int_equal(last_passes, 1);
    assert_int_equal(check(37000, 32, 32000, 256, 15), 37);
    assert_int_equal(last_passes, 2);
    assert_int_equal(check(200000, 32, 32000, 256, 16), 200);
    assert_int_equal(last_passes, 2);
}

/* With 12 descriptors allowed, 2,000 runs sort: the runs share one file
 * (a file each ended the merge with "Too many open files" once the runs
 * outnumbered the limit). */
static void test_few_descriptors(void **state)
{
    (void)state;
    struct rlimit old, few;
    assert_int_equal(getrlimit(RLIMIT_NOFILE, &old), 0);
    few = old;
    few.rlim_cur = 12;
    assert_int_equal(setrlimit(RLIMIT_NOFILE, &few), 0);
    const size_t runs = check(128000, 16, 16 * 64, 256, 17);
    assert_int_equal(setrlimit(RLIMIT_NOFILE, &old), 0);
    assert_int_equal(runs, 2000);
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
        cmocka_unit_test(test_merge_passes),
        cmocka_unit_test(test_few_descriptors),
        cmocka_unit_test(test_bad_directory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
