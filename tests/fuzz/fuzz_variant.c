/*
 * fuzz_variant.c -- the variant readers and the variant kernel on any
 * bytes.
 *
 * The first byte picks a mode:
 *   0  the rest as lz-string base64: it must decode or fail, and a
 *      decoded text must be valid UTF-8 of the length reported;
 *   1  the rest as an f-puzzles puzzle (JSON, lz-string or a link): it
 *      must read or fail with a message; a puzzle of up to 9x9 that reads
 *      is solved at limit 2 and every solution must keep its givens and
 *      its rules;
 *   2  the rest as choices of rules on a 4x4 or 6x6 grid (cells, kinds
 *      and values straight from the bytes, so rules that no grid keeps
 *      are common) and givens: the kernel's counts at limits 1 to 3, and
 *      its first solution under SF_LEX, must be the reference's
 *      (tests/refvariant.c).
 */
#include "fuzzutil.h"

#include "io/lzstring.h"
#include "refvariant_kinds.h"

static int utf8_ok(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        const unsigned c = s[i];
        const size_t k = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3
                         : (c >> 3) == 30 ? 4 : 0;
        if (!k || i + k > n)
            return 0;
        for (size_t j = 1; j < k; j++)
            if ((s[i + j] & 0xC0) != 0x80)
                return 0;
        i += k;
    }
    return 1;
}

static void lz_mode(fz_t *f)
{
    size_t n;
    const uint8_t *p = fz_rest(f, &n);
    char *out;
    size_t len;
    if (lz_decode_base64((const char *)p, n, 1 << 16, &out, &len) != 0)
        return;
    FZ_CHECK(strlen(out) <= len && utf8_ok((unsigned char *)out, len),
             "decoded text of %zu bytes is not UTF-8", len);
    free(out);
}

static void read_mode(fz_t *f)
{
    size_t n;
    const uint8_t *p = fz_rest(f, &n);
    sf_error_t err = {0};
    sf_variant_t *v = sf_variant_read((const char *)p, n, &err);
    if (!v) {
        FZ_CHECK(err.code != 0 && err.message[0], "no reason given");
        return;
    }
    const int size = sf_geometry_n(v->geom), cells = size * size;
    if (size <= 9) {
        sf_solver_t *s = sf_solver_new(NULL);
        uint8_t sol[SF_MAX_CELLS];
        sf_result_t r;
        sf_solve_rules(s, v->rules, v->cells, 2, 0, sol, &r);
        if (r.count) {
            FZ_CHECK(sf_rules_hold(v->rules, sol), "a solution breaks a rule");
            for (int c = 0; c < cells; c++)
                FZ_CHECK(!v->cells[c] || v->cells[c] == sol[c],
                         "a solution drops given %d", c);
        }
        sf_solver_free(s);
    }
    sf_variant_free(v);
}


/* A rule from the bytes: its kind, cells (a walk of king's moves) and
 * value; 0 when the library refuses its shape (then it is left out). */
static int one_rule(fz_t *f, int n, sf_rules_t *r, refv_rule_t *u)
{
    memset(u, 0, sizeof *u);
    u->kind = (int)fz_below(f, 12);
    const int want[] = {[REFV_DIFF] = 2, [REFV_RATIO] = 2, [REFV_SUM] = 2,
                        [REFV_LESS] = 2, [REFV_ODD] = 1, [REFV_EVEN] = 1,
                        [REFV_MIN] = 1, [REFV_MAX] = 1};
    const int k = want[u->kind] ? want[u->kind] : 1 + (int)fz_below(f, 5);
    int c = (int)fz_below(f, (unsigned)(n * n));
    for (int i = 0; i < k; i++) {
        u->cells[u->ncells++] = c;
        const int d = (int)fz_below(f, 8), dr[] = {-1, -1, -1, 0, 0, 1, 1, 1},
                  dc[] = {-1, 0, 1, -1, 1, -1, 0, 1};
        const int rr = c / n + dr[d], cc = c % n + dc[d];
        if (rr < 0 || rr >= n || cc < 0 || cc >= n)
            break;
        c = rr * n + cc;
    }
    u->value = (int)fz_below(f, 40);
    u->split = u->kind == REFV_ARROW ? 1 + (int)fz_below(f, 2) : 0;
    sf_error_t err;
    return sf_rules_add(r, REFV_TO_SF[u->kind], u->value, u->cells, u->ncells,
                        u->split, &err) == 0;
}

static void rules_mode(fz_t *f)
{
    const int six = (int)fz_below(f, 2), n = six ? 6 : 4;
    sf_geometry_t *g = sf_geometry_new(
        &(sf_geometry_spec_t){six ? "6x6:2x3" : "4x4:2x2", NULL, NULL, {0}},
        NULL);
    FZ_CHECK(g != NULL, "geometry");
    sf_rules_t *r = sf_rules_new(g);
    refv_rule_t rules[12];
    int nrules = 0;
    const int want = (int)fz_below(f, 12);
    for (int i = 0; i < want; i++)
        nrules += one_rule(f, n, r, &rules[nrules]);
    const unsigned neg = fz_below(f, 8);
    FZ_CHECK(sf_rules_seal(r, (neg & 1 ? SF_NEG_DIFF : 0) |
                                  (neg & 2 ? SF_NEG_RATIO : 0) |
                                  (neg & 4 ? SF_NEG_XV : 0), NULL) == 0,
             "seal");
    uint8_t cells[36] = {0}, first[36], sol[36];
    const int givens = (int)fz_below(f, 6);
    for (int i = 0; i < givens; i++)
        cells[fz_below(f, (unsigned)(n * n))] = (uint8_t)(1 + fz_below(f, (unsigned)n));
    const refv_t p = {n, 2, n / 2, neg, nrules, rules};
    int exhausted;
    const uint64_t want_count = refv_count(&p, cells, 3, 50000, first,
                                           &exhausted);
    sf_solver_t *s = sf_solver_new(NULL);
    for (uint64_t limit = 1; !exhausted && limit <= 3; limit++)
        for (int lex = 0; lex < 2; lex++) {
            sf_result_t res;
            sf_solve_rules(s, r, cells, limit, lex ? SF_LEX : 0, sol, &res);
            FZ_CHECK(res.count == (want_count < limit ? want_count : limit),
                     "count %llu, the reference's %llu at limit %llu",
                     (unsigned long long)res.count,
                     (unsigned long long)want_count,
                     (unsigned long long)limit);
            if (res.count)
                FZ_CHECK(refv_holds(&p, sol), "a solution breaks a rule");
            if (res.count && lex)
                FZ_CHECK(!memcmp(sol, first, (size_t)(n * n)),
                         "not the smallest solution first");
        }
    sf_solver_free(s);
    sf_rules_free(r);
    sf_geometry_free(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_t f = {data, size};
    switch (fz_below(&f, 3)) {
    case 0: lz_mode(&f); break;
    case 1: read_mode(&f); break;
    default: rules_mode(&f); break;
    }
    return 0;
}
