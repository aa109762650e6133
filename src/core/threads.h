/*
 * threads.h -- the size of an OpenMP team that can really start
 * (threads.c): ask for it before a parallel region, since the runtime
 * ends the process when it cannot create a thread.
 */
#ifndef SF_THREADS_H
#define SF_THREADS_H

/* want (at least 1), or the largest smaller team whose threads can all
 * start now (memory or process limits), at least 1; for the calling
 * thread's teams. */
int threads_startable(int want);

#endif
