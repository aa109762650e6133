/*
 * inflate.h -- a gzip member decoder that behaves exactly like zlib's.
 *
 * Internal to the reader (gzin.c).  An infl_t decodes one gzip member at a
 * time from input handed over in pieces of any size into output buffers of
 * any size.  For every byte stream, valid or not, and every way of cutting
 * it into calls, it produces the bytes zlib's inflate (gzip wrapper only,
 * windowBits 15 + 16) produces and ends the same way: the member ends after
 * the same input byte, or fails with zlib's message text, or is cut short
 * at the same output byte.  It is several times as fast as zlib.
 */
#ifndef SF_INFLATE_H
#define SF_INFLATE_H

#include <stddef.h>
#include <stdint.h>

typedef struct infl infl_t; /* one decoder: state, tables, 32 KiB window */

typedef enum {
    INFL_MORE,  /* progress was made (input consumed or output produced) */
    INFL_END,   /* the member ended and its trailer checked out */
    INFL_STALL, /* nothing could be done: more input is needed */
    INFL_ERROR  /* corrupt data; see infl_message */
} infl_rc_t;

/* A decoder ready for the first byte of a gzip member, or NULL when out of
 * memory.  Free it with infl_free.  Decoders share nothing: each may be
 * used by its own thread. */
infl_t *infl_new(void);

/* Release d and everything it owns; NULL is ignored. */
void infl_free(infl_t *d);

/* Forget the member in progress (or the error): a new gzip member starts
 * at the next input byte. */
void infl_reset(infl_t *d);

/* Decode gzip member bytes in[0, in_len) into out[0, out_cap), out_cap >= 1
 * (in may be NULL when in_len is 0).  *in_used gets the bytes consumed,
 * *out_len the bytes written; out[*out_len, out_cap) may have been written
 * over too.  The decoder may keep input between calls (a split header,
 * bits of a code), so bytes consumed are never offered again, and the
 * output over all calls does not depend on how input and output were cut.
 *   INFL_MORE   input was consumed or output written; the member goes on.
 *   INFL_END    the member ended and its trailer (CRC-32, length) checked
 *               out; *in_used stops just after the trailer.  Later calls
 *               return INFL_END and do nothing until infl_reset.
 *   INFL_STALL  nothing could be done: the member needs more input.  A
 *               call that offers input never stalls (what it cannot use
 *               yet is kept), so at the end of the input this means the
 *               member is truncated; every byte zlib would have decoded
 *               from it has been written by then.
 *   INFL_ERROR  the data is corrupt.  Output written in this call before
 *               the error is valid and counted in *out_len.  Later calls
 *               fail the same way until infl_reset. */
infl_rc_t infl_step(infl_t *d, const uint8_t *in, size_t in_len, uint8_t *out,
                    size_t out_cap, size_t *in_used, size_t *out_len);

/* After INFL_ERROR, zlib's message for the same damage ("invalid distance
 * too far back", "incorrect data check", ...); NULL when there is none. */
const char *infl_message(const infl_t *d);

#endif
