/*
 * geometry.h -- a grid's shape and rules as data (internal).
 *
 * A geometry is everything the engine needs to know about a grid that is
 * not classic 9x9: its side N (values 1..N, cells 0..N*N-1 row-major),
 * its units (sets of cells that may not repeat a value: rows, columns,
 * boxes or jigsaw regions, diagonals, windoku windows, disjoint groups,
 * listed extra regions), each cell's peers (the cells it may not share a
 * value with: those of its units and, for anti-knight and anti-king, the
 * cells a move away, as lists and as sets) and its orthogonal neighbours
 * for the non-consecutive rule.  Kernels, readers, writers, the generator and the
 * transforms all read the same object; it is built once by
 * sf_geometry_new and only read afterwards, so any number of threads may
 * share it.  Lists are flat arrays indexed by offsets (off[i] .. off[i+1]),
 * every list ascending.
 */
#ifndef SF_GEOMETRY_H
#define SF_GEOMETRY_H

#include <pthread.h>
#include <stdint.h>

#include "sudoflow.h"

#define GEOM_DERIVED_MAX 8 /* kinds of data derived from a geometry */

struct sf_geometry {
    int n;                 /* side, and the largest value */
    int ncells;            /* n * n */
    int box_r, box_c;      /* box rows and columns; 0, 0 for a region map */
    unsigned variants;     /* SF_VARIANT_* */
    int classic;           /* 9x9, 3x3 boxes, nothing else */
    uint32_t full;         /* the n low bits */
    int nunits;            /* rows 0..n-1, columns n..2n-1, regions
                            * 2n..3n-1, then the extra units */
    int nfull;             /* units of n cells (each value exactly once)
                            * come first: 0..nfull-1 */
    uint32_t *unit_off;    /* nunits + 1 */
    uint16_t *unit_cell;   /* cells of each unit, ascending */
    uint32_t *cunit_off;   /* ncells + 1 */
    uint16_t *cunit;       /* units of each cell, ascending */
    uint32_t *peer_off;    /* ncells + 1 */
    uint16_t *peer;        /* cells that may not hold the same value */
    uint32_t *orth_off;    /* ncells + 1 (empty lists unless
                            * non-consecutive) */
    uint16_t *orth;        /* orthogonal neighbours */
    uint8_t *region;       /* ncells: region 0..n-1 of each cell */
    int max_peers;         /* longest peer list */
    int words;             /* 64-bit words of a set of cells */
    int fwords;            /* 64-bit words of a set of full units */
    uint64_t *cfull_bits;  /* ncells sets of `fwords` words: the full
                            * units of each cell */
    uint64_t *peer_bits;   /* ncells sets of `words` words: the peers */
    char *regions_text;    /* the region map as labels, or NULL (boxes) */
    char *extra_text[SF_MAX_EXTRA]; /* extra region maps, '.' for none */
    int nextra;
    char size_text[16];    /* "6x6:2x3", "9x9" for a region map */
    char variant_text[96]; /* canonical variant list, "" for none */
    pthread_mutex_t derived_lock; /* guards derived */
    struct {               /* made by layers above on first use */
        void *(*make)(const sf_geometry_t *g); /* (geom_derived), freed */
        void *value;       /* with the geometry */
        void (*release)(void *);
    } derived[GEOM_DERIVED_MAX];
};

/* Cell c's peers, or unit u's cells: the list and its length. */
static inline const uint16_t *geom_peers(const sf_geometry_t *g, int c,
                                         int *count)
{
    *count = (int)(g->peer_off[c + 1] - g->peer_off[c]);
    return g->peer + g->peer_off[c];
}

static inline const uint16_t *geom_unit(const sf_geometry_t *g, int u,
                                        int *count)
{
    *count = (int)(g->unit_off[u + 1] - g->unit_off[u]);
    return g->unit_cell + g->unit_off[u];
}

/* What make(g) returns, made by the first caller and kept with g, one
 * value per make function (the symmetry group: datasets/geo_symmetry.c;
 * the small grids' masks: kernel/smallgrid.c), freed by release with g.
 * Any number of threads may ask at once.  NULL when make gives NULL or
 * GEOM_DERIVED_MAX kinds are kept already. */
void *geom_derived(const sf_geometry_t *g,
                   void *(*make)(const sf_geometry_t *g),
                   void (*release)(void *));

/* 1 when the filled cells of cells (0 = empty, values 1..n) break no
 * rule of g: no value twice in a unit or among peers, no two orthogonal
 * neighbours one apart under non-consecutive, every value <= n. */
int geom_givens_ok(const sf_geometry_t *g, const uint8_t *cells);

#endif
