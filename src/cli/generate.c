/*
 * generate.c -- `sudoflow generate -n N`: new puzzles with unique
 * solutions, reproducible from a seed.
 *
 * A source job: the items are the puzzle numbers 0..N-1, in chunks, so
 * memory stays bounded for any N.  Each worker thread owns a generator
 * (sf_gen_t) and a solver for ratings, and makes puzzle i of the seed's
 * stream; the output depends only on the seed and the options, never on
 * the threads.  With a target (--level, --min-rating, --max-rating,
 * --min-se, --max-se) the puzzle is searched for by gen_target.c; after
 * its last attempt the puzzle is counted as missed, not written, and the
 * run fails.
 */
#include "cli.h"
#include "engine/dist.h" /* sudoflow-mpi: a process of several (sf_dist) */
#include "datasets/gen_target.h"
#include "datasets/logic.h"
#include "datasets/rating.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STEPS_DEFAULT 20 /* search steps from a promising start */
#define SE_MAX_TARGET 9.0 /* highest --min-se: above it (nested forcing
                           * chains) none of 6,000 hard candidates
                           * qualified, and rating one takes seconds */

enum { F_PUZZLE, F_SOLUTION, F_CLUES, F_RATING, F_LEVEL, F_SE, F_STEP,
       F_SE_SUKAKU, F_STEP_SUKAKU, F_CARD,
       F_COUNT = F_CARD + CLI_CARD_FIELDS };
static const char *const field_names[F_COUNT] = {
    "puzzle", "solution", "clues", "rating", "level", "se", "step",
    "se_sukaku", "step_sukaku", CLI_CARD_NAMES};

enum { MADE = GEN_MADE, MISSED = GEN_MISSED, FAILED = GEN_FAILED };

typedef struct gen_slot {
    uint8_t puzzle[SF_CELLS], solution[SF_CELLS];
    int result;           /* MADE, MISSED or FAILED */
    double rating;
    int level;
    sf_se_result_t se[2]; /* per sf_se_scale_t */
    sf_card_t card;       /* the difficulty card's fields */
    uint8_t grid[];       /* another geometry: its puzzle, then its
                           * solution (N*N cells each) */
} gen_slot_t;

typedef struct gen_worker {
    gen_target_t *target;  /* makes the puzzles */
    sf_gen_t *geo;         /* ...of another geometry */
    sf_solver_t *solver;   /* rates them for the rating field */
    uint64_t by_result[3];
    char pad[64];         /* keep neighbours off this cache line */
} gen_worker_t;

typedef struct gen_cli {
    cli_run_t run;
    cli_fields_t fields;
    uint64_t count;       /* -n */
    int have_count;       /* -n given (0 is allowed: nothing to make) */
    uint64_t seed;
    int seeded;
    sf_gen_opts_t gen;
    int level;            /* --level, -1 none */
    double min_rating, max_rating; /* -inf / +inf when not given */
    int rated_target;     /* --min-rating or --max-rating given */
    double min_se, max_se; /* -inf / +inf when not given */
    int se_target;        /* --min-se or --max-se given */
    int se_scale;         /* --se-scale: their sf_se_scale_t */
    int se_scale_given;
    unsigned card;        /* the sf_card measures the fields need */
    int want_card;        /* a card field is asked for */
    unsigned steps;
    int steps_given;
    const sf_geometry_t *geom; /* another geometry, or NULL */
    int constraints;      /* --constraints: an SF_VGEN_* kind, or -1 */
    gen_worker_t *workers;
    int threads;
    uint64_t by[3];       /* puzzles per result (MADE, MISSED, FAILED) */
    sf_job_stats_t stats;
} gen_cli_t;

static void generate_usage(FILE *to)
{
    fputs(
"usage: sudoflow generate -n N [OPTIONS]\n"
"Write N new puzzles with exactly one solution, the same for the same\n"
"seed and options whatever the thread count.\n\n"
"  -n, --count N        puzzles to make\n"
"      --seed S         random seed (default: drawn, shown in the summary)\n"
"      --clues K        exactly K clues (default: minimal puzzles, from\n"
"                       which no clue can be removed); 20-81, with a\n"
"                       symmetry 22-81, rot90 24-81 and 4k or 4k+1\n"
"      --symmetry S     none, rot180, rot90, diagonal or mirror\n"
"      --level L        logic level: singles, locked, subsets, fish, wings,\n"
"                       unique, exclusion, chains, guess\n"
"      --min-rating X   rating at least X (mean guesses, see 'rate')\n"
"      --max-rating Y   rating at most Y\n"
"      --min-se X       Sudoku Explainer rating at least X (see 'rate';\n"
"                       at most 9.0)\n"
"      --max-se Y       Sudoku Explainer rating at most Y\n"
"      --se-scale S     the scale of --min-se and --max-se: classic\n"
"                       (default) or sukaku (Sukaku Explainer's)\n"
"      --steps N        search steps from each promising start toward a\n"
"                       level or rating target (default 20)\n"
CLI_GEOMETRY_HELP_MAKE
"                       (other geometries: the fields puzzle, solution and\n"
"                       clues, --clues 1 to N*N and the symmetries)\n"
"      --constraints K  variant puzzles of kind K, one f-puzzles JSON\n"
"                       object a line with its solution: killer (cages,\n"
"                       no givens), kropki, xv (every dot or X/V, with\n"
"                       the negative constraint), thermo, arrow, whisper,\n"
"                       renban or mixed (docs/variants.md); with\n"
"                       --geometry, not with the other options below\n"
"      --fields LIST    of puzzle,solution,clues,rating,level,se,step,\n"
"                       se_sukaku,step_sukaku,\n"
"                       " CLI_CARD_HELP_LIST "\n"
"                       (the difficulty card: see 'rate'; default:\n"
"                       puzzle)\n"
CLI_OUTPUT_HELP, to);
}

enum { OPT_SEED = CLI_OPT_OWN, OPT_CLUES, OPT_SYMMETRY, OPT_LEVEL,
       OPT_MIN_RATING, OPT_MAX_RATING, OPT_STEPS, OPT_FIELDS, OPT_MIN_SE,
       OPT_MAX_SE, OPT_SE_SCALE, OPT_CONSTRAINTS };

static const struct option generate_options[] = {
    CLI_OUTPUT_OPTIONS,
    CLI_GEOMETRY_OPTIONS,
    {"count", required_argument, NULL, 'n'},
    {"seed", required_argument, NULL, OPT_SEED},
    {"clues", required_argument, NULL, OPT_CLUES},
    {"symmetry", required_argument, NULL, OPT_SYMMETRY},
    {"level", required_argument, NULL, OPT_LEVEL},
    {"min-rating", required_argument, NULL, OPT_MIN_RATING},
    {"max-rating", required_argument, NULL, OPT_MAX_RATING},
    {"steps", required_argument, NULL, OPT_STEPS},
    {"fields", required_argument, NULL, OPT_FIELDS},
    {"min-se", required_argument, NULL, OPT_MIN_SE},
    {"max-se", required_argument, NULL, OPT_MAX_SE},
    {"se-scale", required_argument, NULL, OPT_SE_SCALE},
    {"constraints", required_argument, NULL, OPT_CONSTRAINTS},
    {NULL, 0, NULL, 0},
};

static int parse_rating(const char *opt, const char *arg, double *out)
{
    if (cli_parse_number(arg, 0, 1e300, out) != 0) {
        cli_error("%s: not a non-negative number: '%s'", opt, arg);
        return -1;
    }
    return 0;
}

static int parse_clues(gen_cli_t *k, const char *arg)
{
    uint64_t v;
    if (cli_parse_u64("--clues", arg, &v) != 0)
        return -1;
    if (v < 1 || v > SF_MAX_CELLS) {
        cli_error("--clues: must be between 1 and the grid's cells, not %s",
                  arg);
        return -1;
    } /* the geometry's range, and what the generator can reach with the
       * symmetry, are checked once all options are in */
    k->gen.clues = (int)v;
    return 0;
}

static int parse_named(const char *opt, const char *arg,
                       int (*parse)(const char *), const char *known,
                       int *out)
{
    const int v = parse(arg);
    if (v < 0) {
        cli_error("%s: unknown value '%s' (%s)", opt, arg, known);
        return -1;
    }
    *out = v;
    return 0;
}

static int parse_steps(gen_cli_t *k, const char *arg)
{
    uint64_t v;
    if (cli_parse_u64("--steps", arg, &v) != 0)
        return -1;
    if (v > 1000000) {
        cli_error("--steps: at most 1000000, not %s", arg);
        return -1;
    }
    k->steps = (unsigned)v;
    k->steps_given = 1;
    return 0;
}

static int generate_option(void *ctx, int c, const char *arg)
{
    gen_cli_t *k = ctx;
    int v;
    switch (c) {
    case 'n':
        k->have_count = 1;
        return cli_parse_u64("--count", arg, &k->count);
    case OPT_SEED: k->seeded = 1; return cli_parse_seed(arg, &k->seed);
    case OPT_CLUES: return parse_clues(k, arg);
    case OPT_SYMMETRY:
        if (parse_named("--symmetry", arg, sf_symmetry_parse,
                        "none, rot180, rot90, diagonal or mirror", &v))
            return -1;
        k->gen.symmetry = (sf_symmetry_t)v;
        return 0;
    case OPT_LEVEL:
        return parse_named("--level", arg, sf_level_parse,
                           "singles, locked, subsets, fish, wings, unique, "
                           "exclusion, chains or guess",
                           &k->level);
    case OPT_MIN_RATING:
        k->rated_target = 1;
        return parse_rating("--min-rating", arg, &k->min_rating);
    case OPT_MAX_RATING:
        k->rated_target = 1;
        return parse_rating("--max-rating", arg, &k->max_rating);
    case OPT_MIN_SE:
        k->se_target = 1;
        return parse_rating("--min-se", arg, &k->min_se);
    case OPT_MAX_SE:
        k->se_target = 1;
        return parse_rating("--max-se", arg, &k->max_se);
    case OPT_SE_SCALE:
        if (strcmp(arg, "classic") == 0 || strcmp(arg, "sukaku") == 0) {
            k->se_scale = arg[0] == 's' ? SF_SE_SUKAKU : SF_SE_CLASSIC;
            k->se_scale_given = 1;
            return 0;
        }
        cli_error("--se-scale: unknown value '%s' (classic or sukaku)", arg);
        return -1;
    case OPT_STEPS: return parse_steps(k, arg);
    case OPT_CONSTRAINTS:
        return parse_named("--constraints", arg, sf_vgen_kind_parse,
                           "killer, kropki, xv, thermo, arrow, whisper, "
                           "renban or mixed", &k->constraints);
    case OPT_FIELDS:
        return cli_parse_fields(&k->fields, arg, field_names, F_COUNT);
    default: return -1;
    }
}

/* --------------------------------------------------------------- the job */

static int generate_start(void *ctx, int threads)
{
    gen_cli_t *k = ctx;
    const sf_gen_target_t target = {
        .level = k->level, .rated = k->rated_target,
        .min_rating = k->min_rating, .max_rating = k->max_rating,
        .steps = k->steps, .se = k->se_target, .min_se = k->min_se,
        .max_se = k->max_se, .se_scale = k->se_scale};
    k->workers = calloc((size_t)threads, sizeof *k->workers);
    if (!k->workers)
        return -1;
    k->threads = threads;
    for (int t = 0; t < threads; t++) {
        gen_worker_t *w = &k->workers[t];
        if (k->geom)
            w->geo = sf_gen_new_geom(k->geom);
        else
            w->target = gen_target_new(&target);
        w->solver = sf_solver_new(NULL);
        if (!(w->target || w->geo) || !w->solver)
            return -1;
    }
    return 0;
}

static int generate_begin(void *ctx, sf_out_t *const *out,
                          sf_error_t *err)
{
    (void)err;
    gen_cli_t *k = ctx;
    if (k->run.batch.header)
        cli_put_header(out[0], &k->fields, field_names);
    return 0;
}

static void generate_work(void *ctx, int thread, const sf_item_t *it,
                          void *slot)
{
    const gen_cli_t *k = ctx;
    gen_worker_t *w = &k->workers[thread];
    gen_slot_t *s = slot;
    if (k->geom) {
        const int nc = sf_geometry_cells(k->geom);
        s->result = sf_gen_puzzle(w->geo, &k->gen, k->seed, it->index,
                                  s->grid, s->grid + nc) == 0 ? MADE : FAILED;
        w->by_result[s->result]++;
        return;
    }
    s->result = gen_target_make(w->target, &k->gen, k->seed, it->index,
                                s->puzzle, s->solution);
    w->by_result[s->result]++;
    if (s->result != MADE)
        return;
    if (cli_has_field(&k->fields, F_RATING))
        s->rating = sf_rating(w->solver, s->puzzle, SF_RATING_SAMPLES);
    if (cli_has_field(&k->fields, F_LEVEL))
        s->level = (int)sf_logic_level(s->puzzle);
    for (int sc = 0; sc < 2; sc++) {
        const int want = sc ? cli_has_field(&k->fields, F_SE_SUKAKU) ||
                                  cli_has_field(&k->fields, F_STEP_SUKAKU)
                            : cli_has_field(&k->fields, F_SE) ||
                                  cli_has_field(&k->fields, F_STEP);
        sf_se_result_t *r = &s->se[sc];
        if (want && !(sc == k->se_scale && /* rated already */
                      gen_target_se(w->target, s->puzzle, r)) &&
            sf_se_rate_scale(s->puzzle, (sf_se_scale_t)sc, 0, r) != 0)
            r->status = SF_SE_INVALID;
    }
    if (k->want_card)
        sf_card(w->solver, s->puzzle, k->card, NULL, &s->card);
}

/* A puzzle of another geometry: its puzzle, solution and clue count. */
static void emit_geom(const gen_cli_t *k, const gen_slot_t *s, sf_out_t *out)
{
    const int nc = sf_geometry_cells(k->geom);
    sf_out_geometry(out, k->geom); /* JSON Lines: the record says it */
    for (int i = 0; i < k->fields.n; i++) {
        const int f = k->fields.f[i];
        if (f == F_CLUES)
            sf_out_u64(out, cli_count_clues(s->grid, nc));
        else
            cli_put_geom(out, k->geom, &k->run.geom.alpha, SF_FORM_SYMBOLS,
                         s->grid + (f == F_SOLUTION ? nc : 0));
    }
    sf_out_end(out);
}

static void generate_emit(void *ctx, int thread, const sf_item_t *it,
                          void *slot, sf_out_t *const *out)
{
    const gen_cli_t *k = ctx;
    const gen_slot_t *s = slot;
    (void)thread;
    (void)it;
    if (s->result != MADE)
        return;
    if (k->geom) {
        emit_geom(k, s, out[0]);
        return;
    }
    for (int i = 0; i < k->fields.n; i++) {
        const char *name;
        switch (k->fields.f[i]) {
        case F_PUZZLE: sf_out_cells(out[0], s->puzzle, '.'); break;
        case F_SOLUTION: sf_out_cells(out[0], s->solution, '0'); break;
        case F_CLUES: sf_out_u64(out[0], cli_clues(s->puzzle)); break;
        case F_RATING: sf_out_fixed(out[0], s->rating, 2); break;
        case F_SE:
        case F_SE_SUKAKU:
            cli_put_se(out[0], &s->se[k->fields.f[i] == F_SE_SUKAKU]);
            break;
        case F_STEP:
        case F_STEP_SUKAKU: {
            const sf_se_result_t *r = &s->se[k->fields.f[i] == F_STEP_SUKAKU];
            name = r->status == SF_SE_INVALID ? "" : sf_se_step_name(r->step);
            sf_out_text(out[0], name, strlen(name));
            break;
        }
        case F_LEVEL:
            name = sf_level_name((sf_level_t)s->level);
            sf_out_text(out[0], name, strlen(name));
            break;
        default: cli_put_card(out[0], k->fields.f[i] - F_CARD, &s->card);
        }
    }
    sf_out_end(out[0]);
}

/* Sum the workers' counters into k->by[] and free their state. */
static void generate_collect(gen_cli_t *k)
{
    for (int t = 0; k->workers && t < k->threads; t++) {
        gen_worker_t *w = &k->workers[t];
        for (int i = 0; i < 3; i++)
            k->by[i] += w->by_result[i];
        gen_target_free(w->target);
        sf_gen_free(w->geo);
        sf_solver_free(w->solver);
    }
    free(k->workers);
    k->workers = NULL;
}

static int generate_body(void *ctx, sf_reader_t *rd, sf_writer_t *const *wr,
                         sf_error_t *err)
{
    gen_cli_t *k = ctx;
    const sf_job_t job = {
        .ctx = k, .source = 1, .count = k->count, .outputs = 1,
        .slot_size = sizeof(gen_slot_t) +
                     (k->geom ? 2 * (size_t)sf_geometry_cells(k->geom) : 0),
        .start = generate_start,
        .begin = generate_begin, .work = generate_work, .emit = generate_emit,
        .fine = 1, /* a puzzle takes a millisecond or more */
    };
    const int rc = sf_job_run(&k->run.batch, &job, rd, wr, &k->stats, err);
    generate_collect(k);
    if (sf_dist) /* several processes (dist.h): the counts of all */
        sf_dist->sum(sf_dist->ctx, k->by, 3);
    const uint64_t *by = k->by;
    char json[128], g[3][32];
    snprintf(k->run.rest, sizeof k->run.rest, "seed %llu; %s written, %s "
             "missed the target, %s could not be made",
             (unsigned long long)k->seed,
             cli_group(by[MADE], g[0], sizeof g[0]),
             cli_group(by[MISSED], g[1], sizeof g[1]),
             cli_group(by[FAILED], g[2], sizeof g[2]));
    snprintf(json, sizeof json, "\"seed\":%llu,\"missed\":%llu,\"failed\":%llu",
             (unsigned long long)k->seed, (unsigned long long)by[MISSED],
             (unsigned long long)by[FAILED]);
    cli_job_json(&k->run, &k->stats, json);
    return rc;
}

/* The options of another geometry: puzzles, solutions and clue counts,
 * no targets. */
static int geom_args(gen_cli_t *k)
{
    const sf_geometry_t *g = k->run.geom.geom;
    for (int i = 0; i < k->fields.n; i++)
        if (k->fields.f[i] != F_PUZZLE && k->fields.f[i] != F_SOLUTION &&
            k->fields.f[i] != F_CLUES) {
            cli_error("--fields: %s is for classic 9x9, not %s",
                      field_names[k->fields.f[i]], sf_geometry_size_text(g));
            return -1;
        }
    if (k->level >= 0 || k->rated_target || k->se_target) {
        cli_error("--level, --min-rating, --max-rating, --min-se and --max-se "
                  "are for classic 9x9, not %s", sf_geometry_size_text(g));
        return -1;
    }
    const char *why = sf_gen_geom_problem(g, &k->gen);
    if (why) {
        cli_error("--clues %d: %s (%s has %d cells)", k->gen.clues, why,
                  sf_geometry_size_text(g), sf_geometry_cells(g));
        return -1;
    }
    k->geom = g;
    return 0;
}

static int generate_args(gen_cli_t *k, int argc, char **argv)
{
    const int a = cli_run_args(&k->run, argc, argv, generate_options,
                               generate_option, k);
    if (a == 0 && optind < argc) {
        cli_error("takes no input files (got '%s')", argv[optind]);
        return -1;
    }
    if (a == 0 && !k->have_count) {
        cli_error("-n N, the number of puzzles, is required");
        return -1;
    }
    if (a == 0 && k->min_rating > k->max_rating) {
        cli_error("--min-rating is above --max-rating");
        return -1;
    }
    if (a == 0 && k->min_se > k->max_se) {
        cli_error("--min-se is above --max-se");
        return -1;
    }
    if (a == 0 && k->min_se > SE_MAX_TARGET) {
        cli_error("--min-se: at most %.1f (puzzles rated above it are too "
                  "rare to search for)", SE_MAX_TARGET);
        return -1;
    }
    if (a == 0 && k->se_scale_given && !k->se_target) {
        cli_error("--se-scale is for --min-se and --max-se");
        return -1;
    }
    if (a == 0 && k->steps_given && k->level < 0 && !k->rated_target &&
        !k->se_target) {
        cli_error("--steps is for a target (--level, --min-rating, "
                  "--max-rating, --min-se, --max-se)");
        return -1;
    }
    if (a == 0 && k->constraints >= 0 &&
        (k->gen.clues || k->gen.symmetry || k->level >= 0 ||
         k->rated_target || k->se_target || k->fields.n != 1 ||
         k->fields.f[0] != F_PUZZLE || k->run.batch.header)) {
        cli_error("--constraints writes f-puzzles JSON: it takes none of "
                  "--clues, --symmetry, targets, --fields and --header");
        return -1;
    }
    if (a == 0 && k->constraints >= 0)
        return a;
    if (a == 0 && k->run.geom.geom && !sf_geometry_is_classic(k->run.geom.geom))
        return geom_args(k);
    if (a == 0 && k->gen.clues && (k->gen.clues < 17 || k->gen.clues > 81)) {
        cli_error("--clues: must be between 17 and 81 (no 9x9 puzzle with "
                  "fewer than 17 clues has a unique solution), not %d",
                  k->gen.clues);
        return -1;
    }
    const char *why = a == 0 ? sf_gen_opts_problem(&k->gen) : NULL;
    if (why) {
        cli_error("--clues %d (--symmetry %s): %s; with this symmetry it "
                  "makes %d to 81 clues", k->gen.clues,
                  sf_symmetry_name(k->gen.symmetry), why,
                  sf_gen_min_clues(k->gen.symmetry));
        return -1;
    }
    return a;
}

int cli_generate(int argc, char **argv)
{
    gen_cli_t k;
    memset(&k, 0, sizeof k);
    cli_run_init(&k.run, "generate");
    k.run.shortopts = CLI_SHORT_OPTIONS "n:";
    k.fields = (cli_fields_t){{F_PUZZLE}, 1};
    k.level = -1;
    k.min_rating = -INFINITY;
    k.max_rating = INFINITY;
    k.min_se = -INFINITY;
    k.max_se = INFINITY;
    k.steps = STEPS_DEFAULT;
    k.constraints = -1;
    const int code = cli_run_usage(&k.run, generate_args(&k, argc, argv),
                                   generate_usage);
    if (code >= 0)
        return code;
    if (!k.seeded)
        k.seed = cli_random_seed();
    if (k.constraints >= 0) {
        const int vc = cli_generate_variants(&k.run, k.constraints, k.count,
                                             k.seed, k.run.geom.geom);
        cli_geom_free(&k.run.geom);
        return vc;
    }
    cli_use_fields(&k.run, &k.fields, field_names);
    k.card = cli_card_measures(&k.fields, F_CARD);
    k.want_card = cli_card_wanted(&k.fields, F_CARD);
    sf_error_t err = {0};
    const int rc = cli_run_execute(&k.run, NULL, 0, 0, &k.run.writer, 1,
                                   generate_body, &k, &err);
    generate_collect(&k); /* when the body never ran */
    cli_geom_free(&k.run.geom);
    const uint64_t *by = k.by;
    if (by[MISSED] || by[FAILED])
        cli_error("%llu of %llu puzzles not written (%llu missed the target "
                  "in %d attempts each: it may be out of reach with these "
                  "options; %llu could not be made)",
                  (unsigned long long)(by[MISSED] + by[FAILED]),
                  (unsigned long long)k.count, (unsigned long long)by[MISSED],
                  GEN_TARGET_ATTEMPTS, (unsigned long long)by[FAILED]);
    const int done = cli_job_finish(&k.run, rc, &err, &k.stats, "puzzles");
    /* Fewer puzzles than asked for: the options could not be met. */
    return done == EXIT_OK && (by[MISSED] || by[FAILED]) ? EXIT_USAGE : done;
}
