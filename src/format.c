/*
 * format.c -- output records: line (fields joined by a separator) or grid.
 *
 * Line output writes the chosen fields of each record joined by the
 * separator; the original input text (the `line` field) is quoted the CSV
 * way when it holds the separator, a quote or a newline, so the output stays
 * a valid CSV.  Grid output writes 9 rows of 9 digits in the input's style
 * (space-separated or not), grids separated by a blank line; a record
 * without a solution prints its puzzle with '.' for the open cells (all
 * '.' when the record was not a puzzle), so every record keeps its 9 rows.
 */
#include "format.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const field_names[SF_NFIELDS] = {
    "puzzle", "solution", "status", "count", "guesses", "ns", "line",
};

const char *sf_field_name(sf_field_t f)
{
    return (unsigned)f < SF_NFIELDS ? field_names[f] : "?";
}

int sf_fields_parse(const char *list, sf_field_t *fields, const char **bad)
{
    int n = 0;
    const char *p = list;
    for (;;) {
        const size_t len = strcspn(p, ",");
        int found = -1;
        for (int f = 0; f < SF_NFIELDS; f++)
            if (strlen(field_names[f]) == len &&
                strncmp(field_names[f], p, len) == 0)
                found = f;
        if (found < 0 || n == SF_MAX_FIELDS) {
            *bad = p;
            return -1;
        }
        fields[n++] = (sf_field_t)found;
        if (p[len] == '\0')
            return n;
        p += len + 1;
    }
}

int sbuf_reserve(sbuf_t *b, size_t extra)
{
    if (b->len + extra <= b->cap)
        return 0;
    size_t n = b->cap ? b->cap : 1024;
    while (n < b->len + extra)
        n *= 2;
    char *q = realloc(b->p, n);
    if (!q)
        return -1;
    b->p = q;
    b->cap = n;
    return 0;
}

void sbuf_free(sbuf_t *b)
{
    free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
}

int fmt_header(const out_layout_t *lay, sbuf_t *out)
{
    for (int i = 0; i < lay->nfields; i++) {
        const char *name = sf_field_name(lay->fields[i]);
        if (sbuf_reserve(out, strlen(name) + lay->sep_len + 1) != 0)
            return -1;
        if (i > 0) {
            memcpy(out->p + out->len, lay->sep, lay->sep_len);
            out->len += lay->sep_len;
        }
        memcpy(out->p + out->len, name, strlen(name));
        out->len += strlen(name);
    }
    out->p[out->len++] = '\n';
    return 0;
}

/* Does text need CSV quoting next to separator sep? */
static int needs_quotes(const char *text, size_t len, const char *sep)
{
    for (size_t i = 0; i < len; i++)
        if (text[i] == '"' || text[i] == '\n' || text[i] == '\r' ||
            strchr(sep, text[i]))
            return 1;
    return 0;
}

/* Append text, quoted when needed; room was reserved by the caller. */
static char *put_text(char *q, const char *text, size_t len, const char *sep)
{
    if (!needs_quotes(text, len, sep)) {
        memcpy(q, text, len);
        return q + len;
    }
    *q++ = '"';
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '"')
            *q++ = '"';
        *q++ = text[i];
    }
    *q++ = '"';
    return q;
}

static char *put_u64(char *q, uint64_t v)
{
    char tmp[24];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        *q++ = tmp[--n];
    return q;
}

static char *put_cells(char *q, const uint8_t *cells, char empty)
{
    for (int i = 0; i < SF_CELLS; i++)
        q[i] = cells[i] ? (char)('0' + cells[i]) : empty;
    return q + SF_CELLS;
}

static char *put_field(char *q, sf_field_t f, const sf_record_t *rec,
                       const char *text, const outcome_t *oc, const char *sep)
{
    switch (f) {
    case SF_FIELD_PUZZLE:
        return rec->invalid ? q : put_cells(q, rec->cells, '.');
    case SF_FIELD_SOLUTION:
        return oc->count ? put_cells(q, oc->solution, '0') : q;
    case SF_FIELD_STATUS: {
        const char *s = sf_status_name(oc->status);
        memcpy(q, s, strlen(s));
        return q + strlen(s);
    }
    case SF_FIELD_COUNT:
        return put_u64(q, oc->count);
    case SF_FIELD_GUESSES:
        return put_u64(q, oc->guesses);
    case SF_FIELD_NS:
        return put_u64(q, oc->ns);
    case SF_FIELD_LINE:
        return put_text(q, text, rec->text_len, sep);
    default:
        return q;
    }
}

static int fmt_line(const out_layout_t *lay, const sf_record_t *rec,
                    const char *text, const outcome_t *oc, sbuf_t *out)
{
    size_t most = 1;
    for (int i = 0; i < lay->nfields; i++)
        most += lay->sep_len + (lay->fields[i] == SF_FIELD_LINE
                                    ? 2 * (size_t)rec->text_len + 2
                                    : 100);
    if (sbuf_reserve(out, most) != 0)
        return -1;
    char *q = out->p + out->len;
    for (int i = 0; i < lay->nfields; i++) {
        if (i > 0) {
            memcpy(q, lay->sep, lay->sep_len);
            q += lay->sep_len;
        }
        q = put_field(q, lay->fields[i], rec, text, oc, lay->sep);
    }
    *q++ = '\n';
    out->len = (size_t)(q - out->p);
    return 0;
}

static int fmt_grid(const sf_record_t *rec, const outcome_t *oc,
                    uint64_t index, sbuf_t *out)
{
    if (sbuf_reserve(out, 9 * 18 + 2) != 0)
        return -1;
    static const uint8_t none[SF_CELLS];
    const uint8_t *cells = oc->count ? oc->solution
                           : rec->invalid ? none : rec->cells;
    char *q = out->p + out->len;
    if (index > 0)
        *q++ = '\n';
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            const uint8_t v = cells[9 * r + c];
            if (c > 0 && rec->spaced)
                *q++ = ' ';
            *q++ = v ? (char)('0' + v) : '.';
        }
        *q++ = '\n';
    }
    out->len = (size_t)(q - out->p);
    return 0;
}

int fmt_record(const out_layout_t *lay, const sf_record_t *rec,
               const char *text, const outcome_t *oc, uint64_t index,
               sbuf_t *out)
{
    if (lay->kind == SF_FORMAT_GRID)
        return fmt_grid(rec, oc, index, out);
    return fmt_line(lay, rec, text, oc, out);
}
