/*
 * solver.c -- the solver API: a kernel paired with its per-thread state,
 * solving cells or puzzle strings, and the status of a result.
 *
 * A solver owns one block of kernel->state_size bytes, 64-byte aligned,
 * which the kernel uses as scratch for every solve; the kernel needs no
 * initialisation of it.  A solver is used by one thread at a time; threads
 * that solve at once each take their own.  The functions here check their
 * input, call the kernel and turn its count into a status; they never print
 * and never allocate after sf_solver_new.  A pencilmark puzzle (candidate
 * masks) goes to the kernel's solve_cands entry, or to the plain search of
 * cands_search.c for a kernel without one.  A puzzle of another geometry
 * goes to the solver's kernel when it serves that geometry, else to the
 * geometry's own (sf_kernel_for_geometry), in a second state block that
 * grows to the largest geometry met: the one allocation after
 * sf_solver_new, once per larger geometry.  The vector lanes of
 * sf_solve_many (solve_many.c) get a state of their own on first use.
 */
#include <stdlib.h>
#include <string.h>

#include "core/rules.h"
#include "kernels.h"
#include "lanes.h"

#define STATE_ALIGN 64

/* A state block's size for n bytes: aligned_alloc wants a multiple of
 * the alignment (and not 0). */
static size_t aligned_size(size_t n)
{
    return n ? (n + STATE_ALIGN - 1) / STATE_ALIGN * STATE_ALIGN
             : STATE_ALIGN;
}

struct sf_solver {
    const sf_kernel_t *kernel; /* never NULL */
    void *state;               /* kernel->state_size bytes, 64-aligned */
    void *gstate;              /* other geometries' state, 64-aligned, */
    size_t gcap;               /*   grown to the largest asked for */
    void *lanes;               /* lanes.c's state, made on first use
                                * (solve_many.c), or NULL */
    void *vstate;              /* the variant kernel's state, 64-aligned, */
    size_t vcap;               /*   grown to the largest asked for */
};

static const char *const status_names[SF_STATUS_COUNT] = {
    [SF_SOLVED] = "solved",         [SF_UNIQUE] = "unique",
    [SF_MULTIPLE] = "multiple",     [SF_UNSOLVABLE] = "unsolvable",
    [SF_INVALID] = "invalid",
};

const char *sf_status_name(sf_status_t status)
{
    if ((unsigned)status >= SF_STATUS_COUNT)
        return "?";
    return status_names[status];
}

sf_status_t sf_status_of(uint64_t count, uint64_t limit)
{
    if (count == 0)
        return SF_UNSOLVABLE;
    if (limit == 1)
        return SF_SOLVED;
    return count == 1 ? SF_UNIQUE : SF_MULTIPLE;
}

sf_solver_t *sf_solver_new(const sf_kernel_t *k)
{
    if (k == NULL)
        k = sf_kernel_at(0);
    if (k == NULL || k->solve == NULL)
        return NULL;
    sf_solver_t *solver = malloc(sizeof *solver);
    if (solver == NULL)
        return NULL;
    solver->state = aligned_alloc(STATE_ALIGN, aligned_size(k->state_size));
    if (solver->state == NULL) {
        free(solver);
        return NULL;
    }
    solver->kernel = k;
    solver->gstate = NULL;
    solver->gcap = 0;
    solver->lanes = NULL;
    solver->vstate = NULL;
    solver->vcap = 0;
    return solver;
}

void sf_solver_free(sf_solver_t *solver)
{
    if (solver == NULL)
        return;
    free(solver->state);
    free(solver->gstate);
    free(solver->lanes);
    free(solver->vstate);
    free(solver);
}

const sf_kernel_t *sf_solver_kernel(const sf_solver_t *solver)
{
    return solver ? solver->kernel : NULL;
}

void *solver_lanes(sf_solver_t *solver)
{
    if (solver->lanes == NULL) {
        const size_t size = aligned_size(lanes_state_size());
        solver->lanes = aligned_alloc(STATE_ALIGN, size);
        if (solver->lanes)
            memset(solver->lanes, 0, size);
    }
    return solver->lanes;
}

/* 1 when every cell is 0..9, eight at a time: a byte b < 0x80 has b + 0x76
 * >= 0x80 exactly when b >= 10, and adding cannot carry into the next
 * byte; a byte >= 0x80 shows in the high bit of the word itself. */
int solver_cells_in_range(const uint8_t *cells)
{
    const uint64_t high = 0x8080808080808080u, add = 0x7676767676767676u;
    uint64_t acc = cells[SF_CELLS - 1] > 9 ? high : 0;
    for (int k = 0; k < SF_CELLS - 1; k += 8) {
        uint64_t w;
        memcpy(&w, cells + k, 8);
        acc |= w | (w + add);
    }
    return (acc & high) == 0;
}

/* Record a result and return its status. */
static sf_status_t finish(sf_result_t *result, uint64_t count,
                          uint64_t guesses, sf_status_t status)
{
    if (result != NULL) {
        result->count = count;
        result->guesses = guesses;
        result->status = status;
    }
    return status;
}

sf_status_t sf_solve_cells(sf_solver_t *solver, const uint8_t *cells,
                           uint64_t limit, unsigned flags, uint8_t *solution,
                           sf_result_t *result)
{
    if (cells == NULL || solver == NULL)
        return finish(result, 0, 0, SF_INVALID);
    if (!solver_cells_in_range(cells))
        return finish(result, 0, 0, SF_INVALID);
    uint8_t scratch[SF_CELLS];
    uint64_t guesses = 0;
    const uint64_t count =
        solver->kernel->solve(solver->state, cells, limit, flags,
                              solution ? solution : scratch, &guesses);
    return finish(result, count, guesses, sf_status_of(count, limit));
}

sf_status_t sf_solve_cands(sf_solver_t *solver, const uint16_t *cands,
                           uint64_t limit, unsigned flags, uint8_t *solution,
                           sf_result_t *result)
{
    if (cands == NULL || solver == NULL)
        return finish(result, 0, 0, SF_INVALID);
    unsigned high = 0;
    for (int i = 0; i < SF_CELLS; i++)
        high |= cands[i] & ~0x1ffu;
    if (high)
        return finish(result, 0, 0, SF_INVALID);
    uint8_t scratch[SF_CELLS];
    uint64_t guesses = 0;
    const sf_kernel_t *k = solver->kernel;
    uint8_t *out = solution ? solution : scratch;
    const uint64_t count =
        k->solve_cands
            ? k->solve_cands(solver->state, cands, limit, flags, out, &guesses)
            : cands_search(cands, limit, flags, out, &guesses);
    return finish(result, count, guesses, sf_status_of(count, limit));
}

sf_status_t sf_solve_string(sf_solver_t *solver, const char *puzzle,
                            uint64_t limit, unsigned flags, char *solution,
                            sf_result_t *result)
{
    uint8_t cells[SF_CELLS], grid[SF_CELLS];
    sf_result_t local;
    if (result == NULL)
        result = &local;
    if (solution != NULL)
        solution[0] = '\0';
    if (puzzle == NULL)
        return finish(result, 0, 0, SF_INVALID);
    for (int i = 0; i < SF_CELLS; i++) {
        /* NUL is not a cell, so a short string stops here. */
        const int v = sf_cell_value((unsigned char)puzzle[i]);
        if (v < 0)
            return finish(result, 0, 0, SF_INVALID);
        cells[i] = (uint8_t)v;
    }
    if (puzzle[SF_CELLS] != '\0')
        return finish(result, 0, 0, SF_INVALID);
    const sf_status_t status =
        sf_solve_cells(solver, cells, limit, flags, grid, result);
    if (solution != NULL && result->count > 0) {
        for (int i = 0; i < SF_CELLS; i++)
            solution[i] = (char)('0' + grid[i]);
        solution[SF_CELLS] = '\0';
    }
    return status;
}

/* The kernel that solves g (not classic) for this solver. */
static const sf_kernel_t *geom_kernel(const sf_solver_t *solver,
                                      const sf_geometry_t *g)
{
    const sf_kernel_t *k = solver->kernel;
    return k->fits && k->fits(g) ? k : sf_kernel_for_geometry(g);
}

const sf_kernel_t *sf_solver_kernel_for(const sf_solver_t *solver,
                                        const sf_geometry_t *g)
{
    if (solver == NULL)
        return NULL;
    return sf_geometry_is_classic(g) ? solver->kernel : geom_kernel(solver, g);
}

/* Room in solver's geometry state for kernel k on g: 0, or -1. */
static int reserve_for(sf_solver_t *solver, const sf_kernel_t *k,
                       const sf_geometry_t *g)
{
    const size_t need = aligned_size(k->geom_state_size(g));
    if (need <= solver->gcap)
        return 0;
    void *p = aligned_alloc(STATE_ALIGN, need);
    if (p == NULL)
        return -1;
    free(solver->gstate);
    solver->gstate = p;
    solver->gcap = need;
    return 0;
}

int sf_solver_reserve(sf_solver_t *solver, const sf_geometry_t *g)
{
    if (solver == NULL)
        return -1;
    if (sf_geometry_is_classic(g))
        return 0;
    const sf_kernel_t *k = geom_kernel(solver, g);
    return k ? reserve_for(solver, k, g) : -1;
}

sf_status_t sf_solve_geom(sf_solver_t *solver, const sf_geometry_t *g,
                          const uint8_t *cells, uint64_t limit,
                          unsigned flags, uint8_t *solution,
                          sf_result_t *result)
{
    if (sf_geometry_is_classic(g))
        return sf_solve_cells(solver, cells, limit, flags, solution, result);
    if (cells == NULL || solver == NULL || sf_solver_reserve(solver, g) < 0)
        return finish(result, 0, 0, SF_INVALID);
    const int n = sf_geometry_n(g), nc = sf_geometry_cells(g);
    for (int i = 0; i < nc; i++)
        if (cells[i] > n)
            return finish(result, 0, 0, SF_INVALID);
    uint8_t scratch[SF_MAX_CELLS];
    uint64_t guesses = 0;
    const uint64_t count = geom_kernel(solver, g)->solve_geom(
        solver->gstate, g, cells, limit, flags, solution ? solution : scratch,
        &guesses);
    return finish(result, count, guesses, sf_status_of(count, limit));
}

sf_status_t sf_solve_rules(sf_solver_t *solver, const sf_rules_t *r,
                           const uint8_t *cells, uint64_t limit,
                           unsigned flags, uint8_t *solution,
                           sf_result_t *result)
{
    if (!solver || !r || !r->sealed || !cells)
        return finish(result, 0, 0, SF_INVALID);
    for (int i = 0; i < r->ncells; i++)
        if (cells[i] > r->n)
            return finish(result, 0, 0, SF_INVALID);
    const size_t need = aligned_size(varsolve_state_size(r));
    if (need > solver->vcap) {
        void *p = aligned_alloc(STATE_ALIGN, need);
        if (p == NULL)
            return finish(result, 0, 0, SF_INVALID);
        free(solver->vstate);
        solver->vstate = p;
        solver->vcap = need;
    }
    uint8_t scratch[SF_MAX_CELLS];
    uint64_t guesses = 0;
    const uint64_t count = varsolve(solver->vstate, r, cells, limit, flags,
                                    solution ? solution : scratch, &guesses);
    return finish(result, count, guesses, sf_status_of(count, limit));
}

int solver_random_grid(sf_solver_t *solver, const sf_geometry_t *g,
                       uint64_t seed, uint64_t budget, uint8_t *grid)
{
    /* the general kernel's search, whichever kernel solves g; classic
     * 9x9 as a geometry */
    if (!g)
        g = kernel_classic_geometry();
    if (!g || reserve_for(solver, &sf_kernel_general, g) < 0)
        return 0;
    return geosolve_random_grid(solver->gstate, g, seed, budget, grid);
}
