/*
 * refsingles.h -- a reference singles solver the tests trust, written from
 * the definition of the singles closure and sharing nothing with the
 * library (src/datasets/singles.c is the fast one).
 *
 * A cell's candidates are the digits none of its row, column and box
 * holds, worked out again from the grid every time they are needed.  The
 * solver scans the empty cells for a naked single (exactly one candidate)
 * and the units for a hidden single (a missing digit with exactly one
 * empty cell that takes it), placing each as it is found, and scans
 * again until a whole scan places nothing.  A cell without candidates or
 * a missing digit without a cell is a contradiction.  Slow (tenths of a
 * millisecond a grid) and obviously right.  static inline, like
 * testutil.h, so nothing needs linking.
 */
#ifndef REFSINGLES_H
#define REFSINGLES_H

#include <stdint.h>

/* Cell k (0..8) of unit u: rows 0..8, columns 9..17, boxes 18..26. */
static inline int rs_unit_cell(int u, int k)
{
    if (u < 9)
        return u * 9 + k;
    if (u < 18)
        return k * 9 + (u - 9);
    const int b = u - 18;
    return (b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3;
}

/* Digits (bit d) that cell i of g can take: none of its row, column and
 * box holds them (0 for a filled cell). */
static inline unsigned rs_cands(const uint8_t *g, int i)
{
    if (g[i])
        return 0;
    unsigned seen = 0;
    const int r = i / 9, c = i % 9, br = r / 3 * 3, bc = c / 3 * 3;
    for (int k = 0; k < 9; k++) {
        seen |= 1u << g[r * 9 + k];
        seen |= 1u << g[k * 9 + c];
        seen |= 1u << g[(br + k / 3) * 9 + bc + k % 3];
    }
    return 0x3feu & ~seen;
}

/* Whether the givens of g clash (or a value is above 9). */
static inline int rs_clash(const uint8_t *g)
{
    for (int u = 0; u < 27; u++) {
        unsigned seen = 0;
        for (int k = 0; k < 9; k++) {
            const int v = g[rs_unit_cell(u, k)];
            if (v > 9 || (v && (seen >> v & 1)))
                return 1;
            seen |= 1u << v;
        }
    }
    return 0;
}

/* Close g (81 cells, 0 empty) under singles in place.  Returns the number
 * of cells placed, or -1 when the givens clash or the singles meet a
 * contradiction. */
static inline int ref_singles(uint8_t *g)
{
    if (rs_clash(g))
        return -1;
    int placed = 0;
    for (;;) {
        int progress = 0;
        for (int i = 0; i < 81; i++) {
            if (g[i])
                continue;
            const unsigned m = rs_cands(g, i);
            if (m == 0)
                return -1;
            if ((m & (m - 1)) == 0) {
                g[i] = (uint8_t)__builtin_ctz(m);
                placed++;
                progress = 1;
            }
        }
        for (int u = 0; u < 27; u++) {
            unsigned m[9]; /* the unit's cells' candidates, made again
                            * after each placement */
            for (int k = 0; k < 9; k++)
                m[k] = rs_cands(g, rs_unit_cell(u, k));
            for (int d = 1; d <= 9; d++) {
                int where = -1, n = 0, present = 0;
                for (int k = 0; k < 9; k++) {
                    const int i = rs_unit_cell(u, k);
                    if (g[i] == d)
                        present = 1;
                    else if (m[k] >> d & 1) {
                        where = i;
                        n++;
                    }
                }
                if (present)
                    continue;
                if (n == 0)
                    return -1;
                if (n == 1) {
                    g[where] = (uint8_t)d;
                    placed++;
                    progress = 1;
                    for (int k = 0; k < 9; k++)
                        m[k] = rs_cands(g, rs_unit_cell(u, k));
                }
            }
        }
        if (!progress)
            return placed;
    }
}

#endif
