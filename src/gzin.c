/*
 * gzin.c -- read one file as plain bytes or as inflated gzip.
 *
 * The format is decided by content, not name: a file that starts with the
 * gzip magic 1f 8b is inflated, anything else is passed through.  The first
 * read fills a look-ahead block; plain content is served from it and then
 * read straight into the caller's buffer, so plain input costs one copy.
 *
 * Gzip input is a sequence of members (pigz and `cat a.gz b.gz` make
 * several).  When inflate reports the end of a member, the next bytes decide
 * what follows: another magic starts the next member, zeros up to the end
 * of the file are padding (tape and some archivers add it), anything else is
 * an error, as is input that ends inside a member.  Errors are sticky, and
 * content inflated before an error is still handed out first, so the reader
 * can use every complete line before reporting where the damage is.
 */
#include "gzin.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define GZIN_BLOCK (1u << 20) /* bytes per read() */
#define GZIN_MAX_OUT (1u << 30) /* largest request served at once */

enum {
    GZIN_S_CLOSED = 0,
    GZIN_S_DATA,       /* reading content (inside a gzip member) */
    GZIN_S_MEMBER_END, /* a gzip member just ended */
    GZIN_S_DONE        /* clean end of input */
};

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

static long read_fd(int fd, void *dst, size_t cap)
{
    if (cap > GZIN_MAX_OUT)
        cap = GZIN_MAX_OUT;
    for (;;) {
        const ssize_t n = read(fd, dst, cap);
        if (n >= 0)
            return (long)n;
        if (errno != EINTR)
            return -1;
    }
}

/* Read the first bytes and, on the gzip magic, set up inflate over them. */
static int sniff(gzin_t *g)
{
    while (g->raw_end < 2 && !g->raw_eof) {
        const long n = read_fd(g->fd, g->raw + g->raw_end,
                               g->raw_cap - g->raw_end);
        if (n < 0)
            return fail_sys(g, errno);
        g->raw_eof = n == 0;
        g->raw_end += (size_t)n;
    }
    if (g->raw_end < 2 || g->raw[0] != 0x1f || g->raw[1] != 0x8b)
        return 0;
    if (!g->zinit) {
        memset(&g->zs, 0, sizeof g->zs);
        if (inflateInit2(&g->zs, 15 + 16) != Z_OK)
            return fail(g, GZIN_ENOMEM);
        g->zinit = 1;
    } else if (inflateReset(&g->zs) != Z_OK) {
        return fail(g, GZIN_ENOMEM);
    }
    g->gzip = 1;
    g->zs.next_in = g->raw;
    g->zs.avail_in = (uInt)g->raw_end;
    g->raw_pos = g->raw_end = 0;
    return 0;
}

static int open_fd(gzin_t *g, const char *path)
{
    struct stat st;
    if (strcmp(path, "-") == 0) {
        g->fd = STDIN_FILENO;
        g->own_fd = 0;
        return 0;
    }
    g->fd = open(path, O_RDONLY | O_CLOEXEC);
    if (g->fd < 0)
        return fail_sys(g, errno);
    g->own_fd = 1;
    if (fstat(g->fd, &st) == 0 && S_ISDIR(st.st_mode))
        return fail_sys(g, EISDIR);
    return 0;
}

int gzin_open(gzin_t *g, const char *path)
{
    gzin_close(g);
    g->err = GZIN_OK;
    g->gzip = g->raw_eof = 0;
    g->raw_pos = g->raw_end = 0;
    g->consumed = 0;
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

/* Move the unconsumed compressed bytes to the front and read more. */
static int refill_raw(gzin_t *g)
{
    const size_t keep = g->zs.avail_in;
    if (keep && g->zs.next_in != g->raw)
        memmove(g->raw, g->zs.next_in, keep);
    g->zs.next_in = g->raw;
    if (g->raw_eof)
        return 0;
    const long n = read_fd(g->fd, g->raw + keep, g->raw_cap - keep);
    if (n < 0)
        return fail_sys(g, errno);
    g->raw_eof = n == 0;
    g->zs.avail_in = (uInt)(keep + (size_t)n);
    return 0;
}

/* After a member: zeros to the end of input are padding, the rest is not. */
static void skip_padding(gzin_t *g)
{
    for (;;) {
        for (uInt i = 0; i < g->zs.avail_in; i++) {
            if (g->zs.next_in[i]) {
                fail(g, GZIN_ETRAIL);
                return;
            }
        }
        g->consumed += g->zs.avail_in;
        g->zs.avail_in = 0;
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
    while (g->zs.avail_in < 2 && !g->raw_eof)
        if (refill_raw(g) < 0)
            return;
    const unsigned char *p = g->zs.next_in;
    if (g->zs.avail_in == 0) {
        g->state = GZIN_S_DONE;
    } else if (p[0] == 0x1f && (g->zs.avail_in == 1 || p[1] == 0x8b)) {
        if (g->zs.avail_in == 1)
            fail(g, GZIN_ETRUNC);
        else if (inflateReset(&g->zs) != Z_OK)
            fail(g, GZIN_ENOMEM);
        else
            g->state = GZIN_S_DATA;
    } else {
        skip_padding(g);
    }
}

/* One inflate call; records the member end or the error. */
static void inflate_step(gzin_t *g)
{
    const uInt in_before = g->zs.avail_in, out_before = g->zs.avail_out;
    const int ret = inflate(&g->zs, Z_NO_FLUSH);
    g->consumed += in_before - g->zs.avail_in;
    switch (ret) {
    case Z_STREAM_END:
        g->state = GZIN_S_MEMBER_END;
        return;
    case Z_OK:
        return;
    case Z_BUF_ERROR: /* no progress with input left: cannot happen */
        if (g->zs.avail_in == in_before && g->zs.avail_out == out_before &&
            g->zs.avail_in > 0)
            break;
        return;
    case Z_MEM_ERROR:
        fail(g, GZIN_ENOMEM);
        return;
    default:
        break;
    }
    strncpy(g->zmsg, g->zs.msg ? g->zs.msg : "inflate failed",
            sizeof g->zmsg - 1);
    g->zmsg[sizeof g->zmsg - 1] = '\0';
    fail(g, GZIN_ECORRUPT);
}

static long read_gzip(gzin_t *g, char *dst, size_t cap)
{
    g->zs.next_out = (Bytef *)dst;
    g->zs.avail_out = (uInt)cap;
    while (g->zs.avail_out == cap && !g->err && g->state != GZIN_S_DONE) {
        if (g->state == GZIN_S_MEMBER_END) {
            next_member(g);
            continue;
        }
        if (g->zs.avail_in == 0 && refill_raw(g) < 0)
            break;
        if (g->zs.avail_in == 0) {
            fail(g, GZIN_ETRUNC);
            break;
        }
        inflate_step(g);
    }
    const size_t produced = cap - g->zs.avail_out;
    if (produced > 0)
        return (long)produced;
    return g->err ? -1 : 0;
}

static long read_plain(gzin_t *g, char *dst, size_t cap)
{
    if (g->raw_pos < g->raw_end) {
        size_t n = g->raw_end - g->raw_pos;
        n = n < cap ? n : cap;
        memcpy(dst, g->raw + g->raw_pos, n);
        g->raw_pos += n;
        g->consumed += n;
        return (long)n;
    }
    if (g->raw_eof) {
        g->state = GZIN_S_DONE;
        return 0;
    }
    const long n = read_fd(g->fd, dst, cap);
    if (n < 0)
        return fail_sys(g, errno);
    if (n == 0) {
        g->raw_eof = 1;
        g->state = GZIN_S_DONE;
    }
    g->consumed += (uint64_t)n;
    return n;
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
    if (g->zinit) {
        g->zs.next_in = NULL;
        g->zs.avail_in = 0;
    }
}

void gzin_free(gzin_t *g)
{
    gzin_close(g);
    if (g->zinit)
        inflateEnd(&g->zs);
    free(g->raw);
    gzin_init(g);
}
