/*
 * test_inflate.c -- src/io/inflate.c against zlib, byte for byte.
 *
 * Every stream here is decoded twice over: by zlib (gzip wrapper only, all
 * input at once), which gives the reference, and by infl_step, three ways:
 * all input at once, in pieces of random sizes into outputs of random
 * sizes (one byte included), and one input byte at a time into outputs of
 * one to three bytes.  All three must give zlib's output and end as zlib
 * does: the member complete after the same input byte, an error with the
 * same message, or truncated (no progress at the end of the input, with
 * everything zlib decoded from it written).  check_stream does that and
 * fails the test on any difference.
 *
 * The streams: zlib's own at every level and strategy over text, puzzle
 * lines, random bytes and runs, from empty to megabytes; every prefix of
 * small ones; thousands of damaged copies (bits flipped in the header, the
 * block headers, the data, the trailer; random bytes after a header); and
 * streams written bit by bit (bw_t) that reach each of zlib's messages and
 * the odd codes zlib accepts -- an empty or one-code distance code, a
 * literal/length code with only end-of-block, an all-zero code length
 * code, a distance of exactly 32 KiB.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "io/inflate.h"
#include "testutil.h"

/* ------------------------------------------------------------ outcomes */

enum { V_END, V_ERROR, V_TRUNC };
enum { WHOLE, PIECES, BYTES };

typedef struct outcome {
    text_t out;    /* all the bytes written */
    int verdict;   /* V_* */
    size_t used;   /* V_END: input bytes consumed */
    char msg[96];  /* V_ERROR: the message */
} outcome_t;

static void zlib_outcome(const uint8_t *s, size_t n, outcome_t *o)
{
    z_stream z;
    uint8_t buf[1 << 15];
    memset(&z, 0, sizeof z);
    memset(o, 0, sizeof *o);
    tput(&o->out, "", 0);
    assert_int_equal(inflateInit2(&z, 15 + 16), Z_OK);
    z.next_in = (Bytef *)(uintptr_t)s;
    z.avail_in = (uInt)n;
    for (;;) {
        const uInt before = z.avail_in;
        z.next_out = buf;
        z.avail_out = sizeof buf;
        const int ret = inflate(&z, Z_NO_FLUSH);
        tput(&o->out, buf, sizeof buf - z.avail_out);
        if (ret == Z_STREAM_END) {
            o->verdict = V_END;
            o->used = n - z.avail_in;
            break;
        }
        if (ret == Z_DATA_ERROR) {
            o->verdict = V_ERROR;
            snprintf(o->msg, sizeof o->msg, "%s", z.msg);
            break;
        }
        assert_true(ret == Z_OK || ret == Z_BUF_ERROR);
        if (before == z.avail_in && z.avail_out == sizeof buf) {
            o->verdict = V_TRUNC;
            break;
        }
    }
    inflateEnd(&z);
}

/* Input and output sizes of the next call for the way how. */
static void call_sizes(int how, uint64_t *seed, size_t left, size_t *chunk, size_t *cap)
{
    const uint64_t x = rnd_next(seed);
    static const size_t caps[4] = {1, 7, 300, 1 << 20};
    if (how == WHOLE) {
        *chunk = left;
        *cap = 1 << 20;
    } else if (how == BYTES) {
        *chunk = left ? 1 : 0;
        *cap = 1 + x % 3;
    } else {
        const size_t pick[4] = {1, 1 + (x >> 8) % 40, 1 + (x >> 16) % 5000,
                                1 + (x >> 24) % 300000};
        *chunk = pick[x & 3] < left ? pick[x & 3] : left;
        *cap = caps[(x >> 2) & 3] + (x >> 40) % 64;
    }
}

static void our_outcome(infl_t *d, const uint8_t *s, size_t n, int how, uint64_t *seed,
                        outcome_t *o)
{
    static uint8_t buf[(1 << 20) + 64];
    size_t pos = 0;
    memset(o, 0, sizeof *o);
    tput(&o->out, "", 0);
    infl_reset(d);
    for (;;) {
        size_t chunk, cap, used = 0, got = 0;
        call_sizes(how, seed, n - pos, &chunk, &cap);
        const infl_rc_t rc = infl_step(d, s + pos, chunk, buf, cap, &used, &got);
        assert_true(used <= chunk && got <= cap);
        tput(&o->out, buf, got);
        pos += used;
        if (rc == INFL_END) {
            o->verdict = V_END;
            o->used = pos;
            return;
        }
        if (rc == INFL_ERROR) {
            o->verdict = V_ERROR;
            assert_non_null(infl_message(d));
            snprintf(o->msg, sizeof o->msg, "%s", infl_message(d));
            return;
        }
        if (rc == INFL_STALL) { /* only when nothing was offered */
            assert_true(used == 0 && got == 0 && chunk == 0);
            o->verdict = V_TRUNC;
            return;
        }
        assert_true(used > 0 || got > 0);
    }
}

static void assert_same(const outcome_t *z, const outcome_t *o)
{
    if (o->verdict != z->verdict || o->out.n != z->out.n ||
        memcmp(o->out.p, z->out.p, z->out.n) != 0 ||
        (z->verdict == V_END && o->used != z->used) ||
        (z->verdict == V_ERROR && strcmp(o->msg, z->msg) != 0))
        fail_msg("ours: verdict %d, %zu bytes, used %zu, \"%s\"; zlib: verdict %d, "
                 "%zu bytes, used %zu, \"%s\"", o->verdict, o->out.n, o->used,
                 o->msg, z->verdict, z->out.n, z->used, z->msg);
}

static infl_t *dec;            /* one decoder for all the tests */
static uint64_t seed = 20240601; /* for call sizes and test data */

/* Decode s[0, n) with zlib and the three ways of ours; they must agree.
 * Returns zlib's outcome in *z unless z is NULL. */
static void check_stream(const void *s, size_t n, outcome_t *z)
{
    outcome_t ref, o;
    zlib_outcome(s, n, &ref);
    for (int how = WHOLE; how <= BYTES; how++) {
        if (how == BYTES && n > 70000)
            continue;
        our_outcome(dec, s, n, how, &seed, &o);
        assert_same(&ref, &o);
        tfree(&o.out);
    }
    if (z)
        *z = ref;
    else
        tfree(&ref.out);
}

/* check_stream, and zlib's verdict must be v (with the message msg). */
#define expect(s, v, msg) expect_at(s, v, msg, __LINE__)
static void expect_at(const text_t *s, int v, const char *msg, int line)
{
    outcome_t z;
    check_stream(s->p, s->n, &z);
    if (z.verdict != v || (msg && strcmp(z.msg, msg) != 0))
        fail_msg("line %d: verdict %d \"%s\", expected %d \"%s\"", line, z.verdict,
                 z.msg, v, msg ? msg : "");
    tfree(&z.out);
}

/* ------------------------------------------------------ zlib's streams */

enum { TEXT, PUZZLES, RANDOM, RUNS, KINDS };

static void make_content(text_t *t, size_t n, int kind)
{
    static const char words[] = "the quick brown fox jumps over a lazy dog\n";
    tput(t, "", 0);
    for (size_t i = 0; i < n; i++) {
        const uint64_t x = rnd_next(&seed);
        char ch;
        switch (kind) {
        case TEXT: ch = words[x % (sizeof words - 1)]; break;
        case PUZZLES: ch = i % 82 == 81 ? '\n' : x % 5 ? '.' : (char)('1' + x % 9); break;
        case RANDOM: ch = (char)x; break;
        default: ch = (i / (1 + x % 300)) & 1 ? 'a' : 'b'; break;
        }
        tput(t, &ch, 1);
    }
}

/* One gzip member of data deflated by zlib (hdr: header fields or NULL). */
static void deflate_member(text_t *out, const text_t *data, int level, int strategy,
                           gz_header *hdr)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    assert_int_equal(deflateInit2(&z, level, Z_DEFLATED, 31, 8, strategy), Z_OK);
    if (hdr)
        assert_int_equal(deflateSetHeader(&z, hdr), Z_OK);
    const size_t cap = deflateBound(&z, (uLong)data->n) + 64;
    uint8_t *buf = malloc(cap);
    assert_non_null(buf);
    z.next_in = (Bytef *)data->p;
    z.avail_in = (uInt)data->n;
    z.next_out = buf;
    z.avail_out = (uInt)cap;
    assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
    tput(out, buf, z.total_out);
    deflateEnd(&z);
    free(buf);
}

static const int strategies[] = {Z_DEFAULT_STRATEGY, Z_FILTERED, Z_HUFFMAN_ONLY,
                                 Z_RLE, Z_FIXED};

/* Every level and strategy over every kind of content, small to large. */
static void test_zlib_streams(void **state)
{
    (void)state;
    static const size_t sizes[] = {0, 1, 2, 31, 258, 1000, 33000, 70000, 400000};
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
        for (int kind = 0; kind < KINDS; kind++) {
            text_t data = {0};
            make_content(&data, sizes[si], kind);
            for (int level = 0; level <= 9; level++) {
                for (int st = 0; st < 5; st++) {
                    if (sizes[si] > 100000 && (level % 3 != 0 || st > 2))
                        continue;
                    text_t gz = {0};
                    deflate_member(&gz, &data, level, strategies[st], NULL);
                    outcome_t z;
                    check_stream(gz.p, gz.n, &z);
                    assert_int_equal(z.verdict, V_END);
                    assert_int_equal(z.out.n, data.n);
                    assert_memory_equal(z.out.p, data.p, data.n);
                    tfree(&z.out);
                    tfree(&gz);
                }
            }
            tfree(&data);
        }
    }
}

/* zlib's flushes end blocks anywhere: empty stored blocks (sync, full),
 * empty fixed blocks (partial), blocks cut at a byte boundary (Z_BLOCK). */
static void test_flushed_streams(void **state)
{
    (void)state;
    static const int flushes[] = {Z_SYNC_FLUSH, Z_FULL_FLUSH, Z_PARTIAL_FLUSH, Z_BLOCK};
    text_t data = {0};
    make_content(&data, 120000, PUZZLES);
    for (int f = 0; f < 4; f++) {
        for (int level = 1; level <= 9; level += 4) {
            z_stream z;
            memset(&z, 0, sizeof z);
            assert_int_equal(deflateInit2(&z, level, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY),
                             Z_OK);
            text_t gz = {0};
            uint8_t buf[1 << 16];
            for (size_t pos = 0; pos <= data.n;) {
                const size_t step = 1 + (size_t)(rnd_next(&seed) % 9000);
                const size_t n = step < data.n - pos ? step : data.n - pos;
                z.next_in = (Bytef *)data.p + pos;
                z.avail_in = (uInt)n;
                pos += n;
                const int flush = pos == data.n ? Z_FINISH : flushes[f];
                do {
                    z.next_out = buf;
                    z.avail_out = sizeof buf;
                    assert_true(deflate(&z, flush) != Z_STREAM_ERROR);
                    tput(&gz, buf, sizeof buf - z.avail_out);
                } while (z.avail_out == 0);
                if (flush == Z_FINISH)
                    break;
            }
            deflateEnd(&z);
            outcome_t o;
            check_stream(gz.p, gz.n, &o);
            assert_int_equal(o.verdict, V_END);
            assert_int_equal(o.out.n, data.n);
            assert_memory_equal(o.out.p, data.p, data.n);
            tfree(&o.out);
            tfree(&gz);
        }
    }
    tfree(&data);
}

/* Megabytes of puzzle lines and text, as the reader sees them. */
static void test_big_streams(void **state)
{
    (void)state;
    static const int levels[] = {1, 6, 9};
    for (int kind = TEXT; kind <= PUZZLES; kind++) {
        text_t data = {0};
        make_content(&data, 2u << 20, kind);
        for (int i = 0; i < 3; i++) {
            text_t gz = {0};
            deflate_member(&gz, &data, levels[i], Z_DEFAULT_STRATEGY, NULL);
            expect(&gz, V_END, NULL);
            tfree(&gz);
        }
        tfree(&data);
    }
}

/* Every prefix of small members of each block type and header shape. */
static void test_every_prefix(void **state)
{
    (void)state;
    unsigned char extra[] = {'S', 'F', 2, 0, 7, 9};
    gz_header hdr;
    memset(&hdr, 0, sizeof hdr);
    hdr.extra = extra;
    hdr.extra_len = sizeof extra;
    hdr.name = (Bytef *)"puzzles.txt";
    hdr.comment = (Bytef *)"seventeen";
    hdr.hcrc = 1;
    text_t data = {0};
    make_content(&data, 600, PUZZLES);
    for (int v = 0; v < 5; v++) { /* stored, fixed, dynamic, header, two */
        text_t gz = {0};
        const int level = v == 0 ? 0 : v == 1 ? 1 : 6;
        deflate_member(&gz, &data, level, v == 1 ? Z_FIXED : Z_DEFAULT_STRATEGY,
                       v >= 3 ? &hdr : NULL);
        if (v == 4) { /* a second member after the first */
            text_t more = {0};
            deflate_member(&more, &data, 9, Z_DEFAULT_STRATEGY, NULL);
            tput(&gz, more.p, more.n);
            tfree(&more);
        }
        for (size_t len = 0; len <= gz.n; len++)
            check_stream(gz.p, len, NULL);
        tfree(&gz);
    }
    tfree(&data);
}

/* ------------------------------------------------------ damaged streams */

/* Change base in one of several ways chosen by x; the result in *s. */
static void damage(text_t *s, const text_t *base, uint64_t x)
{
    tput(s, base->p, base->n);
    uint8_t *p = (uint8_t *)s->p;
    const size_t n = s->n;
    const size_t at = (size_t)(x >> 16) % n;
    const uint8_t bit = (uint8_t)(1u << ((x >> 8) & 7));
    switch (x % 6) {
    case 0: /* anywhere, up to three bits */
        for (uint64_t k = 0, y = x; k <= (x >> 60) % 3; k++, y = y * 6364136223846793005ull + 1)
            p[(y >> 20) % n] ^= (uint8_t)(1u << ((y >> 12) & 7));
        break;
    case 1: /* the header and the first block header */
        p[at % (n < 40 ? n : 40)] ^= bit;
        break;
    case 2: /* the trailer */
        p[n - 1 - at % (n < 8 ? n : 8)] ^= bit;
        break;
    case 3: /* a random byte, then cut short */
        p[at] = (uint8_t)(x >> 24);
        s->n = at + 1 + (size_t)(x >> 40) % (n - at);
        break;
    case 4: /* random bytes after the header */
        for (size_t i = 10; i < n; i++)
            p[i] = (uint8_t)rnd_next(&seed);
        break;
    default: /* a byte of the data */
        p[10 + at % (n > 18 ? n - 18 : 1)] = (uint8_t)(x >> 32);
        break;
    }
}

static void test_damaged_streams(void **state)
{
    (void)state;
    long ends = 0, errors = 0, truncs = 0;
    for (int i = 0; i < 240; i++) {
        const uint64_t x = rnd_next(&seed);
        text_t data = {0}, gz = {0};
        make_content(&data, x % 4 ? (size_t)(x >> 8) % 3000 : (size_t)(x >> 8) % 90000,
                     (int)((x >> 4) % KINDS));
        deflate_member(&gz, &data, (int)((x >> 32) % 10), strategies[(x >> 40) % 5], NULL);
        for (int k = 0; k < 20; k++) {
            text_t bad = {0};
            damage(&bad, &gz, rnd_next(&seed));
            outcome_t z;
            check_stream(bad.p, bad.n, &z);
            ends += z.verdict == V_END;
            errors += z.verdict == V_ERROR;
            truncs += z.verdict == V_TRUNC;
            tfree(&z.out);
            tfree(&bad);
        }
        tfree(&gz);
        tfree(&data);
    }
    /* the damage reaches all three endings */
    assert_true(ends > 0 && errors > 1000 && truncs > 50);
}

/* ----------------------------------------------------- hand-made streams */

/* A bit writer: deflate's order, least significant bit first. */
typedef struct bw {
    text_t t;
    uint64_t acc;
    unsigned cnt;
} bw_t;

static void put_bits(bw_t *w, uint32_t v, unsigned n)
{
    w->acc |= (uint64_t)v << w->cnt;
    w->cnt += n;
    while (w->cnt >= 8) {
        const uint8_t b = (uint8_t)w->acc;
        tput(&w->t, &b, 1);
        w->acc >>= 8;
        w->cnt -= 8;
    }
}

/* A Huffman code: its bits go most significant first. */
static void put_code(bw_t *w, unsigned code, unsigned len)
{
    unsigned r = 0;
    for (unsigned i = 0; i < len; i++)
        r |= ((code >> i) & 1) << (len - 1 - i);
    put_bits(w, r, len);
}

static void put_align(bw_t *w)
{
    if (w->cnt)
        put_bits(w, 0, 8 - w->cnt);
}

static void put_bytes(bw_t *w, const void *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        put_bits(w, ((const uint8_t *)p)[i], 8);
}

/* The plain ten-byte gzip header. */
static void put_header(bw_t *w)
{
    static const uint8_t h[10] = {0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3};
    put_bytes(w, h, sizeof h);
}

/* The trailer for content data[0, n). */
static void put_trailer(bw_t *w, const void *data, size_t n)
{
    const uint32_t crc = (uint32_t)crc32(0, data, (uInt)n);
    put_align(w);
    put_bits(w, crc & 0xffff, 16);
    put_bits(w, crc >> 16, 16);
    put_bits(w, (uint32_t)n & 0xffff, 16);
    put_bits(w, (uint32_t)(n >> 16) & 0xffff, 16);
}

/* Canonical codes for the lengths lens[0, n). */
static void canonical(const uint8_t *lens, unsigned n, unsigned *codes)
{
    unsigned count[16] = {0}, next[16], c = 0;
    for (unsigned s = 0; s < n; s++)
        count[lens[s]]++;
    count[0] = 0;
    for (unsigned len = 1; len < 16; len++) {
        c = (c + count[len - 1]) << 1;
        next[len] = c;
    }
    for (unsigned s = 0; s < n; s++)
        codes[s] = lens[s] ? next[lens[s]]++ : 0;
}

/* A code: lengths and canonical codes, for writing symbols. */
typedef struct hcode {
    uint8_t len[320];
    unsigned code[320];
} hcode_t;

static void set_code(hcode_t *h, const uint8_t *lens, unsigned n)
{
    memset(h, 0, sizeof *h);
    memcpy(h->len, lens, n);
    canonical(h->len, n, h->code);
}

static void put_sym(bw_t *w, const hcode_t *h, unsigned sym)
{
    assert_true(h->len[sym] > 0);
    put_code(w, h->code[sym], h->len[sym]);
}

static void fixed_code(hcode_t *lit, hcode_t *dist)
{
    uint8_t l[288];
    memset(l, 8, 144);
    memset(l + 144, 9, 112);
    memset(l + 256, 7, 24);
    memset(l + 280, 8, 8);
    set_code(lit, l, 288);
    memset(l, 5, 32);
    set_code(dist, l, 32);
}

static const uint8_t cl_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5,
                                     11, 4, 12, 3, 13, 2, 14, 1, 15};

/* Dynamic block header up to the code lengths: counts, then the code
 * length code's lengths cl[0, 19) in symbol order (ncl of them sent). */
static void put_dyn_start(bw_t *w, int last, unsigned nlen, unsigned ndist,
                          const uint8_t *cl, unsigned ncl)
{
    put_bits(w, (unsigned)last, 1);
    put_bits(w, 2, 2);
    put_bits(w, nlen - 257, 5);
    put_bits(w, ndist - 1, 5);
    put_bits(w, ncl - 4, 4);
    for (unsigned i = 0; i < ncl; i++)
        put_bits(w, cl[cl_order[i]], 3);
}

/* A whole dynamic block header for these lengths, sent with the code
 * length code that gives each of 0..15 four bits. */
static void put_dynamic(bw_t *w, int last, const uint8_t *ll, unsigned nlen,
                        const uint8_t *dl, unsigned ndist)
{
    uint8_t cl[19] = {0};
    memset(cl, 4, 16);
    put_dyn_start(w, last, nlen, ndist, cl, 19);
    for (unsigned i = 0; i < nlen; i++)
        put_code(w, ll[i], 4);
    for (unsigned i = 0; i < ndist; i++)
        put_code(w, dl[i], 4);
}

/* A complete literal/length code over all 286 symbols: 0..225 at eight
 * bits, the rest at nine (226/256 + 60/512 = 1). */
static void plain_lit_lengths(uint8_t *ll)
{
    memset(ll, 9, 286);
    memset(ll, 8, 226);
}

static void finish(bw_t *w, text_t *out, const void *data, size_t n)
{
    put_trailer(w, data, n);
    *out = w->t;
}

/* Fixed block: literal 'a', then a match (length symbol lsym with extra
 * bits lx, distance symbol dsym with extra bits dx). */
static void fixed_match(text_t *out, unsigned lsym, unsigned lx, unsigned lxbits,
                        unsigned dsym, unsigned dx, unsigned dxbits)
{
    hcode_t lit, dist;
    bw_t w = {0};
    fixed_code(&lit, &dist);
    put_header(&w);
    put_bits(&w, 1, 1);
    put_bits(&w, 1, 2);
    put_sym(&w, &lit, 'a');
    put_sym(&w, &lit, lsym);
    put_bits(&w, lx, lxbits);
    put_sym(&w, &dist, dsym);
    put_bits(&w, dx, dxbits);
    put_sym(&w, &lit, 256);
    finish(&w, out, "a", 1);
}

static void test_header_messages(void **state)
{
    (void)state;
    static const struct {
        uint8_t h[12];
        const char *msg;
    } cases[] = {
        {{0x1f, 0x8c, 8, 0, 0, 0, 0, 0, 0, 3, 3, 0}, "incorrect header check"},
        {{0x78, 0x9c, 8, 0, 0, 0, 0, 0, 0, 3, 3, 0}, "incorrect header check"},
        {{0x1f, 0x8b, 7, 0, 0, 0, 0, 0, 0, 3, 3, 0}, "unknown compression method"},
        {{0x1f, 0x8b, 8, 0x20, 0, 0, 0, 0, 0, 3, 3, 0}, "unknown header flags set"},
        {{0x1f, 0x8b, 8, 0x80, 0, 0, 0, 0, 0, 3, 3, 0}, "unknown header flags set"},
        {{0x1f, 0x8b, 8, 2, 0, 0, 0, 0, 0, 3, 0, 0}, "header crc mismatch"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        text_t s = {0};
        tput(&s, cases[i].h, sizeof cases[i].h);
        expect(&s, V_ERROR, cases[i].msg);
        for (size_t len = 0; len < s.n; len++)
            check_stream(s.p, len, NULL);
        tfree(&s);
    }
    /* the right header CRC, and every optional field */
    text_t data = {0}, gz = {0};
    make_content(&data, 500, TEXT);
    unsigned char extra[300];
    memset(extra, 'x', sizeof extra);
    gz_header hdr;
    memset(&hdr, 0, sizeof hdr);
    hdr.extra = extra;
    hdr.extra_len = sizeof extra;
    hdr.name = (Bytef *)"";
    hdr.comment = (Bytef *)"a comment";
    hdr.hcrc = 1;
    deflate_member(&gz, &data, 6, Z_DEFAULT_STRATEGY, &hdr);
    expect(&gz, V_END, NULL);
    gz.p[10 + 2 + 300 + 1 + 10] ^= 1; /* the header CRC */
    expect(&gz, V_ERROR, "header crc mismatch");
    tfree(&gz);
    tfree(&data);
}

static void test_block_messages(void **state)
{
    (void)state;
    text_t s;
    bw_t w = {0};
    put_header(&w); /* block type 3 */
    put_bits(&w, 7, 3);
    finish(&w, &s, "", 0);
    expect(&s, V_ERROR, "invalid block type");
    tfree(&s);

    memset(&w, 0, sizeof w); /* stored lengths that do not match */
    put_header(&w);
    put_bits(&w, 1, 3);
    put_align(&w);
    put_bits(&w, 5, 16);
    put_bits(&w, 0xfffb, 16);
    put_bytes(&w, "hello", 5);
    finish(&w, &s, "hello", 5);
    expect(&s, V_ERROR, "invalid stored block lengths");
    tfree(&s);

    static const unsigned counts[2][2] = {{287, 30}, {286, 31}};
    for (int i = 0; i < 2; i++) { /* HLIT 30, HDIST 30 */
        memset(&w, 0, sizeof w);
        put_header(&w);
        put_bits(&w, 5, 3);
        put_bits(&w, counts[i][0] - 257, 5);
        put_bits(&w, counts[i][1] - 1, 5);
        put_bits(&w, 0, 4);
        finish(&w, &s, "", 0);
        expect(&s, V_ERROR, "too many length or distance symbols");
        tfree(&s);
    }
}

/* Header, then a last dynamic block up to its code lengths: the code
 * length code has the lengths cl[0, 19) (symbol order) and the symbols
 * syms follow (with their extra bits). */
static void cl_start(bw_t *w, const uint8_t *cl, unsigned nlen, unsigned ndist,
                     const unsigned (*syms)[2], size_t nsyms)
{
    static const unsigned xbits[3] = {2, 3, 7};
    hcode_t h;
    set_code(&h, cl, 19);
    put_header(w);
    put_dyn_start(w, 1, nlen, ndist, cl, 19);
    for (size_t i = 0; i < nsyms; i++) {
        put_sym(w, &h, syms[i][0]);
        if (syms[i][0] >= 16)
            put_bits(w, syms[i][1], xbits[syms[i][0] - 16]);
    }
}

/* cl_start, then some bits and a trailer: for header errors. */
static void cl_block(text_t *s, const uint8_t *cl, unsigned nlen, unsigned ndist,
                     const unsigned (*syms)[2], size_t nsyms)
{
    bw_t w = {0};
    cl_start(&w, cl, nlen, ndist, syms, nsyms);
    put_bits(&w, 0x5a5a, 16);
    finish(&w, s, "", 0);
}

static void test_code_length_messages(void **state)
{
    (void)state;
    text_t s;
    /* code length codes over-subscribed and incomplete (one code too) */
    static const uint8_t bad_cl[3][19] = {{1, 1, 1}, {2, 2, 2}, {1}};
    for (int i = 0; i < 3; i++) {
        cl_block(&s, bad_cl[i], 257, 1, NULL, 0);
        expect(&s, V_ERROR, "invalid code lengths set");
        tfree(&s);
    }
    /* 0..15 at five bits and 16, 17, 18 at four: 16/32 + 3/16 < 1 */
    uint8_t cl[19];
    memset(cl, 5, 16);
    cl[16] = cl[17] = cl[18] = 4;
    cl_block(&s, cl, 257, 1, NULL, 0);
    expect(&s, V_ERROR, "invalid code lengths set");
    tfree(&s);
    /* complete: 0..12 at four bits (13/16), 13..18 at five (6/32) */
    memset(cl, 4, 13);
    memset(cl + 13, 5, 6);
    const unsigned first16[][2] = {{16, 1}};
    cl_block(&s, cl, 257, 1, first16, 1);
    expect(&s, V_ERROR, "invalid bit length repeat");
    tfree(&s);
    const unsigned past_end[][2] = {{18, 127}, {18, 127}};
    cl_block(&s, cl, 257, 1, past_end, 2); /* 138 + 138 > 258 */
    expect(&s, V_ERROR, "invalid bit length repeat");
    tfree(&s);
    const unsigned to_end[][2] = {{18, 127}, {18, 108}, {17, 0}};
    cl_block(&s, cl, 257, 1, to_end, 3); /* 138 + 119 = 257, then 3 more */
    expect(&s, V_ERROR, "invalid bit length repeat");
    tfree(&s);
    /* every repeat code, and a repeat from the literal/length lengths
     * into the distance lengths: 'a' 1 bit, 'b' and 256 two, distances
     * 0..3 two bits each */
    const unsigned repeats[][2] = {{18, 86}, {1, 0}, {2, 0}, {18, 127}, {17, 7},
                                   {17, 6}, {2, 0}, {16, 0}, {2, 0}};
    bw_t w = {0};
    cl_start(&w, cl, 257, 4, repeats, sizeof repeats / sizeof *repeats);
    put_bits(&w, 0, 1);       /* 'a' */
    put_bits(&w, 1, 2);       /* 'b': code 10 */
    put_bits(&w, 3, 2);       /* 256: code 11 */
    finish(&w, &s, "ab", 2);
    expect(&s, V_END, NULL);
    for (size_t len = 0; len < s.n; len++)
        check_stream(s.p, len, NULL);
    tfree(&s);
}

/* Lengths for one dynamic block: ll[0, nlen), dl[0, ndist). */
typedef struct lens {
    uint8_t ll[286], dl[30];
    unsigned nlen, ndist;
} lens_t;

/* A dynamic block with these lengths, then literals 'a' 'b' (if they
 * have codes) and, when match, a match of length 3 at distance 2 (symbols
 * 257 and 1; when 1 has no code, whatever bits), then end of block (if it
 * has a code) and the trailer for what that should decode to. */
static void dyn_block(text_t *s, const lens_t *L, int match)
{
    hcode_t lit, dist;
    bw_t w = {0};
    set_code(&lit, L->ll, L->nlen);
    set_code(&dist, L->dl, L->ndist);
    put_header(&w);
    put_dynamic(&w, 1, L->ll, L->nlen, L->dl, L->ndist);
    const int ab = lit.len['a'] && lit.len['b'];
    if (ab) {
        put_sym(&w, &lit, 'a');
        put_sym(&w, &lit, 'b');
    }
    if (match) {
        put_sym(&w, &lit, 257);
        if (dist.len[1])
            put_sym(&w, &dist, 1);
        else
            put_bits(&w, 0x3ff, 10); /* whatever bits zlib meets */
    }
    if (lit.len[256])
        put_sym(&w, &lit, 256);
    finish(&w, s, "ababa", ab ? match ? 5 : 2 : 0);
}

static void plain_lens(lens_t *L)
{
    memset(L, 0, sizeof *L);
    plain_lit_lengths(L->ll);
    L->nlen = 286;
    L->ndist = 30;
    memset(L->dl, 5, 30);
    L->dl[0] = L->dl[1] = 4; /* 2/16 + 28/32 = 1 */
}

static void test_code_messages(void **state)
{
    (void)state;
    text_t s;
    lens_t L;
    plain_lens(&L); /* the baseline decodes */
    dyn_block(&s, &L, 1);
    expect(&s, V_END, NULL);
    tfree(&s);

    plain_lens(&L);
    L.ll[256] = 0;
    dyn_block(&s, &L, 0);
    expect(&s, V_ERROR, "invalid code -- missing end-of-block");
    tfree(&s);

    plain_lens(&L); /* over-subscribed, incomplete literal/length codes */
    L.ll[260] = 1;
    dyn_block(&s, &L, 0);
    expect(&s, V_ERROR, "invalid literal/lengths set");
    tfree(&s);
    plain_lens(&L);
    L.ll[285] = 0;
    dyn_block(&s, &L, 0);
    expect(&s, V_ERROR, "invalid literal/lengths set");
    tfree(&s);

    plain_lens(&L); /* over-subscribed, incomplete distance codes */
    L.dl[5] = 1;
    dyn_block(&s, &L, 0);
    expect(&s, V_ERROR, "invalid distances set");
    tfree(&s);
    plain_lens(&L);
    memset(L.dl, 0, sizeof L.dl);
    L.dl[1] = 2;
    dyn_block(&s, &L, 0);
    expect(&s, V_ERROR, "invalid distances set");
    tfree(&s);
    L.ndist = 1; /* distance code incomplete with one code of 2 bits */
    L.dl[0] = 2;
    dyn_block(&s, &L, 0);
    expect(&s, V_ERROR, "invalid distances set");
    tfree(&s);
}

/* The codes zlib accepts although they are not complete. */
static void test_odd_codes(void **state)
{
    (void)state;
    text_t s;
    lens_t L;
    plain_lens(&L); /* no distance codes: fine until one is needed */
    memset(L.dl, 0, sizeof L.dl);
    L.ndist = 1;
    dyn_block(&s, &L, 0);
    expect(&s, V_END, NULL);
    tfree(&s);
    dyn_block(&s, &L, 1);
    expect(&s, V_ERROR, "invalid distance code");
    tfree(&s);

    plain_lens(&L); /* one distance code of one bit */
    memset(L.dl, 0, sizeof L.dl);
    L.dl[1] = 1;
    dyn_block(&s, &L, 1);
    expect(&s, V_END, NULL);
    tfree(&s);
    L.dl[1] = 0; /* its other half: bit 1 is no code */
    L.dl[0] = 1;
    L.ndist = 2;
    dyn_block(&s, &L, 1);
    expect(&s, V_ERROR, "invalid distance code");
    tfree(&s);

    memset(&L, 0, sizeof L); /* only end of block, one bit */
    L.ll[256] = 1;
    L.nlen = 257;
    L.ndist = 1;
    dyn_block(&s, &L, 0);
    expect(&s, V_END, NULL);
    tfree(&s);
    bw_t w = {0};
    put_header(&w);
    put_dynamic(&w, 0, L.ll, 257, L.dl, 1);
    put_bits(&w, 0, 1); /* end of block */
    put_dynamic(&w, 1, L.ll, 257, L.dl, 1);
    put_bits(&w, 1, 1); /* the unused half */
    finish(&w, &s, "", 0);
    expect(&s, V_ERROR, "invalid literal/length code");
    tfree(&s);

    /* no code length codes at all: each bit reads as a zero length, so
     * end-of-block is missing, but only once all 258 are read */
    static const uint8_t none[19] = {0};
    const unsigned zeros[][2] = {{0, 0}};
    cl_block(&s, none, 257, 1, zeros, 0);
    expect(&s, V_TRUNC, NULL);
    tfree(&s);
    memset(&w, 0, sizeof w);
    put_header(&w);
    put_dyn_start(&w, 1, 257, 1, none, 4);
    put_bits(&w, 0, 32);
    for (int i = 0; i < 7; i++)
        put_bits(&w, 0xffffffff, 32);
    finish(&w, &s, "", 0);
    expect(&s, V_ERROR, "invalid code -- missing end-of-block");
    for (size_t len = 0; len < s.n; len++)
        check_stream(s.p, len, NULL);
    tfree(&s);
}

static void test_match_messages(void **state)
{
    (void)state;
    text_t s;
    fixed_match(&s, 286, 0, 0, 0, 0, 0);
    expect(&s, V_ERROR, "invalid literal/length code");
    tfree(&s);
    fixed_match(&s, 287, 0, 0, 0, 0, 0);
    expect(&s, V_ERROR, "invalid literal/length code");
    tfree(&s);
    fixed_match(&s, 257, 0, 0, 30, 0, 0);
    expect(&s, V_ERROR, "invalid distance code");
    tfree(&s);
    fixed_match(&s, 257, 0, 0, 31, 0, 0);
    expect(&s, V_ERROR, "invalid distance code");
    tfree(&s);
    fixed_match(&s, 257, 0, 0, 1, 0, 0); /* distance 2 after one byte */
    expect(&s, V_ERROR, "invalid distance too far back");
    tfree(&s);
    fixed_match(&s, 257, 0, 0, 0, 0, 0); /* distance 1: fine, "aaaa" */
    expect(&s, V_ERROR, "incorrect data check");
    tfree(&s);
    fixed_match(&s, 284, 31, 5, 0, 0, 0); /* length 258 from 284 + 31 */
    expect(&s, V_ERROR, "incorrect data check");
    tfree(&s);
}

/* Append the n bytes dist back from the end of t. */
static void put_copy(text_t *t, size_t dist, size_t n)
{
    char tmp[258];
    memcpy(tmp, t->p + t->n - dist, n);
    tput(t, tmp, n);
}

/* 32 KiB in stored blocks, then a fixed block with matches at distance
 * 32768, the farthest there is (and one more when more). */
static void far_match(text_t *s, text_t *content, int more, int chunks)
{
    hcode_t lit, dist;
    bw_t w = {0};
    fixed_code(&lit, &dist);
    make_content(content, 32768, RANDOM);
    put_header(&w);
    for (int i = 0; i < chunks; i++) { /* the 32 KiB as stored blocks */
        const unsigned n = 32768 / (unsigned)chunks;
        put_bits(&w, 0, 3);
        put_align(&w);
        put_bits(&w, n, 16);
        put_bits(&w, n ^ 0xffff, 16);
        put_bytes(&w, content->p + (size_t)i * n, n);
    }
    put_bits(&w, 1, 1);
    put_bits(&w, 1, 2);
    for (int k = 0; k < 3; k++) { /* 3 x 258 bytes from 32768 back */
        put_sym(&w, &lit, 285);
        put_sym(&w, &dist, 29);
        put_bits(&w, 8191, 13);
        put_copy(content, 32768, 258);
    }
    if (more) {
        put_sym(&w, &lit, 257);
        put_sym(&w, &dist, 29);
        put_bits(&w, 8191, 13);
        put_copy(content, 32768, 3);
    }
    put_sym(&w, &lit, 256);
    finish(&w, s, content->p, content->n);
}

static void test_far_matches(void **state)
{
    (void)state;
    for (int chunks = 1; chunks <= 4; chunks *= 2) {
        text_t s, content = {0};
        far_match(&s, &content, chunks == 4, chunks);
        outcome_t z;
        check_stream(s.p, s.n, &z);
        assert_int_equal(z.verdict, V_END);
        assert_int_equal(z.out.n, content.n);
        assert_memory_equal(z.out.p, content.p, content.n);
        tfree(&z.out);
        tfree(&s);
        tfree(&content);
    }
    /* one byte short of 32 KiB: distance 32768 is too far back */
    hcode_t lit, dist;
    bw_t w = {0};
    text_t s;
    fixed_code(&lit, &dist);
    put_header(&w);
    put_bits(&w, 0, 3);
    put_align(&w);
    put_bits(&w, 32767, 16);
    put_bits(&w, 32767 ^ 0xffff, 16);
    for (unsigned i = 0; i < 32767; i++)
        put_bits(&w, i * 7 & 0xff, 8);
    put_bits(&w, 3, 3);
    put_sym(&w, &lit, 257);
    put_sym(&w, &dist, 29);
    put_bits(&w, 8191, 13);
    put_sym(&w, &lit, 256);
    finish(&w, &s, "", 0);
    expect(&s, V_ERROR, "invalid distance too far back");
    tfree(&s);
}

static void test_trailer_messages(void **state)
{
    (void)state;
    text_t data = {0}, gz = {0};
    make_content(&data, 5000, PUZZLES);
    deflate_member(&gz, &data, 6, Z_DEFAULT_STRATEGY, NULL);
    gz.p[gz.n - 8] ^= 0x10;
    expect(&gz, V_ERROR, "incorrect data check");
    gz.p[gz.n - 8] ^= 0x10;
    gz.p[gz.n - 1] ^= 0x01;
    expect(&gz, V_ERROR, "incorrect length check");
    gz.p[gz.n - 1] ^= 0x01;
    expect(&gz, V_END, NULL);
    tfree(&gz);
    tfree(&data);
}

/* Stored members of every length up to 600 and a few large ones: the
 * CRC-32 of every length and alignment. */
static void test_check_values(void **state)
{
    (void)state;
    text_t data = {0};
    make_content(&data, 70000, RANDOM);
    for (size_t n = 0; n <= 600; n++) {
        text_t part = {0}, gz = {0};
        tput(&part, data.p + n % 16, n);
        deflate_member(&gz, &part, n % 2 ? 0 : 1, Z_DEFAULT_STRATEGY, NULL);
        outcome_t z;
        zlib_outcome((uint8_t *)gz.p, gz.n, &z);
        outcome_t o;
        our_outcome(dec, (uint8_t *)gz.p, gz.n, WHOLE, &seed, &o);
        assert_same(&z, &o);
        assert_int_equal(o.verdict, V_END);
        tfree(&o.out);
        tfree(&z.out);
        tfree(&gz);
        tfree(&part);
    }
    text_t gz = {0};
    deflate_member(&gz, &data, 0, Z_DEFAULT_STRATEGY, NULL);
    expect(&gz, V_END, NULL);
    tfree(&gz);
    tfree(&data);
}

/* ------------------------------------------------- random code shapes */

/* Lengths of a random complete code with k codes (k >= 2), none longer
 * than 15 bits: split random leaves of a one-leaf tree. */
static void random_tree(unsigned k, uint8_t *depth)
{
    unsigned n = 1;
    depth[0] = 0;
    while (n < k) {
        const unsigned i = (unsigned)(rnd_next(&seed) % n);
        if (depth[i] >= 15)
            continue;
        depth[i]++;
        depth[n++] = depth[i];
    }
}

/* Random lengths for symbols [0, n): k codes of a complete code on
 * random symbols (must, if < n, among them), then maybe one length
 * changed, which makes most codes over-subscribed or incomplete. */
static void random_lengths(uint8_t *lens, unsigned n, unsigned k, unsigned must)
{
    uint8_t depth[320];
    memset(lens, 0, n);
    if (k > n)
        k = n;
    if (k >= 2) {
        random_tree(k, depth);
    } else {
        depth[0] = 1; /* a one-code code */
        k = 1;
    }
    for (unsigned i = 0; i < k; i++) {
        unsigned s = i == 0 && must < n ? must : (unsigned)(rnd_next(&seed) % n);
        while (lens[s])
            s = (s + 1) % n;
        lens[s] = depth[i];
    }
    if (rnd_next(&seed) % 8 == 0)
        lens[rnd_next(&seed) % n] = (uint8_t)(rnd_next(&seed) % 16);
}

/* Symbols of a random block: literals, matches with random extra bits at
 * distances that mostly fit the output so far, end of block. */
static void random_symbols(bw_t *w, const hcode_t *lit, unsigned nlen, const hcode_t *dist,
                           unsigned ndist, size_t *done)
{
    static const uint8_t lx[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                   2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
    static const uint16_t db[30] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65,
                                    97, 129, 193, 257, 385, 513, 769, 1025, 1537,
                                    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
    const unsigned count = (unsigned)(rnd_next(&seed) % 400);
    for (unsigned i = 0; i < count; i++) {
        const unsigned sym = (unsigned)(rnd_next(&seed) % nlen);
        if (!lit->len[sym] || sym == 256)
            continue;
        put_sym(w, lit, sym);
        if (sym < 256) {
            (*done)++;
            continue;
        }
        if (sym < 286)
            put_bits(w, (uint32_t)rnd_next(&seed) & ((1u << lx[sym - 257]) - 1), lx[sym - 257]);
        unsigned d = (unsigned)(rnd_next(&seed) % ndist);
        for (int tries = 0; tries < 30 && (!dist->len[d] || db[d] > *done); tries++)
            d = (unsigned)(rnd_next(&seed) % ndist);
        if (!dist->len[d])
            return; /* what follows decides */
        put_sym(w, dist, d);
        const unsigned dx = d < 4 ? 0 : d / 2 - 1;
        put_bits(w, (uint32_t)rnd_next(&seed) & ((1u << dx) - 1), dx);
        *done += 3;
    }
    if (lit->len[256])
        put_sym(w, lit, 256);
}

/* One member of random dynamic blocks (and a few fixed and stored ones)
 * whose trailer matches what zlib decodes from it. */
static void random_member(text_t *s)
{
    bw_t w = {0};
    size_t done = 0;
    const unsigned blocks = 1 + (unsigned)(rnd_next(&seed) % 3);
    put_header(&w);
    for (unsigned b = 0; b < blocks; b++) {
        const int last = b + 1 == blocks;
        const uint64_t x = rnd_next(&seed);
        hcode_t lit, dist;
        if (x % 8 == 0) { /* fixed */
            fixed_code(&lit, &dist);
            put_bits(&w, (unsigned)last | 2, 3);
            random_symbols(&w, &lit, 286, &dist, 30, &done);
            continue;
        }
        lens_t L;
        L.nlen = 257 + (unsigned)((x >> 8) % 30);
        L.ndist = 1 + (unsigned)((x >> 16) % 30);
        random_lengths(L.ll, L.nlen, 2 + (unsigned)((x >> 24) % L.nlen), 256);
        random_lengths(L.dl, L.ndist, (unsigned)((x >> 40) % (L.ndist + 1)), 99);
        set_code(&lit, L.ll, L.nlen);
        set_code(&dist, L.dl, L.ndist);
        put_dynamic(&w, last, L.ll, L.nlen, L.dl, L.ndist);
        random_symbols(&w, &lit, L.nlen, &dist, L.ndist, &done);
    }
    const bw_t body = w; /* decode it once to learn the content */
    put_trailer(&w, "", 0);
    outcome_t z;
    zlib_outcome((uint8_t *)w.t.p, w.t.n, &z);
    w.t.n = body.t.n;
    w.acc = body.acc;
    w.cnt = body.cnt;
    put_trailer(&w, z.out.p, z.out.n);
    *s = w.t;
    tfree(&z.out);
}

/* Codes of every shape zlib accepts or rejects: deep subtables, one-code
 * and empty codes, lengths changed to break the code, symbols of both
 * tables in any order. */
static void test_random_codes(void **state)
{
    (void)state;
    long ends = 0, errors = 0;
    for (int i = 0; i < 1500; i++) {
        text_t s;
        random_member(&s);
        outcome_t z;
        check_stream(s.p, s.n, &z);
        ends += z.verdict == V_END;
        errors += z.verdict == V_ERROR;
        tfree(&z.out);
        if (i % 50 == 0)
            for (size_t len = 0; len < s.n; len += 1 + len / 16)
                check_stream(s.p, len, NULL);
        tfree(&s);
    }
    assert_true(ends > 300 && errors > 300);
}

/* Members back to back: each ends just after its trailer; what follows
 * is not touched; the end and errors stay until infl_reset. */
static void test_members_and_reset(void **state)
{
    (void)state;
    text_t a = {0}, b = {0}, gz = {0};
    make_content(&a, 20000, PUZZLES);
    make_content(&b, 3000, TEXT);
    deflate_member(&gz, &a, 6, Z_DEFAULT_STRATEGY, NULL);
    const size_t first = gz.n;
    deflate_member(&gz, &b, 1, Z_DEFAULT_STRATEGY, NULL);
    static uint8_t out[1 << 16];
    size_t used, got;
    infl_reset(dec);
    assert_int_equal(infl_step(dec, (uint8_t *)gz.p, gz.n, out, sizeof out, &used, &got),
                     INFL_END);
    assert_int_equal(used, first);
    assert_int_equal(got, a.n);
    assert_memory_equal(out, a.p, a.n);
    assert_int_equal(infl_step(dec, (uint8_t *)gz.p + used, gz.n - used, out, sizeof out,
                               &used, &got), INFL_END);
    assert_int_equal(used + got, 0);
    infl_reset(dec);
    assert_int_equal(infl_step(dec, (uint8_t *)gz.p + first, gz.n - first, out,
                               sizeof out, &used, &got), INFL_END);
    assert_int_equal(used, gz.n - first);
    assert_memory_equal(out, b.p, b.n);
    /* an error is sticky, with its message */
    infl_reset(dec);
    assert_int_equal(infl_step(dec, (const uint8_t *)"\x1f\x8c", 2, out, 1, &used, &got),
                     INFL_ERROR);
    assert_int_equal(infl_step(dec, (uint8_t *)gz.p, gz.n, out, 1, &used, &got), INFL_ERROR);
    assert_int_equal(used + got, 0);
    assert_string_equal(infl_message(dec), "incorrect header check");
    infl_reset(dec);
    assert_null(infl_message(dec));
    assert_int_equal(infl_step(dec, NULL, 0, out, 1, &used, &got), INFL_STALL);
    tfree(&gz);
    tfree(&a);
    tfree(&b);
}

static int setup(void **state)
{
    (void)state;
    dec = infl_new();
    return dec ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    infl_free(dec);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_header_messages),
        cmocka_unit_test(test_block_messages),
        cmocka_unit_test(test_code_length_messages),
        cmocka_unit_test(test_code_messages),
        cmocka_unit_test(test_odd_codes),
        cmocka_unit_test(test_match_messages),
        cmocka_unit_test(test_far_matches),
        cmocka_unit_test(test_random_codes),
        cmocka_unit_test(test_trailer_messages),
        cmocka_unit_test(test_check_values),
        cmocka_unit_test(test_members_and_reset),
        cmocka_unit_test(test_every_prefix),
        cmocka_unit_test(test_damaged_streams),
        cmocka_unit_test(test_zlib_streams),
        cmocka_unit_test(test_flushed_streams),
        cmocka_unit_test(test_big_streams),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
