/*
 * test_jsonl_scan.c -- the JSON Lines record scanner (jsonl_scan.c):
 * values of the keys asked for, of every JSON kind and nesting, strings
 * unescaped, arrays of strings walked, and every malformed object refused
 * with its reason.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "io/jsonl_scan.h"

static const char *const keys[] = {"puzzle", "geometry", "extra"};

static int scan(const char *s, jv_t *v, const char **why)
{
    *why = NULL;
    return jsonl_scan(s, strlen(s), keys, 3, v, why);
}

static void test_values(void **state)
{
    (void)state;
    jv_t v[3];
    const char *why;
    char buf[64];
    assert_int_equal(scan(" {\"a\": [1, {\"b\": null}], \"puzzle\": \"1.\\\"2\","
                          " \"n\": -1.5e+3, \"t\": true, \"geometry\": {}} ",
                          v, &why), 0);
    assert_int_equal(v[0].kind, JV_STRING);
    assert_int_equal(jsonl_string(&v[0], buf, sizeof buf), 4);
    assert_string_equal(buf, "1.\"2");
    assert_int_equal(v[1].kind, JV_OTHER); /* an object: not a string */
    assert_int_equal(v[2].kind, JV_NONE);
    /* escapes, \u of ASCII; the last of a repeated key */
    assert_int_equal(scan("{\"puzzle\":\"x\",\"puzzle\":\"\\u0041\\t\\/\"}",
                          v, &why), 0);
    assert_int_equal(jsonl_string(&v[0], buf, sizeof buf), 3);
    assert_string_equal(buf, "A\t/");
    /* a \u beyond ASCII, and a buffer too small */
    assert_int_equal(scan("{\"puzzle\":\"\\u00e9\"}", v, &why), 0);
    assert_int_equal(jsonl_string(&v[0], buf, sizeof buf), -1);
    assert_int_equal(scan("{\"puzzle\":\"12345\"}", v, &why), 0);
    assert_int_equal(jsonl_string(&v[0], buf, 5), -1);
    assert_int_equal(jsonl_string(&v[0], buf, 6), 5);
}

static void test_arrays(void **state)
{
    (void)state;
    jv_t v[3], item;
    const char *why;
    char buf[16];
    assert_int_equal(scan("{\"extra\": [ \"ab\" , \"c\\\"d\",\"\"]}", v, &why),
                     0);
    assert_int_equal(v[2].kind, JV_ARRAY);
    size_t at = 0;
    const char *want[] = {"ab", "c\"d", ""};
    for (int k = 0; k < 3; k++) {
        assert_int_equal(jsonl_next_string(&v[2], &at, &item), 1);
        assert_true(jsonl_string(&item, buf, sizeof buf) >= 0);
        assert_string_equal(buf, want[k]);
    }
    assert_int_equal(jsonl_next_string(&v[2], &at, &item), 0);
    assert_int_equal(scan("{\"extra\": []}", v, &why), 0);
    at = 0;
    assert_int_equal(jsonl_next_string(&v[2], &at, &item), 0);
    assert_int_equal(scan("{\"extra\": [\"a\", 2]}", v, &why), 0);
    at = 0;
    assert_int_equal(jsonl_next_string(&v[2], &at, &item), 1);
    assert_int_equal(jsonl_next_string(&v[2], &at, &item), -1);
}

static void test_malformed(void **state)
{
    (void)state;
    static const struct {
        const char *text, *why;
    } cases[] = {
        {"", "jsonl: not a JSON object"},
        {"[1]", "jsonl: not a JSON object"},
        {"{\"a\":1", "jsonl: an object does not end"},
        {"{\"a\":1} x", "jsonl: text after the object"},
        {"{a:1}", "jsonl: a key is not a string"},
        {"{\"a\" 1}", "jsonl: no ':' after a key"},
        {"{\"a\":}", "jsonl: a bad value"},
        {"{\"a\":01}", "jsonl: a bad number"},
        {"{\"a\":1.}", "jsonl: a bad number"},
        {"{\"a\":1e}", "jsonl: a bad number"},
        {"{\"a\":tru}", "jsonl: a bad value"},
        {"{\"a\":\"x}", "jsonl: a string does not end"},
        {"{\"a\":\"\\q\"}", "jsonl: a bad escape in a string"},
        {"{\"a\":\"\\u12g4\"}", "jsonl: a bad \\u escape"},
        {"{\"a\":\"\x01\"}", "jsonl: a control character in a string"},
        {"{\"a\":[1,2}", "jsonl: an array does not end"},
        {"{\"a\":1,}", "jsonl: a key is not a string"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        jv_t v[3];
        const char *why;
        if (scan(cases[k].text, v, &why) != -1 || !why ||
            strcmp(why, cases[k].why) != 0)
            fail_msg("%s: %s, not %s", cases[k].text, why ? why : "accepted",
                     cases[k].why);
    }
    /* nesting is bounded, not a stack overflow */
    char deep[400];
    memset(deep, '[', sizeof deep);
    memcpy(deep, "{\"a\":", 5);
    deep[sizeof deep - 1] = '\0';
    jv_t v[3];
    const char *why;
    assert_int_equal(scan(deep, v, &why), -1);
    assert_string_equal(why, "jsonl: nested too deep");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_arrays),
        cmocka_unit_test(test_malformed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
