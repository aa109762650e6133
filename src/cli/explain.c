/*
 * explain.c -- `sudoflow explain`: the solving trace of each puzzle, the
 * steps of its Sudoku Explainer rating in the order SE takes them.
 *
 * Each record is counted at limit 2; a puzzle with exactly one solution
 * is explained (sf_se_explain): every step's technique (our name and
 * SE's), its difficulty, the cells it places and the candidates it
 * eliminates.  Output is JSON Lines, an object per record with its steps
 * as an array (the default), or with --out-format line the long table of
 * one row per action (record, step, technique, name, rating, kind, cell,
 * digit), for pandas and CSV readers; --candidates adds each step's
 * candidates before it in SE's 729-character pencilmark form.  A worker
 * formats its records' text as it explains them, so the driver only
 * copies it out in order.
 */
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct explain_slot {
    char *text;           /* the record's output lines (malloc'd) */
    size_t len;
    int nomem;            /* out of memory: the run stops there */
} explain_slot_t;

typedef struct explain_worker {
    sf_solver_t *solver;
    sf_trace_t trace;     /* the record at hand's steps */
    uint64_t explained, steps, by_status[SF_STATUS_COUNT];
    char pad[64];
} explain_worker_t;

typedef struct explain_cli {
    cli_run_t run;
    double budget;        /* --se-budget, 0: none */
    int candidates;       /* --candidates */
    int table;            /* --out-format line: a row per action */
    char plain[SF_SE_STEP_COUNT][64]; /* SE's names of variant 0 */
    explain_worker_t *workers;
    int threads;
    sf_job_stats_t stats;
} explain_cli_t;

static void explain_usage(FILE *to)
{
    fputs(
"usage: sudoflow explain [OPTIONS] [FILE...]\n"
"The solving trace of each puzzle with one solution: the steps of its\n"
"Sudoku Explainer rating in SE's order, each with its technique, SE's\n"
"name for it, its difficulty, and the cells it places and candidates it\n"
"eliminates (cells 0-80 row by row, digits 1-9).  JSON Lines by default\n"
"(an object per record, its steps an array); --out-format line gives a\n"
"row per action: record,step,technique,name,rating,kind,cell,digit.\n\n"
"      --candidates     each step's candidates before it (729 characters)\n"
"      --se-budget S    seconds of rating per puzzle (default: no limit)\n"
CLI_INPUT_HELP CLI_OUTPUT_HELP_CHUNK("512, 64 with --candidates"), to);
}

enum { OPT_CANDIDATES = CLI_OPT_OWN, OPT_SE_BUDGET };

static const struct option explain_options[] = {
    CLI_OUTPUT_OPTIONS,
    CLI_INPUT_OPTIONS,
    {"candidates", no_argument, NULL, OPT_CANDIDATES},
    {"se-budget", required_argument, NULL, OPT_SE_BUDGET},
    {NULL, 0, NULL, 0},
};

static const char *const columns[] = {
    "record", "step", "technique", "name", "rating", "kind", "cell", "digit",
    "candidates"};

static int explain_option(void *ctx, int c, const char *arg)
{
    explain_cli_t *k = ctx;
    switch (c) {
    case OPT_CANDIDATES: k->candidates = 1; return 0;
    case OPT_SE_BUDGET:
        return cli_parse_budget("--se-budget", arg, &k->budget);
    default: return -1;
    }
}

static int explain_start(void *ctx, int threads)
{
    explain_cli_t *k = ctx;
    k->workers = calloc((size_t)threads, sizeof *k->workers);
    if (!k->workers)
        return -1;
    k->threads = threads;
    for (int i = 0; i < SF_SE_STEP_COUNT; i++)
        sf_se_label((sf_se_step_t)i, 0, k->plain[i], sizeof k->plain[i]);
    for (int t = 0; t < threads; t++) {
        sf_trace_init(&k->workers[t].trace, k->candidates);
        if (!(k->workers[t].solver = sf_solver_new(NULL)))
            return -1;
    }
    return 0;
}

static int explain_begin(void *ctx, sf_out_t *const *out, sf_error_t *err)
{
    (void)err;
    explain_cli_t *k = ctx;
    if (!k->table || !k->run.batch.header)
        return 0;
    for (int i = 0; i < 8 + k->candidates; i++)
        sf_out_text(out[0], columns[i], strlen(columns[i]));
    sf_out_end(out[0]);
    return 0;
}

/* SE's name of step s of tr into buf (cap 64), or the plain one known. */
static const char *label(const explain_cli_t *k, const sf_trace_t *tr,
                         size_t s, char *buf)
{
    const int tech = tr->technique[s];
    if (!tr->variant[s] && tech >= 0 && tech < SF_SE_STEP_COUNT)
        return k->plain[tech];
    sf_se_label((sf_se_step_t)tech, tr->variant[s], buf, 64);
    return buf;
}

/* ------------------------------------------------------------ the text */

typedef struct text {
    char *p;
    size_t n, cap;
    int nomem;
} text_t;

static void put(text_t *t, const char *s, size_t len)
{
    if (t->nomem || len == 0)
        return;
    if (t->n + len + 1 > t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 1024;
        while (cap < t->n + len + 1)
            cap *= 2;
        char *q = realloc(t->p, cap);
        if (!q) {
            t->nomem = 1;
            return;
        }
        t->p = q;
        t->cap = cap;
    }
    memcpy(t->p + t->n, s, len);
    t->n += len;
}

static void puts_(text_t *t, const char *s) { put(t, s, strlen(s)); }

/* Room for len more bytes at once, so that a record's text is sized
 * once rather than grown by doubling. */
static void reserve(text_t *t, size_t len)
{
    if (t->nomem || t->n + len + 1 <= t->cap)
        return;
    char *q = realloc(t->p, t->n + len + 1);
    if (!q) {
        t->nomem = 1;
        return;
    }
    t->p = q;
    t->cap = t->n + len + 1;
}

/* A number in decimal. */
static void put_uint(text_t *t, unsigned long long v)
{
    char b[24], *e = b + sizeof b, *q = e;
    do
        *--q = (char)('0' + v % 10);
    while (v /= 10);
    put(t, q, (size_t)(e - q));
}

/* A step's candidates in SE's pencilmark form: 9 characters a cell, the
 * digit where it is a candidate, '.' where not. */
static void put_candidates(text_t *t, const uint16_t *cand)
{
    char b[729];
    for (int c = 0; c < 81; c++)
        for (int d = 0; d < 9; d++)
            b[9 * c + d] = cand[c] >> d & 1 ? (char)('1' + d) : '.';
    put(t, b, sizeof b);
}

static void put_rating(text_t *t, int tenths)
{
    put_uint(t, (unsigned)tenths / 10);
    const char b[2] = {'.', (char)('0' + tenths % 10)};
    put(t, b, 2);
}

/* Text of a table field, quoted the CSV way when it holds the separator
 * or a quote. */
static void put_field(text_t *t, const char *s, const char *sep)
{
    if (!strstr(s, sep) && !strchr(s, '"')) {
        puts_(t, s);
        return;
    }
    put(t, "\"", 1);
    for (; *s; s++) {
        if (*s == '"')
            put(t, "\"", 1);
        put(t, s, 1);
    }
    put(t, "\"", 1);
}

/* The JSON object of one record: its number, puzzle, status, rating and
 * steps (empty when it was not explained). */
static void json_record(text_t *t, const explain_cli_t *k, const sf_item_t *it,
                        sf_status_t status, const sf_trace_t *tr,
                        const sf_se_result_t *se)
{
    char buf[64];
    puts_(t, "{\"record\":");
    put_uint(t, it->index + 1);
    puts_(t, ",\"puzzle\":");
    if (it->rec->invalid) {
        puts_(t, "null");
    } else {
        char p[83];
        p[0] = p[82] = '"';
        for (int c = 0; c < 81; c++)
            p[c + 1] = it->rec->cells[c] ? (char)('0' + it->rec->cells[c])
                                         : '.';
        put(t, p, sizeof p);
    }
    puts_(t, ",\"status\":\"");
    puts_(t, sf_status_name(status));
    puts_(t, "\",\"se\":");
    const int rated = tr && se->status != SF_SE_INVALID;
    if (rated) { /* a number, and a bound marked beside it (rate's rule) */
        put(t, buf, (size_t)snprintf(buf, sizeof buf, "%.1f",
                                     se->tenths / 10.0));
        puts_(t, se->status == SF_SE_EXACT ? ",\"se_bound\":false"
                                           : ",\"se_bound\":true");
        puts_(t, ",\"hardest\":\"");
        puts_(t, sf_se_step_name(se->step));
        put(t, "\"", 1);
    } else {
        puts_(t, "null,\"se_bound\":null,\"hardest\":null");
    }
    puts_(t, ",\"steps\":[");
    for (size_t s = 0; rated && s < tr->steps; s++) {
        puts_(t, s ? ",{\"technique\":\"" : "{\"technique\":\"");
        puts_(t, sf_se_step_name((sf_se_step_t)tr->technique[s]));
        puts_(t, "\",\"name\":\"");
        puts_(t, label(k, tr, s, buf));
        puts_(t, "\",\"rating\":");
        put_rating(t, tr->tenths[s]);
        for (int kind = 0; kind < 2; kind++) {
            puts_(t, kind ? ",\"eliminate\":[" : ",\"place\":[");
            int n = 0;
            for (size_t a = tr->action_start[s]; a < tr->action_start[s + 1];
                 a++)
                if (tr->kind[a] == kind) {
                    puts_(t, n++ ? ",[" : "[");
                    put_uint(t, tr->cell[a]);
                    put(t, ",", 1);
                    put_uint(t, tr->digit[a]);
                    put(t, "]", 1);
                }
            put(t, "]", 1);
        }
        if (k->candidates) {
            puts_(t, ",\"candidates\":\"");
            put_candidates(t, tr->candidates + 81 * s);
            put(t, "\"", 1);
        }
        put(t, "}", 1);
    }
    puts_(t, "]}\n");
}

/* The table rows of one explained record: one a placement or
 * elimination. */
static void table_rows(text_t *t, const explain_cli_t *k, const sf_item_t *it,
                       const sf_trace_t *tr)
{
    const char *sep = k->run.batch.sep ? k->run.batch.sep : ",";
    char buf[64];
    for (size_t s = 0; s < tr->steps; s++) {
        const char *name = label(k, tr, s, buf);
        for (size_t a = tr->action_start[s]; a < tr->action_start[s + 1];
             a++) {
            put_uint(t, it->index + 1);
            puts_(t, sep);
            put_uint(t, s + 1);
            puts_(t, sep);
            puts_(t, sf_se_step_name((sf_se_step_t)tr->technique[s]));
            puts_(t, sep);
            put_field(t, name, sep);
            puts_(t, sep);
            put_rating(t, tr->tenths[s]);
            puts_(t, sep);
            puts_(t, tr->kind[a] ? "eliminate" : "place");
            puts_(t, sep);
            put_uint(t, tr->cell[a]);
            puts_(t, sep);
            put_uint(t, tr->digit[a]);
            if (k->candidates) {
                puts_(t, sep);
                put_candidates(t, tr->candidates + 81 * s);
            }
            put(t, "\n", 1);
        }
    }
}

/* ------------------------------------------------------------- the job */

static void explain_work(void *ctx, int thread, const sf_item_t *it,
                         void *slot)
{
    const explain_cli_t *k = ctx;
    explain_worker_t *w = &k->workers[thread];
    explain_slot_t *s = slot;
    sf_trace_t *tr = &w->trace;
    tr->puzzles = tr->steps = tr->actions = 0; /* this record's steps only */
    sf_status_t status = SF_INVALID;
    if (!it->rec->invalid) {
        uint8_t solution[SF_CELLS];
        sf_result_t r;
        status = sf_solve_cells(w->solver, it->rec->cells, 2, 0, solution, &r);
    }
    w->by_status[status]++;
    sf_se_result_t se = {.status = SF_SE_INVALID};
    const int explained = status == SF_UNIQUE &&
                          sf_se_explain(it->rec->cells, k->budget, tr, &se) ==
                              0;
    w->explained += explained;
    w->steps += explained ? tr->steps : 0;
    text_t t = {0};
    const size_t cand = k->candidates ? 760 : 0; /* bytes, about */
    reserve(&t, !explained ? 160
                : k->table ? tr->actions * (80 + cand)
                           : 200 + tr->steps * (110 + cand) + tr->actions * 9);
    if (k->table && explained)
        table_rows(&t, k, it, tr);
    else if (!k->table)
        json_record(&t, k, it, status, explained ? tr : NULL, &se);
    s->text = t.nomem ? NULL : t.p;
    s->len = t.nomem ? 0 : t.n;
    s->nomem = t.nomem || (status == SF_UNIQUE && !explained);
    if (t.nomem)
        free(t.p);
}

/* A record the worker could not explain for want of memory stops the
 * run (out of memory) rather than leave a gap in the output. */
static int explain_keep(void *ctx, const sf_item_t *it, void *slot,
                        sf_error_t *err)
{
    (void)ctx, (void)it, (void)err;
    const explain_slot_t *s = slot;
    return s->nomem ? -1 : 1;
}

static void explain_emit(void *ctx, int thread, const sf_item_t *it,
                         void *slot, sf_out_t *const *out)
{
    (void)ctx, (void)thread, (void)it;
    explain_slot_t *s = slot;
    for (size_t i = 0; i < s->len;) { /* a record per line */
        const char *nl = memchr(s->text + i, '\n', s->len - i);
        const size_t end = nl ? (size_t)(nl - s->text) : s->len;
        sf_out_record(out[0], s->text + i, end - i);
        i = end + 1;
    }
    free(s->text);
    s->text = NULL;
}

static void explain_finish(explain_cli_t *k)
{
    uint64_t explained = 0, steps = 0, by[SF_STATUS_COUNT] = {0};
    for (int t = 0; k->workers && t < k->threads; t++) {
        explain_worker_t *w = &k->workers[t];
        explained += w->explained;
        steps += w->steps;
        for (int i = 0; i < SF_STATUS_COUNT; i++)
            by[i] += w->by_status[i];
        sf_solver_free(w->solver);
        sf_trace_free(&w->trace);
    }
    char g[2][32], json[256];
    snprintf(k->run.rest, sizeof k->run.rest, "%s explained, %s steps",
             cli_group(explained, g[0], sizeof g[0]),
             cli_group(steps, g[1], sizeof g[1]));
    snprintf(json, sizeof json, "\"explained\":%llu,\"steps\":%llu,"
             "\"unique\":%llu,\"multiple\":%llu,\"unsolvable\":%llu",
             (unsigned long long)explained, (unsigned long long)steps,
             (unsigned long long)by[SF_UNIQUE],
             (unsigned long long)by[SF_MULTIPLE],
             (unsigned long long)by[SF_UNSOLVABLE]);
    cli_job_json(&k->run, &k->stats, json);
}

static int explain_body(void *ctx, sf_reader_t *rd, sf_writer_t *const *wr,
                        sf_error_t *err)
{
    explain_cli_t *k = ctx;
    const sf_job_t job = {
        .ctx = k, .outputs = 1, .slot_size = sizeof(explain_slot_t),
        .start = explain_start, .begin = explain_begin, .work = explain_work,
        .keep = explain_keep, .emit = explain_emit, .fine = 1, /* up to seconds each */
        /* a trace: about 6 kB of JSON, 50 kB with the candidates */
        .item_output = k->candidates ? 64 << 10 : 8 << 10,
    };
    const int rc = sf_job_run(&k->run.batch, &job, rd, wr, &k->stats, err);
    explain_finish(k);
    return rc;
}

int cli_explain(int argc, char **argv)
{
    explain_cli_t k;
    memset(&k, 0, sizeof k);
    cli_run_init(&k.run, "explain");
    k.run.batch.out_format = SF_FORMAT_JSONL;
    const int a = cli_run_args(&k.run, argc, argv, explain_options,
                               explain_option, &k);
    const int code = cli_run_usage(&k.run, a, explain_usage);
    if (code >= 0)
        return code;
    k.run.reader.no_text = 1;
    k.table = k.run.batch.out_format == SF_FORMAT_LINE;
    if (!k.run.batch.chunk) /* records of up to tens of kB each */
        k.run.batch.chunk = k.candidates ? 64 : 512;
    sf_error_t err = {0};
    const int rc = cli_run_execute(&k.run, (const char *const *)argv + optind,
                                   (size_t)(argc - optind), 1, &k.run.writer,
                                   1, explain_body, &k, &err);
    free(k.workers);
    return cli_job_finish(&k.run, rc, &err, &k.stats, "puzzles");
}
