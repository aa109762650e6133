/*
 * test_tables.c -- the grid geometry tables: every relation is checked
 * against the definition of rows, columns and boxes computed here from
 * coordinates, and against itself (symmetry, sizes, set forms).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>

#include "core/tables.h"

/* The definition, independent of the tables: do cells a and b share a
 * row, a column or a 3x3 box? */
static int related(unsigned a, unsigned b)
{
    const unsigned ra = a / 9, ca = a % 9, rb = b / 9, cb = b % 9;
    return ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3);
}

static void test_coordinates(void **state)
{
    (void)state;
    const grid_tables_t *t = tables_get();
    for (unsigned i = 0; i < 81; i++) {
        assert_int_equal(t->row[i] * 9 + t->col[i], i);
        assert_true(t->box[i] < 9);
        /* Box b spans rows 3*(b/3) .. +2 and columns 3*(b%3) .. +2. */
        assert_int_equal(t->box[i] / 3, t->row[i] / 3);
        assert_int_equal(t->box[i] % 3, t->col[i] / 3);
    }
    /* Corners and centre, by hand. */
    assert_int_equal(t->box[0], 0);
    assert_int_equal(t->box[8], 2);
    assert_int_equal(t->box[40], 4);
    assert_int_equal(t->box[72], 6);
    assert_int_equal(t->box[80], 8);
}

static void test_units_of_nine(void **state)
{
    (void)state;
    const grid_tables_t *t = tables_get();
    for (unsigned u = 0; u < TAB_UNITS; u++) {
        assert_int_equal(cellset_count(t->unit_set[u]), 9);
        for (unsigned k = 0; k < 9; k++) {
            const unsigned c = t->unit_cells[u][k];
            assert_true(c < 81);
            assert_true(cellset_has(t->unit_set[u], c));
            if (k > 0) /* ascending, hence distinct */
                assert_true(t->unit_cells[u][k - 1] < c);
            for (unsigned j = 0; j < 9; j++) /* all pairwise related */
                assert_true(related(c, t->unit_cells[u][j]));
        }
    }
}

static void test_unit_membership(void **state)
{
    (void)state;
    const grid_tables_t *t = tables_get();
    for (unsigned i = 0; i < 81; i++) {
        assert_int_equal(t->units[i][0], TAB_ROW_UNIT(t->row[i]));
        assert_int_equal(t->units[i][1], TAB_COL_UNIT(t->col[i]));
        assert_int_equal(t->units[i][2], TAB_BOX_UNIT(t->box[i]));
        unsigned member = 0;
        for (unsigned u = 0; u < TAB_UNITS; u++)
            if (cellset_has(t->unit_set[u], i)) {
                member++;
                assert_true(u == t->units[i][0] || u == t->units[i][1] ||
                            u == t->units[i][2]);
            }
        assert_int_equal(member, 3);
    }
}

static void test_peers(void **state)
{
    (void)state;
    const grid_tables_t *t = tables_get();
    for (unsigned i = 0; i < 81; i++) {
        assert_int_equal(cellset_count(t->peer_set[i]), TAB_PEERS);
        assert_false(cellset_has(t->peer_set[i], i));
        for (unsigned k = 0; k < TAB_PEERS; k++) {
            const unsigned p = t->peers[i][k];
            assert_true(p < 81);
            assert_int_not_equal(p, i);
            if (k > 0)
                assert_true(t->peers[i][k - 1] < p);
            assert_true(cellset_has(t->peer_set[i], p));
        }
        for (unsigned j = 0; j < 81; j++) {
            /* exactly the related cells, and symmetric */
            assert_int_equal(cellset_has(t->peer_set[i], j),
                             j != i && related(i, j));
            assert_int_equal(cellset_has(t->peer_set[i], j),
                             cellset_has(t->peer_set[j], i));
        }
    }
}

static void test_peers_are_union_of_units(void **state)
{
    (void)state;
    const grid_tables_t *t = tables_get();
    for (unsigned i = 0; i < 81; i++) {
        cellset_t all = {0, 0};
        for (unsigned k = 0; k < 3; k++) {
            all.lo |= t->unit_set[t->units[i][k]].lo;
            all.hi |= t->unit_set[t->units[i][k]].hi;
        }
        if (i < 64)
            all.lo &= ~((uint64_t)1 << i);
        else
            all.hi &= ~((uint64_t)1 << (i - 64));
        assert_true(all.lo == t->peer_set[i].lo);
        assert_true(all.hi == t->peer_set[i].hi);
        assert_int_equal(t->peer_set[i].hi >> 17, 0); /* no bit past 80 */
    }
}

static void *get_from_thread(void *arg)
{
    (void)arg;
    return (void *)tables_get();
}

/* box_pos, unit_bits and box_part agree with unit_cells: a cell's index
 * in its box, its three units, and which places of its row and column are
 * in its box. */
static void test_cell_indexes(void **state)
{
    (void)state;
    const grid_tables_t *t = tables_get();
    for (unsigned i = 0; i < 81; i++) {
        const unsigned box = TAB_BOX_UNIT(t->box[i]);
        assert_int_equal(t->unit_cells[box][t->box_pos[i]], i);
        assert_int_equal(t->unit_bits[i],
                         1u << t->row[i] | 1u << TAB_COL_UNIT(t->col[i]) |
                             1u << box);
        for (unsigned k = 0; k < 2; k++) {
            const unsigned line = k ? TAB_COL_UNIT(t->col[i])
                                    : TAB_ROW_UNIT(t->row[i]);
            unsigned in_box = 0;
            for (unsigned j = 0; j < 9; j++)
                if (t->box[t->unit_cells[line][j]] == t->box[i])
                    in_box |= 1u << j;
            assert_int_equal(t->box_part[i][k], in_box);
        }
    }
}

/* house[] holds the peers in Sudoku Explainer's order: the 8 other cells
 * of the box row by row, then the 6 of the row outside the box left to
 * right, then the 6 of the column outside the box top down. */
static int house_part(int k) { return k < 8 ? 0 : k < 14 ? 1 : 2; }

static void test_house_order(void **state)
{
    (void)state;
    const grid_tables_t *t = tables_get();
    for (int i = 0; i < 81; i++) {
        const uint8_t *h = t->house[i];
        int kind_seen[3] = {0};
        for (int k = 0; k < TAB_PEERS; k++) {
            const int c = h[k];
            assert_true(cellset_has(t->peer_set[i], (unsigned)c));
            for (int j = 0; j < k; j++)
                assert_int_not_equal(h[j], c);
            const int kind = house_part(k);
            if (kind == 0)
                assert_int_equal(t->box[c], t->box[i]);
            else if (kind == 1)
                assert_true(t->row[c] == t->row[i] && t->box[c] != t->box[i]);
            else
                assert_true(t->col[c] == t->col[i] && t->box[c] != t->box[i]);
            if (k > 0 && house_part(k - 1) == kind)
                assert_true(h[k - 1] < c);
            kind_seen[kind]++;
        }
        assert_int_equal(kind_seen[0], 8);
        assert_int_equal(kind_seen[1], 6);
        assert_int_equal(kind_seen[2], 6);
    }
}

static void test_shared_between_threads(void **state)
{
    (void)state;
    pthread_t th[4];
    void *got[4];
    for (int k = 0; k < 4; k++)
        assert_int_equal(pthread_create(&th[k], NULL, get_from_thread, NULL),
                         0);
    for (int k = 0; k < 4; k++) {
        assert_int_equal(pthread_join(th[k], &got[k]), 0);
        assert_ptr_equal(got[k], tables_get());
    }
    assert_int_equal(tables_get()->peers[80][TAB_PEERS - 1], 79);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shared_between_threads),
        cmocka_unit_test(test_coordinates),
        cmocka_unit_test(test_units_of_nine),
        cmocka_unit_test(test_unit_membership),
        cmocka_unit_test(test_peers),
        cmocka_unit_test(test_peers_are_union_of_units),
        cmocka_unit_test(test_house_order),
        cmocka_unit_test(test_cell_indexes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
