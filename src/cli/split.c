/*
 * split.c -- `sudoflow split`: a train/test split that never puts two
 * equivalent puzzles on different sides.
 *
 * Each record goes, as its original text, to the train or the test file by
 * a seeded 128-bit hash of its canonical form (the top 53 bits as a number
 * in [0, 1), below the test fraction = test), so all equivalent copies of
 * a puzzle land on the same side and no test puzzle is a relabelled
 * training puzzle.  With --group-by solution the hash is that of the
 * canonical form of the puzzle's solution grid (of the puzzle itself when
 * it has not exactly one), so that no grid class, whichever puzzles are
 * made from it, is on both sides.  The job has two outputs, written in input order under
 * temporary names and renamed only when the whole run succeeded.  Invalid
 * records go to neither side; they are reported and counted.
 *
 * The outputs keep the input's format, decided by the first file as for
 * solve.  csv: the header row the reader kept is written to both files
 * (so standard input and gzip work too); every csv file must have that
 * same header, since the outputs can have only one: a file with another
 * header, or csv mixed with other formats, stops the run with an error
 * and no output.  grid: each record is written as 9 rows in its input
 * style (cells space-separated or not, the input's empty-cell marks; frame
 * lines are not kept), grids separated by a blank line, so each output
 * reads back as the same grids (another geometry's grid as its rows
 * were read).  Both rules need the records in input order, so they live
 * in the job's ordered pass (keep).  Puzzles of other geometries hash
 * their form under their geometry's group (datasets/geo_symmetry.c).
 */
#include "cli.h"
#include "datasets/geo_symmetry.h"
#include "datasets/rating.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { TRAIN = 0, TEST = 1, NOWHERE = -1 };

/* Why a file's records cannot join the outputs (see the top). */
enum { BAD_NONE = 0, BAD_HEADER, BAD_NOT_CSV, BAD_CSV_LATE };

/* What work() and keep() decide for a record, for emit(). */
typedef struct split_slot {
    int side;  /* TRAIN, TEST or NOWHERE */
    int first; /* grid output: the first record on its side */
    int alone; /* --group-by solution: not one solution, so grouped by
                * its puzzle */
} split_slot_t;

typedef struct split_worker {
    sf_solver_t *solver;
    char pad[64];
} split_worker_t;

typedef struct split_cli {
    cli_run_t run;
    double fraction;      /* --test-fraction */
    int have_fraction;
    uint64_t seed;
    int seeded;
    const char *paths[2]; /* --train, --test */
    int by_solution;      /* --group-by solution */
    split_worker_t *workers;
    int threads;
    uint64_t alone;       /* records grouped by puzzle for want of one
                           * solution (ordered pass) */
    sf_reader_t *reader;  /* during the run */
    int grid;             /* grid output (grid input) */
    int csv;              /* csv input: header is every file's header */
    const char *header;   /* that header, held by the reader */
    size_t header_len;
    uint32_t header_file; /* the file it came from */
    uint32_t first_file;  /* file of the first record keep() saw */
    uint32_t last_file;   /* file of the last record keep() saw */
    int any_kept;         /* keep() saw a record */
    int used[2];          /* grid output: a record went to this side */
    uint32_t bad_file;    /* keep() stopped the run at this file... */
    int bad;              /* ...for this BAD_* reason */
    sf_job_stats_t stats;
} split_cli_t;

static void split_usage(FILE *to)
{
    fputs(
"usage: sudoflow split --test-fraction F --train FILE --test FILE [OPTIONS]\n"
"                      [FILE...]\n"
"Split puzzle records into a train and a test file, each record as it was\n"
"read, by a seeded hash of its canonical form: equivalent puzzles always\n"
"land on the same side.  The outputs keep the input format: for csv the\n"
"header row goes to both (all csv inputs need the same header), grids are\n"
"separated by a blank line.  Other geometries use their own symmetries\n"
"(docs/geometry.md).\n\n"
"      --test-fraction F  share of records for the test file, 0 to 1\n"
"      --seed S         random seed (default: drawn, shown in the summary)\n"
"      --group-by G     puzzle (the default: equivalent puzzles on one side)\n"
"                       or solution (puzzles whose solution grids are\n"
"                       equivalent on one side; a puzzle without exactly\n"
"                       one solution goes by its puzzle)\n"
"      --train FILE     the train file (gzip when it ends in .gz)\n"
"      --test FILE      the test file\n"
CLI_GEOMETRY_HELP CLI_INPUT_HELP
"  -j, --threads N      worker threads (default or 0: all cores)\n"
"      --gzip           compress the outputs\n"
"      --gzip-level N   gzip level 1-9 (default 1)\n"
"  -f, --force          overwrite existing output files\n"
"      --stats FILE     write the run statistics as JSON\n"
"      --chunk N        records per chunk (default 8192)\n"
"  -q, --quiet          no summary, no progress\n"
"  -h, --help           this help\n"
"  -V, --version        the version and how it was built\n", to);
}

enum { OPT_FRACTION = CLI_OPT_OWN, OPT_SEED, OPT_TRAIN, OPT_TEST,
       OPT_GROUP_BY };

static const struct option split_options[] = {
    CLI_OUTPUT_OPTIONS,
    CLI_INPUT_OPTIONS,
    CLI_GEOMETRY_OPTIONS,
    {"test-fraction", required_argument, NULL, OPT_FRACTION},
    {"seed", required_argument, NULL, OPT_SEED},
    {"train", required_argument, NULL, OPT_TRAIN},
    {"test", required_argument, NULL, OPT_TEST},
    {"group-by", required_argument, NULL, OPT_GROUP_BY},
    {NULL, 0, NULL, 0},
};

static int parse_fraction(split_cli_t *k, const char *arg)
{
    double v;
    if (cli_parse_number(arg, 0, 1, &v) != 0) {
        cli_error("--test-fraction: not a number from 0 to 1: '%s'", arg);
        return -1;
    }
    k->fraction = v;
    k->have_fraction = 1;
    return 0;
}

static int split_option(void *ctx, int c, const char *arg)
{
    split_cli_t *k = ctx;
    switch (c) {
    case OPT_FRACTION: return parse_fraction(k, arg);
    case OPT_SEED: k->seeded = 1; return cli_parse_seed(arg, &k->seed);
    case OPT_TRAIN: k->paths[TRAIN] = arg; return 0;
    case OPT_TEST: k->paths[TEST] = arg; return 0;
    case OPT_GROUP_BY:
        if (strcmp(arg, "puzzle") && strcmp(arg, "solution")) {
            cli_error("--group-by: puzzle or solution, not '%s'", arg);
            return -1;
        }
        k->by_solution = !strcmp(arg, "solution");
        return 0;
    default: return -1;
    }
}

/* Once the first records are read: the output format, and for csv the
 * header of the first csv file, written to both outputs. */
static int split_begin(void *ctx, sf_out_t *const *out,
                       sf_error_t *err)
{
    (void)err;
    split_cli_t *k = ctx;
    const sf_format_t f = sf_reader_first_format(k->reader);
    k->grid = f == SF_FORMAT_GRID;
    k->csv = f == SF_FORMAT_CSV;
    for (uint32_t i = 0; k->csv && sf_reader_file_name(k->reader, i); i++)
        if (sf_reader_file_format(k->reader, i) == SF_FORMAT_CSV) {
            k->header = sf_reader_csv_header(k->reader, i, &k->header_len);
            k->header_file = i;
            break;
        }
    if (k->header) {
        sf_out_record(out[TRAIN], k->header, k->header_len);
        sf_out_record(out[TEST], k->header, k->header_len);
    }
    return 0;
}

/* Why the records of file i cannot go under the outputs' header (none
 * when the csv files have no header row: then none of them may). */
static int header_problem(const split_cli_t *k, uint32_t i)
{
    size_t len;
    const char *h = sf_reader_csv_header(k->reader, i, &len);
    const sf_format_t f = sf_reader_file_format(k->reader, i);
    const int csv = f == SF_FORMAT_CSV;
    if (f == SF_FORMAT_AUTO)
        return BAD_NONE; /* no line decided it: its records are invalid */
    if (!k->csv)
        return csv ? BAD_CSV_LATE : BAD_NONE;
    if (!csv)
        return BAD_NOT_CSV;
    if (!h != !k->header)
        return BAD_HEADER;
    if (h && (len != k->header_len || memcmp(h, k->header, len) != 0))
        return BAD_HEADER;
    return BAD_NONE;
}

/* The error for the file that stopped the run in keep(). */
static void bad_input(const split_cli_t *k, const sf_reader_t *rd,
                      sf_error_t *err)
{
    const char *name = sf_reader_file_name(rd, k->bad_file);
    const char *first = sf_reader_file_name(rd, k->csv ? k->header_file
                                                       : k->first_file);
    char *m = err->message;
    const size_t cap = sizeof err->message;
    err->code = SF_ERR_IO;
    if (k->bad == BAD_HEADER)
        snprintf(m, cap, "%s: csv header differs from the one of %s (the "
                 "outputs have one header, or none)", name, first);
    else if (k->bad == BAD_NOT_CSV)
        snprintf(m, cap, "%s: not csv, but %s is", name, first);
    else
        snprintf(m, cap, "%s: csv, but %s is not", name, first);
}

/* The ordered pass: check each new file against the outputs' header, and
 * mark the first grid of each side (no blank line before it).  A file that
 * does not fit stops the run with its error. */
static int split_keep(void *ctx, const sf_item_t *it, void *slot,
                      sf_error_t *err)
{
    split_cli_t *k = ctx;
    split_slot_t *s = slot;
    if (k->bad)
        return -1;
    if (!k->any_kept || it->rec->file != k->last_file) {
        if (!k->any_kept)
            k->first_file = it->rec->file;
        k->any_kept = 1;
        k->last_file = it->rec->file;
        k->bad = header_problem(k, it->rec->file);
        if (k->bad) {
            k->bad_file = it->rec->file;
            bad_input(k, k->reader, err);
            return -1;
        }
    }
    s->first = 0;
    k->alone += s->side != NOWHERE && s->alone;
    if (s->side != NOWHERE) {
        s->first = !k->used[s->side];
        k->used[s->side] = 1;
    }
    return 1;
}

static int split_start(void *ctx, int threads)
{
    split_cli_t *k = ctx;
    if (!k->by_solution)
        return 0;
    k->workers = calloc((size_t)threads, sizeof *k->workers);
    if (!k->workers)
        return -1;
    k->threads = threads;
    for (int t = 0; t < threads; t++)
        if (!(k->workers[t].solver = sf_solver_new(NULL)))
            return -1;
    return 0;
}

/* What decides the side: the puzzle, or with --group-by solution its
 * solution grid when it has exactly one (s->alone when not). */
static const uint8_t *group_of(const split_cli_t *k, int thread,
                               const sf_item_t *it, split_slot_t *s,
                               uint8_t *solution)
{
    s->alone = 0;
    if (!k->by_solution)
        return it->cells;
    sf_result_t r;
    sf_solver_t *solver = k->workers[thread].solver;
    if ((it->rec->geom ? sf_solve_geom(solver, it->rec->geom, it->cells, 2,
                                       0, solution, &r)
                       : sf_solve_cells(solver, it->cells, 2, 0, solution,
                                        &r)) == SF_UNIQUE)
        return solution;
    s->alone = 1;
    return it->cells;
}

static void split_work(void *ctx, int thread, const sf_item_t *it, void *slot)
{
    const split_cli_t *k = ctx;
    split_slot_t *s = slot;
    if (it->rec->invalid) {
        s->side = NOWHERE;
        return;
    }
    uint64_t h[2];
    uint8_t solution[SF_MAX_CELLS];
    /* a named geometry's group was had before the run; a detected
     * one's (boxes alone) is always had */
    sf_canon_hash_geom(it->rec->geom, group_of(k, thread, it, s, solution),
                       k->seed, h, NULL, NULL);
    const double u = (double)(h[0] >> 11) * 0x1p-53;
    s->side = u < k->fraction ? TEST : TRAIN;
}

/* A valid record as 9 rows in its input style (the first 81 characters
 * of a grid's or a line's text are its cells), after a blank line unless
 * it is the first on its side, as one output record. */
static void emit_grid(const sf_item_t *it, int first, sf_out_t *out)
{
    if (it->rec->geom) {
        if (!first)
            sf_out_record(out, "", 0);
        sf_out_record(out, it->text, it->rec->text_len);
        return;
    }
    char chars[SF_CELLS];
    for (int i = 0; i < SF_CELLS; i++) {
        const uint8_t v = it->rec->cells[i];
        chars[i] = it->rec->text_len >= SF_CELLS ? it->text[i]
                   : v ? (char)('0' + v) : '.';
    }
    sf_out_grid(out, chars, it->rec->spaced, !first);
}

static void split_emit(void *ctx, int thread, const sf_item_t *it, void *slot,
                       sf_out_t *const *out)
{
    const split_cli_t *k = ctx;
    const split_slot_t *s = slot;
    (void)thread;
    if (s->side == NOWHERE)
        return;
    if (k->grid)
        emit_grid(it, s->first, out[s->side]);
    else
        sf_out_record(out[s->side], it->text, it->rec->text_len);
}

static int split_body(void *ctx, sf_reader_t *rd, sf_writer_t *const *wr,
                      sf_error_t *err)
{
    split_cli_t *k = ctx;
    const sf_job_t job = {
        .ctx = k, .outputs = 2, .slot_size = sizeof(split_slot_t),
        .start = split_start, .begin = split_begin, .work = split_work,
        .keep = split_keep,
        .emit = split_emit,
    };
    k->reader = rd;
    const int rc = sf_job_run(&k->run.batch, &job, rd, wr, &k->stats, err);
    char a[32], b[32], c[32], d[32], alone[96] = "", json[160];
    if (k->by_solution)
        snprintf(alone, sizeof alone, "; %s without one solution grouped by "
                 "puzzle", cli_group(k->alone, d, sizeof d));
    snprintf(k->run.rest, sizeof k->run.rest, "%s train, %s test, %s invalid "
             "(in neither)%s; seed %llu",
             cli_group(k->stats.records[TRAIN], a, sizeof a),
             cli_group(k->stats.records[TEST], b, sizeof b),
             cli_group(k->stats.invalid, c, sizeof c), alone,
             (unsigned long long)k->seed);
    snprintf(json, sizeof json, "\"train\":%llu,\"test\":%llu,\"seed\":%llu,"
             "\"group_by\":\"%s\",\"by_puzzle\":%llu",
             (unsigned long long)k->stats.records[TRAIN],
             (unsigned long long)k->stats.records[TEST],
             (unsigned long long)k->seed,
             k->by_solution ? "solution" : "puzzle",
             (unsigned long long)(k->by_solution ? k->alone : 0));
    cli_job_json(&k->run, &k->stats, json);
    return rc;
}

static int split_args(split_cli_t *k, int argc, char **argv)
{
    const int a = cli_run_args(&k->run, argc, argv, split_options,
                               split_option, k);
    if (a != 0)
        return a;
    if (k->run.writer.path) {
        cli_error("-o does not apply: the outputs are --train and --test");
        return -1;
    }
    if (!k->have_fraction || !k->paths[TRAIN] || !k->paths[TEST]) {
        cli_error("--test-fraction, --train and --test are required");
        return -1;
    }
    if (k->run.batch.header || k->run.batch.sep) {
        cli_error("records are written as they were read: --header and "
                  "--sep do not apply");
        return -1;
    }
    return 0;
}

int cli_split(int argc, char **argv)
{
    split_cli_t k;
    memset(&k, 0, sizeof k);
    cli_run_init(&k.run, "split");
    k.run.out_formats = 0; /* records go out as they were read */
    k.run.any_size = 1;
    int code = cli_run_usage(&k.run, split_args(&k, argc, argv), split_usage);
    if (code < 0 && cli_geom_group(&k.run.geom) != 0)
        code = EXIT_USAGE;
    if (code >= 0) {
        cli_geom_free(&k.run.geom);
        return code;
    }
    if (!k.seeded)
        k.seed = cli_random_seed();
    sf_writer_opts_t wo[2] = {k.run.writer, k.run.writer};
    wo[TRAIN].path = k.paths[TRAIN];
    wo[TEST].path = k.paths[TEST];
    k.run.out_names[TRAIN] = "--train";
    k.run.out_names[TEST] = "--test";
    sf_error_t err = {0};
    const int rc = cli_run_execute(&k.run, (const char *const *)argv + optind,
                                   (size_t)(argc - optind), 1, wo, 2,
                                   split_body, &k, &err);
    for (int t = 0; k.workers && t < k.threads; t++)
        sf_solver_free(k.workers[t].solver);
    free(k.workers);
    cli_geom_free(&k.run.geom);
    return cli_job_finish(&k.run, rc, &err, &k.stats, "puzzles");
}
