/*
 * audit.c -- which test records leak from the train and reference sets
 * (sf_audit_*, sudoflow.h).
 *
 * Every record of every set becomes one or two fixed-size entries: its
 * puzzle's key and, when it has exactly one solution, its solution grid's
 * key (128-bit hashes of canonical forms), each followed by the set, the
 * file and the line, laid out so that their bytes sort by kind, key, set,
 * file and line.  The entries go through a sorter (io/sorter.c: bounded
 * memory, sorted runs on disk), so the records of one key come out
 * together, the other sets' before the test set's (which is the last
 * set) and each set's in file and line order.  One pass over them then
 * knows, for each key, every other set's first record and count before
 * it meets the key's test records, and writes a finding for each test
 * record and set that shares it.  The findings go through a second
 * sorter to come back in test file and line order; the test records
 * without one solution join them there as findings of their own.
 */
#include "sudoflow.h"

#include "io/sorter.h"
#include "rating.h"
#include "geo_symmetry.h"

#include <stdlib.h>
#include <string.h>

#define ENTRY 32   /* kind 1, key 16, set 1, file 4, line 8, pad 2 */
#define GROUP 17   /* the bytes a key's entries share */
#define FINDING 32 /* file 4, line 8, kind 1, set 1, match file 4, match
                    * line 8, matches 6 */

struct sf_audit {
    int sets;
    sorter_t *entries, *findings;
    uint64_t nfindings, spilled;
};

static const char *const leak_names[SF_LEAK_COUNT] = {
    "puzzle", "solution", "multiple", "unsolvable"};

const char *sf_leak_name(sf_leak_t kind)
{
    return (unsigned)kind < SF_LEAK_COUNT ? leak_names[kind] : "?";
}

/* ------------------------------------------------------------ packing */

static void put_be(uint8_t *p, uint64_t v, int bytes)
{
    for (int i = bytes - 1; i >= 0; i--, v >>= 8)
        p[i] = (uint8_t)v;
}

static uint64_t get_be(const uint8_t *p, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++)
        v = v << 8 | p[i];
    return v;
}

static void pack_entry(uint8_t e[ENTRY], int kind, const uint64_t h[2],
                       int set, uint32_t file, uint64_t line)
{
    memset(e, 0, ENTRY);
    e[0] = (uint8_t)kind;
    put_be(e + 1, h[0], 8);
    put_be(e + 9, h[1], 8);
    e[17] = (uint8_t)set;
    put_be(e + 18, file, 4);
    put_be(e + 22, line, 8);
}

static void pack_finding(uint8_t f[FINDING], const sf_finding_t *x)
{
    put_be(f, x->file, 4);
    put_be(f + 4, x->line, 8);
    f[12] = (uint8_t)x->kind;
    f[13] = (uint8_t)(x->set < 0 ? 255 : x->set);
    put_be(f + 14, x->match_file, 4);
    put_be(f + 18, x->match_line, 8);
    put_be(f + 26, x->matches < (1ull << 48) ? x->matches
                                             : (1ull << 48) - 1, 6);
}

static void unpack_finding(const uint8_t f[FINDING], sf_finding_t *x)
{
    x->file = (uint32_t)get_be(f, 4);
    x->line = get_be(f + 4, 8);
    x->kind = (sf_leak_t)f[12];
    x->set = f[13] == 255 ? -1 : f[13];
    x->match_file = (uint32_t)get_be(f + 14, 4);
    x->match_line = get_be(f + 18, 8);
    x->matches = get_be(f + 26, 6);
}

/* --------------------------------------------------------------- keys */

sf_status_t sf_audit_key(sf_solver_t *solver, const uint8_t *cells,
                         sf_audit_key_t *key)
{
    memset(key, 0, sizeof *key);
    if (!solver || !cells) {
        key->status = SF_INVALID;
        return key->status;
    }
    uint8_t solution[SF_CELLS];
    sf_result_t r;
    key->status = sf_solve_cells(solver, cells, 2, 0, solution, &r);
    sf_canon_hash(cells, 0, key->puzzle, NULL);
    if (key->status == SF_UNIQUE)
        sf_canon_hash(solution, 0, key->grid, NULL);
    return key->status;
}

sf_status_t sf_audit_key_geom(sf_solver_t *solver, const sf_geometry_t *g,
                              const uint8_t *cells, sf_audit_key_t *key,
                              sf_error_t *err)
{
    if (sf_geometry_is_classic(g))
        return sf_audit_key(solver, cells, key);
    memset(key, 0, sizeof *key);
    key->status = SF_INVALID;
    if (!solver || !cells)
        return key->status;
    uint8_t solution[SF_MAX_CELLS];
    sf_result_t r;
    const sf_status_t st = sf_solve_geom(solver, g, cells, 2, 0, solution, &r);
    if (geo_canon_hash(g, cells, 0, key->puzzle, NULL, err) != 0 ||
        (st == SF_UNIQUE &&
         geo_canon_hash(g, solution, 0, key->grid, NULL, err) != 0))
        return key->status;
    key->status = st;
    return key->status;
}

/* -------------------------------------------------------------- audit */

sf_audit_t *sf_audit_new(int sets, size_t memory, const char *dir)
{
    if (sets < 2 || sets > 255)
        return NULL;
    sf_audit_t *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->sets = sets;
    a->entries = sorter_new(ENTRY, memory - memory / 4, dir);
    a->findings = sorter_new(FINDING, memory / 4, dir);
    if (!a->entries || !a->findings) {
        sf_audit_free(a);
        return NULL;
    }
    return a;
}

int sf_audit_check_dir(const char *dir, sf_error_t *err)
{
    sf_error_t ignored;
    return sorter_check_dir(dir, err ? err : &ignored);
}

void sf_audit_free(sf_audit_t *a)
{
    if (!a)
        return;
    sorter_free(a->entries);
    sorter_free(a->findings);
    free(a);
}

static int add_finding(sf_audit_t *a, const sf_finding_t *x, sf_error_t *err)
{
    uint8_t f[FINDING];
    pack_finding(f, x);
    a->nfindings++;
    return sorter_add(a->findings, f, err);
}

int sf_audit_add(sf_audit_t *a, int set, uint32_t file, uint64_t line,
                 const sf_audit_key_t *key, sf_error_t *err)
{
    if (!a || !key || set < 0 || set >= a->sets) {
        if (err)
            *err = (sf_error_t){SF_ERR_USAGE, "sf_audit_add: no such set"};
        return -1;
    }
    if (!a->entries) {
        if (err)
            *err = (sf_error_t){SF_ERR_USAGE, "sf_audit_add: after the run"};
        return -1;
    }
    uint8_t e[ENTRY];
    pack_entry(e, 0, key->puzzle, set, file, line);
    if (sorter_add(a->entries, e, err) != 0)
        return -1;
    if (key->status == SF_UNIQUE) {
        pack_entry(e, 1, key->grid, set, file, line);
        return sorter_add(a->entries, e, err);
    }
    const int test = set == a->sets - 1;
    if (!test || (key->status != SF_MULTIPLE && key->status != SF_UNSOLVABLE))
        return 0;
    const sf_finding_t x = {file, line, key->status == SF_MULTIPLE
                                            ? SF_LEAK_MULTIPLE
                                            : SF_LEAK_UNSOLVABLE,
                            -1, 0, 0, 0};
    return add_finding(a, &x, err);
}

/* What a key's group has shown so far of each other set. */
typedef struct group {
    uint8_t key[GROUP];
    int n;                /* sets seen, in seen[0..n) */
    int seen[255];
    uint32_t file[255];
    uint64_t line[255], count[255];
} group_t;

/* Entry e, of the group g holds (or a new one): note it, or for a test
 * record write its findings. */
static int take(sf_audit_t *a, group_t *g, const uint8_t *e, sf_error_t *err)
{
    if (memcmp(g->key, e, GROUP) != 0) {
        memcpy(g->key, e, GROUP);
        g->n = 0;
    }
    const int set = e[17];
    const uint32_t file = (uint32_t)get_be(e + 18, 4);
    const uint64_t line = get_be(e + 22, 8);
    if (set < a->sets - 1) {
        if (g->n == 0 || g->seen[g->n - 1] != set) { /* its first record */
            g->seen[g->n] = set;
            g->file[g->n] = file;
            g->line[g->n] = line;
            g->count[g->n++] = 0;
        }
        g->count[g->n - 1]++;
        return 0;
    }
    for (int i = 0; i < g->n; i++) {
        const sf_finding_t x = {file, line,
                                e[0] ? SF_LEAK_SOLUTION : SF_LEAK_PUZZLE,
                                g->seen[i], g->file[i], g->line[i],
                                g->count[i]};
        if (add_finding(a, &x, err) != 0)
            return -1;
    }
    return 0;
}

int sf_audit_run(sf_audit_t *a, sf_error_t *err)
{
    if (!a || !a->entries) {
        if (err)
            *err = (sf_error_t){SF_ERR_USAGE, "sf_audit_run: run already"};
        return -1;
    }
    group_t *g = malloc(sizeof *g);
    if (!g) {
        *err = (sf_error_t){SF_ERR_NOMEM, "out of memory"};
        return -1;
    }
    memset(g->key, 0xff, GROUP); /* no kind is 255: a new group first */
    g->n = 0;
    uint8_t e[ENTRY];
    int rc = sorter_sort(a->entries, err), got = 0;
    while (rc == 0 && (got = sorter_next(a->entries, e, err)) == 1)
        rc = take(a, g, e, err);
    free(g);
    if (rc != 0 || got < 0)
        return -1;
    a->spilled = sorter_spilled(a->entries);
    sorter_free(a->entries);
    a->entries = NULL;
    rc = sorter_sort(a->findings, err);
    a->spilled += sorter_spilled(a->findings);
    return rc;
}

int sf_audit_next(sf_audit_t *a, sf_finding_t *f, sf_error_t *err)
{
    if (!a || a->entries || !f)
        return 0;
    uint8_t b[FINDING];
    const int got = sorter_next(a->findings, b, err);
    if (got == 1)
        unpack_finding(b, f);
    return got;
}

uint64_t sf_audit_findings(const sf_audit_t *a)
{
    return a ? a->nfindings : 0;
}

uint64_t sf_audit_spilled(const sf_audit_t *a)
{
    return a ? a->spilled : 0;
}
