/*
 * main.c -- the sudoflow command: a dispatch table of subcommands.
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

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
    {"transform", cli_transform, "write random equivalent copies of puzzles"},
    {"canon", cli_canon, "canonical forms; drop equivalent duplicates"},
    {"split", cli_split, "split puzzles into train and test sets by class"},
};

static void usage(FILE *to)
{
    fprintf(to, "usage: sudoflow COMMAND [OPTIONS] [FILE...]\n\n"
                "Parallel batch Sudoku engine.\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        fprintf(to, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fprintf(to, "\n'sudoflow COMMAND --help' describes each command.\n"
                "Options: -h, --help; -V, --version.\n");
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
        printf("sudoflow %s\n", SF_VERSION);
        return EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (!strcmp(cmd, commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    cli_error("unknown command '%s' (try 'sudoflow --help')", cmd);
    return EXIT_USAGE;
}
