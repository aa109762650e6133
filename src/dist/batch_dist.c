/*
 * batch_dist.c -- the batch driver's side for a process that is one of
 * several (sudoflow-mpi; dist.h has the model): reading (its own chunks
 * of a plain file by the plan of dist_index.c, or the chunks rank 0
 * sends), writing (its own chunks at offsets rank 0 hands out, or
 * everything through rank 0), the ordered pass run by rank 0 over every
 * process's items, and the statistics of the whole job.  The driver
 * (batch.c) calls them through batch_peers, which batch_dist_install
 * sets.
 */
#include "batch_dist.h"
#include "engine/batch_driver.h"
#include "dist_geom.h"
#include "dist_index.h"
#include "io/fpz_record.h"
#include "io/reader_at.h"
#include "io/writer_at.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

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
    char *gmsg;           /* the geometries of a chunk sent (dist_geom.h) */
    size_t gmsg_len, gmsg_cap;
    char *kgmsg;          /* of an ordered pass's items */
    size_t kgmsg_len, kgmsg_cap;
    char *kmsg;           /* ordered pass */
    size_t kmsg_len, kmsg_cap;
    dist_item_t *items;
    size_t items_bytes;
    uint8_t *kept;
    size_t kept_cap;
} dist_io_t;

/* What this side keeps for a run (driver_t's peer). */
struct peer_state {
    int ended;            /* no process reads more */
    uint64_t rounds;      /* rounds read */
    dist_io_t *dio;       /* buffers */
    index_plan_t plan;    /* reading their own chunks (dist_index.h)... */
    int indexed;          /* ...from the second round on */
    uint64_t plan_base;   /* run-wide index of the plan's first record */
    uint64_t plan_rounds; /* rounds read from the plan */
    uint32_t plan_file;   /* the file it covers, and its counts then */
    uint64_t plan_count[2];
    uint64_t *plan_ends;  /* per process: failed, items (index_agree) */
    geom_cache_t geoms;   /* geometries of records received */
    fpz_records_t fpz;    /* variant records received, made again */
    int shared;           /* writing their own chunks... */
    sf_writer_t *at_w[SF_MAX_OUTPUTS]; /* ...at offsets into these... */
    uint64_t at_pos[SF_MAX_OUTPUTS];   /* ...handed out by rank 0 */
};

/* Sent by rank 0 with a chunk of records (DIST_TAG_CHUNK), then the
 * records, their text, for a fan-out job the items' records and copies,
 * and the records' geometries and cells (dist_geom.h). */
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
    dist_io_t *io = d->peer->dio;
    const int fan = d->reader && d->fanout > 1;
    dist_chunk_head_t h = {c->n, c->base, c->rec_base, c->n ? c->in.count : 0,
                           c->n ? c->in.text_len : 0};
    io->gmsg_len = 0;
    if (dist_geom_pack(c->in.recs, sizeof *c->in.recs, h.count, &c->in,
                       &io->gmsg, &io->gmsg_len, &io->gmsg_cap) != 0) {
        batch_fail(d, SF_ERR_NOMEM, "out of memory");
        io->gmsg_len = 0;
    }
    const struct iovec iov[6] = {
        {&h, sizeof h},
        {c->in.recs, h.count * sizeof *c->in.recs},
        {c->in.text, h.text_len},
        {c->rec_of, fan ? h.n * sizeof *c->rec_of : 0},
        {c->copy_of, fan ? h.n * sizeof *c->copy_of : 0},
        {io->gmsg, io->gmsg_len},
    };
    if (ds->send(ds->ctx, to, DIST_TAG_CHUNK, iov, 6) != 0)
        batch_fail(d, SF_ERR_IO, "cannot send to another process");
}

/* Copy n bytes from *p into *dst (growing it, *cap bytes), advance *p. */
static int take(void **dst, size_t *cap, const char **p, size_t n)
{
    if (n && batch_grow(dst, cap, n) != 0)
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
    dist_io_t *io = d->peer->dio;
    const int fan = d->reader && d->fanout > 1;
    dist_chunk_head_t h = {0};
    if (ds->recv(ds->ctx, 0, DIST_TAG_CHUNK, &io->msg, &io->msg_len,
                 &io->msg_cap) != 0 || io->msg_len < sizeof h) {
        batch_fail(d, SF_ERR_IO, "lost a message");
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
        batch_chunk_reserve(d, c, h.n) != 0) {
        batch_fail(d, SF_ERR_NOMEM, "out of memory");
        return;
    }
    if (dist_geom_unpack(&d->peer->geoms, p, (size_t)(io->msg + io->msg_len - p),
                         c->in.recs, sizeof *c->in.recs, h.count,
                         &c->in) < 0) {
        batch_fail(d, SF_ERR_IO, "lost a message");
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
    fpz_chunk_drop(&c->in);
    for (size_t i = 0; i < h.count; i++)
        if (c->in.recs[i].rules &&
            fpz_record_again(&d->peer->fpz, &c->in, &c->in.recs[i]) < 0) {
            batch_fail(d, SF_ERR_NOMEM, "out of memory");
            return;
        }
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
    d->peer->plan_ends = malloc(2 * (size_t)ds->ranks * sizeof *d->peer->plan_ends);
    const int ok = d->peer->plan_ends && d->fanout <= 1 &&
                   reader_at(d->reader, &at) == 0;
    if (ds->any(ds->ctx, !ok) ||
        index_plan(ds, &at, d->chunk, d->threads, &d->peer->plan) != 0) {
        free(d->peer->plan_ends);
        d->peer->plan_ends = NULL;
        return;
    }
    d->peer->indexed = 1;
    d->peer->plan_base = d->read;
    d->peer->plan_file = at.file;
    d->peer->plan_count[0] = sf_reader_file_records(d->reader, at.file,
                                              &d->peer->plan_count[1]);
}

/* Chunk j of the plan, this process's, into c: its records from its
 * first line on, exactly as many as one process's chunk holds. */
static void index_read(driver_t *d, bchunk_t *c, uint64_t j)
{
    const index_plan_t *p = &d->peer->plan;
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
                     sf_reader_file_name(d->reader, d->peer->plan_file));
        batch_fail(d, got == -1 && err.code ? err.code : SF_ERR_IO, msg);
        return;
    }
    c->n = batch_check_records(d, &c->in, want, c);
    if (batch_chunk_reserve(d, c, c->n) != 0) {
        batch_fail(d, SF_ERR_NOMEM, "out of memory");
        c->n = 0;
    }
    c->base = d->peer->plan_base + j * p->chunk;
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
    uint64_t *all = d->peer->plan_ends;
    const uint64_t mine[2] = {(uint64_t)d->failed, c->n};
    if (ds->gather(ds->ctx, mine, sizeof mine, all, NULL) != 0)
        batch_fail(d, SF_ERR_IO, "cannot exchange with the other processes");
    int f = 0;
    while (f < ds->ranks && !all[2 * f])
        f++;
    if (f == ds->ranks)
        return;
    d->peer->ended = 1;
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
    const uint64_t first = d->peer->plan_rounds++ * ranks;
    const uint64_t chunks = d->peer->plan.chunks;
    if (first < chunks) {
        c->round_n = (size_t)(chunks - first < ranks ? chunks - first : ranks);
        if (first + (uint64_t)d->dist->rank < chunks)
            index_read(d, c, first + (uint64_t)d->dist->rank);
    }
    if (first + ranks >= chunks)
        d->peer->ended = 1;
    index_agree(d, c);
}

/* Read the next round's chunks, keeping this process's into c (none once
 * the input ended, or any process failed: they agree on that first, so
 * all stop at the same round).  The first round every process reads (so
 * that its reader knows the formats and csv headers its job's begin()
 * looks at), as it does every round while the standard input is relayed
 * to all (dist.h); then each reads its own chunks by the plan of
 * dist_index.c where the input allows it, or else rank 0 alone reads and
 * sends each process its chunk, and tells all whether the input ended.
 * While the processes read on, a failure must not stop one of them alone
 * (read_chunk). */
static void batch_dist_read(driver_t *d, bchunk_t *c)
{
    const sf_dist_t *ds = d->dist;
    if (!d->peer->ended && !d->peer->indexed && ds->any(ds->ctx, d->failed))
        d->peer->ended = 1; /* (reading by the plan agrees after each round) */
    c->n = c->nblocks = 0;
    c->round_n = 0;
    c->notes_len = 0;
    if (d->peer->ended) /* on every process, which now reads no more */
        return;
    const int scatter = d->reader && d->peer->rounds++ > 0 && !ds->replicate;
    if (scatter && d->peer->rounds == 2)
        index_start(d);
    if (d->peer->indexed) {
        index_round(d, c);
        return;
    }
    if (scatter && ds->rank > 0) {
        dist_recv_chunk(d, c);
    } else {
        for (int k = 0; k < ds->ranks && (scatter || !d->peer->ended); k++) {
            bchunk_t *into = k == ds->rank ? c : &d->peer->dio->skip;
            if (d->peer->ended)
                into->n = into->nblocks = 0;
            else
                batch_read_chunk(d, into);
            if (into->n == 0)
                d->peer->ended = 1;
            else
                c->round_n++;
            if (scatter && k > 0)
                dist_send_chunk(d, into, k);
        }
    }
    if (scatter) {
        int ended = d->peer->ended;
        ds->share(ds->ctx, &ended, sizeof ended);
        d->peer->ended = ended;
    }
}

/* A process other than rank 0, done with chunk c: the head of what it
 * sends rank 0 about it, counts to be filled in. */
static dist_head_t sent_head(driver_t *d, const bchunk_t *c)
{
    dist_head_t h;
    memset(&h, 0, sizeof h);
    h.n = c->n;
    d->written += c->n;
    return h;
}

/* Chunk c's output o: its bytes and records added to h (h->failed set
 * when a block could not be made), and, unless iov is NULL, its blocks as
 * c->nblocks iovecs at iov. */
static void chunk_iov(const driver_t *d, const bchunk_t *c, int o,
                      dist_head_t *h, struct iovec *iov)
{
    for (size_t k = 0; k < c->nblocks; k++) {
        const block_t *blk = &c->blocks[k];
        const sbuf_t *s = d->gzip[o] ? &blk->gz[o] : &blk->out[o].text;
        h->failed |= blk->out[o].failed || blk->gz_failed;
        h->records[o] += blk->out[o].records;
        h->bytes[o] += s->len;
        if (iov)
            iov[k] = (struct iovec){.iov_base = s->p, .iov_len = s->len};
    }
}

/* A process other than rank 0: send chunk c's output to rank 0 (only
 * the head when it could not be made). */
static void dist_send_output(driver_t *d, const bchunk_t *c)
{
    const sf_dist_t *ds = d->dist;
    dist_io_t *io = d->peer->dio;
    dist_head_t h = sent_head(d, c);
    struct iovec head = {.iov_base = &h, .iov_len = sizeof h};
    const size_t need = 2 + (size_t)d->nout * c->nblocks;
    h.failed = batch_grow((void **)&io->iov, &io->iov_bytes,
                    need * sizeof *io->iov) != 0;
    size_t m = 1;
    for (int o = 0; o < d->nout && !h.failed; o++) {
        chunk_iov(d, c, o, &h, io->iov + m);
        m += c->nblocks;
    }
    if (!h.failed) {
        h.notes = c->notes_len;
        io->iov[m++] = (struct iovec){.iov_base = c->notes,
                                      .iov_len = c->notes_len};
    }
    if (h.failed) {
        batch_fail(d, SF_ERR_NOMEM, "out of memory");
        m = 1;
    } else {
        io->iov[0] = head;
    }
    if (ds->send(ds->ctx, 0, DIST_TAG_OUT, h.failed ? &head : io->iov,
                 (int)m) != 0)
        batch_fail(d, SF_ERR_IO, "cannot send output to rank 0");
}

/* Rank 0: write the output of the chunk process `from` worked on. */
static void dist_write_from(driver_t *d, int from)
{
    static const sf_error_t nomem = {SF_ERR_NOMEM, "out of memory"};
    static const sf_error_t lost = {SF_ERR_IO, "lost a message"};
    const sf_dist_t *ds = d->dist;
    dist_io_t *io = d->peer->dio;
    dist_head_t h = {0};
    sf_error_t err;
    if (ds->recv(ds->ctx, from, DIST_TAG_OUT, &io->msg, &io->msg_len,
                 &io->msg_cap) != 0 || io->msg_len < sizeof h) {
        batch_fail_output(d, &lost);
        return;
    }
    memcpy(&h, io->msg, sizeof h);
    if (h.failed)
        batch_fail_output(d, &nomem);
    const char *p = io->msg + sizeof h;
    for (int o = 0; o < d->nout && o < SF_MAX_OUTPUTS && !h.failed; o++) {
        d->records[o] += h.records[o];
        if (!d->out_dead && h.bytes[o] &&
            sf_writer_write(d->writers[o], p, h.bytes[o], &err) != 0)
            batch_fail_output(d, &err);
        p += h.bytes[o];
    }
    if (!h.failed && h.notes <= (size_t)(io->msg + io->msg_len - p))
        batch_notes_report(d, p, h.notes);
    d->written += h.n;
}

/* Collective, before the rounds: whether every process writes its own
 * chunks into the output files at offsets rank 0 hands out
 * (writer_at.h), which it does when rank 0 writes every output
 * to a new regular file and every process can open it. */
typedef struct shared_names {
    int ok;
    char tmp[SF_MAX_OUTPUTS][PATH_MAX], name[SF_MAX_OUTPUTS][PATH_MAX];
} shared_names_t;

static void batch_shared_start(driver_t *d)
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
        d->peer->at_w[o] = ds->rank == 0 ? d->writers[o]
                                   : writer_open_shared(nm->tmp[o],
                                                        nm->name[o], &err);
        ok = d->peer->at_w[o] != NULL;
    }
    free(nm);
    if (ds->any(ds->ctx, !ok)) {
        for (int o = 0; o < d->nout; o++) {
            sf_error_t ignored;
            if (ds->rank > 0 && d->peer->at_w[o])
                sf_writer_close(d->peer->at_w[o], 0, &ignored);
            d->peer->at_w[o] = NULL;
        }
        return;
    }
    d->peer->shared = 1;
    for (int o = 0; ds->rank == 0 && o < d->nout; o++)
        d->peer->at_pos[o] = writer_tell(d->writers[o]);
}

/* After the rounds, on every process: rank 0's files end where the last
 * chunk ends; the others close theirs (an error there fails the run). */
static void batch_shared_finish(driver_t *d)
{
    if (!d->peer->shared)
        return;
    for (int o = 0; o < d->nout; o++) {
        sf_error_t err;
        if (d->dist->rank == 0 ? writer_end_at(d->peer->at_w[o], d->peer->at_pos[o], &err)
                               : sf_writer_close(d->peer->at_w[o], 1, &err))
            batch_fail_output(d, &err);
        d->peer->at_w[o] = NULL;
    }
}

/* Write chunk c's outputs at offsets off[]. */
static void shared_write(driver_t *d, const bchunk_t *c, const uint64_t *off)
{
    static const sf_error_t nomem = {SF_ERR_NOMEM, "out of memory"};
    dist_io_t *io = d->peer->dio;
    const int n = (int)c->nblocks;
    if (batch_grow((void **)&io->iov, &io->iov_bytes,
                   ((size_t)n + 1) * sizeof *io->iov) != 0) {
        batch_fail_output(d, &nomem);
        return;
    }
    for (int o = 0; o < d->nout && !d->out_dead; o++) {
        dist_head_t h;
        memset(&h, 0, sizeof h);
        chunk_iov(d, c, o, &h, io->iov);
        sf_error_t err;
        if (h.failed)
            batch_fail_output(d, &nomem);
        else if (n && writer_pwritev(d->peer->at_w[o], io->iov, n, off[o], &err))
            batch_fail_output(d, &err);
    }
}

/* A process other than rank 0 writing at offsets: tell rank 0 chunk c's
 * counts (and invalid records), take the offsets and write there. */
static void shared_send(driver_t *d, const bchunk_t *c)
{
    const sf_dist_t *ds = d->dist;
    dist_io_t *io = d->peer->dio;
    dist_head_t h = sent_head(d, c);
    for (int o = 0; o < d->nout && !h.failed; o++)
        chunk_iov(d, c, o, &h, NULL);
    h.notes = c->notes_len;
    const struct iovec iov[2] = {{&h, sizeof h}, {c->notes, c->notes_len}};
    uint64_t off[SF_MAX_OUTPUTS];
    if (ds->send(ds->ctx, 0, DIST_TAG_OUT, iov, 2) != 0 ||
        ds->recv(ds->ctx, 0, DIST_TAG_AT, &io->msg, &io->msg_len,
                 &io->msg_cap) != 0 || io->msg_len != sizeof off) {
        batch_fail(d, SF_ERR_IO, "lost a message");
        return;
    }
    memcpy(off, io->msg, sizeof off);
    if (!h.failed)
        shared_write(d, c, off);
    else
        batch_fail(d, SF_ERR_NOMEM, "out of memory");
}

/* Rank 0 writing at offsets: place the chunk of process `from`, whose
 * counts it sends, after the chunks before it. */
static void shared_place(driver_t *d, int from)
{
    const sf_dist_t *ds = d->dist;
    dist_io_t *io = d->peer->dio;
    dist_head_t h = {0};
    if (ds->recv(ds->ctx, from, DIST_TAG_OUT, &io->msg, &io->msg_len,
                 &io->msg_cap) != 0 || io->msg_len < sizeof h) {
        static const sf_error_t lost = {SF_ERR_IO, "lost a message"};
        batch_fail_output(d, &lost);
        return;
    }
    memcpy(&h, io->msg, sizeof h);
    const struct iovec iov = {d->peer->at_pos, sizeof d->peer->at_pos};
    if (ds->send(ds->ctx, from, DIST_TAG_AT, &iov, 1) != 0)
        batch_fail(d, SF_ERR_IO, "cannot send to another process");
    for (int o = 0; o < d->nout; o++) {
        d->peer->at_pos[o] += h.bytes[o];
        d->records[o] += h.records[o];
    }
    if (h.notes <= io->msg_len - sizeof h)
        batch_notes_report(d, io->msg + sizeof h, h.notes);
    d->written += h.n;
}

/* Rank 0 writing at offsets: its own chunk c's place first, then the
 * rest of the round's, each process writing its own; then its own. */
static void shared_round(driver_t *d, const bchunk_t *c)
{
    dist_head_t h;
    memset(&h, 0, sizeof h);
    uint64_t off[SF_MAX_OUTPUTS];
    memcpy(off, d->peer->at_pos, sizeof off);
    batch_notes_report(d, c->notes, c->notes_len);
    for (int o = 0; o < d->nout; o++) {
        chunk_iov(d, c, o, &h, NULL);
        d->peer->at_pos[o] += h.bytes[o];
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
static void batch_dist_write(driver_t *d, const bchunk_t *c)
{
    if (d->peer->shared) {
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
    batch_notes_report(d, c->notes, c->notes_len);
    for (int o = 0; o < d->nout; o++)
        batch_write_output(d, c, o);
    d->written += c->n;
    for (size_t k = 1; k < c->round_n; k++)
        dist_write_from(d, (int)k);
}

/* A process other than rank 0: have rank 0 run the ordered pass over
 * chunk c's items, and take its answer. */
static void dist_keep_remote(driver_t *d, bchunk_t *c)
{
    const sf_dist_t *ds = d->dist;
    dist_io_t *io = d->peer->dio;
    const size_t ss = d->slot_stride;
    uint64_t n = c->n;
    if (batch_grow((void **)&io->items, &io->items_bytes, n * sizeof *io->items)) {
        batch_fail(d, SF_ERR_NOMEM, "out of memory");
        n = 0;
    }
    for (size_t i = 0; i < n; i++) {
        const sf_item_t it = batch_item_at(d, c, i);
        io->items[i] = (dist_item_t){.index = it.index, .copy = it.copy};
        if (it.rec) /* a source job's items have none */
            io->items[i].rec = *it.rec;
        io->items[i].rec.text_off = io->items[i].rec.text_len = 0;
        io->items[i].rec.why = NULL;
    }
    io->kgmsg_len = 0;
    if (dist_geom_pack(n ? &io->items[0].rec : NULL, sizeof *io->items, n, NULL,
                       &io->kgmsg, &io->kgmsg_len, &io->kgmsg_cap) != 0) {
        batch_fail(d, SF_ERR_NOMEM, "out of memory");
        io->kgmsg_len = 0;
    }
    const struct iovec iov[4] = {{&n, sizeof n},
                                 {io->items, n * sizeof *io->items},
                                 {c->slots, n * ss},
                                 {io->kgmsg, io->kgmsg_len}};
    if (ds->send(ds->ctx, 0, DIST_TAG_KEEP, iov, 4) != 0 ||
        ds->recv(ds->ctx, 0, DIST_TAG_KEPT, &io->kmsg, &io->kmsg_len,
                 &io->kmsg_cap) != 0 || io->kmsg_len != n + n * ss) {
        batch_fail(d, SF_ERR_IO, "lost a message");
        return;
    }
    memcpy(c->kept, io->kmsg, n);
    memcpy(c->slots, io->kmsg + n, n * ss);
}

/* Rank 0: the ordered pass over the items of process `from`'s chunk. */
static void dist_keep_for(driver_t *d, int from)
{
    const sf_dist_t *ds = d->dist;
    dist_io_t *io = d->peer->dio;
    const size_t ss = d->slot_stride;
    uint64_t n = 0;
    if (ds->recv(ds->ctx, from, DIST_TAG_KEEP, &io->kmsg, &io->kmsg_len,
                 &io->kmsg_cap) == 0 && io->kmsg_len >= sizeof n)
        memcpy(&n, io->kmsg, sizeof n);
    const size_t fixed = sizeof n + n * (sizeof(dist_item_t) + ss);
    dist_item_t *items = (dist_item_t *)(io->kmsg + sizeof n);
    unsigned char *slots = (unsigned char *)(items + n);
    if (io->kmsg_len < fixed ||
        dist_geom_unpack(&d->peer->geoms, io->kmsg + fixed,
                         io->kmsg_len - fixed, &items[0].rec, sizeof *items,
                         n, NULL) < 0 ||
        batch_grow((void **)&io->kept, &io->kept_cap, n)) {
        batch_fail(d, SF_ERR_IO, "lost a message");
        n = 0;
    }
    for (size_t i = 0; i < n; i++) {
        /* a geometry record's cells stay with its process: the
         * ordered pass has no use for them */
        const sf_record_t *rec = &items[i].rec;
        const sf_item_t it = {.rec = d->job->source ? NULL : rec,
                              .cells = d->job->source || rec->geom
                                           ? NULL : rec->cells,
                              .text = "",
                              .index = items[i].index, .copy = items[i].copy};
        io->kept[i] = (uint8_t)batch_keep_one(d, &it, slots + i * ss);
    }
    const struct iovec iov[2] = {{io->kept, n}, {slots, n * ss}};
    if (ds->send(ds->ctx, from, DIST_TAG_KEPT, iov, 2) != 0)
        batch_fail(d, SF_ERR_IO, "cannot send to another process");
}

/* The ordered pass over the round of chunk c, in chunk order, by rank 0. */
static void batch_dist_keep(driver_t *d, bchunk_t *c)
{
    if (d->dist->rank > 0) {
        dist_keep_remote(d, c);
        return;
    }
    batch_keep_pass(d, c);
    for (size_t k = 1; k < c->round_n; k++)
        dist_keep_for(d, (int)k);
}

/* After a run that read by the plan: the file's record counts (those
 * sf_reader_file_records reports) at rank 0 are all processes'. */
static void index_finish(driver_t *d)
{
    const sf_dist_t *ds = d->dist;
    uint64_t v[2], own[2];
    v[0] = sf_reader_file_records(d->reader, d->peer->plan_file, &v[1]);
    v[0] -= d->peer->plan_count[0];
    v[1] -= d->peer->plan_count[1];
    memcpy(own, v, sizeof v);
    ds->sum(ds->ctx, v, 2);
    if (ds->rank == 0)
        reader_count_add(d->reader, d->peer->plan_file, v[0] - own[0],
                         v[1] - own[1]);
}

/* After the run: every process ends with the first process's error, and
 * with rank 0's counts (it wrote everything and ran the ordered pass),
 * the threads and CPU time of all and the longest wall time. */
static void batch_dist_finish(driver_t *d, sf_job_stats_t *st)
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
    if (d->peer->indexed) /* each read its own chunks of that file */
        index_finish(d);
}

static void dist_io_free(dist_io_t *io)
{
    if (!io)
        return;
    batch_chunk_free(&io->skip);
    free(io->iov);
    free(io->msg);
    free(io->gmsg);
    free(io->kmsg);
    free(io->kgmsg);
    free(io->items);
    free(io->kept);
    free(io);
}


static int batch_dist_begin(driver_t *d)
{
    d->peer = calloc(1, sizeof *d->peer);
    if (!d->peer)
        return -1;
    d->peer->dio = calloc(1, sizeof *d->peer->dio);
    if (!d->peer->dio)
        return -1;
    sf_chunk_init(&d->peer->dio->skip.in);
    return 0;
}

static void batch_dist_end(driver_t *d)
{
    if (!d->peer)
        return;
    dist_io_free(d->peer->dio);
    geom_cache_free(&d->peer->geoms);
    fpz_records_free(&d->peer->fpz);
    index_plan_free(&d->peer->plan);
    free(d->peer->plan_ends);
    free(d->peer);
    d->peer = NULL;
}

static const batch_peers_t peers = {
    batch_dist_begin, batch_dist_end, batch_dist_read, batch_dist_write,
    batch_dist_keep, batch_shared_start, batch_shared_finish,
    batch_dist_finish,
};

void batch_dist_install(void)
{
    batch_peers = &peers;
}
