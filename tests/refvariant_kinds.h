/*
 * refvariant_kinds.h -- the reference's rule kinds (refvariant.h) as the
 * library's (sf_rule_kind_t), for the tests and fuzz targets that give
 * the same rules to both.  The reference itself knows nothing of the
 * library.
 */
#ifndef REFVARIANT_KINDS_H
#define REFVARIANT_KINDS_H

#include "refvariant.h"
#include "sudoflow.h"

static const int REFV_TO_SF[] = {
    [REFV_CAGE] = SF_RULE_CAGE,   [REFV_THERMO] = SF_RULE_THERMO,
    [REFV_SLOW_THERMO] = SF_RULE_SLOW_THERMO, [REFV_ARROW] = SF_RULE_ARROW,
    [REFV_DIFF] = SF_RULE_DIFF,   [REFV_RATIO] = SF_RULE_RATIO,
    [REFV_SUM] = SF_RULE_SUM,     [REFV_LESS] = SF_RULE_LESS,
    [REFV_ODD] = SF_RULE_ODD,     [REFV_EVEN] = SF_RULE_EVEN,
    [REFV_MIN] = SF_RULE_MIN,     [REFV_MAX] = SF_RULE_MAX,
    [REFV_EQUAL] = SF_RULE_EQUAL, [REFV_PALINDROME] = SF_RULE_PALINDROME,
    [REFV_WHISPER] = SF_RULE_WHISPER, [REFV_RENBAN] = SF_RULE_RENBAN,
    [REFV_BETWEEN] = SF_RULE_BETWEEN, [REFV_REGION_SUM] = SF_RULE_REGION_SUM,
    [REFV_ENTROPIC] = SF_RULE_ENTROPIC,
    [REFV_LITTLE_KILLER] = SF_RULE_LITTLE_KILLER,
    [REFV_QUADRUPLE] = SF_RULE_QUADRUPLE,
};

/* The library's kind k as the reference's; -1 when it has none. */
static inline int refv_kind_of(int k)
{
    for (int i = 0; i < (int)(sizeof REFV_TO_SF / sizeof *REFV_TO_SF); i++)
        if (REFV_TO_SF[i] == k)
            return i;
    return -1;
}

#endif
