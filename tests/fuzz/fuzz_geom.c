/*
 * fuzz_geom.c -- geometries other than classic 9x9: their construction,
 * the general kernel against the reference (tests/refgeom.c), and the
 * text of their records.
 *
 * Each input chooses a geometry -- a size with its default or another box
 * shape, or a region map (one of a few jigsaws, or labels straight from
 * the input), and a set of variants -- then a puzzle, and checks:
 *
 *   - sf_geometry_new accepts a region map exactly when the reference's
 *     refg_check_regions does, and a variant set exactly when the
 *     reference's refg_check does (windoku and disjoint need boxes);
 *   - the solver (every kernel in the table that fits the geometry, and
 *     sf_solve_geom's own choice) agrees with the reference at limits 1,
 *     2 and a larger one, with and without SF_LEX: the count, a valid
 *     solution keeping the givens, the SF_LEX solution the reference's
 *     first; the input cells are never written;
 *   - sf_solve_many on the puzzle and others made from it gives what
 *     sf_solve_geom gives on each;
 *   - sf_format_geom then sf_parse_geom gives the cells back, in every
 *     form, in the default alphabet and another; and sf_parse_geom on the
 *     input's own bytes never reads past them nor yields a value past N;
 *   - under the geometry's symmetry group (when it can be listed), a
 *     random copy of the puzzle has the puzzle's canonical form, the
 *     element geo_canon returns maps the puzzle onto it, and a copy of a
 *     unique puzzle is unique.
 *
 * The puzzle is clues picked from a solution grid (the reference's first
 * solution of the empty grid, its values permuted when the rules allow),
 * plus a few arbitrary givens: unique, multiple and contradictory puzzles
 * all come up.  The reference has a node budget; when it runs out the
 * counts are not compared, while validity still is.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "datasets/geo_symmetry.h"

#include "fuzz/fuzzutil.h"
#include "refgeom_text.h"
#include "sudoflow.h"

#define REF_BUDGET 40000 /* reference placements: a millisecond */
#define MAX_KERNELS 16

static const char *const SIZES[] = {"4x4", "4x4:1x4", "6x6", "6x6:3x2",
                                    "8x8", "8x8:4x2", "9x9", "9x9:1x9",
                                    "10x10", "12x12"};
#define NSIZES (sizeof SIZES / sizeof SIZES[0])

static const char *const MAPS[] = {REFG_JIGSAW5, REFG_JIGSAW6,
                                   REFG_JIGSAW9};

static const char *const VARIANTS[] = {"x-", "x+", "windoku", "disjoint",
                                       "antiknight", "antiking",
                                       "nonconsecutive"};

typedef struct choice {
    char size[16];
    char regions[SF_MAX_CELLS + 1];
    char variant[96];
    int has_map;
} choice_t;

/* Labels from the input: n*n of the symbols 1..n (mostly a region map,
 * sometimes not). */
static void labels_from_input(fz_t *f, int n, char *out)
{
    for (int i = 0; i < n * n; i++)
        out[i] = "123456789ABC"[(i / n + fz_below(f, 2) * fz_below(f, n)) %
                                n];
    out[n * n] = '\0';
}

static void choose(fz_t *f, choice_t *c)
{
    memset(c, 0, sizeof *c);
    const unsigned shape = fz_below(f, 8);
    if (shape == 0) { /* a jigsaw of the table */
        const char *m = MAPS[fz_below(f, 3)];
        strcpy(c->regions, m);
        c->has_map = 1;
    } else if (shape == 1) { /* labels from the input */
        const int n = 4 + (int)fz_below(f, 3);
        labels_from_input(f, n, c->regions);
        c->has_map = 1;
    }
    if (c->has_map) {
        const size_t len = strlen(c->regions);
        int n = 1;
        while ((size_t)(n * n) < len)
            n++;
        snprintf(c->size, sizeof c->size, "%dx%d", n, n);
    } else {
        snprintf(c->size, sizeof c->size, "%s", SIZES[fz_below(f, NSIZES)]);
    }
    const unsigned bits = fz_byte(f) & fz_byte(f); /* few variants */
    for (unsigned k = 0; k < 7; k++)
        if (bits >> k & 1) {
            if (c->variant[0])
                strcat(c->variant, ",");
            strcat(c->variant, VARIANTS[k]);
        }
}

/* The reference's first solution of the empty grid of choice c (rg), or
 * 0; kept for the next inputs of the same choice. */
static int base_grid(const choice_t *c, const refg_t *rg, uint8_t *grid)
{
    static choice_t last;
    static int last_ok;
    static uint8_t last_grid[REFG_MAX_CELLS];
    if (memcmp(&last, c, sizeof last) != 0) {
        uint8_t empty[REFG_MAX_CELLS] = {0};
        uint64_t count = 0;
        last_ok = refg_count_fewest_bounded(rg, empty, 1, 10 * REF_BUDGET,
                                            last_grid, &count, NULL) == 0 &&
                  count == 1;
        last = *c;
    }
    memcpy(grid, last_grid, sizeof last_grid);
    return last_ok;
}

/* A puzzle of rg: clues of a solution grid and a few arbitrary givens.
 * 0 when the reference finds no grid within its budget: the rules may
 * then leave none, and proving that can take the kernel minutes (the
 * empty 9x9 with x, windoku and nonconsecutive: 2.6 million guesses). */
static int make_puzzle(fz_t *f, const choice_t *c, const refg_t *rg,
                       uint8_t *p)
{
    const int n = rg->n, nc = n * n;
    uint8_t grid[REFG_MAX_CELLS], perm[REFG_MAX_N + 1];
    memset(p, 0, (size_t)nc);
    if (!base_grid(c, rg, grid))
        return 0;
    for (int v = 0; v <= n; v++) /* values relabelled, where that keeps */
        perm[v] = (uint8_t)v;    /* the rules (not with nonconsecutive) */
    for (int v = n; v > 1 && !(rg->variants & REFG_NONCONSECUTIVE); v--) {
        const int j = 1 + (int)fz_below(f, (unsigned)v);
        const uint8_t t = perm[v];
        perm[v] = perm[j];
        perm[j] = t;
    }
    const unsigned keep = 20 + fz_below(f, 70); /* percent of the cells */
    uint64_t s = fz_byte(f) | (uint64_t)fz_byte(f) << 8;
    for (int i = 0; i < nc; i++)
        if (fz_rand(&s) % 100 < keep)
            p[i] = perm[grid[i]];
    for (unsigned k = fz_below(f, 4); k > 0; k--)
        p[fz_below(f, (unsigned)nc)] = (uint8_t)fz_below(f, (unsigned)n + 1);
    return 1;
}

typedef struct refres {
    int done;
    uint64_t count;
    int has_first;                 /* the row-major search found one */
    uint8_t first[REFG_MAX_CELLS]; /* then the smallest solution */
} refres_t;

/* The reference's count at limit (fewest-first, the faster search), and
 * the smallest solution (the row-major search, which stops at the first)
 * from first, the lex result shared by every limit. */
static void reference(const refg_t *rg, const uint8_t *p, uint64_t limit,
                      const refres_t *first, refres_t *r)
{
    uint8_t any[REFG_MAX_CELLS];
    uint64_t count = 0;
    r->done = refg_count_fewest_bounded(rg, p, limit, REF_BUDGET, any,
                                        &count, NULL) == 0;
    r->count = count;
    r->has_first = first->has_first;
    memcpy(r->first, first->first, sizeof r->first);
}

static void reference_first(const refg_t *rg, const uint8_t *p, refres_t *r)
{
    uint64_t count = 0;
    r->done = refg_count_bounded(rg, p, 1, REF_BUDGET, r->first, &count,
                                 NULL) == 0;
    r->count = count;
    r->has_first = count > 0;
}

/* One solve of p by solver s, checked against the reference's r. */
static void check_solve(sf_solver_t *s, const sf_geometry_t *g,
                        const refg_t *rg, const uint8_t *p, uint64_t limit,
                        unsigned flags, const refres_t *r)
{
    const int nc = rg->n * rg->n;
    uint8_t before[SF_MAX_CELLS];
    uint8_t *sol = malloc((size_t)nc);
    FZ_CHECK(sol != NULL, "no memory");
    memcpy(before, p, (size_t)nc);
    sf_result_t res;
    sf_solve_geom(s, g, p, limit, flags, sol, &res);
    const char *k = sf_solver_kernel_for(s, g)->name;
    FZ_CHECK(memcmp(before, p, (size_t)nc) == 0, "%s wrote its input", k);
    FZ_CHECK(res.count <= limit, "%s: %llu solutions at limit %llu", k,
             (unsigned long long)res.count, (unsigned long long)limit);
    FZ_CHECK(res.count == 0 || refg_valid_solution(rg, p, sol),
             "%s: invalid solution (%s, limit %llu)", k, sf_geometry_size_text(g),
             (unsigned long long)limit);
    if (r->done)
        FZ_CHECK(res.count == r->count, "%s: %llu solutions, reference %llu "
                 "(%s %s, limit %llu, flags %u)", k,
                 (unsigned long long)res.count,
                 (unsigned long long)r->count, sf_geometry_size_text(g),
                 sf_geometry_variant_text(g), (unsigned long long)limit,
                 flags);
    if ((flags & SF_LEX) && r->has_first && res.count > 0)
        FZ_CHECK(memcmp(sol, r->first, (size_t)nc) == 0,
                 "%s: SF_LEX solution is not the smallest", k);
    free(sol);
}

static void check_kernels(const sf_geometry_t *g, const refg_t *rg,
                          const uint8_t *p, uint64_t big)
{
    const uint64_t limits[3] = {1, 2, big};
    refres_t first;
    reference_first(rg, p, &first);
    for (int li = 0; li < 3; li++) {
        refres_t r;
        reference(rg, p, limits[li], &first, &r);
        for (size_t i = 0; i <= MAX_KERNELS; i++) {
            const sf_kernel_t *k = i < MAX_KERNELS ? sf_kernel_at(i) : NULL;
            if (i < MAX_KERNELS && (!k || !k->fits || !k->fits(g)))
                continue;
            sf_solver_t *s = sf_solver_new(k); /* NULL: sf_solve_geom's own */
            FZ_CHECK(s != NULL, "no memory");
            check_solve(s, g, rg, p, limits[li], 0, &r);
            check_solve(s, g, rg, p, limits[li], SF_LEX, &r);
            sf_solver_free(s);
        }
    }
}

/* sf_solve_many on p and MANY - 1 puzzles made from it (a given taken
 * away, or a value put in an empty cell) against sf_solve_geom on each:
 * the vector lanes and the kernel from their closures agree with the
 * kernel alone.  Only where the lanes go (at most 64 cells): elsewhere
 * sf_solve_many is sf_solve_geom in a loop, and the larger grids' counts
 * are what makes an input slow. */
#define MANY 40
static void check_many(const sf_geometry_t *g, const uint8_t *p)
{
    const int nc = sf_geometry_cells(g), n = sf_geometry_n(g);
    uint8_t *cells = malloc((size_t)nc * MANY);
    uint8_t *sols = malloc((size_t)nc * MANY);
    FZ_CHECK(cells && sols, "no memory");
    const uint8_t *ptr[MANY];
    uint8_t *out[MANY];
    for (int i = 0; i < MANY; i++) {
        uint8_t *c = cells + i * nc;
        memcpy(c, p, (size_t)nc);
        const int at = (i * 37) % nc;
        c[at] = i == 0 ? c[at] : c[at] ? 0 : (uint8_t)(1 + i % n);
        ptr[i] = c;
        out[i] = sols + i * nc;
    }
    sf_solver_t *s = sf_solver_new(NULL);
    FZ_CHECK(s != NULL, "no memory");
    sf_result_t res[MANY];
    for (unsigned flags = 0; flags <= SF_LEX; flags += SF_LEX) {
        sf_solve_many(s, g, ptr, MANY, 2, flags, out, res);
        for (int i = 0; i < MANY; i++) {
            uint8_t one[SF_MAX_CELLS];
            sf_result_t r;
            sf_solve_geom(s, g, ptr[i], 2, flags, one, &r);
            FZ_CHECK(r.count == res[i].count && r.guesses == res[i].guesses &&
                     r.status == res[i].status &&
                     (r.count == 0 || memcmp(one, out[i], (size_t)nc) == 0),
                     "sf_solve_many differs from sf_solve_geom (%s %s, "
                     "flags %u)", sf_geometry_size_text(g),
                     sf_geometry_variant_text(g), flags);
        }
    }
    sf_solver_free(s);
    free(cells);
    free(sols);
}

/* Format then parse gives p back, in every form and two alphabets. */
static void check_text(const sf_geometry_t *g, const uint8_t *p)
{
    const int n = sf_geometry_n(g), nc = sf_geometry_cells(g);
    sf_alphabet_t a[2];
    sf_error_t err;
    FZ_CHECK(sf_alphabet_init(&a[0], NULL, &err) == 0, "default alphabet");
    FZ_CHECK(sf_alphabet_init(&a[1], "0-F", &err) == 0, "0-F alphabet");
    const size_t cap = sf_geom_text_max(g);
    char *text = malloc(cap);
    uint8_t back[SF_MAX_CELLS];
    FZ_CHECK(text != NULL, "no memory");
    for (int ai = 0; ai < 2; ai++)
        for (int form = SF_FORM_SYMBOLS; form <= SF_FORM_SPACES; form++) {
            int ok = 1;
            for (int i = 0; i < nc; i++)
                ok &= p[i] <= n;
            if (!ok)
                continue;
            const size_t len = sf_format_geom(g, &a[ai], form, p, '.', text);
            FZ_CHECK(len < cap, "text of %zu bytes past its bound %zu", len,
                     cap);
            const char *why = NULL;
            FZ_CHECK(sf_parse_geom(g, &a[ai], text, len, back, &why) ==
                     form, "own text refused or read in another form (%s): "
                     "%s", why ? why : "?", text);
            FZ_CHECK(memcmp(back, p, (size_t)nc) == 0,
                     "text does not read back: %s", text);
        }
    free(text);
}

/* sf_parse_geom on arbitrary bytes: values stay within 0..N. */
static void check_parse(const sf_geometry_t *g, const uint8_t *bytes,
                        size_t n)
{
    char *copy = malloc(n ? n : 1); /* exact size: ASan sees overreads */
    uint8_t cells[SF_MAX_CELLS];
    FZ_CHECK(copy != NULL, "no memory");
    memcpy(copy, bytes, n);
    const char *why = NULL;
    if (sf_parse_geom(g, NULL, copy, n, cells, &why) >= 0) {
        for (int i = 0; i < sf_geometry_cells(g); i++)
            FZ_CHECK(cells[i] <= sf_geometry_n(g), "value %d past N",
                     cells[i]);
    } else {
        FZ_CHECK(why != NULL, "refused with no reason");
    }
    free(copy);
}

/* The canonical form is the same for a random copy (see the top). */
static void check_symmetry(fz_t *f, const sf_geometry_t *g, const uint8_t *p)
{
    const geo_group_t *grp = geo_group_of(g, NULL);
    if (!grp)
        return;
    const int nc = sf_geometry_cells(g);
    uint8_t q[SF_MAX_CELLS], a[SF_MAX_CELLS], b[SF_MAX_CELLS];
    rng_t r;
    rng_seed(&r, fz_below(f, 1u << 30), 7);
    geo_xform_t t, tc;
    geo_xform_random(grp, &r, &t);
    geo_xform_apply(grp, &t, p, q);
    FZ_CHECK(geo_canon(grp, p, a, &tc) == 0 && geo_canon(grp, q, b, NULL) == 0,
             "canonical form: out of memory");
    FZ_CHECK(memcmp(a, b, (size_t)nc) == 0, "a copy has another form");
    geo_xform_apply(grp, &tc, p, q);
    FZ_CHECK(memcmp(a, q, (size_t)nc) == 0, "the form's element is wrong");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_t f = {data, size};
    choice_t c;
    choose(&f, &c);
    const sf_geometry_spec_t spec = {c.has_map ? NULL : c.size,
                                     c.has_map ? c.regions : NULL,
                                     c.variant[0] ? c.variant : NULL, {0}};
    sf_error_t err = {0};
    sf_geometry_t *g = sf_geometry_new(&spec, &err);
    refg_t rg;
    FZ_CHECK(refg_from_text(&rg, c.size, c.has_map ? c.regions : NULL,
                            c.variant) == 0, "variant list");
    const char *why = NULL;
    int ref_ok = refg_check(&rg, &why);
    if (ref_ok && (rg.variants & REFG_WINDOKU) &&
        (1 + rg.box_r > rg.n || 1 + rg.box_c > rg.n)) {
        ref_ok = 0; /* no window fits: the library calls that an error */
        why = "no window";
    }
    FZ_CHECK((g != NULL) == ref_ok, "%s %s [%s]: library %s, reference %s",
             c.size, c.regions, c.variant,
             g ? "accepts" : err.message, ref_ok ? "accepts" : why);
    if (!g)
        return 0;
    uint8_t p[SF_MAX_CELLS];
    const int solvable = make_puzzle(&f, &c, &rg, p);
    if (getenv("FZG_VERBOSE")) { /* the case, for a crash's report */
        fprintf(stderr, "geometry %s regions %s variant %s\npuzzle ",
                c.size, c.regions, c.variant);
        for (int i = 0; i < rg.n * rg.n; i++)
            fprintf(stderr, "%d%c", p[i], i + 1 < rg.n * rg.n ? ',' : '\n');
    }
    if (solvable) {
        check_kernels(g, &rg, p, 3 + fz_below(&f, 8));
        if (sf_geometry_cells(g) <= 64)
            check_many(g, p);
    }
    check_text(g, p);
    check_symmetry(&f, g, p);
    size_t rest;
    const uint8_t *bytes = fz_rest(&f, &rest);
    check_parse(g, bytes, rest);
    sf_geometry_free(g);
    return 0;
}
