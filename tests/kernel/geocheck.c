/*
 * geocheck.c -- every kernel that serves other geometries against the
 * reference of tests/refgeom.c, on puzzles of every geometry.
 *
 * For each geometry of the list (sizes 4 to 25, box shapes, jigsaw maps,
 * each variant alone and several together) it makes puzzles from a fixed
 * seed: a random share of the cells of a solution of the empty grid
 * (checked by the reference), its values relabelled at random (so
 * puzzles with one solution and with several), and in a quarter of them
 * one given changed to a random value (unsolvable ones, mostly).  Each puzzle is then solved by every
 * kernel that fits the geometry at limits 1, 2 and (when the reference can
 * count them all) 0, and with SF_LEX; the reference counts it (row-major,
 * so its first solution is the smallest; fewest-first when that runs out
 * of budget) and checks every solution the kernel gives.  A count that
 * differs, a --lex answer that is not the smallest, or a solution that
 * breaks a rule is a failure, printed with the geometry and the puzzle.
 *
 * The reference learns the geometry from its own parse of the same spec
 * texts (sizes, box shapes, maps, variant names), not from the library.
 *
 * Usage: geocheck [--quick] [--seed S] [--case K (only the K-th, from
 * 0)]; the last line is "geocheck: N passed, M failed", the exit status
 * non-zero on any failure.  --quick (a quarter of the puzzles) is the
 * default in a sanitizer build and when SF_QUICK_CHECK is set.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "refgeom_text.h"
#include "sanitized.h" /* SANITIZED: a sanitizer build checks a quarter */
#include "sudoflow.h"

#define BUDGET 2000000u /* reference placements per count */

typedef struct gcase {
    const char *size, *regions, *variant;
    int puzzles;         /* made (a quarter of them with --quick) */
    int lo, hi;          /* givens placed, as a share of the cells in % */
    int plain;           /* 1: the givens come from a solution of the
                          * geometry without its variants, so most
                          * puzzles break a variant's rule (a knight's or
                          * king's move, a diagonal) between givens */
} gcase_t;

static const gcase_t cases[] = {
    {"4x4", NULL, NULL, 400, 10, 60, 0},
    {"4x4:1x4", NULL, NULL, 200, 10, 60, 0},
    {"4x4", NULL, "x", 300, 10, 50, 0},
    {"6x6", NULL, "nonconsecutive", 200, 5, 40, 0},
    {"5x5", REFG_JIGSAW5, NULL, 300, 10, 50, 0},
    {"6x6", NULL, NULL, 400, 15, 50, 0},
    {"6x6:3x2", NULL, NULL, 300, 15, 50, 0},
    {"6x6", REFG_JIGSAW6, NULL, 300, 15, 50, 0},
    {"6x6", NULL, "antiking", 200, 10, 45, 0},
    {"6x6:3x2", NULL, "x", 200, 10, 45, 0},
    {"8x8", NULL, NULL, 300, 25, 50, 0},
    {"8x8:4x2", NULL, "x+", 150, 25, 50, 0},
    {"9x9", NULL, "x", 300, 25, 45, 0},
    {"9x9", NULL, "x-", 150, 25, 45, 0},
    {"9x9", NULL, "windoku", 200, 25, 45, 0},
    {"9x9", NULL, "disjoint", 200, 25, 45, 0},
    {"9x9", NULL, "antiknight", 200, 25, 45, 0},
    {"9x9", NULL, "antiking", 200, 25, 45, 0},
    {"9x9", NULL, "nonconsecutive", 150, 20, 40, 0},
    {"9x9", NULL, "x,antiknight", 150, 25, 45, 0},
    {"9x9", NULL, "windoku,x,antiking", 100, 25, 45, 0},
    {"9x9", NULL, "disjoint,nonconsecutive", 100, 25, 45, 0},
    {"9x9", REFG_JIGSAW9, NULL, 300, 25, 45, 0},
    {"9x9", REFG_JIGSAW9, "x", 150, 25, 45, 0},
    {"10x10", NULL, NULL, 150, 35, 55, 0},
    {"12x12", NULL, NULL, 100, 40, 60, 0},
    {"12x12:4x3", NULL, "antiknight", 60, 40, 60, 0},
    {"16x16", NULL, NULL, 60, 45, 65, 0},
    {"16x16", NULL, "x", 40, 45, 65, 0},
    {"25x25", NULL, NULL, 15, 55, 70, 0},
    {"9x9", NULL, "antiknight", 150, 20, 100, 1},
    {"8x8", NULL, "antiking", 150, 20, 100, 1},
    {"6x6", NULL, "antiking", 150, 20, 100, 1},
};
#define NCASES (sizeof cases / sizeof cases[0])

/* ------------------------------------------------------------ the RNG */

static uint64_t rng_state;

static uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static int below(int n) { return (int)(rnd() % (uint64_t)n); }

/* ------------------------------------------------------------ the run */

typedef struct tally {
    uint64_t passed, failed, unchecked;
} tally_t;

static void show(const char *what, const sf_solver_t *s, const gcase_t *c,
                 const uint8_t *cells, int nc, tally_t *t)
{
    static const char sym[] = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    if (t->failed++ < 20) {
        printf("FAIL %s (%s): %s %s %s: ", what, sf_solver_kernel(s)->name,
               c->size, c->regions ? "jigsaw" : "",
               c->variant ? c->variant : "");
        for (int i = 0; i < nc; i++)
            putchar(sym[cells[i]]);
        putchar('\n');
    }
}

/* A puzzle: a share of lo% to hi% of the cells of base (a solution with
 * its values relabelled at random), and in raw puzzles one of those
 * givens changed at random (unsolvable, mostly). */
static void make_puzzle(const sf_geometry_t *g, const gcase_t *c,
                        const uint8_t *base, int raw, uint8_t *cells)
{
    const int n = sf_geometry_n(g), nc = n * n;
    const int want = nc * (c->lo + below(c->hi - c->lo + 1)) / 100;
    int order[SF_MAX_CELLS];
    uint8_t relabel[SF_MAX_N + 1];
    for (int v = 0; v <= n; v++)
        relabel[v] = (uint8_t)v;
    for (int v = n; v > 1; v--) {
        const int w = 1 + below(v), t = relabel[v];
        relabel[v] = relabel[w];
        relabel[w] = (uint8_t)t;
    }
    memset(cells, 0, (size_t)nc);
    for (int i = 0; i < nc; i++)
        order[i] = i;
    for (int i = nc - 1; i > 0; i--) {
        const int j = below(i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (int k = 0; k < want; k++)
        cells[order[k]] = relabel[base[order[k]]];
    if (raw && want > 0)
        cells[order[0]] = (uint8_t)(1 + below(n));
}

/* What the reference says of a puzzle at a limit. */
typedef struct answer {
    int rc;         /* 0, or -1 when both counts ran out of budget */
    uint64_t count; /* a lower bound when rc is -1 */
    int exact_lex;  /* first is the smallest solution */
    uint8_t first[SF_MAX_CELLS];
} answer_t;

/* The reference's count at limit: row-major (exact_lex set: its first
 * solution is the smallest), else fewest-first. */
static void ref_answer(const refg_t *rg, const uint8_t *cells,
                       uint64_t limit, answer_t *a)
{
    uint64_t nodes;
    a->exact_lex = refg_count_bounded(rg, cells, limit, BUDGET, a->first,
                                      &a->count, &nodes) == 0;
    a->rc = 0;
    if (!a->exact_lex &&
        refg_count_fewest_bounded(rg, cells, limit, BUDGET, NULL, &a->count,
                                  &nodes) != 0)
        a->rc = -1;
}

/* The kernel's count at limit against the reference's answer a, and
 * every solution it gives (first found, and with SF_LEX) checked by the
 * reference. */
static void check_limit(sf_solver_t *s, const sf_geometry_t *g,
                        const refg_t *rg, const gcase_t *c,
                        const uint8_t *cells, uint64_t limit,
                        const answer_t *a, tally_t *t)
{
    const int nc = sf_geometry_cells(g);
    uint8_t sol[2][SF_MAX_CELLS];
    sf_result_t r[2];
    if (a->rc != 0 && limit == 0) { /* too many to count: not for the kernel */
        t->unchecked++;
        return;
    }
    for (int lex = 0; lex < 2; lex++) {
        sf_solve_geom(s, g, cells, limit, lex ? SF_LEX : 0, sol[lex], &r[lex]);
        if (r[lex].count > 0 && !refg_valid_solution(rg, cells, sol[lex])) {
            show("invalid solution", s, c, cells, nc, t);
            return;
        }
    }
    if (r[0].count != r[1].count) {
        show("count with and without --lex", s, c, cells, nc, t);
        return;
    }
    if (a->rc != 0) {
        if (a->count > r[0].count) /* count is a lower bound only */
            show("count below the reference's lower bound", s, c, cells,
                 nc, t);
        else
            t->unchecked++;
        return;
    }
    if (a->count != r[0].count) {
        show(limit ? "count" : "count (all)", s, c, cells, nc, t);
        return;
    }
    if (a->count > 0 && a->exact_lex &&
        memcmp(sol[1], a->first, (size_t)nc) != 0) {
        show("--lex answer", s, c, cells, nc, t);
        return;
    }
    t->passed++;
}

#define KERNELS_MAX 16

/* The kernels that fit g, a solver each: how many.  One that cannot
 * solve the empty grid is a failure counted in t, and left out.  base
 * receives the empty grid's solution by the first of them, the puzzles'
 * source. */
static int solvers_for(const sf_geometry_t *g, const refg_t *rg,
                       const gcase_t *c, sf_solver_t **s, uint8_t *base,
                       tally_t *t)
{
    int n = 0;
    for (size_t k = 0; sf_kernel_at(k) && n < KERNELS_MAX; k++) {
        const sf_kernel_t *kk = sf_kernel_at(k);
        if (!kk->fits || !kk->fits(g))
            continue;
        uint8_t cells[SF_MAX_CELLS], grid[SF_MAX_CELLS];
        sf_result_t r;
        memset(cells, 0, sizeof cells);
        s[n] = sf_solver_new(kk);
        if (sf_solve_geom(s[n], g, cells, 1, 0, grid, &r), r.count != 1 ||
            !refg_valid_solution(rg, NULL, grid)) { /* every case has one */
            printf("FAIL no valid solution of the empty grid: %s %s\n",
                   c->size, kk->name);
            t->failed++;
            sf_solver_free(s[n]);
            continue;
        }
        if (n++ == 0)
            memcpy(base, grid, sizeof grid);
    }
    return n;
}

/* A solution of case c's geometry without its variants into base: 0
 * when there is none. */
static int plain_base(const gcase_t *c, uint8_t *base)
{
    const sf_geometry_spec_t spec = {c->size, c->regions, NULL, {0}};
    sf_error_t err;
    sf_geometry_t *g = sf_geometry_new(&spec, &err);
    sf_solver_t *s = g ? sf_solver_new(sf_kernel_for_geometry(g)) : NULL;
    uint8_t cells[SF_MAX_CELLS];
    sf_result_t r = {0, 0, SF_INVALID};
    memset(cells, 0, sizeof cells);
    if (s)
        sf_solve_geom(s, g, cells, 1, 0, base, &r);
    sf_solver_free(s);
    sf_geometry_free(g);
    return r.count == 1;
}

/* Every puzzle of case c: the reference answers once at each limit,
 * then every kernel that fits is checked against it. */
static int run_case(const gcase_t *c, int quick, tally_t *t)
{
    const sf_geometry_spec_t spec = {c->size, c->regions, c->variant, {0}};
    sf_error_t err;
    sf_geometry_t *g = sf_geometry_new(&spec, &err);
    refg_t rg;
    refg_from_text(&rg, c->size, c->regions, c->variant);
    if (!g) {
        printf("FAIL geometry %s: %s\n", c->size, err.message);
        t->failed++;
        return -1;
    }
    sf_solver_t *s[KERNELS_MAX];
    uint8_t base[SF_MAX_CELLS], cells[SF_MAX_CELLS];
    const int nk = solvers_for(g, &rg, c, s, base, t);
    if (c->plain && nk > 0 && !plain_base(c, base)) {
        printf("FAIL no solution of the grid without its variants: %s\n",
               c->size);
        t->failed++;
    }
    tally_t each[KERNELS_MAX];
    clock_t spent[KERNELS_MAX];
    memset(each, 0, sizeof each);
    memset(spent, 0, sizeof spent);
    const int puzzles = quick ? (c->puzzles + 3) / 4 : c->puzzles;
    for (int i = 0; i < puzzles && nk > 0; i++) {
        make_puzzle(g, c, base, i % 4 == 3, cells);
        static const uint64_t limits[] = {1, 2, 0}; /* 0: count all */
        for (size_t j = 0; j < sizeof limits / sizeof limits[0]; j++) {
            if (limits[j] == 0 && sf_geometry_n(g) > 9)
                break;
            answer_t a;
            ref_answer(&rg, cells, limits[j], &a);
            for (int k = 0; k < nk; k++) {
                const clock_t start = clock();
                check_limit(s[k], g, &rg, c, cells, limits[j], &a, &each[k]);
                spent[k] += clock() - start;
            }
        }
    }
    for (int k = 0; k < nk; k++) {
        printf("%-10s %-7s %-26s %-8s %4d puzzles: %llu checks, %llu "
               "failed, %.1f s\n", c->size, c->regions ? "jigsaw" : "",
               c->variant ? c->variant : "", sf_solver_kernel(s[k])->name,
               puzzles,
               (unsigned long long)each[k].passed,
               (unsigned long long)each[k].failed,
               (double)spent[k] / CLOCKS_PER_SEC);
        t->passed += each[k].passed;
        t->failed += each[k].failed;
        t->unchecked += each[k].unchecked;
        sf_solver_free(s[k]);
    }
    fflush(stdout);
    sf_geometry_free(g);
    return 0;
}

int main(int argc, char **argv)
{
    int quick = SANITIZED || getenv("SF_QUICK_CHECK") != NULL, only = -1;
    rng_state = 20261207;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            quick = 1;
        else if (strcmp(argv[i], "--case") == 0 && i + 1 < argc)
            only = atoi(argv[++i]);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            rng_state = strtoull(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: geocheck [--quick] [--seed S] [--case K]"
                    "\n");
            return 2;
        }
    }
    tally_t t = {0, 0, 0};
    for (size_t k = 0; k < NCASES; k++)
        if (only < 0 || (size_t)only == k)
            run_case(&cases[k], quick, &t);
    printf("geocheck: %llu passed, %llu failed (%llu counts beyond the "
           "reference's budget)\n", (unsigned long long)t.passed,
           (unsigned long long)t.failed, (unsigned long long)t.unchecked);
    return t.failed ? 1 : 0;
}
