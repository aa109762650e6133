/*
 * reader_at.h -- what the batch driver of a job of several processes
 * needs from the reader beyond sudoflow.h: where the reader stands in its
 * last file, and going on from another place in it.
 *
 * A process that reads byte ranges of a plain file itself (dist_index.c)
 * first reads the start of the input like everyone else, then asks where
 * the reader is, and later moves its reader to the first line of each of
 * its chunks.  Only a reader that stands between records of the last file,
 * a plain regular file in the line, pencil or csv format, can do that:
 * there every line that is not a comment or blank is one record (a csv
 * record may span lines only inside quotes, which the index refuses).
 */
#ifndef SUDOFLOW_READER_INTERNAL_H
#define SUDOFLOW_READER_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "sudoflow.h"

/* A fill stops adding records once their text passes this many bytes. */
#define READER_FILL_BYTES (16u << 20)

typedef struct reader_at {
    const char *path;   /* the file being read */
    uint32_t file;      /* its index in the reader's list */
    uint64_t offset;    /* first byte not yet handed out as a record */
    uint64_t line;      /* lines of the file read before offset */
    uint64_t size;      /* the file's size when it was opened */
    sf_format_t format; /* line, pencil or csv (its header read) */
    size_t max_record;  /* longer lines are invalid records */
} reader_at_t;

/* Where r stands: 0 and *at filled when r is between records of its last
 * file, a plain regular file with bytes left, in the line, pencil or csv
 * format (header read); -1 otherwise (r is left as it is). */
int reader_at(const sf_reader_t *r, reader_at_t *at);

/* Read on from byte offset of the file reader_at named, the lines before
 * it counting as `line` lines (so the next is line + 1), reading at most
 * span bytes at a time (0: as much as fits): the bytes the caller expects
 * to need, so that a short run of records does not read far ahead.  0 or
 * -1. */
int reader_seek(sf_reader_t *r, uint64_t offset, uint64_t line, size_t span);

/* Add to the per-file counts sf_reader_file_records reports. */
void reader_count_add(sf_reader_t *r, uint32_t file, uint64_t records,
                      uint64_t invalid);

#endif
