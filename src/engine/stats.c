/*
 * stats.c -- the run summary as JSON.
 *
 * The batch driver fills an sf_stats_t; the CLI prints it for people and,
 * with --stats FILE, writes this JSON for programs.  Keys are stable:
 * counts per status, times, rates and latency quantiles in nanoseconds.
 */
#include "sudoflow.h"

#include <stdio.h>

/* snprintf into buf at *len, tracking the length needed even when the
 * buffer is too small. */
#define JSON_PUT(...)                                                       \
    do {                                                                    \
        const size_t at_ = len < cap ? len : cap;                           \
        len += (size_t)snprintf(buf + at_, cap - at_, __VA_ARGS__);         \
    } while (0)

int sf_stats_json(const sf_stats_t *st, char *buf, size_t cap)
{
    size_t len = 0;
    if (!st || (!buf && cap))
        return -1;
    const uint64_t valid = st->puzzles - st->by_status[SF_INVALID];
    const double rate = st->wall_sec > 0 ? (double)st->puzzles / st->wall_sec : 0;
    char none[1];
    if (cap == 0) { /* measure only: write into a scratch byte */
        buf = none;
        cap = sizeof none;
    }
    JSON_PUT("{\"puzzles\":%llu", (unsigned long long)st->puzzles);
    for (int s = 0; s < SF_STATUS_COUNT; s++)
        JSON_PUT(",\"%s\":%llu", sf_status_name((sf_status_t)s),
                 (unsigned long long)st->by_status[s]);
    JSON_PUT(",\"kernel\":\"%s\",\"threads\":%d", st->kernel ? st->kernel : "",
             st->threads);
    if (st->geom_kernel)
        JSON_PUT(",\"geom_kernel\":\"%s\"", st->geom_kernel);
    JSON_PUT(",\"wall_sec\":%.6f,\"cpu_sec\":%.6f,\"solve_sec\":%.6f",
             st->wall_sec, st->cpu_sec, st->solve_sec);
    JSON_PUT(",\"puzzles_per_sec\":%.1f", rate);
    JSON_PUT(",\"guesses\":%llu,\"guesses_per_puzzle\":%.4f",
             (unsigned long long)st->guesses,
             valid ? (double)st->guesses / (double)valid : 0.0);
    const uint64_t solved = st->by_status[SF_SOLVED] +
                            st->by_status[SF_UNIQUE] +
                            st->by_status[SF_MULTIPLE];
    if (solved) /* share of the puzzles with a solution */
        JSON_PUT(",\"no_guess_pct\":%.2f",
                 100.0 * (double)st->no_guess / (double)solved);
    else
        JSON_PUT(",\"no_guess_pct\":null");
    JSON_PUT(",\"latency_ns\":{\"median\":%llu,\"p99\":%llu,\"max\":%llu}}\n",
             (unsigned long long)st->lat_median_ns,
             (unsigned long long)st->lat_p99_ns,
             (unsigned long long)st->lat_max_ns);
    return (int)len;
}
