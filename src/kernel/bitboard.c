/*
 * bitboard.c -- the "bandstack" and "bitboard" kernels: digit-by-band
 * bitboards, locked candidates by table lookup, singles, and depth-first
 * search.  "bandstack" (the default) also propagates along columns;
 * "bitboard" is the same machinery without that step, kept as a second,
 * simpler path that the cross-check compares against the reference too.
 *
 * Model.  The grid is three bands of 27 cells (bit 9*r + c of a band is its
 * row r, column c).  For every digit and band one 32-bit word holds the
 * cells where that digit can still go: 27 "subbands", cand[3*d + b].  A
 * digit occupies exactly one cell in each row and each box of a band, so
 * the mini-rows it uses (a mini-row, or triad, is the three cells of one row
 * inside one box) form a 3x3 permutation matrix of rows against boxes.
 * Updating a subband condenses its 27 bits to 9 triad bits and looks up
 * which triads still lie on some permutation; everything else is cleared.
 * One lookup applies locked candidates in both directions (pointing and
 * claiming between rows and boxes) and hidden singles in rows and boxes.
 * The columns left in each box then tell the two other bands of the digit
 * which columns they lose (a box whose digit is confined to one column),
 * and a row reduced to one cell is a placed digit, which is removed from
 * the other digits' subbands of that band.  The bandstack kernel adds the
 * view from the stacks: a column the digit can no longer take in two bands
 * must hold it in the third, so that band's box is confined to the column;
 * this finds hidden singles in columns and claiming from columns, and cuts
 * the guesses on hard puzzles by a fifth.  It runs over all digits at once
 * whenever the band rules and naked singles are done, which reaches the
 * same fixed point as applying it on every update at a fraction of the
 * cost.  Subbands are updated until none changes; then naked singles
 * come from counting, across the nine digits, cells seen once, twice and
 * three times.  The same counts give the cells with two candidates.
 *
 * Updates chain: each reads cells the one before it wrote, so the
 * latency of one update, not its instruction count, sets the pace on an
 * easy puzzle.  The tables therefore hold cells, not triads, wherever
 * that saves a lookup on the chain, and bandstack works out the first
 * round after loading, where all 27 subbands are pending, side by side
 * from the loaded state instead of one after another (first_round).
 *
 * Search branches on a cell of fewest candidates (nearly always two), and
 * among those on the one with the most open peers, whose placement reaches
 * furthest: on hard puzzles that needs about half the guesses of taking
 * the first such cell.  Of its two digits it tries first the one more of
 * its open peers can take (first_digit).  Search is iterative: a frame on
 * an explicit stack in the state keeps the candidates from before a guess
 * and the digits still to try, so counting every solution of a nearly
 * empty grid needs no recursion.  With SF_LEX the branch cell is the
 * first open cell in row-major order and digits are tried ascending,
 * which makes the first solution found the smallest.
 *
 * A pencilmark puzzle (solve_cands) loads its cells with one candidate as
 * givens, then intersects every subband with the candidate masks; the
 * search is the same code for both entries.
 *
 * All tables below are constant expressions; the kernel's mutable state is
 * the caller's block, so any number of threads may solve at once.
 */
#include <string.h>

#include "kernels.h"

#if defined(__SSE2__)
#include <immintrin.h>
#endif

/* PEXT takes one cycle on Intel since Haswell and on AMD since Zen 3, but
 * is microcoded (hundreds of cycles) on Zen 1 and 2: use it only when the
 * compiler targets one of the former (-march=native on such a machine, or
 * a named CPU); a generic x86-64-v3 build takes the table path. */
#if defined(__BMI2__) &&                                                   \
    (defined(__AVX512F__) || defined(__znver3__) || defined(__znver4__) ||  \
     defined(__znver5__) || defined(__haswell__) || defined(__broadwell__) || \
     defined(__skylake__) || defined(__skylake_avx512__) ||                 \
     defined(__cannonlake__) || defined(__icelake_client__) ||              \
     defined(__icelake_server__) || defined(__cascadelake__) ||             \
     defined(__tigerlake__) || defined(__cooperlake__) ||                   \
     defined(__sapphirerapids__) || defined(__alderlake__) ||               \
     defined(__rocketlake__) || defined(__corei7__))
#define FAST_PEXT 1
#else
#define FAST_PEXT 0
#endif

#define ALL27 0x7ffffffu

/* --------------------------------------------------------------- tables */

#define TAB4(f, n) f(n), f((n) + 1), f((n) + 2), f((n) + 3)
#define TAB16(f, n) TAB4(f, n), TAB4(f, (n) + 4), TAB4(f, (n) + 8), \
                    TAB4(f, (n) + 12)
#define TAB64(f, n) TAB16(f, n), TAB16(f, (n) + 16), TAB16(f, (n) + 32), \
                    TAB16(f, (n) + 48)
#define TAB512(f) TAB64(f, 0), TAB64(f, 64), TAB64(f, 128), TAB64(f, 192), \
                  TAB64(f, 256), TAB64(f, 320), TAB64(f, 384), TAB64(f, 448)

#define BIT(v, i) ((((unsigned)(v)) >> (i)) & 1u)
#define ONE3(v) ((v) == 1u || (v) == 2u || (v) == 4u)
#define GROUP(v, k) ((((unsigned)(v)) >> (3 * (k))) & 7u)

/* 9 cells of a row -> 3 triad bits (box k has a cell). */
#define ROW_TRIADS(v) \
    ((GROUP(v, 0) != 0) | (GROUP(v, 1) != 0) << 1 | (GROUP(v, 2) != 0) << 2)

/* The six permutation matrices as triad sets (bit 3*row + box). */
#define FITS(t, p) ((((unsigned)(t) & (p)) == (p)) ? (p) : 0u)
#define ALLOWED(t) (FITS(t, 0x111u) | FITS(t, 0x0a1u) | FITS(t, 0x10au) | \
                    FITS(t, 0x062u) | FITS(t, 0x08cu) | FITS(t, 0x054u))

/* Triad set -> its cells: triad i is cells 3i .. 3i+2. */
#define EXPAND(a) \
    (BIT(a, 0) * 07u | BIT(a, 1) * 070u | BIT(a, 2) * 0700u | \
     BIT(a, 3) * 07000u | BIT(a, 4) * 070000u | BIT(a, 5) * 0700000u | \
     BIT(a, 6) * 07000000u | BIT(a, 7) * 070000000u | BIT(a, 8) * 0700000000u)

/* Triads of a that are the only one left in their row. */
#define SOLO_ROW(a, r) (ONE3(GROUP(a, r)) ? ((a) & (7u << (3 * (r)))) : 0u)
#define SOLO(a) (SOLO_ROW(a, 0) | SOLO_ROW(a, 1) | SOLO_ROW(a, 2))

/* Columns (9 bits) that are the only column of their box left. */
#define LONE_BOX(c, k) (ONE3(GROUP(c, k)) ? ((c) & (7u << (3 * (k)))) : 0u)
#define LONE_COLS(c) (LONE_BOX(c, 0) | LONE_BOX(c, 1) | LONE_BOX(c, 2))
/* Triads (all rows) of the boxes confined to one column. */
#define LONE_TRIADS(c) ((ONE3(GROUP(c, 0)) ? 0111u : 0u) | \
                        (ONE3(GROUP(c, 1)) ? 0222u : 0u) | \
                        (ONE3(GROUP(c, 2)) ? 0444u : 0u))

typedef struct triad_rule {
    uint32_t keep;  /* cells on some permutation of rows to boxes; 0: none */
    uint32_t solo;  /* cells of the triads alone in their row after that */
} triad_rule_t;

typedef struct column_rule {
    uint32_t other; /* cells the digit keeps in the two other bands */
    uint32_t lone;  /* cells of the boxes confined to one column */
} column_rule_t;

#define ROW_TRIADS_ENTRY(v) ROW_TRIADS(v)
#define TRIAD_ENTRY(t) {EXPAND(ALLOWED(t)), EXPAND(SOLO(ALLOWED(t)))}
#define COLUMN_ENTRY(c) \
    {ALL27 & ~(LONE_COLS(c) * 01001001u), EXPAND(LONE_TRIADS(c))}

#if !FAST_PEXT
static const uint8_t row_triads[512] = {TAB512(ROW_TRIADS_ENTRY)};
#endif
static const triad_rule_t triad_rules[512] = {TAB512(TRIAD_ENTRY)};
static const column_rule_t column_rules[512] = {TAB512(COLUMN_ENTRY)};

/* Columns (9 bits) the digit must take in this band (the other bands have
 * no place in them) -> cells it keeps: a box with one such column is
 * confined to it; a box with two or more is impossible. */
#define COLS_OF_BOX(k) (07u << (3 * (k)))
#define NEED_KEEP(r, k) \
    (GROUP(r, k) == 0 ? COLS_OF_BOX(k) \
                      : ONE3(GROUP(r, k)) ? ((r) & COLS_OF_BOX(k)) : 0u)
#define NEED_ENTRY(r) \
    ((NEED_KEEP(r, 0) | NEED_KEEP(r, 1) | NEED_KEEP(r, 2)) * 01001001u)
static const uint32_t need_rules[512] = {TAB512(NEED_ENTRY)};

/* A digit's givens in a band, as triads (bit 3*r + k) -> the cells of
 * their rows and boxes, or GIVENS_CLASH when two share a row or a box. */
#define GIVENS_CLASH 0x80000000u
#define ONE_OR_NONE(v) (((v) & ((v) - 1u)) == 0u)
#define GIVENS_OK(t) \
    (ONE_OR_NONE(GROUP(t, 0)) && ONE_OR_NONE(GROUP(t, 1)) && \
     ONE_OR_NONE(GROUP(t, 2)) && \
     ((GROUP(t, 0) & GROUP(t, 1)) | (GROUP(t, 0) & GROUP(t, 2)) | \
      (GROUP(t, 1) & GROUP(t, 2))) == 0u)
#define GIVENS_BOXES(k) (((k) & 1u ? 07007007u : 0u) | \
                         ((k) & 2u ? 070070070u : 0u) | \
                         ((k) & 4u ? 0700700700u : 0u))
#define GIVENS_ENTRY(t) \
    (GIVENS_OK(t) ? (GROUP(t, 0) ? 0777u : 0u) | \
                        (GROUP(t, 1) ? 0777000u : 0u) | \
                        (GROUP(t, 2) ? 0777000000u : 0u) | \
                        GIVENS_BOXES(GROUP(t, 0) | GROUP(t, 1) | GROUP(t, 2)) \
                  : GIVENS_CLASH)
static const uint32_t givens_rules[512] = {TAB512(GIVENS_ENTRY)};

/* The columns (9 bits) of a subband that hold a candidate. */
#define FOLD(x) (((x) | (x) >> 9 | (x) >> 18) & 0777u)

/* Within a band: the row and box of a cell, less the cell itself; and the
 * cell's column. */
#define BAND_PEERS(p) \
    (((0777u << (9 * ((p) / 9))) | (07007007u << (3 * ((p) % 9 / 3)))) & \
     ~(1u << (p)))
#define BAND_COLUMN(p) (01001001u << ((p) % 9))
#define BAND_CELL_ENTRY(p) {BAND_PEERS(p), BAND_COLUMN(p)}

typedef struct band_cell {
    uint32_t peers;  /* same row or box, in the band */
    uint32_t column; /* same column, in any band */
} band_cell_t;

static const band_cell_t band_cells[27] = {
    TAB16(BAND_CELL_ENTRY, 0), TAB4(BAND_CELL_ENTRY, 16),
    TAB4(BAND_CELL_ENTRY, 20), BAND_CELL_ENTRY(24), BAND_CELL_ENTRY(25),
    BAND_CELL_ENTRY(26)};

/* Subband s = 3*d + b: offsets of the same digit's two other bands; and
 * the two other bands of band b. */
static const int8_t sub_next[3][2] = {{1, 2}, {-1, 1}, {-2, -1}};
static const uint8_t sub_other[3][2] = {{1, 2}, {0, 2}, {0, 1}};

/* ---------------------------------------------------------------- state */

typedef struct bb_frame {
    uint32_t cand[27];     /* candidates before the guess */
    uint32_t unsolved[3];  /* open cells before the guess */
    uint16_t rest;         /* digits (bit d) still to try */
    uint8_t band, pos;     /* the cell guessed */
    uint32_t pad;
} bb_frame_t;

typedef struct bb_state {
    _Alignas(64) uint32_t cand[32]; /* cand[3*d + b]; 27..31 stay 0 */
    uint32_t prev[32];     /* cand as last updated; a difference is work */
    uint32_t unsolved[4];  /* cells of each band with no digit placed */
    uint32_t pairs[4];     /* cells of each band with two candidates */
    uint32_t stack_runs;   /* stack passes run for this puzzle... */
    uint32_t stack_hits;   /* ...those that removed a candidate... */
    uint32_t stack_waits;  /* ...and chances to run one that were let go */
    uint32_t picks;        /* guesses made for this puzzle... */
    uint32_t fails;        /* ...and guesses that were undone */
    bb_frame_t stack[81];  /* one frame per open guess */
} bb_state_t;

enum { BB_FAIL, BB_SOLVED, BB_OPEN };

static inline unsigned lowest(uint32_t x)
{
    return (unsigned)__builtin_ctz(x);
}

/* Subbands whose candidates changed since their last update. */
static inline uint32_t pending(const bb_state_t *st)
{
#if defined(__AVX512F__)
    const __m512i c0 = _mm512_load_si512((const void *)st->cand);
    const __m512i c1 = _mm512_load_si512((const void *)(st->cand + 16));
    const __m512i p0 = _mm512_load_si512((const void *)st->prev);
    const __m512i p1 = _mm512_load_si512((const void *)(st->prev + 16));
    return (uint32_t)_mm512_cmpneq_epi32_mask(c0, p0) |
           (uint32_t)_mm512_cmpneq_epi32_mask(c1, p1) << 16;
#elif defined(__AVX2__)
    uint32_t same = 0;
    for (int i = 0; i < 4; i++) {
        const __m256i c = _mm256_load_si256((const __m256i *)st->cand + i);
        const __m256i p = _mm256_load_si256((const __m256i *)st->prev + i);
        const __m256 eq = _mm256_castsi256_ps(_mm256_cmpeq_epi32(c, p));
        same |= (uint32_t)_mm256_movemask_ps(eq) << (8 * i);
    }
    return ~same;
#elif defined(__SSE2__)
    uint32_t same = 0;
    for (int i = 0; i < 8; i++) {
        const __m128i c = _mm_load_si128((const __m128i *)st->cand + i);
        const __m128i p = _mm_load_si128((const __m128i *)st->prev + i);
        const __m128 eq = _mm_castsi128_ps(_mm_cmpeq_epi32(c, p));
        same |= (uint32_t)_mm_movemask_ps(eq) << (4 * i);
    }
    return ~same;
#else
    uint32_t diff = 0;
    for (unsigned s = 0; s < 27; s++)
        diff |= (uint32_t)(st->cand[s] != st->prev[s]) << s;
    return diff;
#endif
}

/* The triads (bit 3*r + k) of a subband that hold a candidate: one PEXT
 * where it is fast (FAST_PEXT), else three table lookups. */
static inline unsigned triads_of(uint32_t x)
{
#if FAST_PEXT
    return (unsigned)_pext_u32(x | x >> 1 | x >> 2, 01111111111u);
#else
    return row_triads[x & 0777u] | row_triads[(x >> 9) & 0777u] << 3 |
           row_triads[x >> 18] << 6;
#endif
}

/* Remove cells from every digit's subband of band b. */
static inline void clear_band(bb_state_t *st, unsigned b, uint32_t cells)
{
    uint32_t *const band = st->cand + b;
    band[0] &= ~cells, band[3] &= ~cells, band[6] &= ~cells;
    band[9] &= ~cells, band[12] &= ~cells, band[15] &= ~cells;
    band[18] &= ~cells, band[21] &= ~cells, band[24] &= ~cells;
    st->unsolved[b] &= ~cells;
}

/* Place digit d at cell pos of band b (its candidate must be set). */
static inline void place(bb_state_t *st, unsigned d, unsigned b, unsigned pos)
{
    const uint32_t bit = 1u << pos;
    const unsigned s = 3 * d + b;
    const uint32_t col = band_cells[pos].column;
    const uint32_t mine = st->cand[s] & ~band_cells[pos].peers;
    clear_band(st, b, bit);
    st->cand[s] = mine;
    st->cand[s + sub_next[b][0]] &= ~col;
    st->cand[s + sub_next[b][1]] &= ~col;
}

/* Update subband s (band b; s1 and s2 the digit's other bands): locked
 * candidates, columns for the other bands, and placed digits.  Returns 0
 * when the digit has no place left. */
static inline int update(bb_state_t *st, unsigned s, unsigned b, unsigned s1,
                         unsigned s2)
{
    uint32_t x = st->cand[s];
    const unsigned triads = triads_of(x);
    const triad_rule_t tr = triad_rules[triads];
    x &= tr.keep;
    if (x == 0)
        return 0;
    st->prev[s] = x;
    const column_rule_t cr = column_rules[FOLD(x)];
    st->cand[s1] &= cr.other;
    st->cand[s2] &= cr.other;
    const uint32_t solved = tr.solo & cr.lone & x;
    clear_band(st, b, solved);
    st->cand[s] = x;
    return 1;
}

/* The view from the stacks: a column the digit can no longer take in two
 * bands must hold it in the third, which confines that band's box to the
 * column (hidden singles in columns, claiming from columns to boxes).
 * Applied to every digit at once, when the band rules and naked singles
 * have nothing left to do.  Returns 1 when it removed a candidate. */
static int stack_pass(bb_state_t *st)
{
    uint32_t changed = 0;
    for (unsigned s = 0; s < 27; s += 3) {
        const uint32_t x0 = st->cand[s], x1 = st->cand[s + 1],
                       x2 = st->cand[s + 2];
        const uint32_t c0 = FOLD(x0), c1 = FOLD(x1), c2 = FOLD(x2);
        const uint32_t y0 = x0 & need_rules[0777u & ~(c1 | c2)];
        const uint32_t y1 = x1 & need_rules[0777u & ~(c0 | c2)];
        const uint32_t y2 = x2 & need_rules[0777u & ~(c0 | c1)];
        changed |= (x0 ^ y0) | (x1 ^ y1) | (x2 ^ y2);
        st->cand[s] = y0, st->cand[s + 1] = y1, st->cand[s + 2] = y2;
    }
    return changed != 0;
}

/* The first round of settle on a freshly loaded state, where every
 * subband is pending: each subband's rules are worked out from the loaded
 * state alone, all 27 side by side, and applied together.  Applying them
 * one after another (settle) would chain every update to the one before
 * it through the cells they share; here nothing waits.  The rules are
 * update()'s, spelled out again because update() keeps its early return
 * on the chain (sharing one helper cost the hard sets 1-2%).  A cell two
 * digits claim is a contradiction.  Returns 0 on one. */
static int first_round(bb_state_t *st)
{
    uint32_t keep[27], other[27], mine[27];
    uint32_t seen[3] = {0, 0, 0}, twice = 0;
    for (unsigned s = 0; s < 27; s++) {
        const uint32_t x0 = st->cand[s];
        const triad_rule_t tr = triad_rules[triads_of(x0)];
        const uint32_t x = x0 & tr.keep;
        if (x == 0)
            return 0;
        const column_rule_t cr = column_rules[FOLD(x)];
        const uint32_t solved = tr.solo & cr.lone & x;
        keep[s] = x, other[s] = cr.other, mine[s] = solved;
        twice |= seen[s % 3] & solved;
        seen[s % 3] |= solved;
    }
    if (twice)
        return 0;
    for (unsigned s = 0; s < 27; s++) {
        const unsigned b = s % 3;
        st->cand[s] = keep[s] & other[s + sub_next[b][0]] &
                      other[s + sub_next[b][1]] & ~(seen[b] & ~mine[s]);
        st->prev[s] = keep[s];
    }
    for (unsigned b = 0; b < 3; b++)
        st->unsolved[b] &= ~seen[b];
    return 1;
}

/* Update subbands until none changes.  Returns 0 on a contradiction. */
static int settle(bb_state_t *st)
{
    for (uint32_t m = pending(st); m; m = pending(st)) {
        do {
            const unsigned s = lowest(m), b = s % 3;
            if (!update(st, s, b, s + sub_next[b][0], s + sub_next[b][1]))
                return 0;
            m &= m - 1;
        } while (m);
    }
    return 1;
}

/* For each band, the cells with at least 1, 2, ..., n candidates:
 * atleast[k][b] for k < n (n at most 4). */
static inline __attribute__((always_inline)) void
count_candidates(const bb_state_t *st, unsigned n, uint32_t atleast[][4])
{
#if defined(__SSE2__)
    /* Digit d's three bands, plus a lane of junk, in one vector. */
    __m128i lv[4];
    for (unsigned k = 0; k < n; k++)
        lv[k] = _mm_setzero_si128();
    for (unsigned d = 0; d < 9; d++) {
        const __m128i x = _mm_loadu_si128((const __m128i *)(st->cand + 3 * d));
        for (unsigned k = n - 1; k > 0; k--)
            lv[k] = _mm_or_si128(lv[k], _mm_and_si128(lv[k - 1], x));
        lv[0] = _mm_or_si128(lv[0], x);
    }
    for (unsigned k = 0; k < n; k++)
        _mm_storeu_si128((__m128i *)atleast[k], lv[k]);
#else
    for (unsigned b = 0; b < 3; b++) {
        for (unsigned k = 0; k < n; k++)
            atleast[k][b] = 0;
        for (unsigned s = b; s < 27; s += 3) {
            for (unsigned k = n - 1; k > 0; k--)
                atleast[k][b] |= atleast[k - 1][b] & st->cand[s];
            atleast[0][b] |= st->cand[s];
        }
    }
#endif
}

/* Place every naked single, and record the bivalue cells.  Returns -1 on
 * a cell without candidates, else the number of cells placed. */
static int naked_singles(bb_state_t *st)
{
    uint32_t n[3][4];
    int placed = 0;
    count_candidates(st, 3, n);
    for (unsigned b = 0; b < 3; b++) {
        if (n[0][b] != ALL27)
            return -1;
        st->pairs[b] = n[1][b] & ~n[2][b];
        /* Placing a single can empty a later one: then it has no digit. */
        for (uint32_t one = n[0][b] & ~n[1][b] & st->unsolved[b]; one;
             one &= one - 1) {
            const unsigned pos = lowest(one);
            unsigned d = 0;
            while (d < 9 && !(st->cand[3 * d + b] >> pos & 1u))
                d++;
            if (d == 9)
                return -1;
            place(st, d, b, pos);
            placed++;
        }
    }
    return placed;
}

/* Run the stack pass at this fixed point?  On most puzzles it often
 * finds something, but on some (many solutions, few clues) it nearly
 * never does and its cost per node shows: once it has run 8 times and
 * fewer than 1 in 16 of those removed a candidate, it runs only at every
 * 8th chance for the rest of the puzzle.  The rule depends on the puzzle
 * alone, so the search stays deterministic. */
static inline int stack_due(bb_state_t *st)
{
    if (st->stack_runs >= 8 && st->stack_hits * 16 < st->stack_runs &&
        (st->stack_waits++ & 7) != 0)
        return 0;
    st->stack_runs++;
    return 1;
}

/* Settle, then place naked singles, until neither finds anything. */
static inline __attribute__((always_inline)) int propagate(bb_state_t *st,
                                                           const int stacks)
{
    for (;;) {
        if (!settle(st))
            return BB_FAIL;
        if ((st->unsolved[0] | st->unsolved[1] | st->unsolved[2]) == 0)
            return BB_SOLVED;
        const int n = naked_singles(st);
        if (n < 0)
            return BB_FAIL;
        if (n > 0)
            continue;
        if (!stacks || !stack_due(st))
            return BB_OPEN;
        if (!stack_pass(st))
            return BB_OPEN;
        st->stack_hits++;
    }
}

/* Candidate digits (bit d) of a cell. */
static inline unsigned digits_at(const bb_state_t *st, unsigned b,
                                 unsigned pos)
{
    unsigned m = 0;
    for (unsigned d = 0; d < 9; d++)
        m |= (st->cand[3 * d + b] >> pos & 1u) << d;
    return m;
}

/* The open cells with the fewest candidates, per band, into out[0..2]. */
static void fewest(const bb_state_t *st, uint32_t *out)
{
    unsigned best = 10;
    for (unsigned b = 0; b < 3; b++) {
        out[b] = 0;
        for (uint32_t u = st->unsolved[b]; u; u &= u - 1) {
            const unsigned pos = lowest(u);
            const unsigned n =
                (unsigned)__builtin_popcount(digits_at(st, b, pos));
            if (n < best) {
                best = n;
                out[0] = out[1] = out[2] = 0;
            }
            if (n == best)
                out[b] |= 1u << pos;
        }
    }
}

/* The cell to branch on.  With SF_LEX the first open cell.  Otherwise a
 * cell with fewest candidates (nearly always two), and among those the one
 * with the most open peers: its placement reaches furthest.  Scoring pays
 * on puzzles that backtrack; on one that has made 8 guesses and undone
 * fewer than 1 in 8 (many solutions, so nearly every guess is right) the
 * first such cell does as well for less, and is taken from then on. */
static void pick(const bb_state_t *st, unsigned flags, unsigned *band,
                 unsigned *pos)
{
    const uint32_t *const u = st->unsolved;
    if (flags & SF_LEX) {
        *band = u[0] ? 0 : u[1] ? 1 : 2;
        *pos = lowest(u[*band]);
        return;
    }
    uint32_t cells[3] = {st->pairs[0], st->pairs[1], st->pairs[2]};
    if ((cells[0] | cells[1] | cells[2]) == 0) {
        uint32_t n[4][4];
        count_candidates(st, 4, n);
        for (unsigned b = 0; b < 3; b++)
            cells[b] = n[2][b] & ~n[3][b] & u[b];
        if ((cells[0] | cells[1] | cells[2]) == 0)
            fewest(st, cells);
    }
    if (st->picks >= 8 && st->fails * 8 < st->picks) {
        *band = cells[0] ? 0 : cells[1] ? 1 : 2;
        *pos = lowest(cells[*band]);
        return;
    }
    int best = -1;
    for (unsigned b = 0; b < 3; b++) {
        const uint32_t b1 = u[sub_other[b][0]], b2 = u[sub_other[b][1]];
        for (uint32_t c = cells[b]; c; c &= c - 1) {
            const unsigned p = lowest(c);
            const uint32_t col = band_cells[p].column;
            const uint64_t open = (u[b] & (band_cells[p].peers | col)) |
                                  (uint64_t)((b1 & col) | (b2 & col) << 1)
                                      << 32;
            const int score = __builtin_popcountll(open);
            if (score > best)
                best = score, *band = b, *pos = p;
        }
    }
}

/* The cells of each digit's givens, per band: g[d][b] has bit pos for
 * cell 27*b + pos holding d + 1.  Returns 0 for a cell value above 9. */
static inline int givens_by_digit(const uint8_t *cells, uint32_t g[9][3])
{
#if defined(__AVX512BW__) && defined(__AVX512VL__)
    const __m512i lo = _mm512_loadu_si512((const void *)cells);
    const __m256i hi = _mm256_maskz_loadu_epi8(0x1ffffu, cells + 64);
    if (_mm512_cmpgt_epu8_mask(lo, _mm512_set1_epi8(9)) |
        _mm256_cmpgt_epu8_mask(hi, _mm256_set1_epi8(9)))
        return 0;
    for (unsigned d = 0; d < 9; d++) {
        const uint64_t a =
            _mm512_cmpeq_epi8_mask(lo, _mm512_set1_epi8((char)(d + 1)));
        const uint32_t c =
            _mm256_cmpeq_epi8_mask(hi, _mm256_set1_epi8((char)(d + 1)));
        g[d][0] = (uint32_t)a & ALL27;
        g[d][1] = (uint32_t)(a >> 27) & ALL27;
        g[d][2] = (uint32_t)(a >> 54) | c << 10;
    }
#elif defined(__AVX2__)
    uint8_t buf[96];
    memcpy(buf, cells, 81);
    memset(buf + 81, 0, sizeof buf - 81);
    const __m256i nine = _mm256_set1_epi8(9);
    __m256i v[3];
    for (unsigned i = 0; i < 3; i++) {
        v[i] = _mm256_loadu_si256((const __m256i *)(buf + 32 * i));
        const __m256i ok = _mm256_cmpeq_epi8(_mm256_max_epu8(v[i], nine), nine);
        if (_mm256_movemask_epi8(ok) != -1)
            return 0;
    }
    for (unsigned d = 0; d < 9; d++) {
        const __m256i x = _mm256_set1_epi8((char)(d + 1));
        const uint64_t a =
            (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v[0], x)) |
            (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v[1], x))
                << 32;
        const uint32_t c =
            (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v[2], x));
        g[d][0] = (uint32_t)a & ALL27;
        g[d][1] = (uint32_t)(a >> 27) & ALL27;
        g[d][2] = ((uint32_t)(a >> 54) | c << 10) & ALL27;
    }
#else
    uint32_t all[10][3];
    memset(all, 0, sizeof all);
    for (unsigned i = 0; i < 81; i++) {
        if (cells[i] > 9)
            return 0;
        all[cells[i]][i / 27] |= 1u << (i % 27);
    }
    memcpy(g, all[1], 9 * sizeof all[1]);
#endif
    return 1;
}

/* Fill the state from the givens, all digits at once: a digit keeps the
 * empty cells outside the rows, boxes and columns of its givens, and its
 * givens.  Returns 0 when givens conflict. */
static int load(bb_state_t *st, const uint8_t *cells)
{
    uint32_t g[9][3];
    if (!givens_by_digit(cells, g))
        return 0;
    uint32_t occ[3] = {0, 0, 0};
    for (unsigned d = 0; d < 9; d++)
        occ[0] |= g[d][0], occ[1] |= g[d][1], occ[2] |= g[d][2];
    for (unsigned d = 0; d < 9; d++) {
        const uint32_t *const x = g[d];
        const uint32_t cols = FOLD(x[0]) | FOLD(x[1]) | FOLD(x[2]);
        if (__builtin_popcount(cols) !=
            __builtin_popcount(x[0]) + __builtin_popcount(x[1]) +
                __builtin_popcount(x[2]))
            return 0;
        for (unsigned b = 0; b < 3; b++) {
            const unsigned t = triads_of(x[b]);
            const uint32_t seen = givens_rules[t];
            if ((seen & GIVENS_CLASH) || (unsigned)__builtin_popcount(t) !=
                                             (unsigned)__builtin_popcount(x[b]))
                return 0; /* a clash, or two givens in one triad */
            st->cand[3 * d + b] =
                (ALL27 & ~occ[b] & ~seen & ~(cols * 01001001u)) | x[b];
        }
    }
    for (unsigned s = 0; s < 32; s++)
        st->prev[s] = s < 27 ? ~0u : 0u;
    for (unsigned s = 27; s < 32; s++)
        st->cand[s] = 0;
    for (unsigned b = 0; b < 3; b++)
        st->unsolved[b] = ALL27 & ~occ[b];
    st->stack_runs = st->stack_hits = st->stack_waits = 0;
    return 1;
}

/* Fill the state from candidate masks (bit d of cands[i]: digit d + 1 may
 * go in cell i): the cells with one candidate load as givens (two of them
 * clashing is no solution), then every digit keeps only the cells whose
 * masks hold it; an empty mask leaves a cell no digit, which the first
 * naked-singles pass finds. */
static int load_cands(bb_state_t *st, const uint16_t *cands)
{
    uint8_t singles[SF_CELLS];
    uint32_t masks[27] = {0};
    for (unsigned i = 0; i < SF_CELLS; i++) {
        const unsigned m = cands[i] & 0x1ffu, b = i / 27, pos = i % 27;
        singles[i] = m && !(m & (m - 1)) ? (uint8_t)(lowest(m) + 1) : 0;
        for (unsigned x = m; x; x &= x - 1)
            masks[3 * lowest(x) + b] |= 1u << pos;
    }
    if (!load(st, singles))
        return 0;
    for (unsigned s = 0; s < 27; s++)
        st->cand[s] &= masks[s];
    return 1;
}

/* The solved grid's digits, cell by cell.  With AVX2 each band is one
 * vector: every digit's word spread to one byte per cell, selected by the
 * cell's bit, gives that digit's cells. */
static void extract(const bb_state_t *st, uint8_t *solution)
{
#if defined(__AVX2__)
    uint8_t buf[96];
    const __m256i spread = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,
        2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
    const __m256i bits = _mm256_set1_epi64x((long long)0x8040201008040201ull);
    for (unsigned b = 0; b < 3; b++) {
        __m256i acc = _mm256_setzero_si256();
        for (unsigned d = 0; d < 9; d++) {
            const __m256i v = _mm256_shuffle_epi8(
                _mm256_set1_epi32((int)st->cand[3 * d + b]), spread);
            const __m256i on =
                _mm256_cmpeq_epi8(_mm256_and_si256(v, bits), bits);
            acc = _mm256_or_si256(
                acc, _mm256_and_si256(on, _mm256_set1_epi8((char)(d + 1))));
        }
        _mm256_storeu_si256((__m256i *)(buf + 27 * b), acc);
    }
    memcpy(solution, buf, SF_CELLS);
#else
    for (unsigned s = 0; s < 27; s++)
        for (uint32_t x = st->cand[s]; x; x &= x - 1)
            solution[27 * (s % 3) + lowest(x)] = (uint8_t)(s / 3 + 1);
#endif
}

/* The digit to try first at cell pos of band b, of its digits m.  Of two
 * digits, the one more of the cell's open peers in its band (row, box,
 * column) can still take: placing it takes more from them, so a solution
 * is reached or the branch refuted sooner.  On puzzles of several
 * solutions that is 12% to 21% fewer guesses at limit 1 (bands, manysol,
 * multi, manyclue, random) and 6% to 17% at limit 2; on unique puzzles at
 * limit 2 the tree is the same whatever the order.  Digits ascending with
 * SF_LEX or KERNEL_ASCENDING, and for cells of more than two digits. */
static unsigned first_digit(const bb_state_t *st, unsigned b, unsigned pos,
                            unsigned m, unsigned flags)
{
    const unsigned d0 = lowest(m);
    if ((flags & (SF_LEX | KERNEL_ASCENDING)) || __builtin_popcount(m) != 2)
        return d0;
    const unsigned d1 = lowest(m & (m - 1));
    const uint32_t near = band_cells[pos].peers | band_cells[pos].column;
    return __builtin_popcount(st->cand[3 * d1 + b] & near) >
                   __builtin_popcount(st->cand[3 * d0 + b] & near)
               ? d1
               : d0;
}

/* Save the state in a new frame and try the cell's first digit. */
static void guess(bb_state_t *st, unsigned depth, unsigned flags)
{
    bb_frame_t *fr = &st->stack[depth];
    unsigned b = 0, pos = 0;
    pick(st, flags, &b, &pos);
    st->picks++;
    const unsigned m = digits_at(st, b, pos);
    const unsigned d = first_digit(st, b, pos, m, flags);
    memcpy(fr->cand, st->cand, sizeof fr->cand);
    memcpy(fr->unsolved, st->unsolved, sizeof fr->unsolved);
    fr->band = (uint8_t)b;
    fr->pos = (uint8_t)pos;
    fr->rest = (uint16_t)(m & ~(1u << d));
    place(st, d, b, pos);
}

/* Restore the top frame and try its next digit.  Returns 1 when that was
 * a guess (other digits remain), 0 when it was the last (frame popped). */
static int retry(bb_state_t *st, unsigned *depth)
{
    bb_frame_t *fr = &st->stack[*depth - 1];
    st->fails++;
    const unsigned d = lowest(fr->rest);
    fr->rest &= (uint16_t)(fr->rest - 1);
    memcpy(st->cand, fr->cand, sizeof fr->cand);
    memcpy(st->prev, fr->cand, sizeof fr->cand);
    memcpy(st->unsolved, fr->unsolved, sizeof fr->unsolved);
    const int more = fr->rest != 0;
    if (!more)
        --*depth;
    place(st, d, fr->band, fr->pos);
    return more;
}

/* Depth-first search from a loaded state (loaded 0: the puzzle was
 * refused): propagate, then guess or backtrack, counting solutions up to
 * the limit. */
static inline __attribute__((always_inline)) uint64_t
search(bb_state_t *st, const int loaded, uint64_t limit, unsigned flags,
       uint8_t *solution, uint64_t *guesses, const int stacks)
{
    uint64_t count = 0, tries = 0;
    unsigned depth = 0;
    st->picks = st->fails = 0;
    if (loaded) {
        for (;;) {
            const int r = propagate(st, stacks);
            if (r == BB_OPEN) {
                guess(st, depth++, flags);
                tries++;
                continue;
            }
            if (r == BB_SOLVED) {
                if (count++ == 0)
                    extract(st, solution);
                if (count == limit)
                    break;
            }
            if (depth == 0)
                break;
            tries += (uint64_t)retry(st, &depth);
        }
    }
    *guesses = tries;
    return count;
}

static uint64_t bitboard_solve(void *state, const uint8_t *cells,
                               uint64_t limit, unsigned flags,
                               uint8_t *solution, uint64_t *guesses)
{
    return search(state, load(state, cells), limit, flags, solution, guesses,
                  0);
}

static uint64_t bandstack_solve(void *state, const uint8_t *cells,
                                uint64_t limit, unsigned flags,
                                uint8_t *solution, uint64_t *guesses)
{
    return search(state, load(state, cells) && first_round(state), limit,
                  flags, solution, guesses, 1);
}

static uint64_t bitboard_solve_cands(void *state, const uint16_t *cands,
                                     uint64_t limit, unsigned flags,
                                     uint8_t *solution, uint64_t *guesses)
{
    return search(state, load_cands(state, cands), limit, flags, solution,
                  guesses, 0);
}

static uint64_t bandstack_solve_cands(void *state, const uint16_t *cands,
                                      uint64_t limit, unsigned flags,
                                      uint8_t *solution, uint64_t *guesses)
{
    return search(state, load_cands(state, cands) && first_round(state),
                  limit, flags, solution, guesses, 1);
}

const sf_kernel_t sf_kernel_bandstack = {
    "bandstack",
    "band bitboards with row, box and column propagation, easy puzzles "
    "many at a time in vector lanes (fastest)",
    sizeof(bb_state_t),
    bandstack_solve,
    bandstack_solve_cands,
    NULL, NULL, NULL, /* classic 9x9 only */
    SF_LANES_CLASSIC,
};

const sf_kernel_t sf_kernel_bandstack_solo = {
    "bandstack-solo",
    "the bandstack kernel without the lanes: one puzzle at a time",
    sizeof(bb_state_t),
    bandstack_solve,
    bandstack_solve_cands,
    NULL, NULL, NULL, /* classic 9x9 only */
    0,
};

const sf_kernel_t sf_kernel_bitboard = {
    "bitboard",
    "band bitboards with row and box propagation (reference)",
    sizeof(bb_state_t),
    bitboard_solve,
    bitboard_solve_cands,
    NULL, NULL, NULL, /* classic 9x9 only */    0, /* no lanes */
};
