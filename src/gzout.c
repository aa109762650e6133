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

int sf_gzip_member(const void *in, size_t len, int level, char **out,
                   size_t *out_len, size_t *out_cap)
{
    z_stream z = {0};
    if (deflateInit2(&z, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY)
        != Z_OK)
        return -1;
    const size_t bound = deflateBound(&z, (uLong)len) + 32;
    if (reserve(out, out_cap, *out_len + bound) != 0) {
        deflateEnd(&z);
        return -1;
    }
    z.next_in = (Bytef *)(uintptr_t)in;
    z.avail_in = (uInt)len;
    z.next_out = (Bytef *)*out + *out_len;
    z.avail_out = (uInt)bound;
    const int rc = deflate(&z, Z_FINISH);
    *out_len += bound - z.avail_out;
    deflateEnd(&z);
    return rc == Z_STREAM_END ? 0 : -1;
}
