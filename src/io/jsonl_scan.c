/*
 * jsonl_scan.c -- a single-pass JSON object scanner (jsonl_scan.h).
 *
 * A recursive descent over RFC 8259's grammar, bounded in depth, that
 * records spans instead of building values: enough to find a record's
 * puzzle and geometry keys and to refuse a line that is not JSON.
 */
#include "jsonl_scan.h"

#include <string.h>

#define MAX_DEPTH 64

typedef struct scan {
    const char *s, *end;
    const char *why;
} scan_t;

static void ws(scan_t *c)
{
    while (c->s < c->end && (*c->s == ' ' || *c->s == '\t' ||
                             *c->s == '\r' || *c->s == '\n'))
        c->s++;
}

static int fail(scan_t *c, const char *why)
{
    if (!c->why)
        c->why = why;
    return -1;
}

static int hex(int ch)
{
    return ch >= '0' && ch <= '9' ? ch - '0'
         : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
         : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
}

/* A string at c->s (its opening quote): its body into *v. */
static int string(scan_t *c, jv_t *v)
{
    const char *p = ++c->s;
    while (c->s < c->end && *c->s != '"') {
        const unsigned char ch = (unsigned char)*c->s;
        if (ch < 0x20)
            return fail(c, "jsonl: a control character in a string");
        if (ch == '\\') {
            if (++c->s == c->end)
                break;
            if (*c->s == 'u') {
                for (int k = 1; k <= 4; k++)
                    if (c->s + k >= c->end || hex(c->s[k]) < 0)
                        return fail(c, "jsonl: a bad \\u escape");
                c->s += 4;
            } else if (!strchr("\"\\/bfnrt", *c->s)) {
                return fail(c, "jsonl: a bad escape in a string");
            }
        }
        c->s++;
    }
    if (c->s == c->end)
        return fail(c, "jsonl: a string does not end");
    v->kind = JV_STRING;
    v->p = p;
    v->len = (size_t)(c->s - p);
    c->s++;
    return 0;
}

static int value(scan_t *c, jv_t *v, int depth);

static int number(scan_t *c)
{
    if (c->s < c->end && *c->s == '-')
        c->s++;
    const char *digits = c->s;
    while (c->s < c->end && *c->s >= '0' && *c->s <= '9')
        c->s++;
    if (c->s == digits || (*digits == '0' && c->s - digits > 1))
        return fail(c, "jsonl: a bad number");
    if (c->s < c->end && *c->s == '.') {
        const char *f = ++c->s;
        while (c->s < c->end && *c->s >= '0' && *c->s <= '9')
            c->s++;
        if (c->s == f)
            return fail(c, "jsonl: a bad number");
    }
    if (c->s < c->end && (*c->s == 'e' || *c->s == 'E')) {
        c->s++;
        if (c->s < c->end && (*c->s == '+' || *c->s == '-'))
            c->s++;
        const char *e = c->s;
        while (c->s < c->end && *c->s >= '0' && *c->s <= '9')
            c->s++;
        if (c->s == e)
            return fail(c, "jsonl: a bad number");
    }
    return 0;
}

static int literal(scan_t *c, const char *word)
{
    const size_t n = strlen(word);
    if ((size_t)(c->end - c->s) < n || memcmp(c->s, word, n))
        return fail(c, "jsonl: a bad value");
    c->s += n;
    return 0;
}

/* The members of an object or the elements of an array, after its
 * opening bracket; keys asked for are noted when depth is 0. */
static int members(scan_t *c, int object, int depth, const char *const *keys,
                   int nkeys, jv_t *out)
{
    const char close = object ? '}' : ']';
    ws(c);
    if (c->s < c->end && *c->s == close) {
        c->s++;
        return 0;
    }
    for (;;) {
        jv_t key = {0}, v = {0};
        ws(c);
        if (object) {
            if (c->s == c->end || *c->s != '"' || string(c, &key) < 0)
                return fail(c, "jsonl: a key is not a string");
            ws(c);
            if (c->s == c->end || *c->s++ != ':')
                return fail(c, "jsonl: no ':' after a key");
        }
        if (value(c, &v, depth + 1) < 0)
            return -1;
        for (int k = 0; object && k < nkeys; k++)
            if (strlen(keys[k]) == key.len && !memcmp(keys[k], key.p, key.len))
                out[k] = v;
        ws(c);
        if (c->s < c->end && *c->s == ',') {
            c->s++;
            continue;
        }
        if (c->s < c->end && *c->s == close) {
            c->s++;
            return 0;
        }
        return fail(c, object ? "jsonl: an object does not end"
                              : "jsonl: an array does not end");
    }
}

static int value(scan_t *c, jv_t *v, int depth)
{
    ws(c);
    if (c->s == c->end)
        return fail(c, "jsonl: a value is missing");
    if (depth > MAX_DEPTH)
        return fail(c, "jsonl: nested too deep");
    const char *p = c->s;
    int rc;
    switch (*c->s) {
    case '"': return string(c, v);
    case '{':
        c->s++;
        rc = members(c, 1, depth, NULL, 0, NULL);
        v->kind = JV_OTHER;
        break;
    case '[':
        c->s++;
        rc = members(c, 0, depth, NULL, 0, NULL);
        v->kind = JV_ARRAY;
        break;
    case 't': rc = literal(c, "true"); v->kind = JV_OTHER; break;
    case 'f': rc = literal(c, "false"); v->kind = JV_OTHER; break;
    case 'n': rc = literal(c, "null"); v->kind = JV_OTHER; break;
    default:
        rc = *c->s == '-' || (*c->s >= '0' && *c->s <= '9')
                 ? number(c) : fail(c, "jsonl: a bad value");
        v->kind = JV_OTHER;
        break;
    }
    v->p = p;
    v->len = (size_t)(c->s - p);
    return rc;
}

int jsonl_scan(const char *s, size_t len, const char *const *keys, int nkeys,
               jv_t *out, const char **why)
{
    scan_t c = {s, s + len, NULL};
    memset(out, 0, (size_t)nkeys * sizeof *out);
    ws(&c);
    int rc = c.s < c.end && *c.s == '{'
                 ? (c.s++, members(&c, 1, 0, keys, nkeys, out))
                 : fail(&c, "jsonl: not a JSON object");
    ws(&c);
    if (rc == 0 && c.s != c.end)
        rc = fail(&c, "jsonl: text after the object");
    if (rc < 0 && why)
        *why = c.why;
    return rc;
}

long jsonl_string(const jv_t *v, char *buf, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < v->len; i++) {
        char ch = v->p[i];
        if (ch == '\\') {
            ch = v->p[++i];
            if (ch == 'u') {
                unsigned u = 0;
                for (int k = 1; k <= 4; k++)
                    u = u << 4 | (unsigned)hex(v->p[i + (size_t)k]);
                i += 4;
                if (u < 0x20 || u >= 0x80) /* cells and maps are ASCII */
                    return -1;
                ch = (char)u;
            } else {
                const char *from = "bfnrt", *to = "\b\f\n\r\t";
                const char *at = strchr(from, ch);
                ch = at ? to[at - from] : ch;
            }
        }
        if (n + 1 >= cap)
            return -1;
        buf[n++] = ch;
    }
    buf[n] = '\0';
    return (long)n;
}

int jsonl_next_string(const jv_t *array, size_t *at, jv_t *item)
{
    scan_t c = {array->p + (*at ? *at : 1), array->p + array->len - 1, NULL};
    ws(&c);
    if (c.s < c.end && *c.s == ',')
        c.s++;
    ws(&c);
    if (c.s >= c.end)
        return 0;
    if (*c.s != '"' || string(&c, item) < 0)
        return -1;
    *at = (size_t)(c.s - array->p);
    return 1;
}
