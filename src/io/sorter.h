/*
 * sorter.h -- sorting any number of fixed-size records in bounded memory.
 *
 * Records are added one at a time and come back in the order of their
 * bytes (memcmp over the whole record), the way a caller lays out a key
 * first to sort by it.  They are held in a buffer of at most the memory
 * given; a full buffer is sorted and written to a temporary file as a
 * run, and the runs are merged when the records are read back, so the
 * memory used does not grow with their number (the disk does: as many
 * bytes as the records).  The temporary files are removed as soon as they
 * are created, so nothing is left behind however the process ends.
 */
#ifndef SF_SORTER_H
#define SF_SORTER_H

#include <stddef.h>
#include <stdint.h>

#include "sudoflow.h"

typedef struct sorter sorter_t;

/* A sorter of records of size bytes (1..256) in memory bytes (at least
 * 64 records' worth is used whatever is asked), spilling to files in dir
 * (NULL: $TMPDIR, else /tmp).  NULL when out of memory. */
sorter_t *sorter_new(size_t size, size_t memory, const char *dir);
void sorter_free(sorter_t *s);

/* Add a record (before sorter_sort).  0, or -1 with err filled (a run
 * could not be written: the directory and the system's reason). */
int sorter_add(sorter_t *s, const void *rec, sf_error_t *err);

/* No more records: sort what is held and get the runs ready to merge.
 * 0 or -1 with err filled. */
int sorter_sort(sorter_t *s, sf_error_t *err);

/* The next record in order into rec: 1, 0 after the last, -1 with err
 * filled (a run could not be read back). */
int sorter_next(sorter_t *s, void *rec, sf_error_t *err);

/* Records added, runs written to disk so far, and their bytes. */
uint64_t sorter_count(const sorter_t *s);
size_t sorter_runs(const sorter_t *s);
uint64_t sorter_spilled(const sorter_t *s);

#endif
