/*
 * format.h -- turning solved records into output text.
 *
 * The batch driver solves a block of records, then formats the block into
 * one growable text buffer with these functions (in parallel, one buffer per
 * block), so formatting costs nothing on the writing thread.  Other jobs
 * build their records field by field with the sf_out_* functions.
 */
#ifndef SF_FORMAT_H
#define SF_FORMAT_H

#include "sudoflow.h"

/* What solving one record produced. */
typedef struct outcome {
    uint8_t solution[SF_CELLS]; /* 1..9, meaningful when count > 0 */
    const uint8_t *grid;        /* a geometry record's solution instead
                                 * (its N*N cells, in the item's room) */
    sf_status_t status;
    uint64_t count;             /* solutions found */
    uint64_t guesses;
    uint64_t ns;                /* solve time */
} outcome_t;

/* A growable byte buffer. */
typedef struct sbuf {
    char *p;
    size_t len, cap;
} sbuf_t;

/* Make room for extra more bytes.  0, or -1 when out of memory. */
int sbuf_reserve(sbuf_t *b, size_t extra);
void sbuf_free(sbuf_t *b);

/* The output layout, resolved from the batch options and the input. */
typedef struct out_layout {
    sf_format_t kind;                 /* SF_FORMAT_LINE, _GRID or _JSONL */
    sf_field_t fields[SF_MAX_FIELDS]; /* line output */
    int nfields;
    const char *sep;
    size_t sep_len;
    const sf_alphabet_t *alphabet;    /* geometry records' symbols */
} out_layout_t;

/* A job's output for one block (sudoflow.h): text, the separator, whether
 * the next field starts a record, records ended, and out of memory; for
 * JSON Lines, the keys of the fields and the next field's number. */
struct sf_out {
    sbuf_t text;
    const char *sep;
    size_t sep_len;
    int first;          /* the next field is the record's first */
    int failed;         /* out of memory: the text is incomplete */
    uint64_t records;   /* records ended */
    int json;           /* records are JSON objects */
    const char *const *keys; /* json: key of field i, for i < nkeys */
    int nkeys;
    int field;          /* json: fields written in this record */
    const sf_geometry_t *geom; /* json: the item's geometry, whose keys
                                * end each record (sf_out_geometry) */
};

/* Empty out for a new block, keeping its buffer, in the output style of
 * opts (separator, or JSON Lines with its keys). */
void out_reset(sf_out_t *out, const sf_batch_opts_t *opts);

/* Append the header line (field names joined by the separator). */
int fmt_header(const out_layout_t *lay, sbuf_t *out);
/* Append one record's output.  cells are the record's cells
 * (sf_record_cells), text its original text; index is its position in
 * the whole run (grids after the first are preceded by a blank line).  0,
 * or -1 when out of memory. */
int fmt_record(const out_layout_t *lay, const sf_record_t *rec,
               const uint8_t *cells, const char *text, const outcome_t *oc,
               uint64_t index, sbuf_t *out);

#endif
