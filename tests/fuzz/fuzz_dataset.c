/*
 * fuzz_dataset.c -- the dataset commands end to end, in process: audit,
 * explain, and the difficulty card's fields of rate and generate.
 *
 * fuzz_cli.c drives solve, rate, canon, transform and split; this target
 * drives the commands that build and check datasets through the same
 * command-line layer (fuzzcli.h calls them as main() would), each with a
 * model of its output computed here from the library's reader, solver,
 * canonical forms and card, so that a record out of place, a field of
 * another record, a lost or invented finding is caught, not only a crash.
 * The fuzzer's bytes choose the command, its options (threads, --chunk,
 * --in-format, --fields, --out-format line or jsonl, --header, --sep,
 * --gzip, -o to a file (maybe .gz), /dev/null or standard output,
 * --strict, -q) and the input files' text:
 *
 *   audit    one or two train files, up to two reference files, one or two
 *            test files (in any order on the command line; a test file may
 *            be a train file again), test puzzles made leaking on purpose
 *            (transformed copies of train and reference puzzles, and new
 *            puzzles on a transformed copy of their solution grid),
 *            --memory 1M (the least it takes; the sorter's runs on disk
 *            are fuzz_audit.c's), --tmpdir, --stats.  The findings file
 *            is exactly the one a direct comparison of canonical forms
 *            (sf_canon of each puzzle and solution grid) gives, and the
 *            exit status the documented one: 4 when a test puzzle leaks,
 *            3 for a comparison set or an input file without a puzzle, 2
 *            when the test set or every comparison set is empty;
 *   explain  JSON Lines or the table of actions, with and without
 *            --candidates, a small --se-budget: one JSON line per input
 *            record with its number, puzzle and status; every trace
 *            replays (each placement is the solution's digit in an empty
 *            cell, no elimination removes it, the candidates before a
 *            step hold the solution and a filled cell's digit alone), and
 *            a complete one fills the grid, the hardest step being the
 *            rating;
 *   rate     --fields with the card (minimal, singles_closure, backdoor,
 *            automorphisms, guesses) beside puzzle, status, clues, se and
 *            step: one record per input record, each field sf_card's value
 *            for that record's puzzle (asked with more measures than the
 *            fields need, which must not change them);
 *   generate -n 0-3 with --seed, --clues, --symmetry and card fields:
 *            unique puzzles with the asked clue count and symmetry,
 *            minimal by default, each field sf_card's value, as many as
 *            asked (fewer only with exit 1, which also writes them).
 *
 * Every run that writes a file runs twice, at -j1 and -j3 (other chunk
 * sizes, another --memory): the same exit status and the same records;
 * a trace or SE rating stopped by --se-budget (hardest or step "over")
 * may stop at another step, so there one must be a prefix of the other.
 * A run that fails leaves no output and no temporary file.  Each run
 * takes a few milliseconds: a few dozen records, budgets of at most
 * 30 ms a puzzle.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "fuzz/fuzzutil.h"
#include "fuzz/fuzzcli.h"
#include "sudoflow.h"

#define MAX_FILES 6   /* audit: 2 train, 2 reference, 2 test (one may be a train file) */
#define MAX_FIELDS 12
#define MAX_KEEP 4096 /* records the models hold */
#define LEAK_BYTES 32 /* the choices of the leaking test records */

enum { AUDIT, EXPLAIN, RATE, GENERATE, NCMDS };
enum { TRAIN, REFERENCE, TEST };

static const struct {
    const char *name;
    fzc_cmd_fn run;
} commands[NCMDS] = {
    {"audit", cli_audit},
    {"explain", cli_explain},
    {"rate", cli_rate},
    {"generate", cli_generate},
};

/* --fields choices: the card beside the fields the models predict */
static const char *const rate_fields[8] = {
    "minimal,singles_closure,backdoor,automorphisms,guesses",
    ("puzzle,status,clues,minimal,singles_closure,backdoor,automorphisms,"
     "guesses"),
    "guesses,automorphisms,status",
    "clues,backdoor,se,step",
    "status,singles_closure,minimal,line",
    "backdoor,se_sukaku,step_sukaku,automorphisms",
    "puzzle,minimal,rating,level",
    "status,guesses,backdoor,minimal,clues,puzzle",
};
static const char *const gen_fields[8] = {
    "puzzle,minimal,singles_closure,backdoor,automorphisms,guesses",
    "puzzle,solution,clues,backdoor",
    "minimal,automorphisms,puzzle",
    "puzzle,guesses,singles_closure,clues",
    "clues,puzzle,minimal,backdoor,automorphisms",
    NULL, /* the default: puzzle */
    ("puzzle,solution,minimal,guesses,automorphisms,singles_closure,"
     "backdoor,clues"),
    "backdoor,minimal,guesses",
};
static const char *const symmetries[8] = {NULL, NULL, NULL, "none",
                                          "rot180", "rot90", "diagonal",
                                          "mirror"};
static const unsigned gen_clues[8] = {0, 0, 0, 21, 24, 25, 33, 81};

/* What the bytes chose. */
typedef struct plan {
    int cmd;
    int threads;             /* -j for a single run */
    unsigned chunk, chunk2;  /* --chunk of the two runs (0: none) */
    int format;              /* --in-format: 0 none, else sf_format_t */
    int quiet, strict, header, gzip_flag, jsonl;
    const char *sep;         /* --sep, or NULL */
    int out;                 /* 0 file, 1 file.gz, 2 /dev/null, 3 stdout */
    int fields;              /* index into the command's choices */
    unsigned own, own2;      /* command-specific choice bytes */
    /* input files: the stream's order (audit: train, reference, test) */
    int nfiles;
    char in[MAX_FILES][512];
    int role[MAX_FILES];
    int gz_file;             /* index of a gzip-compressed input, or -1 */
    int shared;              /* audit: the last test file is train file 0 */
    char outp[512], stats[512];
    int want_stats;
    /* explain, rate */
    int candidates;
    const char *budget;
    /* audit */
    const char *memory[2];   /* --memory of the two runs (NULL: none) */
    const char *tmpdir;      /* --tmpdir, or NULL */
    int usage;               /* an option the command refuses: exit 1 */
    /* generate */
    unsigned count, clues;
    const char *symmetry;
    unsigned seed;
} plan_t;

/* explain writes the table of actions (else JSON Lines). */
static int explain_table(const plan_t *p)
{
    return p->cmd == EXPLAIN && !p->jsonl && (p->own & 1);
}

/* ------------------------------------------------------------ records */

typedef struct orec {
    uint8_t cells[81];
    uint8_t invalid;
    uint32_t file;
    uint64_t line;
} orec_t;

/* The records of the plan's inputs as the commands read them. */
typedef struct oread {
    orec_t r[MAX_KEEP];
    size_t n;
    int error, code;        /* a read error and its sf_error code */
    int invalid_seen;       /* an invalid record came before it */
    int no_puzzle_file;     /* a file with records, none a puzzle */
} oread_t;

static oread_t rd;

static void read_records(const plan_t *p, oread_t *o)
{
    static const sf_format_t formats[4] = {SF_FORMAT_AUTO, SF_FORMAT_LINE,
                                           SF_FORMAT_GRID, SF_FORMAT_CSV};
    const char *paths[MAX_FILES];
    size_t total[MAX_FILES] = {0}, valid[MAX_FILES] = {0};
    for (int i = 0; i < p->nfiles; i++)
        paths[i] = p->in[i];
    sf_reader_opts_t ro;
    memset(&ro, 0, sizeof ro);
    ro.format = formats[p->format];
    ro.no_text = 1;
    sf_reader_t *r = sf_reader_new(paths, (size_t)p->nfiles, &ro);
    FZ_CHECK(r != NULL, "sf_reader_new");
    sf_chunk_t c;
    sf_chunk_init(&c);
    sf_error_t err = {0};
    long got;
    o->n = 0;
    o->error = o->code = o->invalid_seen = o->no_puzzle_file = 0;
    while ((got = sf_reader_fill(r, &c, 256, &err)) > 0)
        for (size_t i = 0; i < c.count; i++) {
            const sf_record_t *x = &c.recs[i];
            FZ_CHECK(o->n < MAX_KEEP && x->file < MAX_FILES,
                     "more records than the model holds");
            orec_t *y = &o->r[o->n++];
            memcpy(y->cells, x->cells, 81);
            y->invalid = x->invalid;
            y->file = x->file;
            y->line = x->line;
            total[x->file]++;
            valid[x->file] += !x->invalid;
            o->invalid_seen |= x->invalid;
        }
    if (got < 0) {
        o->error = 1;
        o->code = err.code;
    }
    for (int i = 0; i < p->nfiles; i++)
        o->no_puzzle_file |= total[i] > 0 && valid[i] == 0;
    sf_chunk_free(&c);
    sf_reader_free(r);
}

/* The exit status a failed read gives: the error's, or with --strict an
 * invalid record before it may stop the run first (0: no read error). */
static int read_error_ok(const plan_t *p, const oread_t *o, int status)
{
    return status == cli_exit_code(o->code) ||
           (p->strict && o->invalid_seen && status == EXIT_INVALID);
}

static void cells_text(const uint8_t *c, char out[82])
{
    for (int i = 0; i < 81; i++)
        out[i] = c[i] ? (char)('0' + c[i]) : '.';
    out[81] = 0;
}

static unsigned clues_of(const uint8_t *c)
{
    unsigned n = 0;
    for (int i = 0; i < 81; i++)
        n += c[i] != 0;
    return n;
}

/* ------------------------------------------------------- output text */

typedef struct field {
    const char *s;
    size_t n;
    int quoted;   /* jsonl: a string (else a number or null) */
    int null;
    char own[24]; /* jsonl: a bound's text in line form, where s points */
} field_t;

/* A line's fields split at sep, at most max (the last takes the rest). */
static int split_fields(const char *s, size_t n, const char *sep, int max,
                        field_t *f)
{
    const size_t sl = strlen(sep);
    int k = 0;
    for (;;) {
        const char *e = NULL;
        if (k < max - 1)
            for (const char *q = s; q + sl <= s + n; q++)
                if (!memcmp(q, sep, sl)) {
                    e = q;
                    break;
                }
        f[k] = (field_t){s, e ? (size_t)(e - s) : n, 0, 0, ""};
        k++;
        if (!e)
            return k;
        n -= (size_t)(e - s) + sl;
        s = e + sl;
    }
}

/* A JSON string at *at (its text between the quotes, escapes as they
 * are); 0, or -1 when there is none. */
static int json_string(const char *s, size_t n, size_t *at, field_t *f)
{
    if (*at >= n || s[*at] != '"')
        return -1;
    const size_t start = ++*at;
    while (*at < n && s[*at] != '"')
        *at += s[*at] == '\\' ? 2 : 1;
    if (*at >= n)
        return -1;
    *f = (field_t){s + start, *at - start, 1, 0, ""};
    ++*at;
    return 0;
}

/* A JSON scalar: a string, null or a number. */
static int json_scalar(const char *s, size_t n, size_t *at, field_t *f)
{
    if (*at < n && s[*at] == '"')
        return json_string(s, n, at, f);
    if (*at + 4 <= n && !memcmp(s + *at, "null", 4)) {
        *at += 4;
        *f = (field_t){s, 0, 0, 1, ""};
        return 0;
    }
    const size_t start = *at;
    while (*at < n && strchr("0123456789.-+eE", s[*at]))
        ++*at;
    *f = (field_t){s + start, *at - start, 0, 0, ""};
    return *at > start ? 0 : -1;
}

/* The fields that may be lower bounds: in JSON Lines a number followed by
 * KEY_bound (true, false, or null beside a null). */
static int is_bound_key(const char *name)
{
    return !strcmp(name, "se") || !strcmp(name, "se_sukaku") ||
           !strcmp(name, "backdoor");
}

static int lit(const char *s, size_t n, size_t *at, const char *w)
{
    const size_t l = strlen(w);
    if (*at + l > n || memcmp(s + *at, w, l))
        return -1;
    *at += l;
    return 0;
}

/* After the value f of key name at *at: `,"name_bound":` and true, false
 * or null (null exactly when f is), f then rewritten to the line output's
 * text of the value (">=10.4" for an SE bound, ">3" for the backdoor's,
 * which must be 4 in JSON); 0, or -1 when that is not what follows. */
static int json_bound(const char *s, size_t n, size_t *at, const char *name,
                      field_t *f)
{
    char key[48];
    snprintf(key, sizeof key, ",\"%s_bound\":", name);
    if (lit(s, n, at, key) != 0 || f->quoted)
        return -1;
    if (lit(s, n, at, "null") == 0)
        return f->null ? 0 : -1;
    const int t = lit(s, n, at, "true") == 0;
    if (f->null || (!t && lit(s, n, at, "false") != 0) || f->n > 16)
        return -1;
    if (!t)
        return 0;
    const int backdoor = !strcmp(name, "backdoor");
    if (backdoor && !(f->n == 1 && f->s[0] == '0' + SF_CARD_BACKDOOR_MAX + 1))
        return -1;
    const int len = backdoor
                        ? snprintf(f->own, sizeof f->own, ">%d",
                                   SF_CARD_BACKDOOR_MAX)
                        : snprintf(f->own, sizeof f->own, ">=%.*s",
                                   (int)f->n, f->s);
    f->s = f->own;
    f->n = (size_t)len;
    return 0;
}

/* A flat JSON object with the keys names[0..k-1] in that order (each
 * bound key followed by its KEY_bound, json_bound). */
static void json_flat(const char *s, size_t n, const char *const *names,
                      int k, field_t *f)
{
    size_t at = 0;
    FZ_CHECK(lit(s, n, &at, "{") == 0, "not a JSON object: '%.*s'", (int)n,
             s);
    for (int i = 0; i < k; i++) {
        field_t key;
        FZ_CHECK((i == 0 || lit(s, n, &at, ",") == 0) &&
                     json_string(s, n, &at, &key) == 0 &&
                     key.n == strlen(names[i]) &&
                     !memcmp(key.s, names[i], key.n) &&
                     lit(s, n, &at, ":") == 0 &&
                     json_scalar(s, n, &at, &f[i]) == 0 &&
                     (!is_bound_key(names[i]) ||
                      json_bound(s, n, &at, names[i], &f[i]) == 0),
                 "key %d (%s) of '%.*s'", i, names[i], (int)n, s);
    }
    FZ_CHECK(lit(s, n, &at, "}") == 0 && at == n,
             "more than %d keys in '%.*s'", k, (int)n, s);
}

static int field_is(const field_t *f, const char *want)
{
    return f->n == strlen(want) && !memcmp(f->s, want, f->n);
}

/* The names of a comma-separated list, into names (of max). */
static int names_of(const char *list, char store[][24], const char **names,
                    int max)
{
    int k = 0;
    while (*list && k < max) {
        const char *e = strchr(list, ',');
        const size_t l = e ? (size_t)(e - list) : strlen(list);
        snprintf(store[k], 24, "%.*s", (int)l, list);
        names[k] = store[k];
        k++;
        list += l + (e != NULL);
    }
    return k;
}

/* The header line: names joined by sep. */
static void check_header(const char *line, size_t len, const char *sep,
                         const char *const *names, int k)
{
    char want[512];
    size_t w = 0;
    for (int i = 0; i < k; i++)
        w += (size_t)snprintf(want + w, sizeof want - w, "%s%s",
                              i ? sep : "", names[i]);
    FZ_CHECK(len == w && !memcmp(line, want, w), "header '%.*s', expected "
             "'%s'", (int)len, line, want);
}

/* A record's fields, line or jsonl, checked against names. */
static void record_fields(const plan_t *p, const char *line, size_t len,
                          const char *const *names, int k, field_t *f)
{
    if (p->jsonl) {
        json_flat(line, len, names, k, f);
        return;
    }
    const int got = split_fields(line, len, p->sep ? p->sep : ",", k, f);
    FZ_CHECK(got == k, "%d fields, not %d, in '%.*s'", got, k, (int)len,
             line);
}

/* A field that must be text (quoted in jsonl) or a number. */
static void expect_field(const plan_t *p, const field_t *f, const char *name,
                         const char *want, int text)
{
    FZ_CHECK(field_is(f, want), "%s is '%.*s', expected '%s'", name,
             (int)f->n, f->s, want);
    if (!p->jsonl)
        return;
    if (!*want)
        FZ_CHECK(f->null, "%s: an empty value is not null in jsonl", name);
    else
        FZ_CHECK(f->quoted == text, "%s '%s' is %s in jsonl", name, want,
                 f->quoted ? "a string" : "not a string");
}

static int is_rating_text(const field_t *f)
{
    size_t i = f->n >= 2 && !memcmp(f->s, ">=", 2) ? 2 : 0;
    const size_t start = i;
    while (i < f->n && f->s[i] >= '0' && f->s[i] <= '9')
        i++;
    return i > start && i + 2 == f->n && f->s[i] == '.' &&
           f->s[i + 1] >= '0' && f->s[i + 1] <= '9';
}

/* -------------------------------------------------- the card's fields */

static sf_solver_t *solver(void)
{
    static sf_solver_t *s;
    if (!s)
        FZ_CHECK((s = sf_solver_new(NULL)) != NULL, "sf_solver_new");
    return s;
}

/* The text of card field `name` for a record (its cells, invalid or not)
 * from its card c (card_of); 0, or -1 when name is no card field. */
/* The card of a record for fields list: every measure but the
 * automorphisms, which cost milliseconds on a full grid, unless asked
 * for. */
static void card_of(const uint8_t *cells, int invalid, const char *list,
                    sf_card_t *c)
{
    const unsigned m = strstr(list, "automorphisms")
                       ? SF_CARD_ALL : SF_CARD_ALL & ~SF_CARD_AUTOMORPHISMS;
    if (invalid)
        *c = (sf_card_t){.status = SF_INVALID, .minimal = -1,
                         .singles_closure = -1, .backdoor = -1};
    else
        FZ_CHECK(sf_card(solver(), cells, m, NULL, c) == 0, "sf_card");
}

static int card_text(const sf_card_t *cp, const uint8_t *cells, int invalid,
                     const char *name, char out[128], int *text)
{
    const sf_card_t c = *cp;
    *text = 0;
    out[0] = 0;
    if (!strcmp(name, "minimal")) {
        if (c.minimal >= 0)
            snprintf(out, 128, "%d", c.minimal);
    } else if (!strcmp(name, "singles_closure")) {
        if (c.singles_closure >= 0)
            snprintf(out, 128, "%d", c.singles_closure);
    } else if (!strcmp(name, "backdoor")) {
        if (c.backdoor > SF_CARD_BACKDOOR_MAX) /* a number in jsonl */
            snprintf(out, 128, ">%d", SF_CARD_BACKDOOR_MAX); else if (c.backdoor >= 0) {
            snprintf(out, 128, "%d", c.backdoor);
        }
    } else if (!strcmp(name, "automorphisms")) {
        if (c.automorphisms)
            snprintf(out, 128, "%llu", (unsigned long long)c.automorphisms);
    } else if (!strcmp(name, "guesses")) {
        if (c.status != SF_INVALID)
            snprintf(out, 128, "%llu", (unsigned long long)c.guesses);
    } else if (!strcmp(name, "status")) {
        snprintf(out, 128, "%s", sf_status_name(c.status));
        *text = 1;
    } else if (!strcmp(name, "clues")) {
        if (!invalid)
            snprintf(out, 128, "%u", clues_of(cells));
    } else if (!strcmp(name, "puzzle")) {
        if (!invalid)
            cells_text(cells, out);
        *text = 1;
    } else {
        return -1;
    }
    return 0;
}

/* --------------------------------------------------------------- rate */

static void check_rate(const plan_t *p, const fz_buf_t *out)
{
    char store[MAX_FIELDS][24], want[128];
    const char *names[MAX_FIELDS];
    field_t f[MAX_FIELDS];
    const int k = names_of(rate_fields[p->fields], store, names, MAX_FIELDS);
    size_t at = 0, len, i = 0;
    const char *line;
    if (p->header && (line = fzc_next_line(out, &at, &len)))
        check_header(line, len, p->sep ? p->sep : ",", names, k);
    FZ_CHECK(fzc_count_lines(out) - (p->header != 0) == rd.n,
             "rate writes %zu records for %zu", fzc_count_lines(out) -
             (p->header != 0), rd.n);
    while ((line = fzc_next_line(out, &at, &len))) {
        const orec_t *r = &rd.r[i++];
        sf_status_t st = SF_INVALID;
        uint8_t sol[81];
        sf_result_t res;
        if (!r->invalid)
            st = sf_solve_cells(solver(), r->cells, 2, 0, sol, &res);
        record_fields(p, line, len, names, k, f);
        sf_card_t card;
        card_of(r->cells, r->invalid, rate_fields[p->fields], &card);
        for (int j = 0; j < k; j++) {
            int text;
            if (card_text(&card, r->cells, r->invalid, names[j], want,
                          &text) == 0) {
                expect_field(p, &f[j], names[j], want, text);
                continue;
            }
            const int rated = st == SF_UNIQUE;
            if (!strcmp(names[j], "se") || !strcmp(names[j], "se_sukaku")) {
                FZ_CHECK(rated ? is_rating_text(&f[j]) : f[j].n == 0,
                         "%s '%.*s' of a %s puzzle", names[j],
                         (int)f[j].n, f[j].s, sf_status_name(st));
                const int bound = f[j].n >= 2 && f[j].s[0] == '>';
                const field_t *step = &f[j + 1]; /* se, step together */
                FZ_CHECK(!rated || bound == (field_is(step, "over") ||
                                             field_is(step, "beyond")),
                         "se '%.*s' with step '%.*s'", (int)f[j].n, f[j].s,
                         (int)step->n, step->s);
            } else if (!strcmp(names[j], "step") ||
                       !strcmp(names[j], "step_sukaku")) {
                FZ_CHECK((f[j].n > 0) == rated, "%s '%.*s' of a %s puzzle",
                         names[j], (int)f[j].n, f[j].s, sf_status_name(st));
            } else if (!strcmp(names[j], "rating") ||
                       !strcmp(names[j], "level")) {
                FZ_CHECK((f[j].n > 0) ==
                             (st == SF_UNIQUE || st == SF_MULTIPLE),
                         "%s '%.*s' of a %s puzzle", names[j], (int)f[j].n,
                         f[j].s, sf_status_name(st));
            }
        }
    }
}

/* ----------------------------------------------------------- generate */

static int generate_refused(const plan_t *p)
{
    if (!p->clues)
        return 0;
    const char *s = p->symmetry;
    if (!s || !strcmp(s, "none"))
        return p->clues < 20;
    if (!strcmp(s, "rot90"))
        return p->clues < 24 || p->clues % 4 > 1;
    return p->clues < 22;
}

/* Cell i's image under a symmetry: rot180, rot90, and both diagonals and
 * both mirrors (the options name one of each pair). */
static int image(int i, int how)
{
    const int r = i / 9, c = i % 9;
    switch (how) {
    case 0: return 80 - i;
    case 1: return c * 9 + (8 - r);
    case 2: return c * 9 + r;
    case 3: return (8 - c) * 9 + (8 - r);
    case 4: return r * 9 + (8 - c);
    default: return (8 - r) * 9 + c;
    }
}

static int symmetric(const uint8_t *cells, int how)
{
    for (int i = 0; i < 81; i++)
        if (!cells[i] != !cells[image(i, how)])
            return 0;
    return 1;
}

static void check_generate(const plan_t *p, int status, const fz_buf_t *out)
{
    char store[MAX_FIELDS][24], want[128], ptext[82];
    const char *names[MAX_FIELDS];
    field_t f[MAX_FIELDS];
    const char *list = gen_fields[p->fields] ? gen_fields[p->fields]
                                             : "puzzle";
    const int k = names_of(list, store, names, MAX_FIELDS);
    size_t at = 0, len;
    const char *line;
    if (p->header && (line = fzc_next_line(out, &at, &len)))
        check_header(line, len, p->sep ? p->sep : ",", names, k);
    const size_t n = fzc_count_lines(out) - (p->header != 0);
    FZ_CHECK(status == 0 ? n == p->count : n < p->count, "generate -n %u "
             "writes %zu puzzles and exits with %d", p->count, n, status);
    while ((line = fzc_next_line(out, &at, &len))) {
        record_fields(p, line, len, names, k, f);
        int pz = -1;
        for (int j = 0; j < k; j++)
            if (!strcmp(names[j], "puzzle"))
                pz = j;
        if (pz < 0) { /* the values alone */
            for (int j = 0; j < k; j++)
                FZ_CHECK(field_is(&f[j], "0") || field_is(&f[j], "1") ||
                             field_is(&f[j], "2") || field_is(&f[j], "3") ||
                             field_is(&f[j], ">3") ||
                             (!strcmp(names[j], "guesses") && f[j].n > 0),
                         "%s '%.*s' of a generated puzzle", names[j],
                         (int)f[j].n, f[j].s);
            continue;
        }
        uint8_t cells[81], sol[81];
        FZ_CHECK(f[pz].n == 81, "puzzle '%.*s'", (int)f[pz].n, f[pz].s);
        for (int i = 0; i < 81; i++) {
            const int v = sf_cell_value((unsigned char)f[pz].s[i]);
            FZ_CHECK(v >= 0, "puzzle '%.*s'", 81, f[pz].s);
            cells[i] = (uint8_t)v;
        }
        sf_result_t res;
        cells_text(cells, ptext);
        FZ_CHECK(sf_solve_cells(solver(), cells, 2, 0, sol, &res) ==
                     SF_UNIQUE, "generated puzzle %s has not one solution",
                 ptext);
        FZ_CHECK(!p->clues || clues_of(cells) == p->clues,
                 "%u clues asked, %u given in %s", p->clues, clues_of(cells),
                 ptext);
        if (p->symmetry && strcmp(p->symmetry, "none")) {
            const int a = !strcmp(p->symmetry, "rot180") ? 0
                        : !strcmp(p->symmetry, "rot90") ? 1
                        : !strcmp(p->symmetry, "diagonal") ? 2 : 4;
            FZ_CHECK(symmetric(cells, a) ||
                         (a >= 2 && symmetric(cells, a + 1)),
                     "%s is not %s-symmetric", ptext, p->symmetry);
        }
        sf_card_t card;
        card_of(cells, 0, list, &card);
        for (int j = 0; j < k; j++) {
            int text;
            if (!strcmp(names[j], "solution")) {
                cells_text(sol, want);
                expect_field(p, &f[j], "solution", want, 1);
            } else if (card_text(&card, cells, 0, names[j], want,
                                 &text) == 0) {
                expect_field(p, &f[j], names[j], want, text);
            }
            if (!strcmp(names[j], "minimal") && !p->clues &&
                (!p->symmetry || !strcmp(p->symmetry, "none")))
                FZ_CHECK(field_is(&f[j], "1"), "%s is not minimal", ptext);
        }
    }
}

/* ------------------------------------------------------------ explain */

/* A trace replayed on its puzzle's solution. */
typedef struct replay {
    uint8_t grid[81], sol[81];
    int steps, max_tenths;
    char hardest[8][40]; /* techniques of the steps at max_tenths */
    int nhard;
} replay_t;

static void replay_start(replay_t *r, const uint8_t *cells,
                         const uint8_t *sol)
{
    memcpy(r->grid, cells, 81);
    memcpy(r->sol, sol, 81);
    r->steps = r->max_tenths = r->nhard = 0;
}

/* A step: its technique, rating (tenths) and candidates (729 or NULL). */
static void replay_step(replay_t *r, const char *tech, size_t tl, int tenths,
                        const char *cand, size_t cl)
{
    r->steps++;
    FZ_CHECK(tenths > 0, "step %d rated %d tenths", r->steps, tenths);
    if (tenths > r->max_tenths) {
        r->max_tenths = tenths;
        r->nhard = 0;
    }
    if (tenths == r->max_tenths && r->nhard < 8)
        snprintf(r->hardest[r->nhard++], 40, "%.*s", (int)tl, tech);
    if (!cand)
        return;
    FZ_CHECK(cl == 729, "candidates of %zu characters", cl);
    for (int c = 0; c < 81; c++)
        for (int d = 1; d <= 9; d++) {
            const char ch = cand[9 * c + d - 1];
            FZ_CHECK(ch == '.' || ch == '0' + d, "candidates '%.*s'", 729,
                     cand);
            if (r->grid[c])
                FZ_CHECK((ch != '.') == (d == r->grid[c]), "filled cell %d "
                         "(%d) has candidates other than its digit at step "
                         "%d", c, r->grid[c], r->steps);
            else if (d == r->sol[c])
                FZ_CHECK(ch != '.', "the solution's %d is no candidate of "
                         "cell %d at step %d", d, c, r->steps);
        }
}

static void replay_action(replay_t *r, int place, unsigned cell,
                          unsigned digit)
{
    FZ_CHECK(cell < 81 && digit >= 1 && digit <= 9, "action [%u,%u]", cell,
             digit);
    if (!place) {
        FZ_CHECK(digit != r->sol[cell], "step %d eliminates the solution's "
                 "%u from cell %u", r->steps, digit, cell);
        return;
    }
    FZ_CHECK(!r->grid[cell] && digit == r->sol[cell], "step %d places %u in "
             "cell %u (holding %d, solution %d)", r->steps, digit, cell,
             r->grid[cell], r->sol[cell]);
    r->grid[cell] = (uint8_t)digit;
}

static int tenths_of(const char *s, size_t n)
{
    int v = 0, frac = 0, dot = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '.') {
            dot = 1;
        } else if (s[i] >= '0' && s[i] <= '9') {
            if (dot) {
                if (frac++ == 0)
                    v = v * 10 + (s[i] - '0');
            } else {
                v = v * 10 + (s[i] - '0');
            }
        } else {
            return -1;
        }
    }
    return dot ? v : v * 10;
}

static unsigned uint_at(const char *s, size_t n, size_t *at)
{
    unsigned v = 0;
    const size_t start = *at;
    while (*at < n && s[*at] >= '0' && s[*at] <= '9' && *at - start < 9)
        v = v * 10 + (unsigned)(s[(*at)++] - '0');
    FZ_CHECK(*at > start, "no number at %zu of '%.*s'", start, (int)n, s);
    return v;
}

/* A step's actions, gathered before they are replayed (its candidates,
 * which come after them, are those before the step). */
typedef struct actions {
    uint16_t cell[1500];
    uint8_t digit[1500], place[1500];
    int n;
} actions_t;

/* The [[cell,digit],...] list at *at. */
static void json_actions(actions_t *a, int place, const char *s, size_t n,
                         size_t *at)
{
    FZ_CHECK(lit(s, n, at, "[") == 0, "no action list");
    if (lit(s, n, at, "]") == 0)
        return;
    do {
        FZ_CHECK(lit(s, n, at, "[") == 0, "no action");
        const unsigned cell = uint_at(s, n, at);
        FZ_CHECK(lit(s, n, at, ",") == 0, "no digit");
        const unsigned digit = uint_at(s, n, at);
        FZ_CHECK(lit(s, n, at, "]") == 0, "action unterminated");
        FZ_CHECK(a->n < 1500 && cell < 81 && digit <= 9,
                 "action [%u,%u] (%d in the step)", cell, digit, a->n);
        a->cell[a->n] = (uint16_t)cell;
        a->digit[a->n] = (uint8_t)digit;
        a->place[a->n++] = (uint8_t)place;
    } while (lit(s, n, at, ",") == 0);
    FZ_CHECK(lit(s, n, at, "]") == 0, "action list unterminated");
}

/* A record's status and solution, by the library's solver. */
static sf_status_t status_of(const orec_t *r, uint8_t *sol)
{
    sf_result_t res;
    if (r->invalid)
        return SF_INVALID;
    return sf_solve_cells(solver(), r->cells, 2, 0, sol, &res);
}

static void check_explain_json(const plan_t *p, const fz_buf_t *out)
{
    size_t at = 0, len, i = 0;
    const char *s;
    char want[128], ptext[82];
    FZ_CHECK(fzc_count_lines(out) == rd.n, "explain writes %zu lines for "
             "%zu records", fzc_count_lines(out), rd.n);
    while ((s = fzc_next_line(out, &at, &len))) {
        const orec_t *r = &rd.r[i++];
        uint8_t sol[81];
        const sf_status_t st = status_of(r, sol);
        size_t c = 0;
        field_t f, se, hardest;
        snprintf(want, sizeof want, "{\"record\":%zu,\"puzzle\":", i);
        FZ_CHECK(lit(s, len, &c, want) == 0 &&
                     json_scalar(s, len, &c, &f) == 0,
                 "record %zu begins '%.*s'", i, (int)(len < 120 ? len : 120),
                 s);
        if (r->invalid)
            FZ_CHECK(f.null, "an invalid record's puzzle is not null");
        else
            FZ_CHECK(field_is(&f, (cells_text(r->cells, ptext), ptext)),
                     "record %zu: puzzle '%.*s', expected %s", i, (int)f.n,
                     f.s, ptext);
        snprintf(want, sizeof want, ",\"status\":\"%s\",\"se\":",
                 sf_status_name(st));
        FZ_CHECK(lit(s, len, &c, want) == 0 &&
                     json_scalar(s, len, &c, &se) == 0 &&
                     json_bound(s, len, &c, "se", &se) == 0 &&
                     lit(s, len, &c, ",\"hardest\":") == 0 &&
                     json_scalar(s, len, &c, &hardest) == 0 &&
                     lit(s, len, &c, ",\"steps\":[") == 0,
                 "record %zu (%s): '%.*s'", i, sf_status_name(st),
                 (int)(len < 200 ? len : 200), s);
        if (st != SF_UNIQUE) {
            FZ_CHECK(se.null && hardest.null && lit(s, len, &c, "]}") == 0 &&
                         c == len,
                     "record %zu (%s) is rated: '%.*s'", i,
                     sf_status_name(st), (int)len, s);
            continue;
        }
        FZ_CHECK(is_rating_text(&se) && !se.quoted && hardest.quoted,
                 "record %zu: se "
                 "'%.*s', hardest '%.*s'", i, (int)se.n, se.s,
                 (int)hardest.n, hardest.s);
        replay_t rp;
        replay_start(&rp, r->cells, sol);
        if (lit(s, len, &c, "]") != 0)
            do {
                field_t tech, name, rating, cand;
                FZ_CHECK(lit(s, len, &c, "{\"technique\":") == 0 &&
                             json_string(s, len, &c, &tech) == 0 &&
                             lit(s, len, &c, ",\"name\":") == 0 &&
                             json_string(s, len, &c, &name) == 0 &&
                             lit(s, len, &c, ",\"rating\":") == 0 &&
                             json_scalar(s, len, &c, &rating) == 0 &&
                             !rating.quoted && !rating.null,
                         "record %zu: step %d at %zu", i, rp.steps + 1, c);
                static actions_t acts;
                acts.n = 0;
                FZ_CHECK(lit(s, len, &c, ",\"place\":") == 0, "no place");
                json_actions(&acts, 1, s, len, &c);
                FZ_CHECK(lit(s, len, &c, ",\"eliminate\":") == 0,
                         "no eliminate");
                json_actions(&acts, 0, s, len, &c);
                cand = (field_t){NULL, 0, 0, 1, ""};
                if (p->candidates)
                    FZ_CHECK(lit(s, len, &c, ",\"candidates\":") == 0 &&
                                 json_string(s, len, &c, &cand) == 0,
                             "record %zu step %d: no candidates", i,
                             rp.steps + 1);
                replay_step(&rp, tech.s, tech.n,
                            tenths_of(rating.s, rating.n), cand.s, cand.n);
                for (int a = 0; a < acts.n; a++)
                    replay_action(&rp, acts.place[a], acts.cell[a],
                                  acts.digit[a]);
                FZ_CHECK(lit(s, len, &c, "}") == 0, "step unterminated");
            } while (lit(s, len, &c, ",") == 0);
        else
            c--; /* the "]" again */
        FZ_CHECK(lit(s, len, &c, "]}") == 0 && c == len,
                 "record %zu: steps unterminated", i);
        if (se.n >= 2 && se.s[0] == '>') {
            FZ_CHECK(field_is(&hardest, "over") ||
                         field_is(&hardest, "beyond"),
                     "record %zu: a lower bound %.*s with hardest %.*s", i,
                     (int)se.n, se.s, (int)hardest.n, hardest.s);
            continue;
        }
        FZ_CHECK(memcmp(rp.grid, sol, 81) == 0, "record %zu: a complete "
                 "trace (se %.*s) leaves the grid unfilled", i, (int)se.n,
                 se.s);
        FZ_CHECK(tenths_of(se.s, se.n) == rp.max_tenths, "record %zu: se "
                 "%.*s, hardest step %d tenths", i, (int)se.n, se.s,
                 rp.max_tenths);
        int found = rp.steps == 0;
        for (int h = 0; h < rp.nhard; h++)
            found |= field_is(&hardest, rp.hardest[h]);
        FZ_CHECK(found, "record %zu: hardest %.*s is none of its hardest "
                 "steps", i, (int)hardest.n, hardest.s);
    }
}

/* The table: record,step,technique,name,rating,kind,cell,digit and with
 * --candidates the step's candidates, a row per action. */
typedef struct row {
    unsigned record, step, cell, digit;
    int place;
    field_t tech, rating, cand;
} row_t;

static void parse_row(const plan_t *p, const char *s, size_t n, row_t *r)
{
    const char *sep = p->sep ? p->sep : ",";
    const size_t sl = strlen(sep);
    field_t left[4], right[5];
    const int nl = split_fields(s, n, sep, 4, left);
    FZ_CHECK(nl == 4, "row '%.*s'", (int)n, s);
    /* from the right: the name between may hold the separator */
    const int nr = p->candidates ? 5 : 4;
    const char *end = left[3].s + left[3].n;
    for (int k = nr - 1; k >= 0; k--) {
        const char *q = end - sl;
        while (q >= left[3].s && memcmp(q, sep, sl))
            q--;
        FZ_CHECK(q >= left[3].s, "row '%.*s' lacks fields", (int)n, s);
        right[k] = (field_t){q + sl, (size_t)(end - q - sl), 0, 0, ""};
        end = q;
    }
    /* right: rating, kind, cell, digit[, candidates] */
    size_t at = 0;
    r->record = uint_at(left[0].s, left[0].n, &at);
    FZ_CHECK(at == left[0].n, "record '%.*s'", (int)left[0].n, left[0].s);
    at = 0;
    r->step = uint_at(left[1].s, left[1].n, &at);
    r->tech = left[2];
    r->rating = right[0];
    FZ_CHECK(field_is(&right[1], "place") || field_is(&right[1], "eliminate"),
             "kind '%.*s'", (int)right[1].n, right[1].s);
    r->place = field_is(&right[1], "place");
    at = 0;
    r->cell = uint_at(right[2].s, right[2].n, &at);
    at = 0;
    r->digit = uint_at(right[3].s, right[3].n, &at);
    r->cand = p->candidates ? right[4] : (field_t){NULL, 0, 0, 1, ""};
}

static void check_explain_table(const plan_t *p, const fz_buf_t *out)
{
    static const char *const cols[9] = {"record", "step", "technique",
                                        "name", "rating", "kind", "cell",
                                        "digit", "candidates"};
    size_t at = 0, len;
    const char *s;
    if (p->header && (s = fzc_next_line(out, &at, &len)))
        check_header(s, len, p->sep ? p->sep : ",", cols,
                     p->candidates ? 9 : 8);
    unsigned record = 0, step = 0;
    replay_t rp;
    while ((s = fzc_next_line(out, &at, &len))) {
        row_t r;
        parse_row(p, s, len, &r);
        FZ_CHECK(r.record >= record && r.record >= 1 && r.record <= rd.n,
                 "row of record %u after record %u (of %zu)", r.record,
                 record, rd.n);
        if (r.record != record) {
            const orec_t *o = &rd.r[r.record - 1];
            uint8_t sol[81];
            FZ_CHECK(status_of(o, sol) == SF_UNIQUE, "steps for record %u, "
                     "which has not one solution", r.record);
            replay_start(&rp, o->cells, sol);
            record = r.record;
            step = 0;
        }
        FZ_CHECK(r.step == step || r.step == step + 1, "record %u: step %u "
                 "after step %u", record, r.step, step);
        if (r.step != step) {
            replay_step(&rp, r.tech.s, r.tech.n,
                        tenths_of(r.rating.s, r.rating.n), r.cand.s,
                        r.cand.n);
            step = r.step;
        }
        replay_action(&rp, r.place, r.cell, r.digit);
    }
}

/* -------------------------------------------------------------- audit */

typedef struct finding {
    size_t test;      /* record index */
    int kind;         /* sf_leak_t */
    int set;          /* -1 for multiple, unsolvable */
    size_t match;     /* first equivalent record's index */
    uint64_t matches;
} finding_t;

static finding_t findings[MAX_KEEP * 9];

/* A file's set: 0 train (when there is one), a set per reference file,
 * the test set last. */
static int set_of(const plan_t *p, int file, int *sets)
{
    int ntrain = 0, s = 0, set = -1;
    for (int i = 0; i < p->nfiles; i++)
        ntrain += p->role[i] == TRAIN;
    s = ntrain ? 1 : 0;
    if (file >= 0 && p->role[file] == TRAIN)
        set = 0;
    for (int i = 0; i < p->nfiles; i++)
        if (p->role[i] == REFERENCE) {
            if (i == file)
                set = s;
            s++;
        }
    if (file >= 0 && p->role[file] == TEST)
        set = s;
    *sets = s + 1;
    return set;
}

/* The audit's findings and exit status by direct comparison of
 * canonical forms; the findings file's text into want.  Returns the
 * status of a run that writes its findings, or for one that fails
 * before: -1 (a read error: read_error_ok's statuses), -2 (status 2: no
 * test puzzle, or nothing to compare with), -3 (status 3: an invalid
 * record with --strict). */
static int audit_model(const plan_t *p, fz_buf_t *want, size_t *nfind)
{
    static uint8_t canon[MAX_KEEP][81], gcanon[MAX_KEEP][81];
    static sf_status_t st[MAX_KEEP];
    *nfind = 0;
    want->n = 0;
    if (rd.error)
        return -1;
    if (p->strict && rd.invalid_seen)
        return -3;
    int sets;
    set_of(p, -1, &sets);
    const int test = sets - 1;
    uint64_t valid[MAX_FILES + 1] = {0};
    for (size_t i = 0; i < rd.n; i++) {
        const orec_t *r = &rd.r[i];
        if (r->invalid)
            continue;
        uint8_t sol[81];
        st[i] = status_of(r, sol);
        sf_canon(r->cells, canon[i], NULL);
        if (st[i] == SF_UNIQUE)
            sf_canon(sol, gcanon[i], NULL);
        valid[set_of(p, (int)r->file, &sets)]++;
    }
    if (valid[test] == 0)
        return -2;
    int empty = 0;
    for (int s = 0; s < test; s++)
        empty += valid[s] == 0;
    if (empty == test)
        return -2;
    size_t k = 0;
    int leak = 0;
    for (size_t t = 0; t < rd.n; t++) {
        const orec_t *r = &rd.r[t];
        if (r->invalid || set_of(p, (int)r->file, &sets) != test)
            continue;
        for (int kind = 0; kind < 2; kind++) {
            if (kind == 1 && st[t] != SF_UNIQUE)
                continue;
            size_t first[MAX_FILES + 1];
            uint64_t count[MAX_FILES + 1] = {0};
            for (size_t i = 0; i < rd.n; i++) {
                const orec_t *o = &rd.r[i];
                const int s = o->invalid ? test
                                         : set_of(p, (int)o->file, &sets);
                if (s == test ||
                    (kind == 0 ? memcmp(canon[i], canon[t], 81)
                               : st[i] != SF_UNIQUE ||
                                 memcmp(gcanon[i], gcanon[t], 81)))
                    continue;
                if (!count[s]++)
                    first[s] = i; /* the stream is in file, line order */
            }
            for (int s = 0; s < test; s++)
                if (count[s]) {
                    findings[k++] = (finding_t){t, kind, s, first[s],
                                                count[s]};
                    leak = 1;
                }
        }
        if (st[t] == SF_MULTIPLE || st[t] == SF_UNSOLVABLE)
            findings[k++] = (finding_t){t, st[t] == SF_MULTIPLE
                                               ? SF_LEAK_MULTIPLE
                                               : SF_LEAK_UNSOLVABLE,
                                        -1, 0, 0};
    }
    *nfind = k;
    /* the text */
    static const char *const names[7] = {"file", "line", "kind", "set",
                                         "match_file", "match_line",
                                         "matches"};
    const char *sep = p->sep ? p->sep : ",";
    char b[2048];
    if (p->header) {
        size_t w = 0;
        for (int i = 0; i < 7; i++)
            w += (size_t)snprintf(b + w, sizeof b - w, "%s%s", i ? sep : "",
                                  names[i]);
        fz_put(want, b, w);
        fz_put(want, "\n", 1);
    }
    for (size_t i = 0; i < k; i++) {
        const finding_t *f = &findings[i];
        const orec_t *r = &rd.r[f->test];
        const char *kind = sf_leak_name((sf_leak_t)f->kind);
        int w;
        if (f->set >= 0) {
            const orec_t *m = &rd.r[f->match];
            const char *set = p->role[m->file] == TRAIN ? "train"
                                                        : "reference";
            w = p->jsonl
                ? snprintf(b, sizeof b, "{\"file\":\"%s\",\"line\":%llu,"
                           "\"kind\":\"%s\",\"set\":\"%s\",\"match_file\":"
                           "\"%s\",\"match_line\":%llu,\"matches\":%llu}\n",
                           p->in[r->file], (unsigned long long)r->line, kind,
                           set, p->in[m->file], (unsigned long long)m->line,
                           (unsigned long long)f->matches)
                : snprintf(b, sizeof b, "%s%s%llu%s%s%s%s%s%s%s%llu%s%llu\n",
                           p->in[r->file], sep, (unsigned long long)r->line,
                           sep, kind, sep, set, sep, p->in[m->file], sep,
                           (unsigned long long)m->line, sep,
                           (unsigned long long)f->matches);
        } else {
            w = p->jsonl
                ? snprintf(b, sizeof b, "{\"file\":\"%s\",\"line\":%llu,"
                           "\"kind\":\"%s\",\"set\":null,\"match_file\":null,"
                           "\"match_line\":null,\"matches\":null}\n",
                           p->in[r->file], (unsigned long long)r->line, kind)
                : snprintf(b, sizeof b, "%s%s%llu%s%s%s%s%s%s\n",
                           p->in[r->file], sep, (unsigned long long)r->line,
                           sep, kind, sep, sep, sep, sep);
        }
        fz_put(want, b, (size_t)w);
    }
    if (leak)
        return 4;
    return empty || rd.no_puzzle_file ? EXIT_INVALID : EXIT_OK;
}

/* ------------------------------------------------------------- inputs */

/* Test records made to leak: transformed copies of comparison puzzles,
 * and new puzzles on a transformed copy of one's solution grid. */
static void leaking_records(fz_t *f, const plan_t *p, fz_buf_t *b)
{
    const unsigned how = fz_byte(f);
    if (!(how & 3) || rd.error || rd.n == 0)
        return;
    if (b->n && b->p[b->n - 1] != '\n')
        fz_put(b, "\n", 1);
    for (unsigned k = 0; k < 1 + (how >> 2 & 3); k++) {
        const orec_t *r = &rd.r[fz_below(f, 256) % rd.n];
        if (r->invalid || p->role[r->file] == TEST)
            continue;
        sf_xform_t t;
        uint8_t q[81], sol[81];
        char text[83];
        fz_xform(f, &t);
        if (how & 1) { /* the puzzle, transformed */
            sf_xform_apply(&t, r->cells, q);
            cells_text(q, text);
            text[81] = '\n';
            fz_put(b, text, 82);
        }
        if ((how & 2) && status_of(r, sol) == SF_UNIQUE) {
            /* another puzzle on the grid: some cells of its image */
            uint8_t g[81];
            uint64_t s = fz_byte(f);
            sf_xform_apply(&t, sol, g);
            const unsigned keep = 24 + fz_below(f, 40);
            memset(q, 0, 81);
            for (unsigned i = 0; i < keep; i++) {
                const unsigned c = (unsigned)(fz_rand(&s) % 81);
                q[c] = g[c];
            }
            cells_text(q, text);
            text[81] = '\n';
            fz_put(b, text, 82);
        }
    }
}

static void write_file(const plan_t *p, int i, const uint8_t *s, size_t n)
{
    static fz_buf_t gz;
    if (i == p->gz_file) {
        gz.n = 0;
        fz_gzip_member(&gz, s, n / 2, 1);
        fz_gzip_member(&gz, n ? s + n / 2 : s, n - n / 2, 6); /* s: NULL */
        fz_write_file(p->in[i], gz.p, gz.n);
    } else {
        fz_write_file(p->in[i], s, n);
    }
}

/* The files' text: the rest of the bytes cut in parts, one a file (the
 * shared test file is train file 0 again); the test files written last,
 * when the others can be read for the leaking records. */
static void write_inputs(plan_t *p, fz_t *f)
{
    static fz_buf_t test;
    unsigned cut[MAX_FILES];
    for (int i = 0; i < MAX_FILES; i++)
        cut[i] = fz_byte(f);
    fz_t leak = {f->p, f->n < LEAK_BYTES ? f->n : LEAK_BYTES};
    f->p += leak.n;
    f->n -= leak.n;
    size_t n;
    const uint8_t *s = fz_rest(f, &n);
    size_t from = 0;
    for (int i = 0; i < p->nfiles; i++) {
        const size_t to = i == p->nfiles - 1 ? n
                        : from + (n - from) * cut[i] / 256;
        if (p->role[i] != TEST)
            write_file(p, i, s + from, to - from);
        from = to;
    }
    if (p->cmd != AUDIT)
        return;
    /* the comparison files alone, for the leaking records */
    plan_t q = *p;
    q.nfiles = 0;
    for (int i = 0; i < p->nfiles; i++)
        if (p->role[i] != TEST) {
            q.role[q.nfiles] = p->role[i];
            memcpy(q.in[q.nfiles++], p->in[i], 512);
        }
    rd.n = 0;
    rd.error = 0;
    if (q.nfiles)
        read_records(&q, &rd);
    from = 0;
    int first = 1;
    for (int i = 0; i < p->nfiles; i++) {
        const size_t to = i == p->nfiles - 1 ? n
                        : from + (n - from) * cut[i] / 256;
        if (p->role[i] == TEST && !(p->shared && i == p->nfiles - 1)) {
            test.n = 0;
            fz_put(&test, s + from, to - from);
            if (first)
                leaking_records(&leak, &q, &test);
            first = 0;
            write_file(p, i, test.p, test.n);
        }
        from = to;
    }
}

/* ------------------------------------------------------------ the plan */

static void make_plan(fz_t *f, plan_t *p)
{
    static const unsigned chunks[4] = {0, 1, 2, 5};
    static const char *const seps[4] = {NULL, ";", "\t", "::"};
    static const char *const budgets[4] = {"0.002", "0.01", "0.03", "1e-3"};
    static const char *const mem1[4] = {"1M", "1024K", "1m", "1.5M"};
    static const char *const mem2[4] = {"1M", NULL, "2M", "1G"};
    const unsigned b0 = fz_byte(f), b1 = fz_byte(f), b2 = fz_byte(f);
    memset(p, 0, sizeof *p);
    p->cmd = (int)(b0 % NCMDS);
    p->fields = (int)(b0 / NCMDS % 8);
    p->jsonl = b0 >> 5 & 1;
    p->quiet = b0 >> 6 & 1;
    p->candidates = b0 >> 7 & 1;
    p->threads = 1 + (int)((b1 & 3) % 3);
    p->chunk = chunks[b1 >> 2 & 3];
    p->chunk2 = 1 + (b1 >> 4 & 3) * 3;
    p->format = (int)(b1 >> 6 & 3);
    p->out = (int)(b2 & 3);
    p->gzip_flag = b2 >> 2 & 1;
    p->header = b2 >> 3 & 1;
    p->sep = seps[b2 >> 4 & 3];
    p->strict = (b2 >> 6 & 3) == 3;
    p->own = fz_byte(f);
    p->own2 = fz_byte(f);
    /* JSON Lines takes no --header or --sep: a usage error now and then */
    const int json = p->jsonl || (p->cmd == EXPLAIN && !(p->own & 1));
    if (json && (b2 >> 6 & 3) != 2)
        p->header = 0, p->sep = NULL;
    p->usage = json && (p->header || p->sep);
    p->budget = budgets[p->own >> 6 & 3];
    p->gz_file = -1;
    fz_path(p->outp, p->out == 1 ? "out.gz" : "out");
    fz_path(p->stats, "stats.json");
    const unsigned files = fz_byte(f);
    switch (p->cmd) {
    case AUDIT: {
        int ntrain = (int)(files & 3) % 3, nref = (int)(files >> 2 & 3) % 3;
        const int ntest = 1 + (int)(files >> 4 & 1);
        if (!ntrain && !nref && !(files >> 5 & 1))
            ntrain = 1;
        p->usage |= !ntrain && !nref; /* nothing to compare with */
        for (int i = 0; i < ntrain; i++)
            p->role[p->nfiles++] = TRAIN;
        for (int i = 0; i < nref; i++)
            p->role[p->nfiles++] = REFERENCE;
        for (int i = 0; i < ntest; i++)
            p->role[p->nfiles++] = TEST;
        p->shared = ntrain && ntest == 2 && (files >> 6 & 1);
        if (files >> 7)
            p->gz_file = (int)(p->own2 % (unsigned)p->nfiles);
        p->memory[0] = mem1[p->own & 3];
        p->memory[1] = mem2[p->own >> 2 & 3];
        if ((p->own >> 4 & 15) == 15) { /* a budget it refuses */
            p->memory[0] = p->memory[1] = p->own2 & 1 ? "1023K" : "0";
            p->usage = 1;
        }
        p->tmpdir = (p->own >> 4 & 3) == 1 ? fz_dir() : NULL;
        p->want_stats = p->own >> 6 & 1;
        break;
    }
    case EXPLAIN:
    case RATE:
        p->nfiles = 1 + (int)(files & 1);
        if (files >> 1 & 1)
            p->gz_file = p->nfiles - 1;
        break;
    case GENERATE:
        p->count = (p->own & 3) == 3 && (p->own2 & 1) ? 0 : 1 + p->own % 3;
        p->clues = gen_clues[p->own >> 2 & 7];
        p->symmetry = symmetries[p->own >> 5 & 7];
        p->seed = p->own2 << 8 | files;
        p->usage |= generate_refused(p);
        break;
    }
    static const char *const names[MAX_FILES] = {"a", "b", "c", "d", "e"};
    for (int i = 0; i < p->nfiles; i++)
        fz_path(p->in[i], names[i]);
    if (p->shared)
        memcpy(p->in[p->nfiles - 1], p->in[0], 512);
}

/* The command line of a run (0 or 1) at threads, chunk. */
static void command_line(const plan_t *p, int which, int threads,
                         unsigned chunk, fzc_args_t *a)
{
    a->n = 0;
    fzc_arg(a, commands[p->cmd].name);
    fzc_argu(a, "-j", (unsigned)threads);
    if (chunk)
        fzc_argu(a, "--chunk", chunk);
    if (p->format && p->cmd != GENERATE) {
        static const char *const formats[4] = {NULL, "line", "grid", "csv"};
        fzc_arg2(a, "--in-format", formats[p->format]);
    }
    if (p->quiet)
        fzc_arg(a, "-q");
    if (p->strict && p->cmd != GENERATE)
        fzc_arg(a, "--strict");
    if (p->gzip_flag)
        fzc_arg(a, "--gzip");
    if (p->jsonl)
        fzc_arg2(a, "--out-format", "jsonl");
    else if (explain_table(p))
        fzc_arg2(a, "--out-format", "line");
    if (p->sep)
        fzc_arg2(a, "--sep", p->sep);
    if (p->header)
        fzc_arg(a, "--header");
    switch (p->cmd) {
    case AUDIT: {
        static const char *const opt[3] = {"--train", "--reference",
                                           "--test"};
        /* the roles interleaved as the bytes say, each in its order */
        int next[3] = {0, 0, 0}, left = p->nfiles;
        unsigned o = p->own2;
        while (left) {
            for (int role = (int)(o % 3), k = 0; k < 3; k++) {
                const int r = (role + k) % 3;
                int i, seen = 0;
                for (i = 0; i < p->nfiles; i++)
                    if (p->role[i] == r && seen++ == next[r])
                        break;
                if (i < p->nfiles) {
                    fzc_arg2(a, opt[r], p->in[i]);
                    next[r]++;
                    left--;
                    break;
                }
            }
            o = o / 3 + 7;
        }
        if (p->memory[which])
            fzc_arg2(a, "--memory", p->memory[which]);
        if (p->tmpdir)
            fzc_arg2(a, "--tmpdir", p->tmpdir);
        if (p->want_stats)
            fzc_arg2(a, "--stats", p->stats);
        break;
    }
    case EXPLAIN:
        if (p->candidates)
            fzc_arg(a, "--candidates");
        fzc_arg2(a, "--se-budget", p->budget);
        break;
    case RATE:
        fzc_arg2(a, "--fields", rate_fields[p->fields]);
        fzc_arg2(a, "--se-budget", p->budget);
        if (strstr(rate_fields[p->fields], "rating"))
            fzc_arg2(a, "--samples", "1");
        break;
    case GENERATE:
        fzc_argu(a, "-n", p->count);
        fzc_argu(a, "--seed", p->seed);
        if (p->clues)
            fzc_argu(a, "--clues", p->clues);
        if (p->symmetry)
            fzc_arg2(a, "--symmetry", p->symmetry);
        if (gen_fields[p->fields])
            fzc_arg2(a, "--fields", gen_fields[p->fields]);
        break;
    }
    if (p->out != 3)
        fzc_arg2(a, "-o", p->out == 2 ? "/dev/null" : p->outp);
    if (p->cmd == EXPLAIN || p->cmd == RATE)
        for (int i = 0; i < p->nfiles; i++)
            fzc_arg(a, p->in[i]);
}

/* ------------------------------------------------------------ the runs */

static int run(const plan_t *p, fzc_args_t *a)
{
    const int status = fzc_run(commands[p->cmd].run, commands[p->cmd].name,
                               a);
    const int most = p->cmd == AUDIT ? 4 : p->cmd == GENERATE ? 2 : 3;
    FZ_CHECK(status >= 0 && status <= most, "%s exits with status %d",
             commands[p->cmd].name, status);
    return status;
}

/* The output (when it goes to a file) into got, removed; 1 when it was
 * there.  A failed run leaves none, and never a temporary file. */
static int collect(const plan_t *p, int status, fz_buf_t *got, fz_buf_t *st)
{
    fzc_check_no_temp();
    int there = 0;
    got->n = 0;
    if (p->out <= 1) {
        const int r = fzc_read_output(p->outp, got);
        FZ_CHECK(r != -2, "%s: output %s is not valid gzip",
                 commands[p->cmd].name, p->outp);
        there = r == 0;
        unlink(p->outp);
    }
    if (p->want_stats) {
        const int r = fz_read_file(p->stats, st);
        FZ_CHECK(p->out > 1 || (r == 0) == there, "--stats %s, the output "
                 "%s", r == 0 ? "written" : "missing",
                 there ? "written" : "missing");
        if (r != 0)
            st->n = 0;
        unlink(p->stats);
    }
    if (status == 1 || status == 2)
        FZ_CHECK(!there || (p->cmd == GENERATE && status == 1 && !p->usage),
                 "%s leaves its output after status %d",
                 commands[p->cmd].name, status);
    return there;
}

/* Line i of b (from *at): its text and length; NULL past the end. */
static const char *line_of(const fz_buf_t *b, size_t *at, size_t *len)
{
    return *at < b->n ? fzc_next_line(b, at, len) : NULL;
}

static const char *find(const char *s, size_t n, const char *w)
{
    const size_t l = strlen(w);
    for (size_t i = 0; i + l <= n; i++)
        if (!memcmp(s + i, w, l))
            return s + i;
    return NULL;
}

/* Two runs' rate records that differ: only in an SE rating and its step,
 * where one run's budget ran out ("over"), and then its lower bound is at
 * most the other's rating. */
static void rate_differ(const plan_t *p, const char *sa, size_t la,
                        const char *sb, size_t lb)
{
    char store[MAX_FIELDS][24];
    const char *names[MAX_FIELDS];
    field_t fa[MAX_FIELDS], fb[MAX_FIELDS];
    const int k = names_of(rate_fields[p->fields], store, names, MAX_FIELDS);
    record_fields(p, sa, la, names, k, fa);
    record_fields(p, sb, lb, names, k, fb);
    for (int j = 0; j < k; j++) {
        if (fa[j].n == fb[j].n && !memcmp(fa[j].s, fb[j].s, fa[j].n))
            continue;
        FZ_CHECK(!strncmp(names[j], "se", 2) || !strncmp(names[j], "step", 4),
                 "-j1 and -j3 rate differently: '%.*s' and '%.*s'", (int)la,
                 sa, (int)lb, sb);
        if (strncmp(names[j], "se", 2))
            continue;
        const field_t *x = &fa[j], *y = &fb[j];
        const int bx = x->n && x->s[0] == '>', by = y->n && y->s[0] == '>';
        FZ_CHECK((bx || by) && (field_is(&fa[j + 1], "over") ||
                                field_is(&fb[j + 1], "over")),
                 "-j1 and -j3 rate differently: '%.*s' and '%.*s'", (int)la,
                 sa, (int)lb, sb);
        if (bx != by) { /* a bound and the rating: the bound is below */
            const field_t *bound = bx ? x : y, *exact = bx ? y : x;
            FZ_CHECK(tenths_of(bound->s + 2, bound->n - 2) <=
                         tenths_of(exact->s, exact->n),
                     "a budget's lower bound %.*s is above the rating %.*s",
                     (int)bound->n, bound->s, (int)exact->n, exact->s);
        }
    }
}

/* The two runs' records agree: byte for byte, but where --se-budget
 * stopped an SE rating or a trace in either ("over"): then one trace must
 * be the other's start. */
static void compare_runs(const plan_t *p, const fz_buf_t *a,
                         const fz_buf_t *b)
{
    const int budgeted = p->cmd == EXPLAIN ||
                         (p->cmd == RATE && strstr(rate_fields[p->fields],
                                                   "se"));
    if (!budgeted) {
        FZ_CHECK(a->n == b->n && (a->n == 0 || !memcmp(a->p, b->p, a->n)),
                 "%s: the outputs of -j1 and -j3 differ (%zu and %zu bytes)",
                 commands[p->cmd].name, a->n, b->n);
        return;
    }
    size_t ia = 0, ib = 0, la, lb;
    const char *sa, *sb;
    FZ_CHECK(!a->n == !b->n, "%s: only one of -j1 and -j3 writes records",
             commands[p->cmd].name);
    if (!a->n)
        return;
    if (explain_table(p)) { /* the rows of each record: one run's a start
                             * of the other's */
        if (p->header) {
            sa = line_of(a, &ia, &la);
            sb = line_of(b, &ib, &lb);
            FZ_CHECK(sa && sb && la == lb && !memcmp(sa, sb, la),
                     "headers differ");
        }
        for (;;) {
            const size_t ra = ia, rb = ib;
            sa = line_of(a, &ia, &la);
            sb = line_of(b, &ib, &lb);
            if (!sa && !sb)
                return;
            size_t at = 0, bt = 0;
            const unsigned na = sa ? uint_at(sa, la, &at) : ~0u;
            const unsigned nb = sb ? uint_at(sb, lb, &bt) : ~0u;
            /* take the record with the lower number whole from both */
            const unsigned rec = na < nb ? na : nb;
            size_t ea = ra, eb = rb, l;
            for (size_t x = ra; x < a->n;) {
                const char *s = fzc_next_line(a, &x, &l);
                size_t y = 0;
                if (uint_at(s, l, &y) != rec)
                    break;
                ea = x;
            }
            for (size_t x = rb; x < b->n;) {
                const char *s = fzc_next_line(b, &x, &l);
                size_t y = 0;
                if (uint_at(s, l, &y) != rec)
                    break;
                eb = x;
            }
            const size_t m = ea - ra < eb - rb ? ea - ra : eb - rb;
            size_t d = 0;
            while (d < m && a->p[ra + d] == b->p[rb + d])
                d++;
            while (d > 0 && a->p[ra + d - 1] != '\n')
                d--;
            FZ_CHECK(!memcmp(a->p + ra, b->p + rb, m), "record %u: the "
                     "steps of -j1 and -j3 differ before either stops:\n"
                     "  %.*s\n  %.*s", rec,
                     (int)(memchr(a->p + ra + d, '\n', ea - ra - d) ?
                           (const unsigned char *)memchr(a->p + ra + d, '\n',
                                                         ea - ra - d) -
                               (a->p + ra + d) : 0),
                     (const char *)a->p + ra + d,
                     (int)(memchr(b->p + rb + d, '\n', eb - rb - d) ?
                           (const unsigned char *)memchr(b->p + rb + d, '\n',
                                                         eb - rb - d) -
                               (b->p + rb + d) : 0),
                     (const char *)b->p + rb + d);
            ia = ea;
            ib = eb;
        }
    }
    for (;;) {
        sa = line_of(a, &ia, &la);
        sb = line_of(b, &ib, &lb);
        FZ_CHECK(!sa == !sb, "-j1 and -j3 write different numbers of lines");
        if (!sa)
            return;
        if (la == lb && !memcmp(sa, sb, la))
            continue;
        if (p->cmd == RATE) {
            rate_differ(p, sa, la, sb, lb);
            continue;
        }
        const char *ha = find(sa, la, ",\"se\":"), *hb = find(sb, lb,
                                                              ",\"se\":");
        const char *ta = find(sa, la, "\"steps\":["),
                   *tb = find(sb, lb, "\"steps\":[");
        FZ_CHECK(ha && hb && ta && tb && ha - sa == hb - sb &&
                     !memcmp(sa, sb, (size_t)(ha - sa)) &&
                     (find(sa, la, "\"hardest\":\"over\"") ||
                      find(sb, lb, "\"hardest\":\"over\"")),
                 "-j1 and -j3 explain differently:\n  %.*s\n  %.*s",
                 (int)(la < 300 ? la : 300), sa, (int)(lb < 300 ? lb : 300),
                 sb);
        field_t sea, seb; /* a lower bound is at most the rating */
        size_t pa = (size_t)(ha - sa) + 6, pb = (size_t)(hb - sb) + 6;
        if (json_scalar(sa, la, &pa, &sea) == 0 &&
            json_bound(sa, la, &pa, "se", &sea) == 0 &&
            json_scalar(sb, lb, &pb, &seb) == 0 &&
            json_bound(sb, lb, &pb, "se", &seb) == 0 && sea.n && seb.n &&
            (sea.s[0] == '>') != (seb.s[0] == '>')) {
            const field_t *bound = sea.s[0] == '>' ? &sea : &seb;
            const field_t *eseact = sea.s[0] == '>' ? &seb : &sea;
            FZ_CHECK(tenths_of(bound->s + 2, bound->n - 2) <=
                         tenths_of(eseact->s, eseact->n),
                     "a budget's lower bound %.*s is above the rating %.*s",
                     (int)bound->n, bound->s, (int)eseact->n, eseact->s);
        }
        /* the steps without "]}": the shorter list starts the longer */
        const char *xa = ta + 9, *xb = tb + 9;
        const size_t na = (size_t)(sa + la - 2 - xa),
                     nb = (size_t)(sb + lb - 2 - xb);
        const char *s = na < nb ? xa : xb, *l = na < nb ? xb : xa;
        const size_t ns = na < nb ? na : nb;
        FZ_CHECK(!memcmp(s, l, ns) && (ns == 0 || l[ns] == ','),
                 "the steps of -j1 and -j3 differ before either stops");
    }
}

/* The models' checks of a complete output. */
static void check_output(const plan_t *p, int status, const fz_buf_t *out)
{
    switch (p->cmd) {
    case RATE: check_rate(p, out); break;
    case EXPLAIN:
        if (!explain_table(p))
            check_explain_json(p, out);
        else
            check_explain_table(p, out);
        break;
    case GENERATE: check_generate(p, status, out); break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fz_buf_t first, second, st1, st2, want;
    fz_t f = {data, size};
    plan_t p;
    fzc_args_t a;
    make_plan(&f, &p);
    st1.n = st2.n = 0;
    write_inputs(&p, &f);
    if (p.nfiles)
        read_records(&p, &rd);
    int expect = -9;
    size_t nfind = 0;
    if (p.cmd == AUDIT)
        expect = audit_model(&p, &want, &nfind);

    const int files = p.out <= 1;
    command_line(&p, 0, files ? 1 : p.threads, p.chunk, &a);
    const int s1 = run(&p, &a);
    const int there = collect(&p, s1, &first, &st1);
    if (files || p.want_stats) {
        const int compressed = p.out == 1 || p.gzip_flag;
        command_line(&p, 1, 3, compressed ? p.chunk : p.chunk2, &a);
        const int s3 = run(&p, &a);
        collect(&p, s3, &second, &st2);
        FZ_CHECK(s1 == s3, "%s exits with %d at -j1 and %d at -j3",
                 commands[p.cmd].name, s1, s3);
        compare_runs(&p, &first, &second);
    }

    /* the exit status and what was written, by the models */
    if (p.usage) {
        FZ_CHECK(s1 == EXIT_USAGE, "%s takes an option it should refuse "
                 "(status %d)", commands[p.cmd].name, s1);
        return 0;
    }
    if (p.cmd == GENERATE) {
        FZ_CHECK(s1 != EXIT_USAGE || !files || there, "generate: exit 1 "
                 "and no output");
        if (there)
            check_output(&p, s1, &first);
        return 0;
    }
    if (rd.error) {
        FZ_CHECK(read_error_ok(&p, &rd, s1), "%s exits with %d after a read "
                 "error %d", commands[p.cmd].name, s1, rd.code);
        return 0;
    }
    if (p.cmd == AUDIT) {
        const int want_status = expect == -2 ? EXIT_IO
                              : expect == -3 ? EXIT_INVALID : expect;
        FZ_CHECK(s1 == want_status, "audit exits with %d, not %d",
                 s1, want_status);
        if (files)
            FZ_CHECK(there == (expect >= 0), "audit %s its findings after "
                     "status %d", there ? "writes" : "does not write", s1);
        if (there)
            FZ_CHECK(first.n == want.n &&
                         (!want.n || !memcmp(first.p, want.p, want.n)),
                     "audit's findings:\n%.*s\nexpected:\n%.*s",
                     (int)(first.n < 3000 ? first.n : 3000),
                     (const char *)first.p,
                     (int)(want.n < 3000 ? want.n : 3000),
                     (const char *)want.p);
        if (st1.n && expect >= 0) {
            char key[64];
            snprintf(key, sizeof key, "\"findings\":%zu,", nfind);
            FZ_CHECK(find((const char *)st1.p, st1.n, key) &&
                         find((const char *)st1.p, st1.n,
                              "\"spilled_bytes\":0}"),
                     "--stats '%.*s' without %s", (int)st1.n,
                     (const char *)st1.p, key);
        }
        return 0;
    }
    /* explain, rate */
    const int complete = !(p.strict && rd.invalid_seen);
    const int want_status = !complete || rd.no_puzzle_file ? EXIT_INVALID
                                                           : EXIT_OK;
    FZ_CHECK(s1 == want_status, "%s exits with %d, not %d",
             commands[p.cmd].name, s1, want_status);
    if (files)
        FZ_CHECK(there == complete, "%s: output %s after status %d",
                 commands[p.cmd].name, there ? "written" : "missing", s1);
    if (there)
        check_output(&p, s1, &first);
    return 0;
}
