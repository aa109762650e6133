/*
 * dist_geom.h -- records of other geometries sent between the processes
 * of a job (batch_dist.c).
 *
 * A record of another geometry points to its geometry and keeps its
 * cells in its chunk's gcells: neither means anything in another
 * process.  With a chunk's or an ordered pass's records goes a table of
 * the geometries they use, each as the texts it was made from (size,
 * region map, variants, extra maps), an entry per record (0: classic)
 * and, for a chunk, the geometry records' cells.  The receiver makes
 * each geometry once from its texts, keeps it until the job ends, and
 * points its copies of the records at it.
 */
#ifndef SUDOFLOW_DIST_GEOM_H
#define SUDOFLOW_DIST_GEOM_H

#include <stddef.h>

#include "io/geom_cache.h"
#include "sudoflow.h"

/* Records are `stride` bytes apart (sizeof(sf_record_t) in an array of
 * them). */

/* Append the wire form of recs[0..n)'s geometries to *buf (*len used of
 * *cap, grown), and with in not NULL their cells in in's gcells: 0, or
 * -1 out of memory. */
int dist_geom_pack(const sf_record_t *recs, size_t stride, size_t n,
                   const sf_chunk_t *in, char **buf, size_t *len,
                   size_t *cap);

/* Read that form from p (avail bytes) for recs[0..n): each record's geom
 * is set to this process's geometry (made once, kept in gs), and with in
 * not NULL its cells are put in in's gcells (room for the job zeroed).
 * The bytes read, or -1 when the message is short or a geometry cannot
 * be made. */
long dist_geom_unpack(geom_cache_t *gs, const char *p, size_t avail,
                      sf_record_t *recs, size_t stride, size_t n,
                      sf_chunk_t *in);

#endif
