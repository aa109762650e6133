/*
 * se_band.h -- sets of cells as three band words, shared by the rating's
 * singles opening (se_singles.c, whose vectors hold such words) and
 * Nishio's digit test (se_digit.c).
 *
 * Cell (r, c) is bit 9 * (r % 3) + c of word r / 3 (a band of three
 * rows), so a row is 9 bits, a box three runs of 3, and a column the same
 * bit in each row of each band.  A digit's places, or the empty cells,
 * are such a set.
 */
#ifndef SF_SE_BAND_H
#define SF_SE_BAND_H

#include <stdint.h>

#define BAND 0x7ffffffu   /* the 27 cells of a band */
#define ROW9 0x1ffu       /* a row of a band (shifted by 9 * row) */
#define COL3 0x40201u     /* a column of a band: bits c, c + 9, c + 18 */
#define BOX3 0x1c0e07u    /* a box of a band (shifted by 3 * box) */

/* The cells of p alone in their column, added to out[]. */
static inline void se_band_columns(const uint32_t p[3], uint32_t out[3])
{
    uint32_t once = 0, twice = 0;
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 3; j++) {
            const uint32_t x = p[k] >> 9 * j & ROW9;
            twice |= once & x;
            once |= x;
        }
    for (int k = 0; k < 3; k++)
        out[k] |= p[k] & (once & ~twice) * COL3;
}

/* The cells of p alone in their box (box[]), and with lines set, alone in
 * their row or column (line[]). */
static inline void se_band_alone(const uint32_t p[3], int lines,
                                 uint32_t box[3], uint32_t line[3])
{
    for (int k = 0; k < 3; k++) {
        box[k] = line[k] = 0;
        for (int j = 0; j < 3; j++) {
            const uint32_t bx = p[k] & BOX3 << 3 * j;
            if (__builtin_popcount(bx) == 1)
                box[k] |= bx;
        }
        for (int j = 0; lines && j < 3; j++) {
            const uint32_t row = p[k] & ROW9 << 9 * j;
            if (__builtin_popcount(row) == 1)
                line[k] |= row;
        }
    }
    if (lines)
        se_band_columns(p, line);
}

/* Remove from a the cells that bit i of band k sees (not itself). */
static inline void se_band_see(uint32_t a[3], int k, int i)
{
    const int r = i / 9, c = i % 9;
    const uint32_t keep = 1u << i;
    for (int j = 0; j < 3; j++)
        a[j] &= ~(COL3 << c) | (j == k ? keep : 0);
    a[k] &= ~(ROW9 << 9 * r | BOX3 << 3 * (c / 3)) | keep;
}

#endif
