/*
 * se_vec.h -- the vectors of the rating's bit scans (GCC and Clang vector
 * extensions): eight 32-bit lanes, for the singles opening's band words
 * of eight digits (se_singles.c), and sixteen 16-bit lanes, for a
 * region's places of the nine digits and for sixteen cells' candidates
 * (the step loop, subsets, intersections, wings).  AVX2 with
 * -march=native, SSE in portable builds; the one intrinsic each needs
 * (which lanes are set, as bits) is here with its plain fallback.
 *
 * No vector is ever passed or returned by value: a 32-byte vector in a
 * call has a calling convention that differs with and without AVX, which
 * GCC notes (and Clang warns of, -Wpsabi) in portable builds, even for
 * a function that is always inlined.  The helpers take a pointer; the
 * macros of the same name give them a value (a GNU statement expression
 * holds it), so that the callers read as plain calls.
 */
#ifndef SF_SE_VEC_H
#define SF_SE_VEC_H

#include <stdint.h>
#include <string.h>

#if defined(__AVX2__) && defined(__BMI2__)
#include <immintrin.h>
#endif

typedef uint32_t v8u __attribute__((vector_size(32)));
typedef uint16_t v16u __attribute__((vector_size(32)));

#define SPLAT8(x) ((v8u){x, x, x, x, x, x, x, x})

/* The lanes of *x that are not 0 (bit j for lane j). */
static inline unsigned se_lanes8_at(const v8u *x)
{
    const v8u nz = (v8u)(*x != SPLAT8(0));
#if defined(__AVX2__) && defined(__BMI2__)
    return (unsigned)_mm256_movemask_ps((__m256)nz);
#else
    unsigned m = 0;
    for (int j = 0; j < 8; j++)
        m |= (nz[j] & 1u) << j;
    return m;
#endif
}
#define se_lanes8(x) \
    __extension__({ const v8u se_lanes8_x = (x); se_lanes8_at(&se_lanes8_x); })

/* The lanes of a comparison's result *c that are set (all ones or 0),
 * bit j for lane j. */
static inline unsigned se_lanes16_at(const v16u *c)
{
#if defined(__AVX2__) && defined(__BMI2__)
    return _pext_u32((unsigned)_mm256_movemask_epi8((__m256i)*c), 0x55555555u);
#else
    unsigned m = 0;
    for (int j = 0; j < 16; j++)
        m |= ((*c)[j] & 1u) << j;
    return m;
#endif
}
#define se_lanes16(c) \
    __extension__({ const v16u se_lanes16_c = (c); se_lanes16_at(&se_lanes16_c); })

/* The lanes 0..8 of a comparison's result c that are set, bit j for
 * lane j. */
static inline unsigned se_lanes9_at(const v16u *c)
{
    return se_lanes16_at(c) & 0x1ffu;
}
#define se_lanes9(c) \
    __extension__({ const v16u se_lanes9_c = (c); se_lanes9_at(&se_lanes9_c); })

/* The nine values at p (a region's places per digit) into *x, a vector
 * lane each, the other lanes 0.  One load of sixteen: p[9..15] must be
 * readable (they are masked off); building the vector from smaller stores
 * instead would stall the load until they are written. */
static inline void se_load9(v16u *x, const uint16_t *p)
{
    static const v16u nine = {0xffff, 0xffff, 0xffff, 0xffff, 0xffff,
                              0xffff, 0xffff, 0xffff, 0xffff};
    memcpy(x, p, sizeof *x);
    *x &= nine;
}

/* The lanes of *x with exactly one bit set, bit j for lane j. */
static inline unsigned se_ones16_at(const v16u *x)
{
    const v16u zero = {0};
    return se_lanes16((v16u)(*x != zero) & (v16u)((*x & (*x - 1)) == zero));
}
#define se_ones16(x) \
    __extension__({ const v16u se_ones16_x = (x); se_ones16_at(&se_ones16_x); })

/* The number of bits set in each lane of *x, in place. */
static inline void se_count16(v16u *x)
{
    const v16u zero = {0};
    v16u y = *x;
    y = y - ((y >> 1) & (zero + 0x5555));
    y = (y & (zero + 0x3333)) + ((y >> 2) & (zero + 0x3333));
    y = (y + (y >> 4)) & (zero + 0x0f0f);
    *x = (y + (y >> 8)) & (zero + 0x1f);
}

/* The cells (of 81 candidate masks, cand[]) with n candidates, as bits:
 * cell c is bit c % 64 of out[c / 64].  Sixteen cells at a time, no
 * branch per cell (which they are is unpredictable). */
static inline void se_cells_with(const uint16_t cand[81], int n,
                                 uint64_t out[2])
{
    const v16u want = (v16u){0} + (uint16_t)n;
    out[0] = out[1] = 0;
    for (int i = 0; i < 5; i++) { /* cells 0..79 */
        v16u x;
        memcpy(&x, cand + 16 * i, sizeof x);
        se_count16(&x);
        out[i >> 2] |= (uint64_t)se_lanes16((v16u)(x == want)) << 16 * (i & 3);
    }
    out[1] |= (uint64_t)(__builtin_popcount(cand[80]) == n) << 16;
}

#endif
