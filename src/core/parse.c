/*
 * parse.c -- text to puzzles: the line, grid, CSV and pencilmark parsers,
 * format names and format detection.
 *
 * Everything here is a pure function of its input bytes: no allocation, no
 * state kept between calls, safe from any number of threads.  A cell
 * character maps to its value through one 256-entry table fixed at compile
 * time ('1'-'9' givens, '0' '.' '_' '-' '*' empty), so any byte, NUL or
 * otherwise, is either a cell or a reason for rejecting the record.
 *
 * Invalid records carry a static reason string.  The reasons that quote a
 * count or a character ("expected 81 cells, found 80", "bad character 'x'")
 * come from one table of every such string, written once under
 * pthread_once and only read afterwards, so a record never allocates.
 */
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "parse.h"
#include "sudoflow.h"

/* ------------------------------------------------------------ cell table */

/* Value + 1 of each byte as a cell; 0 means "not a cell". */
static const uint8_t cell_tab[256] = {
    ['0'] = 1, ['.'] = 1, ['_'] = 1, ['-'] = 1, ['*'] = 1,
    ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6,
    ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
};

static int cell_of(char ch) { return (int)cell_tab[(unsigned char)ch] - 1; }

static int is_line_sep(char ch)
{
    return ch == ',' || ch == ':' || ch == ';' || ch == '|' || ch == ' ' ||
           ch == '\t';
}

static int is_space(char ch) { return ch == ' ' || ch == '\t'; }

int sf_cell_value(int ch)
{
    if (ch < 0 || ch > 255)
        return -1;
    return (int)cell_tab[ch] - 1;
}

/* ---------------------------------------------------------- format names */

static const char *const format_names[] = {"auto",  "line",  "grid",
                                           "csv",   "pencil", "jsonl",
                                           "fpuzzles"};
#define FORMAT_COUNT (sizeof format_names / sizeof format_names[0])

const char *sf_format_name(sf_format_t format)
{
    if ((unsigned)format >= FORMAT_COUNT)
        return "?";
    return format_names[format];
}

int sf_format_parse(const char *name)
{
    if (!name)
        return -1;
    for (size_t i = 0; i < FORMAT_COUNT; i++)
        if (strcmp(name, format_names[i]) == 0)
            return (int)i;
    return -1;
}

/* ------------------------------------------------------- reason strings */

#define WHY_MAX 255 /* largest count quoted exactly */
#define WHY_LEN 48
#define WHY_PENCIL_MAX 1023 /* the same for pencilmark records */

typedef struct why_table {
    char cells[WHY_MAX + 2][WHY_LEN];     /* index WHY_MAX + 1: "more than" */
    char field[WHY_MAX + 2][WHY_LEN];
    char row[9][WHY_MAX + 2][WHY_LEN];
    char rows[9][WHY_LEN];
    char bad[256][WHY_LEN];
    char pencil[WHY_PENCIL_MAX + 2][WHY_LEN];
} why_table_t;

static why_table_t why_tab;                       /* written once, then read */
static pthread_once_t why_once = PTHREAD_ONCE_INIT;

static void count_text(char *dst, size_t size, size_t n, size_t max)
{
    if (n > max)
        snprintf(dst, size, "more than %zu", max);
    else
        snprintf(dst, size, "%zu", n);
}

static void why_build(void)
{
    char num[16]; /* "more than 1023" */
    for (size_t n = 0; n <= WHY_MAX + 1; n++) {
        count_text(num, sizeof num, n, WHY_MAX);
        snprintf(why_tab.cells[n], WHY_LEN, "expected 81 cells, found %s", num);
        snprintf(why_tab.field[n], WHY_LEN, "puzzle field has %s cells", num);
        for (int r = 0; r < 9; r++)
            snprintf(why_tab.row[r][n], WHY_LEN, "grid row %d has %s cells",
                     r + 1, num);
    }
    for (size_t n = 0; n <= WHY_PENCIL_MAX + 1; n++) {
        count_text(num, sizeof num, n, WHY_PENCIL_MAX);
        snprintf(why_tab.pencil[n], WHY_LEN, "expected 729 pencilmarks, "
                 "found %s", num);
    }
    for (int r = 0; r < 9; r++)
        snprintf(why_tab.rows[r], WHY_LEN, "grid has %d row%s", r,
                 r == 1 ? "" : "s");
    for (int c = 0; c < 256; c++) {
        if (c >= 0x20 && c < 0x7f)
            snprintf(why_tab.bad[c], WHY_LEN, "bad character '%c'", c);
        else
            snprintf(why_tab.bad[c], WHY_LEN, "bad byte 0x%02x", c);
    }
}

static const why_table_t *whys(void)
{
    pthread_once(&why_once, why_build);
    return &why_tab;
}

static size_t why_index(size_t n) { return n > WHY_MAX ? WHY_MAX + 1 : n; }

const char *parse_why_cells(size_t found)
{
    return whys()->cells[why_index(found)];
}

const char *parse_why_field(size_t found)
{
    return whys()->field[why_index(found)];
}

const char *parse_why_row(int row, size_t found)
{
    row = row < 1 ? 1 : row > 9 ? 9 : row;
    return whys()->row[row - 1][why_index(found)];
}

const char *parse_why_rows(int rows)
{
    rows = rows < 0 ? 0 : rows > 8 ? 8 : rows;
    return whys()->rows[rows];
}

const char *parse_why_char(int ch) { return whys()->bad[ch & 0xff]; }

/* ----------------------------------------------------------- line format */

/* Why a line that failed to parse is not a puzzle; i is the length of its
 * leading run of cells (at most 81). */
static const char *line_reason(const char *text, size_t len, size_t i)
{
    if (i == len || (i < SF_CELLS && is_line_sep(text[i])))
        return parse_why_cells(i);
    if (cell_of(text[i]) < 0)
        return parse_why_char((unsigned char)text[i]);
    while (i < len && i <= WHY_MAX && cell_of(text[i]) >= 0)
        i++;
    return parse_why_cells(i);
}

#if defined(__SSE2__)
#include <emmintrin.h>

/* Cells 0..79 of a line, 16 at a time: a byte is a digit when c - '0' is at
 * most 9 (unsigned), or an empty mark.  Returns 1 when all 80 were cells. */
static int parse_cells80(const char *text, uint8_t *cells)
{
    const __m128i zero = _mm_set1_epi8('0'), nine = _mm_set1_epi8(9);
    int ok = 0xFFFF;
    for (int k = 0; k < 80; k += 16) {
        const __m128i x = _mm_loadu_si128((const __m128i *)(text + k));
        const __m128i d = _mm_sub_epi8(x, zero);
        const __m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(d, nine), d);
        const __m128i empty = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('.')),
                         _mm_cmpeq_epi8(x, _mm_set1_epi8('_'))),
            _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('-')),
                         _mm_cmpeq_epi8(x, _mm_set1_epi8('*'))));
        ok &= _mm_movemask_epi8(_mm_or_si128(digit, empty));
        _mm_storeu_si128((__m128i *)(cells + k), _mm_and_si128(d, digit));
    }
    return ok == 0xFFFF;
}
#else
static int parse_cells80(const char *text, uint8_t *cells)
{
    unsigned bad = 0;
    for (int i = 0; i < 80; i++) {
        const uint8_t t = cell_tab[(unsigned char)text[i]];
        bad |= t == 0;
        cells[i] = (uint8_t)(t - (t != 0));
    }
    return !bad;
}
#endif

/* Fast path of sf_parse_line: a well-formed line. */
static int parse_line_fast(const char *text, size_t len, uint8_t *cells)
{
    if (len < SF_CELLS || (len > SF_CELLS && !is_line_sep(text[SF_CELLS])))
        return 0;
    const int last = cell_of(text[SF_CELLS - 1]);
    if (last < 0 || !parse_cells80(text, cells))
        return 0;
    cells[SF_CELLS - 1] = (uint8_t)last;
    return 1;
}

int sf_parse_line(const char *text, size_t len, uint8_t *cells,
                  const char **why)
{
    if (!text || !cells) {
        if (why)
            *why = "no text";
        return -1;
    }
    if (parse_line_fast(text, len, cells)) {
        if (why)
            *why = NULL;
        return 0;
    }
    const size_t n = len < SF_CELLS ? len : SF_CELLS;
    size_t i;
    for (i = 0; i < n; i++) {
        const int v = cell_of(text[i]);
        if (v < 0)
            break;
        cells[i] = (uint8_t)v;
    }
    if (i == SF_CELLS && (len == SF_CELLS || is_line_sep(text[SF_CELLS]))) {
        if (why)
            *why = NULL;
        return 0;
    }
    memset(cells, 0, SF_CELLS);
    if (why)
        *why = line_reason(text, len, i);
    return -1;
}

/* ----------------------------------------------------- pencilmark format */

/* Why a pencilmark record is not one; i is the length of its leading run
 * of well-placed marks (at most 729).  A record of the wrong length says
 * so first: an 81-cell puzzle among pencilmarks is one of those. */
static const char *pencil_reason(const char *text, size_t len, size_t i)
{
    static const char misplaced[] =
        "digit out of place: mark k of a cell must be k, '.' or '0'";
    size_t n = 0;
    while (n < len && n <= WHY_PENCIL_MAX && !is_line_sep(text[n]))
        n++;
    if (n != SF_PENCIL_CHARS)
        return whys()->pencil[n > WHY_PENCIL_MAX ? WHY_PENCIL_MAX + 1 : n];
    return text[i] >= '1' && text[i] <= '9'
               ? misplaced
               : parse_why_char((unsigned char)text[i]);
}

int sf_parse_pencil(const char *text, size_t len, uint16_t *cands,
                    const char **why)
{
    if (!text || !cands) {
        if (why)
            *why = "no text";
        return -1;
    }
    memset(cands, 0, SF_CELLS * sizeof *cands);
    size_t i = 0;
    for (; i < len && i < SF_PENCIL_CHARS; i++) {
        const unsigned k = (unsigned)(i % 9);
        if (text[i] == (char)('1' + k))
            cands[i / 9] |= (uint16_t)(1u << k);
        else if (text[i] != '.' && text[i] != '0')
            break;
    }
    if (i == SF_PENCIL_CHARS && (len == i || is_line_sep(text[i]))) {
        if (why)
            *why = NULL;
        return 0;
    }
    memset(cands, 0, SF_CELLS * sizeof *cands);
    if (why)
        *why = pencil_reason(text, len, i);
    return -1;
}

/* ----------------------------------------------------------- grid format */

int parse_is_blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!is_space(s[i]) && s[i] != '\r' && s[i] != '\v' && s[i] != '\f')
            return 0;
    return 1;
}

size_t parse_row_cells(const char *s, size_t n, char *out, int *spaced)
{
    size_t k = 0;
    int touching = 0, gap_blank = 0, any_blank_gap = 0, after_cell = 0;
    for (size_t i = 0; i < n; i++) {
        const char ch = s[i];
        if (is_space(ch) || ch == '|') {
            gap_blank |= is_space(ch);
            after_cell = 0;
            continue;
        }
        if (after_cell)
            touching = 1;
        else if (k > 0 && gap_blank)
            any_blank_gap = 1;
        if (out)
            out[k] = ch;
        k++;
        gap_blank = 0;
        after_cell = 1;
    }
    if (spaced)
        *spaced = !touching && any_blank_gap;
    return k;
}

int parse_is_frame(const char *s, size_t n)
{
    size_t dashes = 0;
    int marks = 0, any = 0;
    for (size_t i = 0; i < n; i++) {
        switch (s[i]) {
        case '-': dashes++; any = 1; break;
        case '+': case '=': marks = 1; any = 1; break;
        case '|': any = 1; break;
        case ' ': case '\t': break;
        default: return 0;
        }
    }
    return any && (marks || dashes != 9);
}

/* 1 when the line is one grid row of nine valid cells. */
static int is_grid_row(const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (is_space(s[i]) || s[i] == '|')
            continue;
        if (k == 9 || cell_of(s[i]) < 0)
            return 0;
        k++;
    }
    return k == 9;
}

/* The format a line is a record (or grid row) of: line, grid or pencil;
 * SF_FORMAT_AUTO when none. */
static sf_format_t line_kind(const char *s, size_t len)
{
    uint8_t cells[SF_CELLS];
    uint16_t cands[SF_CELLS];
    if (sf_parse_line(s, len, cells, NULL) == 0)
        return SF_FORMAT_LINE;
    if (is_grid_row(s, len) || parse_is_frame(s, len))
        return SF_FORMAT_GRID;
    if (len >= SF_PENCIL_CHARS && sf_parse_pencil(s, len, cands, NULL) == 0)
        return SF_FORMAT_PENCIL;
    return SF_FORMAT_AUTO;
}

int parse_classic_kind(const char *s, size_t len)
{
    uint8_t cells[SF_CELLS];
    uint16_t cands[SF_CELLS];
    return sf_parse_line(s, len, cells, NULL) == 0 || is_grid_row(s, len) ||
           (len >= SF_PENCIL_CHARS && sf_parse_pencil(s, len, cands, NULL) == 0);
}

int parse_names_something(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        const char ch = s[i];
        if (cell_of(ch) < 0 && !is_line_sep(ch) && ch != '"' && ch != '\r')
            return 1;
    }
    return 0;
}

/* 1 when the line is, alone, one of the names the reader takes for a
 * puzzle column (a csv file of one column has no comma to show it). */
static int is_puzzle_column(const char *s, size_t len)
{
    static const char *const names[] = {"puzzle", "quizzes", "question",
                                         "quiz"};
    while (len > 0 && (s[len - 1] == '\r' || is_space(s[len - 1])))
        len--;
    if (len >= 2 && s[0] == '"' && s[len - 1] == '"')
        s++, len -= 2;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (len == strlen(names[k]) && strncasecmp(s, names[k], len) == 0)
            return 1;
    return 0;
}

/* What one line votes for: its line_kind, else csv when it has a comma. */
static sf_format_t vote_of(const char *s, size_t len)
{
    const sf_format_t kind = line_kind(s, len);
    if (kind == SF_FORMAT_AUTO && memchr(s, ',', len))
        return SF_FORMAT_CSV;
    return kind;
}

sf_format_t parse_detect_lines(const char *const *lines, const size_t *lens,
                               int n)
{
    const sf_format_t first = sf_detect_format(lines[0], lens[0]);
    if (first == SF_FORMAT_CSV && parse_names_something(lines[0], lens[0]))
        return first; /* a header row decides */
    int votes[SF_FORMAT_PENCIL + 1] = {0};
    for (int i = 0; i < n; i++)
        votes[vote_of(lines[i], lens[i])]++;
    sf_format_t best = first;
    for (int f = SF_FORMAT_LINE; f <= SF_FORMAT_PENCIL; f++)
        if (votes[f] > votes[best])
            best = (sf_format_t)f;
    return best;
}

sf_format_t sf_detect_format(const char *line, size_t len)
{
    if (!line)
        return SF_FORMAT_AUTO;
    const sf_format_t kind = line_kind(line, len);
    if (kind != SF_FORMAT_AUTO)
        return kind;
    if (memchr(line, ',', len) || is_puzzle_column(line, len))
        return SF_FORMAT_CSV;
    return SF_FORMAT_LINE;
}

/* ------------------------------------------------------------------- csv */

int parse_csv_state(const char *s, size_t n, int state)
{
    if (state != PARSE_CSV_QUOTED && !memchr(s, '"', n))
        return n == 0 ? state : s[n - 1] == ',' ? PARSE_CSV_FIELD
                                                : PARSE_CSV_BARE;
    for (size_t i = 0; i < n; i++) {
        const char ch = s[i];
        switch (state) {
        case PARSE_CSV_BARE:
            if (ch == ',')
                state = PARSE_CSV_FIELD;
            break;
        case PARSE_CSV_QUOTED:
            if (ch == '"')
                state = PARSE_CSV_CLOSE;
            break;
        case PARSE_CSV_CLOSE: /* "" is an escaped quote */
            state = ch == '"'   ? PARSE_CSV_QUOTED
                    : ch == ',' ? PARSE_CSV_FIELD
                                : PARSE_CSV_BARE;
            break;
        default: /* PARSE_CSV_FIELD */
            state = ch == '"'   ? PARSE_CSV_QUOTED
                    : ch == ',' ? PARSE_CSV_FIELD
                                : PARSE_CSV_BARE;
            break;
        }
    }
    return state;
}

/* Copy a quoted field starting at text[*i] == '"' to out[*o...], undoing
 * "" escapes.  Returns -1 when the closing quote is missing. */
static int csv_quoted(const char *text, size_t len, size_t *i, char *out,
                      size_t *o)
{
    size_t p = *i + 1, q = *o;
    for (;;) {
        if (p >= len)
            return -1;
        if (text[p] != '"') {
            out[q++] = text[p++];
        } else if (p + 1 < len && text[p + 1] == '"') {
            out[q++] = '"';
            p += 2;
        } else {
            p++;
            break;
        }
    }
    *i = p;
    *o = q;
    return 0;
}

int sf_csv_split(const char *text, size_t len, char *out, size_t *starts,
                 size_t *ends, int max)
{
    if ((!text && len) || !out || (max > 0 && (!starts || !ends)))
        return -1;
    size_t i = 0, o = 0;
    int count = 0;
    for (;;) {
        const size_t start = o;
        if (i < len && text[i] == '"' && csv_quoted(text, len, &i, out, &o))
            return -1;
        /* an unquoted field, or what trails a closing quote, is literal */
        while (i < len && text[i] != ',')
            out[o++] = text[i++];
        if (count < max) {
            starts[count] = start;
            ends[count] = o;
        }
        out[o++] = '\0';
        count++;
        if (i >= len || count == INT_MAX)
            return count;
        i++; /* the comma */
    }
}

int parse_field_cells(const char *s, size_t n, uint8_t *cells,
                      const char **why)
{
    while (n > 0 && is_space(*s)) {
        s++;
        n--;
    }
    while (n > 0 && is_space(s[n - 1]))
        n--;
    for (size_t i = 0; i < n; i++) {
        const int v = cell_of(s[i]);
        if (v < 0) {
            *why = parse_why_char((unsigned char)s[i]);
            return -1;
        }
        if (i < SF_CELLS)
            cells[i] = (uint8_t)v;
    }
    if (n != SF_CELLS) {
        *why = parse_why_field(n);
        return -1;
    }
    *why = NULL;
    return 0;
}
