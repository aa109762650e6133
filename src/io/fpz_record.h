/*
 * fpz_record.h -- f-puzzles lines as records, for the reader
 * (fpz_record.c): each line's geometry (made once per distinct one), its
 * givens and its rules, or the reason it is not a puzzle.
 */
#ifndef SF_FPZ_RECORD_H
#define SF_FPZ_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "fpuzzles.h"
#include "geom_cache.h"

typedef struct fpz_records {
    fpz_t p;              /* the parts of the last line, reused */
    geom_cache_t geoms;   /* the records' geometries */
    char **whys;          /* the reasons given so far, each once */
    size_t nwhys, whys_cap;
} fpz_records_t;

/* One line: 0 with *g, *rules (new: the caller frees them) and cells
 * (N*N givens); 1 with *why (kept until fpz_records_free) when the line
 * is not a puzzle; -1 when out of memory. */
int fpz_record(fpz_records_t *fr, const char *s, size_t len,
               const sf_geometry_t **g, sf_rules_t **rules, uint8_t *cells,
               const char **why);

void fpz_records_free(fpz_records_t *fr);

/* A chunk keeps the rules of its variant records until it is filled
 * again (sf_chunk_t.rules): 0, or -1 when out of memory; and drops them. */
int fpz_chunk_keep(sf_chunk_t *c, sf_rules_t *rules);
void fpz_chunk_drop(sf_chunk_t *c);

/* Record rec of chunk c again from its text (a record read on another
 * process: its geometry, cells and rules stay there): 0, 1 when it is
 * not a puzzle after all (then invalid), -1 when out of memory. */
int fpz_record_again(fpz_records_t *fr, sf_chunk_t *c, sf_record_t *rec);

#endif
