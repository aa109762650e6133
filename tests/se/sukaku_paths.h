/*
 * sukaku_paths.h -- reading Sukaku Explainer's solving paths
 * (data/se/sukaku_traces.txt.gz, docs/se.md) for the tests that replay
 * them: one step of a path as a hint, and the replay of every path from
 * its givens with Sukaku Explainer's own steps.  Include it after
 * cmocka.h (a missing file skips the test).
 */
#ifndef SF_TESTS_SUKAKU_PATHS_H
#define SF_TESTS_SUKAKU_PATHS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "se/grid/se_grid.h"

#define SUKAKU_TRACES "data/se/sukaku_traces.txt.gz"

/* The reference file at path (gzip or plain text), or the test skipped
 * with a note when it is not there. */
static inline gzFile sukaku_open(const char *path)
{
    gzFile f = gzopen(path, "rb");
    if (!f) {
        print_message("skipped: %s not found (run from the repository)\n",
                      path);
        skip();
    }
    return f;
}

/* One step of a path: "name;tenths;cell=digit;cell.digit cell.digit ...",
 * into h (tech left 0); the name into name.  0 when malformed. */
static inline int sukaku_step(char *s, char *name, size_t cap, se_hint_t *h)
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

/* What a replay shows of each step: the path (from 1), the grid before
 * the step, its name and the step. */
typedef void (*sukaku_visit_t)(void *ctx, int path, const se_grid_t *g,
                               const char *name, const se_hint_t *want);

/* Every path of f from its givens, each step shown to visit and then
 * applied.  Returns the paths, or -1 when a path's givens clash or a step
 * leaves a cell without candidates. */
static inline int sukaku_replay(gzFile f, sukaku_visit_t visit, void *ctx)
{
    static char line[1 << 20];
    int paths = 0;
    while (gzgets(f, line, sizeof line)) {
        if (line[0] == '#' || strlen(line) < 81)
            continue;
        uint8_t cells[81];
        for (int c = 0; c < 81; c++)
            cells[c] = line[c] >= '1' && line[c] <= '9'
                           ? (uint8_t)(line[c] - '0') : 0;
        se_grid_t g;
        if (se_grid_load(&g, cells) != 0)
            return -1;
        paths++;
        for (char *p = line + 81; p && *p == '|';) {
            char *step = p + 1;
            if ((p = strchr(step, '|')))
                *p = '\0';
            char name[128];
            se_hint_t want;
            if (!sukaku_step(step, name, sizeof name, &want))
                break;
            visit(ctx, paths, &g, name, &want);
            if (se_apply(&g, &want) != 0)
                return -1;
            if (p)
                *p = '|';
        }
    }
    return paths;
}

#endif
