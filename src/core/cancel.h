/*
 * cancel.h -- stopping a long library call from another thread
 * (cancel.c; sudoflow.h's sf_cancel_handle and sf_cancel are the public
 * side).  A call that can be cancelled watches its calling thread's flag
 * on every thread it runs on (cancel_watch, with the count of requests
 * when the call began); its long loops ask cancel_requested now and then
 * and stop when it says so.
 */
#ifndef SF_CANCEL_H
#define SF_CANCEL_H

/* What a call watches: the calling thread's flag and its count of
 * requests when the call began. */
typedef struct cancel_watch {
    const void *flag;
    unsigned start;
} cancel_watch_t;

/* The calling thread's flag as it stands now, to be watched by a call it
 * begins. */
cancel_watch_t cancel_begin(void);
/* Watch w on this thread (NULL: watch nothing); returns what it watched
 * before, to be restored. */
cancel_watch_t cancel_set(cancel_watch_t w);
/* Whether the call this thread works for has been cancelled since it
 * began (0 when it watches nothing). */
int cancel_requested(void);

#endif
