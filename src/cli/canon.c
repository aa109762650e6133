/*
 * canon.c -- `sudoflow canon`: the canonical form of each puzzle, and
 * with --dedupe only the first puzzle of each equivalence class.
 *
 * Worker threads compute each record's canonical form (sf_canon) and a
 * 128-bit hash of it.  Whether a record is the first of its class depends
 * on every record before it, so the decision is the driver's ordered pass
 * (keep), run on one thread in input order against a set of the hashes
 * seen so far: an open-addressing table of 16-byte entries, doubled when
 * half full.  Memory therefore grows by 16 bytes per distinct class (the
 * table is between 2 and 4 times that), about 64 MB per million classes
 * at most; everything else stays bounded.  Invalid records are never
 * dropped: they keep their output record, with empty canon and puzzle.
 */
#include "cli.h"
#include "datasets/geo_symmetry.h"
#include "datasets/rating.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { F_CANON, F_PUZZLE, F_LINE, F_COUNT };
static const char *const field_names[F_COUNT] = {"canon", "puzzle", "line"};

/* A set of 128-bit hashes; (0, 0) marks an empty entry. */
typedef struct hset {
    uint64_t (*v)[2];
    size_t cap, n;    /* entries (a power of two), used */
} hset_t;

typedef struct canon_slot {
    uint8_t canon[SF_CELLS];
    uint64_t h[2];
} canon_slot_t;

typedef struct canon_cli {
    cli_run_t run;
    cli_fields_t fields;
    int dedupe;           /* --dedupe */
    hset_t seen;          /* classes seen (ordered pass only) */
    sf_job_stats_t stats;
} canon_cli_t;

static void canon_usage(FILE *to)
{
    fputs(
"usage: sudoflow canon [OPTIONS] [FILE...]\n"
"Write the canonical form of each puzzle: the smallest of all its\n"
"equivalent copies (band, row, stack, column and digit permutations and\n"
"transposition), so equivalent puzzles give the same line.  Other\n"
"geometries use their own symmetries (docs/geometry.md).\n\n"
"      --dedupe         keep only the first puzzle of each equivalence\n"
"                       class (memory: 16 bytes per class, at most 4x)\n"
"      --fields LIST    of canon,puzzle,line (default: canon)\n"
CLI_GEOMETRY_HELP CLI_INPUT_HELP CLI_OUTPUT_HELP, to);
}

enum { OPT_DEDUPE = CLI_OPT_OWN, OPT_FIELDS };

static const struct option canon_options[] = {
    CLI_OUTPUT_OPTIONS,
    CLI_INPUT_OPTIONS,
    CLI_GEOMETRY_OPTIONS,
    {"dedupe", no_argument, NULL, OPT_DEDUPE},
    {"fields", required_argument, NULL, OPT_FIELDS},
    {NULL, 0, NULL, 0},
};

static int canon_option(void *ctx, int c, const char *arg)
{
    canon_cli_t *k = ctx;
    switch (c) {
    case OPT_DEDUPE: k->dedupe = 1; return 0;
    case OPT_FIELDS:
        return cli_parse_fields(&k->fields, arg, field_names, F_COUNT);
    default: return -1;
    }
}

/* Insert h; 1 when it was new, 0 when present, -1 when out of memory. */
static int hset_add(hset_t *s, const uint64_t h[2]);

static int hset_grow(hset_t *s)
{
    hset_t bigger = {calloc(s->cap ? 2 * s->cap : 1024, sizeof *s->v),
                     s->cap ? 2 * s->cap : 1024, 0};
    if (!bigger.v)
        return -1;
    for (size_t i = 0; i < s->cap; i++)
        if (s->v[i][0] | s->v[i][1])
            hset_add(&bigger, s->v[i]);
    free(s->v);
    *s = bigger;
    return 0;
}

static int hset_add(hset_t *s, const uint64_t h[2])
{
    if (2 * (s->n + 1) > s->cap && hset_grow(s) != 0)
        return -1;
    const uint64_t a = h[0], b = (h[0] | h[1]) ? h[1] : 1;
    for (size_t i = (size_t)a & (s->cap - 1);; i = (i + 1) & (s->cap - 1)) {
        if (s->v[i][0] == a && s->v[i][1] == b)
            return 0;
        if (!(s->v[i][0] | s->v[i][1])) {
            s->v[i][0] = a;
            s->v[i][1] = b;
            s->n++;
            return 1;
        }
    }
}

static int canon_begin(void *ctx, sf_out_t *const *out,
                       sf_error_t *err)
{
    (void)err;
    canon_cli_t *k = ctx;
    if (k->run.batch.header)
        cli_put_header(out[0], &k->fields, field_names);
    return 0;
}

static void canon_work(void *ctx, int thread, const sf_item_t *it, void *slot)
{
    (void)ctx;
    (void)thread;
    canon_slot_t *s = slot;
    if (it->rec->invalid)
        return;
    if (it->rec->geom) /* its group was had before the run */
        sf_canon_hash_geom(it->rec->geom, it->cells, 0, s->h, it->room, NULL);
    else
        sf_canon_hash(it->rec->cells, 0, s->h, s->canon);
}

static int canon_keep(void *ctx, const sf_item_t *it, void *slot,
                      sf_error_t *err)
{
    canon_cli_t *k = ctx;
    (void)err; /* hset_add fails only when out of memory: the default */
    const canon_slot_t *s = slot;
    return it->rec->invalid ? 1 : hset_add(&k->seen, s->h);
}

static void canon_emit(void *ctx, int thread, const sf_item_t *it, void *slot,
                       sf_out_t *const *out)
{
    const canon_cli_t *k = ctx;
    const canon_slot_t *s = slot;
    const sf_record_t *rec = it->rec;
    (void)thread;
    for (int i = 0; i < k->fields.n; i++) {
        const int f = k->fields.f[i];
        const uint8_t *cells = f == F_CANON ? (rec->geom ? it->room : s->canon)
                                            : it->cells;
        switch (f) {
        case F_CANON:
        case F_PUZZLE:
            if (rec->invalid)
                sf_out_text(out[0], "", 0);
            else if (rec->geom)
                cli_put_geom(out[0], rec->geom, &k->run.geom.alpha,
                             rec->form, cells);
            else
                sf_out_cells(out[0], cells, '.');
            break;
        default: sf_out_text(out[0], it->text, rec->text_len); break;
        }
    }
    sf_out_end(out[0]);
}

static int canon_body(void *ctx, sf_reader_t *rd, sf_writer_t *const *wr,
                      sf_error_t *err)
{
    canon_cli_t *k = ctx;
    const sf_job_t job = {
        .ctx = k, .outputs = 1, .slot_size = sizeof(canon_slot_t),
        .begin = canon_begin, .work = canon_work,
        .keep = k->dedupe ? canon_keep : NULL, .emit = canon_emit,
    };
    const int rc = sf_job_run(&k->run.batch, &job, rd, wr, &k->stats, err);
    char n1[32], n2[32];
    snprintf(k->run.rest, sizeof k->run.rest,
             "%s written, %s duplicates dropped",
             cli_group(k->stats.records[0], n1, sizeof n1),
             cli_group(k->stats.dropped, n2, sizeof n2));
    cli_job_json(&k->run, &k->stats, "");
    return rc;
}

int cli_canon(int argc, char **argv)
{
    canon_cli_t k;
    memset(&k, 0, sizeof k);
    cli_run_init(&k.run, "canon");
    k.run.any_size = 1;
    k.fields.n = 1;
    k.fields.f[0] = F_CANON;
    const int a = cli_run_args(&k.run, argc, argv, canon_options,
                               canon_option, &k);
    int code = cli_run_usage(&k.run, a, canon_usage);
    if (code < 0 && cli_geom_group(&k.run.geom) != 0)
        code = EXIT_USAGE;
    if (code >= 0) {
        cli_geom_free(&k.run.geom);
        return code;
    }
    k.run.reader.no_text = !cli_has_field(&k.fields, F_LINE);
    cli_use_fields(&k.run, &k.fields, field_names);
    sf_error_t err = {0};
    const int rc = cli_run_execute(&k.run, (const char *const *)argv + optind,
                                   (size_t)(argc - optind), 1, &k.run.writer,
                                   1, canon_body, &k, &err);
    free(k.seen.v);
    cli_geom_free(&k.run.geom);
    return cli_job_finish(&k.run, rc, &err, &k.stats, "puzzles");
}
