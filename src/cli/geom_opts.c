/*
 * geom_opts.c -- the geometry options every command that takes puzzles of
 * any size shares: --geometry, --regions, --variant, --extra and
 * --alphabet, gathered while the arguments are parsed and built into one
 * geometry and alphabet once they all are (a region map may come before
 * or after the size it must agree with).  A region map or extra map may
 * be given inline or as @FILE, whose blanks and line ends are skipped.
 */
#include "cli.h"
#include "datasets/geo_symmetry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The text of an inline map, or of the file after '@' (kept in *owned). */
static const char *map_text(const char *opt, const char *arg, char **owned)
{
    if (arg[0] != '@')
        return arg;
    FILE *f = fopen(arg + 1, "r");
    if (!f) {
        cli_error("%s: cannot read %s", opt, arg + 1);
        return NULL;
    }
    char *buf = calloc(1, SF_MAX_CELLS * 8 + 1);
    const size_t n = buf ? fread(buf, 1, SF_MAX_CELLS * 8, f) : 0;
    const int more = buf && fgetc(f) != EOF;
    fclose(f);
    if (!buf || more) {
        free(buf);
        cli_error("%s: %s is too long for a map", opt, arg + 1);
        return NULL;
    }
    buf[n] = '\0';
    free(*owned);
    *owned = buf;
    return buf;
}

int cli_geom_option(cli_geom_t *g, int c, const char *arg)
{
    switch (c) {
    case CLI_OPT_GEOMETRY: g->spec.size = arg; break;
    case CLI_OPT_REGIONS:
        g->spec.regions = map_text("--regions", arg, &g->owned[0]);
        if (!g->spec.regions)
            return -1;
        break;
    case CLI_OPT_VARIANT: g->spec.variant = arg; break;
    case CLI_OPT_EXTRA:
        if (g->nextra == SF_MAX_EXTRA) {
            cli_error("--extra: at most %d maps", SF_MAX_EXTRA);
            return -1;
        }
        g->spec.extra[g->nextra] =
            map_text("--extra", arg, &g->owned[1 + g->nextra]);
        if (!g->spec.extra[g->nextra++])
            return -1;
        break;
    case CLI_OPT_ALPHABET: g->symbols = arg; break;
    default: return 1;
    }
    g->given = 1;
    return 0;
}

int cli_geom_build(cli_geom_t *g)
{
    sf_error_t err = {0};
    if (sf_alphabet_init(&g->alpha, g->symbols, &err) != 0) {
        cli_error("--alphabet: %s", err.message);
        return -1;
    }
    if (!g->spec.size && !g->spec.regions && !g->spec.variant && !g->nextra)
        return 0;
    g->geom = sf_geometry_new(&g->spec, &err);
    if (!g->geom) {
        cli_error("%s", err.message);
        return -1;
    }
    if (g->symbols && g->alpha.count < sf_geometry_n(g->geom)) {
        cli_error("--alphabet: %d symbols for %s, which needs %d",
                  g->alpha.count, sf_geometry_size_text(g->geom),
                  sf_geometry_n(g->geom));
        return -1;
    }
    return 0;
}

void cli_geom_free(cli_geom_t *g)
{
    sf_geometry_free(g->geom);
    g->geom = NULL;
    for (int k = 0; k <= SF_MAX_EXTRA; k++) {
        free(g->owned[k]);
        g->owned[k] = NULL;
    }
}

int cli_geom_group(const cli_geom_t *g)
{
    sf_error_t err = {0};
    if (!g->geom || sf_geometry_is_classic(g->geom) ||
        geo_group_of(g->geom, &err))
        return 0;
    cli_error("%s", err.message);
    return -1;
}
