/*
 * format.c -- output records: line (fields joined by a separator), grid,
 * or JSON Lines.
 *
 * Line output writes the chosen fields of each record joined by the
 * separator; the original input text (the `line` field) is quoted the CSV
 * way when it holds the separator, a quote or a newline, so the output stays
 * a valid CSV.  Grid output writes 9 rows of 9 digits in the input's style
 * (space-separated or not), grids separated by a blank line; a record
 * without a solution prints its puzzle with '.' for the open cells (all
 * '.' when the record was not a puzzle), so every record keeps its 9 rows.
 * JSON Lines output writes one object a record, the fields under their
 * names in the chosen order: numbers as numbers, text as JSON strings
 * (quotes, backslashes and control bytes escaped; a byte that is not part
 * of a UTF-8 sequence becomes U+FFFD, so the output is always valid
 * UTF-8), and null for a field without a value (a missing solution, an
 * invalid record's puzzle, an empty text field).  The `puzzle` of a
 * pencilmark record is its 729 marks with '.' for an absent candidate.
 * The sf_out_* functions build the records of other jobs the same way,
 * one field at a time.
 */
#include "format.h"
#include "core/geometry.h"

#include <math.h>
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
    if (!list || !fields) {
        if (bad)
            *bad = list;
        return -1;
    }
    for (;;) {
        const size_t len = strcspn(p, ",");
        int found = -1;
        for (int f = 0; f < SF_NFIELDS; f++)
            if (strlen(field_names[f]) == len &&
                strncmp(field_names[f], p, len) == 0)
                found = f;
        int again = 0;
        for (int i = 0; i < n; i++)
            again |= fields[i] == (sf_field_t)found;
        if (found < 0 || again || n == SF_MAX_FIELDS) {
            if (bad)
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

/* A pencilmark record's marks, '.' for an absent candidate. */
static char *put_pencil(char *q, const char *text, size_t len)
{
    uint16_t cands[SF_CELLS];
    sf_parse_pencil(text, len, cands, NULL);
    for (int i = 0; i < SF_PENCIL_CHARS; i++)
        q[i] = cands[i / 9] >> (i % 9) & 1u ? (char)('1' + i % 9) : '.';
    return q + SF_PENCIL_CHARS;
}

/* A geometry record's cells in its form and the layout's alphabet. */
static char *put_geom(char *q, const out_layout_t *lay, const sf_record_t *rec,
                      const uint8_t *cells, char empty)
{
    return q + sf_format_geom(rec->geom, lay->alphabet, rec->form, cells,
                              empty, q);
}

/* The puzzle of a valid record: 81 cells or 729 marks, or N*N cells. */
static char *put_puzzle(char *q, const out_layout_t *lay,
                        const sf_record_t *rec, const uint8_t *cells,
                        const char *text)
{
    if (rec->geom)
        return put_geom(q, lay, rec, cells, '.');
    return rec->pencil ? put_pencil(q, text, rec->text_len)
                       : put_cells(q, rec->cells, '.');
}

/* The solution of a solved record. */
static char *put_solution(char *q, const out_layout_t *lay,
                          const sf_record_t *rec, const outcome_t *oc)
{
    return rec->geom ? put_geom(q, lay, rec, oc->grid, '0')
                     : put_cells(q, oc->solution, '0');
}

/* The length of the valid UTF-8 sequence at s (n bytes left), or 0 when
 * s does not start one. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned lo = 0x80, hi = 0xbf;
    size_t len;
    if (s[0] >= 0xc2 && s[0] <= 0xdf) {
        len = 2;
    } else if (s[0] >= 0xe0 && s[0] <= 0xef) {
        len = 3;
        lo = s[0] == 0xe0 ? 0xa0 : lo; /* no overlong forms */
        hi = s[0] == 0xed ? 0x9f : hi; /* no surrogates */
    } else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
        len = 4;
        lo = s[0] == 0xf0 ? 0x90 : lo;
        hi = s[0] == 0xf4 ? 0x8f : hi; /* at most U+10FFFF */
    } else {
        return 0;
    }
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    return len;
}

/* Append text as a JSON string; at most JSON_ROOM(len) bytes. */
#define JSON_ROOM(len) (6 * (size_t)(len) + 2)
static char *put_json_text(char *q, const char *text, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *s = (const unsigned char *)text;
    *q++ = '"';
    for (size_t i = 0; i < len;) {
        const unsigned c = s[i];
        size_t n = 1;
        if (c == '"' || c == '\\') {
            *q++ = '\\';
            *q++ = (char)c;
        } else if (c < 0x20) {
            memcpy(q, "\\u00", 4);
            q[4] = hex[c >> 4];
            q[5] = hex[c & 15];
            q += 6;
        } else if (c < 0x80) {
            *q++ = (char)c;
        } else if ((n = utf8_len(s + i, len - i)) > 0) {
            memcpy(q, s + i, n);
            q += n;
        } else {
            n = 1;
            memcpy(q, "\\ufffd", 6);
            q += 6;
        }
        i += n;
    }
    *q++ = '"';
    return q;
}

/* A JSON string of chars, or null when there are none. */
static char *put_json_or_null(char *q, const char *chars, size_t len)
{
    if (len == 0) {
        memcpy(q, "null", 4);
        return q + 4;
    }
    return put_json_text(q, chars, len);
}

/* A geometry puzzle or solution in line output: quoted when its form
 * holds the separator. */
static char *put_geom_field(char *q, const out_layout_t *lay,
                            const sf_record_t *rec, const uint8_t *cells,
                            char empty)
{
    char chars[SF_MAX_CELLS * 3 + 1];
    const size_t n = (size_t)(put_geom(chars, lay, rec, cells, empty) - chars);
    return put_text(q, chars, n, lay->sep);
}

static char *put_field(char *q, const out_layout_t *lay, sf_field_t f,
                       const sf_record_t *rec, const uint8_t *cells,
                       const char *text, const outcome_t *oc, const char *sep)
{
    switch (f) {
    case SF_FIELD_PUZZLE:
        if (rec->geom && !rec->invalid)
            return put_geom_field(q, lay, rec, cells, '.');
        return rec->invalid ? q : put_puzzle(q, lay, rec, cells, text);
    case SF_FIELD_SOLUTION:
        if (rec->geom && oc->count)
            return put_geom_field(q, lay, rec, oc->grid, '0');
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

/* Bytes field f of rec takes at most, as line or (json) JSON output. */
static size_t field_room(sf_field_t f, const sf_record_t *rec, int json)
{
    if (f == SF_FIELD_LINE)
        return json ? JSON_ROOM(rec->text_len) : 2 * (size_t)rec->text_len + 2;
    if (f == SF_FIELD_PUZZLE && rec->pencil)
        return SF_PENCIL_CHARS + 2;
    if ((f == SF_FIELD_PUZZLE || f == SF_FIELD_SOLUTION) && rec->geom)
        return sf_geom_text_max(rec->geom) + 2;
    return 100;
}

static int fmt_line(const out_layout_t *lay, const sf_record_t *rec,
                    const uint8_t *cells, const char *text,
                    const outcome_t *oc, sbuf_t *out)
{
    size_t most = 1;
    for (int i = 0; i < lay->nfields; i++)
        most += lay->sep_len + field_room(lay->fields[i], rec, 0);
    if (sbuf_reserve(out, most) != 0)
        return -1;
    char *q = out->p + out->len;
    for (int i = 0; i < lay->nfields; i++) {
        if (i > 0) {
            memcpy(q, lay->sep, lay->sep_len);
            q += lay->sep_len;
        }
        q = put_field(q, lay, lay->fields[i], rec, cells, text, oc, lay->sep);
    }
    *q++ = '\n';
    out->len = (size_t)(q - out->p);
    return 0;
}

/* One field of a record as a JSON value. */
static char *put_json_field(char *q, const out_layout_t *lay, sf_field_t f,
                            const sf_record_t *rec, const uint8_t *cells,
                            const char *text, const outcome_t *oc)
{
    char chars[SF_MAX_CELLS * 3 + 1];
    switch (f) {
    case SF_FIELD_PUZZLE:
        return put_json_or_null(q, chars, rec->invalid ? 0
                                : (size_t)(put_puzzle(chars, lay, rec, cells,
                                                      text) - chars));
    case SF_FIELD_SOLUTION:
        return put_json_or_null(q, chars, oc->count
                                ? (size_t)(put_solution(chars, lay, rec, oc) -
                                           chars) : 0);
    case SF_FIELD_LINE:
        return put_json_or_null(q, text, rec->text_len);
    case SF_FIELD_STATUS:
        *q++ = '"';
        q = put_field(q, lay, f, rec, cells, text, oc, "");
        *q++ = '"';
        return q;
    default:
        return put_field(q, lay, f, rec, cells, text, oc, "");
    }
}

/* Room for json_geometry's keys. */
static size_t json_geometry_room(const sf_geometry_t *g)
{
    size_t n = 64 + JSON_ROOM(strlen(g->size_text)) +
               JSON_ROOM(strlen(g->variant_text));
    if (g->regions_text)
        n += JSON_ROOM(strlen(g->regions_text));
    for (int k = 0; k < g->nextra; k++)
        n += JSON_ROOM(strlen(g->extra_text[k])) + 1;
    return n;
}

/* The keys a JSON Lines record of geometry g carries so that it reads
 * back as one (reader.c): "geometry", and "regions", "variant", "extra"
 * where g has them; nothing for classic 9x9.  A comma first unless the
 * object is still empty (first: an opening brace instead). */
static char *json_geometry(char *q, const sf_geometry_t *g, int first)
{
    if (!g || g->classic)
        return q;
    const char *const keys[3] = {"geometry", "regions", "variant"};
    const char *const vals[3] = {g->size_text, g->regions_text,
                                 g->variant_text[0] ? g->variant_text : NULL};
    for (int k = 0; k < 3; k++) {
        if (!vals[k])
            continue;
        *q++ = first ? '{' : ',';
        first = 0;
        q = put_json_text(q, keys[k], strlen(keys[k]));
        *q++ = ':';
        q = put_json_text(q, vals[k], strlen(vals[k]));
    }
    for (int k = 0; k < g->nextra; k++) {
        if (k == 0) {
            *q++ = ',';
            q = put_json_text(q, "extra", 5);
            *q++ = ':';
        }
        *q++ = k ? ',' : '[';
        q = put_json_text(q, g->extra_text[k], strlen(g->extra_text[k]));
    }
    if (g->nextra)
        *q++ = ']';
    return q;
}

static int fmt_json(const out_layout_t *lay, const sf_record_t *rec,
                    const uint8_t *cells, const char *text,
                    const outcome_t *oc, sbuf_t *out)
{
    size_t most = 3 + (rec->geom ? json_geometry_room(rec->geom) : 0);
    for (int i = 0; i < lay->nfields; i++)
        most += 16 + field_room(lay->fields[i], rec, 1);
    if (sbuf_reserve(out, most) != 0)
        return -1;
    char *q = out->p + out->len;
    for (int i = 0; i < lay->nfields; i++) {
        const char *key = sf_field_name(lay->fields[i]);
        *q++ = i ? ',' : '{';
        q = put_json_text(q, key, strlen(key));
        *q++ = ':';
        q = put_json_field(q, lay, lay->fields[i], rec, cells, text, oc);
    }
    const char *const start = q;
    q = json_geometry(q, rec->geom, lay->nfields == 0);
    if (lay->nfields == 0 && q == start)
        *q++ = '{';
    *q++ = '}';
    *q++ = '\n';
    out->len = (size_t)(q - out->p);
    return 0;
}

/* 81 cell characters as 9 rows, cells separated by a space when spaced,
 * a newline after every row but the last.  At most GRID_TEXT bytes. */
#define GRID_TEXT (9 * 18 - 1)
static char *put_rows(char *q, const char *chars, int spaced)
{
    for (int i = 0; i < SF_CELLS; i++) {
        if (i % 9 > 0 && spaced)
            *q++ = ' ';
        *q++ = chars[i];
        if (i % 9 == 8 && i < SF_CELLS - 1)
            *q++ = '\n';
    }
    return q;
}

static int fmt_grid(const sf_record_t *rec, const outcome_t *oc,
                    uint64_t index, sbuf_t *out)
{
    if (sbuf_reserve(out, GRID_TEXT + 2) != 0)
        return -1;
    static const uint8_t none[SF_CELLS];
    const uint8_t *cells = oc->count ? oc->solution
                           : rec->invalid ? none : rec->cells;
    char chars[SF_CELLS];
    put_cells(chars, cells, '.');
    char *q = out->p + out->len;
    if (index > 0)
        *q++ = '\n';
    q = put_rows(q, chars, rec->spaced);
    *q++ = '\n';
    out->len = (size_t)(q - out->p);
    return 0;
}

/* A geometry record as a grid: N rows of its symbols (separated by a
 * space when the input's were) or of its numbers (always separated). */
static int fmt_geom_grid(const out_layout_t *lay, const sf_record_t *rec,
                         const uint8_t *cells, const outcome_t *oc,
                         uint64_t index, sbuf_t *out)
{
    const int n = sf_geometry_n(rec->geom);
    if (sbuf_reserve(out, 3 * (size_t)(n * n) + 2) != 0)
        return -1;
    static const uint8_t none[SF_MAX_CELLS];
    const uint8_t *v = oc->count ? oc->grid : rec->invalid ? none : cells;
    const sf_alphabet_t *a = lay->alphabet;
    char *q = out->p + out->len;
    if (index > 0)
        *q++ = '\n';
    for (int i = 0; i < n * n; i++) {
        if (i % n > 0 && (rec->spaced || rec->form != SF_FORM_SYMBOLS))
            *q++ = ' ';
        if (rec->form == SF_FORM_SYMBOLS)
            *q++ = v[i] ? a->symbol[v[i]] : '.';
        else
            q = put_u64(q, v[i]);
        if (i % n == n - 1)
            *q++ = '\n';
    }
    out->len = (size_t)(q - out->p);
    return 0;
}

int fmt_record(const out_layout_t *lay, const sf_record_t *rec,
               const uint8_t *cells, const char *text, const outcome_t *oc,
               uint64_t index, sbuf_t *out)
{
    if (lay->kind == SF_FORMAT_GRID)
        return rec->geom ? fmt_geom_grid(lay, rec, cells, oc, index, out)
                         : fmt_grid(rec, oc, index, out);
    if (lay->kind == SF_FORMAT_JSONL)
        return fmt_json(lay, rec, cells, text, oc, out);
    return fmt_line(lay, rec, cells, text, oc, out);
}

/* ------------------------------------------------------------ job output */

void out_reset(sf_out_t *out, const sf_batch_opts_t *opts)
{
    out->text.len = 0;
    out->sep = opts->sep ? opts->sep : ",";
    out->sep_len = strlen(out->sep);
    out->first = 1;
    out->failed = 0;
    out->records = 0;
    out->json = opts->out_format == SF_FORMAT_JSONL;
    out->keys = opts->keys;
    out->nkeys = opts->keys ? opts->nkeys : 0;
    out->field = 0;
    out->geom = NULL;
}

void sf_out_geometry(sf_out_t *out, const sf_geometry_t *g)
{
    out->geom = g;
}

/* Room for a field of at most len bytes and what goes before it (the
 * separator, or the JSON key), and the write position for the field's
 * value; NULL when out of memory. */
static char *field_start(sf_out_t *out, size_t len)
{
    const char *key = "";
    if (out->json && out->field < out->nkeys && out->keys[out->field])
        key = out->keys[out->field];
    const size_t key_len = out->json ? strlen(key) : 0;
    const size_t before = out->json ? JSON_ROOM(key_len) + 2 : out->sep_len;
    if (out->failed || sbuf_reserve(&out->text, before + len + 1) != 0) {
        out->failed = 1;
        return NULL;
    }
    char *q = out->text.p + out->text.len;
    if (out->json) {
        *q++ = out->first ? '{' : ',';
        q = put_json_text(q, key, key_len);
        *q++ = ':';
        out->field++;
    } else if (!out->first) {
        memcpy(q, out->sep, out->sep_len);
        q += out->sep_len;
    }
    out->first = 0;
    return q;
}

static void field_done(sf_out_t *out, const char *q)
{
    out->text.len = (size_t)(q - out->text.p);
}

void sf_out_cells(sf_out_t *out, const uint8_t *cells, char empty)
{
    char *q = field_start(out, SF_CELLS + 2);
    if (!q)
        return;
    if (out->json)
        *q++ = '"';
    q = put_cells(q, cells, empty);
    if (out->json)
        *q++ = '"';
    field_done(out, q);
}

void sf_out_text(sf_out_t *out, const char *text, size_t len)
{
    char *q = field_start(out, out->json ? JSON_ROOM(len) : 2 * len + 2);
    if (q)
        field_done(out, out->json ? put_json_or_null(q, text, len)
                                  : put_text(q, text, len, out->sep));
}

void sf_out_u64(sf_out_t *out, uint64_t v)
{
    char *q = field_start(out, 24);
    if (q)
        field_done(out, put_u64(q, v));
}

void sf_out_fixed(sf_out_t *out, double v, int decimals)
{
    char tmp[64];
    const int n = isfinite(v) || !out->json
                      ? snprintf(tmp, sizeof tmp, "%.*f", decimals, v)
                      : snprintf(tmp, sizeof tmp, "null");
    char *q = field_start(out, sizeof tmp);
    if (q && n > 0) {
        memcpy(q, tmp, (size_t)n);
        field_done(out, q + n);
    }
}

void sf_out_bound(sf_out_t *out, const char *text, size_t len, double v,
                  int decimals, int bound)
{
    if (!out->json) {
        sf_out_text(out, text, len);
        return;
    }
    const int field = out->field;
    sf_out_fixed(out, v, decimals);
    const char *key = field < out->nkeys && out->keys[field]
                          ? out->keys[field] : "";
    const size_t key_len = strlen(key);
    if (out->failed ||
        sbuf_reserve(&out->text, JSON_ROOM(key_len + 6) + 8) != 0) {
        out->failed = 1;
        return;
    }
    char name[64];
    const int n = snprintf(name, sizeof name, "%.*s_bound",
                           (int)(key_len < 48 ? key_len : 48), key);
    char *q = out->text.p + out->text.len;
    *q++ = ',';
    q = put_json_text(q, name, (size_t)n);
    *q++ = ':';
    const char *flag = v != v ? "null" : bound ? "true" : "false";
    memcpy(q, flag, strlen(flag));
    field_done(out, q + strlen(flag));
}

void sf_out_end(sf_out_t *out)
{
    const sf_geometry_t *g = out->json ? out->geom : NULL;
    if (out->failed ||
        sbuf_reserve(&out->text, 3 + (g ? json_geometry_room(g) : 0)) != 0) {
        out->failed = 1;
        return;
    }
    char *const at = out->text.p + out->text.len;
    const size_t keys = (size_t)(json_geometry(at, g, out->first) - at);
    out->text.len += keys;
    if (out->json && out->first && !keys)
        out->text.p[out->text.len++] = '{';
    if (out->json)
        out->text.p[out->text.len++] = '}';
    out->text.p[out->text.len++] = '\n';
    out->first = 1;
    out->field = 0;
    out->records++;
}

void sf_out_grid(sf_out_t *out, const char *chars, int spaced,
                 int blank_before)
{
    char buf[1 + GRID_TEXT];
    char *q = buf;
    if (blank_before)
        *q++ = '\n';
    q = put_rows(q, chars, spaced);
    sf_out_record(out, buf, (size_t)(q - buf));
}

void sf_out_record(sf_out_t *out, const char *text, size_t len)
{
    if (out->failed || sbuf_reserve(&out->text, len + 1) != 0) {
        out->failed = 1;
        return;
    }
    memcpy(out->text.p + out->text.len, text, len);
    out->text.len += len;
    out->text.p[out->text.len++] = '\n';
    out->first = 1;
    out->records++;
}
