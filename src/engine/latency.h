/*
 * latency.h -- a fixed-size log-linear histogram of per-puzzle solve times.
 *
 * Runs of millions of puzzles need median and p99 latency without keeping
 * every sample.  Values below 128 ns get a bin each; above, each power of
 * two is split into 64 bins, so a quantile is exact to within 1/64 (1.6%)
 * and the histogram is a few kilobytes whatever the run length.  Each thread
 * owns one and they are merged at the end.
 */
#ifndef SF_LATENCY_H
#define SF_LATENCY_H

#include <stdint.h>

#define LAT_BINS (64 * 60)

typedef struct lat_hist {
    uint64_t bins[LAT_BINS]; /* sample counts per bin */
    uint64_t n;              /* samples */
    uint64_t max;            /* largest sample, exact */
} lat_hist_t;

void lat_clear(lat_hist_t *h);
void lat_add(lat_hist_t *h, uint64_t ns);
void lat_merge(lat_hist_t *into, const lat_hist_t *from);
/* Value at quantile q (0..1): the midpoint of the bin holding it, capped at
 * the exact maximum; 0 for an empty histogram. */
uint64_t lat_quantile(const lat_hist_t *h, double q);

#endif
