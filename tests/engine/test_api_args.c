/*
 * test_api_args.c -- the public functions' checks of their arguments.
 *
 * What is cheap to check (NULL pointers, sizes that overflow, values out
 * of range) makes a function return its error status (or do nothing, for
 * those without one) instead of crashing or reading out of bounds; each
 * case below once crashed or misbehaved.  The rest of the arguments must
 * be valid, as sudoflow.h says.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "sudoflow.h"

static void test_solver_and_parsing(void **state)
{
    (void)state;
    char sol[82];
    sf_result_t r;
    const char *p = "4...3.......6..8..........1....5..9..8....6...7.2........1."
                    "27..5.3....4.9........";
    assert_int_equal(sf_solve_string(NULL, p, 1, 0, sol, &r), SF_INVALID);
    assert_int_equal(r.count, 0);
    uint8_t cells[81] = {0};
    uint16_t cands[81] = {0};
    assert_int_equal(sf_solve_cells(NULL, cells, 1, 0, NULL, &r), SF_INVALID);
    assert_int_equal(sf_solve_cands(NULL, cands, 1, 0, NULL, &r), SF_INVALID);
    assert_null(sf_solver_kernel(NULL));
    const char *why = NULL;
    assert_int_equal(sf_parse_line(NULL, 81, cells, &why), -1);
    assert_non_null(why);
    assert_int_equal(sf_parse_line(p, 81, NULL, NULL), -1);
    assert_int_equal(sf_parse_pencil(NULL, 729, cands, NULL), -1);
    assert_int_equal(sf_detect_format(NULL, 0), SF_FORMAT_AUTO);
    char out[8];
    size_t a[2], b[2];
    assert_int_equal(sf_csv_split(NULL, 5, out, a, b, 2), -1);
    assert_int_equal(sf_csv_split("a,b", 3, NULL, a, b, 2), -1);
}

static void test_fields_and_writer(void **state)
{
    (void)state;
    sf_field_t f[SF_MAX_FIELDS];
    const char *bad = "x";
    assert_int_equal(sf_fields_parse(NULL, f, &bad), -1);
    assert_null(bad);
    assert_int_equal(sf_fields_parse("nosuch", f, NULL), -1);
    sf_error_t err = {0};
    assert_null(sf_writer_open(NULL, &err));
    assert_int_equal(err.code, SF_ERR_USAGE);
    assert_int_equal(sf_writer_close(NULL, 1, &err), 0);
    assert_int_equal(sf_writer_write(NULL, "x", 1, &err), -1);
    assert_null(sf_writer_temp_path(NULL));
    char *gz = NULL;
    size_t len = 0, cap = 0;
    assert_int_equal(sf_gzip_member(NULL, 3, 1, &gz, &len, &cap), -1);
    assert_int_equal(sf_gzip_member("abc", 3, 10, &gz, &len, &cap), -1);
    assert_int_equal(sf_stats_json(NULL, NULL, 0), -1);
}

static void test_reader(void **state)
{
    (void)state;
    sf_chunk_t c;
    sf_chunk_init(&c);
    sf_error_t err = {0};
    assert_int_equal(sf_reader_fill(NULL, &c, 1, &err), -1);
    assert_int_equal(err.code, SF_ERR_USAGE);
    assert_null(sf_reader_file_name(NULL, 0));
    assert_int_equal(sf_reader_file_records(NULL, 0, NULL), 0);
    assert_int_equal(sf_reader_file_format(NULL, 0), SF_FORMAT_AUTO);
    assert_int_equal(sf_reader_first_format(NULL), SF_FORMAT_AUTO);
    assert_int_equal(sf_reader_bytes_done(NULL), 0);
    assert_int_equal(sf_reader_bytes_total(NULL), 0);
    sf_chunk_free(NULL);
    sf_stats_t st;
    assert_int_equal(sf_batch_run(NULL, NULL, NULL, &st, &err), -1);
    assert_int_equal(err.code, SF_ERR_USAGE);
}

/* A transform whose arrays are not permutations (a row index of 200)
 * read out of bounds; now it is refused and out is left as it was. */
static void test_transforms(void **state)
{
    (void)state;
    sf_xform_t t;
    sf_xform_identity(&t);
    uint8_t in[81] = {5}, out[81];
    assert_int_equal(sf_xform_apply(&t, in, out), 0);
    assert_memory_equal(in, out, 81);
    memset(out, 7, sizeof out);
    t.row[3] = 200;
    assert_int_equal(sf_xform_apply(&t, in, out), -1);
    assert_int_equal(out[0], 7);
    sf_xform_identity(&t);
    t.digit[4] = 5; /* 5 twice, 4 never */
    assert_int_equal(sf_xform_apply(&t, in, out), -1);
    sf_xform_identity(&t);
    t.digit[0] = 3;
    assert_int_equal(sf_xform_apply(&t, in, out), -1);
    assert_int_equal(sf_xform_apply(NULL, in, out), -1);
    sf_canon(NULL, out, NULL);
}

/* -32768 tenths printed "-3276.-"; a NULL result is an empty text. */
static void test_se_format(void **state)
{
    (void)state;
    char buf[32];
    sf_se_result_t r = {0};
    r.status = SF_SE_EXACT;
    r.tenths = -32768;
    sf_se_format(&r, buf, sizeof buf);
    assert_string_equal(buf, "-3276.8");
    r.tenths = 105;
    sf_se_format(&r, buf, sizeof buf);
    assert_string_equal(buf, "10.5");
    assert_int_equal(sf_se_format(NULL, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    assert_int_equal(sf_se_rate(NULL, 0, &r), -1);
    uint8_t cells[81] = {0};
    assert_int_equal(sf_se_rate(cells, NAN, &r), -1);
}

/* A budget is 0 (none) or a finite number of seconds above 0, in every
 * function that takes one: a negative or infinite budget once meant no
 * limit, and only NaN was refused. */
static void test_budgets(void **state)
{
    (void)state;
    static const char p[] = "53..7....6..195....98....6.8...6...34..8.3..1"
                            "7...2...6.6....28....419..5....8..79";
    uint8_t cells[81];
    for (int i = 0; i < 81; i++)
        cells[i] = p[i] == '.' ? 0 : (uint8_t)(p[i] - '0');
    const double bad[] = {-1, -0.5, -INFINITY, INFINITY, NAN};
    const double good[] = {0, -0.0, 1e-300, 1e6};
    sf_se_result_t r;
    sf_trace_t t;
    sf_trace_init(&t, 0);
    int16_t tenths[1];
    int8_t steps[1];
    uint8_t flags[1];
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_int_equal(sf_se_rate(cells, bad[i], &r), -1);
        assert_int_equal(sf_se_rate_scale(cells, SF_SE_SUKAKU, bad[i], &r),
                         -1);
        assert_int_equal(sf_se_explain(cells, bad[i], &t, &r), -1);
        assert_int_equal(sf_array_se(cells, NULL, 1, bad[i], 1, tenths,
                                     steps, flags), -1);
        assert_int_equal(sf_array_explain(cells, NULL, 1, bad[i], 1, &t,
                                          tenths, steps, flags), -1);
    }
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        assert_int_equal(sf_se_rate(cells, good[i], &r), 0);
        assert_int_equal(r.status, SF_SE_EXACT);
        assert_int_equal(sf_array_se(cells, NULL, 1, good[i], 1, tenths,
                                     steps, flags), 0);
        assert_int_equal(tenths[0], r.tenths);
        assert_int_equal(sf_se_explain(cells, good[i], &t, &r), 0);
    }
    sf_trace_free(&t);
}

/* Row counts whose arrays would not fit: sf_array_augment returned 0
 * having done nothing when n * k overflows, sf_array_solve overflowed
 * n * 81. */
static void test_array_sizes(void **state)
{
    (void)state;
    uint8_t cells[81] = {0}, out[81], st[1];
    uint64_t counts[1], guesses[1];
    assert_int_equal(sf_array_augment(cells, NULL, 2, UINT64_MAX / 2 + 1, 1,
                                      1, out, NULL), -1);
    assert_int_equal(sf_array_augment(cells, NULL, SIZE_MAX / 81, 2, 1, 1,
                                      out, NULL), -1);
    assert_int_equal(sf_array_solve(NULL, cells, NULL, SIZE_MAX / 40, 1, 0, 1,
                                     out, counts, st, guesses), -1);
    assert_int_equal(sf_array_solve(NULL, NULL, NULL, 1, 1, 0, 1, out, counts,
                                     st, guesses), -1);
    assert_int_equal(sf_array_solve(NULL, cells, NULL, 1, 1, 0, 1, out, counts,
                                     st, guesses), 0);
    assert_int_equal(sf_array_canon(cells, NULL, 1, 1, NULL), -1);
    assert_int_equal(sf_array_solve(NULL, NULL, NULL, 0, 1, 0, 1, NULL, NULL,
                                     NULL, NULL), 0); /* nothing to do */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solver_and_parsing),
        cmocka_unit_test(test_fields_and_writer),
        cmocka_unit_test(test_reader),
        cmocka_unit_test(test_transforms),
        cmocka_unit_test(test_se_format),
        cmocka_unit_test(test_array_sizes),
        cmocka_unit_test(test_budgets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
