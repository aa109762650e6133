/*
 * nine.c -- the kernel of 9x9 grids other than the classic one: jigsaw
 * regions, extra groups (diagonals, windoku, disjoint groups, listed
 * regions), anti-knight, anti-king and non-consecutive.
 *
 * The 81 cells of a set are one 128-bit integer (cells 0-63 in the low
 * word, 64-80 in the high one; the compiler keeps it in two registers,
 * which the tests and bit scans of the search want, where a vector
 * register measured slower), so placing a value is a dozen operations
 * and a unit's places of a value are one AND.  The search is
 * bitgrid_internal.h's, the one smallgrid.c runs on a 64-bit word; the
 * classic 9x9 boxes, which bitboard.c serves, can be solved through the
 * same code (`--kernel nine` on a classic set) for comparison.
 */
#include "core/geometry.h"
#include "kernels.h"

typedef unsigned __int128 cells_t;

#define CELLS_MAX 81
#define VALUES_MAX 9
#define BG_POINTING 1

static inline cells_t cells_zero(void) { return 0; }
static inline cells_t cells_bit(int c) { return (cells_t)1 << c; }
static inline int cells_any(cells_t x) { return x != 0; }

static inline int cells_has(cells_t x, int c)
{
    return (int)(x >> c & 1);
}

/* Word by word: a 128-bit decrement costs more than the test. */
static inline int cells_pop(cells_t *x)
{
    const uint64_t a = (uint64_t)*x, b = (uint64_t)(*x >> 64);
    if (a) {
        *x = (cells_t)b << 64 | (a & (a - 1));
        return __builtin_ctzll(a);
    }
    *x = (cells_t)(b & (b - 1)) << 64;
    return 64 + __builtin_ctzll(b);
}

static inline int cells_count(cells_t x)
{
    return __builtin_popcountll((uint64_t)x) +
           __builtin_popcountll((uint64_t)(x >> 64));
}

static inline int cells_one(cells_t x) { return cells_count(x) == 1; }

#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
#include <immintrin.h>
#define CELLS_CLASSIFY 1
#endif

#include "bitgrid_internal.h"

#ifdef CELLS_CLASSIFY
/* The even bits of an 8-bit mask (a unit's two words are two lanes)
 * side by side. */
static inline uint64_t even_bits(unsigned m)
{
    m &= 0x55;
    m = (m | m >> 1) & 0x33;
    return (m | m >> 2) & 0x0f;
}

/* Four units a register: each 128-bit lane ANDs a unit with x, its two
 * words' counts added across the lane. */
static void cells_classify(const cells_t *unit, int nunits, cells_t x,
                           cells_t solved, int most, uint64_t sort[3])
{
    const __m512i vx = _mm512_broadcast_i32x4(
        _mm_set_epi64x((long long)(x >> 64), (long long)x));
    const __m512i vs = _mm512_broadcast_i32x4(
        _mm_set_epi64x((long long)(solved >> 64), (long long)solved));
    const __m512i zero = _mm512_setzero_si512(), one = _mm512_set1_epi64(1);
    const __m512i two = _mm512_set1_epi64(2);
    const __m512i span = _mm512_set1_epi64(most - 2);
    uint64_t none = 0, single = 0, few = 0;
    for (int k = 0; k < nunits; k += 4) {
        const __m512i m = _mm512_and_si512(_mm512_load_si512(unit + k), vx);
        __m512i n = _mm512_popcnt_epi64(m);
        n = _mm512_add_epi64(n, _mm512_shuffle_epi32(n, _MM_PERM_BADC));
        const unsigned hit = _mm512_test_epi64_mask(m, vs);
        const unsigned placed = hit | hit >> 1;
        none |= even_bits(_mm512_cmpeq_epi64_mask(n, zero)) << k;
        single |= even_bits(_mm512_cmpeq_epi64_mask(n, one) & ~placed) << k;
        few |= even_bits(_mm512_cmple_epu64_mask(_mm512_sub_epi64(n, two),
                                                 span)) << k;
    }
    sort[0] = none;
    sort[1] = single;
    sort[2] = few;
}
#endif

static int nine_fits(const sf_geometry_t *g)
{
    return g && !g->classic && g->ncells == 81 && bg_fits_units(g);
}

static uint64_t nine_classic(void *state, const uint8_t *cells,
                             uint64_t limit, unsigned flags,
                             uint8_t *solution, uint64_t *guesses)
{
    const sf_geometry_t *g = kernel_classic_geometry();
    *guesses = 0;
    return g ? bg_solve(state, g, cells, limit, flags, solution, guesses)
             : 0;
}

const sf_kernel_t sf_kernel_nine = {
    "nine",
    "9x9 grids other than classic: a 128-bit set of cells per value",
    8,
    nine_classic,
    NULL,
    nine_fits,
    bg_state_size,
    bg_solve,
    0, /* no lanes: 81 cells */
};
