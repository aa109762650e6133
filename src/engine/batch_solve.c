/*
 * batch_solve.c -- sf_batch_run: solving as a job of the batch driver.
 *
 * Each worker thread owns a solver, a latency histogram and counters (on
 * its own cache lines).  A block's records are solved first, each into its
 * item slot (an outcome), with one clock read per puzzle: the clock starts
 * when the thread takes the block, and each solve ends where the next
 * begins.  The block's records of each geometry go together through
 * solve_many.c, which solves the easy ones side by side in vector lanes
 * and times each puzzle as its share of the lanes plus its own search.
 * Then the block's records are formatted (format.c).  The output layout
 * is resolved once the first chunk is read, since grid output is the
 * default for grid input.  A pencilmark record's candidates are read from
 * its text by the worker that solves it (sf_solve_cands); a variant
 * record (f-puzzles input) is solved under its rules (sf_solve_rules).
 */
#include "batch_driver.h"
#include "dist.h"
#include "io/format.h"
#include "latency.h"
#include "core/timer.h"
#include "kernel/solve_many.h"
#include "sudoflow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct worker {
    sf_solver_t *solver;  /* this thread's kernel state */
    lat_hist_t lat;       /* latency of the puzzles it solved */
    uint64_t by_status[SF_STATUS_COUNT];
    uint64_t guesses, no_guess, solve_ns;
    uint64_t clock;       /* tick the previous solve ended at */
    uint64_t classic;     /* classic 9x9 records solved */
    uint64_t variant;     /* variant records solved */
    const sf_kernel_t *gk; /* the kernel of the other geometries, if any */
    char pad[64];         /* keep neighbours off this cache line */
} worker_t;

typedef struct solve_job {
    const sf_batch_opts_t *opts;
    sf_reader_t *reader;
    out_layout_t layout;  /* resolved output format */
    worker_t *workers;    /* one per thread */
    int threads;
    sf_timer_t timer;     /* per-puzzle clock, shared read-only */
    sf_alphabet_t alphabet; /* the default, when opts names none */
} solve_job_t;

static int solve_start(void *ctx, int threads)
{
    solve_job_t *s = ctx;
    s->workers = calloc((size_t)threads, sizeof *s->workers);
    if (!s->workers)
        return -1;
    s->threads = threads;
    for (int t = 0; t < threads; t++) {
        s->workers[t].solver = sf_solver_new(s->opts->kernel);
        if (!s->workers[t].solver)
            return -1;
    }
    return 0;
}

/* Output layout from the options and, for AUTO, the first input format. */
static void set_layout(solve_job_t *s)
{
    const sf_batch_opts_t *o = s->opts;
    out_layout_t *lay = &s->layout;
    lay->kind = o->out_format;
    if (lay->kind != SF_FORMAT_LINE && lay->kind != SF_FORMAT_GRID &&
        lay->kind != SF_FORMAT_JSONL)
        lay->kind = sf_reader_first_format(s->reader) == SF_FORMAT_GRID
                        ? SF_FORMAT_GRID : SF_FORMAT_LINE;
    lay->nfields = o->nfields;
    memcpy(lay->fields, o->fields, sizeof lay->fields);
    if (lay->nfields <= 0) {
        lay->nfields = 1;
        lay->fields[0] = SF_FIELD_SOLUTION;
    }
    lay->sep = o->sep ? o->sep : ",";
    lay->sep_len = strlen(lay->sep);
    lay->alphabet = o->alphabet ? o->alphabet : &s->alphabet;
}

static int solve_begin(void *ctx, sf_out_t *const *out,
                       sf_error_t *err)
{
    solve_job_t *s = ctx;
    const sf_batch_opts_t *o = s->opts;
    set_layout(s);
    if (s->layout.kind == SF_FORMAT_GRID &&
        (o->nfields > 0 || o->header || o->sep)) {
        err->code = SF_ERR_USAGE;
        snprintf(err->message, sizeof err->message, "--fields, --header and "
                 "--sep are for line output, and the output is grid%s",
                 o->out_format == SF_FORMAT_GRID ? ""
                 : " (as the input is; add --out-format line)");
        return -1;
    }
    if (s->layout.kind == SF_FORMAT_JSONL && (o->header || o->sep)) {
        err->code = SF_ERR_USAGE;
        snprintf(err->message, sizeof err->message, "--header and --sep "
                 "are for line output, and the output is jsonl");
        return -1;
    }
    if (!o->header || s->layout.kind != SF_FORMAT_LINE)
        return 0;
    return fmt_header(&s->layout, &out[0]->text);
}

static void solve_block(void *ctx, int thread)
{
    solve_job_t *s = ctx;
    s->workers[thread].clock = timer_ticks(&s->timer);
}

/* A solved record's outcome and the worker's counters. */
static void record(worker_t *w, outcome_t *oc, const sf_result_t *r,
                   uint64_t ns)
{
    oc->ns = ns;
    oc->status = r->status;
    oc->count = r->count;
    oc->guesses = r->guesses;
    w->by_status[r->status]++;
    w->guesses += r->guesses;
    w->no_guess += r->guesses == 0 && r->count > 0;
    w->solve_ns += ns;
    lat_add(&w->lat, ns);
}

/* Solve one record into its outcome. */
static void solve_work(void *ctx, int thread, const sf_item_t *it, void *slot)
{
    const solve_job_t *s = ctx;
    worker_t *w = &s->workers[thread];
    outcome_t *oc = slot;
    if (it->rec->invalid) {
        oc->status = SF_INVALID;
        oc->count = oc->guesses = oc->ns = 0;
        w->by_status[SF_INVALID]++;
        return;
    }
    sf_result_t r;
    oc->grid = it->room;
    if (it->rec->rules) {
        w->variant++;
        sf_solve_rules(w->solver, it->rec->rules, it->cells, s->opts->limit,
                       s->opts->flags, it->room, &r);
    } else if (it->rec->geom) {
        w->gk = sf_solver_kernel_for(w->solver, it->rec->geom);
        sf_solve_geom(w->solver, it->rec->geom, it->cells, s->opts->limit,
                      s->opts->flags, it->room, &r);
    } else if (it->rec->pencil) {
        w->classic++;
        uint16_t cands[SF_CELLS];
        sf_parse_pencil(it->text, it->rec->text_len, cands, NULL);
        sf_solve_cands(w->solver, cands, s->opts->limit, s->opts->flags,
                       oc->solution, &r);
    } else {
        w->classic++;
        sf_solve_cells(w->solver, it->rec->cells, s->opts->limit,
                       s->opts->flags, oc->solution, &r);
    }
    const uint64_t t = timer_ticks(&s->timer);
    record(w, oc, &r, timer_ns(&s->timer, t - w->clock));
    w->clock = t;
}

/* 1 for a record sf_solve_many takes: cells of any geometry, without
 * variant rules. */
static int many(const sf_item_t *it)
{
    return !it->rec->invalid && !it->rec->pencil && !it->rec->rules;
}

/* The records at[0..m-1] of items, all of geometry g, in one
 * solve_many_timed call. */
static void solve_group(const solve_job_t *s, worker_t *w,
                        const sf_geometry_t *g, const sf_item_t *items,
                        void *const *slots, const size_t *at, size_t m)
{
    const uint8_t *cells[BLOCK];
    uint8_t *sols[BLOCK];
    sf_result_t res[BLOCK];
    uint64_t ns[BLOCK];
    for (size_t k = 0; k < m; k++) {
        outcome_t *oc = slots[at[k]];
        oc->grid = items[at[k]].room;
        cells[k] = items[at[k]].cells;
        sols[k] = g ? items[at[k]].room : oc->solution;
    }
    solve_many_timed(w->solver, g, cells, m, s->opts->limit, s->opts->flags,
                     sols, res, &s->timer, ns);
    if (g)
        w->gk = sf_solver_kernel_for(w->solver, g);
    else
        w->classic += m;
    for (size_t k = 0; k < m; k++)
        record(w, slots[at[k]], &res[k], ns[k]);
}

/* A block's records: those of each geometry together through
 * solve_many_timed (vector lanes for the easy ones), then the others
 * (invalid records, pencilmarks) one by one. */
static void solve_work_many(void *ctx, int thread, const sf_item_t *items,
                            size_t n, void *const *slots)
{
    const solve_job_t *s = ctx;
    worker_t *w = &s->workers[thread];
    uint8_t done[BLOCK] = {0};
    size_t at[BLOCK];
    for (size_t i = 0; i < n; i++) {
        if (done[i] || !many(&items[i]))
            continue;
        const sf_geometry_t *g = items[i].rec->geom;
        size_t m = 0;
        for (size_t j = i; j < n; j++)
            if (!done[j] && many(&items[j]) && items[j].rec->geom == g) {
                done[j] = 1;
                at[m++] = j;
            }
        solve_group(s, w, g, items, slots, at, m);
    }
    w->clock = timer_ticks(&s->timer);
    for (size_t i = 0; i < n; i++)
        if (!done[i])
            solve_work(ctx, thread, &items[i], slots[i]);
}

static void solve_emit(void *ctx, int thread, const sf_item_t *it, void *slot,
                       sf_out_t *const *out)
{
    const solve_job_t *s = ctx;
    (void)thread;
    if (fmt_record(&s->layout, it->rec, it->cells, it->text, slot, it->index,
                   &out[0]->text) != 0)
        out[0]->failed = 1;
    out[0]->records++;
}

/* Several processes (dist.h): the counters and the latency histogram of
 * all of them, each having solved its own chunks. */
static void dist_merge(sf_stats_t *st, lat_hist_t *lat)
{
    const sf_dist_t *ds = sf_dist;
    uint64_t v[SF_STATUS_COUNT + 2];
    memcpy(v, st->by_status, sizeof st->by_status);
    v[SF_STATUS_COUNT] = st->guesses;
    v[SF_STATUS_COUNT + 1] = st->no_guess;
    ds->sum(ds->ctx, v, SF_STATUS_COUNT + 2);
    memcpy(st->by_status, v, sizeof st->by_status);
    st->guesses = v[SF_STATUS_COUNT];
    st->no_guess = v[SF_STATUS_COUNT + 1];
    ds->fsum(ds->ctx, &st->solve_sec, 1);
    ds->sum(ds->ctx, lat->bins, LAT_BINS);
    ds->sum(ds->ctx, &lat->n, 1);
    double max = (double)lat->max;
    ds->fmax(ds->ctx, &max, 1);
    lat->max = (uint64_t)max;
}

/* The kernels that solved the records (sf_stats_t.kernel, geom_kernel). */
static void set_kernels(const solve_job_t *s, sf_stats_t *st)
{
    uint64_t classic = 0, variant = 0;
    const sf_kernel_t *gk = NULL;
    for (int t = 0; t < s->threads; t++) {
        classic += s->workers[t].classic;
        variant += s->workers[t].variant;
        if (s->workers[t].gk)
            gk = s->workers[t].gk;
    }
    if (variant && !classic && !gk) {
        st->kernel = "variant";
        st->geom_kernel = NULL;
        return;
    }
    const sf_kernel_t *k = sf_solver_kernel(s->workers[0].solver);
    st->kernel = gk && !classic ? gk->name : k->name;
    st->geom_kernel = gk && classic && gk != k ? gk->name : NULL;
}

/* Sum the workers' counters into st; worker 0's histogram takes the
 * others'. */
static void collect_stats(solve_job_t *s, const sf_job_stats_t *js,
                          sf_stats_t *st)
{
    lat_hist_t *lat = &s->workers[0].lat;
    for (int t = 0; t < s->threads; t++) {
        const worker_t *w = &s->workers[t];
        for (int k = 0; k < SF_STATUS_COUNT; k++)
            st->by_status[k] += w->by_status[k];
        st->guesses += w->guesses;
        st->no_guess += w->no_guess;
        st->solve_sec += 1e-9 * (double)w->solve_ns;
        if (t > 0)
            lat_merge(lat, &w->lat);
    }
    if (sf_dist)
        dist_merge(st, lat);
    st->puzzles = js->items;
    st->wall_sec = js->wall_sec;
    st->cpu_sec = js->cpu_sec;
    st->lat_median_ns = lat_quantile(lat, 0.5);
    st->lat_p99_ns = lat_quantile(lat, 0.99);
    st->lat_max_ns = lat->max;
    st->threads = js->threads;
    set_kernels(s, st);
}

int sf_batch_run(const sf_batch_opts_t *opts, sf_reader_t *reader,
                 sf_writer_t *writer, sf_stats_t *stats, sf_error_t *err)
{
    if (!opts || !reader || !writer || !stats) {
        if (err)
            *err = (sf_error_t){SF_ERR_USAGE, "missing batch arguments"};
        return -1;
    }
    solve_job_t s;
    memset(&s, 0, sizeof s);
    s.opts = opts;
    s.reader = reader;
    timer_init(&s.timer);
    sf_alphabet_init(&s.alphabet, NULL, NULL);
    const sf_job_t job = {
        .ctx = &s, .outputs = 1, .slot_size = sizeof(outcome_t),
        .start = solve_start, .begin = solve_begin, .block = solve_block,
        .work = solve_work, .work_many = solve_work_many,
        .emit = solve_emit,
    };
    sf_job_stats_t js;
    memset(stats, 0, sizeof *stats);
    const int rc = sf_job_run(opts, &job, reader, &writer, &js, err);
    if (s.workers && s.threads > 0 && s.workers[s.threads - 1].solver)
        collect_stats(&s, &js, stats);
    for (int t = 0; s.workers && t < s.threads; t++)
        sf_solver_free(s.workers[t].solver);
    free(s.workers);
    return rc;
}
