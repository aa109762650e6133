/*
 * tables.c -- builds the grid geometry of tables.h once.
 *
 * Everything follows from three formulas: cell i lies in row i / 9, column
 * i % 9 and box (row / 3) * 3 + column / 3.  Units list their cells by
 * scanning the grid in order, and peers are the cells that share any unit,
 * so every list comes out ascending.  The one instance is filled under
 * pthread_once and read-only afterwards.
 */
#include <pthread.h>
#include <string.h>

#include "tables.h"

static grid_tables_t tables;
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static int share_unit(const grid_tables_t *t, unsigned a, unsigned b)
{
    return t->row[a] == t->row[b] || t->col[a] == t->col[b] ||
           t->box[a] == t->box[b];
}

static void build_units(grid_tables_t *t)
{
    uint8_t filled[TAB_UNITS] = {0};
    for (unsigned i = 0; i < 81; i++) {
        t->row[i] = (uint8_t)(i / 9);
        t->col[i] = (uint8_t)(i % 9);
        t->box[i] = (uint8_t)(i / 27 * 3 + i % 9 / 3);
        t->units[i][0] = (uint8_t)TAB_ROW_UNIT(t->row[i]);
        t->units[i][1] = (uint8_t)TAB_COL_UNIT(t->col[i]);
        t->units[i][2] = (uint8_t)TAB_BOX_UNIT(t->box[i]);
        t->box_pos[i] = (uint8_t)(i / 9 % 3 * 3 + i % 3);
        t->unit_bits[i] = 1u << t->units[i][0] | 1u << t->units[i][1] |
                          1u << t->units[i][2];
        t->box_part[i][0] = (uint16_t)(7u << (i % 9 / 3 * 3));
        t->box_part[i][1] = (uint16_t)(7u << (i / 27 * 3));
        for (unsigned k = 0; k < 3; k++) {
            const unsigned u = t->units[i][k];
            t->unit_cells[u][filled[u]++] = (uint8_t)i;
            cellset_add(&t->unit_set[u], i);
        }
    }
}

static void build_peers(grid_tables_t *t)
{
    for (unsigned i = 0; i < 81; i++) {
        unsigned n = 0;
        for (unsigned j = 0; j < 81; j++)
            if (j != i && share_unit(t, i, j)) {
                t->peers[i][n++] = (uint8_t)j;
                cellset_add(&t->peer_set[i], j);
            }
    }
}

static void build_houses(grid_tables_t *t)
{
    for (unsigned i = 0; i < 81; i++) {
        const unsigned units[3] = {t->units[i][2], t->units[i][0],
                                   t->units[i][1]};
        cellset_t seen = {0, 0};
        unsigned n = 0;
        for (unsigned k = 0; k < 3; k++)
            for (unsigned j = 0; j < 9; j++) {
                const unsigned c = t->unit_cells[units[k]][j];
                if (c == i || cellset_has(seen, c))
                    continue;
                cellset_add(&seen, c);
                t->house[i][n++] = (uint8_t)c;
            }
    }
}

static void build(void)
{
    build_units(&tables);
    build_peers(&tables);
    build_houses(&tables);
}

const grid_tables_t *tables_get(void)
{
    pthread_once(&tables_once, build);
    return &tables;
}

int tables_units_used(const grid_tables_t *t, const uint8_t *cells,
                      unsigned used[27])
{
    memset(used, 0, 27 * sizeof *used);
    for (int c = 0; c < 81; c++) {
        if (cells[c] > 9)
            return -1;
        if (!cells[c])
            continue;
        const unsigned bit = 1u << (cells[c] - 1);
        for (int k = 0; k < 3; k++) {
            if (used[t->units[c][k]] & bit)
                return -1;
            used[t->units[c][k]] |= bit;
        }
    }
    return 0;
}
