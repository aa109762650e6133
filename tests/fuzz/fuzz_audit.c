/*
 * fuzz_audit.c -- the audit's comparison (sf_audit_*) and the sorter under
 * it (io/sorter.c) in budgets of a few kilobytes.
 *
 * `sudoflow audit --memory` takes 1M at least, which holds some 24,000
 * entries before anything is spilled and merges about 190 runs at once,
 * so the command line reaches the sorter's runs on disk and its merge
 * passes only with millions of records.  Here the budget comes from the
 * bytes, down to nothing (the sorter's least, 64 records), so that every
 * input of more than a few dozen records spills, and a few hundred take
 * merge passes; the keys come from a small alphabet, so that sets share
 * them often.  Then:
 *
 *   - the findings are exactly those of a direct comparison (for each
 *     test record and other set: a puzzle key or, for a record with one
 *     solution, a grid key in common; the set's first such record by file
 *     and line and how many; multiple and unsolvable test records listed),
 *     in test file, line, kind and set order, and sf_audit_findings counts
 *     them;
 *   - sf_audit_spilled is every entry's and every finding's bytes when
 *     they are more than their sorter's budget holds, and 0 when they fit;
 *   - with a directory that does not exist the audit fails exactly when it
 *     has to spill, with an I/O error, never with wrong findings;
 *   - calls out of order (adding after the run, running twice, a set out
 *     of range) are refused;
 *   - the sorter alone, with records of 1 to 64 bytes, gives qsort's
 *     order and count, spilling exactly when the records outgrow it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzzutil.h"
#include "io/sorter.h"
#include "sudoflow.h"

#define MAX_RECORDS 1500
#define ENTRY 32   /* the audit's entry and finding sizes (datasets/audit.c) */
#define FINDING 32
#define MIN_RECORDS 64 /* the sorter holds at least this many */

typedef struct rec {
    int set;
    uint32_t file;
    uint64_t line;
    sf_audit_key_t key;
} rec_t;

static rec_t recs[MAX_RECORDS];
static sf_finding_t want[MAX_RECORDS * 9]; /* at most 2 x 4 + 1 each */

/* Records a sorter of size-byte records holds in memory bytes. */
static size_t held(size_t size, size_t memory)
{
    const size_t m = memory < MIN_RECORDS * size ? MIN_RECORDS * size : memory;
    return m / size;
}

/* Findings in the order sf_audit_next gives them: their packed bytes. */
static int finding_cmp(const void *pa, const void *pb)
{
    const sf_finding_t *a = pa, *b = pb;
    const uint64_t ma = a->matches < (1ull << 48) ? a->matches
                                                  : (1ull << 48) - 1;
    const uint64_t mb = b->matches < (1ull << 48) ? b->matches
                                                  : (1ull << 48) - 1;
    const unsigned sa = a->set < 0 ? 255u : (unsigned)a->set;
    const unsigned sb = b->set < 0 ? 255u : (unsigned)b->set;
#define CMP(x, y) if ((x) != (y)) return (x) < (y) ? -1 : 1
    CMP(a->file, b->file);
    CMP(a->line, b->line);
    CMP((unsigned)a->kind, (unsigned)b->kind);
    CMP(sa, sb);
    CMP(a->match_file, b->match_file);
    CMP(a->match_line, b->match_line);
    CMP(ma, mb);
#undef CMP
    return 0;
}

static int earlier(const rec_t *a, const rec_t *b)
{
    return a->file != b->file ? a->file < b->file : a->line < b->line;
}

/* The findings of n records of `sets` sets, compared directly. */
static size_t direct(int sets, size_t n)
{
    size_t k = 0;
    const int test = sets - 1;
    for (size_t t = 0; t < n; t++) {
        const rec_t *r = &recs[t];
        if (r->set != test)
            continue;
        for (int kind = 0; kind < 2; kind++) {
            if (kind == 1 && r->key.status != SF_UNIQUE)
                continue;
            const rec_t *first[4] = {NULL, NULL, NULL, NULL};
            uint64_t count[4] = {0, 0, 0, 0};
            for (size_t i = 0; i < n; i++) {
                const rec_t *o = &recs[i];
                if (o->set == test ||
                    (kind == 0 ? memcmp(o->key.puzzle, r->key.puzzle, 16)
                               : o->key.status != SF_UNIQUE ||
                                 memcmp(o->key.grid, r->key.grid, 16)))
                    continue;
                if (!first[o->set] || earlier(o, first[o->set]))
                    first[o->set] = o;
                count[o->set]++;
            }
            for (int s = 0; s < test; s++)
                if (first[s])
                    want[k++] = (sf_finding_t){
                        r->file, r->line,
                        kind ? SF_LEAK_SOLUTION : SF_LEAK_PUZZLE, s,
                        first[s]->file, first[s]->line, count[s]};
        }
        if (r->key.status == SF_MULTIPLE || r->key.status == SF_UNSOLVABLE)
            want[k++] = (sf_finding_t){
                r->file, r->line,
                r->key.status == SF_MULTIPLE ? SF_LEAK_MULTIPLE
                                             : SF_LEAK_UNSOLVABLE,
                -1, 0, 0, 0};
    }
    qsort(want, k, sizeof *want, finding_cmp);
    return k;
}

/* A 128-bit key from an alphabet of a values (a few more bits now and
 * then, so that keys differ only in their low half too). */
static void key_of(uint64_t *s, unsigned a, uint64_t h[2])
{
    const uint64_t r = fz_rand(s);
    h[0] = r % a;
    h[1] = (r >> 40) % 4 == 0 ? (r >> 42) % a : 0;
}

static void make_records(fz_t *f, size_t n, int sets, unsigned alphabet,
                         uint64_t seed)
{
    static const sf_status_t statuses[8] = {
        SF_UNIQUE, SF_UNIQUE, SF_UNIQUE, SF_UNIQUE,
        SF_MULTIPLE, SF_MULTIPLE, SF_UNSOLVABLE, SF_INVALID};
    uint64_t s = seed;
    uint64_t line[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < n; i++) {
        rec_t *r = &recs[i];
        /* the bytes while they last, then the generator */
        const unsigned b = (f->n ? fz_byte(f) : (unsigned)fz_rand(&s)) & 255;
        memset(r, 0, sizeof *r);
        r->set = (int)(b % (unsigned)sets);
        r->file = (uint32_t)(b >> 3 & 3);
        /* lines mostly increase per file; now and then one repeats */
        line[r->file] += (b >> 5) == 7 ? 0 : 1 + (b >> 5 & 1);
        r->line = line[r->file];
        r->key.status = statuses[fz_rand(&s) % 8];
        key_of(&s, alphabet, r->key.puzzle);
        key_of(&s, alphabet, r->key.grid);
    }
}

static void check_audit(fz_t *f)
{
    static const size_t budgets[8] = {0, 1024, 2048, 3000, 4096, 6144,
                                      12288, 65536};
    const int sets = 2 + (int)fz_below(f, 4);
    const size_t memory = budgets[fz_byte(f) % 8];
    const unsigned alphabet = 1 + fz_below(f, 24);
    const size_t n = fz_below(f, MAX_RECORDS + 1);
    const unsigned mode = fz_byte(f);
    const int bad_dir = mode % 16 == 15;
    uint64_t seed = 0;
    for (int i = 0; i < 4; i++)
        seed = seed << 8 | fz_byte(f);
    make_records(f, n, sets, alphabet, seed);

    char missing[512];
    const char *dir = bad_dir ? fz_path(missing, "no/such/dir")
                    : mode & 1 ? fz_dir() : NULL;
    sf_audit_t *a = sf_audit_new(sets, memory, dir);
    FZ_CHECK(a != NULL, "sf_audit_new");
    sf_error_t err = {0};
    size_t entries = 0, failed_at = (size_t)-1;
    for (size_t i = 0; i < n; i++) {
        const rec_t *r = &recs[i];
        entries += 1 + (r->key.status == SF_UNIQUE);
        if (sf_audit_add(a, r->set, r->file, r->line, &r->key, &err) != 0) {
            failed_at = i;
            break;
        }
    }
    const size_t k = direct(sets, n);
    const size_t most_e = held(ENTRY, memory - memory / 4);
    const size_t most_f = held(FINDING, memory / 4);
    /* the findings of the test records without one solution are added
     * with their entries, the others by the run */
    if (failed_at != (size_t)-1) {
        FZ_CHECK(bad_dir && err.code == SF_ERR_IO,
                 "sf_audit_add fails (%d: %s)", err.code, err.message);
        sf_audit_free(a);
        return;
    }
    int rc = sf_audit_run(a, &err);
    if (bad_dir) {
        FZ_CHECK((rc != 0) == (entries > most_e || k > most_f),
                 "without a directory the run %s with %zu entries (%zu "
                 "held) and %zu findings (%zu held)",
                 rc ? "fails" : "succeeds", entries, most_e, k, most_f);
        if (rc != 0) {
            FZ_CHECK(err.code == SF_ERR_IO, "error %d: %s", err.code,
                     err.message);
            sf_audit_free(a);
            return;
        }
    }
    FZ_CHECK(rc == 0, "sf_audit_run: %s", err.message);
    FZ_CHECK(sf_audit_findings(a) == k, "%llu findings, %zu expected",
             (unsigned long long)sf_audit_findings(a), k);
    const uint64_t spilled = (entries > most_e ? (uint64_t)entries * ENTRY : 0)
                           + (k > most_f ? (uint64_t)k * FINDING : 0);
    FZ_CHECK(sf_audit_spilled(a) == spilled,
             "%llu bytes spilled, %llu expected (%zu entries, %zu findings, "
             "memory %zu)", (unsigned long long)sf_audit_spilled(a),
             (unsigned long long)spilled, entries, k, memory);
    sf_finding_t got;
    for (size_t i = 0; i < k; i++) {
        FZ_CHECK(sf_audit_next(a, &got, &err) == 1, "finding %zu of %zu "
                 "missing: %s", i + 1, k, err.message);
        FZ_CHECK(finding_cmp(&got, &want[i]) == 0,
                 "finding %zu: file %u line %llu kind %d set %d match %u:%llu "
                 "x%llu, expected file %u line %llu kind %d set %d match "
                 "%u:%llu x%llu", i + 1, got.file,
                 (unsigned long long)got.line, (int)got.kind, got.set,
                 got.match_file, (unsigned long long)got.match_line,
                 (unsigned long long)got.matches, want[i].file,
                 (unsigned long long)want[i].line, (int)want[i].kind,
                 want[i].set, want[i].match_file,
                 (unsigned long long)want[i].match_line,
                 (unsigned long long)want[i].matches);
    }
    FZ_CHECK(sf_audit_next(a, &got, &err) == 0, "a finding too many");
    const sf_audit_key_t key = {{0, 0}, {0, 0}, SF_UNIQUE};
    FZ_CHECK(sf_audit_add(a, 0, 0, 1, &key, &err) == -1 &&
                 sf_audit_run(a, &err) == -1,
             "the audit takes records or runs again after its run");
    sf_audit_free(a);

    a = sf_audit_new(sets, memory, NULL);
    FZ_CHECK(a != NULL, "sf_audit_new");
    FZ_CHECK(sf_audit_add(a, sets, 0, 1, &key, &err) == -1 &&
                 sf_audit_add(a, -1, 0, 1, &key, &err) == -1,
             "a set out of range is taken");
    sf_audit_free(a);
}

static size_t rec_size;

static int rec_cmp(const void *a, const void *b)
{
    return memcmp(a, b, rec_size);
}

static void check_sorter(fz_t *f)
{
    static uint8_t in[MAX_RECORDS * 64], out[64];
    const size_t size = 1 + fz_below(f, 64);
    const size_t memory = fz_below(f, 16) * 512;
    const unsigned alphabet = 1 + fz_below(f, 256);
    const size_t n = fz_below(f, MAX_RECORDS + 1);
    uint64_t s = fz_byte(f) << 8 | fz_byte(f);
    for (size_t i = 0; i < n * size; i++)
        in[i] = (uint8_t)((f->n ? fz_byte(f) : fz_rand(&s)) % alphabet);
    sorter_t *so = sorter_new(size, memory, fz_dir());
    FZ_CHECK(so != NULL, "sorter_new");
    sf_error_t err = {0};
    for (size_t i = 0; i < n; i++)
        FZ_CHECK(sorter_add(so, in + i * size, &err) == 0, "sorter_add: %s",
                 err.message);
    FZ_CHECK(sorter_sort(so, &err) == 0, "sorter_sort: %s", err.message);
    rec_size = size;
    qsort(in, n, size, rec_cmp);
    for (size_t i = 0; i < n; i++) {
        FZ_CHECK(sorter_next(so, out, &err) == 1, "record %zu of %zu missing "
                 "(size %zu, memory %zu): %s", i + 1, n, size, memory,
                 err.message);
        FZ_CHECK(memcmp(out, in + i * size, size) == 0, "record %zu of %zu "
                 "out of order (size %zu, memory %zu, %zu runs, %zu passes)",
                 i + 1, n, size, memory, sorter_runs(so), sorter_passes(so));
    }
    FZ_CHECK(sorter_next(so, out, &err) == 0, "a record too many");
    const int spills = n > held(size, memory);
    FZ_CHECK(sorter_count(so) == n &&
                 sorter_spilled(so) == (spills ? (uint64_t)n * size : 0) &&
                 (sorter_runs(so) > 0) == spills,
             "%llu records, %llu bytes spilled in %zu runs: %zu records of "
             "%zu bytes in %zu", (unsigned long long)sorter_count(so),
             (unsigned long long)sorter_spilled(so), sorter_runs(so), n,
             size, memory);
    sorter_free(so);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_t f = {data, size};
    if (fz_byte(&f) % 4 == 3)
        check_sorter(&f);
    else
        check_audit(&f);
    return 0;
}
