/*
 * sorter.c -- fixed-size records sorted in bounded memory (sorter.h).
 *
 * The buffer is sorted in place by an MSD radix sort on the records'
 * bytes (American flag sort: a count per byte value, records swapped into
 * their buckets, each bucket sorted on the next byte; short buckets by
 * insertion), which needs no second buffer, so the whole budget holds
 * records.  A full buffer becomes a run, appended to one temporary file
 * (made by mkstemp and unlinked at once, so nothing is left however the
 * process ends); a run is its offset and record count in that file, so
 * the number of runs costs no file descriptors.
 *
 * Reading back merges the runs through a binary heap of their current
 * records, each run read through its own buffer (pread at its offset),
 * the budget shared among them.  A buffer must hold at least MIN_BUF
 * bytes, which caps how many runs one merge can take (the fan-in); when
 * there are more, passes merge them a fan-in at a time into a second
 * file, which then replaces the first, until one merge can take them all,
 * as sort(1) does: any number of records sorts in any budget, at the cost
 * of one more pass over the disk each time the runs outnumber the fan-in
 * by another factor of it.  With a single run held in memory nothing
 * touches the disk.
 */
#define _DEFAULT_SOURCE /* pread */
#include "sorter.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MIN_RECORDS 64
#define SMALL 24        /* buckets this short: insertion sort */
#define MIN_BUF 4096    /* bytes of a run's buffer in a merge, at least */

typedef struct run {
    uint64_t off;       /* first byte in the run file */
    uint64_t left;      /* records not yet read into buf */
    uint8_t *buf;       /* records read, from pos to end */
    size_t pos, end;
} run_t;

struct sorter {
    size_t size, memory;
    char *dir;
    uint8_t *buf;       /* records being gathered (cap of them); in a
                         * merge, the runs' buffers and the output's */
    size_t n, cap;
    uint64_t count, spilled;
    int fd;             /* the run file, -1 before the first run */
    uint64_t fd_end;    /* its length */
    run_t *runs;        /* the runs, in fd */
    size_t nruns, runs_cap;
    size_t spills;      /* runs written from the buffer */
    size_t passes;      /* merge passes before the last merge */
    size_t *heap;       /* merge: runs by their current record */
    size_t nheap;
    size_t per_run;     /* merge: records per run buffer */
    size_t mem_pos;     /* one run in memory: the next record */
};

/* The directory temporary files go to: dir, else $TMPDIR, else /tmp. */
static const char *temp_dir(const char *dir)
{
    if (!dir || !*dir)
        dir = getenv("TMPDIR");
    return dir && *dir ? dir : "/tmp";
}

sorter_t *sorter_new(size_t size, size_t memory, const char *dir)
{
    if (size == 0 || size > 256)
        return NULL;
    sorter_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->size = size;
    s->memory = memory < MIN_RECORDS * size ? MIN_RECORDS * size : memory;
    s->fd = -1;
    s->dir = strdup(temp_dir(dir));
    if (!s->dir) {
        free(s);
        return NULL;
    }
    return s;
}

void sorter_free(sorter_t *s)
{
    if (!s)
        return;
    if (s->fd >= 0)
        close(s->fd);
    free(s->runs);
    free(s->heap);
    free(s->buf);
    free(s->dir);
    free(s);
}

uint64_t sorter_count(const sorter_t *s) { return s->count; }
size_t sorter_runs(const sorter_t *s) { return s->spills; }
size_t sorter_passes(const sorter_t *s) { return s->passes; }
uint64_t sorter_spilled(const sorter_t *s) { return s->spilled; }

static int nomem(sf_error_t *err)
{
    err->code = SF_ERR_NOMEM;
    snprintf(err->message, sizeof err->message, "out of memory");
    return -1;
}

/* A temporary file failed: "DIR: cannot WHAT a temporary file: why". */
static int io_fail(const char *dir, sf_error_t *err, const char *what, int e)
{
    err->code = SF_ERR_IO;
    snprintf(err->message, sizeof err->message,
             "%s: cannot %s a temporary file: %s", dir, what,
             strerror(e ? e : EIO));
    return -1;
}

/* A new temporary file in dir, already unlinked: its descriptor, or -1
 * with err filled. */
static int temp_file(const char *dir, sf_error_t *err)
{
    const size_t len = strlen(dir) + 32;
    char *path = malloc(len);
    if (!path)
        return nomem(err);
    snprintf(path, len, "%s/sudoflow-sort.XXXXXX", dir);
    const int fd = mkstemp(path);
    const int e = errno;
    if (fd >= 0)
        unlink(path);
    free(path);
    return fd >= 0 ? fd : io_fail(dir, err, "make", e);
}

int sorter_check_dir(const char *dir, sf_error_t *err)
{
    const int fd = temp_file(temp_dir(dir), err);
    if (fd < 0)
        return -1;
    close(fd);
    return 0;
}

/* ----------------------------------------------------------- sorting */

static void swap_rec(uint8_t *a, uint8_t *b, size_t size)
{
    uint8_t t[256];
    memcpy(t, a, size);
    memcpy(a, b, size);
    memcpy(b, t, size);
}

/* n records at base, equal in bytes before `from`: by insertion. */
static void insertion(uint8_t *base, size_t n, size_t size, size_t from)
{
    uint8_t t[256];
    for (size_t i = 1; i < n; i++) {
        uint8_t *p = base + i * size;
        if (memcmp(p - size + from, p + from, size - from) <= 0)
            continue;
        memcpy(t, p, size);
        size_t j = i;
        while (j > 0 &&
               memcmp(base + (j - 1) * size + from, t + from, size - from) > 0)
            j--;
        memmove(base + (j + 1) * size, base + j * size, (i - j) * size);
        memcpy(base + j * size, t, size);
    }
}

/* n records at base, equal in bytes before `byte`: American flag sort. */
static void flag_sort(uint8_t *base, size_t n, size_t size, size_t byte)
{
    if (byte >= size)
        return;
    if (n <= SMALL) {
        insertion(base, n, size, byte);
        return;
    }
    size_t count[256] = {0}, next[256], end[256];
    for (size_t i = 0; i < n; i++)
        count[base[i * size + byte]]++;
    size_t at = 0;
    for (int v = 0; v < 256; v++) {
        next[v] = at;
        at += count[v];
        end[v] = at;
    }
    for (int v = 0; v < 256; v++)
        while (next[v] < end[v]) {
            uint8_t *p = base + next[v] * size;
            const uint8_t w = p[byte];
            if (w == v)
                next[v]++;
            else
                swap_rec(p, base + next[w]++ * size, size);
        }
    for (int v = 0, from = 0; v < 256; from += (int)count[v], v++)
        if (count[v] > 1)
            flag_sort(base + (size_t)from * size, count[v], size, byte + 1);
}

/* ------------------------------------------------------------- runs */

/* Write len bytes of p at the end of file fd (*end bytes long). */
static int append(int fd, uint64_t *end, const void *p, size_t len,
                  const char *dir, sf_error_t *err)
{
    const uint8_t *b = p;
    while (len > 0) {
        const ssize_t got = write(fd, b, len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return io_fail(dir, err, "write", got < 0 ? errno : ENOSPC);
        b += got;
        len -= (size_t)got;
        *end += (uint64_t)got;
    }
    return 0;
}

/* Note a run of count records at offset off of the run file. */
static int add_run(run_t **runs, size_t *n, size_t *cap, uint64_t off,
                   uint64_t count, sf_error_t *err)
{
    if (*n == *cap) {
        const size_t c = *cap ? 2 * *cap : 8;
        run_t *r = realloc(*runs, c * sizeof *r);
        if (!r)
            return nomem(err);
        *runs = r;
        *cap = c;
    }
    (*runs)[(*n)++] = (run_t){.off = off, .left = count};
    return 0;
}

/* The buffer, sorted, as a run at the end of the run file. */
static int spill(sorter_t *s, sf_error_t *err)
{
    flag_sort(s->buf, s->n, s->size, 0);
    if (s->fd < 0 && (s->fd = temp_file(s->dir, err)) < 0)
        return -1;
    const uint64_t off = s->fd_end;
    if (add_run(&s->runs, &s->nruns, &s->runs_cap, off, s->n, err) != 0 ||
        append(s->fd, &s->fd_end, s->buf, s->n * s->size, s->dir, err) != 0)
        return -1;
    s->spilled += (uint64_t)s->n * s->size;
    s->spills++;
    s->n = 0;
    return 0;
}

int sorter_add(sorter_t *s, const void *rec, sf_error_t *err)
{
    if (s->n == s->cap) {
        const size_t most = s->memory / s->size;
        if (s->cap < most) { /* grow toward the budget */
            size_t cap = s->cap ? 2 * s->cap : MIN_RECORDS;
            if (cap > most)
                cap = most;
            uint8_t *b = realloc(s->buf, cap * s->size);
            if (!b)
                return nomem(err);
            s->buf = b;
            s->cap = cap;
        } else if (spill(s, err) != 0) {
            return -1;
        }
    }
    memcpy(s->buf + s->n++ * s->size, rec, s->size);
    s->count++;
    return 0;
}

/* -------------------------------------------------------------- merge */

static const uint8_t *head(const sorter_t *s, size_t i)
{
    const run_t *r = &s->runs[i];
    return r->buf + r->pos * s->size;
}

static int below(const sorter_t *s, size_t a, size_t b)
{
    return memcmp(head(s, a), head(s, b), s->size) < 0;
}

static void sift_down(sorter_t *s, size_t i)
{
    for (;;) {
        size_t m = i;
        const size_t l = 2 * i + 1, r = l + 1;
        if (l < s->nheap && below(s, s->heap[l], s->heap[m]))
            m = l;
        if (r < s->nheap && below(s, s->heap[r], s->heap[m]))
            m = r;
        if (m == i)
            return;
        const size_t t = s->heap[i];
        s->heap[i] = s->heap[m];
        s->heap[m] = t;
        i = m;
    }
}

/* Refill run i's buffer: 1 when it has records, 0 when done, -1. */
static int refill(sorter_t *s, size_t i, sf_error_t *err)
{
    run_t *r = &s->runs[i];
    if (r->pos < r->end)
        return 1;
    if (r->left == 0)
        return 0;
    const size_t want = r->left < s->per_run ? (size_t)r->left : s->per_run;
    const size_t bytes = want * s->size;
    size_t got = 0;
    while (got < bytes) {
        const ssize_t k = pread(s->fd, r->buf + got, bytes - got,
                                (off_t)(r->off + got));
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return io_fail(s->dir, err, "read back", k < 0 ? errno : EIO);
        got += (size_t)k;
    }
    r->off += bytes;
    r->left -= want;
    r->pos = 0;
    r->end = want;
    return 1;
}

/* Start merging runs [first, first + n): each gets per_run records of
 * the buffer, from its start, and its first records. */
static int merge_begin(sorter_t *s, size_t first, size_t n, sf_error_t *err)
{
    s->nheap = 0;
    for (size_t k = 0; k < n; k++) {
        run_t *r = &s->runs[first + k];
        r->buf = s->buf + k * s->per_run * s->size;
        r->pos = r->end = 0;
        const int got = refill(s, first + k, err);
        if (got < 0)
            return -1;
        if (got)
            s->heap[s->nheap++] = first + k;
    }
    for (size_t i = s->nheap / 2; i-- > 0;)
        sift_down(s, i);
    return 0;
}

/* The next record of the merge into rec: 1, 0 after the last, -1. */
static int merge_next(sorter_t *s, void *rec, sf_error_t *err)
{
    if (s->nheap == 0)
        return 0;
    const size_t i = s->heap[0];
    memcpy(rec, head(s, i), s->size);
    s->runs[i].pos++;
    const int got = refill(s, i, err);
    if (got < 0)
        return -1;
    if (!got)
        s->heap[0] = s->heap[--s->nheap];
    sift_down(s, 0);
    return 1;
}

/* Runs one merge can take: as many buffers of MIN_BUF bytes (and MIN
 * records) as the budget holds, one of them the output's. */
static size_t fan_in(const sorter_t *s)
{
    size_t per = MIN_BUF / s->size;
    per = per < MIN_RECORDS ? MIN_RECORDS : per;
    const size_t k = s->memory / (per * s->size);
    return k > 3 ? k - 1 : 2;
}

/* Merge runs [first, first + n) into one run appended to file fd (*end
 * bytes long), through the output buffer out of s->per_run records. */
static int merge_into(sorter_t *s, size_t first, size_t n, int fd,
                      uint64_t *end, uint8_t *out, sf_error_t *err)
{
    if (merge_begin(s, first, n, err) != 0)
        return -1;
    size_t k = 0;
    int got;
    while ((got = merge_next(s, out + k * s->size, err)) == 1)
        if (++k == s->per_run) {
            if (append(fd, end, out, k * s->size, s->dir, err) != 0)
                return -1;
            k = 0;
        }
    if (got < 0)
        return -1;
    return append(fd, end, out, k * s->size, s->dir, err);
}

/* One pass: the runs merged a fan-in at a time into a new run file,
 * which replaces the old one. */
static int merge_pass(sorter_t *s, size_t way, sf_error_t *err)
{
    const int fd = temp_file(s->dir, err);
    if (fd < 0)
        return -1;
    run_t *runs = NULL;
    size_t n = 0, cap = 0;
    uint64_t end = 0;
    uint8_t *out = s->buf + way * s->per_run * s->size;
    int rc = 0;
    for (size_t first = 0; rc == 0 && first < s->nruns; first += way) {
        const size_t k = s->nruns - first < way ? s->nruns - first : way;
        uint64_t count = 0;
        for (size_t i = first; i < first + k; i++)
            count += s->runs[i].left;
        const uint64_t off = end;
        rc = add_run(&runs, &n, &cap, off, count, err);
        if (rc == 0)
            rc = merge_into(s, first, k, fd, &end, out, err);
    }
    if (rc != 0) {
        close(fd);
        free(runs);
        return -1;
    }
    close(s->fd);
    free(s->runs);
    s->fd = fd;
    s->fd_end = end;
    s->runs = runs;
    s->nruns = n;
    s->runs_cap = cap;
    s->passes++;
    return 0;
}

int sorter_sort(sorter_t *s, sf_error_t *err)
{
    if (s->nruns == 0) { /* all in memory */
        flag_sort(s->buf, s->n, s->size, 0);
        return 0;
    }
    if (s->n && spill(s, err) != 0)
        return -1;
    const size_t way = fan_in(s);
    s->heap = malloc((s->nruns < way ? s->nruns : way) * sizeof *s->heap);
    if (!s->heap)
        return nomem(err);
    free(s->buf);
    s->cap = 0;
    s->per_run = s->memory / s->size / (way + 1);
    if (s->per_run < MIN_RECORDS)
        s->per_run = MIN_RECORDS;
    s->buf = malloc((way + 1) * s->per_run * s->size);
    if (!s->buf)
        return nomem(err);
    while (s->nruns > way)
        if (merge_pass(s, way, err) != 0)
            return -1;
    s->per_run = (way + 1) * s->per_run / s->nruns; /* the whole buffer */
    return merge_begin(s, 0, s->nruns, err);
}

int sorter_next(sorter_t *s, void *rec, sf_error_t *err)
{
    if (s->nruns == 0) {
        if (s->mem_pos == s->n)
            return 0;
        memcpy(rec, s->buf + s->mem_pos++ * s->size, s->size);
        return 1;
    }
    return merge_next(s, rec, err);
}
