/*
 * parse.h -- text helpers shared by parse.c and reader.c.
 *
 * The public parsers (sf_parse_line, sf_detect_format, sf_csv_split) work on
 * one record.  The reader also needs the pieces they are built from: the
 * grid row and frame tests, the CSV quote state carried from one physical
 * line to the next, and the static reason strings for invalid records.
 */
#ifndef SUDOFLOW_PARSE_INTERNAL_H
#define SUDOFLOW_PARSE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "sudoflow.h"

/* 1 when the line holds only spaces, tabs, CR, VT and FF (or nothing). */
int parse_is_blank(const char *s, size_t n);

/* Cell characters of a grid row: every byte except spaces, tabs and '|',
 * copied to out (n bytes of room; out may be NULL to count only).  Returns
 * their number.  *spaced is 1 when no two cells touch and at least one gap
 * between cells holds a space or tab ("0 3 5 | 4 6 9"), else 0. */
size_t parse_row_cells(const char *s, size_t n, char *out, int *spaced);

/* 1 for a grid frame line: only '-', '+', '|', '=' and blanks, with a '+' or
 * '=', or a number of '-' other than 9 (nine dashes are a row of empty
 * cells). */
int parse_is_frame(const char *s, size_t n);

/* 1 when the line is a classic record, a grid row of nine cells or a
 * pencilmark record (a frame is none of them). */
int parse_classic_kind(const char *s, size_t len);

/* 1 when a line names something, as a csv header does: it holds a byte
 * that is neither a cell, a separator nor a quote (a letter, mostly).  A
 * first row of cells and commas only is a damaged puzzle or a record of a
 * file without a header, never a header to drop. */
int parse_names_something(const char *s, size_t len);

/* Format of a file from its first non-comment, non-blank lines (the first
 * and up to several after it): a first line that is a csv header (it has
 * a comma and names something) decides; otherwise the lines vote between
 * grid rows (or frames), line-format puzzles and comma-separated rows, so
 * one bad first row does not decide the whole file; a tie goes by the
 * first line. */
sf_format_t parse_detect_lines(const char *const *lines, const size_t *lens,
                               int n);

/* State of the RFC 4180 scanner at the end of a physical line. */
enum {
    PARSE_CSV_FIELD = 0, /* at the start of a field */
    PARSE_CSV_BARE,      /* inside an unquoted field */
    PARSE_CSV_QUOTED,    /* inside a quoted field: the record goes on */
    PARSE_CSV_CLOSE      /* just after a quote inside a quoted field */
};

/* Run the scanner over s[0, n) from state; returns the new state.  A record
 * continues on the next line exactly when the result is PARSE_CSV_QUOTED. */
int parse_csv_state(const char *s, size_t n, int state);

/* Parse a CSV puzzle field: surrounding blanks trimmed, then exactly 81
 * cells.  Returns 0 and fills cells, or -1 with *why set. */
int parse_field_cells(const char *s, size_t n, uint8_t *cells,
                      const char **why);

/* Static reasons for invalid records.  Counts above 255 are reported as
 * "more than 255". */
const char *parse_why_cells(size_t found);         /* expected 81 cells, found N */
const char *parse_why_field(size_t found);         /* puzzle field has N cells */
const char *parse_why_row(int row, size_t found);  /* grid row R has N cells */
const char *parse_why_rows(int rows);              /* grid has N rows (0..8) */
const char *parse_why_char(int ch);                /* bad character 'x' */

#endif
