/*
 * fuzz_canon.c -- the canonical form under the transforms of the grid.
 *
 * canon --dedupe and split trust sf_canon completely: two equivalent
 * puzzles with different forms would slip past deduplication and leak
 * between train and test sets, and the branch and bound in equivalence.c
 * prunes aggressively (ties, identical rows and stacks, pending labels),
 * which is where such a mistake would hide.  Each input gives a puzzle
 * (any cells: canon is purely combinatorial, so contradictory and empty
 * grids count as much as valid ones, and a few values above 9, which
 * count as empty) and a transform T, and checks:
 *
 *   - canon(p) == canon(T(p)): equivalent puzzles share their form;
 *   - canon(canon(p)) == canon(p), and the form keeps the clue count and
 *     is labelled by first appearance;
 *   - the transform sf_canon returns is a valid one (lines keep chutes
 *     whole, digits a permutation) and maps p to its form;
 *   - the form is not larger than any image of p relabelled by first
 *     appearance (it is their minimum), tried for a few more transforms;
 *   - sf_canon and sf_xform_apply give the same result in place.
 */
#include <stdint.h>
#include <string.h>

#include "fuzz/fuzzutil.h"
#include "sudoflow.h"

#define EXTRA_IMAGES 6 /* further transforms tried against the minimum */

/* c relabelled by first appearance (the form's labelling) into out. */
static void relabel(const uint8_t *c, uint8_t *out)
{
    uint8_t map[10] = {0};
    uint8_t next = 1;
    for (int i = 0; i < 81; i++) {
        if (c[i] && !map[c[i]])
            map[c[i]] = next++;
        out[i] = map[c[i]];
    }
}

static int clues(const uint8_t *c)
{
    int n = 0;
    for (int i = 0; i < 81; i++)
        n += c[i] != 0;
    return n;
}

/* The form of p, with the checks that need only p. */
static void form_of(const uint8_t *p, const uint8_t *clean, uint8_t *out)
{
    char a[82], b[82], c[82];
    uint8_t img[81], again[81], in_place[81];
    sf_xform_t t, t2;
    sf_canon(p, out, &t);
    FZ_CHECK(fz_xform_ok(&t), "sf_canon returns an invalid transform for %s",
             fz_cells_str(p, a));
    sf_xform_apply(&t, p, img);
    FZ_CHECK(memcmp(img, out, 81) == 0, "the returned transform does not map "
             "the puzzle to its form\n  puzzle %s\n  form   %s\n  image  %s",
             fz_cells_str(p, a), fz_cells_str(out, b), fz_cells_str(img, c));
    relabel(out, img);
    FZ_CHECK(memcmp(img, out, 81) == 0 && clues(out) == clues(clean),
             "form %s of %s is not labelled by first appearance or lost "
             "clues", fz_cells_str(out, a), fz_cells_str(p, b));
    sf_canon(out, again, NULL);
    FZ_CHECK(memcmp(again, out, 81) == 0, "canon is not idempotent\n"
             "  form   %s\n  again  %s", fz_cells_str(out, a),
             fz_cells_str(again, b));
    memcpy(in_place, p, 81);
    sf_canon(in_place, in_place, &t2);
    FZ_CHECK(memcmp(in_place, out, 81) == 0, "sf_canon in place differs for "
             "%s", fz_cells_str(p, a));
}

/* The form is at most the relabelled image of p under t. */
static void not_above(const sf_xform_t *t, const uint8_t *p,
                      const uint8_t *form)
{
    char a[82], b[82], c[82];
    uint8_t img[81], lab[81];
    sf_xform_apply(t, p, img);
    relabel(img, lab);
    FZ_CHECK(memcmp(form, lab, 81) <= 0, "an image is smaller than the form"
             "\n  puzzle %s\n  form   %s\n  image  %s", fz_cells_str(p, a),
             fz_cells_str(form, b), fz_cells_str(lab, c));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_t f = {data, size};
    uint8_t p[81], clean[81], q[81], q2[81], cp[81], cq[81];
    sf_xform_t t;
    char a[82], b[82], c[82], d[82];
    fz_puzzle(&f, p, NULL);
    for (unsigned m = fz_below(&f, 8); m > 5; m--)
        p[fz_below(&f, 81)] = (uint8_t)(10 + fz_below(&f, 246));
    for (int i = 0; i < 81; i++)
        clean[i] = p[i] <= 9 ? p[i] : 0;
    fz_xform(&f, &t);

    sf_xform_apply(&t, p, q);
    memcpy(q2, p, 81);
    sf_xform_apply(&t, q2, q2);
    FZ_CHECK(memcmp(q, q2, 81) == 0, "sf_xform_apply in place differs");

    form_of(p, clean, cp);
    sf_canon(clean, cq, NULL);
    FZ_CHECK(memcmp(cp, cq, 81) == 0, "values above 9 are not empty cells"
             "\n  puzzle %s\n  forms  %s\n         %s", fz_cells_str(p, a),
             fz_cells_str(cp, b), fz_cells_str(cq, c));
    form_of(q, clean, cq);
    FZ_CHECK(memcmp(cp, cq, 81) == 0, "equivalent puzzles have different "
             "forms\n  puzzle %s\n  form   %s\n  image  %s\n  form   %s",
             fz_cells_str(p, a), fz_cells_str(cp, b), fz_cells_str(q, c),
             fz_cells_str(cq, d));
    not_above(&t, p, cp);

    uint64_t s = 1;
    for (size_t i = 0; i < size && i < 16; i++)
        s = s * 131 + data[i];
    for (int i = 0; i < EXTRA_IMAGES; i++) {
        uint8_t bytes[32];
        for (int j = 0; j < 32; j++)
            bytes[j] = (uint8_t)fz_rand(&s);
        fz_t g = {bytes, sizeof bytes};
        fz_xform(&g, &t);
        not_above(&t, p, cp);
    }
    return 0;
}
