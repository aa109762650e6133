/*
 * test_format.c -- output records (format.c): field lists, the header line,
 * line output with every field and its CSV quoting, grid output in both
 * styles, and the growable buffer they are written into.
 *
 * Expected text is assembled here field by field from the record and the
 * outcome, independently of the formatter; quoted `line` fields are also
 * read back with the library's CSV splitter, which must return the original
 * text.  After every call the buffer's length must stay within its
 * capacity, so a formatter that writes past the room it reserved fails
 * here even without a sanitizer (see out_buffer).  Job output (the
 * sf_out_* field writers) is checked the same way.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "io/format.h"
#include "sudoflow.h"
#include "testutil.h"

/* ------------------------------------------------------------- helpers */

/* A valid solved grid: the classic shifted pattern. */
static void base_grid(uint8_t g[SF_CELLS])
{
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            g[9 * r + c] = (uint8_t)((r * 3 + r / 3 + c) % 9 + 1);
}

/* Random cells 0..9 (about a third empty). */
static void random_cells(uint64_t *s, uint8_t cells[SF_CELLS])
{
    for (int i = 0; i < SF_CELLS; i++) {
        const unsigned v = (unsigned)(rnd_next(s) % 14);
        cells[i] = (uint8_t)(v < 10 ? v : 0);
    }
}

/* Cells as 81 characters, empty shown as `empty`. */
static void cells_text(const uint8_t *cells, char empty, char out[82])
{
    for (int i = 0; i < SF_CELLS; i++)
        out[i] = cells[i] ? (char)('0' + cells[i]) : empty;
    out[SF_CELLS] = '\0';
}

static void tputu(text_t *t, uint64_t v)
{
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)v);
    tputs(t, tmp);
}

static out_layout_t line_layout(const sf_field_t *fields, int n,
                                const char *sep)
{
    out_layout_t lay;
    memset(&lay, 0, sizeof lay);
    lay.kind = SF_FORMAT_LINE;
    memcpy(lay.fields, fields, (size_t)n * sizeof *fields);
    lay.nfields = n;
    lay.sep = sep;
    lay.sep_len = strlen(sep);
    return lay;
}

static out_layout_t grid_layout(void)
{
    out_layout_t lay;
    memset(&lay, 0, sizeof lay);
    lay.kind = SF_FORMAT_GRID;
    lay.sep = ",";
    lay.sep_len = 1;
    return lay;
}

/* A record over `text`, whose cells are `cells`. */
static sf_record_t make_record(const uint8_t *cells, const char *text,
                               int invalid, int spaced)
{
    sf_record_t rec;
    memset(&rec, 0, sizeof rec);
    if (cells)
        memcpy(rec.cells, cells, SF_CELLS);
    rec.invalid = (uint8_t)invalid;
    rec.spaced = (uint8_t)spaced;
    rec.line = 1;
    rec.text_len = (uint32_t)strlen(text);
    rec.why = invalid ? "bad" : NULL;
    return rec;
}

static outcome_t make_outcome(const uint8_t *solution, sf_status_t status,
                              uint64_t count, uint64_t guesses, uint64_t ns)
{
    outcome_t oc;
    memset(&oc, 0, sizeof oc);
    if (solution)
        memcpy(oc.solution, solution, SF_CELLS);
    oc.status = status;
    oc.count = count;
    oc.guesses = guesses;
    oc.ns = ns;
    return oc;
}

/* Format one record into a fresh buffer and return its text (malloc'd,
 * NUL-terminated).  Checks the length stays within the capacity. */
static char *format_one(const out_layout_t *lay, const sf_record_t *rec,
                        const char *text, const outcome_t *oc, uint64_t index)
{
    sbuf_t b = {0};
    assert_int_equal(fmt_record(lay, rec, rec->cells, text, oc, index, &b), 0);
    assert_true(b.len <= b.cap);
    char *s = malloc(b.len + 1);
    assert_non_null(s);
    if (b.len)
        memcpy(s, b.p, b.len);
    s[b.len] = '\0';
    sbuf_free(&b);
    return s;
}

/* Text one field should produce, as the tests understand the contract. */
static void expect_field(text_t *t, sf_field_t f, const sf_record_t *rec,
                         const char *text, const outcome_t *oc)
{
    char cells[82];
    switch (f) {
    case SF_FIELD_PUZZLE:
        if (!rec->invalid) {
            cells_text(rec->cells, '.', cells);
            tputs(t, cells);
        }
        break;
    case SF_FIELD_SOLUTION:
        if (oc->count) {
            cells_text(oc->solution, '0', cells);
            tputs(t, cells);
        }
        break;
    case SF_FIELD_STATUS: {
        static const char *const names[] = {"solved", "unique", "multiple",
                                            "unsolvable", "invalid"};
        tputs(t, names[oc->status]);
        break;
    }
    case SF_FIELD_COUNT: tputu(t, oc->count); break;
    case SF_FIELD_GUESSES: tputu(t, oc->guesses); break;
    case SF_FIELD_NS: tputu(t, oc->ns); break;
    case SF_FIELD_LINE: tput(t, text, rec->text_len); break; /* unquoted */
    default: fail();
    }
}

/* ------------------------------------------------------------ field list */

static void test_field_names_round_trip(void **state)
{
    (void)state;
    static const char *const want[SF_NFIELDS] = {
        "puzzle", "solution", "status", "count", "guesses", "ns", "line"};
    char list[256] = "";
    for (int f = 0; f < SF_NFIELDS; f++) {
        assert_string_equal(sf_field_name((sf_field_t)f), want[f]);
        if (f)
            strcat(list, ",");
        strcat(list, want[SF_NFIELDS - 1 - f]);
    }
    assert_string_equal(sf_field_name(SF_NFIELDS), "?");
    assert_string_equal(sf_field_name((sf_field_t)-1), "?");

    sf_field_t fields[SF_MAX_FIELDS];
    const char *bad = NULL;
    assert_int_equal(sf_fields_parse(list, fields, &bad), SF_NFIELDS);
    for (int f = 0; f < SF_NFIELDS; f++)
        assert_int_equal(fields[f], SF_NFIELDS - 1 - f);

    assert_int_equal(sf_fields_parse("status", fields, &bad), 1);
    assert_int_equal(fields[0], SF_FIELD_STATUS);
}

/* sf_fields_parse must fail on list, pointing at offset at. */
static void expect_bad_list(const char *list, size_t at)
{
    sf_field_t fields[SF_MAX_FIELDS];
    const char *bad = NULL;
    assert_int_equal(sf_fields_parse(list, fields, &bad), -1);
    assert_ptr_equal(bad, list + at);
}

static void test_field_list_errors(void **state)
{
    (void)state;
    expect_bad_list("bogus", 0);
    expect_bad_list("solution,bogus,status", 9);
    expect_bad_list("puzzle,solution,sol", 16);   /* a prefix is not a name */
    expect_bad_list("puzzle,solutions", 7);       /* nor is a longer word */
    expect_bad_list("", 0);                       /* empty list */
    expect_bad_list(",status", 0);                /* empty first name */
    expect_bad_list("status,", 7);                /* empty last name */
    expect_bad_list("status,,count", 7);          /* empty middle name */
    expect_bad_list("status count", 0);           /* spaces are not commas */
    expect_bad_list("ns,status,ns", 10);          /* a name named twice */

    /* With no name twice, a list never outgrows SF_MAX_FIELDS. */
    assert_true(SF_NFIELDS <= SF_MAX_FIELDS);
}

/* ---------------------------------------------------------------- header */

static void expect_header(const sf_field_t *fields, int n, const char *sep)
{
    const out_layout_t lay = line_layout(fields, n, sep);
    sbuf_t b = {0};
    assert_int_equal(sbuf_reserve(&b, 3), 0);
    memcpy(b.p, "abc", 3); /* the header is appended, not written over */
    b.len = 3;
    assert_int_equal(fmt_header(&lay, &b), 0);
    assert_true(b.len <= b.cap);
    text_t want = {0};
    tputs(&want, "abc");
    for (int i = 0; i < n; i++) {
        if (i)
            tputs(&want, sep);
        tputs(&want, sf_field_name(fields[i]));
    }
    tputs(&want, "\n");
    assert_int_equal(b.len, want.n);
    assert_memory_equal(b.p, want.p, want.n);
    tfree(&want);
    sbuf_free(&b);
}

static void test_header(void **state)
{
    (void)state;
    const sf_field_t all[] = {SF_FIELD_PUZZLE, SF_FIELD_SOLUTION,
                              SF_FIELD_STATUS, SF_FIELD_COUNT,
                              SF_FIELD_GUESSES, SF_FIELD_NS, SF_FIELD_LINE};
    const sf_field_t one[] = {SF_FIELD_SOLUTION};
    expect_header(all, 7, ",");
    expect_header(all, 7, "\t");
    expect_header(all, 7, " | ");
    expect_header(one, 1, ",");

    /* Many fields with a long separator: still within the buffer. */
    sf_field_t many[SF_MAX_FIELDS];
    for (int i = 0; i < SF_MAX_FIELDS; i++)
        many[i] = (sf_field_t)(i % SF_NFIELDS);
    expect_header(many, SF_MAX_FIELDS, "<-separator->");
}

/* ------------------------------------------------------------ line output */

/* Format rec/oc with the given fields and separator and compare with the
 * text assembled from the contract.  The line field is expected unquoted,
 * so only call this with text that needs no quotes. */
static void expect_line(const sf_field_t *fields, int n, const char *sep,
                        const sf_record_t *rec, const char *text,
                        const outcome_t *oc)
{
    const out_layout_t lay = line_layout(fields, n, sep);
    char *got = format_one(&lay, rec, text, oc, 5);
    text_t want = {0};
    for (int i = 0; i < n; i++) {
        if (i)
            tputs(&want, sep);
        expect_field(&want, fields[i], rec, text, oc);
    }
    tputs(&want, "\n");
    assert_string_equal(got, want.p);
    tfree(&want);
    free(got);
}

static void test_line_every_field(void **state)
{
    (void)state;
    const sf_field_t all[] = {SF_FIELD_PUZZLE, SF_FIELD_SOLUTION,
                              SF_FIELD_STATUS, SF_FIELD_COUNT,
                              SF_FIELD_GUESSES, SF_FIELD_NS, SF_FIELD_LINE};
    uint8_t grid[SF_CELLS], puzzle[SF_CELLS];
    base_grid(grid);
    memcpy(puzzle, grid, SF_CELLS);
    for (int i = 0; i < SF_CELLS; i += 3)
        puzzle[i] = 0;
    char text[82];
    cells_text(puzzle, '0', text);
    const sf_record_t rec = make_record(puzzle, text, 0, 0);
    const outcome_t oc = make_outcome(grid, SF_UNIQUE, 1, 12345,
                                      18446744073709551615ull);
    expect_line(all, 7, ",", &rec, text, &oc);
    expect_line(all, 7, "\t", &rec, text, &oc);
    expect_line(all, 7, " :: ", &rec, text, &oc);

    /* Spelled out once, so the assembled expectation is itself checked. */
    const sf_field_t some[] = {SF_FIELD_STATUS, SF_FIELD_COUNT,
                               SF_FIELD_GUESSES, SF_FIELD_NS};
    const out_layout_t lay = line_layout(some, 4, ";");
    const outcome_t oc2 = make_outcome(grid, SF_MULTIPLE, 2, 0, 7);
    char *got = format_one(&lay, &rec, text, &oc2, 0);
    assert_string_equal(got, "multiple;2;0;7\n");
    free(got);

    /* Each field alone, for every status, on random records. */
    uint64_t s = 42;
    for (int k = 0; k < 200; k++) {
        uint8_t cells[SF_CELLS], sol[SF_CELLS];
        random_cells(&s, cells);
        for (int i = 0; i < SF_CELLS; i++)
            sol[i] = (uint8_t)(rnd_next(&s) % 9 + 1);
        const sf_status_t st = (sf_status_t)(k % 4);
        const uint64_t count = st == SF_UNSOLVABLE ? 0 : 1 + (uint64_t)k % 3;
        const sf_record_t r = make_record(cells, "x", 0, k & 1);
        const outcome_t o = make_outcome(sol, st, count, rnd_next(&s) >> 20,
                                         rnd_next(&s));
        const sf_field_t f = (sf_field_t)(k % SF_NFIELDS);
        expect_line(&f, 1, ",", &r, "x", &o);
    }
}

static void test_line_no_solution(void **state)
{
    (void)state;
    const sf_field_t fields[] = {SF_FIELD_PUZZLE, SF_FIELD_SOLUTION,
                                 SF_FIELD_STATUS, SF_FIELD_COUNT};
    const out_layout_t lay = line_layout(fields, 4, ",");
    uint8_t cells[SF_CELLS], junk[SF_CELLS];
    base_grid(cells);
    cells[1] = cells[0]; /* a clash: unsolvable */
    for (int i = 2; i < SF_CELLS; i += 2)
        cells[i] = 0;
    memset(junk, 7, sizeof junk); /* a stale solution must not show */
    char text[82], dots[82];
    cells_text(cells, '0', text);
    cells_text(cells, '.', dots);
    const sf_record_t rec = make_record(cells, text, 0, 0);
    const outcome_t oc = make_outcome(junk, SF_UNSOLVABLE, 0, 3, 99);
    char *got = format_one(&lay, &rec, text, &oc, 0);
    char want[256];
    snprintf(want, sizeof want, "%s,,unsolvable,0\n", dots);
    assert_string_equal(got, want);
    free(got);

    /* A lone solution field of an unsolvable puzzle is an empty line. */
    const sf_field_t sol = SF_FIELD_SOLUTION;
    const out_layout_t lay1 = line_layout(&sol, 1, ",");
    got = format_one(&lay1, &rec, text, &oc, 0);
    assert_string_equal(got, "\n");
    free(got);
}

static void test_line_invalid_record(void **state)
{
    (void)state;
    const sf_field_t fields[] = {SF_FIELD_PUZZLE, SF_FIELD_SOLUTION,
                                 SF_FIELD_STATUS, SF_FIELD_COUNT,
                                 SF_FIELD_GUESSES, SF_FIELD_LINE};
    const out_layout_t lay = line_layout(fields, 6, ",");
    uint8_t cells[SF_CELLS];
    base_grid(cells); /* whatever the cells hold, they are not shown */
    const char *text = "12345 not a puzzle";
    const sf_record_t rec = make_record(cells, text, 1, 0);
    const outcome_t oc = make_outcome(cells, SF_INVALID, 0, 0, 0);
    char *got = format_one(&lay, &rec, text, &oc, 3);
    assert_string_equal(got, ",,invalid,0,0,12345 not a puzzle\n");
    free(got);
}

/* The line field of text, formatted alone after a status field with
 * separator sep. */
static char *line_field(const char *text, const char *sep)
{
    const sf_field_t fields[] = {SF_FIELD_STATUS, SF_FIELD_LINE};
    const out_layout_t lay = line_layout(fields, 2, sep);
    const sf_record_t rec = make_record(NULL, text, 1, 0);
    const outcome_t oc = make_outcome(NULL, SF_INVALID, 0, 0, 0);
    return format_one(&lay, &rec, text, &oc, 0);
}

/* The line field of text must be quoted (quoted = 1) or not, and read back
 * by the CSV splitter as text itself. */
static void expect_quoting(const char *text, int quoted)
{
    char *got = line_field(text, ",");
    const size_t n = strlen(got);
    assert_true(n >= 1 && got[n - 1] == '\n');
    assert_memory_equal(got, "invalid,", 8);
    assert_int_equal(got[8] == '"', quoted);
    if (!quoted)
        assert_int_equal(n, 8 + strlen(text) + 1);
    char *copy = malloc(n + 1);
    size_t starts[4], ends[4];
    assert_non_null(copy);
    assert_int_equal(sf_csv_split(got, n - 1, copy, starts, ends, 4), 2);
    assert_int_equal(ends[1] - starts[1], strlen(text));
    assert_memory_equal(copy + starts[1], text, strlen(text));
    free(copy);
    free(got);
}

static void test_line_field_quoting(void **state)
{
    (void)state;
    expect_quoting("1234 rated 5.0", 0);
    expect_quoting("12345;6;7|8:9\t0", 0);
    expect_quoting("12345,678", 1);
    expect_quoting("say \"hi\"", 1);
    expect_quoting("\"", 1);
    expect_quoting("\"\"\"", 1);
    expect_quoting("two\nlines", 1);
    expect_quoting("a,\"b\",\nc", 1);

    char *got = line_field("say \"hi\", ok", ",");
    assert_string_equal(got, "invalid,\"say \"\"hi\"\", ok\"\n");
    free(got);

    /* The quoting follows the separator in use. */
    got = line_field("a,b", "\t");
    assert_string_equal(got, "invalid\ta,b\n");
    free(got);
    got = line_field("a\tb", "\t");
    assert_string_equal(got, "invalid\t\"a\tb\"\n");
    free(got);
    got = line_field("a;b", ";");
    assert_string_equal(got, "invalid;\"a;b\"\n");
    free(got);
}

/* A record's text that is all quotes doubles in size: the worst case for
 * the room reserved, for one record and for many appended to one buffer. */
static void test_line_worst_case_text(void **state)
{
    (void)state;
    const sf_field_t fields[] = {SF_FIELD_PUZZLE, SF_FIELD_SOLUTION,
                                 SF_FIELD_STATUS, SF_FIELD_COUNT,
                                 SF_FIELD_GUESSES, SF_FIELD_NS, SF_FIELD_LINE};
    const out_layout_t lay = line_layout(fields, 7, "|");
    uint8_t grid[SF_CELLS];
    base_grid(grid);
    const outcome_t oc = make_outcome(grid, SF_MULTIPLE, 18446744073709551615ull,
                                      18446744073709551615ull,
                                      18446744073709551615ull);
    sbuf_t b = {0};
    text_t want = {0};
    for (size_t len = 0; len < 3000; len += 37) {
        char *text = malloc(len + 1);
        assert_non_null(text);
        memset(text, '"', len);
        text[len] = '\0';
        const sf_record_t rec = make_record(grid, text, 0, 0);
        assert_int_equal(fmt_record(&lay, &rec, rec.cells, text, &oc, len, &b), 0);
        assert_true(b.len <= b.cap);
        for (int i = 0; i < 6; i++) {
            expect_field(&want, fields[i], &rec, text, &oc);
            tputs(&want, "|");
        }
        if (len) {
            tputs(&want, "\"");
            for (size_t i = 0; i < len; i++)
                tputs(&want, "\"\"");
            tputs(&want, "\"");
        }
        tputs(&want, "\n");
        free(text);
    }
    assert_int_equal(b.len, want.n);
    assert_memory_equal(b.p, want.p, want.n);
    tfree(&want);
    sbuf_free(&b);
}

/* A buffer that claims cap bytes but has 1 MiB behind it, so writing past
 * the claimed room shows as len > cap instead of corrupting the heap. */
static sbuf_t out_buffer(size_t cap)
{
    sbuf_t b;
    b.p = malloc((size_t)1 << 20);
    assert_non_null(b.p);
    b.len = 0;
    b.cap = cap;
    return b;
}

/* The `line` field may be chosen more than once (sf_fields_parse accepts
 * repeats); each copy of a quoted text needs its own room. */
static void test_line_field_repeated(void **state)
{
    (void)state;
    const sf_field_t fields[] = {SF_FIELD_LINE, SF_FIELD_LINE, SF_FIELD_LINE};
    const out_layout_t lay = line_layout(fields, 3, ",");
    enum { LEN = 3000 };
    char *text = malloc(LEN + 1);
    assert_non_null(text);
    memset(text, '"', LEN);
    text[LEN] = '\0';
    const sf_record_t rec = make_record(NULL, text, 1, 0);
    const outcome_t oc = make_outcome(NULL, SF_INVALID, 0, 0, 0);
    sbuf_t b = out_buffer(8192);
    assert_int_equal(fmt_record(&lay, &rec, rec.cells, text, &oc, 0, &b), 0);
    const size_t field = 2 * LEN + 2;
    assert_int_equal(b.len, 3 * field + 2 + 1);
    assert_true(b.len <= b.cap);
    sbuf_free(&b);
    free(text);
}

/* ------------------------------------------------------------ grid output */

/* Grid text of cells: 9 rows, '.' for 0, spaced or not. */
static void expect_grid_rows(text_t *t, const uint8_t *cells, int spaced)
{
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            char cell[3] = {' ', '.', '\0'};
            if (cells[9 * r + c])
                cell[1] = (char)('0' + cells[9 * r + c]);
            tputs(t, c > 0 && spaced ? cell : cell + 1);
        }
        tputs(t, "\n");
    }
}

static void test_grid_styles(void **state)
{
    (void)state;
    const out_layout_t lay = grid_layout();
    uint8_t grid[SF_CELLS], puzzle[SF_CELLS];
    base_grid(grid);
    memcpy(puzzle, grid, SF_CELLS);
    for (int i = 0; i < SF_CELLS; i += 2)
        puzzle[i] = 0;
    const sf_record_t compact = make_record(puzzle, "rows", 0, 0);
    const sf_record_t spaced = make_record(puzzle, "rows", 0, 1);
    const outcome_t oc = make_outcome(grid, SF_SOLVED, 1, 4, 100);

    char *got = format_one(&lay, &compact, "rows", &oc, 0);
    assert_memory_equal(got, "123456789\n456789123\n789123456\n", 30);
    text_t want = {0};
    expect_grid_rows(&want, grid, 0);
    assert_string_equal(got, want.p);
    free(got);

    got = format_one(&lay, &spaced, "rows", &oc, 0);
    assert_memory_equal(got, "1 2 3 4 5 6 7 8 9\n4 5 6", 23);
    tfree(&want);
    expect_grid_rows(&want, grid, 1);
    assert_string_equal(got, want.p);
    assert_int_equal(strlen(got), 9 * 18);
    free(got);

    /* Records after the first start with a blank line. */
    for (uint64_t index = 1; index < 1000000; index *= 10) {
        got = format_one(&lay, &spaced, "rows", &oc, index);
        assert_int_equal(got[0], '\n');
        assert_string_equal(got + 1, want.p);
        free(got);
    }
    tfree(&want);
}

static void test_grid_without_solution(void **state)
{
    (void)state;
    const out_layout_t lay = grid_layout();
    uint8_t grid[SF_CELLS], puzzle[SF_CELLS], junk[SF_CELLS];
    base_grid(grid);
    memcpy(puzzle, grid, SF_CELLS);
    for (int i = 0; i < SF_CELLS; i += 3)
        puzzle[i] = 0;
    puzzle[1] = puzzle[2]; /* unsolvable */
    memset(junk, 5, sizeof junk);
    text_t want = {0};

    /* Unsolvable: the puzzle itself, '.' for the open cells. */
    for (int spaced = 0; spaced < 2; spaced++) {
        const sf_record_t rec = make_record(puzzle, "p", 0, spaced);
        const outcome_t oc = make_outcome(junk, SF_UNSOLVABLE, 0, 9, 1);
        char *got = format_one(&lay, &rec, "p", &oc, 0);
        expect_grid_rows(&want, puzzle, spaced);
        assert_string_equal(got, want.p);
        tfree(&want);
        free(got);
    }

    /* Invalid: 9 rows of '.', whatever the cells hold. */
    static const uint8_t none[SF_CELLS];
    for (int spaced = 0; spaced < 2; spaced++) {
        const sf_record_t rec = make_record(grid, "bad", 1, spaced);
        const outcome_t oc = make_outcome(junk, SF_INVALID, 0, 0, 0);
        char *got = format_one(&lay, &rec, "bad", &oc, 7);
        tputs(&want, "\n");
        expect_grid_rows(&want, none, spaced);
        assert_string_equal(got, want.p);
        tfree(&want);
        free(got);
    }

    /* Several solutions: the one reported. */
    const sf_record_t rec = make_record(puzzle, "p", 0, 0);
    const outcome_t oc = make_outcome(grid, SF_MULTIPLE, 2, 9, 1);
    char *got = format_one(&lay, &rec, "p", &oc, 0);
    expect_grid_rows(&want, grid, 0);
    assert_string_equal(got, want.p);
    tfree(&want);
    free(got);
}

/* Grids appended to one buffer, growing it many times, with mixed styles
 * and outcomes; the fields of the layout play no part. */
static void test_grid_many_appended(void **state)
{
    (void)state;
    out_layout_t lay = grid_layout();
    lay.nfields = 2;
    lay.fields[0] = SF_FIELD_LINE;
    lay.fields[1] = SF_FIELD_STATUS;
    uint64_t s = 7;
    sbuf_t b = {0};
    text_t want = {0};
    for (uint64_t k = 0; k < 500; k++) {
        uint8_t cells[SF_CELLS], sol[SF_CELLS];
        random_cells(&s, cells);
        for (int i = 0; i < SF_CELLS; i++)
            sol[i] = (uint8_t)(rnd_next(&s) % 9 + 1);
        const int kind = (int)(rnd_next(&s) % 3); /* solved/none/invalid */
        const sf_record_t rec = make_record(cells, "t,\"", kind == 2,
                                            (int)(k % 2));
        const outcome_t oc = make_outcome(
            sol, kind == 0 ? SF_SOLVED : kind == 1 ? SF_UNSOLVABLE : SF_INVALID,
            kind == 0, 0, 0);
        assert_int_equal(fmt_record(&lay, &rec, rec.cells, "t,\"", &oc, k, &b), 0);
        assert_true(b.len <= b.cap);
        static const uint8_t none[SF_CELLS];
        if (k)
            tputs(&want, "\n");
        expect_grid_rows(&want, kind == 0 ? sol : kind == 1 ? cells : none,
                         (int)(k % 2));
    }
    assert_int_equal(b.len, want.n);
    assert_memory_equal(b.p, want.p, want.n);
    tfree(&want);
    sbuf_free(&b);
}

/* ----------------------------------------------------------------- sbuf */

static void test_sbuf_reserve(void **state)
{
    (void)state;
    sbuf_t b = {0};
    assert_int_equal(sbuf_reserve(&b, 1), 0);
    assert_non_null(b.p);
    assert_true(b.cap >= 1);
    /* Fill byte by byte in uneven steps; the content survives growth and
     * the capacity always covers what was asked for. */
    uint64_t s = 99;
    size_t reallocs = 0;
    while (b.len < ((size_t)1 << 21)) {
        const size_t extra = (size_t)(rnd_next(&s) % 5000);
        const size_t cap0 = b.cap;
        assert_int_equal(sbuf_reserve(&b, extra), 0);
        assert_true(b.len + extra <= b.cap);
        reallocs += b.cap != cap0;
        for (size_t i = 0; i < extra; i++)
            b.p[b.len + i] = (char)((b.len + i) * 131 % 251);
        b.len += extra;
    }
    for (size_t i = 0; i < b.len; i++)
        assert_true(b.p[i] == (char)(i * 131 % 251));
    /* Growth is geometric: a few dozen reallocations for 2 MiB at most. */
    assert_true(reallocs <= 40);
    /* Room already there: nothing moves. */
    char *const p = b.p;
    const size_t cap = b.cap;
    assert_int_equal(sbuf_reserve(&b, b.cap - b.len), 0);
    assert_ptr_equal(b.p, p);
    assert_int_equal(b.cap, cap);
    sbuf_free(&b);
    assert_null(b.p);
    assert_int_equal(b.len, 0);
    assert_int_equal(b.cap, 0);
    /* A freed buffer is usable again. */
    assert_int_equal(sbuf_reserve(&b, 100000), 0);
    assert_true(b.cap >= 100000);
    sbuf_free(&b);
}


/* Job output (sf_out_*): fields joined by a multi-byte separator, text
 * quoted when it needs it, fixed-point numbers, whole records, records
 * counted; and the CSV splitter reads every quoted field back. */
static void test_job_output(void **state)
{
    (void)state;
    sf_out_t out;
    memset(&out, 0, sizeof out);
    out_reset(&out, &(sf_batch_opts_t){.sep = "::"});
    uint8_t g[SF_CELLS];
    base_grid(g);
    g[0] = 0;
    sf_out_cells(&out, g, '.');
    sf_out_u64(&out, 18446744073709551615ull);
    sf_out_fixed(&out, 2.125, 2);
    sf_out_fixed(&out, 0, 2);
    sf_out_text(&out, "", 0);
    sf_out_text(&out, "a::b", 4);
    sf_out_text(&out, "say \"hi\"", 8);
    sf_out_end(&out);
    sf_out_record(&out, "raw,\"kept\"", 10);
    sf_out_u64(&out, 0);
    sf_out_end(&out);
    assert_true(out.text.len <= out.text.cap);
    char cells[82];
    for (int i = 0; i < SF_CELLS; i++)
        cells[i] = g[i] ? (char)('0' + g[i]) : '.';
    cells[81] = '\0';
    text_t want = {0};
    tprintf(&want, "%s::18446744073709551615::2.12::0.00::::\"a::b\"::"
            "\"say \"\"hi\"\"\"\nraw,\"kept\"\n0\n", cells);
    assert_int_equal(out.text.len, want.n);
    assert_memory_equal(out.text.p, want.p, want.n);
    assert_int_equal(out.records, 3);
    assert_false(out.failed);
    /* A reset keeps the buffer but starts empty, first field next. */
    out_reset(&out, &(sf_batch_opts_t){.sep = ","});
    sf_out_u64(&out, 7);
    sf_out_text(&out, "x,y", 3);
    sf_out_end(&out);
    assert_int_equal(out.text.len, 8);
    assert_memory_equal(out.text.p, "7,\"x,y\"\n", 8);
    assert_int_equal(out.records, 1);
    char copy[16], unq[16];
    size_t st[4], en[4];
    memcpy(copy, out.text.p, 7);
    assert_int_equal(sf_csv_split(copy, 7, unq, st, en, 4), 2);
    assert_int_equal(en[1] - st[1], 3);
    assert_memory_equal(unq + st[1], "x,y", 3);
    sbuf_free(&out.text);
    tfree(&want);
}

/* Many long fields grow the buffer; it always stays within capacity. */
static void test_job_output_growth(void **state)
{
    (void)state;
    sf_out_t out;
    memset(&out, 0, sizeof out);
    out_reset(&out, &(sf_batch_opts_t){.sep = "\t"});
    text_t want = {0};
    char text[300];
    uint64_t r = 5;
    for (int rec = 0; rec < 500; rec++) {
        const size_t n = rnd_next(&r) % sizeof text;
        for (size_t i = 0; i < n; i++)
            text[i] = (char)('a' + rnd_next(&r) % 26);
        sf_out_text(&out, text, n);
        sf_out_u64(&out, (uint64_t)rec);
        sf_out_end(&out);
        tput(&want, text, n);
        tprintf(&want, "\t%d\n", rec);
        assert_true(out.text.len <= out.text.cap);
    }
    assert_int_equal(out.records, 500);
    assert_int_equal(out.text.len, want.n);
    assert_memory_equal(out.text.p, want.p, want.n);
    sbuf_free(&out.text);
    tfree(&want);
}

/* ---------------------------------------------------------- JSON Lines */

/* Every field as JSON: numbers bare, text escaped (quote, backslash,
 * control bytes as \u00XX, DEL and UTF-8 kept, a byte that does not start
 * a valid UTF-8 sequence, an overlong form's included, as \ufffd); then
 * an invalid record (null puzzle and solution) and a pencilmark record
 * (its 729 marks as the puzzle, '.' for an absent one). */
static void test_jsonl_record(void **state)
{
    (void)state;
    static const sf_field_t all[] = {
        SF_FIELD_PUZZLE, SF_FIELD_SOLUTION, SF_FIELD_STATUS, SF_FIELD_COUNT,
        SF_FIELD_GUESSES, SF_FIELD_NS, SF_FIELD_LINE};
    out_layout_t lay = line_layout(all, 7, ",");
    lay.kind = SF_FORMAT_JSONL;
    uint8_t g[SF_CELLS], p[SF_CELLS];
    base_grid(g);
    memcpy(p, g, SF_CELLS);
    p[0] = p[40] = 0;
    const char text[] = "a\"b\\c\x01\x1f\x7f caf\xc3\xa9 \xff \xe0\x80 end";
    sf_record_t rec = make_record(p, text, 0, 0);
    outcome_t oc = make_outcome(g, SF_MULTIPLE, 3, 7, 9);
    char pz[82], sol[82];
    cells_text(p, '.', pz);
    cells_text(g, '0', sol);
    text_t want = {0};
    tprintf(&want, "{\"puzzle\":\"%s\",\"solution\":\"%s\",\"status\":"
            "\"multiple\",\"count\":3,\"guesses\":7,\"ns\":9,\"line\":"
            "\"a\\\"b\\\\c\\u0001\\u001f\x7f caf\xc3\xa9 \\ufffd "
            "\\ufffd\\ufffd end\"}\n", pz, sol);
    char *got = format_one(&lay, &rec, text, &oc, 0);
    assert_string_equal(got, want.p);
    free(got);
    tfree(&want);

    sf_record_t bad = make_record(NULL, "xyz", 1, 0);
    outcome_t none = make_outcome(NULL, SF_INVALID, 0, 0, 0);
    got = format_one(&lay, &bad, "xyz", &none, 1);
    assert_string_equal(got, "{\"puzzle\":null,\"solution\":null,\"status\":"
                        "\"invalid\",\"count\":0,\"guesses\":0,\"ns\":0,"
                        "\"line\":\"xyz\"}\n");
    free(got);

    char marks[SF_PENCIL_CHARS + 1], norm[SF_PENCIL_CHARS + 1];
    for (int i = 0; i < SF_PENCIL_CHARS; i++) {
        const int present = (i * 7) % 3 != 0;
        marks[i] = present ? (char)('1' + i % 9) : i % 2 ? '0' : '.';
        norm[i] = present ? marks[i] : '.';
    }
    marks[SF_PENCIL_CHARS] = norm[SF_PENCIL_CHARS] = '\0';
    sf_record_t pen = make_record(NULL, marks, 0, 0);
    pen.pencil = 1;
    lay.fields[0] = SF_FIELD_PUZZLE;
    lay.nfields = 1;
    got = format_one(&lay, &pen, marks, &none, 2);
    text_t wp = {0};
    tprintf(&wp, "{\"puzzle\":\"%s\"}\n", norm);
    assert_string_equal(got, wp.p);
    free(got);
    tfree(&wp);
    /* the same puzzle field in line output */
    lay.kind = SF_FORMAT_LINE;
    got = format_one(&lay, &pen, marks, &none, 2);
    assert_int_equal(strlen(got), SF_PENCIL_CHARS + 1);
    assert_memory_equal(got, norm, SF_PENCIL_CHARS);
    free(got);
}

/* Job output as JSON Lines: the keys in order, numbers bare, an empty
 * text field null, a record without fields {}. */
static void test_jsonl_job_output(void **state)
{
    (void)state;
    static const char *const keys[] = {"cells", "n", "x", "t", "q"};
    const sf_batch_opts_t o = {.out_format = SF_FORMAT_JSONL, .keys = keys,
                               .nkeys = 5};
    sf_out_t out;
    memset(&out, 0, sizeof out);
    out_reset(&out, &o);
    uint8_t g[SF_CELLS];
    char cells[82];
    base_grid(g);
    g[5] = 0;
    cells_text(g, '.', cells);
    sf_out_cells(&out, g, '.');
    sf_out_u64(&out, 18446744073709551615ull);
    sf_out_fixed(&out, 2.125, 2);
    sf_out_text(&out, "", 0);
    sf_out_text(&out, "a,\"b\"", 5);
    sf_out_end(&out);
    sf_out_end(&out);
    sf_out_u64(&out, 4);
    sf_out_end(&out);
    text_t want = {0};
    tprintf(&want, "{\"cells\":\"%s\",\"n\":18446744073709551615,\"x\":"
            "2.12,\"t\":null,\"q\":\"a,\\\"b\\\"\"}\n{}\n{\"cells\":4}\n",
            cells);
    assert_true(out.text.len <= out.text.cap);
    assert_int_equal(out.text.len, want.n);
    assert_memory_equal(out.text.p, want.p, want.n);
    assert_int_equal(out.records, 3);
    sbuf_free(&out.text);
    tfree(&want);
}

/* A value that may be a lower bound: its text in line output; in JSON
 * Lines a number and a KEY_bound key after it, true for a bound, both
 * null without a value, so that no key mixes numbers and strings (the
 * backdoor was 3 in one record and ">3" in the next, the SE rating
 * "4.4" beside numbers). */
static void test_bound_fields(void **state)
{
    (void)state;
    static const char *const keys[] = {"se", "backdoor", "n"};
    const sf_batch_opts_t json = {.out_format = SF_FORMAT_JSONL,
                                  .keys = keys, .nkeys = 3};
    sf_out_t out;
    memset(&out, 0, sizeof out);
    out_reset(&out, &json);
    sf_out_bound(&out, ">=10.4", 6, 10.4, 1, 1);
    sf_out_bound(&out, "2", 1, 2, 0, 0);
    sf_out_u64(&out, 7);
    sf_out_end(&out);
    sf_out_bound(&out, "", 0, NAN, 1, 1);
    sf_out_bound(&out, ">3", 2, 4, 0, 1);
    sf_out_end(&out);
    static const char want[] =
        "{\"se\":10.4,\"se_bound\":true,\"backdoor\":2,"
        "\"backdoor_bound\":false,\"n\":7}\n"
        "{\"se\":null,\"se_bound\":null,\"backdoor\":4,"
        "\"backdoor_bound\":true}\n";
    assert_int_equal(out.text.len, sizeof want - 1);
    assert_memory_equal(out.text.p, want, sizeof want - 1);
    out_reset(&out, &(sf_batch_opts_t){.sep = ","});
    sf_out_bound(&out, ">=10.4", 6, 10.4, 1, 1);
    sf_out_bound(&out, ">3", 2, 4, 0, 1);
    sf_out_bound(&out, "", 0, NAN, 1, 0);
    sf_out_end(&out);
    assert_int_equal(out.text.len, 11);
    assert_memory_equal(out.text.p, ">=10.4,>3,\n", 11);
    sbuf_free(&out.text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_field_names_round_trip),
        cmocka_unit_test(test_field_list_errors),
        cmocka_unit_test(test_header),
        cmocka_unit_test(test_line_every_field),
        cmocka_unit_test(test_line_no_solution),
        cmocka_unit_test(test_line_invalid_record),
        cmocka_unit_test(test_line_field_quoting),
        cmocka_unit_test(test_line_worst_case_text),
        cmocka_unit_test(test_line_field_repeated),
        cmocka_unit_test(test_grid_styles),
        cmocka_unit_test(test_grid_without_solution),
        cmocka_unit_test(test_grid_many_appended),
        cmocka_unit_test(test_sbuf_reserve),
        cmocka_unit_test(test_job_output),
        cmocka_unit_test(test_job_output_growth),
        cmocka_unit_test(test_jsonl_record),
        cmocka_unit_test(test_jsonl_job_output),
        cmocka_unit_test(test_bound_fields),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
