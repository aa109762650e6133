/*
 * jsonl_scan.h -- the values of chosen keys in one JSON Lines record.
 *
 * A record is one JSON object on one line.  The scanner walks it once,
 * checking its syntax (strings with their escapes, numbers, literals,
 * nested arrays and objects), and notes where the value of each key asked
 * for lies; other keys are passed over.  Strings are unescaped on demand
 * into the caller's buffer.  Nothing is allocated.
 */
#ifndef SF_JSONL_SCAN_H
#define SF_JSONL_SCAN_H

#include <stddef.h>

enum { JV_NONE = 0, JV_STRING, JV_ARRAY, JV_OTHER };

typedef struct jv {
    int kind;       /* JV_*: JV_NONE when the key is absent */
    const char *p;  /* the value's text: a string's without its quotes */
    size_t len;
} jv_t;

/* Scan the object in s (len bytes): out[k] receives the value of
 * keys[k] (the last one when a key repeats).  0, or -1 with *why (a
 * static reason) when s is not one JSON object. */
int jsonl_scan(const char *s, size_t len, const char *const *keys, int nkeys,
               jv_t *out, const char **why);

/* A string value unescaped into buf (cap bytes, NUL-terminated): its
 * length, or -1 when it does not fit or holds a \u escape of a control
 * character or a lone surrogate. */
long jsonl_string(const jv_t *v, char *buf, size_t cap);

/* The strings of an array value, in turn: *at starts at 0; 1 with the
 * next string in *item, 0 at the end, -1 when an element is not a
 * string. */
int jsonl_next_string(const jv_t *array, size_t *at, jv_t *item);

#endif
