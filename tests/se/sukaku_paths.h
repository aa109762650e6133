/*
 * sukaku_paths.h -- reading Sukaku Explainer's solving paths
 * (data/se/sukaku_traces.txt.gz, docs/se.md) for the tests that replay
 * them: one step of a path as a hint.
 */
#ifndef SF_TESTS_SUKAKU_PATHS_H
#define SF_TESTS_SUKAKU_PATHS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "se/grid/se_grid.h"

#define SUKAKU_TRACES "data/se/sukaku_traces.txt.gz"

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

#endif
