/*
 * fuzz_inflate.c -- our inflate (src/io/inflate.c) against zlib's, on any bytes.
 *
 * The input is taken as one gzip member, whole or damaged.  zlib inflates
 * it first (gzip wrapper only, all input at once) and gives the reference:
 * the output, and how the member ends -- complete after some number of
 * input bytes, an error with zlib's message, or truncated (no progress at
 * the end of the input).  Ours then decodes the same bytes twice: in one
 * call per output buffer, and cut into pieces whose input and output
 * sizes come from a generator seeded by a hash of the input (one byte at
 * a time, one output byte at a time, and everything between), so the
 * fuzzer's corpus stays plain gzip members.  Both runs must produce
 * zlib's bytes and end the same way with the same message, and every call
 * must keep the contract of infl_step: no more consumed or written than
 * offered, INFL_STALL only when no input was offered, INFL_MORE only with
 * progress, errors and the end sticky.  A small input can inflate a
 * thousandfold, so output past LIMIT bytes is not compared: both sides
 * stop there.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "io/inflate.h"

#define LIMIT (1u << 18) /* output bytes compared */
#define OUTBUF (1u << 16)

#define CHECK(cond, ...)                                                      \
    do {                                                                      \
        if (!(cond)) {                                                        \
            fprintf(stderr, "\n%s:%d: check failed: %s\n  ", __FILE__,        \
                    __LINE__, #cond);                                         \
            fprintf(stderr, __VA_ARGS__);                                     \
            fputc('\n', stderr);                                              \
            abort();                                                          \
        }                                                                     \
    } while (0)

enum { V_END, V_ERROR, V_TRUNC, V_LIMIT };

typedef struct run {
    uint8_t *out;     /* first LIMIT bytes of output */
    size_t n;         /* bytes of output (at most LIMIT kept) */
    int verdict;      /* V_* */
    size_t used;      /* V_END: input bytes consumed */
    char msg[96];     /* V_ERROR: the message */
} run_t;

static void keep(run_t *r, const uint8_t *p, size_t n)
{
    if (r->n < LIMIT)
        memcpy(r->out + r->n, p, n < LIMIT - r->n ? n : LIMIT - r->n);
    r->n += n;
}

static void ref_zlib(const uint8_t *s, size_t size, run_t *r, uint8_t *buf)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    CHECK(inflateInit2(&z, 15 + 16) == Z_OK, "inflateInit2");
    z.next_in = (Bytef *)(uintptr_t)s;
    z.avail_in = (uInt)size;
    for (;;) {
        const uInt before = z.avail_in;
        z.next_out = buf;
        z.avail_out = OUTBUF;
        const int ret = inflate(&z, Z_NO_FLUSH);
        keep(r, buf, OUTBUF - z.avail_out);
        if (ret == Z_STREAM_END) {
            r->verdict = V_END;
            r->used = size - z.avail_in;
            break;
        }
        if (ret == Z_DATA_ERROR) {
            r->verdict = V_ERROR;
            snprintf(r->msg, sizeof r->msg, "%s", z.msg ? z.msg : "");
            break;
        }
        CHECK(ret == Z_OK || ret == Z_BUF_ERROR, "zlib returned %d", ret);
        if (r->n >= LIMIT) {
            r->verdict = V_LIMIT;
            break;
        }
        if (before == z.avail_in && z.avail_out == OUTBUF) {
            r->verdict = V_TRUNC;
            break;
        }
    }
    inflateEnd(&z);
}

static uint64_t next_rand(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

/* Input and output sizes for one call: all and OUTBUF when seed is 0. */
static void pick_sizes(uint64_t *seed, size_t left, size_t *chunk, size_t *cap)
{
    *chunk = left;
    *cap = OUTBUF;
    if (*seed == 0)
        return;
    const uint64_t x = next_rand(seed);
    const size_t in_sizes[4] = {1, 1 + (x >> 8) % 16, 1 + (x >> 16) % 300, left};
    const size_t out_sizes[4] = {1, 1 + (x >> 24) % 16, 1 + (x >> 32) % 600, OUTBUF};
    *chunk = in_sizes[x & 3] < left ? in_sizes[x & 3] : left;
    *cap = out_sizes[(x >> 2) & 3];
}

/* One infl_step, its contract checked; returns the verdict or -1. */
static int step(infl_t *d, const uint8_t *in, size_t chunk, uint8_t *buf, size_t cap,
                run_t *r, size_t *pos)
{
    size_t used = 99, got = 99;
    const infl_rc_t rc = infl_step(d, in, chunk, buf, cap, &used, &got);
    CHECK(used <= chunk && got <= cap, "used %zu of %zu, wrote %zu of %zu", used,
          chunk, got, cap);
    keep(r, buf, got);
    *pos += used;
    switch (rc) {
    case INFL_END:
        return V_END;
    case INFL_ERROR:
        CHECK(infl_message(d) != NULL, "error without a message");
        snprintf(r->msg, sizeof r->msg, "%s", infl_message(d));
        return V_ERROR;
    case INFL_STALL:
        CHECK(used == 0 && got == 0 && chunk == 0, "stall with %zu bytes offered",
              chunk);
        return V_TRUNC;
    default:
        CHECK(used > 0 || got > 0, "INFL_MORE without progress");
        return r->n >= LIMIT ? V_LIMIT : -1;
    }
}

/* Ours over s, cut into calls by seed (0: as few calls as possible). */
static void ours(infl_t *d, const uint8_t *s, size_t size, uint64_t seed, run_t *r,
                 uint8_t *buf)
{
    size_t pos = 0;
    infl_reset(d);
    for (;;) {
        size_t chunk, cap;
        pick_sizes(&seed, size - pos, &chunk, &cap);
        const int v = step(d, s + pos, chunk, buf, cap, r, &pos);
        if (v < 0)
            continue;
        r->verdict = v;
        if (v == V_END)
            r->used = pos;
        break;
    }
    if (r->verdict == V_END || r->verdict == V_ERROR) { /* sticky */
        size_t used, got;
        const infl_rc_t rc = infl_step(d, s + pos, size - pos, buf, 1, &used, &got);
        CHECK(used == 0 && got == 0 && rc == (r->verdict == V_END ? INFL_END : INFL_ERROR),
              "not sticky: rc %d, used %zu, wrote %zu", (int)rc, used, got);
    }
}

/* The verdict, as far as it can be compared: how the runs end past
 * LIMIT depends on where they stopped. */
static int verdict(const run_t *r)
{
    return r->n >= LIMIT ? V_LIMIT : r->verdict;
}

static void compare(const run_t *z, const run_t *o, const char *how)
{
    const size_t n = z->n < LIMIT ? z->n : LIMIT;
    size_t i = 0;
    while (i < n && i < o->n && z->out[i] == o->out[i])
        i++;
    CHECK(verdict(z) == verdict(o), "%s: verdict %d, zlib %d (%s); output %zu, zlib %zu",
          how, o->verdict, z->verdict, z->msg, o->n, z->n);
    if (verdict(z) != V_LIMIT)
        CHECK(z->n == o->n, "%s: %zu bytes out, zlib %zu", how, o->n, z->n);
    CHECK(i == n, "%s: output differs at byte %zu", how, i);
    if (verdict(z) == V_END)
        CHECK(z->used == o->used, "%s: consumed %zu, zlib %zu", how, o->used, z->used);
    if (verdict(z) == V_ERROR)
        CHECK(strcmp(z->msg, o->msg) == 0, "%s: \"%s\", zlib \"%s\"", how, o->msg,
              z->msg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static infl_t *d;
    static uint8_t *buf, *zout, *oout;
    if (!d) {
        d = infl_new();
        buf = malloc(OUTBUF);
        zout = malloc(LIMIT);
        oout = malloc(LIMIT);
        CHECK(d && buf && zout && oout, "out of memory");
    }
    run_t z = {.out = zout}, whole = {.out = oout};
    ref_zlib(data, size, &z, buf);
    ours(d, data, size, 0, &whole, buf);
    compare(&z, &whole, "whole");
    uint64_t seed = 0x9e3779b97f4a7c15ull ^ size;
    for (size_t i = 0; i < size; i++)
        seed = (seed ^ data[i]) * 0x100000001b3ull;
    run_t cut = {.out = oout};
    ours(d, data, size, seed | 1, &cut, buf);
    compare(&z, &cut, "in pieces");
    return 0;
}
