/*
 * cli.h -- what the command-line front end's files share.
 *
 * The CLI is the only part of sudoflow that prints or exits.  main.c
 * dispatches to one cli_CMD() per command; each parses its own options
 * with getopt_long and uses the library only through sudoflow.h.
 */
#ifndef SF_CLI_H
#define SF_CLI_H

#include "sudoflow.h"

#include <stdint.h>
#include <stdio.h>

/* Exit statuses (SPEC "Exit status"). */
enum { EXIT_OK = 0, EXIT_USAGE = 1, EXIT_IO = 2, EXIT_INVALID = 3 };

int cli_solve(int argc, char **argv);
int cli_bench(int argc, char **argv);
int cli_generate(int argc, char **argv);
int cli_rate(int argc, char **argv);
int cli_explain(int argc, char **argv);
int cli_transform(int argc, char **argv);
int cli_canon(int argc, char **argv);
int cli_split(int argc, char **argv);
int cli_audit(int argc, char **argv);

/* "sudoflow CMD: " + message + newline on stderr (CMD: the command set
 * with cli_set_command, when there is one). */
void cli_error(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
void cli_set_command(const char *cmd);
/* "sudoflow CMD" (or "sudoflow") into buf, for summaries. */
const char *cli_prefix(char *buf, size_t cap);
/* The kernel names, the default first, on one help line after indent. */
void cli_kernel_help(FILE *to, const char *indent);
/* The version and the build (compiler, flags, SIMD path, gzip back end)
 * on stdout. */
void cli_version(void);

/* Exit status for a library error code. */
int cli_exit_code(int err_code);

/* Parse a non-negative integer option value; on failure print a usage
 * error naming the option and return -1. */
int cli_parse_u64(const char *opt, const char *arg, uint64_t *out);
/* Thread count: 0 (all cores) to 4096; 0 is stored as the core count. */
/* A decimal number in [lo, hi] (no blanks, hex, inf or nan): 0, or -1
 * (no message: the caller names the option). */
int cli_parse_number(const char *arg, double lo, double hi, double *out);
/* A time budget in seconds for opt: a finite number above 0 (at most
 * 10^6; 1e-400, which would round to 0, is refused too), the one rule of
 * the CLI, the library and Python: a budget is given, or absent.  0, or
 * -1 with the message printed. */
int cli_parse_budget(const char *opt, const char *arg, double *out);
int cli_parse_threads(const char *arg, int *out);
/* Kernel by name, or print the known names and return NULL. */
const sf_kernel_t *cli_parse_kernel(const char *name);

/* Parse a comma-separated list of names (one of names[0..n-1] each, none
 * twice) into out[] (at most max); the count, or -1 after a usage error
 * (cli_names_error). */
int cli_parse_names(const char *opt, const char *arg,
                    const char *const *names, int n, int *out, int max);
/* The usage error of a name list that fails at bad (a pointer into list):
 * the name named twice, more than max names, or an unknown name and the
 * known ones, names[0..n-1]. */
void cli_names_error(const char *opt, const char *list, const char *bad,
                     const char *const *names, int n, int max);
/* A gzip level 1..9 for option opt.  0 or -1 (usage error printed). */
int cli_parse_gzip_level(const char *opt, const char *arg, int *out);
/* A seed: a non-negative integer.  0 or -1 (usage error printed). */
int cli_parse_seed(const char *arg, uint64_t *out);

/* A seed from the system's random source (the clock as a last resort),
 * for runs without --seed; printed so the run can be repeated. */
uint64_t cli_random_seed(void);

/* Givens (non-zero cells) of 81 cells, for the `clues` fields; of n. */
unsigned cli_clues(const uint8_t *cells);
unsigned cli_count_clues(const uint8_t *cells, int n);
/* N*N cells of geometry g as one field, in form (SF_FORM_*) and
 * alphabet a, '.' for an empty cell. */
void cli_put_geom(sf_out_t *out, const sf_geometry_t *g,
                  const sf_alphabet_t *a, int form, const uint8_t *cells);

/* Number with thousands separators, e.g. "1,234,567", into buf. */
const char *cli_group(uint64_t v, char *buf, size_t cap);
/* Duration in human units ("812 ns", "4.1 us", "2.3 ms", "1.20 s"). */
const char *cli_duration(double ns, char *buf, size_t cap);

/* ------------------------------------------- batch commands (run.c) */

/* Long options every batch command takes (the getopt codes below); input
 * options only for commands that read puzzles.  The gzip level is
 * --gzip-level (solve also keeps its --level). */
enum { CLI_OPT_IN_FORMAT = 256, CLI_OPT_COLUMN, CLI_OPT_STRICT, CLI_OPT_SEP,
       CLI_OPT_HEADER, CLI_OPT_GZIP, CLI_OPT_GZIP_LEVEL, CLI_OPT_STATS,
       CLI_OPT_CHUNK, CLI_OPT_MAX_RECORD, CLI_OPT_OUT_FORMAT,
       CLI_OPT_GEOMETRY, CLI_OPT_REGIONS, CLI_OPT_VARIANT, CLI_OPT_EXTRA,
       CLI_OPT_ALPHABET,
       CLI_OPT_OWN /* first code free for a command */ };

#define CLI_OUTPUT_OPTIONS                                                \
    {"threads", required_argument, NULL, 'j'},                            \
    {"output", required_argument, NULL, 'o'},                             \
    {"force", no_argument, NULL, 'f'},                                    \
    {"quiet", no_argument, NULL, 'q'},                                    \
    {"help", no_argument, NULL, 'h'},                                     \
    {"version", no_argument, NULL, 'V'},                                  \
    {"sep", required_argument, NULL, CLI_OPT_SEP},                        \
    {"header", no_argument, NULL, CLI_OPT_HEADER},                        \
    {"gzip", no_argument, NULL, CLI_OPT_GZIP},                            \
    {"gzip-level", required_argument, NULL, CLI_OPT_GZIP_LEVEL},          \
    {"stats", required_argument, NULL, CLI_OPT_STATS},                    \
    {"chunk", required_argument, NULL, CLI_OPT_CHUNK},                    \
    {"out-format", required_argument, NULL, CLI_OPT_OUT_FORMAT}
#define CLI_INPUT_OPTIONS                                                 \
    {"in-format", required_argument, NULL, CLI_OPT_IN_FORMAT},            \
    {"column", required_argument, NULL, CLI_OPT_COLUMN},                  \
    {"strict", no_argument, NULL, CLI_OPT_STRICT},                        \
    {"max-record-bytes", required_argument, NULL, CLI_OPT_MAX_RECORD}
#define CLI_SHORT_OPTIONS "j:o:fqhV"
/* The geometry options (geom_opts.c), for commands that take any size. */
#define CLI_GEOMETRY_OPTIONS                                              \
    {"geometry", required_argument, NULL, CLI_OPT_GEOMETRY},              \
    {"regions", required_argument, NULL, CLI_OPT_REGIONS},                \
    {"variant", required_argument, NULL, CLI_OPT_VARIANT},                \
    {"extra", required_argument, NULL, CLI_OPT_EXTRA},                    \
    {"alphabet", required_argument, NULL, CLI_OPT_ALPHABET}

/* Help lines for the options above. */
#define CLI_INPUT_HELP                                                      \
"      --in-format F    line, grid, csv or jsonl (default: detected per\n"\
"                       file)\n"  \
"      --column C       csv puzzle column, by name or 1-based number\n"    \
"      --strict         stop at the first invalid record (exit 3)\n"    \
"      --max-record-bytes N  longest record kept (default 1048576); a\n"  \
"                       longer one is invalid and never held in memory\n"
#define CLI_GEOMETRY_HELP                                                   \
"      --geometry NxN[:RxC]  grid size and box shape (default: each file's\n"\
"                       lines give it; 9x9 classic, 6x6 has 2x3 boxes ...)\n"\
CLI_GEOMETRY_HELP_REST
/* ...for generate, which reads no file: 9x9 unless named. */
#define CLI_GEOMETRY_HELP_MAKE                                              \
"      --geometry NxN[:RxC]  grid size and box shape (default 9x9; 6x6 has\n"\
"                       2x3 boxes, 12x12 3x4 ...)\n"                       \
CLI_GEOMETRY_HELP_REST
#define CLI_GEOMETRY_HELP_REST                                              \
"      --regions MAP    jigsaw: N*N region labels (or @FILE)\n"           \
"      --variant LIST   x, x-, x+, windoku, disjoint, antiknight, antiking,\n"\
"                       nonconsecutive\n"                                  \
"      --extra MAP      extra all-different regions, '.' for none (or\n"  \
"                       @FILE; repeatable)\n"                             \
"      --alphabet S     value symbols, ranges allowed (\"0-F\": hexadoku;\n"\
"                       default 1-9 then A-Z)\n"
#define CLI_OUTPUT_HELP CLI_OUTPUT_HELP_CHUNK("8192")
/* ...with another default chunk size (text). */
#define CLI_OUTPUT_HELP_CHUNK(def)                                          \
"  -j, --threads N      worker threads (default or 0: all cores)\n"       \
"      --out-format F   line (fields joined by --sep) or jsonl (one JSON\n" \
"                       object a record, null where a field has no value)\n"\
"      --sep S          field separator (default ',')\n"                   \
"      --header         print the field names first\n"                     \
"  -o, --output FILE    write to FILE (gzip when it ends in .gz)\n"        \
"      --gzip           compress the output\n"                             \
"      --gzip-level N   gzip level 1-9 (default 1)\n"                      \
"  -f, --force          overwrite an existing output file\n"               \
"      --stats FILE     write the run statistics as JSON\n"                \
"      --chunk N        records per chunk (default " def ")\n"            \
"  -q, --quiet          no summary, no progress\n"                         \
"  -h, --help           this help\n"                                    \
"  -V, --version        the version and how it was built\n"

/* The geometry options as given, and what they build (geom_opts.c). */
typedef struct cli_geom {
    sf_geometry_spec_t spec;  /* --geometry, --regions, --variant, --extra */
    int nextra;
    const char *symbols;      /* --alphabet, or NULL */
    char *owned[1 + SF_MAX_EXTRA]; /* maps read from @FILE */
    int given;                /* a geometry option was given */
    sf_geometry_t *geom;      /* built; NULL: none named (classic, or
                               * each file's own size) */
    sf_alphabet_t alpha;      /* built */
} cli_geom_t;

/* A geometry option into g: 0, -1 after a usage error, 1 when c is not
 * one. */
int cli_geom_option(cli_geom_t *g, int c, const char *arg);
/* Build the geometry and alphabet once all options are in: 0, or -1
 * after a usage error. */
int cli_geom_build(cli_geom_t *g);
void cli_geom_free(cli_geom_t *g);
/* For the commands that use symmetries: 0 when the named geometry (if
 * any) has a group they can use, else -1 after saying why. */
int cli_geom_group(const cli_geom_t *g);

/* Options and run state shared by the batch commands. */
typedef struct cli_run {
    const char *cmd;          /* command name, for messages */
    const char *shortopts;    /* getopt short options; NULL: the shared */
    sf_batch_opts_t batch;    /* threads, chunk, sep, header, strict, ... */
    sf_reader_opts_t reader;
    sf_writer_opts_t writer;  /* -o and friends */
    const char *stats_path;   /* --stats FILE */
    int quiet;                /* -q */
    int progress;             /* show progress on the terminal */
    int progress_shown;       /* a progress line is on screen */
    uint64_t invalid_seen;    /* invalid records reported so far */
    int no_puzzles;           /* input files none of whose records is a
                               * puzzle (the run still completes) */
    int level_given;          /* --gzip-level was given */
    unsigned out_formats;     /* bit 1 << F for each sf_format_t F that
                               * --out-format takes (line and jsonl unless
                               * the command says otherwise; 0: none) */
    const char *keys[SF_MAX_FIELDS]; /* jsonl keys (cli_use_fields) */
    const char *out_names[SF_MAX_OUTPUTS]; /* options naming the outputs */
    int any_size;             /* the command takes any geometry: the
                               * geometry options, and files that say
                               * their own size (set before parsing) */
    cli_geom_t geom;          /* the geometry options */
    char rest[256];           /* summary line the body leaves, or "" */
    char json[2048];          /* --stats JSON the body leaves */
} cli_run_t;

struct option;

/* A command's own option: 0 done, -1 usage error (message printed). */
typedef int (*cli_option_fn)(void *ctx, int c, const char *arg);

/* Defaults for command cmd. */
void cli_run_init(cli_run_t *r, const char *cmd);
/* Parse argv: shared options into r, the others through own(ctx, ...),
 * which must print a message for a code it does not know.
 * Returns 1 for --help, 2 for --version, -1 after a usage error, else 0
 * (and optind is the first FILE). */
int cli_run_args(cli_run_t *r, int argc, char **argv,
                 const struct option *longopts, cli_option_fn own, void *ctx);
/* The exit status for cli_run_args' result a (after printing the usage for
 * --help or the hint after an error), or -1 to go on. */
int cli_run_usage(const cli_run_t *r, int a, void (*usage)(FILE *));

/* `generate --constraints KIND` (gen_variants.c): count variant
 * puzzles of kind (sf_vgen_*) in geometry g (NULL: 9x9) from seed, one
 * f-puzzles JSON line each, through run's output; the exit status. */
int cli_generate_variants(cli_run_t *run, int kind, uint64_t count,
                          uint64_t seed, const sf_geometry_t *g);

/* The batch itself, once the input and outputs are open. */
typedef int (*cli_body_fn)(void *ctx, sf_reader_t *reader,
                           sf_writer_t *const *writers, sf_error_t *err);
/* Refuse outputs that are the same file, start the threads, open the
 * reader over files (none for a source: with_input 0), the nout outputs
 * wo[] and the --stats file, remove temporary files on a signal, run
 * body (which leaves the statistics in r->json), commit the outputs and
 * then the statistics only when everything succeeded, report what the
 * user must see.  Returns 0, or -1 with err filled. */
int cli_run_execute(cli_run_t *r, const char *const *files, size_t n,
                    int with_input, const sf_writer_opts_t *wo, int nout,
                    cli_body_fn body, void *ctx, sf_error_t *err);

/* A command's output fields: indices into its table of names. */
typedef struct cli_fields {
    int f[SF_MAX_FIELDS];
    int n;
} cli_fields_t;

/* --fields LIST against names[0..n-1]; 0 or -1 (printed). */
int cli_parse_fields(cli_fields_t *fl, const char *arg,
                     const char *const *names, int n);
/* The command's output fields are fl's (names[] their names): the keys
 * of its records in jsonl output.  Call once the fields are final. */
void cli_use_fields(cli_run_t *r, const cli_fields_t *fl,
                    const char *const *names);
/* 1 when field f is among fl's. */
int cli_has_field(const cli_fields_t *fl, int f);
/* The header record: the names of fl's fields. */
void cli_put_header(sf_out_t *out, const cli_fields_t *fl,
                    const char *const *names);

/* The difficulty card's fields (card.c), in this order in a command's
 * table of names, from its index `first` on. */
enum { CLI_CARD_MINIMAL, CLI_CARD_CLOSURE, CLI_CARD_BACKDOOR,
       CLI_CARD_AUTOMORPHISMS, CLI_CARD_GUESSES, CLI_CARD_FIELDS };
#define CLI_CARD_NAMES \
    "minimal", "singles_closure", "backdoor", "automorphisms", "guesses"
#define CLI_CARD_HELP_LIST "minimal,singles_closure,backdoor,automorphisms,guesses"
/* The sf_card measures fl's fields need (0: no card field). */
unsigned cli_card_measures(const cli_fields_t *fl, int first);
/* 1 when fl has a card field. */
int cli_card_wanted(const cli_fields_t *fl, int first);
/* Card field `which` (CLI_CARD_*) of c; empty where it has no value. */
void cli_put_card(sf_out_t *out, int which, const sf_card_t *c);
/* An SE rating field ("4.4", ">=10.4" cut short, "" unrated; in JSON Lines
 * the number and FIELD_bound). */
void cli_put_se(sf_out_t *out, const sf_se_result_t *r);

/* Summary of a job run on stderr: "sudoflow: N WHAT" + the rest line
 * (may be NULL), then time and rate. */
void cli_job_summary(const sf_job_stats_t *st, const char *what,
                     const char *rest);
/* A job's --stats JSON into r->json: the keys every command has
 * (command, records, invalid, dropped, written, times, threads), then
 * extra ("\"key\":value" pairs joined by commas, or ""). */
void cli_job_json(cli_run_t *r, const sf_job_stats_t *st, const char *extra);
/* After cli_run_execute of a job returned rc (err): the summary (unless
 * -q) with r->rest, when the job ran; returns the exit status. */
int cli_job_finish(const cli_run_t *r, int rc, const sf_error_t *err,
                   const sf_job_stats_t *st, const char *what);

/* ------------------------------------------------ safety (guard.c) */

/* Handlers for every catchable signal that would end the process: they
 * remove the registered temporary files, then end it by that signal.
 * SIGXFSZ is ignored, so a file-size limit is a write error. */
void cli_guard_signals(void);
/* Register (path) or clear (NULL) the temporary file of slot 0..2. */
void cli_guard_temp(int slot, const char *path);
/* Hold (1) the signals of this thread, around creating or removing a
 * temporary file together with its registration, then release them (0). */
void cli_guard_hold(int hold);
/* Whether the worker threads (threads <= 0: the default count) can start,
 * tried before any file is opened: 0, or -1 with the message printed. */
int cli_guard_threads(int threads);
/* Refuse outputs that are one file: two of wo[0..nout-1] and stats (may
 * be NULL), or one of them and an input of files[0..n-1] ("-" = the
 * standard streams), and "-" twice among files.  names[] are the options
 * for the messages (names[nout] is for stats).  0, or -1 with err filled
 * (SF_ERR_USAGE). */
/* Every input of files[0..n-1] but "-" exists, is no directory and may be
 * read (looked at, not opened): 0, or -1 with err filled (SF_ERR_IO, the
 * file and the reason). */
int cli_check_inputs(const char *const *files, size_t n, sf_error_t *err);
int cli_check_paths(const char *const *files, size_t n,
                    const sf_writer_opts_t *wo, const char *const *names,
                    int nout, const char *stats, sf_error_t *err);

#endif
