/*
 * rate.c -- `sudoflow rate`: difficulty of each puzzle.
 *
 * Each record is counted at limit 2 (its status), then, when it has a
 * solution, rated (sf_rating: mean guesses over equivalent copies, the
 * same for every puzzle of a class) and given the logic level its
 * techniques need (sf_logic_level).  The se field is the Sudoku Explainer
 * rating (sf_se_rate), for puzzles with exactly one solution, and step the
 * technique of its hardest step; se_sukaku and step_sukaku the same on
 * Sukaku Explainer's scale.  The status count is sf_card's, which
 * also gives the difficulty card's fields (minimal, singles_closure,
 * backdoor, automorphisms, guesses) from the same solve.  Only the fields
 * asked for are computed.  Unsolvable and invalid records keep their output record with
 * empty rating and level.  Worker threads own a solver and their counters.
 *
 * Puzzles of other geometries (docs/geometry.md) get their status, a
 * rating and a level too: the rating is the general kernel's guesses at
 * limit 2 (a value order does not change them: the count explores every
 * branch), the level sf_logic_level_geom's.  The SE scale and the card's
 * measures are classic 9x9's: asking for them on another geometry stops
 * the run with an error naming the file and line.
 */
#include "cli.h"
#include "engine/dist.h" /* sudoflow-mpi: a process of several (sf_dist) */
#include "datasets/logic.h"
#include "datasets/rating.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { F_PUZZLE, F_STATUS, F_CLUES, F_RATING, F_LEVEL, F_LINE, F_SE, F_STEP,
       F_SE_SUKAKU, F_STEP_SUKAKU, F_CARD,
       F_COUNT = F_CARD + CLI_CARD_FIELDS };
static const char *const field_names[F_COUNT] = {
    "puzzle", "status", "clues", "rating", "level", "line", "se", "step",
    "se_sukaku", "step_sukaku", CLI_CARD_NAMES};

typedef struct rate_slot {
    sf_card_t card;       /* its status: the record's */
    double rating;        /* < 0: none */
    int level;            /* -1: none */
    sf_se_result_t se[2]; /* per sf_se_scale_t; status SF_SE_INVALID: none */
    int nomem;            /* the SE rating ran out of memory */
    int classic_only;     /* a field of classic 9x9 asked of another
                           * geometry */
} rate_slot_t;

typedef struct rate_worker {
    sf_solver_t *solver;
    sf_solver_t *general; /* other geometries: the general kernel's guesses
                           * are their rating, whichever kernel is fastest */
    uint64_t by_status[SF_STATUS_COUNT];
    uint64_t by_level[SF_LEVEL_COUNT];
    double rating_sum;    /* over rated records */
    uint64_t rated;
    uint64_t se_by_status[2][4]; /* per scale, sf_se_status_t counts */
    char pad[64];         /* keep neighbours off this cache line */
} rate_worker_t;

typedef struct rate_cli {
    cli_run_t run;
    cli_fields_t fields;
    unsigned samples;     /* --samples */
    int samples_given;
    int want_rating, want_level, want_se[2]; /* per sf_se_scale_t */
    unsigned card;        /* the sf_card measures the fields need */
    int classic_field;    /* first field for classic 9x9 only, or -1 */
    const sf_reader_t *reader; /* for the file names of messages */
    double se_budget;     /* --se-budget seconds, 0: none */
    rate_worker_t *workers;
    int threads;
    sf_job_stats_t stats;
} rate_cli_t;

static void rate_usage(FILE *to)
{
    fputs(
"usage: sudoflow rate [OPTIONS] [FILE...]\n"
"Rate the difficulty of each puzzle: its status (solutions counted up to\n"
"2), its rating (mean guesses a backtracking solver makes over random\n"
"equivalent copies; equal for equivalent puzzles) and the logic level it\n"
"needs (singles, locked, subsets, fish, wings, unique, exclusion, chains,\n"
"guess).  Fields se and step give the Sudoku Explainer rating (puzzles\n"
"with one solution) and its hardest technique; \">=X.Y\" is a lower bound,\n"
"with step \"beyond\" (no technique of SE applies) or \"over\"\n"
"(the --se-budget ran out).  se_sukaku and step_sukaku: the same on Sukaku\n"
"Explainer's scale (docs/se.md).  The difficulty card (docs/ratings.md):\n"
"minimal (1 when every clue is needed), singles_closure (empty cells\n"
"naked and hidden singles fill), backdoor (fewest cells of the solution\n"
"after which singles solve it: 0 to 3, or \">3\"), automorphisms\n"
"(transforms mapping the puzzle onto itself) and guesses (of the count).\n\n"
"      --samples N      equivalent copies solved per puzzle (default 8)\n"
"      --se-budget S    seconds of SE rating per puzzle (default: no limit)\n"
"      --fields LIST    of puzzle,status,clues,rating,level,line,se,step,\n"
"                       se_sukaku,step_sukaku,\n"
"                       " CLI_CARD_HELP_LIST "\n"
"                       (default: puzzle,rating,level)\n"
"Other geometries (docs/geometry.md): status, clues, rating (guesses of\n"
"the count), level (singles, locked, subsets or guess) and guesses:\n"
CLI_GEOMETRY_HELP CLI_INPUT_HELP CLI_OUTPUT_HELP, to);
}

enum { OPT_SAMPLES = CLI_OPT_OWN, OPT_FIELDS, OPT_SE_BUDGET };

static const struct option rate_options[] = {
    CLI_OUTPUT_OPTIONS,
    CLI_INPUT_OPTIONS,
    CLI_GEOMETRY_OPTIONS,
    {"samples", required_argument, NULL, OPT_SAMPLES},
    {"fields", required_argument, NULL, OPT_FIELDS},
    {"se-budget", required_argument, NULL, OPT_SE_BUDGET},
    {NULL, 0, NULL, 0},
};

static int rate_option(void *ctx, int c, const char *arg)
{
    rate_cli_t *k = ctx;
    uint64_t v;
    switch (c) {
    case OPT_SAMPLES:
        if (cli_parse_u64("--samples", arg, &v) != 0)
            return -1;
        if (v < 1 || v > 10000) {
            cli_error("--samples: must be between 1 and 10000, not %s", arg);
            return -1;
        }
        k->samples = (unsigned)v;
        k->samples_given = 1;
        return 0;
    case OPT_FIELDS:
        return cli_parse_fields(&k->fields, arg, field_names, F_COUNT);
    case OPT_SE_BUDGET:
        return cli_parse_budget("--se-budget", arg, &k->se_budget);
    default: return -1;
    }
}

static int rate_start(void *ctx, int threads)
{
    rate_cli_t *k = ctx;
    k->workers = calloc((size_t)threads, sizeof *k->workers);
    if (!k->workers)
        return -1;
    k->threads = threads;
    for (int t = 0; t < threads; t++)
        if (!(k->workers[t].solver = sf_solver_new(NULL)) ||
            !(k->workers[t].general =
                  sf_solver_new(sf_kernel_find("general"))))
            return -1;
    return 0;
}

static int rate_begin(void *ctx, sf_out_t *const *out,
                      sf_error_t *err)
{
    (void)err;
    rate_cli_t *k = ctx;
    if (k->run.batch.header)
        cli_put_header(out[0], &k->fields, field_names);
    return 0;
}

/* A record of another geometry: its count to 2, rating and level. */
static void rate_geom(const rate_cli_t *k, rate_worker_t *w,
                      const sf_item_t *it, rate_slot_t *s)
{
    const sf_geometry_t *g = it->rec->geom;
    sf_result_t r;
    sf_solve_geom(w->general, g, it->cells, 2, 0, it->room, &r);
    s->card = (sf_card_t){.status = r.status, .guesses = r.guesses,
                          .minimal = -1, .singles_closure = -1,
                          .backdoor = -1};
    s->classic_only = k->classic_field >= 0;
    w->by_status[r.status]++;
    if (r.status != SF_UNIQUE && r.status != SF_MULTIPLE)
        return;
    if (k->want_rating) {
        s->rating = (double)r.guesses;
        w->rating_sum += s->rating;
        w->rated++;
    }
    if (k->want_level) {
        s->level = (int)sf_logic_level_geom(g, it->cells);
        w->by_level[s->level]++;
    }
}

static void rate_work(void *ctx, int thread, const sf_item_t *it, void *slot)
{
    const rate_cli_t *k = ctx;
    rate_worker_t *w = &k->workers[thread];
    rate_slot_t *s = slot;
    s->rating = -1;
    s->level = -1;
    s->se[0].status = s->se[1].status = SF_SE_INVALID;
    s->nomem = 0;
    s->classic_only = 0;
    if (!it->rec->invalid && it->rec->geom) {
        rate_geom(k, w, it, s);
        return;
    }
    if (it->rec->invalid)
        s->card = (sf_card_t){.status = SF_INVALID, .minimal = -1,
                              .singles_closure = -1, .backdoor = -1};
    else
        sf_card(w->solver, it->rec->cells, k->card, NULL, &s->card);
    w->by_status[s->card.status]++;
    if (s->card.status != SF_UNIQUE && s->card.status != SF_MULTIPLE)
        return;
    if (k->want_rating) {
        s->rating = sf_rating(w->solver, it->rec->cells, k->samples);
        w->rating_sum += s->rating;
        w->rated++;
    }
    if (k->want_level) {
        s->level = (int)sf_logic_level(it->rec->cells);
        w->by_level[s->level]++;
    }
    for (int sc = 0; sc < 2; sc++)
        if (k->want_se[sc] && s->card.status == SF_UNIQUE) {
            sf_se_result_t *r = &s->se[sc];
            if (sf_se_rate_scale(it->rec->cells, (sf_se_scale_t)sc,
                                 k->se_budget, r) != 0) {
                r->status = SF_SE_INVALID;
                s->nomem = 1;
            }
            w->se_by_status[sc][r->status]++;
        }
}

/* A rating lost for want of memory stops the run (out of memory) rather
 * than leave its field empty; so does a field of classic 9x9 asked of
 * another geometry (a usage error naming the record). */
static int rate_keep(void *ctx, const sf_item_t *it, void *slot,
                     sf_error_t *err)
{
    const rate_cli_t *k = ctx;
    const rate_slot_t *s = slot;
    if (s->classic_only) {
        err->code = SF_ERR_USAGE;
        snprintf(err->message, sizeof err->message,
                 "%s:%llu: %s is for classic 9x9, not %s",
                 sf_reader_file_name(k->reader, it->rec->file),
                 (unsigned long long)it->rec->line,
                 field_names[k->classic_field],
                 sf_geometry_size_text(it->rec->geom));
        return -1;
    }
    return s->nomem ? -1 : 1;
}

static void put_field(sf_out_t *out, int f, const sf_item_t *it,
                      const rate_slot_t *s, const sf_alphabet_t *alpha)
{
    const sf_record_t *rec = it->rec;
    const char *name;
    switch (f) {
    case F_PUZZLE:
        if (rec->invalid)
            sf_out_text(out, "", 0);
        else if (rec->geom)
            cli_put_geom(out, rec->geom, alpha, rec->form, it->cells);
        else
            sf_out_cells(out, rec->cells, '.');
        return;
    case F_STATUS:
        name = sf_status_name(s->card.status);
        sf_out_text(out, name, strlen(name));
        return;
    case F_CLUES:
        if (rec->invalid)
            sf_out_text(out, "", 0);
        else if (rec->geom)
            sf_out_u64(out, cli_count_clues(it->cells,
                                            sf_geometry_cells(rec->geom)));
        else
            sf_out_u64(out, cli_clues(rec->cells));
        return;
    case F_RATING:
        if (s->rating < 0)
            sf_out_text(out, "", 0);
        else
            sf_out_fixed(out, s->rating, 2);
        return;
    case F_LEVEL:
        name = s->level < 0 ? "" : sf_level_name((sf_level_t)s->level);
        sf_out_text(out, name, strlen(name));
        return;
    case F_SE:
    case F_SE_SUKAKU: cli_put_se(out, &s->se[f == F_SE_SUKAKU]); return;
    case F_STEP:
    case F_STEP_SUKAKU: {
        const sf_se_result_t *r = &s->se[f == F_STEP_SUKAKU];
        name = r->status == SF_SE_INVALID ? "" : sf_se_step_name(r->step);
        sf_out_text(out, name, strlen(name));
        return;
    }
    case F_LINE: sf_out_text(out, it->text, rec->text_len); return;
    default: cli_put_card(out, f - F_CARD, &s->card); return;
    }
}

static void rate_emit(void *ctx, int thread, const sf_item_t *it, void *slot,
                      sf_out_t *const *out)
{
    const rate_cli_t *k = ctx;
    (void)thread;
    for (int i = 0; i < k->fields.n; i++)
        put_field(out[0], k->fields.f[i], it, slot, &k->run.geom.alpha);
    sf_out_end(out[0]);
}

/* Several processes (dist.h): the counters of all of them. */
static void rate_dist_sum(rate_worker_t *sum)
{
    const sf_dist_t *ds = sf_dist;
    ds->sum(ds->ctx, sum->by_status, SF_STATUS_COUNT);
    ds->sum(ds->ctx, sum->by_level, SF_LEVEL_COUNT);
    ds->sum(ds->ctx, &sum->rated, 1);
    ds->sum(ds->ctx, sum->se_by_status[0], 8);
    ds->fsum(ds->ctx, &sum->rating_sum, 1);
}

/* Sum the workers into w[0] and free their solvers. */
static void rate_collect(rate_cli_t *k)
{
    rate_worker_t *sum = &k->workers[0];
    for (int t = 0; t < k->threads; t++) {
        rate_worker_t *w = &k->workers[t];
        for (int i = 0; t > 0 && i < SF_STATUS_COUNT; i++)
            sum->by_status[i] += w->by_status[i];
        for (int i = 0; t > 0 && i < SF_LEVEL_COUNT; i++)
            sum->by_level[i] += w->by_level[i];
        if (t > 0) {
            sum->rating_sum += w->rating_sum;
            sum->rated += w->rated;
            for (int sc = 0; sc < 2; sc++)
                for (int i = 0; i < 4; i++)
                    sum->se_by_status[sc][i] += w->se_by_status[sc][i];
        }
        sf_solver_free(w->solver);
        sf_solver_free(w->general);
    }
    if (sf_dist)
        rate_dist_sum(sum);
}

/* Summary line and JSON pairs from the summed counters. */
static void rate_report(const rate_cli_t *k, char *rest, size_t cap,
                        char *json, size_t jcap)
{
    const rate_worker_t *w = &k->workers[0];
    size_t n = 0, j = 0;
    char g[32];
    for (int i = 0; i < SF_STATUS_COUNT && n < cap; i++)
        if (w->by_status[i])
            n += (size_t)snprintf(rest + n, cap - n, "%s%s %s", n ? ", " : "",
                                  cli_group(w->by_status[i], g, sizeof g),
                                  sf_status_name((sf_status_t)i));
    const double mean = w->rated ? w->rating_sum / (double)w->rated : 0;
    if (n < cap && w->rated)
        snprintf(rest + n, cap - n, "; mean rating %.2f", mean);
    j += (size_t)snprintf(json, jcap, "\"mean_rating\":%.4f", mean);
    for (int i = 0; i < SF_STATUS_COUNT && j < jcap; i++)
        if (i != SF_INVALID) /* the common keys have "invalid" */
            j += (size_t)snprintf(json + j, jcap - j, ",\"%s\":%llu",
                              sf_status_name((sf_status_t)i),
                              (unsigned long long)w->by_status[i]);
    for (int i = 0; i < SF_LEVEL_COUNT && j < jcap; i++)
        j += (size_t)snprintf(json + j, jcap - j, ",\"level_%s\":%llu",
                              sf_level_name((sf_level_t)i),
                              (unsigned long long)w->by_level[i]);
    static const char *const key[2] = {"se", "se_sukaku"};
    for (int sc = 0; sc < 2; sc++)
        if (k->want_se[sc] && j < jcap)
            j += (size_t)snprintf(
                json + j, jcap - j,
                ",\"%s_exact\":%llu,\"%s_beyond\":%llu,\"%s_over\":%llu",
                key[sc],
                (unsigned long long)w->se_by_status[sc][SF_SE_EXACT], key[sc],
                (unsigned long long)w->se_by_status[sc][SF_SE_BEYOND],
                key[sc], (unsigned long long)w->se_by_status[sc][SF_SE_OVER]);
}

/* After the run: the summary line and the statistics. */
static void rate_finish(rate_cli_t *k)
{
    char json[1024] = "";
    if (k->workers) {
        rate_collect(k);
        rate_report(k, k->run.rest, sizeof k->run.rest, json, sizeof json);
    }
    cli_job_json(&k->run, &k->stats, json);
}

static int rate_body(void *ctx, sf_reader_t *rd, sf_writer_t *const *wr,
                     sf_error_t *err)
{
    rate_cli_t *k = ctx;
    k->reader = rd;
    const sf_geometry_t *named = k->run.geom.geom;
    if (k->classic_field >= 0 && named && !sf_geometry_is_classic(named)) {
        err->code = SF_ERR_USAGE;
        snprintf(err->message, sizeof err->message,
                 "--fields: %s is for classic 9x9, not %s",
                 field_names[k->classic_field], sf_geometry_size_text(named));
        return -1;
    }
    const sf_job_t job = {
        .ctx = k, .outputs = 1, .slot_size = sizeof(rate_slot_t),
        .start = rate_start, .begin = rate_begin, .work = rate_work,
        .keep = k->classic_field >= 0 ? rate_keep : NULL,
        .emit = rate_emit,
        .fine = k->want_se[0] || k->want_se[1], /* SE: up to seconds each */
    };
    const int rc = sf_job_run(&k->run.batch, &job, rd, wr, &k->stats, err);
    rate_finish(k);
    return rc;
}

/* 1 for a field only classic 9x9 has: the SE ratings and the card's
 * measures other than guesses. */
static int is_classic_field(int f)
{
    return (f >= F_SE && f <= F_STEP_SUKAKU) ||
           (f >= F_CARD && f < F_CARD + CLI_CARD_GUESSES);
}

int cli_rate(int argc, char **argv)
{
    rate_cli_t k;
    memset(&k, 0, sizeof k);
    cli_run_init(&k.run, "rate");
    k.samples = SF_RATING_SAMPLES;
    k.run.any_size = 1;
    k.fields = (cli_fields_t){{F_PUZZLE, F_RATING, F_LEVEL}, 3};
    const int a = cli_run_args(&k.run, argc, argv, rate_options, rate_option,
                               &k);
    const int code = cli_run_usage(&k.run, a, rate_usage);
    if (code >= 0) {
        cli_geom_free(&k.run.geom);
        return code;
    }
    k.run.reader.no_text = !cli_has_field(&k.fields, F_LINE);
    cli_use_fields(&k.run, &k.fields, field_names);
    k.want_rating = cli_has_field(&k.fields, F_RATING);
    k.want_level = cli_has_field(&k.fields, F_LEVEL);
    k.want_se[0] = cli_has_field(&k.fields, F_SE) ||
                   cli_has_field(&k.fields, F_STEP);
    k.want_se[1] = cli_has_field(&k.fields, F_SE_SUKAKU) ||
                   cli_has_field(&k.fields, F_STEP_SUKAKU);
    k.card = cli_card_measures(&k.fields, F_CARD);
    k.classic_field = -1;
    for (int i = k.fields.n - 1; i >= 0; i--)
        if (is_classic_field(k.fields.f[i]))
            k.classic_field = k.fields.f[i];
    if (k.samples_given && !k.want_rating) {
        cli_error("--samples is for the rating field, which --fields leaves "
                  "out");
        cli_geom_free(&k.run.geom);
        return EXIT_USAGE;
    }
    sf_error_t err = {0};
    const int rc = cli_run_execute(&k.run, (const char *const *)argv + optind,
                                   (size_t)(argc - optind), 1, &k.run.writer,
                                   1, rate_body, &k, &err);
    free(k.workers);
    cli_geom_free(&k.run.geom);
    return cli_job_finish(&k.run, rc, &err, &k.stats, "puzzles");
}
