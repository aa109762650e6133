/*
 * smallgrid.c -- the kernel of small grids: every geometry of at most 64
 * cells (4x4 to 8x8, boxes or regions, any variant), one 64-bit word of
 * cells per value.
 *
 * The search is bitgrid_internal.h's (naked and hidden singles, pointing,
 * non-consecutive support, fewest values first), the one nine.c runs on
 * 128-bit sets; a word here makes every set operation one instruction.
 * Its propagation at the root contains naked and hidden singles in every
 * unit, so the vector lanes (lanes.c) may place a puzzle's singles first
 * (SF_LANES_SMALL).
 */
#include "core/geometry.h"
#include "kernels.h"

typedef uint64_t cells_t;

#define CELLS_MAX 64
#define VALUES_MAX 8
#define BG_POINTING 0

static inline cells_t cells_zero(void) { return 0; }
static inline cells_t cells_bit(int c) { return (cells_t)1 << c; }
static inline int cells_any(cells_t x) { return x != 0; }
static inline int cells_one(cells_t x) { return x && !(x & (x - 1)); }
static inline int cells_has(cells_t x, int c) { return (int)(x >> c & 1); }
static inline int cells_count(cells_t x) { return __builtin_popcountll(x); }

static inline int cells_pop(cells_t *x)
{
    const int c = __builtin_ctzll(*x);
    *x &= *x - 1;
    return c;
}

#include "bitgrid_internal.h"

static int small_fits(const sf_geometry_t *g)
{
    return g && !g->classic && g->ncells <= 64 && bg_fits_units(g);
}

static size_t small_state_size(const sf_geometry_t *g)
{
    (void)g;
    return 8; /* the positions live on the recursion's stack */
}

const sf_kernel_t sf_kernel_small = {
    "small",
    "geometries of up to 64 cells: a word of cells per value (classic "
    "9x9: general's)",
    GEOSOLVE_CLASSIC_STATE,
    geosolve_classic, /* classic 9x9 has 81 cells: the general kernel's */
    NULL,
    small_fits,
    small_state_size,
    bg_solve,
    SF_LANES_SMALL, /* its propagation contains the singles */
};
