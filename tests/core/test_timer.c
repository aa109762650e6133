/*
 * test_timer.c -- the per-puzzle clock agrees with CLOCK_MONOTONIC.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <time.h>

#include "core/timer.h"

/* Over 30 ms, ticks converted to ns match the monotonic clock to within
 * 1%.  Each tick reading is bracketed by two clock readings, so a thread
 * preempted between them (a busy machine) widens the bounds instead of
 * failing the test: the ticks' span must lie within the shortest and the
 * longest span the clock allows, give or take 1%. */
static void test_ticks_track_monotonic(void **state)
{
    (void)state;
    sf_timer_t t;
    timer_init(&t);
    assert_true(t.ns_per_tick > 0);
    const uint64_t a0 = timer_mono_ns(), k0 = timer_ticks(&t);
    const uint64_t b0 = timer_mono_ns();
    const struct timespec nap = {0, 30000000};
    nanosleep(&nap, NULL);
    const uint64_t a1 = timer_mono_ns(), k1 = timer_ticks(&t);
    const uint64_t b1 = timer_mono_ns();
    const double got = (double)timer_ns(&t, k1 - k0);
    const double shortest = (double)(a1 - b0), longest = (double)(b1 - a0);
    assert_true(shortest >= 3e7);
    assert_true(got > 0.99 * shortest && got < 1.01 * longest);
}

/* Without a time-stamp counter a tick is a nanosecond. */
static void test_plain_clock(void **state)
{
    (void)state;
    const sf_timer_t t = {.tsc = 0, .ns_per_tick = 1.0};
    assert_int_equal(timer_ns(&t, 12345), 12345);
    const uint64_t a = timer_ticks(&t), b = timer_mono_ns();
    assert_true(b >= a && b - a < 1000000000u);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ticks_track_monotonic),
        cmocka_unit_test(test_plain_clock),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
