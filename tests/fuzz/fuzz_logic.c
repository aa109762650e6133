/*
 * fuzz_logic.c -- difficulty level and rating are properties of the class.
 *
 * `rate` promises that equivalent puzzles get the same level and exactly
 * the same rating: the logical solver's fixed point does not depend on
 * cell order or labels, and the rating draws its random copies from the
 * canonical form, not from the puzzle as given.  A mistake in either (a
 * technique that looks at rows but not columns, a copy drawn from the
 * input) would make a dataset's labels depend on how a puzzle happens to
 * be written.  Each input gives a puzzle and a transform T:
 *
 *   - sf_logic_level(p) == sf_logic_level(T(p));
 *   - sf_rating(p) == sf_rating(T(p)), compared exactly, with one or two
 *     samples (few, to keep runs fast);
 *   - the rating is -1 exactly when the puzzle has no solution;
 *   - a level below `guess` means exactly one solution;
 *   - giving one more cell of the solution never raises a level up to
 *     fish (those techniques only remove candidates, so a state with fewer
 *     candidates reaches at least the same fixed point), nor makes a
 *     puzzle solved above fish a `guess` (it can move it to another level
 *     above fish: a unique rectangle needs its four cells empty, and the
 *     SE techniques there take one instance at a time);
 *   - a value above 9 in the cells gives `guess`.
 */
#include <stdint.h>
#include <string.h>

#include "fuzz/fuzzutil.h"
#include "sudoflow.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sf_solver_t *solver;
    if (!solver)
        FZ_CHECK((solver = sf_solver_new(NULL)) != NULL, "sf_solver_new");
    fz_t f = {data, size};
    uint8_t p[81], q[81], sol[81];
    sf_xform_t t;
    sf_result_t res;
    char a[82], b[82];
    fz_puzzle(&f, p, NULL);
    fz_xform(&f, &t);
    const unsigned samples = 1 + fz_below(&f, 2);
    const unsigned cell = fz_below(&f, 81);
    sf_xform_apply(&t, p, q);

    const sf_level_t lp = sf_logic_level(p), lq = sf_logic_level(q);
    FZ_CHECK(lp == lq, "levels %s and %s\n  puzzle %s\n  image  %s",
             sf_level_name(lp), sf_level_name(lq), fz_cells_str(p, a),
             fz_cells_str(q, b));
    const double rp = sf_rating(solver, p, samples);
    const double rq = sf_rating(solver, q, samples);
    FZ_CHECK(rp == rq, "ratings %.17g and %.17g (%u samples)\n  puzzle %s\n"
             "  image  %s", rp, rq, samples, fz_cells_str(p, a),
             fz_cells_str(q, b));

    sf_solve_cells(solver, p, 2, 0, sol, &res);
    FZ_CHECK((rp == -1) == (res.count == 0) && (rp == -1 || rp >= 0),
             "rating %.17g for a puzzle with %llu solutions\n  puzzle %s", rp,
             (unsigned long long)res.count, fz_cells_str(p, a));
    FZ_CHECK(lp == SF_LEVEL_GUESS || res.count == 1,
             "level %s for a puzzle with %llu solutions\n  puzzle %s",
             sf_level_name(lp), (unsigned long long)res.count,
             fz_cells_str(p, a));
    if (res.count == 1 && p[cell] == 0) {
        p[cell] = sol[cell];
        const sf_level_t more = sf_logic_level(p);
        FZ_CHECK(more <= lp || (lp > SF_LEVEL_FISH && more < SF_LEVEL_GUESS),
                 "one more given raises the level from %s to %s"
                 "\n  puzzle %s (cell %u added)", sf_level_name(lp),
                 sf_level_name(more), fz_cells_str(p, a), cell);
    }
    if (cell % 8 == 0) {
        p[cell] = (uint8_t)(10 + cell);
        FZ_CHECK(sf_logic_level(p) == SF_LEVEL_GUESS,
                 "a cell value above 9 is not `guess`");
    }
    return 0;
}
