/*
 * test_geom_text.c -- the text of puzzles of other geometries: alphabets,
 * records of symbols and of numbers, csv fields, grid rows, their
 * reasons when they are not puzzles, and writing cells back in each form.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/geom_detect.h"
#include "core/geom_text.h"
#include "core/geometry.h"

static sf_geometry_t *make(const char *size)
{
    const sf_geometry_spec_t spec = {size, NULL, NULL, {0}};
    sf_error_t err;
    sf_geometry_t *g = sf_geometry_new(&spec, &err);
    assert_non_null(g);
    return g;
}

static void test_alphabets(void **state)
{
    (void)state;
    sf_alphabet_t a;
    sf_error_t err;
    assert_int_equal(sf_alphabet_init(&a, NULL, &err), 0);
    assert_int_equal(a.value['1'], 1);
    assert_int_equal(a.value['A'], 10);
    assert_int_equal(a.value['g'], 16);
    assert_int_equal(a.value['0'], 0);
    assert_int_equal(a.value['.'], 0);
    assert_int_equal(a.value['#'], -1);
    assert_int_equal(sf_alphabet_init(&a, "0-F", &err), 0);
    assert_int_equal(a.count, 16);
    assert_int_equal(a.value['0'], 1); /* hexadoku: 0 is a value */
    assert_int_equal(a.value['F'], 16);
    assert_int_equal(a.value['f'], 16);
    assert_int_equal(a.value['.'], 0);
    assert_int_equal(a.value['G'], -1);
    assert_int_equal(a.symbol[1], '0');
    assert_int_equal(sf_alphabet_init(&a, "1-9A-G", &err), 0);
    assert_int_equal(a.value['G'], 16);
    assert_int_equal(a.value['0'], 0); /* no symbol: empty again */
    assert_int_equal(sf_alphabet_init(&a, "abcd", &err), 0);
    assert_int_equal(a.value['a'], 1);
    assert_int_equal(sf_alphabet_init(&a, "1123", &err), -1);
    assert_non_null(strstr(err.message, "twice"));
    assert_int_equal(sf_alphabet_init(&a, "12.4", &err), -1);
    assert_int_equal(sf_alphabet_init(&a, "F-0", &err), -1);
    assert_int_equal(sf_alphabet_init(&a, "0-Z!", &err), -1);
    assert_non_null(strstr(err.message, "more than 35"));
}

static void test_records(void **state)
{
    (void)state;
    sf_geometry_t *g = make("4x4");
    uint8_t cells[16];
    const char *why;
    assert_int_equal(sf_parse_geom(g, NULL, "1.3.....2...4..0,rest", 21, cells,
                                   &why), SF_FORM_SYMBOLS);
    assert_int_equal(cells[0], 1);
    assert_int_equal(cells[2], 3);
    assert_int_equal(cells[15], 0);
    const char *commas = "1,0,3,0, 0,0,0,0,0,0,2,0,4,0,0,0";
    assert_int_equal(sf_parse_geom(g, NULL, commas, strlen(commas), cells,
                                   &why), SF_FORM_COMMAS);
    assert_int_equal(cells[10], 2);
    const char *blanks = "1 0 3 0  0 0 0 0\t0 0 2 0 4 . 0 0";
    assert_int_equal(sf_parse_geom(g, NULL, blanks, strlen(blanks), cells,
                                   &why), SF_FORM_SPACES);
    assert_int_equal(sf_parse_geom(g, NULL, "1.3.....2...4..", 15, cells,
                                   &why), -1);
    assert_string_equal(why, "expected 16 cells, found 15");
    assert_int_equal(sf_parse_geom(g, NULL, "1.3.....2...4..5", 16, cells,
                                   &why), -1);
    assert_string_equal(why, "a value above 4");
    assert_int_equal(sf_parse_geom(g, NULL, "1.3.....2...4..#", 16, cells,
                                   &why), -1);
    assert_string_equal(why, "bad character '#'");
    assert_int_equal(sf_parse_geom(g, NULL, "1,0,3", 5, cells, &why), -1);
    assert_string_equal(why, "expected 16 numbers, found 3");
    sf_geometry_free(g);
}

static void test_fields_and_rows(void **state)
{
    (void)state;
    sf_geometry_t *g = make("16x16");
    sf_alphabet_t hex;
    uint8_t cells[256], row[16];
    const char *why;
    int spaced;
    char text[300];
    memset(text, '.', 256);
    text[0] = 'G';
    text[256] = '\0';
    assert_int_equal(geom_parse_field(g, NULL, text, 256, cells, &why),
                     SF_FORM_SYMBOLS);
    assert_int_equal(cells[0], 16);
    sf_alphabet_init(&hex, "0-F", NULL);
    text[0] = '0';
    assert_int_equal(geom_parse_field(g, &hex, text, 256, cells, &why),
                     SF_FORM_SYMBOLS);
    assert_int_equal(cells[0], 1);
    const char *nums = "16 0 0 3 0 0 0 0 0 0 0 0 0 0 10 1";
    assert_int_equal(geom_parse_row(g, geom_default_alphabet(), 1, nums,
                                    strlen(nums), row, &spaced, &why),
                     SF_FORM_SPACES);
    assert_int_equal(row[0], 16);
    assert_int_equal(row[14], 10);
    const char *syms = "G..3|....|....|..A1";
    assert_int_equal(geom_parse_row(g, geom_default_alphabet(), 1, syms,
                                    strlen(syms), row, &spaced, &why),
                     SF_FORM_SYMBOLS);
    assert_int_equal(spaced, 0);
    assert_int_equal(row[15], 1);
    const char *huge = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 "
                       "99999999999999999999999999"; /* no overflow */
    assert_int_equal(geom_parse_row(g, geom_default_alphabet(), 2, huge,
                                    strlen(huge), row, &spaced, &why), -1);
    const char *letters = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 "
                          "!!!!!!!!!!!!"; /* no digits: no overflow */
    assert_int_equal(geom_parse_row(g, geom_default_alphabet(), 2, letters,
                                    strlen(letters), row, &spaced, &why), -1);
    assert_int_equal(geom_parse_row(g, geom_default_alphabet(), 3, "G..3", 4,
                                    row, &spaced, &why), -1);
    assert_string_equal(why, "grid row 3 has 4 cells");
    sf_geometry_free(g);
}

/* Cells written back in each form read back as the same cells. */
static void test_round_trip(void **state)
{
    (void)state;
    sf_geometry_t *g = make("12x12");
    uint8_t cells[144], back[144];
    char text[3 * 144 + 1];
    for (int i = 0; i < 144; i++)
        cells[i] = (uint8_t)(i * 7 % 13);
    for (int form = SF_FORM_SYMBOLS; form <= SF_FORM_SPACES; form++) {
        const size_t n = sf_format_geom(g, NULL, form, cells, '.', text);
        assert_true(n < sf_geom_text_max(g));
        assert_int_equal(strlen(text), n);
        const char *why;
        assert_int_equal(sf_parse_geom(g, NULL, text, n, back, &why), form);
        assert_memory_equal(cells, back, 144);
    }
    sf_format_geom(g, NULL, SF_FORM_SYMBOLS, cells, '.', text);
    assert_int_equal(text[0], '.');
    assert_int_equal(text[1], '7');
    assert_int_equal(text[7], 'A'); /* 49 % 13 = 10 */
    sf_geometry_free(g);
}

/* Detect lines (NUL-terminated) with the side left to them. */
static sf_format_t detect(const char *const *lines, int n, int *side)
{
    size_t lens[8];
    for (int i = 0; i < n; i++)
        lens[i] = strlen(lines[i]);
    return geom_detect_lines(NULL, geom_default_alphabet(), SF_FORMAT_AUTO,
                             lines, lens, n, side);
}

/* A first line of cells and a comma is a csv row, not a header: the
 * records after it outvote it (a line file with a damaged record); a
 * first line that names something is a header and decides. */
static void test_detect_comma_first(void **state)
{
    (void)state;
    int side = 0;
    const char *damaged[] = {"..1.3...,.4..1.4.", "..1.3....4..1.4.",
                             "1.........3.4...", ".2..1......4..3."};
    assert_int_equal(detect(damaged, 4, &side), SF_FORMAT_LINE);
    assert_int_equal(side, 4);
    const char *tie[] = {"..1.3...,.4..1.4.", "..1.3....4..1.4."};
    assert_int_equal(detect(tie, 2, &side), SF_FORMAT_CSV);
    const char *header[] = {"id,puzzle", "1,..1.3....4..1.4.",
                            "2,1.........3.4..."};
    assert_int_equal(detect(header, 3, &side), SF_FORMAT_CSV);
    const char *named[] = {"puzzle,solution", "..1.3....4..1.4.,4213312424311342",
                           "1.........3.4...,1342243131244213"};
    assert_int_equal(detect(named, 3, &side), SF_FORMAT_CSV);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_alphabets),
        cmocka_unit_test(test_records),
        cmocka_unit_test(test_fields_and_rows),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_detect_comma_first),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
