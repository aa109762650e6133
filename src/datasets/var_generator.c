/*
 * var_generator.c -- variant puzzles with exactly one solution, of a
 * chosen kind, reproducible from (seed, index) (sf_vgen_puzzle).
 *
 * Every kind starts from a random full grid of the geometry and lays
 * down constraints the grid keeps:
 *
 *   killer  the grid cut into cages.  Each cell starts as a cage of its
 *           own (its sum is its value: the puzzle is then the grid), and
 *           neighbouring cages are merged, in a random order of the
 *           grid's neighbour pairs, whenever the merged cage holds no
 *           value twice, has at most CAGE_MAX cells, and the puzzle keeps
 *           exactly one solution.  No givens: a cage of one cell is a
 *           given in effect, and only as many stay as uniqueness needs.
 *   kropki  every white and black dot the grid has, with both negative
 *           constraints (a pair of 1 and 2 gets both dots);
 *   xv      every X and V the grid has, with the negative constraint;
 *   thermo  thermometers along walks of rising values;
 *   arrow   arrows from a circle cell along walks summing to its value;
 *   whisper German whispers along walks of large steps;
 *   renban  renban lines along walks of consecutive values;
 *   mixed   a few cages with sums, thermometers, arrows and whispers.
 *
 * All but killer then take givens away from the full grid, in a random
 * order, each as long as one solution remains: the puzzle is minimal for
 * its constraints.  Uniqueness is the variant kernel at limit 2.
 */
#include <stdlib.h>
#include <string.h>

#include "core/geometry.h"
#include "core/rng.h"
#include "kernel/kernels.h"

#define CAGE_MAX 5     /* cells a killer cage may grow to */
#define LINE_MAX 8     /* cells of a walk */
#define RULES_MAX 512  /* rules of one puzzle */
#define TRIES 20       /* grids tried before giving up */

static const char *const kind_names[SF_VGEN_KINDS] = {
    "killer", "kropki", "xv", "thermo", "arrow", "whisper", "renban",
    "mixed",
};

const char *sf_vgen_kind_name(int kind)
{
    return kind >= 0 && kind < SF_VGEN_KINDS ? kind_names[kind] : "?";
}

int sf_vgen_kind_parse(const char *name)
{
    for (int k = 0; name && k < SF_VGEN_KINDS; k++)
        if (!strcmp(name, kind_names[k]))
            return k;
    return -1;
}

typedef struct vrule {
    int kind, value, split, n;
    int cells[LINE_MAX > CAGE_MAX ? LINE_MAX + 1 : CAGE_MAX + 1];
} vrule_t;

struct sf_vgen {
    const sf_geometry_t *g;
    sf_solver_t *solver;
    vrule_t rule[RULES_MAX];
    int nrules;
    unsigned neg;
    uint8_t grid[SF_MAX_CELLS];
    int cage_of[SF_MAX_CELLS]; /* killer: each cell's rule */
    rng_t rng;
};

sf_vgen_t *sf_vgen_new(const sf_geometry_t *g)
{
    sf_vgen_t *v = calloc(1, sizeof *v);
    if (!v || !g || !(v->solver = sf_solver_new(NULL))) {
        free(v);
        return NULL;
    }
    v->g = g;
    return v;
}

void sf_vgen_free(sf_vgen_t *v)
{
    if (!v)
        return;
    sf_solver_free(v->solver);
    free(v);
}

static int below(sf_vgen_t *v, int k) { return (int)rng_below(&v->rng, (uint32_t)k); }

/* The rules as they stand, sealed; NULL when out of memory or when the
 * library refuses one (which the kinds below never make). */
static sf_rules_t *seal(const sf_vgen_t *v)
{
    sf_rules_t *r = sf_rules_new(v->g);
    for (int i = 0; r && i < v->nrules; i++) {
        const vrule_t *u = &v->rule[i];
        if (u->n && sf_rules_add(r, u->kind, u->value, u->cells, u->n,
                                 u->split, NULL) < 0) {
            sf_rules_free(r);
            return NULL;
        }
    }
    if (r && sf_rules_seal(r, v->neg, NULL) < 0) {
        sf_rules_free(r);
        return NULL;
    }
    return r;
}

/* 1 when the puzzle under the current rules has exactly one solution;
 * 0 when not; -1 when out of memory. */
static int unique(sf_vgen_t *v, const uint8_t *puzzle)
{
    sf_rules_t *r = seal(v);
    if (!r)
        return -1;
    sf_result_t res;
    sf_solve_rules(v->solver, r, puzzle, 2, 0, NULL, &res);
    sf_rules_free(r);
    return res.count == 1;
}

static vrule_t *add(sf_vgen_t *v, int kind, int value)
{
    if (v->nrules == RULES_MAX)
        return NULL;
    vrule_t *u = &v->rule[v->nrules++];
    memset(u, 0, sizeof *u);
    u->kind = kind;
    u->value = value;
    return u;
}

/* ---------------------------------------------------------------- walks */

/* A neighbour of c (king's moves, or orthogonal only) not yet on u whose
 * value ok() accepts after the walk's last; -1 when none. */
static int next_cell(sf_vgen_t *v, const vrule_t *u, int diagonal,
                     int (*ok)(const sf_vgen_t *, const vrule_t *, int))
{
    const int n = v->g->n, c = u->cells[u->n - 1];
    int cand[8], k = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            const int r = c / n + dr, col = c % n + dc;
            if ((!dr && !dc) || (!diagonal && dr && dc) || r < 0 || r >= n ||
                col < 0 || col >= n)
                continue;
            int used = 0;
            for (int i = 0; i < u->n; i++)
                used |= u->cells[i] == r * n + col;
            if (!used && ok(v, u, r * n + col))
                cand[k++] = r * n + col;
        }
    return k ? cand[below(v, k)] : -1;
}

static int rising(const sf_vgen_t *v, const vrule_t *u, int d)
{
    return v->grid[d] > v->grid[u->cells[u->n - 1]];
}

static int far_apart(const sf_vgen_t *v, const vrule_t *u, int d)
{
    return abs(v->grid[d] - v->grid[u->cells[u->n - 1]]) >=
           (v->g->n + 1) / 2;
}

/* The walk's values and d's stay a set of consecutive distinct values. */
static int consecutive(const sf_vgen_t *v, const vrule_t *u, int d)
{
    int lo = v->grid[d], hi = v->grid[d];
    for (int i = 0; i < u->n; i++) {
        const int x = v->grid[u->cells[i]];
        if (x == v->grid[d])
            return 0;
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
    }
    return hi - lo == u->n;
}

/* d's value is not on the walk yet (a cage). */
static int fresh(const sf_vgen_t *v, const vrule_t *u, int d)
{
    for (int i = 0; i < u->n; i++)
        if (v->grid[u->cells[i]] == v->grid[d])
            return 0;
    return 1;
}

/* The arrow's sum so far plus d's value stays within the circle's. */
static int fits_arrow(const sf_vgen_t *v, const vrule_t *u, int d)
{
    int sum = v->grid[d];
    for (int i = u->split; i < u->n; i++)
        sum += v->grid[u->cells[i]];
    return sum <= v->grid[u->cells[0]];
}

/* A walk of kind from a random cell, as long as ok() lets it grow (at
 * most len cells); kept when it has at least least cells. */
static void walk(sf_vgen_t *v, int kind, int len, int least,
                 int (*ok)(const sf_vgen_t *, const vrule_t *, int))
{
    vrule_t *u = add(v, kind, 0);
    if (!u)
        return;
    u->cells[u->n++] = below(v, v->g->ncells);
    while (u->n < len) {
        const int d = next_cell(v, u, 1, ok);
        if (d < 0)
            break;
        u->cells[u->n++] = d;
    }
    if (u->n < least)
        v->nrules--;
}

static void add_arrow(sf_vgen_t *v)
{
    vrule_t *u = add(v, SF_RULE_ARROW, 0);
    if (!u)
        return;
    u->cells[u->n++] = below(v, v->g->ncells);
    u->split = 1;
    int sum = 0;
    while (u->n < LINE_MAX && sum < v->grid[u->cells[0]]) {
        const int d = next_cell(v, u, 1, fits_arrow);
        if (d < 0)
            break;
        u->cells[u->n++] = d;
        sum += v->grid[d];
    }
    if (sum != v->grid[u->cells[0]] || u->n < 3)
        v->nrules--;
}

/* ----------------------------------------------------------------- dots */

static void add_pair(sf_vgen_t *v, int kind, int value, int a, int b)
{
    vrule_t *u = add(v, kind, value);
    if (!u)
        return;
    u->cells[0] = a;
    u->cells[1] = b;
    u->n = 2;
}

/* Every dot (kropki) or X and V (xv) the grid has, under the negative
 * constraint. */
static void add_dots(sf_vgen_t *v, int xv)
{
    const int n = v->g->n;
    for (int a = 0; a < n * n; a++)
        for (int k = 0; k < 2; k++) {
            const int b = k ? a + 1 : a + n;
            if ((k && a % n == n - 1) || b >= n * n)
                continue;
            const int x = v->grid[a], y = v->grid[b];
            if (xv && (x + y == 10 || x + y == 5))
                add_pair(v, SF_RULE_SUM, x + y, a, b);
            if (!xv && abs(x - y) == 1)
                add_pair(v, SF_RULE_DIFF, 1, a, b);
            if (!xv && (x == 2 * y || y == 2 * x))
                add_pair(v, SF_RULE_RATIO, 2, a, b);
        }
    v->neg = xv ? SF_NEG_XV : SF_NEG_DIFF | SF_NEG_RATIO;
}

/* --------------------------------------------------------------- killer */

/* Merge cage j into cage i (their rules), or undo that with the saved
 * copies. */
static void merge(sf_vgen_t *v, int i, int j)
{
    vrule_t *a = &v->rule[i], *b = &v->rule[j];
    for (int k = 0; k < b->n; k++) {
        a->cells[a->n++] = b->cells[k];
        v->cage_of[b->cells[k]] = i;
    }
    a->value += b->value;
    b->n = 0;
}

static int can_merge(const sf_vgen_t *v, int i, int j)
{
    const vrule_t *a = &v->rule[i], *b = &v->rule[j];
    if (i == j || a->n + b->n > CAGE_MAX)
        return 0;
    for (int x = 0; x < a->n; x++)
        for (int y = 0; y < b->n; y++)
            if (v->grid[a->cells[x]] == v->grid[b->cells[y]])
                return 0;
    return 1;
}

/* The grid cut into cages, merged while the puzzle stays unique. */
static int killer(sf_vgen_t *v, uint8_t *puzzle)
{
    const int n = v->g->n, nc = v->g->ncells;
    memset(puzzle, 0, (size_t)nc);
    for (int c = 0; c < nc; c++) {
        vrule_t *u = add(v, SF_RULE_CAGE, v->grid[c]);
        u->cells[u->n++] = c;
        v->cage_of[c] = c;
    }
    int pairs[2 * SF_MAX_CELLS], np = 0;
    for (int c = 0; c < nc; c++) {
        if (c % n < n - 1)
            pairs[np++] = 2 * c;
        if (c + n < nc)
            pairs[np++] = 2 * c + 1;
    }
    for (int i = np - 1; i > 0; i--) {
        const int j = below(v, i + 1), t = pairs[i];
        pairs[i] = pairs[j];
        pairs[j] = t;
    }
    for (int p = 0; p < np; p++) {
        const int a = pairs[p] / 2, b = a + (pairs[p] & 1 ? n : 1);
        const int i = v->cage_of[a], j = v->cage_of[b];
        if (!can_merge(v, i, j))
            continue;
        const vrule_t keep_i = v->rule[i], keep_j = v->rule[j];
        merge(v, i, j);
        const int u = unique(v, puzzle);
        if (u < 0)
            return -1;
        if (!u) {
            v->rule[i] = keep_i;
            v->rule[j] = keep_j;
            for (int k = 0; k < keep_j.n; k++)
                v->cage_of[keep_j.cells[k]] = j;
        }
    }
    return 1;
}

/* --------------------------------------------------------------- givens */

/* Take givens away from the full grid, in a random order, while the
 * puzzle stays unique; 0 when even the full grid is not unique (the
 * constraints contradict nothing, so it always is), -1 out of memory. */
static int fewer_givens(sf_vgen_t *v, uint8_t *puzzle)
{
    const int nc = v->g->ncells;
    int order[SF_MAX_CELLS];
    memcpy(puzzle, v->grid, (size_t)nc);
    for (int c = 0; c < nc; c++)
        order[c] = c;
    for (int i = nc - 1; i > 0; i--) {
        const int j = below(v, i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (int i = 0; i < nc; i++) {
        const int c = order[i];
        const uint8_t was = puzzle[c];
        puzzle[c] = 0;
        const int u = unique(v, puzzle);
        if (u < 0)
            return -1;
        if (!u)
            puzzle[c] = was;
    }
    return 1;
}

/* Random cages with their sums (mixed puzzles). */
static void some_cages(sf_vgen_t *v, int count)
{
    for (int t = 0; t < count; t++) {
        vrule_t *u = add(v, SF_RULE_CAGE, 0);
        if (!u)
            return;
        u->cells[u->n++] = below(v, v->g->ncells);
        const int size = 2 + below(v, CAGE_MAX - 1);
        while (u->n < size) {
            const int d = next_cell(v, u, 0, fresh);
            if (d < 0)
                break;
            u->cells[u->n++] = d;
        }
        for (int i = 0; i < u->n; i++)
            u->value += v->grid[u->cells[i]];
        if (u->n < 2)
            v->nrules--;
    }
}

/* The constraints of kind on the current grid. */
static void lay_down(sf_vgen_t *v, int kind)
{
    const int lines = 3 + below(v, 4);
    switch (kind) {
    case SF_VGEN_KROPKI: add_dots(v, 0); break;
    case SF_VGEN_XV: add_dots(v, 1); break;
    case SF_VGEN_THERMO:
        for (int i = 0; i < lines; i++)
            walk(v, SF_RULE_THERMO, LINE_MAX, 3, rising);
        break;
    case SF_VGEN_ARROW:
        for (int i = 0; i < 4 * lines; i++)
            if (v->nrules < lines)
                add_arrow(v);
        break;
    case SF_VGEN_WHISPER:
        for (int i = 0; i < lines; i++)
            walk(v, SF_RULE_WHISPER, LINE_MAX, 3, far_apart);
        break;
    case SF_VGEN_RENBAN:
        for (int i = 0; i < 4 * lines && v->nrules < lines; i++)
            walk(v, SF_RULE_RENBAN, LINE_MAX, 3, consecutive);
        break;
    default: /* mixed */
        some_cages(v, 2 + below(v, 3));
        for (int i = 0; i < 2; i++) {
            walk(v, SF_RULE_THERMO, LINE_MAX, 3, rising);
            add_arrow(v);
            walk(v, SF_RULE_WHISPER, LINE_MAX, 3, far_apart);
        }
        break;
    }
}

sf_rules_t *sf_vgen_puzzle(sf_vgen_t *v, int kind, uint64_t seed,
                           uint64_t index, uint8_t *puzzle,
                           uint8_t *solution)
{
    if (!v || kind < 0 || kind >= SF_VGEN_KINDS)
        return NULL;
    rng_seed(&v->rng, seed, index);
    for (int t = 0; t < TRIES; t++) {
        v->nrules = 0;
        v->neg = 0;
        if (!solver_random_grid(v->solver, v->g, rng_next(&v->rng), 0,
                                v->grid))
            continue;
        const int rc = kind == SF_VGEN_KILLER
                           ? killer(v, puzzle)
                           : (lay_down(v, kind), fewer_givens(v, puzzle));
        if (rc < 0)
            return NULL;
        if (rc == 0)
            continue;
        memcpy(solution, v->grid, (size_t)v->g->ncells);
        int k = 0; /* the merged cages' emptied slots go */
        for (int i = 0; i < v->nrules; i++)
            if (v->rule[i].n)
                v->rule[k++] = v->rule[i];
        v->nrules = k;
        return seal(v);
    }
    return NULL;
}
