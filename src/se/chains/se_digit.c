/*
 * se_digit.c -- a cheap test that lets Nishio skip searches that find
 * nothing.
 *
 * Nishio's search (se_search.c, dynamic, X-links only) never leaves the
 * digit it starts on: an "on" candidate turns off the digit's other
 * places in its regions, and an "off" one, once gone, turns on the last
 * place of the digit in a region.  Everything it can reach is therefore
 * in the fixpoint of a simpler process on the digit's places alone:
 * place the start (or remove it), remove every place a placed cell sees,
 * place the only place left in a region, until nothing changes.  A
 * contradiction of the search (a candidate reached both on and off) is a
 * conflict there: a placed cell removed, or a region that had places left
 * with none (its last one was reached on and off).  So when the fixpoint
 * has no conflict the search finds nothing and is not run.  The process
 * runs on the digit's places as band words (se_band.h).
 */
#include "se_digit.h"
#include "se/grid/se_band.h"

void se_digits(const se_grid_t *g, se_digits_t *s)
{
    for (int d = 0; d < 9; d++)
        s->p[d][0] = s->p[d][1] = s->p[d][2] = 0;
    for (int c = 0; c < 81; c++)
        for (unsigned m = g->cand[c]; m; m &= m - 1)
            s->p[se_lowest(m)][c / 27] |= 1u << (c % 27);
}

/* The columns (bits 0..8) with a place in a. */
static uint32_t columns(const uint32_t a[3])
{
    const uint32_t x = a[0] | a[1] | a[2];
    return (x | x >> 9 | x >> 18) & ROW9;
}

/* Whether a region that has places in s has none in a. */
static int emptied(const uint32_t s[3], const uint32_t a[3])
{
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 3; j++) {
            const uint32_t row = ROW9 << 9 * j, box = BOX3 << 3 * j;
            if (((s[k] & row) && !(a[k] & row)) ||
                ((s[k] & box) && !(a[k] & box)))
                return 1;
        }
    return (columns(s) & ~columns(a)) != 0;
}

/* Whether a region of band bit i of band k has two places or fewer in a
 * (one of them the cell). */
static int sparse(const uint32_t a[3], int k, int i)
{
    const int r = i / 9, c = i % 9;
    const uint32_t col = COL3 << c;
    return __builtin_popcount(a[k] & ROW9 << 9 * r) <= 2 ||
           __builtin_popcount(a[k] & BOX3 << 3 * (c / 3)) <= 2 ||
           __builtin_popcount((a[0] & col) | (a[1] & col) | (a[2] & col)) <= 2;
}

int se_digit_absurd(const se_digits_t *s, int cell, int d, int on)
{
    const uint32_t *places = s->p[d];
    uint32_t a[3] = {places[0], places[1], places[2]}, placed[3] = {0, 0, 0};
    const int k0 = cell / 27, i0 = cell % 27;
    if (on) {
        placed[k0] = 1u << i0;
        se_band_see(a, k0, i0);
    } else {
        a[k0] &= ~(1u << i0);
        if (!sparse(places, k0, i0))
            return 0; /* no region of the cell is left with one place (and
                       * none had one before: Nishio comes after singles) */
    }
    for (;;) {
        if (emptied(places, a))
            return 1;
        uint32_t box[3], line[3], fresh[3];
        se_band_alone(a, 1, box, line);
        for (int k = 0; k < 3; k++)
            fresh[k] = box[k] | line[k];
        int any = 0;
        for (int k = 0; k < 3; k++) {
            for (uint32_t m = fresh[k] & ~placed[k]; m; m &= m - 1) {
                const int i = __builtin_ctz(m);
                if (!(a[k] >> i & 1))
                    return 1; /* a cell placed in this round saw it */
                placed[k] |= 1u << i;
                se_band_see(a, k, i);
                any = 1;
            }
        }
        if ((placed[0] & ~a[0]) | (placed[1] & ~a[1]) | (placed[2] & ~a[2]))
            return 1;
        if (!any)
            return 0;
    }
}
