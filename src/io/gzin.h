/*
 * gzin.h -- one input file as a stream of bytes, plain or gzip.
 *
 * Internal to the reader.  A gzin_t opens a path ("-" is standard input),
 * looks at its first two bytes and from then on hands out either the file's
 * bytes as they are or the inflated content of its gzip members.  Errors are
 * kept as a kind plus detail; the reader turns them into messages because
 * only it knows the file's name and how many lines it has read.
 */
#ifndef SUDOFLOW_GZIN_H
#define SUDOFLOW_GZIN_H

#include <stddef.h>
#include <stdint.h>

struct gzin_dec; /* inflate state of the back end in use (gzin.c) */

typedef enum gzin_err {
    GZIN_OK = 0,
    GZIN_ESYS,     /* open or read failed; see sys_errno */
    GZIN_ECORRUPT, /* inflate rejected the data; see zmsg */
    GZIN_ETRUNC,   /* the input ended inside a gzip member */
    GZIN_ETRAIL,   /* bytes after the last member that are not padding */
    GZIN_ESHRANK,  /* a regular file ended before the size it had at open */
    GZIN_ENOMEM
} gzin_err_t;

typedef struct gzin {
    int fd;              /* -1 when closed */
    int own_fd;          /* 0 for standard input, which is never closed */
    int gzip;            /* the file starts with the gzip magic 1f 8b */
    int state;           /* GZIN_S_* (gzin.c) */
    int raw_eof;         /* read() returned 0 */
    unsigned char *raw;  /* look-ahead and compressed bytes */
    size_t raw_cap;
    size_t raw_pos, raw_end; /* bytes at raw not yet handed out or inflated */
    struct gzin_dec *dec; /* NULL until the first gzip file */
    int use_zlib;        /* inflate with zlib, not the built-in decoder */
    uint64_t consumed;   /* input bytes consumed (compressed for gzip) */
    uint64_t got;        /* bytes read from the file */
    int open_line;       /* plain bytes handed out end inside a line */
    int regular;         /* the file is a regular file... */
    uint64_t size;       /* ...of this size when it was opened */
    gzin_err_t err;      /* sticky once set */
    int sys_errno;       /* for GZIN_ESYS */
    char zmsg[96];       /* for GZIN_ECORRUPT */
} gzin_t;

/* A closed gzin_t with no buffers. */
void gzin_init(gzin_t *g);

/* Open path ("-" = standard input) and sniff its format.  Returns 0, or -1
 * with g->err set (the stream is then closed). */
int gzin_open(gzin_t *g, const char *path);

/* Up to cap bytes of content into dst.  Returns the number written, 0 at the
 * clean end of input, -1 on error (g->err set; every later call fails too).
 * Content decoded before an error is returned first. */
long gzin_read(gzin_t *g, char *dst, size_t cap);

/* Plain regular files only: go on reading at byte `offset` of the file
 * (at most its size at open), as if the bytes before it had been read
 * and consumed.  0, or -1 (nothing changed) for gzip content, a pipe, a
 * file in error or a failed seek. */
int gzin_seek(gzin_t *g, uint64_t offset);

/* Close the file (standard input stays open); buffers are kept for reuse. */
void gzin_close(gzin_t *g);

/* Close and free the buffers. */
void gzin_free(gzin_t *g);

#endif
