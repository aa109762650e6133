/*
 * fuzz_se.c -- the Sudoku Explainer rating on arbitrary puzzles.
 *
 * SE's rating is not invariant under the equivalence transforms (it takes
 * the first chain of least difficulty in its scan order), so the
 * properties checked are those of one rating:
 *
 *   - on either scale (classic SE or Sukaku Explainer's, picked by the
 *     input), sf_se_rate_scale returns 0 and a status; an exact or bounded rating of a
 *     puzzle with one solution is between 1.0 (or 0 for a full grid) and
 *     SE's top, with a step name that is not "none" unless the grid is
 *     full, and an exact one never names "beyond" or "over";
 *   - the capped rating (generate's) at the exact rating gives the same
 *     rating and step; capped one tenth below, it stops with a bound above
 *     the cap and not above the rating;
 *   - puzzles with several solutions or none (SE assumes one) and cells
 *     above 9 are rated without a crash or a sanitizer report;
 *   - a rating keeps to its time budget (small here, so that thousands of
 *     inputs run a minute: 0.01 s for a puzzle without one solution, 0.2 s
 *     for one with), give or take what an instrumented build takes between
 *     two looks at the clock (GRACE).
 */
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "fuzz/fuzzutil.h"
#include "se/se_rate.h"
#include "sudoflow.h"

#define GRACE 0.5 /* seconds */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* sf_se_rate (ceiling 0) or se_rate_capped within budget (0: none; the
 * capped ratings of a puzzle just rated exactly go no further than that
 * rating did), checked to keep to it; the rate function's return value. */
static int rate_timed(const uint8_t *p, sf_se_scale_t scale, double budget,
                      int ceiling, sf_se_result_t *r)
{
    const double t0 = now();
    const int rc = ceiling ? se_rate_capped(p, scale, budget, ceiling, r)
                           : sf_se_rate_scale(p, scale, budget, r);
    const double t = now() - t0;
    char a[82];
    FZ_CHECK(budget == 0 || t <= budget + GRACE, "a rating with a budget of %.2f s took "
             "%.2f s\n  puzzle %s", budget, t, fz_cells_str(p, a));
    return rc;
}

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
    const sf_se_scale_t scale = (sf_se_scale_t)fz_below(&f, 2);
    if (cell % 16 == 0)
        p[cell] = (uint8_t)(10 + cell % 7);
    sf_solve_cells(solver, p, 2, 0, sol, &res);
    const double budget = p[cell] <= 9 && res.count == 1 ? 0.2 : 0.01;
    FZ_CHECK(rate_timed(p, scale, budget, 0, &r) == 0,
             "sf_se_rate failed\n  puzzle %s", fz_cells_str(p, a));
    if (p[cell] > 9) {
        FZ_CHECK(r.status == SF_SE_INVALID, "a value above 9 was rated");
        return 0;
    }
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
    FZ_CHECK(rate_timed(p, scale, 0, r.tenths, &c) == 0 &&
                 (c.status == SF_SE_OVER ||
                  (c.status == SF_SE_EXACT && c.tenths == r.tenths &&
                   c.step == r.step)),
             "capped at %d: %d %s (%d)\n  puzzle %s", r.tenths, c.tenths,
             sf_se_step_name(c.step), (int)c.status, fz_cells_str(p, a));
    FZ_CHECK(rate_timed(p, scale, 0, r.tenths - 1, &c) == 0 &&
                 c.status == SF_SE_OVER && c.tenths > r.tenths - 1 &&
                 c.tenths <= r.tenths,
             "capped at %d: %d (%d)\n  puzzle %s", r.tenths - 1, c.tenths,
             (int)c.status, fz_cells_str(p, a));
    return 0;
}
