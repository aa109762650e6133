/*
 * test_fpuzzles.c -- f-puzzles puzzles read (io/fpuzzles.c) and the
 * lz-string decoder under them (io/lzstring.c).
 *
 * lz-string: tests/data/variants/lzstring.tsv holds texts (JSON strings:
 * short and long, repeats, characters of one, two and three UTF-8 bytes
 * and surrogate pairs) beside what lz-string 1.5.0's compressToBase64
 * made of them; each must decode to its text.  Damaged forms (a cut, a
 * character outside the alphabet, a flipped bit) must fail or decode to
 * something, never crash (the fuzz target goes further).
 *
 * f-puzzles: a hand-written 4x4 puzzle with one entry of most lists is
 * read as plain JSON, as its compressed form and as a link (with the
 * form percent-encoded); the rules must be those written, cell by cell,
 * and the puzzle must have the one solution worked out by hand.  Every
 * malformed or unknown part must fail with a message naming it.
 */
#include "testutil.h"

#include <jansson.h>

#include "io/fpuzzles.h"
#include "io/lzstring.h"

#define VECTORS "tests/data/variants/lzstring.tsv"

/* The hand-written puzzle: cages R1C1+R1C2 = 3, R2C1+R2C2 = 7, R1C3+R2C3 =
 * 5; a thermometer R3C2 < R3C3 < R3C4; a white dot R4C3-R4C4; R4C2 odd;
 * R3C2 even; R4C1 = 4 given; a cosmetic cage.  Its one solution is worked
 * out by hand in test_read_solve. */
static const char *const K4 =
    "{\"size\":4,\"title\":\"Four cages\",\"author\":\"sudoflow\",\"ruleset\""
    ":\"Killer\",\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],"
    "[{\"value\":4,\"given\":true},{},{},{}]],\"killercage\":[{\"cells\":"
    "[\"R1C1\",\"R1C2\"],\"value\":\"3\"},{\"cells\":[\"R2C1\",\"R2C2\"],\"value"
    "\":\"7\"},{\"cells\":[\"R1C3\",\"R2C3\"],\"value\":\"5\"}],\"thermometer\":"
    "[{\"lines\":[[\"R3C2\",\"R3C3\",\"R3C4\"]]}],\"difference\":[{\"cells\":"
    "[\"R4C3\",\"R4C4\"]}],\"odd\":[{\"cell\":\"R4C2\"}],\"even\":[{\"cell\":\"R"
    "3C2\"}],\"cage\":[{\"cells\":[\"R1C1\"],\"outlineC\":\"#000\"}]}";

/* K4 as lz-string 1.5.0's compressToBase64 made it. */
static const char *const K4_LZ =
    "N4IgzglgXgpiBcAWANCALhNAbO8QDEB7AVwCcACAYwEMBzGMEVa4tAC0NIXG"
    "IBNCAZlkIB3JiFLEcYGGm4BpCFhxdUtUhF4IA2tuABfZAaOGDAXWR7T1kxas"
    "mH5y6ABu1LMVwoQtCC5gAdghokjA2xuYWIADWSio09DqglDDKjPDaIABKAIw"
    "AwjniuXkATCBRbh64IADMIKYgKWk62SUFRW1lFe6e3ADs9UaNqVjpmcV1qFl"
    "tdd1V3ACs9VHsMKQAtoTrsmtJIFgQAQw64zWlRWeT2WeI5Wb6UbwQAgJrgSl"
    "7TaMtWYh5V788rd7lFCLwtBlkiNuICyg9UDB/EFIcNlDCznCoglcHpUd8Mtl"
    "8oVQawDkc8twAMQABlpy30QA";

static void test_lz_vectors(void **state)
{
    (void)state;
    size_t len;
    char *text = slurp(VECTORS, &len);
    int checked = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char *tab = strchr(line, '\t');
        assert_non_null(tab);
        *tab = '\0';
        json_error_t je;
        json_t *s = json_loads(line, JSON_DECODE_ANY, &je);
        assert_non_null(s);
        char *out;
        size_t out_len;
        assert_int_equal(lz_decode_base64(tab + 1, strlen(tab + 1), 1 << 20,
                                          &out, &out_len), 0);
        assert_int_equal(out_len, json_string_length(s));
        assert_memory_equal(out, json_string_value(s), out_len);
        free(out);
        json_decref(s);
        checked++;
    }
    assert_true(checked >= 60);
    free(text);
}

static void test_lz_damaged(void **state)
{
    (void)state;
    const size_t n = strlen(K4_LZ);
    char *buf = malloc(n + 1), *out;
    size_t out_len;
    for (size_t cut = 1; cut < n - 2; cut++) /* every cut but the padding */
        assert_int_equal(lz_decode_base64(K4_LZ, cut, 1 << 20, &out,
                                          &out_len), LZ_TRUNCATED);
    assert_null(out);
    memcpy(buf, K4_LZ, n + 1);
    buf[10] = '!';
    assert_int_equal(lz_decode_base64(buf, n, 1 << 20, &out, &out_len),
                     LZ_CORRUPT);
    assert_int_equal(lz_decode_base64(K4_LZ, n, 16, &out, &out_len),
                     LZ_TOO_LONG);
    assert_int_equal(lz_decode_base64("", 0, 16, &out, &out_len), LZ_CORRUPT);
    for (size_t i = 0; i < n; i++) /* never a crash, whatever comes back */
        for (int bit = 0; bit < 6; bit++) {
            memcpy(buf, K4_LZ, n + 1);
            const char *alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqr"
                                "stuvwxyz0123456789+/";
            const char *at = strchr(alpha, buf[i]);
            if (!at || buf[i] == '=')
                continue;
            buf[i] = alpha[(at - alpha) ^ (1 << bit)];
            if (lz_decode_base64(buf, n, 1 << 20, &out, &out_len) == 0)
                free(out);
        }
    free(buf);
}

/* p's rule i: kind, value, split and cells (-1 ends them). */
static void expect_rule(const fpz_t *p, int i, int kind, int value, int split,
                        const int *cells)
{
    assert_true(i < p->nrules);
    const fpz_rule_t *u = &p->rule[i];
    assert_int_equal(u->kind, kind);
    assert_int_equal(u->value, value);
    assert_int_equal(u->split, split);
    int k = 0;
    while (cells[k] >= 0)
        k++;
    assert_int_equal(u->ncells, k);
    assert_memory_equal(p->cell + u->at, cells, (size_t)k * sizeof *cells);
}

static void check_k4(const fpz_t *p)
{
    assert_int_equal(p->n, 4);
    assert_string_equal(p->size, "4x4:2x2");
    assert_string_equal(p->regions, "");
    assert_string_equal(p->variant, "");
    assert_int_equal(p->cells[12], 4);
    assert_int_equal(p->nrules, 7);
    expect_rule(p, 0, SF_RULE_CAGE, 3, 0, (int[]){0, 1, -1});
    expect_rule(p, 1, SF_RULE_CAGE, 7, 0, (int[]){4, 5, -1});
    expect_rule(p, 2, SF_RULE_CAGE, 5, 0, (int[]){2, 6, -1});
    expect_rule(p, 3, SF_RULE_THERMO, 0, 0, (int[]){9, 10, 11, -1});
    expect_rule(p, 4, SF_RULE_DIFF, 1, 0, (int[]){14, 15, -1});
    expect_rule(p, 5, SF_RULE_ODD, 0, 0, (int[]){13, -1});
    expect_rule(p, 6, SF_RULE_EVEN, 0, 0, (int[]){9, -1});
}

/* Every form of K4 reads to the same parts. */
static void test_read_forms(void **state)
{
    (void)state;
    char link[2200], enc[2048];
    size_t e = 0;
    for (const char *s = K4_LZ; *s; s++)
        e += (size_t)(*s == '+' || *s == '/' || *s == '='
                          ? snprintf(enc + e, sizeof enc - e, "%%%02X", *s)
                          : snprintf(enc + e, sizeof enc - e, "%c", *s));
    snprintf(link, sizeof link, "https://www.f-puzzles.com/?load=%s", enc);
    const char *forms[] = {K4, K4_LZ, link};
    for (int f = 0; f < 3; f++) {
        const char *json;
        size_t len;
        int owned;
        sf_error_t err = {0};
        assert_int_equal(fpz_json_text(forms[f], strlen(forms[f]), &json,
                                       &len, &owned, &err), 0);
        fpz_t p;
        memset(&p, 0, sizeof p);
        if (fpz_parse(json, len, &p, &err) < 0)
            fail_msg("form %d: %s", f, err.message);
        check_k4(&p);
        fpz_clear(&p);
        if (owned)
            free((char *)json);
    }
}

/* The grid K4 must have, worked out by hand. */
static void test_read_solve(void **state)
{
    (void)state;
    sf_error_t err = {0};
    sf_variant_t *v = sf_variant_read(K4, strlen(K4), &err);
    if (!v)
        fail_msg("%s", err.message);
    sf_solver_t *solver = sf_solver_new(NULL);
    uint8_t sol[16];
    sf_result_t res;
    assert_int_equal(sf_solve_rules(solver, v->rules, v->cells, 2, 0, sol,
                                    &res), SF_UNIQUE);
    /* R1C1,R1C2 sum 3: {1,2}; R2C1,R2C2 sum 7: {3,4}, and R4C1 = 4 puts
     * 3 at R2C1, 4 at R2C2.  R3C2 is even and under two thermometer cells
     * of at most 4: 2, then R3C3 = 3, R3C4 = 4, R3C1 = 1, so R1C1 = 2,
     * R1C2 = 1, R4C2 = 3 (odd).  R1C3 + R2C3 = 5 with R1C3 in {3,4} and
     * column 3 holding 3 already: R1C3 = 4, R2C3 = 1; the rest follows,
     * and R4C3 = 2, R4C4 = 1 keep the white dot.  Without the even cell
     * R3C2 = 1 would give a second grid. */
    static const uint8_t want[16] = {2, 1, 4, 3, 3, 4, 1, 2,
                                     1, 2, 3, 4, 4, 3, 2, 1};
    assert_memory_equal(sol, want, 16);
    assert_true(sf_rules_hold(v->rules, sol));
    sf_solver_free(solver);
    sf_variant_free(v);
}

/* The lines and the rest: each list read into its rules. */
static void test_read_lines(void **state)
{
    (void)state;
    const char *json =
        "{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],"
        "[{},{},{},{}]],"
        "\"palindrome\":[{\"lines\":[[\"R1C1\",\"R1C2\",\"R1C3\"],"
        "[\"R2C1\",\"R3C1\"]]}],"
        "\"whispers\":[{\"lines\":[[\"R4C1\",\"R4C2\"]]}],"
        "\"renban\":[{\"lines\":[[\"R2C2\",\"R2C3\",\"R2C4\"]]}],"
        "\"betweenline\":[{\"lines\":[[\"R3C2\",\"R3C3\",\"R3C4\"]]}],"
        "\"regionSumLine\":[{\"lines\":[[\"R1C2\",\"R1C3\"]]}],"
        "\"littlekillersum\":[{\"cell\":\"R0C0\",\"cells\":[\"R1C1\","
        "\"R2C2\"],\"direction\":\"DR\",\"value\":\"5\"},{\"cell\":"
        "\"R0C1\",\"cells\":[\"R1C2\"],\"direction\":\"DR\",\"value\":"
        "\"\"}],"
        "\"clone\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"cloneCells\":"
        "[\"R4C3\",\"R4C4\"]}],"
        "\"quadruple\":[{\"cells\":[\"R3C3\",\"R3C4\",\"R4C3\","
        "\"R4C4\"],\"values\":[1,1,3]}]}";
    fpz_t p;
    memset(&p, 0, sizeof p);
    sf_error_t err = {0};
    if (fpz_parse(json, strlen(json), &p, &err) < 0)
        fail_msg("%s", err.message);
    assert_int_equal(p.nrules, 10);
    expect_rule(&p, 0, SF_RULE_PALINDROME, 0, 0, (int[]){0, 1, 2, -1});
    expect_rule(&p, 1, SF_RULE_PALINDROME, 0, 0, (int[]){4, 8, -1});
    expect_rule(&p, 2, SF_RULE_WHISPER, 0, 0, (int[]){12, 13, -1});
    expect_rule(&p, 3, SF_RULE_RENBAN, 0, 0, (int[]){5, 6, 7, -1});
    expect_rule(&p, 4, SF_RULE_BETWEEN, 0, 0, (int[]){9, 10, 11, -1});
    expect_rule(&p, 5, SF_RULE_REGION_SUM, 0, 0, (int[]){1, 2, -1});
    expect_rule(&p, 6, SF_RULE_LITTLE_KILLER, 5, 0, (int[]){0, 5, -1});
    expect_rule(&p, 7, SF_RULE_EQUAL, 0, 0, (int[]){0, 14, -1});
    expect_rule(&p, 8, SF_RULE_EQUAL, 0, 0, (int[]){1, 15, -1});
    expect_rule(&p, 9, SF_RULE_QUADRUPLE, 1 | 1 << 5 | 3 << 10, 0,
                (int[]){10, 11, 14, 15, -1});
    fpz_clear(&p);
}

/* A malformed or unknown part: the message names it. */
static void expect_error(const char *json, const char *says)
{
    sf_error_t err = {0};
    sf_variant_t *v = sf_variant_read(json, strlen(json), &err);
    assert_null(v);
    if (!strstr(err.message, says))
        fail_msg("for %s: got \"%s\", wanted \"%s\"", json, err.message, says);
}

static void test_read_errors(void **state)
{
    (void)state;
    const char *g4 = "\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],"
                     "[{},{},{},{}],[{},{},{},{}]]";
    char buf[1024];
#define WITH(extra, says)                                                     \
    do {                                                                      \
        snprintf(buf, sizeof buf, "{%s%s}", g4, extra);                       \
        expect_error(buf, says);                                              \
    } while (0)
    WITH(",\"sandwichsum\":[{\"cell\":\"R0C1\",\"value\":\"3\"}]",
         "constraint sandwichsum is not read");
    WITH(",\"renban\":[{\"lines\":[[\"R1C1\"]]}]",
         "renban 1: a line is not a list of two cells or more");
    WITH(",\"quadruple\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"values\":[7]}]",
         "quadruple 1: a value is not a value of the grid");
    WITH(",\"clone\":[{\"cells\":[\"R1C1\"],\"cloneCells\":[]}]",
         "clone 1: \"cells\" and \"cloneCells\"");
    WITH(",\"killercage\":[{\"cells\":[\"R1C1\",\"R9C9\"],\"value\":\"3\"}]",
         "killercage 1: \"cells\" is not a list of cells");
    WITH(",\"killercage\":[{\"cells\":[\"R1C1\"],\"value\":\"x\"}]",
         "killercage 1: \"value\" is not a number");
    WITH(",\"xv\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"Y\"}]",
         "xv 1: \"value\" is neither");
    WITH(",\"difference\":[{\"cells\":[\"R1C1\",\"R2C2\"]}]",
         "not orthogonal neighbours");
    WITH(",\"negative\":[\"sumdot\"]", "negative constraint sumdot");
    WITH(",\"antiknight\":1", "\"antiknight\" is not true or false");
    WITH(",\"odd\":[{\"cell\":\"R0C1\"}]", "odd 1: \"cell\" is not a cell");
    WITH(",\"arrow\":[{\"cells\":[\"R1C1\"],\"lines\":[[\"R1C1\"]]}]",
         "arrow 1: a line has no cell outside its circle");
    WITH(",\"size\":4", "not JSON");
    expect_error("{\"size\":3,\"grid\":[]}", "\"size\" is not 4 to 16");
    expect_error("{\"size\":4,\"grid\":[[{}],[{}],[{}],[{}]]}",
                 "grid row 1 is not 4 cells");
    expect_error("[1,2]", "not a JSON object");
    expect_error("N4Ig!!", "not lz-string");
    expect_error("{\"size\":4,", "not JSON (line 1, column");
    /* an empty list of a constraint not read is no constraint at all */
    snprintf(buf, sizeof buf, "{%s,\"sandwichsum\":[]}", g4);
    sf_error_t err = {0};
    sf_variant_t *v = sf_variant_read(buf, strlen(buf), &err);
    assert_non_null(v);
    sf_variant_free(v);
#undef WITH
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lz_vectors),
        cmocka_unit_test(test_lz_damaged),
        cmocka_unit_test(test_read_forms),
        cmocka_unit_test(test_read_solve),
        cmocka_unit_test(test_read_lines),
        cmocka_unit_test(test_read_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
