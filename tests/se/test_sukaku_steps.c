/*
 * test_sukaku_steps.c -- the Sukaku Explainer scale's own techniques
 * against Sukaku Explainer's solving paths (data/se/sukaku_traces.txt.gz,
 * docs/se.md): the wings (se_als_wing.c) and the chains of strong links
 * (se_strong.c).  Each path is replayed from the givens with Sukaku
 * Explainer's own steps; at every step of one of these techniques, ours
 * on the grid before it must find the step Sukaku Explainer took: the
 * same name (its suffix included), difficulty and eliminations.
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
#define XY_WINGS "data/se/sukaku_xy_wings.txt"

/* A technique under test: the names of its steps (a prefix, or the
 * text after the first space) and the search. */
typedef struct technique {
    const char *label;
    int (*find)(const se_grid_t *g, int arg, se_hint_t *h);
    int arg;
    int seen, wrong;
} technique_t;

static int wing(const se_grid_t *g, int k, se_hint_t *h)
{
    return se_als_wing(g, k, NULL, h);
}

static int links(const se_grid_t *g, int n, se_hint_t *h)
{
    return se_strong_links(g, n, h, NULL);
}

static technique_t techniques[] = {
    {"WXYZ-Wing", wing, 4, 0, 0},
    {"VWXYZ-Wing", wing, 5, 0, 0},
    {"UVWXYZ-Wing", wing, 6, 0, 0},
    {"TUVWXYZ-Wing", wing, 7, 0, 0},
    {"2 strong links", links, 2, 0, 0},
    {"3 strong links", links, 3, 0, 0},
    {"4 strong links", links, 4, 0, 0},
};
#define NTECH (int)(sizeof techniques / sizeof techniques[0])

/* The technique a step name is of, or NULL.  Strong-link names give
 * their number of links first, or "Skyscraper" (2), or "(n Strong
 * Links)" for a loop. */
static technique_t *technique_of(const char *name)
{
    const char *p = strncmp(name, "Grouped ", 8) == 0 ? name + 8 : name;
    int n = 0;
    if (strncmp(p, "Skyscraper ", 11) == 0)
        n = 2;
    else if (p[0] == '(' && p[1] >= '2' && p[1] <= '4')
        n = p[1] - '0';
    else if (p[0] >= '2' && p[0] <= '4' && (p[1] == ' ' || p[1] == '-'))
        n = p[0] - '0';
    if (n)
        return &techniques[4 + n - 2];
    for (int i = 0; i < 4; i++) {
        const size_t len = strlen(techniques[i].label);
        if (strncmp(name, techniques[i].label, len) == 0 && name[len] == ' ')
            return &techniques[i];
    }
    return NULL;
}

/* A step of a path: when it is one of the techniques, ours must find it. */
static void visit(void *ctx, int path, const se_grid_t *g, const char *name,
                  const se_hint_t *want)
{
    int *wrong = ctx;
    technique_t *t = technique_of(name);
    if (!t)
        return;
    t->seen++;
    se_hint_t got;
    char label[128];
    const int found = t->find(g, t->arg, &got);
    if (found)
        sf_se_label((sf_se_step_t)got.tech, (unsigned)got.variant, label,
                    sizeof label);
    if (!found || strcmp(label, name) != 0 || got.diff != want->diff ||
        memcmp(got.elim, want->elim, sizeof got.elim) != 0) {
        t->wrong++;
        if ((*wrong)++ < 8)
            print_message("path %d: Sukaku %s %d, ours %s %d\n", path, name,
                          want->diff, found ? label : "none",
                          found ? got.diff : 0);
    }
}

static void test_steps_as_sukaku(void **state)
{
    (void)state;
    gzFile f = sukaku_open(TRACES);
    int wrong = 0;
    const int paths = sukaku_replay(f, visit, &wrong);
    gzclose(f);
    print_message("%d paths\n", paths);
    assert_true(paths > 0);
    for (int i = 0; i < NTECH; i++) {
        print_message("  %-16s %4d steps, %d differ\n", techniques[i].label,
                      techniques[i].seen, techniques[i].wrong);
        if (techniques[i].arg < 7) /* TUVWXYZ: few paths reach one */
            assert_true(techniques[i].seen > 0);
    }
    assert_int_equal(wrong, 0);
}

/* XY- and XYZ-wings: Sukaku Explainer takes the pincers in cell order.
 * data/se/sukaku_xy_wings.txt holds grid states where that finds another
 * wing than SE's order does, with the wing Sukaku Explainer took. */
static void test_xy_wings_as_sukaku(void **state)
{
    (void)state;
    gzFile f = sukaku_open(XY_WINGS);
    char line[4096];
    int n = 0, wrong = 0, classic = 0;
    while (gzgets(f, line, sizeof line)) {
        if (line[0] == '#')
            continue;
        se_grid_t g;
        memset(&g, 0, sizeof g);
        g.t = tables_get();
        char *p = line + 82;
        for (int c = 0; c < 81; c++) {
            g.val[c] = line[c] >= '1' && line[c] <= '9'
                           ? (uint8_t)(line[c] - '0') : 0;
            g.cand[c] = (uint16_t)strtol(p, &p, 10);
            p += *p == ',';
        }
        se_grid_index(&g);
        char name[64];
        se_hint_t want, got;
        assert_true(*p == '|' && sukaku_step(p + 1, name, sizeof name, &want));
        const int xyz = strncmp(name, "XYZ", 3) == 0;
        n++;
        assert_true(se_xy_wing_sk(&g, xyz, &got));
        wrong += got.diff != want.diff ||
                 memcmp(got.elim, want.elim, sizeof got.elim) != 0;
        classic += !se_xy_wing(&g, xyz, &got) ||
                   memcmp(got.elim, want.elim, sizeof got.elim) != 0;
    }
    gzclose(f);
    print_message("%d wings: %d differ (in SE's order: %d)\n", n, wrong,
                  classic);
    assert_true(n >= 40);
    assert_int_equal(wrong, 0);
    assert_int_equal(classic, n); /* the states are those where it differs */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_steps_as_sukaku),
        cmocka_unit_test(test_xy_wings_as_sukaku),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
