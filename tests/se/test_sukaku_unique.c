/*
 * test_sukaku_unique.c -- the Sukaku Explainer scale's versions of
 * existing techniques: unique loops and BUG with lkSudoku's corrections
 * (se_unique_loops_lk, se_bug_lk) and the intersections in Sukaku's scan
 * order (se_direct_locking_sk, se_locking_sk), against Sukaku Explainer's
 * own solving paths (data/se/sukaku_traces.txt.gz, docs/se.md).
 *
 * Each path is replayed from the givens with Sukaku Explainer's own steps.
 * At every unique rectangle or loop, BUG, pointing or claiming step
 * (direct or not), our Sukaku version on the grid before it must find the
 * step Sukaku Explainer took: the same name, difficulty, eliminations and
 * placement.  And at every step of a technique Sukaku Explainer asks only
 * after one of these (docs/sukaku.md, section 2), that one must find
 * nothing: Sukaku found nothing there either.
 *
 * The classic functions are asked the same and their misses counted and
 * printed, not asserted: they show what the Sukaku versions change (and
 * that the comparison can tell).  The paths hold no Direct Claiming step,
 * so that name is checked only by the "finds nothing" half.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "se/steps/se_steps.h"
#include "sukaku_paths.h"

#define TRACES SUKAKU_TRACES

/* The techniques under test, in Sukaku's producer order (rank: its place
 * in docs/sukaku.md's table, section 2). */
enum { T_DIRECT, T_LOCKING, T_UNIQUE, T_BUG, NTECH };

typedef int (*finder_t)(const se_grid_t *g, se_hint_t *h);

static int classic_direct(const se_grid_t *g, se_hint_t *h)
{
    return se_direct_locking(g, h, NULL);
}

static int classic_locking(const se_grid_t *g, se_hint_t *h)
{
    return se_locking(g, h, NULL);
}

static int sukaku_direct(const se_grid_t *g, se_hint_t *h)
{
    return se_direct_locking_sk(g, h, NULL);
}

static int sukaku_locking(const se_grid_t *g, se_hint_t *h)
{
    return se_locking_sk(g, h, NULL);
}

static const struct {
    const char *name;
    int rank;
    finder_t sukaku, classic;
} techs[NTECH] = {
    [T_DIRECT] = {"Direct Pointing/Claiming", 2, sukaku_direct,
                  classic_direct},
    [T_LOCKING] = {"Pointing/Claiming", 6, sukaku_locking, classic_locking},
    [T_UNIQUE] = {"Unique Rectangle/Loop", 16, se_unique_loops_lk,
                  se_unique_loops},
    [T_BUG] = {"BUG", 22, se_bug_lk, se_bug},
};

/* The step names counted apart, and the technique each is of. */
static const struct {
    const char *prefix;
    int tech;
} kinds[] = {
    {"Direct Pointing", T_DIRECT}, {"Direct Claiming", T_DIRECT},
    {"Pointing", T_LOCKING},       {"Claiming", T_LOCKING},
    {"Unique Rectangle ", T_UNIQUE}, {"Unique Loop ", T_UNIQUE},
    {"BUG ", T_BUG},
};
#define NKINDS (sizeof kinds / sizeof kinds[0])

static int starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The kind of a step name (exact for the intersections), or -1. */
static int kind_of(const char *name)
{
    for (size_t i = 0; i < NKINDS; i++)
        if ((kinds[i].tech == T_DIRECT || kinds[i].tech == T_LOCKING)
                ? strcmp(name, kinds[i].prefix) == 0
                : starts(name, kinds[i].prefix))
            return (int)i;
    return -1;
}

/* Sukaku's producer rank of a step name (docs/sukaku.md, section 2),
 * coarsely: only whether it comes after ranks 2, 6, 16 and 22 matters. */
static int rank_of(const char *name)
{
    static const struct { const char *name; int rank; } exact[] = {
        {"Hidden Single", 1},    {"Direct Pointing", 2},
        {"Direct Claiming", 2},  {"Direct Hidden Pair", 3},
        {"Naked Single", 4},     {"Direct Hidden Triplet", 5},
        {"Pointing", 6},         {"Claiming", 6},
        {"Naked Pair", 7},       {"X-Wing", 8},
        {"Hidden Pair", 9},      {"Naked Triplet", 10},
        {"Swordfish", 11},       {"Hidden Triplet", 12},
        {"XY-Wing", 14},         {"XYZ-Wing", 15},
        {"Naked Quad", 17},      {"Jellyfish", 18},
        {"Hidden Quad", 19},
    };
    for (size_t i = 0; i < sizeof exact / sizeof exact[0]; i++)
        if (strcmp(name, exact[i].name) == 0)
            return exact[i].rank;
    const char *n = starts(name, "Grouped ") ? name + 8 : name;
    if (starts(n, "Skyscraper ") || starts(n, "2") || starts(n, "(2 "))
        return 13; /* strong links of 2 */
    if (starts(name, "Unique "))
        return 16;
    if (starts(n, "3") || starts(n, "(3 "))
        return 20; /* strong links of 3 */
    if (starts(name, "WXYZ-Wing "))
        return 21;
    if (starts(name, "BUG "))
        return 22;
    return 99; /* 4 strong links, later wings, exclusion, chains */
}

/* Whether find gives Sukaku's step want (named name) on g. */
static int same_step(finder_t find, const se_grid_t *g, const char *name,
                     const se_hint_t *want, char *label, size_t cap)
{
    se_hint_t got;
    snprintf(label, cap, "none");
    if (!find(g, &got))
        return 0;
    sf_se_label((sf_se_step_t)got.tech, (unsigned)got.variant, label, cap);
    if (strcmp(label, name) != 0 || got.diff != want->diff ||
        memcmp(got.elim, want->elim, sizeof got.elim) != 0)
        return 0;
    if (want->cell >= 0)
        return got.cell == want->cell && got.digit == want->digit;
    return got.cell < 0;
}

typedef struct tally {
    int paths;
    int seen[NKINDS], wrong[NKINDS], classic_wrong[NKINDS];
    int quiet[NTECH], loud[NTECH], classic_loud[NTECH]; /* later steps:
                                 * asked, and finding something anyway */
} tally_t;

/* Step name (Sukaku's want) on g: the checks of both halves. */
static void check_step(const se_grid_t *g, const char *name,
                       const se_hint_t *want, tally_t *t)
{
    char label[128];
    const int k = kind_of(name);
    if (k >= 0) {
        const int tech = kinds[k].tech;
        t->seen[k]++;
        if (!same_step(techs[tech].sukaku, g, name, want, label,
                       sizeof label) &&
            t->wrong[k]++ < 5)
            print_message("path %d: Sukaku %s %d, ours %s\n", t->paths,
                          name, want->diff, label);
        if (!same_step(techs[tech].classic, g, name, want, label,
                       sizeof label))
            t->classic_wrong[k]++;
    }
    const int rank = rank_of(name);
    for (int tech = 0; tech < NTECH; tech++) {
        if (rank <= techs[tech].rank)
            continue;
        se_hint_t got;
        t->quiet[tech]++;
        if (techs[tech].sukaku(g, &got)) {
            sf_se_label((sf_se_step_t)got.tech, (unsigned)got.variant, label,
                        sizeof label);
            if (t->loud[tech]++ < 5)
                print_message("path %d: Sukaku %s, ours finds %s first\n",
                              t->paths, name, label);
        }
        t->classic_loud[tech] += techs[tech].classic(g, &got);
    }
}

static void visit(void *ctx, int path, const se_grid_t *g, const char *name,
                  const se_hint_t *want)
{
    tally_t *t = ctx;
    t->paths = path;
    check_step(g, name, want, t);
}

static void report(const tally_t *t)
{
    print_message("%d paths\n", t->paths);
    for (size_t k = 0; k < NKINDS; k++)
        print_message("  %-18s %5d steps, %d differ (classic: %d)\n",
                      kinds[k].prefix, t->seen[k], t->wrong[k],
                      t->classic_wrong[k]);
    for (int tech = 0; tech < NTECH; tech++)
        print_message("  %-24s asked at %5d later steps, finds something "
                      "at %d (classic: %d)\n",
                      techs[tech].name, t->quiet[tech], t->loud[tech],
                      t->classic_loud[tech]);
}

static void test_unique_and_locking_as_sukaku(void **state)
{
    (void)state;
    gzFile f = sukaku_open(TRACES);
    static tally_t t;
    memset(&t, 0, sizeof t);
    assert_true(sukaku_replay(f, visit, &t) > 0);
    gzclose(f);
    report(&t);
    for (size_t k = 0; k < NKINDS; k++) {
        assert_int_equal(t.wrong[k], 0);
        if (strcmp(kinds[k].prefix, "Direct Claiming") != 0)
            assert_true(t.seen[k] > 0); /* the paths have none of it */
    }
    for (int tech = 0; tech < NTECH; tech++) {
        assert_true(t.quiet[tech] > 0);
        assert_int_equal(t.loud[tech], 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unique_and_locking_as_sukaku),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
