/*
 * gzin.c -- read one file as plain bytes or as inflated gzip.
 *
 * The format is decided by content, not name: a file that starts with the
 * gzip magic 1f 8b is inflated, anything else is passed through.  The first
 * read fills a look-ahead block; plain content is served from it and then
 * read straight into the caller's buffer, so plain input costs one copy.
 * Plain content is watched for the start of a gzip member (1f 8b 08 and
 * valid flags; text never holds 1f), which is inflated from there on, so a
 * stream made by `cat a.txt b.gz` reads as both files (a member also ends
 * a last text line that has no newline, as the end of a file would).  Text after gzip
 * data is not read that way: it is an error, like any other bytes after a
 * member, so damaged compressed data never turns into records.
 *
 * A regular file that ends before the size it had when it was opened was
 * cut short while it was read (by another program): that is an error, not
 * a shorter input.
 *
 * Gzip input is a sequence of members (pigz and `cat a.gz b.gz` make
 * several).  When a member ends, the next bytes decide what follows: another
 * magic starts the next member, zeros up to the end of the file are padding
 * (tape and some archivers add it), anything else is an error, as is input
 * that ends inside a member.  Errors are sticky, and content inflated before
 * an error is still handed out first, so the reader can use every complete
 * line before reporting where the damage is.
 *
 * Two inflate back ends sit behind four static calls (dec_init, dec_reset,
 * dec_step, dec_end), chosen per reader at run time: the built-in decoder
 * (inflate.c), about as fast as ISA-L and three times zlib, and zlib, the
 * reference for behaviour, which the built-in one matches byte for byte
 * and error for error on every stream (tests/io/test_inflate.c and the
 * fuzz targets check it), so both give the same records and the same
 * errors.  A step hands the decoder the bytes at raw and the caller's
 * buffer and reports one of: the member went on, it ended (raw_pos is then
 * just past the trailer), nothing could be done, or an error.  The
 * decoders keep a few bytes between calls, so at the end of the file a
 * member is truncated only once a call without new input does nothing at
 * all.
 */
#include "gzin.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <zlib.h>

#include "inflate.h"

#ifndef GZIN_BLOCK
#define GZIN_BLOCK (1u << 20) /* bytes per read(); >= 2, small in stress tests */
#endif
#define GZIN_MAX_OUT (1u << 30) /* largest request served at once */

enum {
    GZIN_S_CLOSED = 0,
    GZIN_S_DATA,       /* reading content (inside a gzip member) */
    GZIN_S_MEMBER_END, /* a gzip member just ended */
    GZIN_S_DONE        /* clean end of input */
};

typedef enum step {
    STEP_MORE,  /* input consumed or content produced; the member goes on */
    STEP_END,   /* the member ended and its trailer checked out */
    STEP_STALL, /* nothing done: the decoder needs more input */
    STEP_FAIL   /* g->err is set */
} step_t;

void gzin_init(gzin_t *g)
{
    memset(g, 0, sizeof *g);
    g->fd = -1;
}

static int fail(gzin_t *g, gzin_err_t e)
{
    if (!g->err)
        g->err = e;
    return -1;
}

static int fail_sys(gzin_t *g, int errnum)
{
    if (!g->err)
        g->sys_errno = errnum;
    return fail(g, GZIN_ESYS);
}

static step_t corrupt(gzin_t *g, const char *msg)
{
    if (!g->err) {
        strncpy(g->zmsg, msg, sizeof g->zmsg - 1);
        g->zmsg[sizeof g->zmsg - 1] = '\0';
    }
    fail(g, GZIN_ECORRUPT);
    return STEP_FAIL;
}

/* Account for n bytes at raw taken by the decoder or skipped. */
static void consume(gzin_t *g, size_t n)
{
    g->raw_pos += n;
    g->consumed += n;
}

/* --------------------------------------------------------- inflate */

/* The decoder of the back end chosen at open: the built-in one (inflate.c)
 * or zlib, the reference it matches. */
struct gzin_dec {
    int zlib;      /* 1: zs is in use, else fast */
    z_stream zs;
    infl_t *fast;
};

static int dec_init(gzin_t *g)
{
    g->dec = calloc(1, sizeof *g->dec);
    if (!g->dec)
        return -1;
    g->dec->zlib = g->use_zlib;
    if (g->dec->zlib ? inflateInit2(&g->dec->zs, 15 + 16) == Z_OK
                     : (g->dec->fast = infl_new()) != NULL)
        return 0;
    free(g->dec);
    g->dec = NULL;
    return -1;
}

static void dec_end(gzin_t *g)
{
    if (g->dec->zlib)
        inflateEnd(&g->dec->zs);
    else
        infl_free(g->dec->fast);
    free(g->dec);
    g->dec = NULL;
}

/* A new member; the decoder of the other back end when that was chosen. */
static int dec_reset(gzin_t *g)
{
    if (g->dec->zlib != g->use_zlib) {
        dec_end(g);
        return dec_init(g);
    }
    if (g->dec->zlib)
        return inflateReset(&g->dec->zs) == Z_OK ? 0 : -1;
    infl_reset(g->dec->fast);
    return 0;
}

/* One zlib inflate call over raw[raw_pos, raw_end) into dst[0, cap). */
static step_t zlib_step(gzin_t *g, char *dst, size_t cap, size_t *out)
{
    z_stream *const zs = &g->dec->zs;
    const uInt in = (uInt)(g->raw_end - g->raw_pos);
    zs->next_in = g->raw + g->raw_pos;
    zs->avail_in = in;
    zs->next_out = (Bytef *)dst;
    zs->avail_out = (uInt)cap;
    const int ret = inflate(zs, Z_NO_FLUSH);
    consume(g, in - zs->avail_in);
    *out = cap - zs->avail_out;
    switch (ret) {
    case Z_STREAM_END:
        return STEP_END;
    case Z_OK:
    case Z_BUF_ERROR:
        return zs->avail_in != in || *out ? STEP_MORE : STEP_STALL;
    case Z_MEM_ERROR:
        fail(g, GZIN_ENOMEM);
        return STEP_FAIL;
    default:
        return corrupt(g, zs->msg ? zs->msg : "inflate failed");
    }
}

/* One step of the chosen decoder over raw[raw_pos, raw_end) into
 * dst[0, cap). */
static step_t dec_step(gzin_t *g, char *dst, size_t cap, size_t *out)
{
    if (g->dec->zlib)
        return zlib_step(g, dst, cap, out);
    size_t used = 0;
    const infl_rc_t rc = infl_step(g->dec->fast, g->raw + g->raw_pos,
                                   g->raw_end - g->raw_pos, (uint8_t *)dst,
                                   cap, &used, out);
    consume(g, used);
    switch (rc) {
    case INFL_END: return STEP_END;
    case INFL_MORE: return STEP_MORE;
    case INFL_STALL: return STEP_STALL;
    default: {
        const char *msg = infl_message(g->dec->fast);
        return corrupt(g, msg ? msg : "inflate failed");
    }
    }
}

/* ------------------------------------------------------------- reading */

static int start_member(gzin_t *g)
{
    if ((g->dec ? dec_reset(g) : dec_init(g)) < 0)
        return fail(g, GZIN_ENOMEM);
    return 0;
}

/* read() from the file, counting what arrives; at the end of a regular
 * file, an error when fewer bytes came than it had when it was opened. */
static long read_fd(gzin_t *g, void *dst, size_t cap)
{
    if (cap > GZIN_MAX_OUT)
        cap = GZIN_MAX_OUT;
    for (;;) {
        const ssize_t n = read(g->fd, dst, cap);
        if (n > 0)
            g->got += (uint64_t)n;
        if (n == 0 && g->regular && g->got < g->size)
            return fail(g, GZIN_ESHRANK);
        if (n >= 0)
            return (long)n;
        if (errno != EINTR)
            return fail_sys(g, errno);
    }
}

/* Move the bytes not yet used to the front of raw and read more after them
 * (called only when raw has room). */
static int refill_raw(gzin_t *g)
{
    const size_t keep = g->raw_end - g->raw_pos;
    if (keep && g->raw_pos)
        memmove(g->raw, g->raw + g->raw_pos, keep);
    g->raw_pos = 0;
    g->raw_end = keep;
    if (g->raw_eof)
        return 0;
    const long n = read_fd(g, g->raw + keep, g->raw_cap - keep);
    if (n < 0)
        return -1;
    g->raw_eof = n == 0;
    g->raw_end += (size_t)n;
    return 0;
}

/* Read the first bytes and, on the gzip magic, set up inflate over them. */
static int sniff(gzin_t *g)
{
    while (g->raw_end < 2 && !g->raw_eof)
        if (refill_raw(g) < 0)
            return -1;
    if (g->raw_end < 2 || g->raw[0] != 0x1f || g->raw[1] != 0x8b)
        return 0;
    g->gzip = 1;
    return start_member(g);
}

static int open_fd(gzin_t *g, const char *path)
{
    struct stat st;
    if (strcmp(path, "-") == 0) {
        g->fd = STDIN_FILENO;
        g->own_fd = 0;
    }
    else {
        g->fd = open(path, O_RDONLY | O_CLOEXEC);
        if (g->fd < 0)
            return fail_sys(g, errno);
        g->own_fd = 1;
    }
    if (fstat(g->fd, &st) == 0 && S_ISDIR(st.st_mode))
        return fail_sys(g, EISDIR);
    g->regular = fstat(g->fd, &st) == 0 && S_ISREG(st.st_mode);
    g->size = g->regular ? (uint64_t)st.st_size : 0;
    return 0;
}

int gzin_open(gzin_t *g, const char *path)
{
    gzin_close(g);
    g->err = GZIN_OK;
    g->gzip = g->raw_eof = 0;
    g->raw_pos = g->raw_end = 0;
    g->consumed = g->got = g->size = 0;
    g->regular = g->open_line = 0;
    if (!g->raw) {
        g->raw = malloc(GZIN_BLOCK);
        if (!g->raw)
            return fail(g, GZIN_ENOMEM);
        g->raw_cap = GZIN_BLOCK;
    }
    g->state = GZIN_S_DATA;
    if (open_fd(g, path) < 0 || sniff(g) < 0) {
        gzin_close(g);
        return -1;
    }
    return 0;
}

/* After a member: zeros to the end of input are padding, the rest is not. */
static void skip_padding(gzin_t *g)
{
    for (;;) {
        for (size_t i = g->raw_pos; i < g->raw_end; i++) {
            if (g->raw[i]) {
                fail(g, GZIN_ETRAIL);
                return;
            }
        }
        consume(g, g->raw_end - g->raw_pos);
        if (g->raw_eof) {
            g->state = GZIN_S_DONE;
            return;
        }
        if (refill_raw(g) < 0)
            return;
    }
}

/* Decide what follows a finished member. */
static void next_member(gzin_t *g)
{
    while (g->raw_end - g->raw_pos < 2 && !g->raw_eof)
        if (refill_raw(g) < 0)
            return;
    const size_t n = g->raw_end - g->raw_pos;
    const unsigned char *const p = g->raw + g->raw_pos;
    if (n == 0) {
        g->state = GZIN_S_DONE;
    } else if (p[0] == 0x1f && (n == 1 || p[1] == 0x8b)) {
        if (n == 1)
            fail(g, GZIN_ETRUNC);
        else if (start_member(g) == 0)
            g->state = GZIN_S_DATA;
    } else {
        skip_padding(g);
    }
}

/* The decoder can do nothing more with what it holds and what is at raw
 * (read_gzip refills raw before it runs dry, so the file has ended). */
static void stalled(gzin_t *g)
{
    if (g->raw_pos == g->raw_end)
        fail(g, GZIN_ETRUNC);
    else
        corrupt(g, "inflate made no progress"); /* neither decoder does */
}

static long read_gzip(gzin_t *g, char *dst, size_t cap)
{
    size_t out = 0;
    while (out == 0 && !g->err && g->state != GZIN_S_DONE) {
        if (g->state == GZIN_S_MEMBER_END) {
            next_member(g);
            continue;
        }
        if (g->raw_pos == g->raw_end && !g->raw_eof) {
            refill_raw(g);
            continue;
        }
        const step_t st = dec_step(g, dst, cap, &out);
        if (st == STEP_END)
            g->state = GZIN_S_MEMBER_END;
        else if (st == STEP_STALL)
            stalled(g);
    }
    if (out > 0)
        return (long)out;
    return g->err ? -1 : 0;
}

/* Where a gzip member starts in plain bytes p[0, n): the first 1f 8b 08
 * followed by flags without reserved bits, or, when more bytes may come,
 * a start cut short by the end; n when there is none.  Text never holds
 * the byte 1f, so this finds the members of `cat a.txt b.gz`. */
static size_t member_start(const unsigned char *p, size_t n, int more)
{
    static const unsigned char magic[3] = {0x1f, 0x8b, 8};
    for (const unsigned char *q = p; (q = memchr(q, 0x1f, n - (size_t)(q - p)));
         q++) {
        const size_t left = n - (size_t)(q - p);
        const size_t k = left < 3 ? left : 3;
        if (memcmp(q, magic, k) != 0)
            continue;
        if (left >= 4 ? (q[3] & 0xe0) == 0 : more)
            return (size_t)(q - p);
    }
    return n;
}

/* Keep p[0, n) at raw as bytes to look at before reading on (raw holds
 * nothing when this is called). */
static int stash(gzin_t *g, const char *p, size_t n)
{
    if (n > g->raw_cap) {
        unsigned char *q = realloc(g->raw, n);
        if (!q)
            return fail(g, GZIN_ENOMEM);
        g->raw = q;
        g->raw_cap = n;
    }
    memcpy(g->raw, p, n);
    g->raw_pos = 0;
    g->raw_end = n;
    return 0;
}

/* A gzip member starts at raw_pos in plain input: inflate from here on. */
static long switch_to_gzip(gzin_t *g, char *dst, size_t cap)
{
    g->gzip = 1;
    if (start_member(g) < 0)
        return -1;
    return read_gzip(g, dst, cap);
}

/* Plain bytes up to the start of a gzip member, if one comes. */
static long read_plain(gzin_t *g, char *dst, size_t cap)
{
    for (;;) {
        if (g->raw_pos < g->raw_end) { /* bytes looked at before */
            const size_t n = g->raw_end - g->raw_pos;
            const size_t m = member_start(g->raw + g->raw_pos, n, !g->raw_eof);
            if (m == 0 && n >= 4 && g->open_line) { /* end the text's */
                g->open_line = 0;                      /* last line first */
                dst[0] = '\n';
                return 1;
            }
            if (m == 0 && n >= 4)
                return switch_to_gzip(g, dst, cap);
            if (m == 0) { /* a start cut short: decide with more bytes */
                if (refill_raw(g) < 0)
                    return -1;
                continue;
            }
            const size_t k = m < cap ? m : cap;
            memcpy(dst, g->raw + g->raw_pos, k);
            consume(g, k);
            g->open_line = dst[k - 1] != '\n';
            return (long)k;
        }
        if (g->raw_eof) {
            g->state = GZIN_S_DONE;
            return 0;
        }
        const long n = read_fd(g, dst, cap);
        if (n < 0)
            return -1;
        g->raw_eof = n == 0;
        const size_t m = member_start((unsigned char *)dst, (size_t)n, 1);
        if (m < (size_t)n && stash(g, dst + m, (size_t)n - m) < 0)
            return -1;
        g->consumed += m;
        if (m > 0) {
            g->open_line = dst[m - 1] != '\n';
            return (long)m;
        }
    }
}

int gzin_seek(gzin_t *g, uint64_t offset)
{
    if (g->err || g->gzip || !g->regular || g->fd < 0 ||
        g->state != GZIN_S_DATA || offset > g->size ||
        lseek(g->fd, (off_t)offset, SEEK_SET) != (off_t)offset)
        return -1;
    g->raw_pos = g->raw_end = 0;
    g->raw_eof = 0;
    g->got = g->consumed = offset;
    g->open_line = 0;
    return 0;
}

long gzin_read(gzin_t *g, char *dst, size_t cap)
{
    if (g->err)
        return -1;
    if (g->state != GZIN_S_DATA && g->state != GZIN_S_MEMBER_END)
        return 0;
    if (cap == 0)
        return 0;
    if (cap > GZIN_MAX_OUT)
        cap = GZIN_MAX_OUT;
    return g->gzip ? read_gzip(g, dst, cap) : read_plain(g, dst, cap);
}

void gzin_close(gzin_t *g)
{
    if (g->fd >= 0 && g->own_fd)
        close(g->fd);
    g->fd = -1;
    g->own_fd = 0;
    g->state = GZIN_S_CLOSED;
}

void gzin_free(gzin_t *g)
{
    gzin_close(g);
    if (g->dec)
        dec_end(g);
    free(g->raw);
    gzin_init(g);
}
