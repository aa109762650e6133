/*
 * rng.h -- small, fast, reproducible random numbers for dataset commands.
 *
 * Every random choice in sudoflow comes from a stream identified by a user
 * seed and a stream number (normally the index of the record being made),
 * so the output depends only on the seed and the record's position, never
 * on the thread that did the work or the order in which threads ran.  The
 * generator is xoshiro256** (Blackman and Vigna), seeded through splitmix64
 * as its authors recommend; both are a few shifts and multiplies, and the
 * state lives in the caller's variable.
 */
#ifndef SF_RNG_H
#define SF_RNG_H

#include <stdint.h>

typedef struct rng {
    uint64_t s[4];
} rng_t;

static inline uint64_t rng_splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* The stream for (seed, stream): distinct pairs give unrelated streams. */
static inline void rng_seed(rng_t *r, uint64_t seed, uint64_t stream)
{
    uint64_t x = seed;
    uint64_t mixed = rng_splitmix(&x) ^ stream * 0xd1b54a32d192ed03ull;
    for (int i = 0; i < 4; i++)
        r->s[i] = rng_splitmix(&mixed);
}

/* Sub-stream `sub` of (seed, stream), e.g. copy `sub` of record `stream`:
 * distinct triples give unrelated streams, and each can be started alone. */
static inline void rng_seed_sub(rng_t *r, uint64_t seed, uint64_t stream,
                                uint64_t sub)
{
    uint64_t x = sub ^ 0x6a09e667f3bcc909ull;
    rng_seed(r, seed ^ rng_splitmix(&x), stream);
}

static inline uint64_t rng_next(rng_t *r)
{
    uint64_t *const s = r->s;
    const uint64_t x = s[1] * 5;
    const uint64_t out = ((x << 7) | (x >> 57)) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return out;
}

/* Uniform in [0, n), n > 0 (Lemire's multiply-shift; the bias for n far
 * below 2^32 is below 2^-32 and irrelevant here). */
static inline uint32_t rng_below(rng_t *r, uint32_t n)
{
    return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* Shuffle n bytes in place (Fisher-Yates). */
static inline void rng_shuffle(rng_t *r, uint8_t *a, unsigned n)
{
    for (unsigned i = n; i > 1; i--) {
        const unsigned j = rng_below(r, i);
        const uint8_t t = a[i - 1];
        a[i - 1] = a[j];
        a[j] = t;
    }
}

#endif
