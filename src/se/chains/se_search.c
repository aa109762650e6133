/*
 * se_search.c -- the implication search of SE's multiple forcing chains:
 * from a candidate assumed on or off, breadth first, "on" potentials
 * before "off" ones, the first way each potential is reached kept, up to
 * the first contradiction; static (the grid as it is) or dynamic (each
 * "off" followed is gone from a working copy, and an "on" it leads to has
 * the other removals in its cell or region as hidden parents); and with
 * SE's nesting, where other techniques run on the working grid add
 * implications when the search runs out of them (nested_offs).
 *
 * The hints built on these searches, and their complexity, are
 * se_forcing.c's; the nodes and runs are in se_forcing_internal.h.
 */
#include "se_forcing_internal.h"

#include <string.h>

static int add_node(run_t *r, int pot, int on, int parent)
{
    if (r->count >= NODES)
        return -1;
    node_t *n = &r->n[r->count];
    n->pot = (int16_t)pot;
    n->on = (uint8_t)on;
    n->npar = parent >= 0;
    n->par[0] = (int16_t)parent;
    n->nest = -1;
    n->cause = NO_LINK;
    return r->count++;
}

/* Index node i as the "on" or "off" node of its potential. */
static void index_node(run_t *r, int i)
{
    const node_t *n = &r->n[i];
    r->reach[n->on][n->pot >> 6] |= 1ull << (n->pot & 63);
    if (n->on) {
        r->on_at[n->pot] = (int16_t)i;
        r->on_list[r->non++] = (int16_t)i;
    } else {
        r->off_at[n->pot] = (int16_t)i;
        r->off_list[r->noff++] = (int16_t)i;
    }
}

/* "On" node p's consequence q, an "off" potential: a contradiction when q
 * is "on" already (1), else added unless there (0); -1: r is full. */
static inline int reach_off(run_t *r, int q, int p)
{
    if (r->on_at[q] >= 0) {
        r->abs_on = r->on_at[q];
        r->abs_off = add_node(r, q, 0, p);
        return r->abs_off < 0 ? -1 : 1;
    }
    if (r->off_at[q] < 0) {
        const int e = add_node(r, q, 0, p);
        if (e < 0)
            return -1;
        index_node(r, e);
    }
    return 0;
}

/* The consequences of "on" node p of r on the working grid w, in SE's
 * order (se_on_to_off's, followed as they come rather than listed: with
 * y the cell's other digits, then the digit's other places by
 * se_on_regions): 1 at a contradiction, 0, or -1 when r is full. */
static int on_to_off(run_t *r, const se_grid_t *w, int p, int y)
{
    const int pot = r->n[p].pot, cell = pot / 9, d = pot % 9;
    int rc;
    if (y)
        for (unsigned m = w->cand[cell] & ~(1u << d); m; m &= m - 1)
            if ((rc = reach_off(r, cell * 9 + se_lowest(m), p)))
                return rc;
    int units[3];
    unsigned skip[3];
    se_on_regions(w, cell, units, skip);
    const grid_tables_t *t = w->t;
    for (int k = 0; k < 3; k++)
        for (unsigned m = w->pos[units[k]][d] & ~skip[k]; m; m &= m - 1)
            if ((rc = reach_off(r, t->unit_cells[units[k]][se_lowest(m)] * 9 +
                                       d, p)))
                return rc;
    return 0;
}

/* Consequences of "off" node i of run r: "on" potentials with their
 * parents (node indexes in r), deduplicated, in SE's order, into out;
 * their count. */
static int off_to_on(const se_grid_t *src, const se_grid_t *w,
                     const run_t *r, int i, int y, int x, node_t *out)
{
    const int pot = r->n[i].pot, cell = pot / 9, d = pot % 9;
    int n = 0;
    if (y && se_popcount(w->cand[cell]) == 2) {
        node_t *nd = &out[n++];
        nd->pot = (int16_t)(cell * 9 + se_lowest(w->cand[cell] & ~(1u << d)));
        nd->on = 1;
        nd->nest = -1;
        nd->cause = CELL_LINK;
        nd->npar = 1;
        nd->par[0] = (int16_t)i;
        for (unsigned m = src->cand[cell] & ~w->cand[cell]; m; m &= m - 1)
            if (r->off_at[cell * 9 + se_lowest(m)] >= 0)
                nd->par[nd->npar++] = r->off_at[cell * 9 + se_lowest(m)];
    }
    if (!x)
        return n;
    /* the regions in SE's order for chains (box, row, column) where d has
     * two places left: most have more */
    int kind_units[3];
    se_kind_units(w, cell, kind_units);
    unsigned two = 0;
    for (int k = 0; k < 3; k++)
        two |= (unsigned)(se_popcount(w->pos[kind_units[k]][d]) == 2) << k;
    const int first_x = n;
    for (; two; two &= two - 1) {
        const int k = se_lowest(two), u = kind_units[k];
        const unsigned m = w->pos[u][d];
        int c = se_cell(w, u, se_lowest(m));
        if (c == cell)
            c = se_cell(w, u, se_lowest(m & (m - 1)));
        int dup = 0; /* the same place through another region */
        for (int j = first_x; j < n; j++)
            dup |= out[j].pot == c * 9 + d;
        if (dup)
            continue;
        node_t *nd = &out[n++];
        nd->pot = (int16_t)(c * 9 + d);
        nd->on = 1;
        nd->nest = -1;
        nd->cause = (uint8_t)k;
        nd->npar = 1;
        nd->par[0] = (int16_t)i;
        for (unsigned h = src->pos[u][d] & ~m; h; h &= h - 1) {
            const int q = r->off_at[se_cell(w, u, se_lowest(h)) * 9 + d];
            if (q >= 0)
                nd->par[nd->npar++] = (int16_t)q;
        }
    }
    return n;
}

/* Add a copy of node *nd to r: its index, or -1 when r is full. */
static int copy_node(run_t *r, const node_t *nd)
{
    if (r->count >= NODES)
        return -1;
    r->n[r->count] = *nd;
    return r->count++;
}

/* SE's nesting: when a dynamic search runs out of implications, the
 * eliminations of the first of the level's rules (level_rules) that has
 * instances on the working grid resting on candidates the search removed
 * become "off" potentials (each instance's such candidates their
 * parents), and the search goes on.  The rules: locking, hidden pair,
 * naked pair, X-wing at every level, then at level 2 the forcing chains
 * and cycles, at 3 those and the cell and region forcing chains, at 4 the
 * dynamic forcing chains, at 5 those and the level-2 ones.  A chain's
 * "off" potentials carry the chain, whose complexity counts in the hints
 * they lead to.  Instances that rest on nothing the search removed are
 * left out (they hold without it). */
typedef struct nest {
    se_sink_t sink;
    const se_grid_t *src, *w;
    run_t *r;
    int any;      /* an instance with parents was met */
    int full;     /* r ran out of room */
    int room;     /* of r's pool, at most POOL */
} nest_t;

/* The index of the nested chain of identity sig and complexity cx in r's
 * table, added if new; -1 when the table is full. */
static int nest_index(run_t *r, uint64_t sig, int cx)
{
    for (int i = 0; i < r->nnest; i++)
        if (r->nest_sig[i] == sig)
            return i;
    if (r->nnest == NESTS)
        return -1;
    r->nest_sig[r->nnest] = sig;
    r->nest_cx[r->nnest] = cx;
    return r->nnest++;
}

static int nest_emit(se_sink_t *s, const se_hint_t *h)
{
    nest_t *n = (nest_t *)s;
    run_t *r = n->r;
    const int at = r->npool;
    int npar = 0;
    for (int c = 0; c < 81; c++)
        for (unsigned m = s->need[c] & n->src->cand[c] & ~n->w->cand[c]; m;
             m &= m - 1) {
            const int q = r->off_at[c * 9 + se_lowest(m)];
            if (q < 0)
                continue;
            if (at + npar >= n->room) {
                n->full = 1;
                return 1;
            }
            r->pool[at + npar++] = (int16_t)q;
        }
    if (!npar)
        return 0;
    n->any = 1;
    node_t nd = {.on = 0, .cause = NO_LINK, .npar = (uint16_t)npar,
                 .xpar = at, .nest = -1};
    if (npar <= MAX_PAR)
        memcpy(nd.par, r->pool + at, (size_t)npar * sizeof nd.par[0]);
    else
        r->npool += npar;
    if (s->sig && (nd.nest = (int16_t)nest_index(r, s->sig,
                                                  s->complexity)) < 0) {
        n->full = 1;
        return 1;
    }
    for (int c = 0; c < 81; c++)
        for (unsigned m = h->elim[c]; m; m &= m - 1) {
            nd.pot = (int16_t)(c * 9 + se_lowest(m));
            if (r->off_at[nd.pot] >= 0)
                continue;
            const int e = copy_node(r, &nd);
            if (e < 0) {
                n->full = 1;
                return 1;
            }
            index_node(r, e);
        }
    return 0;
}

/* The rules of each nesting level after locking, hidden and naked pairs
 * and X-wings, in SE's order: NEST_CHAINS for the forcing chains and
 * cycles, else the kind of multiple chains (at level 4 and up, dynamic
 * chains stand for the simple and multiple ones). */
static const int level_rules[6][3] = {
    {0}, {0}, {1, NEST_CHAINS}, {2, NEST_CHAINS, STATIC}, {1, DYNAMIC},
    {2, DYNAMIC, PLUS_FC}};

/* Run basic rule 0..3 (locking, hidden pair, naked pair, X-wing) on w
 * into the sink. */
static void basic_rule(const se_grid_t *w, int rule, se_sink_t *sink)
{
    se_hint_t h;
    switch (rule) {
    case 0: se_locking_all(w, &h, sink); break;
    case 1: se_hidden_set_all(w, 2, &h, sink); break;
    case 2: se_naked_set_all(w, 2, &h, sink); break;
    default: se_fish_all(w, 2, &h, sink); break;
    }
}

/* Add the nested rules' "off" potentials to r (see above) at nesting
 * level 1 to 5: 0, or -1 when r is full or memory ran out. */
static int nested_offs(const se_grid_t *src, const se_grid_t *w, run_t *r,
                       int level, se_fwork_t *f)
{
    nest_t n = {.sink = {.emit = nest_emit}, .src = src, .w = w, .r = r,
                .room = f->clk && f->clk->pool_room > 0 &&
                                f->clk->pool_room < POOL
                            ? f->clk->pool_room : POOL};
    const int rules = 4 + level_rules[level][0];
    for (int rule = 0; rule < rules && !n.any && !n.full; rule++) {
        n.sink.sig = 0;
        n.sink.complexity = 0;
        if (rule < 4)
            basic_rule(w, rule, &n.sink);
        else if (f->nested_rule(w, f, level_rules[level][rule - 3],
                                &n.sink) < 0)
            return -1;
    }
    return n.full ? -1 : 0;
}

/* See se_forcing_internal.h. */
int se_search(const se_grid_t *g, run_t *r, int start, int on, int kind,
              int y, int x, se_fwork_t *f)
{
    const int dynamic = kind != STATIC;
    se_grid_t w = *g; /* g stays the source of hidden parents */
    memset(r->on_at, 0xff, sizeof r->on_at);
    memset(r->off_at, 0xff, sizeof r->off_at);
    memset(r->reach, 0, sizeof r->reach);
    r->count = r->non = r->noff = r->npool = r->nnest = 0;
    r->abs_on = r->abs_off = -1;
    index_node(r, add_node(r, start, on, -1));
    int qon = 0, qoff = 0; /* next of on_list / off_list to follow */
    while (qon < r->non || qoff < r->noff) {
        if (qon < r->non) {
            const int rc = on_to_off(r, &w, r->on_list[qon++], y);
            if (rc)
                return rc;
        } else {
            const int p = r->off_list[qoff++];
            node_t made[4];
            const int n = off_to_on(g, &w, r, p, y, x, made);
            if (dynamic) { /* off: gone from the working grid */
                const int c = r->n[p].pot / 9, d = r->n[p].pot % 9;
                w.cand[c] = (uint16_t)(w.cand[c] & ~(1u << d));
                se_unpos_quiet(&w, c, d);
            }
            for (int k = 0; k < n; k++) {
                const int pot = made[k].pot;
                if (r->off_at[pot] >= 0 || r->on_at[pot] < 0) {
                    const int e = copy_node(r, &made[k]);
                    if (e < 0)
                        return -1;
                    if (r->off_at[pot] >= 0) {
                        r->abs_on = e;
                        r->abs_off = r->off_at[pot];
                        return 1;
                    }
                    index_node(r, e);
                }
            }
        }
        if (kind >= PLUS && qon == r->non && qoff == r->noff &&
            ((f->clk && se_clock_over(f->clk)) ||
             nested_offs(g, &w, r, kind - DYNAMIC, f) < 0))
            return -1;
    }
    return 0;
}

