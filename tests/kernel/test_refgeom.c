/*
 * test_refgeom.c -- the geometry reference (refgeom.h) checked against what
 * can be known without it.
 *
 * Figures from the literature: 288 Shidoku grids (4x4, 2x2 boxes); 576 and
 * 161280 Latin squares of orders 4 and 5 (OEIS A002860), so 1344 of order 5
 * with a given first row; 28200960 Sudoku grids of 6x6 with 2x3 boxes, so
 * 39168 with a given first row (relabelling the values maps the completions
 * of one first row onto those of any other); the smallest 9x9 grid of
 * test_solver.c.  Brute force: every 4x4 and 5x5 Latin square is
 * enumerated here in lexicographic order and the ones refg_valid_solution
 * accepts are counted, for the 128 combinations of variants on 4x4, region
 * maps and extra maps, with and without givens; both searches must count
 * as many, and the row-major one must find the first accepted first.
 * refg_valid_solution checks the rules group by group and pair by pair,
 * sharing no code with the search, and hand-made grids that break one rule
 * each check it in turn.  Public puzzles with their published solutions
 * (tests/data/geometry, see its README.md): the solution must keep every
 * rule, and the reference must find it and no other wherever its node
 * budget lets it finish.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refgeom.h"
#include "sanitized.h"

#define PUZZLES_CSV "tests/data/geometry/puzzles.csv"

/* The seven variant flags, one per bit of a subset number 0..127. */
static const unsigned VARIANTS[7] = {
    REFG_X_MAIN,     REFG_X_ANTI,   REFG_WINDOKU,       REFG_DISJOINT,
    REFG_ANTIKNIGHT, REFG_ANTIKING, REFG_NONCONSECUTIVE,
};

static unsigned variant_subset(unsigned subset)
{
    unsigned v = 0;
    for (int i = 0; i < 7; i++)
        if (subset >> i & 1)
            v |= VARIANTS[i];
    return v;
}

static refg_t boxes(int n, int r, int c, unsigned variants)
{
    refg_t g;
    memset(&g, 0, sizeof g);
    g.n = n;
    g.box_r = r;
    g.box_c = c;
    g.variants = variants;
    return g;
}

static refg_t mapped(int n, const uint8_t *regions, unsigned variants)
{
    refg_t g = boxes(n, 0, 0, variants);
    g.regions = regions;
    return g;
}

/* '.' or '0' = 0, '1'..'9' = 1..9, 'A'.. = 10..; anything else = 99. */
static int cell_value(char ch)
{
    if (ch == '.' || ch == '0')
        return 0;
    if (ch >= '1' && ch <= '9')
        return ch - '0';
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A' + 10;
    return 99;
}

/* ncells values from text, which must be that long and well-formed. */
static void parse(const char *text, uint8_t *cells, int ncells)
{
    assert_int_equal(strlen(text), ncells);
    for (int i = 0; i < ncells; i++) {
        const int v = cell_value(text[i]);
        assert_true(v <= 35);
        cells[i] = (uint8_t)v;
    }
}

/* Count with the row-major or the fewest-first search, which must finish. */
static uint64_t count(const refg_t *g, const uint8_t *cells, int fewest,
                      uint64_t limit, uint8_t *first)
{
    uint64_t n = ~(uint64_t)0, nodes = 0;
    const int rc =
        fewest ? refg_count_fewest_bounded(g, cells, limit, 0, first, &n, &nodes)
               : refg_count_bounded(g, cells, limit, 0, first, &n, &nodes);
    assert_int_equal(rc, 0);
    assert_true(n != ~(uint64_t)0);
    return n;
}

/* ------------------------------------------------------ Latin squares */

/* Every Latin square of order n (n <= 5), in lexicographic row-major
 * order: rows are permutations taken in lexicographic order, a row being
 * kept when no column repeats a value.  visit(grid, arg) for each. */
typedef void visit_fn(const uint8_t *grid, void *arg);

typedef struct latin {
    int n, nperm;
    uint8_t perm[120][5];   /* the permutations of 1..n, ascending */
    uint8_t grid[25];       /* the square being built */
    visit_fn *visit;
    void *arg;
} latin_t;

static void make_perms(latin_t *l, uint8_t *p, int k, unsigned used)
{
    if (k >= l->n || k >= 5) {
        memcpy(l->perm[l->nperm++], p, (size_t)l->n);
        return;
    }
    for (int v = 1; v <= l->n; v++)
        if (!(used >> v & 1)) {
            p[k] = (uint8_t)v;
            make_perms(l, p, k + 1, used | 1u << v);
        }
}

static void fill_rows(latin_t *l, int r, const unsigned *col_used)
{
    if (r == l->n) {
        l->visit(l->grid, l->arg);
        return;
    }
    for (int i = 0; i < l->nperm; i++) {
        const uint8_t *p = l->perm[i];
        unsigned cols[5];
        int ok = 1;
        for (int c = 0; c < l->n && ok; c++) {
            ok = !(col_used[c] >> p[c] & 1);
            cols[c] = col_used[c] | 1u << p[c];
        }
        if (!ok)
            continue;
        memcpy(l->grid + r * l->n, p, (size_t)l->n);
        fill_rows(l, r + 1, cols);
    }
}

static void each_latin(int n, visit_fn *visit, void *arg)
{
    static latin_t l; /* 700 bytes of permutations; the tests are serial */
    uint8_t p[5];
    const unsigned none[5] = {0};
    memset(&l, 0, sizeof l);
    l.n = n;
    l.visit = visit;
    l.arg = arg;
    make_perms(&l, p, 0, 0);
    fill_rows(&l, 0, none);
}

/* All 576 squares of order 4, stored. */
typedef struct store4 {
    int count;
    uint8_t sq[576][16];
} store4_t;

static void store_square(const uint8_t *grid, void *arg)
{
    store4_t *s = arg;
    assert_true(s->count < 576);
    memcpy(s->sq[s->count++], grid, 16);
}

static const store4_t *latin4(void)
{
    static store4_t s;
    if (s.count == 0)
        each_latin(4, store_square, &s);
    return &s;
}

/* Brute force on 4x4: how many of the squares g accepts with the givens of
 * puzzle (NULL = none), and the first of them. */
static uint64_t brute4(const refg_t *g, const uint8_t *puzzle, uint8_t *first)
{
    const store4_t *s = latin4();
    uint64_t n = 0;
    for (int i = 0; i < s->count; i++)
        if (refg_valid_solution(g, puzzle, s->sq[i]) && n++ == 0 && first)
            memcpy(first, s->sq[i], 16);
    return n;
}

/* A 4x4 region map: Kudoku's Jigsaw4x4Test (see the data README), labels
 * renumbered. */
static const uint8_t JIGSAW4[16] = {1, 1, 1, 1, 2, 2, 2, 3,
                                    4, 2, 3, 3, 4, 4, 4, 3};

/* The 4x4 geometries the brute-force tests run on; *n receives how many. */
static refg_t *geometries4(int *n)
{
    static refg_t g[3 * 128 + 32 + 4];
    static const uint8_t extra_a[16] = {1, 0, 0, 2, 0, 1, 2, 0,
                                        0, 3, 1, 0, 3, 0, 0, 1};
    static const uint8_t extra_b[16] = {0, 0, 0, 0, 5, 5, 0, 0,
                                        0, 0, 0, 0, 0, 0, 9, 9};
    static const uint8_t five_cells[16] = {7, 7, 7, 7, 7, 0, 0, 0,
                                           0, 0, 0, 0, 0, 0, 0, 0};
    int k = 0;
    for (unsigned sub = 0; sub < 128; sub++) {
        g[k++] = boxes(4, 2, 2, variant_subset(sub));
        g[k++] = boxes(4, 1, 4, variant_subset(sub));
        g[k++] = boxes(4, 4, 1, variant_subset(sub));
        if (!(variant_subset(sub) & (REFG_WINDOKU | REFG_DISJOINT)))
            g[k++] = mapped(4, JIGSAW4, variant_subset(sub));
    }
    g[k] = boxes(4, 2, 2, 0);
    g[k].nextra = 1, g[k++].extra[0] = extra_a;
    g[k] = boxes(4, 2, 2, REFG_X_ANTI);
    g[k].nextra = 2, g[k].extra[0] = extra_a, g[k++].extra[1] = extra_b;
    g[k] = mapped(4, JIGSAW4, 0);
    g[k].nextra = 1, g[k++].extra[0] = extra_b;
    g[k] = boxes(4, 2, 2, 0); /* a group of five cells: no solution */
    g[k].nextra = 1, g[k++].extra[0] = five_cells;
    *n = k;
    return g;
}

/* ------------------------------------------------------------- tests */

static void test_check(void **state)
{
    (void)state;
    const uint8_t map9[81] = {0}; /* one label on 81 cells: not a map */
    const uint8_t ok_extra[16] = {0};
    const char *why;
    refg_t good[] = {
        boxes(1, 1, 1, 0),  boxes(4, 2, 2, REFG_ALL_VARIANTS),
        boxes(6, 2, 3, 0),  boxes(6, 3, 2, REFG_WINDOKU),
        boxes(32, 4, 8, 0), boxes(32, 32, 1, REFG_DISJOINT),
        mapped(4, JIGSAW4, REFG_X | REFG_ANTIKING | REFG_ANTIKNIGHT |
                               REFG_NONCONSECUTIVE),
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        why = NULL;
        assert_int_equal(refg_check(&good[i], &why), 1);
        assert_null(why);
    }
    refg_t bad[] = {
        boxes(0, 1, 1, 0),   boxes(33, 3, 11, 0), boxes(9, 3, 2, 0),
        boxes(9, 0, 9, 0),   boxes(9, 9, 0, 0),   boxes(9, -3, -3, 0),
        boxes(4, 2, 2, 0x80), mapped(4, JIGSAW4, REFG_WINDOKU),
        mapped(4, JIGSAW4, REFG_DISJOINT), mapped(9, map9, 0),
        boxes(4, 2, 2, 0), boxes(4, 2, 2, 0), boxes(4, 2, 2, 0),
    };
    const size_t nbad = sizeof bad / sizeof bad[0];
    bad[nbad - 3].nextra = 9;
    bad[nbad - 2].nextra = -1;
    bad[nbad - 1].nextra = 2; /* extra[1] missing */
    bad[nbad - 1].extra[0] = ok_extra;
    uint8_t cells[1024] = {0}, sol[1024];
    for (size_t i = 0; i < nbad; i++) {
        why = NULL;
        assert_int_equal(refg_check(&bad[i], &why), 0);
        assert_non_null(why);
        assert_true(strlen(why) > 0);
        assert_int_equal(refg_check(&bad[i], NULL), 0);
        uint64_t n = 7, nodes = 7;
        assert_int_equal(refg_count_bounded(&bad[i], cells, 0, 0, sol, &n,
                                            &nodes), -2);
        assert_int_equal(n, 0);
        assert_int_equal(nodes, 0);
        assert_int_equal(refg_count_fewest_bounded(&bad[i], cells, 0, 0, sol,
                                                   &n, NULL), -2);
        assert_int_equal(refg_count(&bad[i], cells, 0, NULL), 0);
        assert_int_equal(refg_givens_consistent(&bad[i], cells), 0);
    }
    assert_int_equal(refg_check(NULL, &why), 0);
    /* A grid valid under 2x2 boxes is no solution of a malformed one. */
    parse("1234341221434321", sol, 16);
    assert_int_equal(refg_valid_solution(&good[1], NULL, sol), 0);
    refg_t plain = boxes(4, 2, 2, 0);
    assert_int_equal(refg_valid_solution(&plain, NULL, sol), 1);
    assert_int_equal(refg_valid_solution(&bad[nbad - 3], NULL, sol), 0);
}

static void test_region_maps(void **state)
{
    (void)state;
    const char *why = NULL;
    uint8_t map[16];
    assert_int_equal(refg_check_regions(4, JIGSAW4, &why), 1);
    /* Any byte values may label, 0 and 255 among them. */
    for (int i = 0; i < 16; i++)
        map[i] = JIGSAW4[i] == 1 ? 0 : JIGSAW4[i] == 4 ? 255 : JIGSAW4[i];
    assert_int_equal(refg_check_regions(4, map, NULL), 1);
    refg_t g = mapped(4, map, 0), h = mapped(4, JIGSAW4, 0);
    uint8_t empty[16] = {0}, a[16], b[16];
    assert_int_equal(count(&g, empty, 0, 0, a), count(&h, empty, 0, 0, b));
    assert_memory_equal(a, b, 16);
    /* Boxes as a map: the 288 Shidoku grids. */
    static const uint8_t box_map[16] = {1, 1, 2, 2, 1, 1, 2, 2,
                                        3, 3, 4, 4, 3, 3, 4, 4};
    g = mapped(4, box_map, REFG_X);
    h = boxes(4, 2, 2, REFG_X);
    assert_int_equal(count(&g, empty, 0, 0, NULL), count(&h, empty, 0, 0, NULL));
    g.variants = 0;
    assert_int_equal(count(&g, empty, 1, 0, NULL), 288);
    /* Bad maps: a label on N + 1 cells and one on N - 1; five labels; three
     * labels, one on 8 cells; one label.  Then no map, and N out of range. */
    static const char *const bad[] = {
        "1111122242334443", "1111222352334443", "1111222222223333",
        "1111111111111111",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        for (int c = 0; c < 16; c++)
            map[c] = (uint8_t)bad[i][c];
        why = NULL;
        assert_int_equal(refg_check_regions(4, map, &why), 0);
        assert_non_null(why);
        g = mapped(4, map, 0);
        assert_int_equal(refg_check(&g, NULL), 0);
    }
    assert_int_equal(refg_check_regions(4, NULL, NULL), 0);
    assert_int_equal(refg_check_regions(0, JIGSAW4, NULL), 0);
    assert_int_equal(refg_check_regions(33, JIGSAW4, NULL), 0);
    /* Not connected is fine: the wrapped diagonals of 5x5, (r + c) mod 5. */
    uint8_t stripes[25];
    for (int i = 0; i < 25; i++)
        stripes[i] = (uint8_t)('a' + (i / 5 + i % 5) % 5);
    assert_int_equal(refg_check_regions(5, stripes, NULL), 1);
}

static void test_known_counts(void **state)
{
    (void)state;
    uint8_t cells[36] = {0}, first[36];
    for (int fewest = 0; fewest <= 1; fewest++) {
        refg_t g = boxes(4, 2, 2, 0); /* Shidoku */
        assert_int_equal(count(&g, cells, fewest, 0, NULL), 288);
        g = boxes(4, 1, 4, 0); /* boxes are rows: Latin squares */
        assert_int_equal(count(&g, cells, fewest, 0, NULL), 576);
        g = boxes(4, 4, 1, 0);
        assert_int_equal(count(&g, cells, fewest, 0, NULL), 576);
        g = boxes(2, 1, 2, 0);
        assert_int_equal(count(&g, cells, fewest, 0, NULL), 2);
        g = boxes(1, 1, 1, REFG_ALL_VARIANTS);
        assert_int_equal(count(&g, cells, fewest, 0, first), 1);
        assert_int_equal(first[0], 1);
    }
    /* 5x5 Latin squares with the first row fixed: 161280 / 5! = 1344. */
    refg_t g = boxes(5, 1, 5, 0);
    for (int c = 0; c < 5; c++)
        cells[c] = (uint8_t)(5 - c);
    assert_int_equal(count(&g, cells, 0, 0, NULL), 1344);
    assert_int_equal(count(&g, cells, 1, 0, NULL), 1344);
    /* 6x6, 2x3 boxes or 3x2, first row fixed: 28200960 / 6! = 39168. */
    memset(cells, 0, sizeof cells);
    for (int c = 0; c < 6; c++)
        cells[c] = (uint8_t)(c + 1);
    g = boxes(6, 2, 3, 0);
    assert_int_equal(count(&g, cells, 0, 0, NULL), 39168);
    g = boxes(6, 3, 2, 0);
    assert_int_equal(count(&g, cells, 1, 0, NULL), 39168);
}

/* Empty 4x4 grids: the search against brute force for every geometry of
 * geometries4, and its first solution against the first accepted square
 * (the squares come in lexicographic order). */
static void test_brute_force_4x4(void **state)
{
    (void)state;
    int ng;
    const refg_t *g = geometries4(&ng);
    const uint8_t empty[16] = {0};
    int nonzero = 0, zero = 0;
    for (int i = 0; i < ng; i++) {
        uint8_t want[16], first[16], fewest_first[16];
        const uint64_t n = brute4(&g[i], NULL, want);
        assert_int_equal(count(&g[i], empty, 0, 0, first), n);
        assert_int_equal(count(&g[i], empty, 1, 0, fewest_first), n);
        if (n > 0) {
            assert_memory_equal(first, want, 16);
            assert_true(refg_valid_solution(&g[i], empty, fewest_first));
            nonzero++;
        } else {
            zero++;
        }
    }
    /* Both outcomes occur: the comparison is not vacuous. */
    assert_true(nonzero >= 60);
    assert_true(zero >= 300);
}

static uint64_t rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* 4x4 puzzles with random givens, taken from a random solution of a
 * random solvable geometry and some changed to other values (so that some
 * clash): counts against brute force, and the givens check against the
 * counts. */
static void test_brute_force_givens(void **state)
{
    (void)state;
    int ng, nsolvable = 0;
    const refg_t *g = geometries4(&ng);
    const store4_t *sq = latin4();
    static int solvable[3 * 128 + 32 + 4];
    for (int i = 0; i < ng; i++)
        if (brute4(&g[i], NULL, NULL) > 0)
            solvable[nsolvable++] = i;
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    int found = 0, clashing = 0;
    for (int round = 0; round < 400; round++) {
        const refg_t *geo = &g[solvable[rnd(&seed) % (uint64_t)nsolvable]];
        uint8_t puzzle[16] = {0}, want[16], first[16];
        const uint64_t pick = rnd(&seed) % brute4(geo, NULL, NULL);
        const uint8_t *from = NULL;
        uint64_t seen = 0;
        for (int i = 0; !from; i++)
            if (refg_valid_solution(geo, NULL, sq->sq[i]) && seen++ == pick)
                from = sq->sq[i];
        const int givens = 1 + (int)(rnd(&seed) % 8);
        for (int k = 0; k < givens; k++) {
            const int c = (int)(rnd(&seed) % 16);
            puzzle[c] = rnd(&seed) % 4 ? from[c] : (uint8_t)(1 + rnd(&seed) % 4);
        }
        const uint64_t n = brute4(geo, puzzle, want);
        assert_int_equal(count(geo, puzzle, 0, 0, first), n);
        assert_int_equal(count(geo, puzzle, 1, 0, NULL), n);
        if (n > 0) {
            assert_memory_equal(first, want, 16);
            assert_true(refg_givens_consistent(geo, puzzle));
            found++;
        }
        if (!refg_givens_consistent(geo, puzzle)) {
            assert_int_equal(n, 0);
            clashing++;
        }
    }
    assert_true(found >= 200);
    assert_true(clashing >= 80);
}

typedef struct five {
    const refg_t *g;       /* the geometries */
    int ng;
    uint64_t count[8];     /* squares each accepts */
    uint8_t first[8][25];  /* the first of them */
    uint64_t squares;
} five_t;

static void visit5(const uint8_t *grid, void *arg)
{
    five_t *f = arg;
    f->squares++;
    for (int i = 0; i < f->ng; i++)
        if (refg_valid_solution(&f->g[i], NULL, grid) && f->count[i]++ == 0)
            memcpy(f->first[i], grid, 25);
}

/* All 161280 Latin squares of order 5 (A002860) against region maps, which
 * N = 5 needs: Kudoku's 5x5 jigsaw and the wrapped diagonals. */
static void test_brute_force_5x5(void **state)
{
    (void)state;
    static const uint8_t jigsaw5[25] = {1, 1, 1, 2, 2, 1, 1, 2, 2, 2,
                                        3, 3, 3, 4, 4, 3, 5, 5, 4, 4,
                                        3, 5, 5, 5, 4};
    uint8_t stripes[25];
    for (int i = 0; i < 25; i++)
        stripes[i] = (uint8_t)((i / 5 + i % 5) % 5);
    const refg_t g[] = {
        mapped(5, jigsaw5, 0),
        mapped(5, jigsaw5, REFG_X),
        mapped(5, jigsaw5, REFG_ANTIKNIGHT),
        mapped(5, stripes, 0),
        mapped(5, stripes, REFG_X_MAIN | REFG_NONCONSECUTIVE),
        mapped(5, stripes, REFG_ANTIKING),
    };
    five_t f;
    memset(&f, 0, sizeof f);
    f.g = g;
    f.ng = (int)(sizeof g / sizeof g[0]);
    each_latin(5, visit5, &f);
    assert_int_equal(f.squares, 161280);
    const uint8_t empty[25] = {0};
    int nonzero = 0;
    for (int i = 0; i < f.ng; i++) {
        uint8_t first[25];
        assert_int_equal(count(&g[i], empty, 0, 0, first), f.count[i]);
        assert_int_equal(count(&g[i], empty, 1, 0, NULL), f.count[i]);
        if (f.count[i] > 0) {
            assert_memory_equal(first, f.first[i], 25);
            nonzero++;
        }
    }
    assert_true(nonzero >= 3);
}

/* A rule only removes solutions: on the empty 4x4 every added flag keeps
 * the count or lowers it, and on 6x6 with a fixed first row each one
 * lowers it. */
static void test_variants_shrink(void **state)
{
    (void)state;
    const uint8_t empty[16] = {0};
    uint64_t n4[128];
    for (unsigned sub = 0; sub < 128; sub++) {
        const refg_t g = boxes(4, 2, 2, variant_subset(sub));
        n4[sub] = count(&g, empty, 1, 0, NULL);
    }
    assert_int_equal(n4[0], 288);
    for (unsigned sub = 0; sub < 128; sub++)
        for (int i = 0; i < 7; i++)
            assert_true(n4[sub | 1u << i] <= n4[sub]);
    for (int i = 0; i < 7; i++)
        assert_true(n4[1u << i] < 288);
    uint8_t cells[36] = {0};
    for (int c = 0; c < 6; c++)
        cells[c] = (uint8_t)(c + 1);
    static const uint8_t extra6[36] = {
        0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 1, 1, 0, 0, 2, 2,
        1, 1, 0, 0, 2, 2, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0,
    };
    for (int i = 0; i <= 7; i++) {
        refg_t g = boxes(6, 2, 3, i < 7 ? VARIANTS[i] : 0);
        if (i == 7)
            g.nextra = 1, g.extra[0] = extra6;
        assert_true(count(&g, cells, 0, 0, NULL) < 39168);
    }
}

/* Shidoku grids (2x2 boxes), each valid without variants:
 * G1 1234/3412/4321/2143: diagonals 1,4,2,3 and 4,1,3,2, the window
 *    (rows and columns 1-2) 4,1,3,2, the disjoint groups all hold four
 *    values; 1 at (0,0) and (1,2) is a knight's move, 1 at (1,2) and (2,3)
 *    a king's move, 1 and 2 at (0,0) and (0,1) consecutive.
 * G2 1234/4321/3412/2143: main diagonal 1,3,1,3, anti-diagonal 4,2,4,2,
 *    the disjoint group of box corners 1,3,3,1; window 3,2,4,1; no equal
 *    values a knight's move apart.
 * G3 1234/3412/2143/4321: the window holds 4,1,1,4. */
static const char G1[] = "1234341243212143";
static const char G2[] = "1234432134122143";
static const char G3[] = "1234341221434321";

static void expect_valid(const refg_t *g, const char *text, int want)
{
    uint8_t sol[1024];
    parse(text, sol, g->n * g->n);
    assert_int_equal(refg_valid_solution(g, NULL, sol), want);
    /* A complete grid as a puzzle: consistent exactly when valid, and
     * then its own only solution. */
    assert_int_equal(refg_givens_consistent(g, sol), want);
    assert_int_equal(count(g, sol, 0, 0, NULL), (uint64_t)want);
}

static void test_rules_reject(void **state)
{
    (void)state;
    const struct {
        unsigned variant;
        const char *accepted, *rejected;
    } cases[] = {
        {0, G1, NULL},
        {REFG_X_MAIN, G1, G2},
        {REFG_X_ANTI, G1, G2},
        {REFG_WINDOKU, G2, G3},
        {REFG_WINDOKU, G1, NULL},
        {REFG_DISJOINT, G1, G2},
        {REFG_ANTIKNIGHT, G2, G1},
        {REFG_ANTIKING, NULL, G1},
        {REFG_NONCONSECUTIVE, NULL, G1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const refg_t g = boxes(4, 2, 2, cases[i].variant);
        if (cases[i].accepted)
            expect_valid(&g, cases[i].accepted, 1);
        if (cases[i].rejected)
            expect_valid(&g, cases[i].rejected, 0);
        const refg_t plain = boxes(4, 2, 2, 0);
        if (cases[i].rejected)
            expect_valid(&plain, cases[i].rejected, 1);
    }
    /* No 4x4 grid is anti-king or nonconsecutive; 6x6 ones.  The first was
     * published with the anti-king puzzle of the data (lisudoku); in the
     * second, read by rows and by columns, neighbours differ by 2 to 4. */
    const char *const antiking6 = "451326236415145263623154514632362541";
    const char *const noncons6 = "135246462513246351513624351462624135";
    refg_t g = boxes(6, 2, 3, REFG_ANTIKING);
    expect_valid(&g, antiking6, 1);
    expect_valid(&g, noncons6, 0); /* 5 at (0,2) and (1,3) */
    g.variants = REFG_NONCONSECUTIVE;
    expect_valid(&g, noncons6, 1);
    expect_valid(&g, antiking6, 0); /* 4 and 5 at (0,0) and (0,1) */
    /* Knight's moves of both shapes: in this 6x6 grid the equal values a
     * knight's move apart are all two rows and one column apart (5 at
     * (0,0) and (2,1), ...), and in its transpose, valid for 3x2 boxes,
     * one row and two columns. */
    const char *const knight_down = "562431134265253614416352321546645123";
    char knight_across[37];
    for (int i = 0; i < 36; i++)
        knight_across[i] = knight_down[i % 6 * 6 + i / 6];
    knight_across[36] = '\0';
    g = boxes(6, 2, 3, 0);
    expect_valid(&g, knight_down, 1);
    g.variants = REFG_ANTIKNIGHT;
    expect_valid(&g, knight_down, 0);
    g = boxes(6, 3, 2, 0);
    expect_valid(&g, knight_across, 1);
    g.variants = REFG_ANTIKNIGHT;
    expect_valid(&g, knight_across, 0);
    /* Extra groups: cells (0,0) and (1,2) hold 1 in G1, (0,0) and (0,1)
     * hold 1 and 2. */
    uint8_t extra[16] = {0};
    g = boxes(4, 2, 2, 0);
    g.nextra = 1;
    g.extra[0] = extra;
    extra[0] = extra[1] = 3;
    expect_valid(&g, G1, 1);
    extra[1] = 0, extra[6] = 3;
    expect_valid(&g, G1, 0);
    /* Two givens that only a rule forbids. */
    const struct {
        unsigned variant;
        int a, b, va, vb; /* cells (r * 4 + c) and their values */
    } pairs[] = {
        {REFG_X_MAIN, 0, 15, 1, 1},   {REFG_X_ANTI, 3, 12, 2, 2},
        {REFG_WINDOKU, 5, 10, 3, 3},  {REFG_DISJOINT, 0, 10, 4, 4},
        {REFG_ANTIKNIGHT, 0, 6, 1, 1}, {REFG_ANTIKNIGHT, 0, 9, 1, 1},
        {REFG_ANTIKING, 5, 10, 2, 2}, {REFG_ANTIKING, 6, 9, 2, 2},
        {REFG_NONCONSECUTIVE, 0, 4, 1, 2}, {REFG_NONCONSECUTIVE, 5, 6, 4, 3},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        uint8_t cells[16] = {0};
        cells[pairs[i].a] = (uint8_t)pairs[i].va;
        cells[pairs[i].b] = (uint8_t)pairs[i].vb;
        const refg_t with = boxes(4, 2, 2, pairs[i].variant);
        const refg_t without = boxes(4, 2, 2, 0);
        assert_int_equal(refg_givens_consistent(&without, cells), 1);
        assert_true(count(&without, cells, 0, 0, NULL) > 0);
        assert_int_equal(refg_givens_consistent(&with, cells), 0);
        assert_int_equal(count(&with, cells, 0, 0, NULL), 0);
        assert_int_equal(count(&with, cells, 1, 0, NULL), 0);
    }
    /* Values out of range. */
    uint8_t cells[16] = {0};
    const refg_t plain = boxes(4, 2, 2, 0);
    cells[7] = 5;
    assert_int_equal(refg_givens_consistent(&plain, cells), 0);
    assert_int_equal(count(&plain, cells, 0, 0, NULL), 0);
    uint8_t sol[16];
    parse(G1, sol, 16);
    assert_int_equal(refg_valid_solution(&plain, cells, sol), 0);
    sol[3] = 0;
    assert_int_equal(refg_valid_solution(&plain, NULL, sol), 0);
    sol[3] = 5;
    assert_int_equal(refg_valid_solution(&plain, NULL, sol), 0);
    /* The givens must be kept: G1 against a puzzle giving 2, then 1, at 0. */
    parse(G1, sol, 16);
    memset(cells, 0, sizeof cells);
    cells[0] = 2;
    assert_int_equal(refg_valid_solution(&plain, cells, sol), 0);
    cells[0] = 1;
    assert_int_equal(refg_valid_solution(&plain, cells, sol), 1);
}

/* ------------------------------------------- rules, cell by cell */

/* Shapes of boxes from 1x1 to 16x16, and those that have windows on
 * both axes or a last window ending on the grid's edge. */
static const int SHAPES[][3] = {
    {1, 1, 1},  {2, 1, 2},  {4, 2, 2},  {4, 1, 4},  {6, 2, 3},
    {6, 3, 2},  {8, 2, 4},  {8, 4, 2},  {9, 3, 3},  {10, 2, 5},
    {12, 3, 4}, {12, 4, 3}, {12, 2, 6}, {15, 3, 5}, {16, 4, 4},
};
#define NSHAPES (sizeof SHAPES / sizeof SHAPES[0])

/* The window of (r, c) for boxes R x C, numbered from 1, or 0: the rule's
 * words, window (i, j) at row 1 + i (R + 1), column 1 + j (C + 1), when it
 * fits. */
static int window_at(int n, int R, int C, int r, int c)
{
    int id = 0;
    for (int top = 1; top + R <= n; top += R + 1)
        for (int left = 1; left + C <= n; left += C + 1) {
            id++;
            if (r >= top && r < top + R && c >= left && c < left + C)
                return id;
        }
    return 0;
}

/* 1 when equal values at a and b break a rule of (n, R, C, variants); with
 * nonconsecutive, when values 1 and 2 there do. */
static int conflict(int n, int R, int C, unsigned variants, int a, int b)
{
    const int ra = a / n, ca = a % n, rb = b / n, cb = b % n;
    const int dr = abs(ra - rb), dc = abs(ca - cb);
    if (variants & REFG_NONCONSECUTIVE)
        return dr + dc == 1;
    if (ra == rb || ca == cb || (ra / R == rb / R && ca / C == cb / C))
        return 1;
    if ((variants & REFG_X_MAIN) && ra == ca && rb == cb)
        return 1;
    if ((variants & REFG_X_ANTI) && ra + ca == n - 1 && rb + cb == n - 1)
        return 1;
    if ((variants & REFG_WINDOKU) && window_at(n, R, C, ra, ca) &&
        window_at(n, R, C, ra, ca) == window_at(n, R, C, rb, cb))
        return 1;
    if ((variants & REFG_DISJOINT) && ra % R == rb % R && ca % C == cb % C)
        return 1;
    if ((variants & REFG_ANTIKNIGHT) && dr * dc == 2)
        return 1;
    if ((variants & REFG_ANTIKING) && dr <= 1 && dc <= 1)
        return 1;
    return 0;
}

/* Two givens, cell by cell: the search (through refg_givens_consistent)
 * must reject exactly the pairs the rules forbid, for each variant alone,
 * on every shape (all pairs up to 81 cells, a sample above). */
static void test_peers(void **state)
{
    (void)state;
    uint64_t seed = 12345;
    static uint8_t cells[1024];
    int forbidden = 0, allowed = 0;
    for (size_t s = 0; s < NSHAPES; s++) {
        const int n = SHAPES[s][0], R = SHAPES[s][1], C = SHAPES[s][2];
        for (int v = -1; v < 7; v++) {
            const unsigned variants = v < 0 ? 0 : VARIANTS[v];
            const refg_t g = boxes(n, R, C, variants);
            const int all = n * n <= 81;
            const int pairs = all ? n * n * n * n : 3000;
            for (int k = 0; k < pairs; k++) {
                const int a = all ? k / (n * n) : (int)(rnd(&seed) % (uint64_t)(n * n));
                const int b = all ? k % (n * n) : (int)(rnd(&seed) % (uint64_t)(n * n));
                if (a == b)
                    continue;
                memset(cells, 0, (size_t)(n * n));
                cells[a] = 1;
                cells[b] = variants & REFG_NONCONSECUTIVE ? 2 : 1;
                const int want = conflict(n, R, C, variants, a, b);
                if (refg_givens_consistent(&g, cells) == want)
                    fail_msg("%dx%d boxes %dx%d variants %#x: cells %d, %d "
                             "should %sclash", n, n, R, C, variants, a, b,
                             want ? "" : "not ");
                forbidden += want;
                allowed += !want;
            }
        }
    }
    assert_true(forbidden > 10000 && allowed > 10000);
}

static void shuffle(int *a, int n, uint64_t *seed)
{
    for (int i = 0; i < n; i++)
        a[i] = i;
    for (int i = n - 1; i > 0; i--) {
        const int j = (int)(rnd(seed) % (uint64_t)(i + 1));
        const int t = a[i];
        a[i] = a[j], a[j] = t;
    }
}

/* A random grid valid for boxes R x C: the shifted pattern grid of
 * test_sizes with its bands, the rows in each band, its stacks, the
 * columns in each stack and its values permuted at random. */
static void random_grid(int n, int R, int C, uint64_t *seed, uint8_t *grid)
{
    int rows[32], cols[32], vals[32], outer[32], inner[32];
    shuffle(outer, n / R, seed);
    for (int b = 0; b < n / R; b++) {
        shuffle(inner, R, seed);
        for (int i = 0; i < R; i++)
            rows[b * R + i] = outer[b] * R + inner[i];
    }
    shuffle(outer, n / C, seed);
    for (int b = 0; b < n / C; b++) {
        shuffle(inner, C, seed);
        for (int i = 0; i < C; i++)
            cols[b * C + i] = outer[b] * C + inner[i];
    }
    shuffle(vals, n, seed);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            const int r = rows[i], c = cols[j];
            grid[i * n + j] = (uint8_t)(vals[((r % R) * C + r / R + c) % n] + 1);
        }
}

/* Whole grids: refg_valid_solution and the search (refg_givens_consistent
 * of the grid as a puzzle) must agree on random grids, for every variant;
 * and windows, disjoint groups and diagonals must act exactly as the same
 * cells given as extra maps (built here from the rules' words). */
static void test_agreement(void **state)
{
    (void)state;
    uint64_t seed = 777;
    static uint8_t grid[1024], windows[1024], groups[1024], main_d[1024],
        anti_d[1024];
    int accepted = 0, rejected = 0, broken_windows = 0;
    for (size_t s = 0; s < NSHAPES; s++) {
        const int n = SHAPES[s][0], R = SHAPES[s][1], C = SHAPES[s][2];
        for (int i = 0; i < n * n; i++) {
            const int r = i / n, c = i % n;
            windows[i] = (uint8_t)window_at(n, R, C, r, c);
            main_d[i] = r == c;
            anti_d[i] = r + c == n - 1;
        }
        for (int top = 0; top < n; top += R) /* position in each box */
            for (int left = 0; left < n; left += C)
                for (int p = 0; p < R; p++)
                    for (int q = 0; q < C; q++)
                        groups[(top + p) * n + left + q] = (uint8_t)(1 + p * C + q);
        refg_t twin[3];
        for (int t = 0; t < 3; t++)
            twin[t] = boxes(n, R, C, 0);
        twin[0].nextra = 1, twin[0].extra[0] = windows;
        twin[1].nextra = 1, twin[1].extra[0] = groups;
        twin[2].nextra = 2, twin[2].extra[0] = main_d, twin[2].extra[1] = anti_d;
        const unsigned as_twin[3] = {REFG_WINDOKU, REFG_DISJOINT, REFG_X};
        for (int round = 0; round < 60; round++) {
            random_grid(n, R, C, &seed, grid);
            for (unsigned sub = 0; sub < 128; sub += 1 + (unsigned)(rnd(&seed) % 9)) {
                const refg_t g = boxes(n, R, C, variant_subset(sub));
                const int valid = refg_valid_solution(&g, NULL, grid);
                assert_int_equal(refg_givens_consistent(&g, grid), valid);
                accepted += valid;
                rejected += !valid;
            }
            for (int t = 0; t < 3; t++) {
                const refg_t g = boxes(n, R, C, as_twin[t]);
                const int valid = refg_valid_solution(&g, NULL, grid);
                assert_int_equal(refg_valid_solution(&twin[t], NULL, grid), valid);
                assert_int_equal(refg_givens_consistent(&twin[t], grid), valid);
            }
        }
        /* Every window counts: a grid keeping all windows but one, found
         * with the others as an extra map, is a windoku grid exactly when
         * that one holds no value twice. */
        int nwindows = 0;
        for (int i = 0; i < n * n; i++)
            nwindows = windows[i] > nwindows ? windows[i] : nwindows;
        for (int w = 1; w <= nwindows && n <= 9; w++) {
            static uint8_t others[81], a[81];
            unsigned seen = 0;
            int repeats = 0;
            for (int i = 0; i < n * n; i++)
                others[i] = windows[i] == w ? 0 : windows[i];
            refg_t g = boxes(n, R, C, 0);
            g.nextra = 1, g.extra[0] = others;
            const uint8_t empty[81] = {0};
            assert_int_equal(count(&g, empty, 1, 1, a), 1);
            for (int i = 0; i < n * n; i++)
                if (windows[i] == w) {
                    repeats |= seen >> a[i] & 1;
                    seen |= 1u << a[i];
                }
            const refg_t wind = boxes(n, R, C, REFG_WINDOKU);
            assert_int_equal(refg_valid_solution(&wind, NULL, a), !repeats);
            assert_int_equal(refg_givens_consistent(&wind, a), !repeats);
            broken_windows += repeats;
        }
        /* And on puzzles: a random grid's cells, a third of them cleared,
         * with each rule or its twin, count the same (up to 50). */
        for (int t = 0; t < 3 && n <= 9; t++) {
            const refg_t g = boxes(n, R, C, as_twin[t]);
            uint8_t puzzle[81], a[81], b[81];
            random_grid(n, R, C, &seed, grid);
            for (int i = 0; i < n * n; i++)
                puzzle[i] = rnd(&seed) % 3 ? grid[i] : 0;
            for (int i = 0; i < n * n; i++) /* keep only what g allows */
                if (puzzle[i] && !refg_givens_consistent(&g, puzzle))
                    puzzle[i] = 0;
            const uint64_t k = count(&g, puzzle, 1, 50, a);
            assert_int_equal(count(&twin[t], puzzle, 1, 50, b), k);
            if (k > 0) {
                assert_memory_equal(a, b, (size_t)(n * n));
                assert_true(refg_valid_solution(&twin[t], puzzle, a));
            }
        }
    }
    assert_true(accepted > 100 && rejected > 1000);
    assert_true(broken_windows > 0);
}

static void test_limits_and_budget(void **state)
{
    (void)state;
    /* The smallest 9x9 grid in row-major order (test_solver.c's LEX_MIN). */
    static const char lex_min[] = "123456789456789123789123456214365897365897"
                                  "214897214365531642978642978531978531642";
    uint8_t empty[1024] = {0}, first[1024], want[81];
    refg_t g = boxes(9, 3, 3, 0);
    parse(lex_min, want, 81);
    for (uint64_t limit = 1; limit <= 3; limit++) {
        assert_int_equal(count(&g, empty, 0, limit, first), limit);
        assert_memory_equal(first, want, 81);
        assert_int_equal(count(&g, empty, 1, limit, first), limit);
        assert_true(refg_valid_solution(&g, empty, first));
    }
    assert_int_equal(refg_count(&g, empty, 2, first), 2);
    assert_memory_equal(first, want, 81);
    /* The empty Shidoku's first solution takes 16 placements. */
    g = boxes(4, 2, 2, 0);
    uint64_t n = 99, nodes = 0;
    assert_int_equal(refg_count_bounded(&g, empty, 1, 0, first, &n, &nodes), 0);
    assert_int_equal(n, 1);
    assert_int_equal(nodes, 16);
    assert_int_equal(refg_count_bounded(&g, empty, 1, 10, first, &n, &nodes),
                     -1);
    assert_int_equal(n, 0);
    assert_int_equal(nodes, 10);
    assert_int_equal(refg_count_bounded(&g, empty, 1, 16, first, &n, &nodes), 0);
    assert_int_equal(n, 1);
    /* Fewest-first, following its contract by hand: cell 0 first (all
     * tie), then always the first cell with the fewest values; no dead end
     * on the way, and the grid it reaches is G3. */
    uint8_t g3[16];
    parse(G3, g3, 16);
    assert_int_equal(refg_count_fewest_bounded(&g, empty, 1, 0, first, &n,
                                               &nodes), 0);
    assert_int_equal(n, 1);
    assert_int_equal(nodes, 16);
    assert_memory_equal(first, g3, 16);
    /* G3 is its own half-turn, so a case that is not: on 3x3 Latin squares
     * (1x3 boxes) the cells go in the order 0, 1, 2, 3, 5, 4, 6, 7, 8, to
     * 123/231/312, whose last cell holds 2 (taking the last cell of a tie
     * would have put 1 there first). */
    uint8_t latin3[9];
    g = boxes(3, 1, 3, 0);
    assert_int_equal(refg_count_fewest_bounded(&g, empty, 1, 0, first, &n,
                                               &nodes), 0);
    assert_int_equal(nodes, 9);
    parse("123231312", latin3, 9);
    assert_memory_equal(first, latin3, 9);
    g = boxes(4, 2, 2, 0);
    /* Budget out midway: a lower bound, and first filled. */
    memset(first, 0, 16);
    assert_int_equal(refg_count_bounded(&g, empty, 0, 200, first, &n, &nodes),
                     -1);
    assert_int_equal(nodes, 200);
    assert_true(n >= 1 && n < 288);
    assert_true(refg_valid_solution(&g, NULL, first));
    assert_int_equal(refg_count_fewest_bounded(&g, empty, 0, 200, NULL, &n,
                                               NULL), -1);
    assert_true(n < 288);
    /* A complete grid: one solution and no placement. */
    parse(G1, first, 16);
    assert_int_equal(refg_count_bounded(&g, first, 0, 1, NULL, &n, &nodes), 0);
    assert_int_equal(n, 1);
    assert_int_equal(nodes, 0);
    /* 32x32: the empty grid's first solution in row-major order needs no
     * backtracking for 4x8 boxes, and is a valid grid. */
    g = boxes(32, 4, 8, 0);
    assert_int_equal(refg_count_bounded(&g, empty, 1, 0, first, &n, &nodes), 0);
    assert_int_equal(n, 1);
    assert_int_equal(nodes, 1024);
    assert_true(refg_valid_solution(&g, empty, first));
}

/* Every N from 1 to 32 and every R x C: the shifted pattern grid
 * (r mod R) * C + r / R + c, mod N, plus 1, is valid; with two cells of a
 * row swapped it is not (a column then repeats a value); with some cells
 * cleared both searches find a solution agreeing with the givens. */
static void test_sizes(void **state)
{
    (void)state;
    int shapes = 0;
    for (int n = 1; n <= REFG_MAX_N; n++)
        for (int r = 1; r <= n; r++) {
            if (n % r)
                continue;
            const int c = n / r;
            const refg_t g = boxes(n, r, c, 0);
            uint8_t grid[1024], puzzle[1024], first[1024];
            for (int i = 0; i < n * n; i++)
                grid[i] = (uint8_t)(((i / n % r) * c + i / n / r + i % n) % n + 1);
            assert_int_equal(refg_valid_solution(&g, NULL, grid), 1);
            if (n > 1) {
                memcpy(puzzle, grid, (size_t)(n * n));
                puzzle[n] = grid[n + 1], puzzle[n + 1] = grid[n];
                assert_int_equal(refg_valid_solution(&g, NULL, puzzle), 0);
            }
            for (int i = 0; i < n * n; i++)
                puzzle[i] = ((uint32_t)i * 2654435761u) >> 29 == 0 ? 0 : grid[i];
            for (int fewest = 0; fewest <= 1; fewest++) {
                uint64_t k = 0;
                const int rc =
                    fewest ? refg_count_fewest_bounded(&g, puzzle, 1, 100000,
                                                       first, &k, NULL)
                           : refg_count_bounded(&g, puzzle, 1, 100000, first,
                                                &k, NULL);
                assert_int_equal(rc, 0);
                assert_int_equal(k, 1);
                assert_true(refg_valid_solution(&g, puzzle, first));
            }
            shapes++;
        }
    assert_int_equal(shapes, 119); /* the divisors of 1..32 */
}

/* ------------------------------------------------- public puzzles */

/* The next CSV field of *p (a quoted field may hold commas), into out. */
static void csv_field(const char **p, char *out, size_t cap)
{
    const char *s = *p;
    size_t n = 0;
    const int quoted = *s == '"';
    if (quoted)
        s++;
    while (*s && (quoted ? *s != '"' : *s != ',' && *s != '\n' && *s != '\r')) {
        assert_true(n + 1 < cap);
        out[n++] = *s++;
    }
    out[n] = '\0';
    if (quoted) {
        assert_int_equal(*s, '"');
        s++;
    }
    if (*s == ',')
        s++;
    *p = s;
}

static unsigned parse_variants(const char *list)
{
    static const struct {
        const char *name;
        unsigned flag;
    } names[] = {
        {"x", REFG_X},           {"x-", REFG_X_MAIN},
        {"x+", REFG_X_ANTI},     {"windoku", REFG_WINDOKU},
        {"disjoint", REFG_DISJOINT}, {"antiknight", REFG_ANTIKNIGHT},
        {"antiking", REFG_ANTIKING}, {"nonconsecutive", REFG_NONCONSECUTIVE},
    };
    unsigned v = 0;
    char buf[256];
    assert_true(strlen(list) < sizeof buf);
    strcpy(buf, list);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t;
         t = strtok_r(NULL, ",", &save)) {
        size_t i = 0;
        while (i < sizeof names / sizeof names[0] && strcmp(names[i].name, t))
            i++;
        if (i == sizeof names / sizeof names[0])
            fail_msg("unknown variant '%s'", t);
        v |= names[i].flag;
    }
    return v;
}

/* Labels from text ('.' = 0 for extra maps). */
static void parse_labels(const char *text, uint8_t *labels, int ncells,
                         int dot_is_zero)
{
    assert_int_equal(strlen(text), ncells);
    for (int i = 0; i < ncells; i++)
        labels[i] = dot_is_zero && text[i] == '.' ? 0 : (uint8_t)text[i];
}

typedef struct tally {
    int rows, proven, open; /* puzzles; count 1 shown; budget ran out */
} tally_t;

/* One row: kind,geometry,regions,variants,extra,puzzle,solution,source. */
static void check_row(const char *line, tally_t *t)
{
    char kind[64], geometry[32], regions[1100], variants[256], extra[1100];
    char puzzle[1100], solution[1100], source[512];
    const char *p = line;
    csv_field(&p, kind, sizeof kind);
    csv_field(&p, geometry, sizeof geometry);
    csv_field(&p, regions, sizeof regions);
    csv_field(&p, variants, sizeof variants);
    csv_field(&p, extra, sizeof extra);
    csv_field(&p, puzzle, sizeof puzzle);
    csv_field(&p, solution, sizeof solution);
    csv_field(&p, source, sizeof source);
    assert_true(strlen(source) > 0);
    int n = 0, n2 = 0, r = 0, c = 0;
    const int fields = sscanf(geometry, "%dx%d:%dx%d", &n, &n2, &r, &c);
    assert_true(fields == 2 || fields == 4);
    assert_int_equal(n, n2);
    static uint8_t map[1024], xmap[1024], cells[1024], want[1024], first[1024];
    refg_t g = boxes(n, r, c, parse_variants(variants));
    if (fields == 2) {
        parse_labels(regions, map, n * n, 0);
        g.regions = map;
    } else {
        assert_int_equal(strlen(regions), 0);
    }
    if (extra[0]) {
        parse_labels(extra, xmap, n * n, 1);
        g.nextra = 1;
        g.extra[0] = xmap;
    }
    const char *why = "";
    if (!refg_check(&g, &why))
        fail_msg("%s (%s): %s", kind, source, why);
    parse(puzzle, cells, n * n);
    parse(solution, want, n * n);
    /* The published solution keeps the givens and every rule. */
    if (!refg_valid_solution(&g, cells, want))
        fail_msg("%s (%s): published solution invalid", kind, source);
    /* The reference: the published solution and no other, where it
     * finishes within its budget (grids of 16 and more may not). */
    const uint64_t budget = n <= 12   ? 0
                            : n <= 16 ? (SANITIZED ? 5000 : 40000)
                                      : (SANITIZED ? 1000 : 3000);
    uint64_t k = 0;
    const int rc = refg_count_fewest_bounded(&g, cells, 2, budget, first, &k, NULL);
    assert_true(rc == 0 || rc == -1);
    assert_true(k <= 1 && (rc == -1 || k == 1));
    if (k == 1 && memcmp(first, want, (size_t)(n * n)))
        fail_msg("%s (%s): the reference found another solution", kind, source);
    if (n <= 12)
        assert_int_equal(rc, 0);
    t->rows++;
    t->proven += rc == 0;
    t->open += rc != 0;
}

static void test_public_puzzles(void **state)
{
    (void)state;
    FILE *f = fopen(PUZZLES_CSV, "r");
    if (!f)
        fail_msg("cannot open %s (run from the repository root)", PUZZLES_CSV);
    static char line[8192];
    tally_t t = {0, 0, 0};
    assert_non_null(fgets(line, sizeof line, f));
    static const char header[] =
        "kind,geometry,regions,variants,extra,puzzle,solution,source";
    assert_int_equal(strncmp(line, header, sizeof header - 1), 0);
    while (fgets(line, sizeof line, f))
        if (line[0] != '\n' && line[0] != '#')
            check_row(line, &t);
    fclose(f);
    print_message("%d public puzzles: %d shown unique with the published "
                  "solution, %d beyond the node budget (solution checked)\n",
                  t.rows, t.proven, t.open);
    assert_true(t.rows >= 100);
    assert_true(t.proven >= 60);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check),
        cmocka_unit_test(test_region_maps),
        cmocka_unit_test(test_known_counts),
        cmocka_unit_test(test_brute_force_4x4),
        cmocka_unit_test(test_brute_force_givens),
        cmocka_unit_test(test_brute_force_5x5),
        cmocka_unit_test(test_variants_shrink),
        cmocka_unit_test(test_rules_reject),
        cmocka_unit_test(test_peers),
        cmocka_unit_test(test_agreement),
        cmocka_unit_test(test_limits_and_budget),
        cmocka_unit_test(test_sizes),
        cmocka_unit_test(test_public_puzzles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
