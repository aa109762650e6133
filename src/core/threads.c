/*
 * threads.c -- how many threads an OpenMP team can really have.
 *
 * When the OpenMP runtime cannot create a thread of a team (memory or
 * process limits), it prints a message and ends the process: a library
 * must not let that happen to its caller.  So before a team larger than
 * any this thread has run, the threads are tried first: that many plain
 * threads, with the stack size the runtime gives its own (OMP_STACKSIZE,
 * else the default), are started until one fails, all alive at once, then
 * let go; the team the caller asks OpenMP for is as many as started (an
 * eighth fewer when not all could: the threads need memory beside their
 * stacks).
 * Teams up to the size that last started are not tried again (the
 * runtime keeps their threads).
 */
#include "threads.h"

#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>

/* The largest team this thread has seen start (1: just itself). */
static _Thread_local int started = 1;

/* OMP_STACKSIZE in bytes (a number, then B, K, M or G; K when no unit),
 * or 0 when it is not set or not understood. */
static size_t omp_stacksize(void)
{
    const char *s = getenv("OMP_STACKSIZE");
    if (!s)
        return 0;
    char *end;
    const unsigned long long v = strtoull(s, &end, 10);
    while (isspace((unsigned char)*end))
        end++;
    unsigned long long unit = 1024;
    switch (toupper((unsigned char)*end)) {
    case 'B': unit = 1; break;
    case 'K': case '\0': unit = 1024; break;
    case 'M': unit = 1024ull * 1024; break;
    case 'G': unit = 1024ull * 1024 * 1024; break;
    default: return 0;
    }
    return end == s ? 0 : (size_t)(v * unit);
}

typedef struct gate {
    pthread_mutex_t lock;
    pthread_cond_t open;
    int opened;
} gate_t;

/* A trial thread: waits until the trial ends, so that all of them exist
 * at once. */
static void *wait_gate(void *arg)
{
    gate_t *g = arg;
    pthread_mutex_lock(&g->lock);
    while (!g->opened)
        pthread_cond_wait(&g->open, &g->lock);
    pthread_mutex_unlock(&g->lock);
    return NULL;
}

/* How many of n more threads can exist at once beside this one. */
static int can_start(int n)
{
    pthread_t *t = malloc((size_t)n * sizeof *t);
    if (!t)
        return 0;
    gate_t g = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0};
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    const size_t stack = omp_stacksize();
    if (stack)
        pthread_attr_setstacksize(&attr, stack);
    int made = 0;
    while (made < n && pthread_create(&t[made], &attr, wait_gate, &g) == 0)
        made++;
    pthread_attr_destroy(&attr);
    pthread_mutex_lock(&g.lock);
    g.opened = 1;
    pthread_cond_broadcast(&g.open);
    pthread_mutex_unlock(&g.lock);
    for (int i = 0; i < made; i++)
        pthread_join(t[i], NULL);
    free(t);
    return made;
}

int threads_startable(int want)
{
    if (want <= started)
        return want < 1 ? 1 : want;
    const int made = can_start(want - 1);
    if (made == want - 1) {
        started = want;
        return want;
    }
    /* at the limit: an eighth fewer, so that the team's threads still
     * find memory for their own data (thread-local storage, buffers) */
    const int team = 1 + made - (made + 7) / 8;
    if (team > started)
        started = team;
    return team;
}
