/*
 * tables.h -- read-only geometry of the 9x9 grid (internal).
 *
 * Cells are numbered 0..80 in row-major order.  The 27 units are numbered
 * rows 0..8, columns 9..17, boxes 18..26 (boxes row-major too).  The tables
 * are built once, on first use, under pthread_once, and only read after
 * that, so any thread may call tables_get() at any time.  Solver kernels
 * keep their own, layout-specific tables; these serve everything else.
 */
#ifndef SF_TABLES_H
#define SF_TABLES_H

#include <stdint.h>

#define TAB_UNITS 27
#define TAB_PEERS 20
#define TAB_ROW_UNIT(r) (r)
#define TAB_COL_UNIT(c) (9 + (c))
#define TAB_BOX_UNIT(b) (18 + (b))

/* A set of cells: cell i is bit i of lo (i < 64) or bit i - 64 of hi. */
typedef struct cellset {
    uint64_t lo, hi;
} cellset_t;

typedef struct grid_tables {
    uint8_t row[81], col[81], box[81];   /* 0..8 each */
    uint8_t units[81][3];                /* a cell's row, column, box units */
    uint8_t box_pos[81];                 /* its index in its box, 0..8 */
    uint32_t unit_bits[81];              /* its units as bits 0..26 */
    uint16_t box_part[81][2];            /* the indexes of its row's (0)
                                          * and column's (1) cells that lie
                                          * in its box */
    uint8_t unit_cells[TAB_UNITS][9];    /* ascending */
    uint8_t peers[81][TAB_PEERS];        /* other cells sharing a unit, asc. */
    uint8_t house[81][TAB_PEERS];        /* the same, box first (row by row),
                                          * then row, then column: the order
                                          * Sudoku Explainer visits them */
    cellset_t unit_set[TAB_UNITS];       /* unit_cells as sets */
    cellset_t peer_set[81];              /* peers as sets */
} grid_tables_t;

/* The tables; never NULL. */
const grid_tables_t *tables_get(void);

/* The digits (bit d - 1 for digit d) the givens put in each of the 27
 * units into used[].  -1 for a value above 9 or two equal givens in a
 * unit. */
int tables_units_used(const grid_tables_t *t, const uint8_t *cells,
                      unsigned used[27]);

static inline int cellset_has(cellset_t s, unsigned cell)
{
    return cell < 64 ? (int)(s.lo >> cell & 1u)
                     : (int)(s.hi >> (cell - 64) & 1u);
}

static inline unsigned cellset_count(cellset_t s)
{
    return (unsigned)(__builtin_popcountll(s.lo) + __builtin_popcountll(s.hi));
}

/* Put cell c in *s. */
static inline void cellset_add(cellset_t *s, unsigned cell)
{
    if (cell < 64)
        s->lo |= 1ull << cell;
    else
        s->hi |= 1ull << (cell - 64);
}

/* Set algebra: a and b, a or b, a without b, and whether a is empty. */
static inline cellset_t cellset_and(cellset_t a, cellset_t b)
{
    return (cellset_t){a.lo & b.lo, a.hi & b.hi};
}

static inline cellset_t cellset_or(cellset_t a, cellset_t b)
{
    return (cellset_t){a.lo | b.lo, a.hi | b.hi};
}

static inline cellset_t cellset_less(cellset_t a, cellset_t b)
{
    return (cellset_t){a.lo & ~b.lo, a.hi & ~b.hi};
}

static inline int cellset_none(cellset_t a)
{
    return !a.lo && !a.hi;
}

#endif
