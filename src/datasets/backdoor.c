/*
 * backdoor.c -- the singles backdoor of a puzzle (sf_backdoor): the fewest
 * cells that, given their digits of the solution on top of the clues, let
 * naked and hidden singles alone (singles.c) solve the puzzle.  A measure
 * of how far a puzzle is from an easy one that the guess counts and the
 * logic ladder do not give: most puzzles of the hard public lists are a
 * set of one or two such cells away from singles, the hardest three or
 * more.
 *
 * Search.  By size k = 1, 2, 3 (up to the caller's maximum), every set of
 * k cells is tried in increasing order of cells, each closed from the
 * closed state of its prefix (singles_add: the closure is monotone, so
 * the closure of the set is that of the prefix's closure plus the last
 * cell).  Only cells still empty in the closure of the givens are tried,
 * and a cell is added to a prefix only when it is still empty in the
 * prefix's closure (otherwise the set closes as the prefix does, and the
 * prefix was tried at the smaller size) and when the single cell's own
 * closure (kept from the first round) fills none of the prefix's cells
 * (the set then closes as a smaller one did).  Every placement is the
 * solution's, so no closure meets a contradiction.  A size-3 search on a
 * hard puzzle whose backdoor is larger closes some ten thousand sets,
 * each from a copy of its prefix's state.
 */
#include "singles.h"

#include "core/tables.h"

#include <string.h>

/* A cell set as two words (the same layout as core/tables.h's). */
static inline int in_set(const uint64_t set[2], int cell)
{
    return (int)(set[cell >> 6] >> (cell & 63) & 1u);
}

static void filled_set(const singles_t *s, uint64_t set[2])
{
    set[0] = set[1] = 0;
    for (int i = 0; i < SF_CELLS; i++)
        if (s->val[i])
            set[i >> 6] |= 1ull << (i & 63);
}

/* The search: the closure of the givens, its empty cells, each one's own
 * closure's filled cells. */
typedef struct bd {
    const uint8_t *solution;
    singles_t base;
    int empty[SF_CELLS], n;
    uint64_t alone[SF_CELLS][2]; /* by position in empty[] */
    int pre[SF_BACKDOOR_MAX];    /* the prefix being extended */
} bd_t;

/* Whether some set of `left` more cells after position `from`, added to
 * the closed state s of the prefix b->pre[0..npre), lets singles solve
 * the puzzle. */
static int extend(bd_t *b, const singles_t *s, int npre, int from, int left)
{
    for (int j = from; j < b->n; j++) {
        const int cell = b->empty[j];
        if (s->val[cell])
            continue;
        int covered = 0;
        for (int k = 0; k < npre && !covered; k++)
            covered = in_set(b->alone[j], b->empty[b->pre[k]]);
        if (covered)
            continue;
        singles_t next = *s;
        singles_add(&next, cell, b->solution[cell]);
        b->pre[npre] = j;
        if (next.filled == SF_CELLS)
            return 1;
        if (left > 1 && npre + 1 < SF_BACKDOOR_MAX) {
            if (extend(b, &next, npre + 1, j + 1, left - 1))
                return 1;
        }
    }
    return 0;
}

int sf_backdoor(const uint8_t *cells, const uint8_t *solution, int max,
                uint8_t *set)
{
    bd_t b;
    if (!cells || !solution || max < 0 || max > SF_BACKDOOR_MAX)
        return -1;
    /* The solution: a full grid, valid, that keeps the givens. */
    const grid_tables_t *t = tables_get();
    for (int i = 0; i < SF_CELLS; i++)
        if (solution[i] < 1 || solution[i] > 9 ||
            (cells[i] && cells[i] != solution[i]))
            return -1;
    for (int u = 0; u < 27; u++) {
        unsigned seen = 0;
        for (int k = 0; k < 9; k++)
            seen |= 1u << solution[t->unit_cells[u][k]];
        if (seen != 0x3feu)
            return -1;
    }
    if (singles_load(&b.base, cells) != 0)
        return -1;
    /* The closure's placements are in every solution. */
    b.n = 0;
    for (int i = 0; i < SF_CELLS; i++)
        if (!b.base.val[i])
            b.empty[b.n++] = i;
    if (b.n == 0)
        return 0;
    if (max == 0)
        return 1;
    b.solution = solution;
    /* Size 1, keeping each cell's closure for the pruning above. */
    for (int j = 0; j < b.n; j++) {
        singles_t s = b.base;
        singles_add(&s, b.empty[j], solution[b.empty[j]]);
        if (s.filled == SF_CELLS) {
            if (set)
                set[0] = (uint8_t)b.empty[j];
            return 1;
        }
        filled_set(&s, b.alone[j]);
    }
    for (int k = 2; k <= max; k++)
        if (extend(&b, &b.base, 0, 0, k)) {
            for (int i = 0; set && i < k; i++)
                set[i] = (uint8_t)b.empty[b.pre[i]];
            return k;
        }
    return max + 1;
}
