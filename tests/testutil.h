/*
 * testutil.h -- small helpers shared by the unit tests: a growable text
 * buffer, reading and writing whole files, a fresh temporary directory per
 * test, gzip members made and unpacked with zlib, puzzle files loaded into
 * memory (the public benchmark sets where SF_DATA names them), geometries
 * made from the option texts, and deterministic pseudo-random numbers.
 *
 * Everything is `static inline`, so each test program takes only what it
 * uses and nothing needs linking.  Helpers check their own work with cmocka
 * assertions: a failure there fails the test that called them.  A text
 * buffer starts zeroed (`text_t t = {0};`) and is always NUL-terminated
 * once anything has been put into it.
 */
#ifndef SF_TESTUTIL_H
#define SF_TESTUTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "sudoflow.h"

/* ---------------------------------------------------------- geometry */

/* A geometry from the option texts (sf_geometry_spec_t); a failure there
 * fails the test with the library's reason. */
static inline sf_geometry_t *geometry_or_fail(const char *size,
                                              const char *regions,
                                              const char *variant)
{
    const sf_geometry_spec_t spec = {size, regions, variant, {0}};
    sf_error_t err;
    sf_geometry_t *g = sf_geometry_new(&spec, &err);
    if (!g)
        fail_msg("%s: %s", size ? size : "(map)", err.message);
    return g;
}

/* ------------------------------------------------------------ random */

/* Deterministic pseudo-random numbers (xorshift64*); *s must not be 0. */
static inline uint64_t rnd_next(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

/* -------------------------------------------------------------- text */

/* A growing byte string, NUL-terminated after its n bytes. */
typedef struct text {
    char *p;
    size_t n, cap;
} text_t;

/* Append n bytes of s. */
static inline void tput(text_t *t, const void *s, size_t n)
{
    if (t->n + n + 1 > t->cap) {
        t->cap = 2 * (t->n + n + 1);
        t->p = realloc(t->p, t->cap);
        assert_non_null(t->p);
    }
    if (n)
        memcpy(t->p + t->n, s, n);
    t->n += n;
    t->p[t->n] = '\0';
}

/* Append a C string. */
static inline void tputs(text_t *t, const char *s) { tput(t, s, strlen(s)); }

/* Append formatted text (up to 4 KiB per call). */
__attribute__((format(printf, 2, 3)))
static inline void tprintf(text_t *t, const char *fmt, ...)
{
    char tmp[4096];
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    assert_true(n >= 0 && (size_t)n < sizeof tmp);
    tput(t, tmp, (size_t)n);
}

/* Release the buffer and leave it empty, ready for reuse. */
static inline void tfree(text_t *t)
{
    free(t->p);
    memset(t, 0, sizeof *t);
}

/* ------------------------------------------------------------- files */

/* Whole content of the file at path, NUL-terminated, to be freed; its
 * length in *n unless n is NULL.  The file must be readable. */
static inline char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    text_t t = {0};
    char buf[65536];
    size_t got;
    tput(&t, "", 0);
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        tput(&t, buf, got);
    fclose(f);
    if (n)
        *n = t.n;
    return t.p;
}

/* Create or replace the file at path with n bytes of data. */
static inline void spit(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

/* -------------------------------------------------------------- gzip */

/* Append one gzip member holding data, deflated at level (0: stored), with
 * the optional header fields in hdr (NULL: none). */
static inline void gz_member_level(text_t *out, const void *data, size_t n,
                                   int level, gz_header *hdr)
{
    z_stream zs;
    memset(&zs, 0, sizeof zs);
    assert_int_equal(deflateInit2(&zs, level, Z_DEFLATED, 31, 8,
                                  Z_DEFAULT_STRATEGY), Z_OK);
    if (hdr)
        assert_int_equal(deflateSetHeader(&zs, hdr), Z_OK);
    const size_t cap = deflateBound(&zs, (uLong)n) + 64;
    unsigned char *buf = malloc(cap);
    assert_non_null(buf);
    zs.next_in = (Bytef *)(uintptr_t)data;
    zs.avail_in = (uInt)n;
    zs.next_out = buf;
    zs.avail_out = (uInt)cap;
    assert_int_equal(deflate(&zs, Z_FINISH), Z_STREAM_END);
    tput(out, buf, zs.total_out);
    deflateEnd(&zs);
    free(buf);
}

/* Append one gzip member holding data at the default level 6. */
static inline void gz_member(text_t *out, const void *data, size_t n)
{
    gz_member_level(out, data, n, 6, NULL);
}

/* Inflate a whole (possibly multi-member) gzip stream; returns the bytes
 * (malloc'd, NUL-terminated) and their count in *n.  Fails unless every
 * member is complete and nothing but members is there.  *members gets
 * their count. */
static inline char *gunzip(const char *in, size_t len, size_t *n,
                           int *members)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    assert_int_equal(inflateInit2(&z, 15 + 16), Z_OK);
    size_t cap = 65536, used = 0;
    char *out = malloc(cap + 1);
    assert_non_null(out);
    z.next_in = (Bytef *)(uintptr_t)in;
    z.avail_in = (uInt)len;
    *members = 0;
    while (z.avail_in > 0) {
        if (used == cap) {
            cap *= 2;
            out = realloc(out, cap + 1);
            assert_non_null(out);
        }
        z.next_out = (Bytef *)out + used;
        z.avail_out = (uInt)(cap - used);
        const int rc = inflate(&z, Z_NO_FLUSH);
        used = cap - z.avail_out;
        if (rc == Z_STREAM_END) {
            ++*members;
            assert_int_equal(inflateReset(&z), Z_OK);
            continue;
        }
        assert_int_equal(rc, Z_OK);
    }
    /* The last member ended exactly at the end of the input. */
    z.next_out = (Bytef *)out + used;
    z.avail_out = (uInt)(cap - used);
    assert_int_equal(inflate(&z, Z_FINISH), Z_BUF_ERROR);
    assert_int_equal(z.total_out, 0);
    inflateEnd(&z);
    out[used] = '\0';
    *n = used;
    return out;
}

/* ----------------------------------------------------------- puzzles */

/* The path of a public benchmark set (17_clue.txt, top1465.txt,
 * hardest_1106.txt) in the directory SF_DATA names (`make test-data` sets
 * it), or NULL when SF_DATA is not set: the test that wants it then skips
 * itself, and this says why, once per program. */
static inline const char *public_set(const char *name, char *buf, size_t cap)
{
    static int told;
    const char *dir = getenv("SF_DATA");
    if (!dir || !*dir) {
        if (!told++)
            printf("   (tests on %s and the other public sets skipped: "
                   "make test-data runs them, SF_DATA=DIR names the "
                   "directory)\n", name);
        return NULL;
    }
    snprintf(buf, cap, "%s/%s", dir, name);
    return buf;
}

/* The puzzles of a line-format file, plain or gzip: '#' comment lines and
 * blank lines are skipped, every other line must start with 81 cells
 * (1-9, '0' or '.').  Returns *n * 81 cells in a malloc'd array, or NULL
 * with *n = 0 when the file cannot be read. */
static inline uint8_t *load_puzzles(const char *path, size_t *n)
{
    *n = 0;
    if (access(path, R_OK) != 0)
        return NULL;
    size_t len;
    char *text = slurp(path, &len);
    if (len >= 2 && (unsigned char)text[0] == 0x1f &&
        (unsigned char)text[1] == 0x8b) {
        int members;
        char *raw = text;
        text = gunzip(raw, len, &len, &members);
        free(raw);
    }
    uint8_t *cells = malloc(len / 81 * 81 + 81);
    assert_non_null(cells);
    for (char *line = text, *end; line < text + len; line = end + 1) {
        end = memchr(line, '\n', (size_t)(text + len - line));
        if (!end)
            end = text + len;
        const size_t w = (size_t)(end - line) - (end > line && end[-1] == '\r');
        if (w == 0 || line[0] == '#')
            continue;
        assert_true(w >= 81);
        for (int i = 0; i < 81; i++) {
            const char c = line[i];
            assert_true((c >= '0' && c <= '9') || c == '.');
            cells[81 * *n + i] = c == '.' ? 0 : (uint8_t)(c - '0');
        }
        ++*n;
    }
    free(text);
    return cells;
}

/* ------------------------------------------------- temporary directory */

/* A directory of its own for one test, and how many names dir_file has
 * handed out in it. */
typedef struct dir {
    char path[64];
    int files;
} dir_t;

/* cmocka setup: a fresh mkdtemp directory under /tmp as the test state. */
static inline int make_dir(void **state)
{
    dir_t *d = calloc(1, sizeof *d);
    if (!d)
        return -1;
    snprintf(d->path, sizeof d->path, "/tmp/sf_test_XXXXXX");
    if (!mkdtemp(d->path)) {
        free(d);
        return -1;
    }
    *state = d;
    return 0;
}

/* cmocka teardown: remove the directory with the files in it, whether the
 * test passed or not. */
static inline int remove_dir(void **state)
{
    dir_t *d = *state;
    DIR *dir = opendir(d->path);
    if (!dir)
        return -1;
    const struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        char p[512];
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(p, sizeof p, "%s/%s", d->path, e->d_name);
        unlink(p);
    }
    closedir(dir);
    const int rc = rmdir(d->path);
    free(d);
    return rc;
}

/* A file name in d not handed out before, ending in ext; to be freed. */
static inline char *dir_file(dir_t *d, const char *ext)
{
    char *p = malloc(128);
    assert_non_null(p);
    snprintf(p, 128, "%s/f%d%s", d->path, d->files++, ext);
    return p;
}

#endif
