/*
 * test_var_generator.c -- variant puzzles made by sf_vgen_puzzle, checked
 * by the reference (tests/refvariant.c).
 *
 * For every kind, on 4x4 and 6x6 (whose every puzzle the reference's
 * row-major search counts) and on 9x9 (its fewest-first search, within a
 * budget of placements, which kropki and xv puzzles finish and sparse
 * killer puzzles do not; the counts are printed; skipped under a
 * sanitizer, where it takes minutes): the solution must keep the rules and
 * the givens, the reference must find exactly one solution, and the
 * same (kind, seed, index) must give the same puzzle again.  The JSON
 * written for a puzzle must read back (sf_variant_read) to the same
 * givens and a puzzle with the same one solution.
 */
#include "testutil.h"

#include "core/rules.h"
#include "refvariant_kinds.h"
#include "sanitized.h"

/* r as the reference's rules (rules must hold r->nrules). */
static refv_t as_ref(const sf_rules_t *r, int br, int bc, refv_rule_t *rules)
{
    for (int i = 0; i < r->nrules; i++) {
        const rule_t *u = &r->rule[i];
        refv_rule_t *v = &rules[i];
        memset(v, 0, sizeof *v);
        v->kind = refv_kind_of(u->kind);
        v->value = u->value;
        v->split = u->split;
        v->ncells = u->ncells;
        assert_true(u->ncells <= REFV_RULE_CELLS);
        for (int k = 0; k < u->ncells; k++)
            v->cells[k] = r->rcells[u->cell_off + k];
    }
    const unsigned neg = (r->neg & SF_NEG_DIFF ? REFV_NEG_DIFF : 0) |
                         (r->neg & SF_NEG_RATIO ? REFV_NEG_RATIO : 0) |
                         (r->neg & SF_NEG_XV ? REFV_NEG_XV : 0);
    return (refv_t){r->n, br, bc, neg, r->nrules, rules};
}

/* The JSON of a puzzle reads back to the same puzzle. */
static void round_trip(const sf_rules_t *r, const uint8_t *puzzle,
                       const uint8_t *solution, sf_solver_t *solver)
{
    size_t len;
    char *json = sf_fpuzzles_json(r, puzzle, solution, &len);
    assert_non_null(json);
    sf_error_t err = {0};
    sf_variant_t *v = sf_variant_read(json, len, &err);
    if (!v)
        fail_msg("%s: %s", err.message, json);
    assert_int_equal(sf_rules_count(v->rules), r->nrules);
    assert_memory_equal(v->cells, puzzle, (size_t)r->ncells);
    uint8_t sol[SF_MAX_CELLS];
    sf_result_t res;
    assert_int_equal(sf_solve_rules(solver, v->rules, v->cells, 2, 0, sol,
                                    &res), SF_UNIQUE);
    assert_memory_equal(sol, solution, (size_t)r->ncells);
    sf_variant_free(v);
    free(json);
}

static void check_kind(const char *size, int br, int bc, int kind, int count,
                       int need)
{
    sf_geometry_t *g = geometry_or_fail(size, NULL, NULL);
    sf_vgen_t *gen = sf_vgen_new(g);
    sf_solver_t *solver = sf_solver_new(NULL);
    const int nc = sf_geometry_cells(g);
    int checked = 0;
    for (int i = 0; i < count; i++) {
        uint8_t puzzle[SF_MAX_CELLS], solution[SF_MAX_CELLS];
        uint8_t again[SF_MAX_CELLS], sol2[SF_MAX_CELLS];
        sf_rules_t *r = sf_vgen_puzzle(gen, kind, 7, (uint64_t)i, puzzle,
                                       solution);
        assert_non_null(r);
        refv_rule_t rules[600];
        assert_true(r->nrules <= 600);
        const refv_t p = as_ref(r, br, bc, rules);
        assert_true(refv_holds(&p, solution));
        for (int c = 0; c < nc; c++)
            assert_true(!puzzle[c] || puzzle[c] == solution[c]);
        int exhausted;
        const uint64_t n = nc > 36
                               ? refv_count_fewest(&p, puzzle, 2, 100000,
                                                   NULL, &exhausted)
                               : refv_count(&p, puzzle, 2, 3000000, NULL,
                                            &exhausted);
        if (!exhausted) {
            assert_int_equal(n, 1);
            checked++;
        }
        sf_rules_t *r2 = sf_vgen_puzzle(gen, kind, 7, (uint64_t)i, again,
                                        sol2);
        assert_memory_equal(again, puzzle, (size_t)nc);
        assert_int_equal(sf_rules_count(r2), sf_rules_count(r));
        round_trip(r, puzzle, solution, solver);
        sf_rules_free(r2);
        sf_rules_free(r);
    }
    print_message("%s %s: %d of %d puzzles counted by the reference\n",
                  size, sf_vgen_kind_name(kind), checked, count);
    assert_true(checked >= need);
    sf_solver_free(solver);
    sf_vgen_free(gen);
    sf_geometry_free(g);
}

static void test_small(void **state)
{
    (void)state;
    for (int kind = 0; kind < SF_VGEN_KINDS; kind++) {
        check_kind("4x4:2x2", 2, 2, kind, 12, 12);
        check_kind("6x6:2x3", 2, 3, kind, 8, 8);
    }
}

static void test_nine(void **state)
{
    (void)state;
    if (SANITIZED) { /* the budgets' searches: minutes under a sanitizer */
        print_message("9x9: skipped under a sanitizer\n");
        return;
    }
    /* kropki and xv carry most of their grid in their dots, and come
     * within the budget; the others mostly do not */
    for (int kind = 0; kind < SF_VGEN_KINDS; kind++)
        check_kind("9x9", 3, 3, kind, kind == SF_VGEN_KILLER ? 1 : 2,
                   kind == SF_VGEN_KROPKI || kind == SF_VGEN_XV ? 1 : 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small),
        cmocka_unit_test(test_nine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
