/*
 * rules.c -- a puzzle's variant constraints: adding, checking a full grid,
 * and sealing into the propagators the kernel prunes with (rules.h).
 *
 * Adding checks a rule's shape (its cells in the grid and distinct, as
 * many as its kind takes, dots between orthogonal neighbours, a value in
 * range) and keeps it as given.  Sealing turns each into propagators:
 * a dot, an XV pair, a less-than or an equal pair into a pair table; a
 * minimum or maximum cell into one less-than pair per neighbour; a
 * palindrome into equal pairs, mirror to mirror; whispers and entropic
 * lines into pair tables between cells one (entropic: and two) apart;
 * renban, between, region-sum lines and quadruples into propagators of
 * their own, little killers into an arrow with a fixed total; each negative
 * constraint into a pair table on every orthogonal pair without the
 * matching dot; a cage into its cells with, for a sum, every set of
 * distinct values of that size and sum; odd and even cells into the
 * values a cell may take.  Then each cell gets the list of propagators
 * that read it.  Errors name the rule; nothing here prints.
 */
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "geometry.h"
#include "rules.h"

static const char *const rule_names[SF_RULE_KINDS] = {
    [SF_RULE_CAGE] = "cage",     [SF_RULE_THERMO] = "thermo",
    [SF_RULE_SLOW_THERMO] = "slow-thermo", [SF_RULE_ARROW] = "arrow",
    [SF_RULE_DIFF] = "diff",     [SF_RULE_RATIO] = "ratio",
    [SF_RULE_SUM] = "sum",       [SF_RULE_LESS] = "less",
    [SF_RULE_ODD] = "odd",       [SF_RULE_EVEN] = "even",
    [SF_RULE_MIN] = "min",       [SF_RULE_MAX] = "max",
    [SF_RULE_EQUAL] = "equal",   [SF_RULE_PALINDROME] = "palindrome",
    [SF_RULE_WHISPER] = "whisper", [SF_RULE_RENBAN] = "renban",
    [SF_RULE_BETWEEN] = "between", [SF_RULE_REGION_SUM] = "region-sum",
    [SF_RULE_ENTROPIC] = "entropic",
    [SF_RULE_LITTLE_KILLER] = "little-killer",
    [SF_RULE_QUADRUPLE] = "quadruple",
};

const char *sf_rule_name(sf_rule_kind_t kind)
{
    return (unsigned)kind < SF_RULE_KINDS ? rule_names[kind] : "?";
}

int sf_rule_parse(const char *name)
{
    for (int k = 0; name && k < SF_RULE_KINDS; k++)
        if (strcmp(name, rule_names[k]) == 0)
            return k;
    return -1;
}


/* Room for need items of size bytes in *p (capacity *cap): 0, or -1. */
static int grow(void **p, uint32_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    size_t c = *cap ? *cap : 16;
    while (c < need)
        c *= 2;
    if (c > UINT32_MAX)
        return -1;
    void *q = realloc(*p, c * size);
    if (!q)
        return -1;
    *p = q;
    *cap = (uint32_t)c;
    return 0;
}

sf_rules_t *sf_rules_new(const sf_geometry_t *g)
{
    if (!g)
        return NULL;
    sf_rules_t *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->g = g;
    r->n = g->n;
    r->ncells = g->ncells;
    for (int i = 0; i < r->ncells; i++)
        r->cell_mask[i] = g->full;
    return r;
}

void sf_rules_free(sf_rules_t *r)
{
    if (!r)
        return;
    free(r->rule);
    free(r->rcells);
    free(r->prop);
    free(r->pcells);
    free(r->aux);
    free(r->cprop_off);
    free(r->cprop);
    free(r);
}

const sf_geometry_t *sf_rules_geometry(const sf_rules_t *r)
{
    return r ? r->g : NULL;
}

int sf_rules_count(const sf_rules_t *r) { return r ? r->nrules : 0; }

static int adjacent(const sf_rules_t *r, int a, int b)
{
    const int ra = a / r->n, ca = a % r->n, rb = b / r->n, cb = b % r->n;
    return abs(ra - rb) + abs(ca - cb) == 1;
}

/* The number of cells a kind takes: exactly k (> 0), or at least -k. */
static int cells_wanted(sf_rule_kind_t kind)
{
    switch (kind) {
    case SF_RULE_CAGE: return -1;
    case SF_RULE_THERMO: case SF_RULE_SLOW_THERMO: return -2;
    case SF_RULE_ARROW: return -2;
    case SF_RULE_DIFF: case SF_RULE_RATIO: case SF_RULE_SUM:
    case SF_RULE_LESS: case SF_RULE_EQUAL: return 2;
    case SF_RULE_PALINDROME: case SF_RULE_WHISPER: case SF_RULE_RENBAN:
    case SF_RULE_BETWEEN: case SF_RULE_REGION_SUM: case SF_RULE_ENTROPIC:
    case SF_RULE_QUADRUPLE: return -2;
    case SF_RULE_LITTLE_KILLER: return -1;
    default: return 1;
    }
}

/* The values packed in a quadruple's value, into v; their number, or -1
 * when one is out of 1..n or more than four are packed. */
static int quad_values(int value, int n, int *v)
{
    int k = 0;
    for (; value; value >>= 5) {
        const int x = value & 31;
        if (x < 1 || x > n || k == 4)
            return -1;
        v[k++] = x;
    }
    return k;
}

/* The whisper's least difference: value, or N / 2 rounded up. */
static int whisper_gap(const sf_rules_t *r, int value)
{
    return value ? value : (r->n + 1) / 2;
}

/* The shape of a rule before it is kept: 0, or -1 with err. */
static int check_shape(const sf_rules_t *r, sf_rule_kind_t kind, int value,
                       const int *cells, int ncells, int split,
                       sf_error_t *err)
{
    const char *name = sf_rule_name(kind);
    const int want = cells_wanted(kind);
    if ((want > 0 && ncells != want) || (want < 0 && ncells < -want) ||
        ncells > r->ncells)
        return error_set(err, SF_ERR_USAGE, "%s: %d cells", name, ncells);
    uint8_t seen[SF_MAX_CELLS] = {0};
    for (int i = 0; i < ncells; i++) {
        if (cells[i] < 0 || cells[i] >= r->ncells)
            return error_set(err, SF_ERR_USAGE, "%s: cell %d is not in the grid",
                        name, cells[i]);
        if (seen[cells[i]]++)
            return error_set(err, SF_ERR_USAGE, "%s: cell R%dC%d twice", name,
                        cells[i] / r->n + 1, cells[i] % r->n + 1);
    }
    if (want == 2 && kind != SF_RULE_LESS && kind != SF_RULE_EQUAL &&
        !adjacent(r, cells[0], cells[1]))
        return error_set(err, SF_ERR_USAGE, "%s: R%dC%d and R%dC%d are not "
                    "orthogonal neighbours", name, cells[0] / r->n + 1,
                    cells[0] % r->n + 1, cells[1] / r->n + 1,
                    cells[1] % r->n + 1);
    if (kind == SF_RULE_ARROW && (split < 1 || split >= ncells || split > 9))
        return error_set(err, SF_ERR_USAGE, "arrow: a circle of %d cells on %d",
                    split, ncells);
    int quad[4];
    if (kind == SF_RULE_QUADRUPLE &&
        (ncells > 4 || quad_values(value, r->n, quad) < 1 ||
         quad_values(value, r->n, quad) > ncells))
        return error_set(err, SF_ERR_USAGE, "quadruple: values %d do not fit %d "
                    "cells", value, ncells);
    if (kind == SF_RULE_ENTROPIC && r->n % 3)
        return error_set(err, SF_ERR_USAGE, "entropic: %dx%d values do not split "
                    "in thirds", r->n, r->n);
    if (kind == SF_RULE_WHISPER && (value < 0 || value >= r->n))
        return error_set(err, SF_ERR_USAGE, "whisper: value %d is out of range",
                    value);
    if (kind == SF_RULE_LITTLE_KILLER && (value < 1 || value > r->n * ncells))
        return error_set(err, SF_ERR_USAGE, "little-killer: value %d is out of "
                    "range", value);
    if ((kind == SF_RULE_CAGE && (value < 0 || value > r->n * ncells)) ||
        (kind == SF_RULE_DIFF && (value < 1 || value >= r->n)) ||
        (kind == SF_RULE_RATIO && (value < 2 || value > r->n)) ||
        (kind == SF_RULE_SUM && (value < 3 || value > 2 * r->n - 1)))
        return error_set(err, SF_ERR_USAGE, "%s: value %d is out of range", name,
                    value);
    return 0;
}

int sf_rules_add(sf_rules_t *r, sf_rule_kind_t kind, int value,
                 const int *cells, int ncells, int split, sf_error_t *err)
{
    if (!r || (unsigned)kind >= SF_RULE_KINDS || !cells)
        return error_set(err, SF_ERR_USAGE, "bad rule arguments");
    if (r->sealed)
        return error_set(err, SF_ERR_USAGE, "%s: the rules are sealed",
                    sf_rule_name(kind));
    if (check_shape(r, kind, value, cells, ncells, split, err) < 0)
        return -1;
    if (grow((void **)&r->rule, &r->rule_cap,
             (size_t)r->nrules + 1, sizeof *r->rule) < 0 ||
        grow((void **)&r->rcells, &r->rcells_cap,
             (size_t)r->nrcells + (size_t)ncells, sizeof *r->rcells) < 0)
        return error_set(err, SF_ERR_NOMEM, "out of memory");
    rule_t *u = &r->rule[r->nrules++];
    u->kind = (uint8_t)kind;
    u->value = value;
    u->ncells = (uint16_t)ncells;
    u->split = (uint16_t)(kind == SF_RULE_ARROW ? split : 0);
    u->cell_off = r->nrcells;
    for (int i = 0; i < ncells; i++)
        r->rcells[r->nrcells++] = (uint16_t)cells[i];
    return 0;
}

/* ------------------------------------------------------------ full grids */

/* The circle of an arrow as its number. */
static long circle_value(const uint8_t *grid, const uint16_t *c, int split)
{
    long v = 0;
    for (int i = 0; i < split; i++)
        v = v * 10 + grid[c[i]];
    return v;
}

/* The third of 1..n that v lies in (entropic lines). */
static int third(int n, int v) { return (v - 1) * 3 / n; }

/* 1 when the pair (a, b) keeps the relation of kind with value (in a
 * grid of side n). */
static int pair_holds(int n, int kind, int value, int a, int b)
{
    switch (kind) {
    case SF_RULE_DIFF: return abs(a - b) == value;
    case SF_RULE_RATIO: return a == value * b || b == value * a;
    case SF_RULE_SUM: return a + b == value;
    case SF_RULE_LESS: return a < b;
    case SF_RULE_EQUAL: return a == b;
    case SF_RULE_WHISPER: return abs(a - b) >= value;
    case SF_RULE_ENTROPIC: return third(n, a) != third(n, b);
    default: return 0;
    }
}

/* The region-sum line: every run of cells in one region sums alike. */
static int region_sums_hold(const sf_rules_t *r, const uint16_t *c, int k,
                            const uint8_t *grid)
{
    long first = -1, sum = 0;
    for (int i = 0; i < k; i++) {
        sum += grid[c[i]];
        if (i + 1 == k || r->g->region[c[i + 1]] != r->g->region[c[i]]) {
            if (first >= 0 && sum != first)
                return 0;
            first = sum;
            sum = 0;
        }
    }
    return 1;
}

/* The lines and the other rules of many cells, on a full grid. */
static int line_holds(const sf_rules_t *r, const rule_t *u,
                      const uint8_t *grid)
{
    const uint16_t *c = r->rcells + u->cell_off;
    const int k = u->ncells;
    long sum = 0;
    uint64_t seen = 0;
    int lo = r->n, hi = 1, q[4];
    switch (u->kind) {
    case SF_RULE_PALINDROME:
        for (int i = 0; i < k / 2; i++)
            if (grid[c[i]] != grid[c[k - 1 - i]])
                return 0;
        return 1;
    case SF_RULE_WHISPER:
    case SF_RULE_ENTROPIC:
        for (int i = 0; i + 1 < k && (u->kind == SF_RULE_WHISPER || k > 2);
             i++)
            if (!pair_holds(r->n, u->kind, whisper_gap(r, u->value),
                            grid[c[i]], grid[c[i + 1]]) ||
                (u->kind == SF_RULE_ENTROPIC && i + 2 < k &&
                 third(r->n, grid[c[i]]) == third(r->n, grid[c[i + 2]])))
                return 0;
        return 1;
    case SF_RULE_RENBAN:
        for (int i = 0; i < k; i++) {
            if (seen >> grid[c[i]] & 1)
                return 0;
            seen |= 1ull << grid[c[i]];
            lo = grid[c[i]] < lo ? grid[c[i]] : lo;
            hi = grid[c[i]] > hi ? grid[c[i]] : hi;
        }
        return hi - lo == k - 1;
    case SF_RULE_BETWEEN:
        lo = grid[c[0]] < grid[c[k - 1]] ? grid[c[0]] : grid[c[k - 1]];
        hi = grid[c[0]] + grid[c[k - 1]] - lo;
        for (int i = 1; i + 1 < k; i++)
            if (grid[c[i]] <= lo || grid[c[i]] >= hi)
                return 0;
        return 1;
    case SF_RULE_REGION_SUM:
        return region_sums_hold(r, c, k, grid);
    case SF_RULE_LITTLE_KILLER:
        for (int i = 0; i < k; i++)
            sum += grid[c[i]];
        return sum == u->value;
    case SF_RULE_QUADRUPLE: {
        const int nq = quad_values(u->value, r->n, q);
        for (int j = 0; j < nq; j++) {
            int want = 0, have = 0;
            for (int i = 0; i < nq; i++)
                want += q[i] == q[j];
            for (int i = 0; i < k; i++)
                have += grid[c[i]] == q[j];
            if (have < want)
                return 0;
        }
        return 1;
    }
    default:
        return 0;
    }
}

static int rule_holds(const sf_rules_t *r, const rule_t *u,
                      const uint8_t *grid)
{
    const uint16_t *c = r->rcells + u->cell_off;
    const int k = u->ncells;
    long sum = 0;
    switch (u->kind) {
    case SF_RULE_CAGE: {
        uint64_t seen = 0;
        for (int i = 0; i < k; i++) {
            if (seen >> grid[c[i]] & 1)
                return 0;
            seen |= 1ull << grid[c[i]];
            sum += grid[c[i]];
        }
        return u->value == 0 || sum == u->value;
    }
    case SF_RULE_THERMO:
    case SF_RULE_SLOW_THERMO:
        for (int i = 1; i < k; i++)
            if (grid[c[i]] < grid[c[i - 1]] + (u->kind == SF_RULE_THERMO))
                return 0;
        return 1;
    case SF_RULE_ARROW:
        for (int i = u->split; i < k; i++)
            sum += grid[c[i]];
        return sum == circle_value(grid, c, u->split);
    case SF_RULE_ODD: return grid[c[0]] % 2 == 1;
    case SF_RULE_EVEN: return grid[c[0]] % 2 == 0;
    case SF_RULE_MIN:
    case SF_RULE_MAX:
        for (int d = 0; d < r->ncells; d++)
            if (adjacent(r, c[0], d) &&
                (u->kind == SF_RULE_MIN ? grid[c[0]] >= grid[d]
                                        : grid[c[0]] <= grid[d]))
                return 0;
        return 1;
    case SF_RULE_EQUAL:
    case SF_RULE_DIFF: case SF_RULE_RATIO: case SF_RULE_SUM:
    case SF_RULE_LESS:
        return pair_holds(r->n, u->kind, u->value, grid[c[0]], grid[c[1]]);
    default:
        return line_holds(r, u, grid);
    }
}

/* The negative constraints the dots lift from each cell's right (0) and
 * lower (1) edge, in one pass over the rules. */
static void lifted_edges(const sf_rules_t *r, uint8_t (*lifted)[2])
{
    memset(lifted, 0, (size_t)r->ncells * sizeof *lifted);
    for (int i = 0; i < r->nrules; i++) {
        const rule_t *u = &r->rule[i];
        const uint16_t *c = r->rcells + u->cell_off;
        const unsigned bit = u->kind == SF_RULE_DIFF ? SF_NEG_DIFF
                             : u->kind == SF_RULE_RATIO ? SF_NEG_RATIO
                             : u->kind == SF_RULE_SUM ? SF_NEG_XV : 0;
        if (!bit || u->ncells != 2 || !adjacent(r, c[0], c[1]))
            continue;
        const int a = c[0] < c[1] ? c[0] : c[1], b = c[0] + c[1] - a;
        lifted[a][b != a + 1] |= (uint8_t)bit;
    }
}

/* The cell across edge d (0 right, 1 lower) of cell a, or -1 at the
 * grid's border. */
static int across(const sf_rules_t *r, int a, int d)
{
    const int b = d ? a + r->n : a + 1;
    return (!d && b % r->n == 0) || b >= r->ncells ? -1 : b;
}

/* 1 when values va, vb keep the negative constraints here. */
static int negative_holds(unsigned here, int va, int vb)
{
    return !((here & SF_NEG_DIFF) && abs(va - vb) == 1) &&
           !((here & SF_NEG_RATIO) && (va == 2 * vb || vb == 2 * va)) &&
           !((here & SF_NEG_XV) && (va + vb == 5 || va + vb == 10));
}

int sf_rules_hold(const sf_rules_t *r, const uint8_t *grid)
{
    if (!r || !grid)
        return 0;
    for (int i = 0; i < r->ncells; i++)
        if (grid[i] < 1 || grid[i] > r->n)
            return 0;
    for (int i = 0; i < r->nrules; i++)
        if (!rule_holds(r, &r->rule[i], grid))
            return 0;
    if (!r->neg)
        return 1;
    uint8_t lifted[SF_MAX_CELLS][2];
    lifted_edges(r, lifted);
    for (int a = 0; a < r->ncells; a++)
        for (int d = 0; d < 2; d++) {
            const int b = across(r, a, d);
            if (b >= 0 && !negative_holds(r->neg & ~(unsigned)lifted[a][d],
                                          grid[a], grid[b]))
                return 0;
        }
    return 1;
}

/* -------------------------------------------------------------- sealing */

static prop_t *new_prop(sf_rules_t *r, int kind, const uint16_t *cells,
                        int ncells)
{
    if (grow((void **)&r->prop, &r->prop_cap,
             (size_t)r->nprop + 1, sizeof *r->prop) < 0 ||
        grow((void **)&r->pcells, &r->pcells_cap,
             (size_t)r->npcells + (size_t)ncells, sizeof *r->pcells) < 0)
        return NULL;
    prop_t *p = &r->prop[r->nprop++];
    memset(p, 0, sizeof *p);
    p->kind = (uint8_t)kind;
    p->ncells = (uint16_t)ncells;
    p->cell_off = r->npcells;
    memcpy(r->pcells + r->npcells, cells, (size_t)ncells * sizeof *cells);
    r->npcells += (uint32_t)ncells;
    return p;
}

/* A pair propagator on (a, b) from the relation ok(va, vb). */
static int add_pair(sf_rules_t *r, int a, int b,
                    int (*ok)(const sf_rules_t *, int, int, int, int, int),
                    int arg)
{
    const uint16_t cells[2] = {(uint16_t)a, (uint16_t)b};
    const int n = r->n;
    prop_t *p = new_prop(r, PROP_PAIR, cells, 2);
    if (!p || grow((void **)&r->aux, &r->aux_cap,
                   (size_t)r->naux + 2 * (size_t)n, sizeof *r->aux) < 0)
        return -1;
    p->aux_off = r->naux;
    uint32_t *fwd = r->aux + r->naux, *back = fwd + n;
    memset(fwd, 0, 2 * (size_t)n * sizeof *fwd);
    for (int va = 1; va <= n; va++)
        for (int vb = 1; vb <= n; vb++)
            if (ok(r, a, b, va, vb, arg)) {
                fwd[va - 1] |= 1u << (vb - 1);
                back[vb - 1] |= 1u << (va - 1);
            }
    r->naux += 2 * (uint32_t)n;
    return 0;
}

static int dot_ok(const sf_rules_t *r, int a, int b, int va, int vb, int arg)
{
    (void)a, (void)b;
    return pair_holds(r->n, arg >> 8, arg & 0xff, va, vb);
}

static int neg_ok(const sf_rules_t *r, int a, int b, int va, int vb, int arg)
{
    (void)r, (void)a, (void)b;
    return negative_holds((unsigned)arg, va, vb);
}

/* Every set of k distinct values 1..n summing to sum, from value v up,
 * appended to r->aux; the count, or -1 when out of memory. */
static long combos(sf_rules_t *r, int k, int sum, int v, uint32_t set)
{
    if (k == 0) {
        if (sum != 0)
            return 0;
        if (grow((void **)&r->aux, &r->aux_cap, (size_t)r->naux + 1,
                 sizeof *r->aux) < 0)
            return -1;
        r->aux[r->naux++] = set;
        return 1;
    }
    long found = 0;
    for (int x = v; x <= r->n && x <= sum; x++) {
        /* the k - 1 values above x sum to at least (x+1) + ... + (x+k-1) */
        if ((long)(k - 1) * x + (long)(k - 1) * k / 2 > sum - x)
            break;
        const long f = combos(r, k - 1, sum - x, x + 1, set | 1u << (x - 1));
        if (f < 0)
            return -1;
        found += f;
    }
    return found;
}

static int seal_cage(sf_rules_t *r, const rule_t *u, const uint16_t *c)
{
    if (u->ncells > r->n) {
        r->impossible = 1;
        return 0;
    }
    prop_t *p = new_prop(r, PROP_CAGE, c, u->ncells);
    if (!p)
        return -1;
    p->value = u->value;
    p->aux_off = r->naux;
    if (u->value == 0)
        return 0;
    const long f = combos(r, u->ncells, u->value, 1, 0);
    if (f < 0)
        return -1;
    p->naux = (uint32_t)f;
    r->impossible |= f == 0;
    return 0;
}

/* The less-than pairs of a minimum or maximum cell. */
static int seal_extreme(sf_rules_t *r, const rule_t *u, const uint16_t *c)
{
    for (int d = 0; d < r->ncells; d++) {
        if (!adjacent(r, c[0], d))
            continue;
        const int lo = u->kind == SF_RULE_MIN ? c[0] : d;
        const int hi = u->kind == SF_RULE_MIN ? d : c[0];
        if (add_pair(r, lo, hi, dot_ok, SF_RULE_LESS << 8) < 0)
            return -1;
    }
    return 0;
}

/* Pair tables along a line: each cell with the one step cells on
 * (palindromes: with its mirror). */
static int seal_pairs(sf_rules_t *r, const uint16_t *c, int k, int kind,
                      int value, int step)
{
    for (int i = 0; i + step < k; i++) {
        const int j = step ? i + step : k - 1 - i;
        if (!step && j <= i)
            break;
        if (add_pair(r, c[i], c[j], dot_ok, kind << 8 | value) < 0)
            return -1;
    }
    return 0;
}

/* A region-sum line: its runs in one region, as their first cells'
 * places along the line (aux), ended by the line's length. */
static int seal_region_sum(sf_rules_t *r, const rule_t *u, const uint16_t *c)
{
    prop_t *p = new_prop(r, PROP_REGION_SUM, c, u->ncells);
    if (!p)
        return -1;
    p->aux_off = r->naux;
    for (int i = 0; i <= u->ncells; i++)
        if (i == 0 || i == u->ncells ||
            r->g->region[c[i]] != r->g->region[c[i - 1]]) {
            if (grow((void **)&r->aux, &r->aux_cap, (size_t)r->naux + 1,
                     sizeof *r->aux) < 0)
                return -1;
            r->aux[r->naux++] = (uint32_t)i;
            p->naux++;
        }
    return 0;
}

/* A line's own propagator: kind, with value. */
static int seal_line(sf_rules_t *r, const rule_t *u, const uint16_t *c,
                     int kind, int value)
{
    prop_t *p = new_prop(r, kind, c, u->ncells);
    if (!p)
        return -1;
    p->value = value;
    return 0;
}

static int seal_rule(sf_rules_t *r, const rule_t *u)
{
    const uint16_t *c = r->rcells + u->cell_off;
    prop_t *p;
    switch (u->kind) {
    case SF_RULE_CAGE:
        return seal_cage(r, u, c);
    case SF_RULE_THERMO:
    case SF_RULE_SLOW_THERMO:
        if (!(p = new_prop(r, PROP_THERMO, c, u->ncells)))
            return -1;
        p->slow = u->kind == SF_RULE_SLOW_THERMO;
        return 0;
    case SF_RULE_ARROW:
        if (!(p = new_prop(r, PROP_ARROW, c, u->ncells)))
            return -1;
        p->split = u->split;
        return 0;
    case SF_RULE_ODD:
    case SF_RULE_EVEN:
        for (int v = 1; v <= r->n; v++)
            if ((v % 2 == 1) != (u->kind == SF_RULE_ODD))
                r->cell_mask[c[0]] &= ~(1u << (v - 1));
        return 0;
    case SF_RULE_MIN:
    case SF_RULE_MAX:
        return seal_extreme(r, u, c);
    case SF_RULE_PALINDROME:
        return seal_pairs(r, c, u->ncells, SF_RULE_EQUAL, 0, 0);
    case SF_RULE_WHISPER:
        return seal_pairs(r, c, u->ncells, SF_RULE_WHISPER,
                          whisper_gap(r, u->value), 1);
    case SF_RULE_ENTROPIC: /* a line of two has no three cells */
        return u->ncells > 2 &&
               (seal_pairs(r, c, u->ncells, SF_RULE_ENTROPIC, 0, 1) < 0 ||
                seal_pairs(r, c, u->ncells, SF_RULE_ENTROPIC, 0, 2) < 0)
                   ? -1 : 0;
    case SF_RULE_RENBAN:
        return seal_line(r, u, c, PROP_RENBAN, 0);
    case SF_RULE_BETWEEN:
        return seal_line(r, u, c, PROP_BETWEEN, 0);
    case SF_RULE_REGION_SUM:
        return seal_region_sum(r, u, c);
    case SF_RULE_LITTLE_KILLER:
        return seal_line(r, u, c, PROP_ARROW, u->value);
    case SF_RULE_QUADRUPLE:
        return seal_line(r, u, c, PROP_QUAD, u->value);
    default:
        return add_pair(r, c[0], c[1], dot_ok, u->kind << 8 | u->value);
    }
}

/* The negative constraints: a pair propagator on every orthogonal pair
 * whose values they restrict. */
static int seal_negative(sf_rules_t *r, unsigned neg)
{
    uint8_t lifted[SF_MAX_CELLS][2];
    lifted_edges(r, lifted);
    for (int a = 0; a < r->ncells; a++)
        for (int d = 0; d < 2; d++) {
            const int b = across(r, a, d);
            if (b < 0)
                continue;
            const unsigned here = neg & ~(unsigned)lifted[a][d];
            if (here && add_pair(r, a, b, neg_ok, (int)here) < 0)
                return -1;
        }
    return 0;
}

/* Each cell's propagators. */
static int index_cells(sf_rules_t *r)
{
    r->cprop_off = calloc((size_t)r->ncells + 1, sizeof *r->cprop_off);
    r->cprop = malloc(((size_t)r->npcells + 1) * sizeof *r->cprop);
    if (!r->cprop_off || !r->cprop)
        return -1;
    for (uint32_t i = 0; i < r->npcells; i++)
        r->cprop_off[r->pcells[i] + 1]++;
    for (int c = 0; c < r->ncells; c++)
        r->cprop_off[c + 1] += r->cprop_off[c];
    uint32_t *at = calloc((size_t)r->ncells, sizeof *at);
    if (!at)
        return -1;
    for (int k = 0; k < r->nprop; k++) {
        const prop_t *p = &r->prop[k];
        for (int i = 0; i < p->ncells; i++) {
            const int c = prop_cells(r, p)[i];
            r->cprop[r->cprop_off[c] + at[c]++] = (uint32_t)k;
        }
    }
    free(at);
    return 0;
}

int sf_rules_seal(sf_rules_t *r, unsigned neg, sf_error_t *err)
{
    if (!r)
        return error_set(err, SF_ERR_USAGE, "no rules");
    if (r->sealed)
        return 0;
    r->neg = neg & (SF_NEG_DIFF | SF_NEG_RATIO | SF_NEG_XV);
    for (int i = 0; i < r->nrules; i++)
        if (seal_rule(r, &r->rule[i]) < 0)
            return error_set(err, SF_ERR_NOMEM, "out of memory");
    if ((r->neg && seal_negative(r, r->neg) < 0) || index_cells(r) < 0)
        return error_set(err, SF_ERR_NOMEM, "out of memory");
    r->sealed = 1;
    return 0;
}
