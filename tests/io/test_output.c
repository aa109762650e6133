/*
 * test_output.c -- the pieces around the output records: the latency
 * histogram (latency.c), the statistics JSON (stats.c), gzip members
 * (gzout.c) and the output writer (writer.c).
 *
 * Quantiles are compared with a sorted array of the same samples; JSON is
 * checked with a small strict parser written here; gzip members are read
 * back with zlib's own inflate and gzread; writer tests work in a fresh
 * mkdtemp directory under /tmp and look at what is left in it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>
#include <zlib.h>

#include "engine/latency.h"
#include "sudoflow.h"
#include "io/writer_at.h"
#include "testutil.h"

/* ================================================================ latency */

static int cmp_u64(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static const double QS[] = {0.0,  0.001, 0.01, 0.1,  0.25, 0.5,  0.75,
                            0.9,  0.95,  0.99, 0.999, 1.0};

/* The histogram's quantile q of the sorted samples v[0..n) must be the
 * sample at rank q * (n - 1) (rounded either way), exactly when that sample
 * is below 128, else to within 1/64 of it; never above the maximum. */
static void check_quantiles(const lat_hist_t *h, const uint64_t *v, size_t n)
{
    for (size_t i = 0; i < sizeof QS / sizeof QS[0]; i++) {
        const double pos = QS[i] * (double)(n - 1);
        const uint64_t lo = v[(size_t)floor(pos)], hi = v[(size_t)ceil(pos)];
        const uint64_t got = lat_quantile(h, QS[i]);
        assert_true(got <= v[n - 1]);
        if (hi < 128) {
            assert_true(got == lo || got == hi);
        } else {
            const double tol = 1.0 / 64;
            assert_true((double)got >= (double)lo * (1 - tol));
            assert_true((double)got <= (double)hi * (1 + tol));
        }
    }
    assert_int_equal(h->max, v[n - 1]);
    assert_int_equal(h->n, n);
}

static void test_latency_empty(void **state)
{
    (void)state;
    lat_hist_t *h = malloc(sizeof *h);
    assert_non_null(h);
    memset(h, 0xff, sizeof *h);
    lat_clear(h);
    assert_int_equal(h->n, 0);
    assert_int_equal(h->max, 0);
    for (size_t i = 0; i < sizeof QS / sizeof QS[0]; i++)
        assert_int_equal(lat_quantile(h, QS[i]), 0);
    free(h);
}

static void test_latency_small_values_exact(void **state)
{
    (void)state;
    lat_hist_t *h = malloc(sizeof *h);
    assert_non_null(h);
    uint64_t s = 1;
    for (size_t n = 1; n <= 2001; n += 250) {
        uint64_t *v = malloc(n * sizeof *v);
        assert_non_null(v);
        lat_clear(h);
        for (size_t i = 0; i < n; i++) {
            v[i] = rnd_next(&s) % 128;
            lat_add(h, v[i]);
        }
        qsort(v, n, sizeof *v, cmp_u64);
        check_quantiles(h, v, n);
        free(v);
    }
    /* Every value below 128 alone comes back as itself. */
    for (uint64_t x = 0; x < 128; x++) {
        lat_clear(h);
        lat_add(h, x);
        assert_int_equal(lat_quantile(h, 0.5), x);
        assert_int_equal(lat_quantile(h, 1.0), x);
    }
    free(h);
}

static void test_latency_large_values(void **state)
{
    (void)state;
    lat_hist_t *h = malloc(sizeof *h);
    assert_non_null(h);
    uint64_t s = 2;
    enum { N = 20000 };
    uint64_t *v = malloc(N * sizeof *v);
    assert_non_null(v);
    /* Log-uniform from 1 ns to about 1000 s, the range of solve times. */
    lat_clear(h);
    for (size_t i = 0; i < N; i++) {
        const unsigned bits = (unsigned)(rnd_next(&s) % 40) + 1;
        v[i] = rnd_next(&s) >> (64 - bits);
        lat_add(h, v[i]);
    }
    qsort(v, N, sizeof *v, cmp_u64);
    check_quantiles(h, v, N);
    /* A narrow cluster, where a bin holds many samples. */
    lat_clear(h);
    for (size_t i = 0; i < N; i++) {
        v[i] = 150000 + rnd_next(&s) % 3000;
        lat_add(h, v[i]);
    }
    qsort(v, N, sizeof *v, cmp_u64);
    check_quantiles(h, v, N);
    free(v);
    free(h);
}

static void test_latency_edges(void **state)
{
    (void)state;
    lat_hist_t *h = malloc(sizeof *h);
    assert_non_null(h);
    static const uint64_t edges[] = {
        127, 128, 129, 191, 192, 255, 256, 257, 1000, 4095, 4096,
        1000000007, 1ull << 40, (1ull << 40) - 1, 1ull << 63,
        18446744073709551615ull};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        const uint64_t x = edges[i];
        lat_clear(h);
        lat_add(h, x);
        lat_add(h, x);
        assert_int_equal(h->max, x);
        const uint64_t got = lat_quantile(h, 0.5);
        assert_true(got <= x);
        assert_true((double)got >= (double)x * (1 - 1.0 / 64));
    }
    /* The maximum is kept exactly, whatever else was added. */
    lat_clear(h);
    uint64_t s = 3, mx = 0;
    for (int i = 0; i < 1000; i++) {
        const uint64_t x = rnd_next(&s) >> (rnd_next(&s) % 64);
        mx = x > mx ? x : mx;
        lat_add(h, x);
    }
    assert_int_equal(h->max, mx);
    free(h);
}

static void test_latency_merge(void **state)
{
    (void)state;
    lat_hist_t *part = calloc(4, sizeof *part), *all = calloc(1, sizeof *all);
    assert_non_null(part);
    assert_non_null(all);
    uint64_t s = 4;
    for (int i = 0; i < 30000; i++) {
        const uint64_t x = rnd_next(&s) >> (rnd_next(&s) % 60 + 4);
        lat_add(all, x);
        lat_add(&part[1 + i % 3 - (i % 7 == 0)], x); /* uneven split */
    }
    /* part[0] takes the others, and an empty one before and after. */
    lat_hist_t *empty = calloc(1, sizeof *empty);
    assert_non_null(empty);
    lat_merge(&part[0], empty);
    for (int k = 1; k < 4; k++)
        lat_merge(&part[0], &part[k]);
    lat_merge(&part[0], empty);
    assert_int_equal(part[0].n, all->n);
    assert_int_equal(part[0].max, all->max);
    assert_memory_equal(part[0].bins, all->bins, sizeof all->bins);
    for (size_t i = 0; i < sizeof QS / sizeof QS[0]; i++)
        assert_int_equal(lat_quantile(&part[0], QS[i]),
                         lat_quantile(all, QS[i]));
    /* Merging into an empty histogram copies. */
    lat_merge(empty, all);
    assert_memory_equal(empty, all, sizeof *all);
    free(empty);
    free(part);
    free(all);
}

/* ================================================================== stats */

/* A small strict JSON reader for one object whose values are numbers,
 * null, strings or nested objects.  Collects "path":number pairs (null as
 * NAN), where a nested key's path is "outer.inner". */
typedef struct json {
    const char *p;
    char keys[64][64];
    double nums[64];
    int n;
    char kernel[64];
} json_t;

static void json_ws(json_t *j)
{
    while (*j->p == ' ' || *j->p == '\n' || *j->p == '\t' || *j->p == '\r')
        j->p++;
}

static void json_string(json_t *j, char *out, size_t cap)
{
    assert_int_equal(*j->p, '"');
    j->p++;
    size_t n = 0;
    while (*j->p != '"') {
        assert_true(*j->p != '\0' && *j->p != '\\' &&
                    (unsigned char)*j->p >= 0x20);
        assert_true(n + 1 < cap);
        out[n++] = *j->p++;
    }
    out[n] = '\0';
    j->p++;
}

/* A JSON number: -? int frac? exp? */
static double json_number(json_t *j)
{
    const char *s = j->p;
    if (*j->p == '-')
        j->p++;
    assert_true(*j->p >= '0' && *j->p <= '9');
    if (*j->p == '0')
        j->p++;
    else
        while (*j->p >= '0' && *j->p <= '9')
            j->p++;
    if (*j->p == '.') {
        j->p++;
        assert_true(*j->p >= '0' && *j->p <= '9');
        while (*j->p >= '0' && *j->p <= '9')
            j->p++;
    }
    if (*j->p == 'e' || *j->p == 'E') {
        j->p++;
        if (*j->p == '+' || *j->p == '-')
            j->p++;
        assert_true(*j->p >= '0' && *j->p <= '9');
        while (*j->p >= '0' && *j->p <= '9')
            j->p++;
    }
    return strtod(s, NULL);
}

static void json_object(json_t *j, const char *prefix)
{
    json_ws(j);
    assert_int_equal(*j->p, '{');
    j->p++;
    json_ws(j);
    if (*j->p == '}') {
        j->p++;
        return;
    }
    for (;;) {
        char key[24], path[64];
        json_ws(j);
        json_string(j, key, sizeof key);
        snprintf(path, sizeof path, "%s%s", prefix, key);
        for (int i = 0; i < j->n; i++)
            assert_string_not_equal(j->keys[i], path); /* no duplicates */
        json_ws(j);
        assert_int_equal(*j->p, ':');
        j->p++;
        json_ws(j);
        if (*j->p == '{') {
            char inner[72];
            snprintf(inner, sizeof inner, "%s.", path);
            json_object(j, inner);
        } else if (*j->p == '"') {
            assert_string_equal(path, "kernel");
            json_string(j, j->kernel, sizeof j->kernel);
        } else {
            assert_true(j->n < 64);
            snprintf(j->keys[j->n], sizeof j->keys[0], "%s", path);
            const int null = strncmp(j->p, "null", 4) == 0;
            j->p += null ? 4 : 0;
            j->nums[j->n++] = null ? NAN : json_number(j);
        }
        json_ws(j);
        if (*j->p == '}') {
            j->p++;
            return;
        }
        assert_int_equal(*j->p, ',');
        j->p++;
    }
}

static double json_get(const json_t *j, const char *path)
{
    for (int i = 0; i < j->n; i++)
        if (strcmp(j->keys[i], path) == 0)
            return j->nums[i];
    fail_msg("key %s missing", path);
    return 0;
}

/* Parse the whole of text as one object followed by a newline. */
static void json_parse(json_t *j, const char *text)
{
    memset(j, 0, sizeof *j);
    j->p = text;
    json_object(j, "");
    assert_string_equal(j->p, "\n");
}

static int close_to(double a, double b)
{
    return fabs(a - b) <= 1e-6 * fabs(b) + 1e-6;
}

static sf_stats_t sample_stats(void)
{
    sf_stats_t st;
    memset(&st, 0, sizeof st);
    st.puzzles = 1000;
    st.by_status[SF_SOLVED] = 700;
    st.by_status[SF_UNIQUE] = 100;
    st.by_status[SF_MULTIPLE] = 90;
    st.by_status[SF_UNSOLVABLE] = 60;
    st.by_status[SF_INVALID] = 50;
    st.guesses = 1900;
    st.no_guess = 570;
    st.wall_sec = 2.5;
    st.cpu_sec = 4.75;
    st.solve_sec = 4.5;
    st.lat_median_ns = 1234;
    st.lat_p99_ns = 56789;
    st.lat_max_ns = 18446744073709551615ull;
    st.threads = 3;
    st.kernel = "bitboard";
    return st;
}

static void test_stats_json_content(void **state)
{
    (void)state;
    const sf_stats_t st = sample_stats();
    char buf[2048];
    const int n = sf_stats_json(&st, buf, sizeof buf);
    assert_true(n > 0 && (size_t)n < sizeof buf);
    assert_int_equal(strlen(buf), (size_t)n);
    json_t j;
    json_parse(&j, buf);
    assert_string_equal(j.kernel, "bitboard");
    assert_true(json_get(&j, "puzzles") == 1000);
    assert_true(json_get(&j, "solved") == 700);
    assert_true(json_get(&j, "unique") == 100);
    assert_true(json_get(&j, "multiple") == 90);
    assert_true(json_get(&j, "unsolvable") == 60);
    assert_true(json_get(&j, "invalid") == 50);
    assert_true(json_get(&j, "threads") == 3);
    assert_true(json_get(&j, "guesses") == 1900);
    assert_true(close_to(json_get(&j, "wall_sec"), 2.5));
    assert_true(close_to(json_get(&j, "cpu_sec"), 4.75));
    assert_true(close_to(json_get(&j, "solve_sec"), 4.5));
    assert_true(close_to(json_get(&j, "puzzles_per_sec"), 400));
    /* Guesses per valid puzzle: 950 of the 1000 are valid.  The share
     * solved without guessing is of the 890 puzzles with a solution. */
    assert_true(fabs(json_get(&j, "guesses_per_puzzle") - 2.0) < 1e-3);
    assert_true(fabs(json_get(&j, "no_guess_pct") - 100.0 * 570 / 890) <
                1e-2);
    assert_true(json_get(&j, "latency_ns.median") == 1234);
    assert_true(json_get(&j, "latency_ns.p99") == 56789);
    /* 64-bit counts are printed in full, not through a double or int. */
    assert_non_null(strstr(buf, "\"max\":18446744073709551615"));
}

/* No division by zero shows up as nan or inf: an empty run, a run of
 * invalid records only, a run of unsolvable puzzles only, and a missing
 * kernel name.  With no puzzle solved, the share solved without guessing
 * is null, not 0% or 100%. */
static void test_stats_json_degenerate(void **state)
{
    (void)state;
    sf_stats_t st;
    memset(&st, 0, sizeof st);
    char buf[2048];
    json_t j;
    for (int k = 0; k < 3; k++) {
        if (k == 1) {
            st.puzzles = st.by_status[SF_INVALID] = 17;
            st.wall_sec = 0;
        }
        if (k == 2) {
            st.puzzles = st.by_status[SF_UNSOLVABLE] = 5;
            st.by_status[SF_INVALID] = 0;
            st.no_guess = 0;
        }
        const int n = sf_stats_json(&st, buf, sizeof buf);
        assert_int_equal(strlen(buf), (size_t)n);
        json_parse(&j, buf); /* nan and inf are not JSON numbers */
        assert_string_equal(j.kernel, "");
        assert_true(json_get(&j, "guesses_per_puzzle") == 0);
        assert_true(isnan(json_get(&j, "no_guess_pct")));
        assert_true(json_get(&j, "puzzles_per_sec") == 0);
        assert_true(json_get(&j, "invalid") == (double)st.by_status[SF_INVALID]);
    }
}

/* Like snprintf: the length needed whatever the room, at most cap - 1
 * characters and a NUL written, nothing past cap. */
static void test_stats_json_small_buffer(void **state)
{
    (void)state;
    const sf_stats_t st = sample_stats();
    char full[2048];
    const int need = sf_stats_json(&st, full, sizeof full);
    assert_true(need > 0 && (size_t)need < sizeof full);
    char *buf = malloc((size_t)need + 64);
    assert_non_null(buf);
    for (size_t cap = 1; cap <= (size_t)need + 2; cap++) {
        memset(buf, '#', (size_t)need + 64);
        assert_int_equal(sf_stats_json(&st, buf, cap), need);
        for (size_t i = cap; i < (size_t)need + 64; i++)
            assert_int_equal(buf[i], '#');
        const size_t kept = cap - 1 < (size_t)need ? cap - 1 : (size_t)need;
        assert_memory_equal(buf, full, kept);
        assert_int_equal(buf[kept], '\0');
    }
    free(buf);
}

/* No room at all, as snprintf(NULL, 0, ...) is used to size a buffer:
 * the length, and nothing written.  (Offsetting a null pointer, even by
 * zero, is undefined; clang's -fsanitize=undefined reports it.) */
static void test_stats_json_no_buffer(void **state)
{
    (void)state;
    const sf_stats_t st = sample_stats();
    char full[2048], canary[8];
    const int need = sf_stats_json(&st, full, sizeof full);
    assert_int_equal(sf_stats_json(&st, NULL, 0), need);
    memset(canary, '#', sizeof canary);
    assert_int_equal(sf_stats_json(&st, canary, 0), need);
    for (size_t i = 0; i < sizeof canary; i++)
        assert_int_equal(canary[i], '#');
}

/* =================================================================== gzip */

/* Test data: text-like (compressible) or random bytes. */
static char *test_bytes(size_t n, int random, uint64_t seed)
{
    char *p = malloc(n ? n : 1);
    assert_non_null(p);
    uint64_t s = seed | 1;
    for (size_t i = 0; i < n; i++) {
        const uint64_t r = rnd_next(&s);
        p[i] = random ? (char)r : (i % 82 == 81 ? '\n' : (char)('0' + r % 10));
    }
    return p;
}

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static void test_gzip_round_trip(void **state)
{
    (void)state;
    static const size_t sizes[] = {0, 1, 81, 82 * 128, 65536, 1 << 20};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (int random = 0; random < 2; random++)
            for (int level = 1; level <= 9; level += 4) {
                const size_t len = sizes[i];
                char *in = test_bytes(len, random, len + 7);
                char *gz = NULL;
                size_t gz_len = 0, gz_cap = 0, n;
                int members;
                assert_int_equal(sf_gzip_member(in, len, level, &gz, &gz_len,
                                                &gz_cap), 0);
                assert_true(gz_len <= gz_cap);
                assert_true(gz_len >= 18);
                const unsigned char *u = (const unsigned char *)gz;
                assert_int_equal(u[0], 0x1f);
                assert_int_equal(u[1], 0x8b);
                assert_int_equal(u[2], 8);
                assert_int_equal(le32(u + gz_len - 4), (uint32_t)len);
                assert_int_equal(le32(u + gz_len - 8),
                                 crc32(0, (const Bytef *)in, (uInt)len));
                char *out = gunzip(gz, gz_len, &n, &members);
                assert_int_equal(members, 1);
                assert_int_equal(n, len);
                if (len)
                    assert_memory_equal(out, in, len);
                if (!random && len > 1000)
                    assert_true(gz_len < len / 5 * 3);
                free(out);
                free(gz);
                free(in);
            }
}

/* A member of more than 4 GiB (zlib counts in 32 bits) inflates to the
 * whole input.  It needs about 4 GiB of address space (untouched zero
 * pages) and takes seconds, so it runs only when SF_BIG_TESTS is set, as
 * `make check` does. */
static void test_gzip_over_4gib(void **state)
{
    (void)state;
    if (!getenv("SF_BIG_TESTS"))
        skip();
    const size_t len = ((size_t)1 << 32) + 4099;
    char *in = calloc(len, 1);
    assert_non_null(in);
    memcpy(in + len - 5, "tail\n", 5);
    char *gz = NULL;
    size_t gz_len = 0, gz_cap = 0;
    assert_int_equal(sf_gzip_member(in, len, 1, &gz, &gz_len, &gz_cap), 0);
    z_stream z = {0};
    assert_int_equal(inflateInit2(&z, 15 + 16), Z_OK);
    z.next_in = (Bytef *)gz;
    z.avail_in = (uInt)gz_len;
    static unsigned char out[1 << 20];
    size_t total = 0, nonzero = 0;
    int rc = Z_OK;
    while (rc == Z_OK) {
        z.next_out = out;
        z.avail_out = sizeof out;
        rc = inflate(&z, Z_NO_FLUSH);
        const size_t got = sizeof out - z.avail_out;
        for (size_t i = 0; i < got; i++)
            nonzero += out[i] != 0;
        total += got;
    }
    assert_int_equal(rc, Z_STREAM_END);
    assert_int_equal(z.avail_in, 0);
    assert_int_equal(total, len);
    assert_int_equal(nonzero, 5);
    inflateEnd(&z);
    free(gz);
    free(in);
}

/* Members appended to one buffer read back as the concatenation, through
 * inflate with a reset per member and through gzread on a file. */
static void test_gzip_members_concatenate(void **state)
{
    (void)state;
    char *gz = NULL;
    size_t gz_len = 0, gz_cap = 0;
    size_t total = 0;
    char *all = malloc(1);
    assert_non_null(all);
    enum { MEMBERS = 40 };
    for (int m = 0; m < MEMBERS; m++) {
        const size_t len = m % 5 == 0 ? 0 : (size_t)(m * 997 % 20000);
        char *in = test_bytes(len, m % 3 == 0, (uint64_t)m + 1);
        const size_t before = gz_len;
        char *prefix = malloc(before + 1);
        assert_non_null(prefix);
        if (before)
            memcpy(prefix, gz, before);
        assert_int_equal(sf_gzip_member(in, len, 1 + m % 9, &gz, &gz_len,
                                        &gz_cap), 0);
        assert_true(gz_len > before && gz_len <= gz_cap);
        if (before) /* earlier members are left as they were */
            assert_memory_equal(gz, prefix, before);
        all = realloc(all, total + len + 1);
        assert_non_null(all);
        if (len)
            memcpy(all + total, in, len);
        total += len;
        free(prefix);
        free(in);
    }
    size_t n;
    int members;
    char *out = gunzip(gz, gz_len, &n, &members);
    assert_int_equal(members, MEMBERS);
    assert_int_equal(n, total);
    assert_memory_equal(out, all, total);
    free(out);

    char path[] = "/tmp/sf_gzout_XXXXXX";
    const int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, gz, gz_len), (ssize_t)gz_len);
    close(fd);
    gzFile f = gzopen(path, "rb");
    assert_non_null(f);
    char *back = malloc(total + 16);
    assert_non_null(back);
    const int got = gzread(f, back, (unsigned)(total + 16));
    assert_int_equal(got, (int)total);
    assert_memory_equal(back, all, total);
    int zerr;
    gzerror(f, &zerr);
    assert_int_equal(zerr, Z_OK);
    gzclose(f);
    unlink(path);
    free(back);
    free(all);
    free(gz);
}

/* Members made at once on several threads equal those made one by one. */
static void test_gzip_threads(void **state)
{
    (void)state;
    enum { N = 64 };
    char *gz[N], *one[N];
    size_t len[N], cap[N], one_len[N], one_cap[N];
    char *in = test_bytes(1 << 16, 0, 5);
    for (int i = 0; i < N; i++) {
        gz[i] = one[i] = NULL;
        len[i] = cap[i] = one_len[i] = one_cap[i] = 0;
        assert_int_equal(sf_gzip_member(in + i * 512, 8192, 1, &one[i],
                                        &one_len[i], &one_cap[i]), 0);
    }
    int bad = 0;
#pragma omp parallel for num_threads(4) schedule(dynamic, 1) reduction(+ : bad)
    for (int i = 0; i < N; i++)
        bad += sf_gzip_member(in + i * 512, 8192, 1, &gz[i], &len[i],
                              &cap[i]) != 0;
    assert_int_equal(bad, 0);
    for (int i = 0; i < N; i++) {
        assert_int_equal(len[i], one_len[i]);
        assert_memory_equal(gz[i], one[i], len[i]);
        free(gz[i]);
        free(one[i]);
    }
    free(in);
}

/* A level zlib rejects is an error and leaves the buffer as it was. */
static void test_gzip_bad_level(void **state)
{
    (void)state;
    char *gz = NULL;
    size_t len = 0, cap = 0;
    assert_int_equal(sf_gzip_member("abc", 3, 1, &gz, &len, &cap), 0);
    const size_t len0 = len;
    assert_int_equal(sf_gzip_member("abc", 3, 42, &gz, &len, &cap), -1);
    assert_int_equal(len, len0);
    free(gz);
}

/* ================================================================= writer */

/* Writer tests run with make_dir/remove_dir (testutil.h): each gets a
 * fresh directory, removed with what is in it afterwards. */

static int cmp_name(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* Names in the directory, sorted, joined by '/' ("" when empty). */
static void dir_list(const dir_t *d, char *out, size_t cap)
{
    char names[16][256];
    int n = 0;
    DIR *dir = opendir(d->path);
    assert_non_null(dir);
    const struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        assert_true(n < 16);
        snprintf(names[n++], sizeof names[0], "%s", e->d_name);
    }
    closedir(dir);
    qsort(names, (size_t)n, sizeof names[0], cmp_name);
    size_t at = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        const int w = snprintf(out + at, cap - at, "%s%s", i ? "/" : "",
                               names[i]);
        assert_true(w >= 0 && (size_t)w < cap - at);
        at += (size_t)w;
    }
}

static void in_dir(const dir_t *d, const char *name, char *out, size_t cap)
{
    snprintf(out, cap, "%s/%s", d->path, name);
}

static sf_writer_opts_t wopts(const char *path, int force, int gzip)
{
    sf_writer_opts_t o;
    memset(&o, 0, sizeof o);
    o.path = path;
    o.force = force;
    o.gzip = gzip;
    o.level = 6;
    return o;
}

static void test_writer_commit(void **state)
{
    dir_t *const d = *state;
    char path[128], list[512];
    in_dir(d, "out.txt", path, sizeof path);
    const sf_writer_opts_t o = wopts(path, 0, 0);
    sf_error_t err = {0};
    sf_writer_t *w = sf_writer_open(&o, &err);
    assert_non_null(w);
    assert_int_equal(sf_writer_gzip(w), 0);

    /* Written under a temporary name beside the target. */
    const char *tmp = sf_writer_temp_path(w);
    assert_non_null(tmp);
    assert_true(strncmp(tmp, path, strlen(path)) == 0);
    assert_true(strlen(tmp) > strlen(path));
    struct stat st;
    assert_int_equal(stat(tmp, &st), 0);
    assert_int_not_equal(stat(path, &st), 0);

    assert_int_equal(sf_writer_write(w, "first line\n", 11, &err), 0);
    assert_int_equal(sf_writer_write(w, "", 0, &err), 0);
    const struct iovec iov[4] = {{"ab", 2}, {"", 0}, {"cd\n", 3}, {"e\n", 2}};
    assert_int_equal(sf_writer_writev(w, iov, 4, &err), 0);
    assert_int_equal(sf_writer_writev(w, iov, 0, &err), 0);
    assert_int_not_equal(stat(path, &st), 0); /* nothing final yet */

    char tmp_copy[256];
    snprintf(tmp_copy, sizeof tmp_copy, "%s", tmp);
    assert_int_equal(sf_writer_close(w, 1, &err), 0);
    char *got = slurp(path, NULL);
    assert_non_null(got);
    assert_string_equal(got, "first line\nabcd\ne\n");
    free(got);
    assert_int_not_equal(stat(tmp_copy, &st), 0);
    dir_list(d, list, sizeof list);
    assert_string_equal(list, "out.txt");
}

/* Several processes: a header written in order, then pieces written at
 * offsets by the owner and by a second writer on the same temporary file
 * (as other processes do), in any order; the file is what one writer
 * writing them in order makes, and a gzip output that got nothing at
 * offsets still ends with its one empty member after the header. */
static void test_writer_offsets(void **state)
{
    dir_t *const d = *state;
    char path[128];
    in_dir(d, "shared.txt", path, sizeof path);
    sf_writer_opts_t o = wopts(path, 0, 0);
    sf_error_t err = {0};
    sf_writer_t *w = sf_writer_open(&o, &err);
    assert_non_null(w);
    const char *tmp, *name;
    assert_int_equal(writer_shared(w, &tmp, &name), 0);
    assert_string_equal(name, path);
    assert_int_equal(sf_writer_write(w, "head\n", 5, &err), 0);
    assert_int_equal(writer_tell(w), 5);
    sf_writer_t *other = writer_open_shared(tmp, path, &err);
    assert_non_null(other);
    const struct iovec late[2] = {{"gh", 2}, {"ij\n", 3}};
    const struct iovec early[2] = {{"ab", 2}, {"c\n", 2}};
    const struct iovec mid[1] = {{"def\n", 4}};
    assert_int_equal(writer_pwritev(other, late, 2, 5 + 4 + 4, &err), 0);
    assert_int_equal(writer_pwritev(w, early, 2, 5, &err), 0);
    assert_int_equal(writer_pwritev(other, mid, 1, 5 + 4, &err), 0);
    assert_int_equal(sf_writer_close(other, 1, &err), 0);
    assert_int_equal(writer_end_at(w, 5 + 4 + 4 + 5, &err), 0);
    assert_int_equal(sf_writer_write(w, "tail\n", 5, &err), 0);
    assert_int_equal(sf_writer_close(w, 1, &err), 0);
    char *got = slurp(path, NULL);
    assert_string_equal(got, "head\nabc\ndef\nghij\ntail\n");
    free(got);

    in_dir(d, "empty.gz", path, sizeof path);
    o = wopts(path, 0, 1);
    w = sf_writer_open(&o, &err);
    assert_non_null(w);
    assert_int_equal(writer_shared(w, &tmp, &name), 0);
    other = writer_open_shared(tmp, path, &err);
    assert_non_null(other);
    assert_int_equal(sf_writer_close(other, 1, &err), 0);
    assert_int_equal(writer_end_at(w, writer_tell(w), &err), 0);
    assert_int_equal(sf_writer_close(w, 1, &err), 0);
    size_t n;
    char *gz = slurp(path, &n);
    assert_true(n >= 18 && (unsigned char)gz[0] == 0x1f);
    free(gz);

    /* Standard output and devices are not shared. */
    o = wopts("/dev/null", 1, 0);
    w = sf_writer_open(&o, &err);
    assert_non_null(w);
    assert_int_equal(writer_shared(w, &tmp, &name), -1);
    assert_int_equal(sf_writer_close(w, 1, &err), 0);
    assert_null(writer_open_shared("/nonexistent/dir/x", "x", &err));
    assert_int_equal(err.code, SF_ERR_IO);
}

static void test_writer_no_commit(void **state)
{
    dir_t *const d = *state;
    char path[128], list[512];
    in_dir(d, "out.txt", path, sizeof path);
    const sf_writer_opts_t o = wopts(path, 0, 0);
    sf_error_t err = {0};
    sf_writer_t *w = sf_writer_open(&o, &err);
    assert_non_null(w);
    assert_int_equal(sf_writer_write(w, "partial", 7, &err), 0);
    sf_writer_close(w, 0, &err);
    dir_list(d, list, sizeof list);
    assert_string_equal(list, "");

    /* An empty output that is committed is an empty file. */
    w = sf_writer_open(&o, &err);
    assert_non_null(w);
    assert_int_equal(sf_writer_close(w, 1, &err), 0);
    size_t n = 99;
    char *got = slurp(path, &n);
    assert_non_null(got);
    assert_int_equal(n, 0);
    free(got);
}

static void test_writer_existing_file(void **state)
{
    dir_t *const d = *state;
    char path[128], list[512];
    in_dir(d, "out.txt", path, sizeof path);
    spit(path, "old\n", 4);

    /* Refused without force; the old file stays and nothing is added. */
    sf_writer_opts_t o = wopts(path, 0, 0);
    sf_error_t err = {0};
    assert_null(sf_writer_open(&o, &err));
    assert_int_equal(err.code, SF_ERR_IO);
    assert_non_null(strstr(err.message, "already exists"));
    assert_non_null(strstr(err.message, path));
    char *got = slurp(path, NULL);
    assert_string_equal(got, "old\n");
    free(got);
    dir_list(d, list, sizeof list);
    assert_string_equal(list, "out.txt");

    /* With force, a run that does not commit leaves the old file alone. */
    o.force = 1;
    sf_writer_t *w = sf_writer_open(&o, &err);
    assert_non_null(w);
    assert_int_equal(sf_writer_write(w, "new\n", 4, &err), 0);
    sf_writer_close(w, 0, &err);
    got = slurp(path, NULL);
    assert_string_equal(got, "old\n");
    free(got);
    dir_list(d, list, sizeof list);
    assert_string_equal(list, "out.txt");

    /* With force and commit it is replaced. */
    w = sf_writer_open(&o, &err);
    assert_non_null(w);
    assert_int_equal(sf_writer_write(w, "new\n", 4, &err), 0);
    assert_int_equal(sf_writer_close(w, 1, &err), 0);
    got = slurp(path, NULL);
    assert_string_equal(got, "new\n");
    free(got);
    dir_list(d, list, sizeof list);
    assert_string_equal(list, "out.txt");
}

/* A file that appears under the output's name while the run writes
 * (another run, another program) is not replaced without force: the
 * commit fails, saying so, the file keeps what it held and the run's
 * temporary file is gone.  With force it is replaced. */
static void test_writer_file_appears(void **state)
{
    dir_t *const d = *state;
    char path[128], list[512];
    in_dir(d, "out.txt", path, sizeof path);
    sf_writer_opts_t o = wopts(path, 0, 0);
    sf_error_t err = {0};
    sf_writer_t *w = sf_writer_open(&o, &err);
    assert_non_null(w);
    assert_int_equal(sf_writer_write(w, "ours\n", 5, &err), 0);
    spit(path, "precious\n", 9);
    assert_int_equal(sf_writer_close(w, 1, &err), -1);
    assert_int_equal(err.code, SF_ERR_IO);
    assert_non_null(strstr(err.message, path));
    assert_non_null(strstr(err.message, "-f"));
    char *got = slurp(path, NULL);
    assert_string_equal(got, "precious\n");
    free(got);
    dir_list(d, list, sizeof list);
    assert_string_equal(list, "out.txt");

    /* A symbolic link that appears counts as a file there too. */
    unlink(path);
    w = sf_writer_open(&o, &err);
    assert_non_null(w);
    assert_int_equal(symlink("nowhere", path), 0);
    assert_int_equal(sf_writer_close(w, 1, &err), -1);
    char target[32] = "";
    assert_int_equal(readlink(path, target, sizeof target - 1), 7);
    assert_string_equal(target, "nowhere");
    unlink(path);

    spit(path, "old\n", 4);
    o.force = 1;
    w = sf_writer_open(&o, &err);
    assert_non_null(w);
    assert_int_equal(sf_writer_write(w, "ours\n", 5, &err), 0);
    spit(path, "precious\n", 9);
    assert_int_equal(sf_writer_close(w, 1, &err), 0);
    got = slurp(path, NULL);
    assert_string_equal(got, "ours\n");
    free(got);
    dir_list(d, list, sizeof list);
    assert_string_equal(list, "out.txt");
}

static void test_writer_cannot_create(void **state)
{
    dir_t *const d = *state;
    char path[128];
    in_dir(d, "no/such/dir/out.txt", path, sizeof path);
    const sf_writer_opts_t o = wopts(path, 1, 0);
    sf_error_t err = {0};
    assert_null(sf_writer_open(&o, &err));
    assert_int_equal(err.code, SF_ERR_IO);
    assert_non_null(strstr(err.message, path));
}

/* Non-regular files are written directly: no temporary name, the device
 * stays what it was. */
static void test_writer_device(void **state)
{
    (void)state;
    const sf_writer_opts_t o = wopts("/dev/null", 0, 0);
    sf_error_t err = {0};
    sf_writer_t *w = sf_writer_open(&o, &err);
    assert_non_null(w);
    assert_null(sf_writer_temp_path(w));
    char big[100000];
    memset(big, 'x', sizeof big);
    assert_int_equal(sf_writer_write(w, big, sizeof big, &err), 0);
    assert_int_equal(sf_writer_close(w, 1, &err), 0);
    struct stat st;
    assert_int_equal(stat("/dev/null", &st), 0);
    assert_true(S_ISCHR(st.st_mode));
}

static sf_writer_t *open_dev_full(sf_error_t *err)
{
    const sf_writer_opts_t o = wopts("/dev/full", 0, 0);
    sf_writer_t *w = sf_writer_open(&o, err);
    assert_non_null(w);
    return w;
}

static void test_writer_full_device(void **state)
{
    (void)state;
    sf_error_t err = {0};
    sf_writer_t *w = open_dev_full(&err);
    assert_int_equal(sf_writer_write(w, "data\n", 5, &err), -1);
    assert_int_equal(err.code, SF_ERR_IO);
    assert_non_null(strstr(err.message, "write failed"));
    sf_writer_close(w, 0, &err);

    w = open_dev_full(&err);
    memset(&err, 0, sizeof err);
    const struct iovec iov[2] = {{"ab", 2}, {"cd", 2}};
    assert_int_equal(sf_writer_writev(w, iov, 2, &err), -1);
    assert_int_equal(err.code, SF_ERR_IO);
    sf_writer_close(w, 0, &err);
}

/* The message of a failed write names the file ("FILE: what happened"). */
static void test_writer_device_error_names_file(void **state)
{
    (void)state;
    sf_error_t err = {0};
    sf_writer_t *w = open_dev_full(&err);
    assert_int_equal(sf_writer_write(w, "data\n", 5, &err), -1);
    sf_writer_close(w, 0, NULL);
    assert_non_null(strstr(err.message, "/dev/full"));
}

static void test_writer_gzip_flag(void **state)
{
    dir_t *const d = *state;
    static const struct {
        const char *name; /* NULL: standard output */
        int gzip, want;
    } cases[] = {
        {"a.gz", -1, 1}, {"a.txt", -1, 0}, {"a.gz.txt", -1, 0},
        {"gz", -1, 0},   {"a.txt", 1, 1},  {"a.gz", 0, 0},
        {NULL, -1, 0},   {"-", -1, 0},     {NULL, 1, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[128];
        const char *p = cases[i].name;
        if (p && strcmp(p, "-") != 0) {
            in_dir(d, p, path, sizeof path);
            p = path;
        }
        sf_writer_opts_t o = wopts(p, 0, cases[i].gzip);
        o.level = 9;
        sf_error_t err = {0};
        sf_writer_t *w = sf_writer_open(&o, &err);
        assert_non_null(w);
        assert_int_equal(sf_writer_gzip(w), cases[i].want);
        assert_int_equal(sf_writer_level(w), 9);
        if (!cases[i].name || strcmp(cases[i].name, "-") == 0)
            assert_null(sf_writer_temp_path(w));
        sf_writer_close(w, 0, &err);
    }
    /* A level out of range becomes one zlib accepts. */
    for (int level = -5; level <= 12; level += 17) {
        sf_writer_opts_t o = wopts(NULL, 0, 1);
        o.level = level;
        sf_error_t err = {0};
        sf_writer_t *w = sf_writer_open(&o, &err);
        assert_non_null(w);
        assert_true(sf_writer_level(w) >= 1 && sf_writer_level(w) <= 9);
        sf_writer_close(w, 0, &err);
    }
    char list[512];
    dir_list(d, list, sizeof list);
    assert_string_equal(list, "");
}

/* A gzip output that receives nothing is still a gzip stream (of nothing):
 * zcat and the reader accept it, where an empty file is a truncated one. */
static void test_writer_empty_gzip(void **state)
{
    dir_t *const d = *state;
    char path[128];
    in_dir(d, "empty.gz", path, sizeof path);
    sf_writer_opts_t o = wopts(path, 0, -1);
    sf_error_t err = {0};
    sf_writer_t *w = sf_writer_open(&o, &err);
    assert_non_null(w);
    assert_int_equal(sf_writer_close(w, 1, &err), 0);
    size_t len = 0;
    char *gz = slurp(path, &len);
    assert_true(len > 0);
    size_t n = 1;
    int members = 0;
    char *out = gunzip(gz, len, &n, &members);
    assert_int_equal(n, 0);
    assert_int_equal(members, 1);
    free(out);
    free(gz);
}

/* The final file gets the permissions of an ordinary new file.  The
 * umask is put back before anything is asserted. */
static void test_writer_permissions(void **state)
{
    dir_t *const d = *state;
    static const mode_t masks[] = {022, 077, 002, 027};
    enum { N = sizeof masks / sizeof masks[0] };
    int mode[N], ok = 1;
    const mode_t saved = umask(022);
    for (size_t i = 0; i < N; i++) {
        char path[128];
        in_dir(d, "perm.txt", path, sizeof path);
        umask(masks[i]);
        const sf_writer_opts_t o = wopts(path, 1, 0);
        sf_error_t err = {0};
        sf_writer_t *w = sf_writer_open(&o, &err);
        struct stat st;
        ok = ok && w && sf_writer_write(w, "x", 1, &err) == 0 &&
             sf_writer_close(w, 1, &err) == 0 && stat(path, &st) == 0;
        mode[i] = ok ? (int)(st.st_mode & 0777) : -1;
    }
    umask(saved);
    assert_true(ok);
    for (size_t i = 0; i < N; i++)
        assert_int_equal(mode[i], 0666 & ~masks[i]);
}

/* Many buffers, more than one writev takes, land in order. */
static void test_writer_many_buffers(void **state)
{
    dir_t *const d = *state;
    char path[128];
    in_dir(d, "many.txt", path, sizeof path);
    enum { N = 2000 };
    struct iovec *iov = malloc(N * sizeof *iov);
    char *data = test_bytes(N * 64, 1, 11);
    assert_non_null(iov);
    size_t total = 0;
    uint64_t s = 12;
    for (int i = 0; i < N; i++) {
        iov[i].iov_base = data + total;
        iov[i].iov_len = (size_t)(rnd_next(&s) % 4 == 0 ? 0 : rnd_next(&s) % 64);
        total += iov[i].iov_len;
    }
    const sf_writer_opts_t o = wopts(path, 0, 0);
    sf_error_t err = {0};
    sf_writer_t *w = sf_writer_open(&o, &err);
    assert_non_null(w);
    assert_int_equal(sf_writer_writev(w, iov, N, &err), 0);
    assert_int_equal(sf_writer_writev(w, iov, 300, &err), 0);
    assert_int_equal(sf_writer_close(w, 1, &err), 0);
    size_t n;
    char *got = slurp(path, &n);
    assert_non_null(got);
    size_t first = 0;
    for (int i = 0; i < 300; i++)
        first += iov[i].iov_len;
    assert_int_equal(n, total + first);
    assert_memory_equal(got, data, total);
    assert_memory_equal(got + total, data, first);
    free(got);
    free(data);
    free(iov);
}

/* Standard output is written and left open by close. */
static void test_writer_stdout(void **state)
{
    dir_t *const d = *state;
    char path[128];
    in_dir(d, "stdout.txt", path, sizeof path);
    fflush(stdout);
    const int saved = dup(STDOUT_FILENO);
    assert_true(saved >= 0);
    const int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    assert_true(fd >= 0);
    assert_true(dup2(fd, STDOUT_FILENO) == STDOUT_FILENO);
    close(fd);
    int ok = 1;
    for (int k = 0; k < 2 && ok; k++) {
        sf_writer_opts_t o = wopts(k ? "-" : NULL, 0, 0);
        sf_error_t err = {0};
        sf_writer_t *w = sf_writer_open(&o, &err);
        ok = w != NULL && sf_writer_temp_path(w) == NULL &&
             sf_writer_write(w, k ? "two\n" : "one\n", 4, &err) == 0 &&
             sf_writer_close(w, 1, &err) == 0 &&
             fcntl(STDOUT_FILENO, F_GETFD) != -1;
    }
    const int still_open = write(STDOUT_FILENO, "end\n", 4) == 4;
    dup2(saved, STDOUT_FILENO);
    close(saved);
    assert_true(ok);
    assert_true(still_open);
    char *got = slurp(path, NULL);
    assert_string_equal(got, "one\ntwo\nend\n");
    free(got);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_latency_empty),
        cmocka_unit_test(test_latency_small_values_exact),
        cmocka_unit_test(test_latency_large_values),
        cmocka_unit_test(test_latency_edges),
        cmocka_unit_test(test_latency_merge),
        cmocka_unit_test(test_stats_json_content),
        cmocka_unit_test(test_stats_json_degenerate),
        cmocka_unit_test(test_stats_json_small_buffer),
        cmocka_unit_test(test_stats_json_no_buffer),
        cmocka_unit_test(test_gzip_round_trip),
        cmocka_unit_test(test_gzip_members_concatenate),
        cmocka_unit_test(test_gzip_threads),
        cmocka_unit_test(test_gzip_bad_level),
        cmocka_unit_test(test_gzip_over_4gib),
        cmocka_unit_test_setup_teardown(test_writer_commit, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_writer_no_commit, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_writer_existing_file, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_writer_file_appears, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_writer_cannot_create, make_dir,
                                        remove_dir),
        cmocka_unit_test(test_writer_device),
        cmocka_unit_test(test_writer_full_device),
        cmocka_unit_test(test_writer_device_error_names_file),
        cmocka_unit_test_setup_teardown(test_writer_gzip_flag, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_writer_empty_gzip, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_writer_offsets, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_writer_permissions, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_writer_many_buffers, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_writer_stdout, make_dir,
                                        remove_dir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
