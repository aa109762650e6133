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
 * and the ordered pass then go through the driver's multi-process side
 * (batch_peers, installed with sf_dist), which exchanges chunks, output
 * (or its offsets) and ordered-pass decisions with the other processes,
 * so that the output is what one process writes.
 */
#include "core/barrier.h"
#include "core/threads.h"
#include "batch_driver.h"
#include "core/timer.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/uio.h>

/* The job this process is part of (dist.h), and the driver's side for it
 * (batch_driver.h); NULL when it runs alone. */
const sf_dist_t *sf_dist;
const batch_peers_t *batch_peers;

void batch_fail(driver_t *d, int code, const char *msg)
{
    if (d->failed)
        return;
    d->failed = 1;
    d->err.code = code;
    snprintf(d->err.message, sizeof d->err.message, "%s", msg);
}

/* Output failed: keep the first error, write nothing more. */
void batch_fail_output(driver_t *d, const sf_error_t *err)
{
    batch_fail(d, err->code, err->message);
    d->out_dead = 1;
}

sf_item_t batch_item_at(const driver_t *d, const bchunk_t *c, size_t i)
{
    sf_item_t it = {NULL, NULL, NULL, NULL, c->base + i, 0};
    if (d->reader) {
        const size_t r = d->fanout > 1 ? c->rec_of[i] : i;
        it.rec = &c->in.recs[r];
        it.cells = sf_record_cells(&c->in, it.rec);
        if (it.rec->geom && d->fanout <= 1)
            it.room = c->in.gcells + it.rec->cells_off +
                      sf_geometry_cells(it.rec->geom);
        it.text = c->in.text ? c->in.text + it.rec->text_off : "";
        if (d->fanout > 1) {
            it.index = c->rec_base + r;
            it.copy = c->copy_of[i];
        }
    }
    return it;
}

/* A slot's bytes rounded up to max_align_t's alignment. */
static size_t slot_stride(size_t size)
{
    const size_t a = _Alignof(max_align_t);
    return (size + a - 1) / a * a;
}

static void *slot_at(const driver_t *d, const bchunk_t *c, size_t i)
{
    return c->slots + i * d->slot_stride;
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
        const sf_item_t it = batch_item_at(d, c, i);
        for (int o = 0; o < d->nout; o++)
            sf_out_geometry(outs[o], it.rec && !it.rec->invalid
                                         ? it.rec->geom : NULL);
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

/* Work on item i of chunk c. */
static void work_item(const driver_t *d, int t, bchunk_t *c, size_t i)
{
    const sf_item_t it = batch_item_at(d, c, i);
    c->kept[i] = 1;
    d->job->work(d->job->ctx, t, &it, slot_at(d, c, i));
}

/* Work on the items of block k of chunk c; without an ordered pass,
 * format them too. */
static void work_block(const driver_t *d, int t, bchunk_t *c, size_t k)
{
    const sf_job_t *job = d->job;
    if (job->block)
        job->block(job->ctx, t);
    if (job->work_many) {
        sf_item_t items[BLOCK];
        void *slots[BLOCK];
        const size_t first = k * BLOCK, n = block_end(c, k) - first;
        for (size_t i = 0; i < n; i++) {
            items[i] = batch_item_at(d, c, first + i);
            slots[i] = slot_at(d, c, first + i);
            c->kept[first + i] = 1;
        }
        job->work_many(job->ctx, t, items, n, slots);
    } else {
        for (size_t i = k * BLOCK; i < block_end(c, k); i++)
            work_item(d, t, c, i);
    }
    if (!job->keep)
        emit_block(d, t, c, k);
}

/* The ordered pass on one item: 1 to keep it, else 0.  After an item
 * whose pass failed nothing is kept, so the output ends with the items
 * before it. */
int batch_keep_one(driver_t *d, const sf_item_t *it, void *slot)
{
    const sf_job_t *job = d->job;
    if (d->keep_dead)
        return 0;
    sf_error_t err;
    err.code = 0;
    const int k = job->keep(job->ctx, it, slot, &err);
    if (k < 0 && err.code == 0)
        batch_fail(d, SF_ERR_NOMEM, "out of memory");
    else if (k < 0)
        batch_fail(d, err.code, err.message);
    d->keep_dead = k < 0;
    d->dropped += k == 0;
    return k > 0;
}

/* The ordered pass over chunk c, on one thread. */
void batch_keep_pass(driver_t *d, bchunk_t *c)
{
    for (size_t i = 0; i < c->n; i++) {
        const sf_item_t it = batch_item_at(d, c, i);
        c->kept[i] = (uint8_t)batch_keep_one(d, &it, slot_at(d, c, i));
    }
}

/* Write output o of chunk c's blocks in order, up to IOV_BATCH blocks per
 * call. */
void batch_write_output(driver_t *d, const bchunk_t *c, int o)
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
                batch_fail_output(d, &nomem);
            d->records[o] += blk->out[o].records;
            iov[n++] = (struct iovec){.iov_base = s->p, .iov_len = s->len};
        }
        if (!d->out_dead &&
            sf_writer_writev(d->writers[o], iov, n, &err) != 0)
            batch_fail_output(d, &err);
    }
}

/* Items per chunk: as asked, but no more than keep a chunk's records,
 * work slots and output within CHUNK_BYTES at d->item_bytes of output an
 * item (the record text has its own bound, the reader's).  One process
 * starts at SLOW_START items and at most doubles from chunk to chunk,
 * so the output its items really take is known (fit_output) before the
 * chunks are large; several processes must cut the same chunks, and go
 * by the job's item_output alone. */
static void chunk_size(driver_t *d)
{
    const size_t item = sizeof(sf_record_t) + d->slot_stride +
                        d->item_bytes;
    size_t n = d->chunk_asked < CHUNK_BYTES / item ? d->chunk_asked
                                                  : CHUNK_BYTES / item;
    if (!d->dist) {
        const size_t grow = d->chunk ? 2 * d->chunk : SLOW_START;
        n = n < grow ? n : grow;
    }
    d->chunk = n ? n : 1;
}

/* After chunk c was written: count an item for at least the output the
 * items of c took on average, and size the chunks read from now on. */
static void fit_output(driver_t *d, const bchunk_t *c)
{
    size_t bytes = 0;
    for (size_t k = 0; k < c->nblocks; k++)
        for (int o = 0; o < d->nout; o++)
            bytes += c->blocks[k].out[o].text.len + c->blocks[k].gz[o].len;
    const size_t per = c->n ? (bytes + c->n - 1) / c->n : 0;
    if (per > d->item_bytes)
        d->item_bytes = per < CHUNK_BYTES ? per : CHUNK_BYTES;
    chunk_size(d);
}

/* Write chunk c: every output's blocks in order.  A failed read or an
 * invalid record under strict stops reading, not writing: the items before
 * it are still written. */
static void write_chunk(driver_t *d, const bchunk_t *c)
{
    if (d->peers) {
        d->peers->write(d, c);
        return;
    }
    for (int o = 0; o < d->nout; o++)
        batch_write_output(d, c, o);
    d->written += c->n;
    d->bytes_written = c->bytes_end;
    fit_output(d, c);
}

/* Make *p hold at least need bytes (*cap of them now), doubling. */
int batch_grow(void **p, size_t *cap, size_t need)
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

int batch_chunk_reserve(const driver_t *d, bchunk_t *c, size_t n)
{
    const size_t nb = (n + BLOCK - 1) / BLOCK;
    const size_t old = c->blocks_cap;
    if (batch_grow((void **)&c->slots, &c->slots_cap, n * d->slot_stride) ||
        batch_grow((void **)&c->kept, &c->kept_cap, n))
        return -1;
    if (nb > old) {
        size_t bytes = old * sizeof *c->blocks;
        if (batch_grow((void **)&c->blocks, &bytes, nb * sizeof *c->blocks))
            return -1;
        memset(c->blocks + old, 0, (nb - old) * sizeof *c->blocks);
        c->blocks_cap = nb;
    }
    return 0;
}

void batch_chunk_free(bchunk_t *c)
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
    if (batch_grow((void **)&c->notes, &c->notes_cap, need) != 0) {
        batch_fail(d, SF_ERR_NOMEM, "out of memory");
        return;
    }
    char *p = c->notes + c->notes_len;
    memcpy(p, &rec->line, 8);
    memcpy(p + 8, &rec->file, 4);
    memcpy(p + 12, rec->why, w);
    c->notes_len = need;
}

/* Rank 0: report the invalid records noted at p[0, n) (note_add). */
void batch_notes_report(driver_t *d, const char *p, size_t n)
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
size_t batch_check_records(driver_t *d, const sf_chunk_t *in, size_t n,
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
            batch_fail(d, SF_ERR_INVALID, msg);
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
        batch_fail(d, err.code ? err.code : SF_ERR_IO, err.message);
        n = 0;
    }
    return batch_check_records(d, in, n, NULL);
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

/* Append a copy of record r (its text at text, a geometry record's cells
 * at cells) to in; 0 or -1. */
static int chunk_add(sf_chunk_t *in, const sf_record_t *r, const char *text,
                     const uint8_t *cells)
{
    if (in->count == in->cap) {
        const size_t n = in->cap ? 2 * in->cap : 64;
        sf_record_t *q = realloc(in->recs, n * sizeof *q);
        if (!q)
            return -1;
        in->recs = q;
        in->cap = n;
    }
    if (batch_grow((void **)&in->text, &in->text_cap, in->text_len + r->text_len))
        return -1;
    const size_t nc = r->geom ? (size_t)sf_geometry_cells(r->geom) : 0;
    if (nc && batch_grow((void **)&in->gcells, &in->gcells_cap,
                         in->gcells_len + 2 * nc))
        return -1;
    sf_record_t *dst = &in->recs[in->count++];
    *dst = *r;
    if (nc) {
        dst->cells_off = (uint32_t)in->gcells_len;
        memcpy(in->gcells + in->gcells_len, cells, nc);
        memset(in->gcells + in->gcells_len + nc, 0, nc);
        in->gcells_len += 2 * nc;
    }
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
    c->in.count = c->in.text_len = c->in.gcells_len = 0;
    c->rec_base = d->src_base + d->src_i;
    while (n < d->chunk && bytes < FANOUT_BYTES && src_next(d)) {
        const sf_record_t *r = &d->src.recs[d->src_i];
        const char *text = d->src.text ? d->src.text + r->text_off : "";
        if (chunk_add(&c->in, r, text, sf_record_cells(&d->src, r)) != 0)
            break;
        const size_t per = (size_t)r->text_len + 1;
        uint64_t take = d->fanout - d->src_copy;
        const size_t room = bytes + per > FANOUT_BYTES ? 1
                            : (FANOUT_BYTES - bytes) / per;
        take = take < d->chunk - n ? take : d->chunk - n;
        take = take < room ? take : room;
        for (uint64_t j = 0; j < take; j++)
            if (add_item(c, n++, (uint32_t)(c->in.count - 1), d->src_copy + j))
                batch_fail(d, SF_ERR_NOMEM, "out of memory");
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

void batch_read_chunk(driver_t *d, bchunk_t *c)
{
    c->n = 0;
    c->nblocks = 0;
    if (d->eof || (d->failed && !d->dist)) /* several: see peers->read */
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
    if (batch_chunk_reserve(d, c, c->n) != 0) {
        batch_fail(d, SF_ERR_NOMEM, "out of memory");
        c->n = 0;
    }
    c->base = d->read;
    c->bytes_end = d->reader ? sf_reader_bytes_done(d->reader) : 0;
    c->nblocks = (c->n + BLOCK - 1) / BLOCK;
    c->claimed[0] = c->claimed[1] = 0;
    d->read += c->n;
}

/* The next chunk this process works on, into c. */
static void read_next(driver_t *d, bchunk_t *c)
{
    if (d->peers)
        d->peers->read(d, c);
    else
        batch_read_chunk(d, c);
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
    if (d->reader) { /* the share of the input whose records are out */
        p.bytes_done = d->dist ? sf_reader_bytes_done(d->reader)
                               : d->bytes_written;
        p.bytes_total = sf_reader_bytes_total(d->reader);
    }
    d->opts->on_progress(d->opts->ctx, &p);
}

/* The next unclaimed unit (block or item) of n by counter *claim, or n. */
static size_t claim_next(size_t *claim, size_t n)
{
    const size_t k = __atomic_fetch_add(claim, 1, __ATOMIC_RELAXED);
    return k < n ? k : n;
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

/* One round's work on chunk cur, by every worker (see the top): blocks
 * (items, for a fine job) are claimed one at a time, so faster threads
 * take more. */
static void work_chunk(driver_t *d, int t, bchunk_t *cur, team_t *tm)
{
    size_t k;
    if (d->job->fine)
        while ((k = claim_next(&cur->claimed[0], cur->n)) < cur->n) {
            if (d->job->block) /* a block of one */
                d->job->block(d->job->ctx, t);
            work_item(d, t, cur, k);
        }
    else
        while ((k = claim_next(&cur->claimed[0], cur->nblocks)) < cur->nblocks)
            work_block(d, t, cur, k);
    if (!d->job->keep && !d->job->fine)
        return;
    barrier_wait(&tm->work);
    if (d->job->keep) {
        if (t == 0 && d->peers)
            d->peers->keep(d, cur);
        else if (t == 0)
            batch_keep_pass(d, cur);
        barrier_wait(&tm->work);
    }
    while ((k = claim_next(&cur->claimed[1], cur->nblocks)) < cur->nblocks)
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
#pragma omp parallel num_threads(d->threads + d->spare)
    {
#pragma omp single
        ok = team_init(&tm, omp_get_num_threads(), d->spare) == 0;
        if (ok)
            run_team(d, ring, &tm, omp_get_thread_num());
    }
    if (!ok) {
        batch_fail(d, SF_ERR_NOMEM, "cannot set up the threads");
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
        batch_fail_output(d, &err);
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
                batch_fail_output(d, &err);
        }
    }
    if (rc != 0)
        batch_fail_output(d, &nomem);
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

static driver_t driver_of(const sf_batch_opts_t *opts, const sf_job_t *job,
                          sf_reader_t *reader, sf_writer_t *const *writers)
{
    driver_t d;
    memset(&d, 0, sizeof d);
    d.opts = opts;
    d.job = job;
    d.slot_stride = slot_stride(job->slot_size);
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
    d.peers = sf_dist ? batch_peers : NULL;
    d.chunk_asked = opts->chunk ? opts->chunk : CHUNK_DEFAULT;
    d.item_bytes = job->item_output > ITEM_OUTPUT ? job->item_output
                                                  : ITEM_OUTPUT;
    if (d.item_bytes > CHUNK_BYTES)
        d.item_bytes = CHUNK_BYTES;
    chunk_size(&d);
    d.threads = opts->threads > 0 ? opts->threads : omp_get_max_threads();
    /* as many workers as can start (the runtime would end the process),
     * and the spare thread when there are fewer workers than cores and it
     * can start too */
    const int spare = d.threads < omp_get_num_procs();
    const int team = threads_startable(d.threads + spare);
    d.spare = spare && team == d.threads + spare;
    d.threads = team - d.spare;
    return d;
}

int sf_job_run(const sf_batch_opts_t *opts, const sf_job_t *job,
               sf_reader_t *reader, sf_writer_t *const *writers,
               sf_job_stats_t *stats, sf_error_t *err)
{
    if (!opts || !job || !writers || !stats || !job->work || !job->emit ||
        (!job->source && !reader)) {
        if (err)
            *err = (sf_error_t){SF_ERR_USAGE, "missing job arguments"};
        return -1;
    }
    driver_t d = driver_of(opts, job, reader, writers);
    bchunk_t ring[3];
    memset(ring, 0, sizeof ring);
    for (int i = 0; i < 3; i++)
        sf_chunk_init(&ring[i].in);
    d.t0 = timer_mono_sec();
    const double cpu0 = cpu_seconds();
    int ok = !d.peers || d.peers->begin(&d) == 0;
    ok = ok && (!job->start || job->start(job->ctx, d.threads) == 0);
    if (!ok)
        batch_fail(&d, SF_ERR_NOMEM, "out of memory");
    if (d.dist && d.dist->any(d.dist->ctx, !ok)) /* all start, or none */
        ok = 0;
    if (ok) {
        read_next(&d, &ring[0]);
        write_begin(&d);
        if (d.peers)
            d.peers->rounds_begin(&d);
        if (!(d.dist ? d.dist->any(d.dist->ctx, d.out_dead) : d.out_dead))
            run_rounds(&d, ring);
        if (d.peers)
            d.peers->rounds_end(&d);
    }
    fill_stats(&d, stats, cpu0);
    if (d.peers)
        d.peers->finish(&d, stats);
    for (int i = 0; i < 3; i++)
        batch_chunk_free(&ring[i]);
    if (d.peers)
        d.peers->end(&d);
    sf_chunk_free(&d.src);
    if (d.failed && err)
        *err = d.err;
    return d.failed ? -1 : 0;
}
