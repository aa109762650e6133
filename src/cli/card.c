/*
 * card.c -- the difficulty card's output fields and the SE rating's,
 * shared by `rate` and `generate`: which sf_card measures a field list
 * needs, and each field's text.  A field without a value (a puzzle without
 * one solution has no minimality or backdoor) is empty, as every other
 * field is; a backdoor larger than the search goes is written ">3" and an
 * SE rating cut short ">=X.Y".  In JSON Lines those two are numbers, the
 * bound and a FIELD_bound key beside them (sf_out_bound), so that a key
 * never holds a number in one record and a string in another.
 */
#include "cli.h"

#include <math.h>

_Static_assert(SF_CARD_BACKDOOR_MAX == 3, "the \">3\" text below");

static const unsigned measure_of[CLI_CARD_FIELDS] = {
    SF_CARD_MINIMAL, SF_CARD_CLOSURE, SF_CARD_BACKDOOR,
    SF_CARD_AUTOMORPHISMS, 0};

unsigned cli_card_measures(const cli_fields_t *fl, int first)
{
    unsigned m = 0;
    for (int i = 0; i < CLI_CARD_FIELDS; i++)
        if (cli_has_field(fl, first + i))
            m |= measure_of[i];
    return m;
}

int cli_card_wanted(const cli_fields_t *fl, int first)
{
    for (int i = 0; i < CLI_CARD_FIELDS; i++)
        if (cli_has_field(fl, first + i))
            return 1;
    return 0;
}

static void put_int(sf_out_t *out, int64_t v)
{
    if (v < 0)
        sf_out_text(out, "", 0);
    else
        sf_out_u64(out, (uint64_t)v);
}

void cli_put_card(sf_out_t *out, int which, const sf_card_t *c)
{
    switch (which) {
    case CLI_CARD_MINIMAL: put_int(out, c->minimal); return;
    case CLI_CARD_CLOSURE: put_int(out, c->singles_closure); return;
    case CLI_CARD_BACKDOOR: {
        const int over = c->backdoor > SF_CARD_BACKDOOR_MAX;
        char t[8];
        const int n = over ? snprintf(t, sizeof t, ">3")
                      : c->backdoor < 0 ? 0
                                        : snprintf(t, sizeof t, "%d",
                                                   c->backdoor);
        sf_out_bound(out, t, (size_t)n,
                     c->backdoor < 0 ? NAN
                                     : over ? SF_CARD_BACKDOOR_MAX + 1
                                            : c->backdoor,
                     0, over);
        return;
    }
    case CLI_CARD_AUTOMORPHISMS:
        put_int(out, c->automorphisms ? (int64_t)c->automorphisms : -1);
        return;
    default:
        put_int(out, c->status == SF_INVALID ? -1 : (int64_t)c->guesses);
        return;
    }
}

void cli_put_se(sf_out_t *out, const sf_se_result_t *r)
{
    char buf[16];
    const int n = sf_se_format(r, buf, sizeof buf);
    sf_out_bound(out, buf, (size_t)n,
                 r->status == SF_SE_INVALID ? NAN : r->tenths / 10.0, 1,
                 r->status != SF_SE_EXACT);
}
