/*
 * gzout.c -- one self-contained gzip member from a buffer.
 *
 * Compressed output is made as pigz does: each block of output records is
 * deflated on its own, by whichever thread formatted it, into a complete
 * gzip member (header, deflate data, CRC and length).  Members written one
 * after another form a valid multi-member gzip file that gzip, zcat and
 * sudoflow itself read as one stream.
 */
#include "sudoflow.h"

#include <stdint.h>
#include <stdlib.h>
#include <zlib.h>

static int reserve(char **buf, size_t *cap, size_t need)
{
    if (need <= *cap)
        return 0;
    size_t n = *cap ? *cap : 4096;
    while (n < need)
        n *= 2;
    char *p = realloc(*buf, n);
    if (!p)
        return -1;
    *buf = p;
    *cap = n;
    return 0;
}

/* zlib counts in 32-bit unsigned ints: longer buffers go in steps. */
#define STEP ((size_t)1 << 30)

static uInt step_of(size_t n)
{
    return (uInt)(n < STEP ? n : STEP);
}

/* Deflate all of in into out (room for deflateBound bytes) with Z_FINISH,
 * feeding and draining zlib in steps it can count.  0 or -1. */
static int deflate_all(z_stream *z, const unsigned char *in, size_t len,
                       unsigned char *out, size_t room, size_t *made)
{
    size_t in_left = len, out_left = room;
    int rc = Z_OK;
    z->next_in = (Bytef *)(uintptr_t)in;
    z->next_out = out;
    while (rc == Z_OK || rc == Z_BUF_ERROR) {
        const uInt ai = step_of(in_left), ao = step_of(out_left);
        z->avail_in = ai;
        z->avail_out = ao;
        rc = deflate(z, in_left > ai ? Z_NO_FLUSH : Z_FINISH);
        in_left -= ai - z->avail_in;
        out_left -= ao - z->avail_out;
        if (rc == Z_STREAM_END)
            break;
        if (rc == Z_BUF_ERROR && out_left == 0)
            return -1;
    }
    *made = room - out_left;
    return rc == Z_STREAM_END ? 0 : -1;
}

int sf_gzip_member(const void *in, size_t len, int level, char **out,
                   size_t *out_len, size_t *out_cap)
{
    if ((!in && len) || !out || !out_len || !out_cap || level < 0 ||
        level > 9)
        return -1;
    z_stream z = {0};
    if (deflateInit2(&z, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY)
        != Z_OK)
        return -1;
    const size_t bound = deflateBound(&z, (uLong)len) + 32;
    size_t made = 0;
    int rc = reserve(out, out_cap, *out_len + bound);
    if (rc == 0)
        rc = deflate_all(&z, in, len, (unsigned char *)*out + *out_len, bound,
                         &made);
    deflateEnd(&z);
    *out_len += made;
    return rc;
}
