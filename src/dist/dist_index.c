/*
 * dist_index.c -- the chunks of a plain file, found by all processes at
 * once (dist_index.h has the model).
 *
 * Pass 1 reads the process's byte range with pread() in blocks and cuts
 * it into segments of SEG bytes.  In a segment, a line starts at every
 * byte after a newline; when no line starting there begins with a byte
 * that could make it a comment or blank ('#', a space, a tab, CR, VT, FF
 * or a newline), every such line is a record, so finding the newlines
 * (memchr) counts the segment.  Otherwise the segment's lines are walked
 * one by one (below).  Every byte of the range is also searched for the
 * bytes that make the plan unsafe (1f; a quote in csv): the ranges cover
 * the rest of the file, so no walk needs to look again.  Pass 2 walks
 * only the segments in which a chunk starts, from the counts of pass 1,
 * to note the chunk's first line.
 *
 * The walk keeps of each line only what decides whether it is a record:
 * its first byte, its length without a CR, and whether it is blank.  A
 * line longer than the longest record is not held: its bytes are skipped
 * up to its newline (such a line is an invalid record unless it is a
 * comment, as in the reader).
 */
#define _GNU_SOURCE /* pread on 64-bit offsets */
#include "dist_index.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/parse.h"

#define SCAN_BLOCK ((size_t)1 << 18) /* bytes per pread (fits a core's L2) */
#define SEG ((size_t)1 << 16)         /* pass 1: counted per segment */

/* What one range holds (pass 1), exchanged between the processes. */
typedef struct index_part {
    uint64_t records, lines;
    uint64_t refuse; /* a quote in csv, a byte 1f, or a read error */
} index_part_t;

/* Lines and records that start in one segment of a range. */
typedef struct seg {
    uint64_t records, lines;
} seg_t;

typedef struct scan {
    const reader_at_t *at;
    int fd;
    char *buf;
    size_t cap, pos, len; /* buf[pos, len) not yet looked at */
    uint64_t base;        /* file offset of buf[0] */
    uint64_t end;         /* the file's size at open: bytes past it unread */
    int eof, failed;
} scan_t;

/* Read more after buf[pos, len), moving those bytes to the front. */
static void scan_fill(scan_t *s)
{
    if (s->pos > 0) {
        memmove(s->buf, s->buf + s->pos, s->len - s->pos);
        s->base += s->pos;
        s->len -= s->pos;
        s->pos = 0;
    }
    const uint64_t at = s->base + s->len;
    size_t want = s->cap - s->len < SEG ? s->cap - s->len : SEG;
    if (at >= s->end || want == 0) {
        s->eof = at >= s->end;
        return;
    }
    if (want > s->end - at)
        want = (size_t)(s->end - at);
    ssize_t n;
    do
        n = pread(s->fd, s->buf + s->len, want, (off_t)at);
    while (n < 0 && errno == EINTR);
    if (n <= 0) {
        s->failed = 1; /* an error, or the file shrank: the reader says */
        s->eof = 1;
        return;
    }
    s->len += (size_t)n;
}

/* One line: where it starts, its length without the newline and a CR
 * (more than max_record for a line that was skipped), its first byte and
 * whether it is blank. */
typedef struct line {
    uint64_t offset, len;
    int first, blank;
} line_t;

/* Skip the rest of a line too long to hold, up to and past its newline;
 * *len counts its bytes. */
static void scan_skip_long(scan_t *s, uint64_t *len)
{
    for (;;) {
        const char *nl = memchr(s->buf + s->pos, '\n', s->len - s->pos);
        if (nl) {
            *len += (uint64_t)(nl - (s->buf + s->pos));
            s->pos = (size_t)(nl - s->buf) + 1;
            return;
        }
        *len += s->len - s->pos;
        s->pos = s->len;
        if (s->eof || s->failed)
            return;
        scan_fill(s);
    }
}

/* The next line at buf[pos]: 1, or 0 at the end of the file. */
static int scan_line(scan_t *s, line_t *ln)
{
    size_t seen = 0; /* bytes after pos that hold no newline */
    for (;;) {
        const char *nl = memchr(s->buf + s->pos + seen, '\n',
                                s->len - s->pos - seen);
        if (nl || (s->eof && s->pos < s->len)) {
            const size_t stop = nl ? (size_t)(nl - s->buf) : s->len;
            size_t n = stop - s->pos;
            const char *p = s->buf + s->pos;
            if (n > 0 && p[n - 1] == '\r')
                n--;
            ln->offset = s->base + s->pos;
            ln->len = n;
            ln->first = n > 0 ? (unsigned char)p[0] : -1;
            ln->blank = n <= s->at->max_record && parse_is_blank(p, n);
            s->pos = stop + (nl != NULL);
            return 1;
        }
        if (s->eof || s->failed)
            return 0;
        if (s->len - s->pos > s->at->max_record + 8) {
            ln->offset = s->base + s->pos;
            ln->first = (unsigned char)s->buf[s->pos];
            ln->blank = 0;
            ln->len = 0;
            scan_skip_long(s, &ln->len);
            return 1;
        }
        seen = s->len - s->pos;
        scan_fill(s);
    }
}

/* A line is a record unless it is a comment or blank (reader.c). */
static int is_record(const scan_t *s, const line_t *ln)
{
    if (ln->first == '#')
        return 0;
    return ln->len > s->at->max_record || !ln->blank;
}

/* Called for each line that starts in the range; nonzero stops the walk. */
typedef int (*visit_fn)(void *ctx, const scan_t *s, const line_t *ln);

/* The file of `at`, open for walks and for pass 1's reads.  0 or -1
 * (then nothing is held). */
static int scan_open(scan_t *s, const reader_at_t *at)
{
    memset(s, 0, sizeof *s);
    s->at = at;
    s->end = at->size;
    s->cap = SCAN_BLOCK + at->max_record + 64;
    s->fd = open(at->path, O_RDONLY | O_CLOEXEC);
    s->buf = malloc(s->cap);
    if (s->fd >= 0 && s->buf)
        return 0;
    free(s->buf);
    if (s->fd >= 0)
        close(s->fd);
    return -1;
}

static void scan_close(scan_t *s)
{
    free(s->buf);
    close(s->fd);
}

/* Walk the lines that start in [a, b) (a >= at->offset): the first is at
 * at->offset, or just after the first newline at a - 1 or later.  0, or
 * -1 when the file could not be read. */
static int scan_range(scan_t *s, uint64_t a, uint64_t b, visit_fn visit,
                      void *ctx)
{
    s->pos = s->len = 0;
    s->eof = 0;
    s->base = a > s->at->offset ? a - 1 : a;
    if (a > s->at->offset) { /* the line holding byte a - 1 is not ours */
        line_t skip;
        scan_line(s, &skip);
    }
    line_t ln;
    while (a < b && scan_line(s, &ln) && ln.offset < b)
        if (visit(ctx, s, &ln))
            break;
    return s->failed ? -1 : 0;
}

static int count_line(void *ctx, const scan_t *s, const line_t *ln)
{
    seg_t *g = ctx;
    g->lines++;
    g->records += is_record(s, ln);
    return 0;
}

/* The bytes p[0, n) of a segment (p[-1] is the byte before it): the lines
 * that start there (after each newline in p[-1, n - 1)) into *lines;
 * *odd when one of them may not be a record (its first byte); *unsafe
 * when a byte 1f (or, with quote set, a quote) is there. */
static void seg_bytes(const unsigned char *p, size_t n, int quote,
                      uint64_t *lines, int *odd, int *unsafe)
{
    const unsigned char *x = p - 1, *const last = p + n - 1;
    uint64_t nl = 0;
    int o = 0;
    while (x < last && (x = memchr(x, '\n', (size_t)(last - x))) != NULL) {
        const unsigned char c = *++x;
        nl++;
        o |= c == '#' || c == ' ' || (unsigned char)(c - 9) <= 4;
    }
    *lines = nl;
    *odd = o;
    *unsafe = memchr(p, 0x1f, n) || (quote && memchr(p, '"', n));
}

/* Read n bytes at offset off into buf, all of them; 0 or -1. */
static int read_all(int fd, unsigned char *buf, size_t n, uint64_t off)
{
    while (n > 0) {
        const ssize_t got = pread(fd, buf, n, (off_t)off);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return -1;
        buf += got;
        n -= (size_t)got;
        off += (uint64_t)got;
    }
    return 0;
}

/* Pass 1 over [a, b) (a > 0): segs[k] gets the counts of [a + k SEG,
 * a + (k + 1) SEG); *part the range's totals and whether it refuses. */
static void count_range(const reader_at_t *at, uint64_t a, uint64_t b,
                        seg_t *segs, index_part_t *part)
{
    const int quote = at->format == SF_FORMAT_CSV;
    scan_t walk;
    unsigned char *buf = malloc(SCAN_BLOCK + 1);
    const int opened = scan_open(&walk, at) == 0;
    part->refuse = !opened || !buf;
    for (uint64_t o = a; o < b && !part->refuse; o += SCAN_BLOCK) {
        const size_t n = b - o < SCAN_BLOCK ? (size_t)(b - o) : SCAN_BLOCK;
        if (read_all(walk.fd, buf, n + 1, o - 1) != 0) {
            part->refuse = 1;
            break;
        }
        for (size_t k = 0; k < n; k += SEG) {
            seg_t *g = &segs[(o - a + k) / SEG];
            const size_t m = n - k < SEG ? n - k : SEG;
            int odd, unsafe;
            seg_bytes(buf + 1 + k, m, quote, &g->lines, &odd, &unsafe);
            g->records = g->lines;
            if (odd) {
                *g = (seg_t){0, 0};
                unsafe |= scan_range(&walk, o + k, o + k + m, count_line, g);
            }
            part->refuse |= (uint64_t)(unsafe != 0);
            part->records += g->records;
            part->lines += g->lines;
        }
    }
    free(buf);
    if (opened)
        scan_close(&walk);
}

typedef struct marking {
    uint64_t record, line; /* run from the range's first, plan-wide */
    uint64_t chunk;
    index_mark_t *marks;
    size_t n, max;
} marking_t;

static int mark_line(void *ctx, const scan_t *s, const line_t *ln)
{
    marking_t *m = ctx;
    if (is_record(s, ln)) {
        if (m->record % m->chunk == 0) {
            if (m->n == m->max)
                return 1;
            m->marks[m->n++] = (index_mark_t){ln->offset, m->line};
        }
        m->record++;
    }
    m->line++;
    return 0;
}

/* Chunk starts (multiples of chunk) among records [first, first + n). */
static uint64_t starts_in(uint64_t first, uint64_t n, uint64_t chunk)
{
    const uint64_t from = (first + chunk - 1) / chunk;
    const uint64_t to = (first + n + chunk - 1) / chunk;
    return to - from;
}

/* A share of pass 1 for one thread. */
typedef struct count_job {
    const reader_at_t *at;
    uint64_t a, b;
    seg_t *segs;
    index_part_t part;
    pthread_t tid;
    int started;
} count_job_t;

static void *count_job(void *arg)
{
    count_job_t *j = arg;
    count_range(j->at, j->a, j->b, j->segs, &j->part);
    return NULL;
}

/* Pass 1 over [a, b) by up to `threads` threads, each taking a run of
 * whole segments (the process's workers wait for the plan meanwhile). */
static void count_parallel(const reader_at_t *at, uint64_t a, uint64_t b,
                           int threads, seg_t *segs, index_part_t *part)
{
    const uint64_t nseg = (b - a + SEG - 1) / SEG;
    uint64_t k = threads > 1 ? (uint64_t)threads : 1;
    k = k < nseg ? k : (nseg ? nseg : 1);
    count_job_t *jobs = k > 1 ? calloc((size_t)k, sizeof *jobs) : NULL;
    if (!jobs) {
        count_range(at, a, b, segs, part);
        return;
    }
    for (uint64_t t = 0; t < k; t++) {
        const uint64_t s0 = nseg * t / k, s1 = nseg * (t + 1) / k;
        jobs[t] = (count_job_t){.at = at, .a = a + s0 * SEG,
                                .b = t + 1 < k ? a + s1 * SEG : b,
                                .segs = segs + s0};
        jobs[t].started =
            t > 0 && pthread_create(&jobs[t].tid, NULL, count_job, &jobs[t]) == 0;
    }
    for (uint64_t t = 0; t < k; t++)
        if (!jobs[t].started) /* this thread, or one that could not start */
            count_job(&jobs[t]);
    for (uint64_t t = 0; t < k; t++) {
        if (jobs[t].started)
            pthread_join(jobs[t].tid, NULL);
        part->records += jobs[t].part.records;
        part->lines += jobs[t].part.lines;
        part->refuse |= jobs[t].part.refuse;
    }
    free(jobs);
}

/* Pass 2: the marks of the chunks that start in [a, b) (segments segs
 * of pass 1), whose first record and line are m->record and m->line. */
static int mark_range(const reader_at_t *at, uint64_t a, uint64_t b,
                      const seg_t *segs, marking_t *m)
{
    scan_t walk;
    if (scan_open(&walk, at) != 0)
        return -1;
    int rc = 0;
    for (uint64_t s = a, k = 0; s < b && rc == 0; s += SEG, k++) {
        const uint64_t record = m->record + segs[k].records;
        const uint64_t line = m->line + segs[k].lines;
        if (starts_in(m->record, segs[k].records, m->chunk) > 0) {
            rc = scan_range(&walk, s, b - s < SEG ? b : s + SEG, mark_line, m);
            if (m->record != record)
                rc = -1; /* the file changed between the passes */
        }
        m->record = record;
        m->line = line;
    }
    scan_close(&walk);
    return rc;
}

/* Pass 2 and the exchange of marks: every chunk's mark into all[],
 * given every process's counts (parts). */
static int gather_marks(const sf_dist_t *ds, const reader_at_t *at,
                        uint64_t a, uint64_t b, const seg_t *segs,
                        const index_part_t *parts, uint64_t chunk,
                        index_mark_t *all)
{
    size_t *lens = malloc((size_t)ds->ranks * sizeof *lens);
    marking_t m = {.chunk = chunk};
    uint64_t record = 0, line = at->line;
    for (int k = 0; lens && k < ds->ranks; k++) {
        const uint64_t n = starts_in(record, parts[k].records, chunk);
        lens[k] = (size_t)n * sizeof *all;
        if (k == ds->rank)
            m = (marking_t){record, line, chunk,
                            all + (record + chunk - 1) / chunk, 0, (size_t)n};
        record += parts[k].records;
        line += parts[k].lines;
    }
    int bad = !lens || mark_range(at, a, b, segs, &m) != 0 || m.n != m.max;
    index_mark_t *mine = bad ? NULL : malloc(m.n * sizeof *mine + 1);
    if (mine)
        memcpy(mine, m.marks, m.n * sizeof *mine);
    bad = ds->any(ds->ctx, bad || !mine);
    if (!bad) /* mine, not m.marks: MPI sends from a buffer of its own */
        bad = ds->gather(ds->ctx, mine, m.n * sizeof *mine, all, lens) != 0;
    free(mine);
    free(lens);
    return bad ? -1 : 0;
}

/* The bytes of chunk j of `chunks`: up to the next one's first record, or
 * to the end of the file. */
static uint64_t chunk_bytes(const index_mark_t *all, uint64_t chunks,
                            uint64_t j, uint64_t end)
{
    return (j + 1 < chunks ? all[j + 1].offset : end) - all[j].offset;
}

/* 1 when a chunk's bytes could pass what one fill takes: the reader
 * would then cut it short, so the chunks would not be one process's. */
static int too_long(const index_mark_t *all, uint64_t chunks, uint64_t end)
{
    for (uint64_t j = 0; j < chunks; j++)
        if (chunk_bytes(all, chunks, j, end) >= READER_FILL_BYTES)
            return 1;
    return 0;
}

int index_plan(const sf_dist_t *ds, const reader_at_t *at, size_t chunk,
               int threads, index_plan_t *plan)
{
    memset(plan, 0, sizeof *plan);
    const uint64_t span = at->size - at->offset, r = (uint64_t)ds->rank;
    const uint64_t a = at->offset + span / (uint64_t)ds->ranks * r;
    const uint64_t b = r + 1 == (uint64_t)ds->ranks
                           ? at->size
                           : at->offset + span / (uint64_t)ds->ranks * (r + 1);
    seg_t *segs = calloc((size_t)((b - a) / SEG + 1), sizeof *segs);
    index_part_t mine = {0, 0, 1};
    if (segs) {
        mine.refuse = 0;
        count_parallel(at, a, b, threads, segs, &mine);
    }
    index_part_t *parts = malloc((size_t)ds->ranks * sizeof *parts);
    int bad = ds->any(ds->ctx, !parts) ||
              ds->gather(ds->ctx, &mine, sizeof mine, parts, NULL) != 0;
    uint64_t records = 0, refuse = 0;
    for (int k = 0; !bad && k < ds->ranks; k++) {
        records += parts[k].records;
        refuse |= parts[k].refuse;
    }
    const uint64_t chunks = (records + chunk - 1) / chunk;
    index_mark_t *all = bad || refuse ? NULL : malloc(chunks * sizeof *all + 1);
    bad = bad || ds->any(ds->ctx, refuse || !all) ||
          gather_marks(ds, at, a, b, segs, parts, chunk, all) != 0 ||
          too_long(all, chunks, at->size);
    free(segs);
    free(parts);
    if (bad) {
        free(all);
        return -1;
    }
    plan->mine = malloc((chunks / (uint64_t)ds->ranks + 1) * sizeof *plan->mine);
    if (ds->any(ds->ctx, !plan->mine)) {
        free(all);
        free(plan->mine);
        plan->mine = NULL;
        return -1;
    }
    size_t n = 0;
    for (uint64_t j = r; j < chunks; j += (uint64_t)ds->ranks)
        plan->mine[n++] = (index_chunk_t){
            all[j].offset, all[j].line, chunk_bytes(all, chunks, j, at->size)};
    free(all);
    plan->nmine = n;
    plan->records = records;
    plan->chunks = chunks;
    plan->chunk = chunk;
    return 0;
}

void index_plan_free(index_plan_t *plan)
{
    free(plan->mine);
    memset(plan, 0, sizeof *plan);
}
