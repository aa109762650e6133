/*
 * se_forcing.c -- SE's Nishio forcing chains (7.5 and up), its cell and
 * region forcing chains (8.0 and up), dynamic forcing chains (8.5 and up)
 * and those with nesting (9.0 to 11.0 and up), with SE's length rule.
 *
 * All rest on one search (se_search.c): from a start potential (a
 * candidate assumed on or off), follow the implications breadth first,
 * "on" potentials before "off" ones, keeping the first way each potential
 * was reached, and stop at the first contradiction (a potential reached
 * both on and off).
 *   on  -> off: the digit's other places in the cell's box, row and
 *              column (in that order), and with Y-links the cell's other
 *              digits;
 *   off -> on: with Y-links, the other digit of a cell left with two; with
 *              X-links, the other place of the digit in a box, row or
 *              column left with two.
 * Nishio is "dynamic": each "off" potential, once followed, is removed
 * from a working copy of the grid, so later implications see fewer
 * candidates; a potential made "on" because a region's other places were
 * turned off has those as parents too.  It uses X-links only.  For every
 * candidate of every cell with two or more (rows top down, cells left to
 * right, digits up), assuming it on and reaching a contradiction removes
 * it, assuming it off and reaching one makes it the cell's value.
 * Cell and region forcing chains are static (the grid as it is) and use
 * both kinds of links.  Only cells with three or more candidates start
 * them: for each such cell, each digit's "on" search runs; a potential
 * reached the same way from every digit of the cell holds (cell forcing
 * chains); and for each of the digit's regions (box, row, column) whose
 * first place for the digit is this cell and which has two or more, the
 * "on" searches from every place; a potential reached the same way from
 * every place holds (region forcing chains).
 * Dynamic forcing chains are cell and region forcing chains made dynamic
 * as Nishio is (with both kinds of links, from every cell with two or
 * more candidates), plus contradictions from a candidate assumed on or
 * off and "double" chains (a potential reached the same way from a
 * candidate on and off).  With nesting (levels 1 to 5, see nested_offs),
 * a search that runs out of implications asks other techniques, run on
 * its working grid, for more.
 * A hint's complexity is the number of distinct potentials among the
 * ancestors of its chains' ends (both ends of a contradiction, each
 * chain's end otherwise), summed over the chains, plus once each nested
 * chain met among them, its own complexity; its difficulty is the base
 * plus SE's length term.  Of all hints, the step is the first of the
 * least difficulty, then the least complexity, then the kind (double,
 * cell, region, contradiction), in the order they were found; nested
 * techniques take every hint, in that order (se_all.c).
 * Each "on" search runs once a scan (probe) and what it reached is
 * noted, so a group of searches (a cell's, a region's, a candidate's on
 * and off) that reaches no potential in common, and so gives no hint,
 * is passed over without its searches being brought back (load).
 */
#include "se_forcing_internal.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static const int kind_base[KINDS] = {80, 85, 90, 95, 100, 105, 110};
static const int kind_cell[KINDS] = {
    SF_SE_STEP_CELL_FORCING, SF_SE_STEP_DYNAMIC_CELL, SF_SE_STEP_PLUS_CELL,
    SF_SE_STEP_PLUS_FC_CELL, SF_SE_STEP_PLUS_MFC_CELL,
    SF_SE_STEP_PLUS_DFC_CELL, SF_SE_STEP_PLUS_DFC_FC_CELL};
static const int kind_region[KINDS] = {
    SF_SE_STEP_REGION_FORCING, SF_SE_STEP_DYNAMIC_REGION,
    SF_SE_STEP_PLUS_REGION, SF_SE_STEP_PLUS_FC_REGION,
    SF_SE_STEP_PLUS_MFC_REGION, SF_SE_STEP_PLUS_DFC_REGION,
    SF_SE_STEP_PLUS_DFC_FC_REGION};
static const int kind_absurd[KINDS] = {
    0, SF_SE_STEP_DYNAMIC_CONTRADICTION, SF_SE_STEP_PLUS_CONTRADICTION,
    SF_SE_STEP_PLUS_FC_CONTRADICTION, SF_SE_STEP_PLUS_MFC_CONTRADICTION,
    SF_SE_STEP_PLUS_DFC_CONTRADICTION, SF_SE_STEP_PLUS_DFC_FC_CONTRADICTION};
static const int kind_double[KINDS] = {
    0, SF_SE_STEP_DYNAMIC_DOUBLE, SF_SE_STEP_PLUS_DOUBLE,
    SF_SE_STEP_PLUS_FC_DOUBLE, SF_SE_STEP_PLUS_MFC_DOUBLE,
    SF_SE_STEP_PLUS_DFC_DOUBLE, SF_SE_STEP_PLUS_DFC_FC_DOUBLE};

/* Start counting the complexity of a hint: no nested chain met yet. */
static void hint_begin(se_fwork_t *f)
{
    f->nhint_sig = 0;
    f->hint_nested = 0;
    if (f->want_need) {
        memset(f->need, 0, sizeof f->need);
        f->sig = SE_SIG_START;
    }
}

/* All mode: what "on" node nd, reached by a link, rests on (SE's rule
 * parents by the link's cause), and the chain's identity. */
static void hint_need(se_fwork_t *f, const se_grid_t *g, const node_t *nd)
{
    f->sig = se_sig_add(f->sig, (unsigned)(nd->pot * 2 + nd->on));
    if (!nd->on || nd->cause == NO_LINK)
        return;
    const int c = nd->pot / 9;
    if (nd->cause == CELL_LINK)
        f->need[c] = SE_ALL;
    else
        se_need_unit(g, se_kind_unit(g, nd->cause, c), nd->pot % 9, f->need);
}

/* A nested chain met on the way: its complexity counts once per hint. */
static void hint_nest(se_fwork_t *f, const run_t *r, int nest)
{
    const uint64_t sig = r->nest_sig[nest];
    for (int i = 0; i < f->nhint_sig; i++)
        if (f->hint_sig[i] == sig)
            return;
    if (f->nhint_sig < NESTS)
        f->hint_sig[f->nhint_sig++] = sig;
    f->hint_nested += r->nest_cx[nest];
}

/* Distinct potentials among node i of run r and its ancestors; the
 * nested chains among them go to the hint's count (hint_nest), and in all
 * mode what they rest on to the hint's (hint_need; g the run's grid).
 * The count stops once it and the hint's nested chains pass budget (the
 * hint then loses: see cx_bound). */
static int ancestors(se_fwork_t *f, const se_grid_t *g, const run_t *r, int i,
                     int budget)
{
    if (++f->stamp == 0) {
        memset(f->seen, 0, sizeof f->seen);
        f->stamp = 1;
    }
    int16_t todo[2 * 729 + 1]; /* each potential goes in once */
    int n = 0, count = 0;
    todo[n++] = (int16_t)i;
    f->seen[r->n[i].pot * 2 + r->n[i].on] = f->stamp;
    while (n > 0) {
        const node_t *nd = &r->n[todo[--n]];
        const int16_t *par = se_parents(r, nd);
        count++;
        if (nd->nest >= 0)
            hint_nest(f, r, nd->nest);
        if (f->want_need)
            hint_need(f, g, nd);
        else if (count + f->hint_nested > budget)
            break;
        for (int p = 0; p < nd->npar; p++) {
            const node_t *q = &r->n[par[p]];
            const int k = q->pot * 2 + q->on;
            if (f->seen[k] != f->stamp) {
                f->seen[k] = f->stamp;
                todo[n++] = par[p];
            }
        }
    }
    return count;
}

/* The complexity of the contradiction found by run r (both its ends), or
 * some count above bound when it is above bound. */
static int absurd_cx(se_fwork_t *f, const se_grid_t *g, const run_t *r,
                     int bound)
{
    hint_begin(f);
    const int on = ancestors(f, g, r, r->abs_on, bound);
    if (on + f->hint_nested > bound)
        return on + f->hint_nested;
    return on + ancestors(f, g, r, r->abs_off, bound - on) + f->hint_nested;
}

/* The best hint so far, by SE's order of hints; in all mode (all set)
 * every hint goes to all instead, with what it rests on (f->need, plus
 * the start of its chains: a cell's for cell chains, a region's places
 * for region chains). */
typedef struct best {
    se_hint_t *h;
    int complexity, key;
    se_found_list_t *all;
    const se_fwork_t *f;
    const se_grid_t *g;
    int root_cell, root_unit, root_digit; /* -1: none */
    int nomem;
} best_t;

/* Whether a hint of base difficulty base, sort key key and complexity at
 * least cx would lose to the best so far. */
static int loses(const best_t *b, int base, int key, int cx)
{
    const int diff = base + se_length_diff(cx);
    if (b->all)
        return b->nomem;
    return b->h->diff >= 0 &&
           (diff > b->h->diff ||
            (diff == b->h->diff &&
             (cx > b->complexity || (cx == b->complexity && key >= b->key))));
}

/* The largest complexity with which a hint of base difficulty base and
 * sort key key would not lose to the best so far (INT_MAX in all mode or
 * before a first hint): those that do not lose are those up to it, as
 * the difficulty grows with the complexity. */
static int cx_bound(const best_t *b, int base, int key)
{
    if (b->all || b->h->diff < 0)
        return INT_MAX;
    int cx = b->complexity;
    while (cx >= 0 && loses(b, base, key, cx))
        cx--;
    while (!loses(b, base, key, cx + 1))
        cx++;
    return cx;
}

/* All mode's offer. */
static void keep(best_t *b, int tech, int base, int complexity, int key,
                 int cell, unsigned elim, int place)
{
    se_hint_t h;
    se_hint_clear(&h, tech, base + se_length_diff(complexity));
    se_hint_elim(&h, cell, elim);
    if (place >= 0) {
        h.cell = cell;
        h.digit = place;
    }
    se_found_t *k =
        b->nomem ? NULL : se_found_add(b->all, &h, complexity, key);
    if (!k) {
        b->nomem = 1;
        return;
    }
    memcpy(k->need, b->f->need, sizeof k->need);
    if (b->root_cell >= 0)
        k->need[b->root_cell] = SE_ALL;
    if (b->root_unit >= 0)
        se_need_unit(b->g, b->root_unit, b->root_digit, k->need);
    k->sig = b->f->sig;
}

/* Offer a hint of technique tech, base difficulty base, with the given
 * complexity and sort key, removing elim from cell (nothing: not worth)
 * and, when place >= 0, placing that digit there (the chains proved it
 * the cell's value: SE's hint places it, elim are the cell's others). */
static void offer(best_t *b, int tech, int base, int complexity, int key,
                  int cell, unsigned elim, int place)
{
    if (!elim)
        return;
    if (b->all) {
        keep(b, tech, base, complexity, key, cell, elim, place);
        return;
    }
    if (loses(b, base, key, complexity))
        return;
    se_hint_clear(b->h, tech, base + se_length_diff(complexity));
    se_hint_elim(b->h, cell, elim);
    if (place >= 0) {
        b->h->cell = cell;
        b->h->digit = place;
    }
    b->complexity = complexity;
    b->key = key;
}

/* The memo of digit d for places p, emptied if it was for others. */
static nishio_memo_t *nishio_memo(se_fwork_t *f, int d, const uint32_t p[3])
{
    nishio_memo_t *m = &f->nishio[d];
    if (!m->known || memcmp(m->p, p, sizeof m->p)) {
        memcpy(m->p, p, sizeof m->p);
        memset(m->cx, 0xff, sizeof m->cx);
        m->known = 1;
    }
    return m;
}

int se_nishio(const se_grid_t *g, se_fwork_t *f, se_clock_t *clk,
              se_hint_t *h)
{
    best_t b = {.h = h, .root_cell = -1, .root_unit = -1};
    run_t *r = &f->run[0];
    se_digits_t places;
    se_digits(g, &places);
    nishio_memo_t *memo[9];
    for (int d = 0; d < 9; d++)
        memo[d] = nishio_memo(f, d, places.p[d]);
    h->diff = -1;
    for (int c = 0; c < 81; c++) {
        if (g->val[c] || se_popcount(g->cand[c]) < 2)
            continue;
        if (se_clock_over(clk))
            return 0;
        for (unsigned m = g->cand[c]; m; m &= m - 1) {
            const int d = se_lowest(m), pot = c * 9 + d;
            for (int on = 1; on >= 0; on--) {
                int16_t *cx = &memo[d]->cx[2 * c + on];
                if (*cx < 0) {
                    /* the digit test first: most searches find nothing */
                    const int rc = !se_digit_absurd(&places, c, d, on) ? 0
                                   : se_search(g, r, pot, on, DYNAMIC, 0, 1,
                                               NULL);
                    if (rc < 0)
                        return 0;
                    *cx = (int16_t)(rc ? absurd_cx(f, g, r, INT_MAX) : 0);
                }
                if (*cx)
                    offer(&b, SF_SE_STEP_NISHIO, 75, *cx, 7, c,
                          on ? 1u << d : g->cand[c] & ~(1u << d),
                          on ? -1 : d);
            }
        }
    }
    return h->diff >= 0;
}

/* The "on" node of potential pot in every run of runs[0..n), summed
 * ancestor counts in *cx; 0 when some run lacks it ("off" likewise), or
 * when the hint would lose to the best so far anyway. */
static int common(se_fwork_t *f, const se_grid_t *g, run_t *const *runs,
                  int n, int pot, int on, const best_t *b, int base, int key,
                  int *cx)
{
    for (int k = 0; k < n; k++)
        if ((on ? runs[k]->on_at[pot] : runs[k]->off_at[pot]) < 0)
            return 0;
    int flat = 0;
    const int bound = cx_bound(b, base, key);
    hint_begin(f);
    for (int k = 0; k < n; k++) {
        const int i = on ? runs[k]->on_at[pot] : runs[k]->off_at[pot];
        flat += ancestors(f, g, runs[k], i, bound - flat);
        if (loses(b, base, key, flat + f->hint_nested))
            return 0;
    }
    *cx = flat + f->hint_nested;
    return 1;
}

/* Hints from potentials reached the same way by every run of runs[0..n)
 * (those of runs[0], in its order: "on" ones, then "off" ones). */
static void reductions(const se_grid_t *g, se_fwork_t *f, run_t *const *runs,
                       int n, int base, int tech, int key, best_t *b)
{
    for (int on = 1; on >= 0; on--) {
        const int len = on ? runs[0]->non : runs[0]->noff;
        for (int i = 0; i < len; i++) {
            const int e = on ? runs[0]->on_list[i] : runs[0]->off_list[i];
            const int pot = runs[0]->n[e].pot, c = pot / 9, d = pot % 9;
            int cx;
            if (common(f, g, runs, n, pot, on, b, base, key, &cx))
                offer(b, tech, base, cx, key, c,
                      on ? g->cand[c] & ~(1u << d) : 1u << d, on ? d : -1);
        }
    }
}

/* The "on" searches of one scan of the multiple chains (one grid, one
 * kind), kept so that each runs once: the scan needs the search from a
 * candidate for its cell's chains and for each region chain it takes part
 * in (up to four times).  Kept compactly (the nodes, lists and pool in
 * use) in one buffer of at most SAVED_MAX bytes; past that, searches run
 * again.  A search's result depends only on the grid, its start and the
 * kind, so a kept one is the same as a new one. */
#define SAVED_MAX ((size_t)16 << 20)

typedef struct saved_run {
    int count, non, noff, abs_on, abs_off, npool, nnest, rc;
} saved_run_t;

static size_t round8(size_t n) { return (n + 7) & ~(size_t)7; }

static size_t saved_size(const run_t *r)
{
    return sizeof(saved_run_t) + round8((size_t)r->nnest * 12) +
           (size_t)r->count * sizeof(node_t) +
           round8((size_t)(r->non + r->noff + r->npool) * 2);
}

static void save_run(se_fwork_t *f, const run_t *r, int pot, int rc)
{
    const size_t need = saved_size(r);
    if (f->nsaved + need > f->capsaved) {
        size_t cap = f->capsaved ? 2 * f->capsaved : (size_t)1 << 20;
        while (cap < f->nsaved + need)
            cap *= 2;
        if (cap > SAVED_MAX)
            return;
        unsigned char *m = realloc(f->saved, cap);
        if (!m)
            return;
        f->saved = m;
        f->capsaved = cap;
    }
    unsigned char *p = f->saved + f->nsaved;
    const saved_run_t h = {r->count, r->non, r->noff, r->abs_on, r->abs_off,
                           r->npool, r->nnest, rc};
    memcpy(p, &h, sizeof h);
    p += sizeof h;
    memcpy(p, r->nest_sig, (size_t)r->nnest * 8);
    memcpy(p + (size_t)r->nnest * 8, r->nest_cx, (size_t)r->nnest * 4);
    p += round8((size_t)r->nnest * 12);
    memcpy(p, r->n, (size_t)r->count * sizeof(node_t));
    p += (size_t)r->count * sizeof(node_t);
    memcpy(p, r->on_list, (size_t)r->non * 2);
    memcpy(p + (size_t)r->non * 2, r->off_list, (size_t)r->noff * 2);
    memcpy(p + (size_t)(r->non + r->noff) * 2, r->pool, (size_t)r->npool * 2);
    f->saved_at[pot] = (int32_t)f->nsaved + 1;
    f->nsaved += need;
}

static int restore_run(const se_fwork_t *f, run_t *r, int pot)
{
    const unsigned char *p = f->saved + f->saved_at[pot] - 1;
    saved_run_t h;
    memcpy(&h, p, sizeof h);
    p += sizeof h;
    r->count = h.count, r->non = h.non, r->noff = h.noff;
    r->abs_on = h.abs_on, r->abs_off = h.abs_off;
    r->npool = h.npool, r->nnest = h.nnest;
    memcpy(r->nest_sig, p, (size_t)h.nnest * 8);
    memcpy(r->nest_cx, p + (size_t)h.nnest * 8, (size_t)h.nnest * 4);
    p += round8((size_t)h.nnest * 12);
    memcpy(r->n, p, (size_t)h.count * sizeof(node_t));
    p += (size_t)h.count * sizeof(node_t);
    memcpy(r->on_list, p, (size_t)h.non * 2);
    memcpy(r->off_list, p + (size_t)h.non * 2, (size_t)h.noff * 2);
    memcpy(r->pool, p + (size_t)(h.non + h.noff) * 2, (size_t)h.npool * 2);
    memset(r->on_at, 0xff, sizeof r->on_at);
    memset(r->off_at, 0xff, sizeof r->off_at);
    memcpy(r->reach, f->probe_reach[pot], sizeof r->reach);
    for (int i = 0; i < h.non; i++)
        r->on_at[r->n[r->on_list[i]].pot] = r->on_list[i];
    for (int i = 0; i < h.noff; i++)
        r->off_at[r->n[r->off_list[i]].pot] = r->off_list[i];
    return h.rc;
}

/* The "on" search from potential pot, run once a scan (probed): into
 * run slot, which then holds it (f->live), its result and the
 * potentials it reached noted (f->probe_rc, f->probe_reach) and the
 * search kept when there is room.  Most groups of searches (a cell's, a
 * region's, a candidate on and off) reach no potential in common, and
 * so give no hint: what they reached tells, without the searches
 * themselves.  0, or -1 as se_search. */
static int probe(const se_grid_t *g, se_fwork_t *f, int slot, int pot,
                 int kind)
{
    if (f->probed[pot])
        return 0;
    run_t *r = &f->run[slot];
    const int rc = se_search(g, r, pot, 1, kind, 1, 1, f);
    f->live[slot] = rc >= 0 ? pot : -1;
    if (rc < 0)
        return -1;
    save_run(f, r, pot, rc);
    f->probed[pot] = 1;
    f->probe_rc[pot] = (int8_t)rc;
    memcpy(f->probe_reach[pot], r->reach, sizeof r->reach);
    return 0;
}

/* Run slot made to hold the probed "on" search from pot: kept, restored,
 * or run again.  A search's result depends only on the grid, its start
 * and the kind, so each way gives the same run.  0, or -1 as se_search. */
static int load(const se_grid_t *g, se_fwork_t *f, int slot, int pot,
                int kind)
{
    run_t *r = &f->run[slot];
    if (f->live[slot] == pot)
        return 0;
    f->live[slot] = -1;
    const int rc = f->saved_at[pot] ? restore_run(f, r, pot)
                                    : se_search(g, r, pot, 1, kind, 1, 1, f);
    if (rc < 0)
        return -1;
    f->live[slot] = pot;
    return 0;
}

/* Whether reach sets a[0..n) have a potential in common. */
static int meet(const uint64_t (*const *a)[12], int n)
{
    uint64_t any = 0;
    for (int w = 0; w < 24; w++) {
        uint64_t m = ((const uint64_t *)a[0])[w];
        for (int k = 1; k < n && m; k++)
            m &= ((const uint64_t *)a[k])[w];
        any |= m;
    }
    return any != 0;
}

/* Whether cell c is the first of two or more places of digit d in region
 * u: the region's forcing chains for d start there. */
static int heads(const se_grid_t *g, int u, int d, int c)
{
    const unsigned m = g->pos[u][d];
    return se_popcount(m) >= 2 && se_cell(g, u, se_lowest(m)) == c;
}

/* Region forcing chains for digit d of cell c, whose "on" search is
 * probed into run slot own: those of each region that c heads, when the
 * searches from its places reach something in common. */
static int region_chains(const se_grid_t *g, se_fwork_t *f, int c, int d,
                         int own, int kind, best_t *b)
{
    const int base = kind_base[kind];
    for (int k = 0; k < 3; k++) {
        const int u = se_kind_unit(g, k, c);
        if (!heads(g, u, d, c))
            continue;
        int slot[9], pot[9], n = 0;
        const uint64_t(*reach[9])[12];
        for (unsigned o = g->pos[u][d]; o; o &= o - 1, n++) {
            const int other = se_cell(g, u, se_lowest(o));
            slot[n] = other == c ? own : 9 + n;
            pot[n] = other * 9 + d;
            if (probe(g, f, slot[n], pot[n], kind) < 0)
                return -1;
            reach[n] = f->probe_reach[pot[n]];
        }
        if (!meet(reach, n))
            continue;
        run_t *runs[9];
        for (int i = 0; i < n; i++) {
            if (load(g, f, slot[i], pot[i], kind) < 0)
                return -1;
            runs[i] = &f->run[slot[i]];
        }
        b->root_unit = u;
        b->root_digit = d;
        reductions(g, f, runs, n, base, kind_region[kind], 6, b);
        b->root_unit = -1;
    }
    return 0;
}

/* Dynamic chains from candidate d of cell c, its "on" search probed into
 * run slot own: a contradiction either way, and (cells of three or more
 * candidates) potentials reached the same way on and off. */
static int binary_chains(const se_grid_t *g, se_fwork_t *f, int c, int d,
                         int own, int kind, best_t *b)
{
    const int pot = c * 9 + d, base = kind_base[kind];
    const int absurd = kind_absurd[kind], twice = kind_double[kind];
    run_t *on = &f->run[own], *off = &f->run[RUNS - 1];
    if (f->probe_rc[pot] > 0) {
        if (load(g, f, own, pot, kind) < 0)
            return -1;
        offer(b, absurd, base, absurd_cx(f, g, on, cx_bound(b, base, 7)), 7,
              c, 1u << d, -1);
    }
    if (se_popcount(g->cand[c]) == 2 && kind == DYNAMIC) {
        /* d off and the other digit on imply each other, so their searches
         * reach the same potentials: a contradiction, or none */
        const unsigned e = se_lowest(g->cand[c] & ~(1u << d));
        if (probe(g, f, e > (unsigned)d ? own + 1 : own - 1, c * 9 + (int)e,
                  kind) < 0)
            return -1;
        if (!f->probe_rc[c * 9 + e])
            return 0;
    }
    const int rc = se_search(g, off, pot, 0, kind, 1, 1, f);
    if (rc < 0)
        return -1;
    if (rc > 0)
        offer(b, absurd, base, absurd_cx(f, g, off, cx_bound(b, base, 7)),
              7, c, g->cand[c] & ~(1u << d), d);
    const uint64_t(*reach[2])[12] = {f->probe_reach[pot], off->reach};
    if (se_popcount(g->cand[c]) < 3 || !meet(reach, 2))
        return 0;
    if (load(g, f, own, pot, kind) < 0)
        return -1;
    run_t *both[2] = {on, off};
    for (int v = 1; v >= 0; v--) {
        const int len = v ? on->non : on->noff;
        for (int i = 0; i < len; i++) {
            const int e = v ? on->on_list[i] : on->off_list[i];
            const int q = on->n[e].pot, qc = q / 9, qd = q % 9;
            int cx;
            if (common(f, g, both, 2, q, v, b, base, 1, &cx))
                offer(b, twice, base, cx, 1, qc,
                      v ? g->cand[qc] & ~(1u << qd) : 1u << qd, v ? qd : -1);
        }
    }
    return 0;
}

/* Cell forcing chains of cell c, whose digits' "on" searches are probed
 * into run slots 0..n), when they reach something in common. */
static int cell_chains(const se_grid_t *g, se_fwork_t *f, int c, int kind,
                       best_t *b)
{
    const uint64_t(*reach[9])[12];
    int pot[9], n = 0;
    for (unsigned m = g->cand[c]; m; m &= m - 1, n++) {
        pot[n] = c * 9 + se_lowest(m);
        reach[n] = f->probe_reach[pot[n]];
    }
    if (!meet(reach, n))
        return 0;
    run_t *runs[9];
    for (int i = 0; i < n; i++) {
        if (load(g, f, i, pot[i], kind) < 0)
            return -1;
        runs[i] = &f->run[i];
    }
    b->root_cell = c;
    reductions(g, f, runs, n, kind_base[kind], kind_cell[kind], 5, b);
    b->root_cell = -1;
    return 0;
}

/* Whether a static cell forcing chain from cell c, or a region forcing
 * chain of a region whose first place for a digit is c, can exist: the
 * searches from the places must all reach a potential in common. */
static int static_may(const se_grid_t *g, const se_work_t *w, int c)
{
    int pots[9], n = 0;
    for (unsigned m = g->cand[c]; m; m &= m - 1)
        pots[n++] = c * 9 + se_lowest(m);
    if (se_reach_common(w, pots, n))
        return 1;
    for (unsigned dm = g->cand[c]; dm; dm &= dm - 1) {
        const int d = se_lowest(dm);
        for (int k = 0; k < 3; k++) {
            const int u = se_kind_unit(g, k, c);
            const unsigned m = g->pos[u][d];
            if (!heads(g, u, d, c))
                continue;
            n = 0;
            for (unsigned o = m; o; o &= o - 1)
                pots[n++] = se_cell(g, u, se_lowest(o)) * 9 + d;
            if (se_reach_common(w, pots, n))
                return 1;
        }
    }
    return 0;
}

/* Cell and region forcing chains of a kind (see the top), into b: 0, or
 * -1 when a run ran out of room or the time is up.  Static chains skip
 * the cells where static_may rules them out (the searches skipped would
 * find nothing there). */
static int forcing_scan(const se_grid_t *g, se_fwork_t *f, int kind,
                        best_t *b)
{
    const int dynamic = kind != STATIC;
    memset(f->saved_at, 0, sizeof f->saved_at);
    memset(f->probed, 0, sizeof f->probed);
    memset(f->live, 0xff, sizeof f->live);
    f->nsaved = 0;
    if (!dynamic)
        se_reach_static(g, f->chains);
    for (int c = 0; c < 81; c++) {
        if (g->val[c] || se_popcount(g->cand[c]) < (dynamic ? 2 : 3))
            continue;
        if (!dynamic && !static_may(g, f->chains, c))
            continue;
        if (se_clock_over(f->clk))
            return -1;
        int n = 0;
        for (unsigned m = g->cand[c]; m; m &= m - 1, n++) {
            const int d = se_lowest(m);
            if (probe(g, f, n, c * 9 + d, kind) < 0 ||
                (dynamic && binary_chains(g, f, c, d, n, kind, b) < 0) ||
                region_chains(g, f, c, d, n, kind, b) < 0)
                return -1;
        }
        if (cell_chains(g, f, c, kind, b) < 0)
            return -1;
    }
    return 0;
}

static int forcing(const se_grid_t *g, se_fwork_t *f, se_clock_t *clk,
                   int kind, se_hint_t *h)
{
    best_t b = {.h = h, .root_cell = -1, .root_unit = -1};
    h->diff = -1;
    f->clk = clk;
    const int rc = forcing_scan(g, f, kind, &b);
    if (rc < 0 && !clk->over)
        f->overflow = 1;
    return rc == 0 && h->diff >= 0;
}

int se_fwork_overflow(const se_fwork_t *f)
{
    return f->overflow;
}

/* The same in all mode, every hint handed to the sink in SE's order:
 * 0, or -1 out of memory, room or time. */
static int forcing_all(const se_grid_t *g, se_fwork_t *f, int kind,
                       se_sink_t *all)
{
    best_t b = {.all = &f->found, .f = f, .g = g, .root_cell = -1,
                .root_unit = -1};
    f->found.n = 0;
    f->want_need = 1;
    const int rc = forcing_scan(g, f, kind, &b);
    f->want_need = 0;
    if (rc < 0 || b.nomem)
        return -1;
    return se_found_emit(&f->found, all) < 0 ? -1 : 0;
}

int se_multiple_chains(const se_grid_t *g, se_fwork_t *f, se_clock_t *clk,
                       se_hint_t *h)
{
    return forcing(g, f, clk, STATIC, h);
}

int se_nested_chains(const se_grid_t *g, se_fwork_t *f, se_clock_t *clk,
                     int level, se_hint_t *h)
{
    return forcing(g, f, clk, DYNAMIC + level, h);
}

/* A nested search's rule (see se_fwork's nested_rule): the forcing chains
 * and cycles on the chain search's memory, or multiple chains of a kind
 * on the inner forcing memory, made on first use. */
static int nested_rule(const se_grid_t *w, se_fwork_t *f, int kind,
                       se_sink_t *sink)
{
    if (kind == NEST_CHAINS)
        return se_chains_all(w, f->chains, sink) < 0 ? -1 : 0;
    if (!f->inner && !(f->inner = se_fwork_new(f->chains)))
        return -1;
    f->inner->clk = f->clk;
    return forcing_all(w, f->inner, kind, sink) < 0 ? -1 : 0;
}

/* ---------------------------------------------------------- the memory */

/* The state of a new rating's memory; what it holds allocated is kept. */
static void fwork_init(se_fwork_t *f)
{
    memset(f->seen, 0, sizeof f->seen);
    f->stamp = 0;
    f->want_need = 0;
    f->found.n = 0;
    f->clk = NULL;
    f->overflow = 0;
    f->nsaved = 0;
    for (int d = 0; d < 9; d++)
        f->nishio[d].known = 0;
}

se_fwork_t *se_fwork_new(se_work_t *chains)
{
    se_fwork_t *f = malloc(sizeof *f);
    if (f) {
        memset(&f->found, 0, sizeof f->found);
        f->chains = chains;
        f->nested_rule = nested_rule;
        f->inner = NULL;
        f->saved = NULL;
        f->capsaved = 0;
        fwork_init(f);
    }
    return f;
}

void se_fwork_reset(se_fwork_t *f)
{
    if (f) {
        fwork_init(f);
        se_fwork_reset(f->inner);
    }
}

void se_fwork_free(se_fwork_t *f)
{
    if (f) {
        se_fwork_free(f->inner);
        se_found_free(&f->found);
        free(f->saved);
    }
    free(f);
}
