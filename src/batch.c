/*
 * batch.c -- the streaming, parallel, ordered job driver (sf_job_run).
 *
 * Items (input records, or for a source job record indices) are cut into
 * chunks; a chunk is cut into blocks of BLOCK items, the unit of parallel
 * work: a thread works on a block's items with its own per-thread state,
 * formats their output records into the block's own buffers (one per
 * output) and, for gzip output, deflates each into a gzip member of its
 * own.  Three chunks rotate through the roles
 *
 *     prev: done, being written      cur: being worked on
 *     next: being read
 *
 * Each round, one thread writes prev's blocks in order and reads next while
 * the workers (the thread count asked for) work on cur's blocks (claimed
 * one at a time, so faster threads take more); a barrier ends the round
 * and the roles rotate.  With fewer workers than cores the reading and
 * writing thread is one beyond the workers, so input and output overlap
 * the work even with one worker; with a worker on every core, worker 0
 * reads and writes and then works (a thread more would only share a core).
 * The barrier spins only briefly before sleeping (barrier.c), so
 * waiting threads do not take the cores from busy ones when the machine
 * is shared.  So reading,
 * writing and working overlap, output order is item order by construction
 * whatever the thread count, and memory is three chunks whatever the input
 * size.  A job with an ordered pass (keep) splits the round's work in two:
 * all blocks are worked on, then one thread runs keep() over the chunk in
 * item order, then all threads format the kept items.  Threads only ever
 * write their own blocks and items; everything else they share is
 * read-only during a phase.
 *
 * A process that is one of several (sudoflow-mpi; dist.h has the model)
 * runs the same rounds on its own share of the chunks: reading, writing
 * and the ordered pass then go through the dist_* functions near the end,
 * which exchange chunks, output and ordered-pass decisions with the other
 * processes, so that rank 0 writes what one process would.  Where the
 * processes read their own chunks of a plain file (index_*), the invalid
 * records each finds travel with the chunk's output, so that rank 0
 * reports them in input order as one process does.
 */
#include "barrier.h"
#include "dist.h"
#include "dist_index.h"
#include "writer_internal.h"
#include "format.h"
#include "timer.h"
#include "sudoflow.h"

#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/uio.h>

#define BLOCK 128            /* items per unit of parallel work */
#define CHUNK_DEFAULT 8192   /* items per chunk */
#define IOV_BATCH 256        /* blocks per writev */
#define FANOUT_BYTES (16u << 20) /* fan-out chunk: record text of its items */

/* The job this process is part of (dist.h); NULL when it runs alone. */
const sf_dist_t *sf_dist;

typedef struct block {
    sf_out_t out[SF_MAX_OUTPUTS]; /* formatted records, per output */
    sbuf_t gz[SF_MAX_OUTPUTS];    /* the same as gzip members */
    int gz_failed;                /* out of memory while compressing */
} block_t;

typedef struct bchunk {
    sf_chunk_t in;        /* records and their text (not for sources) */
    uint32_t *rec_of;     /* fan-out: item -> record in `in`... */
    uint64_t *copy_of;    /* ...and its copy number */
    size_t items_cap;
    uint64_t rec_base;    /* fan-out: run-wide index of in.recs[0] */
    size_t claimed[2];    /* blocks handed out: work, then emit (keep) */
    unsigned char *slots; /* job->slot_size bytes per item */
    size_t slots_cap;     /* bytes */
    uint8_t *kept;        /* per item: 1 unless keep() dropped it */
    size_t kept_cap;
    block_t *blocks;      /* ceil(n / BLOCK) blocks */
    size_t nblocks, blocks_cap;
    size_t n;             /* items in this chunk */
    uint64_t base;        /* run-wide index of the first item */
    size_t round_n;       /* several processes: chunks in its round */
    char *notes;          /* ...reading their own chunks: invalid records */
    size_t notes_len, notes_cap; /* to report when rank 0 writes it */
} bchunk_t;

typedef struct driver {
    const sf_batch_opts_t *opts;
    const sf_job_t *job;
    sf_reader_t *reader;  /* NULL for a source job */
    sf_writer_t *const *writers;
    int nout;             /* outputs */
    int gzip[SF_MAX_OUTPUTS], level[SF_MAX_OUTPUTS];
    size_t chunk;         /* items per chunk */
    int threads;
    uint64_t fanout;      /* items per record (1 for other jobs) */
    sf_chunk_t src;       /* fan-out: records read, being expanded */
    size_t src_i;         /* fan-out: the record being expanded... */
    uint64_t src_copy;    /* ...its next copy */
    uint64_t src_base;    /* fan-out: run-wide index of src.recs[0] */
    int src_eof;          /* fan-out: the reader has no more records */
    uint64_t records_in;  /* fan-out: records fully expanded */
    int eof;              /* no more items */
    int failed;           /* stop reading: err holds why */
    int out_dead;         /* output failed: write nothing more */
    sf_error_t err;
    uint64_t read, written, invalid, dropped;
    uint64_t records[SF_MAX_OUTPUTS];
    double t0, last_progress;
    const sf_dist_t *dist; /* several processes (dist.h), or NULL */
    int ended;            /* several processes: no process reads more */
    uint64_t rounds;      /* several processes: rounds read */
    struct dist_io *dio;  /* several processes: buffers (below) */
    index_plan_t plan;    /* several processes reading their own chunks... */
    int indexed;          /* ...(dist_index.h) from the second round on */
    uint64_t plan_base;   /* run-wide index of the plan's first record */
    uint64_t plan_rounds; /* rounds read from the plan */
    uint32_t plan_file;   /* the file it covers, and its counts then */
    uint64_t plan_count[2];
    uint64_t *plan_ends;  /* per process: failed, items (index_agree) */
    int shared;           /* several processes writing their own chunks */
    sf_writer_t *at_w[SF_MAX_OUTPUTS]; /* ...at offsets into these... */
    uint64_t at_pos[SF_MAX_OUTPUTS];   /* ...handed out by rank 0 */
} driver_t;

static void fail(driver_t *d, int code, const char *msg)
{
    if (d->failed)
        return;
    d->failed = 1;
    d->err.code = code;
    snprintf(d->err.message, sizeof d->err.message, "%s", msg);
}

/* Output failed: keep the first error, write nothing more. */
static void fail_output(driver_t *d, const sf_error_t *err)
{
    fail(d, err->code, err->message);
    d->out_dead = 1;
}

static sf_item_t item_at(const driver_t *d, const bchunk_t *c, size_t i)
{
    sf_item_t it = {NULL, NULL, c->base + i, 0};
    if (d->reader) {
        const size_t r = d->fanout > 1 ? c->rec_of[i] : i;
        it.rec = &c->in.recs[r];
        it.text = c->in.text ? c->in.text + it.rec->text_off : "";
        if (d->fanout > 1) {
            it.index = c->rec_base + r;
            it.copy = c->copy_of[i];
        }
    }
    return it;
}

static void *slot_at(const driver_t *d, const bchunk_t *c, size_t i)
{
    return c->slots + i * d->job->slot_size;
}

static size_t block_end(const bchunk_t *c, size_t k)
{
    return (k + 1) * BLOCK < c->n ? (k + 1) * BLOCK : c->n;
}

/* Format the kept items of block k of chunk c, then (for gzip) compress
 * each output's text. */
static void emit_block(const driver_t *d, int t, bchunk_t *c, size_t k)
{
    const sf_job_t *job = d->job;
    block_t *blk = &c->blocks[k];
    sf_out_t *outs[SF_MAX_OUTPUTS];
    for (int o = 0; o < d->nout; o++) {
        out_reset(&blk->out[o], d->opts);
        outs[o] = &blk->out[o];
    }
    for (size_t i = k * BLOCK; i < block_end(c, k); i++) {
        if (!c->kept[i])
            continue;
        const sf_item_t it = item_at(d, c, i);
        job->emit(job->ctx, t, &it, slot_at(d, c, i), outs);
    }
    blk->gz_failed = 0;
    for (int o = 0; o < d->nout; o++) {
        sf_out_t *out = &blk->out[o];
        blk->gz[o].len = 0;
        if (d->gzip[o] && !out->failed &&
            sf_gzip_member(out->text.p, out->text.len, d->level[o],
                           &blk->gz[o].p, &blk->gz[o].len,
                           &blk->gz[o].cap) != 0)
            blk->gz_failed = 1;
    }
}

/* Work on the items of block k of chunk c; without an ordered pass,
 * format them too. */
static void work_block(const driver_t *d, int t, bchunk_t *c, size_t k)
{
    const sf_job_t *job = d->job;
    if (job->block)
        job->block(job->ctx, t);
    for (size_t i = k * BLOCK; i < block_end(c, k); i++) {
        const sf_item_t it = item_at(d, c, i);
        c->kept[i] = 1;
        job->work(job->ctx, t, &it, slot_at(d, c, i));
    }
    if (!job->keep)
        emit_block(d, t, c, k);
}

/* The ordered pass on one item: 1 to keep it, else 0. */
static int keep_one(driver_t *d, const sf_item_t *it, void *slot)
{
    const sf_job_t *job = d->job;
    sf_error_t err;
    err.code = 0;
    const int k = job->keep(job->ctx, it, slot, &err);
    if (k < 0 && err.code == 0)
        fail(d, SF_ERR_NOMEM, "out of memory");
    else if (k < 0)
        fail(d, err.code, err.message);
    d->dropped += k == 0;
    return k != 0;
}

/* The ordered pass over chunk c, on one thread. */
static void keep_pass(driver_t *d, bchunk_t *c)
{
    for (size_t i = 0; i < c->n; i++) {
        const sf_item_t it = item_at(d, c, i);
        c->kept[i] = (uint8_t)keep_one(d, &it, slot_at(d, c, i));
    }
}

/* Several processes (dist.h): the ordered pass, reading and writing
 * (defined below, before sf_job_run). */
static void dist_keep(driver_t *d, bchunk_t *c);
static void dist_read(driver_t *d, bchunk_t *c);
static void dist_write(driver_t *d, const bchunk_t *c);

/* Write output o of chunk c's blocks in order, up to IOV_BATCH blocks per
 * call. */
static void write_output(driver_t *d, const bchunk_t *c, int o)
{
    static const sf_error_t nomem = {SF_ERR_NOMEM, "out of memory"};
    struct iovec iov[IOV_BATCH];
    sf_error_t err;
    size_t k = 0;
    while (k < c->nblocks && !d->out_dead) {
        int n = 0;
        for (; n < IOV_BATCH && k < c->nblocks; k++) {
            const block_t *blk = &c->blocks[k];
            const sbuf_t *s = d->gzip[o] ? &blk->gz[o] : &blk->out[o].text;
            if (blk->out[o].failed || blk->gz_failed)
                fail_output(d, &nomem);
            d->records[o] += blk->out[o].records;
            iov[n++] = (struct iovec){.iov_base = s->p, .iov_len = s->len};
        }
        if (!d->out_dead &&
            sf_writer_writev(d->writers[o], iov, n, &err) != 0)
            fail_output(d, &err);
    }
}

/* Write chunk c: every output's blocks in order.  A failed read or an
 * invalid record under strict stops reading, not writing: the items before
 * it are still written. */
static void write_chunk(driver_t *d, const bchunk_t *c)
{
    if (d->dist) {
        dist_write(d, c);
        return;
    }
    for (int o = 0; o < d->nout; o++)
        write_output(d, c, o);
    d->written += c->n;
}

/* Make *p hold at least need bytes (*cap of them now), doubling. */
static int grow(void **p, size_t *cap, size_t need)
{
    if (need <= *cap)
        return 0;
    size_t n = *cap ? *cap : 64;
    while (n < need)
        n *= 2;
    void *q = realloc(*p, n);
    if (!q)
        return -1;
    *p = q;
    *cap = n;
    return 0;
}

static int chunk_reserve(const driver_t *d, bchunk_t *c, size_t n)
{
    const size_t nb = (n + BLOCK - 1) / BLOCK;
    const size_t old = c->blocks_cap;
    if (grow((void **)&c->slots, &c->slots_cap, n * d->job->slot_size) ||
        grow((void **)&c->kept, &c->kept_cap, n))
        return -1;
    if (nb > old) {
        size_t bytes = old * sizeof *c->blocks;
        if (grow((void **)&c->blocks, &bytes, nb * sizeof *c->blocks))
            return -1;
        memset(c->blocks + old, 0, (nb - old) * sizeof *c->blocks);
        c->blocks_cap = nb;
    }
    return 0;
}

static void chunk_free(bchunk_t *c)
{
    sf_chunk_free(&c->in);
    free(c->rec_of);
    free(c->copy_of);
    for (size_t k = 0; k < c->blocks_cap; k++)
        for (int o = 0; o < SF_MAX_OUTPUTS; o++) {
            sbuf_free(&c->blocks[k].out[o].text);
            sbuf_free(&c->blocks[k].gz[o]);
        }
    free(c->blocks);
    free(c->slots);
    free(c->kept);
    free(c->notes);
}

/* Keep a note of an invalid record in c, for rank 0 to report: its line,
 * file, and reason (a string, with its NUL). */
static void note_add(driver_t *d, bchunk_t *c, const sf_record_t *rec)
{
    const size_t w = strlen(rec->why) + 1;
    const size_t need = c->notes_len + 12 + w;
    if (grow((void **)&c->notes, &c->notes_cap, need) != 0) {
        fail(d, SF_ERR_NOMEM, "out of memory");
        return;
    }
    char *p = c->notes + c->notes_len;
    memcpy(p, &rec->line, 8);
    memcpy(p + 8, &rec->file, 4);
    memcpy(p + 12, rec->why, w);
    c->notes_len = need;
}

/* Rank 0: report the invalid records noted at p[0, n) (note_add). */
static void notes_report(driver_t *d, const char *p, size_t n)
{
    const sf_batch_opts_t *o = d->opts;
    const char *end = p + n;
    while (end - p > 12) {
        uint64_t line;
        uint32_t file;
        memcpy(&line, p, 8);
        memcpy(&file, p + 8, 4);
        const char *why = p + 12;
        const char *nul = memchr(why, 0, (size_t)(end - why));
        if (!nul)
            break;
        if (o->on_invalid)
            o->on_invalid(o->ctx, sf_reader_file_name(d->reader, file), line,
                          why);
        d->invalid++;
        p = nul + 1;
    }
}

/* Report the invalid records of in[0, n) in input order (or, when notes
 * is set, note them there for rank 0 to report); under strict, stop the
 * run at the first one.  Returns the records to keep (all, or those
 * before it). */
static size_t check_records(driver_t *d, const sf_chunk_t *in, size_t n,
                            bchunk_t *notes)
{
    const sf_batch_opts_t *o = d->opts;
    for (size_t i = 0; i < n; i++) {
        const sf_record_t *rec = &in->recs[i];
        if (!rec->invalid)
            continue;
        const char *file = sf_reader_file_name(d->reader, rec->file);
        if (o->on_invalid && !notes)
            o->on_invalid(o->ctx, file, rec->line, rec->why);
        if (o->strict) {
            char msg[sizeof d->err.message];
            snprintf(msg, sizeof msg, "%s:%llu: invalid record (%s)", file,
                     (unsigned long long)rec->line, rec->why);
            fail(d, SF_ERR_INVALID, msg);
            return i;
        }
        if (notes)
            note_add(d, notes, rec); /* counted when rank 0 reports it */
        else
            d->invalid++;
    }
    return n;
}

/* Read up to max records into in; their count (the records before an
 * error still count).  *eof is set at the end of the input or on error. */
static size_t read_records(driver_t *d, sf_chunk_t *in, size_t max, int *eof)
{
    sf_error_t err = {0};
    const long got = sf_reader_fill(d->reader, in, max, &err);
    size_t n = in->count;
    *eof = got <= 0;
    if (got < 0) {
        fail(d, err.code ? err.code : SF_ERR_IO, err.message);
        n = 0;
    }
    return check_records(d, in, n, NULL);
}

/* Fan-out: make sure d->src has a record to expand; 0 when none is left. */
static int src_next(driver_t *d)
{
    if (d->src_i < d->src.count)
        return 1;
    if (d->src_eof || d->failed)
        return 0;
    d->src_base += d->src.count;
    const size_t n = read_records(d, &d->src, d->chunk, &d->src_eof);
    d->src.count = n;
    d->src_i = 0;
    d->src_copy = 0;
    return n > 0;
}

/* Append a copy of record r (its text at text) to in; 0 or -1. */
static int chunk_add(sf_chunk_t *in, const sf_record_t *r, const char *text)
{
    if (in->count == in->cap) {
        const size_t n = in->cap ? 2 * in->cap : 64;
        sf_record_t *q = realloc(in->recs, n * sizeof *q);
        if (!q)
            return -1;
        in->recs = q;
        in->cap = n;
    }
    if (grow((void **)&in->text, &in->text_cap, in->text_len + r->text_len))
        return -1;
    sf_record_t *dst = &in->recs[in->count++];
    *dst = *r;
    dst->text_off = in->text_len;
    if (r->text_len)
        memcpy(in->text + in->text_len, text, r->text_len);
    in->text_len += r->text_len;
    return 0;
}

/* The next chunk of items into c (empty once they end or the run failed). */
/* Item n of chunk c is copy `copy` of c's record r. */
static int add_item(bchunk_t *c, size_t n, uint32_t r, uint64_t copy)
{
    if (n == c->items_cap) {
        const size_t m = n ? 2 * n : 256;
        uint32_t *a = realloc(c->rec_of, m * sizeof *a);
        if (a)
            c->rec_of = a;
        uint64_t *b = realloc(c->copy_of, m * sizeof *b);
        if (b)
            c->copy_of = b;
        if (!a || !b)
            return -1;
        c->items_cap = m;
    }
    c->rec_of[n] = r;
    c->copy_of[n] = copy;
    return 0;
}

/* Fan-out: the next items into c, as (record, copy) pairs, at most d->chunk
 * of them and about FANOUT_BYTES of their records' text; a record whose
 * copies go on in the next chunk is copied into that one too.  The count. */
static size_t read_fanout(driver_t *d, bchunk_t *c)
{
    size_t n = 0, bytes = 0;
    c->in.count = c->in.text_len = 0;
    c->rec_base = d->src_base + d->src_i;
    while (n < d->chunk && bytes < FANOUT_BYTES && src_next(d)) {
        const sf_record_t *r = &d->src.recs[d->src_i];
        const char *text = d->src.text ? d->src.text + r->text_off : "";
        if (chunk_add(&c->in, r, text) != 0)
            break;
        const size_t per = (size_t)r->text_len + 1;
        uint64_t take = d->fanout - d->src_copy;
        const size_t room = bytes + per > FANOUT_BYTES ? 1
                            : (FANOUT_BYTES - bytes) / per;
        take = take < d->chunk - n ? take : d->chunk - n;
        take = take < room ? take : room;
        for (uint64_t j = 0; j < take; j++)
            if (add_item(c, n++, (uint32_t)(c->in.count - 1), d->src_copy + j))
                fail(d, SF_ERR_NOMEM, "out of memory");
        bytes += (size_t)take * per;
        d->src_copy += take;
        if (d->failed)
            return 0;
        if (d->src_copy < d->fanout)
            break; /* the chunk is full; the record goes on in the next */
        d->src_i++;
        d->src_copy = 0;
        d->records_in++;
    }
    d->eof = n == 0;
    return n;
}

static void read_chunk(driver_t *d, bchunk_t *c)
{
    c->n = 0;
    c->nblocks = 0;
    if (d->eof || (d->failed && !d->dist)) /* see dist_read */
        return;
    if (d->reader && d->fanout > 1) {
        c->n = read_fanout(d, c);
    } else if (d->reader) {
        c->n = read_records(d, &c->in, d->chunk, &d->eof);
    } else {
        const uint64_t left = d->job->count - d->read;
        c->n = left < d->chunk ? (size_t)left : d->chunk;
        d->eof = c->n == 0;
    }
    if (chunk_reserve(d, c, c->n) != 0) {
        fail(d, SF_ERR_NOMEM, "out of memory");
        c->n = 0;
    }
    c->base = d->read;
    c->nblocks = (c->n + BLOCK - 1) / BLOCK;
    c->claimed[0] = c->claimed[1] = 0;
    d->read += c->n;
}

/* The next chunk this process works on, into c. */
static void read_next(driver_t *d, bchunk_t *c)
{
    if (d->dist)
        dist_read(d, c);
    else
        read_chunk(d, c);
}

static void report_progress(driver_t *d)
{
    const double t = timer_mono_sec();
    if (!d->opts->on_progress || t - d->last_progress < 0.25)
        return;
    d->last_progress = t;
    sf_progress_t p = {
        .records = d->fanout > 1 ? d->records_in : d->written,
        .bytes_done = d->written,
        .bytes_total = d->job->count,
        .elapsed_sec = t - d->t0,
    };
    if (d->reader) {
        p.bytes_done = sf_reader_bytes_done(d->reader);
        p.bytes_total = sf_reader_bytes_total(d->reader);
    }
    d->opts->on_progress(d->opts->ctx, &p);
}

/* The next unclaimed block of c (by counter *claim), or c->nblocks. */
static size_t claim_block(const bchunk_t *c, size_t *claim)
{
    const size_t k = __atomic_fetch_add(claim, 1, __ATOMIC_RELAXED);
    return k < c->nblocks ? k : c->nblocks;
}

/* The threads of a run: workers 0..workers-1 and, when the runtime gives
 * one more, a thread `io` that only reads and writes. */
typedef struct team {
    barrier_t round;  /* everyone, at the end of each round */
    barrier_t work;   /* the workers, around an ordered pass */
    int workers;
    int io;           /* the reading and writing thread (worker 0 when the
                       * team has no spare thread) */
} team_t;

/* One round's work on chunk cur, by every worker (see the top): blocks are
 * claimed one at a time, so faster threads take more. */
static void work_chunk(driver_t *d, int t, bchunk_t *cur, team_t *tm)
{
    size_t k;
    while ((k = claim_block(cur, &cur->claimed[0])) < cur->nblocks)
        work_block(d, t, cur, k);
    if (!d->job->keep)
        return;
    barrier_wait(&tm->work);
    if (t == 0 && d->dist)
        dist_keep(d, cur);
    else if (t == 0)
        keep_pass(d, cur);
    barrier_wait(&tm->work);
    while ((k = claim_block(cur, &cur->claimed[1])) < cur->nblocks)
        emit_block(d, t, cur, k);
}

/* The rounds (see the top of the file), from ring[0] already read.  Every
 * thread rotates its own copy of the roles after the round's barrier, the
 * same way, so one barrier a round is enough. */
static void run_team(driver_t *d, bchunk_t ring[3], team_t *tm, int t)
{
    bchunk_t *prev = NULL, *cur = &ring[0], *next = &ring[1];
    bchunk_t *spare = &ring[2];
    while (cur->n > 0) {
        if (t == tm->io) {
            if (prev)
                write_chunk(d, prev);
            report_progress(d);
            read_next(d, next);
        }
        if (t < tm->workers)
            work_chunk(d, t, cur, tm);
        barrier_wait(&tm->round);
        bchunk_t *const done = prev ? prev : spare;
        prev = cur;
        cur = next;
        next = done;
    }
    if (t == tm->io && prev)
        write_chunk(d, prev);
}

/* Set up the team for n threads, the last of them a spare one for reading
 * and writing if `spare`.  0, or -1 when the barriers fail. */
static int team_init(team_t *tm, int n, int spare)
{
    spare = spare && n > 1;
    tm->workers = spare ? n - 1 : n;
    tm->io = spare ? n - 1 : 0;
    if (barrier_init(&tm->round, n) != 0)
        return -1;
    if (barrier_init(&tm->work, tm->workers) != 0) {
        barrier_destroy(&tm->round);
        return -1;
    }
    return 0;
}

/* The workers and, when there are fewer of them than cores, one more
 * thread for reading and writing, so that the input and output never hold
 * them up.  With as many workers as cores a spare thread would only take
 * turns on a core with a worker (and a worker descheduled in the middle
 * of a block holds up the round's end), so then worker 0 reads and writes
 * first and works on what is left of the round. */
static void run_rounds(driver_t *d, bchunk_t ring[3])
{
    team_t tm;
    int ok = 1;
    const int spare = d->threads < omp_get_num_procs();
#pragma omp parallel num_threads(d->threads + spare)
    {
#pragma omp single
        ok = team_init(&tm, omp_get_num_threads(), spare) == 0;
        if (ok)
            run_team(d, ring, &tm, omp_get_thread_num());
    }
    if (!ok) {
        fail(d, SF_ERR_NOMEM, "cannot set up the threads");
        return;
    }
    barrier_destroy(&tm.round);
    barrier_destroy(&tm.work);
}

/* The job's header records, written before everything else. */
static void write_begin(driver_t *d)
{
    static const sf_error_t nomem = {SF_ERR_NOMEM, "out of memory"};
    if (!d->job->begin)
        return;
    block_t blk;
    memset(&blk, 0, sizeof blk);
    sf_out_t *outs[SF_MAX_OUTPUTS];
    for (int o = 0; o < d->nout; o++) {
        out_reset(&blk.out[o], d->opts);
        outs[o] = &blk.out[o];
    }
    sf_error_t err = {0};
    int rc = d->job->begin(d->job->ctx, outs, &err);
    if (rc != 0 && err.code != 0) {
        fail_output(d, &err);
        rc = 0; /* reported */
    }
    for (int o = 0; o < d->nout && rc == 0 && !d->out_dead; o++) {
        const sbuf_t *s = &blk.out[o].text;
        rc = blk.out[o].failed ? -1 : 0;
        if (rc == 0 && d->gzip[o] && s->len)
            rc = sf_gzip_member(s->p, s->len, d->level[o], &blk.gz[o].p,
                                &blk.gz[o].len, &blk.gz[o].cap);
        if (rc == 0 && s->len) {
            if (sf_writer_write(d->writers[o], d->gzip[o] ? blk.gz[o].p : s->p,
                                d->gzip[o] ? blk.gz[o].len : s->len, &err))
                fail_output(d, &err);
        }
    }
    if (rc != 0)
        fail_output(d, &nomem);
    for (int o = 0; o < SF_MAX_OUTPUTS; o++) {
        sbuf_free(&blk.out[o].text);
        sbuf_free(&blk.gz[o]);
    }
}

static double cpu_seconds(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec +
           (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec;
}

static void fill_stats(const driver_t *d, sf_job_stats_t *st, double cpu0)
{
    memset(st, 0, sizeof *st);
    st->items = d->fanout > 1 ? d->records_in : d->written;
    st->invalid = d->invalid;
    st->dropped = d->dropped;
    for (int o = 0; o < d->nout; o++)
        st->records[o] = d->records[o];
    st->wall_sec = timer_mono_sec() - d->t0;
    st->cpu_sec = cpu_seconds() - cpu0;
    st->threads = d->threads;
}

/* ---------------------------------------------------- several processes */

/* Sent to rank 0 with a chunk's output (DIST_TAG_OUT), then the bytes of
 * each output in turn. */
typedef struct dist_head {
    uint64_t n;                       /* items of the chunk */
    uint64_t failed;                  /* out of memory formatting them */
    uint64_t records[SF_MAX_OUTPUTS]; /* output records, per output */
    uint64_t bytes[SF_MAX_OUTPUTS];   /* output bytes, per output */
    uint64_t notes;                   /* bytes of invalid-record notes */
} dist_head_t;

/* An item as rank 0's ordered pass sees it (DIST_TAG_KEEP: the count,
 * the items, their slots; the answer, DIST_TAG_KEPT: kept flags, slots). */
typedef struct dist_item {
    sf_record_t rec;      /* without its text */
    uint64_t index, copy;
} dist_item_t;

/* A process's buffers: the reading and writing thread's, and the ordered
 * pass's (they run at the same time). */
typedef struct dist_io {
    bchunk_t skip;        /* chunks read for the other processes */
    struct iovec *iov;    /* reading and writing thread */
    size_t iov_bytes;
    char *msg;
    size_t msg_len, msg_cap;
    char *kmsg;           /* ordered pass */
    size_t kmsg_len, kmsg_cap;
    dist_item_t *items;
    size_t items_bytes;
    uint8_t *kept;
    size_t kept_cap;
} dist_io_t;

/* Sent by rank 0 with a chunk of records (DIST_TAG_CHUNK), then the
 * records, their text and, for a fan-out job, the items' records and
 * copies. */
typedef struct dist_chunk_head {
    uint64_t n;           /* items */
    uint64_t base;        /* run-wide index of the first item */
    uint64_t rec_base;    /* fan-out: run-wide index of the first record */
    uint64_t count;       /* records */
    uint64_t text_len;    /* bytes of their text */
} dist_chunk_head_t;

/* Rank 0: send chunk c (read for process `to`) to it. */
static void dist_send_chunk(driver_t *d, const bchunk_t *c, int to)
{
    const sf_dist_t *ds = d->dist;
    const int fan = d->reader && d->fanout > 1;
    dist_chunk_head_t h = {c->n, c->base, c->rec_base, c->n ? c->in.count : 0,
                           c->n ? c->in.text_len : 0};
    const struct iovec iov[5] = {
        {&h, sizeof h},
        {c->in.recs, h.count * sizeof *c->in.recs},
        {c->in.text, h.text_len},
        {c->rec_of, fan ? h.n * sizeof *c->rec_of : 0},
        {c->copy_of, fan ? h.n * sizeof *c->copy_of : 0},
    };
    if (ds->send(ds->ctx, to, DIST_TAG_CHUNK, iov, 5) != 0)
        fail(d, SF_ERR_IO, "cannot send to another process");
}

/* Copy n bytes from *p into *dst (growing it, *cap bytes), advance *p. */
static int take(void **dst, size_t *cap, const char **p, size_t n)
{
    if (n && grow(dst, cap, n) != 0)
        return -1;
    if (n)
        memcpy(*dst, *p, n);
    *p += n;
    return 0;
}

/* A process other than rank 0: receive its chunk of the round into c. */
static void dist_recv_chunk(driver_t *d, bchunk_t *c)
{
    const sf_dist_t *ds = d->dist;
    dist_io_t *io = d->dio;
    const int fan = d->reader && d->fanout > 1;
    dist_chunk_head_t h = {0};
    if (ds->recv(ds->ctx, 0, DIST_TAG_CHUNK, &io->msg, &io->msg_len,
                 &io->msg_cap) != 0 || io->msg_len < sizeof h) {
        fail(d, SF_ERR_IO, "lost a message");
        return;
    }
    memcpy(&h, io->msg, sizeof h);
    const char *p = io->msg + sizeof h;
    size_t recs_bytes = c->in.cap * sizeof *c->in.recs;
    size_t rec_of_bytes = c->items_cap * sizeof *c->rec_of;
    size_t copy_of_bytes = c->items_cap * sizeof *c->copy_of;
    if (take((void **)&c->in.recs, &recs_bytes, &p,
             h.count * sizeof *c->in.recs) ||
        take((void **)&c->in.text, &c->in.text_cap, &p, h.text_len) ||
        (fan && (take((void **)&c->rec_of, &rec_of_bytes, &p,
                      h.n * sizeof *c->rec_of) ||
                 take((void **)&c->copy_of, &copy_of_bytes, &p,
                      h.n * sizeof *c->copy_of))) ||
        chunk_reserve(d, c, h.n) != 0) {
        fail(d, SF_ERR_NOMEM, "out of memory");
        return;
    }
    c->in.cap = recs_bytes / sizeof *c->in.recs;
    if (fan) {
        const size_t a = rec_of_bytes / sizeof *c->rec_of;
        const size_t b = copy_of_bytes / sizeof *c->copy_of;
        c->items_cap = a < b ? a : b;
    }
    c->in.count = h.count;
    c->in.text_len = h.text_len;
    for (size_t i = 0; i < h.count; i++) /* its reason stays on rank 0 */
        c->in.recs[i].why = c->in.recs[i].invalid ? "invalid record" : NULL;
    c->n = h.n;
    c->base = h.base;
    c->rec_base = h.rec_base;
    c->nblocks = (c->n + BLOCK - 1) / BLOCK;
    c->claimed[0] = c->claimed[1] = 0;
}

/* Collective, at the second round: when the rest of the input is a plain
 * file every process can read chunks of (dist_index.h), plan that. */
static void index_start(driver_t *d)
{
    const sf_dist_t *ds = d->dist;
    reader_at_t at;
    d->plan_ends = malloc(2 * (size_t)ds->ranks * sizeof *d->plan_ends);
    const int ok = d->plan_ends && d->fanout <= 1 &&
                   reader_at(d->reader, &at) == 0;
    if (ds->any(ds->ctx, !ok) ||
        index_plan(ds, &at, d->chunk, d->threads, &d->plan) != 0) {
        free(d->plan_ends);
        d->plan_ends = NULL;
        return;
    }
    d->indexed = 1;
    d->plan_base = d->read;
    d->plan_file = at.file;
    d->plan_count[0] = sf_reader_file_records(d->reader, at.file,
                                              &d->plan_count[1]);
}

/* Chunk j of the plan, this process's, into c: its records from its
 * first line on, exactly as many as one process's chunk holds. */
static void index_read(driver_t *d, bchunk_t *c, uint64_t j)
{
    const index_plan_t *p = &d->plan;
    const index_chunk_t *m = &p->mine[j / (uint64_t)d->dist->ranks];
    const uint64_t left = p->records - j * p->chunk;
    const size_t want = (size_t)(left < p->chunk ? left : p->chunk);
    sf_error_t err = {0};
    long got = reader_seek(d->reader, m->offset, m->line, (size_t)m->bytes) == 0
                   ? sf_reader_fill(d->reader, &c->in, want, &err)
                   : -1;
    if (got >= 0 && (size_t)got < want) /* the error after them, if any */
        got = sf_reader_fill(d->reader, &c->in, 1, &err) < 0 ? -1 : -2;
    if (got < 0) {
        char msg[sizeof err.message];
        if (got == -1 && err.code)
            snprintf(msg, sizeof msg, "%s", err.message);
        else
            snprintf(msg, sizeof msg, "%s: changed while it was read",
                     sf_reader_file_name(d->reader, d->plan_file));
        fail(d, got == -1 && err.code ? err.code : SF_ERR_IO, msg);
        return;
    }
    c->n = check_records(d, &c->in, want, c);
    if (chunk_reserve(d, c, c->n) != 0) {
        fail(d, SF_ERR_NOMEM, "out of memory");
        c->n = 0;
    }
    c->base = d->plan_base + j * p->chunk;
    c->nblocks = (c->n + BLOCK - 1) / BLOCK;
    c->claimed[0] = c->claimed[1] = 0;
}

/* Collective: after a round of the plan, whether any process failed
 * (reading its chunk, or since the round began).  If so the round ends
 * the run as one process's would: the chunks before the first failing
 * process's stay, with the records its own kept (those before an invalid
 * record under strict), and the later ones are dropped. */
static void index_agree(driver_t *d, bchunk_t *c)
{
    const sf_dist_t *ds = d->dist;
    uint64_t *all = d->plan_ends;
    const uint64_t mine[2] = {(uint64_t)d->failed, c->n};
    if (ds->gather(ds->ctx, mine, sizeof mine, all, NULL) != 0)
        fail(d, SF_ERR_IO, "cannot exchange with the other processes");
    int f = 0;
    while (f < ds->ranks && !all[2 * f])
        f++;
    if (f == ds->ranks)
        return;
    d->ended = 1;
    if (ds->rank > f)
        c->n = c->nblocks = 0;
    const size_t kept = (size_t)f + (all[2 * f + 1] > 0);
    c->round_n = c->round_n < kept ? c->round_n : kept;
}

/* The next round of the plan: this process's chunk of it into c, the
 * round's chunk count, and the end after the plan's last round or a
 * failure. */
static void index_round(driver_t *d, bchunk_t *c)
{
    const uint64_t ranks = (uint64_t)d->dist->ranks;
    const uint64_t first = d->plan_rounds++ * ranks;
    const uint64_t chunks = d->plan.chunks;
    if (first < chunks) {
        c->round_n = (size_t)(chunks - first < ranks ? chunks - first : ranks);
        if (first + (uint64_t)d->dist->rank < chunks)
            index_read(d, c, first + (uint64_t)d->dist->rank);
    }
    if (first + ranks >= chunks)
        d->ended = 1;
    index_agree(d, c);
}

/* Read the next round's chunks, keeping this process's into c (none once
 * the input ended, or any process failed: they agree on that first, so
 * all stop at the same round).  The first round every process reads (so
 * that its reader knows the formats and csv headers its job's begin()
 * looks at), as it does every round while the standard input is relayed
 * to all (dist.h); then rank 0 alone reads and sends each process its
 * chunk, and tells all whether the input ended.  While the processes
 * read on, a failure must not stop one of them alone (read_chunk). */
static void dist_read(driver_t *d, bchunk_t *c)
{
    const sf_dist_t *ds = d->dist;
    if (!d->ended && !d->indexed && ds->any(ds->ctx, d->failed))
        d->ended = 1; /* (reading by the plan agrees after each round) */
    c->n = c->nblocks = 0;
    c->round_n = 0;
    c->notes_len = 0;
    if (d->ended) /* on every process, which now reads no more */
        return;
    const int scatter = d->reader && d->rounds++ > 0 && !ds->replicate;
    if (scatter && d->rounds == 2)
        index_start(d);
    if (d->indexed) {
        index_round(d, c);
        return;
    }
    if (scatter && ds->rank > 0) {
        dist_recv_chunk(d, c);
    } else {
        for (int k = 0; k < ds->ranks && (scatter || !d->ended); k++) {
            bchunk_t *into = k == ds->rank ? c : &d->dio->skip;
            if (d->ended)
                into->n = into->nblocks = 0;
            else
                read_chunk(d, into);
            if (into->n == 0)
                d->ended = 1;
            else
                c->round_n++;
            if (scatter && k > 0)
                dist_send_chunk(d, into, k);
        }
    }
    if (scatter) {
        int ended = d->ended;
        ds->share(ds->ctx, &ended, sizeof ended);
        d->ended = ended;
    }
}

/* A process other than rank 0: send chunk c's output to rank 0 (only
 * the head when it could not be made). */
static void dist_send_output(driver_t *d, const bchunk_t *c)
{
    const sf_dist_t *ds = d->dist;
    dist_io_t *io = d->dio;
    dist_head_t h;
    memset(&h, 0, sizeof h);
    h.n = c->n;
    d->written += c->n;
    struct iovec head = {.iov_base = &h, .iov_len = sizeof h};
    const size_t need = 2 + (size_t)d->nout * c->nblocks;
    h.failed = grow((void **)&io->iov, &io->iov_bytes,
                    need * sizeof *io->iov) != 0;
    size_t m = 1;
    for (int o = 0; o < d->nout && !h.failed; o++)
        for (size_t k = 0; k < c->nblocks; k++) {
            const block_t *blk = &c->blocks[k];
            const sbuf_t *s = d->gzip[o] ? &blk->gz[o] : &blk->out[o].text;
            h.failed |= blk->out[o].failed || blk->gz_failed;
            h.records[o] += blk->out[o].records;
            h.bytes[o] += s->len;
            io->iov[m++] = (struct iovec){.iov_base = s->p, .iov_len = s->len};
        }
    if (!h.failed) {
        h.notes = c->notes_len;
        io->iov[m++] = (struct iovec){.iov_base = c->notes,
                                      .iov_len = c->notes_len};
    }
    if (h.failed) {
        fail(d, SF_ERR_NOMEM, "out of memory");
        m = 1;
    } else {
        io->iov[0] = head;
    }
    if (ds->send(ds->ctx, 0, DIST_TAG_OUT, h.failed ? &head : io->iov,
                 (int)m) != 0)
        fail(d, SF_ERR_IO, "cannot send output to rank 0");
}

/* Rank 0: write the output of the chunk process `from` worked on. */
static void dist_write_from(driver_t *d, int from)
{
    static const sf_error_t nomem = {SF_ERR_NOMEM, "out of memory"};
    static const sf_error_t lost = {SF_ERR_IO, "lost a message"};
    const sf_dist_t *ds = d->dist;
    dist_io_t *io = d->dio;
    dist_head_t h = {0};
    sf_error_t err;
    if (ds->recv(ds->ctx, from, DIST_TAG_OUT, &io->msg, &io->msg_len,
                 &io->msg_cap) != 0 || io->msg_len < sizeof h) {
        fail_output(d, &lost);
        return;
    }
    memcpy(&h, io->msg, sizeof h);
    if (h.failed)
        fail_output(d, &nomem);
    const char *p = io->msg + sizeof h;
    for (int o = 0; o < d->nout && o < SF_MAX_OUTPUTS && !h.failed; o++) {
        d->records[o] += h.records[o];
        if (!d->out_dead && h.bytes[o] &&
            sf_writer_write(d->writers[o], p, h.bytes[o], &err) != 0)
            fail_output(d, &err);
        p += h.bytes[o];
    }
    if (!h.failed && h.notes <= (size_t)(io->msg + io->msg_len - p))
        notes_report(d, p, h.notes);
    d->written += h.n;
}

/* Collective, before the rounds: whether every process writes its own
 * chunks into the output files at offsets rank 0 hands out
 * (writer_internal.h), which it does when rank 0 writes every output
 * to a new regular file and every process can open it. */
typedef struct shared_names {
    int ok;
    char tmp[SF_MAX_OUTPUTS][PATH_MAX], name[SF_MAX_OUTPUTS][PATH_MAX];
} shared_names_t;

static void shared_start(driver_t *d)
{
    const sf_dist_t *ds = d->dist;
    shared_names_t *nm = calloc(1, sizeof *nm);
    if (ds->any(ds->ctx, !nm)) {
        free(nm);
        return;
    }
    nm->ok = ds->rank == 0;
    for (int o = 0; ds->rank == 0 && o < d->nout; o++) {
        const char *tmp, *name;
        if (writer_shared(d->writers[o], &tmp, &name) != 0 ||
            strlen(tmp) >= PATH_MAX || strlen(name) >= PATH_MAX) {
            nm->ok = 0;
            break;
        }
        strcpy(nm->tmp[o], tmp);
        strcpy(nm->name[o], name);
    }
    ds->share(ds->ctx, nm, sizeof *nm);
    int ok = nm->ok;
    for (int o = 0; ok && o < d->nout; o++) {
        sf_error_t err;
        d->at_w[o] = ds->rank == 0 ? d->writers[o]
                                   : writer_open_shared(nm->tmp[o],
                                                        nm->name[o], &err);
        ok = d->at_w[o] != NULL;
    }
    free(nm);
    if (ds->any(ds->ctx, !ok)) {
        for (int o = 0; o < d->nout; o++) {
            sf_error_t ignored;
            if (ds->rank > 0 && d->at_w[o])
                sf_writer_close(d->at_w[o], 0, &ignored);
            d->at_w[o] = NULL;
        }
        return;
    }
    d->shared = 1;
    for (int o = 0; ds->rank == 0 && o < d->nout; o++)
        d->at_w[o] = d->writers[o], d->at_pos[o] = writer_tell(d->writers[o]);
}

/* After the rounds, on every process: rank 0's files end where the last
 * chunk ends; the others close theirs (an error there fails the run). */
static void shared_finish(driver_t *d)
{
    for (int o = 0; o < d->nout; o++) {
        sf_error_t err;
        if (d->dist->rank == 0 ? writer_end_at(d->at_w[o], d->at_pos[o], &err)
                               : sf_writer_close(d->at_w[o], 1, &err))
            fail_output(d, &err);
        d->at_w[o] = NULL;
    }
}

/* Chunk c's output o as iovecs into d->dio->iov: their count, its bytes
 * and records added to h (or h->failed set). */
static int chunk_iov(driver_t *d, const bchunk_t *c, int o, dist_head_t *h)
{
    dist_io_t *io = d->dio;
    if (grow((void **)&io->iov, &io->iov_bytes,
             (c->nblocks + 1) * sizeof *io->iov) != 0) {
        h->failed = 1;
        return 0;
    }
    for (size_t k = 0; k < c->nblocks; k++) {
        const block_t *blk = &c->blocks[k];
        const sbuf_t *s = d->gzip[o] ? &blk->gz[o] : &blk->out[o].text;
        h->failed |= blk->out[o].failed || blk->gz_failed;
        h->records[o] += blk->out[o].records;
        h->bytes[o] += s->len;
        io->iov[k] = (struct iovec){.iov_base = s->p, .iov_len = s->len};
    }
    return (int)c->nblocks;
}

/* Write chunk c's outputs at offsets off[]. */
static void shared_write(driver_t *d, const bchunk_t *c, const uint64_t *off)
{
    static const sf_error_t nomem = {SF_ERR_NOMEM, "out of memory"};
    for (int o = 0; o < d->nout && !d->out_dead; o++) {
        dist_head_t h;
        memset(&h, 0, sizeof h);
        const int n = chunk_iov(d, c, o, &h);
        sf_error_t err;
        if (h.failed)
            fail_output(d, &nomem);
        else if (n && writer_pwritev(d->at_w[o], d->dio->iov, n, off[o], &err))
            fail_output(d, &err);
    }
}

/* A process other than rank 0 writing at offsets: tell rank 0 chunk c's
 * counts (and invalid records), take the offsets and write there. */
static void shared_send(driver_t *d, const bchunk_t *c)
{
    const sf_dist_t *ds = d->dist;
    dist_io_t *io = d->dio;
    dist_head_t h;
    memset(&h, 0, sizeof h);
    h.n = c->n;
    d->written += c->n;
    for (int o = 0; o < d->nout && !h.failed; o++)
        chunk_iov(d, c, o, &h);
    h.notes = c->notes_len;
    const struct iovec iov[2] = {{&h, sizeof h}, {c->notes, c->notes_len}};
    uint64_t off[SF_MAX_OUTPUTS];
    if (ds->send(ds->ctx, 0, DIST_TAG_OUT, iov, 2) != 0 ||
        ds->recv(ds->ctx, 0, DIST_TAG_AT, &io->msg, &io->msg_len,
                 &io->msg_cap) != 0 || io->msg_len != sizeof off) {
        fail(d, SF_ERR_IO, "lost a message");
        return;
    }
    memcpy(off, io->msg, sizeof off);
    if (!h.failed)
        shared_write(d, c, off);
    else
        fail(d, SF_ERR_NOMEM, "out of memory");
}

/* Rank 0 writing at offsets: place the chunk of process `from`, whose
 * counts it sends, after the chunks before it. */
static void shared_place(driver_t *d, int from)
{
    const sf_dist_t *ds = d->dist;
    dist_io_t *io = d->dio;
    dist_head_t h = {0};
    if (ds->recv(ds->ctx, from, DIST_TAG_OUT, &io->msg, &io->msg_len,
                 &io->msg_cap) != 0 || io->msg_len < sizeof h) {
        static const sf_error_t lost = {SF_ERR_IO, "lost a message"};
        fail_output(d, &lost);
        return;
    }
    memcpy(&h, io->msg, sizeof h);
    const struct iovec iov = {d->at_pos, sizeof d->at_pos};
    if (ds->send(ds->ctx, from, DIST_TAG_AT, &iov, 1) != 0)
        fail(d, SF_ERR_IO, "cannot send to another process");
    for (int o = 0; o < d->nout; o++) {
        d->at_pos[o] += h.bytes[o];
        d->records[o] += h.records[o];
    }
    if (h.notes <= io->msg_len - sizeof h)
        notes_report(d, io->msg + sizeof h, h.notes);
    d->written += h.n;
}

/* Rank 0 writing at offsets: its own chunk c's place first, then the
 * rest of the round's, each process writing its own; then its own. */
static void shared_round(driver_t *d, const bchunk_t *c)
{
    dist_head_t h;
    memset(&h, 0, sizeof h);
    uint64_t off[SF_MAX_OUTPUTS];
    memcpy(off, d->at_pos, sizeof off);
    notes_report(d, c->notes, c->notes_len);
    for (int o = 0; o < d->nout; o++) {
        chunk_iov(d, c, o, &h);
        d->at_pos[o] += h.bytes[o];
        d->records[o] += h.records[o];
    }
    d->written += c->n;
    for (size_t k = 1; k < c->round_n; k++)
        shared_place(d, (int)k);
    shared_write(d, c, off);
}

/* Chunk c's output: rank 0 writes it and then the rest of its round, from
 * the processes that worked on them, in chunk order; the others send it.
 * (Or, writing at offsets, each process writes its own.) */
static void dist_write(driver_t *d, const bchunk_t *c)
{
    if (d->shared) {
        if (d->dist->rank > 0)
            shared_send(d, c);
        else
            shared_round(d, c);
        return;
    }
    if (d->dist->rank > 0) {
        dist_send_output(d, c);
        return;
    }
    notes_report(d, c->notes, c->notes_len);
    for (int o = 0; o < d->nout; o++)
        write_output(d, c, o);
    d->written += c->n;
    for (size_t k = 1; k < c->round_n; k++)
        dist_write_from(d, (int)k);
}

/* A process other than rank 0: have rank 0 run the ordered pass over
 * chunk c's items, and take its answer. */
static void dist_keep_remote(driver_t *d, bchunk_t *c)
{
    const sf_dist_t *ds = d->dist;
    dist_io_t *io = d->dio;
    const size_t ss = d->job->slot_size;
    uint64_t n = c->n;
    if (grow((void **)&io->items, &io->items_bytes, n * sizeof *io->items)) {
        fail(d, SF_ERR_NOMEM, "out of memory");
        n = 0;
    }
    for (size_t i = 0; i < n; i++) {
        const sf_item_t it = item_at(d, c, i);
        io->items[i] = (dist_item_t){.rec = *it.rec, .index = it.index,
                                     .copy = it.copy};
        io->items[i].rec.text_off = io->items[i].rec.text_len = 0;
        io->items[i].rec.why = NULL;
    }
    const struct iovec iov[3] = {{&n, sizeof n},
                                 {io->items, n * sizeof *io->items},
                                 {c->slots, n * ss}};
    if (ds->send(ds->ctx, 0, DIST_TAG_KEEP, iov, 3) != 0 ||
        ds->recv(ds->ctx, 0, DIST_TAG_KEPT, &io->kmsg, &io->kmsg_len,
                 &io->kmsg_cap) != 0 || io->kmsg_len != n + n * ss) {
        fail(d, SF_ERR_IO, "lost a message");
        return;
    }
    memcpy(c->kept, io->kmsg, n);
    memcpy(c->slots, io->kmsg + n, n * ss);
}

/* Rank 0: the ordered pass over the items of process `from`'s chunk. */
static void dist_keep_for(driver_t *d, int from)
{
    const sf_dist_t *ds = d->dist;
    dist_io_t *io = d->dio;
    const size_t ss = d->job->slot_size;
    uint64_t n = 0;
    if (ds->recv(ds->ctx, from, DIST_TAG_KEEP, &io->kmsg, &io->kmsg_len,
                 &io->kmsg_cap) == 0 && io->kmsg_len >= sizeof n)
        memcpy(&n, io->kmsg, sizeof n);
    if (io->kmsg_len != sizeof n + n * (sizeof(dist_item_t) + ss) ||
        grow((void **)&io->kept, &io->kept_cap, n)) {
        fail(d, SF_ERR_IO, "lost a message");
        n = 0;
    }
    const dist_item_t *items = (const dist_item_t *)(io->kmsg + sizeof n);
    unsigned char *slots = (unsigned char *)(items + n);
    for (size_t i = 0; i < n; i++) {
        const sf_item_t it = {.rec = &items[i].rec, .text = "",
                              .index = items[i].index, .copy = items[i].copy};
        io->kept[i] = (uint8_t)keep_one(d, &it, slots + i * ss);
    }
    const struct iovec iov[2] = {{io->kept, n}, {slots, n * ss}};
    if (ds->send(ds->ctx, from, DIST_TAG_KEPT, iov, 2) != 0)
        fail(d, SF_ERR_IO, "cannot send to another process");
}

/* The ordered pass over the round of chunk c, in chunk order, by rank 0. */
static void dist_keep(driver_t *d, bchunk_t *c)
{
    if (d->dist->rank > 0) {
        dist_keep_remote(d, c);
        return;
    }
    keep_pass(d, c);
    for (size_t k = 1; k < c->round_n; k++)
        dist_keep_for(d, (int)k);
}

/* After a run that read by the plan: the file's record counts (those
 * sf_reader_file_records reports) at rank 0 are all processes'. */
static void index_finish(driver_t *d)
{
    const sf_dist_t *ds = d->dist;
    uint64_t v[2], own[2];
    v[0] = sf_reader_file_records(d->reader, d->plan_file, &v[1]);
    v[0] -= d->plan_count[0];
    v[1] -= d->plan_count[1];
    memcpy(own, v, sizeof v);
    ds->sum(ds->ctx, v, 2);
    if (ds->rank == 0)
        reader_count_add(d->reader, d->plan_file, v[0] - own[0],
                         v[1] - own[1]);
}

/* After the run: every process ends with the first process's error, and
 * with rank 0's counts (it wrote everything and ran the ordered pass),
 * the threads and CPU time of all and the longest wall time. */
static void dist_finish(driver_t *d, sf_job_stats_t *st)
{
    const sf_dist_t *ds = d->dist;
    if (ds->agree(ds->ctx, d->failed ? -1 : 0, &d->err) != 0)
        d->failed = 1;
    uint64_t v[3 + SF_MAX_OUTPUTS] = {st->items, st->invalid, st->dropped};
    memcpy(v + 3, st->records, sizeof st->records);
    ds->share(ds->ctx, v, sizeof v);
    st->items = v[0];
    st->invalid = v[1];
    st->dropped = v[2];
    memcpy(st->records, v + 3, sizeof st->records);
    uint64_t threads = (uint64_t)st->threads;
    ds->sum(ds->ctx, &threads, 1);
    st->threads = (int)threads;
    ds->fsum(ds->ctx, &st->cpu_sec, 1);
    ds->fmax(ds->ctx, &st->wall_sec, 1);
    if (d->indexed) /* each read its own chunks of that file */
        index_finish(d);
}

static void dist_io_free(dist_io_t *io)
{
    if (!io)
        return;
    chunk_free(&io->skip);
    free(io->iov);
    free(io->msg);
    free(io->kmsg);
    free(io->items);
    free(io->kept);
    free(io);
}

static driver_t driver_of(const sf_batch_opts_t *opts, const sf_job_t *job,
                          sf_reader_t *reader, sf_writer_t *const *writers)
{
    driver_t d;
    memset(&d, 0, sizeof d);
    d.opts = opts;
    d.job = job;
    d.reader = job->source ? NULL : reader;
    d.fanout = job->fanout > 1 && !job->source ? job->fanout : 1;
    d.writers = writers;
    d.nout = job->outputs > 0 ? job->outputs : 1;
    if (d.nout > SF_MAX_OUTPUTS)
        d.nout = SF_MAX_OUTPUTS;
    for (int o = 0; o < d.nout; o++) {
        d.gzip[o] = sf_writer_gzip(writers[o]);
        d.level[o] = sf_writer_level(writers[o]);
    }
    d.dist = sf_dist;
    d.chunk = opts->chunk ? opts->chunk : CHUNK_DEFAULT;
    d.threads = opts->threads > 0 ? opts->threads : omp_get_max_threads();
    return d;
}

int sf_job_run(const sf_batch_opts_t *opts, const sf_job_t *job,
               sf_reader_t *reader, sf_writer_t *const *writers,
               sf_job_stats_t *stats, sf_error_t *err)
{
    driver_t d = driver_of(opts, job, reader, writers);
    bchunk_t ring[3];
    memset(ring, 0, sizeof ring);
    for (int i = 0; i < 3; i++)
        sf_chunk_init(&ring[i].in);
    d.t0 = timer_mono_sec();
    const double cpu0 = cpu_seconds();
    int ok = !d.dist || (d.dio = calloc(1, sizeof *d.dio)) != NULL;
    if (ok && d.dio)
        sf_chunk_init(&d.dio->skip.in);
    ok = ok && (!job->start || job->start(job->ctx, d.threads) == 0);
    if (!ok)
        fail(&d, SF_ERR_NOMEM, "out of memory");
    if (d.dist && d.dist->any(d.dist->ctx, !ok)) /* all start, or none */
        ok = 0;
    if (ok) {
        read_next(&d, &ring[0]);
        write_begin(&d);
        if (d.dist)
            shared_start(&d);
        if (!(d.dist ? d.dist->any(d.dist->ctx, d.out_dead) : d.out_dead))
            run_rounds(&d, ring);
        if (d.shared)
            shared_finish(&d);
    }
    fill_stats(&d, stats, cpu0);
    if (d.dist)
        dist_finish(&d, stats);
    for (int i = 0; i < 3; i++)
        chunk_free(&ring[i]);
    dist_io_free(d.dio);
    index_plan_free(&d.plan);
    free(d.plan_ends);
    sf_chunk_free(&d.src);
    if (d.failed && err)
        *err = d.err;
    return d.failed ? -1 : 0;
}
