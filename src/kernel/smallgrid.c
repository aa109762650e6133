/*
 * smallgrid.c -- the kernel of small grids: every geometry of at most 64
 * cells (4x4 to 8x8, boxes or regions, any variant), one 64-bit word of
 * cells per value.
 *
 * The search is bitgrid_internal.h's (naked and hidden singles,
 * non-consecutive support, fewest values first), the one nine.c runs on
 * 128-bit sets; a word here makes every set operation one instruction.
 * It does not point: on 8x8 minimal puzzles pointing took the guesses
 * from 0.62 to 0.46 a puzzle and the rate down 17%.  Its propagation at
 * the root contains naked and hidden singles in every unit, so the
 * vector lanes (lanes.c) may place a puzzle's singles first
 * (SF_LANES_SMALL).
 */
#include "core/geometry.h"
#include "kernels.h"

typedef uint64_t cells_t;

#define CELLS_MAX 64
#define VALUES_MAX 8
#define BG_POINTING 0 /* see the top */

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

#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
#include <immintrin.h>
#define CELLS_CLASSIFY 1
#endif

#include "bitgrid_internal.h"

#ifdef CELLS_CLASSIFY
/* Eight units a register. */
static void cells_classify(const cells_t *unit, int nunits, cells_t x,
                           cells_t solved, int most, uint64_t sort[3])
{
    const __m512i vx = _mm512_set1_epi64((long long)x);
    const __m512i vs = _mm512_set1_epi64((long long)solved);
    const __m512i zero = _mm512_setzero_si512(), one = _mm512_set1_epi64(1);
    const __m512i two = _mm512_set1_epi64(2);
    const __m512i span = _mm512_set1_epi64(most - 2);
    uint64_t none = 0, single = 0, few = 0;
    for (int k = 0; k < nunits; k += 8) {
        const __m512i m = _mm512_and_si512(_mm512_load_si512(unit + k), vx);
        const __m512i n = _mm512_popcnt_epi64(m);
        const uint64_t placed = _mm512_test_epi64_mask(m, vs);
        none |= (uint64_t)_mm512_cmpeq_epi64_mask(n, zero) << k;
        single |= (uint64_t)(_mm512_cmpeq_epi64_mask(n, one) & ~placed) << k;
        few |= (uint64_t)_mm512_cmple_epu64_mask(_mm512_sub_epi64(n, two),
                                                 span) << k;
    }
    sort[0] = none;
    sort[1] = single;
    sort[2] = few;
}
#endif

static int small_fits(const sf_geometry_t *g)
{
    return g && !g->classic && g->ncells <= 64 && bg_fits_units(g);
}

const sf_kernel_t sf_kernel_small = {
    "small",
    "geometries of up to 64 cells: a word of cells per value (classic "
    "9x9: general's)",
    GEOSOLVE_CLASSIC_STATE,
    geosolve_classic, /* classic 9x9 has 81 cells: the general kernel's */
    NULL,
    small_fits,
    bg_state_size,
    bg_solve,
    SF_LANES_SMALL, /* its propagation contains the singles */
};
