/*
 * card.c -- one puzzle's difficulty card (sf_card): the measures the
 * public sets carry, side by side, from one count of its solutions.
 *
 * The count to two gives the status and the guesses (the kernel's
 * backtracks, the measure the big generated sets rate by) and, for a
 * puzzle with one solution, the solution that minimality and the singles
 * backdoor start from, so neither solves the puzzle again.  The singles
 * closure and the automorphisms look at the givens alone.  A measure not
 * asked for costs nothing; the backdoor search stops at
 * SF_CARD_BACKDOOR_MAX cells, beyond which its cost grows as the empty
 * cells to the fourth power.
 */
#include "sudoflow.h"

#include <string.h>

int sf_card(sf_solver_t *s, const uint8_t *cells, unsigned measures,
            uint8_t *solution, sf_card_t *out)
{
    uint8_t own[SF_CELLS];
    sf_result_t r;
    if (!s || !cells || !out)
        return -1;
    *out = (sf_card_t){.status = SF_INVALID, .minimal = -1,
                       .singles_closure = -1, .backdoor = -1};
    for (int i = 0; i < SF_CELLS; i++)
        if (cells[i] > 9)
            return 0;
    out->status = sf_solve_cells(s, cells, 2, 0, own, &r);
    out->guesses = r.guesses;
    if (measures & SF_CARD_AUTOMORPHISMS)
        out->automorphisms = sf_automorphisms(cells);
    if (out->status != SF_UNIQUE && out->status != SF_MULTIPLE)
        return 0;
    if (measures & SF_CARD_CLOSURE)
        out->singles_closure = sf_singles_closure(cells, NULL);
    if (out->status != SF_UNIQUE)
        return 0;
    if (solution)
        memcpy(solution, own, SF_CELLS);
    if (measures & SF_CARD_MINIMAL)
        out->minimal = sf_is_minimal(s, cells, own);
    if (measures & SF_CARD_BACKDOOR)
        out->backdoor = sf_backdoor(cells, own, SF_CARD_BACKDOOR_MAX, NULL);
    return 0;
}
