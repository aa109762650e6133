/*
 * timer.h -- cheap per-puzzle timestamps.
 *
 * The batch driver stamps every puzzle, millions a second, so the clock
 * read itself shows in profiles: clock_gettime costs 20-25 ns through the
 * vDSO.  On x86 with an invariant time-stamp counter (constant rate, never
 * stopped) the counter is read instead, a few ns, and converted to
 * nanoseconds with a rate measured against CLOCK_MONOTONIC when the timer
 * is set up (a 200 us spin, accurate to well under 0.1%).  Elsewhere the
 * timer is CLOCK_MONOTONIC itself.
 */
#ifndef SF_TIMER_H
#define SF_TIMER_H

#include <stdint.h>

typedef struct sf_timer {
    int tsc;            /* 1: ticks are TSC counts, else nanoseconds */
    double ns_per_tick; /* conversion, 1.0 without TSC */
} sf_timer_t;

/* Choose the source and calibrate it.  Read-only afterwards: threads share
 * one timer. */
void timer_init(sf_timer_t *t);

/* Nanoseconds of CLOCK_MONOTONIC. */
uint64_t timer_mono_ns(void);

/* Seconds of CLOCK_MONOTONIC, for run-level wall times. */
static inline double timer_mono_sec(void)
{
    return 1e-9 * (double)timer_mono_ns();
}

/* The library's one rule for a time budget in seconds: 0 (or -0) is none,
 * a finite number above 0 is the budget; anything else (negative, NaN,
 * infinite) is an argument error.  1 when budget is one of the first two. */
static inline int timer_budget_ok(double budget)
{
    return budget == 0 || (budget > 0 && budget <= 1.7976931348623157e308);
}

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
static inline uint64_t timer_ticks(const sf_timer_t *t)
{
    return t->tsc ? __rdtsc() : timer_mono_ns();
}
#else
static inline uint64_t timer_ticks(const sf_timer_t *t)
{
    (void)t;
    return timer_mono_ns();
}
#endif

/* Ticks elapsed to nanoseconds. */
static inline uint64_t timer_ns(const sf_timer_t *t, uint64_t ticks)
{
    return t->tsc ? (uint64_t)((double)ticks * t->ns_per_tick) : ticks;
}

#endif
