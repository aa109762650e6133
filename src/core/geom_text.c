/*
 * geom_text.c -- the text of puzzles of any geometry: alphabets, parsing
 * a record, a csv field or a grid row into cells, and writing cells back.
 *
 * A record is read in one of two forms.  Symbols: one byte a cell through
 * the alphabet's 256-entry table (value, empty, or not a cell), N*N of
 * them, then the end or a separator and anything, as the classic line
 * format.  Numbers: N*N decimal numbers (0 or '.' empty) and nothing else,
 * separated by commas, semicolons or blanks, for values past 9 without
 * letters.  The form read is returned so that output can be written the
 * way the input was.
 *
 * Invalid records carry a static reason.  Those that quote counts
 * ("expected 256 cells, found 250") come from a table per side N, built
 * on first use under a lock and only read afterwards, so that a record
 * never allocates and a reason never depends on which geometry (of the
 * many jigsaw maps one file may hold) it came from.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geometry.h"
#include "geom_text.h"
#include "parse.h"

static const char SEQUENCE[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/* ------------------------------------------------------------- alphabets */

static void empty_marks(sf_alphabet_t *a)
{
    a->value['.'] = a->value['_'] = a->value['-'] = a->value['*'] = 0;
    if (a->value['0'] < 0)
        a->value['0'] = 0;
}

static void default_alphabet(sf_alphabet_t *a)
{
    memset(a->value, -1, sizeof a->value);
    for (int v = 1; v <= 35; v++) {
        const char ch = SEQUENCE[v];
        a->value[(unsigned char)ch] = (int8_t)v;
        if (v >= 10)
            a->value[(unsigned char)(ch - 'A' + 'a')] = (int8_t)v;
        a->symbol[v] = ch;
    }
    a->symbol[0] = '.';
    a->symbol[36] = '\0';
    a->count = 35;
    empty_marks(a);
}

static int alpha_fail(sf_error_t *err, const char *symbols, const char *why)
{
    if (err) {
        err->code = SF_ERR_USAGE;
        snprintf(err->message, sizeof err->message, "alphabet '%s': %s",
                 symbols, why);
    }
    return -1;
}

/* Add the symbol ch as the next value. */
static int add_symbol(sf_alphabet_t *a, char ch, const char *symbols,
                      sf_error_t *err)
{
    const unsigned char u = (unsigned char)ch;
    if (a->count == 35)
        return alpha_fail(err, symbols, "more than 35 symbols");
    if (strchr("._-*,;:| \t\"#", ch) || u < 0x21 || u > 0x7e)
        return alpha_fail(err, symbols, "an empty mark, separator or "
                          "non-printing byte cannot be a symbol");
    if (a->value[u] > 0)
        return alpha_fail(err, symbols, "a symbol is listed twice");
    a->symbol[++a->count] = ch;
    a->value[u] = (int8_t)a->count;
    if (ch >= 'A' && ch <= 'Z' && a->value[u - 'A' + 'a'] < 0)
        a->value[u - 'A' + 'a'] = (int8_t)a->count;
    return 0;
}

int sf_alphabet_init(sf_alphabet_t *a, const char *symbols, sf_error_t *err)
{
    if (!a)
        return -1;
    if (!symbols || !*symbols) {
        default_alphabet(a);
        return 0;
    }
    memset(a->value, -1, sizeof a->value);
    memset(a->symbol, 0, sizeof a->symbol);
    a->symbol[0] = '.';
    a->count = 0;
    for (const char *s = symbols; *s; s++) {
        if (s[1] == '-' && s[2]) { /* a range on 0-9A-Z */
            const char *lo = strchr(SEQUENCE, *s), *hi = strchr(SEQUENCE, s[2]);
            if (!lo || !hi || hi < lo)
                return alpha_fail(err, symbols, "a range goes up the "
                                  "sequence 0-9A-Z (\"0-F\", \"1-9A-G\")");
            for (const char *p = lo; p <= hi; p++)
                if (add_symbol(a, *p, symbols, err) < 0)
                    return -1;
            s += 2;
        } else if (add_symbol(a, *s, symbols, err) < 0) {
            return -1;
        }
    }
    if (a->count < 4)
        return alpha_fail(err, symbols, "fewer than 4 symbols");
    empty_marks(a);
    return 0;
}

static sf_alphabet_t default_alpha;
static pthread_once_t default_once = PTHREAD_ONCE_INIT;

static void default_init(void) { default_alphabet(&default_alpha); }

const sf_alphabet_t *geom_default_alphabet(void)
{
    pthread_once(&default_once, default_init);
    return &default_alpha;
}

/* ------------------------------------------------------- reason strings */

#define WHY_LEN 64

/* The reasons that quote counts, for one side n: counts up to twice what
 * is expected are quoted exactly, more as "more than". */
typedef struct why_n {
    int n, cmax, rmax;    /* N; the largest cell and row counts quoted */
    char *cells;          /* [cmax + 2]: expected N*N cells, found K */
    char *field;          /* [cmax + 2]: puzzle field has K cells */
    char *numbers;        /* [cmax + 2]: expected N*N numbers, found K */
    char *row;            /* [n][rmax + 2]: grid row R has K cells */
    char *rows;           /* [n]: grid has R rows */
    char value[WHY_LEN];  /* a value above N */
} why_n_t;

static const why_n_t *why_tables[SF_MAX_N + 1];
static pthread_mutex_t why_lock = PTHREAD_MUTEX_INITIALIZER;

#define NUM_LEN 24

static void count_text(char *dst, int k, int max)
{
    if (k > max)
        snprintf(dst, NUM_LEN, "more than %d", max);
    else
        snprintf(dst, NUM_LEN, "%d", k);
}

static why_n_t *why_build(int n)
{
    why_n_t *w = calloc(1, sizeof *w);
    const int cmax = 2 * n * n, rmax = 2 * n;
    const size_t c = (size_t)(cmax + 2) * WHY_LEN;
    char *buf = w ? malloc(3 * c + (size_t)n * (size_t)(rmax + 3) * WHY_LEN)
                  : NULL;
    if (!buf) {
        free(w);
        return NULL;
    }
    *w = (why_n_t){.n = n, .cmax = cmax, .rmax = rmax, .cells = buf,
                   .field = buf + c, .numbers = buf + 2 * c,
                   .row = buf + 3 * c};
    w->rows = w->row + (size_t)n * (size_t)(rmax + 2) * WHY_LEN;
    char num[NUM_LEN];
    for (int k = 0; k <= cmax + 1; k++) {
        count_text(num, k, cmax);
        snprintf(w->cells + (size_t)k * WHY_LEN, WHY_LEN,
                 "expected %d cells, found %s", n * n, num);
        snprintf(w->field + (size_t)k * WHY_LEN, WHY_LEN,
                 "puzzle field has %s cells", num);
        snprintf(w->numbers + (size_t)k * WHY_LEN, WHY_LEN,
                 "expected %d numbers, found %s", n * n, num);
    }
    for (int r = 0; r < n; r++) {
        for (int k = 0; k <= rmax + 1; k++) {
            count_text(num, k, rmax);
            snprintf(w->row + ((size_t)r * (size_t)(rmax + 2) + (size_t)k) *
                                  WHY_LEN, WHY_LEN, "grid row %d has %s cells",
                     r + 1, num);
        }
        snprintf(w->rows + (size_t)r * WHY_LEN, WHY_LEN, "grid has %d row%s",
                 r, r == 1 ? "" : "s");
    }
    snprintf(w->value, WHY_LEN, "a value above %d", n);
    return w;
}

/* The table of side n; NULL when out of memory. */
static const why_n_t *whys(int n)
{
    const why_n_t *w = __atomic_load_n(&why_tables[n], __ATOMIC_ACQUIRE);
    if (w)
        return w;
    pthread_mutex_lock(&why_lock);
    w = why_tables[n];
    if (!w && (w = why_build(n)))
        __atomic_store_n(&why_tables[n], w, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&why_lock);
    return w;
}

static const char NO_MEMORY[] = "out of memory for the reason";

static const char *why_count(const sf_geometry_t *g, int kind, size_t k)
{
    const why_n_t *w = whys(g->n);
    if (!w)
        return NO_MEMORY;
    const size_t i = k > (size_t)w->cmax ? (size_t)w->cmax + 1 : k;
    const char *base = kind == 0 ? w->cells : kind == 1 ? w->field : w->numbers;
    return base + i * WHY_LEN;
}

const char *geom_why_row(const sf_geometry_t *g, int row, size_t k)
{
    const why_n_t *w = whys(g->n);
    if (!w)
        return NO_MEMORY;
    row = row < 1 ? 1 : row > g->n ? g->n : row;
    const size_t i = k > (size_t)w->rmax ? (size_t)w->rmax + 1 : k;
    return w->row + ((size_t)(row - 1) * (size_t)(w->rmax + 2) + i) * WHY_LEN;
}

const char *geom_why_rows(const sf_geometry_t *g, int rows)
{
    const why_n_t *w = whys(g->n);
    if (!w)
        return NO_MEMORY;
    rows = rows < 0 ? 0 : rows >= g->n ? g->n - 1 : rows;
    return w->rows + (size_t)rows * WHY_LEN;
}

static const char *why_value(const sf_geometry_t *g)
{
    const why_n_t *w = whys(g->n);
    return w ? w->value : NO_MEMORY;
}

/* --------------------------------------------------------------- parsing */

static int is_sep(char ch)
{
    return ch == ',' || ch == ':' || ch == ';' || ch == '|' || ch == ' ' ||
           ch == '\t';
}

static int is_blank(char ch) { return ch == ' ' || ch == '\t'; }

/* Numbers separated by commas, semicolons or blanks: exactly N*N of
 * them.  The form, or -1 with *why. */
static int parse_numbers(const sf_geometry_t *g, const char *s, size_t len,
                         uint8_t *cells, const char **why)
{
    size_t i = 0, k = 0;
    int commas = 0;
    while (i < len && is_blank(s[i]))
        i++;
    while (i < len) {
        int v = 0, digits = 0;
        if (s[i] == '.') {
            i++;
            digits = 1;
        }
        while (!digits || (i < len && s[i] >= '0' && s[i] <= '9')) {
            if (i >= len || s[i] < '0' || s[i] > '9')
                break;
            v = v * 10 + (s[i++] - '0');
            if (++digits > 2)
                break;
        }
        if (!digits || digits > 2 || (i < len && !is_blank(s[i]) &&
                                      s[i] != ',' && s[i] != ';')) {
            *why = i < len ? parse_why_char((unsigned char)s[i])
                           : why_count(g, 2, k);
            return -1;
        }
        if (v > g->n) {
            *why = why_value(g);
            return -1;
        }
        if (k < (size_t)g->ncells)
            cells[k] = (uint8_t)v;
        k++;
        while (i < len && is_blank(s[i]))
            i++;
        if (i < len && (s[i] == ',' || s[i] == ';')) {
            commas = 1;
            i++;
            while (i < len && is_blank(s[i]))
                i++;
        }
    }
    if (k != (size_t)g->ncells) {
        *why = why_count(g, 2, k);
        return -1;
    }
    return commas ? SF_FORM_COMMAS : SF_FORM_SPACES;
}

/* The leading run of cells of s, at most max, into cells; its length.
 * *over is set when a symbol's value is above N. */
static size_t symbol_run(const sf_geometry_t *g, const sf_alphabet_t *a,
                         const char *s, size_t len, size_t max, uint8_t *cells,
                         int *over)
{
    size_t i = 0;
    *over = 0;
    for (; i < len && i < max; i++) {
        const int v = a->value[(unsigned char)s[i]];
        if (v < 0)
            break;
        *over |= v > g->n;
        cells[i] = (uint8_t)v;
    }
    return i;
}

/* Why a record of symbols failed: i cells were read. */
static const char *symbols_reason(const sf_geometry_t *g,
                                  const sf_alphabet_t *a, const char *s,
                                  size_t len, size_t i, int kind)
{
    if (i < len && !is_sep(s[i]) && a->value[(unsigned char)s[i]] < 0)
        return parse_why_char((unsigned char)s[i]);
    while (i < len && a->value[(unsigned char)s[i]] >= 0)
        i++;
    return why_count(g, kind, i);
}

/* Both forms; kind 0 for a record (a rest may follow the symbols), 1 for
 * a csv field (nothing may). */
static int parse_any(const sf_geometry_t *g, const sf_alphabet_t *a,
                     const char *s, size_t len, uint8_t *cells,
                     const char **why, int kind)
{
    const size_t nc = (size_t)g->ncells;
    int over;
    const size_t i = symbol_run(g, a, s, len, nc, cells, &over);
    if (i == nc && (len == nc || (kind == 0 && is_sep(s[nc])))) {
        if (over) {
            *why = why_value(g);
            return -1;
        }
        return SF_FORM_SYMBOLS;
    }
    const char *numbers_why = NULL;
    size_t sep = 0;
    while (sep < len && !is_sep(s[sep]))
        sep++;
    if (sep < len && sep < nc) {
        const int form = parse_numbers(g, s, len, cells, &numbers_why);
        if (form >= 0)
            return form;
    }
    *why = numbers_why && (s[sep] == ',' || is_blank(s[sep])) && sep <= 2
               ? numbers_why
               : symbols_reason(g, a, s, len, i, kind);
    return -1;
}

int sf_parse_geom(const sf_geometry_t *g, const sf_alphabet_t *a,
                  const char *text, size_t len, uint8_t *cells,
                  const char **why)
{
    const char *dummy;
    if (!why)
        why = &dummy;
    *why = NULL;
    if (!text || !cells) {
        *why = "no text";
        return -1;
    }
    if (sf_geometry_is_classic(g) && !a)
        return sf_parse_line(text, len, cells, why) == 0 ? SF_FORM_SYMBOLS : -1;
    if (!g) {
        static const char classic[] = "no geometry";
        *why = classic;
        return -1;
    }
    const int form = parse_any(g, a ? a : geom_default_alphabet(), text, len,
                               cells, why, 0);
    if (form < 0)
        memset(cells, 0, (size_t)g->ncells);
    return form;
}

int geom_parse_field(const sf_geometry_t *g, const sf_alphabet_t *a,
                     const char *s, size_t n, uint8_t *cells, const char **why)
{
    while (n > 0 && is_blank(*s))
        s++, n--;
    while (n > 0 && is_blank(s[n - 1]))
        n--;
    *why = NULL;
    const int form = parse_any(g, a ? a : geom_default_alphabet(), s, n,
                               cells, why, 1);
    if (form < 0)
        memset(cells, 0, (size_t)g->ncells);
    return form;
}

int geom_parse_row(const sf_geometry_t *g, const sf_alphabet_t *a, int row,
                   const char *s, size_t len, uint8_t *out, int *spaced,
                   const char **why)
{
    size_t tokens = 0, symbols = 0;
    int bad = -1, numeric = 1, over = 0;
    uint8_t vals[SF_MAX_N];
    if (!a)
        a = geom_default_alphabet();
    for (size_t i = 0; i < len;) {
        if (is_blank(s[i]) || s[i] == '|') {
            i++;
            continue;
        }
        size_t j = i;
        int v = 0;
        while (j < len && !is_blank(s[j]) && s[j] != '|') {
            const int c = a->value[(unsigned char)s[j]];
            if (c < 0 && bad < 0)
                bad = (unsigned char)s[j];
            if (symbols < SF_MAX_N)
                vals[symbols] = (uint8_t)(c > 0 ? c : 0);
            over |= c > g->n;
            symbols++;
            const int digit = s[j] >= '0' && s[j] <= '9';
            numeric &= digit;
            if (digit && v < 1000) /* 3 digits or more: no value */
                v = v * 10 + (s[j] - '0');
            j++;
        }
        numeric &= j - i <= 2 && v <= g->n;
        if (tokens < (size_t)g->n)
            out[tokens] = (uint8_t)v;
        tokens++;
        i = j;
    }
    *spaced = tokens > 1;
    if (numeric && tokens == (size_t)g->n && (symbols != (size_t)g->n ||
                                              g->n > 9))
        return SF_FORM_SPACES;
    if (bad >= 0) {
        *why = parse_why_char(bad);
        return -1;
    }
    if (symbols != (size_t)g->n) {
        *why = geom_why_row(g, row, symbols);
        return -1;
    }
    if (over) {
        *why = why_value(g);
        return -1;
    }
    *spaced = tokens == symbols && tokens > 1;
    memcpy(out, vals, (size_t)g->n);
    return SF_FORM_SYMBOLS;
}

/* ------------------------------------------------------------- writing */

size_t sf_geom_text_max(const sf_geometry_t *g)
{
    return (size_t)sf_geometry_cells(g) * 3 + 1;
}

size_t sf_format_geom(const sf_geometry_t *g, const sf_alphabet_t *a,
                      int form, const uint8_t *cells, char empty, char *out)
{
    const int nc = sf_geometry_cells(g);
    if (!a)
        a = geom_default_alphabet();
    size_t k = 0;
    for (int i = 0; i < nc; i++) {
        const unsigned v = cells[i];
        if (form == SF_FORM_SYMBOLS) {
            out[k++] = v ? a->symbol[v] : empty;
            continue;
        }
        if (i)
            out[k++] = form == SF_FORM_COMMAS ? ',' : ' ';
        if (v >= 10)
            out[k++] = (char)('0' + v / 10);
        out[k++] = (char)('0' + v % 10);
    }
    out[k] = '\0';
    return k;
}
