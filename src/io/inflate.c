/*
 * inflate.c -- a gzip member decoder with zlib's exact behaviour.
 *
 * Why our own: the reader needs inflate at ISA-L speed, but ISA-L differs
 * from zlib on damaged input (it outputs bytes it never decoded, holds back
 * the last literals of a truncated stream, accepts incomplete codes).  This
 * decoder is fast and, for every input, ends where zlib ends: same output
 * bytes, same verdict, same message.
 *
 * The model.  The decoder is a state machine over the gzip member (header
 * fields, block headers, code tables, codes, trailer), like zlib's, so a
 * call can stop anywhere and the next one go on.  Bits come through a
 * 64-bit buffer, least significant bit first.  The rule that makes it exact:
 * the careful path takes one input byte at a time and only when the item it
 * is decoding (a header field, a code with its extra bits, a whole match)
 * needs more bits than it holds, and it acts on an item as soon as all the
 * item's bits are present, exactly where zlib does: errors in a header
 * before anything after it, a literal as soon as its code is complete, a
 * stored block copied as far as the input goes.  Between items fewer than
 * eight bits are buffered, so the bytes consumed at the end of a member
 * stop exactly after the trailer.
 *
 * Speed comes from the fast path, which decodes codes while at least
 * FAST_IN input bytes and FAST_OUT output bytes are left: it refills the
 * bit buffer eight bytes at a time without bounds checks, decodes up to two
 * literals per table lookup, looks up the next code while the refill's
 * load is under way, copies matches in 32-byte pieces (fewer bytes at a
 * time for distances under 32) that may run past the match, into the
 * output margin, and gives back the whole bytes it read ahead when it
 * stops.  With every bit of every item it starts already present, it
 * reaches the same results as the careful path, which takes over near the
 * end of the input or output.
 *
 * Tables.  A literal/length table has a root of LBITS index bits and
 * subtables for longer codes; a distance table has DBITS.  Each entry is 32
 * bits: the bits to drop (code plus extra bits), the code length of the
 * first symbol, flags, and a payload (one or two literals, a length or
 * distance base, a subtable offset).  Entries for codes zlib treats as
 * invalid (symbols 286, 287 and distances 30, 31 of the fixed code, the
 * unused half of a one-code code, any code of an empty distance code)
 * carry the bits zlib reads before it reports them.  The fixed tables are
 * built once per decoder.
 *
 * Output goes straight into the caller's buffer; the last 32 KiB of the
 * member's output are copied into the decoder's window at the end of each
 * call for matches that reach back before the buffer.  The CRC-32 of the
 * output is computed with carry-less multiplication when the processor has
 * it, else by zlib.
 */
#include "inflate.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#if defined(__x86_64__)
#include <immintrin.h>
#define INFL_X86 1
#endif

#define WSIZE 32768u     /* deflate's window: the farthest a match reaches */
#define LBITS 11         /* root index bits of the literal/length table */
#define DBITS 8          /* root index bits of the distance table */
#define CBITS 7          /* index bits of the code length code table */
/* Root plus subtables: a subtable of 2^k entries serves at least k + 1
 * codes of a complete code, so 286 codes need at most 286 * 16 / 5 more
 * entries past an 11-bit root, and 30 codes at most 30 * 128 / 8 past an
 * 8-bit root. */
#define LT_SIZE 3072
#define DT_SIZE 768
#define FAST_IN 16       /* input bytes the fast path keeps in reach */
#define FAST_OUT 336     /* output bytes: literals, a match, copy overrun */

/* Table entry: bits 0-7 bits to drop, 8-11 code length of the (first)
 * symbol or a subtable's index bits, 12-15 flags, 16-31 payload. */
#define E_SUB 0x1000u  /* root entry leading to a subtable */
#define E_PAIR 0x2000u /* two literals */
#define E_EXC 0x4000u  /* end of block, subtable or invalid code */
#define E_LIT 0x8000u  /* literal(s) */
#define E_EOB_VAL 1u   /* payload of an E_EXC entry for end of block */
#define E_NBITS(e) ((e) & 0xffu)
#define E_CLEN(e) (((e) >> 8) & 0xfu)
#define E_VAL(e) ((e) >> 16)
#define MASK(n) (((uint64_t)1 << (n)) - 1)

enum mode {
    M_HEAD,     /* the ten fixed header bytes */
    M_XLEN,     /* FEXTRA length */
    M_EXTRA,    /* FEXTRA data */
    M_NAME,     /* FNAME, to its zero byte */
    M_COMMENT,  /* FCOMMENT, to its zero byte */
    M_HCRC,     /* FHCRC */
    M_BLOCK,    /* block header bits, or the trailer after the last block */
    M_STORED,   /* stored block lengths */
    M_COPY,     /* stored block data */
    M_TABLE,    /* dynamic block counts */
    M_LENLENS,  /* code length code lengths */
    M_CODELENS, /* literal/length and distance code lengths */
    M_CODES,    /* compressed data */
    M_MATCH,    /* a match that did not fit in the output yet */
    M_TRAILER,  /* CRC-32 and ISIZE */
    M_DONE,
    M_BAD
};

enum kind { K_CODES, K_LITLEN, K_DIST };

typedef uint32_t (*crc_fn)(uint32_t crc, const uint8_t *p, size_t n);

struct infl {
    int mode;             /* enum mode */
    const char *msg;      /* zlib's message once mode is M_BAD */
    crc_fn crc_update;    /* CRC-32 routine for this processor */
    /* gzip header */
    unsigned hpos;        /* bytes seen of the current header field */
    unsigned hval;        /* the field's first byte */
    unsigned flags;       /* FLG */
    unsigned xleft;       /* FEXTRA bytes still to skip */
    uint32_t hcrc;        /* CRC-32 of the header bytes so far */
    /* bits */
    uint64_t bitbuf;      /* input bits not used yet, zeros above bitcnt */
    unsigned bitcnt;      /* bits in bitbuf */
    /* blocks */
    int last;             /* the current block is the last one */
    unsigned nlen, ndist, ncode; /* dynamic block code counts */
    unsigned have;        /* code lengths read so far */
    unsigned left;        /* stored bytes still to copy */
    uint32_t word;        /* stored lengths or trailer field, as read */
    unsigned wpos_bytes;  /* bytes of word read */
    unsigned mlen, mdist; /* match still to copy, and its distance */
    /* output */
    uint32_t crc;         /* CRC-32 of the member's output so far */
    uint64_t total;       /* member output before this call */
    const uint32_t *lcode, *dcode; /* tables of the current block */
    size_t wend;          /* the window is win[wend - WSIZE, wend) */
    uint8_t lens[320];    /* code lengths of a dynamic block */
    uint32_t clt[1u << CBITS];
    uint32_t lt[LT_SIZE];
    uint32_t dt[DT_SIZE];
    uint32_t flt[1u << LBITS]; /* fixed code tables */
    uint32_t fdt[1u << DBITS];
    uint8_t win[2 * WSIZE]; /* history; slid down when it fills */
};

/* One call's input and output. */
typedef struct cur {
    const uint8_t *in, *in_end;
    uint8_t *out, *out_end;
    uint8_t *out_base;    /* the call's output buffer */
    uint8_t *crc_at;      /* output before this is in d->crc */
} cur_t;

static const uint16_t len_base[29] = {
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
    35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t len_extra[29] = {
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
    3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t dist_base[30] = {
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
    257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289,
    16385, 24577};
static const uint8_t dist_extra[30] = {
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
    7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
/* order of the code length code lengths */
static const uint8_t cl_order[19] = {
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/* ------------------------------------------------------------ helpers */

static uint64_t load64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

static void copy8(uint8_t *dst, const uint8_t *src) { memcpy(dst, src, 8); }
static void copy16(uint8_t *dst, const uint8_t *src) { memcpy(dst, src, 16); }
static void copy32(uint8_t *dst, const uint8_t *src) { memcpy(dst, src, 32); }

static int fail(infl_t *d, const char *msg)
{
    d->msg = msg;
    d->mode = M_BAD;
    return 0;
}

/* Make at least need bits available, taking input bytes one at a time;
 * 0 when the input ran out first (the bytes taken stay buffered). */
static int need_bits(infl_t *d, cur_t *c, unsigned need)
{
    while (d->bitcnt < need) {
        if (c->in == c->in_end)
            return 0;
        d->bitbuf |= (uint64_t)*c->in++ << d->bitcnt;
        d->bitcnt += 8;
    }
    return 1;
}

static unsigned bits(const infl_t *d, unsigned n)
{
    return (unsigned)(d->bitbuf & MASK(n));
}

static void drop_bits(infl_t *d, unsigned n)
{
    d->bitbuf >>= n;
    d->bitcnt -= n;
}

/* The next whole byte: buffered bits first (after byte alignment), then
 * input.  -1 when there is none. */
static int next_byte(infl_t *d, cur_t *c)
{
    if (d->bitcnt >= 8) {
        const int b = (int)(d->bitbuf & 0xff);
        drop_bits(d, 8);
        return b;
    }
    return c->in < c->in_end ? *c->in++ : -1;
}

/* -------------------------------------------------------------- CRC-32 */

static uint32_t crc_zlib(uint32_t crc, const uint8_t *p, size_t n)
{
    while (n > 0) {
        const uInt k = n > (1u << 30) ? 1u << 30 : (uInt)n;
        crc = (uint32_t)crc32(crc, p, k);
        p += k;
        n -= k;
    }
    return crc;
}

#ifdef INFL_X86
/* CRC-32 by folding: 64 bytes at a time are multiplied forward with
 * carry-less products by x^(8*64+32) and x^(8*64-32) modulo the (bit
 * reflected) polynomial, then folded to 16 bytes and reduced by Barrett's
 * method.  Each constant is x^k mod P for the k named, bit reflected (32
 * bits) and shifted left by one; MU is x^64 / P and P itself, reflected
 * over 33 bits. */
#define CRC_K512A 0x154442bd4ull /* x^(4*128+32) mod P */
#define CRC_K512B 0x1c6e41596ull /* x^(4*128-32) mod P */
#define CRC_K128A 0x1751997d0ull /* x^(128+32) mod P */
#define CRC_K128B 0x0ccaa009eull /* x^(128-32) mod P */
#define CRC_K64 0x163cd6124ull   /* x^64 mod P */
#define CRC_P 0x1db710641ull     /* P */
#define CRC_MU 0x1f7011641ull    /* x^64 / P */

__attribute__((target("pclmul,sse4.1"))) static __m128i
fold128(__m128i acc, __m128i data, __m128i k)
{
    const __m128i lo = _mm_clmulepi64_si128(acc, k, 0x00);
    const __m128i hi = _mm_clmulepi64_si128(acc, k, 0x11);
    return _mm_xor_si128(_mm_xor_si128(lo, hi), data);
}

static __m128i load128(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}

/* Reduce the 128-bit remainder x to the 32-bit CRC. */
__attribute__((target("pclmul,sse4.1"))) static uint32_t
crc_reduce(__m128i x)
{
    const __m128i k64 = _mm_set_epi64x(0, (long long)CRC_K64);
    const __m128i k128b = _mm_set_epi64x(0, (long long)CRC_K128B);
    const __m128i mask32 = _mm_set_epi32(0, 0, 0, -1);
    /* 128 -> 96 bits */
    __m128i t = _mm_clmulepi64_si128(x, k128b, 0x00);
    x = _mm_xor_si128(_mm_srli_si128(x, 8), t);
    /* 96 -> 64 bits */
    t = _mm_clmulepi64_si128(_mm_and_si128(x, mask32), k64, 0x00);
    x = _mm_xor_si128(_mm_srli_si128(x, 4), t);
    /* Barrett reduction to 32 bits */
    const __m128i pm = _mm_set_epi64x((long long)CRC_P, (long long)CRC_MU);
    t = _mm_clmulepi64_si128(_mm_and_si128(x, mask32), pm, 0x00);
    t = _mm_clmulepi64_si128(_mm_and_si128(t, mask32), pm, 0x10);
    return (uint32_t)_mm_extract_epi32(_mm_xor_si128(x, t), 1);
}

__attribute__((target("pclmul,sse4.1"))) static uint32_t
crc_clmul(uint32_t crc, const uint8_t *p, size_t n)
{
    if (n < 64)
        return crc_zlib(crc, p, n);
    crc = ~crc;
    __m128i x0 = _mm_xor_si128(load128(p), _mm_cvtsi32_si128((int)crc));
    __m128i x1 = load128(p + 16), x2 = load128(p + 32), x3 = load128(p + 48);
    p += 64;
    n -= 64;
    const __m128i k512 = _mm_set_epi64x((long long)CRC_K512B, (long long)CRC_K512A);
    while (n >= 64) {
        x0 = fold128(x0, load128(p), k512);
        x1 = fold128(x1, load128(p + 16), k512);
        x2 = fold128(x2, load128(p + 32), k512);
        x3 = fold128(x3, load128(p + 48), k512);
        p += 64;
        n -= 64;
    }
    const __m128i k128 = _mm_set_epi64x((long long)CRC_K128B, (long long)CRC_K128A);
    x0 = fold128(x0, x1, k128);
    x0 = fold128(x0, x2, k128);
    x0 = fold128(x0, x3, k128);
    while (n >= 16) {
        x0 = fold128(x0, load128(p), k128);
        p += 16;
        n -= 16;
    }
    crc = ~crc_reduce(x0);
    return n ? crc_zlib(crc, p, n) : crc;
}

/* The same with 256-bit registers, 128 bytes a round: x^(8*128+32) and
 * x^(8*128-32) fold a register forward, x^(256+32) and x^(256-32) fold
 * the four together. */
#define CRC_K1024A 0x1e88ef372ull
#define CRC_K1024B 0x14a7fe880ull
#define CRC_K256A 0x0f1da05aaull
#define CRC_K256B 0x15a546366ull
#define VCLMUL_TARGET __attribute__((target("avx2,vpclmulqdq,pclmul,sse4.1")))

VCLMUL_TARGET static __m256i fold256(__m256i acc, __m256i data, __m256i k)
{
    const __m256i lo = _mm256_clmulepi64_epi128(acc, k, 0x00);
    const __m256i hi = _mm256_clmulepi64_epi128(acc, k, 0x11);
    return _mm256_xor_si256(_mm256_xor_si256(lo, hi), data);
}

VCLMUL_TARGET static __m256i load256(const uint8_t *p)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

VCLMUL_TARGET static uint32_t crc_vclmul(uint32_t crc, const uint8_t *p, size_t n)
{
    if (n < 256)
        return crc_clmul(crc, p, n);
    crc = ~crc;
    __m256i y0 = _mm256_xor_si256(load256(p), _mm256_set_epi32(0, 0, 0, 0, 0, 0, 0, (int)crc));
    __m256i y1 = load256(p + 32), y2 = load256(p + 64), y3 = load256(p + 96);
    p += 128;
    n -= 128;
    const __m256i k1024 = _mm256_set_epi64x((long long)CRC_K1024B, (long long)CRC_K1024A,
                                            (long long)CRC_K1024B, (long long)CRC_K1024A);
    while (n >= 128) {
        y0 = fold256(y0, load256(p), k1024);
        y1 = fold256(y1, load256(p + 32), k1024);
        y2 = fold256(y2, load256(p + 64), k1024);
        y3 = fold256(y3, load256(p + 96), k1024);
        p += 128;
        n -= 128;
    }
    const __m256i k256 = _mm256_set_epi64x((long long)CRC_K256B, (long long)CRC_K256A,
                                           (long long)CRC_K256B, (long long)CRC_K256A);
    y0 = fold256(y0, y1, k256);
    y0 = fold256(y0, y2, k256);
    y0 = fold256(y0, y3, k256);
    const __m128i k128 = _mm_set_epi64x((long long)CRC_K128B, (long long)CRC_K128A);
    __m128i x = fold128(_mm256_castsi256_si128(y0), _mm256_extracti128_si256(y0, 1), k128);
    while (n >= 16) {
        x = fold128(x, load128(p), k128);
        p += 16;
        n -= 16;
    }
    crc = ~crc_reduce(x);
    return n ? crc_zlib(crc, p, n) : crc;
}
#endif

static crc_fn pick_crc(void)
{
#ifdef INFL_X86
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("vpclmulqdq"))
        return crc_vclmul;
    if (__builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1"))
        return crc_clmul;
#endif
    return crc_zlib;
}

/* ------------------------------------------------------------- tables */

static unsigned reverse_bits(unsigned code, unsigned len)
{
    unsigned r = 0;
    for (unsigned i = 0; i < len; i++, code >>= 1)
        r = (r << 1) | (code & 1);
    return r;
}

/* The entry for symbol sym with a code of len bits. */
static uint32_t entry_for(int kind, unsigned sym, unsigned len)
{
    const uint32_t bad = E_EXC | len << 8 | len;
    if (kind == K_CODES)
        return sym << 16 | len << 8 | len;
    if (kind == K_DIST)
        return sym < 30 ? (uint32_t)dist_base[sym] << 16 | len << 8 |
                              (len + dist_extra[sym])
                        : bad;
    if (sym < 256)
        return sym << 16 | E_LIT | len << 8 | len;
    if (sym == 256)
        return E_EOB_VAL << 16 | E_EXC | len << 8 | len;
    if (sym < 286)
        return (uint32_t)len_base[sym - 257] << 16 | len << 8 |
               (len + len_extra[sym - 257]);
    return bad;
}

static void fill_entries(uint32_t *t, size_t n, uint32_t e)
{
    for (size_t i = 0; i < n; i++)
        t[i] = e;
}

/* zlib's rules for a set of code lengths: over-subscribed is invalid, and
 * so is incomplete except for a literal/length or distance code whose only
 * code has one bit.  Returns the longest length (0 for an empty code), or
 * -1 when invalid. */
static int check_lengths(const unsigned count[16], int kind)
{
    int max = 15;
    while (max > 0 && count[max] == 0)
        max--;
    if (max == 0)
        return 0;
    long left = 1;
    for (int len = 1; len <= 15; len++) {
        left = 2 * left - count[len];
        if (left < 0)
            return -1;
    }
    if (left > 0 && (kind == K_CODES || max != 1))
        return -1;
    return max;
}

/* Canonical codes, bit reversed for the table index, into code[sym]. */
static void assign_codes(const uint8_t *lens, unsigned n, const unsigned count[16],
                         uint16_t *code)
{
    unsigned next[16];
    unsigned c = 0;
    next[0] = 0;
    for (unsigned len = 1; len <= 15; len++) {
        c = (c + count[len - 1]) << 1;
        next[len] = c;
    }
    for (unsigned s = 0; s < n; s++)
        if (lens[s])
            code[s] = (uint16_t)reverse_bits(next[lens[s]]++, lens[s]);
}

/* Pair each root literal entry with the literal its remaining index bits
 * hold, when both codes fit in the root.  Descending order keeps every
 * entry read still a single one. */
static void pair_literals(uint32_t *t, unsigned root)
{
    for (unsigned i = 1u << root; i-- > 0;) {
        const uint32_t e1 = t[i];
        const unsigned l1 = E_NBITS(e1);
        if (!(e1 & E_LIT) || l1 >= root)
            continue;
        const uint32_t e2 = t[i >> l1];
        const unsigned l2 = E_CLEN(e2);
        if (!(e2 & E_LIT) || l1 + l2 > root)
            continue;
        t[i] = (e1 & 0xffff0000u) | (E_VAL(e2) & 0xff) << 24 | E_LIT | E_PAIR |
               l1 << 8 | (l1 + l2);
    }
}

/* Build the decoding table for the code lengths lens[0, n) into t (root
 * index bits, subtables after the root, cap entries in all).  Returns 0,
 * or -1 when zlib rejects the lengths. */
static int build_table(uint32_t *t, unsigned root, size_t cap, const uint8_t *lens,
                       unsigned n, int kind)
{
    unsigned count[16] = {0};
    uint16_t code[288];
    uint8_t maxlen[1u << LBITS];
    for (unsigned s = 0; s < n; s++)
        count[lens[s]]++;
    count[0] = 0;
    const int max = check_lengths(count, kind);
    const size_t size = (size_t)1 << root;
    if (max < 0)
        return -1;
    if (max == 0 || (max == 1 && count[1] == 1)) {
        /* zlib: no code at all decodes as an invalid code of one bit (as
         * length 0 for the code length code); a one-code code has its
         * other half invalid */
        fill_entries(t, size, kind == K_CODES ? 1u << 8 | 1 : E_EXC | 1u << 8 | 1);
        if (max == 0)
            return 0;
    }
    assign_codes(lens, n, count, code);
    memset(maxlen, 0, size);
    for (unsigned s = 0; s < n; s++)
        if (lens[s] > root && lens[s] > maxlen[code[s] & (size - 1)])
            maxlen[code[s] & (size - 1)] = lens[s];
    size_t used = size;
    for (unsigned s = 0; s < n; s++) {
        const unsigned len = lens[s];
        if (len == 0)
            continue;
        uint32_t *sub = t;
        unsigned idx = code[s], bits = len, span = root;
        const uint32_t e = entry_for(kind, s, len);
        if (len > root) {
            const unsigned pre = code[s] & (unsigned)(size - 1);
            span = (maxlen[pre] & 0x7fu) - root;
            if (!(maxlen[pre] & 0x80u)) { /* first code under pre */
                if (used + ((size_t)1 << span) > cap)
                    return -1; /* cannot happen for a complete code */
                t[pre] = (uint32_t)used << 16 | E_EXC | E_SUB | span << 8 | root;
                used += (size_t)1 << span;
                maxlen[pre] |= 0x80u;
            }
            sub = t + E_VAL(t[pre]);
            idx >>= root;
            bits = len - root;
        }
        for (size_t i = idx; i < ((size_t)1 << span); i += (size_t)1 << bits)
            sub[i] = e;
    }
    if (kind == K_LITLEN)
        pair_literals(t, root);
    return 0;
}

/* The fixed code of block type 1; symbols 286, 287 and distances 30, 31
 * exist in it and are invalid when used. */
static void build_fixed(infl_t *d)
{
    uint8_t l[288];
    memset(l, 8, 144);
    memset(l + 144, 9, 112);
    memset(l + 256, 7, 24);
    memset(l + 280, 8, 8);
    build_table(d->flt, LBITS, (size_t)1 << LBITS, l, 288, K_LITLEN);
    memset(l, 5, 32);
    build_table(d->fdt, DBITS, (size_t)1 << DBITS, l, 32, K_DIST);
}

/* ------------------------------------------------------------- output */

/* Add the output written so far in this call to the CRC. */
static void sync_crc(infl_t *d, cur_t *c)
{
    d->crc = d->crc_update(d->crc, c->crc_at, (size_t)(c->out - c->crc_at));
    c->crc_at = c->out;
}

/* Bytes of the member written so far, this call's included. */
static uint64_t out_total(const infl_t *d, const cur_t *c)
{
    return d->total + (uint64_t)(c->out - c->out_base);
}

/* Keep the last WSIZE bytes of output: append p[0, n) to the window. */
static void win_append(infl_t *d, const uint8_t *p, size_t n)
{
    if (n >= WSIZE) {
        memcpy(d->win, p + n - WSIZE, WSIZE);
        d->wend = WSIZE;
        return;
    }
    if (d->wend + n > 2 * WSIZE) {
        memmove(d->win, d->win + d->wend - WSIZE, WSIZE);
        d->wend = WSIZE;
    }
    memcpy(d->win + d->wend, p, n);
    d->wend += n;
}

/* Copy n bytes of a match at distance dist (checked against the output so
 * far) to c->out, byte by byte where source and destination overlap. */
static void copy_match(const infl_t *d, cur_t *c, unsigned dist, unsigned n)
{
    uint8_t *out = c->out;
    const size_t done = (size_t)(out - c->out_base);
    if (dist > done) { /* starts in the window */
        const size_t back = dist - done;
        const size_t k = back < n ? back : n;
        memcpy(out, d->win + d->wend - back, k);
        out += k;
        n -= (unsigned)k;
    }
    const uint8_t *src = out - dist;
    while (n--)
        *out++ = *src++;
    c->out = out;
}

/* The fast path's match copy: len bytes at distance dist <= bytes written,
 * in pieces that may write up to 63 bytes past the match.  Most matches
 * are short and far: those take two 32-byte moves and no loop. */
static uint8_t *copy_fast(uint8_t *out, unsigned dist, unsigned len)
{
    const uint8_t *src = out - dist;
    uint8_t *const end = out + len;
    if (dist >= 32) {
        copy32(out, src);
        copy32(out + 32, src + 32);
        if (len > 64) {
            out += 64;
            src += 64;
            do {
                copy32(out, src);
                out += 32;
                src += 32;
            } while (out < end);
        }
    } else if (dist >= 16) {
        do {
            copy16(out, src);
            out += 16;
            src += 16;
        } while (out < end);
    } else if (dist >= 8) {
        do {
            copy8(out, src);
            out += 8;
            src += 8;
        } while (out < end);
    } else if (dist == 1) {
        const uint64_t v = src[0] * 0x0101010101010101ull;
        do {
            memcpy(out, &v, 8);
            out += 8;
        } while (out < end);
    } else { /* each piece repeats the last dist bytes */
        do {
            copy8(out, src);
            out += dist;
            src += dist;
        } while (out < end);
    }
    return end;
}

/* -------------------------------------------------------------- header */

/* The header field after field m, skipping those the flags leave out. */
static int head_next(const infl_t *d, int m)
{
    switch (m) {
    case M_HEAD:
        if (d->flags & 4)
            return M_XLEN;
        /* fallthrough */
    case M_XLEN:
    case M_EXTRA:
        if (d->flags & 8)
            return M_NAME;
        /* fallthrough */
    case M_NAME:
        if (d->flags & 16)
            return M_COMMENT;
        /* fallthrough */
    case M_COMMENT:
        if (d->flags & 2)
            return M_HCRC;
        /* fallthrough */
    default:
        return M_BLOCK;
    }
}

static void next_field(infl_t *d, int m)
{
    d->mode = head_next(d, m);
    d->hpos = 0;
}

/* Take header byte b of the current field; 0 on a bad header. */
static int head_byte(infl_t *d, unsigned b)
{
    const unsigned pos = d->hpos++;
    switch (d->mode) {
    case M_HEAD:
        if (pos == 1 && (d->hval != 0x1f || b != 0x8b))
            return fail(d, "incorrect header check");
        if (pos == 3) {
            if (d->hval != 8)
                return fail(d, "unknown compression method");
            if (b & 0xe0)
                return fail(d, "unknown header flags set");
            d->flags = b;
        }
        if (pos == 0 || pos == 2)
            d->hval = b;
        if (pos == 9)
            next_field(d, M_HEAD);
        return 1;
    case M_XLEN:
        if (pos == 0) {
            d->hval = b;
        } else {
            d->xleft = d->hval | b << 8;
            if (d->xleft)
                d->mode = M_EXTRA;
            else
                next_field(d, M_EXTRA);
        }
        return 1;
    case M_EXTRA:
        if (--d->xleft == 0)
            next_field(d, M_EXTRA);
        return 1;
    case M_NAME:
    case M_COMMENT:
        if (b == 0)
            next_field(d, d->mode);
        return 1;
    default: /* M_HCRC */
        if (pos == 0) {
            d->hval = b;
            return 1;
        }
        if ((d->hval | b << 8) != (d->hcrc & 0xffff))
            return fail(d, "header crc mismatch");
        next_field(d, M_HCRC);
        return 1;
    }
}

static int run_head(infl_t *d, cur_t *c)
{
    while (d->mode < M_BLOCK) {
        if (c->in == c->in_end)
            return 0;
        const uint8_t b = *c->in++;
        if (d->mode != M_HCRC)
            d->hcrc = d->crc_update(d->hcrc, &b, 1);
        if (!head_byte(d, b))
            return 0;
    }
    return 1;
}

/* -------------------------------------------------------------- blocks */

/* Take one more input byte into the bit buffer; 0 when there is none. */
static int pull_byte(infl_t *d, cur_t *c)
{
    return need_bits(d, c, d->bitcnt + 1);
}

static void start_bytes(infl_t *d, int mode)
{
    drop_bits(d, d->bitcnt & 7);
    d->word = 0;
    d->wpos_bytes = 0;
    d->mode = mode;
}

static int run_block(infl_t *d, cur_t *c)
{
    if (d->last) {
        start_bytes(d, M_TRAILER);
        return 1;
    }
    if (!need_bits(d, c, 3))
        return 0;
    d->last = (int)bits(d, 1);
    const unsigned type = (unsigned)(d->bitbuf >> 1) & 3;
    drop_bits(d, 3);
    switch (type) {
    case 0:
        start_bytes(d, M_STORED);
        return 1;
    case 1:
        d->lcode = d->flt;
        d->dcode = d->fdt;
        d->mode = M_CODES;
        return 1;
    case 2:
        d->mode = M_TABLE;
        return 1;
    default:
        return fail(d, "invalid block type");
    }
}

static int run_stored(infl_t *d, cur_t *c)
{
    while (d->wpos_bytes < 4) {
        const int b = next_byte(d, c);
        if (b < 0)
            return 0;
        d->word |= (uint32_t)b << (8 * d->wpos_bytes++);
    }
    if ((d->word & 0xffff) != ((d->word >> 16) ^ 0xffff))
        return fail(d, "invalid stored block lengths");
    d->left = d->word & 0xffff;
    d->mode = M_COPY;
    return 1;
}

static int run_copy(infl_t *d, cur_t *c)
{
    if (d->left == 0) {
        d->mode = M_BLOCK;
        return 1;
    }
    size_t n = d->left;
    const size_t in_left = (size_t)(c->in_end - c->in);
    const size_t out_left = (size_t)(c->out_end - c->out);
    n = n < in_left ? n : in_left;
    n = n < out_left ? n : out_left;
    if (n == 0)
        return 0;
    memcpy(c->out, c->in, n);
    c->in += n;
    c->out += n;
    d->left -= (unsigned)n;
    return 1;
}

static int run_trailer(infl_t *d, cur_t *c)
{
    while (d->wpos_bytes < 8) {
        const int b = next_byte(d, c);
        if (b < 0)
            return 0;
        d->word |= (uint32_t)b << (8 * (d->wpos_bytes & 3));
        if (++d->wpos_bytes == 4) {
            sync_crc(d, c);
            if (d->word != d->crc)
                return fail(d, "incorrect data check");
            d->word = 0;
        }
    }
    if (d->word != (uint32_t)out_total(d, c))
        return fail(d, "incorrect length check");
    d->mode = M_DONE;
    return 0;
}

/* ------------------------------------------------------ dynamic header */

static int run_table(infl_t *d, cur_t *c)
{
    if (!need_bits(d, c, 14))
        return 0;
    d->nlen = bits(d, 5) + 257;
    drop_bits(d, 5);
    d->ndist = bits(d, 5) + 1;
    drop_bits(d, 5);
    d->ncode = bits(d, 4) + 4;
    drop_bits(d, 4);
    if (d->nlen > 286 || d->ndist > 30)
        return fail(d, "too many length or distance symbols");
    d->have = 0;
    d->mode = M_LENLENS;
    return 1;
}

static int run_lenlens(infl_t *d, cur_t *c)
{
    while (d->have < d->ncode) {
        if (!need_bits(d, c, 3))
            return 0;
        d->lens[cl_order[d->have++]] = (uint8_t)bits(d, 3);
        drop_bits(d, 3);
    }
    while (d->have < 19)
        d->lens[cl_order[d->have++]] = 0;
    if (build_table(d->clt, CBITS, (size_t)1 << CBITS, d->lens, 19, K_CODES) < 0)
        return fail(d, "invalid code lengths set");
    d->have = 0;
    d->mode = M_CODELENS;
    return 1;
}

/* After the code lengths: zlib's checks, then the tables. */
static int finish_codes(infl_t *d)
{
    if (d->lens[256] == 0)
        return fail(d, "invalid code -- missing end-of-block");
    if (build_table(d->lt, LBITS, LT_SIZE, d->lens, d->nlen, K_LITLEN) < 0)
        return fail(d, "invalid literal/lengths set");
    if (build_table(d->dt, DBITS, DT_SIZE, d->lens + d->nlen, d->ndist, K_DIST) < 0)
        return fail(d, "invalid distances set");
    d->lcode = d->lt;
    d->dcode = d->dt;
    d->mode = M_CODES;
    return 1;
}

static int run_codelens(infl_t *d, cur_t *c)
{
    static const uint8_t rep_bits[3] = {2, 3, 7}, rep_base[3] = {3, 3, 11};
    const unsigned n = d->nlen + d->ndist;
    while (d->have < n) {
        uint32_t e = d->clt[d->bitbuf & MASK(CBITS)];
        while (E_CLEN(e) > d->bitcnt) {
            if (!pull_byte(d, c))
                return 0;
            e = d->clt[d->bitbuf & MASK(CBITS)];
        }
        const unsigned len = E_CLEN(e), sym = E_VAL(e);
        if (sym < 16) {
            drop_bits(d, len);
            d->lens[d->have++] = (uint8_t)sym;
            continue;
        }
        const unsigned xb = rep_bits[sym - 16];
        if (!need_bits(d, c, len + xb))
            return 0;
        drop_bits(d, len);
        if (sym == 16 && d->have == 0)
            return fail(d, "invalid bit length repeat");
        const unsigned rep = rep_base[sym - 16] + bits(d, xb);
        drop_bits(d, xb);
        if (d->have + rep > n)
            return fail(d, "invalid bit length repeat");
        memset(d->lens + d->have, sym == 16 ? d->lens[d->have - 1] : 0, rep);
        d->have += rep;
    }
    return finish_codes(d);
}

/* ------------------------------------------------------- careful codes */

/* Decode one literal, end of block or whole match from the buffered bits.
 * Returns 1 when done, 0 on an error, -1 when more bits are needed. */
static int try_code(infl_t *d, cur_t *c)
{
    const uint64_t b = d->bitbuf;
    const unsigned have = d->bitcnt;
    uint32_t e = d->lcode[b & MASK(LBITS)];
    if (e & E_SUB) {
        if (have < LBITS)
            return -1;
        e = d->lcode[E_VAL(e) + ((b >> LBITS) & MASK(E_CLEN(e)))];
    }
    if (e & E_LIT) {
        if (have < E_CLEN(e))
            return -1;
        *c->out++ = (uint8_t)E_VAL(e);
        drop_bits(d, E_CLEN(e));
        return 1;
    }
    const unsigned ln = E_NBITS(e);
    if (have < ln)
        return -1;
    if (e & E_EXC) {
        if (!(E_VAL(e) & E_EOB_VAL))
            return fail(d, "invalid literal/length code");
        drop_bits(d, ln);
        d->mode = M_BLOCK;
        return 1;
    }
    const unsigned len = E_VAL(e) + (unsigned)((b & MASK(ln)) >> E_CLEN(e));
    const uint64_t db = b >> ln;
    uint32_t de = d->dcode[db & MASK(DBITS)];
    if (de & E_SUB) {
        if (have < ln + DBITS)
            return -1;
        de = d->dcode[E_VAL(de) + ((db >> DBITS) & MASK(E_CLEN(de)))];
    }
    const unsigned dn = E_NBITS(de);
    if (have < ln + dn)
        return -1;
    if (de & E_EXC)
        return fail(d, "invalid distance code");
    const unsigned dist = E_VAL(de) + (unsigned)((db & MASK(dn)) >> E_CLEN(de));
    if (dist > out_total(d, c))
        return fail(d, "invalid distance too far back");
    drop_bits(d, ln + dn);
    d->mlen = len;
    d->mdist = dist;
    d->mode = M_MATCH;
    return 1;
}

static int careful_code(infl_t *d, cur_t *c)
{
    if (c->out == c->out_end)
        return 0;
    for (;;) {
        const int r = try_code(d, c);
        if (r >= 0)
            return r;
        if (!pull_byte(d, c))
            return 0;
    }
}

static int run_match(infl_t *d, cur_t *c)
{
    const size_t room = (size_t)(c->out_end - c->out);
    if (room == 0)
        return 0;
    const unsigned n = d->mlen < room ? d->mlen : (unsigned)room;
    copy_match(d, c, d->mdist, n);
    d->mlen -= n;
    if (d->mlen == 0)
        d->mode = M_CODES;
    return 1;
}

/* ---------------------------------------------------------- fast codes */

/* The fast path's reader and writer.  Above the bc bits counted, bb may
 * hold more input bits, uncounted; a refill reads the eight bytes at in
 * and leaves 56 to 63 bits counted.  Output goes to out without checks. */
typedef struct fast {
    uint64_t bb;       /* input bits, least significant first */
    unsigned bc;       /* bits counted in bb */
    const uint8_t *in; /* first input byte not counted */
    uint8_t *out;
} fast_t;

static void f_refill(fast_t *f)
{
    f->bb |= load64(f->in) << f->bc;
    f->in += (63 - f->bc) >> 3;
    f->bc |= 56;
}

static void f_drop(fast_t *f, unsigned n)
{
    f->bb >>= n;
    f->bc -= n;
}

/* Write the one or two literals of e (two bytes in any case) and drop
 * their bits. */
static void f_lits(fast_t *f, uint32_t e)
{
    f->out[0] = (uint8_t)(e >> 16);
    f->out[1] = (uint8_t)(e >> 24);
    f->out += 1 + ((e >> 13) & 1);
    f_drop(f, E_NBITS(e));
}

/* Literal entry e and up to two more that follow (three entries of at
 * most LBITS bits fit in the 56 bits after a refill); returns the entry
 * after them. */
static uint32_t f_literals(fast_t *f, const uint32_t *lt, uint32_t e)
{
    f_lits(f, e);
    e = lt[f->bb & MASK(LBITS)];
    if (!(e & E_LIT))
        return e;
    f_lits(f, e);
    e = lt[f->bb & MASK(LBITS)];
    if (!(e & E_LIT))
        return e;
    f_lits(f, e);
    return lt[f->bb & MASK(LBITS)];
}

/* The entry for the code in front, from the root entry e of table t. */
static uint32_t f_entry(const fast_t *f, const uint32_t *t, unsigned root, uint32_t e)
{
    return e & E_SUB ? t[E_VAL(e) + ((f->bb >> root) & MASK(E_CLEN(e)))] : e;
}

/* A length or distance: the base of e plus the extra bits above its code;
 * drops code and extra bits. */
static unsigned f_value(fast_t *f, uint32_t e)
{
    const unsigned nb = E_NBITS(e);
    const unsigned v = E_VAL(e) + (unsigned)((f->bb & MASK(nb)) >> E_CLEN(e));
    f_drop(f, nb);
    return v;
}

/* Copy a match of the fast path that starts before this call's output:
 * from the window, or nothing and an error when it reaches back before
 * the member's first byte.  Returns the end of what was written. */
static uint8_t *f_far_match(infl_t *d, cur_t *c, uint8_t *out, unsigned dist,
                            unsigned len)
{
    c->out = out;
    if (dist > out_total(d, c))
        fail(d, "invalid distance too far back");
    else
        copy_match(d, c, dist, len);
    return c->out;
}

/* Decode codes while every item's bits are surely in reach (FAST_IN bytes
 * left: at most two refills per round) and the output has FAST_OUT bytes
 * of room.  The next literal/length entry is looked up from bits already
 * counted, before the refill that follows, so the lookup need not wait
 * for the refill's load.  Stops at the limits, at the end of the block or
 * at an error, and gives back the whole input bytes it read ahead. */
static void fast_codes(infl_t *d, cur_t *c)
{
    fast_t f = {d->bitbuf, d->bitcnt, c->in, c->out};
    const uint8_t *const in_lim = c->in_end - FAST_IN;
    const uint8_t *const out_lim = c->out_end - FAST_OUT;
    const uint32_t *const lt = d->lcode, *const dt = d->dcode;
    f_refill(&f);
    uint32_t e = lt[f.bb & MASK(LBITS)];
    while (f.in < in_lim && f.out < out_lim) { /* here f.bc >= 56 */
        if (e & E_LIT) {
            e = f_literals(&f, lt, e);
            f_refill(&f);
            continue;
        }
        if (e & E_EXC) { /* subtable, end of block or invalid */
            e = f_entry(&f, lt, LBITS, e);
            if (e & E_EXC) {
                f_drop(&f, E_NBITS(e));
                if (E_VAL(e) & E_EOB_VAL)
                    d->mode = M_BLOCK;
                else
                    fail(d, "invalid literal/length code");
                break;
            }
            if (e & E_LIT) { /* <= 15 bits */
                f_lits(&f, e);
                e = lt[f.bb & MASK(LBITS)];
                f_refill(&f);
                continue;
            }
        }
        const unsigned len = f_value(&f, e); /* <= 20 bits */
        uint32_t de = dt[f.bb & MASK(DBITS)];
        if (de & E_EXC) {
            de = f_entry(&f, dt, DBITS, de);
            if (de & E_EXC) {
                fail(d, "invalid distance code");
                break;
            }
        }
        if (f.bc < 28 + LBITS) /* the distance, then the next lookup */
            f_refill(&f);
        const unsigned dist = f_value(&f, de);
        e = lt[f.bb & MASK(LBITS)];
        f_refill(&f);
        if (dist > (size_t)(f.out - c->out_base)) {
            f.out = f_far_match(d, c, f.out, dist, len);
            if (d->mode == M_BAD)
                break;
            continue;
        }
        f.out = copy_fast(f.out, dist, len);
    }
    f.in -= f.bc >> 3;
    f.bc &= 7;
    d->bitbuf = f.bb & MASK(f.bc);
    d->bitcnt = f.bc;
    c->in = f.in;
    c->out = f.out;
}

static int fast_ok(const infl_t *d, const cur_t *c)
{
    return (size_t)(c->in_end - c->in) > FAST_IN &&
           (size_t)(c->out_end - c->out) > FAST_OUT && d->bitcnt < 8;
}

static int run_codes(infl_t *d, cur_t *c)
{
    if (fast_ok(d, c)) {
        fast_codes(d, c);
        if (d->mode != M_CODES)
            return d->mode != M_BAD;
    }
    return careful_code(d, c);
}

/* ---------------------------------------------------------------- API */

/* Advance the state machine by one step; 0 when it can go no further in
 * this call (input or output used up, member done, error). */
static int run(infl_t *d, cur_t *c)
{
    switch (d->mode) {
    case M_HEAD:
    case M_XLEN:
    case M_EXTRA:
    case M_NAME:
    case M_COMMENT:
    case M_HCRC:
        return run_head(d, c);
    case M_BLOCK: return run_block(d, c);
    case M_STORED: return run_stored(d, c);
    case M_COPY: return run_copy(d, c);
    case M_TABLE: return run_table(d, c);
    case M_LENLENS: return run_lenlens(d, c);
    case M_CODELENS: return run_codelens(d, c);
    case M_CODES: return run_codes(d, c);
    case M_MATCH: return run_match(d, c);
    case M_TRAILER: return run_trailer(d, c);
    default: return 0;
    }
}

void infl_reset(infl_t *d)
{
    d->mode = M_HEAD;
    d->msg = NULL;
    d->hpos = d->hval = d->flags = d->xleft = 0;
    d->hcrc = 0;
    d->bitbuf = 0;
    d->bitcnt = 0;
    d->last = 0;
    d->mlen = d->mdist = 0;
    d->crc = 0;
    d->total = 0;
    d->lcode = d->flt;
    d->dcode = d->fdt;
    d->wend = WSIZE;
}

infl_t *infl_new(void)
{
    infl_t *d = malloc(sizeof *d);
    if (!d)
        return NULL;
    memset(d, 0, sizeof *d);
    d->crc_update = pick_crc();
    build_fixed(d);
    infl_reset(d);
    return d;
}

void infl_free(infl_t *d)
{
    free(d);
}

infl_rc_t infl_step(infl_t *d, const uint8_t *in, size_t in_len, uint8_t *out,
                    size_t out_cap, size_t *in_used, size_t *out_len)
{
    if (!in_len) /* in may be NULL then; NULL + 0 is not C */
        in = (const uint8_t *)"";
    cur_t c = {in, in + in_len, out, out + out_cap, out, out};
    while (run(d, &c))
        ;
    const size_t n = (size_t)(c.out - out);
    *in_used = (size_t)(c.in - in);
    *out_len = n;
    if (d->mode == M_BAD)
        return INFL_ERROR;
    sync_crc(d, &c);
    win_append(d, out, n);
    d->total += n;
    if (d->mode == M_DONE)
        return INFL_END;
    return *in_used || n ? INFL_MORE : INFL_STALL;
}

const char *infl_message(const infl_t *d)
{
    return d->msg;
}
