/*
 * reader.c -- files to records: the streaming reader behind sf_reader_fill.
 *
 * The reader walks its file list in order and opens each file only when the
 * stream reaches it.  A file's bytes (plain or inflated gzip, see gzin.c)
 * land in one growing buffer that is filled a block at a time; lines are
 * found with memchr and handed out as offsets into it.  Unconsumed bytes
 * move to the front before each read, so the buffer holds about one block
 * plus the longest line, whatever the size of the input.
 *
 * Each line goes through the same gate in every format: '#' comments and
 * blank lines are dropped, the first remaining line of a file and the few
 * after it (read ahead, not consumed) decide its format unless one is
 * fixed, and the format's handler turns lines into records:
 *
 *   line  one line, one record;
 *   pencil  one line of 729 candidate marks, one record, its text kept
 *         even for callers that want none (the candidates are read from
 *         it when the record is solved); only for callers that take
 *         pencilmark puzzles, an error otherwise;
 *   grid  rows collect in an accumulator that survives between fill calls;
 *         a grid ends after nine rows, at a blank line or at the end of the
 *         file, so a short or malformed grid never swallows the next one;
 *   csv   the first record is the header, kept per file as read for
 *         callers that copy it; a record whose quotes are still open at
 *         the end of a line continues on the next ones.  While it
 *         does, a mark keeps its start in the buffer; if the quote is not
 *         closed within the longest record or before the end of the file,
 *         the record is just its first line (invalid) and reading resumes
 *         on the line after it, so a stray quote costs one record;
 *   jsonl one JSON object a line (a file whose first line starts with
 *         '{'), one record: its "puzzle" string, in the geometry the
 *         record names with "geometry", "regions", "variant" and "extra"
 *         (made once per distinct names: geom_cache.c), else the named
 *         one, else the one its length gives; other keys are kept in the
 *         text only;
 *   fpuzzles  one f-puzzles puzzle a line: its JSON (a first line starting
 *         with '{' that has "size" and "grid"), the JSON's lz-string form
 *         ("N4Ig...") or a link carrying it ("...?load="), one record in
 *         the geometry the puzzle says, with its rules (fpz_record.c), for
 *         readers that take variants, an error otherwise; its text is
 *         kept, since another process rebuilds the record from it.
 *
 * A record's text is copied into the chunk's arena, so a chunk stays valid
 * while the reader fills the next one.  Errors are sticky: records read
 * before an error in the same call are returned first, the error on the
 * next call.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "gzin.h"
#include "fpz_record.h"
#include "geom_cache.h"
#include "jsonl_scan.h"
#include "core/geom_detect.h"
#include "core/geom_text.h"
#include "core/geometry.h"
#include "core/parse.h"
#include "reader_at.h"
#include "sudoflow.h"

#define READ_BLOCK (1u << 20)   /* least free room offered to a read */
#define FILL_BYTES READER_FILL_BYTES

typedef struct grid_acc {
    uint8_t cells[SF_MAX_CELLS]; /* values of the rows so far */
    int rows;                /* rows collected, 0..N-1 between calls */
    int spaced;              /* style of the first row */
    int form;                /* ...and its form (SF_FORM_*, geometries) */
    uint64_t line;           /* line of the first row */
    const char *why;         /* first problem found, NULL while valid */
    char *text;              /* the rows' cell characters, concatenated */
    size_t text_len, text_cap;
} grid_acc_t;

struct sf_reader {
    char **paths;          /* as given; "-" is standard input */
    size_t nfiles;
    size_t cur;            /* index of the file being read */
    int open;              /* file cur is open */
    sf_format_t fixed;     /* format forced by the options, or AUTO */
    sf_format_t fmt;       /* format of the current file, AUTO until seen */
    sf_format_t first;     /* first format decided */
    char *column;          /* csv column option, or NULL */
    char **headers;        /* per file: its csv header as read, or NULL */
    sf_format_t *formats;  /* per file: its format once decided */
    uint64_t *counts;      /* per file: records, then invalid ones (2 each) */
    size_t *header_lens;   /* per file: bytes at headers[i] */
    int no_text;           /* records carry no text (opts->no_text) */
    int pencil;            /* pencilmark files are read (opts->pencil) */
    int variants;          /* f-puzzles files are read (opts->variants) */
    fpz_records_t fpz;     /* their records' geometries and reasons */
    size_t max_record;     /* longest line or csv record kept */
    void (*on_note)(void *, const char *, uint64_t, const char *);
    void *note_ctx;        /* for on_note */
    int long_first;        /* first byte of the too-long line just skipped */
    gzin_t in;             /* the current file's bytes */
    char *buf;             /* content of the current file */
    size_t cap;            /* bytes allocated at buf */
    size_t pos;            /* start of the unconsumed bytes */
    size_t end;            /* end of the bytes read */
    size_t scan;           /* bytes before this hold no newline after pos */
    size_t mark;           /* start of a csv record spanning lines */
    int marked;            /* mark is in use: keep bytes from it */
    int eof;               /* the current file has no more bytes */
    uint64_t line;         /* lines of the current file handed out */
    int csv_header;        /* the current file's csv header is read */
    int csv_guess;         /* ...and names no puzzle column: column 1 is
                            * taken if the first record has a puzzle there */
    size_t csv_col;        /* 0-based puzzle column */
    char *tmp;             /* unquoted copy of a csv record */
    size_t tmp_cap;
    size_t *fields;        /* csv field offsets in tmp: starts, then ends */
    size_t fields_cap;
    size_t *starts, *ends; /* the two halves of fields in use */
    grid_acc_t grid;
    const sf_geometry_t *fixed_geom; /* opts->geometry; NULL when classic */
    int geom_fixed;        /* opts->geometry was given */
    int sizes;             /* opts->sizes: files say their side */
    sf_alphabet_t alpha;   /* symbols of geometry records */
    const sf_geometry_t *geom; /* the current file's; NULL: classic */
    int geom_known;        /* ...is decided */
    int detected;          /* the current file's first lines were read */
    sf_geometry_t *sized[SF_MAX_N + 1]; /* geometries made for sides */
    geom_cache_t jgeoms;   /* geometries jsonl records name */
    char *jtmp;            /* their strings, unescaped */
    size_t jtmp_cap;
    uint64_t done_before;  /* input bytes of the files already closed */
    uint64_t content;      /* bytes of the open file's content read */
    uint64_t done_mark;    /* sf_reader_bytes_done */
    uint64_t total;        /* sizes of all files, 0 when unknown */
    size_t read_max;       /* bytes per read after reader_seek (0: all) */
    int failed;            /* err holds a sticky error */
    sf_error_t err;
};

/* -------------------------------------------------------------- helpers */

static const char *name_of(const sf_reader_t *r, size_t i)
{
    return strcmp(r->paths[i], "-") == 0 ? "<stdin>" : r->paths[i];
}

/* Fail with an error.  A read error stays the error: one met while the
 * format was being detected (the lines read ahead, peek_line) comes back
 * at its place in the stream, and anything found in between (a csv header
 * judged on the lines before the damage) would misname the cause. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int set_err(sf_reader_t *r, int code, const char *fmt, ...)
{
    if (r->err.code == SF_ERR_IO && code != SF_ERR_IO)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    r->err.code = code;
    vsnprintf(r->err.message, sizeof r->err.message, fmt, ap);
    va_end(ap);
    return -1;
}

static int no_memory(sf_reader_t *r)
{
    const char *name = r->cur < r->nfiles ? name_of(r, r->cur) : "input";
    return set_err(r, SF_ERR_NOMEM, "%s: out of memory", name);
}

/* Make *p hold at least need bytes (elements of size each). */
static int reserve(void **p, size_t *cap, size_t need, size_t size,
                   size_t least)
{
    if (need <= *cap)
        return 0;
    size_t n = *cap > least ? *cap : least;
    while (n < need)
        n = n > SIZE_MAX / 2 ? need : n * 2;
    if (n > SIZE_MAX / size)
        return -1;
    void *q = realloc(*p, n * size);
    if (!q)
        return -1;
    *p = q;
    *cap = n;
    return 0;
}

/* The message for the input stream's error. */
static int io_error(sf_reader_t *r)
{
    const char *name = name_of(r, r->cur);
    const unsigned long long line = r->line;
    char sys[128];
    switch (r->in.err) {
    case GZIN_ESYS:
        if (strerror_r(r->in.sys_errno, sys, sizeof sys) != 0)
            snprintf(sys, sizeof sys, "error %d", r->in.sys_errno);
        if (!r->open)
            return set_err(r, SF_ERR_IO, "%s: %s", name, sys);
        return set_err(r, SF_ERR_IO, "%s: read error (%s) after line %llu",
                       name, sys, line);
    case GZIN_ECORRUPT:
        return set_err(r, SF_ERR_IO, "%s: corrupt gzip data (%s) near line %llu",
                       name, r->in.zmsg, line + 1);
    case GZIN_ETRUNC:
        return set_err(r, SF_ERR_IO, "%s: truncated gzip stream after line %llu",
                       name, line);
    case GZIN_ETRAIL:
        return set_err(r, SF_ERR_IO,
                       "%s: trailing garbage after gzip data (after line %llu)",
                       name, line);
    case GZIN_ESHRANK:
        return set_err(r, SF_ERR_IO, "%s: file shrank while being read "
                       "(%llu bytes when opened, %llu read; after line %llu)",
                       name, (unsigned long long)r->in.size,
                       (unsigned long long)r->in.got, line);
    default:
        return no_memory(r);
    }
}

/* ----------------------------------------------------------- file stream */

static int open_file(sf_reader_t *r)
{
    if (!r->buf) {
        r->buf = malloc(2 * (size_t)READ_BLOCK);
        if (!r->buf)
            return no_memory(r);
        r->cap = 2 * (size_t)READ_BLOCK;
    }
    r->pos = r->end = r->scan = r->mark = 0;
    r->marked = r->eof = 0;
    r->line = 0;
    r->fmt = r->fixed;
    r->csv_header = r->csv_guess = 0;
    r->grid.rows = 0;
    r->geom = r->fixed_geom;
    r->geom_known = r->geom_fixed || !r->sizes;
    r->detected = 0;
    if (gzin_open(&r->in, r->paths[r->cur]) < 0)
        return io_error(r);
    r->open = 1;
    r->content = 0;
    return 0;
}

static void close_file(sf_reader_t *r)
{
    r->done_before += r->in.consumed;
    gzin_close(&r->in);
    r->open = 0;
    r->cur++;
}

/* Move the bytes still needed to the front, then read more after them. */
static int refill(sf_reader_t *r)
{
    const size_t keep = r->marked ? r->mark : r->pos;
    if (keep > 0) {
        memmove(r->buf, r->buf + keep, r->end - keep);
        r->end -= keep;
        r->pos -= keep;
        r->scan -= keep;
        r->mark = r->marked ? r->mark - keep : 0;
    }
    if (r->cap - r->end < READ_BLOCK &&
        reserve((void **)&r->buf, &r->cap, r->end + READ_BLOCK, 1, 0) < 0)
        return no_memory(r);
    size_t room = r->cap - r->end;
    if (r->read_max && room > r->read_max)
        room = r->read_max;
    const long n = gzin_read(&r->in, r->buf + r->end, room);
    if (n < 0)
        return io_error(r);
    r->eof = n == 0;
    r->end += (size_t)n;
    r->content += (uint64_t)n;
    return 0;
}

/* Hand out the line ending at stop (nl: a newline is there). */
static void take(sf_reader_t *r, size_t stop, int nl, size_t *off,
                 size_t *len)
{
    size_t start = r->pos;
    r->pos = r->scan = stop + (nl ? 1 : 0);
    r->line++;
    if (stop > start && r->buf[stop - 1] == '\r')
        stop--;
    if (r->line == 1 && stop - start >= 3 &&
        memcmp(r->buf + start, "\xef\xbb\xbf", 3) == 0)
        start += 3; /* UTF-8 byte order mark */
    *off = start;
    *len = stop - start;
}

/* What next_line found. */
enum { LINE_END = 0, LINE_OK = 1, LINE_LONG = 2 };

/* Bytes of a line surely longer than max_record even after its CR and a
 * byte order mark are taken off. */
#define LONG_SLACK 4

/* The line found at [*off, *off + *len) is longer than max_record: keep
 * its first byte (a comment?) and nothing else. */
static int too_long(sf_reader_t *r, size_t *off, size_t *len)
{
    r->long_first = (unsigned char)r->buf[*off];
    *off = r->pos;
    *len = 0;
    return LINE_LONG;
}

/* The line at pos has passed max_record bytes without a newline: drop its
 * bytes as they come until its newline or the end of the file, so it is
 * never held whole. */
static int skip_long(sf_reader_t *r, size_t *off, size_t *len)
{
    r->long_first = (unsigned char)r->buf[r->pos];
    for (;;) {
        const char *nl = memchr(r->buf + r->scan, '\n', r->end - r->scan);
        if (nl) {
            r->pos = r->scan = (size_t)(nl - r->buf) + 1;
            break;
        }
        r->pos = r->scan = r->end;
        if (r->eof)
            break;
        if (refill(r) < 0)
            return -1;
    }
    r->line++;
    *off = r->pos;
    *len = 0;
    return LINE_LONG;
}

/* Next line of the current file as [*off, *off + *len) in r->buf, without
 * its terminator; valid until the next call.  LINE_OK, LINE_END at the end
 * of the file, -1 on error, or LINE_LONG for a line longer than max_record
 * (skipped, *len 0; while a csv record spanning lines is marked, LINE_LONG
 * says the span passed max_record, and nothing is consumed). */
static int next_line(sf_reader_t *r, size_t *off, size_t *len)
{
    for (;;) {
        const char *nl = memchr(r->buf + r->scan, '\n', r->end - r->scan);
        if (nl || (r->eof && r->pos < r->end)) {
            take(r, nl ? (size_t)(nl - r->buf) : r->end, nl != NULL, off, len);
            return *len > r->max_record ? too_long(r, off, len) : LINE_OK;
        }
        if (r->eof)
            return LINE_END;
        r->scan = r->end;
        if (r->marked && r->end - r->mark > r->max_record + LONG_SLACK)
            return LINE_LONG;
        if (!r->marked && r->end - r->pos > r->max_record + LONG_SLACK)
            return skip_long(r, off, len);
        if (refill(r) < 0)
            return -1;
    }
}

/* --------------------------------------------------------------- records */

/* Append a record with a copy of its text (unless the caller wants none
 * and keep is 0); NULL when out of memory. */
static sf_record_t *add_record_keep(sf_reader_t *r, sf_chunk_t *c,
                                    uint64_t line, const char *text,
                                    size_t len, int keep)
{
    if (r->no_text && !keep)
        len = 0;
    if (len > UINT32_MAX)
        len = UINT32_MAX;
    if (reserve((void **)&c->recs, &c->cap, c->count + 1, sizeof *c->recs,
                256) < 0 ||
        reserve((void **)&c->text, &c->text_cap, c->text_len + len, 1,
                64 * 1024) < 0) {
        no_memory(r);
        return NULL;
    }
    const size_t nc = r->geom ? (size_t)r->geom->ncells : 0;
    if (nc && reserve((void **)&c->gcells, &c->gcells_cap,
                      c->gcells_len + 2 * nc, 1, 64 * 1024) < 0) {
        no_memory(r);
        return NULL;
    }
    sf_record_t *rec = &c->recs[c->count++];
    rec->invalid = 0;
    rec->spaced = 0;
    rec->pencil = 0;
    rec->rules = NULL;
    rec->form = SF_FORM_SYMBOLS;
    rec->geom = r->geom;
    rec->cells_off = (uint32_t)c->gcells_len;
    if (nc) { /* its cells, then as many bytes of room (sf_item_t) */
        memset(c->gcells + c->gcells_len, 0, 2 * nc);
        c->gcells_len += 2 * nc;
    }
    rec->file = (uint32_t)r->cur;
    rec->line = line;
    rec->text_off = c->text_len;
    rec->text_len = (uint32_t)len;
    rec->why = NULL;
    if (len)
        memcpy(c->text + c->text_len, text, len);
    c->text_len += len;
    return rec;
}

static sf_record_t *add_record(sf_reader_t *r, sf_chunk_t *c, uint64_t line,
                               const char *text, size_t len)
{
    return add_record_keep(r, c, line, text, len, 0);
}

static void set_invalid(sf_chunk_t *c, sf_record_t *rec, const char *why)
{
    rec->invalid = 1;
    rec->why = why;
    memset(rec->cells, 0, SF_CELLS);
    if (rec->geom)
        memset(c->gcells + rec->cells_off, 0, (size_t)rec->geom->ncells);
}

/* Parse a geometry record's text into its cells. */
static void geom_record(sf_reader_t *r, sf_chunk_t *c, sf_record_t *rec,
                        const char *s, size_t len)
{
    const int form = sf_parse_geom(rec->geom, &r->alpha, s, len,
                                   c->gcells + rec->cells_off, &rec->why);
    if (form < 0)
        set_invalid(c, rec, rec->why);
    else
        rec->form = (uint8_t)form;
}

static int line_record(sf_reader_t *r, sf_chunk_t *c, const char *s,
                       size_t len)
{
    sf_record_t *rec = add_record(r, c, r->line, s, len);
    if (!rec)
        return -1;
    if (rec->geom)
        geom_record(r, c, rec, s, len);
    else if (sf_parse_line(s, len, rec->cells, &rec->why) < 0)
        rec->invalid = 1;
    return 1;
}

/* A pencilmark record: its text is kept (the candidates), its cells are
 * those with one candidate. */
static int pencil_record(sf_reader_t *r, sf_chunk_t *c, const char *s,
                         size_t len)
{
    uint16_t cands[SF_CELLS];
    sf_record_t *rec = add_record_keep(r, c, r->line, s, len, 1);
    if (!rec)
        return -1;
    rec->pencil = 1;
    if (sf_parse_pencil(s, len, cands, &rec->why) < 0) {
        set_invalid(c, rec, rec->why);
        return 1;
    }
    for (int i = 0; i < SF_CELLS; i++) {
        const unsigned m = cands[i];
        rec->cells[i] = (m && !(m & (m - 1))) ? (uint8_t)(__builtin_ctz(m) + 1)
                                              : 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ grid */

/* Rows of a grid of the current file. */
static int grid_side(const sf_reader_t *r) { return r->geom ? r->geom->n : 9; }

/* Emit the grid collected so far, if any. */
static int grid_end(sf_reader_t *r, sf_chunk_t *c)
{
    grid_acc_t *g = &r->grid;
    if (g->rows == 0)
        return 0;
    if (g->rows < grid_side(r) && !g->why)
        g->why = r->geom ? geom_why_rows(r->geom, g->rows)
                         : parse_why_rows(g->rows);
    g->rows = 0;
    sf_record_t *rec = add_record(r, c, g->line, g->text, g->text_len);
    if (!rec)
        return -1;
    rec->spaced = (uint8_t)g->spaced;
    if (rec->geom)
        rec->form = (uint8_t)g->form;
    if (g->why)
        set_invalid(c, rec, g->why);
    else if (rec->geom)
        memcpy(c->gcells + rec->cells_off, g->cells,
               (size_t)rec->geom->ncells);
    else
        memcpy(rec->cells, g->cells, SF_CELLS);
    return 1;
}

static void grid_check(grid_acc_t *g, const char *cells, size_t n)
{
    if (n != 9) {
        g->why = parse_why_row(g->rows + 1, n);
        return;
    }
    for (int k = 0; k < 9; k++) {
        const int v = sf_cell_value((unsigned char)cells[k]);
        if (v < 0) {
            g->why = parse_why_char((unsigned char)cells[k]);
            return;
        }
        g->cells[g->rows * 9 + k] = (uint8_t)v;
    }
}

/* A row of a geometry grid: its text is kept as it is (cells of two
 * digits need their blanks), one row a line. */
static int geom_grid_row(sf_reader_t *r, sf_chunk_t *c, const char *s,
                         size_t len)
{
    grid_acc_t *g = &r->grid;
    const sf_geometry_t *geo = r->geom;
    int spaced;
    const char *why = NULL;
    if (g->text_len)
        g->text[g->text_len++] = '\n';
    memcpy(g->text + g->text_len, s, len);
    g->text_len += len;
    const int form = geom_parse_row(geo, &r->alpha, g->rows + 1, s, len,
                                    g->cells + g->rows * geo->n, &spaced,
                                    &why);
    if (form < 0 && !g->why)
        g->why = why;
    if (g->rows == 0) {
        g->spaced = spaced;
        g->form = form < 0 ? SF_FORM_SYMBOLS : form;
    }
    g->rows++;
    return g->rows == geo->n ? grid_end(r, c) : 0;
}

static int grid_row(sf_reader_t *r, sf_chunk_t *c, const char *s, size_t len)
{
    grid_acc_t *g = &r->grid;
    int spaced;
    if (parse_is_frame(s, len))
        return 0;
    if (g->rows == 0) {
        g->line = r->line;
        g->why = NULL;
        g->text_len = 0;
    }
    if (reserve((void **)&g->text, &g->text_cap, g->text_len + len + 1, 1,
                128))
        return no_memory(r);
    const char *cells = g->text + g->text_len;
    if (r->geom)
        return geom_grid_row(r, c, s, len);
    const size_t n = parse_row_cells(s, len, g->text + g->text_len, &spaced);
    if (g->rows == 0)
        g->spaced = spaced;
    if (!g->why)
        grid_check(g, cells, n);
    g->text_len += n;
    g->rows++;
    return g->rows == 9 ? grid_end(r, c) : 0;
}

/* A row that cannot be kept (too long): its grid is invalid for why. */
static int grid_bad_row(sf_reader_t *r, sf_chunk_t *c, const char *why)
{
    grid_acc_t *g = &r->grid;
    if (g->rows == 0) {
        g->line = r->line;
        g->text_len = 0;
        g->spaced = 0;
        g->form = SF_FORM_SYMBOLS;
        g->why = why;
    } else if (!g->why) {
        g->why = why;
    }
    g->rows++;
    return g->rows == grid_side(r) ? grid_end(r, c) : 0;
}

/* ------------------------------------------------------------------- csv */

/* Field i of the split record in tmp, without surrounding blanks. */
static const char *csv_field(const sf_reader_t *r, size_t i, size_t *len)
{
    size_t a = r->starts[i], b = r->ends[i];
    while (a < b && (r->tmp[a] == ' ' || r->tmp[a] == '\t'))
        a++;
    while (b > a && (r->tmp[b - 1] == ' ' || r->tmp[b - 1] == '\t'))
        b--;
    *len = b - a;
    return r->tmp + a;
}

static int is_number(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

/* Column index chosen by the --column option, or -1 (error set). */
static long column_by_option(sf_reader_t *r, size_t n)
{
    const char *spec = r->column, *name = name_of(r, r->cur);
    const size_t want = strlen(spec);
    size_t len;
    if (is_number(spec)) {
        errno = 0;
        const unsigned long long v = strtoull(spec, NULL, 10);
        if (v >= 1 && v <= n && errno != ERANGE)
            return (long)v - 1;
        return set_err(r, SF_ERR_USAGE,
                       "%s: column %s out of range (the header has %zu "
                       "column%s)", name, spec, n, n == 1 ? "" : "s");
    }
    for (int fold = 0; fold < 2; fold++) {
        for (size_t i = 0; i < n; i++) {
            const char *f = csv_field(r, i, &len);
            if (len == want && (fold ? strncasecmp(f, spec, len) == 0
                                     : memcmp(f, spec, len) == 0))
                return (long)i;
        }
    }
    return set_err(r, SF_ERR_USAGE, "%s: no column named '%s'", name, spec);
}

/* First column with a conventional puzzle name, else the first column
 * (flagged as a guess: see csv_guessed). */
static long column_by_default(sf_reader_t *r, size_t n)
{
    static const char *const names[] = {"puzzle", "quizzes", "question",
                                         "quiz"};
    size_t len;
    for (size_t i = 0; i < n; i++) {
        const char *f = csv_field(r, i, &len);
        for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
            if (len == strlen(names[k]) && strncasecmp(f, names[k], len) == 0)
                return (long)i;
    }
    r->csv_guess = 1;
    return 0;
}

/* The first record of a csv file whose header names no puzzle column
 * (the chunk's last, just parsed from column 1): a puzzle there confirms
 * the column (1), anything else makes the file an error that shows the
 * header and names --column, and the record is taken back (-1). */
static int csv_guessed(sf_reader_t *r, sf_chunk_t *c)
{
    const sf_record_t *rec = &c->recs[c->count - 1];
    r->csv_guess = 0;
    if (!rec->invalid)
        return 1;
    c->count--;
    c->text_len = rec->text_off;
    const char *h = r->headers[r->cur] ? r->headers[r->cur] : "";
    const int cut = (int)strnlen(h, 120);
    return set_err(r, SF_ERR_USAGE,
                   "%s: line %llu: no puzzle column: the csv header "
                   "\"%.*s%s\" names none of puzzle, quizzes, question, quiz, "
                   "and column 1 holds no puzzle (choose the column with "
                   "--column NAME|NUMBER)", name_of(r, r->cur),
                   (unsigned long long)rec->line, cut, h,
                   h[cut] ? "..." : "");
}

/* Split s into r->tmp and the first max field offsets.  Returns the field
 * count, -1 for an unterminated quote, -2 when out of memory (error set). */
static int csv_split(sf_reader_t *r, const char *s, size_t len, size_t max)
{
    if (max > INT_MAX)
        max = INT_MAX;
    if (reserve((void **)&r->tmp, &r->tmp_cap, len + 1, 1, 256) < 0 ||
        reserve((void **)&r->fields, &r->fields_cap, 2 * max + 2,
                sizeof(size_t), 16) < 0)
        return no_memory(r) - 1;
    r->starts = r->fields;
    r->ends = r->fields + max;
    return sf_csv_split(s, len, r->tmp, r->starts, r->ends, (int)max);
}

/* 1 when a csv field is a puzzle: of the file's geometry, of any side
 * when files say theirs and this one has not yet, else classic. */
static int is_puzzle_field(const sf_reader_t *r, const char *f, size_t flen)
{
    uint8_t cells[SF_MAX_CELLS];
    const char *why;
    if (r->geom)
        return geom_parse_field(r->geom, &r->alpha, f, flen, cells, &why) >= 0;
    if (!r->geom_known && geom_field_side(&r->alpha, f, flen) > 0)
        return 1;
    return parse_field_cells(f, flen, cells, &why) == 0;
}

/* The first field of the split row (n fields) that is a puzzle, or -1. */
static long puzzle_field(const sf_reader_t *r, size_t n)
{
    size_t flen;
    for (size_t i = 0; i < n; i++) {
        const char *f = csv_field(r, i, &flen);
        if (is_puzzle_field(r, f, flen))
            return (long)i;
    }
    return -1;
}

static const char IS_PUZZLE[] = "is a puzzle";
static const char NAMES_NOTHING[] = "names nothing (only cells and commas)";

/* The note for a csv file without a header, its first row being is. */
static const char *pz_note(const char *is)
{
    return is == IS_PUZZLE ? "no csv header: the first row is a puzzle, so "
                             "every row is read as a record"
                           : "no csv header: the first row names nothing "
                             "(only cells and commas), so every row is read "
                             "as a record";
}

/* The first row of a csv file holds a puzzle (field first), or names
 * nothing (cells and commas only, a damaged puzzle: field 0): the file has
 * no header, and the row is a record, valid or not.  1, or -1 with the
 * error set. */
static int no_header(sf_reader_t *r, size_t n, long first, uint64_t line,
                     const char *is)
{
    const char *name = name_of(r, r->cur);
    if (r->column && !is_number(r->column))
        return set_err(r, SF_ERR_USAGE, "%s: the first row %s, not a csv "
                       "header, so no column is named '%s' (use --column "
                       "NUMBER)", name, is, r->column);
    const long col = r->column ? column_by_option(r, n) : first;
    if (col < 0)
        return -1;
    r->csv_col = (size_t)col;
    r->csv_header = 1;
    if (r->on_note)
        r->on_note(r->note_ctx, name, line, pz_note(is));
    return 1;
}

/* The first row of a csv file: its header (0), or, when it holds a
 * puzzle, the first record of a file without one (1); -1 on error. */
static int csv_header(sf_reader_t *r, const char *s, size_t len,
                      uint64_t line)
{
    int n = csv_split(r, s, len, 0);
    if (n == -1)
        return set_err(r, SF_ERR_IO,
                       "%s: line %llu: unterminated quote in the csv header",
                       name_of(r, r->cur), (unsigned long long)line);
    if (n < 0 || (n = csv_split(r, s, len, (size_t)n)) < 0)
        return -1;
    const long pz = puzzle_field(r, (size_t)n);
    if (pz >= 0)
        return no_header(r, (size_t)n, pz, line, IS_PUZZLE);
    if (!parse_names_something(s, len))
        return no_header(r, (size_t)n, 0, line, NAMES_NOTHING);
    const long col = r->column ? column_by_option(r, (size_t)n)
                               : column_by_default(r, (size_t)n);
    if (col < 0)
        return -1;
    char *copy = malloc(len + 1);
    if (!copy)
        return no_memory(r);
    memcpy(copy, s, len);
    copy[len] = '\0';
    free(r->headers[r->cur]);
    r->headers[r->cur] = copy;
    r->header_lens[r->cur] = len;
    r->csv_col = (size_t)col;
    r->csv_header = 1;
    return 0;
}

static int csv_puzzle(sf_reader_t *r, sf_chunk_t *c, sf_record_t *rec,
                      const char *s, size_t len)
{
    const char *why;
    size_t flen;
    const int n = csv_split(r, s, len, r->csv_col + 1);
    if (n < -1)
        return -1;
    if (n == -1)
        why = "unterminated quote";
    else if ((size_t)n <= r->csv_col)
        why = "missing puzzle field";
    else {
        const char *field = csv_field(r, r->csv_col, &flen);
        if (!rec->geom)
            parse_field_cells(field, flen, rec->cells, &why);
        else {
            const int form = geom_parse_field(rec->geom, &r->alpha, field,
                                              flen, c->gcells + rec->cells_off,
                                              &why);
            rec->form = (uint8_t)(form < 0 ? 0 : form);
        }
    }
    if (why)
        set_invalid(c, rec, why);
    return 1;
}

/* ------------------------------------------------- sides and geometries */

/* The geometry of side n with the default boxes, made once per reader;
 * NULL for classic 9x9, or on error (set: a prime side needs a region
 * map). */
static int use_side(sf_reader_t *r, int n, uint64_t line)
{
    r->geom_known = 1;
    if (n == 0 || n == 9) {
        r->geom = NULL;
        return 0;
    }
    if (!r->sized[n]) {
        char size[16];
        sf_error_t e;
        snprintf(size, sizeof size, "%dx%d", n, n);
        const sf_geometry_spec_t spec = {.size = size};
        r->sized[n] = sf_geometry_new(&spec, &e);
        if (!r->sized[n])
            return e.code == SF_ERR_NOMEM
                       ? no_memory(r)
                       : set_err(r, SF_ERR_USAGE, "%s: line %llu: a %dx%d "
                                 "puzzle: %s (--regions MAP)",
                                 name_of(r, r->cur), (unsigned long long)line,
                                 n, n, e.message);
    }
    r->geom = r->sized[n];
    return 0;
}

/* The first record of a csv file whose side is to be read off it. */
static int csv_side(sf_reader_t *r, const char *s, size_t len)
{
    size_t flen;
    const int n = csv_split(r, s, len, r->csv_col + 1);
    if (n < -1)
        return -1;
    if (n <= (int)r->csv_col)
        return use_side(r, 0, r->line);
    const char *f = csv_field(r, r->csv_col, &flen);
    uint8_t cells[SF_CELLS];
    const char *why;
    const int side = parse_field_cells(f, flen, cells, &why) == 0
                         ? 9 : geom_field_side(&r->alpha, f, flen);
    return use_side(r, side, r->line);
}

/* The line at *off opens a quote: extend it over the following lines.
 * 0 = closed (off, len now cover the record), 1 = never closed (off, len
 * cover the first line; reading resumes after it), -1 = error. */
static int csv_span(sf_reader_t *r, size_t *off, size_t *len)
{
    const uint64_t first = r->line;
    const size_t first_len = *len, first_next = r->pos - *off;
    int state = PARSE_CSV_QUOTED;
    r->mark = *off;
    r->marked = 1;
    for (;;) {
        size_t o = 0, n = 0;
        const int rc = next_line(r, &o, &n);
        if (rc < 0) {
            r->marked = 0;
            return -1;
        }
        if (rc == LINE_OK)
            state = parse_csv_state(r->buf + o, n, state);
        if (rc == LINE_OK && state != PARSE_CSV_QUOTED &&
            o + n - r->mark <= r->max_record) {
            *off = r->mark;
            *len = o + n - r->mark;
            r->marked = 0;
            return 0;
        }
        if (rc != LINE_OK || o + n - r->mark > r->max_record)
            break;
    }
    *off = r->mark;
    *len = first_len;
    r->pos = r->scan = r->mark + first_next;
    r->line = first;
    r->marked = 0;
    return 1;
}

static int csv_record(sf_reader_t *r, sf_chunk_t *c, size_t off, size_t len)
{
    const uint64_t first = r->line;
    int open_quote = 0;
    if (parse_csv_state(r->buf + off, len, PARSE_CSV_FIELD) ==
        PARSE_CSV_QUOTED) {
        open_quote = csv_span(r, &off, &len);
        if (open_quote < 0)
            return -1;
    }
    const char *s = r->buf + off;
    if (!r->csv_header) {
        if (open_quote)
            return set_err(r, SF_ERR_IO,
                           "%s: line %llu: unterminated quote in the csv "
                           "header", name_of(r, r->cur),
                           (unsigned long long)first);
        const int h = csv_header(r, s, len, first);
        if (h <= 0)
            return h;
    }
    if (!r->geom_known && !open_quote && csv_side(r, s, len) < 0)
        return -1;
    sf_record_t *rec = add_record(r, c, first, s, len);
    if (!rec)
        return -1;
    if (open_quote)
        set_invalid(c, rec, "unterminated quote");
    else if (csv_puzzle(r, c, rec, s, len) < 0)
        return -1;
    return r->csv_guess ? csv_guessed(r, c) : 1;
}

/* ------------------------------------------------------------- dispatch */

/* Lines looked at to decide a file's format, and bytes read ahead for
 * them at most. */
#define DETECT_LINES 9
#define DETECT_BYTES (64u << 10)

/* The next non-comment, non-blank line after `at` (an offset from mark):
 * its offset and length, reading ahead as needed.  1 found, 0 none before
 * the end, the read-ahead bound or a read error (which is sticky: the
 * lines before it are still handed out, then the error). */
static int peek_line(sf_reader_t *r, size_t *at, size_t *off, size_t *len)
{
    for (;;) {
        const size_t a = r->mark + *at;
        const char *nl = memchr(r->buf + a, '\n', r->end - a);
        if (!nl) {
            if (r->eof || r->end - r->mark > DETECT_BYTES || refill(r) < 0)
                return 0;
            continue;
        }
        size_t e = (size_t)(nl - r->buf);
        *at = e + 1 - r->mark;
        if (e > a && r->buf[e - 1] == '\r')
            e--;
        if ((e > a && r->buf[a] == '#') || parse_is_blank(r->buf + a, e - a))
            continue;
        *off = a - r->mark;
        *len = e - a;
        return 1;
    }
}

/* The format (and side, when the file says it) of a file of a geometry,
 * or of a file whose side is to be read off it: one whose first line is a
 * classic record or grid row is classic, one of no side at all is read as
 * classic too (its records are invalid), and a csv file takes its side
 * from its first record. */
static int detect_geom(sf_reader_t *r, const char *const *lines,
                       const size_t *lens, int n)
{
    int side = 0;
    if (!r->fixed_geom && parse_classic_kind(lines[0], lens[0])) {
        r->fmt = parse_detect_lines(lines, lens, n);
        return r->fmt == SF_FORMAT_CSV ? 0 : use_side(r, 0, r->line);
    }
    const sf_format_t f = geom_detect_lines(r->fixed_geom, &r->alpha,
                                            r->fixed, lines, lens, n, &side);
    if (f == SF_FORMAT_AUTO) {
        r->fmt = parse_detect_lines(lines, lens, n);
        return r->fixed_geom || r->fmt == SF_FORMAT_CSV
                   ? 0 : use_side(r, 0, r->line);
    }
    r->fmt = f;
    if (r->fixed_geom || (f == SF_FORMAT_CSV && side == 0))
        return 0;
    return use_side(r, side, r->line);
}

/* 1 when the len bytes at s hold the text t. */
static int holds(const char *s, size_t len, const char *t)
{
    const size_t n = strlen(t);
    for (size_t i = 0; i + n <= len; i++)
        if (s[i] == t[0] && memcmp(s + i, t, n) == 0)
            return 1;
    return 0;
}

/* 1 when a line (its leading blanks gone) looks like an f-puzzles puzzle:
 * JSON with "size" and "grid", lz-string text of JSON, or a link. */
static int fpuzzles_line(const char *s, size_t len)
{
    if (len > 0 && s[0] == '{')
        return holds(s, len, "\"grid\"") && holds(s, len, "\"size\"");
    if (len >= 8 && memcmp(s, "N4Ig", 4) == 0)
        return 1;
    return holds(s, len, "?load=");
}

/* Decide the current file's format from the line at *off (len bytes) and
 * the lines after it, read ahead without being consumed; *off follows the
 * line when reading ahead moves the buffer.  0, or -1 on error. */
static int detect(sf_reader_t *r, size_t *off, size_t len)
{
    size_t rel[DETECT_LINES], lens[DETECT_LINES], at = r->pos - *off;
    int n = 1;
    rel[0] = 0;
    lens[0] = len;
    r->mark = *off;
    r->marked = 1;
    while (n < DETECT_LINES && peek_line(r, &at, &rel[n], &lens[n]))
        n++;
    r->marked = 0;
    *off = r->mark;
    const char *lines[DETECT_LINES];
    for (int i = 0; i < n; i++)
        lines[i] = r->buf + r->mark + rel[i];
    size_t lead = 0;
    while (lead < len && (lines[0][lead] == ' ' || lines[0][lead] == '\t'))
        lead++;
    if (r->fixed == SF_FORMAT_FPUZZLES ||
        (r->fixed == SF_FORMAT_AUTO &&
         fpuzzles_line(lines[0] + lead, len - lead))) {
        r->fmt = SF_FORMAT_FPUZZLES; /* each record says its geometry */
        r->geom_known = 1;
        r->geom = NULL;
        return 0;
    }
    if ((r->fixed == SF_FORMAT_AUTO || r->fixed == SF_FORMAT_JSONL) &&
        lead < len && lines[0][lead] == '{') {
        r->fmt = SF_FORMAT_JSONL; /* each record says its geometry */
        r->geom_known = 1;
        r->geom = r->fixed_geom;
        return 0;
    }
    int rc = 0;
    if (r->fixed_geom || !r->geom_known)
        rc = detect_geom(r, lines, lens, n);
    else
        r->fmt = parse_detect_lines(lines, lens, n);
    if (r->fixed != SF_FORMAT_AUTO)
        r->fmt = r->fixed;
    return rc;
}

/* ---------------------------------------------------------------- jsonl */

enum { JK_PUZZLE, JK_GEOMETRY, JK_REGIONS, JK_VARIANT, JK_EXTRA, JK_COUNT };
static const char *const jsonl_keys[JK_COUNT] = {"puzzle", "geometry",
                                                 "regions", "variant",
                                                 "extra"};

/* String value v unescaped into the scratch at *at (moved on), or NULL
 * (absent: NULL with *bad 0; not a string or not text: *bad set). */
static const char *jsonl_text(sf_reader_t *r, const jv_t *v, size_t *at,
                              const char **bad, const char *why)
{
    if (v->kind == JV_NONE)
        return NULL;
    const long n = v->kind == JV_STRING
                       ? jsonl_string(v, r->jtmp + *at, r->jtmp_cap - *at)
                       : -1;
    if (n < 0) {
        *bad = why;
        return NULL;
    }
    const char *t = r->jtmp + *at;
    *at += (size_t)n + 1;
    return t;
}

/* The geometry a record names: 0 with *g, -1 with *why (the record is
 * invalid), -2 on error (set). */
static int jsonl_geometry(sf_reader_t *r, const jv_t *v, size_t *at,
                          const char *puzzle, const sf_geometry_t **g,
                          const char **why)
{
    sf_geometry_spec_t spec = {0};
    char size[16];
    const char *bad = NULL;
    spec.size = jsonl_text(r, &v[JK_GEOMETRY], at, &bad,
                           "jsonl: \"geometry\" is not a string");
    spec.regions = jsonl_text(r, &v[JK_REGIONS], at, &bad,
                              "jsonl: \"regions\" is not a string");
    spec.variant = jsonl_text(r, &v[JK_VARIANT], at, &bad,
                              "jsonl: \"variant\" is not a string");
    const jv_t *x = &v[JK_EXTRA];
    if (x->kind == JV_STRING) {
        spec.extra[0] = jsonl_text(r, x, at, &bad,
                                   "jsonl: \"extra\" is not text");
    } else if (x->kind == JV_ARRAY) {
        size_t pos = 0;
        jv_t item;
        int k = 0, more;
        while ((more = jsonl_next_string(x, &pos, &item)) > 0 && !bad) {
            if (k == SF_MAX_EXTRA) {
                bad = "jsonl: more than 8 \"extra\" maps";
                break;
            }
            spec.extra[k++] = jsonl_text(r, &item, at, &bad,
                                         "jsonl: \"extra\" is not text");
        }
        if (more < 0)
            bad = "jsonl: \"extra\" holds other than strings";
    } else if (x->kind != JV_NONE) {
        bad = "jsonl: \"extra\" is not a string or a list of them";
    }
    if (bad) {
        *why = bad;
        return -1;
    }
    if (!spec.size && !spec.regions) { /* the side its length gives */
        const int side = geom_field_side(&r->alpha, puzzle, strlen(puzzle));
        snprintf(size, sizeof size, "%dx%d", side, side);
        spec.size = side ? size : NULL;
    }
    const int rc = geom_cache_get(&r->jgeoms, &spec, g, why);
    if (rc == -2)
        no_memory(r);
    return rc;
}

/* A JSON Lines record (see the top): 1, or -1 on error. */
static int jsonl_record(sf_reader_t *r, sf_chunk_t *c, const char *s,
                        size_t len)
{
    jv_t v[JK_COUNT];
    const char *why = NULL;
    const sf_geometry_t *g = r->fixed_geom;
    const char *puzzle = NULL;
    size_t at = 0;
    if (reserve((void **)&r->jtmp, &r->jtmp_cap, len + 8, 1, 4096) < 0)
        return no_memory(r);
    if (jsonl_scan(s, len, jsonl_keys, JK_COUNT, v, &why) == 0) {
        puzzle = jsonl_text(r, &v[JK_PUZZLE], &at, &why,
                            "jsonl: \"puzzle\" is not a string");
        if (!puzzle && !why)
            why = "jsonl: no \"puzzle\"";
    }
    int named = 0;
    for (int k = JK_GEOMETRY; k < JK_COUNT; k++)
        named |= v[k].kind != JV_NONE;
    if (!why && named && jsonl_geometry(r, v, &at, puzzle, &g, &why) == -2)
        return -1;
    if (!why && g && !r->sizes && !r->fixed_geom) {
        why = "jsonl: a record of another geometry (this command reads "
              "classic 9x9)";
        g = NULL;
    }
    if (!why && !named && !g && r->sizes) { /* the side its length gives */
        const int side = geom_field_side(&r->alpha, puzzle, strlen(puzzle));
        if (side && side != 9 && use_side(r, side, r->line) < 0)
            return -1;
        g = side && side != 9 ? r->geom : NULL;
        r->geom = r->fixed_geom;
    }
    const sf_geometry_t *file_geom = r->geom;
    r->geom = why ? NULL : g;
    sf_record_t *rec = add_record(r, c, r->line, s, len);
    r->geom = file_geom;
    if (!rec)
        return -1;
    if (why)
        set_invalid(c, rec, why);
    else if (rec->geom)
        geom_record(r, c, rec, puzzle, strlen(puzzle));
    else if (sf_parse_line(puzzle, strlen(puzzle), rec->cells, &rec->why) < 0)
        rec->invalid = 1;
    return 1;
}

/* An f-puzzles line (see the top): 1, or -1 on error. */
static int fpuzzles_record(sf_reader_t *r, sf_chunk_t *c, const char *s,
                           size_t len)
{
    if (!r->variants)
        return set_err(r, SF_ERR_USAGE, "%s: line %llu: f-puzzles puzzles "
                       "(variant rules) can only be solved",
                       name_of(r, r->cur), (unsigned long long)r->line);
    const sf_geometry_t *g = NULL;
    sf_rules_t *rules = NULL;
    const char *why = NULL;
    uint8_t cells[SF_MAX_CELLS];
    const int rc = fpz_record(&r->fpz, s, len, &g, &rules, cells, &why);
    if (rc < 0 || (rc == 0 && fpz_chunk_keep(c, rules) < 0)) {
        sf_rules_free(rules);
        return no_memory(r);
    }
    const sf_geometry_t *file_geom = r->geom;
    r->geom = rc == 0 ? g : NULL;
    sf_record_t *rec = add_record_keep(r, c, r->line, s, len, 1);
    r->geom = file_geom;
    if (!rec)
        return -1;
    if (rc == 1) {
        set_invalid(c, rec, why);
        return 1;
    }
    rec->rules = rules;
    memcpy(c->gcells + rec->cells_off, cells, (size_t)sf_geometry_cells(g));
    return 1;
}

/* Use one line: 1 when a record was added, 0 when not, -1 on error. */
static int take_line(sf_reader_t *r, sf_chunk_t *c, size_t off, size_t len)
{
    if (len > 0 && r->buf[off] == '#')
        return 0;
    if (parse_is_blank(r->buf + off, len))
        return r->fmt == SF_FORMAT_GRID ? grid_end(r, c) : 0;
    if (!r->detected && (r->fmt == SF_FORMAT_AUTO || !r->geom_known)) {
        r->detected = 1;
        if (detect(r, &off, len) < 0)
            return -1;
    }
    if (r->first == SF_FORMAT_AUTO)
        r->first = r->fmt;
    if (r->formats[r->cur] != r->fmt) /* written once: jobs read it */
        r->formats[r->cur] = r->fmt;
    const char *s = r->buf + off;
    switch (r->fmt) {
    case SF_FORMAT_GRID:
        return grid_row(r, c, s, len);
    case SF_FORMAT_CSV:
        return csv_record(r, c, off, len);
    case SF_FORMAT_JSONL:
        return jsonl_record(r, c, s, len);
    case SF_FORMAT_FPUZZLES:
        return fpuzzles_record(r, c, s, len);
    case SF_FORMAT_PENCIL:
        if (!r->pencil)
            return set_err(r, SF_ERR_USAGE, "%s: line %llu: pencilmark "
                           "puzzles (729 candidates a line) can only be "
                           "solved or benchmarked", name_of(r, r->cur),
                           (unsigned long long)r->line);
        return pencil_record(r, c, s, len);
    default:
        return line_record(r, c, s, len);
    }
}

/* A line longer than max_record was skipped: a comment stays one; a csv
 * header cannot be one; otherwise it is an invalid record (a grid row
 * makes its grid invalid).  As take_line. */
static int long_line(sf_reader_t *r, sf_chunk_t *c)
{
    static const char why[] = "record too long";
    if (r->long_first == '#')
        return 0;
    if (r->fmt == SF_FORMAT_CSV && !r->csv_header)
        return set_err(r, SF_ERR_IO, "%s: line %llu: csv header longer than "
                       "%zu bytes (see --max-record-bytes)",
                       name_of(r, r->cur), (unsigned long long)r->line,
                       r->max_record);
    if (r->fmt == SF_FORMAT_GRID)
        return grid_bad_row(r, c, why);
    sf_record_t *rec = add_record(r, c, r->line, "", 0);
    if (!rec)
        return -1;
    set_invalid(c, rec, why);
    return 1;
}

/* Add the next record of the stream: 1, or 0 at the end, or -1. */
static int next_record(sf_reader_t *r, sf_chunk_t *c)
{
    for (;;) {
        if (!r->open) {
            if (r->cur >= r->nfiles)
                return 0;
            if (open_file(r) < 0)
                return -1;
        }
        size_t off = 0, len = 0;
        const int rc = next_line(r, &off, &len);
        if (rc < 0)
            return -1;
        const int got = rc == 0 ? (r->fmt == SF_FORMAT_GRID && r->grid.rows > 0
                                       ? grid_end(r, c) : 0)
                      : rc == LINE_LONG ? long_line(r, c)
                                        : take_line(r, c, off, len);
        if (rc == 0 && got == 0) {
            close_file(r);
            continue;
        }
        if (got > 0) {
            r->counts[2 * r->cur]++;
            r->counts[2 * r->cur + 1] += c->recs[c->count - 1].invalid;
        }
        if (got != 0)
            return got;
    }
}

/* ------------------------------------------------------------ public API */

void sf_chunk_init(sf_chunk_t *chunk) { memset(chunk, 0, sizeof *chunk); }

void sf_chunk_free(sf_chunk_t *chunk)
{
    if (!chunk)
        return;
    fpz_chunk_drop(chunk);
    free(chunk->recs);
    free(chunk->text);
    free(chunk->gcells);
    free(chunk->rules);
    sf_chunk_init(chunk);
}

const uint8_t *sf_record_cells(const sf_chunk_t *chunk,
                               const sf_record_t *rec)
{
    return rec->geom ? chunk->gcells + rec->cells_off : rec->cells;
}

/* Sum of the sizes of all files, or 0 when one is not a regular file. */
static uint64_t total_size(const sf_reader_t *r)
{
    uint64_t sum = 0;
    struct stat st;
    for (size_t i = 0; i < r->nfiles; i++) {
        if (strcmp(r->paths[i], "-") == 0 || stat(r->paths[i], &st) != 0 ||
            !S_ISREG(st.st_mode))
            return 0;
        sum += (uint64_t)st.st_size;
    }
    return sum;
}

static char *dup_string(const char *s)
{
    const size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

sf_reader_t *sf_reader_new(const char *const *paths, size_t n,
                           const sf_reader_opts_t *opts)
{
    static const char *const stdin_only[] = {"-"};
    if (n == 0 || !paths) {
        paths = stdin_only;
        n = 1;
    }
    sf_reader_t *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->jgeoms.prefix = "jsonl: ";
    r->fpz.geoms.prefix = "f-puzzles: ";
    gzin_init(&r->in);
    r->in.use_zlib = opts && opts->inflate == 1;
    r->paths = calloc(n, sizeof *r->paths);
    r->headers = calloc(n, sizeof *r->headers);
    r->header_lens = calloc(n, sizeof *r->header_lens);
    r->formats = calloc(n, sizeof *r->formats);
    r->counts = calloc(2 * n, sizeof *r->counts);
    if (!r->paths || !r->headers || !r->header_lens || !r->formats ||
        !r->counts)
        goto fail;
    r->nfiles = n;
    for (size_t i = 0; i < n; i++)
        if (!(r->paths[i] = dup_string(paths[i] ? paths[i] : "-")))
            goto fail;
    if (opts && opts->format > SF_FORMAT_AUTO &&
        opts->format <= SF_FORMAT_PENCIL)
        r->fixed = opts->format;
    if (opts && opts->column && !(r->column = dup_string(opts->column)))
        goto fail;
    r->no_text = opts && opts->no_text;
    r->pencil = opts && opts->pencil;
    r->variants = opts && opts->variants;
    r->on_note = opts ? opts->on_note : NULL;
    r->note_ctx = opts ? opts->note_ctx : NULL;
    r->max_record = opts && opts->max_record ? opts->max_record
                                             : SF_MAX_RECORD_DEFAULT;
    r->geom_fixed = opts && opts->geometry;
    if (r->geom_fixed && !sf_geometry_is_classic(opts->geometry))
        r->fixed_geom = opts->geometry;
    r->sizes = opts && opts->sizes;
    if (opts && opts->alphabet)
        r->alpha = *opts->alphabet;
    else
        r->alpha = *geom_default_alphabet();
    r->total = total_size(r);
    return r;
fail:
    sf_reader_free(r);
    return NULL;
}

void sf_reader_free(sf_reader_t *r)
{
    if (!r)
        return;
    gzin_free(&r->in);
    for (size_t i = 0; r->paths && i < r->nfiles; i++)
        free(r->paths[i]);
    for (size_t i = 0; r->headers && i < r->nfiles; i++)
        free(r->headers[i]);
    free(r->paths);
    free(r->headers);
    free(r->header_lens);
    free(r->formats);
    free(r->counts);
    free(r->column);
    free(r->buf);
    free(r->tmp);
    free(r->fields);
    free(r->grid.text);
    for (int n = 0; n <= SF_MAX_N; n++)
        sf_geometry_free(r->sized[n]);
    geom_cache_free(&r->jgeoms);
    fpz_records_free(&r->fpz);
    free(r->jtmp);
    free(r);
}

/* The input bytes up to what has been parsed: content read ahead into the
 * buffer is not done yet (for gzip, the compressed bytes in the share of
 * the content parsed, an estimate).  Kept in r->done_mark by
 * sf_reader_fill, which never lets it go back. */
static uint64_t bytes_parsed(const sf_reader_t *r)
{
    if (!r->open)
        return r->done_before;
    const uint64_t ahead = r->end - r->pos, in = r->in.consumed;
    if (r->content == 0 || ahead >= r->content)
        return r->done_before;
    if (!r->in.gzip)
        return r->done_before + (in > ahead ? in - ahead : 0);
    const double f = (double)(r->content - ahead) / (double)r->content;
    return r->done_before + (uint64_t)(f * (double)in);
}

long sf_reader_fill(sf_reader_t *r, sf_chunk_t *chunk, size_t max,
                    sf_error_t *err)
{
    if (!r || !chunk) {
        if (err)
            *err = (sf_error_t){SF_ERR_USAGE, "no reader or chunk"};
        return -1;
    }
    chunk->count = 0;
    chunk->text_len = 0;
    chunk->gcells_len = 0;
    fpz_chunk_drop(chunk);
    if (max > LONG_MAX)
        max = LONG_MAX;
    while (!r->failed && chunk->count < max && chunk->text_len < FILL_BYTES) {
        const int rc = next_record(r, chunk);
        if (rc == 0)
            break;
        if (rc < 0)
            r->failed = 1;
    }
    const uint64_t parsed = bytes_parsed(r);
    if (parsed > r->done_mark)
        r->done_mark = parsed;
    if (r->failed && chunk->count == 0) {
        if (err)
            *err = r->err;
        return -1;
    }
    if (err) {
        err->code = 0;
        err->message[0] = '\0';
    }
    return (long)chunk->count;
}

const char *sf_reader_file_name(const sf_reader_t *r, uint32_t i)
{
    return r && i < r->nfiles ? name_of(r, i) : NULL;
}

const char *sf_reader_csv_header(const sf_reader_t *r, uint32_t i,
                                 size_t *len)
{
    const char *h = r && i < r->nfiles ? r->headers[i] : NULL;
    if (len)
        *len = h ? r->header_lens[i] : 0;
    return h;
}

uint64_t sf_reader_file_records(const sf_reader_t *r, uint32_t i,
                                uint64_t *invalid)
{
    const int ok = r && i < r->nfiles;
    if (invalid)
        *invalid = ok ? r->counts[2 * i + 1] : 0;
    return ok ? r->counts[2 * i] : 0;
}

sf_format_t sf_reader_file_format(const sf_reader_t *r, uint32_t i)
{
    return r && i < r->nfiles ? r->formats[i] : SF_FORMAT_AUTO;
}

sf_format_t sf_reader_first_format(const sf_reader_t *r)
{
    if (!r)
        return SF_FORMAT_AUTO;
    return r->fixed != SF_FORMAT_AUTO ? r->fixed : r->first;
}

uint64_t sf_reader_bytes_done(const sf_reader_t *r)
{
    return r ? r->done_mark : 0;
}

uint64_t sf_reader_bytes_total(const sf_reader_t *r)
{
    return r ? r->total : 0;
}

/* ------------------------------------------- several processes (dist.h) */

int reader_at(const sf_reader_t *r, reader_at_t *at)
{
    const sf_format_t f = r->fmt;
    if (r->failed || !r->open || r->cur + 1 != r->nfiles || r->in.gzip ||
        r->geom || !r->geom_known ||
        !r->in.regular || r->marked || r->grid.rows > 0 ||
        (f != SF_FORMAT_LINE && f != SF_FORMAT_PENCIL &&
         (f != SF_FORMAT_CSV || !r->csv_header)))
        return -1;
    at->path = r->paths[r->cur];
    at->file = (uint32_t)r->cur;
    at->offset = r->in.consumed - (r->end - r->pos);
    at->line = r->line;
    at->size = r->in.size;
    at->format = f;
    at->max_record = r->max_record;
    return at->offset < at->size ? 0 : -1;
}

int reader_seek(sf_reader_t *r, uint64_t offset, uint64_t line, size_t span)
{
    r->read_max = span;
    if (r->failed || !r->open || gzin_seek(&r->in, offset) != 0)
        return -1;
    r->pos = r->end = r->scan = r->mark = 0;
    r->marked = r->eof = 0;
    r->csv_guess = 0; /* the file's first record is another process's */
    r->line = line;
    return 0;
}

void reader_count_add(sf_reader_t *r, uint32_t file, uint64_t records,
                      uint64_t invalid)
{
    if (file < r->nfiles) {
        r->counts[2 * file] += records;
        r->counts[2 * file + 1] += invalid;
    }
}
