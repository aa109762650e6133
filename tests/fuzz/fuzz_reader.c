/*
 * fuzz_reader.c -- the streaming reader on arbitrary files, plain and gzip.
 *
 * Every command reads its input through sf_reader_fill, from files nobody
 * checked: any bytes, three formats and auto-detection, CSV quotes that
 * span lines, grids cut short, gzip members.  The reader keeps state
 * between calls (a grid in progress, a CSV record still open, a sticky
 * error), so the bytes are read with a small chunk size (records per
 * call) chosen by the input, and the library is built for fuzzing with a
 * small gzin block (GZIN_BLOCK) so that lines, gzip headers and trailers
 * straddle reads.  The first bytes choose the format (auto, line, grid,
 * csv), the chunk size, the csv column option, the longest record kept
 * (max_record), whether records keep their text, and one of two shapes:
 *
 *   text   the rest (with no 1f byte, which could start a gzip member)
 *          is the content of one file, or of two files read as one
 *          stream (the second maybe missing); it is read as it is,
 *          then gzip-compressed by zlib (level and number of members from
 *          the input; members split the content anywhere), and the two
 *          reads must give identical records and errors.  A gzip file cut
 *          short must end in an error (in a fixed format, after a prefix
 *          of those records);
 *   raw    the rest is the file itself (gzip or not, intact or not, or
 *          text followed by gzip members).
 *
 * Each read checks the reader's contract: a record's text lies inside the
 * chunk's arena, after the previous record's; files come in order and
 * line numbers never decrease within a file; an invalid record has a
 * reason and a valid one none, with cells 0..9; a line-format record is
 * its line (the text at that line of the content, which sf_parse_line
 * parses to the same cells or the same reason); a grid's text is its 81
 * cells; a file's format is known once it gives records; no text is kept
 * when asked; a call returns at most the chunk size; an error comes with
 * a message, once nothing more can be read, and stays: later calls fail
 * with the same error; the end stays the end; the bytes consumed never
 * go back.
 *
 * The reader has two inflate back ends: the built-in one and zlib, the
 * reference (sf_reader_opts_t.inflate).  Every gzip file is read with both
 * and they must give identical records and identical error messages.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzzutil.h"
#include "sudoflow.h"

#define MAX_FILES 2

/* How a stream of files is read. */
typedef struct setup {
    const char *paths[MAX_FILES];
    size_t nfiles;
    sf_format_t format;
    const char *column; /* --column, or NULL */
    int no_text;
    size_t max_record;  /* longest record kept (0: the default) */
    size_t max;         /* records per fill */
    int inflate;        /* back end, where the reader lets us choose */
    /* plain content of each file, when known (for the line checks) */
    const unsigned char *content[MAX_FILES];
    size_t content_len[MAX_FILES];
} setup_t;

/* A record and where it sits, flattened into a byte string so whole runs
 * compare with memcmp.  The cells count only for valid records. */
static void put_record(fz_buf_t *out, const sf_record_t *rec,
                       const char *text)
{
    const char *why = rec->why ? rec->why : "";
    fz_put(out, &rec->invalid, 1);
    fz_put(out, &rec->spaced, 1);
    fz_put(out, &rec->file, sizeof rec->file);
    fz_put(out, &rec->line, sizeof rec->line);
    if (!rec->invalid)
        fz_put(out, rec->cells, SF_CELLS);
    fz_put(out, why, strlen(why) + 1);
    fz_put(out, &rec->text_len, sizeof rec->text_len);
    fz_put(out, text, rec->text_len);
}

/* Start of line `line` (1-based) of s, or NULL past the end. */
static const unsigned char *line_start(const unsigned char *s, size_t n,
                                       uint64_t line)
{
    const unsigned char *p = s, *end = s + n;
    for (uint64_t l = 1; l < line; l++) {
        const unsigned char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            return NULL;
        p = nl + 1;
    }
    return p;
}

/* The format file i is read in: fixed by the options or detected. */
static sf_format_t format_of(const setup_t *s, const sf_reader_t *r,
                             uint32_t file)
{
    const sf_format_t f = sf_reader_file_format(r, file);
    FZ_CHECK(f != SF_FORMAT_AUTO && (s->format == SF_FORMAT_AUTO ||
                                     f == s->format),
             "file %u has records but format %s (fixed: %s)", file,
             sf_format_name(f), sf_format_name(s->format));
    FZ_CHECK(file != 0 || f == sf_reader_first_format(r),
             "the first file's format is %s, the first format %s",
             sf_format_name(f), sf_format_name(sf_reader_first_format(r)));
    return f;
}

/* Checks of a record's content against the file it came from. */
static void check_content(const setup_t *s, const sf_reader_t *r,
                          const sf_record_t *rec, const char *text)
{
    if (rec->invalid && strcmp(rec->why, "record too long") == 0) {
        /* the format may still be undecided: a line too long to keep is
         * not looked at */
        const sf_format_t f = sf_reader_file_format(r, rec->file);
        /* a grid keeps the rows that were not too long */
        FZ_CHECK(s->max_record > 0 && (rec->text_len == 0 ||
                                       f == SF_FORMAT_GRID),
                 "a record too long with %u bytes of text (limit %zu)",
                 rec->text_len, s->max_record);
        return;
    }
    const sf_format_t f = format_of(s, r, rec->file);
    FZ_CHECK(s->max_record == 0 || rec->text_len <= s->max_record ||
             f == SF_FORMAT_GRID, "a record of %u bytes, longer than %zu",
             rec->text_len, s->max_record);
    if (f == SF_FORMAT_CSV) { /* a header, if any, as documented */
        size_t len = 1;
        const char *h = sf_reader_csv_header(r, rec->file, &len);
        FZ_CHECK(h ? h[len] == '\0' : len == 0,
                 "csv header of %zu bytes %s", len,
                 h ? "without its NUL" : "that is not there");
        return;
    }
    if (s->no_text)
        return;
    if (f == SF_FORMAT_GRID && !rec->invalid) {
        FZ_CHECK(rec->text_len == 81, "valid grid with %u cell characters",
                 rec->text_len);
        for (int i = 0; i < 81; i++)
            FZ_CHECK(sf_cell_value((unsigned char)text[i]) == rec->cells[i],
                     "grid cell %d is '%c' but holds %u", i, text[i],
                     rec->cells[i]);
    }
    if (f != SF_FORMAT_LINE)
        return;
    uint8_t cells[SF_CELLS];
    const char *why = NULL;
    const int rc = sf_parse_line(text, rec->text_len, cells, &why);
    FZ_CHECK((rc < 0) == rec->invalid && (rc == 0 ||
             (why && rec->why && strcmp(why, rec->why) == 0)),
             "line record %llu: the reader says %s, sf_parse_line %s",
             (unsigned long long)rec->line,
             rec->invalid ? rec->why : "valid", rc < 0 ? why : "valid");
    FZ_CHECK(rc < 0 || memcmp(cells, rec->cells, SF_CELLS) == 0,
             "line record %llu: cells differ from sf_parse_line's",
             (unsigned long long)rec->line);
    const unsigned char *c = s->content[rec->file];
    if (!c)
        return;
    const unsigned char *at = line_start(c, s->content_len[rec->file],
                                         rec->line);
    FZ_CHECK(at != NULL, "record at line %llu, past the end of the file",
             (unsigned long long)rec->line);
    const size_t left = (size_t)(c + s->content_len[rec->file] - at);
    if (rec->line == 1 && left >= 3 && memcmp(at, "\xef\xbb\xbf", 3) == 0 &&
        !(rec->text_len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0))
        at += 3;
    FZ_CHECK(rec->text_len <= left && memcmp(at, text, rec->text_len) == 0,
             "record text is not the content of its line %llu",
             (unsigned long long)rec->line);
}

/* Checks of one record against the chunk and the one before it. */
static void check_record(const setup_t *s, const sf_reader_t *r,
                         const sf_chunk_t *c, size_t i, uint32_t *file,
                         uint64_t *line, size_t *text_end)
{
    const sf_record_t *rec = &c->recs[i];
    FZ_CHECK(rec->text_off >= *text_end && rec->text_len <= c->text_len &&
             rec->text_off <= c->text_len - rec->text_len &&
             c->text_len <= c->text_cap,
             "record %zu: text [%zu, +%u) outside the arena (%zu used, "
             "previous record ends at %zu)", i, rec->text_off, rec->text_len,
             c->text_len, *text_end);
    *text_end = rec->text_off + rec->text_len;
    FZ_CHECK(rec->file < s->nfiles && rec->file >= *file,
             "record from file %u after file %u", rec->file, *file);
    if (rec->file != *file)
        *line = 0;
    FZ_CHECK(rec->line >= 1 && rec->line >= *line,
             "line %llu after line %llu in file %u",
             (unsigned long long)rec->line, (unsigned long long)*line,
             rec->file);
    *file = rec->file;
    *line = rec->line;
    FZ_CHECK(!s->no_text || rec->text_len == 0, "text kept with no_text");
    FZ_CHECK(rec->invalid <= 1 && rec->spaced <= 1, "flags %u %u",
             rec->invalid, rec->spaced);
    if (rec->invalid) {
        FZ_CHECK(rec->why && rec->why[0], "invalid record without a reason");
    } else {
        FZ_CHECK(rec->why == NULL, "valid record with reason '%s'", rec->why);
        for (int k = 0; k < SF_CELLS; k++)
            FZ_CHECK(rec->cells[k] <= 9, "cell %d is %u", k, rec->cells[k]);
    }
    check_content(s, r, rec, c->text ? c->text + rec->text_off : "");
}

/* After the last fill: later calls give the same answer. */
static void check_stays(sf_reader_t *r, sf_chunk_t *c, size_t max,
                        const sf_error_t *last)
{
    for (int k = 0; k < 2; k++) {
        sf_error_t err;
        memset(&err, 0x5a, sizeof err);
        const long got = sf_reader_fill(r, c, max, &err);
        if (last) {
            FZ_CHECK(got == -1 && err.code == last->code &&
                     strcmp(err.message, last->message) == 0,
                     "a failed reader recovered (%ld, code %d: %s)", got,
                     err.code, err.message);
        } else {
            FZ_CHECK(got == 0 && c->count == 0 && err.code == 0,
                     "records after the end (%ld)", got);
        }
    }
}

/* Read everything; the records (flattened) go to out, *nrec bytes of it
 * (when nrec is not NULL), then the final error code and message.
 * Returns the error code (0 at a clean end). */
static int read_all(const setup_t *s, fz_buf_t *out, size_t *nrec)
{
    sf_reader_opts_t o;
    memset(&o, 0, sizeof o);
    o.format = s->format;
    o.column = s->column;
    o.no_text = s->no_text;
    o.max_record = s->max_record;
    o.inflate = s->inflate;
    sf_reader_t *r = sf_reader_new(s->paths, s->nfiles, &o);
    FZ_CHECK(r != NULL, "sf_reader_new");
    sf_chunk_t c;
    sf_chunk_init(&c);
    uint32_t file = 0;
    uint64_t line = 0, done = 0;
    sf_error_t err;
    out->n = 0;
    for (;;) {
        memset(&err, 0x5a, sizeof err);
        const long got = sf_reader_fill(r, &c, s->max, &err);
        const uint64_t now = sf_reader_bytes_done(r);
        FZ_CHECK(now >= done, "bytes done went back from %llu to %llu",
                 (unsigned long long)done, (unsigned long long)now);
        done = now;
        if (got < 0) {
            FZ_CHECK(got == -1 && err.code >= SF_ERR_USAGE &&
                     err.code <= SF_ERR_NOMEM && err.message[0] &&
                     memchr(err.message, 0, sizeof err.message),
                     "error %ld without a proper code or message (%d)", got,
                     err.code);
            FZ_CHECK(c.count == 0, "records returned with an error");
            if (getenv("FZC_VERBOSE"))
                fprintf(stderr, "reader error %d: %s\n", err.code, err.message);
            break;
        }
        FZ_CHECK(err.code == 0 && err.message[0] == 0,
                 "error %d (%.100s) reported with %ld records", err.code,
                 err.message, got);
        FZ_CHECK((size_t)got == c.count && c.count <= s->max,
                 "fill returned %ld with %zu records (max %zu)", got, c.count,
                 s->max);
        if (got == 0) {
            err.code = 0;
            break;
        }
        size_t text_end = 0;
        for (size_t i = 0; i < c.count; i++) {
            const sf_record_t *rec = &c.recs[i];
            check_record(s, r, &c, i, &file, &line, &text_end);
            put_record(out, rec, c.text ? c.text + rec->text_off : "");
        }
    }
    const uint64_t total = sf_reader_bytes_total(r);
    FZ_CHECK(total == 0 || done <= total, "%llu bytes done of %llu",
             (unsigned long long)done, (unsigned long long)total);
    check_stays(r, &c, s->max, err.code ? &err : NULL);
    if (nrec)
        *nrec = out->n;
    const int code = err.code;
    fz_put(out, &code, sizeof code);
    if (code)
        fz_put(out, err.message, strlen(err.message) + 1);
    sf_chunk_free(&c);
    sf_reader_free(r);
    return code;
}

/* The two inflate back ends agree on the same files; want is the first
 * back end's result. */
static void compare_inflate(setup_t *s, const fz_buf_t *want)
{
    static fz_buf_t other;
    const int was = s->inflate;
    s->inflate = !was;
    read_all(s, &other, NULL);
    s->inflate = was;
    FZ_CHECK(other.n == want->n && memcmp(other.p, want->p, want->n) == 0,
             "the inflate back ends disagree (records or error message)");
}

#define MAX_MEMBERS 4

/* Where the gzip members of the first file end, in bytes. */
typedef struct members {
    size_t end[MAX_MEMBERS];
    int n;
} members_t;

/* gzip members holding content, split at points from the input; their
 * ends go to m. */
static void gzip_parts(fz_t *f, const unsigned char *content, size_t n,
                       fz_buf_t *gz, members_t *m)
{
    const unsigned b = fz_byte(f);
    const int level = (int)(b % 10);
    size_t members = 1 + b / 10 % MAX_MEMBERS, at = 0;
    gz->n = 0;
    m->n = 0;
    while (members-- > 1) {
        const size_t cut = at + (n - at) * fz_byte(f) / 256;
        fz_gzip_member(gz, content + at, cut - at, level);
        m->end[m->n++] = gz->n;
        at = cut;
    }
    fz_gzip_member(gz, content + at, n - at, level);
    m->end[m->n++] = gz->n;
}

/* The first file, gzip-compressed, cut short and read alone: an error
 * comes (unless the cut is between members), and in a fixed format the
 * records before it are a prefix of the whole file's.  The magic is kept,
 * so it is still read as gzip. */
static void cut_short(setup_t *s, unsigned cut, const members_t *m,
                      const fz_buf_t *plain, size_t plain_nrec,
                      int plain_code)
{
    static fz_buf_t file, got;
    size_t nrec;
    FZ_CHECK(fz_read_file(s->paths[0], &file) == 0, "cannot read back");
    const size_t keep = 2 + (file.n - 2) * cut / 256;
    fz_write_file(s->paths[0], file.p, keep);
    const size_t nfiles = s->nfiles;
    s->nfiles = 1;
    const int code = read_all(s, &got, &nrec);
    int at_end = 0;
    for (int i = 0; i < m->n; i++)
        at_end |= keep == m->end[i];
    FZ_CHECK(code != 0 || at_end, "a gzip file cut at byte %zu of %zu, "
             "inside a member, reads without an error", keep, file.n);
    FZ_CHECK(code == 0 || code == SF_ERR_IO || code == plain_code,
             "a truncated gzip file gives error code %d", code);
    /* (a detected format may differ: detection looks a few lines ahead) */
    if (code && s->format != SF_FORMAT_AUTO)
        FZ_CHECK(nrec <= plain_nrec && memcmp(got.p, plain->p, nrec) == 0,
                 "the records of a truncated gzip file are not a prefix of "
                 "the whole file's");
    compare_inflate(s, &got);
    s->nfiles = nfiles;
}

/* The text shape: the content as one or two plain files, then the same
 * gzip-compressed, then the first gzip file cut short. */
static void text_shape(fz_t *f, setup_t *s, int two, int missing,
                       const unsigned char *content, size_t n)
{
    static fz_buf_t plain, gz, got;
    members_t first, second;
    size_t plain_nrec;
    const size_t split = two ? n * fz_byte(f) / 256 : n;
    const unsigned gz_mask = fz_byte(f); /* which files are compressed */
    const unsigned cut = fz_byte(f);     /* where a gzip file is cut */
    s->nfiles = two ? 2 : 1;
    s->content[0] = content;
    s->content_len[0] = split;
    s->content[1] = content + split;
    s->content_len[1] = n - split;
    fz_write_file(s->paths[0], content, split);
    if (two && !missing)
        fz_write_file(s->paths[1], content + split, n - split);
    const int code = read_all(s, &plain, &plain_nrec);
    FZ_CHECK(!missing || code != 0, "a missing file gives no error");

    for (size_t i = 0; i < s->nfiles; i++) {
        if (!(gz_mask >> i & 1) || (i == 1 && missing))
            continue;
        gzip_parts(f, s->content[i], s->content_len[i], &gz,
                   i == 0 ? &first : &second);
        fz_write_file(s->paths[i], gz.p, gz.n);
    }
    read_all(s, &got, NULL);
    FZ_CHECK(got.n == plain.n && memcmp(got.p, plain.p, plain.n) == 0,
             "gzip input gives other records or errors than plain input");
    compare_inflate(s, &got);
    if ((gz_mask & 1) && cut < 128)
        cut_short(s, 2 * cut, &first, &plain, plain_nrec, code);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const size_t maxes[8] = {1, 2, 3, 5, 8, 13, 64, 4096};
    static const char *const columns[8] = {NULL, NULL, NULL, NULL,
                                           "2", "puzzle", "Quizzes", "9"};
    static const size_t max_records[4] = {0, 40, 90, 300};
    static char path_a[512], path_b[512];
    fz_t f = {data, size};
    setup_t s;
    memset(&s, 0, sizeof s);
    s.paths[0] = fz_path(path_a, "a");
    s.paths[1] = fz_path(path_b, "b");
    const unsigned b0 = fz_byte(&f), b1 = fz_byte(&f);
    s.format = (sf_format_t)(b0 & 3);
    s.max = maxes[b0 >> 2 & 7];
    s.no_text = b0 >> 5 & 1;
    s.column = columns[b1 & 7];
    s.inflate = b1 >> 3 & 1;
    s.max_record = max_records[b1 >> 6];
    const unsigned shape = b0 >> 6;
    unlink(s.paths[1]);
    size_t n;
    const unsigned char *rest;
    if (shape == 3) {
        rest = fz_rest(&f, &n);
        fz_write_file(s.paths[0], rest, n);
        s.nfiles = 1 + (b1 >> 4 & 1);
        if (s.nfiles == 2)
            fz_write_file(s.paths[1], rest, n / 2);
        static fz_buf_t got;
        read_all(&s, &got, NULL);
        compare_inflate(&s, &got);
        return 0;
    }
    const int two = shape == 2, missing = two && (b1 >> 5 & 1);
    uint8_t head[12]; /* choices for the shape, then the content */
    for (int i = 0; i < 12; i++)
        head[i] = (uint8_t)fz_byte(&f);
    fz_t g = {head, sizeof head};
    rest = fz_rest(&f, &n);
    /* Text holds no 1f byte: in plain input that byte may start a gzip
     * member (`cat a.txt b.gz`), which the raw shape tries. */
    unsigned char *text = malloc(n + 1);
    FZ_CHECK(text != NULL, "out of memory");
    for (size_t i = 0; i < n; i++)
        text[i] = rest[i] == 0x1f ? 0x1e : rest[i];
    text_shape(&g, &s, two, missing, text, n);
    free(text);
    return 0;
}
