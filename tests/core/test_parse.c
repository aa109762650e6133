/*
 * test_parse.c -- the text parsers: cell values, line records, format names
 * and detection, CSV splitting, and the grid row and frame rules the reader
 * builds on.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/parse.h"
#include "sudoflow.h"

/* A puzzle in line form: givens, '.' and '0' empties. */
static const char PUZ[] =
    "1.3...5.9..21.94.....7.4...3..5.2..6.6.....5.7..8.3..4...4.1.....92.58..8.4...1.7";

/* The values a parser should produce for an 81-character puzzle string. */
static void expect_cells(const char *text, uint8_t *cells)
{
    for (int i = 0; i < SF_CELLS; i++)
        cells[i] = text[i] >= '1' && text[i] <= '9' ? (uint8_t)(text[i] - '0')
                                                    : 0;
}

static void assert_line_ok(const char *text, size_t len)
{
    uint8_t cells[SF_CELLS], want[SF_CELLS];
    const char *why = "unset";
    assert_int_equal(sf_parse_line(text, len, cells, &why), 0);
    assert_null(why);
    expect_cells(text, want);
    assert_memory_equal(cells, want, SF_CELLS);
}

static void assert_line_bad(const char *text, size_t len, const char *reason)
{
    uint8_t cells[SF_CELLS];
    const char *why = NULL;
    memset(cells, 7, sizeof cells);
    assert_int_equal(sf_parse_line(text, len, cells, &why), -1);
    assert_non_null(why);
    assert_string_equal(why, reason);
    for (int i = 0; i < SF_CELLS; i++)
        assert_int_equal(cells[i], 0);
}

static void test_format_names(void **state)
{
    (void)state;
    const sf_format_t all[] = {SF_FORMAT_AUTO, SF_FORMAT_LINE, SF_FORMAT_GRID,
                               SF_FORMAT_CSV,  SF_FORMAT_PENCIL,
                               SF_FORMAT_JSONL};
    for (size_t i = 0; i < 6; i++)
        assert_int_equal(sf_format_parse(sf_format_name(all[i])), all[i]);
    assert_string_equal(sf_format_name(SF_FORMAT_GRID), "grid");
    assert_int_equal(sf_format_parse("csv"), SF_FORMAT_CSV);
    assert_int_equal(sf_format_parse("tsv"), -1);
    assert_int_equal(sf_format_parse(""), -1);
    assert_int_equal(sf_format_parse(NULL), -1);
    assert_string_equal(sf_format_name((sf_format_t)42), "?");
}

static void test_cell_value(void **state)
{
    (void)state;
    for (int ch = 0; ch < 256; ch++) {
        int want = -1;
        if (ch >= '1' && ch <= '9')
            want = ch - '0';
        else if (strchr("0._-*", ch) && ch != 0)
            want = 0;
        assert_int_equal(sf_cell_value(ch), want);
    }
    assert_int_equal(sf_cell_value(-1), -1);
    assert_int_equal(sf_cell_value(256), -1);
    assert_int_equal(sf_cell_value((char)0xb7), -1);
}

static void test_line_empty_marks(void **state)
{
    (void)state;
    char buf[SF_CELLS + 1];
    const char marks[] = "0._-*";
    assert_line_ok(PUZ, SF_CELLS);
    for (size_t m = 0; m < sizeof marks - 1; m++) {
        memcpy(buf, PUZ, sizeof buf);
        for (int i = 0; i < SF_CELLS; i++)
            if (buf[i] == '.')
                buf[i] = marks[m];
        assert_line_ok(buf, SF_CELLS);
    }
}

static void test_line_separators(void **state)
{
    (void)state;
    const char seps[] = ",:;| \t";
    char buf[256];
    for (size_t s = 0; s < sizeof seps - 1; s++) {
        const int n = snprintf(buf, sizeof buf, "%s%c%s", PUZ, seps[s],
                               "rating 3.5, anything");
        assert_line_ok(buf, (size_t)n);
        assert_line_ok(buf, SF_CELLS + 1); /* separator, then nothing */
    }
    /* the length given wins over a NUL terminator */
    snprintf(buf, sizeof buf, "%sXYZ", PUZ);
    assert_line_ok(buf, SF_CELLS);
}

static void test_line_reasons(void **state)
{
    (void)state;
    char buf[2048];
    assert_line_bad(PUZ, 80, "expected 81 cells, found 80");
    assert_line_bad("", 0, "expected 81 cells, found 0");
    assert_line_bad("123", 3, "expected 81 cells, found 3");
    snprintf(buf, sizeof buf, "%.80s,%s", PUZ, PUZ);
    assert_line_bad(buf, strlen(buf), "expected 81 cells, found 80");
    snprintf(buf, sizeof buf, "%s7", PUZ);
    assert_line_bad(buf, strlen(buf), "expected 81 cells, found 82");
    snprintf(buf, sizeof buf, "%s7.7, more", PUZ);
    assert_line_bad(buf, strlen(buf), "expected 81 cells, found 84");
    snprintf(buf, sizeof buf, "%sx", PUZ);
    assert_line_bad(buf, strlen(buf), "bad character 'x'");
    memcpy(buf, PUZ, SF_CELLS);
    buf[10] = 'x';
    assert_line_bad(buf, SF_CELLS, "bad character 'x'");
    buf[10] = '\0';
    assert_line_bad(buf, SF_CELLS, "bad byte 0x00");
    buf[10] = (char)0xe2;
    assert_line_bad(buf, SF_CELLS, "bad byte 0xe2");
    memset(buf, '5', 1000);
    assert_line_bad(buf, 1000, "expected 81 cells, found more than 255");
}

static void test_line_reason_is_static(void **state)
{
    (void)state;
    uint8_t cells[SF_CELLS];
    const char *a = NULL, *b = NULL;
    assert_int_equal(sf_parse_line(PUZ, 50, cells, &a), -1);
    assert_int_equal(sf_parse_line(PUZ, 60, cells, &b), -1);
    assert_string_equal(a, "expected 81 cells, found 50");
    assert_string_equal(b, "expected 81 cells, found 60");
    assert_int_equal(sf_parse_line(PUZ, 50, cells, &b), -1);
    assert_ptr_equal(a, b);
    assert_int_equal(sf_parse_line(PUZ, 50, cells, NULL), -1);
}

static sf_format_t detect(const char *s) { return sf_detect_format(s, strlen(s)); }

static void test_detect(void **state)
{
    (void)state;
    char buf[256];
    assert_int_equal(detect(PUZ), SF_FORMAT_LINE);
    snprintf(buf, sizeof buf, "%s,%s", PUZ, PUZ);
    assert_int_equal(detect(buf), SF_FORMAT_LINE);
    snprintf(buf, sizeof buf, "%s\t3.5", PUZ);
    assert_int_equal(detect(buf), SF_FORMAT_LINE);
    assert_int_equal(detect("103000509"), SF_FORMAT_GRID);
    assert_int_equal(detect("0 3 5 4 6 9 2 7 8"), SF_FORMAT_GRID);
    assert_int_equal(detect("| 1 . 3 | . . . | 5 . 9 |"), SF_FORMAT_GRID);
    assert_int_equal(detect("---------"), SF_FORMAT_GRID);
    assert_int_equal(detect("+-------+-------+-------+"), SF_FORMAT_GRID);
    assert_int_equal(detect("========="), SF_FORMAT_GRID);
    assert_int_equal(detect("---------------------"), SF_FORMAT_GRID);
    assert_int_equal(detect("quizzes,solutions"), SF_FORMAT_CSV);
    assert_int_equal(detect("source,question,answer,rating"), SF_FORMAT_CSV);
    assert_int_equal(detect("\"puzzle\",\"solution\""), SF_FORMAT_CSV);
    assert_int_equal(detect("hello world"), SF_FORMAT_LINE);
    assert_int_equal(detect("12345678x"), SF_FORMAT_LINE);
    assert_int_equal(detect("1234567890"), SF_FORMAT_LINE);
    snprintf(buf, sizeof buf, "%sx", PUZ);
    assert_int_equal(detect(buf), SF_FORMAT_LINE);
    assert_int_equal(sf_detect_format("", 0), SF_FORMAT_LINE);
}

/* Split text and check the fields against want[0..nwant). */
static void assert_split(const char *text, size_t len, int nwant,
                         const char *const *want)
{
    char *out = malloc(len + 1);
    size_t starts[16], ends[16];
    assert_non_null(out);
    assert_int_equal(sf_csv_split(text, len, out, starts, ends, 16), nwant);
    for (int i = 0; i < nwant; i++) {
        assert_int_equal(ends[i] - starts[i], strlen(want[i]));
        assert_memory_equal(out + starts[i], want[i], strlen(want[i]));
    }
    free(out);
}

#define SPLIT(text, ...)                                                     \
    do {                                                                     \
        const char *const w_[] = {__VA_ARGS__};                              \
        assert_split(text, strlen(text), (int)(sizeof w_ / sizeof w_[0]), w_); \
    } while (0)

static void test_csv_split(void **state)
{
    (void)state;
    SPLIT("a,b,c", "a", "b", "c");
    SPLIT("", "");
    SPLIT(",,", "", "", "");
    SPLIT("\"a,b\",c", "a,b", "c");
    SPLIT("\"say \"\"hi\"\"\",x", "say \"hi\"", "x");
    SPLIT("\"two\nlines\",z", "two\nlines", "z");
    SPLIT("\"\"", "");
    SPLIT("a\"b,c", "a\"b", "c");     /* a quote inside a bare field */
    SPLIT("\"ab\"cd,e", "abcd", "e"); /* text after the closing quote */
    SPLIT(" x , y ", " x ", " y ");
    char out[16];
    size_t s[4], e[4];
    assert_int_equal(sf_csv_split("\"abc", 4, out, s, e, 4), -1);
    assert_int_equal(sf_csv_split("a,\"b\"\"", 6, out, s, e, 4), -1);
}

static void test_csv_split_max(void **state)
{
    (void)state;
    const char text[] = "a,bb,ccc,dddd";
    char out[sizeof text];
    size_t s[3] = {99, 99, 99}, e[3] = {99, 99, 99};
    assert_int_equal(sf_csv_split(text, strlen(text), out, s, e, 2), 4);
    assert_int_equal(s[0], 0);
    assert_int_equal(e[1] - s[1], 2);
    assert_memory_equal(out + s[1], "bb", 2);
    assert_int_equal(s[2], 99);
    assert_int_equal(e[2], 99);
    assert_int_equal(sf_csv_split(text, strlen(text), out, NULL, NULL, 0), 4);
}

static void test_csv_state(void **state)
{
    (void)state;
    const char *open_lines[] = {"a,\"b", "\"", "x,\"a\"\"", "\"\"\"b"};
    const char *closed_lines[] = {"a,b", "\"a\",b", "a\"b", "\"a\"\"b\"",
                                  "\"\"", ""};
    for (size_t i = 0; i < 4; i++)
        assert_int_equal(parse_csv_state(open_lines[i], strlen(open_lines[i]),
                                         PARSE_CSV_FIELD),
                         PARSE_CSV_QUOTED);
    for (size_t i = 0; i < 6; i++)
        assert_int_not_equal(parse_csv_state(closed_lines[i],
                                             strlen(closed_lines[i]),
                                             PARSE_CSV_FIELD),
                             PARSE_CSV_QUOTED);
    /* carried over a line break inside a quoted field */
    assert_int_equal(parse_csv_state("still open", 10, PARSE_CSV_QUOTED),
                     PARSE_CSV_QUOTED);
    assert_int_not_equal(parse_csv_state("closed\",x", 9, PARSE_CSV_QUOTED),
                         PARSE_CSV_QUOTED);
    assert_int_equal(parse_csv_state("a,", 2, PARSE_CSV_FIELD), PARSE_CSV_FIELD);
}

static void assert_row(const char *row, const char *cells, int spaced)
{
    char out[64];
    int sp = -1;
    const size_t n = parse_row_cells(row, strlen(row), out, &sp);
    assert_int_equal(n, strlen(cells));
    assert_memory_equal(out, cells, n);
    assert_int_equal(sp, spaced);
    assert_int_equal(parse_row_cells(row, strlen(row), NULL, NULL), n);
}

static void test_grid_rows(void **state)
{
    (void)state;
    assert_row("0 3 5 4 6 9 2 7 8", "035469278", 1);
    assert_row("103000509", "103000509", 0);
    assert_row("  1\t2 3 | 4 5 6 | 7 8 9 ", "123456789", 1);
    assert_row("| 1 2 3 | 4 5 6 | 7 8 9 |", "123456789", 1);
    assert_row("1 2 3|4 5 6|7 8 9", "123456789", 1);
    assert_row("123|456|789", "123456789", 0);
    assert_row("123 456 789", "123456789", 0);
    assert_row("1|2|3|4|5|6|7|8|9", "123456789", 0);
    assert_row("1 2 3 4 5 6 7 8", "12345678", 1);
    assert_row("", "", 0);
}

static void test_grid_frames(void **state)
{
    (void)state;
    const char *frames[] = {"+-------+-------+-------+", "------+-------+------",
                            "---------------------", "=====", "|", "-",
                            " |---+---+---| ", "- - - + - - - + - - -"};
    const char *rows[] = {"---------", "- - - | - - - | - - -", "1--------",
                          "+1", "", "   "};
    for (size_t i = 0; i < sizeof frames / sizeof frames[0]; i++)
        assert_true(parse_is_frame(frames[i], strlen(frames[i])));
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        assert_false(parse_is_frame(rows[i], strlen(rows[i])));
}

static void test_blank(void **state)
{
    (void)state;
    assert_true(parse_is_blank("", 0));
    assert_true(parse_is_blank(" \t\r\f\v", 5));
    assert_false(parse_is_blank("  x ", 4));
    assert_false(parse_is_blank("\0", 1));
}

static void test_field_cells(void **state)
{
    (void)state;
    uint8_t cells[SF_CELLS], want[SF_CELLS];
    const char *why = "unset";
    char buf[128];
    snprintf(buf, sizeof buf, "  %s\t", PUZ);
    assert_int_equal(parse_field_cells(buf, strlen(buf), cells, &why), 0);
    assert_null(why);
    expect_cells(PUZ, want);
    assert_memory_equal(cells, want, SF_CELLS);
    assert_int_equal(parse_field_cells(PUZ, 80, cells, &why), -1);
    assert_string_equal(why, "puzzle field has 80 cells");
    assert_int_equal(parse_field_cells("", 0, cells, &why), -1);
    assert_string_equal(why, "puzzle field has 0 cells");
    snprintf(buf, sizeof buf, "%.40s %s", PUZ, PUZ + 40);
    assert_int_equal(parse_field_cells(buf, strlen(buf), cells, &why), -1);
    assert_string_equal(why, "bad character ' '");
}

static void test_why_strings(void **state)
{
    (void)state;
    assert_string_equal(parse_why_row(3, 8), "grid row 3 has 8 cells");
    assert_string_equal(parse_why_row(9, 300), "grid row 9 has more than 255 cells");
    assert_string_equal(parse_why_rows(7), "grid has 7 rows");
    assert_string_equal(parse_why_rows(1), "grid has 1 row");
    assert_string_equal(parse_why_field(80), "puzzle field has 80 cells");
    assert_string_equal(parse_why_char('#'), "bad character '#'");
    assert_string_equal(parse_why_char('\n'), "bad byte 0x0a");
    assert_ptr_equal(parse_why_cells(12), parse_why_cells(12));
}

/* Every byte value at every cell position: accepted exactly when it is a
 * cell, with the value sf_cell_value gives (the line parser checks cells
 * many at a time, so each lane is tried). */
static void test_line_every_byte_every_position(void **state)
{
    (void)state;
    char text[SF_CELLS + 1];
    uint8_t cells[SF_CELLS];
    for (int pos = 0; pos < SF_CELLS; pos++) {
        for (int ch = 1; ch < 256; ch++) {
            memset(text, '.', SF_CELLS);
            text[SF_CELLS] = '\0';
            text[pos] = (char)ch;
            const char *why = NULL;
            const int rc = sf_parse_line(text, SF_CELLS, cells, &why);
            const int want = sf_cell_value(ch);
            if (want < 0) {
                assert_int_equal(rc, -1);
                assert_non_null(why);
            } else {
                assert_int_equal(rc, 0);
                assert_int_equal(cells[pos], want);
                assert_int_equal(cells[(pos + 1) % SF_CELLS], 0);
            }
        }
    }
}

/* PUZ as pencilmarks: a given's digit alone, all nine in an empty cell;
 * absent marks are '.' or, from every third cell on, '0'. */
static void puz_marks(char *out)
{
    for (int i = 0; i < SF_PENCIL_CHARS; i++) {
        const char c = PUZ[i / 9], k = (char)('1' + i % 9);
        out[i] = (c == '.' || c == k) ? k : (i / 9) % 3 == 2 ? '0' : '.';
    }
    out[SF_PENCIL_CHARS] = '\0';
}

/* Pencilmark records: the masks of each cell; a rest after a separator;
 * the reasons for a record that is not one. */
static void test_pencil(void **state)
{
    (void)state;
    char text[SF_PENCIL_CHARS + 16];
    uint16_t cands[SF_CELLS];
    const char *why = "unset";
    puz_marks(text);
    assert_int_equal(sf_parse_pencil(text, SF_PENCIL_CHARS, cands, &why), 0);
    assert_null(why);
    for (int i = 0; i < SF_CELLS; i++)
        assert_int_equal(cands[i], PUZ[i] == '.' ? 0x1ff
                                                 : 1u << (PUZ[i] - '1'));
    memcpy(text + SF_PENCIL_CHARS, ",rest", 6);
    assert_int_equal(sf_parse_pencil(text, strlen(text), cands, NULL), 0);
    assert_int_equal(sf_parse_pencil(text, SF_PENCIL_CHARS - 1, cands, &why),
                     -1);
    assert_string_equal(why, "expected 729 pencilmarks, found 728");
    for (int i = 0; i < SF_CELLS; i++)
        assert_int_equal(cands[i], 0);
    text[SF_PENCIL_CHARS] = '5';
    assert_int_equal(sf_parse_pencil(text, SF_PENCIL_CHARS + 1, cands, &why),
                     -1);
    assert_string_equal(why, "expected 729 pencilmarks, found 730");
    puz_marks(text);
    text[10] = '3'; /* cell 1, mark 2 */
    assert_int_equal(sf_parse_pencil(text, SF_PENCIL_CHARS, cands, &why), -1);
    assert_non_null(strstr(why, "digit out of place"));
    text[10] = '_';
    assert_int_equal(sf_parse_pencil(text, SF_PENCIL_CHARS, cands, &why), -1);
    assert_string_equal(why, "bad character '_'");
    /* an 81-cell puzzle is not a pencilmark record, nor the reverse */
    assert_int_equal(sf_parse_pencil(PUZ, SF_CELLS, cands, &why), -1);
    assert_string_equal(why, "expected 729 pencilmarks, found 81");
    puz_marks(text);
    uint8_t cells[SF_CELLS];
    assert_int_equal(sf_parse_line(text, SF_PENCIL_CHARS, cells, NULL), -1);
}

/* A pencilmark line is detected as such, alone and in a vote. */
static void test_detect_pencil(void **state)
{
    (void)state;
    char text[SF_PENCIL_CHARS + 1];
    puz_marks(text);
    assert_int_equal(sf_detect_format(text, SF_PENCIL_CHARS),
                     SF_FORMAT_PENCIL);
    const char *lines[3] = {"not a puzzle", text, text};
    const size_t lens[3] = {12, SF_PENCIL_CHARS, SF_PENCIL_CHARS};
    assert_int_equal(parse_detect_lines(lines, lens, 3), SF_FORMAT_PENCIL);
    const char *mixed[3] = {PUZ, text, PUZ};
    const size_t mixed_lens[3] = {SF_CELLS, SF_PENCIL_CHARS, SF_CELLS};
    assert_int_equal(parse_detect_lines(mixed, mixed_lens, 3),
                     SF_FORMAT_LINE);
}

/* A first line of cells and commas only is not a csv header: with line
 * puzzles after it the file is line format (the damaged line an invalid
 * record of its own); rows with commas after it make it csv without a
 * header.  A first line that names something decides csv; so does a puzzle
 * column's name alone. */
static void test_detect_no_header(void **state)
{
    (void)state;
    char damaged[128];
    snprintf(damaged, sizeof damaged, "%.30s,%.50s", PUZ, PUZ + 31);
    const char *lines[4] = {damaged, PUZ, PUZ, PUZ};
    size_t lens[4] = {strlen(damaged), SF_CELLS, SF_CELLS, SF_CELLS};
    assert_int_equal(parse_detect_lines(lines, lens, 4), SF_FORMAT_LINE);
    const char *rows[3] = {damaged, "1,2,3", "0.5,7"};
    size_t rlens[3] = {strlen(damaged), 5, 5};
    assert_int_equal(parse_detect_lines(rows, rlens, 3), SF_FORMAT_CSV);
    const char *named[3] = {"id,puzzle", PUZ, PUZ};
    size_t nlens[3] = {9, SF_CELLS, SF_CELLS};
    assert_int_equal(parse_detect_lines(named, nlens, 3), SF_FORMAT_CSV);
    assert_int_equal(parse_names_something(damaged, strlen(damaged)), 0);
    assert_int_equal(parse_names_something("id,puzzle", 9), 1);
    assert_int_equal(parse_names_something("\"1\",\"2.5\"", 9), 0);
    assert_int_equal(detect("puzzle"), SF_FORMAT_CSV);
    assert_int_equal(detect("Quizzes\r"), SF_FORMAT_CSV);
    assert_int_equal(detect("\"question\""), SF_FORMAT_CSV);
    assert_int_equal(detect("puzzles"), SF_FORMAT_LINE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_format_names),
        cmocka_unit_test(test_cell_value),
        cmocka_unit_test(test_line_every_byte_every_position),
        cmocka_unit_test(test_line_empty_marks),
        cmocka_unit_test(test_line_separators),
        cmocka_unit_test(test_line_reasons),
        cmocka_unit_test(test_line_reason_is_static),
        cmocka_unit_test(test_detect),
        cmocka_unit_test(test_detect_no_header),
        cmocka_unit_test(test_csv_split),
        cmocka_unit_test(test_csv_split_max),
        cmocka_unit_test(test_csv_state),
        cmocka_unit_test(test_grid_rows),
        cmocka_unit_test(test_grid_frames),
        cmocka_unit_test(test_blank),
        cmocka_unit_test(test_field_cells),
        cmocka_unit_test(test_why_strings),
        cmocka_unit_test(test_pencil),
        cmocka_unit_test(test_detect_pencil),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
