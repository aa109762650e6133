/*
 * test_barrier.c -- the spin-then-sleep barrier of the batch driver.
 *
 * Threads write their own slot each round and, after the barrier, read
 * everyone's: every value must be that round's, so no thread ever passes
 * early and all writes before the barrier are seen after it.  Rounds
 * alternate between immediate arrivals (spinning) and one thread that
 * sleeps before arriving (the others go to sleep and must be woken).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <cmocka.h>
#include <omp.h>

#include "core/barrier.h"

enum { ROUNDS = 400, MAXT = 8 };

static void nap(void)
{
    const struct timespec ts = {0, 200000}; /* 0.2 ms: past the spin */
    nanosleep(&ts, NULL);
}

static int run(int threads)
{
    barrier_t b;
    static volatile int slot[MAXT];
    int bad = 0;
    assert_int_equal(barrier_init(&b, threads), 0);
#pragma omp parallel num_threads(threads) reduction(+ : bad)
    {
        const int t = omp_get_thread_num();
        for (int r = 1; r <= ROUNDS; r++) {
            if (r % 8 == 0 && t == r % threads)
                nap();
            slot[t] = r;
            barrier_wait(&b);
            for (int u = 0; u < threads; u++)
                bad += slot[u] != r;
            barrier_wait(&b);
        }
    }
    barrier_destroy(&b);
    return bad;
}

static void test_rounds(void **state)
{
    (void)state;
    for (int threads = 1; threads <= 4; threads++)
        assert_int_equal(run(threads), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
