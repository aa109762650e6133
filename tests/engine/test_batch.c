/*
 * test_batch.c -- the batch driver (batch.c) through the public API: a
 * reader over temporary files, sf_batch_run, a writer to a temporary file,
 * and the bytes that come out.
 *
 * Puzzles are made here: a solved grid (the shifted pattern, shuffled by
 * the moves that keep a grid valid: relabelling digits, permuting rows
 * within a band, bands, columns within a stack, stacks, transposing) has
 * givens removed one by one while the reference backtracker still finds
 * exactly one solution.  The same moves applied to a unique puzzle and its
 * solution give another unique puzzle with a known solution, which is how
 * the thousands of puzzles of the ordering test are made cheaply.  Puzzles
 * with several solutions, clashing givens and records that are not puzzles
 * are mixed in; what each must produce is taken from the reference
 * (refsolve.h), whose first solution is the lexicographically smallest, so
 * every run uses SF_LEX.  The general driver (sf_job_run) is tested with
 * small jobs whose output is easy to work out here: several or no records
 * per item, items dropped by an ordered pass, two outputs, and a source
 * of indices without input.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include <zlib.h>

#include "refsolve.h"
#include "sudoflow.h"
#include "testutil.h"
#include "core/timer.h"
#include "sanitized.h"

/* ================================================================ helpers */

static unsigned rnd_below(uint64_t *s, unsigned n)
{
    return (unsigned)((rnd_next(s) >> 11) % n);
}

/* ================================================================ puzzles */

/* A move that keeps a grid valid: cells taken from map (rows permuted
 * within bands, bands permuted, the same for columns and stacks, maybe a
 * transposition) and digits relabelled. */
typedef struct move {
    uint8_t map[SF_CELLS]; /* cell i takes the value of cell map[i] */
    uint8_t digit[10];     /* new label of each digit; 0 stays 0 */
} move_t;

static void shuffle3(uint64_t *s, int v[3])
{
    for (int i = 2; i > 0; i--) {
        const unsigned k = rnd_below(s, (unsigned)i + 1);
        const int t = v[i];
        v[i] = v[k];
        v[k] = t;
    }
}

/* A random order of the 9 rows (or columns) that keeps bands together. */
static void line_order(uint64_t *s, int out[9])
{
    int band[3] = {0, 1, 2};
    shuffle3(s, band);
    for (int b = 0; b < 3; b++) {
        int in[3] = {0, 1, 2};
        shuffle3(s, in);
        for (int i = 0; i < 3; i++)
            out[3 * b + i] = 3 * band[b] + in[i];
    }
}

static move_t random_move(uint64_t *s)
{
    move_t m;
    int row[9], col[9];
    line_order(s, row);
    line_order(s, col);
    const int transpose = (int)rnd_below(s, 2);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            m.map[9 * r + c] = (uint8_t)(transpose ? 9 * col[c] + row[r]
                                                   : 9 * row[r] + col[c]);
    for (int d = 0; d <= 9; d++)
        m.digit[d] = (uint8_t)d;
    for (int d = 9; d > 1; d--) {
        const unsigned k = 1 + rnd_below(s, (unsigned)d);
        const uint8_t t = m.digit[d];
        m.digit[d] = m.digit[k];
        m.digit[k] = t;
    }
    return m;
}

static void apply_move(const move_t *m, uint8_t cells[SF_CELLS])
{
    uint8_t out[SF_CELLS];
    for (int i = 0; i < SF_CELLS; i++)
        out[i] = m->digit[cells[m->map[i]]];
    memcpy(cells, out, SF_CELLS);
}

/* A random valid solved grid. */
static void random_grid(uint64_t *s, uint8_t g[SF_CELLS])
{
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            g[9 * r + c] = (uint8_t)((r * 3 + r / 3 + c) % 9 + 1);
    const move_t m = random_move(s);
    apply_move(&m, g);
}

/* The same random move applied to a puzzle and its solution: another
 * puzzle with the same number of solutions, and its solution. */
static void shuffle_pair(uint64_t *s, uint8_t p[SF_CELLS], uint8_t g[SF_CELLS])
{
    const move_t m = random_move(s);
    apply_move(&m, p);
    apply_move(&m, g);
}

/* Solutions of cells (at most limit), the first in *first; -1 when the
 * reference needs too long for a unit test. */
static int reference(const uint8_t *cells, uint64_t limit, uint8_t *first,
                     uint64_t *count)
{
    return ref_count_bounded(cells, limit, 300000, first, count, NULL);
}

/* A puzzle p with exactly one solution, g, and `keep` givens, or more when
 * no further given can go. */
static void unique_puzzle(uint64_t *s, int keep, uint8_t p[SF_CELLS],
                          uint8_t g[SF_CELLS])
{
    random_grid(s, g);
    memcpy(p, g, SF_CELLS);
    int order[SF_CELLS], givens = SF_CELLS;
    for (int i = 0; i < SF_CELLS; i++)
        order[i] = i;
    for (int i = SF_CELLS - 1; i > 0; i--) {
        const unsigned k = rnd_below(s, (unsigned)i + 1);
        const int t = order[i];
        order[i] = order[k];
        order[k] = t;
    }
    for (int i = 0; i < SF_CELLS && givens > keep; i++) {
        const uint8_t v = p[order[i]];
        p[order[i]] = 0;
        uint64_t n;
        if (reference(p, 2, NULL, &n) != 0 || n != 1)
            p[order[i]] = v;
        else
            givens--;
    }
}

static void cells_text(const uint8_t *cells, char empty, char out[82])
{
    for (int i = 0; i < SF_CELLS; i++)
        out[i] = cells[i] ? (char)('0' + cells[i]) : empty;
    out[SF_CELLS] = '\0';
}

/* One input record and what the reference says about it. */
typedef struct item {
    char text[200];         /* the record's text as written */
    int invalid;
    uint8_t cells[SF_CELLS];
    uint8_t first[SF_CELLS];/* lexicographically smallest solution */
    uint64_t count;         /* solutions, at most 2 */
    uint64_t line;          /* line in its file */
    int file;
} item_t;

typedef struct set {
    item_t *v;
    size_t n, cap;
} set_t;

static item_t *set_add(set_t *s)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->v = realloc(s->v, s->cap * sizeof *s->v);
        assert_non_null(s->v);
    }
    item_t *it = &s->v[s->n++];
    memset(it, 0, sizeof *it);
    return it;
}

/* A valid puzzle record with its reference answer; the text gets a
 * trailing part after a separator now and then. */
static void add_puzzle(set_t *s, uint64_t *r, const uint8_t *cells)
{
    item_t *it = set_add(s);
    memcpy(it->cells, cells, SF_CELLS);
    assert_int_equal(reference(cells, 2, it->first, &it->count), 0);
    char c[82];
    cells_text(cells, rnd_below(r, 2) ? '.' : '0', c);
    static const char *const tails[] = {"", "", "", ",3.5", ";rated \"hard\"",
                                        " from a,b", "\tx"};
    snprintf(it->text, sizeof it->text, "%s%s", c,
             tails[rnd_below(r, sizeof tails / sizeof tails[0])]);
}

static void add_invalid(set_t *s, const char *text)
{
    item_t *it = set_add(s);
    it->invalid = 1;
    snprintf(it->text, sizeof it->text, "%s", text);
}

/* A mixed set: unique puzzles, some with givens taken away (often several
 * solutions), some with a clash (none), and records that are not puzzles. */
static set_t mixed_set(uint64_t seed, size_t n)
{
    set_t s = {0};
    uint64_t r = seed;
    uint8_t p[SF_CELLS], g[SF_CELLS];
    unique_puzzle(&r, 30, p, g);
    while (s.n < n) {
        shuffle_pair(&r, p, g);
        uint8_t q[SF_CELLS];
        memcpy(q, p, SF_CELLS);
        const unsigned kind = rnd_below(&r, 10);
        if (kind == 0) {
            add_invalid(&s, "12345");
        } else if (kind == 1) {
            char t[82];
            cells_text(p, '.', t);
            t[rnd_below(&r, 81)] = 'x';
            add_invalid(&s, t);
        } else if (kind == 2) {
            for (int k = 0; k < 6; k++)
                q[rnd_below(&r, SF_CELLS)] = 0;
            uint64_t cnt; /* skip the few the reference is slow on */
            if (ref_count_bounded(q, 2, 20000, NULL, &cnt, NULL) == 0)
                add_puzzle(&s, &r, q);
        } else if (kind == 3) {
            const int a = (int)rnd_below(&r, 9);
            const int b = (a + 1 + (int)rnd_below(&r, 8)) % 9;
            const int row = (int)rnd_below(&r, 9); /* a clash in a row */
            q[9 * row + a] = q[9 * row + b] = (uint8_t)(1 + rnd_below(&r, 9));
            add_puzzle(&s, &r, q);
        } else {
            add_puzzle(&s, &r, q);
        }
    }
    return s;
}

/* Write the set's records to a line-format file, with comments and blank
 * lines between them; fills in their line numbers. */
static void write_lines(set_t *s, const char *path, int file, size_t from,
                        size_t to)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    uint64_t line = 0;
    fputs("# test puzzles\n", f);
    line++;
    for (size_t i = from; i < to; i++) {
        if (i % 17 == 5) {
            fputs("\n# a comment\n", f);
            line += 2;
        }
        fprintf(f, "%s\n", s->v[i].text);
        s->v[i].line = ++line;
        s->v[i].file = file;
    }
    assert_int_equal(fclose(f), 0);
}

/* ================================================================ running */

/* The result of one batch run. */
typedef struct run {
    int rc;
    sf_error_t err;
    sf_stats_t stats;
    char *out; /* output bytes (as written, gzip or not), NUL-terminated */
    size_t len;
} run_t;

/* Run opts over paths into a new file of d (committed whatever the
 * outcome, to look at what was written); gzip as for sf_writer_opts. */
static run_t run_batch(dir_t *d, const sf_batch_opts_t *opts,
                       const char *const *paths, size_t n, int gzip)
{
    run_t r;
    memset(&r, 0, sizeof r);
    const sf_reader_opts_t ro = {.format = SF_FORMAT_AUTO};
    sf_reader_t *rd = sf_reader_new(paths, n, &ro);
    assert_non_null(rd);
    char *out = dir_file(d, ".out");
    const sf_writer_opts_t wo = {out, 0, gzip, 1};
    sf_error_t werr = {0};
    sf_writer_t *w = sf_writer_open(&wo, &werr);
    assert_non_null(w);
    r.rc = sf_batch_run(opts, rd, w, &r.stats, &r.err);
    assert_int_equal(sf_writer_close(w, 1, &werr), 0);
    sf_reader_free(rd);
    r.out = slurp(out, &r.len);
    unlink(out);
    free(out);
    return r;
}

static sf_batch_opts_t base_opts(int threads, size_t chunk)
{
    sf_batch_opts_t o;
    memset(&o, 0, sizeof o);
    o.threads = threads;
    o.chunk = chunk;
    o.limit = 2;
    o.flags = SF_LEX;
    o.out_format = SF_FORMAT_LINE;
    return o;
}

static void set_fields(sf_batch_opts_t *o, const char *list)
{
    const char *bad = NULL;
    o->nfields = sf_fields_parse(list, o->fields, &bad);
    assert_true(o->nfields > 0);
}

/* Status the reference answer implies with limit 2 (or 1). */
static const char *want_status(const item_t *it, uint64_t limit)
{
    if (it->invalid)
        return "invalid";
    if (it->count == 0)
        return "unsolvable";
    if (limit == 1)
        return "solved";
    return it->count == 1 ? "unique" : "multiple";
}

/* The line field: quoted the CSV way when it holds sep, a quote or a
 * line break. */
static void put_line_field(text_t *t, const char *text, const char *sep)
{
    int quote = 0;
    for (const char *p = text; *p; p++)
        quote |= *p == '"' || *p == '\n' || *p == '\r' || strchr(sep, *p);
    if (!quote) {
        tputs(t, text);
        return;
    }
    tputs(t, "\"");
    for (const char *p = text; *p; p++) {
        if (*p == '"')
            tputs(t, "\"");
        tput(t, p, 1);
    }
    tputs(t, "\"");
}

/* Expected line output of items [from, to) for fields (no guesses or ns:
 * those are checked by other means). */
static void expect_lines(text_t *t, const set_t *s, size_t from, size_t to,
                         const sf_field_t *fields, int nfields,
                         const char *sep, uint64_t limit)
{
    for (size_t i = from; i < to; i++) {
        const item_t *it = &s->v[i];
        const uint64_t count = it->count > limit ? limit : it->count;
        for (int f = 0; f < nfields; f++) {
            char c[82];
            if (f)
                tputs(t, sep);
            switch (fields[f]) {
            case SF_FIELD_PUZZLE:
                if (!it->invalid) {
                    cells_text(it->cells, '.', c);
                    tputs(t, c);
                }
                break;
            case SF_FIELD_SOLUTION:
                if (!it->invalid && it->count) {
                    cells_text(it->first, '0', c);
                    tputs(t, c);
                }
                break;
            case SF_FIELD_STATUS: tputs(t, want_status(it, limit)); break;
            case SF_FIELD_COUNT:
                tprintf(t, "%llu", (unsigned long long)(it->invalid ? 0 : count));
                break;
            case SF_FIELD_LINE: put_line_field(t, it->text, sep); break;
            default: fail();
            }
        }
        tputs(t, "\n");
    }
}

/* Expected grid output of items [from, to), compact style. */
static void expect_grids(text_t *t, const set_t *s, size_t from, size_t to)
{
    static const uint8_t none[SF_CELLS];
    for (size_t i = from; i < to; i++) {
        const item_t *it = &s->v[i];
        const uint8_t *g = it->invalid ? none : it->count ? it->first
                                                          : it->cells;
        if (i > 0)
            tputs(t, "\n");
        for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++) {
                const char ch = g[9 * r + c] ? (char)('0' + g[9 * r + c]) : '.';
                tput(t, &ch, 1);
            }
            tputs(t, "\n");
        }
    }
}

/* The n-th field (0-based) of a line, separator sep (no quoting). */
static uint64_t field_u64(const char *line, int n, char sep)
{
    for (int i = 0; i < n; i++) {
        line = strchr(line, sep);
        assert_non_null(line);
        line++;
    }
    return strtoull(line, NULL, 10);
}

/* ================================================================== tests */

/* Output is the same for every thread count and chunk size, equals what
 * the reference says, line and grid output alike; guesses too. */
static void test_threads_and_chunks_agree(void **state)
{
    dir_t *const d = *state;
    /* Chunks of one record read the first SHORT records only: a round per
     * record costs little, but thread barriers on a busy machine do. */
    enum { N = 300, SHORT = 60 };
    set_t s = mixed_set(1, N);
    char *in[2] = {dir_file(d, ".txt"), dir_file(d, ".txt")};
    write_lines(&s, in[1], 0, 0, SHORT);
    write_lines(&s, in[0], 0, 0, s.n);

    static const char *const lists[] = {
        "puzzle,solution,status,count,line", "status,solution",
        "line,count,puzzle"};
    static const char *const seps[] = {",", "\t", ";"};
    static const int threads[] = {1, 2, 3};
    static const size_t chunks[] = {1, 7, 1000};
    for (int form = 0; form < 4; form++) {
        text_t want[2] = {{0}, {0}};
        sf_batch_opts_t o = base_opts(1, 1);
        for (int w = 0; w < 2; w++) {
            const size_t to = w ? SHORT : s.n;
            if (form < 3) {
                set_fields(&o, lists[form]);
                o.sep = seps[form];
                expect_lines(&want[w], &s, 0, to, o.fields, o.nfields, o.sep,
                             2);
            } else {
                o.out_format = SF_FORMAT_GRID;
                expect_grids(&want[w], &s, 0, to);
            }
        }
        for (int ti = 0; ti < 3; ti++)
            for (int ci = 0; ci < 3; ci++) {
                const int w = chunks[ci] == 1;
                const char *paths[] = {in[w]};
                o.threads = threads[ti];
                o.chunk = chunks[ci];
                run_t r = run_batch(d, &o, paths, 1, 0);
                assert_int_equal(r.rc, 0);
                assert_string_equal(r.out, want[w].p);
                free(r.out);
            }
        tfree(&want[0]);
        tfree(&want[1]);
    }

    /* With guesses the output is still the same for every run. */
    sf_batch_opts_t o = base_opts(1, 0);
    set_fields(&o, "solution,guesses,status");
    const char *paths[] = {in[0]};
    run_t first = run_batch(d, &o, paths, 1, 0);
    assert_int_equal(first.rc, 0);
    for (int k = 0; k < 4; k++) {
        o.threads = 2 + k % 2;
        o.chunk = (size_t)(3 + 60 * k);
        run_t r = run_batch(d, &o, paths, 1, 0);
        assert_int_equal(r.rc, 0);
        assert_int_equal(r.len, first.len);
        assert_memory_equal(r.out, first.out, first.len);
        free(r.out);
    }
    free(first.out);
    free(in[0]);
    free(in[1]);
    free(s.v);
}

/* Every kernel of the table gives the reference's answers under SF_LEX. */
static void test_every_kernel(void **state)
{
    dir_t *const d = *state;
    set_t s = mixed_set(2, 150);
    char *in = dir_file(d, ".txt");
    write_lines(&s, in, 0, 0, s.n);
    const char *paths[] = {in};
    sf_batch_opts_t o = base_opts(2, 16);
    set_fields(&o, "solution,status,count");
    text_t want = {0};
    expect_lines(&want, &s, 0, s.n, o.fields, o.nfields, ",", 2);
    for (size_t k = 0; sf_kernel_at(k); k++) {
        o.kernel = sf_kernel_at(k);
        run_t r = run_batch(d, &o, paths, 1, 0);
        assert_int_equal(r.rc, 0);
        assert_string_equal(r.out, want.p);
        assert_string_equal(r.stats.kernel, sf_kernel_at(k)->name);
        free(r.out);
    }
    tfree(&want);
    free(in);
    free(s.v);
}

/* Grid input: grid output in each grid's own style, blank lines between,
 * unsolvable grids as given and malformed ones as dots. */
static void test_grid_input(void **state)
{
    dir_t *const d = *state;
    uint64_t rs = 3;
    text_t in = {0}, want = {0};
    for (int k = 0; k < 40; k++) {
        uint8_t p[SF_CELLS], g[SF_CELLS];
        unique_puzzle(&rs, 36, p, g);
        const int spaced = k % 3 == 1, bad = k % 7 == 3, clash = k % 5 == 2;
        if (clash)
            p[0] = p[1] = 5;
        if (k)
            tputs(&in, "\n");
        for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++) {
                if (bad && r == 4 && c == 8)
                    continue; /* a row of 8 cells */
                const char ch = p[9 * r + c] ? (char)('0' + p[9 * r + c])
                                             : (k % 2 ? '.' : '0');
                tprintf(&in, c && spaced ? " %c" : "%c", ch);
            }
            tputs(&in, "\n");
        }
        uint64_t n;
        uint8_t first[SF_CELLS];
        assert_int_equal(reference(p, 2, first, &n), 0);
        assert_int_equal(n, clash ? 0 : 1);
        if (!clash)
            assert_memory_equal(first, g, SF_CELLS);
        if (k)
            tputs(&want, "\n");
        for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++) {
                const uint8_t v = bad ? 0 : clash ? p[9 * r + c] : g[9 * r + c];
                const char ch = v ? (char)('0' + v) : '.';
                tprintf(&want, c && spaced ? " %c" : "%c", ch);
            }
            tputs(&want, "\n");
        }
    }
    char *path = dir_file(d, ".txt");
    spit(path, in.p, in.n);
    const char *paths[] = {path};
    for (int k = 0; k < 4; k++) {
        sf_batch_opts_t o = base_opts(1 + k % 3, k ? (size_t)(3 * k - 2) : 0);
        o.out_format = SF_FORMAT_AUTO; /* grid, from the input */
        run_t r = run_batch(d, &o, paths, 1, 0);
        assert_int_equal(r.rc, 0);
        assert_string_equal(r.out, want.p);
        assert_int_equal(r.stats.puzzles, 40);
        assert_int_equal(r.stats.by_status[SF_INVALID], 6);
        free(r.out);
    }
    /* line-output options with grid output are an error, not ignored */
    for (int k = 0; k < 2; k++) {
        sf_batch_opts_t o = base_opts(2, 0);
        o.out_format = SF_FORMAT_AUTO;
        if (k)
            o.header = 1;
        else
            set_fields(&o, "status");
        run_t r = run_batch(d, &o, paths, 1, 0);
        assert_int_equal(r.rc, -1);
        assert_int_equal(r.err.code, SF_ERR_USAGE);
        assert_non_null(strstr(r.err.message, "grid"));
        assert_int_equal(r.len, 0);
        free(r.out);
    }
    free(path);
    tfree(&in);
    tfree(&want);
}

static int cmp_u64(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Sample q of the sorted v[0..n) by rank q * (n - 1), either rounding, to
 * within the histogram's 1/64. */
static void assert_quantile(uint64_t got, const uint64_t *v, size_t n, double q)
{
    const double pos = q * (double)(n - 1);
    const uint64_t lo = v[(size_t)pos], hi = v[(size_t)pos + (pos > (size_t)pos)];
    assert_true((double)got >= (double)lo * (1 - 1.0 / 64));
    assert_true((double)got <= (double)hi * (1 + 1.0 / 64));
}

/* Statistics of run r over set s (fields status,guesses,ns) against the
 * records written and the statuses the reference gives. */
static void check_stats(const set_t *s, const run_t *r, int threads)
{
    const sf_stats_t *st = &r->stats;
    uint64_t want[SF_STATUS_COUNT] = {0};
    for (size_t i = 0; i < s->n; i++)
        want[s->v[i].invalid ? SF_INVALID
             : s->v[i].count == 0 ? SF_UNSOLVABLE
             : s->v[i].count == 1 ? SF_UNIQUE : SF_MULTIPLE]++;
    assert_true(want[SF_UNIQUE] && want[SF_MULTIPLE] &&
                want[SF_UNSOLVABLE] && want[SF_INVALID]);
    assert_int_equal(r->rc, 0);
    assert_int_equal(st->puzzles, s->n);
    for (int k = 0; k < SF_STATUS_COUNT; k++)
        assert_int_equal(st->by_status[k], want[k]);
    assert_int_equal(st->threads, threads);
    assert_non_null(st->kernel);
    assert_string_equal(st->kernel, sf_kernel_at(0)->name);

    uint64_t guesses = 0, no_guess = 0, nvalid = 0;
    uint64_t *ns = malloc(s->n * sizeof *ns);
    assert_non_null(ns);
    double ns_sum = 0;
    const char *line = r->out;
    for (size_t i = 0; i < s->n; i++) {
        const uint64_t g = field_u64(line, 1, ','), t = field_u64(line, 2, ',');
        if (!s->v[i].invalid) {
            guesses += g;
            no_guess += g == 0 && s->v[i].count > 0; /* solved, no guess */
            ns[nvalid++] = t;
            ns_sum += (double)t;
            assert_true(t > 0);
        } else {
            assert_int_equal(g, 0);
        }
        line = strchr(line, '\n') + 1;
    }
    assert_int_equal(*line, '\0');
    assert_int_equal(st->guesses, guesses);
    assert_true(guesses > 0); /* telling multiple from unique needs them */
    assert_int_equal(st->no_guess, no_guess);
    /* Latency is that of the valid records' ns fields, all threads'. */
    qsort(ns, nvalid, sizeof *ns, cmp_u64);
    assert_int_equal(st->lat_max_ns, ns[nvalid - 1]);
    assert_quantile(st->lat_median_ns, ns, nvalid, 0.5);
    assert_quantile(st->lat_p99_ns, ns, nvalid, 0.99);
    assert_true(st->lat_median_ns > 0);
    assert_true(st->lat_median_ns <= st->lat_p99_ns);
    assert_true(st->lat_p99_ns <= st->lat_max_ns);
    assert_true(st->solve_sec >= ns_sum * 1e-9 * (1 - 1e-9));
    assert_true(st->solve_sec <= ns_sum * 1e-9 * (1 + 1e-9));
    assert_true(st->wall_sec > 0);
    assert_true(st->cpu_sec >= 0);
    free(ns);
}

/* The statistics agree with the records written: statuses, guesses,
 * puzzles without a guess, and the latency of the ns field, for several
 * ways of sharing the work between threads. */
static void test_stats(void **state)
{
    dir_t *const d = *state;
    set_t s = mixed_set(4, 600);
    char *in = dir_file(d, ".txt");
    write_lines(&s, in, 0, 0, s.n);
    const char *paths[] = {in};
    static const struct {
        int threads;
        size_t chunk;
    } runs[] = {{1, 0}, {2, 50}, {3, 1000}, {2, 1000}, {3, 7}};
    sf_batch_opts_t o = base_opts(1, 0);
    set_fields(&o, "status,guesses,ns");
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
        o.threads = runs[k].threads;
        o.chunk = runs[k].chunk;
        run_t r = run_batch(d, &o, paths, 1, 0);
        check_stats(&s, &r, runs[k].threads);
        free(r.out);
    }

    /* An empty input: no output, zero counts and latencies. */
    char *empty = dir_file(d, ".txt");
    spit(empty, "# nothing\n\n", 11);
    const char *epaths[] = {empty};
    run_t r = run_batch(d, &o, epaths, 1, 0);
    assert_int_equal(r.rc, 0);
    assert_int_equal(r.len, 0);
    assert_int_equal(r.stats.puzzles, 0);
    assert_int_equal(r.stats.lat_median_ns, 0);
    assert_int_equal(r.stats.lat_max_ns, 0);
    assert_int_equal(r.stats.guesses, 0);
    free(r.out);
    free(empty);
    free(in);
    free(s.v);
}

/* on_invalid: once per invalid record, in input order, with its file and
 * line, over two files. */
typedef struct seen {
    char file[128];
    uint64_t line;
    char why[128];
} seen_t;

typedef struct seen_list {
    seen_t v[400];
    size_t n;
} seen_list_t;

static void on_invalid(void *ctx, const char *file, uint64_t line,
                       const char *why)
{
    seen_list_t *l = ctx;
    assert_true(l->n < sizeof l->v / sizeof l->v[0]);
    assert_non_null(file);
    assert_non_null(why);
    seen_t *e = &l->v[l->n++];
    snprintf(e->file, sizeof e->file, "%s", file);
    snprintf(e->why, sizeof e->why, "%s", why);
    e->line = line;
}

static void test_on_invalid(void **state)
{
    dir_t *const d = *state;
    set_t s = mixed_set(5, 500);
    char *a = dir_file(d, ".txt"), *b = dir_file(d, ".txt");
    write_lines(&s, a, 0, 0, 230);
    write_lines(&s, b, 1, 230, s.n);
    const char *paths[] = {a, b};
    for (int k = 0; k < 3; k++) {
        seen_list_t *seen = calloc(1, sizeof *seen);
        assert_non_null(seen);
        sf_batch_opts_t o = base_opts(1 + k, k == 0 ? 1 : k == 1 ? 9 : 0);
        set_fields(&o, "status");
        o.on_invalid = on_invalid;
        o.ctx = seen;
        run_t r = run_batch(d, &o, paths, 2, 0);
        assert_int_equal(r.rc, 0);
        size_t j = 0;
        for (size_t i = 0; i < s.n; i++) {
            if (!s.v[i].invalid)
                continue;
            assert_true(j < seen->n);
            assert_string_equal(seen->v[j].file, paths[s.v[i].file]);
            assert_int_equal(seen->v[j].line, s.v[i].line);
            assert_true(seen->v[j].why[0] != '\0');
            j++;
        }
        assert_int_equal(seen->n, j);
        assert_int_equal(r.stats.by_status[SF_INVALID], j);
        assert_true(j > 20);
        free(r.out);
        free(seen);
    }
    free(a);
    free(b);
    free(s.v);
}

/* strict: the first invalid record stops the run with SF_ERR_INVALID and a
 * message naming its file and line; no record at or after it is written,
 * and the invalid record is the only one reported. */
static size_t first_invalid(const set_t *s)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->v[i].invalid)
            return i;
    fail();
    return 0;
}

/* A set whose first invalid record is at index `at`. */
static set_t set_invalid_at(uint64_t seed, size_t at)
{
    set_t s = mixed_set(seed, 300);
    size_t n = 0, i = 0;
    for (; i < s.n && n < at; i++) /* valid records up to at */
        if (!s.v[i].invalid)
            s.v[n++] = s.v[i];
    while (i < s.n && !s.v[i].invalid)
        i++;
    for (; i < s.n; i++) /* then from the next invalid one on */
        s.v[n++] = s.v[i];
    s.n = n;
    assert_int_equal(first_invalid(&s), at);
    return s;
}

static void run_strict(const set_t *s, const char *path, dir_t *d, int threads,
                       size_t chunk, text_t *got)
{
    const size_t bad = first_invalid(s);
    const char *paths[] = {path};
    seen_list_t *seen = calloc(1, sizeof *seen);
    assert_non_null(seen);
    sf_batch_opts_t o = base_opts(threads, chunk);
    set_fields(&o, "puzzle,solution,status");
    o.strict = 1;
    o.on_invalid = on_invalid;
    o.ctx = seen;
    run_t r = run_batch(d, &o, paths, 1, 0);
    assert_int_equal(r.rc, -1);
    assert_int_equal(r.err.code, SF_ERR_INVALID);
    char where[200];
    snprintf(where, sizeof where, "%s:%llu", path,
             (unsigned long long)s->v[bad].line);
    assert_non_null(strstr(r.err.message, where));
    assert_int_equal(seen->n, 1);
    assert_int_equal(seen->v[0].line, s->v[bad].line);
    /* Whatever was written is a prefix of the records before it. */
    text_t want = {0};
    expect_lines(&want, s, 0, bad, o.fields, o.nfields, ",", 2);
    assert_true(r.len <= want.n);
    assert_memory_equal(r.out, want.p, r.len);
    tfree(&want);
    tfree(got);
    tput(got, r.out, r.len);
    free(r.out);
    free(seen);
}

static void test_strict(void **state)
{
    dir_t *const d = *state;
    static const size_t at[] = {0, 1, 20, 150};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
        set_t s = set_invalid_at(6 + i, at[i]);
        char *path = dir_file(d, ".txt");
        write_lines(&s, path, 0, 0, s.n);
        text_t got = {0};
        run_strict(&s, path, d, 1, 1, &got);
        run_strict(&s, path, d, 2, 7, &got);
        run_strict(&s, path, d, 3, 1000, &got);
        tfree(&got);
        free(path);
        free(s.v);
    }
}

/* strict: the records before the first invalid one are all written. */
static void test_strict_writes_records_before(void **state)
{
    dir_t *const d = *state;
    static const size_t at[] = {1, 20, 150};
    static const size_t chunks[] = {1, 7, 1000};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
        set_t s = set_invalid_at(6 + i, at[i]);
        char *path = dir_file(d, ".txt");
        write_lines(&s, path, 0, 0, s.n);
        text_t want = {0};
        sf_field_t fields[3];
        const char *bad = NULL;
        assert_int_equal(sf_fields_parse("puzzle,solution,status", fields,
                                         &bad), 3);
        expect_lines(&want, &s, 0, at[i], fields, 3, ",", 2);
        for (size_t c = 0; c < 3; c++) {
            text_t got = {0};
            run_strict(&s, path, d, chunks[c] == 1 ? 1 : 2, chunks[c], &got);
            assert_string_equal(got.p ? got.p : "", want.p);
            tfree(&got);
        }
        tfree(&want);
        free(path);
        free(s.v);
    }
}

/* A gzip file cut short: what the reader delivers before the damage. */
typedef struct cut {
    char *path;
    set_t set;   /* every record of the whole file */
    size_t good; /* records the reader returns before its error */
} cut_t;

static cut_t make_cut(dir_t *d, uint64_t seed)
{
    cut_t c;
    c.set = mixed_set(seed, 800);
    char *plain = dir_file(d, ".txt");
    write_lines(&c.set, plain, 0, 0, c.set.n);
    size_t n;
    char *text = slurp(plain, &n);
    text_t gz = {0};
    gz_member(&gz, text, n);
    c.path = dir_file(d, ".gz");
    spit(c.path, gz.p, gz.n * 3 / 5);
    /* What the reader gives before its error. */
    const char *paths[] = {c.path};
    const sf_reader_opts_t ro = {.format = SF_FORMAT_AUTO};
    sf_reader_t *rd = sf_reader_new(paths, 1, &ro);
    assert_non_null(rd);
    sf_chunk_t ch;
    sf_chunk_init(&ch);
    sf_error_t err = {0};
    long got;
    c.good = 0;
    while ((got = sf_reader_fill(rd, &ch, 100, &err)) > 0)
        c.good += (size_t)got;
    assert_int_equal(got, -1);
    assert_int_equal(err.code, SF_ERR_IO);
    assert_true(c.good > c.set.n / 3 && c.good < c.set.n);
    sf_chunk_free(&ch);
    sf_reader_free(rd);
    unlink(plain);
    free(plain);
    free(text);
    tfree(&gz);
    return c;
}

static run_t run_cut(dir_t *d, const cut_t *c, int threads, size_t chunk)
{
    const char *paths[] = {c->path};
    sf_batch_opts_t o = base_opts(threads, chunk);
    set_fields(&o, "puzzle,solution,status,count,line");
    run_t r = run_batch(d, &o, paths, 1, 0);
    assert_int_equal(r.rc, -1);
    assert_int_equal(r.err.code, SF_ERR_IO);
    assert_non_null(strstr(r.err.message, c->path));
    /* Whatever was written is whole records, in order. */
    text_t want = {0};
    expect_lines(&want, &c->set, 0, c->good, o.fields, o.nfields, ",", 2);
    assert_true(r.len <= want.n);
    assert_memory_equal(r.out, want.p, r.len);
    assert_true(r.len == 0 || r.out[r.len - 1] == '\n');
    tfree(&want);
    return r;
}

static void test_truncated_gzip_input(void **state)
{
    dir_t *const d = *state;
    cut_t c = make_cut(d, 7);
    static const int threads[] = {1, 2, 3};
    static const size_t chunks[] = {1, 7, 1000};
    for (int k = 0; k < 3; k++) {
        run_t r = run_cut(d, &c, threads[k], chunks[k]);
        free(r.out);
    }
    free(c.path);
    free(c.set.v);
}

/* A truncated gzip input: the complete records before the damage are all
 * written (and counted). */
static void test_truncated_gzip_writes_records_before(void **state)
{
    dir_t *const d = *state;
    cut_t c = make_cut(d, 8);
    static const int threads[] = {1, 2, 3};
    static const size_t chunks[] = {1, 7, 1000};
    text_t want = {0};
    sf_field_t fields[5];
    const char *bad = NULL;
    assert_int_equal(sf_fields_parse("puzzle,solution,status,count,line",
                                     fields, &bad), 5);
    expect_lines(&want, &c.set, 0, c.good, fields, 5, ",", 2);
    for (int k = 0; k < 3; k++) {
        run_t r = run_cut(d, &c, threads[k], chunks[k]);
        assert_int_equal(r.len, want.n);
        assert_int_equal(r.stats.puzzles, c.good);
        free(r.out);
    }
    tfree(&want);
    free(c.path);
    free(c.set.v);
}

/* --header: the field names, joined by the separator, come first. */
static void test_header(void **state)
{
    dir_t *const d = *state;
    set_t s = mixed_set(9, 120);
    char *in = dir_file(d, ".txt");
    write_lines(&s, in, 0, 0, s.n);
    const char *paths[] = {in};
    static const char *const seps[] = {",", ";", "\t"};
    for (int k = 0; k < 3; k++) {
        sf_batch_opts_t o = base_opts(1 + k, (size_t)(1 + 20 * k));
        set_fields(&o, "puzzle,count,status,line");
        o.sep = seps[k];
        o.header = 1;
        text_t want = {0};
        tprintf(&want, "puzzle%scount%sstatus%sline\n", seps[k], seps[k],
                seps[k]);
        expect_lines(&want, &s, 0, s.n, o.fields, o.nfields, seps[k], 2);
        run_t r = run_batch(d, &o, paths, 1, 0);
        assert_int_equal(r.rc, 0);
        assert_string_equal(r.out, want.p);
        assert_int_equal(r.stats.puzzles, s.n); /* the header is no record */
        free(r.out);
        tfree(&want);
    }
    /* Without fields the header names the default field. */
    sf_batch_opts_t o = base_opts(2, 5);
    o.header = 1;
    text_t want = {0};
    tputs(&want, "solution\n");
    const sf_field_t sol = SF_FIELD_SOLUTION;
    expect_lines(&want, &s, 0, s.n, &sol, 1, ",", 2);
    run_t r = run_batch(d, &o, paths, 1, 0);
    assert_int_equal(r.rc, 0);
    assert_string_equal(r.out, want.p);
    free(r.out);
    tfree(&want);
    free(in);
    free(s.v);
}

/* gzip output decompresses to exactly the plain output, as many members. */
static void test_gzip_output(void **state)
{
    dir_t *const d = *state;
    set_t s = mixed_set(10, 700);
    char *in = dir_file(d, ".txt");
    write_lines(&s, in, 0, 0, s.n);
    const char *paths[] = {in};
    for (int k = 0; k < 3; k++) {
        sf_batch_opts_t o = base_opts(1 + k, k == 0 ? 1 : k == 1 ? 33 : 0);
        set_fields(&o, "puzzle,solution,status,count,line");
        o.header = k != 1;
        run_t plain = run_batch(d, &o, paths, 1, 0);
        run_t gz = run_batch(d, &o, paths, 1, 1);
        assert_int_equal(plain.rc, 0);
        assert_int_equal(gz.rc, 0);
        assert_true(gz.len >= 2 && (unsigned char)gz.out[0] == 0x1f &&
                    (unsigned char)gz.out[1] == 0x8b);
        size_t n;
        int members;
        char *back = gunzip(gz.out, gz.len, &n, &members);
        assert_int_equal(n, plain.len);
        assert_memory_equal(back, plain.out, n);
        if (k == 0) /* chunks of one record: one member per record */
            assert_true(members >= (int)s.n);
        assert_int_equal(gz.stats.puzzles, plain.stats.puzzles);
        free(back);
        free(plain.out);
        free(gz.out);
    }
    free(in);
    free(s.v);
}

/* Thousands of records in many chunks keep their order; every solution
 * is the known one and valid by the reference. */
static void test_many_chunks_keep_order(void **state)
{
    dir_t *const d = *state;
    enum { BASES = 12, N = 5000 };
    uint64_t rs = 11;
    uint8_t bp[BASES][SF_CELLS], bg[BASES][SF_CELLS];
    for (int b = 0; b < BASES; b++)
        unique_puzzle(&rs, 32, bp[b], bg[b]);
    uint8_t(*p)[SF_CELLS] = malloc(N * sizeof *p);
    uint8_t(*g)[SF_CELLS] = malloc(N * sizeof *g);
    assert_non_null(p);
    assert_non_null(g);
    text_t in = {0};
    for (int i = 0; i < N; i++) {
        memcpy(p[i], bp[i % BASES], SF_CELLS);
        memcpy(g[i], bg[i % BASES], SF_CELLS);
        shuffle_pair(&rs, p[i], g[i]);
        assert_true(ref_valid_solution(p[i], g[i]));
        if (i % 100 == 0) { /* the reference agrees: unique, that solution */
            uint8_t first[SF_CELLS];
            uint64_t n;
            assert_int_equal(reference(p[i], 2, first, &n), 0);
            assert_int_equal(n, 1);
            assert_memory_equal(first, g[i], SF_CELLS);
        }
        char t[82];
        cells_text(p[i], '.', t);
        tprintf(&in, "%s\n", t);
    }
    char *path = dir_file(d, ".txt");
    spit(path, in.p, in.n);
    const char *paths[] = {path};
    static const int threads[] = {2, 3};
    for (int k = 0; k < 2; k++) {
        sf_batch_opts_t o = base_opts(threads[k], 64);
        o.limit = 1;
        set_fields(&o, "puzzle,solution,status");
        run_t r = run_batch(d, &o, paths, 1, k);
        size_t n = r.len;
        char *out = r.out;
        if (k) {
            int members;
            out = gunzip(r.out, r.len, &n, &members);
            assert_true(members >= N / 128);
            free(r.out);
        }
        assert_int_equal(r.rc, 0);
        assert_int_equal(r.stats.puzzles, N);
        assert_int_equal(r.stats.by_status[SF_SOLVED], N);
        assert_int_equal(n, (size_t)N * (81 + 1 + 81 + 1 + 6 + 1));
        const char *line = out;
        for (int i = 0; i < N; i++, line += 171) {
            char t[82], sol[82];
            cells_text(p[i], '.', t);
            cells_text(g[i], '0', sol);
            assert_memory_equal(line, t, 81);
            assert_int_equal(line[81], ',');
            assert_memory_equal(line + 82, sol, 81);
            assert_memory_equal(line + 163, ",solved\n", 8);
        }
        free(out);
    }
    free(path);
    free(p);
    free(g);
    tfree(&in);
}


/* ================================================================== jobs */

/* A test job (sf_job_run): item i gives i % 3 records (so some give none)
 * carrying its index, the copy number, its puzzle and the sum of its cells
 * worked out in work(); with dedupe, only the first item of each distinct
 * puzzle is kept (an ordered decision); with two outputs, records of odd
 * items go to the second output. */
typedef struct tjob {
    int dedupe, two;
    int fine;                  /* the job's fine flag */
    int wait_first;            /* item 0's work waits for another item's */
    int others, waited;        /* items worked on besides 0; 1 if it did */
    uint8_t (*seen)[SF_CELLS]; /* puzzles kept so far (ordered pass) */
    size_t nseen;
    int threads;               /* from start() */
    uint64_t *works;           /* work() calls per thread */
} tjob_t;

typedef struct tslot {
    uint64_t sum;
    int work_done;
} tslot_t;

static int tjob_start(void *ctx, int threads)
{
    tjob_t *j = ctx;
    j->threads = threads;
    j->works = calloc((size_t)threads * 8, sizeof *j->works);
    return j->works ? 0 : -1;
}

static void tjob_work(void *ctx, int thread, const sf_item_t *it, void *slot)
{
    tjob_t *j = ctx;
    tslot_t *s = slot;
    s->sum = 0;
    for (int i = 0; it->rec && !it->rec->invalid && i < SF_CELLS; i++)
        s->sum += (uint64_t)(i + 1) * it->rec->cells[i];
    s->work_done = 1;
    j->works[8 * thread]++;
    if (!j->wait_first)
        return;
    if (it->index != 0) {
        __atomic_fetch_add(&j->others, 1, __ATOMIC_RELEASE);
        return;
    }
    const double until = timer_mono_sec() + 10;
    while (!__atomic_load_n(&j->others, __ATOMIC_ACQUIRE) &&
           timer_mono_sec() < until)
        ;
    j->waited = __atomic_load_n(&j->others, __ATOMIC_ACQUIRE) > 0;
}

static int tjob_keep(void *ctx, const sf_item_t *it, void *slot,
                     sf_error_t *err)
{
    tjob_t *j = ctx;
    (void)err;
    assert_true(((tslot_t *)slot)->work_done);
    if (it->rec->invalid)
        return 1;
    for (size_t i = 0; i < j->nseen; i++)
        if (memcmp(j->seen[i], it->rec->cells, SF_CELLS) == 0)
            return 0;
    memcpy(j->seen[j->nseen++], it->rec->cells, SF_CELLS);
    return 1;
}

static void tjob_emit(void *ctx, int thread, const sf_item_t *it, void *slot,
                      sf_out_t *const *out)
{
    const tjob_t *j = ctx;
    const tslot_t *s = slot;
    (void)thread;
    sf_out_t *o = out[j->two && it->index % 2];
    for (uint64_t c = 0; c < it->index % 3; c++) {
        sf_out_u64(o, it->index);
        sf_out_u64(o, c);
        if (it->rec->invalid)
            sf_out_text(o, "", 0);
        else
            sf_out_cells(o, it->rec->cells, '.');
        sf_out_u64(o, s->sum);
        sf_out_text(o, it->text, it->rec->text_len);
        sf_out_end(o);
    }
}

/* What the test job must write for the items of s, output `which`. */
static void expect_tjob(text_t *t, const set_t *s, int dedupe, int two,
                        int which)
{
    for (size_t i = 0; i < s->n; i++) {
        const item_t *it = &s->v[i];
        int dup = 0;
        for (size_t k = 0; dedupe && !it->invalid && k < i; k++)
            dup |= !s->v[k].invalid &&
                   memcmp(s->v[k].cells, it->cells, SF_CELLS) == 0;
        if (dup || (two && (int)(i % 2) != which) || (!two && which))
            continue;
        uint64_t sum = 0;
        for (int c = 0; !it->invalid && c < SF_CELLS; c++)
            sum += (uint64_t)(c + 1) * it->cells[c];
        char cells[82] = "";
        if (!it->invalid)
            cells_text(it->cells, '.', cells);
        for (size_t c = 0; c < i % 3; c++) {
            tprintf(t, "%zu;%zu;%s;%llu;", i, c, cells,
                    (unsigned long long)sum);
            put_line_field(t, it->text, ";");
            tputs(t, "\n");
        }
    }
}

/* Run the test job over paths into nout files; outputs into got[]. */
static int run_tjob(dir_t *d, tjob_t *j, const sf_batch_opts_t *o,
                    const char *const *paths, int nout, int gzip,
                    sf_job_stats_t *st, char *got[2], size_t len[2])
{
    const sf_job_t job = {
        .ctx = j, .outputs = nout, .slot_size = sizeof(tslot_t),
        .start = tjob_start, .work = tjob_work,
        .keep = j->dedupe ? tjob_keep : NULL, .emit = tjob_emit,
        .fine = j->fine,
    };
    const sf_reader_opts_t ro = {.format = SF_FORMAT_AUTO};
    sf_reader_t *rd = sf_reader_new(paths, 1, &ro);
    assert_non_null(rd);
    char *out[2];
    sf_writer_t *w[2];
    for (int k = 0; k < nout; k++) {
        out[k] = dir_file(d, ".out");
        const sf_writer_opts_t wo = {out[k], 0, gzip, 1};
        sf_error_t werr = {0};
        w[k] = sf_writer_open(&wo, &werr);
        assert_non_null(w[k]);
    }
    sf_error_t err = {0};
    const int rc = sf_job_run(o, &job, rd, w, st, &err);
    for (int k = 0; k < nout; k++) {
        sf_error_t werr = {0};
        assert_int_equal(sf_writer_close(w[k], 1, &werr), 0);
        got[k] = slurp(out[k], &len[k]);
        if (gzip) {
            int members;
            char *plain = gunzip(got[k], len[k], &len[k], &members);
            free(got[k]);
            got[k] = plain;
        }
        unlink(out[k]);
        free(out[k]);
    }
    sf_reader_free(rd);
    free(j->works);
    free(j->seen);
    return rc;
}

/* A set with many repeated puzzles, for dropping. */
static set_t repeated_set(uint64_t seed, size_t n)
{
    set_t base = mixed_set(seed, 40);
    set_t s = {0};
    uint64_t r = seed;
    for (size_t i = 0; i < n; i++) {
        item_t *it = set_add(&s);
        *it = base.v[rnd_below(&r, (unsigned)base.n)];
    }
    free(base.v);
    return s;
}

/* Several records, none or one per item, in item order for every thread
 * count and chunk size, plain and gzip; with an ordered pass that drops
 * repeats, and with two outputs. */
static void test_job_outputs(void **state)
{
    dir_t *const d = *state;
    set_t s = repeated_set(21, 400);
    char *in = dir_file(d, ".txt");
    write_lines(&s, in, 0, 0, s.n);
    const char *paths[] = {in};
    static const int threads[] = {1, 2, 3, 3};
    static const size_t chunks[] = {1, 7, 1000, 130};
    for (int mode = 0; mode < 3; mode++) {
        const int dedupe = mode >= 1, two = mode == 2, nout = 1 + two;
        text_t want[2] = {{0}, {0}};
        for (int k = 0; k < nout; k++)
            expect_tjob(&want[k], &s, dedupe, two, k);
        for (int v = 0; v < 8; v++) {
            sf_batch_opts_t o = base_opts(threads[v % 4], chunks[v % 4]);
            o.sep = ";";
            tjob_t j = {.dedupe = dedupe, .two = two, .fine = v >= 4};
            j.seen = calloc(s.n, SF_CELLS);
            sf_job_stats_t st;
            char *got[2];
            size_t len[2];
            assert_int_equal(run_tjob(d, &j, &o, paths, nout, v % 4 == 3,
                                      &st, got, len), 0);
            assert_int_equal(st.items, s.n);
            assert_int_equal(st.threads, threads[v % 4]);
            for (int k = 0; k < nout; k++) {
                assert_string_equal(got[k], want[k].p ? want[k].p : "");
                free(got[k]);
            }
            if (!dedupe)
                assert_int_equal(st.dropped, 0);
            else
                assert_true(st.dropped > s.n / 2);
        }
        tfree(&want[0]);
        tfree(&want[1]);
    }
    free(in);
    free(s.v);
}

/* A fine job's items are claimed one at a time: with two threads, the
 * work on item 0 waits (up to 10 s) until the other thread has worked on
 * an item of the same block of 128, which a thread taking whole blocks
 * would never do; output as usual. */
static void test_job_fine(void **state)
{
    dir_t *const d = *state;
    set_t s = mixed_set(23, 100);
    char *in = dir_file(d, ".txt");
    write_lines(&s, in, 0, 0, s.n);
    const char *paths[] = {in};
    text_t want[2] = {{0}, {0}};
    expect_tjob(&want[0], &s, 0, 0, 0);
    sf_batch_opts_t o = base_opts(2, 1000);
    o.sep = ";";
    tjob_t j = {.fine = 1, .wait_first = 1};
    sf_job_stats_t st;
    char *got[2];
    size_t len[2];
    assert_int_equal(run_tjob(d, &j, &o, paths, 1, 0, &st, got, len), 0);
    assert_true(j.waited);
    assert_string_equal(got[0], want[0].p ? want[0].p : "");
    free(got[0]);
    tfree(&want[0]);
    free(in);
    free(s.v);
}

/* A job whose items each write 64 kB, with no item_output to say so and
 * any --chunk: the driver starts with small chunks, sees what the items
 * take and cuts the chunks by it, so the peak stays near three chunks of
 * 16 MiB instead of growing with the items (3,000 items: 192 MB in one
 * chunk).  First in the list, so that the process's peak so far is its
 * start (ru_maxrss never goes down). */
enum { BIG_ITEM = 64 << 10 };

static void big_work(void *ctx, int thread, const sf_item_t *it, void *slot)
{
    (void)ctx, (void)thread, (void)it, (void)slot;
}

static void big_emit(void *ctx, int thread, const sf_item_t *it, void *slot,
                     sf_out_t *const *out)
{
    (void)ctx, (void)thread, (void)slot;
    static char text[BIG_ITEM];
    memset(text, 'a' + (int)(it->index % 26), sizeof text);
    sf_out_text(out[0], text, sizeof text);
    sf_out_end(out[0]);
}

static long peak_kib(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

static void test_chunks_fit_output(void **state)
{
    (void)state;
    if (SANITIZED)
        skip(); /* the sanitizer's memory is not the driver's */
    const long before = peak_kib();
    const sf_job_t job = {
        .source = 1, .count = 3000, .outputs = 1, .work = big_work,
        .emit = big_emit,
    };
    sf_batch_opts_t o = base_opts(2, (size_t)1 << 40);
    const sf_writer_opts_t wo = {"/dev/null", 1, 0, 1};
    sf_error_t err = {0};
    sf_writer_t *w = sf_writer_open(&wo, &err);
    assert_non_null(w);
    sf_job_stats_t st;
    assert_int_equal(sf_job_run(&o, &job, NULL, &w, &st, &err), 0);
    assert_int_equal(sf_writer_close(w, 1, &err), 0);
    assert_int_equal(st.records[0], 3000);
    const long grew = peak_kib() - before;
    print_message("peak grew by %ld KiB for %d items of %d KiB\n", grew,
                  3000, BIG_ITEM >> 10);
    assert_true(grew < 100 * 1024);
}

/* A source job: no reader, items 0..count-1, made in chunks. */
static void src_work(void *ctx, int thread, const sf_item_t *it, void *slot)
{
    (void)ctx;
    (void)thread;
    assert_null(it->rec);
    *(uint64_t *)slot = it->index * it->index;
}

static void src_emit(void *ctx, int thread, const sf_item_t *it, void *slot,
                     sf_out_t *const *out)
{
    (void)ctx;
    (void)thread;
    if (it->index % 4 == 0)
        return;
    sf_out_u64(out[0], it->index);
    sf_out_u64(out[0], *(uint64_t *)slot);
    sf_out_fixed(out[0], (double)it->index / 8, 2);
    sf_out_end(out[0]);
}

static int src_begin(void *ctx, sf_out_t *const *out,
                     sf_error_t *err)
{
    (void)err;
    (void)ctx;
    sf_out_text(out[0], "i", 1);
    sf_out_text(out[0], "square", 6);
    sf_out_text(out[0], "eighth", 6);
    sf_out_end(out[0]);
    return 0;
}

static void test_job_source(void **state)
{
    dir_t *const d = *state;
    enum { N = 5000 };
    text_t want = {0};
    tputs(&want, "i,square,eighth\n");
    for (uint64_t i = 0; i < N; i++)
        if (i % 4)
            tprintf(&want, "%llu,%llu,%.2f\n", (unsigned long long)i,
                    (unsigned long long)(i * i), (double)i / 8);
    static const int threads[] = {1, 2, 3};
    static const size_t chunks[] = {1, 77, 0};
    for (int v = 0; v < 3; v++) {
        const sf_job_t job = {
            .source = 1, .count = v == 0 ? 300 : N, .outputs = 1,
            .slot_size = sizeof(uint64_t), .begin = src_begin,
            .work = src_work, .emit = src_emit,
        };
        sf_batch_opts_t o = base_opts(threads[v], chunks[v]);
        char *out = dir_file(d, ".out");
        const sf_writer_opts_t wo = {out, 0, 0, 1};
        sf_error_t err = {0};
        sf_writer_t *w = sf_writer_open(&wo, &err);
        assert_non_null(w);
        sf_job_stats_t st;
        assert_int_equal(sf_job_run(&o, &job, NULL, &w, &st, &err), 0);
        assert_int_equal(sf_writer_close(w, 1, &err), 0);
        size_t n;
        char *got = slurp(out, &n);
        assert_int_equal(st.items, job.count);
        assert_int_equal(st.records[0], job.count - (job.count + 3) / 4);
        if (v == 0) { /* a prefix of the long run's output */
            const char *end = strstr(want.p, "\n301,");
            assert_non_null(end);
            assert_int_equal(n, (size_t)(end + 1 - want.p));
            assert_memory_equal(got, want.p, n);
        } else {
            assert_string_equal(got, want.p);
        }
        unlink(out);
        free(out);
        free(got);
    }
    tfree(&want);
}

/* A fan-out job: each record becomes `fanout` items (record, copy), in
 * that order; the output lists them with the record's line number and
 * text length, so a record carried over chunk boundaries shows up whole. */
static void fan_work(void *ctx, int thread, const sf_item_t *it, void *slot)
{
    (void)ctx;
    (void)thread;
    *(uint64_t *)slot = it->index * 1000003 + it->copy;
}

static void fan_emit(void *ctx, int thread, const sf_item_t *it, void *slot,
                     sf_out_t *const *out)
{
    (void)ctx;
    (void)thread;
    assert_int_equal(*(uint64_t *)slot, it->index * 1000003 + it->copy);
    sf_out_u64(out[0], it->index);
    sf_out_u64(out[0], it->copy);
    sf_out_u64(out[0], it->rec->line);
    sf_out_u64(out[0], it->rec->text_len);
    sf_out_end(out[0]);
}

/* Run the fan-out job over path; the output, and st. */
static char *run_fanout(dir_t *d, const char *path, uint64_t fanout,
                        int threads, size_t chunk, sf_job_stats_t *st)
{
    const sf_job_t job = {
        .outputs = 1, .fanout = fanout, .slot_size = sizeof(uint64_t),
        .work = fan_work, .emit = fan_emit,
    };
    sf_batch_opts_t o = base_opts(threads, chunk);
    const sf_reader_opts_t ro = {.format = SF_FORMAT_LINE};
    sf_reader_t *rd = sf_reader_new(&path, 1, &ro);
    char *out = dir_file(d, ".out");
    const sf_writer_opts_t wo = {out, 0, 0, 1};
    sf_error_t err = {0};
    sf_writer_t *w = sf_writer_open(&wo, &err);
    assert_non_null(w);
    assert_int_equal(sf_job_run(&o, &job, rd, &w, st, &err), 0);
    assert_int_equal(sf_writer_close(w, 1, &err), 0);
    sf_reader_free(rd);
    size_t n;
    char *got = slurp(out, &n);
    unlink(out);
    free(out);
    return got;
}

/* Every record's copies come out in order, whatever the threads and chunk
 * sizes, also when a record's copies span chunks: by count (--chunk) or
 * by the bytes of a long record (1 MB records, 40 copies each: about 16
 * of them fit a chunk's budget). */
static void test_job_fanout(void **state)
{
    dir_t *const d = *state;
    char *in = dir_file(d, ".txt");
    FILE *f = fopen(in, "wb");
    assert_non_null(f);
    static const size_t lens[] = {81, 1000000, 5, 1000000, 81};
    static char big[1000001];
    memset(big, '7', sizeof big - 1);
    for (size_t r = 0; r < 5; r++)
        fprintf(f, "%.*s\n", (int)lens[r], big);
    assert_int_equal(fclose(f), 0);
    static const uint64_t fanouts[] = {1, 3, 40};
    static const int threads[] = {1, 2, 3};
    static const size_t chunks[] = {0, 1, 7};
    for (size_t k = 0; k < 3; k++) {
        text_t want = {0};
        for (uint64_t r = 0; r < 5; r++)
            for (uint64_t c = 0; c < fanouts[k]; c++)
                tprintf(&want, "%llu,%llu,%llu,%zu\n", (unsigned long long)r,
                        (unsigned long long)c, (unsigned long long)(r + 1),
                        lens[r]);
        for (size_t v = 0; v < 3; v++) {
            sf_job_stats_t st;
            char *got = run_fanout(d, in, fanouts[k], threads[v], chunks[v],
                                   &st);
            assert_string_equal(got, want.p);
            assert_int_equal(st.items, 5);
            assert_int_equal(st.records[0], 5 * fanouts[k]);
            free(got);
        }
        tfree(&want);
    }
    unlink(in);
    free(in);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chunks_fit_output), /* first: see there */
        cmocka_unit_test_setup_teardown(test_job_fanout, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_threads_and_chunks_agree, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_every_kernel, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_grid_input, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_stats, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_on_invalid, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_strict, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_strict_writes_records_before, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_truncated_gzip_input, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_truncated_gzip_writes_records_before, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_header, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_gzip_output, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_many_chunks_keep_order, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_job_fine, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_job_outputs, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_job_source, make_dir,
                                        remove_dir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
