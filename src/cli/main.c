/*
 * main.c -- the sudoflow command: a dispatch table of subcommands.
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command_t;

static const command_t commands[] = {
    {"solve", cli_solve, "solve puzzles, one output record per puzzle"},
    {"bench", cli_bench, "measure solver throughput on puzzle files"},
    {"generate", cli_generate, "write new puzzles with unique solutions"},
    {"rate", cli_rate, "rate the difficulty of puzzles"},
    {"explain", cli_explain, "the steps of each puzzle's SE rating, in order"},
    {"transform", cli_transform, "write random equivalent copies of puzzles"},
    {"canon", cli_canon, "canonical forms; drop equivalent duplicates"},
    {"split", cli_split, "split puzzles into train and test sets by class"},
    {"audit", cli_audit, "test puzzles that leak from train or public sets"},
};

static const command_t *find(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (!strcmp(name, commands[i].name))
            return &commands[i];
    return NULL;
}

static void usage(FILE *to)
{
    fprintf(to, "usage: sudoflow COMMAND [OPTIONS] [FILE...]\n\n"
                "Parallel batch Sudoku engine.\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        fprintf(to, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fprintf(to, "\n'sudoflow help COMMAND' (or 'sudoflow COMMAND --help') "
                "describes each command.\nOptions: -h, --help; -V, --version "
                "(also after a command).\n");
}

/* Run command c on argv[0..argc-1] (argv[0] its name): messages, getopt's
 * too, start with "sudoflow CMD: ". */
static int run(const command_t *c, int argc, char **argv)
{
    char name[64];
    snprintf(name, sizeof name, "sudoflow %s", c->name);
    argv[0] = name;
    cli_set_command(c->name);
#ifdef __GLIBC__
    /* Output text is allocated and freed chunk after chunk: freed memory
     * stays mapped for the next chunk instead of being given back and
     * faulted in again (a tenth of explain's time on easy puzzles). */
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 128 << 20);
#endif
    return c->run(argc, argv);
}

/* `sudoflow help [CMD]`: the overview, or the command's --help. */
static int help(const char *name)
{
    if (!name) {
        usage(stdout);
        return EXIT_OK;
    }
    const command_t *c = find(name);
    if (!c) {
        cli_error("help: unknown command '%s'", name);
        usage(stderr);
        return EXIT_USAGE;
    }
    char *args[] = {(char *)name, "--help", NULL};
    return run(c, 2, args);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help")) {
        usage(stdout);
        return EXIT_OK;
    }
    if (!strcmp(cmd, "-V") || !strcmp(cmd, "--version")) {
        cli_version();
        return EXIT_OK;
    }
    if (!strcmp(cmd, "help"))
        return help(argc > 2 ? argv[2] : NULL);
    const command_t *c = find(cmd);
    if (!c) {
        cli_error("unknown command '%s' (try 'sudoflow --help')", cmd);
        return EXIT_USAGE;
    }
    return run(c, argc - 1, argv + 1);
}
