/*
 * fpuzzles_write.c -- a variant puzzle as f-puzzles JSON
 * (sf_fpuzzles_json), the form fpuzzles.c reads, so that generated
 * puzzles open in f-puzzles and come back unchanged.
 *
 * The object holds "size", "grid" (givens as {"value", "given": true},
 * jigsaw regions as "region"), the geometry's flags, one list per kind of
 * constraint under f-puzzles' key, "negative", and "solution" when one
 * is given.  A rule f-puzzles has no key for (less-than pairs, slow
 * thermometers, entropic lines) makes the whole puzzle unwritable: NULL,
 * never a different puzzle.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/geometry.h"
#include "core/rules.h"

static json_t *cell_name(int n, int c)
{
    char s[16];
    snprintf(s, sizeof s, "R%dC%d", c / n + 1, c % n + 1);
    return json_string(s);
}

static json_t *cell_list(int n, const uint16_t *c, int k)
{
    json_t *a = json_array();
    for (int i = 0; i < k; i++)
        json_array_append_new(a, cell_name(n, c[i]));
    return a;
}

static json_t *number_text(int v)
{
    char s[16];
    snprintf(s, sizeof s, "%d", v);
    return json_string(s);
}

/* The list under key in root, made when missing. */
static json_t *list(json_t *root, const char *key)
{
    json_t *a = json_object_get(root, key);
    if (!a) {
        a = json_array();
        json_object_set_new(root, key, a);
    }
    return a;
}

/* {"lines": [cells]} */
static json_t *lines_of(int n, const uint16_t *c, int k)
{
    json_t *line = json_array();
    json_array_append_new(line, cell_list(n, c, k));
    json_t *e = json_object();
    json_object_set_new(e, "lines", line);
    return e;
}

/* One rule into its list: 0, or -1 when f-puzzles has no key for it. */
static int put_rule(json_t *root, int n, const rule_t *u, const uint16_t *c)
{
    static const char *const line_keys[SF_RULE_KINDS] = {
        [SF_RULE_THERMO] = "thermometer", [SF_RULE_PALINDROME] = "palindrome",
        [SF_RULE_WHISPER] = "whispers",   [SF_RULE_RENBAN] = "renban",
        [SF_RULE_BETWEEN] = "betweenline",
        [SF_RULE_REGION_SUM] = "regionSumLine",
    };
    static const char *const cell_keys[SF_RULE_KINDS] = {
        [SF_RULE_ODD] = "odd", [SF_RULE_EVEN] = "even",
        [SF_RULE_MIN] = "minimum", [SF_RULE_MAX] = "maximum",
    };
    json_t *e = json_object();
    const int k = u->ncells;
    if (line_keys[u->kind] && (u->kind != SF_RULE_WHISPER || !u->value)) {
        json_decref(e);
        json_array_append_new(list(root, line_keys[u->kind]),
                              lines_of(n, c, k));
        return 0;
    }
    if (cell_keys[u->kind]) {
        json_object_set_new(e, "cell", cell_name(n, c[0]));
        json_array_append_new(list(root, cell_keys[u->kind]), e);
        return 0;
    }
    switch (u->kind) {
    case SF_RULE_CAGE:
        json_object_set_new(e, "cells", cell_list(n, c, k));
        if (u->value)
            json_object_set_new(e, "value", number_text(u->value));
        json_array_append_new(list(root, u->value ? "killercage"
                                                  : "extraregion"), e);
        return 0;
    case SF_RULE_ARROW: {
        json_object_set_new(e, "cells", cell_list(n, c, u->split));
        json_t *line = json_array(), *path = cell_list(n, c + u->split,
                                                       k - u->split);
        json_array_insert_new(path, 0, cell_name(n, c[u->split - 1]));
        json_array_append_new(line, path);
        json_object_set_new(e, "lines", line);
        json_array_append_new(list(root, "arrow"), e);
        return 0;
    }
    case SF_RULE_DIFF:
    case SF_RULE_RATIO:
        json_object_set_new(e, "cells", cell_list(n, c, 2));
        if (u->value != (u->kind == SF_RULE_DIFF ? 1 : 2))
            json_object_set_new(e, "value", number_text(u->value));
        json_array_append_new(list(root, u->kind == SF_RULE_DIFF
                                             ? "difference" : "ratio"), e);
        return 0;
    case SF_RULE_SUM:
        if (u->value != 10 && u->value != 5)
            break;
        json_object_set_new(e, "cells", cell_list(n, c, 2));
        json_object_set_new(e, "value",
                            json_string(u->value == 10 ? "X" : "V"));
        json_array_append_new(list(root, "xv"), e);
        return 0;
    case SF_RULE_EQUAL:
        json_object_set_new(e, "cells", cell_list(n, c, 1));
        json_object_set_new(e, "cloneCells", cell_list(n, c + 1, 1));
        json_array_append_new(list(root, "clone"), e);
        return 0;
    case SF_RULE_QUADRUPLE: {
        json_t *values = json_array();
        for (int v = u->value; v; v >>= 5)
            json_array_append_new(values, json_integer(v & 31));
        json_object_set_new(e, "cells", cell_list(n, c, k));
        json_object_set_new(e, "values", values);
        json_array_append_new(list(root, "quadruple"), e);
        return 0;
    }
    default:
        break;
    }
    json_decref(e);
    return -1;
}

static json_t *grid_of(const sf_geometry_t *g, const uint8_t *givens)
{
    const int n = g->n;
    json_t *grid = json_array();
    for (int r = 0; r < n; r++) {
        json_t *row = json_array();
        for (int c = 0; c < n; c++) {
            json_t *cell = json_object();
            if (givens && givens[r * n + c]) {
                json_object_set_new(cell, "value",
                                    json_integer(givens[r * n + c]));
                json_object_set_new(cell, "given", json_true());
            }
            if (!g->box_r)
                json_object_set_new(cell, "region",
                                    json_integer(g->region[r * n + c]));
            json_array_append_new(row, cell);
        }
        json_array_append_new(grid, row);
    }
    return grid;
}

/* The geometry's flags; -1 for a rule f-puzzles has no flag for. */
static int put_flags(json_t *root, const sf_geometry_t *g)
{
    static const struct { unsigned bit; const char *key; } flags[] = {
        {SF_VARIANT_XANTI, "diagonal+"}, {SF_VARIANT_XMAIN, "diagonal-"},
        {SF_VARIANT_ANTIKNIGHT, "antiknight"},
        {SF_VARIANT_ANTIKING, "antiking"},
        {SF_VARIANT_NONCONSECUTIVE, "nonconsecutive"},
        {SF_VARIANT_DISJOINT, "disjointgroups"},
    };
    unsigned left = g->variants;
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (g->variants & flags[i].bit) {
            json_object_set_new(root, flags[i].key, json_true());
            left &= ~flags[i].bit;
        }
    return left || g->nextra ? -1 : 0;
}

char *sf_fpuzzles_json(const sf_rules_t *r, const uint8_t *givens,
                       const uint8_t *solution, size_t *len)
{
    if (!r || r->n > 16)
        return NULL;
    const sf_geometry_t *g = r->g;
    json_t *root = json_object();
    json_object_set_new(root, "size", json_integer(r->n));
    json_object_set_new(root, "author", json_string("sudoflow"));
    json_object_set_new(root, "grid", grid_of(g, givens));
    int bad = put_flags(root, g);
    for (int i = 0; !bad && i < r->nrules; i++)
        bad = put_rule(root, r->n, &r->rule[i],
                       r->rcells + r->rule[i].cell_off);
    if (r->neg) {
        json_t *neg = json_array();
        if (r->neg & SF_NEG_RATIO)
            json_array_append_new(neg, json_string("ratio"));
        if (r->neg & SF_NEG_DIFF)
            json_array_append_new(neg, json_string("difference"));
        if (r->neg & SF_NEG_XV)
            json_array_append_new(neg, json_string("xv"));
        json_object_set_new(root, "negative", neg);
    }
    if (solution) {
        json_t *sol = json_array();
        for (int c = 0; c < r->ncells; c++)
            json_array_append_new(sol, json_integer(solution[c]));
        json_object_set_new(root, "solution", sol);
    }
    char *text = bad ? NULL
                     : json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(root);
    if (text && len)
        *len = strlen(text);
    return text;
}
