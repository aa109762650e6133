/*
 * fuzz_se.c -- the Sudoku Explainer rating on arbitrary puzzles.
 *
 * SE's rating is not invariant under the equivalence transforms (it takes
 * the first chain of least difficulty in its scan order), so the
 * properties checked are those of one rating:
 *
 *   - sf_se_rate returns 0 and a status; an exact or bounded rating of a
 *     puzzle with one solution is between 1.0 (or 0 for a full grid) and
 *     SE's top, with a step name that is not "none" unless the grid is
 *     full, and an exact one never names "beyond" or "over";
 *   - the capped rating (generate's) at the exact rating gives the same
 *     rating and step; capped one tenth below, it stops with a bound above
 *     the cap and not above the rating;
 *   - puzzles with several solutions or none (SE assumes one) and cells
 *     above 9 are rated without a crash or a sanitizer report.
 */
#include <stdint.h>
#include <string.h>

#include "fuzz/fuzzutil.h"
#include "se/se_rate.h"
#include "sudoflow.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sf_solver_t *solver;
    if (!solver)
        FZ_CHECK((solver = sf_solver_new(NULL)) != NULL, "sf_solver_new");
    fz_t f = {data, size};
    uint8_t p[81], sol[81];
    sf_result_t res;
    sf_se_result_t r, c;
    char a[82];
    fz_puzzle(&f, p, NULL);
    const unsigned cell = fz_below(&f, 81);
    if (cell % 16 == 0)
        p[cell] = (uint8_t)(10 + cell % 7);
    FZ_CHECK(sf_se_rate(p, 1.0, &r) == 0, "sf_se_rate failed\n  puzzle %s",
             fz_cells_str(p, a));
    if (p[cell] > 9) {
        FZ_CHECK(r.status == SF_SE_INVALID, "a value above 9 was rated");
        return 0;
    }
    sf_solve_cells(solver, p, 2, 0, sol, &res);
    if (res.count != 1 || r.status == SF_SE_OVER)
        return 0;
    FZ_CHECK(r.status == SF_SE_EXACT || r.status == SF_SE_BEYOND,
             "status %d for a puzzle with one solution\n  puzzle %s",
             (int)r.status, fz_cells_str(p, a));
    const int full = memcmp(p, sol, 81) == 0;
    FZ_CHECK(full ? r.tenths == 0 : r.tenths >= 10 && r.tenths <= 120,
             "rating %d\n  puzzle %s", r.tenths, fz_cells_str(p, a));
    FZ_CHECK(full == (r.step == SF_SE_STEP_NONE),
             "step %s\n  puzzle %s", sf_se_step_name(r.step),
             fz_cells_str(p, a));
    if (r.status != SF_SE_EXACT || full)
        return 0;
    FZ_CHECK(r.step != SF_SE_STEP_BEYOND && r.step != SF_SE_STEP_OVER,
             "exact rating with step %s", sf_se_step_name(r.step));
    FZ_CHECK(se_rate_capped(p, 1.0, r.tenths, &c) == 0 &&
                 (c.status == SF_SE_OVER ||
                  (c.status == SF_SE_EXACT && c.tenths == r.tenths &&
                   c.step == r.step)),
             "capped at %d: %d %s (%d)\n  puzzle %s", r.tenths, c.tenths,
             sf_se_step_name(c.step), (int)c.status, fz_cells_str(p, a));
    FZ_CHECK(se_rate_capped(p, 1.0, r.tenths - 1, &c) == 0 &&
                 c.status == SF_SE_OVER && c.tenths > r.tenths - 1 &&
                 c.tenths <= r.tenths,
             "capped at %d: %d (%d)\n  puzzle %s", r.tenths - 1, c.tenths,
             (int)c.status, fz_cells_str(p, a));
    return 0;
}
