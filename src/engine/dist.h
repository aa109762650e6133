/*
 * dist.h -- how a sudoflow process takes part in a job of several
 * processes (sudoflow-mpi; src/mpi/mpi_main.c is the one implementation).
 *
 * The model: the input's chunks are dealt out in rounds of `ranks`
 * chunks, chunk k of each round going to process k, which works on it
 * with its threads as one process would.  Every process reads the first
 * round itself, so that its reader knows what the job's begin() looks at
 * (the first file's format, csv headers).  After that, when the rest of
 * the input is a plain file that can be cut by bytes, every process reads
 * its own chunks from offsets the processes find together
 * (dist_index.h); otherwise rank 0 alone reads and sends each process its
 * chunk (records, their text, record numbers).  Either way the chunks are
 * exactly those of one process.  While the standard
 * input is relayed from rank 0 to all, every process reads every round
 * and keeps its own chunk (replicate).  Output files are created by
 * rank 0; when they are new regular files every process writes its own
 * formatted (for gzip, compressed) chunks into them at offsets rank 0
 * hands out in chunk order, and otherwise rank 0 writes every output,
 * the others' chunks received in chunk order; either way the bytes are
 * those one process writes.  A job with an ordered pass (keep) has it
 * run by rank 0 over all chunks in order: the others send it their items
 * and work results and get back what it kept.  Once a round the
 * processes agree whether any of them failed (before reading, or after
 * reading by the plan), so all stop at the same round.
 *
 * The operations below move bytes and numbers between the processes; the
 * batch driver (batch.c) and the CLI (run.c) call them only when
 * sf_dist is set, which a plain sudoflow never does.  Messages between two
 * processes under one tag arrive in the order they were sent.  Every
 * operation may be called from any thread; collective ones (marked) must
 * be called by every process the same number of times.
 */
#ifndef SF_DIST_H
#define SF_DIST_H

#include "sudoflow.h"

#include <stddef.h>
#include <stdint.h>

struct iovec;

enum { DIST_TAG_OUT = 1, DIST_TAG_KEEP, DIST_TAG_KEPT, DIST_TAG_CHUNK, DIST_TAG_AT };

typedef struct sf_dist {
    int rank;  /* this process, 0..ranks-1 */
    int ranks; /* processes in the job, at least 2 */
    void *ctx; /* passed to every operation */
    int replicate; /* 1: every process reads all of the input (set while
                    * the standard input is relayed); 0: after the first
                    * round rank 0 reads and sends each process its chunks */
    /* Send n buffers as one message to process `to` under tag.  0 or -1. */
    int (*send)(void *ctx, int to, int tag, const struct iovec *iov, int n);
    /* Receive the next message from process `from` under tag into *buf
     * (malloc'd, grown as needed; *cap its size), its length in *len.
     * 0 or -1. */
    int (*recv)(void *ctx, int from, int tag, char **buf, size_t *len,
                size_t *cap);
    /* Collective: 1 when flag is non-zero on any process, else 0. */
    int (*any)(void *ctx, int flag);
    /* Collective: sum v[0..n-1] over the processes, in place. */
    void (*sum)(void *ctx, uint64_t *v, int n);
    /* Collective: the sum (fsum) or the maximum (fmax) of v[0..n-1] over
     * the processes, in place. */
    void (*fsum)(void *ctx, double *v, int n);
    void (*fmax)(void *ctx, double *v, int n);
    /* Collective: rank 0's n bytes at p to every process. */
    void (*share)(void *ctx, void *p, size_t n);
    /* Collective: every process's bytes, in rank order, into all on
     * every process: len bytes from this one, lens[k] from process k
     * (lens NULL: len from each).  0 or -1. */
    int (*gather)(void *ctx, const void *mine, size_t len, void *all,
                  const size_t *lens);
    /* Collective: -1 when rc is non-zero on any process, with *err the
     * error of the first (lowest-ranked) such process; else 0. */
    int (*agree)(void *ctx, int rc, sf_error_t *err);
    /* Collective, around a run that reads the standard input: make rank
     * 0's standard input that of every process (begin), and stop that
     * (end). */
    void (*stdin_begin)(void *ctx);
    void (*stdin_end)(void *ctx);
} sf_dist_t;

/* The job this process is part of; NULL when it runs alone (set once, by
 * the main function of sudoflow-mpi, before anything runs). */
extern const sf_dist_t *sf_dist;

#endif
