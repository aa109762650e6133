/*
 * solve.c -- `sudoflow solve`: options, summary, exit code.
 *
 * Everything that touches puzzles is the library's (sf_batch_run); this file
 * turns the solve options into sf_batch_opts_t, leaves the options every
 * batch command has, the messages during the run and the files around it to
 * run.c, then prints the summary and maps errors to exit statuses.
 */
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void solve_usage(FILE *to)
{
    fputs(
"usage: sudoflow solve [OPTIONS] [FILE...]\n"
"Solve puzzles from FILEs (plain or gzip; none or '-' = stdin), writing one\n"
"output record per puzzle in input order.  A puzzle is 81 cells, or 729\n"
"pencilmarks (9 a cell, mark k the digit k or '.'/'0': its candidates),\n"
"or N*N cells of another geometry (docs/geometry.md), or an f-puzzles\n"
"variant puzzle: its JSON, the JSON's lz-string form or a link\n"
"(docs/variants.md).\n\n"
"  -j, --threads N      worker threads (default or 0: all cores)\n"
"      --limit N        stop after N solutions (default 1; 0 = count all)\n"
"      --count          same as --limit 2: tells unique from multiple\n"
"      --lex            report the lexicographically smallest solution\n"
"      --kernel NAME    solver kernel, one of:\n", to);
    cli_kernel_help(to, "                       ");
    fputs(
"      --in-format F    line, grid, csv, pencil or fpuzzles (default:\n"
"                       detected per file)\n", to);
    fputs(CLI_GEOMETRY_HELP, to);
    fputs(
"      --column C       csv puzzle column, by name or 1-based number\n"
"      --out-format F   line, grid or jsonl (one JSON object a record;\n"
"                       default: grid for grid input, else line)\n"
"      --fields LIST    of puzzle,solution,status,count,guesses,ns,line\n"
"                       (default: solution)\n"
"      --sep S          field separator (default ',')\n"
"      --header         print the field names first\n"
"  -o, --output FILE    write to FILE (gzip when it ends in .gz)\n"
"      --gzip           compress the output\n"
"      --gzip-level N   gzip level 1-9 (default 1: digits barely compress\n"
"                       further, and level 1 is several times faster)\n"
"  -f, --force          overwrite an existing output file\n"
"      --stats FILE     write the run statistics as JSON\n"
"      --strict         stop at the first invalid record (exit 3)\n"
"      --max-record-bytes N  longest record kept (default 1048576); a\n"
"                       longer one is invalid and never held in memory\n"
"      --chunk N        records per chunk (default 8192)\n"
"  -q, --quiet          no summary, no progress\n"
"  -h, --help           this help\n"
"  -V, --version        the version and how it was built\n", to);
}

enum { OPT_LIMIT = CLI_OPT_OWN, OPT_COUNT, OPT_LEX, OPT_KERNEL, OPT_FIELDS };

static const struct option solve_options[] = {
    CLI_OUTPUT_OPTIONS,
    CLI_INPUT_OPTIONS,
    CLI_GEOMETRY_OPTIONS,
    {"limit", required_argument, NULL, OPT_LIMIT},
    {"count", no_argument, NULL, OPT_COUNT},
    {"lex", no_argument, NULL, OPT_LEX},
    {"kernel", required_argument, NULL, OPT_KERNEL},
    {"fields", required_argument, NULL, OPT_FIELDS},
    {NULL, 0, NULL, 0},
};

static int parse_fields(sf_batch_opts_t *b, const char *arg)
{
    const char *bad;
    const int n = sf_fields_parse(arg, b->fields, &bad);
    if (n < 0) {
        const char *names[SF_NFIELDS];
        for (int f = 0; f < SF_NFIELDS; f++)
            names[f] = sf_field_name((sf_field_t)f);
        cli_names_error("--fields", arg, bad, names, SF_NFIELDS,
                        SF_MAX_FIELDS);
        return -1;
    }
    b->nfields = n;
    return 0;
}

/* A solve option; 0 ok, -1 usage error. */
static int solve_option(void *ctx, int c, const char *arg)
{
    cli_run_t *r = ctx;
    sf_batch_opts_t *b = &r->batch;
    switch (c) {
    case OPT_LIMIT: return cli_parse_u64("--limit", arg, &b->limit);
    case OPT_COUNT: b->limit = 2; return 0;
    case OPT_LEX: b->flags |= SF_LEX; return 0;
    case OPT_KERNEL: return (b->kernel = cli_parse_kernel(arg)) ? 0 : -1;
    case OPT_FIELDS: return parse_fields(b, arg);
    default: return -1;
    }
}

static void print_summary(const sf_stats_t *st)
{
    char a[32], b[32], c[32];
    const uint64_t valid = st->puzzles - st->by_status[SF_INVALID];
    char p[64];
    fprintf(stderr, "%s: %s puzzle%s%s", cli_prefix(p, sizeof p),
            cli_group(st->puzzles, a, sizeof a), st->puzzles == 1 ? "" : "s",
            st->puzzles ? ":" : "");
    const char *comma = "";
    for (int i = 0; i < SF_STATUS_COUNT; i++)
        if (st->by_status[i]) {
            fprintf(stderr, "%s %s %s", comma,
                    cli_group(st->by_status[i], a, sizeof a),
                    sf_status_name((sf_status_t)i));
            comma = ",";
        }
    fprintf(stderr, "\n  time     %.3f s wall, %.3f s cpu, %d thread%s, "
            "kernel%s %s%s%s\n", st->wall_sec, st->cpu_sec, st->threads,
            st->threads == 1 ? "" : "s", st->geom_kernel ? "s" : "",
            st->kernel, st->geom_kernel ? " and " : "",
            st->geom_kernel ? st->geom_kernel : "");
    if (!st->puzzles) /* no rate, guesses or latency to speak of */
        return;
    fprintf(stderr, "  rate     %s puzzles/s\n",
            cli_group(st->wall_sec > 0 ? (uint64_t)(st->puzzles / st->wall_sec)
                      : 0, a, sizeof a));
    const uint64_t solved = st->by_status[SF_SOLVED] +
                            st->by_status[SF_UNIQUE] +
                            st->by_status[SF_MULTIPLE];
    fprintf(stderr, "  guesses  %.2f per puzzle, ",
            valid ? (double)st->guesses / valid : 0.0);
    if (solved)
        fprintf(stderr, "%.1f%% solved without guessing\n",
                100.0 * st->no_guess / solved);
    else
        fprintf(stderr, "no puzzle has a solution\n");
    fprintf(stderr, "  latency  median %s, p99 %s, max %s\n",
            cli_duration((double)st->lat_median_ns, a, sizeof a),
            cli_duration((double)st->lat_p99_ns, b, sizeof b),
            cli_duration((double)st->lat_max_ns, c, sizeof c));
}

/* The --stats JSON: the library's object with the keys every command
 * has (command, records) in front. */
static void stats_json(cli_run_t *r, const sf_stats_t *st)
{
    char lib[1536];
    sf_stats_json(st, lib, sizeof lib);
    snprintf(r->json, sizeof r->json, "{\"command\":\"%s\",\"records\":%llu,%s",
             r->cmd, (unsigned long long)st->puzzles, lib + 1);
}

/* Does the output show the original record text? */
static int uses_line_field(const sf_batch_opts_t *b)
{
    for (int i = 0; i < b->nfields; i++)
        if (b->fields[i] == SF_FIELD_LINE)
            return 1;
    return 0;
}

typedef struct solve_cli {
    cli_run_t run;
    sf_stats_t stats;
} solve_cli_t;

static int solve_body(void *ctx, sf_reader_t *rd, sf_writer_t *const *wr,
                      sf_error_t *err)
{
    solve_cli_t *s = ctx;
    const int rc = sf_batch_run(&s->run.batch, rd, wr[0], &s->stats, err);
    stats_json(&s->run, &s->stats);
    return rc;
}

int cli_solve(int argc, char **argv)
{
    solve_cli_t s;
    memset(&s, 0, sizeof s);
    cli_run_init(&s.run, "solve");
    s.run.batch.limit = 1;
    s.run.reader.pencil = 1;
    s.run.reader.variants = 1;
    s.run.any_size = 1;
    s.run.out_formats |= 1u << SF_FORMAT_GRID;
    const int a = cli_run_args(&s.run, argc, argv, solve_options,
                               solve_option, &s.run);
    const int code = cli_run_usage(&s.run, a, solve_usage);
    if (code >= 0) {
        cli_geom_free(&s.run.geom);
        return code;
    }
    s.run.reader.no_text = !uses_line_field(&s.run.batch);
    sf_error_t err = {0};
    const int rc = cli_run_execute(&s.run, (const char *const *)argv + optind,
                                   (size_t)(argc - optind), 1, &s.run.writer,
                                   1, solve_body, &s, &err);
    cli_geom_free(&s.run.geom);
    if (rc != 0) /* no summary after an error */
        return cli_exit_code(err.code);
    if (!s.run.quiet)
        print_summary(&s.stats);
    return s.run.no_puzzles ? EXIT_INVALID : EXIT_OK;
}
