/*
 * sorter.c -- fixed-size records sorted in bounded memory (sorter.h).
 *
 * The buffer is sorted in place by an MSD radix sort on the records'
 * bytes (American flag sort: a count per byte value, records swapped into
 * their buckets, each bucket sorted on the next byte; short buckets by
 * insertion), which needs no second buffer, so the whole budget holds
 * records.  A full buffer becomes a run: written to a temporary file made
 * by mkstemp and unlinked at once.  Reading back merges the runs through
 * a binary heap of their current records, each run read through its own
 * buffer, the budget shared among them; with a single run held in memory
 * nothing touches the disk.
 */
#include "sorter.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MIN_RECORDS 64
#define SMALL 24 /* buckets this short: insertion sort */

typedef struct run {
    FILE *f;
    uint64_t left;      /* records not yet read into buf */
    uint8_t *buf;       /* records read, from pos to end */
    size_t pos, end;
} run_t;

struct sorter {
    size_t size, memory;
    char *dir;
    uint8_t *buf;       /* records being gathered (cap of them) */
    size_t n, cap;
    uint64_t count, spilled;
    run_t *runs;        /* written runs */
    size_t nruns, runs_cap;
    size_t *heap;       /* merge: runs by their current record */
    size_t nheap;
    size_t mem_pos;     /* one run in memory: the next record */
};

sorter_t *sorter_new(size_t size, size_t memory, const char *dir)
{
    if (size == 0 || size > 256)
        return NULL;
    sorter_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->size = size;
    s->memory = memory < MIN_RECORDS * size ? MIN_RECORDS * size : memory;
    if (!dir || !*dir)
        dir = getenv("TMPDIR");
    s->dir = strdup(dir && *dir ? dir : "/tmp");
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
    for (size_t i = 0; i < s->nruns; i++) {
        if (s->runs[i].f)
            fclose(s->runs[i].f);
        free(s->runs[i].buf);
    }
    free(s->runs);
    free(s->heap);
    free(s->buf);
    free(s->dir);
    free(s);
}

uint64_t sorter_count(const sorter_t *s) { return s->count; }
size_t sorter_runs(const sorter_t *s) { return s->nruns; }
uint64_t sorter_spilled(const sorter_t *s) { return s->spilled; }

static int nomem(sf_error_t *err)
{
    err->code = SF_ERR_NOMEM;
    snprintf(err->message, sizeof err->message, "out of memory");
    return -1;
}

/* A temporary file failed: "DIR: cannot WHAT a temporary file: why". */
static int io_fail(const sorter_t *s, sf_error_t *err, const char *what,
                   int e)
{
    err->code = SF_ERR_IO;
    snprintf(err->message, sizeof err->message,
             "%s: cannot %s a temporary file: %s", s->dir, what,
             strerror(e ? e : EIO));
    return -1;
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

/* The buffer, sorted, as a run on disk. */
static int spill(sorter_t *s, sf_error_t *err)
{
    flag_sort(s->buf, s->n, s->size, 0);
    if (s->nruns == s->runs_cap) {
        const size_t cap = s->runs_cap ? 2 * s->runs_cap : 8;
        run_t *r = realloc(s->runs, cap * sizeof *r);
        if (!r)
            return nomem(err);
        s->runs = r;
        s->runs_cap = cap;
    }
    const size_t len = strlen(s->dir) + 32;
    char *path = malloc(len);
    if (!path)
        return nomem(err);
    snprintf(path, len, "%s/sudoflow-sort.XXXXXX", s->dir);
    const int fd = mkstemp(path);
    if (fd < 0) {
        const int e = errno;
        free(path);
        return io_fail(s, err, "make", e);
    }
    unlink(path);
    free(path);
    FILE *f = fdopen(fd, "w+b");
    if (!f) {
        close(fd);
        return nomem(err);
    }
    run_t *r = &s->runs[s->nruns++];
    memset(r, 0, sizeof *r);
    r->f = f;
    r->left = s->n;
    if (s->n && fwrite(s->buf, s->size, s->n, f) != s->n) {
        const int e = errno;
        return io_fail(s, err, "write", e ? e : ENOSPC);
    }
    if (fflush(f) != 0) {
        const int e = errno;
        return io_fail(s, err, "write", e);
    }
    s->spilled += (uint64_t)s->n * s->size;
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
static int refill(sorter_t *s, size_t i, size_t per_run, sf_error_t *err)
{
    run_t *r = &s->runs[i];
    if (r->pos < r->end)
        return 1;
    if (r->left == 0)
        return 0;
    const size_t want = r->left < per_run ? (size_t)r->left : per_run;
    if (fread(r->buf, s->size, want, r->f) != want) {
        const int e = errno;
        return io_fail(s, err, "read back", e);
    }
    r->left -= want;
    r->pos = 0;
    r->end = want;
    return 1;
}

int sorter_sort(sorter_t *s, sf_error_t *err)
{
    if (s->nruns == 0) { /* all in memory */
        flag_sort(s->buf, s->n, s->size, 0);
        return 0;
    }
    if (s->n && spill(s, err) != 0)
        return -1;
    free(s->buf);
    s->buf = NULL;
    s->cap = 0;
    size_t per_run = s->memory / s->size / s->nruns;
    if (per_run < MIN_RECORDS)
        per_run = MIN_RECORDS;
    s->heap = malloc(s->nruns * sizeof *s->heap);
    if (!s->heap)
        return nomem(err);
    for (size_t i = 0; i < s->nruns; i++) {
        run_t *r = &s->runs[i];
        if (fseek(r->f, 0, SEEK_SET) != 0) {
            const int e = errno;
            return io_fail(s, err, "read back", e);
        }
        if (!(r->buf = malloc(per_run * s->size)))
            return nomem(err);
        const int got = refill(s, i, per_run, err);
        if (got < 0)
            return -1;
        if (got)
            s->heap[s->nheap++] = i;
    }
    for (size_t i = s->nheap / 2; i-- > 0;)
        sift_down(s, i);
    s->n = per_run; /* from here: records per run buffer */
    return 0;
}

int sorter_next(sorter_t *s, void *rec, sf_error_t *err)
{
    if (s->nruns == 0) {
        if (s->mem_pos == s->n)
            return 0;
        memcpy(rec, s->buf + s->mem_pos++ * s->size, s->size);
        return 1;
    }
    if (s->nheap == 0)
        return 0;
    const size_t i = s->heap[0];
    memcpy(rec, head(s, i), s->size);
    s->runs[i].pos++;
    const int got = refill(s, i, s->n, err);
    if (got < 0)
        return -1;
    if (!got) {
        fclose(s->runs[i].f);
        s->runs[i].f = NULL;
        s->heap[0] = s->heap[--s->nheap];
    }
    sift_down(s, 0);
    return 1;
}
