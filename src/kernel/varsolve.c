/*
 * varsolve.c -- the variant kernel: any geometry with the constraints of
 * a sealed sf_rules_t (killer cages, thermometers, arrows, dots, ...).
 *
 * The state is var_internal.h's: a candidate mask per cell, a queue of
 * cells that became single and a list of propagators to run again.
 * Propagation takes, in this order until nothing changes: a queued cell's
 * value out of its peers (the geometry's all-different units and move
 * rules); a waiting propagator from the table below (the search knows
 * them only by their kind); hidden singles in the geometry's full units.
 * Stronger filtering cut the trees but not the time: on killer puzzles
 * without givens, Régin's filtering of every full unit at each fixed
 * point (hall.c) took the guesses from 11,200 (median) to 5,100 and the
 * time from 5.7 s to 23.9 s a hundred puzzles; a domain-consistent cage
 * (docs/variants.md) likewise.
 * A propagator runs again whenever a cell it reads narrows, and all run
 * once at the start, so when every cell is single each has seen the final
 * values and, being exact there, has accepted them: the grid is a
 * solution.
 *
 * The search branches on the open cell with the most contradictions
 * behind it for its number of values (each contradiction counts for the
 * cells of the propagator or unit that found it: weighted degree; on
 * killer puzzles without givens, 5.7 s a hundred against 10.8 s for the
 * fewest values alone), or with SF_LEX on the first
 * open cell, row-major; values ascending, so with SF_LEX the first
 * solution found is the lexicographically smallest.
 * Each level saves the masks in a frame of the state block
 * (varsolve_state_size).  A guess is a value tried at a branch.
 */
#include <string.h>

#include "core/geometry.h"
#include "kernels.h"
#include "var_internal.h"

static const prop_fn props[PROP_KINDS] = {
    [PROP_PAIR] = prop_pair,
    [PROP_CAGE] = prop_cage,
    [PROP_THERMO] = prop_thermo,
    [PROP_ARROW] = prop_arrow,
    [PROP_RENBAN] = prop_renban,
    [PROP_BETWEEN] = prop_between,
    [PROP_REGION_SUM] = prop_region_sum,
    [PROP_QUAD] = prop_quad,
};

typedef struct frame {
    int cell;         /* the branch cell */
    uint32_t left;    /* values not tried yet */
} frame_t;

/* The state block's parts, laid out for r. */
typedef struct layout {
    size_t mask, queue, dirty, todo, weight, frames, saved, size;
} layout_t;

static size_t align8(size_t n) { return (n + 7) & ~(size_t)7; }

static layout_t layout_of(const sf_rules_t *r)
{
    const size_t nc = (size_t)r->ncells, np = (size_t)r->nprop;
    layout_t l;
    l.mask = 0;
    l.queue = l.mask + align8(nc * sizeof(uint32_t));
    l.dirty = l.queue + align8(nc * sizeof(uint16_t));
    l.todo = l.dirty + align8(np + 1);
    l.weight = l.todo + align8((np + 1) * sizeof(uint32_t));
    l.frames = l.weight + align8(nc * sizeof(uint32_t));
    l.saved = l.frames + align8(nc * sizeof(frame_t));
    l.size = l.saved + nc * nc * sizeof(uint32_t);
    return l;
}

size_t varsolve_state_size(const sf_rules_t *r)
{
    return layout_of(r).size;
}

/* Take each queued cell's value out of its peers. */
static int drain_queue(vstate_t *s)
{
    const sf_geometry_t *g = s->g;
    while (s->qlen) {
        const int c = s->queue[--s->qlen];
        const uint32_t v = s->mask[c];
        for (uint32_t i = g->peer_off[c]; i < g->peer_off[c + 1]; i++)
            if ((s->mask[g->peer[i]] & v) &&
                var_narrow(s, g->peer[i], ~v) < 0) {
                s->weight[c]++;
                s->weight[g->peer[i]]++;
                return -1;
            }
    }
    return 0;
}

/* A contradiction in unit u: each of its cells took part. */
static int unit_failed(vstate_t *s, const uint16_t *cell, int k)
{
    for (int i = 0; i < k; i++)
        s->weight[cell[i]]++;
    return -1;
}

/* Hidden singles in every full unit: 1 when one was placed, 0 when none,
 * -1 when a unit has lost a value or a cell is the only place for two. */
static int hidden_singles(vstate_t *s)
{
    const sf_geometry_t *g = s->g;
    int found = 0;
    for (int u = 0; u < g->nfull; u++) {
        uint32_t once = 0, twice = 0;
        const uint16_t *cell = g->unit_cell + g->unit_off[u];
        const int k = (int)(g->unit_off[u + 1] - g->unit_off[u]);
        for (int i = 0; i < k; i++) {
            twice |= once & s->mask[cell[i]];
            once |= s->mask[cell[i]];
        }
        if (once != g->full)
            return unit_failed(s, cell, k);
        const uint32_t hidden = once & ~twice;
        for (int i = 0; hidden && i < k; i++) {
            const uint32_t m = s->mask[cell[i]], h = m & hidden;
            if (!h || !(m & (m - 1)))
                continue;
            if ((h & (h - 1)) || var_narrow(s, cell[i], h) < 0)
                return unit_failed(s, cell, k);
            found = 1;
        }
    }
    return found;
}

static void clear_todo(vstate_t *s)
{
    while (s->ntodo)
        s->dirty[s->todo[--s->ntodo]] = 0;
    s->qlen = 0;
}

/* Everything that follows: 0, or -1 on a contradiction (the queue and the
 * waiting list are then empty again). */
static int propagate(vstate_t *s)
{
    for (;;) {
        if (drain_queue(s) < 0)
            break;
        if (s->ntodo) {
            const uint32_t k = s->todo[--s->ntodo];
            s->dirty[k] = 0;
            const prop_t *p = &s->r->prop[k];
            if (props[p->kind](s, p) < 0) {
                for (int i = 0; i < p->ncells; i++)
                    s->weight[prop_cells(s->r, p)[i]]++;
                break;
            }
            continue;
        }
        const int h = hidden_singles(s);
        if (h < 0)
            break;
        if (h == 0)
            return 0;
    }
    clear_todo(s);
    return -1;
}

/* The branch cell: the first open one (lex), else the open one with the
 * most contradictions behind it for its number of values (weight + 1
 * over values, compared as a cross product; the first among ties); -1
 * when every cell is single. */
static int branch_cell(const vstate_t *s, unsigned flags)
{
    int best = -1;
    uint64_t bw = 0, bk = 1;
    for (int c = 0; c < s->r->ncells; c++) {
        const uint32_t m = s->mask[c];
        if (!(m & (m - 1)))
            continue;
        if (flags & SF_LEX)
            return c;
        const uint64_t w = (uint64_t)s->weight[c] + 1;
        const uint64_t k = (uint64_t)__builtin_popcount(m);
        if (best < 0 || w * bk > bw * k) {
            best = c;
            bw = w;
            bk = k;
        }
    }
    return best;
}

/* The start: the cells' own values, the givens, every propagator
 * waiting. */
static int load(vstate_t *s, const uint8_t *cells)
{
    const sf_rules_t *r = s->r;
    s->qlen = 0;
    s->ntodo = 0;
    if (r->impossible)
        return -1;
    for (int c = 0; c < r->ncells; c++) {
        uint32_t m = r->cell_mask[c];
        if (cells[c])
            m &= 1u << (cells[c] - 1);
        s->mask[c] = m;
        if (!m)
            return -1;
        if (!(m & (m - 1)))
            s->queue[s->qlen++] = (uint16_t)c;
    }
    for (int k = 0; k < r->nprop; k++) {
        s->dirty[k] = 1;
        s->todo[s->ntodo++] = (uint32_t)(r->nprop - 1 - k);
    }
    return 0;
}

uint64_t varsolve(void *state, const sf_rules_t *r, const uint8_t *cells,
                  uint64_t limit, unsigned flags, uint8_t *solution,
                  uint64_t *guesses)
{
    const layout_t l = layout_of(r);
    unsigned char *base = state;
    vstate_t s = {r, r->g, (uint32_t *)(base + l.mask),
                  (uint16_t *)(base + l.queue), 0, base + l.dirty,
                  (uint32_t *)(base + l.todo), 0,
                  (uint32_t *)(base + l.weight)};
    frame_t *frames = (frame_t *)(base + l.frames);
    uint32_t *saved = (uint32_t *)(base + l.saved);
    const size_t nc = (size_t)r->ncells;
    memset(s.dirty, 0, (size_t)r->nprop + 1);
    memset(s.weight, 0, nc * sizeof *s.weight);
    uint64_t count = 0, tries = 0;
    int depth = 0;
    if (load(&s, cells) < 0 || propagate(&s) < 0)
        goto done;
    for (;;) {
        const int c = branch_cell(&s, flags);
        if (c < 0) {
            if (count++ == 0)
                for (size_t i = 0; i < nc; i++)
                    solution[i] = (uint8_t)mask_lo(s.mask[i]);
            if (count == limit) /* 0: count them all */
                break;
        } else {
            frames[depth].cell = c;
            frames[depth].left = s.mask[c];
            memcpy(saved + (size_t)depth * nc, s.mask, nc * sizeof *s.mask);
            depth++;
        }
        /* the next value of the deepest branch with one left */
        for (;;) {
            if (depth == 0)
                goto done;
            frame_t *f = &frames[depth - 1];
            if (!f->left) {
                depth--;
                continue;
            }
            const uint32_t v = f->left & -f->left;
            f->left &= ~v;
            memcpy(s.mask, saved + (size_t)(depth - 1) * nc,
                   nc * sizeof *s.mask);
            tries++;
            if (var_narrow(&s, f->cell, v) == 0 && propagate(&s) == 0)
                break;
            clear_todo(&s);
        }
    }
done:
    *guesses = tries;
    return count;
}
