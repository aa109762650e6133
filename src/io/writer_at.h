/*
 * writer_at.h -- writing at offsets, for the batch driver of a job
 * of several processes (dist.h).
 *
 * When an output is a new regular file (written under a temporary name
 * and renamed on commit), every process can write its own chunks' bytes
 * into that temporary file at the offsets rank 0 hands out, instead of
 * sending them to rank 0.  Rank 0 keeps the file, its name and the
 * commit; the others open the temporary file by name (so it must be on a
 * file system they all see) and only write at offsets into it.
 */
#ifndef SUDOFLOW_WRITER_INTERNAL_H
#define SUDOFLOW_WRITER_INTERNAL_H

#include <stdint.h>
#include <sys/uio.h>

#include "sudoflow.h"

/* 0 with *tmp (the file being written) and *name (its final name) when w
 * writes a new regular file under a temporary name; -1 otherwise. */
int writer_shared(const sf_writer_t *w, const char **tmp, const char **name);

/* The temporary file tmp another process is writing (writer_shared), for
 * writing at offsets only; messages name it `name`.  Closing it neither
 * renames nor removes anything.  NULL with err set when it cannot be
 * opened. */
sf_writer_t *writer_open_shared(const char *tmp, const char *name,
                                sf_error_t *err);

/* Where the next sequential write of w would go. */
uint64_t writer_tell(const sf_writer_t *w);

/* Write all of iov[0, n) at byte offset off.  0, or -1 with err set. */
int writer_pwritev(sf_writer_t *w, const struct iovec *iov, int n,
                   uint64_t off, sf_error_t *err);

/* After writing at offsets: the file ends at `end` (later sequential
 * writes go there). 0, or -1 with err set. */
int writer_end_at(sf_writer_t *w, uint64_t end, sf_error_t *err);

#endif
