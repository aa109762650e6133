/*
 * rules.h -- a puzzle's variant constraints as data (internal).
 *
 * Two views of the same constraints.  The rules as added (rule_t: a kind,
 * a value, cells) are what a puzzle says and what the grid check and the
 * writers read.  Sealing compiles them into propagators (prop_t), the
 * few shapes the kernel prunes with:
 *
 *   PROP_PAIR    two cells and a table: for each value of the first, the
 *                values the second may take, and the same the other way
 *                (dots, XV, less-than, the negative constraints, minimum
 *                and maximum cells);
 *   PROP_CAGE    cells that hold no value twice and, with a sum, the value
 *                sets of that size and sum (the cage's combinations);
 *   PROP_THERMO  values increasing along the cells (never decreasing when
 *                slow);
 *   PROP_ARROW   the circle's number equal to the arrow's sum (without
 *                a circle, split 0: the cells sum to value, a little
 *                killer);
 *   PROP_RENBAN  distinct values, a run of consecutive ones;
 *   PROP_BETWEEN the middle of a line strictly between its ends;
 *   PROP_REGION_SUM  the runs of a line in one region, with equal sums
 *                (aux: each run's first place on the line, then the
 *                line's length);
 *   PROP_QUAD    values that must appear among a few cells (value packs
 *                them, 5 bits each).
 *
 * Odd and even cells become the values each cell may take at all
 * (cell_mask).  Sealed rules are only read, by any number of threads.
 */
#ifndef SF_RULES_H
#define SF_RULES_H

#include <stdint.h>

#include "sudoflow.h"

enum {
    PROP_PAIR, PROP_CAGE, PROP_THERMO, PROP_ARROW, PROP_RENBAN,
    PROP_BETWEEN, PROP_REGION_SUM, PROP_QUAD, PROP_KINDS
};

typedef struct rule {
    uint8_t kind;       /* sf_rule_kind_t */
    uint16_t ncells;
    uint16_t split;     /* arrow: the circle's cells, first */
    int32_t value;
    uint32_t cell_off;  /* its cells: rules->rcells + cell_off */
} rule_t;

typedef struct prop {
    uint8_t kind;       /* PROP_* */
    uint8_t slow;       /* thermo: never decreasing */
    uint16_t ncells;
    uint16_t split;     /* arrow: the circle's cells, first */
    int32_t value;      /* cage: the sum, 0 for none; arrow without a
                         * circle: the total; quadruple: its values */
    uint32_t cell_off;  /* its cells: rules->pcells + cell_off */
    uint32_t aux_off;   /* pair: 2 * n masks at rules->aux + aux_off, the
                         * second cell's values for each value of the
                         * first (index value - 1), then the first's for
                         * the second's; cage: its combinations */
    uint32_t naux;      /* cage: combinations (value sets), 0 without a
                         * sum; region-sum line: its runs, plus one */
} prop_t;

struct sf_rules {
    const sf_geometry_t *g;
    int n, ncells;
    rule_t *rule;       /* as added */
    int nrules;
    uint32_t rule_cap;
    uint16_t *rcells;
    uint32_t nrcells, rcells_cap;
    int sealed;
    unsigned neg;       /* SF_NEG_* */
    int impossible;     /* a rule no grid keeps (a cage of more than N
                         * cells, a sum no value set makes) */
    uint32_t cell_mask[SF_MAX_CELLS]; /* values each cell may take */
    prop_t *prop;
    int nprop;
    uint32_t prop_cap;
    uint16_t *pcells;
    uint32_t npcells, pcells_cap;
    uint32_t *aux;
    uint32_t naux, aux_cap;
    uint32_t *cprop_off; /* ncells + 1: the propagators on each cell */
    uint32_t *cprop;
};

/* A propagator's cells. */
static inline const uint16_t *prop_cells(const sf_rules_t *r,
                                         const prop_t *p)
{
    return r->pcells + p->cell_off;
}

#endif
