/*
 * fpuzzles.c -- f-puzzles puzzles read: the JSON its links carry (plain,
 * lz-string base64, or the link itself) into the geometry's texts, the
 * givens and the rules (fpuzzles.h), through jansson.
 *
 * jansson, because it rejects what is not JSON (RFC 8259, valid UTF-8,
 * duplicate keys on request), says where it stopped (line, column), and
 * keeps an object's keys in order, which the writers need to pass other
 * fields through.
 *
 * What is read (docs/variants.md has the rules): "size"; "grid", whose
 * cells give "value" with "given": true for a given and "region" for a
 * jigsaw region (0-based); the geometry's flags ("diagonal+",
 * "diagonal-", "antiknight", "antiking", "nonconsecutive",
 * "disjointgroups"); the constraint lists (each entry's cells as
 * "RrCc", 1-based): killercage, extraregion, thermometer, arrow,
 * difference, ratio, xv, odd, even, minimum, maximum, palindrome,
 * whispers, renban, betweenline, regionSumLine, littlekillersum, clone,
 * quadruple; and "negative",
 * the list of dot kinds under the negative constraint.  Keys that only
 * draw (title, author, ruleset, text, line, circle, rectangle, cage,
 * solution and the display options) are skipped.  Any other key, a
 * constraint not read yet included, is an error naming it: a puzzle
 * never silently becomes another.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "fpuzzles.h"
#include "lzstring.h"

#define MAX_JSON (64u << 20) /* UTF-16 units a link may decode to */

/* Keys that only draw or describe. */
static const char *const cosmetic[] = {
    "title", "author", "ruleset", "text", "line", "circle", "rectangle",
    "cage", "solution", "disabledlogic", "truecandidatesoptions",
    "highlight", "version", NULL,
};

/* A puzzle that is not one: -1 with err filled. */
#define fail(err, ...) error_set(err, SF_ERR_USAGE, __VA_ARGS__)

/* ---------------------------------------------------------------- text */

static int hex(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if ((c | 32) >= 'a' && (c | 32) <= 'f')
        return (c | 32) - 'a' + 10;
    return -1;
}

/* The "load=" value of a link, percent-decoded into a new string. */
static char *link_payload(const char *text, size_t len, size_t *out_len)
{
    const char *p = NULL;
    for (size_t i = 0; i + 5 <= len && !p; i++)
        if (memcmp(text + i, "load=", 5) == 0)
            p = text + i + 5;
    if (!p)
        return NULL;
    const char *end = text + len;
    char *s = malloc((size_t)(end - p) + 1), *q = s;
    if (!s)
        return NULL;
    for (; p < end && *p != '&' && *p != '#'; p++) {
        if (*p == '%' && end - p >= 3 && hex(p[1]) >= 0 && hex(p[2]) >= 0) {
            *q++ = (char)(hex(p[1]) * 16 + hex(p[2]));
            p += 2;
        } else {
            *q++ = *p;
        }
    }
    *q = '\0';
    *out_len = (size_t)(q - s);
    return s;
}

int fpz_json_text(const char *text, size_t len, const char **json,
                  size_t *json_len, int *owned, sf_error_t *err)
{
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t'))
        i++;
    *owned = 0;
    if (i < len && (text[i] == '{' || text[i] == '[')) {
        *json = text;
        *json_len = len;
        return 0;
    }
    size_t plen = len - i;
    char *payload = NULL;
    const char *b64 = text + i;
    if (memchr(b64, '=', plen) && plen > 5 &&
        (payload = link_payload(b64, plen, &plen)) != NULL)
        b64 = payload;
    while (plen && (b64[plen - 1] == ' ' || b64[plen - 1] == '\r'))
        plen--;
    char *out;
    size_t out_len;
    const int rc = lz_decode_base64(b64, plen, MAX_JSON, &out, &out_len);
    free(payload);
    if (rc != 0)
        return fail(err, "f-puzzles: %s", lz_error(rc));
    *json = out;
    *json_len = out_len;
    *owned = 1;
    return 0;
}

/* ---------------------------------------------------------------- parts */

static int add_rule(fpz_t *p, int kind, int value, const int *cells, int k,
                    int split)
{
    if (p->nrules == p->rule_cap) {
        const int c = p->rule_cap ? 2 * p->rule_cap : 32;
        fpz_rule_t *q = realloc(p->rule, (size_t)c * sizeof *q);
        if (!q)
            return -1;
        p->rule = q;
        p->rule_cap = c;
    }
    if (p->ncell + (uint32_t)k > p->cell_cap) {
        uint32_t c = p->cell_cap ? 2 * p->cell_cap : 256;
        while (c < p->ncell + (uint32_t)k)
            c *= 2;
        int *q = realloc(p->cell, (size_t)c * sizeof *q);
        if (!q)
            return -1;
        p->cell = q;
        p->cell_cap = c;
    }
    p->rule[p->nrules++] = (fpz_rule_t){kind, value, split, k, p->ncell};
    memcpy(p->cell + p->ncell, cells, (size_t)k * sizeof *cells);
    p->ncell += (uint32_t)k;
    return 0;
}

void fpz_clear(fpz_t *p)
{
    free(p->rule);
    free(p->cell);
    memset(p, 0, sizeof *p);
}

/* "RrCc" to a cell, or -1. */
static int cell_of(const fpz_t *p, const json_t *v)
{
    const char *s = json_string_value(v);
    int r, c, used = 0;
    if (!s || sscanf(s, "R%dC%d%n", &r, &c, &used) != 2 ||
        s[used] != '\0' || r < 1 || r > p->n || c < 1 || c > p->n)
        return -1;
    return (r - 1) * p->n + c - 1;
}

/* A constraint's number: a JSON number or a string of one; def when
 * absent or "". */
static int number_of(const json_t *v, int def, int *out)
{
    if (!v || json_is_null(v)) {
        *out = def;
        return 0;
    }
    if (json_is_integer(v)) {
        *out = (int)json_integer_value(v);
        return 0;
    }
    const char *s = json_string_value(v);
    if (!s)
        return -1;
    if (!*s) {
        *out = def;
        return 0;
    }
    char *end;
    const long x = strtol(s, &end, 10);
    if (*end || x < 0 || x > 1000000)
        return -1;
    *out = (int)x;
    return 0;
}

/* The cells of an array of "RrCc"; -1 when one is not a cell. */
static int cells_of(const fpz_t *p, const json_t *a, int *cells, int max)
{
    if (!json_is_array(a) || (int)json_array_size(a) > max)
        return -1;
    size_t i;
    const json_t *v;
    json_array_foreach(a, i, v) {
        if ((cells[i] = cell_of(p, v)) < 0)
            return -1;
    }
    return (int)json_array_size(a);
}

/* ------------------------------------------------------- constraint lists */

typedef struct ctx {
    fpz_t *p;
    const char *key;   /* the list */
    size_t index;      /* the entry */
    sf_error_t *err;
} ctx_t;

static int bad(const ctx_t *x, const char *what)
{
    return fail(x->err, "f-puzzles: %s %zu: %s", x->key, x->index + 1, what);
}

static int nomem(const ctx_t *x)
{
    return error_set(x->err, SF_ERR_NOMEM, "out of memory");
}

/* {"cells": [...], "value": ...}: a cage (killercage, extraregion). */
static int read_cage(const ctx_t *x, const json_t *e, int with_sum)
{
    int cells[SF_MAX_CELLS], sum = 0;
    const int k = cells_of(x->p, json_object_get(e, "cells"), cells,
                           SF_MAX_CELLS);
    if (k < 1)
        return bad(x, "\"cells\" is not a list of cells");
    if (with_sum && number_of(json_object_get(e, "value"), 0, &sum) < 0)
        return bad(x, "\"value\" is not a number");
    return add_rule(x->p, SF_RULE_CAGE, sum, cells, k, 0) < 0 ? nomem(x) : 0;
}

/* {"cells": circle, "lines": [[circle cell, arrow...], ...]}: an arrow
 * per line, its cells the line's outside the circle. */
static int read_arrow(const ctx_t *x, const json_t *e)
{
    int circle[SF_MAX_CELLS];
    const int split = cells_of(x->p, json_object_get(e, "cells"), circle, 9);
    if (split < 1)
        return bad(x, "\"cells\" is not a circle of 1 to 9 cells");
    const json_t *lines = json_object_get(e, "lines");
    if (!json_is_array(lines) || json_array_size(lines) == 0)
        return bad(x, "\"lines\" is not a list of lines");
    size_t i;
    const json_t *line;
    json_array_foreach(lines, i, line) {
        int cells[2 * SF_MAX_CELLS], path[SF_MAX_CELLS];
        const int k = cells_of(x->p, line, path, SF_MAX_CELLS);
        if (k < 1)
            return bad(x, "a line is not a list of cells");
        memcpy(cells, circle, (size_t)split * sizeof *cells);
        int n = split;
        for (int j = 0; j < k; j++) {
            int in = 0;
            for (int c = 0; c < split; c++)
                in |= circle[c] == path[j];
            if (!in)
                cells[n++] = path[j];
        }
        if (n == split)
            return bad(x, "a line has no cell outside its circle");
        if (add_rule(x->p, SF_RULE_ARROW, 0, cells, n, split) < 0)
            return nomem(x);
    }
    return 0;
}

/* {"lines": [[...], ...]}: one rule of kind per line (thermometers, bulb
 * first; palindrome, whispers, renban, between and region-sum lines). */
static int read_lines(const ctx_t *x, const json_t *e, int kind)
{
    const json_t *lines = json_object_get(e, "lines");
    if (!json_is_array(lines) || json_array_size(lines) == 0)
        return bad(x, "\"lines\" is not a list of lines");
    size_t i;
    const json_t *line;
    json_array_foreach(lines, i, line) {
        int cells[SF_MAX_CELLS];
        const int k = cells_of(x->p, line, cells, SF_MAX_CELLS);
        if (k < 2)
            return bad(x, "a line is not a list of two cells or more");
        if (add_rule(x->p, kind, 0, cells, k, 0) < 0)
            return nomem(x);
    }
    return 0;
}

/* {"cells": [...], "value": ...}: a little killer's diagonal (the clue
 * outside the grid, "cell", only places it); no value, no rule. */
static int read_little_killer(const ctx_t *x, const json_t *e)
{
    int cells[SF_MAX_CELLS], sum;
    const int k = cells_of(x->p, json_object_get(e, "cells"), cells,
                           SF_MAX_CELLS);
    if (k < 1)
        return bad(x, "\"cells\" is not a list of cells");
    if (number_of(json_object_get(e, "value"), 0, &sum) < 0)
        return bad(x, "\"value\" is not a number");
    if (sum == 0)
        return 0;
    return add_rule(x->p, SF_RULE_LITTLE_KILLER, sum, cells, k, 0) < 0
               ? nomem(x) : 0;
}

/* {"cells": [...], "cloneCells": [...]}: each cell equals its copy. */
static int read_clone(const ctx_t *x, const json_t *e)
{
    int a[SF_MAX_CELLS], b[SF_MAX_CELLS];
    const int k = cells_of(x->p, json_object_get(e, "cells"), a,
                           SF_MAX_CELLS);
    if (k < 1 ||
        cells_of(x->p, json_object_get(e, "cloneCells"), b, SF_MAX_CELLS) != k)
        return bad(x, "\"cells\" and \"cloneCells\" are not lists of "
                   "cells of one length");
    for (int i = 0; i < k; i++) {
        const int pair[2] = {a[i], b[i]};
        if (a[i] != b[i] &&
            add_rule(x->p, SF_RULE_EQUAL, 0, pair, 2, 0) < 0)
            return nomem(x);
    }
    return 0;
}

/* {"cells": [4 cells], "values": [...]}: a quadruple. */
static int read_quadruple(const ctx_t *x, const json_t *e)
{
    int cells[4];
    const int k = cells_of(x->p, json_object_get(e, "cells"), cells, 4);
    const json_t *values = json_object_get(e, "values");
    if (k < 2)
        return bad(x, "\"cells\" is not a list of 2 to 4 cells");
    if (!json_is_array(values) || json_array_size(values) > 4)
        return bad(x, "\"values\" is not a list of at most four values");
    int packed = 0;
    size_t i;
    const json_t *v;
    json_array_foreach(values, i, v) {
        int d;
        if (number_of(v, 0, &d) < 0 || d < 1 || d > x->p->n)
            return bad(x, "a value is not a value of the grid");
        packed |= d << (5 * i);
    }
    if (!packed)
        return 0;
    return add_rule(x->p, SF_RULE_QUADRUPLE, packed, cells, k, 0) < 0
               ? nomem(x) : 0;
}

/* {"cells": [a, b], "value": ...}: a dot or an XV pair. */
static int read_pair(const ctx_t *x, const json_t *e, int kind)
{
    int cells[2], value;
    if (cells_of(x->p, json_object_get(e, "cells"), cells, 2) != 2)
        return bad(x, "\"cells\" is not a pair of cells");
    const json_t *v = json_object_get(e, "value");
    if (kind == SF_RULE_SUM) {
        const char *s = json_string_value(v);
        if (!s || (strcmp(s, "X") && strcmp(s, "V")))
            return bad(x, "\"value\" is neither \"X\" nor \"V\"");
        value = *s == 'X' ? 10 : 5;
    } else if (number_of(v, kind == SF_RULE_DIFF ? 1 : 2, &value) < 0) {
        return bad(x, "\"value\" is not a number");
    }
    return add_rule(x->p, kind, value, cells, 2, 0) < 0 ? nomem(x) : 0;
}

/* {"cell": c}: an odd, even, minimum or maximum cell. */
static int read_cell(const ctx_t *x, const json_t *e, int kind)
{
    const int c = cell_of(x->p, json_object_get(e, "cell"));
    if (c < 0)
        return bad(x, "\"cell\" is not a cell");
    return add_rule(x->p, kind, 0, &c, 1, 0) < 0 ? nomem(x) : 0;
}

/* One entry of the list x->key. */
static int read_entry(const ctx_t *x, const json_t *e)
{
    const char *k = x->key;
    if (!json_is_object(e))
        return bad(x, "not an object");
    if (!strcmp(k, "killercage"))
        return read_cage(x, e, 1);
    if (!strcmp(k, "extraregion"))
        return read_cage(x, e, 0);
    if (!strcmp(k, "thermometer"))
        return read_lines(x, e, SF_RULE_THERMO);
    if (!strcmp(k, "arrow"))
        return read_arrow(x, e);
    if (!strcmp(k, "difference"))
        return read_pair(x, e, SF_RULE_DIFF);
    if (!strcmp(k, "ratio"))
        return read_pair(x, e, SF_RULE_RATIO);
    if (!strcmp(k, "xv"))
        return read_pair(x, e, SF_RULE_SUM);
    if (!strcmp(k, "odd"))
        return read_cell(x, e, SF_RULE_ODD);
    if (!strcmp(k, "even"))
        return read_cell(x, e, SF_RULE_EVEN);
    if (!strcmp(k, "minimum"))
        return read_cell(x, e, SF_RULE_MIN);
    if (!strcmp(k, "maximum"))
        return read_cell(x, e, SF_RULE_MAX);
    if (!strcmp(k, "palindrome"))
        return read_lines(x, e, SF_RULE_PALINDROME);
    if (!strcmp(k, "whispers"))
        return read_lines(x, e, SF_RULE_WHISPER);
    if (!strcmp(k, "renban"))
        return read_lines(x, e, SF_RULE_RENBAN);
    if (!strcmp(k, "betweenline"))
        return read_lines(x, e, SF_RULE_BETWEEN);
    if (!strcmp(k, "regionSumLine"))
        return read_lines(x, e, SF_RULE_REGION_SUM);
    if (!strcmp(k, "littlekillersum"))
        return read_little_killer(x, e);
    if (!strcmp(k, "clone"))
        return read_clone(x, e);
    return read_quadruple(x, e);
}

static const char *const lists[] = {
    "killercage", "extraregion", "thermometer", "arrow", "difference",
    "ratio", "xv", "odd", "even", "minimum", "maximum", "palindrome",
    "whispers", "renban", "betweenline", "regionSumLine", "littlekillersum",
    "clone", "quadruple", NULL,
};

static int in(const char *const *names, const char *key)
{
    for (int i = 0; names[i]; i++)
        if (!strcmp(names[i], key))
            return 1;
    return 0;
}

/* ------------------------------------------------------------- the grid */

/* f-puzzles' boxes for a size: rows high, columns wide; 0 when it has
 * none (a region map is needed). */
static int default_boxes(int n, int *r, int *c)
{
    static const int shape[17][2] = {
        [4] = {2, 2}, [6] = {2, 3}, [8] = {2, 4}, [9] = {3, 3},
        [10] = {2, 5}, [12] = {3, 4}, [14] = {2, 7}, [15] = {3, 5},
        [16] = {4, 4},
    };
    if (n < 1 || n > 16 || !shape[n][0])
        return 0;
    *r = shape[n][0];
    *c = shape[n][1];
    return 1;
}

/* The givens and the regions of "grid". */
static int read_grid(fpz_t *p, const json_t *grid, sf_error_t *err)
{
    const int n = p->n;
    int br = 0, bc = 0, any_region = 0;
    const int boxes = default_boxes(n, &br, &bc);
    if (!json_is_array(grid) || (int)json_array_size(grid) != n)
        return fail(err, "f-puzzles: \"grid\" is not %d rows", n);
    for (int r = 0; r < n; r++) {
        const json_t *row = json_array_get(grid, (size_t)r);
        if (!json_is_array(row) || (int)json_array_size(row) != n)
            return fail(err, "f-puzzles: grid row %d is not %d cells", r + 1,
                        n);
        for (int c = 0; c < n; c++) {
            const json_t *cell = json_array_get(row, (size_t)c);
            if (!json_is_object(cell))
                return fail(err, "f-puzzles: grid R%dC%d is not an object",
                            r + 1, c + 1);
            const json_t *v = json_object_get(cell, "value");
            const json_t *reg = json_object_get(cell, "region");
            int region = boxes ? r / br * (n / bc) + c / bc : -1;
            if (reg && !json_is_null(reg)) {
                region = json_is_integer(reg) ? (int)json_integer_value(reg)
                                              : -1;
                any_region = 1;
            }
            if (region < 0 || region >= n)
                return fail(err, "f-puzzles: grid R%dC%d has no region "
                            "(of 0 to %d)", r + 1, c + 1, n - 1);
            p->regions[r * n + c] = (char)(region < 10 ? '0' + region
                                                       : 'a' + region - 10);
            const json_t *pm = json_object_get(cell, "givenPencilMarks");
            if (json_is_array(pm) && json_array_size(pm) > 0)
                return fail(err, "f-puzzles: grid R%dC%d: given pencil marks "
                            "are not read", r + 1, c + 1);
            if (!json_is_true(json_object_get(cell, "given")) || !v)
                continue;
            if (!json_is_integer(v) || json_integer_value(v) < 1 ||
                json_integer_value(v) > n)
                return fail(err, "f-puzzles: grid R%dC%d: value is not 1 to "
                            "%d", r + 1, c + 1, n);
            p->cells[r * n + c] = (uint8_t)json_integer_value(v);
        }
    }
    p->regions[n * n] = '\0';
    if (!any_region)
        p->regions[0] = '\0';
    if (boxes && !any_region)
        snprintf(p->size, sizeof p->size, "%dx%d:%dx%d", n, n, br, bc);
    else
        snprintf(p->size, sizeof p->size, "%dx%d", n, n);
    return 0;
}

/* ------------------------------------------------------------ top level */

static void add_variant(fpz_t *p, const char *name)
{
    const size_t l = strlen(p->variant);
    snprintf(p->variant + l, sizeof p->variant - l, "%s%s", l ? "," : "",
             name);
}

static int read_negative(fpz_t *p, const json_t *v, sf_error_t *err)
{
    if (!json_is_array(v))
        return fail(err, "f-puzzles: \"negative\" is not a list");
    size_t i;
    const json_t *e;
    json_array_foreach(v, i, e) {
        const char *s = json_string_value(e);
        if (s && !strcmp(s, "ratio"))
            p->neg |= SF_NEG_RATIO;
        else if (s && !strcmp(s, "difference"))
            p->neg |= SF_NEG_DIFF;
        else if (s && !strcmp(s, "xv"))
            p->neg |= SF_NEG_XV;
        else
            return fail(err, "f-puzzles: negative constraint %s is not read",
                        s ? s : "(not a string)");
    }
    return 0;
}

static int read_flag(fpz_t *p, const char *key, const json_t *v,
                     sf_error_t *err)
{
    static const char *const flags[][2] = {
        {"diagonal+", "x+"}, {"diagonal-", "x-"},
        {"antiknight", "antiknight"}, {"antiking", "antiking"},
        {"nonconsecutive", "nonconsecutive"},
        {"disjointgroups", "disjoint"},
    };
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
        if (strcmp(key, flags[i][0]))
            continue;
        if (!json_is_boolean(v))
            return fail(err, "f-puzzles: \"%s\" is not true or false", key);
        if (json_is_true(v))
            add_variant(p, flags[i][1]);
        return 1;
    }
    return 0;
}

/* One top-level key other than size and grid. */
static int read_key(fpz_t *p, const char *key, const json_t *v,
                    sf_error_t *err)
{
    const int flag = read_flag(p, key, v, err);
    if (flag != 0)
        return flag < 0 ? -1 : 0;
    if (!strcmp(key, "negative"))
        return read_negative(p, v, err);
    if (in(cosmetic, key))
        return 0;
    if (!in(lists, key)) {
        if (json_is_array(v) && json_array_size(v) == 0)
            return 0;
        return fail(err, "f-puzzles: constraint %s is not read", key);
    }
    if (!json_is_array(v))
        return fail(err, "f-puzzles: %s is not a list", key);
    ctx_t x = {p, key, 0, err};
    const json_t *e;
    json_array_foreach(v, x.index, e) {
        if (read_entry(&x, e) < 0)
            return -1;
    }
    return 0;
}

int fpz_parse(const char *json, size_t len, fpz_t *p, sf_error_t *err)
{
    json_error_t je;
    json_t *root = json_loadb(json, len, JSON_REJECT_DUPLICATES, &je);
    if (!root)
        return fail(err, "f-puzzles: not JSON (line %d, column %d: %s)",
                    je.line, je.column, je.text);
    int rc = -1;
    const json_t *size = json_object_get(root, "size");
    if (!json_is_object(root))
        fail(err, "f-puzzles: not a JSON object");
    else if (!json_is_integer(size) || json_integer_value(size) < 4 ||
             json_integer_value(size) > 16)
        fail(err, "f-puzzles: \"size\" is not 4 to 16");
    else {
        p->n = (int)json_integer_value(size);
        rc = read_grid(p, json_object_get(root, "grid"), err);
        const char *key;
        json_t *v;
        json_object_foreach(root, key, v) {
            if (rc < 0)
                break;
            if (strcmp(key, "size") && strcmp(key, "grid"))
                rc = read_key(p, key, v, err);
        }
    }
    json_decref(root);
    return rc;
}

int fpz_read(const char *text, size_t len, fpz_t *p, sf_error_t *err)
{
    const char *json;
    size_t json_len;
    int owned;
    fpz_clear(p);
    if (fpz_json_text(text, len, &json, &json_len, &owned, err) < 0)
        return -1;
    const int rc = fpz_parse(json, json_len, p, err);
    if (owned)
        free((char *)json);
    return rc;
}

sf_rules_t *fpz_rules(const fpz_t *p, const sf_geometry_t *g,
                      sf_error_t *err)
{
    sf_rules_t *r = sf_rules_new(g);
    if (!r) {
        error_set(err, SF_ERR_NOMEM, "out of memory");
        return NULL;
    }
    for (int i = 0; i < p->nrules; i++) {
        const fpz_rule_t *u = &p->rule[i];
        sf_error_t e = {0};
        if (sf_rules_add(r, u->kind, u->value, p->cell + u->at, u->ncells,
                         u->split, &e) < 0) {
            error_set(err, e.code, "f-puzzles: %s", e.message);
            sf_rules_free(r);
            return NULL;
        }
    }
    if (sf_rules_seal(r, p->neg, err) < 0) {
        sf_rules_free(r);
        return NULL;
    }
    return r;
}

/* ------------------------------------------------------------ one puzzle */

static sf_variant_t *variant_of(const fpz_t *p, sf_error_t *err)
{
    sf_variant_t *v = calloc(1, sizeof *v);
    if (!v) {
        error_set(err, SF_ERR_NOMEM, "out of memory");
        return NULL;
    }
    const sf_geometry_spec_t spec = {p->size, p->regions, p->variant, {0}};
    v->geom = sf_geometry_new(&spec, err);
    if (v->geom && (v->rules = fpz_rules(p, v->geom, err)) != NULL) {
        memcpy(v->cells, p->cells, (size_t)(p->n * p->n));
        return v;
    }
    sf_variant_free(v);
    return NULL;
}

sf_variant_t *sf_variant_read(const char *text, size_t len, sf_error_t *err)
{
    sf_error_t scratch;
    if (!err)
        err = &scratch;
    if (!text) {
        fail(err, "no text");
        return NULL;
    }
    fpz_t p;
    memset(&p, 0, sizeof p);
    sf_variant_t *v = fpz_read(text, len, &p, err) == 0 ? variant_of(&p, err)
                                                        : NULL;
    fpz_clear(&p);
    return v;
}

void sf_variant_free(sf_variant_t *v)
{
    if (!v)
        return;
    sf_rules_free(v->rules);
    sf_geometry_free(v->geom);
    free(v);
}
