/*
 * test_card.c -- the difficulty card (src/datasets/card.c, sf_card).
 *
 * sf_card is one solve feeding the card's measures, so it is checked
 * against each measure's own function (each tested against a reference
 * of its own in test_singles.c, test_minimal.c, test_backdoor.c and
 * test_automorphism.c) and against the solver: on the sample, the easy
 * set, puzzles with several solutions and none, its status and guesses
 * are those of a count to two, its solution that count's, and every
 * measure asked for is the function's answer, every one not asked for
 * empty.  Then what holds by definition: singles solve a puzzle with
 * backdoor 0, whose closure is then its empty cells; an invalid value
 * gives status SF_INVALID and no measure; NULL arguments are refused.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "sudoflow.h"
#include "testutil.h"

/* sf_card(cells, measures) agrees with the functions it stands for. */
static void check(sf_solver_t *s, const uint8_t *cells, unsigned measures)
{
    sf_card_t c;
    uint8_t sol[81], want_sol[81];
    memset(sol, 0, sizeof sol);
    assert_int_equal(sf_card(s, cells, measures, sol, &c), 0);
    sf_result_t r;
    const sf_status_t st = sf_solve_cells(s, cells, 2, 0, want_sol, &r);
    assert_int_equal(c.status, st);
    assert_int_equal(c.guesses, r.guesses);
    const int solvable = st == SF_UNIQUE || st == SF_MULTIPLE;
    if (st == SF_UNIQUE)
        assert_memory_equal(sol, want_sol, 81);
    assert_int_equal(c.minimal, (measures & SF_CARD_MINIMAL) && st == SF_UNIQUE
                                    ? sf_is_minimal(s, cells, NULL)
                                    : -1);
    assert_int_equal(c.singles_closure, (measures & SF_CARD_CLOSURE) &&
                                                solvable
                                            ? sf_singles_closure(cells, NULL)
                                            : -1);
    assert_int_equal(c.backdoor,
                     (measures & SF_CARD_BACKDOOR) && st == SF_UNIQUE
                         ? sf_backdoor(cells, want_sol, SF_CARD_BACKDOOR_MAX,
                                       NULL)
                         : -1);
    assert_int_equal(c.automorphisms, measures & SF_CARD_AUTOMORPHISMS
                                          ? sf_automorphisms(cells)
                                          : 0);
    if (c.backdoor == 0) { /* singles alone solve it */
        unsigned empty = 0;
        for (int i = 0; i < 81; i++)
            empty += cells[i] == 0;
        assert_int_equal(sf_singles_closure(cells, NULL), (int)empty);
    }
}

static void on_file(const char *path, size_t most)
{
    size_t n;
    uint8_t *cells = load_puzzles(path, &n);
    sf_solver_t *s = sf_solver_new(NULL);
    assert_non_null(s);
    for (size_t i = 0; i < n && i < most; i++) {
        check(s, cells + 81 * i, SF_CARD_ALL);
        check(s, cells + 81 * i, (unsigned)(i % 16));
    }
    sf_solver_free(s);
    free(cells);
}

static void test_sets(void **state)
{
    (void)state;
    on_file("data/sample.txt.gz", 300);
    on_file("data/easy.txt.gz", 300);
    on_file("data/multi.txt.gz", 100);
    on_file("data/random.txt.gz", 100);
}

static void test_edges(void **state)
{
    (void)state;
    sf_solver_t *s = sf_solver_new(NULL);
    assert_non_null(s);
    uint8_t cells[81] = {0};
    sf_card_t c;
    check(s, cells, SF_CARD_ALL); /* the empty grid: many solutions */
    cells[0] = cells[1] = 5;      /* clashing givens: none */
    check(s, cells, SF_CARD_ALL);
    cells[1] = 10; /* not a puzzle */
    c.status = SF_UNIQUE;
    assert_int_equal(sf_card(s, cells, SF_CARD_ALL, NULL, &c), 0);
    assert_int_equal(c.status, SF_INVALID);
    assert_int_equal(c.minimal, -1);
    assert_int_equal(c.singles_closure, -1);
    assert_int_equal(c.backdoor, -1);
    assert_int_equal(c.automorphisms, 0);
    assert_int_equal(sf_card(NULL, cells, 0, NULL, &c), -1);
    assert_int_equal(sf_card(s, NULL, 0, NULL, &c), -1);
    assert_int_equal(sf_card(s, cells, 0, NULL, NULL), -1);
    sf_solver_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sets),
        cmocka_unit_test(test_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
