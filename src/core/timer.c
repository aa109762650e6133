/*
 * timer.c -- choosing and calibrating the per-puzzle clock (see timer.h).
 */
#include "timer.h"

#include <time.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#define CALIBRATE_NS 200000 /* spin used to measure the TSC rate */

uint64_t timer_mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* CPUID leaf 0x80000007, EDX bit 8: the TSC runs at a constant rate in
 * every power state. */
static int invariant_tsc(void)
{
#if defined(__x86_64__) || defined(__i386__)
    unsigned a, b, c, d;
    if ((unsigned)__get_cpuid_max(0x80000000u, NULL) < 0x80000007u)
        return 0;
    __cpuid(0x80000007u, a, b, c, d);
    return (d >> 8) & 1u;
#else
    return 0;
#endif
}

/* A (ns, ticks) pair read at nearly one moment: ticks bracket the clock
 * read, and a pair whose bracket is wide (the thread was interrupted) is
 * read again. */
static void sample(const sf_timer_t *t, uint64_t *ns, uint64_t *ticks)
{
    for (int tries = 0;; tries++) {
        const uint64_t a = timer_ticks(t);
        *ns = timer_mono_ns();
        const uint64_t b = timer_ticks(t);
        *ticks = a + (b - a) / 2;
        if (b - a < 20000 || tries == 100)
            return;
    }
}

void timer_init(sf_timer_t *t)
{
    t->tsc = 0;
    t->ns_per_tick = 1.0;
    if (!invariant_tsc())
        return;
    t->tsc = 1;
    uint64_t n0, k0, n1, k1;
    sample(t, &n0, &k0);
    do
        sample(t, &n1, &k1);
    while (n1 - n0 < CALIBRATE_NS);
    if (k1 <= k0) {
        t->tsc = 0;
        return;
    }
    t->ns_per_tick = (double)(n1 - n0) / (double)(k1 - k0);
}
