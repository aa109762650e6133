/*
 * rating.c -- difficulty rating (see rating.h) and hashes of cells.
 *
 * The hash reads the 81 cells as ten 64-bit words and a last byte and
 * runs two independently seeded multiply-xorshift lanes over them,
 * finished with the splitmix64 mixer: 128 bits, enough that distinct
 * canonical forms in any data set of realistic size never collide.
 */
#include "rating.h"

#include "core/rng.h"
#include "equivalence.h"

#include <string.h>

static uint64_t mix(uint64_t h, uint64_t w)
{
    h ^= w * 0x9e3779b97f4a7c15ull;
    h = (h ^ (h >> 29)) * 0xbf58476d1ce4e5b9ull;
    return h ^ (h >> 32);
}

static uint64_t finish(uint64_t h)
{
    return rng_splitmix(&h);
}

void sf_cells_hash(const uint8_t *cells, uint64_t seed, uint64_t h[2])
{
    uint64_t a = seed ^ 0x243f6a8885a308d3ull;
    uint64_t b = ~seed ^ 0x13198a2e03707344ull;
    for (int i = 0; i < 10; i++) {
        uint64_t w;
        memcpy(&w, cells + 8 * i, sizeof w);
        a = mix(a, w);
        b = mix(b ^ 0xa4093822299f31d0ull, w + (uint64_t)i);
    }
    a = mix(a, cells[80]);
    b = mix(b, (uint64_t)cells[80] << 8);
    h[0] = finish(a);
    h[1] = finish(b ^ h[0]);
}

void cells_hash_len(const uint8_t *cells, size_t len, uint64_t seed,
                    uint64_t h[2])
{
    uint64_t a = seed ^ 0x243f6a8885a308d3ull;
    uint64_t b = ~seed ^ 0x13198a2e03707344ull;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, cells + i, sizeof w);
        a = mix(a, w);
        b = mix(b ^ 0xa4093822299f31d0ull, w + (uint64_t)i);
    }
    uint64_t w = len;
    for (; i < len; i++)
        w = w << 8 | cells[i];
    a = mix(a, w);
    b = mix(b, w << 8);
    h[0] = finish(a);
    h[1] = finish(b ^ h[0]);
}

void sf_canon_hash(const uint8_t *cells, uint64_t seed, uint64_t h[2],
                   uint8_t *canon)
{
    uint8_t c[SF_CELLS];
    sf_canon(cells, c, NULL);
    sf_cells_hash(c, seed, h);
    if (canon)
        memcpy(canon, c, SF_CELLS);
}

double sf_rating(sf_solver_t *s, const uint8_t *cells, unsigned samples)
{
    uint8_t canon[SF_CELLS], copy[SF_CELLS], solution[SF_CELLS];
    uint64_t h[2];
    if (!s || !cells)
        return -1;
    sf_canon_hash(cells, 0, h, canon);
    if (samples == 0)
        samples = 1;
    uint64_t guesses = 0;
    for (unsigned i = 0; i < samples; i++) {
        rng_t r;
        sf_xform_t t;
        rng_seed(&r, h[0], i);
        sf_xform_random(&t, &r);
        sf_xform_apply(&t, canon, copy);
        sf_result_t res;
        sf_solve_cells(s, copy, 2, 0, solution, &res);
        if (res.count == 0)
            return -1;
        guesses += res.guesses;
    }
    return (double)guesses / samples;
}
