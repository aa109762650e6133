/*
 * refgeom_text.c -- a reference geometry from its texts (refgeom_text.h):
 * the side and box shape read with atoi, the variants looked up by name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refgeom_text.h"

const char REFG_JIGSAW5[] = "11122" "11222" "33344" "33544" "55554";
const char REFG_JIGSAW6[] = "111222" "113322" "133342" "534444" "555664"
                            "556666";
const char REFG_JIGSAW9[] =
    "111112222" "113311222" "333445522" "334445666" "334555677"
    "444566677" "885566777" "888997799" "888899999";

static const struct {
    const char *name;
    unsigned bits;
} variant_bits[] = {
    {"x", REFG_X}, {"x-", REFG_X_MAIN}, {"x+", REFG_X_ANTI},
    {"windoku", REFG_WINDOKU}, {"disjoint", REFG_DISJOINT},
    {"antiknight", REFG_ANTIKNIGHT}, {"antiking", REFG_ANTIKING},
    {"nonconsecutive", REFG_NONCONSECUTIVE},
};

static int variant_flag(const char *name, unsigned *bits)
{
    for (size_t k = 0; k < sizeof variant_bits / sizeof variant_bits[0]; k++)
        if (strcmp(name, variant_bits[k].name) == 0) {
            *bits |= variant_bits[k].bits;
            return 0;
        }
    return -1;
}

int refg_from_text(refg_t *g, const char *size, const char *regions,
                   const char *variant)
{
    memset(g, 0, sizeof *g);
    g->n = atoi(size);
    const char *colon = strchr(size, ':');
    if (colon) {
        g->box_r = atoi(colon + 1);
        g->box_c = atoi(strchr(colon, 'x') + 1);
    } else {
        for (int r = 1; r * r <= g->n; r++)
            if (g->n % r == 0)
                g->box_r = r;
        g->box_c = g->n / g->box_r;
    }
    g->regions = (const uint8_t *)regions;
    char list[128];
    snprintf(list, sizeof list, "%s", variant ? variant : "");
    for (char *t = strtok(list, ","); t; t = strtok(NULL, ","))
        if (variant_flag(t, &g->variants) != 0)
            return -1;
    return 0;
}
