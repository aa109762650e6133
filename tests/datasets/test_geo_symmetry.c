/*
 * test_geo_symmetry.c -- the symmetry group of other geometries and the
 * canonical form under it (geo_symmetry.c, geo_canon.c).
 *
 * The group's order is checked by brute force on every geometry up to
 * 6x6: every transpose, row order and column order is tried, and a map is
 * counted when it sends each unit written from the rules here (rows,
 * columns, boxes or regions, diagonals, windows, disjoint groups) onto
 * one and keeps knight, king and orthogonal neighbours; the value maps
 * are counted the same way.  The canonical form is checked against the
 * smallest image over that brute-force list on random puzzles, against
 * sf_canon on classic puzzles read as 9x9 with boxes, and for invariance
 * (equivalent copies give the same form, and the element it returns maps
 * the puzzle onto it) on larger grids.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "datasets/geo_symmetry.h"
#include "refgeom_text.h"
#include "testutil.h"

/* ------------------------------------------------- the rules, by hand */

typedef struct bf {
    int n, br, bc;            /* br = 0: regions */
    const char *regions;
    unsigned variants;        /* SF_VARIANT_* */
    uint64_t unit[64];        /* cell masks (n <= 8) */
    int nunits;
    uint64_t knight[64], king[64], orth[64];
} bf_t;

static void bf_unit(bf_t *b, uint64_t m) { b->unit[b->nunits++] = m; }

static uint64_t cellbit(int n, int r, int c) { return 1ull << (r * n + c); }

static void bf_init(bf_t *b, int n, int br, int bc, const char *regions,
                    unsigned variants)
{
    memset(b, 0, sizeof *b);
    b->n = n, b->br = br, b->bc = bc, b->regions = regions;
    b->variants = variants;
    if (regions) {
        for (int k = 0; k < n * n; k++) {
            uint64_t m = 0;
            for (int i = 0; i < n * n; i++)
                if (regions[i] == regions[k])
                    m |= 1ull << i;
            int dup = 0;
            for (int u = 0; u < b->nunits; u++)
                dup |= b->unit[u] == m;
            if (!dup)
                bf_unit(b, m);
        }
    } else {
        for (int k = 0; k < n; k++) {
            uint64_t m = 0;
            for (int i = 0; i < n * n; i++)
                if ((i / n / br) * (n / bc) + i % n / bc == k)
                    m |= 1ull << i;
            bf_unit(b, m);
        }
    }
    uint64_t d1 = 0, d2 = 0;
    for (int i = 0; i < n; i++) {
        d1 |= cellbit(n, i, i);
        d2 |= cellbit(n, i, n - 1 - i);
    }
    if (variants & SF_VARIANT_XMAIN)
        bf_unit(b, d1);
    if (variants & SF_VARIANT_XANTI)
        bf_unit(b, d2);
    if (variants & SF_VARIANT_WINDOKU)
        for (int r0 = 1; r0 + br <= n; r0 += br + 1)
            for (int c0 = 1; c0 + bc <= n; c0 += bc + 1) {
                uint64_t m = 0;
                for (int i = 0; i < br; i++)
                    for (int j = 0; j < bc; j++)
                        m |= cellbit(n, r0 + i, c0 + j);
                bf_unit(b, m);
            }
    if (variants & SF_VARIANT_DISJOINT)
        for (int k = 0; k < n; k++) {
            uint64_t m = 0;
            for (int i = 0; i < n * n; i++)
                if ((i / n % br) * bc + i % n % bc == k)
                    m |= 1ull << i;
            bf_unit(b, m);
        }
    for (int i = 0; i < n * n; i++)
        for (int j = 0; j < n * n; j++) {
            const int dr = abs(i / n - j / n), dc = abs(i % n - j % n);
            if (dr * dc == 2)
                b->knight[i] |= 1ull << j;
            if (i != j && dr <= 1 && dc <= 1)
                b->king[i] |= 1ull << j;
            if (dr + dc == 1)
                b->orth[i] |= 1ull << j;
        }
}

static uint64_t image(const int *sigma, uint64_t m)
{
    uint64_t out = 0;
    for (; m; m &= m - 1)
        out |= 1ull << sigma[__builtin_ctzll(m)];
    return out;
}

/* 1 when sigma (output cell -> input cell) keeps b's rules. */
static int bf_keeps(const bf_t *b, const int *sigma)
{
    for (int u = 0; u < b->nunits; u++) {
        const uint64_t m = image(sigma, b->unit[u]);
        int found = 0;
        for (int v = 0; v < b->nunits && !found; v++)
            found = b->unit[v] == m;
        if (!found)
            return 0;
    }
    for (int i = 0; i < b->n * b->n; i++) {
        if ((b->variants & SF_VARIANT_ANTIKNIGHT) &&
            image(sigma, b->knight[i]) != b->knight[sigma[i]])
            return 0;
        if ((b->variants & SF_VARIANT_ANTIKING) &&
            image(sigma, b->king[i]) != b->king[sigma[i]])
            return 0;
        if ((b->variants & SF_VARIANT_NONCONSECUTIVE) &&
            image(sigma, b->orth[i]) != b->orth[sigma[i]])
            return 0;
    }
    return 1;
}

/* The next permutation in lexicographic order; 0 after the last. */
static int next_perm(uint8_t *a, int n)
{
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1])
        i--;
    if (i < 0)
        return 0;
    int j = n - 1;
    while (a[j] <= a[i])
        j--;
    uint8_t t = a[i];
    a[i] = a[j];
    a[j] = t;
    for (int l = i + 1, r = n - 1; l < r; l++, r--) {
        t = a[l];
        a[l] = a[r];
        a[r] = t;
    }
    return 1;
}

/* Every map of cells that keeps b: (t, rows, cols) records of 1 + 2n
 * bytes into *list; their number. */
static size_t bf_maps(const bf_t *b, uint8_t **list)
{
    const int n = b->n;
    size_t count = 0, cap = 64;
    *list = malloc(cap * (size_t)(1 + 2 * n));
    for (int t = 0; t < 2; t++) {
        uint8_t p[8];
        for (int i = 0; i < n; i++)
            p[i] = (uint8_t)i;
        do {
            uint8_t q[8];
            for (int i = 0; i < n; i++)
                q[i] = (uint8_t)i;
            do {
                int sigma[64];
                for (int r = 0; r < n; r++)
                    for (int c = 0; c < n; c++)
                        sigma[r * n + c] = t ? q[c] * n + p[r]
                                             : p[r] * n + q[c];
                if (!bf_keeps(b, sigma))
                    continue;
                if (count == cap)
                    *list = realloc(*list, (cap *= 2) * (size_t)(1 + 2 * n));
                uint8_t *m = *list + count++ * (size_t)(1 + 2 * n);
                m[0] = (uint8_t)t;
                memcpy(m + 1, p, (size_t)n);
                memcpy(m + 1 + n, q, (size_t)n);
            } while (next_perm(q, n));
        } while (next_perm(p, n));
    }
    return count;
}

/* Value maps that keep the rules: all, or those keeping |a - b| = 1. */
static uint64_t bf_value_maps(const bf_t *b)
{
    uint8_t v[8];
    uint64_t count = 0;
    for (int i = 0; i < b->n; i++)
        v[i] = (uint8_t)i;
    do {
        int ok = 1;
        for (int a = 0; a < b->n && ok; a++)
            for (int c = 0; c < b->n && ok; c++)
                if ((b->variants & SF_VARIANT_NONCONSECUTIVE) &&
                    (abs(a - c) == 1) != (abs(v[a] - v[c]) == 1))
                    ok = 0;
        count += (uint64_t)ok;
    } while (next_perm(v, b->n));
    return count;
}

/* ------------------------------------------------------------ puzzles */

/* A random puzzle of g: a solution moved by a random element, some cells
 * emptied; with noise, some values written at random (any cells: the
 * form is combinatorial). */
static void random_puzzle(const sf_geometry_t *g, const geo_group_t *grp,
                          uint64_t *seed, int noise, uint8_t *out)
{
    const int n = sf_geometry_n(g), nc = n * n;
    uint8_t empty[SF_MAX_CELLS] = {0};
    sf_solver_t *s = sf_solver_new(NULL);
    sf_result_t r;
    if (sf_solve_geom(s, g, empty, 1, 0, out, &r) != SF_SOLVED)
        memset(out, 0, (size_t)nc); /* no solution: noise alone */
    sf_solver_free(s);
    rng_t rng;
    rng_seed(&rng, rnd_next(seed), 0);
    geo_xform_t t;
    geo_xform_random(grp, &rng, &t);
    geo_xform_apply(grp, &t, out, out);
    const unsigned keep = (unsigned)(rnd_next(seed) % 100);
    for (int i = 0; i < nc; i++) {
        if (rnd_next(seed) % 100 >= keep)
            out[i] = 0;
        if (noise && rnd_next(seed) % 20 == 0)
            out[i] = (uint8_t)(rnd_next(seed) % (unsigned)(n + 1));
    }
}

/* The smallest image of in over the list (and the value maps). */
static void bf_canon(const bf_t *b, const uint8_t *list, size_t count,
                     int relabel, const uint8_t *in, uint8_t *best)
{
    const int n = b->n;
    int have = 0;
    for (size_t e = 0; e < count; e++) {
        const uint8_t *m = list + e * (size_t)(1 + 2 * n);
        for (int pass = 0; pass < (relabel ? 1 : 2); pass++) {
            uint8_t img[64], map[9] = {0}, next = 0;
            for (int r = 0; r < n; r++)
                for (int c = 0; c < n; c++) {
                    const int src = m[0] ? m[1 + n + c] * n + m[1 + r]
                                         : m[1 + r] * n + m[1 + n + c];
                    const uint8_t v = in[src];
                    if (v && relabel && !map[v])
                        map[v] = ++next;
                    img[r * n + c] =
                        !v ? 0 : relabel ? map[v] : pass ? n + 1 - v : v;
                }
            if (!have || memcmp(img, best, (size_t)(n * n)) < 0)
                memcpy(best, img, (size_t)(n * n));
            have = 1;
        }
    }
}

/* ---------------------------------------------------------------- tests */

typedef struct gcase {
    const char *size, *regions, *variant;
    int n, br, bc;
    unsigned variants;
} gcase_t;

static const char JIGSAW4_SYM[] = "1112" "1222" "3334" "3444";

static const gcase_t small[] = {
    {"4x4", NULL, NULL, 4, 2, 2, 0},
    {"4x4", "1122112233443344", NULL, 4, 0, 0, 0},
    {"4x4", NULL, "x", 4, 2, 2, SF_VARIANT_XMAIN | SF_VARIANT_XANTI},
    {"4x4", NULL, "nonconsecutive", 4, 2, 2, SF_VARIANT_NONCONSECUTIVE},
    {"4x4", JIGSAW4_SYM, NULL, 4, 0, 0, 0},
    {"5x5", REFG_JIGSAW5, NULL, 5, 0, 0, 0},
    {"6x6", NULL, NULL, 6, 2, 3, 0},
    {"6x6:3x2", NULL, NULL, 6, 3, 2, 0},
    {"6x6", NULL, "x", 6, 2, 3, SF_VARIANT_XMAIN | SF_VARIANT_XANTI},
    {"6x6", NULL, "x-", 6, 2, 3, SF_VARIANT_XMAIN},
    {"6x6", NULL, "antiknight", 6, 2, 3, SF_VARIANT_ANTIKNIGHT},
    {"6x6", NULL, "antiking", 6, 2, 3, SF_VARIANT_ANTIKING},
    {"6x6", NULL, "disjoint", 6, 2, 3, SF_VARIANT_DISJOINT},
    {"6x6", NULL, "windoku", 6, 2, 3, SF_VARIANT_WINDOKU},
    {"6x6", NULL, "nonconsecutive", 6, 2, 3, SF_VARIANT_NONCONSECUTIVE},
    {"6x6", REFG_JIGSAW6, NULL, 6, 0, 0, 0},
    {"6x6", REFG_JIGSAW6, "x", 6, 0, 0, SF_VARIANT_XMAIN | SF_VARIANT_XANTI},
};

static void test_order_by_brute_force(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof small / sizeof *small; k++) {
        const gcase_t *c = &small[k];
        sf_geometry_t *g = geometry_or_fail(c->size, c->regions, c->variant);
        sf_error_t err = {0};
        const geo_group_t *grp = geo_group_of(g, &err);
        if (!grp)
            fail_msg("%s %s: %s", c->size, c->variant ? c->variant : "",
                     err.message);
        bf_t b;
        bf_init(&b, c->n, c->br, c->bc, c->regions, c->variants);
        uint8_t *list;
        const size_t maps = bf_maps(&b, &list);
        const uint64_t values = bf_value_maps(&b);
        if (geo_group_cell_maps(grp) != maps ||
            geo_group_order(grp) != (double)maps * (double)values)
            fail_msg("%s %s %s: %llu maps of cells, order %.0f; brute "
                     "force %zu and %zu x %llu",
                     c->size, c->regions ? c->regions : "",
                     c->variant ? c->variant : "",
                     (unsigned long long)geo_group_cell_maps(grp),
                     geo_group_order(grp), maps, maps,
                     (unsigned long long)values);
        free(list);
        sf_geometry_free(g);
    }
}

/* Known orders: the boxes' group without listing, 9x9 variants listed. */
static void test_known_orders(void **state)
{
    (void)state;
    static const struct {
        const char *size, *variant;
        uint64_t maps;
    } cases[] = {
        {"4x4", NULL, 128},
        {"6x6", NULL, 3456},           /* 3! 2^3 x 2! 3!^2, no transpose */
        {"8x8", NULL, 442368},         /* 4! 2^4 x 2! 4!^2 */
        /* 2 x 3!^4, and twice that: swapping each row's band with its
         * place in the band (and the same for columns) swaps boxes and
         * disjoint groups */
        {"9x9", "disjoint", 5184},
        {"12x12", NULL, 2579890176ull}, /* 4! 3!^4 x 3! 4!^3 */
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        sf_geometry_t *g = geometry_or_fail(cases[k].size, NULL,
                                            cases[k].variant);
        const geo_group_t *grp = geo_group_of(g, NULL);
        assert_non_null(grp);
        assert_int_equal(geo_group_cell_maps(grp), cases[k].maps);
        sf_geometry_free(g);
    }
    /* 25x25 disjoint: 2 x 5!^4 maps, too many to list: a clear refusal */
    sf_geometry_t *g = geometry_or_fail("25x25", NULL, "disjoint");
    sf_error_t err = {0};
    assert_null(geo_group_of(g, &err));
    assert_int_equal(err.code, SF_ERR_USAGE);
    assert_non_null(strstr(err.message, "too many to list"));
    sf_geometry_free(g);
}

static void test_canon_exact_small(void **state)
{
    (void)state;
    uint64_t seed = 37;
    for (size_t k = 0; k < sizeof small / sizeof *small; k++) {
        const gcase_t *c = &small[k];
        sf_geometry_t *g = geometry_or_fail(c->size, c->regions, c->variant);
        const geo_group_t *grp = geo_group_of(g, NULL);
        bf_t b;
        bf_init(&b, c->n, c->br, c->bc, c->regions, c->variants);
        uint8_t *list;
        const size_t maps = bf_maps(&b, &list);
        for (int i = 0; i < 60; i++) {
            uint8_t p[64], got[64], want[64], back[64];
            random_puzzle(g, grp, &seed, i % 3 == 0, p);
            geo_xform_t t;
            assert_int_equal(geo_canon(grp, p, got, &t), 0);
            bf_canon(&b, list, maps, geo_group_relabels(grp), p, want);
            if (memcmp(got, want, (size_t)(c->n * c->n)))
                fail_msg("%s %s puzzle %d: not the smallest image",
                         c->size, c->variant ? c->variant : "", i);
            geo_xform_apply(grp, &t, p, back);
            assert_memory_equal(back, got, (size_t)(c->n * c->n));
        }
        free(list);
        sf_geometry_free(g);
    }
}

/* 9x9 boxes by the general method give sf_canon's forms. */
static void test_canon_matches_classic(void **state)
{
    (void)state;
    size_t n;
    uint8_t *cells = load_puzzles("data/sample.txt.gz", &n);
    assert_non_null(cells);
    uint64_t seed = 9;
    for (size_t i = 0; i < n && i < 400; i++) {
        uint8_t p[81], got[81], want[81];
        memcpy(p, cells + 81 * i, 81);
        if (i % 4 == 3) /* some contradictory and sparse ones too */
            for (int k = 0; k < 81; k++)
                if (rnd_next(&seed) % 3 == 0)
                    p[k] = (uint8_t)(rnd_next(&seed) % 10);
        sf_canon(p, want, NULL);
        assert_int_equal(geo_canon_boxes(9, 3, 3, p, got, NULL), 0);
        if (memcmp(got, want, 81))
            fail_msg("puzzle %zu: the general form differs", i + 1);
    }
    free(cells);
}

/* Equivalent copies give one form, on grids too large to list. */
static void test_canon_invariant(void **state)
{
    (void)state;
    static const struct {
        const char *size, *regions, *variant;
    } cases[] = {
        {"8x8", NULL, NULL},       {"9x9", NULL, "x"},
        {"9x9", NULL, "windoku"},  {"9x9", NULL, "antiknight,antiking"},
        {"9x9", REFG_JIGSAW9, NULL}, {"10x10", NULL, NULL},
        {"12x12", NULL, NULL},     {"12x12:4x3", NULL, NULL},
        {"16x16", NULL, NULL},     {"16x16", NULL, "x"},
        {"25x25", NULL, NULL},
    };
    uint64_t seed = 5;
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        sf_geometry_t *g = geometry_or_fail(cases[k].size, cases[k].regions,
                                            cases[k].variant);
        const geo_group_t *grp = geo_group_of(g, NULL);
        assert_non_null(grp);
        const int nc = sf_geometry_cells(g);
        for (int i = 0; i < 12; i++) {
            uint8_t p[SF_MAX_CELLS], q[SF_MAX_CELLS], a[SF_MAX_CELLS],
                b[SF_MAX_CELLS], back[SF_MAX_CELLS];
            random_puzzle(g, grp, &seed, i % 4 == 3, p);
            rng_t r;
            rng_seed(&r, rnd_next(&seed), 1);
            geo_xform_t t, ta;
            geo_xform_random(grp, &r, &t);
            geo_xform_apply(grp, &t, p, q);
            assert_int_equal(geo_canon(grp, p, a, &ta), 0);
            assert_int_equal(geo_canon(grp, q, b, NULL), 0);
            if (memcmp(a, b, (size_t)nc))
                fail_msg("%s %s puzzle %d: a copy has another form",
                         cases[k].size,
                         cases[k].variant ? cases[k].variant : "", i);
            geo_xform_apply(grp, &ta, p, back);
            assert_memory_equal(back, a, (size_t)nc);
        }
        sf_geometry_free(g);
    }
}

/* The public calls: classic is sf_canon's, others the group's. */
static void test_public_calls(void **state)
{
    (void)state;
    size_t n;
    uint8_t *cells = load_puzzles("data/sample.txt.gz", &n);
    assert_non_null(cells);
    uint8_t a[SF_MAX_CELLS], b[SF_MAX_CELLS];
    sf_geometry_t *classic = geometry_or_fail("9x9", NULL, NULL);
    for (size_t i = 0; i < 20; i++) {
        sf_canon(cells + 81 * i, a, NULL);
        assert_int_equal(sf_canon_geom(NULL, cells + 81 * i, b, NULL), 0);
        assert_memory_equal(a, b, 81);
        assert_int_equal(sf_canon_geom(classic, cells + 81 * i, b, NULL), 0);
        assert_memory_equal(a, b, 81);
    }
    free(cells);
    assert_true(sf_symmetries_geom(classic, NULL) == 1218998108160.0);
    sf_geometry_free(classic);

    sf_geometry_t *g = geometry_or_fail("6x6", NULL, NULL);
    const geo_group_t *grp = geo_group_of(g, NULL);
    uint64_t seed = 1;
    uint8_t p[36];
    random_puzzle(g, grp, &seed, 0, p);
    assert_int_equal(geo_canon(grp, p, a, NULL), 0);
    assert_int_equal(sf_canon_geom(g, p, b, NULL), 0);
    assert_memory_equal(a, b, 36);
    assert_true(sf_symmetries_geom(g, NULL) == 3456.0 * 720);
    sf_geometry_free(g);

    g = geometry_or_fail("25x25", NULL, "disjoint");
    sf_error_t err = {0};
    assert_int_equal(sf_canon_geom(g, b, a, &err), -1);
    assert_int_equal(err.code, SF_ERR_USAGE);
    assert_true(sf_symmetries_geom(g, NULL) < 0);
    sf_geometry_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order_by_brute_force),
        cmocka_unit_test(test_known_orders),
        cmocka_unit_test(test_canon_exact_small),
        cmocka_unit_test(test_canon_matches_classic),
        cmocka_unit_test(test_canon_invariant),
        cmocka_unit_test(test_public_calls),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
