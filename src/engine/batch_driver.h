/*
 * batch_driver.h -- the batch driver's state and the steps of its
 * rounds (batch.c: reading, working, writing in one process), for the
 * driver's multi-process side (batch_dist.c: what a process that is one
 * of several does instead when it reads, writes and runs the ordered
 * pass; dist.h has the model), which plugs in through batch_peers_t.
 */
#ifndef SUDOFLOW_BATCH_INTERNAL_H
#define SUDOFLOW_BATCH_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "dist.h"
#include "io/format.h"
#include "sudoflow.h"

#define BLOCK 128            /* items per unit of parallel work */
#define CHUNK_DEFAULT 8192   /* items per chunk */
#define SLOW_START 256       /* items of a process's first chunk */
#define IOV_BATCH 256        /* blocks per writev */
#define FANOUT_BYTES (16u << 20) /* fan-out chunk: record text of its items */
#define CHUNK_BYTES (16u << 20)  /* a chunk's items: records, work slots and
                                  * (about) their output, at most */
#define ITEM_OUTPUT 128          /* output bytes an item is counted for,
                                  * unless the job or its output says more */

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
    unsigned char *slots; /* slot_stride bytes per item */
    size_t slots_cap;     /* bytes */
    uint8_t *kept;        /* per item: 1 unless keep() dropped it */
    size_t kept_cap;
    block_t *blocks;      /* ceil(n / BLOCK) blocks */
    size_t nblocks, blocks_cap;
    size_t n;             /* items in this chunk */
    uint64_t base;        /* run-wide index of the first item */
    uint64_t bytes_end;   /* input bytes consumed when it was read */
    size_t round_n;       /* several processes: chunks in its round */
    char *notes;          /* ...reading their own chunks: invalid records */
    size_t notes_len, notes_cap; /* to report when rank 0 writes it */
} bchunk_t;

typedef struct driver {
    const sf_batch_opts_t *opts;
    const sf_job_t *job;
    size_t slot_stride;   /* job->slot_size rounded up to the alignment of
                           * any type, so that every slot is aligned */
    sf_reader_t *reader;  /* NULL for a source job */
    sf_writer_t *const *writers;
    int nout;             /* outputs */
    int gzip[SF_MAX_OUTPUTS], level[SF_MAX_OUTPUTS];
    size_t chunk;         /* items per chunk (chunk_size) */
    size_t chunk_asked;   /* ...as the options ask */
    size_t item_bytes;    /* output bytes an item is counted for */
    int threads;          /* workers, as many as can start */
    int spare;            /* 1: one more thread reads and writes */
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
    int keep_dead;        /* the ordered pass failed on an item: it and
                           * every item after it are not written */
    sf_error_t err;
    uint64_t read, written, invalid, dropped;
    uint64_t bytes_written; /* input bytes of the records written */
    uint64_t records[SF_MAX_OUTPUTS];
    double t0, last_progress;
    const sf_dist_t *dist; /* several processes (dist.h), or NULL */
    const struct batch_peers *peers; /* ...and their side of the driver */
    struct peer_state *peer; /* what that side keeps for a run */
} driver_t;

/* batch.c: the pieces the processes' side uses. */
void batch_fail(driver_t *d, int code, const char *msg);
void batch_fail_output(driver_t *d, const sf_error_t *err);
sf_item_t batch_item_at(const driver_t *d, const bchunk_t *c, size_t i);
int batch_grow(void **p, size_t *cap, size_t need);
int batch_chunk_reserve(const driver_t *d, bchunk_t *c, size_t n);
void batch_chunk_free(bchunk_t *c);
void batch_read_chunk(driver_t *d, bchunk_t *c);
size_t batch_check_records(driver_t *d, const sf_chunk_t *in, size_t n,
                           bchunk_t *notes);
void batch_notes_report(driver_t *d, const char *p, size_t n);
int batch_keep_one(driver_t *d, const sf_item_t *it, void *slot);
void batch_keep_pass(driver_t *d, bchunk_t *c);
void batch_write_output(driver_t *d, const bchunk_t *c, int o);

/* What a process that is one of several (dist.h) does instead of the
 * one-process steps: begin/end bracket a run (0, or -1 out of memory);
 * read, write and keep replace the one-process steps; rounds_begin and
 * rounds_end bracket the rounds (collective); finish reduces the
 * statistics (collective).  The multi-process side of the driver
 * (batch_dist.c) fills the table, and sudoflow-mpi's main installs it
 * in batch_peers, beside sf_dist; the driver calls it only through that
 * pointer, never by name. */
typedef struct batch_peers {
    int (*begin)(driver_t *d);
    void (*end)(driver_t *d);
    void (*read)(driver_t *d, bchunk_t *c);
    void (*write)(driver_t *d, const bchunk_t *c);
    void (*keep)(driver_t *d, bchunk_t *c);
    void (*rounds_begin)(driver_t *d);
    void (*rounds_end)(driver_t *d);
    void (*finish)(driver_t *d, sf_job_stats_t *st);
} batch_peers_t;

/* The side in use when sf_dist is set (NULL in a plain sudoflow). */
extern const batch_peers_t *batch_peers;

#endif
