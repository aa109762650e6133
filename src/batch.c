/*
 * batch.c -- the streaming, parallel, ordered batch driver.
 *
 * Input is cut into chunks of records; a chunk is cut into blocks of
 * BLOCK records, the unit of parallel work: a thread solves a block's
 * records with its own solver, formats their output into the block's own
 * buffer and, for gzip output, deflates it into a gzip member of its own.
 * Three chunks rotate through the roles
 *
 *     prev: solved, being written      cur: being solved
 *     next: being read
 *
 * Each round, one thread (an OpenMP `single nowait`) writes prev's blocks in
 * order and reads next, then joins the others on cur's blocks (dynamic
 * schedule); a barrier ends the round and the roles rotate.  So reading,
 * writing and solving overlap, output order is input order by construction
 * whatever the thread count, and memory is three chunks whatever the input
 * size.  Threads only ever write their own blocks and their own worker
 * slot; everything else they share is read-only during a round.
 */
#include "format.h"
#include "latency.h"
#include "timer.h"
#include "sudoflow.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/uio.h>

#define BLOCK 128            /* records per unit of parallel work */
#define CHUNK_DEFAULT 8192   /* records per chunk */
#define IOV_BATCH 256        /* blocks per writev */

typedef struct block {
    sbuf_t text;          /* formatted output of the block's records */
    sbuf_t gz;            /* the same as one gzip member, for gzip output */
    int failed;           /* out of memory while formatting */
} block_t;

typedef struct bchunk {
    sf_chunk_t in;        /* records and their text */
    outcome_t *res;       /* one outcome per record */
    size_t res_cap;
    block_t *blocks;      /* ceil(n / BLOCK) blocks */
    size_t nblocks, blocks_cap;
    size_t n;             /* records in this chunk */
    uint64_t base;        /* run-wide index of the first record */
} bchunk_t;

typedef struct worker {
    sf_solver_t *solver;  /* this thread's kernel state */
    lat_hist_t lat;       /* latency of the puzzles it solved */
    uint64_t by_status[SF_STATUS_COUNT];
    uint64_t guesses, no_guess, solve_ns;
    char pad[64];         /* keep neighbours off this cache line */
} worker_t;

typedef struct batch {
    const sf_batch_opts_t *opts;
    sf_reader_t *reader;
    sf_writer_t *writer;
    out_layout_t layout;  /* resolved output format */
    uint64_t limit;       /* solutions to look for, 0 = all */
    int gzip, level;      /* compress blocks */
    size_t chunk;         /* records per chunk */
    worker_t *workers;    /* one per thread */
    int threads;
    int eof;              /* the reader is exhausted */
    int failed;           /* stop reading: err holds why */
    int out_dead;         /* output failed: write nothing more */
    sf_error_t err;
    uint64_t read, written; /* records read and written so far */
    double t0, last_progress;
    sf_timer_t timer;     /* per-puzzle clock, shared read-only */
} batch_t;

/* Solve record i of chunk c with worker w's solver, into c->res[i].  *clock
 * is the tick the previous solve ended at (one clock read per puzzle). */
static void solve_record(const batch_t *b, worker_t *w, bchunk_t *c, size_t i,
                         uint64_t *clock)
{
    const sf_record_t *rec = &c->in.recs[i];
    outcome_t *oc = &c->res[i];
    if (rec->invalid) {
        oc->status = SF_INVALID;
        oc->count = oc->guesses = oc->ns = 0;
        w->by_status[SF_INVALID]++;
        return;
    }
    sf_result_t r;
    sf_solve_cells(w->solver, rec->cells, b->limit, b->opts->flags,
                   oc->solution, &r);
    const uint64_t t = timer_ticks(&b->timer);
    oc->ns = timer_ns(&b->timer, t - *clock);
    *clock = t;
    oc->status = r.status;
    oc->count = r.count;
    oc->guesses = r.guesses;
    w->by_status[r.status]++;
    w->guesses += r.guesses;
    w->no_guess += r.guesses == 0;
    w->solve_ns += oc->ns;
    lat_add(&w->lat, oc->ns);
}

/* Solve the records of block k of chunk c, then format them and (for gzip)
 * compress the text. */
static void run_block(const batch_t *b, worker_t *w, bchunk_t *c, size_t k)
{
    block_t *blk = &c->blocks[k];
    const size_t lo = k * BLOCK;
    const size_t hi = lo + BLOCK < c->n ? lo + BLOCK : c->n;
    blk->text.len = 0;
    blk->gz.len = 0;
    blk->failed = 0;
    uint64_t clock = timer_ticks(&b->timer);
    for (size_t i = lo; i < hi; i++)
        solve_record(b, w, c, i, &clock);
    for (size_t i = lo; i < hi; i++) {
        const sf_record_t *rec = &c->in.recs[i];
        if (fmt_record(&b->layout, rec, c->in.text + rec->text_off,
                       &c->res[i], c->base + i, &blk->text) != 0)
            blk->failed = 1;
    }
    if (b->gzip && !blk->failed &&
        sf_gzip_member(blk->text.p, blk->text.len, b->level, &blk->gz.p,
                       &blk->gz.len, &blk->gz.cap) != 0)
        blk->failed = 1;
}

static void fail(batch_t *b, int code, const char *msg)
{
    if (b->failed)
        return;
    b->failed = 1;
    b->err.code = code;
    snprintf(b->err.message, sizeof b->err.message, "%s", msg);
}

/* Output failed: keep the first error, write nothing more. */
static void fail_output(batch_t *b, const sf_error_t *err)
{
    fail(b, err->code, err->message);
    b->out_dead = 1;
}

static void write_bytes(batch_t *b, const sbuf_t *s)
{
    sf_error_t err;
    if (!b->out_dead && s->len &&
        sf_writer_write(b->writer, s->p, s->len, &err) != 0)
        fail_output(b, &err);
}

/* Write chunk c's blocks in order, up to IOV_BATCH blocks per call.  A
 * failed read or an invalid record under strict stops reading, not
 * writing: the records before it are still written. */
static void write_chunk(batch_t *b, const bchunk_t *c)
{
    static const sf_error_t nomem = {SF_ERR_NOMEM, "out of memory"};
    struct iovec iov[IOV_BATCH];
    sf_error_t err;
    size_t k = 0;
    while (k < c->nblocks && !b->out_dead) {
        int n = 0;
        for (; n < IOV_BATCH && k < c->nblocks; k++) {
            const sbuf_t *s = b->gzip ? &c->blocks[k].gz : &c->blocks[k].text;
            if (c->blocks[k].failed)
                fail_output(b, &nomem);
            iov[n++] = (struct iovec){.iov_base = s->p, .iov_len = s->len};
        }
        if (!b->out_dead && sf_writer_writev(b->writer, iov, n, &err) != 0)
            fail_output(b, &err);
    }
    b->written += c->n;
}

static int chunk_reserve(bchunk_t *c, size_t n)
{
    if (n > c->res_cap) {
        outcome_t *r = realloc(c->res, n * sizeof *r);
        if (!r)
            return -1;
        c->res = r;
        c->res_cap = n;
    }
    const size_t nb = (n + BLOCK - 1) / BLOCK;
    if (nb > c->blocks_cap) {
        block_t *bl = realloc(c->blocks, nb * sizeof *bl);
        if (!bl)
            return -1;
        memset(bl + c->blocks_cap, 0, (nb - c->blocks_cap) * sizeof *bl);
        c->blocks = bl;
        c->blocks_cap = nb;
    }
    return 0;
}

static void chunk_free(bchunk_t *c)
{
    sf_chunk_free(&c->in);
    for (size_t k = 0; k < c->blocks_cap; k++) {
        sbuf_free(&c->blocks[k].text);
        sbuf_free(&c->blocks[k].gz);
    }
    free(c->blocks);
    free(c->res);
}

/* Report invalid records in input order; under strict, cut the chunk at the
 * first one and stop the run. */
static void check_records(batch_t *b, bchunk_t *c)
{
    const sf_batch_opts_t *o = b->opts;
    for (size_t i = 0; i < c->n; i++) {
        const sf_record_t *rec = &c->in.recs[i];
        if (!rec->invalid)
            continue;
        const char *file = sf_reader_file_name(b->reader, rec->file);
        if (o->on_invalid)
            o->on_invalid(o->ctx, file, rec->line, rec->why);
        if (o->strict) {
            char msg[sizeof b->err.message];
            snprintf(msg, sizeof msg, "%s:%llu: invalid record (%s)", file,
                     (unsigned long long)rec->line, rec->why);
            fail(b, SF_ERR_INVALID, msg);
            c->n = i;
            return;
        }
    }
}

/* Read the next chunk into c (empty once input ends or the run failed). */
static void read_chunk(batch_t *b, bchunk_t *c)
{
    c->n = 0;
    c->nblocks = 0;
    if (b->eof || b->failed)
        return;
    sf_error_t err = {0};
    const long got = sf_reader_fill(b->reader, &c->in, b->chunk, &err);
    if (got < 0) {
        c->n = c->in.count; /* the records before the error still count */
        fail(b, err.code ? err.code : SF_ERR_IO, err.message);
        b->eof = 1;
    } else {
        c->n = (size_t)got;
        b->eof = got == 0;
    }
    if (chunk_reserve(c, c->n) != 0) {
        fail(b, SF_ERR_NOMEM, "out of memory");
        c->n = 0;
    }
    check_records(b, c);
    c->base = b->read;
    c->nblocks = (c->n + BLOCK - 1) / BLOCK;
    b->read += c->n;
}

static void report_progress(batch_t *b)
{
    const double t = timer_mono_sec();
    if (!b->opts->on_progress || t - b->last_progress < 0.25)
        return;
    b->last_progress = t;
    const sf_progress_t p = {
        .records = b->written,
        .bytes_done = sf_reader_bytes_done(b->reader),
        .bytes_total = sf_reader_bytes_total(b->reader),
        .elapsed_sec = t - b->t0,
    };
    b->opts->on_progress(b->opts->ctx, &p);
}

/* The rounds (see the top of the file), from ring[0] already read. */
static void run_rounds(batch_t *b, bchunk_t ring[3])
{
    bchunk_t *prev = NULL, *cur = &ring[0], *next = &ring[1];
    bchunk_t *spare = &ring[2];
#pragma omp parallel num_threads(b->threads)
    {
        worker_t *w = &b->workers[omp_get_thread_num()];
        while (cur->n > 0) {
#pragma omp single nowait
            {
                if (prev)
                    write_chunk(b, prev);
                report_progress(b);
                read_chunk(b, next);
            }
#pragma omp for schedule(dynamic, 1) nowait
            for (size_t k = 0; k < cur->nblocks; k++)
                run_block(b, w, cur, k);
#pragma omp barrier
#pragma omp single
            {
                bchunk_t *const done = prev ? prev : spare;
                prev = cur;
                cur = next;
                next = done;
            }
        }
    }
    if (prev)
        write_chunk(b, prev);
}

/* Output layout from the options and, for AUTO, the first input format. */
static void set_layout(batch_t *b)
{
    const sf_batch_opts_t *o = b->opts;
    out_layout_t *lay = &b->layout;
    lay->kind = o->out_format;
    if (lay->kind != SF_FORMAT_LINE && lay->kind != SF_FORMAT_GRID)
        lay->kind = sf_reader_first_format(b->reader) == SF_FORMAT_GRID
                        ? SF_FORMAT_GRID : SF_FORMAT_LINE;
    lay->nfields = o->nfields;
    memcpy(lay->fields, o->fields, sizeof lay->fields);
    if (lay->nfields <= 0) {
        lay->nfields = 1;
        lay->fields[0] = SF_FIELD_SOLUTION;
    }
    lay->sep = o->sep ? o->sep : ",";
    lay->sep_len = strlen(lay->sep);
}

static int write_header(batch_t *b)
{
    static const sf_error_t nomem = {SF_ERR_NOMEM, "out of memory"};
    if (!b->opts->header || b->layout.kind != SF_FORMAT_LINE)
        return 0;
    sbuf_t text = {0}, gz = {0};
    int rc = fmt_header(&b->layout, &text);
    if (rc == 0 && b->gzip)
        rc = sf_gzip_member(text.p, text.len, b->level, &gz.p, &gz.len,
                            &gz.cap);
    if (rc != 0)
        fail_output(b, &nomem);
    write_bytes(b, b->gzip ? &gz : &text);
    sbuf_free(&text);
    sbuf_free(&gz);
    return b->out_dead ? -1 : 0;
}

static int setup_workers(batch_t *b)
{
    b->workers = calloc((size_t)b->threads, sizeof *b->workers);
    if (!b->workers)
        return -1;
    for (int t = 0; t < b->threads; t++) {
        b->workers[t].solver = sf_solver_new(b->opts->kernel);
        if (!b->workers[t].solver)
            return -1;
    }
    return 0;
}

static double cpu_seconds(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec +
           (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec;
}

/* Sum the workers' counters into st; worker 0's histogram takes the
 * others'. */
static void collect_stats(batch_t *b, sf_stats_t *st, double cpu0)
{
    lat_hist_t *lat = &b->workers[0].lat;
    memset(st, 0, sizeof *st);
    for (int t = 0; t < b->threads; t++) {
        const worker_t *w = &b->workers[t];
        for (int s = 0; s < SF_STATUS_COUNT; s++)
            st->by_status[s] += w->by_status[s];
        st->guesses += w->guesses;
        st->no_guess += w->no_guess;
        st->solve_sec += 1e-9 * (double)w->solve_ns;
        if (t > 0)
            lat_merge(lat, &w->lat);
    }
    st->puzzles = b->written;
    st->wall_sec = timer_mono_sec() - b->t0;
    st->cpu_sec = cpu_seconds() - cpu0;
    st->lat_median_ns = lat_quantile(lat, 0.5);
    st->lat_p99_ns = lat_quantile(lat, 0.99);
    st->lat_max_ns = lat->max;
    st->threads = b->threads;
    st->kernel = sf_solver_kernel(b->workers[0].solver)->name;
}

static void free_batch(batch_t *b, bchunk_t ring[3])
{
    for (int i = 0; i < 3; i++)
        chunk_free(&ring[i]);
    if (b->workers)
        for (int t = 0; t < b->threads; t++)
            sf_solver_free(b->workers[t].solver);
    free(b->workers);
}

int sf_batch_run(const sf_batch_opts_t *opts, sf_reader_t *reader,
                 sf_writer_t *writer, sf_stats_t *stats, sf_error_t *err)
{
    batch_t b = {
        .opts = opts, .reader = reader, .writer = writer,
        .limit = opts->limit, .gzip = sf_writer_gzip(writer),
        .level = sf_writer_level(writer),
        .chunk = opts->chunk ? opts->chunk : CHUNK_DEFAULT,
        .threads = opts->threads > 0 ? opts->threads : omp_get_max_threads(),
    };
    bchunk_t ring[3];
    memset(ring, 0, sizeof ring);
    memset(stats, 0, sizeof *stats);
    for (int i = 0; i < 3; i++)
        sf_chunk_init(&ring[i].in);
    b.t0 = timer_mono_sec();
    timer_init(&b.timer);
    const double cpu0 = cpu_seconds();
    if (setup_workers(&b) != 0) {
        fail(&b, SF_ERR_NOMEM, "out of memory");
    } else {
        read_chunk(&b, &ring[0]);
        set_layout(&b);
        if (write_header(&b) == 0)
            run_rounds(&b, ring);
        collect_stats(&b, stats, cpu0);
    }
    free_batch(&b, ring);
    if (b.failed && err)
        *err = b.err;
    return b.failed ? -1 : 0;
}
