/*
 * geom_detect.c -- the format and side of a file of puzzles of any
 * geometry, from its first lines.
 *
 * With a geometry fixed, each line votes for what it parses as: a record
 * (line format), a grid row or frame (grid format), else csv when it has
 * a comma; a first line with a comma that is neither a record nor a row
 * is a csv header and decides alone when it names something (as in
 * parse.c); one of cells and commas alone is a csv row, and the csv
 * rows win unless another kind has more lines.  With the side left to the input, a
 * line votes for every side it fits: a record of N*N symbols or numbers
 * for side N, a grid row of N symbols or numbers too; a symbol above N
 * rules that side out (a 16-cell line of values up to 4 is both a 4x4
 * record and a row of a 16x16 grid, one with a 9 in it only a row).  The
 * records of one side win when half the lines or more are of it (a 4x4
 * file with a damaged record stays one), else the (format, side) pair
 * with the most votes; records win a tie, then the first line.  Pure
 * functions of the bytes.
 */
#include <string.h>

#include "geom_detect.h"
#include "geom_text.h"
#include "parse.h"

static int is_blank(char ch) { return ch == ' ' || ch == '\t'; }

static int is_sep(char ch)
{
    return ch == ',' || ch == ':' || ch == ';' || ch == '|' || is_blank(ch);
}

static int side_of(size_t cells)
{
    for (int n = 4; n <= SF_MAX_N; n++)
        if ((size_t)(n * n) == cells)
            return n;
    return 0;
}

/* Numeric tokens separated by commas, semicolons or blanks: their count
 * and largest value, or 0 when a token is not a number of 1-2 digits
 * (or '.'). */
static size_t numeric_tokens(const char *s, size_t len, int *max)
{
    size_t k = 0, i = 0;
    *max = 0;
    while (i < len) {
        while (i < len && (is_blank(s[i]) || s[i] == ',' || s[i] == ';'))
            i++;
        if (i == len)
            break;
        size_t j = i;
        int v = 0;
        if (s[j] == '.')
            j++;
        else
            while (j < len && s[j] >= '0' && s[j] <= '9')
                v = v < 1000 ? v * 10 + (s[j++] - '0') : (j++, v);
        if (j == i || j - i > 2 || (j < len && !is_blank(s[j]) &&
                                    s[j] != ',' && s[j] != ';'))
            return 0;
        *max = v > *max ? v : *max;
        k++;
        i = j;
    }
    return k;
}

/* The side a line is a record of (its format in *fmt), 0 when none. */
static int record_side(const sf_alphabet_t *a, const char *s, size_t len)
{
    size_t i = 0;
    int max = 0;
    while (i < len && a->value[(unsigned char)s[i]] >= 0) {
        max = a->value[(unsigned char)s[i]] > max ? a->value[(unsigned char)s[i]]
                                                  : max;
        i++;
    }
    int n = (i == len || is_sep(s[i])) ? side_of(i) : 0;
    if (n && max <= n)
        return n;
    const size_t k = numeric_tokens(s, len, &max);
    n = k > 1 ? side_of(k) : 0;
    return n && max <= n ? n : 0;
}

/* The side a line is a grid row of, 0 when none: numbers separated by
 * blanks (two-digit values), else symbols. */
static int row_side(const sf_alphabet_t *a, const char *s, size_t len)
{
    size_t cells = 0;
    int max = 0;
    const size_t k = numeric_tokens(s, len, &max);
    if (k >= 4 && k <= SF_MAX_N && max <= (int)k)
        return (int)k;
    max = 0;
    for (size_t i = 0; i < len; i++) {
        if (is_blank(s[i]) || s[i] == '|')
            continue;
        const int v = a->value[(unsigned char)s[i]];
        if (v < 0) {
            cells = 0;
            break;
        }
        max = v > max ? v : max;
        cells++;
    }
    return cells >= 4 && cells <= SF_MAX_N && max <= (int)cells ? (int)cells
                                                                : 0;
}

/* What one line is in geometry g. */
static sf_format_t kind_of(const sf_geometry_t *g, const sf_alphabet_t *a,
                           const char *s, size_t len)
{
    uint8_t cells[SF_MAX_CELLS];
    const char *why;
    int spaced;
    int max;
    if (sf_parse_geom(g, a, s, len, cells, &why) >= 0 ||
        numeric_tokens(s, len, &max) > 1) /* numbers: a record, if any */
        return SF_FORMAT_LINE;
    if (geom_parse_row(g, a, 1, s, len, cells, &spaced, &why) >= 0 ||
        parse_is_frame(s, len))
        return SF_FORMAT_GRID;
    return SF_FORMAT_AUTO;
}

/* A vote for a format and side. */
typedef struct vote {
    sf_format_t kind;
    int side, votes, line;
} vote_t;

static void add_vote(vote_t *v, int *n, sf_format_t kind, int side, int line)
{
    for (int i = 0; i < *n; i++)
        if (v[i].kind == kind && v[i].side == side) {
            v[i].votes++;
            return;
        }
    v[(*n)++] = (vote_t){kind, side, 1, line};
}

/* The lines' votes: with g, for what each parses as; without, for every
 * (format, side) it fits (a 16-cell line is a 4x4 record and a 16x16
 * grid row).  *csv counts the lines with a comma that fit nothing. */
static int count_votes(const sf_geometry_t *g, const sf_alphabet_t *a,
                       sf_format_t want, const char *const *lines,
                       const size_t *lens, int n, vote_t *v, int *csv)
{
    int nv = 0;
    *csv = 0;
    for (int i = 0; i < n; i++) {
        int voted = 0;
        if (g) {
            const sf_format_t k = kind_of(g, a, lines[i], lens[i]);
            voted = k != SF_FORMAT_AUTO;
            if (voted && (want == SF_FORMAT_AUTO || want == k))
                add_vote(v, &nv, k, g->n, i);
        } else {
            const int rs = want == SF_FORMAT_AUTO || want == SF_FORMAT_LINE
                               ? record_side(a, lines[i], lens[i]) : 0;
            const int gs = want == SF_FORMAT_AUTO || want == SF_FORMAT_GRID
                               ? row_side(a, lines[i], lens[i]) : 0;
            voted = rs || gs;
            if (rs)
                add_vote(v, &nv, SF_FORMAT_LINE, rs, i);
            if (gs)
                add_vote(v, &nv, SF_FORMAT_GRID, gs, i);
        }
        *csv += !voted && memchr(lines[i], ',', lens[i]) != NULL;
    }
    return nv;
}

/* 1 when vote a beats b among n lines: records of half the lines or
 * more first, then the most votes, then records, then the first line. */
static int better(const vote_t *a, const vote_t *b, int n)
{
    const int ha = a->kind == SF_FORMAT_LINE && 2 * a->votes >= n;
    const int hb = b->kind == SF_FORMAT_LINE && 2 * b->votes >= n;
    if (ha != hb)
        return ha;
    if (a->votes != b->votes)
        return a->votes > b->votes;
    if (a->kind != b->kind)
        return a->kind == SF_FORMAT_LINE;
    return a->line < b->line;
}

sf_format_t geom_detect_lines(const sf_geometry_t *g, const sf_alphabet_t *a,
                              sf_format_t want, const char *const *lines,
                              const size_t *lens, int n, int *side)
{
    vote_t v[2 * GEOM_DETECT_MAX];
    *side = g ? g->n : 0;
    if (n < 1)
        return SF_FORMAT_AUTO;
    if (n > GEOM_DETECT_MAX)
        n = GEOM_DETECT_MAX;
    if (want == SF_FORMAT_CSV)
        return SF_FORMAT_CSV;
    int csv = 0;
    const int nv = count_votes(g, a, want, lines, lens, n, v, &csv);
    int best = -1;
    for (int i = 0; i < nv; i++)
        if (best < 0 || better(&v[i], &v[best], n))
            best = i;
    const int first_votes = nv > 0 && v[0].line == 0;
    if (!first_votes && memchr(lines[0], ',', lens[0]) &&
        (parse_names_something(lines[0], lens[0]) || best < 0 ||
         v[best].votes <= csv))
        return SF_FORMAT_CSV; /* a header, or rows only csv reads */
    if (best < 0)
        return SF_FORMAT_AUTO;
    *side = v[best].side;
    return v[best].kind;
}

int geom_field_side(const sf_alphabet_t *a, const char *s, size_t len)
{
    while (len > 0 && is_blank(*s))
        s++, len--;
    while (len > 0 && is_blank(s[len - 1]))
        len--;
    return record_side(a, s, len);
}
