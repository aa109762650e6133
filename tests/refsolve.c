/*
 * refsolve.c -- naive reference backtracker (see refsolve.h).
 *
 * The search keeps three "used" tables, one flag per (row, digit),
 * (column, digit) and (box, digit).  search() takes the next empty cell in
 * row-major order (or, for pencilmark counts on request, the empty cell
 * with the fewest digits allowed: the order changes which solution comes
 * first, never how many there are) and tries the digits 1..9 in turn; a
 * complete grid is counted and, if it is the first, copied out.  Nothing else: the point of
 * this file is to be easy to check by reading.
 */
#include "refsolve.h"

#include <string.h>

typedef struct ref_search {
    uint8_t grid[81];        /* current grid, 0 = empty */
    uint8_t row[9][10];      /* row[r][d] = 1 when digit d is in row r */
    uint8_t col[9][10];      /* the same for columns */
    uint8_t box[9][10];      /* the same for boxes */
    uint8_t empty[81];       /* indices of the empty cells, row-major */
    uint16_t allow[81];      /* digits a cell may take: bit d - 1 for d */
    int fewest_first;        /* fill the empty cell with the fewest digits
                              * allowed next, not the next in row order */
    int n_empty;
    uint64_t limit;          /* 0 = no limit */
    uint64_t budget;         /* 0 = no budget */
    uint64_t nodes;          /* placements tried */
    uint64_t count;          /* solutions found */
    int aborted;             /* 1 when the budget ran out */
    uint8_t *first;          /* may be NULL */
} ref_search_t;

static int box_of(int cell)
{
    return (cell / 27) * 3 + (cell % 9) / 3;
}

static void set_digit(ref_search_t *s, int cell, int d, uint8_t on)
{
    s->grid[cell] = on ? (uint8_t)d : 0;
    s->row[cell / 9][d] = on;
    s->col[cell % 9][d] = on;
    s->box[box_of(cell)][d] = on;
}

static int digit_allowed(const ref_search_t *s, int cell, int d)
{
    return (s->allow[cell] >> (d - 1) & 1) && !s->row[cell / 9][d] &&
           !s->col[cell % 9][d] && !s->box[box_of(cell)][d];
}

/* Fill the used tables from the givens; 0 when two givens clash. */
static int load_givens(ref_search_t *s, const uint8_t cells[81])
{
    memset(s, 0, sizeof *s);
    for (int i = 0; i < 81; i++) {
        const int d = cells[i];
        s->allow[i] = 0x1ff;
        if (d > 9)
            return 0;
        if (d == 0) {
            s->empty[s->n_empty++] = (uint8_t)i;
            continue;
        }
        if (!digit_allowed(s, i, d))
            return 0;
        set_digit(s, i, d, 1);
    }
    return 1;
}

/* The empty cell with the fewest digits allowed (the first of them in
 * row order); k cells are filled, so there is one. */
static int fewest_cell(const ref_search_t *s)
{
    int best = -1, fewest = 10;
    for (int cell = 0; cell < 81; cell++) {
        if (s->grid[cell])
            continue;
        int n = 0;
        for (int d = 1; d <= 9; d++)
            n += digit_allowed(s, cell, d);
        if (n < fewest) {
            fewest = n;
            best = cell;
        }
    }
    return best;
}

/* 1 when the search must stop (limit reached or budget spent). */
static int search(ref_search_t *s, int k)
{
    if (k == s->n_empty) {
        if (s->count == 0 && s->first)
            memcpy(s->first, s->grid, 81);
        s->count++;
        return s->limit && s->count >= s->limit;
    }
    const int cell = s->fewest_first ? fewest_cell(s) : s->empty[k];
    for (int d = 1; d <= 9; d++) {
        if (!digit_allowed(s, cell, d))
            continue;
        if (s->budget && s->nodes >= s->budget) {
            s->aborted = 1;
            return 1;
        }
        s->nodes++;
        set_digit(s, cell, d, 1);
        const int stop = search(s, k + 1);
        set_digit(s, cell, d, 0);
        if (stop)
            return 1;
    }
    return 0;
}

/* Every cell empty, each limited to its mask; 0 for a bad mask. */
static int load_cands(ref_search_t *s, const uint16_t cands[81],
                      int fewest_first)
{
    memset(s, 0, sizeof *s);
    s->fewest_first = fewest_first;
    for (int i = 0; i < 81; i++) {
        if (cands[i] > 0x1ff)
            return 0;
        s->allow[i] = cands[i];
        s->empty[s->n_empty++] = (uint8_t)i;
    }
    return 1;
}

/* Search from a loaded s; as ref_count_bounded. */
static int run_search(ref_search_t *s, uint64_t limit, uint64_t node_budget,
                      uint8_t first[81], uint64_t *count, uint64_t *nodes)
{
    s->limit = limit;
    s->budget = node_budget;
    s->first = first;
    search(s, 0);
    *count = s->count;
    if (nodes)
        *nodes = s->nodes;
    return s->aborted ? -1 : 0;
}

int ref_count_cands_bounded(const uint16_t cands[81], int fewest_first,
                            uint64_t limit, uint64_t node_budget,
                            uint8_t first[81], uint64_t *count,
                            uint64_t *nodes)
{
    ref_search_t s;
    *count = 0;
    if (nodes)
        *nodes = 0;
    if (!load_cands(&s, cands, fewest_first))
        return 0;
    return run_search(&s, limit, node_budget, first, count, nodes);
}

int ref_valid_cands_solution(const uint16_t cands[81], const uint8_t sol[81])
{
    for (int i = 0; i < 81; i++)
        if (sol[i] < 1 || sol[i] > 9 || !(cands[i] >> (sol[i] - 1) & 1))
            return 0;
    return ref_givens_consistent(sol);
}

int ref_count_bounded(const uint8_t cells[81], uint64_t limit,
                      uint64_t node_budget, uint8_t first[81],
                      uint64_t *count, uint64_t *nodes)
{
    ref_search_t s;
    *count = 0;
    if (nodes)
        *nodes = 0;
    if (!load_givens(&s, cells))
        return 0;
    return run_search(&s, limit, node_budget, first, count, nodes);
}

uint64_t ref_count(const uint8_t cells[81], uint64_t limit, uint8_t first[81])
{
    uint64_t count;
    ref_count_bounded(cells, limit, 0, first, &count, NULL);
    return count;
}

int ref_givens_consistent(const uint8_t cells[81])
{
    ref_search_t s;
    return load_givens(&s, cells);
}

int ref_valid_solution(const uint8_t puzzle[81], const uint8_t sol[81])
{
    for (int i = 0; i < 81; i++) {
        if (sol[i] < 1 || sol[i] > 9)
            return 0;
        if (puzzle[i] != 0 && puzzle[i] != sol[i])
            return 0;
    }
    /* A complete grid with no clash holds each digit once per unit. */
    return ref_givens_consistent(sol);
}
