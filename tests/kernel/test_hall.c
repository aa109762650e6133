/*
 * test_hall.c -- hall_filter (src/kernel/hall.c) against the definition.
 *
 * A value stays in a cell exactly when some assignment of distinct values
 * to every cell of the unit, each from its own candidates, gives it that
 * value; when there is no such assignment the unit has no solution.  Here
 * every assignment is enumerated (all permutations of the values) for
 * random units of 2 to 7 cells, and the values each cell keeps are
 * compared; hand-made units check a naked pair, a unit with one
 * assignment and a unit without any.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "kernel/hall.h"

/* Every permutation of 0..n-1 that fits the masks: its values ORed into
 * keep.  The count of them. */
static int assign(int n, const uint32_t *mask, int at, uint32_t used,
                  int *value, uint32_t *keep)
{
    if (at == n) {
        for (int i = 0; i < n; i++)
            keep[i] |= 1u << value[i];
        return 1;
    }
    int count = 0;
    for (int v = 0; v < n; v++)
        if ((mask[at] >> v & 1) && !(used >> v & 1)) {
            value[at] = v;
            count += assign(n, mask, at + 1, used | 1u << v, value, keep);
        }
    return count;
}

static uint64_t rng = 12345;

static uint32_t rnd(void)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng >> 33);
}

static void test_random_units(void **state)
{
    (void)state;
    int checked = 0, impossible = 0;
    for (int round = 0; round < 20000; round++) {
        const int n = 2 + (int)(rnd() % 6);
        uint32_t mask[8], want[8] = {0}, keep[8];
        int value[8];
        for (int i = 0; i < n; i++) {
            mask[i] = rnd() & ((1u << n) - 1);
            if (rnd() % 3 == 0) /* some cells nearly fixed */
                mask[i] &= rnd() & rnd();
        }
        const int ways = assign(n, mask, 0, 0, value, want);
        const int ok = hall_filter(n, mask, keep);
        assert_int_equal(ok, ways > 0);
        impossible += ways == 0;
        if (!ok)
            continue;
        for (int i = 0; i < n; i++)
            assert_int_equal(keep[i], want[i]);
        checked++;
    }
    /* both kinds were met many times */
    assert_true(checked > 1000 && impossible > 1000);
}

static void test_hand_made(void **state)
{
    (void)state;
    uint32_t keep[4];
    /* cells 0 and 1 hold {1, 2} between them: the others lose them */
    const uint32_t naked[4] = {0x3, 0x3, 0xf, 0xf};
    assert_int_equal(hall_filter(4, naked, keep), 1);
    assert_int_equal(keep[2], 0xc);
    assert_int_equal(keep[3], 0xc);
    /* a staircase has one assignment: 1, 2, 3, 4 */
    const uint32_t stairs[4] = {0x1, 0x3, 0x7, 0xf};
    assert_int_equal(hall_filter(4, stairs, keep), 1);
    for (int i = 0; i < 4; i++)
        assert_int_equal(keep[i], 1u << i);
    /* three cells share two values: no assignment */
    const uint32_t none[4] = {0x3, 0x3, 0x3, 0xf};
    assert_int_equal(hall_filter(4, none, keep), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_units),
        cmocka_unit_test(test_hand_made),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
