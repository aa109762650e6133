/*
 * error.h -- filling an sf_error_t (error.c), for the library's layers
 * that report errors by value: geometries, rules, readers.
 */
#ifndef SF_ERROR_H
#define SF_ERROR_H

#include "sudoflow.h"

/* err (when not NULL) gets code and the formatted message; -1. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
int error_set(sf_error_t *err, int code, const char *fmt, ...);

#endif
