/*
 * error.c -- filling an sf_error_t (error.h): the code and a message
 * formatted into it, cut at its size; nothing is printed.
 */
#include <stdarg.h>
#include <stdio.h>

#include "error.h"

int error_set(sf_error_t *err, int code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->code = code;
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return -1;
}
