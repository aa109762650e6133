/*
 * lzstring.c -- lz-string's base64 form decoded: the text f-puzzles links
 * carry ("?load=N4Ig..."), back to the JSON it compressed.
 *
 * The format, from its definition: the base64 characters give 6 bits
 * each, read from the most significant; tokens are read from that bit
 * stream least significant bit first, with a width that starts at 2 bits
 * and grows by one each time the dictionary outgrows it.  The first token
 * says how the first character comes (0: 8 bits follow, 1: 16 bits, 2:
 * the end); after it each token is a dictionary index, 0 and 1 again
 * meaning that a new character follows (which becomes an entry), 2 the
 * end.  An index equal to the next free entry means the previous output
 * plus its own first character.  After every token the previous output
 * plus the first character of this one becomes an entry.  Characters are
 * UTF-16 code units; the result is converted to UTF-8.
 *
 * Every entry is a run of the output: the previous output followed by
 * the first character of the next is exactly the output from where the
 * previous one started, one character longer.  So the dictionary holds
 * (start, length) pairs into the output and nothing else is copied.  The
 * output is capped (max_out), since a few bytes of input can claim a
 * quadratic amount of output.  Past the end of the input the bits read
 * are zeros, as in the definition, but an end mark that needs any of them
 * means the text was cut.
 */
#include <stdlib.h>
#include <string.h>

#include "lzstring.h"

typedef struct bits {
    const char *in;
    size_t len, pos;    /* next character */
    int val, mask;      /* its 6 bits, and the next bit to read */
    int phantom;        /* val lies past the end (zeros) */
    int past;           /* a bit was read from past the end */
} bits_t;

static int b64(int ch)
{
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A';
    if (ch >= 'a' && ch <= 'z')
        return ch - 'a' + 26;
    if (ch >= '0' && ch <= '9')
        return ch - '0' + 52;
    if (ch == '+' || ch == ' ')  /* a '+' a query string turned into ' ' */
        return 62;
    if (ch == '/')
        return 63;
    if (ch == '=')
        return 0;
    return -1;
}

static void next_char(bits_t *b)
{
    b->val = 0;
    b->phantom = b->pos >= b->len;
    if (b->pos < b->len) {
        b->val = b64((unsigned char)b->in[b->pos]);
    }
    b->pos++;
    b->mask = 32;
}

static uint32_t read_bits(bits_t *b, int n)
{
    uint32_t v = 0;
    for (int i = 0; i < n; i++) {
        b->past |= b->phantom;
        if ((b->val & b->mask) != 0)
            v |= 1u << i;
        b->mask >>= 1;
        if (b->mask == 0)
            next_char(b);
    }
    return v;
}

typedef struct run {
    size_t start, len;
} run_t;

typedef struct dec {
    uint16_t *out;
    size_t n, cap, max;
    run_t *dict;
    size_t ndict, dict_cap;
} dec_t;

static int put(dec_t *d, uint16_t u)
{
    if (d->n == d->max)
        return -1;
    if (d->n == d->cap) {
        size_t c = d->cap ? 2 * d->cap : 4096;
        if (c > d->max)
            c = d->max;
        uint16_t *p = realloc(d->out, c * sizeof *p);
        if (!p)
            return -1;
        d->out = p;
        d->cap = c;
    }
    d->out[d->n++] = u;
    return 0;
}

static int add_entry(dec_t *d, size_t start, size_t len)
{
    if (d->ndict == d->dict_cap) {
        const size_t c = d->dict_cap ? 2 * d->dict_cap : 1024;
        run_t *p = realloc(d->dict, c * sizeof *p);
        if (!p)
            return -1;
        d->dict = p;
        d->dict_cap = c;
    }
    d->dict[d->ndict++] = (run_t){start, len};
    return 0;
}

/* Copy the output run r to the end of the output. */
static int put_run(dec_t *d, run_t r)
{
    for (size_t i = 0; i < r.len; i++)
        if (put(d, d->out[r.start + i]) < 0)
            return -1;
    return 0;
}

/* The UTF-16 units to UTF-8; a lone surrogate becomes U+FFFD. */
static char *to_utf8(const uint16_t *u, size_t n, size_t *out_len)
{
    char *s = malloc(3 * n + 1), *q = s;
    if (!s)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = u[i];
        if (c >= 0xD800 && c < 0xDC00 && i + 1 < n && u[i + 1] >= 0xDC00 &&
            u[i + 1] < 0xE000)
            c = 0x10000 + ((c - 0xD800) << 10) + (u[++i] - 0xDC00);
        else if (c >= 0xD800 && c < 0xE000)
            c = 0xFFFD;
        if (c < 0x80) {
            *q++ = (char)c;
        } else if (c < 0x800) {
            *q++ = (char)(0xC0 | c >> 6);
            *q++ = (char)(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            *q++ = (char)(0xE0 | c >> 12);
            *q++ = (char)(0x80 | (c >> 6 & 0x3F));
            *q++ = (char)(0x80 | (c & 0x3F));
        } else {
            *q++ = (char)(0xF0 | c >> 18);
            *q++ = (char)(0x80 | (c >> 12 & 0x3F));
            *q++ = (char)(0x80 | (c >> 6 & 0x3F));
            *q++ = (char)(0x80 | (c & 0x3F));
        }
    }
    *q = '\0';
    *out_len = (size_t)(q - s);
    return s;
}

/* The token stream into d: 0, or an LZ_* error. */
static int decode(bits_t *b, dec_t *d)
{
    int width = 3;
    size_t enlarge = 4;
    for (int i = 0; i < 3; i++)
        if (add_entry(d, 0, 0) < 0) /* the codes 0, 1 and 2 */
            return LZ_NOMEM;
    const uint32_t first = read_bits(b, 2);
    if (first == 2)
        return 0;
    if (first > 2)
        return LZ_CORRUPT;
    if (put(d, (uint16_t)read_bits(b, first == 0 ? 8 : 16)) < 0 ||
        add_entry(d, 0, 1) < 0)
        return d->n == d->max ? LZ_TOO_LONG : LZ_NOMEM;
    run_t w = {0, 1};
    for (;;) {
        if (b->pos > b->len)
            return LZ_TRUNCATED;
        uint32_t c = read_bits(b, width);
        const size_t at = d->n;
        run_t entry;
        if (c == 2)
            return b->past ? LZ_TRUNCATED : 0;
        if (c < 2) {
            if (put(d, (uint16_t)read_bits(b, c == 0 ? 8 : 16)) < 0 ||
                add_entry(d, at, 1) < 0)
                return d->n == d->max ? LZ_TOO_LONG : LZ_NOMEM;
            entry = (run_t){at, 1};
            if (--enlarge == 0) {
                enlarge = (size_t)1 << width;
                width++;
            }
        } else if (c < d->ndict) {
            entry = (run_t){at, d->dict[c].len};
            if (put_run(d, d->dict[c]) < 0)
                return d->n == d->max ? LZ_TOO_LONG : LZ_NOMEM;
        } else if (c == d->ndict) {
            entry = (run_t){at, w.len + 1};
            if (put_run(d, w) < 0 || put(d, d->out[w.start]) < 0)
                return d->n == d->max ? LZ_TOO_LONG : LZ_NOMEM;
        } else {
            return LZ_CORRUPT;
        }
        if (add_entry(d, w.start, w.len + 1) < 0)
            return LZ_NOMEM;
        w = entry;
        if (--enlarge == 0) {
            enlarge = (size_t)1 << width;
            width++;
        }
        if (width > 30)
            return LZ_CORRUPT;
    }
}

int lz_decode_base64(const char *in, size_t len, size_t max_out, char **out,
                     size_t *out_len)
{
    *out = NULL;
    *out_len = 0;
    if (len == 0)
        return LZ_CORRUPT;
    for (size_t i = 0; i < len; i++)
        if (b64((unsigned char)in[i]) < 0)
            return LZ_CORRUPT;
    bits_t b = {in, len, 0, 0, 0, 0, 0};
    next_char(&b);
    dec_t d = {NULL, 0, 0, max_out, NULL, 0, 0};
    int rc = decode(&b, &d);
    if (rc == 0) {
        *out = to_utf8(d.out, d.n, out_len);
        if (!*out)
            rc = LZ_NOMEM;
    }
    free(d.out);
    free(d.dict);
    return rc;
}

const char *lz_error(int rc)
{
    switch (rc) {
    case LZ_CORRUPT: return "not lz-string base64 text";
    case LZ_TRUNCATED: return "lz-string text ends before its end mark";
    case LZ_TOO_LONG: return "lz-string text decodes to too much";
    case LZ_NOMEM: return "out of memory";
    default: return "no error";
    }
}
