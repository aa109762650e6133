/*
 * cli_split.c -- `sudoflow split`: a train/test split that never puts two
 * equivalent puzzles on different sides.
 *
 * Each record goes, as its original text, to the train or the test file by
 * a seeded 128-bit hash of its canonical form (the top 53 bits as a number
 * in [0, 1), below the test fraction = test), so all equivalent copies of
 * a puzzle land on the same side and no test puzzle is a relabelled
 * training puzzle.  The job has two outputs, written in input order under
 * temporary names and renamed only when the whole run succeeded.  Invalid
 * records go to neither side; they are reported and counted.  For csv
 * input the header row of the first file is copied to both files.
 */
#include "cli.h"
#include "rate.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

enum { TRAIN = 0, TEST = 1, NOWHERE = -1 };

typedef struct split_cli {
    cli_run_t run;
    double fraction;      /* --test-fraction */
    int have_fraction;
    uint64_t seed;
    int seeded;
    const char *paths[2]; /* --train, --test */
    const char *first;    /* first input file, for the csv header */
    sf_reader_t *reader;  /* during the run */
    int header_missed;    /* csv header not copied (standard input) */
    sf_job_stats_t stats;
} split_cli_t;

static void split_usage(FILE *to)
{
    fputs(
"usage: sudoflow split --test-fraction F --train FILE --test FILE [OPTIONS]\n"
"                      [FILE...]\n"
"Split puzzle records into a train and a test file, each record as it was\n"
"read, by a seeded hash of its canonical form: equivalent puzzles always\n"
"land on the same side.  For csv input the header row goes to both.\n\n"
"      --test-fraction F  share of records for the test file, 0 to 1\n"
"      --seed S         random seed (default: drawn, shown in the summary)\n"
"      --train FILE     the train file (gzip when it ends in .gz)\n"
"      --test FILE      the test file\n"
CLI_INPUT_HELP
"  -j, --threads N      worker threads (default: all cores)\n"
"      --gzip           compress the outputs\n"
"      --gzip-level N   gzip level 1-9 (default 1)\n"
"  -f, --force          overwrite existing output files\n"
"      --stats FILE     write the run statistics as JSON\n"
"      --chunk N        records per chunk (default 8192)\n"
"  -q, --quiet          no summary, no progress\n"
"  -h, --help           this help\n", to);
}

enum { OPT_FRACTION = CLI_OPT_OWN, OPT_SEED, OPT_TRAIN, OPT_TEST };

static const struct option split_options[] = {
    CLI_OUTPUT_OPTIONS,
    CLI_INPUT_OPTIONS,
    {"test-fraction", required_argument, NULL, OPT_FRACTION},
    {"seed", required_argument, NULL, OPT_SEED},
    {"train", required_argument, NULL, OPT_TRAIN},
    {"test", required_argument, NULL, OPT_TEST},
    {NULL, 0, NULL, 0},
};

static int parse_fraction(split_cli_t *k, const char *arg)
{
    char *end;
    const double v = strtod(arg, &end);
    if (end == arg || *end || !(v >= 0 && v <= 1)) {
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
    default: return -1;
    }
}

/* The first line of path that is neither blank nor a comment, without its
 * line end, into buf; 0, or -1 when there is none or it cannot be read. */
static int first_line(const char *path, char *buf, int cap)
{
    gzFile f = gzopen(path, "rb");
    if (!f)
        return -1;
    int rc = -1;
    while (gzgets(f, buf, cap)) {
        buf[strcspn(buf, "\r\n")] = '\0';
        if (buf[0] != '\0' && buf[0] != '#') {
            rc = 0;
            break;
        }
    }
    gzclose(f);
    return rc;
}

static int split_begin(void *ctx, sf_out_t *const *out)
{
    split_cli_t *k = ctx;
    if (sf_reader_first_format(k->reader) != SF_FORMAT_CSV)
        return 0;
    enum { LINE_MAX_BYTES = 1 << 16 };
    const char *path = k->first ? k->first : "-";
    char *line = malloc(LINE_MAX_BYTES);
    if (!line)
        return -1;
    if (!strcmp(path, "-") || first_line(path, line, LINE_MAX_BYTES) != 0) {
        k->header_missed = 1;
    } else {
        sf_out_record(out[TRAIN], line, strlen(line));
        sf_out_record(out[TEST], line, strlen(line));
    }
    free(line);
    return 0;
}

static void split_work(void *ctx, int thread, const sf_item_t *it, void *slot)
{
    const split_cli_t *k = ctx;
    int *side = slot;
    (void)thread;
    if (it->rec->invalid) {
        *side = NOWHERE;
        return;
    }
    uint64_t h[2];
    sf_canon_hash(it->rec->cells, k->seed, h, NULL);
    const double u = (double)(h[0] >> 11) * 0x1p-53;
    *side = u < k->fraction ? TEST : TRAIN;
}

static void split_emit(void *ctx, int thread, const sf_item_t *it, void *slot,
                       sf_out_t *const *out)
{
    const int side = *(const int *)slot;
    (void)ctx;
    (void)thread;
    if (side != NOWHERE)
        sf_out_record(out[side], it->text, it->rec->text_len);
}

static int split_body(void *ctx, sf_reader_t *rd, sf_writer_t *const *wr,
                      sf_error_t *err)
{
    split_cli_t *k = ctx;
    const sf_job_t job = {
        .ctx = k, .outputs = 2, .slot_size = sizeof(int),
        .begin = split_begin, .work = split_work, .emit = split_emit,
    };
    k->reader = rd;
    return sf_job_run(&k->run.batch, &job, rd, wr, &k->stats, err);
}

static int split_args(split_cli_t *k, int argc, char **argv)
{
    const int a = cli_run_args(&k->run, argc, argv, split_options,
                               split_option, k);
    if (a != 0)
        return a;
    if (k->run.writer.path) {
        cli_error("split writes --train and --test, not -o");
        return -1;
    }
    if (!k->have_fraction || !k->paths[TRAIN] || !k->paths[TEST]) {
        cli_error("split needs --test-fraction, --train and --test");
        return -1;
    }
    return 0;
}

int cli_split(int argc, char **argv)
{
    split_cli_t k;
    memset(&k, 0, sizeof k);
    cli_run_init(&k.run, "split");
    const int code = cli_run_usage(&k.run, split_args(&k, argc, argv),
                                   split_usage);
    if (code >= 0)
        return code;
    if (!k.seeded)
        k.seed = cli_random_seed();
    k.first = optind < argc ? argv[optind] : NULL;
    sf_writer_opts_t wo[2] = {k.run.writer, k.run.writer};
    wo[TRAIN].path = k.paths[TRAIN];
    wo[TEST].path = k.paths[TEST];
    sf_error_t err = {0};
    const int rc = cli_run_execute(&k.run, (const char *const *)argv + optind,
                                   (size_t)(argc - optind), 1, wo, 2,
                                   split_body, &k, &err);
    if (k.header_missed)
        cli_error("the csv header was not copied (input not a file)");
    char a[32], b[32], c[32], rest[160], json[128];
    snprintf(rest, sizeof rest, "%s train, %s test, %s invalid (in "
             "neither); seed %llu",
             cli_group(k.stats.records[TRAIN], a, sizeof a),
             cli_group(k.stats.records[TEST], b, sizeof b),
             cli_group(k.stats.invalid, c, sizeof c),
             (unsigned long long)k.seed);
    snprintf(json, sizeof json, "\"train\":%llu,\"test\":%llu,\"seed\":%llu",
             (unsigned long long)k.stats.records[TRAIN],
             (unsigned long long)k.stats.records[TEST],
             (unsigned long long)k.seed);
    return cli_job_finish(&k.run, rc, &err, &k.stats, "puzzles", rest, json);
}
