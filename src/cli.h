/*
 * cli.h -- what the command-line front end's files share.
 *
 * The CLI is the only part of sudoflow that prints or exits.  main.c
 * dispatches to one cli_CMD() per command; each parses its own options
 * with getopt_long and uses the library only through sudoflow.h.
 */
#ifndef SF_CLI_H
#define SF_CLI_H

#include "sudoflow.h"

#include <stdint.h>

/* Exit statuses (SPEC "Exit status"). */
enum { EXIT_OK = 0, EXIT_USAGE = 1, EXIT_IO = 2, EXIT_INVALID = 3 };

int cli_solve(int argc, char **argv);
int cli_bench(int argc, char **argv);

/* "sudoflow: " + message + newline on stderr. */
void cli_error(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/* Exit status for a library error code. */
int cli_exit_code(int err_code);

/* Parse a non-negative integer option value; on failure print a usage
 * error naming the option and return -1. */
int cli_parse_u64(const char *opt, const char *arg, uint64_t *out);
/* Thread count: a positive integer. */
int cli_parse_threads(const char *arg, int *out);
/* Kernel by name, or print the known names and return NULL. */
const sf_kernel_t *cli_parse_kernel(const char *name);

/* Number with thousands separators, e.g. "1,234,567", into buf. */
const char *cli_group(uint64_t v, char *buf, size_t cap);
/* Duration in human units ("812 ns", "4.1 us", "2.3 ms", "1.20 s"). */
const char *cli_duration(double ns, char *buf, size_t cap);

#endif
