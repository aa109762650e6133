/*
 * fuzzutil.h -- what the fuzz targets share.
 *
 * A target reads its choices from the fuzzer's bytes front to back through
 * an fz_t: every choice takes a byte or two, and an input that runs out
 * reads as zeros, so any byte string is a complete test case and a small
 * change of the input makes a small change of the case.  From the bytes
 * come puzzles (clues picked from a solution grid, plus a few arbitrary
 * digits, or sparse arbitrary givens: unique, multiple and contradictory
 * puzzles are all common), transforms, file contents and options.
 *
 * A violated property is reported by FZ_CHECK, which prints what failed
 * and aborts, so libFuzzer records the input as a crash.  Files a target
 * needs go to a scratch directory of its own (under $TMPDIR or /tmp),
 * removed at exit.  Everything is `static inline`; each target includes
 * this file once.
 */
#ifndef SF_FUZZUTIL_H
#define SF_FUZZUTIL_H

#include <dirent.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "sudoflow.h"

/* ------------------------------------------------------------- checks */

__attribute__((noreturn, format(printf, 4, 5)))
static inline void fz_fail(const char *file, int line, const char *cond,
                           const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "\n%s:%d: check failed: %s\n  ", file, line, cond);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

/* Abort with a message (printf arguments) unless cond holds. */
#define FZ_CHECK(cond, ...)                                               \
    do {                                                                  \
        if (!(cond))                                                      \
            fz_fail(__FILE__, __LINE__, #cond, __VA_ARGS__);              \
    } while (0)

/* 81 cells as a string for messages ('.' for 0, '?' above 9). */
static inline const char *fz_cells_str(const uint8_t *c, char buf[82])
{
    for (int i = 0; i < 81; i++)
        buf[i] = c[i] == 0 ? '.' : c[i] <= 9 ? (char)('0' + c[i]) : '?';
    buf[81] = '\0';
    return buf;
}

/* ------------------------------------------------------ input bytes */

typedef struct fz {
    const uint8_t *p; /* next unread byte */
    size_t n;         /* bytes left */
} fz_t;

static inline unsigned fz_byte(fz_t *f)
{
    if (f->n == 0)
        return 0;
    f->n--;
    return *f->p++;
}

/* A number below n (1 <= n <= 65536): one byte, two when n > 256. */
static inline unsigned fz_below(fz_t *f, unsigned n)
{
    unsigned v = fz_byte(f);
    if (n > 256)
        v = v << 8 | fz_byte(f);
    return v % n;
}

/* The rest of the bytes, all taken. */
static inline const uint8_t *fz_rest(fz_t *f, size_t *n)
{
    const uint8_t *p = f->p;
    *n = f->n;
    f->p += f->n;
    f->n = 0;
    return p;
}

/* -------------------------------------------------- random numbers */

/* A small deterministic generator (splitmix64) for choices that need many
 * random numbers from a few input bytes. */
static inline uint64_t fz_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* --------------------------------------------------------- puzzles */

static inline int fz_box(int cell) { return cell / 27 * 3 + cell % 9 / 3; }

/* d may go at cell of g (no equal digit among its peers). */
static inline int fz_fits(const uint8_t *g, int cell, int d)
{
    const int r = cell / 9, c = cell % 9, b = fz_box(cell);
    for (int i = 0; i < 81; i++)
        if (g[i] == d && i != cell &&
            (i / 9 == r || i % 9 == c || fz_box(i) == b))
            return 0;
    return 1;
}

/* Fill g from cell k on, digits tried in an order drawn from s; gives up
 * (0) when *budget runs out. */
static inline int fz_fill(uint8_t *g, int k, uint64_t *s, long *budget)
{
    if (k == 81)
        return 1;
    uint8_t order[9];
    for (int i = 0; i < 9; i++)
        order[i] = (uint8_t)(i + 1);
    for (int i = 8; i > 0; i--) {
        const int j = (int)(fz_rand(s) % (uint64_t)(i + 1));
        const uint8_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (int i = 0; i < 9; i++) {
        if (--*budget < 0)
            return 0;
        if (!fz_fits(g, k, order[i]))
            continue;
        g[k] = order[i];
        if (fz_fill(g, k + 1, s, budget))
            return 1;
        g[k] = 0;
    }
    return 0;
}

/* A complete valid grid drawn from two input bytes (a fixed pattern when
 * the random fill takes too long, which is rare). */
static inline void fz_grid(fz_t *f, uint8_t g[81])
{
    const unsigned hi = fz_byte(f);
    uint64_t s = 0x5eed0000u + (hi << 8 | fz_byte(f));
    long budget = 20000;
    memset(g, 0, 81);
    if (fz_fill(g, 0, &s, &budget))
        return;
    for (int i = 0; i < 81; i++)
        g[i] = (uint8_t)((i / 9 * 3 + i / 27 + i % 9) % 9 + 1);
}

/* A puzzle from the bytes, and (when grid is not NULL) the grid its clues
 * came from, or zeros for a sparse arbitrary puzzle.  One mode byte:
 *   mostly  k cells chosen by the bytes keep the grid's digit (k from a
 *           byte: few clues give several solutions, many give one), then
 *           up to three arbitrary cells are overwritten (often making the
 *           puzzle contradictory or unsolvable);
 *   else    up to 39 arbitrary givens on an empty grid. */
static inline void fz_puzzle(fz_t *f, uint8_t p[81], uint8_t grid[81])
{
    uint8_t g[81];
    const unsigned mode = fz_byte(f);
    memset(p, 0, 81);
    memset(g, 0, 81);
    if (mode % 8 != 7) {
        fz_grid(f, g);
        const unsigned k = fz_below(f, 82);
        for (unsigned i = 0; i < k && f->n > 0; i++) {
            const unsigned cell = fz_below(f, 81);
            p[cell] = g[cell];
        }
        for (unsigned m = mode / 8 % 4; m > 0; m--) {
            const unsigned cell = fz_below(f, 81);
            p[cell] = (uint8_t)fz_below(f, 10);
        }
    } else {
        for (unsigned n = fz_below(f, 40); n > 0; n--) {
            const unsigned cell = fz_below(f, 81);
            p[cell] = (uint8_t)(1 + fz_below(f, 9));
        }
    }
    if (grid)
        memcpy(grid, g, 81);
}

/* ------------------------------------------------------- transforms */

/* An order of 9 lines that keeps chutes whole: a chute order and a line
 * order within each chute, each one of the six permutations of three. */
static inline void fz_lines(fz_t *f, uint8_t line[9])
{
    static const uint8_t perm3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                        {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    const uint8_t *chute = perm3[fz_below(f, 6)];
    for (int k = 0; k < 3; k++) {
        const uint8_t *in = perm3[fz_below(f, 6)];
        for (int j = 0; j < 3; j++)
            line[3 * k + j] = (uint8_t)(3 * chute[k] + in[j]);
    }
}

/* A validity-preserving transform from the bytes (any byte string gives
 * one: transpose, rows, columns, a digit permutation). */
static inline void fz_xform(fz_t *f, sf_xform_t *t)
{
    t->transpose = (uint8_t)(fz_byte(f) & 1);
    fz_lines(f, t->row);
    fz_lines(f, t->col);
    t->digit[0] = 0;
    for (int d = 1; d <= 9; d++)
        t->digit[d] = (uint8_t)d;
    for (int d = 9; d > 1; d--) {
        const int j = 1 + (int)fz_below(f, (unsigned)d);
        const uint8_t s = t->digit[d];
        t->digit[d] = t->digit[j];
        t->digit[j] = s;
    }
}

/* 1 when t is one of the transforms sf_xform_t describes: lines keep
 * chutes whole, digits are a permutation with 0 fixed. */
static inline int fz_xform_ok(const sf_xform_t *t)
{
    unsigned seen = 0;
    if (t->transpose > 1 || t->digit[0] != 0)
        return 0;
    for (int d = 1; d <= 9; d++) {
        if (t->digit[d] < 1 || t->digit[d] > 9 || seen >> t->digit[d] & 1)
            return 0;
        seen |= 1u << t->digit[d];
    }
    for (int pass = 0; pass < 2; pass++) {
        const uint8_t *l = pass ? t->col : t->row;
        unsigned used = 0;
        for (int i = 0; i < 9; i++) {
            if (l[i] > 8 || used >> l[i] & 1 || l[i] / 3 != l[i / 3 * 3] / 3)
                return 0;
            used |= 1u << l[i];
        }
    }
    return 1;
}

/* ----------------------------------------------------------- buffers */

typedef struct fz_buf {
    unsigned char *p;
    size_t n, cap;
} fz_buf_t;

static inline void fz_put(fz_buf_t *b, const void *s, size_t n)
{
    if (b->n + n > b->cap) {
        b->cap = 2 * (b->n + n) + 64;
        b->p = realloc(b->p, b->cap);
        FZ_CHECK(b->p != NULL, "out of memory");
    }
    if (n)
        memcpy(b->p + b->n, s, n);
    b->n += n;
}

/* Append one gzip member holding n bytes of s, deflated at level 0..9. */
static inline void fz_gzip_member(fz_buf_t *b, const void *s, size_t n,
                                  int level)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    FZ_CHECK(deflateInit2(&z, level, Z_DEFLATED, 15 + 16, 8,
                          Z_DEFAULT_STRATEGY) == Z_OK, "deflateInit2");
    const size_t bound = deflateBound(&z, (uLong)n) + 64;
    if (b->n + bound > b->cap) {
        b->cap = b->n + bound;
        b->p = realloc(b->p, b->cap);
        FZ_CHECK(b->p != NULL, "out of memory");
    }
    z.next_in = (Bytef *)(uintptr_t)s;
    z.avail_in = (uInt)n;
    z.next_out = b->p + b->n;
    z.avail_out = (uInt)bound;
    FZ_CHECK(deflate(&z, Z_FINISH) == Z_STREAM_END, "deflate");
    b->n += z.total_out;
    deflateEnd(&z);
}

/* ------------------------------------------------------------- files */

/* The target's scratch directory, made on first use and removed (with the
 * files in it) at exit. */
static char fz_dir_path[256];

static inline void fz_dir_remove(void)
{
    DIR *d = opendir(fz_dir_path);
    if (d) {
        struct dirent *e;
        char path[512];
        while ((e = readdir(d)) != NULL) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            snprintf(path, sizeof path, "%s/%s", fz_dir_path, e->d_name);
            unlink(path);
        }
        closedir(d);
    }
    rmdir(fz_dir_path);
}

static inline const char *fz_dir(void)
{
    if (!fz_dir_path[0]) {
        const char *tmp = getenv("TMPDIR");
        snprintf(fz_dir_path, sizeof fz_dir_path, "%s/sf_fuzz_XXXXXX",
                 tmp && *tmp ? tmp : "/tmp");
        FZ_CHECK(mkdtemp(fz_dir_path) != NULL, "mkdtemp %s", fz_dir_path);
        atexit(fz_dir_remove);
    }
    return fz_dir_path;
}

/* dir/name into buf (of 512 bytes). */
static inline const char *fz_path(char buf[512], const char *name)
{
    snprintf(buf, 512, "%s/%s", fz_dir(), name);
    return buf;
}

static inline void fz_write_file(const char *path, const void *s, size_t n)
{
    FILE *f = fopen(path, "wb");
    FZ_CHECK(f != NULL, "cannot create %s", path);
    FZ_CHECK(fwrite(s, 1, n, f) == n && fclose(f) == 0, "cannot write %s",
             path);
}

/* Whole file into b (emptied first); 0, or -1 when it cannot be opened. */
static inline int fz_read_file(const char *path, fz_buf_t *b)
{
    char tmp[65536];
    size_t got;
    FILE *f = fopen(path, "rb");
    b->n = 0;
    if (!f)
        return -1;
    while ((got = fread(tmp, 1, sizeof tmp, f)) > 0)
        fz_put(b, tmp, got);
    fclose(f);
    return 0;
}

#endif
