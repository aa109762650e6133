/*
 * barrier.c -- spin briefly, then sleep (see barrier.h).
 *
 * Arrival is one atomic increment.  The last thread resets the count,
 * advances the round number and, if anyone went to sleep, broadcasts
 * under the lock.  The others watch the round number for a short while
 * (with a pause instruction between looks, which also yields the core's
 * other hyperthread), then take the lock and sleep until the round moves.
 * The round is read and advanced with acquire/release atomics, so all
 * that a thread wrote before the barrier is visible to every thread after
 * it, as OpenMP's barrier guarantees.
 */
#include "barrier.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define CPU_PAUSE() _mm_pause()
#else
#define CPU_PAUSE() ((void)0)
#endif

#define BARRIER_SPIN 2000 /* pauses before sleeping: a few tens of us */

int barrier_init(barrier_t *b, int count)
{
    b->count = count;
    b->arrived = 0;
    b->round = 0;
    b->sleepers = 0;
    if (pthread_mutex_init(&b->lock, NULL) != 0)
        return -1;
    if (pthread_cond_init(&b->wake, NULL) != 0) {
        pthread_mutex_destroy(&b->lock);
        return -1;
    }
    return 0;
}

void barrier_destroy(barrier_t *b)
{
    pthread_cond_destroy(&b->wake);
    pthread_mutex_destroy(&b->lock);
}

/* The last thread of the round: open the barrier. */
static void release(barrier_t *b, unsigned round)
{
    __atomic_store_n(&b->arrived, 0, __ATOMIC_RELAXED);
    pthread_mutex_lock(&b->lock);
    __atomic_store_n(&b->round, round + 1, __ATOMIC_RELEASE);
    if (b->sleepers)
        pthread_cond_broadcast(&b->wake);
    pthread_mutex_unlock(&b->lock);
}

void barrier_wait(barrier_t *b)
{
    const unsigned round = __atomic_load_n(&b->round, __ATOMIC_ACQUIRE);
    if (__atomic_add_fetch(&b->arrived, 1, __ATOMIC_ACQ_REL) == b->count) {
        release(b, round);
        return;
    }
    for (int i = 0; i < BARRIER_SPIN; i++) {
        if (__atomic_load_n(&b->round, __ATOMIC_ACQUIRE) != round)
            return;
        CPU_PAUSE();
    }
    pthread_mutex_lock(&b->lock);
    b->sleepers++;
    while (__atomic_load_n(&b->round, __ATOMIC_ACQUIRE) == round)
        pthread_cond_wait(&b->wake, &b->lock);
    b->sleepers--;
    pthread_mutex_unlock(&b->lock);
}
