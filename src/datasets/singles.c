/*
 * singles.c -- the singles closure: how far naked and hidden singles alone
 * take a puzzle from its givens (sf_singles_closure), the measure of how
 * much of a puzzle is "easy", and the engine of the singles backdoor
 * (backdoor.c), which closes tens of thousands of grids a puzzle.
 *
 * Definition.  A cell's candidates are the digits none of its 20 peers
 * holds.  A naked single is an empty cell with one candidate; a hidden
 * single is a digit that is missing from a unit (row, column or box) and
 * is a candidate of exactly one of its empty cells.  The closure places
 * singles, each making the candidates of its peers smaller, until none
 * applies; sf_singles_closure counts the cells it filled (the givens not
 * counted), 81 - clues when singles solve the puzzle.  A contradiction is
 * an empty cell without candidates, or a digit missing from a unit with
 * no cell left for it (two singles putting one digit twice in a unit, or
 * two digits in one cell, come to that too).
 *
 * Why it is well defined.  A single is a consequence of the givens: every
 * solution has it.  And a single stays a single (or is already placed)
 * as the grid fills, because candidates only shrink: if the closure in
 * one order stalls at S without a contradiction, every placement p of any
 * other order is in S (by induction: p was a single given placements that
 * S holds, so in S its cell is filled with p's digit, or is a single,
 * or shows a contradiction, and the last two cannot happen at a stall).
 * So every order ends at the same grid, or every order meets a
 * contradiction; a puzzle with a solution never meets one, since every
 * placement agrees with that solution.  The puzzle's solution count
 * plays no part: with several solutions the closure is the part that all
 * of them share and singles can see, still a property of the givens.
 *
 * Engine.  A state is the cells' candidate masks, the digits placed and
 * the digits each unit holds.  Placing a digit clears it from its peers;
 * a peer left with one candidate is queued as a naked single, and the
 * units of every cell that lost a candidate are marked.  When the queue
 * is empty, the marked units are scanned for hidden singles by counting
 * candidates "once" and "twice" with bit operations (a digit neither
 * placed nor a candidate is a contradiction); what they find is queued,
 * and the two alternate until nothing is queued or marked.  Adding a
 * placement to a closed state costs only what it sets off.
 */
#include "singles.h"

#include "core/tables.h"

#include <string.h>

#define ALL_DIGITS 0x1ffu

/* Pending placements.  A cell turns into a naked single at most once
 * (candidates only shrink) and a scan queues a cell at most once for each
 * of its three units, with the queue drained before every scan. */
#define QUEUE_CAP (2 * SF_CELLS + 3 * SF_CELLS)

typedef struct move {
    uint8_t cell, digit;
} move_t;

/* Drain the queue q[0..n) and scan the units in `dirty` until nothing is
 * left: 0, or -1 on a contradiction. */
static int run(singles_t *s, move_t *q, int n, uint32_t dirty)
{
    const grid_tables_t *t = tables_get();
    for (;;) {
        while (n > 0) {
            const move_t m = q[--n];
            const int cell = m.cell;
            const unsigned bit = 1u << (m.digit - 1);
            if (s->val[cell]) {
                if (s->val[cell] == m.digit)
                    continue;
                return -1;
            }
            if (!(s->cand[cell] & bit))
                return -1;
            s->val[cell] = m.digit;
            s->cand[cell] = 0;
            s->filled++;
            for (int k = 0; k < 3; k++)
                s->placed[t->units[cell][k]] |= (uint16_t)bit;
            dirty |= t->unit_bits[cell];
            for (int k = 0; k < TAB_PEERS; k++) {
                const int p = t->peers[cell][k];
                const unsigned c = s->cand[p];
                if (!(c & bit))
                    continue;
                const unsigned left = c & ~bit;
                if (!left)
                    return -1;
                s->cand[p] = (uint16_t)left;
                dirty |= t->unit_bits[p];
                if (!(left & (left - 1)))
                    q[n++] = (move_t){(uint8_t)p,
                                      (uint8_t)(__builtin_ctz(left) + 1)};
            }
        }
        if (!dirty)
            return 0;
        while (dirty) {
            const int u = __builtin_ctz(dirty);
            dirty &= dirty - 1;
            const uint8_t *cells = t->unit_cells[u];
            unsigned once = 0, twice = 0;
            for (int k = 0; k < 9; k++) {
                const unsigned c = s->cand[cells[k]];
                twice |= once & c;
                once |= c;
            }
            if ((once | s->placed[u]) != ALL_DIGITS)
                return -1;
            for (unsigned hs = once & ~twice; hs; hs &= hs - 1) {
                const unsigned bit = hs & -hs;
                int k = 0;
                while (!(s->cand[cells[k]] & bit))
                    k++;
                q[n++] = (move_t){cells[k],
                                  (uint8_t)(__builtin_ctz(bit) + 1)};
            }
        }
    }
}

int singles_load(singles_t *s, const uint8_t *cells)
{
    move_t q[QUEUE_CAP];
    int n = 0;
    for (int i = 0; i < SF_CELLS; i++) {
        s->cand[i] = ALL_DIGITS;
        s->val[i] = 0;
    }
    memset(s->placed, 0, sizeof s->placed);
    s->filled = 0;
    /* The givens go first in the queue (it is a stack: they are taken
     * last, which changes nothing, see the top). */
    for (int i = 0; i < SF_CELLS; i++) {
        if (cells[i] > 9)
            return -1;
        if (cells[i])
            q[n++] = (move_t){(uint8_t)i, cells[i]};
    }
    return run(s, q, n, 0);
}

int singles_add(singles_t *s, int cell, int digit)
{
    move_t q[QUEUE_CAP];
    q[0] = (move_t){(uint8_t)cell, (uint8_t)digit};
    return run(s, q, 1, 0);
}

int sf_singles_closure(const uint8_t *cells, uint8_t *out)
{
    singles_t s;
    if (!cells)
        return -1;
    int clues = 0;
    for (int i = 0; i < SF_CELLS; i++)
        clues += cells[i] != 0;
    if (singles_load(&s, cells) != 0)
        return -1;
    if (out)
        memcpy(out, s.val, SF_CELLS);
    return s.filled - clues;
}
