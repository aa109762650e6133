/*
 * transform.c -- `sudoflow transform --augment K`: K random equivalent
 * copies of each puzzle, for enlarging training sets.
 *
 * The job fans out: copy j of input record i (0-based) is an item of its
 * own, with its transform drawn from the sub-stream rng_seed_sub(seed, i,
 * j), so the output depends only on the seed and the input, never on the
 * threads, and the copies of one record spread over blocks, threads and
 * chunks like any items: memory does not grow with K, however long the
 * record (its `line` field is not held K times), and a few records with
 * many copies still use every thread.  Each thread solves a puzzle (at
 * limit 2) once for the run of its copies it gets and keeps the answer;
 * when the solution is unique, every copy's solution is that solution
 * under the copy's transform.  An invalid record still gives its K output
 * records, with empty puzzle and solution.  Puzzles of other geometries
 * draw from their geometry's group (datasets/geo_symmetry.c); when the
 * solution field is asked for, a slot holds a solution of the largest
 * grid, SF_MAX_CELLS bytes.
 */
#include "cli.h"
#include "datasets/rating.h"
#include "core/rng.h"
#include "datasets/equivalence.h"
#include "datasets/geo_symmetry.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { F_PUZZLE, F_SOLUTION, F_INDEX, F_LINE, F_COUNT };
static const char *const field_names[F_COUNT] = {
    "puzzle", "solution", "index", "line"};

typedef struct xf_slot {
    uint8_t unique;       /* solution holds the unique solution */
    uint8_t solution[];   /* cells bytes (xf_cli_t) */
} xf_slot_t;

/* A thread's last solved record, for its next copies. */
typedef struct xf_seen {
    uint64_t index;       /* record index */
    int valid;
    uint8_t unique;
    uint8_t solution[SF_MAX_CELLS];
} xf_seen_t;

typedef struct xf_cli {
    cli_run_t run;
    cli_fields_t fields;
    uint64_t augment;     /* K */
    uint64_t seed;
    int seeded;           /* --seed given */
    int want_solution;
    size_t cells;         /* solution bytes in a slot */
    sf_solver_t **solvers;/* one per thread */
    xf_seen_t *seen;      /* one per thread */
    int threads;
    sf_job_stats_t stats;
} xf_cli_t;

static void transform_usage(FILE *to)
{
    fputs(
"usage: sudoflow transform [OPTIONS] [FILE...]\n"
"Write K random equivalent copies of each puzzle (bands, rows, stacks,\n"
"columns and digits permuted, maybe transposed), reproducibly from a seed.\n\n"
"      --augment K      copies per puzzle (default 1)\n"
"      --seed S         random seed (default: drawn, shown in the summary)\n"
"      --fields LIST    of puzzle,solution,index,line (default: puzzle);\n"
"                       solution is the copy's unique solution (empty when\n"
"                       the puzzle has none or several), index the 1-based\n"
"                       number of the input record\n"
"Other geometries use their own symmetries (docs/geometry.md).\n"
CLI_GEOMETRY_HELP CLI_INPUT_HELP CLI_OUTPUT_HELP, to);
}

enum { OPT_AUGMENT = CLI_OPT_OWN, OPT_SEED, OPT_FIELDS };

static const struct option transform_options[] = {
    CLI_OUTPUT_OPTIONS,
    CLI_INPUT_OPTIONS,
    CLI_GEOMETRY_OPTIONS,
    {"augment", required_argument, NULL, OPT_AUGMENT},
    {"seed", required_argument, NULL, OPT_SEED},
    {"fields", required_argument, NULL, OPT_FIELDS},
    {NULL, 0, NULL, 0},
};

static int transform_option(void *ctx, int c, const char *arg)
{
    xf_cli_t *k = ctx;
    switch (c) {
    case OPT_AUGMENT:
        if (cli_parse_u64("--augment", arg, &k->augment) != 0)
            return -1;
        if (k->augment < 1 || k->augment > 1000000) {
            cli_error("--augment: must be between 1 and 1000000, not %s",
                      arg);
            return -1;
        }
        return 0;
    case OPT_SEED:
        k->seeded = 1;
        return cli_parse_seed(arg, &k->seed);
    case OPT_FIELDS:
        return cli_parse_fields(&k->fields, arg, field_names, F_COUNT);
    default: return -1;
    }
}

static int transform_start(void *ctx, int threads)
{
    xf_cli_t *k = ctx;
    k->solvers = calloc((size_t)threads, sizeof *k->solvers);
    k->seen = calloc((size_t)threads, sizeof *k->seen);
    if (!k->solvers || !k->seen)
        return -1;
    k->threads = threads;
    for (int t = 0; t < threads; t++)
        if (!(k->solvers[t] = sf_solver_new(NULL)))
            return -1;
    return 0;
}

static int transform_begin(void *ctx, sf_out_t *const *out,
                           sf_error_t *err)
{
    (void)err;
    xf_cli_t *k = ctx;
    if (k->run.batch.header)
        cli_put_header(out[0], &k->fields, field_names);
    return 0;
}

static void transform_work(void *ctx, int thread, const sf_item_t *it,
                           void *slot)
{
    const xf_cli_t *k = ctx;
    xf_slot_t *s = slot;
    xf_seen_t *seen = &k->seen[thread];
    s->unique = 0;
    if (it->rec->invalid || !k->want_solution)
        return;
    if (!seen->valid || seen->index != it->index) {
        sf_result_t r;
        const sf_status_t st =
            it->rec->geom
                ? sf_solve_geom(k->solvers[thread], it->rec->geom, it->cells,
                                2, 0, seen->solution, &r)
                : sf_solve_cells(k->solvers[thread], it->rec->cells, 2, 0,
                                 seen->solution, &r);
        seen->unique = st == SF_UNIQUE;
        seen->index = it->index;
        seen->valid = 1;
    }
    s->unique = seen->unique;
    if (s->unique)
        memcpy(s->solution, seen->solution,
               (size_t)sf_geometry_cells(it->rec->geom));
}

/* The record's cells (puzzle, or solution) under the copy's transform:
 * a classic one, or an element of the record's geometry's group. */
static void put_cells(const xf_cli_t *k, const sf_record_t *rec,
                      const sf_xform_t *t, const geo_xform_t *gt,
                      const uint8_t *in, char blank, sf_out_t *out)
{
    uint8_t cells[SF_MAX_CELLS];
    if (!rec->geom) {
        sf_xform_apply(t, in, cells);
        sf_out_cells(out, cells, blank);
        return;
    }
    geo_xform_apply(geo_group_of(rec->geom, NULL), gt, in, cells);
    cli_put_geom(out, rec->geom, &k->run.geom.alpha, rec->form, cells);
}

/* One output copy: the puzzle and solution under the transform. */
static void put_copy(const xf_cli_t *k, const sf_item_t *it,
                     const xf_slot_t *s, const sf_xform_t *t,
                     const geo_xform_t *gt, sf_out_t *out)
{
    const sf_record_t *rec = it->rec;
    for (int i = 0; i < k->fields.n; i++) {
        switch (k->fields.f[i]) {
        case F_PUZZLE:
            if (rec->invalid)
                sf_out_text(out, "", 0);
            else
                put_cells(k, rec, t, gt, it->cells, '.', out);
            break;
        case F_SOLUTION:
            if (!s->unique)
                sf_out_text(out, "", 0);
            else
                put_cells(k, rec, t, gt, s->solution, '0', out);
            break;
        case F_INDEX: sf_out_u64(out, it->index + 1); break;
        default: sf_out_text(out, it->text, rec->text_len); break;
        }
    }
    sf_out_end(out);
}

static void transform_emit(void *ctx, int thread, const sf_item_t *it,
                           void *slot, sf_out_t *const *out)
{
    const xf_cli_t *k = ctx;
    (void)thread;
    rng_t r;
    sf_xform_t t;
    geo_xform_t gt;
    rng_seed_sub(&r, k->seed, it->index, it->copy);
    if (it->rec->geom && !it->rec->invalid)
        geo_xform_random(geo_group_of(it->rec->geom, NULL), &r, &gt);
    else
        sf_xform_random(&t, &r);
    put_copy(k, it, slot, &t, &gt, out[0]);
}

static int transform_body(void *ctx, sf_reader_t *rd, sf_writer_t *const *wr,
                          sf_error_t *err)
{
    xf_cli_t *k = ctx;
    const sf_job_t job = {
        .ctx = k, .outputs = 1, .fanout = k->augment,
        .slot_size = sizeof(xf_slot_t) + k->cells, .start = transform_start, .begin = transform_begin,
        .work = transform_work, .emit = transform_emit,
    };
    const int rc = sf_job_run(&k->run.batch, &job, rd, wr, &k->stats, err);
    char a1[32], json[64];
    snprintf(k->run.rest, sizeof k->run.rest, "%s copies written, seed %llu",
             cli_group(k->stats.records[0], a1, sizeof a1),
             (unsigned long long)k->seed);
    snprintf(json, sizeof json, "\"seed\":%llu", (unsigned long long)k->seed);
    cli_job_json(&k->run, &k->stats, json);
    return rc;
}

int cli_transform(int argc, char **argv)
{
    xf_cli_t k;
    memset(&k, 0, sizeof k);
    cli_run_init(&k.run, "transform");
    k.run.any_size = 1;
    k.augment = 1;
    k.fields = (cli_fields_t){{F_PUZZLE}, 1};
    const int a = cli_run_args(&k.run, argc, argv, transform_options,
                               transform_option, &k);
    int code = cli_run_usage(&k.run, a, transform_usage);
    if (code < 0 && cli_geom_group(&k.run.geom) != 0)
        code = EXIT_USAGE;
    if (code >= 0) {
        cli_geom_free(&k.run.geom);
        return code;
    }
    if (!k.seeded)
        k.seed = cli_random_seed();
    k.run.reader.no_text = !cli_has_field(&k.fields, F_LINE);
    cli_use_fields(&k.run, &k.fields, field_names);
    k.want_solution = cli_has_field(&k.fields, F_SOLUTION);
    /* any record may be of any size: JSON Lines records name their own
     * geometry, whatever the options name */
    k.cells = k.want_solution ? SF_MAX_CELLS : 0;
    sf_error_t err = {0};
    const int rc = cli_run_execute(&k.run, (const char *const *)argv + optind,
                                   (size_t)(argc - optind), 1, &k.run.writer,
                                   1, transform_body, &k, &err);
    for (int t = 0; k.solvers && t < k.threads; t++)
        sf_solver_free(k.solvers[t]);
    free(k.solvers);
    free(k.seen);
    cli_geom_free(&k.run.geom);
    return cli_job_finish(&k.run, rc, &err, &k.stats, "puzzles");
}
