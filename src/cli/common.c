/*
 * common.c -- helpers shared by the commands: messages, exit codes,
 * option values and human-readable numbers.
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <omp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/types.h>
#include <time.h>

/* The command being run, for the prefix of messages (NULL: none yet). */
static const char *command;

void cli_set_command(const char *cmd)
{
    command = cmd;
}

const char *cli_prefix(char *buf, size_t cap)
{
    snprintf(buf, cap, "sudoflow%s%s", command ? " " : "",
             command ? command : "");
    return buf;
}

void cli_kernel_help(FILE *to, const char *indent)
{
    fputs(indent, to);
    size_t col = strlen(indent);
    const sf_kernel_t *k;
    for (size_t i = 0; (k = sf_kernel_at(i)) != NULL; i++) {
        const char *note = i ? "" : " (the default, fastest)";
        const size_t len = strlen(k->name) + strlen(note) + (i ? 2 : 0);
        if (i && col + len > 79) { /* wrap, the comma ending the line */
            fputs(",\n", to);
            fputs(indent, to);
            col = strlen(indent) + len - 2;
        } else {
            fputs(i ? ", " : "", to);
            col += len;
        }
        fputs(k->name, to);
        fputs(note, to);
    }
    fputc('\n', to);
}

void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char p[64];
    fprintf(stderr, "%s: ", cli_prefix(p, sizeof p));
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

int cli_exit_code(int err_code)
{
    switch (err_code) {
    case SF_ERR_USAGE:
        return EXIT_USAGE;
    case SF_ERR_INVALID:
        return EXIT_INVALID;
    default:
        return EXIT_IO;
    }
}

int cli_parse_u64(const char *opt, const char *arg, uint64_t *out)
{
    char *end;
    errno = 0;
    const unsigned long long v = strtoull(arg, &end, 10);
    if (errno || end == arg || *end || !isdigit((unsigned char)arg[0])) {
        cli_error("%s: not a non-negative integer: '%s'", opt, arg);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_parse_number(const char *arg, double lo, double hi, double *out)
{
    /* decimal text only, as for integers: no blanks around it, no hex,
     * inf or nan */
    if (!isdigit((unsigned char)arg[0]) && arg[0] != '.')
        return -1;
    for (const char *p = arg; *p; p++)
        if (!isdigit((unsigned char)*p) && !strchr(".eE+-", *p))
            return -1;
    char *end;
    const double v = strtod(arg, &end);
    if (end == arg || *end || !(v >= lo && v <= hi))
        return -1;
    *out = v;
    return 0;
}

int cli_parse_budget(const char *opt, const char *arg, double *out)
{
    if (cli_parse_number(arg, 0, 1e6, out) != 0 || !(*out > 0)) {
        cli_error("%s: not a number of seconds above 0 and at most 1000000 "
                  "(leave it out for no limit): '%s'", opt, arg);
        return -1;
    }
    return 0;
}

int cli_parse_threads(const char *arg, int *out)
{
    uint64_t v;
    if (cli_parse_u64("--threads", arg, &v) != 0)
        return -1;
    if (v > 4096) {
        cli_error("--threads: must be between 0 (all cores) and 4096, not %s",
                  arg);
        return -1;
    }
    *out = v ? (int)v : omp_get_max_threads();
    return 0;
}

void cli_version(void)
{
    printf("sudoflow %s\n  compiler %s\n  flags    %s\n  simd     %s\n"
           "  inflate  %s\n", SF_VERSION, sf_build_compiler(),
           sf_build_flags(), sf_build_simd(), sf_build_inflate());
}

const sf_kernel_t *cli_parse_kernel(const char *name)
{
    const sf_kernel_t *k = sf_kernel_find(name);
    if (k)
        return k;
    cli_error("--kernel: unknown kernel '%s'; known kernels:", name);
    for (size_t i = 0; (k = sf_kernel_at(i)) != NULL; i++)
        fprintf(stderr, "  %-10s %s\n", k->name, k->description);
    return NULL;
}

/* Index of the name p[0, len) in names[0..n-1], or -1. */
static int name_index(const char *p, size_t len, const char *const *names,
                      int n)
{
    for (int i = 0; i < n; i++)
        if (strlen(names[i]) == len && strncmp(names[i], p, len) == 0)
            return i;
    return -1;
}

void cli_names_error(const char *opt, const char *list, const char *bad,
                     const char *const *names, int n, int max)
{
    const int len = (int)strcspn(bad, ",");
    const int found = name_index(bad, (size_t)len, names, n);
    int before = 0;
    for (const char *p = list; found >= 0 && p < bad;
         p += strcspn(p, ",") + 1)
        before |= strcspn(p, ",") == (size_t)len &&
                  strncmp(p, bad, (size_t)len) == 0;
    if (before)
        cli_error("%s: '%.*s' is named twice", opt, len, bad);
    else if (found >= 0)
        cli_error("%s: more than %d names", opt, max);
    else
        cli_error("%s: unknown name '%.*s'; known:", opt, len, bad);
    if (found < 0) {
        for (int i = 0; i < n; i++)
            fprintf(stderr, "%s%s", i ? "," : "  ", names[i]);
        fputc('\n', stderr);
    }
}

int cli_parse_names(const char *opt, const char *arg,
                    const char *const *names, int n, int *out, int max)
{
    int count = 0;
    for (const char *p = arg;; ) {
        const size_t len = strcspn(p, ",");
        const int found = name_index(p, len, names, n);
        int again = 0;
        for (int i = 0; i < count; i++)
            again |= out[i] == found;
        if (found < 0 || again || count == max) {
            cli_names_error(opt, arg, p, names, n, max);
            return -1;
        }
        out[count++] = found;
        if (p[len] == '\0')
            return count;
        p += len + 1;
    }
}

int cli_parse_seed(const char *arg, uint64_t *out)
{
    return cli_parse_u64("--seed", arg, out);
}

uint64_t cli_random_seed(void)
{
    uint64_t s = 0;
    if (getrandom(&s, sizeof s, 0) != (ssize_t)sizeof s)
        s = (uint64_t)time(NULL) * 0x9e3779b97f4a7c15ull;
    return s >> 1; /* below 2^63 */
}

unsigned cli_count_clues(const uint8_t *cells, int n)
{
    unsigned k = 0;
    for (int i = 0; i < n; i++)
        k += cells[i] != 0;
    return k;
}

void cli_put_geom(sf_out_t *out, const sf_geometry_t *g,
                  const sf_alphabet_t *a, int form, const uint8_t *cells)
{
    char text[SF_MAX_CELLS * 3 + 1]; /* sf_geom_text_max at most */
    sf_out_text(out, text, sf_format_geom(g, a, form, cells, '.', text));
}

unsigned cli_clues(const uint8_t *cells)
{
    return cli_count_clues(cells, SF_CELLS);
}

const char *cli_group(uint64_t v, char *buf, size_t cap)
{
    char digits[32];
    const int n = snprintf(digits, sizeof digits, "%llu",
                           (unsigned long long)v);
    size_t j = 0;
    for (int i = 0; i < n && j + 2 < cap; i++) {
        if (i > 0 && (n - i) % 3 == 0)
            buf[j++] = ',';
        buf[j++] = digits[i];
    }
    buf[j] = '\0';
    return buf;
}

const char *cli_duration(double ns, char *buf, size_t cap)
{
    if (ns < 1e3)
        snprintf(buf, cap, "%.0f ns", ns);
    else if (ns < 1e6)
        snprintf(buf, cap, "%.1f us", ns / 1e3);
    else if (ns < 1e9)
        snprintf(buf, cap, "%.1f ms", ns / 1e6);
    else
        snprintf(buf, cap, "%.2f s", ns / 1e9);
    return buf;
}
