/*
 * kernels.h -- the solver kernels compiled into the library (internal).
 *
 * SF_KERNELS lists every kernel, fastest first; its first entry is the
 * default that sf_kernel_at(0) returns.  A kernel lives in a kernel_*.c
 * file, which defines `const sf_kernel_t sf_kernel_NAME`; adding it to the
 * library is one more X(NAME) line here (at the top to make it the
 * default).  The declarations and the table in kernels.c are both
 * generated from this list, so they cannot disagree.  A kernel may also
 * solve pencilmark puzzles (candidate masks) through its solve_cands
 * entry; one without it gets the plain search below.
 */
#ifndef SF_KERNELS_H
#define SF_KERNELS_H

#include "sudoflow.h"

#define SF_KERNELS(X) \
    X(bandstack) \
    X(bandstack_solo) \
    X(bitboard) \
    X(small) \
    X(nine) \
    X(wide) \
    X(general)

#define SF_KERNEL_DECLARE(name) extern const sf_kernel_t sf_kernel_##name;
SF_KERNELS(SF_KERNEL_DECLARE)
#undef SF_KERNEL_DECLARE

/* The variant kernel (varsolve.c): its state's size for sealed rules r,
 * and the search, as a kernel's solve_geom on r's geometry under r. */
size_t varsolve_state_size(const sf_rules_t *r);
uint64_t varsolve(void *state, const sf_rules_t *r, const uint8_t *cells,
                  uint64_t limit, unsigned flags, uint8_t *solution,
                  uint64_t *guesses);

/* A flag of the kernels' own beside SF_LEX: the classic kernels try a
 * cell's digits ascending, in their usual cell order.  The generator
 * fills its grids so, so that the puzzles a seed gives stay the same when
 * the search's digit order is tuned. */
#define KERNEL_ASCENDING 0x100u

/* Bytes of the general kernel's state for classic 9x9, at least (a
 * static assertion in geosolve.c holds it to that), for the kernels that
 * hand classic puzzles to it. */
#define GEOSOLVE_CLASSIC_STATE ((size_t)32768)

/* The general kernel's classic 9x9 entry, which the small-grid and wide
 * kernels share (a state of GEOSOLVE_CLASSIC_STATE bytes). */
uint64_t geosolve_classic(void *state, const uint8_t *cells, uint64_t limit,
                          unsigned flags, uint8_t *solution,
                          uint64_t *guesses);

/* Classic 9x9 as a geometry, made once (NULL when out of memory): for
 * the kernels that solve it through their geometry entry. */
const sf_geometry_t *kernel_classic_geometry(void);

/* Pencilmark puzzles for a kernel without a solve_cands entry
 * (cands_search.c): a plain search with sf_solve_cands_fn's contract,
 * its state on the stack. */
uint64_t cands_search(const uint16_t *cands, uint64_t limit, unsigned flags,
                      uint8_t *solution, uint64_t *guesses);

/* A random solution of geometry g's empty grid (NULL or classic: 9x9)
 * into grid (N*N values):
 * the general kernel's search trying values in a random order drawn from
 * seed, given up after budget guesses (0: none).  1 when found, 0 when
 * not (none exists, out of budget, or out of memory). */
int solver_random_grid(sf_solver_t *solver, const sf_geometry_t *g,
                       uint64_t seed, uint64_t budget, uint8_t *grid);
/* geosolve.c's side of it, on a state of sf_kernel_general's size for g. */
int geosolve_random_grid(void *state, const sf_geometry_t *g, uint64_t seed,
                         uint64_t budget, uint8_t *grid);

/* solver.c's side of solve_many.c: the solver's lanes state (made on
 * first use; NULL when out of memory), and 1 when 81 cells are all
 * 0..9. */
void *solver_lanes(sf_solver_t *solver);
int solver_cells_in_range(const uint8_t *cells);

#endif
