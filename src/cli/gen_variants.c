/*
 * gen_variants.c -- `sudoflow generate --constraints KIND`: variant
 * puzzles with exactly one solution, one f-puzzles JSON object a line.
 *
 * A source job as generate.c's: the items are the puzzle numbers, each
 * worker thread owns a variant generator (sf_vgen_t), and puzzle i
 * depends only on the kind, the geometry, the seed and i, so the bytes
 * are the same at any thread count and in sudoflow-mpi.  A worker writes
 * the puzzle's JSON (with its solution) into the item's slot; the
 * writing side copies it out in order and frees it.
 */
#include "cli.h"
#include "engine/dist.h" /* sudoflow-mpi: a process of several (sf_dist) */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct vgen_slot {
    char *json;           /* the puzzle, or NULL when none was made */
    size_t len;
} vgen_slot_t;

typedef struct vgen_job {
    cli_run_t *run;
    int kind;
    uint64_t count, seed;
    const sf_geometry_t *g;
    sf_vgen_t **gens;     /* one per thread */
    uint64_t *made;       /* per thread, on its own line */
    int threads;
    sf_job_stats_t stats;
} vgen_job_t;

#define LINE 8 /* uint64_t per cache line */

static int vgen_start(void *ctx, int threads)
{
    vgen_job_t *j = ctx;
    j->gens = calloc((size_t)threads, sizeof *j->gens);
    j->made = calloc((size_t)threads * LINE, sizeof *j->made);
    if (!j->gens || !j->made)
        return -1;
    j->threads = threads;
    for (int t = 0; t < threads; t++)
        if (!(j->gens[t] = sf_vgen_new(j->g)))
            return -1;
    return 0;
}

static void vgen_work(void *ctx, int thread, const sf_item_t *it, void *slot)
{
    vgen_job_t *j = ctx;
    vgen_slot_t *s = slot;
    uint8_t puzzle[SF_MAX_CELLS], solution[SF_MAX_CELLS];
    sf_rules_t *r = sf_vgen_puzzle(j->gens[thread], j->kind, j->seed,
                                   it->index, puzzle, solution);
    s->json = r ? sf_fpuzzles_json(r, puzzle, solution, &s->len) : NULL;
    j->made[thread * LINE] += s->json != NULL;
    sf_rules_free(r);
}

static void vgen_emit(void *ctx, int thread, const sf_item_t *it, void *slot,
                      sf_out_t *const *out)
{
    vgen_slot_t *s = slot;
    (void)ctx, (void)thread, (void)it;
    if (s->json)
        sf_out_record(out[0], s->json, s->len);
    free(s->json);
    s->json = NULL;
}

static void vgen_free(vgen_job_t *j)
{
    for (int t = 0; j->gens && t < j->threads; t++)
        sf_vgen_free(j->gens[t]);
    free(j->gens);
    j->gens = NULL;
}

static int vgen_body(void *ctx, sf_reader_t *rd, sf_writer_t *const *wr,
                     sf_error_t *err)
{
    vgen_job_t *j = ctx;
    const sf_job_t job = {
        .ctx = j, .source = 1, .count = j->count, .outputs = 1,
        .slot_size = sizeof(vgen_slot_t), .start = vgen_start,
        .work = vgen_work, .emit = vgen_emit,
        .fine = 1, /* a puzzle takes milliseconds */
    };
    const int rc = sf_job_run(&j->run->batch, &job, rd, wr, &j->stats, err);
    uint64_t made = 0;
    for (int t = 0; j->made && t < j->threads; t++)
        made += j->made[t * LINE];
    if (sf_dist) /* several processes (dist.h): the counts of all */
        sf_dist->sum(sf_dist->ctx, &made, 1);
    j->made[0] = made;
    char json[96], g[2][32];
    snprintf(j->run->rest, sizeof j->run->rest, "seed %llu; %s %s puzzles "
             "written, %s could not be made", (unsigned long long)j->seed,
             cli_group(made, g[0], sizeof g[0]), sf_vgen_kind_name(j->kind),
             cli_group(j->count - made, g[1], sizeof g[1]));
    snprintf(json, sizeof json, "\"seed\":%llu,\"failed\":%llu",
             (unsigned long long)j->seed,
             (unsigned long long)(j->count - made));
    cli_job_json(j->run, &j->stats, json);
    return rc;
}

int cli_generate_variants(cli_run_t *run, int kind, uint64_t count,
                          uint64_t seed, const sf_geometry_t *g)
{
    sf_geometry_t *own = NULL;
    if (!g || sf_geometry_is_classic(g)) {
        const sf_geometry_spec_t spec = {"9x9", NULL, NULL, {0}};
        sf_error_t gerr = {0};
        if (!(own = sf_geometry_new(&spec, &gerr))) {
            cli_error("%s", gerr.message);
            return EXIT_USAGE;
        }
        g = own;
    }
    vgen_job_t j = {.run = run, .kind = kind, .count = count, .seed = seed,
                    .g = g};
    sf_error_t err = {0};
    const int rc = cli_run_execute(run, NULL, 0, 0, &run->writer, 1,
                                   vgen_body, &j, &err);
    vgen_free(&j);
    const uint64_t made = j.made ? j.made[0] : 0;
    free(j.made);
    if (rc == 0 && made < count)
        cli_error("%llu of %llu puzzles could not be made",
                  (unsigned long long)(count - made),
                  (unsigned long long)count);
    const int done = cli_job_finish(run, rc, &err, &j.stats, "puzzles");
    sf_geometry_free(own);
    return done == EXIT_OK && rc == 0 && made < count ? EXIT_USAGE : done;
}
