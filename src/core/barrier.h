/*
 * barrier.h -- a thread barrier that spins briefly, then sleeps.
 *
 * The batch driver and the benchmark meet at a barrier several times per
 * chunk or pass.  OpenMP's own barriers let a waiting thread spin for a
 * long time (libgomp: 300,000 rounds unless OMP_WAIT_POLICY or
 * GOMP_SPINCOUNT say otherwise, read before main can change them), which
 * is fastest on idle cores and ruinous on shared ones: the spinning thread
 * takes the time slice the thread it waits for needs.  This barrier spins
 * only for about BARRIER_SPIN pause instructions (tens of microseconds,
 * long enough to cover the normal skew between threads) and then sleeps on
 * a condition variable until the last thread arrives.
 */
#ifndef SF_BARRIER_H
#define SF_BARRIER_H

#include <pthread.h>

typedef struct barrier {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    int count;            /* threads that meet here */
    int arrived;          /* of this round, under lock or atomically */
    unsigned round;       /* advanced by the last thread to arrive */
    int sleepers;         /* threads waiting on wake */
} barrier_t;

/* A barrier for count threads.  0, or -1 when the system refuses. */
int barrier_init(barrier_t *b, int count);
void barrier_destroy(barrier_t *b);
/* Wait until all count threads called this for the current round. */
void barrier_wait(barrier_t *b);

#endif
