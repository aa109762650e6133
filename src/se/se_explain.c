/*
 * se_explain.c -- solving traces (sudoflow.h's sf_trace_t): the steps of
 * the SE rating in the order Sudoku Explainer takes them (se_trace), each
 * with its technique, SE's name for it, its difficulty and the placements
 * and eliminations it makes, appended to flat arrays; and SE's display
 * names of the steps.
 *
 * A trace follows SE's own path, one step at a time from the givens,
 * which the rating (se_rate.c) shortcuts where the path does not change
 * the rating; the rating is the same either way, and the hardest step of
 * the trace is it.
 */
#include "core/timer.h"
#include "se_rate.h"

#include "se/grid/se_grid.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* SE's names, by step; the nested kinds take their base's name and a
 * suffix (nest_suffix). */
static const char *const labels[SF_SE_STEP_COUNT] = {
    [SF_SE_STEP_NONE] = "none",
    [SF_SE_STEP_FULL_HOUSE] = "Hidden Single",
    [SF_SE_STEP_HIDDEN_SINGLE_BOX] = "Hidden Single",
    [SF_SE_STEP_HIDDEN_SINGLE_LINE] = "Hidden Single",
    [SF_SE_STEP_DIRECT_POINTING] = "Direct Pointing",
    [SF_SE_STEP_DIRECT_CLAIMING] = "Direct Claiming",
    [SF_SE_STEP_DIRECT_HIDDEN_PAIR] = "Direct Hidden Pair",
    [SF_SE_STEP_NAKED_SINGLE] = "Naked Single",
    [SF_SE_STEP_DIRECT_HIDDEN_TRIPLE] = "Direct Hidden Triplet",
    [SF_SE_STEP_POINTING] = "Pointing",
    [SF_SE_STEP_CLAIMING] = "Claiming",
    [SF_SE_STEP_NAKED_PAIR] = "Naked Pair",
    [SF_SE_STEP_X_WING] = "X-Wing",
    [SF_SE_STEP_HIDDEN_PAIR] = "Hidden Pair",
    [SF_SE_STEP_NAKED_TRIPLE] = "Naked Triplet",
    [SF_SE_STEP_SWORDFISH] = "Swordfish",
    [SF_SE_STEP_HIDDEN_TRIPLE] = "Hidden Triplet",
    [SF_SE_STEP_XY_WING] = "XY-Wing",
    [SF_SE_STEP_XYZ_WING] = "XYZ-Wing",
    [SF_SE_STEP_UNIQUE_RECTANGLE] = "Unique Rectangle",
    [SF_SE_STEP_UNIQUE_LOOP] = "Unique Loop",
    [SF_SE_STEP_NAKED_QUAD] = "Naked Quad",
    [SF_SE_STEP_JELLYFISH] = "Jellyfish",
    [SF_SE_STEP_HIDDEN_QUAD] = "Hidden Quad",
    [SF_SE_STEP_BUG] = "BUG",
    [SF_SE_STEP_ALIGNED_PAIR] = "Aligned Pair Exclusion",
    [SF_SE_STEP_X_CYCLE] = "Bidirectional X-Cycle",
    [SF_SE_STEP_Y_CYCLE] = "Bidirectional Y-Cycle",
    [SF_SE_STEP_X_CHAIN] = "Forcing X-Chain",
    [SF_SE_STEP_XY_CYCLE] = "Bidirectional Cycle",
    [SF_SE_STEP_XY_CHAIN] = "Forcing Chain",
    [SF_SE_STEP_BEYOND] = "beyond",
    [SF_SE_STEP_OVER] = "over",
    [SF_SE_STEP_ALIGNED_TRIPLE] = "Aligned Triplet Exclusion",
    [SF_SE_STEP_NISHIO] = "Nishio Forcing Chains",
    [SF_SE_STEP_CELL_FORCING] = "Cell Forcing Chains",
    [SF_SE_STEP_REGION_FORCING] = "Region Forcing Chains",
    [SF_SE_STEP_DYNAMIC_CONTRADICTION] =
        "Dynamic Contradiction Forcing Chains",
    [SF_SE_STEP_DYNAMIC_DOUBLE] = "Dynamic Double Forcing Chains",
    [SF_SE_STEP_DYNAMIC_CELL] = "Dynamic Cell Forcing Chains",
    [SF_SE_STEP_DYNAMIC_REGION] = "Dynamic Region Forcing Chains",
    [SF_SE_STEP_WXYZ_WING] = "WXYZ-Wing",
    [SF_SE_STEP_VWXYZ_WING] = "VWXYZ-Wing",
    [SF_SE_STEP_UVWXYZ_WING] = "UVWXYZ-Wing",
    [SF_SE_STEP_TUVWXYZ_WING] = "TUVWXYZ-Wing",
    [SF_SE_STEP_STRONG_LINKS_2] = "2 Strong links",
    [SF_SE_STEP_STRONG_LINKS_3] = "3 Strong links",
    [SF_SE_STEP_STRONG_LINKS_4] = "4 Strong links",
};

/* Sukaku Explainer's name of a chain of strong links (se_strong.c's
 * variant: links, loop, grouped links, the link types in base 3): an
 * X-loop, parallel lines (skyscrapers), no box and under 4 links (a
 * kite), or plain strong links; then the suffix. */
static int strong_label(unsigned variant, char *buf, size_t cap)
{
    const unsigned n = variant & 7, loop = variant >> 3 & 1,
                   grouped = variant >> 4 & 7;
    char types[8];
    int box = 0, col = 0;
    for (unsigned i = 0, t = variant >> 7; i < n && i < 7; i++, t /= 3) {
        types[i] = (char)('0' + t % 3);
        box |= t % 3 == 0;
        col |= t % 3 == 2;
    }
    types[n < 7 ? n : 7] = '\0';
    const char *group = grouped ? "Grouped " : "";
    if (loop)
        return snprintf(buf, cap, "(%u Strong Links) %sX-Loop %u%s", n,
                        group, grouped, types);
    if (!box && !col && n < 3)
        return snprintf(buf, cap, "%sSkyscraper %u%s", group, grouped, types);
    if (!box && !col)
        return snprintf(buf, cap, "%s%u Skyscrapers %u%s", group, n, grouped,
                        types);
    return snprintf(buf, cap, "%s%u%s %u%s", group, n,
                    !box && n < 4 ? "-String Kite" : " Strong links", grouped,
                    types);
}

/* The nested kinds come in fours (contradiction, double, cell, region)
 * from SF_SE_STEP_PLUS_CONTRADICTION, one four per level of nesting. */
static const char *const nest_suffix[5] = {
    " (+)", " (+ Forcing Chains)", " (+ Multiple Forcing Chains)",
    " (+ Dynamic Forcing Chains)",
    " (+ Dynamic Forcing Chains (+ Forcing Chains))"};

int sf_se_label(sf_se_step_t step, unsigned variant, char *buf, size_t cap)
{
    if (!buf)
        cap = 0;
    if ((unsigned)step >= SF_SE_STEP_COUNT)
        return snprintf(buf, cap, "?");
    if (step >= SF_SE_STEP_PLUS_CONTRADICTION &&
        step <= SF_SE_STEP_PLUS_DFC_FC_REGION) {
        const int k = step - SF_SE_STEP_PLUS_CONTRADICTION;
        return snprintf(buf, cap, "%s%s",
                        labels[SF_SE_STEP_DYNAMIC_CONTRADICTION + k % 4],
                        nest_suffix[k / 4]);
    }
    const unsigned type = variant & 7, size = variant >> 3;
    switch (step) {
    case SF_SE_STEP_UNIQUE_RECTANGLE:
    case SF_SE_STEP_UNIQUE_LOOP:
        if (size && type)
            return snprintf(buf, cap, "%s %u type %u", labels[step], size,
                            type);
        /* fall through */
    case SF_SE_STEP_BUG:
        if (type)
            return snprintf(buf, cap, "%s type %u", labels[step], type);
        break;
    case SF_SE_STEP_X_CHAIN:
        if (variant == 1)
            return snprintf(buf, cap, "Turbot Fish");
        break;
    case SF_SE_STEP_STRONG_LINKS_2:
    case SF_SE_STEP_STRONG_LINKS_3:
    case SF_SE_STEP_STRONG_LINKS_4:
        if (variant)
            return strong_label(variant, buf, cap);
        break;
    case SF_SE_STEP_WXYZ_WING:
    case SF_SE_STEP_VWXYZ_WING:
    case SF_SE_STEP_UVWXYZ_WING:
    case SF_SE_STEP_TUVWXYZ_WING: /* the suffix: doubly linked, the
                                   * largest cell, the set's candidates */
        if (variant)
            return snprintf(buf, cap, "%s %u%u%u", labels[step],
                            (variant & 1u) + 1, (variant >> 1) & 7u,
                            variant >> 4);
        break;
    default:
        break;
    }
    return snprintf(buf, cap, "%s", labels[step] ? labels[step] : "?");
}

/* ------------------------------------------------------------ the trace */

void sf_trace_init(sf_trace_t *t, int with_candidates)
{
    if (!t)
        return;
    memset(t, 0, sizeof *t);
    t->with_candidates = with_candidates != 0;
}

void sf_trace_free(sf_trace_t *t)
{
    if (!t)
        return;
    free(t->step_start);
    free(t->technique);
    free(t->variant);
    free(t->tenths);
    free(t->action_start);
    free(t->kind);
    free(t->cell);
    free(t->digit);
    free(t->candidates);
    sf_trace_init(t, t->with_candidates);
}

/* Make *p hold n items of size bytes each: 0, or -1 out of memory (*p
 * unchanged). */
static int room(void **p, size_t size, size_t n)
{
    void *q = realloc(*p, n * size);
    if (!q)
        return -1;
    *p = q;
    return 0;
}

/* Room for one more puzzle, step or actions, growing every array of that
 * level together.  0 or -1. */
static int grow_puzzles(sf_trace_t *t)
{
    size_t n = t->cap_[0];
    if (t->puzzles + 2 <= n && t->step_start)
        return 0;
    n = n ? 2 * n : 64;
    if (room((void **)&t->step_start, sizeof *t->step_start, n))
        return -1;
    t->cap_[0] = n;
    return 0;
}

static int grow_steps(sf_trace_t *t)
{
    size_t n = t->cap_[1];
    if (t->steps + 2 <= n && t->action_start)
        return 0;
    n = n ? 2 * n : 256;
    if (room((void **)&t->technique, 1, n) ||
        room((void **)&t->variant, 1, n) ||
        room((void **)&t->tenths, sizeof *t->tenths, n) ||
        room((void **)&t->action_start, sizeof *t->action_start, n) ||
        (t->with_candidates &&
         room((void **)&t->candidates, 81 * sizeof *t->candidates, n)))
        return -1;
    t->cap_[1] = n;
    return 0;
}

static int grow_actions(sf_trace_t *t, size_t more)
{
    size_t n = t->cap_[2];
    if (t->actions + more + 1 <= n && t->kind)
        return 0;
    n = n ? 2 * n : 1024;
    while (n < t->actions + more + 1)
        n *= 2;
    if (room((void **)&t->kind, 1, n) || room((void **)&t->cell, 1, n) ||
        room((void **)&t->digit, 1, n))
        return -1;
    t->cap_[2] = n;
    return 0;
}

typedef struct collect {
    sf_trace_t *t;
    int nomem;
} collect_t;

/* se_trace's step: the hint as a step and its actions. */
static void add_step(void *ctx, const se_grid_t *g, const se_hint_t *h)
{
    collect_t *c = ctx;
    sf_trace_t *t = c->t;
    size_t more = h->cell >= 0;
    for (int i = 0; h->nelim && i < 81; i++)
        more += (size_t)__builtin_popcount(h->elim[i]) * (i != h->cell);
    if (c->nomem || grow_steps(t) || grow_actions(t, more)) {
        c->nomem = 1;
        return;
    }
    const size_t s = t->steps++;
    t->technique[s] = (int8_t)h->tech;
    t->variant[s] = (uint8_t)h->variant;
    t->tenths[s] = (int16_t)h->diff;
    t->action_start[s] = t->actions;
    for (int i = 0; t->with_candidates && i < 81; i++) /* a digit: its one */
        t->candidates[81 * s + i] =
            g->val[i] ? (uint16_t)(1u << (g->val[i] - 1)) : g->cand[i];
    size_t a = t->actions;
    if (h->cell >= 0) {
        t->kind[a] = 0;
        t->cell[a] = (uint8_t)h->cell;
        t->digit[a++] = (uint8_t)(h->digit + 1);
    }
    for (int i = 0; h->nelim && i < 81; i++) /* a placement removes its
                                                * cell's other candidates */
        for (unsigned m = i == h->cell ? 0 : h->elim[i]; m; m &= m - 1) {
            t->kind[a] = 1;
            t->cell[a] = (uint8_t)i;
            t->digit[a++] = (uint8_t)(__builtin_ctz(m) + 1);
        }
    t->actions = a;
    t->action_start[t->steps] = a;
}

int sf_se_explain(const uint8_t *cells, double budget, sf_trace_t *t,
                  sf_se_result_t *out)
{
    if (!cells || !t || !out || !timer_budget_ok(budget) ||
        grow_puzzles(t) || grow_steps(t) || grow_actions(t, 0))
        return -1;
    const size_t steps = t->steps, actions = t->actions;
    t->step_start[t->puzzles] = steps;
    t->action_start[steps] = actions;
    collect_t c = {t, 0};
    const se_tracer_t tr = {add_step, &c};
    if (se_trace(cells, SF_SE_CLASSIC, budget, &tr, out) != 0 || c.nomem) {
        t->steps = steps; /* as it was */
        t->actions = actions;
        return -1;
    }
    t->step_start[++t->puzzles] = t->steps;
    return 0;
}

int sf_trace_skip(sf_trace_t *t)
{
    if (!t || grow_puzzles(t) || grow_steps(t) || grow_actions(t, 0))
        return -1;
    t->step_start[t->puzzles] = t->steps;
    t->step_start[++t->puzzles] = t->steps;
    t->action_start[t->steps] = t->actions;
    return 0;
}

int sf_trace_append(sf_trace_t *t, const sf_trace_t *src, size_t i)
{
    if (!t || !src || i >= src->puzzles ||
        (t->with_candidates && !src->with_candidates) || sf_trace_skip(t))
        return -1;
    t->puzzles--; /* the puzzle sf_trace_skip began, given its steps */
    for (size_t s = src->step_start[i]; s < src->step_start[i + 1]; s++) {
        const size_t a0 = src->action_start[s], a1 = src->action_start[s + 1];
        if (grow_steps(t) || grow_actions(t, a1 - a0)) { /* as it was */
            t->steps = t->step_start[t->puzzles];
            t->actions = t->action_start[t->steps];
            return -1;
        }
        const size_t d = t->steps++;
        t->technique[d] = src->technique[s];
        t->variant[d] = src->variant[s];
        t->tenths[d] = src->tenths[s];
        t->action_start[d] = t->actions;
        if (t->with_candidates)
            memcpy(t->candidates + 81 * d, src->candidates + 81 * s,
                   81 * sizeof *t->candidates);
        memcpy(t->kind + t->actions, src->kind + a0, a1 - a0);
        memcpy(t->cell + t->actions, src->cell + a0, a1 - a0);
        memcpy(t->digit + t->actions, src->digit + a0, a1 - a0);
        t->actions += a1 - a0;
        t->action_start[t->steps] = t->actions;
    }
    t->step_start[++t->puzzles] = t->steps;
    return 0;
}
