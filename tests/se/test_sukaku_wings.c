/*
 * test_sukaku_wings.c -- the Sukaku Explainer scale's wings (se_als_wing.c)
 * against Sukaku Explainer's own solving paths (data/se/sukaku_traces.txt.gz,
 * docs/se.md).  Each path is replayed from the givens with Sukaku
 * Explainer's own steps; at every WXYZ-, VWXYZ-, UVWXYZ- or TUVWXYZ-wing
 * step, se_als_wing on the grid before it must find the wing Sukaku
 * Explainer took: the same name (its suffix included), difficulty and
 * eliminations.
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

#define TRACES "data/se/sukaku_traces.txt.gz"

static const char *const wing_names[4] = {"WXYZ-Wing ", "VWXYZ-Wing ",
                                          "UVWXYZ-Wing ", "TUVWXYZ-Wing "};

/* The wing size (4..7) a step name is of, or 0. */
static int wing_of(const char *name)
{
    for (int i = 0; i < 4; i++)
        if (strncmp(name, wing_names[i], strlen(wing_names[i])) == 0)
            return 4 + i;
    return 0;
}

/* One step of a path: "name;tenths;cell=digit;cell.digit cell.digit ...",
 * into h (tech left 0); the name into name. */
static int parse_step(char *s, char *name, size_t cap, se_hint_t *h)
{
    char *f[4] = {s, NULL, NULL, NULL};
    for (int i = 1; i < 4; i++) {
        f[i] = f[i - 1] ? strchr(f[i - 1], ';') : NULL;
        if (f[i])
            *f[i]++ = '\0';
    }
    if (!f[3])
        return 0;
    snprintf(name, cap, "%s", f[0]);
    se_hint_clear(h, 0, atoi(f[1]));
    int cell, digit;
    if (sscanf(f[2], "%d=%d", &cell, &digit) == 2) {
        h->cell = cell;
        h->digit = digit - 1;
    }
    for (char *e = strtok(f[3], " \n"); e; e = strtok(NULL, " \n"))
        if (sscanf(e, "%d.%d", &cell, &digit) == 2 && cell != h->cell)
            se_hint_elim(h, cell, 1u << (digit - 1));
    return 1;
}

static void test_wings_as_sukaku(void **state)
{
    (void)state;
    gzFile f = gzopen(TRACES, "rb");
    if (!f) {
        print_message("skipped: %s not found (run from the repository)\n",
                      TRACES);
        skip();
    }
    static char line[1 << 20];
    int paths = 0, wings = 0, wrong = 0, sizes[8] = {0};
    while (gzgets(f, line, sizeof line)) {
        if (line[0] == '#' || strlen(line) < 81)
            continue;
        uint8_t cells[81];
        for (int c = 0; c < 81; c++)
            cells[c] = line[c] >= '1' && line[c] <= '9'
                           ? (uint8_t)(line[c] - '0') : 0;
        se_grid_t g;
        assert_int_equal(se_grid_load(&g, cells), 0);
        paths++;
        char *p = line + 81;
        while (p && *p == '|') {
            char *step = p + 1;
            p = strchr(step, '|');
            if (p)
                *p = '\0';
            char name[128];
            se_hint_t want, got;
            if (!parse_step(step, name, sizeof name, &want))
                break;
            const int k = wing_of(name);
            if (k) {
                wings++;
                sizes[k]++;
                char label[128];
                const int found = se_als_wing(&g, k, &got);
                if (found)
                    sf_se_label((sf_se_step_t)got.tech,
                                (unsigned)got.variant, label, sizeof label);
                if (!found || strcmp(label, name) != 0 ||
                    got.diff != want.diff ||
                    memcmp(got.elim, want.elim, sizeof got.elim) != 0) {
                    if (wrong++ < 5)
                        print_message("path %d: Sukaku %s %d, ours %s %d\n",
                                      paths, name, want.diff,
                                      found ? label : "none",
                                      found ? got.diff : 0);
                }
            }
            assert_int_equal(se_apply(&g, &want), 0);
            if (p)
                *p = '|';
        }
    }
    gzclose(f);
    print_message("%d paths, %d wing steps (%d WXYZ, %d VWXYZ, %d UVWXYZ, "
                  "%d TUVWXYZ), %d differ\n",
                  paths, wings, sizes[4], sizes[5], sizes[6], sizes[7], wrong);
    assert_true(wings > 0);
    assert_int_equal(wrong, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wings_as_sukaku),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
