/*
 * sorter.h -- sorting any number of fixed-size records in bounded memory.
 *
 * Records are added one at a time and come back in the order of their
 * bytes (memcmp over the whole record), the way a caller lays out a key
 * first to sort by it.  They are held in a buffer of at most the memory
 * given; a full buffer is sorted and written to a temporary file as a
 * run, and the runs are merged when the records are read back (in passes
 * when they are more than one merge can take in the budget), so neither
 * the memory used nor the files open grow with their number (the disk
 * does: as many bytes as the records, twice that during a pass).  The
 * temporary files are removed as soon as they are created, so nothing is
 * left behind however the process ends.
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

/* Records added, runs written to disk from the buffer so far, the merge
 * passes before the last merge (sorter_sort), and the bytes spilled. */
uint64_t sorter_count(const sorter_t *s);
size_t sorter_runs(const sorter_t *s);
size_t sorter_passes(const sorter_t *s);
uint64_t sorter_spilled(const sorter_t *s);

/* Can a sorter given dir (as sorter_new takes it: NULL or "" for $TMPDIR,
 * else /tmp) make its temporary files there?  Makes one and removes it.
 * 0, or -1 with err filled (the directory and the system's reason). */
int sorter_check_dir(const char *dir, sf_error_t *err);

#endif
