/*
 * se_chains.c -- SE's "forcing chains and cycles": bidirectional X-, Y-
 * and XY-cycles and forcing X- and XY-chains, with SE's length rule.
 *
 * Model.  A potential is a candidate (cell, digit) assumed on or off.  An
 * "on" potential turns off the digit's other places in its three regions
 * (and, with Y-links, the cell's other digits); an "off" potential turns
 * on the other place of its digit in a region where only two are left
 * (X-links) or, with Y-links, the other digit of a bivalue cell.  From each
 * candidate of each cell (row by row, digits in order) SE runs breadth-
 * first searches over these implications, keeping for each potential the
 * first (shortest) way it was reached:
 *   cycles: from "on", the search comes back to the starting potential
 *           after at least four links; a candidate that sees an "on" and
 *           an "off" node of the same digit outside the cycle's cells goes;
 *   forcing chains: from "on" the start is reached "off" (the candidate
 *           goes), or from "off" it is reached "on" (it is the value).
 * This is done three times: X-links only, Y-links only (cycles, starting
 * from bivalue cells), both.  A cycle rates 6.5 (7.0 with both kinds of
 * links), a forcing chain 6.6 (7.0), plus 0.1 for each step of length:
 * with n the number of potentials on the chain, n - 2 above 4, 6, 8, 12,
 * 16, 24, 32... (the thresholds grow by 3/2 and 4/3 in turn).  Of all the
 * hints, the step is the first of the least difficulty, then the least n,
 * then X before Y before XY.  SE's difficulty is a double summed 0.1 at a
 * time, and 6.6 + 0.1 (+ 0.1 + 0.1) falls an ulp short of 6.7 (6.9, 7.2,
 * 7.4...), so a forcing X-chain goes before a cycle of the same tenths
 * whatever their n, and the solver then takes the cycle as harder: the
 * hints carry SE's double (exact) and are compared by it.
 *
 * In the cycle search SE does not merge an "off" potential reached twice
 * (only "on" ones): each way of reaching it is followed, so cycles through
 * it are found from every parent.  We keep that.
 */
#include "se_chains.h"
#include "se_all.h"

#include <stdlib.h>
#include <string.h>

#define MAX_ENT 65536
#define MAX_NODE 1458     /* potentials: 729 candidates, on and off */
#define MAX_WORD 24       /* 64-bit words of a set of them, rounded up
                           * to fours (close_all) */
#define CYCLE_SLOTS 1024  /* cycles remembered per kind of links */
#define X_WORD 3          /* words of a set of one digit's nodes */

typedef struct ent {
    int16_t pot;          /* cell * 9 + digit */
    uint8_t on;
    int32_t parent;       /* entry index, -1 for the start */
} ent_t;

struct se_work {
    ent_t e[MAX_ENT];
    int n;                /* entries used */
    int32_t to_on[729], to_off[729]; /* first entry of a potential, valid
                                      * when its stamp is the current one */
    uint32_t on_stamp[729], off_stamp[729], stamp;
    int32_t qon[MAX_ENT], qoff[MAX_ENT]; /* pending entries */
    int32_t found[MAX_ENT]; /* cycle ends / chain targets */
    int nfound;
    /* The implications of the current grid and kind of links, built once
     * per search (the grid does not change during it). */
    int16_t on_adj[729][28], off_adj[729][4];
    uint8_t on_n[729], off_n[729];
    uint32_t anc[729], anc_stamp; /* "off" ancestors of the entry at hand */
    /* What each potential implies at any distance (see build_reach): node
     * 2 * i + on for the i-th candidate in cell order. */
    int16_t cand_of[729]; /* pot -> i */
    int16_t pot_of[729];  /* i -> pot */
    int nnode, nword;
    uint64_t reach[MAX_NODE * MAX_WORD];
    int16_t order[MAX_NODE], low[MAX_NODE], stack[MAX_NODE];
    int16_t call[MAX_NODE];  /* the depth-first walk: nodes, and */
    int32_t edge[MAX_NODE];  /* the next link of each (in succ) */
    uint8_t none[MAX_NODE]; /* a done node whose set is empty */
    /* With X-links alone the links stay within a digit: each digit's
     * closure (nodes numbered within the digit) is kept, and rebuilt
     * only when the digit's places change. */
    int xmode;                   /* the closure at hand is per digit */
    const uint64_t *rows;        /* the sets of the search at hand (rows of */
    int stride;                  /* stride words: reach, or xreach[digit]) */
    int xvalid[9];
    uint64_t xplaces[9][2];      /* the places it was built for */
    uint64_t xreach[9][2 * 81][X_WORD];
    int32_t first[MAX_NODE + 1]; /* the nodes' links (number_links) */
    int16_t succ[729 * 32];
    /* The cycles worked out in the current kind of links, by the set of
     * their potentials (see seen_cycle); slots of an older gen are free. */
    uint64_t cyc_sig[CYCLE_SLOTS];
    uint32_t cyc_gen_of[CYCLE_SLOTS], cyc_gen;
    int cyc_used;
    /* The links and closure at hand are of this kind (y * 2 + x; -1:
     * none) and these candidates: a scan on the same grid with the same
     * links (the forcing chains' last kind, then the static multiple
     * chains' of the same step) uses them as they are. */
    int built_kind;
    uint16_t built_cand[81];
    const grid_tables_t *built_t;
    int stale;            /* from another rating: se_work_ready resets it */
    se_found_list_t all;  /* "all" mode's hints */
};

/* The state of a new rating's memory; what it holds allocated is kept. */
static void work_init(se_work_t *w)
{
    memset(w->on_stamp, 0, sizeof w->on_stamp);
    memset(w->off_stamp, 0, sizeof w->off_stamp);
    memset(w->anc, 0, sizeof w->anc);
    memset(w->cyc_gen_of, 0, sizeof w->cyc_gen_of);
    memset(w->xvalid, 0, sizeof w->xvalid);
    w->cyc_gen = 1;
    w->cyc_used = 0;
    w->stamp = w->anc_stamp = 0;
    w->n = w->nfound = 0;
    w->all.n = 0;
    w->built_kind = -1;
    w->stale = 0;
}

se_work_t *se_work_new(void)
{
    se_work_t *w = malloc(sizeof *w); /* most of it is written before read */
    if (w) {
        memset(&w->all, 0, sizeof w->all);
        work_init(w);
    }
    return w;
}

void se_work_reset(se_work_t *w)
{
    if (w)
        w->stale = 1;
}

void se_work_ready(se_work_t *w)
{
    if (w->stale) /* work_init clears the mark */
        work_init(w);
}

void se_work_free(se_work_t *w)
{
    if (w)
        se_found_free(&w->all);
    free(w);
}

typedef struct chain_best {
    se_hint_t *h;         /* best hint so far (h->diff < 0: none) */
    int complexity, key;
    int any;              /* stop at the first hint (the ladder's use) */
    int all;              /* keep every hint (w->all) */
    int nomem;            /* "all" mode ran out of memory */
    se_hint_t tmp;
} chain_best_t;

static int new_ent(se_work_t *w, int pot, int on, int parent)
{
    if (w->n >= MAX_ENT)
        return -1;
    w->e[w->n].pot = (int16_t)pot;
    w->e[w->n].on = (uint8_t)on;
    w->e[w->n].parent = parent;
    return w->n++;
}

static uint32_t wrap_anc(se_work_t *w)
{
    memset(w->anc, 0, sizeof w->anc);
    return w->anc_stamp = 1;
}

/* Mark the "off" ancestors of entry i (stamp anc): one walk up the tree
 * instead of one per consequence tested. */
static void mark_ancestors(se_work_t *w, int i, uint32_t anc)
{
    for (int p = w->e[i].parent; p >= 0; p = w->e[p].parent)
        if (!w->e[p].on)
            w->anc[w->e[p].pot] = anc;
}

int se_on_to_off(const se_grid_t *g, int pot, int y, int16_t *out)
{
    const int cell = pot / 9, d = pot % 9;
    int n = 0;
    if (y)
        for (unsigned m = g->cand[cell] & ~(1u << d); m; m &= m - 1)
            out[n++] = (int16_t)(cell * 9 + se_lowest(m));
    int units[3];
    unsigned skip[3];
    se_on_regions(g, cell, units, skip);
    const grid_tables_t *t = g->t;
    for (int k = 0; k < 3; k++)
        for (unsigned m = g->pos[units[k]][d] & ~skip[k]; m; m &= m - 1)
            out[n++] = (int16_t)(t->unit_cells[units[k]][se_lowest(m)] * 9 + d);
    return n;
}

/* Consequences of "off" potential pot: on potentials, in SE's order. */
static int off_to_on(const se_grid_t *g, int pot, int y, int x, int16_t *out)
{
    const int cell = pot / 9, d = pot % 9;
    int n = 0;
    if (y && se_popcount(g->cand[cell]) == 2)
        out[n++] = (int16_t)(cell * 9 + se_lowest(g->cand[cell] & ~(1u << d)));
    if (!x)
        return n;
    for (int k = 0; k < 3; k++) {
        const int c = se_other_place(g, se_kind_unit(g, k, cell), d, cell);
        if (c < 0)
            continue;
        int dup = 0;
        for (int i = 0; i < n; i++)
            dup |= out[i] == c * 9 + d;
        if (!dup)
            out[n++] = (int16_t)(c * 9 + d);
    }
    return n;
}

/* Both lists of consequences for every candidate, for links y, x (with
 * Y-links alone, of bivalue cells only: no other is ever "on", and an
 * "off" one elsewhere leads nowhere). */
static void build_adj(const se_grid_t *g, se_work_t *w, int y, int x)
{
    for (int c = 0; c < 81; c++)
        for (unsigned m = y && !x && se_popcount(g->cand[c]) != 2 ? 0
                                                                  : g->cand[c];
             m; m &= m - 1) {
            const int pot = c * 9 + se_lowest(m);
            w->on_n[pot] = (uint8_t)se_on_to_off(g, pot, y, w->on_adj[pot]);
            w->off_n[pot] = (uint8_t)off_to_on(g, pot, y, x, w->off_adj[pot]);
        }
}


/* ------------------------------------------------------- reachability
 *
 * A search finds something only when its start implies, at some distance,
 * the start's opposite (a forcing chain from "on" or "off") or the start
 * again (a cycle): the breadth-first searches below follow the same links,
 * keeping less.  So the set of potentials each one implies, for the links
 * at hand, tells which searches can be skipped: for most starts, in most
 * scans, all of them.  The sets come from one depth-first walk (Tarjan's
 * strongly connected components, each component's set the union of what
 * its links lead to, components done after those they lead to). */

/* The links of the nodes as node numbers (succ[first[v]..first[v + 1])),
 * links to potentials that are not nodes left out. */
static void number_links(se_work_t *w)
{
    int n = 0;
    for (int v = 0; v < w->nnode; v++) {
        const int pot = w->pot_of[v >> 1];
        const int16_t *to = v & 1 ? w->on_adj[pot] : w->off_adj[pot];
        const int nt = v & 1 ? w->on_n[pot] : w->off_n[pot];
        w->first[v] = n;
        for (int k = 0; k < nt; k++)
            if (w->cand_of[to[k]] >= 0)
                w->succ[n++] = (int16_t)(2 * w->cand_of[to[k]] + !(v & 1));
    }
    w->first[w->nnode] = n;
}

/* The component of v, done: its members' set is the union of what their
 * links outside it lead to (and it, when it has a cycle). */
static inline __attribute__((always_inline)) void
close_component_nw(se_work_t *w, int v, int *sp, const int nw)
{
    uint64_t *r = &w->reach[v * nw]; /* built in v's place */
    int first = *sp - 1;
    while (w->stack[first] != v)
        first--;
    memset(r, 0, (size_t)nw * sizeof *r);
    for (int i = first; i < *sp; i++) {
        const int u = w->stack[i];
        for (int k = w->first[u]; k < w->first[u + 1]; k++) {
            const int t = w->succ[k];
            r[t >> 6] |= 1ull << (t & 63);
            if (w->low[t] != -2 || w->none[t]) /* in this component (no
                                                   * set yet), or leads nowhere */
                continue;
            const uint64_t *rt = &w->reach[t * nw];
            for (int j = 0; j < nw; j++)
                r[j] |= rt[j];
        }
    }
    uint64_t any = 0;
    for (int j = 0; j < nw; j++)
        any |= r[j];
    for (int i = first; i < *sp; i++) {
        const int u = w->stack[i];
        if (u != v)
            memcpy(&w->reach[u * nw], r, (size_t)nw * sizeof *r);
        w->low[u] = -2; /* done */
        w->none[u] = !any;
    }
    *sp = first;
}

/* The same with the set's width a constant for the common widths (the
 * unions then run as a few vector operations). */
static void close_component(se_work_t *w, int v, int *sp)
{
    switch (w->nword) {
    case 4: close_component_nw(w, v, sp, 4); break;
    case 8: close_component_nw(w, v, sp, 8); break;
    case 12: close_component_nw(w, v, sp, 12); break;
    default: close_component_nw(w, v, sp, w->nword); break;
    }
}

/* The candidates' numbers (cand_of, pot_of); their count.  With Y-links
 * alone only those of bivalue cells are nodes (-1 for the others): an
 * "off" potential elsewhere leads to nothing, and no "on" one is reached
 * there. */
static int number_candidates(const se_grid_t *g, se_work_t *w, int bivalue)
{
    int n = 0;
    if (bivalue)
        memset(w->cand_of, 0xff, sizeof w->cand_of);
    for (int c = 0; c < 81; c++) {
        if (bivalue && se_popcount(g->cand[c]) != 2)
            continue;
        for (unsigned m = g->cand[c]; m; m &= m - 1) {
            const int pot = c * 9 + se_lowest(m);
            w->cand_of[pot] = (int16_t)n;
            w->pot_of[n++] = (int16_t)pot;
        }
    }
    return n;
}

/* The closure of the w->nnode nodes numbered (pot_of, cand_of). */
static void close_all(se_work_t *w)
{
    w->nword = (w->nnode + 255) / 256 * 4; /* in fours: see above */
    number_links(w);
    for (int v = 0; v < w->nnode; v++)
        w->low[v] = -1; /* not visited */
    int counter = 0, sp = 0;
    for (int root = 0; root < w->nnode; root++) {
        if (w->low[root] != -1)
            continue;
        int depth = 0;
        w->call[depth] = (int16_t)root;
        w->edge[depth] = w->first[root];
        w->order[root] = w->low[root] = (int16_t)counter++;
        w->stack[sp++] = (int16_t)root;
        while (depth >= 0) {
            const int v = w->call[depth];
            if (w->edge[depth] < w->first[v + 1]) {
                const int t = w->succ[w->edge[depth]++];
                if (w->low[t] == -1) {
                    w->order[t] = w->low[t] = (int16_t)counter++;
                    w->stack[sp++] = (int16_t)t;
                    depth++;
                    w->call[depth] = (int16_t)t;
                    w->edge[depth] = w->first[t];
                } else if (w->low[t] >= 0 && w->order[t] < w->low[v]) {
                    w->low[v] = w->order[t]; /* on the stack */
                }
                continue;
            }
            const int is_root = w->low[v] == w->order[v];
            if (is_root)
                close_component(w, v, &sp);
            depth--;
            if (depth >= 0 && !is_root) {
                const int p = w->call[depth];
                if (w->low[v] < w->low[p])
                    w->low[p] = w->low[v];
            }
        }
    }
}

/* X-links only: the candidates numbered within their digit (cell order),
 * and each digit's closure, built again only if its places changed. */
static void build_reach_x(const se_grid_t *g, se_work_t *w)
{
    int16_t pots[9][81];
    int n[9] = {0};
    uint64_t places[9][2] = {{0}};
    for (int c = 0; c < 81; c++)
        for (unsigned m = g->cand[c]; m; m &= m - 1) {
            const int d = se_lowest(m);
            w->cand_of[c * 9 + d] = (int16_t)n[d];
            pots[d][n[d]++] = (int16_t)(c * 9 + d);
            places[d][c >> 6] |= 1ull << (c & 63);
        }
    w->xmode = 1;
    for (int d = 0; d < 9; d++) {
        if (w->xvalid[d] && w->xplaces[d][0] == places[d][0] &&
            w->xplaces[d][1] == places[d][1])
            continue;
        memcpy(w->pot_of, pots[d], (size_t)n[d] * sizeof pots[d][0]);
        w->nnode = 2 * n[d];
        close_all(w);
        for (int v = 0; v < w->nnode; v++)
            for (int j = 0; j < X_WORD; j++)
                w->xreach[d][v][j] = j < w->nword ? w->reach[v * w->nword + j]
                                                  : 0;
        w->xplaces[d][0] = places[d][0];
        w->xplaces[d][1] = places[d][1];
        w->xvalid[d] = 1;
    }
}

/* What every potential implies (reach[]), for the links y, x of w's
 * lists (build_adj). */
static void build_reach(const se_grid_t *g, se_work_t *w, int y, int x)
{
    if (!y) {
        build_reach_x(g, w);
        return;
    }
    w->xmode = 0;
    w->nnode = 2 * number_candidates(g, w, !x);
    close_all(w);
}

/* The sets for searches from potential pot (with X-links alone, those of
 * its digit, the only one they meet). */
static void use_rows(se_work_t *w, int pot)
{
    w->rows = w->xmode ? &w->xreach[pot % 9][0][0] : w->reach;
    w->stride = w->xmode ? X_WORD : w->nword;
}

/* Whether node v implies node t at some distance (use_rows first). */
static inline int reaches(const se_work_t *w, int v, int t)
{
    return w->rows[v * w->stride + (t >> 6)] >> (t & 63) & 1;
}

/* Whether potential (pot, from) implies (pot, to) at some distance. */
static int implies(se_work_t *w, int pot, int from, int to)
{
    const int i = w->cand_of[pot];
    use_rows(w, pot);
    return reaches(w, 2 * i + from, 2 * i + to);
}

/* The links and closure of grid g with links y, x: built, or kept from
 * the last build when that was of the same kind on the same candidates
 * (they depend on nothing else). */
static void build(const se_grid_t *g, se_work_t *w, int y, int x)
{
    const int kind = y * 2 + x;
    if (w->built_kind == kind && w->built_t == g->t &&
        !memcmp(w->built_cand, g->cand, sizeof w->built_cand))
        return;
    build_adj(g, w, y, x);
    build_reach(g, w, y, x);
    w->built_kind = kind;
    w->built_t = g->t;
    memcpy(w->built_cand, g->cand, sizeof w->built_cand);
}

void se_reach_static(const se_grid_t *g, se_work_t *w)
{
    build(g, w, 1, 1);
}

int se_reach_common(const se_work_t *w, const int *pots, int n)
{
    const int nw = w->nword;
    uint64_t all[MAX_WORD];
    for (int k = 0; k < n; k++) {
        const int v = 2 * w->cand_of[pots[k]] + 1;
        const uint64_t *r = &w->reach[v * nw];
        for (int j = 0; j < nw; j++) {
            const uint64_t self = j == v >> 6 ? 1ull << (v & 63) : 0;
            all[j] = k ? all[j] & (r[j] | self) : r[j] | self;
        }
    }
    for (int j = 0; j < nw; j++)
        if (all[j])
            return 1;
    return 0;
}

/* Whether potential (pot, on) is, or implies, node t: a search's entry
 * that does not can lead to nothing it looks for, and is left out. */
static inline int leads(const se_work_t *w, int pot, int on, int t)
{
    if (w->cand_of[pot] < 0) /* not a node: leads nowhere (see below) */
        return 0;
    const int v = 2 * w->cand_of[pot] + on;
    return v == t || reaches(w, v, t);
}

/* No chain of at least cx potentials on a technique of base difficulty
 * base can beat the best hint so far: it would be harder, or as hard and
 * not shorter (ties go to the hint found first).  Searches stop at that
 * depth, which changes nothing in the result and saves most of the work
 * once a short chain is known. */
static int too_deep(const chain_best_t *b, int base, int cx)
{
    if (b->all)
        return b->nomem;
    if (b->any && b->h->diff >= 0)
        return 1;
    const double d = se_length_exact(base, cx);
    return b->h->diff >= 0 &&
           (d > b->h->exact || (d == b->h->exact && cx >= b->complexity));
}

static inline int get_on(const se_work_t *w, int pot)
{
    return w->on_stamp[pot] == w->stamp ? w->to_on[pot] : -1;
}

static inline int get_off(const se_work_t *w, int pot)
{
    return w->off_stamp[pot] == w->stamp ? w->to_off[pot] : -1;
}

static inline void set_on(se_work_t *w, int pot, int e)
{
    w->on_stamp[pot] = w->stamp;
    w->to_on[pot] = e;
}

static inline void set_off(se_work_t *w, int pot, int e)
{
    w->off_stamp[pot] = w->stamp;
    w->to_off[pot] = e;
}

static void reset(se_work_t *w)
{
    w->n = 0;
    w->nfound = 0;
    if (++w->stamp == 0) {
        memset(w->on_stamp, 0, sizeof w->on_stamp);
        memset(w->off_stamp, 0, sizeof w->off_stamp);
        w->stamp = 1;
    }
}

/* Breadth-first cycle search from "on" potential src; cycle ends (entries
 * equal to src) go to w->found. */
static void do_cycles(se_work_t *w, int src, int y, int x,
                      const chain_best_t *b)
{
    const int base = y && x ? 70 : 65;
    const int goal = 2 * w->cand_of[src] + 1; /* back to the start */
    int non = 0, noff = 0, length = 0;
    reset(w);
    const int s = new_ent(w, src, 1, -1);
    set_on(w, src, s);
    w->qon[non++] = s;
    while (non || noff) {
        length++;
        if (too_deep(b, base, length))
            return;
        for (int q = 0; q < non; q++) {
            const int p = w->qon[q];
            const int n = w->on_n[w->e[p].pot];
            const int16_t *next = w->on_adj[w->e[p].pot];
            const uint32_t anc = ++w->anc_stamp ? w->anc_stamp
                                                : wrap_anc(w);
            mark_ancestors(w, p, anc);
            for (int i = 0; i < n; i++) {
                if (w->anc[next[i]] == anc || !leads(w, next[i], 0, goal))
                    continue;
                const int e = new_ent(w, next[i], 0, p);
                if (e < 0)
                    return;
                w->qoff[noff++] = e;
                if (get_off(w, next[i]) < 0)
                    set_off(w, next[i], e);
            }
        }
        non = 0;
        length++;
        if (too_deep(b, base, length))
            return;
        for (int q = 0; q < noff; q++) {
            const int p = w->qoff[q];
            const int n = w->off_n[w->e[p].pot];
            const int16_t *next = w->off_adj[w->e[p].pot];
            for (int i = 0; i < n; i++) {
                const int is_src = length >= 4 && next[i] == src;
                if (!is_src && (get_on(w, next[i]) >= 0 ||
                                !leads(w, next[i], 1, goal)))
                    continue;
                const int e = new_ent(w, next[i], 1, p);
                if (e < 0)
                    return;
                if (is_src)
                    w->found[w->nfound++] = e;
                if (get_on(w, next[i]) < 0) {
                    w->qon[non++] = e;
                    set_on(w, next[i], e);
                }
            }
        }
        noff = 0;
    }
}

/* One level of do_forcing's search: every entry of the queue from[0..n)
 * leads by its links to potentials of the other kind (to_on); each new one
 * joins the queue to (*nto entries), and reaching the start's opposite
 * puts its entry in w->found.  1 when the search is over (found, or out
 * of room), 0 when it goes on. */
static inline int forcing_level(se_work_t *w, const int32_t *from, int n,
                                int to_on, int src, int on, int goal,
                                int32_t *to, int *nto)
{
    for (int q = 0; q < n; q++) {
        const int p = from[q], pot = w->e[p].pot;
        const int k = to_on ? w->off_n[pot] : w->on_n[pot];
        const int16_t *next = to_on ? w->off_adj[pot] : w->on_adj[pot];
        for (int i = 0; i < k; i++) {
            const int hit = on != to_on && next[i] == src;
            /* SE also skips the entry's ancestors, but those are all in
             * toOff (toOn) already */
            const int add = (to_on ? get_on(w, next[i])
                                   : get_off(w, next[i])) < 0 &&
                            leads(w, next[i], to_on, goal);
            if (!hit && !add)
                continue;
            const int e = new_ent(w, next[i], to_on, p);
            if (e < 0)
                return 1;
            if (hit) { /* the search's only result */
                w->found[w->nfound++] = e;
                return 1;
            }
            to[(*nto)++] = e;
            if (to_on)
                set_on(w, next[i], e);
            else
                set_off(w, next[i], e);
        }
    }
    return 0;
}

/* Breadth-first forcing chain search from potential (src, on); the entry
 * of the start's opposite, if reached, goes to w->found, and the search
 * stops there (the first way it is reached is the only one kept). */
static void do_forcing(se_work_t *w, int src, int on, int y,
                       const chain_best_t *b)
{
    int non = 0, noff = 0, depth = 0;
    const int goal = 2 * w->cand_of[src] + !on; /* the start's opposite */
    const int base = y ? 70 : 66;
    reset(w);
    const int s = new_ent(w, src, on, -1);
    if (on) {
        set_on(w, src, s);
        w->qon[non++] = s;
    } else {
        set_off(w, src, s);
        w->qoff[noff++] = s;
    }
    while (non || noff) {
        if (too_deep(b, base, ++depth + 1) ||
            forcing_level(w, w->qon, non, 0, src, on, goal, w->qoff, &noff))
            return;
        non = 0;
        if (too_deep(b, base, ++depth + 1) ||
            forcing_level(w, w->qoff, noff, 1, src, on, goal, w->qon, &non))
            return;
        noff = 0;
    }
}

/* Distinct potentials from entry i back to the start.  No potential is
 * on a path twice ("on" entries are one per potential, an "off" one is
 * never an ancestor's potential in a cycle search nor met twice in a
 * forcing search), but a cycle's end, which is its start again. */
static int complexity(const se_work_t *w, int i)
{
    const ent_t *end = &w->e[i];
    int n = 0, start = i;
    for (; i >= 0; i = w->e[i].parent) {
        start = i;
        n++;
    }
    return n - (start != end - w->e && w->e[start].pot == end->pot &&
                w->e[start].on == end->on);
}

int se_length_diff(int complexity)
{
    int added = 0, ceil = 4, odd = 0;
    for (int length = complexity - 2; length > ceil; odd = !odd) {
        added++;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
    }
    return added;
}

double se_length_exact(int base, int complexity)
{
    double added = 0.0; /* 0.1 at a time, as SE adds it */
    for (int k = se_length_diff(complexity); k > 0; k--)
        added += 0.1;
    return base / 10.0 + added;
}

/* Whether a hint of SE's difficulty exact, complexity cx and kind key is
 * taken over the best so far (every hint is, in all mode); a cycle asks
 * before working its eliminations out. */
static int may_beat(const chain_best_t *b, double exact, int cx, int key)
{
    const se_hint_t *h = b->h;
    return b->all || h->diff < 0 || exact < h->exact ||
           (exact == h->exact &&
            (cx < b->complexity || (cx == b->complexity && key < b->key)));
}

static void offer(chain_best_t *b, int cx, int key)
{
    se_hint_t *t = &b->tmp, *h = b->h;
    if (!t->nelim)
        return;
    if (may_beat(b, t->exact, cx, key)) {
        *h = *t;
        b->complexity = cx;
        b->key = key;
    }
}

static int chain_key(int y, int x) { return y && x ? 4 : y ? 3 : 2; }

/* ------------------------------------------------------------ all mode */

/* Keep the hint in b->tmp (complexity cx, sort key key) whose chain ends
 * at entry end; a cycle's chain is also read backwards (SE's reversed
 * cycle: each potential with the other state and the same cause). */
static void keep(const se_grid_t *g, se_work_t *w, chain_best_t *b, int cx,
                 int key, int end, int cycle)
{
    if (!b->tmp.nelim || b->nomem)
        return;
    se_found_t *k = se_found_add(&w->all, &b->tmp, cx, key);
    if (!k) {
        b->nomem = 1;
        return;
    }
    uint64_t sig = SE_SIG_START;
    for (int i = end; i >= 0; i = w->e[i].parent) {
        const ent_t *e = &w->e[i];
        sig = se_sig_add(sig, (unsigned)(e->pot * 2 + e->on));
        if (e->parent < 0)
            continue;
        const int from = w->e[e->parent].pot / 9;
        if (e->on) /* reached by an off-to-on link */
            se_need_of(g, from, e->pot, 1, k->need);
        else if (cycle) /* on in the reversed cycle */
            se_need_of(g, from, e->pot, 0, k->need);
    }
    k->sig = se_sig_add(sig, (unsigned)cycle);
}

/* Whether the cycle ending at entry end was met before in this kind of
 * links (from another of its potentials, or the other way round): the
 * same set of potentials, so the same hint, which the first met wins.
 * The set is known by a sum of a 64-bit mix of each potential. */
static int seen_cycle(se_work_t *w, int end)
{
    uint64_t sig = 0;
    for (int i = w->e[end].parent; i >= 0; i = w->e[i].parent) {
        uint64_t z = (uint64_t)(w->e[i].pot * 2 + w->e[i].on + 1) *
                     0x9e3779b97f4a7c15ull;
        z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ z >> 27) * 0x94d049bb133111ebull;
        sig += z ^ z >> 31;
    }
    if (w->cyc_used >= CYCLE_SLOTS / 2) /* full enough: take it as new */
        return 0;
    for (unsigned k = (unsigned)sig % CYCLE_SLOTS;; k = (k + 1) % CYCLE_SLOTS) {
        if (w->cyc_gen_of[k] != w->cyc_gen) {
            w->cyc_gen_of[k] = w->cyc_gen;
            w->cyc_sig[k] = sig;
            w->cyc_used++;
            return 0;
        }
        if (w->cyc_sig[k] == sig)
            return 1;
    }
}

/* Forget the cycles met (a new kind of links). */
static void forget_cycles(se_work_t *w)
{
    w->cyc_used = 0;
    if (++w->cyc_gen == 0) {
        memset(w->cyc_gen_of, 0, sizeof w->cyc_gen_of);
        w->cyc_gen = 1;
    }
}

static void cycle_hint(const se_grid_t *g, se_work_t *w, int end,
                       int y, int x, chain_best_t *b)
{
    const int cx = complexity(w, end), key = chain_key(y, x);
    const int base = y && x ? 70 : 65, diff = base + se_length_diff(cx);
    const double exact = se_length_exact(base, cx);
    if (!may_beat(b, exact, cx, key) || (!b->all && seen_cycle(w, end)))
        return;
    /* per digit, the cells seeing an "on" (forw) and an "off" (back)
     * node of the cycle */
    const cellset_t *peers = g->t->peer_set;
    uint64_t cells[2] = {0, 0}, forw[9][2], back[9][2];
    unsigned digits = 0;
    memset(forw, 0, sizeof forw);
    memset(back, 0, sizeof back);
    for (int i = end; w->e[i].parent >= 0; i = w->e[i].parent) {
        const int c = w->e[i].pot / 9, d = w->e[i].pot % 9;
        uint64_t *to = w->e[i].on ? forw[d] : back[d];
        cells[c >> 6] |= 1ull << (c & 63);
        to[0] |= peers[c].lo;
        to[1] |= peers[c].hi;
        digits |= 1u << d;
    }
    se_hint_clear(&b->tmp, y && x ? SF_SE_STEP_XY_CYCLE
                           : y ? SF_SE_STEP_Y_CYCLE : SF_SE_STEP_X_CYCLE,
                  diff);
    b->tmp.exact = exact;
    for (int k = 0; k < 2; k++)
        for (unsigned dm = digits; dm; dm &= dm - 1) {
            const int d = se_lowest(dm);
            for (uint64_t m = forw[d][k] & back[d][k] & ~cells[k]; m;
                 m &= m - 1) {
                const int c = 64 * k + __builtin_ctzll(m);
                if (g->cand[c] >> d & 1)
                    se_hint_elim(&b->tmp, c, 1u << d);
            }
        }
    if (b->all)
        keep(g, w, b, cx, key, end, 1);
    else
        offer(b, cx, key);
}

static void forcing_hint(const se_grid_t *g, se_work_t *w, int end,
                         int y, chain_best_t *b)
{
    const int c = w->e[end].pot / 9, d = w->e[end].pot % 9;
    const int cx = complexity(w, end), base = y ? 70 : 66;
    se_hint_clear(&b->tmp, y ? SF_SE_STEP_XY_CHAIN : SF_SE_STEP_X_CHAIN,
                  base + se_length_diff(cx));
    b->tmp.exact = se_length_exact(base, cx);
    se_hint_elim(&b->tmp, c, w->e[end].on ? g->cand[c] & ~(1u << d)
                                          : 1u << d);
    if (w->e[end].on) { /* SE places the value too */
        b->tmp.cell = c;
        b->tmp.digit = d;
    }
    b->tmp.variant = !y && cx == 6; /* SE's name for it: turbot fish */
    if (b->all)
        keep(g, w, b, cx, chain_key(y, 1), end, 0);
    else
        offer(b, cx, chain_key(y, 1));
}

/* SE's doUnaryChaining for candidate (cell, d). */
static void unary(const se_grid_t *g, se_work_t *w, int cell, int d, int y,
                  int x, chain_best_t *b)
{
    if (se_popcount(g->cand[cell]) > 2 && !x)
        return;
    const int pot = cell * 9 + d;
    if (implies(w, pot, 1, 1)) {
        do_cycles(w, pot, y, x, b);
        for (int i = 0; i < w->nfound; i++)
            cycle_hint(g, w, w->found[i], y, x, b);
    }
    if (!x)
        return;
    if (implies(w, pot, 1, 0)) {
        do_forcing(w, pot, 1, y, b);
        for (int i = 0; i < w->nfound; i++)
            forcing_hint(g, w, w->found[i], y, b);
    }
    if (implies(w, pot, 0, 1)) {
        do_forcing(w, pot, 0, y, b);
        for (int i = 0; i < w->nfound; i++)
            forcing_hint(g, w, w->found[i], y, b);
    }
}

/* SE's searches of every kind of links (X, Y, both), from every
 * candidate of every cell with two or more, in its order, into b (in all
 * mode they run to the end); 0, or -1 when the time (clk, may be NULL)
 * is up. */
static int scan(const se_grid_t *g, se_work_t *w, se_clock_t *clk,
                chain_best_t *b)
{
    static const int modes[3][2] = {{0, 1}, {1, 0}, {1, 1}}; /* y, x */
    for (int m = 0; m < 3; m++) {
        if (too_deep(b, m == 2 ? 70 : 65, 1))
            continue;
        build(g, w, modes[m][0], modes[m][1]);
        forget_cycles(w);
        for (int c = 0; c < 81 && !too_deep(b, m == 2 ? 70 : 65, 1); c++) {
            if (g->val[c] || se_popcount(g->cand[c]) < 2)
                continue;
            if (clk && se_clock_over(clk))
                return -1;
            for (unsigned v = g->cand[c]; v; v &= v - 1)
                unary(g, w, c, se_lowest(v), modes[m][0], modes[m][1], b);
        }
    }
    return 0;
}

int se_chains(const se_grid_t *g, se_work_t *w, se_clock_t *clk, int any,
              se_hint_t *h)
{
    chain_best_t b = {.h = h, .any = any};
    if (!w)
        return 0;
    h->diff = -1;
    return scan(g, w, clk, &b) == 0 && h->diff >= 0;
}

int se_chains_all(const se_grid_t *g, se_work_t *w, se_sink_t *all)
{
    se_hint_t none;
    chain_best_t b = {.h = &none, .all = 1};
    none.diff = -1;
    w->all.n = 0;
    scan(g, w, NULL, &b);
    if (b.nomem)
        return -1;
    return se_found_emit(&w->all, all);
}
