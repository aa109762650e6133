/*
 * example.c -- a small program built against an installed libsudoflow.
 *
 * tests/pkg/run.sh compiles it with nothing but the flags
 * `pkg-config sudoflow` gives (once against the shared library, once
 * against the static one), so it checks that the installed header, the
 * libraries and sudoflow.pc work together.  It solves puzzle strings with
 * every kernel through the public API and checks each answer itself: a
 * solution must keep the givens and fill every row, column and box with
 * 1-9; a puzzle with clashing givens must be unsolvable and a string that
 * is not a puzzle invalid.  Exit 0 when all holds, 1 otherwise.
 */
#include <stdio.h>
#include <string.h>

#include <sudoflow.h>

/* A puzzle with one solution (README's example); a second 4 in its first
 * row makes it unsolvable.  The empty grid has many solutions, and the
 * lexicographically smallest starts 123456789. */
static const char *const unique =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3"
    "....4.9........";

static int failures;

static void expect(int ok, const char *kernel, const char *what)
{
    if (!ok) {
        fprintf(stderr, "example: kernel %s: %s\n", kernel, what);
        failures++;
    }
}

/* 1 when sol (81 digits) keeps the givens of puzzle and every row, column
 * and box holds each digit once. */
static int is_solution_of(const char *puzzle, const char *sol)
{
    if (strlen(sol) != SF_CELLS)
        return 0;
    for (int i = 0; i < SF_CELLS; i++) {
        if (sol[i] < '1' || sol[i] > '9')
            return 0;
        if (puzzle[i] >= '1' && puzzle[i] <= '9' && puzzle[i] != sol[i])
            return 0;
    }
    for (int u = 0; u < 9; u++) {
        unsigned row = 0, col = 0, box = 0;
        for (int k = 0; k < 9; k++) {
            int b = (u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3;
            row |= 1u << (sol[u * 9 + k] - '0');
            col |= 1u << (sol[k * 9 + u] - '0');
            box |= 1u << (sol[b] - '0');
        }
        if (row != 0x3fe || col != 0x3fe || box != 0x3fe)
            return 0;
    }
    return 1;
}

static void check_kernel(const sf_kernel_t *k)
{
    char empty[SF_CELLS + 1], clash[SF_CELLS + 1], sol[SF_CELLS + 2];
    sf_result_t r;
    sf_solver_t *s = sf_solver_new(k);

    if (!s) {
        expect(0, k->name, "sf_solver_new failed");
        return;
    }
    memset(empty, '.', SF_CELLS);
    empty[SF_CELLS] = '\0';
    memcpy(clash, unique, sizeof clash);
    clash[3] = '4';
    expect(sf_solve_string(s, unique, 2, 0, sol, &r) == SF_UNIQUE &&
               r.count == 1 && is_solution_of(unique, sol),
           k->name, "puzzle not solved as unique");
    expect(sf_solve_string(s, empty, 2, SF_LEX, sol, &r) == SF_MULTIPLE &&
               r.count == 2 && is_solution_of(empty, sol) &&
               strncmp(sol, "123456789", 9) == 0,
           k->name, "empty grid not multiple, or not the smallest first");
    expect(sf_solve_string(s, clash, 1, 0, sol, &r) == SF_UNSOLVABLE &&
               sol[0] == '\0',
           k->name, "clashing givens not unsolvable");
    expect(sf_solve_string(s, "12x", 1, 0, sol, &r) == SF_INVALID,
           k->name, "a short string not invalid");
    sf_solver_free(s);
}

int main(void)
{
    size_t n = 0;

    for (const sf_kernel_t *k; (k = sf_kernel_at(n)) != NULL; n++)
        check_kernel(k);
    expect(n > 0, "-", "no kernel");
    expect(sf_kernel_find("no such kernel") == NULL, "-", "unknown name");
    expect(strcmp(sf_status_name(SF_UNIQUE), "unique") == 0, "-",
           "status name");
    printf("sudoflow %s (%s, %s): %zu kernels, %s\n", SF_VERSION,
           sf_build_compiler(), sf_build_simd(), n,
           failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
