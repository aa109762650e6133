/*
 * latency.c -- log-linear latency histogram (see latency.h for the model).
 *
 * Bin of v: v itself below 128; otherwise with e = floor(log2 v) and
 * s = e - 6, the bin is 64 * (e - 6) + (v >> s), whose mantissa v >> s lies
 * in [64, 128).  The inverse gives a bin's lower bound and width 1 << s.
 */
#include "latency.h"

#include <string.h>

static unsigned lat_bin(uint64_t v)
{
    if (v < 128)
        return (unsigned)v;
    const unsigned e = 63u - (unsigned)__builtin_clzll(v);
    const unsigned s = e - 6;
    const unsigned bin = 64u * s + (unsigned)(v >> s);
    return bin < LAT_BINS ? bin : LAT_BINS - 1;
}

static uint64_t lat_bin_mid(unsigned bin)
{
    if (bin < 128)
        return bin;
    const unsigned s = bin / 64 - 1;
    const uint64_t mant = bin - 64u * s;
    return (mant << s) + ((1ull << s) >> 1);
}

void lat_clear(lat_hist_t *h)
{
    memset(h, 0, sizeof *h);
}

void lat_add(lat_hist_t *h, uint64_t ns)
{
    h->bins[lat_bin(ns)]++;
    h->n++;
    if (ns > h->max)
        h->max = ns;
}

void lat_merge(lat_hist_t *into, const lat_hist_t *from)
{
    for (unsigned i = 0; i < LAT_BINS; i++)
        into->bins[i] += from->bins[i];
    into->n += from->n;
    if (from->max > into->max)
        into->max = from->max;
}

uint64_t lat_quantile(const lat_hist_t *h, double q)
{
    if (h->n == 0)
        return 0;
    uint64_t rank = (uint64_t)(q * (double)(h->n - 1)) + 1;
    uint64_t seen = 0;
    for (unsigned i = 0; i < LAT_BINS; i++) {
        seen += h->bins[i];
        if (seen >= rank) {
            const uint64_t v = lat_bin_mid(i);
            return v < h->max ? v : h->max;
        }
    }
    return h->max;
}
