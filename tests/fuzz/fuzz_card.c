/*
 * fuzz_card.c -- the difficulty card (sf_card) on any grid of givens.
 *
 * The card's measures are properties of the puzzle: a transform of the
 * equivalence group must leave every one unchanged, whatever the grid
 * (sparse, full, clashing, without a solution).  And they must agree with
 * what they mean, checked from the definitions:
 *   - status and guesses are those of a count to two;
 *   - the singles closure is at most the empty cells, all of them exactly
 *     when the backdoor is 0, and filling its grid leaves cells the
 *     solution's digits;
 *   - a backdoor of k: giving its cells' solution digits lets singles
 *     fill the grid (sf_backdoor's own set, replayed by sf_singles_closure);
 *   - minimal: removing a clue of a minimal puzzle leaves several
 *     solutions, and a puzzle with a removable clue is not minimal;
 *   - automorphisms >= 1 and divide the group's order;
 *   - a value above 9 gives SF_INVALID and no measure.
 */
#include <stdint.h>
#include <string.h>

#include "fuzz/fuzzutil.h"
#include "sudoflow.h"

#define GROUP 1218998108160ull /* 2 * 6^8 * 9! */

static unsigned clues_of(const uint8_t *p)
{
    unsigned n = 0;
    for (int i = 0; i < 81; i++)
        n += p[i] != 0;
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sf_solver_t *solver;
    if (!solver)
        FZ_CHECK((solver = sf_solver_new(NULL)) != NULL, "sf_solver_new");
    fz_t f = {data, size};
    uint8_t p[81], q[81], sol[81], g[81];
    char a[82], b[82];
    sf_xform_t t;
    sf_card_t cp, cq;
    fz_puzzle(&f, p, NULL);
    fz_xform(&f, &t);
    sf_xform_apply(&t, p, q);
    FZ_CHECK(sf_card(solver, p, SF_CARD_ALL, sol, &cp) == 0, "sf_card");
    FZ_CHECK(sf_card(solver, q, SF_CARD_ALL, NULL, &cq) == 0, "sf_card");
    FZ_CHECK(cp.status == cq.status && cp.minimal == cq.minimal &&
                 cp.singles_closure == cq.singles_closure &&
                 cp.backdoor == cq.backdoor &&
                 cp.automorphisms == cq.automorphisms,
             "the card differs on an equivalent copy\n  puzzle %s\n  image  %s"
             "\n  minimal %d/%d closure %d/%d backdoor %d/%d auto %llu/%llu",
             fz_cells_str(p, a), fz_cells_str(q, b), cp.minimal, cq.minimal,
             cp.singles_closure, cq.singles_closure, cp.backdoor, cq.backdoor,
             (unsigned long long)cp.automorphisms,
             (unsigned long long)cq.automorphisms);

    sf_result_t r;
    uint8_t own[81];
    FZ_CHECK(sf_solve_cells(solver, p, 2, 0, own, &r) == cp.status &&
                 r.guesses == cp.guesses,
             "status or guesses differ from a count to two\n  puzzle %s",
             fz_cells_str(p, a));
    FZ_CHECK(cp.automorphisms >= 1 && GROUP % cp.automorphisms == 0,
             "automorphisms %llu\n  puzzle %s",
             (unsigned long long)cp.automorphisms, fz_cells_str(p, a));
    const unsigned empty = 81 - clues_of(p);
    if (cp.singles_closure >= 0)
        FZ_CHECK((unsigned)cp.singles_closure <= empty,
                 "closure %d of %u empty cells\n  puzzle %s",
                 cp.singles_closure, empty, fz_cells_str(p, a));
    if (cp.status != SF_UNIQUE)
        return 0;
    FZ_CHECK(cp.minimal >= 0 && cp.backdoor >= 0,
             "no minimality or backdoor for a unique puzzle");
    FZ_CHECK((cp.backdoor == 0) == ((unsigned)cp.singles_closure == empty),
             "backdoor %d with closure %d of %u\n  puzzle %s", cp.backdoor,
             cp.singles_closure, empty, fz_cells_str(p, a));
    FZ_CHECK(sf_singles_closure(p, g) == cp.singles_closure,
             "closure differs");
    for (int i = 0; i < 81; i++)
        FZ_CHECK(!g[i] || g[i] == sol[i], "the closure places a wrong digit"
                 "\n  puzzle %s", fz_cells_str(p, a));
    if (cp.backdoor <= SF_CARD_BACKDOOR_MAX) {
        uint8_t set[SF_CARD_BACKDOOR_MAX], more[81];
        FZ_CHECK(sf_backdoor(p, sol, SF_CARD_BACKDOOR_MAX, set) ==
                     cp.backdoor, "backdoor differs");
        memcpy(more, p, 81);
        for (int k = 0; k < cp.backdoor; k++)
            more[set[k]] = sol[set[k]];
        FZ_CHECK(sf_singles_closure(more, NULL) ==
                     (int)(81 - clues_of(more)),
                 "the backdoor's cells do not let singles solve it\n"
                 "  puzzle %s", fz_cells_str(p, a));
    }
    /* One clue out: several solutions for a minimal puzzle. */
    const unsigned cell = fz_below(&f, 81);
    if (p[cell]) {
        memcpy(g, p, 81);
        g[cell] = 0;
        const sf_status_t st = sf_solve_cells(solver, g, 2, 0, own, &r);
        FZ_CHECK(cp.minimal == 0 || st == SF_MULTIPLE,
                 "minimal, yet clue %u can go\n  puzzle %s", cell,
                 fz_cells_str(p, a));
    }
    p[cell] = (uint8_t)(10 + cell % 100);
    FZ_CHECK(sf_card(solver, p, SF_CARD_ALL, NULL, &cp) == 0 &&
                 cp.status == SF_INVALID && cp.minimal < 0 &&
                 cp.automorphisms == 0,
             "a value above 9 is not invalid");
    return 0;
}
