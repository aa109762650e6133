/*
 * logic.c -- a rule-based solver that rates puzzles by the techniques they
 * need (see logic.h).
 *
 * State.  Each empty cell keeps its candidates as a 9-bit mask (bit d-1 for
 * digit d); a filled cell has mask 0 and its digit in val[].  Filling a cell
 * clears its digit from its 20 peers; a cell left with one candidate is
 * pushed on a stack, and one left with none marks the grid broken.
 *
 * Steps.  Singles run to a fixed point: the stack of naked singles is
 * drained, then one sweep over the 27 units finds hidden singles (digits
 * that fit in one cell of a unit) by counting candidates "once" and
 * "twice" with bit operations.  When singles stall, position masks are
 * built, one per unit and digit (the unit's cells, in unit order, that
 * still allow the digit), and the techniques are tried from the simplest:
 * locked candidates, then subsets, then fish.  As soon as one level makes
 * progress the solver returns to singles.
 *
 * Subsets and fish are one search.  Given nine masks, find k of them
 * (2 <= k <= 4) whose union holds exactly k bits; then those bits belong to
 * these k items, so they are cleared from all other items.  With cell
 * candidates as items this is a naked subset; with a unit's digit positions
 * it is a hidden subset; with a digit's positions per row (or column) it is
 * an X-wing, swordfish or jellyfish.  Since the complement of a naked subset
 * in a unit is a hidden one (and likewise for fish in rows and columns),
 * sizes up to 4 of both kinds cover every subset and fish of the grid.
 *
 * Why the level is well defined.  Every technique only removes candidates
 * that no solution has, and a pattern found in a state stays usable (or
 * turns into a simpler pattern) as candidates disappear.  So the deductions
 * of the techniques up to level L reach one and the same fixed point in any
 * order, and the level is the least L whose fixed point is a full grid.
 * That lets one pass apply every pattern of a level it finds, even from
 * masks made slightly stale by its own eliminations: the result is the
 * same as applying one pattern at a time, and it is invariant under
 * relabelling digits and the symmetries of the grid.
 *
 * Above fish.  The levels wings, unique, exclusion and chains borrow the
 * techniques of the SE rating engine (se_rate.h): when fish make no progress,
 * one step of the first of those techniques, in SE's order and up to the
 * level asked for, is applied and the solver returns to singles.  A step
 * of these families is not confluent in the same way (which instance is
 * taken can matter), so here the order is SE's fixed scan order, which is
 * itself invariant only up to that choice; in practice the level of a
 * puzzle is the same for its equivalent copies.  The uniqueness family
 * assumes one solution, so a solve that used it is checked against a
 * solution count and rated guess unless the puzzle has exactly one.
 */
#include <string.h>

#include "logic.h"
#include "se/se_rate.h"
#include "core/tables.h"

#define ALL_DIGITS 0x1ffu

typedef struct lgrid {
    uint16_t cand[81];   /* candidates of an empty cell; 0 once filled */
    uint8_t val[81];     /* digit of a filled cell, 0 while empty */
    uint16_t placed[27]; /* digits filled in, per unit */
    uint8_t todo[81];    /* cells seen with a single candidate */
    int ntodo;           /* entries in todo */
    int left;            /* empty cells */
    int broken;          /* a contradiction was found */
    const grid_tables_t *t; /* geometry */
} lgrid_t;

/* pos[u][d]: cells of unit u (as indices into unit_cells[u]) where digit
 * d+1 can go.  Rows are indexed by column, columns by row, and boxes by
 * 3 * (row % 3) + column % 3. */
typedef struct lpos {
    uint16_t pos[27][9];
} lpos_t;

static const char *const level_names[SF_LEVEL_COUNT] = {
    [SF_LEVEL_SINGLES] = "singles", [SF_LEVEL_LOCKED] = "locked",
    [SF_LEVEL_SUBSETS] = "subsets", [SF_LEVEL_FISH] = "fish",
    [SF_LEVEL_WINGS] = "wings", [SF_LEVEL_UNIQUE] = "unique",
    [SF_LEVEL_EXCLUSION] = "exclusion", [SF_LEVEL_CHAINS] = "chains",
    [SF_LEVEL_GUESS] = "guess",
};

const char *sf_level_name(sf_level_t l)
{
    if ((unsigned)l >= SF_LEVEL_COUNT)
        return "?";
    return level_names[l];
}

int sf_level_parse(const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; i < SF_LEVEL_COUNT; i++)
        if (strcmp(name, level_names[i]) == 0)
            return i;
    return -1;
}

static inline int popcnt(unsigned m) { return __builtin_popcount(m); }
static inline int lowest(unsigned m) { return __builtin_ctz(m); }

/* ------------------------------------------------------------ singles */

/* Clear candidate bit from empty cell c; 1 when it was there. */
static inline int lg_remove(lgrid_t *g, unsigned c, unsigned bit)
{
    const unsigned m = g->cand[c];
    if (!(m & bit))
        return 0;
    g->cand[c] = (uint16_t)(m ^ bit);
    if (m == bit)
        g->broken = 1;
    else if (!((m ^ bit) & ((m ^ bit) - 1)))
        g->todo[g->ntodo++] = (uint8_t)c;
    return 1;
}

/* Fill empty cell c with the digit of bit (one of its candidates). */
static void lg_fill(lgrid_t *g, unsigned c, unsigned bit)
{
    const grid_tables_t *t = g->t;
    g->val[c] = (uint8_t)(lowest(bit) + 1);
    g->cand[c] = 0;
    g->left--;
    for (int k = 0; k < 3; k++)
        g->placed[t->units[c][k]] |= (uint16_t)bit;
    for (int k = 0; k < TAB_PEERS; k++)
        lg_remove(g, t->peers[c][k], bit);
}

/* Start from the givens.  -1 for a value above 9 or clashing givens. */
static int lg_init(lgrid_t *g, const uint8_t *cells)
{
    const grid_tables_t *t = tables_get();
    unsigned used[27];
    memset(g, 0, sizeof *g);
    g->t = t;
    if (tables_units_used(t, cells, used) < 0)
        return -1;
    for (unsigned c = 0; c < 81; c++)
        g->val[c] = cells[c];
    for (unsigned u = 0; u < 27; u++)
        g->placed[u] = (uint16_t)used[u];
    for (unsigned c = 0; c < 81; c++) {
        if (cells[c])
            continue;
        const uint8_t *u = t->units[c];
        const unsigned m = ALL_DIGITS & ~(used[u[0]] | used[u[1]] | used[u[2]]);
        g->cand[c] = (uint16_t)m;
        g->left++;
        if (!m)
            g->broken = 1;
        else if (!(m & (m - 1)))
            g->todo[g->ntodo++] = (uint8_t)c;
    }
    return 0;
}

/* One sweep of hidden singles over all units; returns the cells filled.
 * A digit with no place left in a unit breaks the grid. */
static int hidden_singles(lgrid_t *g)
{
    int found = 0;
    for (unsigned u = 0; u < 27 && !g->broken; u++) {
        const uint8_t *uc = g->t->unit_cells[u];
        unsigned once = 0, twice = 0;
        for (int k = 0; k < 9; k++) {
            const unsigned m = g->cand[uc[k]];
            twice |= once & m;
            once |= m;
        }
        if ((once | g->placed[u]) != ALL_DIGITS) {
            g->broken = 1;
            break;
        }
        for (unsigned h = once & ~twice; h; h &= h - 1) {
            const unsigned bit = h & -h;
            for (int k = 0; k < 9; k++)
                if (g->cand[uc[k]] & bit) { /* gone if the cell was filled */
                    lg_fill(g, uc[k], bit);
                    found++;
                    break;
                }
        }
    }
    return found;
}

/* Naked and hidden singles until neither applies. */
static void singles(lgrid_t *g)
{
    do {
        while (g->ntodo && !g->broken) {
            const unsigned c = g->todo[--g->ntodo];
            if (!g->val[c])
                lg_fill(g, c, g->cand[c]); /* one bit: lg_remove checked */
        }
    } while (!g->broken && g->left && hidden_singles(g));
}

/* ----------------------------------------------------- position masks */

static void build_pos(const lgrid_t *g, lpos_t *p)
{
    const grid_tables_t *t = g->t;
    memset(p, 0, sizeof *p);
    for (unsigned c = 0; c < 81; c++) {
        const unsigned r = t->row[c], col = t->col[c];
        const unsigned in_box = 3 * (r % 3) + col % 3;
        uint16_t *rp = p->pos[TAB_ROW_UNIT(r)];
        uint16_t *cp = p->pos[TAB_COL_UNIT(col)];
        uint16_t *bp = p->pos[TAB_BOX_UNIT(t->box[c])];
        for (unsigned m = g->cand[c]; m; m &= m - 1) {
            const int d = lowest(m);
            rp[d] |= (uint16_t)(1u << col);
            cp[d] |= (uint16_t)(1u << r);
            bp[d] |= (uint16_t)(1u << in_box);
        }
    }
}

/* Clear bit from the cells of unit u at the positions in where. */
static int remove_at(lgrid_t *g, unsigned u, unsigned where, unsigned bit)
{
    int progress = 0;
    for (; where; where &= where - 1)
        progress |= lg_remove(g, g->t->unit_cells[u][lowest(where)], bit);
    return progress;
}

/* ---------------------------------------------------- locked candidates */

/* The three bits of a 3x3 group that are set: which of its rows (or,
 * with cols, which of its columns) hold any bit of m. */
static inline unsigned rows_of(unsigned m)
{
    return (m & 007 ? 1u : 0u) | (m & 070 ? 2u : 0u) | (m & 0700 ? 4u : 0u);
}

static inline unsigned cols_of(unsigned m) { return (m | m >> 3 | m >> 6) & 7u; }

/* Pointing: a digit confined to one row (column) of a box leaves the rest
 * of that row (column). */
static int pointing(lgrid_t *g, const lpos_t *p, unsigned b, int d)
{
    const unsigned m = p->pos[TAB_BOX_UNIT(b)][d], bit = 1u << d;
    const unsigned br = b / 3 * 3, bc = b % 3 * 3;
    int progress = 0;
    const unsigned rows = rows_of(m), cols = cols_of(m);
    if (m && !(rows & (rows - 1))) {
        const unsigned r = br + (unsigned)lowest(rows);
        const unsigned out = p->pos[TAB_ROW_UNIT(r)][d] & ~(7u << bc);
        progress |= remove_at(g, TAB_ROW_UNIT(r), out, bit);
    }
    if (m && !(cols & (cols - 1))) {
        const unsigned c = bc + (unsigned)lowest(cols);
        const unsigned out = p->pos[TAB_COL_UNIT(c)][d] & ~(7u << br);
        progress |= remove_at(g, TAB_COL_UNIT(c), out, bit);
    }
    return progress;
}

/* Claiming: a digit confined to one box within a row (column) leaves the
 * rest of that box. */
static int claiming(lgrid_t *g, const lpos_t *p, unsigned i, int d)
{
    const unsigned bit = 1u << d;
    int progress = 0;
    const unsigned rm = p->pos[TAB_ROW_UNIT(i)][d], stacks = rows_of(rm);
    if (rm && !(stacks & (stacks - 1))) {
        const unsigned b = i / 3 * 3 + (unsigned)lowest(stacks);
        const unsigned out = p->pos[TAB_BOX_UNIT(b)][d] & ~(7u << 3 * (i % 3));
        progress |= remove_at(g, TAB_BOX_UNIT(b), out, bit);
    }
    const unsigned cm = p->pos[TAB_COL_UNIT(i)][d], bands = rows_of(cm);
    if (cm && !(bands & (bands - 1))) {
        const unsigned b = (unsigned)lowest(bands) * 3 + i / 3;
        const unsigned out = p->pos[TAB_BOX_UNIT(b)][d] & ~(0111u << i % 3);
        progress |= remove_at(g, TAB_BOX_UNIT(b), out, bit);
    }
    return progress;
}

static int locked_candidates(lgrid_t *g, const lpos_t *p)
{
    int progress = 0;
    for (int d = 0; d < 9; d++)
        for (unsigned i = 0; i < 9; i++)
            progress |= pointing(g, p, i, d) | claiming(g, p, i, d);
    return progress;
}

/* -------------------------------------------------- subsets and fish */

/* Extend the chosen items (k of them, masks' union uni) by items of avail,
 * looking for sets of 2..max_k items whose union has as many bits as the
 * set has items; each one found clears its union from all other items.
 * Returns 1 when some mask changed. */
static int subset_dfs(uint16_t m[9], unsigned avail, int k, int max_k,
                      unsigned chosen, unsigned uni)
{
    int changed = 0;
    for (; avail; avail &= avail - 1) {
        const int i = lowest(avail);
        const unsigned u = uni | m[i], set = chosen | 1u << i;
        const int n = popcnt(u);
        if (n > max_k || n < k + 1)
            continue;
        if (n > k + 1) {
            if (k + 1 < max_k)
                changed |= subset_dfs(m, avail & (avail - 1), k + 1, max_k,
                                      set, u);
            continue;
        }
        for (int j = 0; j < 9; j++)
            if (!(set >> j & 1) && (m[j] & u)) {
                m[j] = (uint16_t)(m[j] & ~u);
                changed = 1;
            }
    }
    return changed;
}

/* Subsets of 2..max_k of the nine items m[] (see above). */
static int subset_reduce(uint16_t m[9], int max_k)
{
    unsigned avail = 0;
    for (int i = 0; i < 9; i++)
        if (popcnt(m[i]) >= 2 && popcnt(m[i]) <= max_k)
            avail |= 1u << i;
    return max_k >= 2 && subset_dfs(m, avail, 0, max_k, 0, 0);
}

/* With n items left open (nonzero masks), a set of k items and the set of
 * the other n - k "complement" items (digits, or cross lines) make the same
 * eliminations.  So searching one form up to size n / 2 and the other up
 * to (n - 1) / 2 finds every subset of either kind, sizes 2..4 included. */
static int open_items(const uint16_t m[9])
{
    int n = 0;
    for (int i = 0; i < 9; i++)
        n += m[i] != 0;
    return n;
}

/* Naked subsets (items: cells, masks: candidates) and hidden subsets
 * (items: digits, masks: positions) in every unit. */
static int subsets(lgrid_t *g, const lpos_t *p)
{
    int progress = 0;
    for (unsigned u = 0; u < 27; u++) {
        const uint8_t *uc = g->t->unit_cells[u];
        uint16_t m[9];
        for (int k = 0; k < 9; k++)
            m[k] = g->cand[uc[k]];
        const int n = open_items(m);
        if (subset_reduce(m, n / 2))
            for (int k = 0; k < 9; k++)
                for (unsigned gone = g->cand[uc[k]] & ~m[k]; gone;
                     gone &= gone - 1)
                    progress |= lg_remove(g, uc[k], gone & -gone);
        memcpy(m, p->pos[u], sizeof m);
        if (subset_reduce(m, (n - 1) / 2))
            for (int d = 0; d < 9; d++)
                progress |= remove_at(g, u, p->pos[u][d] & ~m[d], 1u << d);
    }
    return progress;
}

/* X-wing, swordfish and jellyfish: items are a digit's rows (columns),
 * masks its columns (rows) there; a fish's columns (rows) lose the digit
 * outside its rows (columns). */
static int fish(lgrid_t *g, const lpos_t *p)
{
    int progress = 0;
    for (int d = 0; d < 9; d++) {
        uint16_t m[9];
        int n = 0;
        for (unsigned base = 0; base < 18; base += 9) {
            for (unsigned i = 0; i < 9; i++)
                m[i] = p->pos[base + i][d];
            if (!base)
                n = open_items(m);
            if (!subset_reduce(m, base ? (n - 1) / 2 : n / 2))
                continue;
            for (unsigned i = 0; i < 9; i++)
                progress |= remove_at(g, base + i,
                                      p->pos[base + i][d] & ~m[i], 1u << d);
        }
    }
    return progress;
}

/* ----------------------------------------------------------- driver */

/* After a step of the SE techniques changed cand[] and val[]: rebuild
 * the per-unit digits, the count of empty cells and the singles stack. */
static void lg_resync(lgrid_t *g)
{
    const grid_tables_t *t = g->t;
    memset(g->placed, 0, sizeof g->placed);
    g->left = 0;
    g->ntodo = 0;
    for (unsigned c = 0; c < 81; c++) {
        if (g->val[c]) {
            for (int k = 0; k < 3; k++)
                g->placed[t->units[c][k]] |= (uint16_t)(1u << (g->val[c] - 1));
            continue;
        }
        g->left++;
        if (!g->cand[c])
            g->broken = 1;
        else if (!(g->cand[c] & (g->cand[c] - 1)))
            g->todo[g->ntodo++] = (uint8_t)c;
    }
}

/* Exactly one solution? (For solves that used uniqueness techniques.) */
static int has_one_solution(const uint8_t *cells)
{
    sf_solver_t *s = sf_solver_new(NULL);
    if (!s)
        return 0;
    uint8_t sol[81];
    sf_result_t r;
    const sf_status_t st = sf_solve_cells(s, cells, 2, 0, sol, &r);
    sf_solver_free(s);
    return st == SF_UNIQUE;
}

/* The simplest level above singles, up to max, that makes progress, or
 * SF_LEVEL_GUESS when none does. */
static sf_level_t advance(lgrid_t *g, const lpos_t *p, sf_level_t max)
{
    if (max >= SF_LEVEL_LOCKED && locked_candidates(g, p))
        return SF_LEVEL_LOCKED;
    if (max >= SF_LEVEL_SUBSETS && subsets(g, p))
        return SF_LEVEL_SUBSETS;
    if (max >= SF_LEVEL_FISH && fish(g, p))
        return SF_LEVEL_FISH;
    return SF_LEVEL_GUESS;
}

/* One step of the SE techniques of levels wings..max, or SF_LEVEL_GUESS. */
static sf_level_t advance_se(lgrid_t *g, sf_level_t max, struct se_work **w)
{
    if (max < SF_LEVEL_WINGS)
        return SF_LEVEL_GUESS;
    const int l = se_ladder_step(g->cand, g->val, max, w);
    if (l < 0)
        return SF_LEVEL_GUESS;
    lg_resync(g);
    return (sf_level_t)l;
}

sf_level_t logic_solve(const uint8_t *cells, sf_level_t max_level,
                       uint8_t *out)
{
    lgrid_t g;
    lpos_t p;
    struct se_work *w = NULL;
    sf_level_t used = SF_LEVEL_SINGLES;
    if (lg_init(&g, cells) < 0) {
        if (out)
            memset(out, 0, 81);
        return SF_LEVEL_GUESS;
    }
    while (!g.broken && g.left) {
        singles(&g);
        if (g.broken || !g.left)
            break;
        build_pos(&g, &p);
        sf_level_t l = advance(&g, &p, max_level);
        if (l == SF_LEVEL_GUESS)
            l = advance_se(&g, max_level, &w);
        if (l == SF_LEVEL_GUESS)
            break;
        if (l > used)
            used = l;
    }
    se_ladder_free(w);
    if (out)
        memcpy(out, g.val, 81);
    if (g.broken || g.left)
        return SF_LEVEL_GUESS;
    if (used >= SF_LEVEL_UNIQUE && !has_one_solution(cells))
        return SF_LEVEL_GUESS;
    return used;
}

sf_level_t sf_logic_level(const uint8_t *cells)
{
    if (!cells)
        return SF_LEVEL_GUESS;
    return logic_solve(cells, SF_LEVEL_CHAINS, NULL);
}
