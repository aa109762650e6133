/*
 * cancel.c -- cancelling a long library call (cancel.h): every thread
 * has a flag, a count of the requests made to stop what it runs
 * (sf_cancel increments it, from any thread or a signal handler: one
 * atomic add); a call remembers the count when it begins, and the threads
 * working for it compare.  Requests made before a call begins do not
 * touch it.
 */
#include "cancel.h"

#include "sudoflow.h"

typedef struct flag {
    unsigned requests;
} flag_t;

static _Thread_local flag_t own;                 /* this thread's flag */
static _Thread_local cancel_watch_t watching;    /* the call it works for */

void *sf_cancel_handle(void)
{
    return &own;
}

void sf_cancel(void *handle)
{
    if (handle)
        __atomic_add_fetch(&((flag_t *)handle)->requests, 1,
                           __ATOMIC_RELAXED);
}

cancel_watch_t cancel_begin(void)
{
    return (cancel_watch_t){&own, __atomic_load_n(&own.requests,
                                                  __ATOMIC_RELAXED)};
}

cancel_watch_t cancel_set(cancel_watch_t w)
{
    const cancel_watch_t old = watching;
    watching = w;
    return old;
}

int cancel_requested(void)
{
    const flag_t *f = watching.flag;
    return f && __atomic_load_n(&f->requests, __ATOMIC_RELAXED) !=
                    watching.start;
}
