/*
 * cands_search.c -- pencilmark puzzles for kernels without a solve_cands
 * entry: a plain depth-first search over 81 candidate masks.
 *
 * sf_solve_cands hands a candidate grid to the kernel's own entry when it
 * has one (the built-in kernels do); this search is the fallback that
 * keeps any kernel usable on such input.  It favours being evidently
 * right over speed: a cell left with one candidate removes that digit
 * from its peers, which may leave more such cells, and a digit with one
 * place left in a unit goes there (an emptied cell, or a digit with no
 * place, is a dead end); then the search branches on a cell with the fewest
 * candidates, or with SF_LEX on the first open cell in row-major order,
 * trying digits in ascending order so that the first solution found is
 * the smallest.  All state is on the caller's stack (81 levels of 162
 * bytes at most); the geometry comes from the shared read-only tables.
 */
#include <string.h>

#include "kernels.h"
#include "core/tables.h"

typedef struct cands_run {
    const grid_tables_t *tab;
    uint64_t limit, count, guesses;
    unsigned flags;
    uint8_t *solution;
} cands_run_t;

static int single(unsigned m) { return m && (m & (m - 1)) == 0; }

/* Clear the digit of each cell on the work stack (cells with one
 * candidate, n of them) from its peers; a peer left with one candidate
 * joins the stack.  A cell becomes single once on a path of the search,
 * so the stack never holds more than 81.  0 when a cell has no candidate
 * left. */
static int settle(const grid_tables_t *tab, uint16_t *m, uint8_t *work,
                  int n)
{
    while (n > 0) {
        const int i = work[--n];
        for (int k = 0; k < TAB_PEERS; k++) {
            const int p = tab->peers[i][k];
            if (!(m[p] & m[i]))
                continue;
            m[p] &= (uint16_t)~m[i];
            if (m[p] == 0)
                return 0;
            if (single(m[p]))
                work[n++] = (uint8_t)p;
        }
    }
    return 1;
}

/* Hidden singles: a digit with one place left in a unit goes there (onto
 * the work stack, as a cell that has just become single).  Returns how
 * many cells were pushed, or -1 when a unit has no place for a digit or
 * a cell is the only place of two. */
static int hidden_singles(const grid_tables_t *tab, uint16_t *m,
                          uint8_t *work)
{
    int n = 0;
    for (int u = 0; u < TAB_UNITS; u++) {
        unsigned once = 0, twice = 0;
        for (int k = 0; k < 9; k++) {
            const unsigned c = m[tab->unit_cells[u][k]];
            twice |= once & c;
            once |= c;
        }
        if (once != 0x1ffu)
            return -1;
        for (int k = 0; k < 9; k++) {
            const int cell = tab->unit_cells[u][k];
            const unsigned d = m[cell] & once & ~twice;
            if (d == 0 || d == m[cell])
                continue;
            if (!single(d))
                return -1;
            m[cell] = (uint16_t)d;
            work[n++] = (uint8_t)cell;
        }
    }
    return n;
}

/* Singles of both kinds until none is left.  0 on a contradiction. */
static int propagate(const grid_tables_t *tab, uint16_t *m, uint8_t *work,
                     int n)
{
    while (settle(tab, m, work, n)) {
        n = hidden_singles(tab, m, work);
        if (n <= 0)
            return n == 0;
    }
    return 0;
}

/* The cell to branch on, or -1 when every cell has one candidate. */
static int branch_cell(const uint16_t *m, unsigned flags)
{
    int best = -1, fewest = 10;
    for (int i = 0; i < SF_CELLS; i++) {
        const int n = __builtin_popcount(m[i]);
        if (n > 1 && (flags & SF_LEX))
            return i;
        if (n > 1 && n < fewest)
            fewest = n, best = i;
    }
    return best;
}

/* Count the solutions below this node, whose cells work[0..n) have just
 * become single; 1 when the limit is reached. */
static int visit(cands_run_t *r, const uint16_t *node, uint8_t *work, int n)
{
    uint16_t m[SF_CELLS];
    memcpy(m, node, sizeof m);
    if (!propagate(r->tab, m, work, n))
        return 0;
    const int cell = branch_cell(m, r->flags);
    if (cell < 0) {
        if (r->count++ == 0)
            for (int i = 0; i < SF_CELLS; i++)
                r->solution[i] = (uint8_t)(__builtin_ctz(m[i]) + 1);
        return r->limit && r->count >= r->limit;
    }
    for (unsigned rest = m[cell]; rest; rest &= rest - 1) {
        r->guesses += (rest & (rest - 1)) != 0; /* the last one is forced */
        m[cell] = (uint16_t)(rest & -rest);
        work[0] = (uint8_t)cell;
        if (visit(r, m, work, 1))
            return 1;
    }
    return 0;
}

uint64_t cands_search(const uint16_t *cands, uint64_t limit, unsigned flags,
                      uint8_t *solution, uint64_t *guesses)
{
    cands_run_t r = {tables_get(), limit, 0, 0, flags, solution};
    uint8_t work[SF_CELLS];
    int n = 0;
    for (int i = 0; i < SF_CELLS; i++) {
        if (cands[i] == 0)
            n = -1; /* an empty cell: no solution */
        if (n >= 0 && single(cands[i]))
            work[n++] = (uint8_t)i;
    }
    if (n >= 0)
        visit(&r, cands, work, n);
    *guesses = r.guesses;
    return r.count;
}
