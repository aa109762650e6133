/*
 * geo_symmetry.h -- the symmetry group of a geometry other than classic
 * 9x9, its random elements and the canonical form of a puzzle under it.
 *
 * An element maps a grid onto a grid of the same geometry: it may
 * transpose, then takes output row r from input row row[r] and output
 * column c from input column col[c], and relabels the values.  The group
 * is every such map that keeps the geometry: each unit goes onto a unit,
 * peers onto peers and orthogonal neighbours onto neighbours, and the
 * value map keeps the rules (any permutation of 1..N; under
 * non-consecutive only the identity and v -> N+1-v).
 *
 * Boxes with nothing else have the familiar group: bands and the rows in
 * each, stacks and the columns in each, a transpose when the boxes are
 * square.  Every other geometry's maps of cells are listed, found by a
 * search over all row and column orders that keeps pairs of cells in the
 * same relation.  A list longer than GEO_GROUP_MAX is refused (the group
 * of 25x25 with disjoint groups has 4e8 elements): building fails with
 * the reason.
 */
#ifndef SF_GEO_SYMMETRY_H
#define SF_GEO_SYMMETRY_H

#include <stdint.h>

#include "core/rng.h"
#include "sudoflow.h"

#define GEO_GROUP_MAX (1u << 20)

typedef struct geo_xform {
    uint8_t transpose;
    uint8_t row[SF_MAX_N];
    uint8_t col[SF_MAX_N];
    uint8_t digit[SF_MAX_N + 1]; /* digit[0] = 0 */
} geo_xform_t;

typedef struct geo_group geo_group_t;

/* g's group, built on first use and kept with g (any thread may ask; the
 * first builds it).  NULL with err filled when it cannot be built. */
const geo_group_t *geo_group_of(const sf_geometry_t *g, sf_error_t *err);

/* The number of maps of cells (exact when below 2^64; else 0) and the
 * order of the whole group as a double. */
uint64_t geo_group_cell_maps(const geo_group_t *grp);
double geo_group_order(const geo_group_t *grp);
/* 1 when the values may be permuted freely, 0 when only reversed. */
int geo_group_relabels(const geo_group_t *grp);

/* A uniform random element, from the stream r alone. */
void geo_xform_random(const geo_group_t *grp, rng_t *r, geo_xform_t *t);
/* out = t(in), N*N cells each (in and out may be the same array). */
void geo_xform_apply(const geo_group_t *grp, const geo_xform_t *t,
                     const uint8_t *in, uint8_t *out);

/* The canonical form: the smallest image of in (row-major, 0 for an
 * empty cell first) over the group, values relabelled in order of first
 * appearance when the group relabels freely.  t (may be NULL) receives
 * an element with geo_xform_apply(t, in) == out.  0, or -1 when out of
 * memory. */
int geo_canon(const geo_group_t *grp, const uint8_t *in, uint8_t *out,
              geo_xform_t *t);

/* The canonical form's 128-bit hash, seeded, and (canon not NULL) the
 * form: equivalent puzzles of g give the same hash, and puzzles of
 * different geometries different ones.  0, or -1 with err filled. */
int geo_canon_hash(const sf_geometry_t *g, const uint8_t *cells,
                   uint64_t seed, uint64_t h[2], uint8_t *canon,
                   sf_error_t *err);

/* geo_canon_hash, or sf_canon_hash's for NULL or classic g. */
int sf_canon_hash_geom(const sf_geometry_t *g, const uint8_t *cells,
                       uint64_t seed, uint64_t h[2], uint8_t *canon,
                       sf_error_t *err);

/* The boxes' branch and bound (geo_canon.c), for the familiar group:
 * N, box rows br and columns bc (transposes when br == bc). */
int geo_canon_boxes(int n, int br, int bc, const uint8_t *in, uint8_t *out,
                    geo_xform_t *t);

#endif
