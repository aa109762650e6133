/*
 * dist_index.h -- the chunks of a plain file, found by all the processes
 * of a job at once, each scanning its own byte range (dist.h, batch.c).
 *
 * After the first round every process stands at the same place of the
 * input (reader_at).  Instead of rank 0 reading on for everyone, the rest
 * of the file, [offset, size), is cut into one byte range per process.
 * Each counts the lines and records that start in its range; the counts,
 * exchanged, give each range's first record and line number (a prefix
 * sum), so each process can note where the chunks that start in its range
 * begin: one process's chunks, since every chunk but the last holds
 * exactly `chunk` records.  The marks are exchanged too, and each process
 * then reads its own chunks from their first line with its own reader.
 *
 * A line is a record unless it is a comment or blank, as the reader
 * decides in these formats.  The plan is refused, the same way on every
 * process, where that rule or the chunk sizes could differ from one
 * process reading: a quote in a csv file (a record could span lines), a
 * byte 1f (a gzip member could start), lines so long that a chunk would
 * stop early on its bytes, or a read error (the reader then reports it).
 */
#ifndef SUDOFLOW_DIST_INDEX_H
#define SUDOFLOW_DIST_INDEX_H

#include <stddef.h>
#include <stdint.h>

#include "engine/dist.h"
#include "io/reader_at.h"

typedef struct index_mark {
    uint64_t offset; /* first byte of the chunk's first record */
    uint64_t line;   /* lines of the file before it */
} index_mark_t;

typedef struct index_chunk {
    uint64_t offset; /* first byte of its first record */
    uint64_t line;   /* lines of the file before it */
    uint64_t bytes;  /* up to the next chunk's first record (or the end) */
} index_chunk_t;

typedef struct index_plan {
    uint64_t records; /* records in [offset, size) */
    uint64_t chunks;  /* ceil(records / chunk) */
    uint64_t chunk;   /* records per chunk */
    index_chunk_t *mine; /* chunks rank, rank + ranks, ... of the plan */
    size_t nmine;
} index_plan_t;

/* Collective: plan the reading of the rest of the file at `at` in chunks
 * of `chunk` records dealt out to the processes of ds in turn (chunk j
 * of the plan to process j % ranks), this process scanning its range
 * with up to `threads` threads.  0 with *plan filled (free it with
 * index_plan_free), or -1 on every process when the file cannot be read
 * that way (then *plan holds nothing). */
int index_plan(const sf_dist_t *ds, const reader_at_t *at, size_t chunk,
               int threads, index_plan_t *plan);

void index_plan_free(index_plan_t *plan);

#endif
