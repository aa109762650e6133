/*
 * minimal.c -- whether every clue of a puzzle is needed (sf_is_minimal):
 * a puzzle with exactly one solution is minimal when removing any one of
 * its clues leaves more than one solution.  Collections of "minimal"
 * puzzles (the 17-clue list, most generated sets) promise it, and a clue
 * that can go is a defect of a puzzle meant to be hard.
 *
 * With the solution known, clue c can be removed exactly when no solution
 * of the other clues puts another digit in c.  So each clue costs one
 * search for a single solution of the other clues with c's digit taken
 * out of c's candidates (sf_solve_cands at limit 1), instead of a count
 * to two of the puzzle without c; a search that finds one proves the clue
 * needed and stops at once, and the first clue found removable ends the
 * test.
 */
#include "sudoflow.h"

#include <string.h>

int sf_is_minimal(sf_solver_t *s, const uint8_t *cells,
                  const uint8_t *solution)
{
    uint8_t own[SF_CELLS];
    sf_result_t r;
    if (!s || !cells)
        return -1;
    for (int i = 0; i < SF_CELLS; i++)
        if (cells[i] > 9)
            return -1;
    if (!solution) {
        if (sf_solve_cells(s, cells, 2, 0, own, &r) != SF_UNIQUE)
            return -1;
        solution = own;
    }
    uint16_t cands[SF_CELLS];
    for (int i = 0; i < SF_CELLS; i++) {
        if (solution[i] < 1 || solution[i] > 9 ||
            (cells[i] && cells[i] != solution[i]))
            return -1;
        cands[i] = cells[i] ? (uint16_t)(1u << (cells[i] - 1)) : 0x1ff;
    }
    for (int i = 0; i < SF_CELLS; i++) {
        if (!cells[i])
            continue;
        const uint16_t keep = cands[i];
        cands[i] = (uint16_t)(0x1ff & ~keep);
        const sf_status_t st = sf_solve_cands(s, cands, 1, 0, NULL, &r);
        cands[i] = keep;
        if (st != SF_SOLVED)
            return 0; /* no other digit fits: the clue is not needed */
    }
    return 1;
}
