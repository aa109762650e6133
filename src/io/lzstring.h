/*
 * lzstring.h -- lz-string's base64 form to UTF-8 text (lzstring.c), for
 * the f-puzzles links' compressed JSON.
 */
#ifndef SF_LZSTRING_H
#define SF_LZSTRING_H

#include <stddef.h>
#include <stdint.h>

#define LZ_CORRUPT (-1)   /* not the format */
#define LZ_TRUNCATED (-2) /* the input ends before the end mark */
#define LZ_TOO_LONG (-3)  /* more than max_out UTF-16 units */
#define LZ_NOMEM (-4)

/* Decode len bytes of lz-string base64 text into *out (malloc'ed,
 * NUL-terminated, *out_len bytes of UTF-8).  0, or an LZ_* code. */
int lz_decode_base64(const char *in, size_t len, size_t max_out, char **out,
                     size_t *out_len);
/* What an LZ_* code means. */
const char *lz_error(int rc);

#endif
