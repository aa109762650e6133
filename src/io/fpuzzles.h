/*
 * fpuzzles.h -- an f-puzzles puzzle read into its parts (fpuzzles.c):
 * the geometry's texts, the givens and the rules, before the geometry is
 * made, so that a reader can make each geometry once (geom_cache.h).
 */
#ifndef SF_FPUZZLES_H
#define SF_FPUZZLES_H

#include <stddef.h>
#include <stdint.h>

#include "sudoflow.h"

typedef struct fpz_rule {
    int kind;        /* sf_rule_kind_t */
    int value, split;
    int ncells;
    uint32_t at;     /* its cells: fpz_t.cell + at */
} fpz_rule_t;

typedef struct fpz {
    int n;
    char size[32];                   /* "9x9", "6x6:2x3" */
    char regions[SF_MAX_CELLS + 1];  /* a region map, or "" for boxes */
    char variant[96];                /* the geometry's variants */
    uint8_t cells[SF_MAX_CELLS];     /* the givens */
    unsigned neg;                    /* SF_NEG_* */
    fpz_rule_t *rule;
    int nrules, rule_cap;
    int *cell;
    uint32_t ncell, cell_cap;
} fpz_t;

/* The JSON text of an f-puzzles puzzle given as plain JSON, as its
 * lz-string base64 form, or as a link carrying that form ("...?load=");
 * *json is text itself for plain JSON, else a new string to free (*owned
 * set).  0, or -1 with err. */
int fpz_json_text(const char *text, size_t len, const char **json,
                  size_t *json_len, int *owned, sf_error_t *err);

/* Read the JSON of an f-puzzles puzzle into p (fresh or fpz_clear'ed):
 * 0, or -1 with err naming the constraint at fault. */
int fpz_parse(const char *json, size_t len, fpz_t *p, sf_error_t *err);

/* Read an f-puzzles puzzle in any of fpz_json_text's forms into p (whose
 * earlier parts are cleared first): 0, or -1 with err. */
int fpz_read(const char *text, size_t len, fpz_t *p, sf_error_t *err);

/* The rules of p for g (made from p's texts), sealed; NULL with err. */
sf_rules_t *fpz_rules(const fpz_t *p, const sf_geometry_t *g,
                      sf_error_t *err);

void fpz_clear(fpz_t *p);

#endif
