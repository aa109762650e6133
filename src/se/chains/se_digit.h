/*
 * se_digit.h -- Nishio's test of one digit (se_digit.c), for the forcing
 * chains (se_forcing.c).
 */
#ifndef SF_SE_DIGIT_H
#define SF_SE_DIGIT_H

#include "se/grid/se_grid.h"

/* Whether Nishio's search from candidate (cell, d) assumed
 * on or off can reach a contradiction (0: surely not), from the digits'
 * places taken once per grid (se_digits). */
typedef struct se_digits {
    uint32_t p[9][3];     /* per digit, its places as three band words */
} se_digits_t;
void se_digits(const se_grid_t *g, se_digits_t *s);
int se_digit_absurd(const se_digits_t *s, int cell, int d, int on);

#endif
