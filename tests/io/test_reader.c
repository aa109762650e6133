/*
 * test_reader.c -- the streaming reader: files of every format, plain and
 * gzip, several files as one stream, errors, records that cross fill
 * calls and read blocks, and the csv header kept for each file.
 *
 * Every test writes its input to temporary files under /tmp (gzip members
 * are made here with deflate), reads them back through sf_reader_fill and
 * compares what came out with what was written.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "sudoflow.h"
#include "testutil.h"

/* Puzzle number k as 81 cell characters (any cells will do for a reader). */
static void puzzle(unsigned k, char out[82])
{
    static const char marks[] = ".123456789";
    uint32_t x = k * 2654435761u + 12345u;
    for (int i = 0; i < SF_CELLS; i++) {
        x = x * 1103515245u + 12345u;
        const unsigned v = (x >> 16) % 14;
        out[i] = v < 10 ? marks[v] : '0';
    }
    out[SF_CELLS] = '\0';
}

/* The cell values of 81 cell characters, as digits. */
static void digits_of(const char *cells, char out[82])
{
    for (int i = 0; i < SF_CELLS; i++)
        out[i] = cells[i] >= '1' && cells[i] <= '9' ? cells[i] : '0';
    out[SF_CELLS] = '\0';
}

/* ------------------------------------------------------------- temp files */

static char *temp_file(const void *data, size_t n)
{
    char path[] = "/tmp/sf_reader_XXXXXX";
    const int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    spit(path, data, n);
    char *p = strdup(path);
    assert_non_null(p);
    return p;
}

static char *temp_text(const text_t *b) { return temp_file(b->p, b->n); }

static void drop(char *path)
{
    unlink(path);
    free(path);
}

/* ---------------------------------------------------------- reading back */

typedef struct rec {
    uint32_t file;
    uint64_t line;
    int invalid, spaced;
    const char *why;
    char *text;
    size_t len;
    char cells[82]; /* values as digits */
} rec_t;

typedef struct got {
    rec_t *v;
    size_t n, cap;
    long rc;         /* last fill result: 0 at the end, -1 on error */
    sf_error_t err;
    sf_format_t first;
    uint64_t done, total;
} got_t;

/* Check a chunk's invariants and copy its records out. */
static void take_chunk(got_t *g, const sf_chunk_t *c, size_t nfiles)
{
    if (g->n + c->count + 1 > g->cap) { /* doubling: many small chunks */
        g->cap = 2 * (g->n + c->count + 1);
        g->v = realloc(g->v, g->cap * sizeof *g->v);
    }
    assert_non_null(g->v);
    for (size_t i = 0; i < c->count; i++) {
        const sf_record_t *r = &c->recs[i];
        rec_t *o = &g->v[g->n++];
        assert_true(r->text_off + r->text_len <= c->text_len);
        assert_true(r->file < nfiles);
        assert_true(r->line >= 1);
        assert_int_equal(r->invalid, r->why != NULL);
        o->file = r->file;
        o->line = r->line;
        o->invalid = r->invalid;
        o->spaced = r->spaced;
        o->why = r->why;
        o->len = r->text_len;
        o->text = malloc(r->text_len + 1);
        assert_non_null(o->text);
        memcpy(o->text, c->text + r->text_off, r->text_len);
        o->text[r->text_len] = '\0';
        for (int k = 0; k < SF_CELLS; k++) {
            assert_true(r->cells[k] <= 9);
            assert_true(!r->invalid || r->cells[k] == 0);
            o->cells[k] = (char)('0' + r->cells[k]);
        }
        o->cells[SF_CELLS] = '\0';
    }
}

/* Read everything (max records per fill) until the end or an error. */
static got_t read_with(const char *const *paths, size_t n,
                       const sf_reader_opts_t *opts, size_t max)
{
    sf_reader_t *r = sf_reader_new(paths, n, opts);
    got_t g;
    sf_chunk_t c;
    memset(&g, 0, sizeof g);
    assert_non_null(r);
    sf_chunk_init(&c);
    g.total = sf_reader_bytes_total(r);
    for (;;) {
        g.rc = sf_reader_fill(r, &c, max, &g.err);
        if (g.rc <= 0)
            break;
        assert_int_equal((size_t)g.rc, c.count);
        assert_true(c.count <= max);
        take_chunk(&g, &c, n ? n : 1);
    }
    if (g.rc < 0) { /* sticky */
        sf_error_t again;
        assert_int_equal(sf_reader_fill(r, &c, max, &again), -1);
        assert_string_equal(again.message, g.err.message);
    } else {
        assert_int_equal(g.err.code, 0);
    }
    g.first = sf_reader_first_format(r);
    g.done = sf_reader_bytes_done(r);
    sf_chunk_free(&c);
    sf_reader_free(r);
    return g;
}

static got_t read_all(const char *const *paths, size_t n, sf_format_t format,
                      const char *column, size_t max)
{
    const sf_reader_opts_t opts = {.format = format, .column = column};
    return read_with(paths, n, &opts, max);
}

static got_t read_one(const char *path, sf_format_t format, const char *column)
{
    return read_all(&path, 1, format, column, 1000);
}

static void got_free(got_t *g)
{
    for (size_t i = 0; i < g->n; i++)
        free(g->v[i].text);
    free(g->v);
    memset(g, 0, sizeof *g);
}

static void assert_same(const got_t *a, const got_t *b)
{
    assert_int_equal(a->n, b->n);
    for (size_t i = 0; i < a->n; i++) {
        assert_int_equal(a->v[i].file, b->v[i].file);
        assert_int_equal(a->v[i].line, b->v[i].line);
        assert_int_equal(a->v[i].invalid, b->v[i].invalid);
        assert_int_equal(a->v[i].spaced, b->v[i].spaced);
        assert_ptr_equal(a->v[i].why, b->v[i].why);
        assert_int_equal(a->v[i].len, b->v[i].len);
        assert_memory_equal(a->v[i].text, b->v[i].text, a->v[i].len);
        assert_string_equal(a->v[i].cells, b->v[i].cells);
    }
}

/* Record i is the valid puzzle cells (81 cell characters). */
static void assert_puzzle(const got_t *g, size_t i, const char *cells)
{
    char want[82];
    assert_true(i < g->n);
    assert_int_equal(g->v[i].invalid, 0);
    digits_of(cells, want);
    assert_string_equal(g->v[i].cells, want);
}

static void assert_invalid(const got_t *g, size_t i, const char *why)
{
    assert_true(i < g->n);
    assert_int_equal(g->v[i].invalid, 1);
    assert_string_equal(g->v[i].why, why);
}

/* ------------------------------------------------------------ line format */

static void test_line_crlf_comments(void **state)
{
    (void)state;
    char p[3][82];
    text_t b = {0};
    for (unsigned k = 0; k < 3; k++)
        puzzle(k, p[k]);
    tprintf(&b, "# comment\r\n%s\r\n\r\n \t \r\n%s,rating 3\r\n#%s\n%s", p[0],
         p[1], p[2], p[2]);
    char *path = temp_text(&b);
    got_t g = read_one(path, SF_FORMAT_AUTO, NULL);
    assert_int_equal(g.rc, 0);
    assert_int_equal(g.n, 3);
    for (size_t i = 0; i < 3; i++)
        assert_puzzle(&g, i, p[i]);
    assert_int_equal(g.v[0].line, 2);
    assert_int_equal(g.v[1].line, 5);
    assert_int_equal(g.v[2].line, 7);
    assert_string_equal(g.v[0].text, p[0]);
    char want[128];
    snprintf(want, sizeof want, "%s,rating 3", p[1]);
    assert_string_equal(g.v[1].text, want);
    assert_int_equal(g.first, SF_FORMAT_LINE);
    assert_int_equal(g.done, b.n);
    assert_int_equal(g.total, b.n);
    got_free(&g);
    drop(path);
    free(b.p);
}

static void test_line_invalid_records(void **state)
{
    (void)state;
    char p[82];
    text_t b = {0};
    puzzle(7, p);
    tprintf(&b, "%s\n%.80s\n%sx\n%s7\nhello\n%s;%s\n", p, p, p, p, p, p);
    char *path = temp_text(&b);
    got_t g = read_one(path, SF_FORMAT_AUTO, NULL);
    assert_int_equal(g.n, 6);
    assert_puzzle(&g, 0, p);
    assert_invalid(&g, 1, "expected 81 cells, found 80");
    assert_invalid(&g, 2, "bad character 'x'");
    assert_invalid(&g, 3, "expected 81 cells, found 82");
    assert_invalid(&g, 4, "bad character 'h'");
    assert_puzzle(&g, 5, p);
    for (size_t i = 0; i < 6; i++)
        assert_int_equal(g.v[i].line, i + 1);
    assert_string_equal(g.v[4].text, "hello");
    got_free(&g);
    drop(path);
    free(b.p);
}

/* ------------------------------------------------------------ grid format */

static const char *const ROWS[9] = {"103000509", "002109400", "000704000",
                                    "300502006", "060000050", "700803004",
                                    "000401000", "009205800", "804000107"};

static void grid_plain(text_t *b, int nrows)
{
    for (int r = 0; r < nrows; r++)
        tprintf(b, "%s\n", ROWS[r]);
}

static void grid_framed(text_t *b)
{
    tputs(b, "+-------+-------+-------+\n");
    for (int r = 0; r < 9; r++) {
        const char *s = ROWS[r];
        tprintf(b, "| %c %c %c | %c %c %c | %c %c %c |\n", s[0], s[1], s[2],
             s[3], s[4], s[5], s[6], s[7], s[8]);
        if (r % 3 == 2)
            tputs(b, "+-------+-------+-------+\n");
    }
}

static void grid_spaced(text_t *b, int nrows)
{
    for (int r = 0; r < nrows; r++) {
        for (int k = 0; k < 9; k++)
            tprintf(b, "%c%c", ROWS[r][k], k == 8 ? '\n' : ' ');
    }
}

static const char *grid_cells(void)
{
    static const char all[] = "103000509002109400000704000300502006060000050"
                              "700803004000401000009205800804000107";
    return all;
}

static void test_grid_styles(void **state)
{
    (void)state;
    text_t a = {0}, b = {0};
    grid_plain(&a, 9);
    a.p[--a.n] = '\0'; /* no final newline, as judges often give it */
    grid_framed(&b);
    char *pa = temp_text(&a), *pb = temp_text(&b);
    got_t g = read_one(pa, SF_FORMAT_AUTO, NULL);
    assert_int_equal(g.n, 1);
    assert_puzzle(&g, 0, grid_cells());
    assert_int_equal(g.v[0].spaced, 0);
    assert_int_equal(g.v[0].line, 1);
    assert_string_equal(g.v[0].text, grid_cells());
    assert_int_equal(g.first, SF_FORMAT_GRID);
    got_free(&g);
    g = read_one(pb, SF_FORMAT_AUTO, NULL);
    assert_int_equal(g.n, 1);
    assert_puzzle(&g, 0, grid_cells());
    assert_int_equal(g.v[0].spaced, 1);
    assert_int_equal(g.v[0].line, 2);
    assert_string_equal(g.v[0].text, grid_cells());
    got_free(&g);
    drop(pa);
    drop(pb);
    free(a.p);
    free(b.p);
}

static void test_grid_several(void **state)
{
    (void)state;
    text_t b = {0};
    tputs(&b, "# three grids\n\n");
    grid_spaced(&b, 9);         /* lines 3-11 */
    tputs(&b, "\n\n");
    grid_framed(&b);            /* frame line 14, rows from 15 */
    tputs(&b, "\r\n");
    grid_plain(&b, 9);          /* lines 28-36 */
    char *path = temp_text(&b);
    got_t g = read_one(path, SF_FORMAT_AUTO, NULL);
    assert_int_equal(g.n, 3);
    const uint64_t lines[3] = {3, 15, 28};
    const int spaced[3] = {1, 1, 0};
    for (size_t i = 0; i < 3; i++) {
        assert_puzzle(&g, i, grid_cells());
        assert_int_equal(g.v[i].line, lines[i]);
        assert_int_equal(g.v[i].spaced, spaced[i]);
    }
    got_free(&g);
    drop(path);
    free(b.p);
}

static void test_grid_malformed_then_good(void **state)
{
    (void)state;
    text_t b = {0};
    grid_plain(&b, 2);            /* lines 1-2 */
    tputs(&b, "1 2 3 4 5 6 7 8\n");   /* line 3: 8 cells */
    grid_plain(&b, 6);            /* lines 4-9 */
    tputs(&b, "\n");
    grid_spaced(&b, 7);           /* lines 11-17: only 7 rows */
    tputs(&b, "\n");
    grid_plain(&b, 9);            /* lines 19-27: good */
    tputs(&b, "\n");
    grid_plain(&b, 4);            /* lines 29-32: 4 rows ... */
    tputs(&b, "12x456789\n");      /* ... a bad character in row 5 ... */
    grid_plain(&b, 4);            /* ... and 4 more */
    tputs(&b, "\n");
    grid_plain(&b, 9);            /* lines 39-47: good */
    grid_plain(&b, 3);            /* lines 48-50: cut short by the end */
    char *path = temp_text(&b);
    got_t g = read_one(path, SF_FORMAT_AUTO, NULL);
    assert_int_equal(g.n, 6);
    assert_invalid(&g, 0, "grid row 3 has 8 cells");
    assert_int_equal(g.v[0].line, 1);
    assert_invalid(&g, 1, "grid has 7 rows");
    assert_int_equal(g.v[1].line, 11);
    assert_int_equal(g.v[1].spaced, 1);
    assert_puzzle(&g, 2, grid_cells());
    assert_int_equal(g.v[2].line, 19);
    assert_invalid(&g, 3, "bad character 'x'");
    assert_int_equal(g.v[3].line, 29);
    assert_puzzle(&g, 4, grid_cells());
    assert_int_equal(g.v[4].line, 39);
    assert_invalid(&g, 5, "grid has 3 rows");
    assert_int_equal(g.v[5].line, 48);
    /* the text of a grid is its cells as given, even when malformed */
    assert_int_equal(g.v[0].len, 80);
    assert_int_equal(g.v[1].len, 63);
    got_free(&g);
    drop(path);
    free(b.p);
}

static void test_grid_fixed_format(void **state)
{
    (void)state;
    text_t b = {0};
    grid_plain(&b, 9);
    char *path = temp_text(&b);
    /* forced line format: nine rows are nine short lines */
    got_t g = read_one(path, SF_FORMAT_LINE, NULL);
    assert_int_equal(g.n, 9);
    for (size_t i = 0; i < 9; i++)
        assert_invalid(&g, i, "expected 81 cells, found 9");
    assert_int_equal(g.first, SF_FORMAT_LINE);
    got_free(&g);
    /* a line-format file forced to grid: each long row is bad */
    text_t l = {0};
    char p[82];
    puzzle(1, p);
    tprintf(&l, "%s\n%s\n", p, p);
    char *lp = temp_text(&l);
    g = read_one(lp, SF_FORMAT_GRID, NULL);
    assert_int_equal(g.n, 1);
    assert_invalid(&g, 0, "grid row 1 has 81 cells");
    got_free(&g);
    drop(path);
    drop(lp);
    free(b.p);
    free(l.p);
}

/* -------------------------------------------------------------------- csv */

static void test_csv_quoting(void **state)
{
    (void)state;
    char p[3][82], s[82];
    text_t b = {0};
    for (unsigned k = 0; k < 3; k++)
        puzzle(k + 10, p[k]);
    puzzle(99, s);
    tputs(&b, "id,comment,puzzle,solution\r\n");
    tprintf(&b, "1,\"hello, world\",%s,%s\r\n", p[0], s);          /* line 2 */
    tprintf(&b, "2,\"two\r\nlines, \"\"quoted\"\"\",\"%s\",%s\r\n", p[1], s); /* 3-4 */
    tputs(&b, "# a comment between records\r\n");
    tprintf(&b, "3,\"\n\n#not a comment\",  %s  ,x", p[2]);           /* 6-8 */
    char *path = temp_text(&b);
    got_t g = read_one(path, SF_FORMAT_AUTO, NULL);
    assert_int_equal(g.rc, 0);
    assert_int_equal(g.first, SF_FORMAT_CSV);
    assert_int_equal(g.n, 3);
    for (size_t i = 0; i < 3; i++)
        assert_puzzle(&g, i, p[i]);
    assert_int_equal(g.v[0].line, 2);
    assert_int_equal(g.v[1].line, 3);
    assert_int_equal(g.v[2].line, 6);
    char want[512];
    snprintf(want, sizeof want, "2,\"two\r\nlines, \"\"quoted\"\"\",\"%s\",%s",
             p[1], s);
    assert_string_equal(g.v[1].text, want);
    snprintf(want, sizeof want, "3,\"\n\n#not a comment\",  %s  ,x", p[2]);
    assert_string_equal(g.v[2].text, want);
    got_free(&g);
    drop(path);
    free(b.p);
}

/* A csv file with a header and records of (quiz, solution) in the columns
 * named by layout; returns the path. */
static char *csv_file(const char *header, int quiz_col, int sol_col,
                      int ncols, unsigned n)
{
    text_t b = {0};
    char p[82], s[82];
    tprintf(&b, "%s\n", header);
    for (unsigned k = 0; k < n; k++) {
        puzzle(k, p);
        puzzle(k + 1000, s);
        for (int c = 1; c <= ncols; c++) {
            const char *v = c == quiz_col ? p : c == sol_col ? s : "x";
            tprintf(&b, "%s%c", v, c == ncols ? '\n' : ',');
        }
    }
    char *path = temp_text(&b);
    free(b.p);
    return path;
}

static void test_csv_layouts(void **state)
{
    (void)state;
    char p[82], s[82];
    char *kaggle = csv_file("quizzes,solutions", 1, 2, 2, 5);
    char *bench = csv_file("source,question,answer,rating", 2, 3, 4, 5);
    char *plain = csv_file("a,b,c", 1, 3, 3, 5);
    char *upper = csv_file("Id,Rating,Puzzle", 3, 1, 3, 5);
    const char *files[] = {kaggle, bench, plain, upper};
    for (size_t f = 0; f < 4; f++) {
        got_t g = read_one(files[f], SF_FORMAT_AUTO, NULL);
        assert_int_equal(g.n, 5);
        for (unsigned k = 0; k < 5; k++) {
            puzzle(k, p);
            assert_puzzle(&g, k, p);
            assert_int_equal(g.v[k].line, k + 2);
        }
        got_free(&g);
    }
    /* --column by name (any case) and by number picks the solutions */
    const char *specs[] = {"answer", "ANSWER", "3"};
    for (size_t i = 0; i < 3; i++) {
        got_t g = read_one(bench, SF_FORMAT_AUTO, specs[i]);
        assert_int_equal(g.n, 5);
        for (unsigned k = 0; k < 5; k++) {
            puzzle(k + 1000, s);
            assert_puzzle(&g, k, s);
        }
        got_free(&g);
    }
    got_t g = read_one(kaggle, SF_FORMAT_AUTO, "1");
    puzzle(0, p);
    assert_puzzle(&g, 0, p);
    got_free(&g);
    for (size_t f = 0; f < 4; f++)
        drop((char *)files[f]);
}

static void test_csv_column_errors(void **state)
{
    (void)state;
    char *path = csv_file("quizzes,solutions", 1, 2, 2, 3);
    char *lines = csv_file("x", 1, 0, 1, 3);
    const char *const both[] = {lines, path};
    char want[600];
    got_t g = read_one(path, SF_FORMAT_AUTO, "rating");
    assert_int_equal(g.rc, -1);
    assert_int_equal(g.n, 0);
    assert_int_equal(g.err.code, SF_ERR_USAGE);
    snprintf(want, sizeof want, "%s: no column named 'rating'", path);
    assert_string_equal(g.err.message, want);
    got_free(&g);
    const char *bad_numbers[] = {"3", "0", "99999999999999999999999"};
    for (size_t i = 0; i < 3; i++) {
        g = read_one(path, SF_FORMAT_AUTO, bad_numbers[i]);
        assert_int_equal(g.rc, -1);
        assert_int_equal(g.err.code, SF_ERR_USAGE);
        snprintf(want, sizeof want,
                 "%s: column %s out of range (the header has 2 columns)", path,
                 bad_numbers[i]);
        assert_string_equal(g.err.message, want);
        got_free(&g);
    }
    /* a file without the column after one that reads fine: the records of
     * the first come first, then the error */
    g = read_all(both, 2, SF_FORMAT_CSV, "x", 1000);
    assert_int_equal(g.n, 3);
    assert_int_equal(g.rc, -1);
    snprintf(want, sizeof want, "%s: no column named 'x'", path);
    assert_string_equal(g.err.message, want);
    got_free(&g);
    drop(path);
    drop(lines);
}

static void test_csv_invalid_records(void **state)
{
    (void)state;
    char p[82];
    text_t b = {0};
    puzzle(3, p);
    tputs(&b, "source,quiz,answer\n");
    tprintf(&b, "a,%s,x\n", p);         /* 2: fine */
    tputs(&b, "only one field\n");    /* 3: no puzzle field */
    tprintf(&b, "b,%.80s,x\n", p);      /* 4: short */
    tprintf(&b, "c,%.80sx\n", p);       /* 5: bad character */
    tprintf(&b, "d,\"%s\n", p);         /* 6: quote never closed ... */
    tprintf(&b, "e,%s,x\n", p);         /* 7: ... so reading resumes here */
    char *path = temp_text(&b);
    got_t g = read_one(path, SF_FORMAT_AUTO, NULL);
    assert_int_equal(g.n, 6);
    assert_puzzle(&g, 0, p);
    assert_invalid(&g, 1, "missing puzzle field");
    assert_invalid(&g, 2, "puzzle field has 80 cells");
    assert_invalid(&g, 3, "bad character 'x'");
    assert_invalid(&g, 4, "unterminated quote");
    assert_puzzle(&g, 5, p);
    for (size_t i = 0; i < 6; i++)
        assert_int_equal(g.v[i].line, i + 2);
    char want[128];
    snprintf(want, sizeof want, "d,\"%s", p);
    assert_string_equal(g.v[4].text, want);
    got_free(&g);
    drop(path);
    free(b.p);
}

static void test_csv_byte_order_mark(void **state)
{
    (void)state;
    char p[82];
    text_t b = {0};
    puzzle(5, p);
    tprintf(&b, "\xef\xbb\xbfpuzzle,id\r\n%s,1\r\n", p);
    char *path = temp_text(&b);
    got_t g = read_one(path, SF_FORMAT_AUTO, "puzzle");
    assert_int_equal(g.rc, 0);
    assert_int_equal(g.n, 1);
    assert_puzzle(&g, 0, p);
    got_free(&g);
    text_t l = {0};
    tprintf(&l, "\xef\xbb\xbf%s\n%s\n", p, p);
    char *lpath = temp_text(&l);
    g = read_one(lpath, SF_FORMAT_AUTO, NULL);
    assert_int_equal(g.n, 2);
    assert_puzzle(&g, 0, p);
    assert_string_equal(g.v[0].text, p);
    assert_int_equal(g.first, SF_FORMAT_LINE);
    got_free(&g);
    drop(path);
    drop(lpath);
    free(b.p);
    free(l.p);
}

/* ------------------------------------------------------ several files, gzip */

static void test_several_files(void **state)
{
    (void)state;
    char p[82];
    text_t a = {0}, b = {0};
    puzzle(1, p);
    tprintf(&a, "#\n%s\n%s\n", p, p);
    grid_framed(&b);
    tputs(&b, "\n");
    grid_plain(&b, 9);
    char *pa = temp_text(&a), *pb = temp_text(&b);
    char *pc = csv_file("quizzes,solutions", 1, 2, 2, 2);
    char *pe = temp_file("", 0);
    const char *const paths[] = {pe, pa, pb, pc, pa};
    got_t g = read_all(paths, 5, SF_FORMAT_AUTO, NULL, 1000);
    assert_int_equal(g.rc, 0);
    assert_int_equal(g.n, 8);
    const uint32_t files[8] = {1, 1, 2, 2, 3, 3, 4, 4};
    const uint64_t lines[8] = {2, 3, 2, 15, 2, 3, 2, 3};
    for (size_t i = 0; i < 8; i++) {
        assert_int_equal(g.v[i].file, files[i]);
        assert_int_equal(g.v[i].line, lines[i]);
        assert_int_equal(g.v[i].invalid, 0);
    }
    assert_puzzle(&g, 2, grid_cells());
    puzzle(1, p);
    assert_puzzle(&g, 5, p);
    assert_int_equal(g.first, SF_FORMAT_LINE); /* the empty file has none */
    assert_int_equal(g.total, g.done);
    assert_true(g.total > 2 * a.n + b.n + 2 * 164);
    got_free(&g);

    sf_reader_t *r = sf_reader_new(paths, 5, NULL);
    assert_non_null(r);
    assert_string_equal(sf_reader_file_name(r, 1), pa);
    assert_string_equal(sf_reader_file_name(r, 3), pc);
    assert_null(sf_reader_file_name(r, 5));
    assert_int_equal(sf_reader_first_format(r), SF_FORMAT_AUTO);
    assert_int_equal(sf_reader_bytes_done(r), 0);
    sf_reader_free(r);
    drop(pa);
    drop(pb);
    drop(pc);
    drop(pe);
    free(a.p);
    free(b.p);
}

/* n numbered line-format puzzles, one per line. */
static void puzzle_lines(text_t *b, unsigned from, unsigned n)
{
    char p[82];
    for (unsigned k = from; k < from + n; k++) {
        puzzle(k, p);
        tprintf(b, "%s,%u\n", p, k);
    }
}

static void assert_puzzle_lines(const got_t *g, unsigned n)
{
    char p[82];
    assert_int_equal(g->n, n);
    for (unsigned k = 0; k < n; k++) {
        puzzle(k, p);
        assert_puzzle(g, k, p);
        assert_int_equal(g->v[k].line, k + 1);
    }
}

/* Plain text then gzip members in one file, as `cat a.txt b.gz` makes:
 * the members are inflated, also when the gzip magic is cut by a read
 * block (the text is 1 MiB minus 0..4 bytes long), and a member ends a
 * last text line without a newline.  Text after gzip data stays an error. */
static void test_plain_then_gzip(void **state)
{
    (void)state;
    text_t text = {0}, all = {0};
    puzzle_lines(&text, 0, 2000);
    const size_t block = 1u << 20;
    for (size_t cut = 0; cut < 5; cut++) {
        all.n = 0;
        /* filler comments, then puzzles 0..9, ending cut bytes before the
         * block edge */
        text_t tail = {0};
        puzzle_lines(&tail, 0, 10);
        while (all.n + 100 < block - cut - tail.n)
            tputs(&all, "# filler .................................."
                        "...........................................\n");
        while (all.n < block - cut - tail.n)
            tputs(&all, "#\n");
        tput(&all, tail.p, tail.n);
        free(tail.p);
        /* the rest of the puzzles as two members */
        size_t at = 0;
        for (unsigned k = 0; k < 10; k++)
            at = (size_t)(strchr(text.p + at, '\n') - text.p) + 1;
        text_t z = {0};
        gz_member(&z, text.p + at, 5000);
        gz_member(&z, text.p + at + 5000, text.n - at - 5000);
        tput(&all, z.p, z.n);
        free(z.p);
        char *path = temp_text(&all);
        got_t g = read_one(path, SF_FORMAT_AUTO, NULL);
        assert_int_equal(g.rc, 0);
        assert_int_equal(g.n, 2000);
        char p[82];
        for (unsigned k = 0; k < 2000; k++) {
            puzzle(k, p);
            assert_puzzle(&g, k, p);
        }
        got_free(&g);
        drop(path);
    }
    /* no newline before the member: the line still ends there */
    all.n = 0;
    tput(&all, text.p, 81);
    text_t z = {0};
    const char *second = strchr(text.p, '\n') + 1;
    gz_member(&z, second, (size_t)(strchr(second, '\n') - second) + 1);
    tput(&all, z.p, z.n);
    char *path = temp_text(&all);
    got_t g = read_one(path, SF_FORMAT_AUTO, NULL);
    assert_int_equal(g.rc, 0);
    assert_int_equal(g.n, 2);
    char p[82];
    for (unsigned k = 0; k < 2; k++) {
        puzzle(k, p);
        assert_puzzle(&g, k, p);
    }
    got_free(&g);
    drop(path);
    /* gzip, then text: an error after the member's records */
    all.n = 0;
    tput(&all, z.p, z.n);
    tputs(&all, "not gzip\n");
    path = temp_text(&all);
    g = read_one(path, SF_FORMAT_AUTO, NULL);
    assert_int_equal(g.rc, -1);
    assert_int_equal(g.n, 1);
    assert_non_null(strstr(g.err.message, "trailing garbage"));
    got_free(&g);
    drop(path);
    free(z.p);
    free(all.p);
    free(text.p);
}

/* Both inflate back ends (the built-in decoder and zlib) give the same
 * records and the same error for every stream: whole, with each of many
 * single-bit flips (headers, block headers, data, trailers), and cut at
 * many offsets; also several members in one file. */
/* A quoted csv record is kept only when it closes within max_record
 * bytes, whatever the read boundaries: one that closes later is cut to its
 * first line ("unterminated quote") and the lines after it are read again,
 * the same from a plain file as from gzip (which reaches the reader in
 * other pieces). */
static void test_csv_span_bound(void **state)
{
    (void)state;
    const char *csv =
        "id,puzzle\n"
        "1,\"ab\ncd\"\n"
        "2,\"0123456789\n0123456789\n0123456789\n0123456789\"\n"
        "3,x\n";
    text_t plain = {0}, gz = {0};
    tputs(&plain, csv);
    gz_member(&gz, plain.p, plain.n);
    const char *paths[2] = {temp_text(&plain), temp_file(gz.p, gz.n)};
    got_t g[2];
    for (int k = 0; k < 2; k++) {
        const sf_reader_opts_t o = {.format = SF_FORMAT_CSV, .max_record = 30};
        g[k] = read_with(&paths[k], 1, &o, 1000);
        assert_int_equal(g[k].rc, 0);
    }
    assert_same(&g[0], &g[1]);
    /* record 1 spans two lines (9 bytes); record 2 would take 47 bytes:
     * its first line alone, then its other lines and record 3 */
    assert_int_equal(g[0].n, 6);
    assert_string_equal(g[0].v[0].text, "1,\"ab\ncd\"");
    assert_invalid(&g[0], 1, "unterminated quote");
    assert_string_equal(g[0].v[1].text, "2,\"0123456789");
    assert_int_equal(g[0].v[2].line, 5);
    assert_int_equal(g[0].v[5].line, 8);
    for (int k = 0; k < 2; k++) {
        got_free(&g[k]);
        drop((char *)paths[k]);
    }
    free(plain.p);
    free(gz.p);
}

static void test_backends_agree(void **state)
{
    (void)state;
    text_t text = {0}, gz = {0}, bad = {0};
    puzzle_lines(&text, 0, 400);
    gz_member_level(&gz, text.p, text.n / 2, 6, NULL);
    gz_member_level(&gz, text.p + text.n / 2, text.n - text.n / 2, 1, NULL);
    uint64_t seed = 77;
    for (int k = 0; k < 600; k++) {
        bad.n = 0;
        tput(&bad, gz.p, gz.n);
        if (k % 3 == 2) {
            bad.n = 1 + rnd_next(&seed) % gz.n; /* cut short */
        } else if (k > 0) {
            const size_t at = k % 3 ? rnd_next(&seed) % 64 /* headers */
                                    : rnd_next(&seed) % gz.n;
            bad.p[at] ^= (char)(1u << (rnd_next(&seed) % 8));
        }
        char *path = temp_text(&bad);
        const sf_reader_opts_t fast = {.inflate = 0}, zlib = {.inflate = 1};
        got_t a = read_with((const char *const *)&path, 1, &fast, 97);
        got_t b = read_with((const char *const *)&path, 1, &zlib, 97);
        assert_int_equal(a.rc, b.rc);
        assert_same(&a, &b);
        assert_string_equal(a.err.message, b.err.message);
        if (k == 0)
            assert_int_equal(a.n, 400);
        got_free(&a);
        got_free(&b);
        drop(path);
    }
    free(text.p);
    free(gz.p);
    free(bad.p);
}

static void test_gzip(void **state)
{
    (void)state;
    text_t text = {0}, gz = {0}, cat = {0}, pad = {0};
    puzzle_lines(&text, 0, 3000);
    gz_member(&gz, text.p, text.n);
    /* members split in the middle of a line, as `cat a.gz b.gz` gives */
    gz_member(&cat, text.p, 1000);
    gz_member(&cat, text.p + 1000, 50000);
    gz_member(&cat, "", 0);
    gz_member(&cat, text.p + 51000, text.n - 51000);
    tput(&pad, gz.p, gz.n);
    char zeros[3000] = {0};
    tput(&pad, zeros, sizeof zeros);
    char *paths[3] = {temp_file(gz.p, gz.n), temp_file(cat.p, cat.n),
                      temp_file(pad.p, pad.n)};
    const uint64_t sizes[3] = {gz.n, cat.n, pad.n};
    for (size_t i = 0; i < 3; i++) {
        got_t g = read_one(paths[i], SF_FORMAT_AUTO, NULL);
        assert_int_equal(g.rc, 0);
        assert_puzzle_lines(&g, 3000);
        assert_int_equal(g.done, sizes[i]);
        assert_int_equal(g.total, sizes[i]);
        got_free(&g);
        drop(paths[i]);
    }
    free(text.p);
    free(gz.p);
    free(cat.p);
    free(pad.p);
}

/* The number after "after line " or "near line " in msg. */
static unsigned long long line_in(const char *msg, const char *what)
{
    const char *at = strstr(msg, what);
    assert_non_null(at);
    return strtoull(at + strlen(what), NULL, 10);
}

static void test_gzip_damaged(void **state)
{
    (void)state;
    text_t text = {0}, gz = {0}, trail = {0};
    char want[600];
    puzzle_lines(&text, 0, 5000);
    gz_member(&gz, text.p, text.n);

    /* truncated: every complete line before the cut is a record */
    char *cut = temp_file(gz.p, gz.n / 2);
    got_t g = read_one(cut, SF_FORMAT_AUTO, NULL);
    assert_int_equal(g.rc, -1);
    assert_int_equal(g.err.code, SF_ERR_IO);
    snprintf(want, sizeof want, "%s: truncated gzip stream after line ", cut);
    assert_memory_equal(g.err.message, want, strlen(want));
    assert_true(g.n > 1000 && g.n < 5000);
    assert_int_equal(line_in(g.err.message, "after line "), g.n);
    assert_puzzle_lines(&g, (unsigned)g.n);
    got_free(&g);

    /* corrupt: garbage in the middle of the deflate data */
    memset(gz.p + gz.n / 2, 0xa5, 64);
    char *bad = temp_file(gz.p, gz.n);
    g = read_one(bad, SF_FORMAT_AUTO, NULL);
    assert_int_equal(g.rc, -1);
    assert_int_equal(g.err.code, SF_ERR_IO);
    snprintf(want, sizeof want, "%s: corrupt gzip data (", bad);
    assert_memory_equal(g.err.message, want, strlen(want));
    assert_true(line_in(g.err.message, "near line ") >= 1);
    got_free(&g);

    /* trailing bytes that are neither a member nor zero padding */
    gz_member(&trail, "", 0);
    tput(&trail, "\0\0junk", 6);
    char *tr = temp_file(trail.p, trail.n);
    g = read_one(tr, SF_FORMAT_AUTO, NULL);
    assert_int_equal(g.rc, -1);
    assert_int_equal(g.n, 0);
    snprintf(want, sizeof want,
             "%s: trailing garbage after gzip data (after line 0)", tr);
    assert_string_equal(g.err.message, want);
    got_free(&g);

    /* only the magic */
    char *magic = temp_file("\x1f\x8b", 2);
    g = read_one(magic, SF_FORMAT_AUTO, NULL);
    assert_int_equal(g.rc, -1);
    assert_int_equal(g.err.code, SF_ERR_IO);
    got_free(&g);
    drop(cut);
    drop(bad);
    drop(tr);
    drop(magic);
    free(text.p);
    free(gz.p);
    free(trail.p);
}

/* A gzip file whose first header is damaged gives no record, only the
 * error. */
static void assert_bad_header(const text_t *b)
{
    char want[600];
    char *path = temp_file(b->p, b->n);
    got_t g = read_one(path, SF_FORMAT_AUTO, NULL);
    assert_int_equal(g.rc, -1);
    assert_int_equal(g.n, 0);
    snprintf(want, sizeof want, "%s: corrupt gzip data (", path);
    assert_memory_equal(g.err.message, want, strlen(want));
    got_free(&g);
    drop(path);
}

/* The trailer's CRC-32 and length are checked, and a member that stops
 * short of its last byte is truncated even when all of its content is out
 * (a decoder may hold the last bytes in its bit buffer). */
static void test_gzip_trailer(void **state)
{
    (void)state;
    text_t text = {0}, gz = {0};
    char want[600];
    puzzle_lines(&text, 0, 3000);
    gz_member(&gz, text.p, text.n);
    for (size_t k = 0; k <= 12; k++) {
        char *path = temp_file(gz.p, gz.n - k);
        got_t g = read_one(path, SF_FORMAT_AUTO, NULL);
        if (k == 0) {
            assert_int_equal(g.rc, 0);
            assert_puzzle_lines(&g, 3000);
        } else {
            assert_int_equal(g.rc, -1);
            snprintf(want, sizeof want,
                     "%s: truncated gzip stream after line ", path);
            assert_memory_equal(g.err.message, want, strlen(want));
            assert_int_equal(line_in(g.err.message, "after line "), g.n);
            assert_puzzle_lines(&g, (unsigned)g.n);
            if (k <= 8) /* only the trailer is cut */
                assert_int_equal(g.n, 3000);
        }
        got_free(&g);
        drop(path);
    }
    /* one flipped bit in each byte of the CRC-32, then of the length: every
     * line comes out, then the error */
    for (size_t k = 1; k <= 8; k++) {
        gz.p[gz.n - k] ^= 0x10;
        char *path = temp_file(gz.p, gz.n);
        gz.p[gz.n - k] ^= 0x10;
        got_t g = read_one(path, SF_FORMAT_AUTO, NULL);
        assert_int_equal(g.rc, -1);
        assert_int_equal(g.err.code, SF_ERR_IO);
        snprintf(want, sizeof want, "%s: corrupt gzip data (", path);
        assert_memory_equal(g.err.message, want, strlen(want));
        assert_puzzle_lines(&g, 3000);
        assert_int_equal(line_in(g.err.message, "near line "), 3001);
        got_free(&g);
        drop(path);
    }
    /* header: a method other than deflate, a reserved flag, a bad header
     * CRC (FHCRC set and two bytes after the fixed header) */
    text_t hc = {0};
    tput(&hc, gz.p, 10);
    hc.p[3] |= 0x02;
    tput(&hc, "\x12\x34", 2);
    tput(&hc, gz.p + 10, gz.n - 10);
    assert_bad_header(&hc);
    gz.p[2] = 7;
    assert_bad_header(&gz);
    gz.p[2] = 8;
    gz.p[3] |= 0x20;
    assert_bad_header(&gz);
    free(text.p);
    free(gz.p);
    free(hc.p);
}

/* The end of one member and the start of the next on every byte around
 * the edge of the first 1 MiB read: a stored member of adjustable size
 * moves a deflated one's deflate end, trailer and the next header (with
 * every optional field) across it.  Every record comes out and every byte
 * counts as read. */
static void test_gzip_member_on_read_edge(void **state)
{
    (void)state;
    const size_t edge = (size_t)1 << 20;
    text_t text = {0}, more = {0}, mid = {0}, last = {0};
    gz_header hdr;
    memset(&hdr, 0, sizeof hdr);
    hdr.extra = (Bytef *)"AB\x02\x00xy";
    hdr.extra_len = 6;
    hdr.name = (Bytef *)"puzzles.txt";
    hdr.comment = (Bytef *)"sudoku";
    hdr.hcrc = 1; /* header: 10 + 2 + 6 + 12 + 7 + 2 = 39 bytes */
    puzzle_lines(&text, 0, 3000);
    puzzle_lines(&more, 3000, 100);
    gz_member(&mid, text.p, text.n);
    gz_member_level(&last, more.p, more.n, 6, &hdr);
    assert_true(mid.n < edge / 2);
    char *pad = malloc(edge);
    assert_non_null(pad);
    memset(pad, 'x', edge);
    pad[0] = '#';
    for (long d = -44; d <= 12; d++) {
        /* a comment line whose stored member ends at edge + d - mid.n */
        const size_t target = (size_t)((long)edge + d) - mid.n;
        size_t len = target - 40;
        text_t file = {0};
        for (int tries = 0; tries < 8; tries++) {
            file.n = 0;
            pad[len - 1] = '\n';
            gz_member_level(&file, pad, len, 0, NULL);
            pad[len - 1] = 'x';
            if (file.n == target)
                break;
            len = len + target - file.n;
        }
        assert_int_equal(file.n, target);
        tput(&file, mid.p, mid.n);
        tput(&file, last.p, last.n);
        char *path = temp_file(file.p, file.n);
        got_t g = read_one(path, SF_FORMAT_AUTO, NULL);
        assert_int_equal(g.rc, 0);
        assert_int_equal(g.n, 3100);
        for (unsigned k = 0; k < 3100; k++) {
            char p[82];
            puzzle(k, p);
            assert_puzzle(&g, k, p);
            assert_int_equal(g.v[k].line, k + 2);
        }
        assert_int_equal(g.done, file.n);
        got_free(&g);
        drop(path);
        free(file.p);
    }
    free(pad);
    free(text.p);
    free(more.p);
    free(mid.p);
    free(last.p);
}

static void test_missing_file(void **state)
{
    (void)state;
    text_t text = {0};
    puzzle_lines(&text, 0, 10);
    char *good = temp_text(&text);
    const char *const paths[] = {good, "/nonexistent/nosuch.txt", good};
    got_t g = read_all(paths, 3, SF_FORMAT_AUTO, NULL, 4);
    assert_int_equal(g.rc, -1);
    assert_puzzle_lines(&g, 10);
    assert_int_equal(g.err.code, SF_ERR_IO);
    assert_string_equal(g.err.message,
                        "/nonexistent/nosuch.txt: No such file or directory");
    assert_int_equal(g.total, 0);
    got_free(&g);
    const char *const dir[] = {"/tmp"};
    g = read_all(dir, 1, SF_FORMAT_AUTO, NULL, 4);
    assert_int_equal(g.rc, -1);
    assert_string_equal(g.err.message, "/tmp: Is a directory");
    got_free(&g);
    drop(good);
    free(text.p);
}

static void test_stdin(void **state)
{
    (void)state;
    text_t text = {0}, gz = {0};
    puzzle_lines(&text, 0, 200);
    gz_member(&gz, text.p, text.n);
    char *path = temp_file(gz.p, gz.n);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    const int saved = dup(STDIN_FILENO);
    assert_true(saved >= 0);
    assert_true(dup2(fileno(f), STDIN_FILENO) >= 0);
    got_t g = read_all(NULL, 0, SF_FORMAT_AUTO, NULL, 64);
    assert_true(dup2(saved, STDIN_FILENO) >= 0);
    close(saved);
    fclose(f);
    assert_int_equal(g.rc, 0);
    assert_puzzle_lines(&g, 200);
    assert_int_equal(g.total, 0);
    assert_int_equal(g.done, gz.n);
    got_free(&g);
    const char *const dash[] = {"-"};
    sf_reader_t *r = sf_reader_new(dash, 1, NULL);
    assert_string_equal(sf_reader_file_name(r, 0), "<stdin>");
    assert_int_equal(sf_reader_bytes_total(r), 0);
    sf_reader_free(r);
    drop(path);
    free(text.p);
    free(gz.p);
}

/* ------------------------------------------------- chunks and read blocks */

static void test_chunk_sizes_agree(void **state)
{
    (void)state;
    text_t l = {0}, gr = {0}, cs = {0};
    puzzle_lines(&l, 0, 500);
    tputs(&l, "bad line\n\n# c\n");
    puzzle_lines(&l, 500, 500);
    for (int k = 0; k < 20; k++) {
        grid_plain(&gr, k % 3 ? 9 : 5);
        tputs(&gr, "\n");
    }
    tputs(&cs, "n,puzzle\n");
    for (unsigned k = 0; k < 100; k++) {
        char p[82];
        puzzle(k, p);
        tprintf(&cs, k % 7 ? "%u,%s\n" : "\"%u\n\",\"%s\"\n", k, p);
    }
    char *paths[3] = {temp_text(&l), temp_text(&gr), temp_text(&cs)};
    got_t whole = read_all((const char *const *)paths, 3, SF_FORMAT_AUTO,
                           NULL, (size_t)-1);
    assert_int_equal(whole.rc, 0);
    assert_int_equal(whole.n, 1001 + 20 + 100);
    const size_t maxes[] = {1, 2, 3, 7, 64};
    for (size_t i = 0; i < sizeof maxes / sizeof maxes[0]; i++) {
        got_t g = read_all((const char *const *)paths, 3, SF_FORMAT_AUTO, NULL,
                           maxes[i]);
        assert_same(&whole, &g);
        got_free(&g);
    }
    got_free(&whole);
    for (size_t i = 0; i < 3; i++)
        drop(paths[i]);
    free(l.p);
    free(gr.p);
    free(cs.p);
}

static void test_chunk_outlives_next_fill(void **state)
{
    (void)state;
    text_t text = {0};
    char p[82];
    puzzle_lines(&text, 0, 100);
    char *path = temp_text(&text);
    const char *const paths[] = {path};
    sf_reader_t *r = sf_reader_new(paths, 1, NULL);
    sf_chunk_t a, b;
    sf_error_t err;
    sf_chunk_init(&a);
    sf_chunk_init(&b);
    assert_int_equal(sf_reader_fill(r, &a, 10, &err), 10);
    assert_int_equal(sf_reader_fill(r, &b, 1000, &err), 90);
    assert_int_equal(sf_reader_fill(r, &b, 1000, &err), 0);
    assert_int_equal(sf_reader_fill(r, &b, 1000, &err), 0);
    for (unsigned k = 0; k < 10; k++) {
        puzzle(k, p);
        assert_memory_equal(a.text + a.recs[k].text_off, p, SF_CELLS);
    }
    sf_chunk_free(&a);
    sf_chunk_free(&b);
    sf_reader_free(r);
    drop(path);
    free(text.p);
}

/* The bytes done (for progress) follow the records handed out, never go
 * back, and reach the file's size at the end: plain and gzip (where they
 * are the compressed share of the content parsed), read a few records at
 * a time across the 1 MiB read blocks. */
static void test_bytes_done(void **state)
{
    (void)state;
    text_t b = {0}, gz = {0};
    char p[82];
    for (unsigned n = 0; b.n < 3000000; n++) {
        puzzle(n, p);
        tprintf(&b, "%s\n", p);
    }
    gz_member(&gz, b.p, b.n);
    char *paths[2] = {temp_text(&b), temp_file(gz.p, gz.n)};
    const uint64_t sizes[2] = {b.n, gz.n};
    for (int f = 0; f < 2; f++) {
        sf_reader_t *r = sf_reader_new((const char *const *)&paths[f], 1, NULL);
        assert_non_null(r);
        assert_int_equal(sf_reader_bytes_total(r), sizes[f]);
        sf_chunk_t c;
        sf_chunk_init(&c);
        uint64_t last = 0, records = 0;
        long got;
        while ((got = sf_reader_fill(r, &c, 7000, NULL)) > 0) {
            records += (uint64_t)got;
            const uint64_t done = sf_reader_bytes_done(r);
            assert_true(done >= last);
            if (f == 0) /* plain: exactly the records' lines */
                assert_int_equal(done, 82 * records);
            last = done;
        }
        assert_int_equal(got, 0);
        assert_int_equal(sf_reader_bytes_done(r), sizes[f]);
        sf_chunk_free(&c);
        sf_reader_free(r);
        drop(paths[f]);
    }
    free(b.p);
    free(gz.p);
}

static void test_read_blocks(void **state)
{
    (void)state;
    /* ~3.5 MiB: records of many lengths cross the 1 MiB read blocks, one
     * invalid line is 2.5 MiB long (too long by default: skipped, without
     * text; kept whole with a larger --max-record-bytes), and a multi-line
     * csv field sits on a block edge */
    text_t b = {0}, gz = {0};
    char p[82];
    unsigned n = 0;
    while (b.n < 1200000) {
        puzzle(n, p);
        tprintf(&b, "%s %*s\n", p, (int)(n % 97), "");
        n++;
    }
    char *huge = malloc(2621440);
    assert_non_null(huge);
    memset(huge, '7', 2621440);
    tput(&b, huge, 2621440);
    tputs(&b, "\r\n");
    free(huge);
    puzzle_lines(&b, 0, 3);
    char *path = temp_text(&b);
    gz_member(&gz, b.p, b.n);
    char *gzpath = temp_file(gz.p, gz.n);
    const char *files[2] = {path, gzpath};
    for (size_t f = 0; f < 4; f++) {
        const sf_reader_opts_t big = {.max_record = f < 2 ? 0 : 3 << 20};
        got_t g = read_with(&files[f % 2], 1, &big, 1000);
        assert_int_equal(g.rc, 0);
        assert_int_equal(g.n, n + 4);
        for (unsigned k = 0; k < n; k++) {
            puzzle(k, p);
            assert_puzzle(&g, k, p);
            assert_int_equal(g.v[k].len, 82 + k % 97);
        }
        assert_invalid(&g, n, f < 2 ? "record too long"
                                    : "expected 81 cells, found more than 255");
        assert_int_equal(g.v[n].len, f < 2 ? 0 : 2621440);
        assert_int_equal(g.v[n].line, n + 1);
        assert_int_equal(g.v[n + 3].line, n + 4);
        got_free(&g);
    }
    drop(path);
    drop(gzpath);
    free(gz.p);

    text_t c = {0};
    tputs(&c, "id,puzzle\n");
    n = 0;
    while (c.n < (1u << 20) - 40) {
        puzzle(n, p);
        tprintf(&c, "%u,%s\n", n++, p);
    }
    puzzle(n, p);
    tprintf(&c, "\"a\nfield\non\nlines\",%s\n", p);
    n++;
    for (unsigned k = 0; k < 20000; k++) {
        puzzle(n, p);
        tprintf(&c, "%u,%s\n", n++, p);
    }
    path = temp_text(&c);
    got_t g = read_one(path, SF_FORMAT_AUTO, NULL);
    assert_int_equal(g.n, n);
    for (unsigned k = 0; k < n; k++) {
        puzzle(k, p);
        assert_puzzle(&g, k, p);
    }
    got_free(&g);
    drop(path);
    free(b.p);
    free(c.p);
}

static void test_csv_runaway_quote(void **state)
{
    (void)state;
    /* a stray quote with more than a megabyte of lines after it: the
     * record is cut back to its own line and the rest is read as usual,
     * even though a quote far below would close it */
    text_t b = {0};
    char p[82];
    unsigned n = 0;
    tputs(&b, "id,puzzle\n");
    puzzle(0, p);
    tprintf(&b, "\"0,%s\n", p);
    while (b.n < (3u << 19)) {
        puzzle(++n, p);
        tprintf(&b, "%u,%s\n", n, p);
    }
    puzzle(0, p);
    tprintf(&b, "%u,%s\"\n", n + 1, p);
    char *path = temp_text(&b);
    got_t g = read_one(path, SF_FORMAT_AUTO, NULL);
    assert_int_equal(g.n, n + 2);
    assert_invalid(&g, 0, "unterminated quote");
    assert_invalid(&g, n + 1, "bad character '\"'");
    assert_int_equal(g.v[0].line, 2);
    for (unsigned k = 1; k <= n; k++) {
        puzzle(k, p);
        assert_puzzle(&g, k, p);
        assert_int_equal(g.v[k].line, k + 2);
    }
    got_free(&g);
    drop(path);
    free(b.p);
}

static void test_binary_junk(void **state)
{
    (void)state;
    /* random bytes with NULs, quotes, newlines and frame characters in
     * every format: records come out, nothing crashes */
    static const char spice[] = "\n\n\"\",|+-=# \r.123456789";
    text_t b = {0};
    uint32_t x = 2463534242u;
    for (size_t i = 0; i < 300000; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        const char ch = (x & 3) ? spice[(x >> 8) % (sizeof spice - 1)]
                                : (char)(x >> 16);
        tput(&b, &ch, 1);
    }
    char *path = temp_text(&b);
    const sf_format_t formats[] = {SF_FORMAT_AUTO, SF_FORMAT_LINE,
                                   SF_FORMAT_GRID, SF_FORMAT_CSV};
    for (size_t f = 0; f < 4; f++) {
        got_t g = read_all((const char *const *)&path, 1, formats[f], NULL, 5);
        /* or a usage error: read as csv, its header names no puzzle
         * column and the first record has none in column 1 */
        assert_true(g.rc == 0 || g.err.code == SF_ERR_IO ||
                    (g.err.code == SF_ERR_USAGE &&
                     strstr(g.err.message, "--column")));
        got_free(&g);
    }
    /* junk behind a gzip magic is corrupt gzip */
    b.p[0] = 0x1f;
    b.p[1] = (char)0x8b;
    char *gzpath = temp_text(&b);
    got_t g = read_one(gzpath, SF_FORMAT_AUTO, NULL);
    assert_int_equal(g.rc, -1);
    assert_int_equal(g.err.code, SF_ERR_IO);
    got_free(&g);
    drop(path);
    drop(gzpath);
    free(b.p);
}

/* With no_text the records are the same, only without their text. */
static void test_no_text(void **state)
{
    (void)state;
    text_t line = {0}, grid = {0}, csv = {0};
    for (int i = 0; i < 300; i++)
        tprintf(&line, "%081d\n", i);
    tputs(&line, "short\n");
    for (int i = 0; i < 9; i++)
        tputs(&grid, "0 0 3 | 0 0 0 | 0 0 0\n");
    tputs(&csv, "quizzes,solutions\n");
    for (int i = 0; i < 50; i++)
        tprintf(&csv, "%081d,x\n", i);
    char *paths[3] = {temp_text(&line), temp_text(&grid), temp_text(&csv)};
    sf_reader_opts_t keep = {0}, drop = {0};
    drop.no_text = 1;
    sf_reader_t *a = sf_reader_new((const char *const *)paths, 3, &keep);
    sf_reader_t *b = sf_reader_new((const char *const *)paths, 3, &drop);
    sf_chunk_t ca, cb;
    sf_chunk_init(&ca);
    sf_chunk_init(&cb);
    sf_error_t err;
    long na, total = 0;
    while ((na = sf_reader_fill(a, &ca, 64, &err)) > 0) {
        assert_int_equal(sf_reader_fill(b, &cb, 64, &err), na);
        for (long i = 0; i < na; i++) {
            const sf_record_t *x = &ca.recs[i], *y = &cb.recs[i];
            assert_memory_equal(x->cells, y->cells, SF_CELLS);
            assert_int_equal(x->invalid, y->invalid);
            assert_int_equal(x->spaced, y->spaced);
            assert_int_equal(x->file, y->file);
            assert_int_equal(x->line, y->line);
            assert_true(x->text_len > 0);
            assert_int_equal(y->text_len, 0);
        }
        assert_int_equal(cb.text_len, 0);
        total += na;
    }
    assert_int_equal(na, 0);
    assert_int_equal(sf_reader_fill(b, &cb, 64, &err), 0);
    assert_int_equal(total, 352);
    sf_chunk_free(&ca);
    sf_chunk_free(&cb);
    sf_reader_free(a);
    sf_reader_free(b);
    for (int i = 0; i < 3; i++) {
        unlink(paths[i]);
        free(paths[i]);
    }
    tfree(&line);
    tfree(&grid);
    tfree(&csv);
}

/* ------------------------------------------------------------ csv headers */

/* The header of file i, as a string, or NULL; its length must agree. */
static const char *header_of(const sf_reader_t *r, uint32_t i)
{
    size_t len = 12345;
    const char *h = sf_reader_csv_header(r, i, &len);
    if (!h) {
        assert_int_equal(len, 0);
        assert_null(sf_reader_csv_header(r, i, NULL));
        return NULL;
    }
    assert_int_equal(len, strlen(h));
    assert_ptr_equal(sf_reader_csv_header(r, i, NULL), h);
    return h;
}

/* Read r one record at a time; after record k (0-based) call
 * check(r, k, the record's file).  Returns the number of records. */
static long fill_singly(sf_reader_t *r,
                        void (*check)(const sf_reader_t *, long, uint32_t))
{
    sf_chunk_t c;
    sf_error_t err;
    long k = 0;
    sf_chunk_init(&c);
    while (sf_reader_fill(r, &c, 1, &err) == 1)
        check(r, k++, c.recs[0].file);
    assert_int_equal(err.code, 0);
    sf_chunk_free(&c);
    return k;
}

/* Files of test_csv_header_files: csv (2 records), line, csv with a
 * quoted header over two lines and CRLF ends (1 record; the header keeps
 * the line break inside its quotes), gzip csv with a byte order mark
 * (3 records).  A header is there from its file's first record on. */
static const char *const header_a = "quizzes,solutions";
static const char *const header_c = "puzzle ,\"id\r\nnumber\",x";
static const char *const header_d = "source,question,answer,rating";

static void check_headers(const sf_reader_t *r, long k, uint32_t file)
{
    static const uint32_t files[] = {0, 0, 1, 2, 3, 3, 3};
    assert_true(k < 7);
    assert_int_equal(file, files[k]);
    assert_string_equal(header_of(r, 0), header_a);
    assert_null(header_of(r, 1));
    if (file >= 2)
        assert_string_equal(header_of(r, 2), header_c);
    else
        assert_null(header_of(r, 2));
    if (file >= 3)
        assert_string_equal(header_of(r, 3), header_d);
    else
        assert_null(header_of(r, 3));
    assert_null(header_of(r, 4));
}

static void test_csv_header_files(void **state)
{
    (void)state;
    char p[82];
    text_t c = {0}, d = {0}, dz = {0};
    puzzle(3, p);
    tprintf(&c, "# note\r\n\r\n%s\r\n%s,7,y\r\n", header_c, p);
    tprintf(&d, "\xef\xbb\xbf%s\n", header_d);
    for (int k = 0; k < 3; k++)
        tprintf(&d, "s,%s,,%d\n", p, k);
    gz_member(&dz, d.p, d.n);
    char *a = csv_file(header_a, 1, 2, 2, 2);
    text_t b = {0};
    tprintf(&b, "%s\n", p);
    char *paths[4] = {a, temp_text(&b), temp_text(&c),
                      temp_file(dz.p, dz.n)};
    sf_reader_t *r = sf_reader_new((const char *const *)paths, 4, NULL);
    assert_non_null(r);
    for (uint32_t i = 0; i < 5; i++)
        assert_null(header_of(r, i)); /* nothing read yet */
    assert_int_equal(fill_singly(r, check_headers), 7);
    check_headers(r, 6, 3); /* still there at the end */
    sf_reader_free(r);
    /* a fixed format reads the header the same way; a file read as line
     * format has none even when it looks like csv */
    const sf_reader_opts_t as_line = {.format = SF_FORMAT_LINE};
    r = sf_reader_new((const char *const *)paths, 1, &as_line);
    sf_chunk_t ch;
    sf_error_t err;
    sf_chunk_init(&ch);
    assert_int_equal(sf_reader_fill(r, &ch, 100, &err), 3);
    assert_null(header_of(r, 0));
    sf_reader_free(r);
    sf_chunk_free(&ch);
    for (int i = 0; i < 4; i++)
        drop(paths[i]);
    tfree(&b);
    tfree(&c);
    tfree(&d);
    tfree(&dz);
}

/* Standard input (gzip, CRLF), and a csv file with a header and no
 * records: its header is read though no record follows. */
static void test_csv_header_stdin(void **state)
{
    (void)state;
    char p[82];
    text_t text = {0}, gz = {0};
    puzzle(8, p);
    tprintf(&text, "quiz,\"a,b\"\r\n%s,1\r\n%s,2\r\n", p, p);
    gz_member(&gz, text.p, text.n);
    char *path = temp_file(gz.p, gz.n);
    char *only = temp_file("puzzle,id\n", 10);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    const int saved = dup(STDIN_FILENO);
    assert_true(saved >= 0);
    assert_true(dup2(fileno(f), STDIN_FILENO) >= 0);
    const char *const paths[] = {only, "-"};
    sf_reader_t *r = sf_reader_new(paths, 2, NULL);
    sf_chunk_t c;
    sf_error_t err;
    sf_chunk_init(&c);
    assert_int_equal(sf_reader_fill(r, &c, 100, &err), 2);
    assert_int_equal(c.recs[0].file, 1);
    assert_int_equal(sf_reader_fill(r, &c, 100, &err), 0);
    assert_true(dup2(saved, STDIN_FILENO) >= 0);
    close(saved);
    fclose(f);
    assert_string_equal(header_of(r, 0), "puzzle,id");
    assert_string_equal(header_of(r, 1), "quiz,\"a,b\"");
    assert_int_equal(sf_reader_first_format(r), SF_FORMAT_CSV);
    sf_chunk_free(&c);
    sf_reader_free(r);
    drop(path);
    drop(only);
    tfree(&text);
    tfree(&gz);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_text),
        cmocka_unit_test(test_line_crlf_comments),
        cmocka_unit_test(test_line_invalid_records),
        cmocka_unit_test(test_grid_styles),
        cmocka_unit_test(test_grid_several),
        cmocka_unit_test(test_grid_malformed_then_good),
        cmocka_unit_test(test_grid_fixed_format),
        cmocka_unit_test(test_csv_quoting),
        cmocka_unit_test(test_csv_layouts),
        cmocka_unit_test(test_csv_column_errors),
        cmocka_unit_test(test_csv_invalid_records),
        cmocka_unit_test(test_csv_byte_order_mark),
        cmocka_unit_test(test_several_files),
        cmocka_unit_test(test_csv_header_files),
        cmocka_unit_test(test_csv_header_stdin),
        cmocka_unit_test(test_gzip),
        cmocka_unit_test(test_backends_agree),
        cmocka_unit_test(test_csv_span_bound),
        cmocka_unit_test(test_plain_then_gzip),
        cmocka_unit_test(test_gzip_damaged),
        cmocka_unit_test(test_gzip_trailer),
        cmocka_unit_test(test_gzip_member_on_read_edge),
        cmocka_unit_test(test_missing_file),
        cmocka_unit_test(test_stdin),
        cmocka_unit_test(test_chunk_sizes_agree),
        cmocka_unit_test(test_chunk_outlives_next_fill),
        cmocka_unit_test(test_read_blocks),
        cmocka_unit_test(test_bytes_done),
        cmocka_unit_test(test_csv_runaway_quote),
        cmocka_unit_test(test_binary_junk),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
