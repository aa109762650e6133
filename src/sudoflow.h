/*
 * sudoflow.h -- the one public header of libsudoflow.
 *
 * The library has four layers, each usable alone:
 *
 *   1. Solver kernels.  A kernel solves or counts one 9x9 puzzle given as 81
 *      cells (0 = empty, 1..9 = given).  Every kernel has the same signature
 *      and sits in a table (sf_kernel_at), so the CLI, the tests and the
 *      benchmark loop over kernels without knowing them.  A kernel keeps all
 *      mutable state in a caller-owned block of kernel->state_size bytes; the
 *      tables it reads are built once and shared read-only, so any number of
 *      threads may solve at once, each with its own state.
 *   2. Records.  Parsers turn text (line, grid, csv) into puzzles, and a
 *      streaming reader turns files (plain or gzip, several as one stream)
 *      into records that remember file, line and original text.
 *   3. Batch.  sf_batch_run streams records through OpenMP threads and writes
 *      one output record per input record, in input order; sf_job_run does
 *      the same for any per-record job (several or no output records per
 *      input record, or no input at all).
 *   4. Datasets.  A seeded generator of unique (minimal) puzzles, the
 *      validity-preserving transforms and the canonical form, a logical
 *      solver's difficulty level and a solver-based rating.
 *
 * The library never prints and never exits: every failure is returned as a
 * value, and messages are handed to caller-supplied callbacks.  It runs
 * with fewer threads than asked when not all of them can start, rather
 * than let the OpenMP runtime end the process.
 *
 * Arguments: what is cheap to check is checked.  A NULL pointer where an
 * object or array is needed, a count whose arrays would overflow a size,
 * a value out of its range make a function return its error (SF_INVALID,
 * -1, NULL or an empty text, as each says; functions without a result do
 * nothing, and the _free and _close functions take NULL as free does).
 * Beyond that the caller must pass what a function's comment asks for:
 * arrays of the sizes it gives, objects made by their _new or _open
 * function and not yet freed, and one thread at a time on a solver,
 * generator, reader or writer.
 */
#ifndef SUDOFLOW_H
#define SUDOFLOW_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SF_VERSION "0.1.0"
#define SF_CELLS 81

/* Marks the public functions.  The shared library is built with hidden
 * visibility, so these are the only symbols it exports; a function added
 * to this header needs SF_API too. */
#ifndef SF_API
#if defined(__GNUC__) && __GNUC__ >= 4
#define SF_API __attribute__((visibility("default")))
#else
#define SF_API
#endif
#endif

/* How this library was built: compiler and version, the compiler flags,
 * the SIMD path of the kernels ("avx512", "avx2", "sse2", "scalar") and
 * the gzip input back end.  Static strings. */
SF_API const char *sf_build_compiler(void);
SF_API const char *sf_build_flags(void);
SF_API const char *sf_build_simd(void);
SF_API const char *sf_build_inflate(void);

/* ---------------------------------------------------------------- kernels */

/* Flags for a kernel's solve(). */
#define SF_LEX 1u /* report the lexicographically smallest solution */

/* Contract of every kernel's solve():
 *   state     kernel->state_size bytes owned by the calling thread
 *             (no initialisation needed; 64-byte aligned).
 *   cells     81 values, 0 = empty, 1..9 = given.  Contradicting givens are
 *             allowed and give 0 solutions.
 *   limit     stop after this many solutions; 0 means no limit.
 *   flags     SF_LEX or 0.
 *   solution  81 bytes; when the result is > 0 it holds the first solution
 *             found (1..9 per cell), or with SF_LEX the lexicographically
 *             smallest.  The choice is deterministic.
 *   guesses   out: number of non-forced trial placements made (a cell's last
 *             remaining candidate is forced, not a guess).  May not be NULL.
 * Returns the number of solutions found, at most limit (when limit > 0). */
typedef uint64_t (*sf_solve_fn)(void *state, const uint8_t *cells,
                                uint64_t limit, unsigned flags,
                                uint8_t *solution, uint64_t *guesses);

/* A kernel's entry for pencilmark puzzles: as sf_solve_fn, but the puzzle
 * is 81 candidate masks (bit k set when digit k + 1 may go in the cell;
 * bits 9-15 clear) instead of givens.  A solution puts one of its cell's
 * candidates in every cell. */
typedef uint64_t (*sf_solve_cands_fn)(void *state, const uint16_t *cands,
                                      uint64_t limit, unsigned flags,
                                      uint8_t *solution, uint64_t *guesses);

/* A grid other than classic 9x9 (see the geometry section below). */
typedef struct sf_geometry sf_geometry_t;

/* A kernel's entry for other geometries: as sf_solve_fn, on g's N*N
 * cells (0 = empty, 1..N = given) into N*N solution bytes (1..N). */
typedef uint64_t (*sf_solve_geom_fn)(void *state, const sf_geometry_t *g,
                                     const uint8_t *cells, uint64_t limit,
                                     unsigned flags, uint8_t *solution,
                                     uint64_t *guesses);

#define SF_LANES_CLASSIC 1 /* classic 9x9 */
#define SF_LANES_SMALL 2   /* other geometries of at most 64 cells and
                            * side 16, without non-consecutive */

typedef struct sf_kernel {
    const char *name;        /* short name for --kernel */
    const char *description; /* one line for --help and bench output */
    size_t state_size;       /* bytes of per-thread state */
    sf_solve_fn solve;
    sf_solve_cands_fn solve_cands; /* may be NULL: sf_solve_cands then
                                    * uses a plain search of its own */
    /* Other geometries; all three NULL for a kernel of classic 9x9 only. */
    int (*fits)(const sf_geometry_t *g); /* 1 when it serves g */
    size_t (*geom_state_size)(const sf_geometry_t *g); /* bytes for g */
    sf_solve_geom_fn solve_geom;
    /* SF_LANES_* bits: the puzzles whose propagation at the root
     * contains naked and hidden singles in every unit, so that solving a
     * puzzle with its singles placed gives the same results, guesses
     * included; sf_solve_many places singles on many of them at once in
     * vector lanes first. */
    int lanes;
} sf_kernel_t;

/* The kernel table.  Index 0 is the default (fastest) kernel.  Returns NULL
 * past the end. */
SF_API const sf_kernel_t *sf_kernel_at(size_t index);
/* Kernel by name, or NULL when there is none of that name. */
SF_API const sf_kernel_t *sf_kernel_find(const char *name);
/* The kernel that serves geometry g best: the first of the table that
 * fits it (index 0 for classic 9x9 and NULL). */
SF_API const sf_kernel_t *sf_kernel_for_geometry(const sf_geometry_t *g);

/* -------------------------------------------------------------- solving */

typedef enum sf_status {
    SF_SOLVED = 0,   /* limit 1 and a solution was found */
    SF_UNIQUE,       /* limit >= 2 (or none) and exactly one solution */
    SF_MULTIPLE,     /* two or more solutions */
    SF_UNSOLVABLE,   /* no solution */
    SF_INVALID,      /* the record is not a puzzle */
    SF_STATUS_COUNT
} sf_status_t;

/* "solved", "unique", ...; "?" for an out-of-range value. */
SF_API const char *sf_status_name(sf_status_t status);

/* Status from a solution count and the limit used. */
SF_API sf_status_t sf_status_of(uint64_t count, uint64_t limit);

/* A solver: one kernel plus its per-thread state.  Owned by one thread at
 * a time. */
typedef struct sf_solver sf_solver_t;

/* New solver on kernel k (NULL = default).  NULL when out of memory. */
SF_API sf_solver_t *sf_solver_new(const sf_kernel_t *k);
SF_API void sf_solver_free(sf_solver_t *solver);
SF_API const sf_kernel_t *sf_solver_kernel(const sf_solver_t *solver);
/* The kernel it solves geometry g with: its own when that fits g, else
 * sf_kernel_for_geometry(g) (its own for classic 9x9 and NULL). */
SF_API const sf_kernel_t *sf_solver_kernel_for(const sf_solver_t *solver,
                                              const sf_geometry_t *g);

typedef struct sf_result {
    uint64_t count;     /* solutions found, at most limit */
    uint64_t guesses;   /* see sf_solve_fn */
    sf_status_t status; /* from count and limit */
} sf_result_t;

/* Solve 81 cells (0..9).  solution (81 bytes, 1..9) is written when
 * result->count > 0.  Returns result->status. */
SF_API sf_status_t sf_solve_cells(sf_solver_t *solver, const uint8_t *cells,
                                  uint64_t limit, unsigned flags,
                                  uint8_t *solution, sf_result_t *result);

/* Solve an 81-character puzzle string ('1'-'9' givens; '0', '.', '_', '-',
 * '*' empty).  solution receives 81 digits and a NUL (82 bytes) when the
 * count is > 0, else an empty string.  A string that is not a puzzle gives
 * SF_INVALID. */
SF_API sf_status_t sf_solve_string(sf_solver_t *solver, const char *puzzle,
                                   uint64_t limit, unsigned flags,
                                   char *solution, sf_result_t *result);

/* Solve a puzzle of geometry g (NULL or classic: sf_solve_cells): N*N
 * cells, 0 = empty, 1..N = given; solution (N*N bytes, 1..N) is written
 * when result->count > 0.  The solver's kernel when it fits g, else
 * sf_kernel_for_geometry(g).  A value above N gives SF_INVALID, and so
 * does running out of memory for g's state (sf_solver_reserve tells). */
SF_API sf_status_t sf_solve_geom(sf_solver_t *solver, const sf_geometry_t *g,
                                 const uint8_t *cells, uint64_t limit,
                                 unsigned flags, uint8_t *solution,
                                 sf_result_t *result);
/* Solve n puzzles of geometry g (NULL or classic: 81 cells 0..9):
 * cells[i] into solutions[i] and results[i], as sf_solve_geom on each
 * would, with the same results.  With a kernel that has lanes for g
 * (sf_kernel_t.lanes), puzzles that singles solve are solved 32 at a
 * time, several times faster. */
SF_API void sf_solve_many(sf_solver_t *solver, const sf_geometry_t *g,
                          const uint8_t *const *cells, size_t n,
                          uint64_t limit, unsigned flags,
                          uint8_t *const *solutions, sf_result_t *results);
/* Make room in solver for geometry g's state.  0, or -1 when out of
 * memory. */
SF_API int sf_solver_reserve(sf_solver_t *solver, const sf_geometry_t *g);


/* Solve a pencilmark puzzle: 81 candidate masks (sf_solve_cands_fn).  The
 * kernel's solve_cands entry when it has one, else a plain search.  A
 * mask with bits above bit 8 gives SF_INVALID; an empty mask, no
 * solution.  Otherwise as sf_solve_cells. */
SF_API sf_status_t sf_solve_cands(sf_solver_t *solver, const uint16_t *cands,
                                  uint64_t limit, unsigned flags,
                                  uint8_t *solution, sf_result_t *result);

/* ----------------------------------------------------------------- errors */

/* Error information for the geometry, reader, writer and batch driver. */
#define SF_ERR_USAGE 1   /* bad option value */
#define SF_ERR_IO 2      /* missing file, corrupt gzip, write failure */
#define SF_ERR_INVALID 3 /* invalid record under strict */
#define SF_ERR_NOMEM 4

typedef struct sf_error {
    int code;           /* 0 none; SF_ERR_* */
    char message[512];  /* "FILE: what happened" */
} sf_error_t;

/* --------------------------------------------------------------- geometry */

/* Grids other than classic 9x9 (docs/geometry.md).  A geometry is an
 * N x N grid, N from 4 to SF_MAX_N, whose cells take the values 1..N and
 * whose rows, columns and regions each hold every value once.  Regions
 * are R x C boxes (R rows high, C columns wide, R * C = N; by default the
 * shape closest to square with R <= C: 6x6 has 2x3 boxes, 12x12 3x4) or a
 * jigsaw region map.  Variants add all-different groups (diagonals,
 * windoku windows, disjoint groups, listed extra regions) and neighbour
 * rules (anti-knight, anti-king, non-consecutive).  Cells are numbered
 * row-major, 0..N*N-1; a puzzle is N*N bytes, 0 empty, 1..N given.
 * Everywhere a geometry is taken, NULL means classic 9x9, and so does a
 * geometry that is 9x9 with 3x3 boxes and nothing else: it is served by
 * the classic kernels and formats, byte for byte. */
#define SF_MAX_N 32
#define SF_MAX_CELLS (SF_MAX_N * SF_MAX_N)
#define SF_MAX_EXTRA 8

/* Variants, by their names in sf_geometry_spec_t.variant. */
#define SF_VARIANT_XMAIN 0x01u   /* "x-": the diagonal from top left to
                                  * bottom right holds every value once */
#define SF_VARIANT_XANTI 0x02u   /* "x+": the one from bottom left to top
                                  * right ("x": both) */
#define SF_VARIANT_WINDOKU 0x04u /* "windoku": the box-sized windows one
                                  * cell in from the boxes (rows and
                                  * columns 1-3 and 5-7 at 9x9) */
#define SF_VARIANT_DISJOINT 0x08u /* "disjoint": the cells at the same
                                  * place in their boxes */
#define SF_VARIANT_ANTIKNIGHT 0x10u /* "antiknight": cells a knight's move
                                  * apart differ */
#define SF_VARIANT_ANTIKING 0x20u /* "antiking": cells a king's move
                                  * apart (diagonal ones too) differ */
#define SF_VARIANT_NONCONSECUTIVE 0x40u /* "nonconsecutive": orthogonal
                                  * neighbours never differ by 1 */

/* A geometry as text, the way the command line and JSON records name it. */
typedef struct sf_geometry_spec {
    const char *size;    /* "N", "NxN" or "NxN:RxC" (boxes R rows high);
                          * NULL: the region map's size, else 9x9 */
    const char *regions; /* jigsaw: N*N region labels (any bytes but
                          * blanks, which are skipped), N labels used N
                          * times each; NULL or "": boxes */
    const char *variant; /* comma-separated variant names; NULL or "" for
                          * none */
    const char *extra[SF_MAX_EXTRA]; /* extra regions: maps of N*N
                          * labels, '.' for a cell in none; the cells of a
                          * label (2 to N of them) hold no value twice;
                          * NULL ends the list */
} sf_geometry_spec_t;

/* Build a geometry.  NULL with err filled (SF_ERR_USAGE and the reason:
 * "6x6:4x2: boxes 4x2 do not tile 6x6", "7x7 has no box shape: give a
 * region map", a region map that is not N regions of N cells, an unknown
 * variant, ...; SF_ERR_NOMEM).  The geometry is read-only once made: any
 * number of threads may use it until sf_geometry_free. */
SF_API sf_geometry_t *sf_geometry_new(const sf_geometry_spec_t *spec,
                                      sf_error_t *err);
SF_API void sf_geometry_free(sf_geometry_t *g);
/* N (9 for NULL), and N*N. */
SF_API int sf_geometry_n(const sf_geometry_t *g);
SF_API int sf_geometry_cells(const sf_geometry_t *g);
/* 1 for NULL and for plain 9x9 with 3x3 boxes. */
SF_API int sf_geometry_is_classic(const sf_geometry_t *g);
/* Box rows and columns into *rows, *cols; 0 (and 0, 0) for a region map. */
SF_API int sf_geometry_box(const sf_geometry_t *g, int *rows, int *cols);
/* SF_VARIANT_* bits of g (0 for NULL). */
SF_API unsigned sf_geometry_variants(const sf_geometry_t *g);
/* The geometry as its spec's texts, canonical ("6x6:2x3"; "9x9" with a
 * region map; the map with blanks removed or NULL; the variants in the
 * order of the SF_VARIANT_ bits, "x" for both diagonals, "" for none). */
SF_API const char *sf_geometry_size_text(const sf_geometry_t *g);
SF_API const char *sf_geometry_regions_text(const sf_geometry_t *g);
SF_API const char *sf_geometry_variant_text(const sf_geometry_t *g);
/* 1 when a and b are the same grid and rules (same units, peers and
 * neighbour rules, whatever the labels). */
SF_API int sf_geometry_equal(const sf_geometry_t *a, const sf_geometry_t *b);

/* ------------------------------------------------------ variant constraints */

/* A puzzle's constraints beyond its geometry's all-different units:
 * killer cages, thermometers, arrows, dots and the rest (docs/variants.md
 * has each rule exactly).  Cells are numbered row-major, r * N + c.  Made
 * for one geometry, filled with sf_rules_add, then sealed; sealed rules
 * are read-only, and any number of threads may solve with them. */
typedef struct sf_rules sf_rules_t;

typedef enum sf_rule_kind {
    SF_RULE_CAGE,        /* the cells hold no value twice; value > 0: they
                          * sum to it (killer cage), 0: no sum */
    SF_RULE_THERMO,      /* values strictly increase along the cells, from
                          * the bulb (cells[0]) */
    SF_RULE_SLOW_THERMO, /* values never decrease along the cells */
    SF_RULE_ARROW,       /* the first `split` cells (the circle, or a pill
                          * read as a decimal number, digits in order)
                          * equal the sum of the others (the arrow) */
    SF_RULE_DIFF,        /* two cells differ by value (white dot: 1) */
    SF_RULE_RATIO,       /* one of two cells is value times the other
                          * (black dot: 2) */
    SF_RULE_SUM,         /* two cells sum to value (X: 10, V: 5) */
    SF_RULE_LESS,        /* the first of two cells is less than the second */
    SF_RULE_ODD,         /* one cell holds an odd value */
    SF_RULE_EVEN,        /* one cell holds an even value */
    SF_RULE_MIN,         /* one cell, less than each orthogonal neighbour */
    SF_RULE_MAX,         /* one cell, greater than each orthogonal
                          * neighbour */
    SF_RULE_EQUAL,       /* two cells (anywhere) hold the same value: a
                          * clone's cell and its copy */
    SF_RULE_PALINDROME,  /* the line reads the same both ways */
    SF_RULE_WHISPER,     /* neighbours along the line differ by at least
                          * value (German whispers: 0 for the default,
                          * N / 2 rounded up: 5 at 9x9) */
    SF_RULE_RENBAN,      /* the line's cells hold a set of consecutive
                          * values, no value twice, in any order */
    SF_RULE_BETWEEN,     /* the cells between the line's ends hold values
                          * strictly between the ends' values */
    SF_RULE_REGION_SUM,  /* the line's runs of cells in one region each
                          * sum to the same total */
    SF_RULE_ENTROPIC,    /* every three consecutive cells of the line hold
                          * a low, a middle and a high value (the thirds
                          * of 1..N; N a multiple of 3) */
    SF_RULE_LITTLE_KILLER, /* the cells (a diagonal) sum to value; values
                          * may repeat */
    SF_RULE_QUADRUPLE,   /* the values packed in value (5 bits each, up to
                          * four, 0 ends: v1 | v2 << 5 | ...) all appear
                          * among the cells (2 to 4), a value listed twice
                          * twice */
    SF_RULE_KINDS
} sf_rule_kind_t;

/* The negative constraints (sf_rules_seal): two orthogonal neighbours
 * without a white dot do not differ by 1; without a black dot, neither is
 * twice the other; without an X or a V, they sum to neither 10 nor 5. */
#define SF_NEG_DIFF 0x1u
#define SF_NEG_RATIO 0x2u
#define SF_NEG_XV 0x4u

/* "cage", "thermo", ... (the names of docs/variants.md), and back (-1). */
SF_API const char *sf_rule_name(sf_rule_kind_t kind);
SF_API int sf_rule_parse(const char *name);
/* Rules for g (NULL: classic 9x9), which must outlive them; NULL when
 * out of memory. */
SF_API sf_rules_t *sf_rules_new(const sf_geometry_t *g);
SF_API void sf_rules_free(sf_rules_t *r);
/* Add one constraint on ncells cells (split: the circle's cells of an
 * arrow, else 0).  0, or -1 with err filled (SF_ERR_USAGE: a cell out of
 * the grid or twice, the wrong number of cells for the kind, dots on
 * cells that are not orthogonal neighbours, a value out of range;
 * SF_ERR_NOMEM). */
SF_API int sf_rules_add(sf_rules_t *r, sf_rule_kind_t kind, int value,
                        const int *cells, int ncells, int split,
                        sf_error_t *err);
/* Seal with the negative constraints neg (SF_NEG_* bits): 0, or -1 with
 * err filled. */
SF_API int sf_rules_seal(sf_rules_t *r, unsigned neg, sf_error_t *err);
SF_API const sf_geometry_t *sf_rules_geometry(const sf_rules_t *r);
SF_API int sf_rules_count(const sf_rules_t *r);
/* 1 when the full grid (N*N values 1..N) keeps every rule of r (not the
 * geometry's units: sf_geometry's own check). */
SF_API int sf_rules_hold(const sf_rules_t *r, const uint8_t *grid);

/* Solve a puzzle of r's geometry under r (sealed): cells as for
 * sf_solve_geom, the same limit, flags (SF_LEX: the lexicographically
 * smallest solution first) and result. */
SF_API sf_status_t sf_solve_rules(sf_solver_t *solver, const sf_rules_t *r,
                                  const uint8_t *cells, uint64_t limit,
                                  unsigned flags, uint8_t *solution,
                                  sf_result_t *result);

/* A variant puzzle: its geometry, its givens and its sealed rules, all
 * owned by it. */
typedef struct sf_variant {
    sf_geometry_t *geom;
    sf_rules_t *rules;
    uint8_t cells[SF_MAX_CELLS]; /* N*N givens, 0 for empty */
} sf_variant_t;

/* Read an f-puzzles puzzle: its JSON, the JSON's lz-string base64 form,
 * or a link carrying it ("https://www.f-puzzles.com/?load=N4Ig...").
 * NULL with err filled (SF_ERR_USAGE: what is not JSON, an unknown or
 * malformed constraint, named with its list and entry; SF_ERR_NOMEM).
 * docs/variants.md lists what is read. */
SF_API sf_variant_t *sf_variant_read(const char *text, size_t len,
                                     sf_error_t *err);
SF_API void sf_variant_free(sf_variant_t *v);
/* A variant puzzle as f-puzzles JSON (one line, compact, malloc'ed;
 * *len its length when len is not NULL): its geometry, givens (N*N,
 * NULL for none), rules and, when not NULL, its solution.  NULL when out
 * of memory, for sizes over 16, or when a rule has no f-puzzles form
 * (less-than pairs, slow thermometers, entropic lines, extra region maps,
 * windoku). */
SF_API char *sf_fpuzzles_json(const sf_rules_t *r, const uint8_t *givens,
                              const uint8_t *solution, size_t *len);

/* ---------------------------------------------------------------- parsing */

typedef enum sf_format {
    SF_FORMAT_AUTO = 0,
    SF_FORMAT_LINE,
    SF_FORMAT_GRID,
    SF_FORMAT_CSV,
    SF_FORMAT_PENCIL, /* input: 729 candidate characters a line */
    SF_FORMAT_JSONL,  /* output: one JSON object a record */
    SF_FORMAT_FPUZZLES /* input: an f-puzzles puzzle a line (its JSON, the
                        * JSON's lz-string form, or a link): variant
                        * puzzles (sf_record_t.rules) */
} sf_format_t;

/* "auto", "line", "grid", "csv", "pencil", "jsonl", "fpuzzles"; and back
 * (-1 for an unknown name). */
SF_API const char *sf_format_name(sf_format_t format);
SF_API int sf_format_parse(const char *name);

/* 1..9 for a given, 0 for an empty-cell mark, -1 for anything else. */
SF_API int sf_cell_value(int ch);

/* Parse a line-format record: 81 cells, then the end or a separator
 * (, : ; | space tab) and anything.  Returns 0 and fills cells, or -1 with
 * *why set to a static reason. */
SF_API int sf_parse_line(const char *text, size_t len, uint8_t *cells,
                         const char **why);

/* Characters of a pencilmark record. */
#define SF_PENCIL_CHARS 729

/* Parse a pencilmark record: 729 characters, 9 a cell in row-major order,
 * character k of a cell the digit k + 1 when it is a candidate, '.' or '0'
 * when not; then the end or a separator (as sf_parse_line) and anything.
 * Returns 0 and fills cands (81 masks, bit k = digit k + 1), or -1 with
 * *why (may be NULL) set to a static reason. */
SF_API int sf_parse_pencil(const char *text, size_t len, uint16_t *cands,
                           const char **why);

/* Symbols of the values in the text of a geometry's puzzles.  The default
 * alphabet reads '1'-'9' as 1..9 and 'A'-'Z' (or 'a'-'z') as 10..35, and
 * '0', '.', '_', '-', '*' as empty cells; it writes values the same way
 * (upper case) and empty cells as '.'.  Another alphabet lists the symbols
 * of the values 1, 2, ... in order, ranges allowed on the sequence
 * 0-9A-Z: "0-F" is hexadoku's 0123456789ABCDEF, where '0' is the value 1;
 * then '.', '_', '-', '*' (and '0' when it is no symbol) are empty. */
typedef struct sf_alphabet {
    int8_t value[256];  /* byte -> value 1..35, 0 empty, -1 not a cell */
    char symbol[37];    /* value -> symbol, [0] = '.'; NUL-terminated */
    int count;          /* number of value symbols */
} sf_alphabet_t;

/* Fill a from symbols (NULL or "": the default).  0, or -1 with err
 * filled (SF_ERR_USAGE): a symbol twice, an empty mark or separator as a
 * symbol, more than 35 symbols, a bad range. */
SF_API int sf_alphabet_init(sf_alphabet_t *a, const char *symbols,
                            sf_error_t *err);

/* How a geometry record's cells are written (sf_parse_geom's result). */
#define SF_FORM_SYMBOLS 0 /* one symbol a cell: "1.3.G..." */
#define SF_FORM_COMMAS 1  /* decimal numbers, 0 empty, separated by commas
                           * (or semicolons): "1,0,3,0,16" */
#define SF_FORM_SPACES 2  /* the same separated by blanks: "1 0 3 0 16" */

/* Parse a record of geometry g (NULL: classic 9x9) in alphabet a (NULL:
 * the default): N*N symbols, then the end or a separator (as
 * sf_parse_line) and anything; or exactly N*N decimal numbers (0 or '.'
 * empty) separated by commas, semicolons or blanks.  Returns the form
 * (SF_FORM_*) and fills cells (N*N values), or -1 with *why (may be NULL)
 * set to a static reason. */
SF_API int sf_parse_geom(const sf_geometry_t *g, const sf_alphabet_t *a,
                         const char *text, size_t len, uint8_t *cells,
                         const char **why);
/* Write g's N*N cells in form (SF_FORM_*) and alphabet a (NULL: the
 * default), an empty cell as `empty` in symbols and as 0 in numbers, and
 * a NUL.  out needs sf_geom_text_max(g) bytes.  Returns the length. */
SF_API size_t sf_format_geom(const sf_geometry_t *g, const sf_alphabet_t *a,
                             int form, const uint8_t *cells, char empty,
                             char *out);
SF_API size_t sf_geom_text_max(const sf_geometry_t *g);

/* Format of a file, from its first non-comment, non-blank line. */
SF_API sf_format_t sf_detect_format(const char *line, size_t len);

/* Split one CSV record (no line terminator) into fields, RFC 4180 quoting.
 * Writes at most max fields as [start, end) offsets into the unquoted copy
 * in out (which needs len + 1 bytes).  Returns the field count, or -1 for an
 * unterminated quote. */
SF_API int sf_csv_split(const char *text, size_t len, char *out,
                        size_t *starts, size_t *ends, int max);

/* ---------------------------------------------------------------- records */

/* One input record as read: the puzzle, where it came from, and its text. */
typedef struct sf_record {
    uint8_t cells[SF_CELLS]; /* 0..9, meaningful unless invalid */
    uint8_t invalid;         /* 1 when the record is not a puzzle */
    uint8_t spaced;          /* grid input: 1 when cells were space-separated */
    uint8_t pencil;          /* pencilmark input: the candidates are the
                              * record's text (kept even with no_text;
                              * sf_parse_pencil), cells its cells with one
                              * candidate */
    uint8_t form;            /* geometry records: SF_FORM_* as read */
    const sf_geometry_t *geom; /* NULL: classic 9x9, cells above; else
                              * the record's geometry (the reader's or
                              * the caller's, valid as long as they are)
                              * and its N*N cells in the chunk's gcells
                              * at cells_off (sf_record_cells) */
    uint32_t cells_off;
    uint32_t file;           /* index into the reader's file list */
    uint64_t line;           /* 1-based line of the record's first line */
    size_t text_off;         /* original record text in the chunk's arena: */
    uint32_t text_len;       /*   no line terminator; a grid is its 9 rows */
    const char *why;         /* static reason when invalid, else NULL */
    const sf_rules_t *rules; /* a variant puzzle's rules (f-puzzles input),
                              * of its geometry, owned by the chunk; else
                              * NULL */
} sf_record_t;

/* A chunk of records with the arena holding their text.  Caller-owned;
 * reused across reads (sf_reader_fill clears it first). */
typedef struct sf_chunk {
    sf_record_t *recs;  /* count records, room for cap */
    size_t count, cap;
    char *text;         /* arena: text_len bytes used of text_cap */
    size_t text_len, text_cap;
    uint8_t *gcells;    /* geometry records' cells, each record's N*N
                         * followed by N*N bytes of room for the job
                         * working on it (sf_item_t.room) */
    size_t gcells_len, gcells_cap; /* used of gcells_cap */
    sf_rules_t **rules; /* the variant records' rules, freed when the
                         * chunk is filled again or freed */
    size_t nrules, rules_cap;
} sf_chunk_t;

SF_API void sf_chunk_init(sf_chunk_t *chunk);
SF_API void sf_chunk_free(sf_chunk_t *chunk);

/* The cells of a record of chunk: rec->cells for classic 9x9, else its
 * N*N cells in the chunk's gcells. */
SF_API const uint8_t *sf_record_cells(const sf_chunk_t *chunk,
                                      const sf_record_t *rec);

/* Reader: files (or "-" for stdin) as one stream of records.  Plain or gzip
 * (by magic bytes, concatenated members); format per file detected or fixed;
 * csv column chosen by name or 1-based number. */
typedef struct sf_reader sf_reader_t;

#define SF_MAX_RECORD_DEFAULT ((size_t)1 << 20) /* bytes */

typedef struct sf_reader_opts {
    sf_format_t format; /* SF_FORMAT_AUTO to detect per file */
    const char *column; /* csv puzzle column: name or number; NULL = default */
    int no_text;        /* 1: do not keep record text (text_len 0), for
                         * callers that never output it */
    int inflate;        /* gzip back end: 0 the built-in decoder, 1 zlib
                         * (the reference; both give the same records and
                         * errors for every stream, zlib is slower) */
    size_t max_record;  /* longest line (csv: record) kept, in bytes; 0 =
                         * SF_MAX_RECORD_DEFAULT.  A longer one is an
                         * invalid record, "record too long", without its
                         * text (a grid keeps its other rows'), and is
                         * skipped without being held in memory. */
    /* Called (from the reading thread; may be NULL) with things the
     * caller should tell the user, e.g. that a csv file has no header
     * row (its first row is a puzzle, so it is read as a record). */
    void (*on_note)(void *ctx, const char *file, uint64_t line,
                    const char *note);
    void *note_ctx;
    int pencil;         /* 1: read pencilmark files (SF_FORMAT_PENCIL,
                         * detected or fixed); 0: such a file is an error
                         * (SF_ERR_USAGE), for callers that only take
                         * givens */
    int variants;       /* 1: read f-puzzles files (SF_FORMAT_FPUZZLES,
                         * detected or fixed); 0: such a file is an error
                         * (SF_ERR_USAGE), for callers that take no
                         * variant rules */
    /* Geometry (docs/geometry.md).  With geometry set, every file is of
     * it (classic 9x9 too, when it is classic).  Without it, sizes 1
     * lets each file's first lines say its side: records or grid rows of
     * N*N or N cells make it N x N with the default boxes (a file of 81
     * is classic 9x9, read as without sizes); sizes 0 reads classic 9x9
     * only, for callers that take nothing else.  Records of a geometry
     * carry it (sf_record_t.geom).  alphabet (NULL: the default) reads
     * their symbols; it must outlive the reader, as must geometry. */
    const sf_geometry_t *geometry;
    int sizes;
    const sf_alphabet_t *alphabet;
} sf_reader_opts_t;

/* Reader over n paths ("-" = stdin), opened one at a time as the stream
 * reaches them.  Returns NULL when out of memory. */
SF_API sf_reader_t *sf_reader_new(const char *const *paths, size_t n,
                                  const sf_reader_opts_t *opts);
SF_API void sf_reader_free(sf_reader_t *reader);

/* Clear chunk, then read up to max records into it (fewer once their text
 * passes 16 MiB, so a chunk's memory is bounded whatever the records'
 * lengths).  Returns the number read (0 at the end of all input), or -1 on error with err filled (a
 * missing file, corrupt or truncated gzip, an unknown csv column: the
 * message names the file and, where it helps, the line). */
SF_API long sf_reader_fill(sf_reader_t *reader, sf_chunk_t *chunk, size_t max,
                           sf_error_t *err);

/* Name of file index i as given ("-" is reported as "<stdin>"). */
SF_API const char *sf_reader_file_name(const sf_reader_t *reader, uint32_t i);
/* The csv header row of file i as read: without its line end or a UTF-8
 * byte order mark, otherwise byte for byte (a quoted field may span
 * lines), NUL-terminated, its length in *len (unless len is NULL).  NULL
 * (and *len 0) when file i is not read as csv or its header has not been
 * read yet; it is read before the file's first record is handed out, so
 * it is there for every file that records came from, standard input and
 * gzip included.  The text never changes and stays valid until
 * sf_reader_free, so threads working on a file's records may read it
 * while the reader goes on. */
SF_API const char *sf_reader_csv_header(const sf_reader_t *reader, uint32_t i,
                                        size_t *len);
/* Records read so far from file i, and (into *invalid, unless NULL) how
 * many of them were invalid. */
SF_API uint64_t sf_reader_file_records(const sf_reader_t *reader, uint32_t i,
                                       uint64_t *invalid);
/* Format of file i as decided (detected or fixed) once its first
 * non-comment line was read; SF_FORMAT_AUTO before that (and for a file
 * whose only such lines were too long to keep).  A csv file
 * without a header row has this SF_FORMAT_CSV and no sf_reader_csv_header. */
SF_API sf_format_t sf_reader_file_format(const sf_reader_t *reader,
                                         uint32_t i);
/* Format detected (or fixed) for the first file; SF_FORMAT_AUTO before any
 * record was read. */
SF_API sf_format_t sf_reader_first_format(const sf_reader_t *reader);
/* Input bytes whose records have been read so far (for gzip, the share
 * of the compressed size), and the total size of all regular files (0 when
 * unknown), for progress and ETA. */
SF_API uint64_t sf_reader_bytes_done(const sf_reader_t *reader);
SF_API uint64_t sf_reader_bytes_total(const sf_reader_t *reader);

/* ----------------------------------------------------------------- output */

typedef enum sf_field {
    SF_FIELD_PUZZLE = 0, /* the puzzle, 81 characters, '.' for empty */
    SF_FIELD_SOLUTION,   /* 81 digits, or empty when there is none */
    SF_FIELD_STATUS,     /* sf_status_name */
    SF_FIELD_COUNT,      /* solutions found (at most the limit) */
    SF_FIELD_GUESSES,    /* guesses made */
    SF_FIELD_NS,         /* solve time in nanoseconds */
    SF_FIELD_LINE,       /* the original input record */
    SF_NFIELDS
} sf_field_t;

#define SF_MAX_FIELDS 16

SF_API const char *sf_field_name(sf_field_t field);
/* Parse a comma-separated field list into fields[] (at most SF_MAX_FIELDS,
 * none twice).  Returns the number of fields, or -1 with *bad pointing at
 * the start in list of the name that is unknown, repeated or one too
 * many. */
SF_API int sf_fields_parse(const char *list, sf_field_t *fields,
                           const char **bad);

/* Output: standard output or a file written under a temporary name and
 * renamed into place on commit.  gzip output is made of independent gzip
 * members (each compressed by the batch driver in parallel) which gzip and
 * zcat read as one stream. */
typedef struct sf_writer sf_writer_t;

typedef struct sf_writer_opts {
    const char *path; /* NULL or "-" for standard output */
    int force;        /* overwrite an existing file */
    int gzip;         /* -1 by name (".gz"), 0 plain, 1 gzip */
    int level;        /* gzip level 1..9 */
} sf_writer_opts_t;

/* Open an output.  NULL with err filled: the file exists without force,
 * the temporary file cannot be created, or no memory. */
SF_API sf_writer_t *sf_writer_open(const sf_writer_opts_t *opts,
                                   sf_error_t *err);
/* 1 when the output is compressed. */
SF_API int sf_writer_gzip(const sf_writer_t *writer);
SF_API int sf_writer_level(const sf_writer_t *writer);
/* Write bytes as they are (already compressed when gzip).  0 or -1. */
SF_API int sf_writer_write(sf_writer_t *writer, const void *buf, size_t len,
                           sf_error_t *err);
/* Write n buffers in order, as one writev where possible.  0 or -1. */
struct iovec;
SF_API int sf_writer_writev(sf_writer_t *writer, const struct iovec *iov,
                            int n, sf_error_t *err);
/* Flush and close.  With commit the temporary file is renamed into place;
 * without it (or when flushing fails) it is removed.  Without force the
 * commit never replaces a file: one that appeared under the name since
 * the writer opened is left alone, the temporary file is removed and the
 * commit fails (SF_ERR_IO).  Frees the writer.  0 or -1. */
SF_API int sf_writer_close(sf_writer_t *writer, int commit, sf_error_t *err);

/* Name of the temporary file being written, or NULL (stdout, or a
 * non-regular file written directly).  For removing it from a signal
 * handler on interruption. */
SF_API const char *sf_writer_temp_path(const sf_writer_t *writer);

/* Compress len bytes of in into one complete gzip member appended to
 * *out (a malloc'd buffer of *out_len bytes used, *out_cap allocated).
 * 0, or -1 when out of memory.  Thread-safe. */
SF_API int sf_gzip_member(const void *in, size_t len, int level, char **out,
                          size_t *out_len, size_t *out_cap);

/* ------------------------------------------------------------- statistics */

typedef struct sf_stats {
    uint64_t puzzles;                   /* records read */
    uint64_t by_status[SF_STATUS_COUNT];/* records per status */
    uint64_t guesses;                   /* sum over solved records */
    uint64_t no_guess;                  /* puzzles solved w/o guessing */
    double wall_sec;                    /* wall time of the run */
    double cpu_sec;                     /* user + system CPU time */
    double solve_sec;                   /* summed per-puzzle solve time */
    uint64_t lat_median_ns, lat_p99_ns, lat_max_ns; /* per-puzzle latency */
    int threads;                        /* threads used */
    const char *kernel;                 /* kernel name: of the classic 9x9
                                         * records, or of the others when
                                         * there were none */
    const char *geom_kernel;            /* when the run had both, the
                                         * other geometries' kernel if it
                                         * is another; else NULL */
} sf_stats_t;

/* Write stats as one JSON object (with a final newline) into buf.  Returns
 * the length it needs, like snprintf. */
SF_API int sf_stats_json(const sf_stats_t *stats, char *buf, size_t cap);

/* ------------------------------------------------------------------ batch */

typedef struct sf_progress {
    uint64_t records;     /* records written so far */
    uint64_t bytes_done;  /* input bytes consumed */
    uint64_t bytes_total; /* 0 when unknown */
    double elapsed_sec;
} sf_progress_t;

typedef struct sf_batch_opts {
    const sf_kernel_t *kernel; /* NULL = default */
    int threads;               /* <= 0: all available */
    uint64_t limit;            /* solutions to look for; 0 = all */
    unsigned flags;            /* SF_LEX */
    int strict;                /* stop at the first invalid record */
    size_t chunk;              /* records per chunk; 0 = default */
    sf_format_t out_format;    /* SF_FORMAT_LINE, _GRID, _JSONL (one JSON
                                * object a record, fields by name), or
                                * _AUTO (by input) */
    sf_field_t fields[SF_MAX_FIELDS]; /* line output fields */
    int nfields;               /* 0 = just the solution */
    const char *sep;           /* field separator; NULL = "," */
    int header;                /* line output: field names first */
    /* Called for each invalid record, in input order, from the thread that
     * reads input (may be NULL). */
    void (*on_invalid)(void *ctx, const char *file, uint64_t line,
                       const char *why);
    /* Called about every 0.25 s from the reading thread (may be NULL). */
    void (*on_progress)(void *ctx, const sf_progress_t *progress);
    void *ctx;
    /* JSON Lines output of a job (sf_job_run with out_format
     * SF_FORMAT_JSONL): the key of each field of a record, in the order
     * emit() writes them (sf_batch_run names its fields itself).  An
     * empty text field is written as null, numbers as numbers. */
    const char *const *keys;
    int nkeys;
    /* Symbols of geometry records in the output: the reader's alphabet
     * (NULL: the default). */
    const sf_alphabet_t *alphabet;
} sf_batch_opts_t;

/* Solve every record of reader, writing one output record each, in input
 * order, to writer; byte-identical for every thread count.  At most three
 * chunks are in memory at once, whatever the input size.  Fills stats
 * (wall/cpu time, statuses, latency).  Returns 0, or -1 with err filled
 * (SF_ERR_IO for read or write failures, SF_ERR_INVALID for an invalid
 * record under strict).  Does not close the writer. */
SF_API int sf_batch_run(const sf_batch_opts_t *opts, sf_reader_t *reader,
                        sf_writer_t *writer, sf_stats_t *stats,
                        sf_error_t *err);

/* ------------------------------------------------------------------- jobs */

/* sf_batch_run is one job on a general driver, sf_job_run, that streams
 * items through the threads the same way: chunks of input records (or, for
 * a source job, of record indices 0..count-1 and no input at all), each
 * item worked on by some thread, its output formatted in parallel and
 * written in item order, byte-identical for every thread count and chunk
 * size, with at most three chunks in memory.  An item may give any number
 * of output records, to one of at most SF_MAX_OUTPUTS outputs. */

#define SF_MAX_OUTPUTS 2

/* Output text of one block of items for one output, built record by record
 * from a job's emit().  A field is preceded by the separator unless it is
 * the record's first; sf_out_end closes the record.  Running out of memory
 * is remembered and reported by the driver, so the calls return nothing. */
typedef struct sf_out sf_out_t;

/* 81 cells as a field: digits, `empty` for 0. */
SF_API void sf_out_cells(sf_out_t *out, const uint8_t *cells, char empty);
/* len bytes of text as a field, quoted the CSV way when it holds the
 * separator, a quote or a line break. */
SF_API void sf_out_text(sf_out_t *out, const char *text, size_t len);
/* A decimal integer field; a fixed-point field with `decimals` digits. */
SF_API void sf_out_u64(sf_out_t *out, uint64_t v);
SF_API void sf_out_fixed(sf_out_t *out, double v, int decimals);
/* A value that may be a lower bound (an SE rating cut short, a backdoor
 * beyond its search): text in line output (">=10.4", ">3"; "" for no
 * value); in JSON Lines the number v with `decimals` digits, then a key of
 * its own, the field's key and "_bound", true when v is only a lower bound
 * ("se":10.4,"se_bound":true), so that each key has one JSON type; both
 * null when v is NaN (no value). */
SF_API void sf_out_bound(sf_out_t *out, const char *text, size_t len,
                         double v, int decimals, int bound);
/* End the record (a newline).  In JSON Lines a record of another
 * geometry (sf_out_geometry) ends with that geometry's keys: "geometry"
 * ("6x6:2x3"), "regions", "variant" and "extra" where it has them, so
 * that it reads back as a record of that geometry. */
SF_API void sf_out_end(sf_out_t *out);
/* The geometry of the records written next (NULL or classic: none).  The
 * batch driver sets each item's record's before emit(); a source job
 * whose items have another geometry sets it itself. */
SF_API void sf_out_geometry(sf_out_t *out, const sf_geometry_t *g);
/* A whole record as it is: len bytes and a newline, no separator. */
SF_API void sf_out_record(sf_out_t *out, const char *text, size_t len);
/* 81 cell characters as a grid record: 9 rows, cells separated by a space
 * when spaced, after a blank line when blank_before. */
SF_API void sf_out_grid(sf_out_t *out, const char *chars, int spaced,
                        int blank_before);

/* What a job sees of one item. */
typedef struct sf_item {
    const sf_record_t *rec; /* the input record; NULL for a source job */
    const uint8_t *cells;   /* its cells (sf_record_cells); NULL for a
                             * source job */
    uint8_t *room;          /* a record of a geometry: N*N bytes the job
                             * may keep a grid in from work() to emit()
                             * (not in fan-out jobs, whose copies share
                             * it); NULL for classic records */
    const char *text;       /* its original text (rec->text_len bytes) */
    uint64_t index;         /* 0-based position in the run (of the record,
                             * for a fan-out job) */
    uint64_t copy;          /* fan-out jobs: 0..fanout-1; else 0 */
} sf_item_t;

/* A job.  Callbacks run on any thread unless said otherwise; `thread` is
 * 0..threads-1 and the same thread never runs two calls at once, so
 * per-thread state indexed by it needs no locking. */
typedef struct sf_job {
    void *ctx;             /* passed to every callback */
    int source;            /* 1: no reader; items are indices 0..count-1 */
    uint64_t count;        /* source jobs: number of items */
    int outputs;           /* writers taken, 1..SF_MAX_OUTPUTS (0 = 1) */
    uint64_t fanout;       /* items per input record (0 or 1: one): each
                            * record becomes items (record, copy) for copy
                            * 0..fanout-1, in that order, spread over
                            * blocks, threads and chunks like any items,
                            * so memory does not grow with fanout */
    size_t slot_size;      /* bytes kept per item from work() to emit() */
    /* Once, before any other call, with the thread count: set up
     * per-thread state.  0, or -1 when out of memory.  May be NULL. */
    int (*start)(void *ctx, int threads);
    /* Once, from the calling thread, after the first chunk was read (for
     * layouts that depend on the input): write header records.  0, or -1
     * to stop the run with err filled (err->code left 0 means out of
     * memory), e.g. when options do not fit the input.  May be NULL. */
    int (*begin)(void *ctx, sf_out_t *const *out, sf_error_t *err);
    /* Before each block of up to a few hundred items a thread works on
     * (for per-block clocks).  May be NULL. */
    void (*block)(void *ctx, int thread);
    /* The work on one item; invalid records come here too (rec->invalid)
     * and should keep their output records.  Fills slot. */
    void (*work)(void *ctx, int thread, const sf_item_t *item, void *slot);
    /* The work on a block's items[0..n-1] (n at most 128) into
     * slots[0..n-1] at once, in place of work() on each (not for fine
     * jobs, which keep work()).  May be NULL. */
    void (*work_many)(void *ctx, int thread, const sf_item_t *items,
                      size_t n, void *const *slots);
    /* Optional ordered pass: called on one thread for every item in input
     * order, after work() and before emit(); returns 1 to keep the item,
     * 0 to drop it (it emits nothing), or -1 to stop the run with err
     * filled (err->code left 0 means out of memory).  For decisions that
     * depend on earlier items. */
    int (*keep)(void *ctx, const sf_item_t *item, void *slot,
                sf_error_t *err);
    /* Format the item's output records into out[0..outputs-1]. */
    void (*emit)(void *ctx, int thread, const sf_item_t *item, void *slot,
                 sf_out_t *const *out);
    /* 1: items take milliseconds or more (and vary): threads claim them
     * one at a time instead of in blocks, so that they finish a chunk
     * together; output is still formatted by blocks. */
    int fine;
    /* Output bytes an item is expected to take, all outputs together (0:
     * 128).  A chunk holds no more items than fit 16 MiB by the larger of
     * this and what the items written so far took on average, so memory
     * stays bounded however large the records are (in a job of several
     * processes, by this alone: they must cut the same chunks). */
    size_t item_output;
} sf_job_t;

typedef struct sf_job_stats {
    uint64_t items;                   /* records read, or indices made */
    /* (for a fan-out job: input records, not items) */
    uint64_t invalid;                 /* invalid input records */
    uint64_t dropped;                 /* items keep() dropped */
    uint64_t records[SF_MAX_OUTPUTS]; /* output records written, per output */
    double wall_sec, cpu_sec;         /* of the run */
    int threads;                      /* threads used */
} sf_job_stats_t;

/* Run job over reader's records (reader NULL for a source job), writing
 * its output records in item order to writers[0..job->outputs-1] with the
 * separator, threads, chunk size, strict, on_invalid and on_progress of
 * opts (its solving and field options are not used).  Records of gzip
 * writers are compressed in parallel.  Returns 0, or -1 with err filled as
 * for sf_batch_run.  Does not close the writers. */
SF_API int sf_job_run(const sf_batch_opts_t *opts, const sf_job_t *job,
                      sf_reader_t *reader, sf_writer_t *const *writers,
                      sf_job_stats_t *stats, sf_error_t *err);

/* ------------------------------------------------------------------ bench */

typedef struct sf_bench_result {
    uint64_t puzzles;    /* puzzles solved in the measured passes */
    double seconds;      /* measured wall time */
    uint64_t guesses;    /* over one pass */
    uint64_t no_guess;   /* puzzles of one pass solved without guessing */
    uint64_t per_pass;   /* puzzles in one pass */
    int threads;         /* threads that ran (or, rc -2, could start) */
} sf_bench_result_t;

/* Time kernel k on n puzzles (81 cells each, in memory) with the given
 * limit and threads: one warm-up pass, then whole passes (shared out among
 * the threads in runs of up to 64 puzzles, with no barrier between passes)
 * until min_seconds have elapsed.  0; -1 when out of memory; -2 when the
 * threads cannot all start (memory or process limits): nothing is timed
 * and result->threads says how many could. */
SF_API int sf_bench_run(const sf_kernel_t *k, const uint8_t *cells, size_t n,
                        uint64_t limit, int threads, double min_seconds,
                        sf_bench_result_t *result);
/* The same on n puzzles of geometry g (N*N cells each, as sf_solve_geom)
 * with kernel k (NULL: the geometry's own; -1 when k does not serve g). */
SF_API int sf_bench_run_geom(const sf_kernel_t *k, const sf_geometry_t *g,
                             const uint8_t *cells, size_t n, uint64_t limit,
                             int threads, double min_seconds,
                             sf_bench_result_t *result);
/* The same on n pencilmark puzzles (81 candidate masks each, as
 * sf_solve_cands). */
SF_API int sf_bench_run_cands(const sf_kernel_t *k, const uint16_t *cands,
                              size_t n, uint64_t limit, int threads,
                              double min_seconds, sf_bench_result_t *result);

/* --------------------------------------------------------------- datasets */

/* Generating puzzles.  Every puzzle is a pure function of (options, seed,
 * index), so any number of threads may make any indices in any order. */

/* Symmetry of the clue pattern: a cell is a clue exactly when its images
 * are.  rot180: (r,c) ~ (8-r,8-c); rot90: quarter turns; diagonal: (r,c) ~
 * (c,r); mirror: (r,c) ~ (r,8-c). */
typedef enum sf_symmetry {
    SF_SYM_NONE = 0,
    SF_SYM_ROT180,
    SF_SYM_ROT90,
    SF_SYM_DIAGONAL,
    SF_SYM_MIRROR,
    SF_SYM_COUNT
} sf_symmetry_t;

/* "none", "rot180", "rot90", "diagonal", "mirror"; "?" when out of range. */
SF_API const char *sf_symmetry_name(sf_symmetry_t s);
/* The symmetry of that name, or -1 when the name is unknown or NULL. */
SF_API int sf_symmetry_parse(const char *name);

typedef struct sf_gen_opts {
    int clues;              /* 0: minimal (no clue, or with a symmetry no
                             * orbit of clues, is removable); else exactly
                             * this many (17..81) */
    sf_symmetry_t symmetry; /* clue pattern symmetry */
} sf_gen_opts_t;

/* The fewest clues the generator reaches with symmetry s: 20 without a
 * symmetry, 24 for rot90, 22 for the others (about half the requests at
 * that count succeed; all above it).  -1 for an unknown symmetry. */
SF_API int sf_gen_min_clues(sf_symmetry_t s);
/* Why the options cannot give puzzles (a static sentence), or NULL when
 * they can: an unknown symmetry, clues outside 17..81, a rot90 count that
 * is not 4k or 4k+1, or fewer clues than sf_gen_min_clues. */
SF_API const char *sf_gen_opts_problem(const sf_gen_opts_t *o);

/* Per-thread generator state; owns a solver on the default kernel. */
typedef struct sf_gen sf_gen_t;

/* New generator, or NULL when out of memory.  Used by one thread at a time. */
SF_API sf_gen_t *sf_gen_new(void);
SF_API void sf_gen_free(sf_gen_t *g);

/* A generator of puzzles of geometry g (docs/geometry.md; NULL or
 * classic: sf_gen_new), or NULL when out of memory.  g must outlive it.
 * sf_gen_puzzle then writes N*N cells; its options are checked by
 * sf_gen_geom_problem (clues 0, minimal, or 1..N*N; the symmetries as for
 * 9x9, on the N x N grid); sf_gen_search is for classic 9x9 only (-1). */
SF_API sf_gen_t *sf_gen_new_geom(const sf_geometry_t *g);
/* Why o cannot give puzzles of geometry g (a static sentence), or NULL. */
SF_API const char *sf_gen_geom_problem(const sf_geometry_t *g,
                                       const sf_gen_opts_t *o);

/* Puzzle number `index` of the stream `seed`: the result depends only on
 * (opts, seed, index), never on the thread or call order.  Writes a puzzle
 * (81 cells, 0 = empty) with exactly one solution and that solution (81
 * cells, 1..9).  Returns 0, or -1 when the options are invalid
 * (sf_gen_opts_problem) or cannot be met after a bounded number of
 * attempts (at sf_gen_min_clues about half the requests fail). */
SF_API int sf_gen_puzzle(sf_gen_t *g, const sf_gen_opts_t *o, uint64_t seed,
                         uint64_t index, uint8_t *puzzle, uint8_t *solution);

/* Search toward a target: starting from sf_gen_puzzle's result, mutate
 * (keep the solution; put an empty orbit of cells back and remove others,
 * keeping exactly one solution, minimality when o->clues == 0, the clue
 * count otherwise, and the symmetry) and keep a mutation when score() does
 * not get worse, until accept() says the puzzle is on target or max_steps
 * mutations were tried.  score(ctx, puzzle) is higher = closer to target;
 * accept may be NULL (never on target).  Returns 0 when on target, 1 when
 * steps ran out (the best puzzle found is written), -1 as above or when
 * score is NULL.  Deterministic in (opts, seed, index). */
SF_API int sf_gen_search(sf_gen_t *g, const sf_gen_opts_t *o, uint64_t seed,
                         uint64_t index,
                         double (*score)(void *ctx, const uint8_t *p),
                         int (*accept)(void *ctx, const uint8_t *p), void *ctx,
                         unsigned max_steps, uint8_t *puzzle,
                         uint8_t *solution);

/* Variant puzzles of a kind (docs/variants.md): killer (cages, no
 * givens), kropki and xv (every dot or X/V of the grid, with the negative
 * constraints), thermo, arrow, whisper, renban, and mixed (cages with
 * sums, thermometers, arrows, whispers), with givens taken away while one
 * solution remains. */
enum {
    SF_VGEN_KILLER, SF_VGEN_KROPKI, SF_VGEN_XV, SF_VGEN_THERMO,
    SF_VGEN_ARROW, SF_VGEN_WHISPER, SF_VGEN_RENBAN, SF_VGEN_MIXED,
    SF_VGEN_KINDS
};
SF_API const char *sf_vgen_kind_name(int kind);
SF_API int sf_vgen_kind_parse(const char *name); /* -1 when unknown */

/* Per-thread generator of variant puzzles of geometry g (which must
 * outlive it; classic 9x9 as a geometry); NULL when out of memory. */
typedef struct sf_vgen sf_vgen_t;
SF_API sf_vgen_t *sf_vgen_new(const sf_geometry_t *g);
SF_API void sf_vgen_free(sf_vgen_t *v);
/* Puzzle number `index` of the stream `seed` of a kind: its givens into
 * puzzle and its one solution into solution (N*N cells each), its rules
 * returned sealed (the caller frees them).  Depends only on (kind, g,
 * seed, index).  NULL when out of memory or when no puzzle came of a
 * bounded number of grids. */
SF_API sf_rules_t *sf_vgen_puzzle(sf_vgen_t *v, int kind, uint64_t seed,
                                  uint64_t index, uint8_t *puzzle,
                                  uint8_t *solution);

/* Transforms that keep a puzzle valid (the 2 * 6^8 * 9! relabellings,
 * row/band/column/stack permutations and transposition), and the canonical
 * form of a puzzle under all of them. */

typedef struct sf_xform {
    uint8_t transpose;   /* 1: transpose the input first */
    uint8_t row[9];      /* output row r takes (transposed) input row row[r] */
    uint8_t col[9];      /* output column c takes input column col[c] */
    uint8_t digit[10];   /* digit map, digit[0] = 0 (empty stays empty) */
} sf_xform_t;

/* Rows only permuted within bands and bands among themselves (same for
 * columns/stacks): every sf_xform_t made by these functions preserves
 * validity. */

/* The transform that changes nothing. */
SF_API void sf_xform_identity(sf_xform_t *t);

/* out[r*9+c] = digit[T(in)[row[r]*9 + col[c]]], T = transpose or identity.
 * in and out may be the same array.  Values above 9 are not digits and
 * become 0, here and in sf_canon.  0, or -1 (out untouched) when an
 * argument is NULL or t is not a transform: row and col must be
 * permutations of 0..8, digit[0] 0 and digit[1..9] a permutation of 1..9
 * (band and stack structure is not checked: any such t maps a puzzle to
 * one, valid or not). */
SF_API int sf_xform_apply(const sf_xform_t *t, const uint8_t *in,
                           uint8_t *out);

/* Canonical form: the lexicographically smallest 81-cell string (0 for an
 * empty cell sorts first) over all transforms above, with digits relabelled
 * in order of first appearance (so the first digit is 1, the next new one
 * 2...).  Equivalent puzzles give byte-identical output; the form is exact
 * for any cells (empty, full, contradictory: it is purely combinatorial,
 * nothing is solved).  When t is not NULL it receives a transform with
 * sf_xform_apply(t, in) == out; digits absent from in are mapped to the
 * unused labels in increasing order, so t->digit is a permutation.
 * in and out may be the same array.  Uses about 55 KiB of stack. */
SF_API void sf_canon(const uint8_t *in, uint8_t *out, sf_xform_t *t);

/* Other geometries have their own group (docs/geometry.md): the maps of
 * rows, columns and transposition that keep every unit, peer and
 * neighbour rule of g, with any relabelling (under non-consecutive only
 * the identity and v -> N+1-v).  sf_canon_geom writes the smallest image
 * of in (N*N cells, row-major, 0 first) over g's group, relabelled by
 * first appearance where relabelling is free; sf_canon's form for NULL
 * or classic g.  0, or -1 with err filled (a group too large to list, as
 * 25x25 with disjoint groups: SF_ERR_USAGE; out of memory). */
SF_API int sf_canon_geom(const sf_geometry_t *g, const uint8_t *in,
                         uint8_t *out, sf_error_t *err);
/* The order of g's group (2 * 6^8 * 9! for classic), or -1 with err
 * filled as sf_canon_geom. */
SF_API double sf_symmetries_geom(const sf_geometry_t *g, sf_error_t *err);

/* Difficulty: the hardest human technique a logical solver needs, and a
 * solver-based rating. */

typedef enum sf_level {
    SF_LEVEL_SINGLES = 0, /* naked and hidden singles */
    SF_LEVEL_LOCKED,      /* + locked candidates (pointing, claiming) */
    SF_LEVEL_SUBSETS,     /* + naked/hidden pairs, triples, quads */
    SF_LEVEL_FISH,        /* + X-wing, swordfish, jellyfish */
    SF_LEVEL_WINGS,       /* + XY-wing, XYZ-wing */
    SF_LEVEL_UNIQUE,      /* + unique rectangles and loops, BUG */
    SF_LEVEL_EXCLUSION,   /* + aligned pair exclusion */
    SF_LEVEL_CHAINS,      /* + X-, Y-, XY-cycles, forcing X- and XY-chains */
    SF_LEVEL_GUESS,       /* the above do not solve it (also: no/many solutions) */
    SF_LEVEL_COUNT
} sf_level_t;

/* "singles", "locked", "subsets", "fish", "wings", "unique", "exclusion",
 * "chains", "guess"; "?" out of range. */
SF_API const char *sf_level_name(sf_level_t l);
/* The level of that exact name, or -1 if unknown (NULL included). */
SF_API int sf_level_parse(const char *name);

/* Hardest technique a logical solver needs, always applying the simplest
 * technique that makes progress.  cells: 81 values, 0 = empty, 1..9 =
 * given; values above 9 or clashing givens give SF_LEVEL_GUESS. */
SF_API sf_level_t sf_logic_level(const uint8_t *cells);
/* The same for a puzzle of geometry g (N*N cells; NULL or classic:
 * sf_logic_level): singles, locked candidates and subsets over g's units
 * and peers (docs/geometry.md), else SF_LEVEL_GUESS. */
SF_API sf_level_t sf_logic_level_geom(const sf_geometry_t *g,
                                      const uint8_t *cells);

#define SF_RATING_SAMPLES 8 /* equivalent copies solved by default */

/* Mean guesses (sf_solve_cells at limit 2) over `samples` (0 = 1) random
 * equivalent copies of cells, using solver s (owned by the calling thread).
 * The copies are drawn from the canonical form, so equivalent puzzles get
 * the same rating.  -1 when the puzzle has no solution. */
SF_API double sf_rating(sf_solver_t *s, const uint8_t *cells,
                        unsigned samples);

/* The difficulty card's measures (`rate --fields minimal,singles_closure,
 * backdoor,automorphisms`; docs/ratings.md defines each exactly).  cells:
 * 81 values, 0 = empty. */

/* 1 when the puzzle has exactly one solution and every clue is needed
 * (removing any one leaves more than one solution), 0 when it has one
 * and some clue is not; -1 otherwise (no or several solutions, a value
 * above 9).  solution: the puzzle's solution when the caller has it (it
 * must be the only one), or NULL to have s count it.  Solver s (owned by
 * the calling thread) does one search per clue. */
SF_API int sf_is_minimal(sf_solver_t *s, const uint8_t *cells,
                         const uint8_t *solution);

/* How many empty cells naked and hidden singles alone fill, from the
 * givens, until none applies (81 - clues when they solve the puzzle; the
 * result does not depend on the order they are taken in).  out (81
 * bytes, may be NULL) receives the grid they reach.  -1 when a value is
 * above 9, givens clash or the singles reach a contradiction (then the
 * puzzle has no solution; one without a contradiction may still have
 * none). */
SF_API int sf_singles_closure(const uint8_t *cells, uint8_t *out);

#define SF_BACKDOOR_MAX 4 /* the largest size sf_backdoor searches */

/* The singles backdoor: the fewest cells k that, given their digits of
 * solution (the puzzle's only solution, 81 digits) in addition to the
 * clues, let singles alone (sf_singles_closure) fill the grid.  Searches
 * k = 0 .. max (at most SF_BACKDOOR_MAX) and returns k, with the first
 * such set in increasing cell order in set[0..k) (room for max cells; may
 * be NULL), or max + 1 when no set of max cells does.  -1 when solution
 * is not a solution of the puzzle (a valid full grid that keeps the
 * givens) or max is out of range.  The cost grows as the number of empty
 * cells to the power k. */
SF_API int sf_backdoor(const uint8_t *cells, const uint8_t *solution,
                       int max, uint8_t *set);

/* The number of transforms of the equivalence group (sf_xform_t: a
 * transposition or not, row, band, column and stack orders, and a digit
 * relabelling; 2 * 6^8 * 9! in all) that map cells onto itself, the
 * identity included: >= 1 (0 only for NULL).  Digits absent from cells
 * can be relabelled among themselves, so the empty grid gives
 * 2 * 6^8 * 9! = 1,218,998,108,160.  Exact for any cells (empty, full,
 * contradictory; values above 9 read as empty). */
SF_API uint64_t sf_automorphisms(const uint8_t *cells);

/* The difficulty card: the measures above, and the guesses of a count to
 * two, from one solve of the puzzle (`rate --fields` and `generate
 * --fields` minimal, singles_closure, backdoor, automorphisms, guesses).
 * Ask for the measures wanted as bits; the count is always made. */
enum {
    SF_CARD_MINIMAL = 1u,       /* sf_is_minimal */
    SF_CARD_CLOSURE = 2u,       /* sf_singles_closure */
    SF_CARD_BACKDOOR = 4u,      /* sf_backdoor up to SF_CARD_BACKDOOR_MAX */
    SF_CARD_AUTOMORPHISMS = 8u, /* sf_automorphisms */
    SF_CARD_ALL = 15u
};
#define SF_CARD_BACKDOOR_MAX 3 /* a larger backdoor is reported as 4 */

typedef struct sf_card {
    sf_status_t status;      /* of the count to two (limit 2) */
    uint64_t guesses;        /* of that count */
    int minimal;             /* 1 or 0; -1: not asked, or not one solution */
    int singles_closure;     /* -1: not asked, or no solution */
    int backdoor;            /* 0..SF_CARD_BACKDOOR_MAX, or that + 1 for a
                              * larger one; -1: not asked, or not one
                              * solution */
    uint64_t automorphisms;  /* 0: not asked, or a value above 9 */
} sf_card_t;

/* The card of cells (81 values, 0 = empty) into *out; solution (81 bytes,
 * may be NULL) receives the solution when status is SF_UNIQUE.  Solver s
 * is owned by the calling thread.  0, or -1 when s, cells or out is
 * NULL (out is then untouched).  A value above 9 gives status SF_INVALID
 * and no measure. */
SF_API int sf_card(sf_solver_t *s, const uint8_t *cells, unsigned measures,
                   uint8_t *solution, sf_card_t *out);

/* The Sudoku Explainer (SE) rating: the difficulty, on SE's scale, of the
 * hardest step of a solve that always applies the first technique, in
 * SE's order, that makes progress.  Values are in tenths (23 = 2.3).
 * When no technique applies before the grid is full (SF_SE_BEYOND: SE
 * gives up there) or the time budget is spent (SF_SE_OVER), tenths is a
 * lower bound of the SE rating, not the rating. */
typedef enum sf_se_step {
    SF_SE_STEP_NONE = 0,          /* no step (a full grid) */
    SF_SE_STEP_FULL_HOUSE,        /* 1.0 last empty cell of a region */
    SF_SE_STEP_HIDDEN_SINGLE_BOX, /* 1.2 */
    SF_SE_STEP_HIDDEN_SINGLE_LINE,/* 1.5 in a row or column */
    SF_SE_STEP_DIRECT_POINTING,   /* 1.7 pointing giving a hidden single */
    SF_SE_STEP_DIRECT_CLAIMING,   /* 1.9 */
    SF_SE_STEP_DIRECT_HIDDEN_PAIR,/* 2.0 */
    SF_SE_STEP_NAKED_SINGLE,      /* 2.3 */
    SF_SE_STEP_DIRECT_HIDDEN_TRIPLE, /* 2.5 */
    SF_SE_STEP_POINTING,          /* 2.6 */
    SF_SE_STEP_CLAIMING,          /* 2.8 */
    SF_SE_STEP_NAKED_PAIR,        /* 3.0 */
    SF_SE_STEP_X_WING,            /* 3.2 */
    SF_SE_STEP_HIDDEN_PAIR,       /* 3.4 */
    SF_SE_STEP_NAKED_TRIPLE,      /* 3.6 */
    SF_SE_STEP_SWORDFISH,         /* 3.8 */
    SF_SE_STEP_HIDDEN_TRIPLE,     /* 4.0 */
    SF_SE_STEP_XY_WING,           /* 4.2 */
    SF_SE_STEP_XYZ_WING,          /* 4.4 */
    SF_SE_STEP_UNIQUE_RECTANGLE,  /* 4.5 and up (type 3: + the set's size) */
    SF_SE_STEP_UNIQUE_LOOP,       /* 4.6 and up (6 or more cells) */
    SF_SE_STEP_NAKED_QUAD,        /* 5.0 */
    SF_SE_STEP_JELLYFISH,         /* 5.2 */
    SF_SE_STEP_HIDDEN_QUAD,       /* 5.4 */
    SF_SE_STEP_BUG,               /* 5.6-6.2 bivalue universal grave */
    SF_SE_STEP_ALIGNED_PAIR,      /* 6.2 aligned pair exclusion */
    SF_SE_STEP_X_CYCLE,           /* 6.5+ with the chain length */
    SF_SE_STEP_Y_CYCLE,           /* 6.5+ */
    SF_SE_STEP_X_CHAIN,           /* 6.6+ forcing X-chain, turbot fish */
    SF_SE_STEP_XY_CYCLE,          /* 7.0+ */
    SF_SE_STEP_XY_CHAIN,          /* 7.0+ forcing chain */
    SF_SE_STEP_BEYOND,            /* no technique applies (SE gives up) */
    SF_SE_STEP_OVER,              /* the time budget ran out */
    SF_SE_STEP_ALIGNED_TRIPLE,    /* 7.5 aligned triplet exclusion */
    SF_SE_STEP_NISHIO,            /* 7.5+ Nishio forcing chains */
    SF_SE_STEP_CELL_FORCING,      /* 8.0+ cell forcing chains */
    SF_SE_STEP_REGION_FORCING,    /* 8.0+ region forcing chains */
    SF_SE_STEP_DYNAMIC_CONTRADICTION, /* 8.5+ dynamic contradiction chains */
    SF_SE_STEP_DYNAMIC_DOUBLE,    /* 8.5+ dynamic double forcing chains */
    SF_SE_STEP_DYNAMIC_CELL,      /* 8.5+ dynamic cell forcing chains */
    SF_SE_STEP_DYNAMIC_REGION,    /* 8.5+ dynamic region forcing chains */
    SF_SE_STEP_PLUS_CONTRADICTION,/* 9.0+ the same with SE's first level */
    SF_SE_STEP_PLUS_DOUBLE,       /*      of nesting, "(+)": locking,      */
    SF_SE_STEP_PLUS_CELL,         /*      pairs and X-wings as links      */
    SF_SE_STEP_PLUS_REGION,
    SF_SE_STEP_PLUS_FC_CONTRADICTION, /* 9.5+ second level, "(+ Forcing */
    SF_SE_STEP_PLUS_FC_DOUBLE,    /*      Chains)": the forcing chains and */
    SF_SE_STEP_PLUS_FC_CELL,      /*      cycles as links too             */
    SF_SE_STEP_PLUS_FC_REGION,
    SF_SE_STEP_PLUS_MFC_CONTRADICTION, /* 10.0+ third level, "(+ Multiple */
    SF_SE_STEP_PLUS_MFC_DOUBLE,   /*      Forcing Chains)": cell and region */
    SF_SE_STEP_PLUS_MFC_CELL,     /*      forcing chains as links too      */
    SF_SE_STEP_PLUS_MFC_REGION,
    SF_SE_STEP_PLUS_DFC_CONTRADICTION, /* 10.5+ fourth, "(+ Dynamic Forcing */
    SF_SE_STEP_PLUS_DFC_DOUBLE,   /*      Chains)": dynamic forcing chains  */
    SF_SE_STEP_PLUS_DFC_CELL,     /*      as links                          */
    SF_SE_STEP_PLUS_DFC_REGION,
    SF_SE_STEP_PLUS_DFC_FC_CONTRADICTION, /* 11.0+ fifth, "(+ Dynamic      */
    SF_SE_STEP_PLUS_DFC_FC_DOUBLE, /*     Forcing Chains (+ Forcing        */
    SF_SE_STEP_PLUS_DFC_FC_CELL,  /*      Chains))": those at the second   */
    SF_SE_STEP_PLUS_DFC_FC_REGION, /*     level as links too               */
    SF_SE_STEP_WXYZ_WING,         /* 5.5-5.6 the Sukaku Explainer scale's  */
    SF_SE_STEP_VWXYZ_WING,        /* 6.2-6.4 wings: an almost locked set   */
    SF_SE_STEP_UVWXYZ_WING,       /* 6.6     of 3 to 6 cells and a bivalue */
    SF_SE_STEP_TUVWXYZ_WING,      /* 7.5     cell                          */
    SF_SE_STEP_STRONG_LINKS_2,    /* 4.0-4.3 the Sukaku Explainer scale's  */
    SF_SE_STEP_STRONG_LINKS_3,    /* 5.4-5.7 chains of 2 to 4 strong links */
    SF_SE_STEP_STRONG_LINKS_4,    /* 5.8-6.1 of one digit (skyscrapers,    */
                                  /*         kites, X-loops)               */
    SF_SE_STEP_COUNT
} sf_se_step_t;

typedef enum sf_se_status {
    SF_SE_EXACT = 0,   /* tenths is the SE rating */
    SF_SE_BEYOND,      /* lower bound: no technique of SE applies */
    SF_SE_OVER,        /* lower bound: the budget was spent */
    SF_SE_INVALID      /* clashing givens, a value above 9, or a contradiction
                        * (a puzzle without solution) */
} sf_se_status_t;

typedef struct sf_se_result {
    int tenths;            /* rating (or lower bound) in tenths */
    sf_se_step_t step;     /* technique of the hardest step (or BEYOND/OVER) */
    sf_se_status_t status;
    int steps;             /* steps applied */
} sf_se_result_t;

/* Rate cells (81 values, 0 = empty) on the SE scale, within budget
 * seconds of wall time.  A budget, here and in every sf_ function that
 * takes one, is 0 for none, else a finite number of seconds above 0; a
 * negative, NaN or infinite budget is an argument error (-1).  The puzzle
 * should have exactly one solution (SE's uniqueness techniques assume it;
 * check first).
 * Thread-safe (state on the caller's stack and heap; the memory of the
 * chain searches, a few megabytes once a puzzle needs them, is kept by the
 * calling thread for its next call and freed when the thread ends).
 * Returns 0, or -1 when out of memory or an argument is wrong. */
SF_API int sf_se_rate(const uint8_t *cells, double budget,
                      sf_se_result_t *out);

/* The two SE scales: the classic Sudoku Explainer (1.2.1, the forum's
 * ER lists; sf_se_rate) and Sukaku Explainer's (1.18.1, with strong
 * links, more wings and corrected uniqueness techniques; docs/se.md). */
typedef enum sf_se_scale {
    SF_SE_CLASSIC = 0,
    SF_SE_SUKAKU = 1
} sf_se_scale_t;
/* sf_se_rate on either scale; -1 also for an unknown scale. */
SF_API int sf_se_rate_scale(const uint8_t *cells, sf_se_scale_t scale,
                            double budget, sf_se_result_t *out);
/* Lowercase hyphenated name of a step ("naked-pair"); "?" out of range. */
SF_API const char *sf_se_step_name(sf_se_step_t step);
/* The rating as text into buf (cap >= 8): "2.3", or ">=7.5" for a lower
 * bound; "" for SF_SE_INVALID.  Returns the length. */
SF_API int sf_se_format(const sf_se_result_t *r, char *buf, size_t cap);

/* SE's display name of a step into buf, as Sudoku Explainer prints it
 * ("Naked Pair", "Unique Rectangle type 4", "Unique Loop 8 type 1",
 * "Turbot Fish", "Dynamic Contradiction Forcing Chains (+)"): the step's
 * technique and its variant (a trace's, sf_trace_t; 0 gives the plain
 * name: "Unique Rectangle", "Forcing X-Chain").  "?" out of range.
 * Returns the length, as snprintf. */
SF_API int sf_se_label(sf_se_step_t step, unsigned variant, char *buf,
                       size_t cap);

/* Solving traces: the steps of the SE rating in the order SE takes them,
 * each with what it places and eliminates, for any number of puzzles in
 * flat arrays (ragged: offsets into the next level).  Made by
 * sf_se_explain and sf_array_explain, freed with sf_trace_free; zeroed
 * (or sf_trace_init) before first use. */
typedef struct sf_trace {
    size_t puzzles, steps, actions; /* counts so far */
    size_t *step_start;   /* puzzles + 1: puzzle i's steps are
                           * [step_start[i], step_start[i + 1]) */
    int8_t *technique;    /* per step: its sf_se_step_t */
    uint8_t *variant;     /* per step: what SE's name adds (sf_se_label):
                           * the type of a unique loop or BUG (bits 0-2)
                           * and a loop's cells (bits 3-7, when over 6;
                           * over 4 on Sukaku Explainer's scale);
                           * 1 for an X-chain that SE calls a turbot fish */
    int16_t *tenths;      /* per step: its SE difficulty in tenths */
    size_t *action_start; /* steps + 1: step j's actions likewise */
    uint8_t *kind;        /* per action: 0 places, 1 eliminates */
    uint8_t *cell;        /* per action: the cell, 0..80 (row-major) */
    uint8_t *digit;       /* per action: the digit, 1..9 */
    uint16_t *candidates; /* with candidates asked for: per step, the 81
                           * cells' candidates before it (bit d - 1 for
                           * digit d; a filled cell has its digit as its
                           * one candidate); else NULL */
    int with_candidates;  /* ask for candidates (set before first use) */
    size_t cap_[3];       /* room allocated: puzzles, steps, actions */
} sf_trace_t;

SF_API void sf_trace_init(sf_trace_t *t, int with_candidates);
SF_API void sf_trace_free(sf_trace_t *t);
/* Append a puzzle without steps (one that is not rated), or puzzle i of
 * src with its steps (src with candidates when t has them): 0, or -1 out
 * of memory (t unchanged). */
SF_API int sf_trace_skip(sf_trace_t *t);
SF_API int sf_trace_append(sf_trace_t *t, const sf_trace_t *src, size_t i);

/* Rate cells as sf_se_rate does (the same result in out) by SE's own path
 * (SE applies one step at a time: the rating skips work that changes the
 * path but not the rating) and append the puzzle's steps to t: each
 * placement and elimination as an action, in order (a step's placement
 * first; it removes the other candidates of its cell, which are not
 * listed).  A rating stopped by the budget keeps the steps so far.  For
 * puzzles with exactly one solution.  0, or -1 (NULL, a budget that is
 * not one (sf_se_rate), out of memory: the trace then holds what it held
 * before). */
SF_API int sf_se_explain(const uint8_t *cells, double budget, sf_trace_t *t,
                         sf_se_result_t *out);

/* ------------------------------------------------------------- leak audit */

/* Which test records leak from the other sets of an audit (train and
 * reference sets): equivalence of puzzles and of solution grids, judged
 * by 128-bit hashes of canonical forms (as canon --dedupe: distinct forms
 * share one with a probability near n^2 / 2^129, which could only add a
 * finding, never hide one), in memory that does not grow with the sets
 * (sorted runs on disk). */

typedef enum sf_leak {
    SF_LEAK_PUZZLE,     /* equivalent to a puzzle of the other set */
    SF_LEAK_SOLUTION,   /* its solution grid equivalent to the solution
                         * grid of a puzzle of the other set */
    SF_LEAK_MULTIPLE,   /* not checked by grid: several solutions */
    SF_LEAK_UNSOLVABLE, /* not checked by grid: no solution */
    SF_LEAK_COUNT
} sf_leak_t;

/* "puzzle", "solution", "multiple", "unsolvable"; "?" out of range. */
SF_API const char *sf_leak_name(sf_leak_t kind);

/* What an audit compares of a record. */
typedef struct sf_audit_key {
    uint64_t puzzle[2];  /* hash of the puzzle's canonical form */
    uint64_t grid[2];    /* of its solution grid's (status SF_UNIQUE) */
    sf_status_t status;  /* solutions counted to 2 */
} sf_audit_key_t;

/* The key of cells (81, 0 = empty), solving with solver (one per thread).
 * Returns key->status. */
SF_API sf_status_t sf_audit_key(sf_solver_t *solver, const uint8_t *cells,
                                sf_audit_key_t *key);
/* The same for a puzzle of geometry g (N*N cells; NULL or classic:
 * sf_audit_key): hashes of canonical forms under g's group, never equal
 * to those of another geometry.  SF_INVALID with err filled when g's
 * group cannot be had (sf_canon_geom). */
SF_API sf_status_t sf_audit_key_geom(sf_solver_t *solver,
                                     const sf_geometry_t *g,
                                     const uint8_t *cells,
                                     sf_audit_key_t *key, sf_error_t *err);

typedef struct sf_audit sf_audit_t;

/* An audit of sets sets (2 to 255): 0 .. sets - 2 are compared with,
 * sets - 1 is the test set.  Its records are held in about memory bytes
 * and spilled to temporary files in dir (NULL or "": $TMPDIR, else /tmp),
 * removed as soon as made; however many records there are, they are
 * merged in passes within that memory and hold two files open at most.
 * NULL when out of memory. */
SF_API sf_audit_t *sf_audit_new(int sets, size_t memory, const char *dir);
SF_API void sf_audit_free(sf_audit_t *a);
/* Can an audit given dir (as sf_audit_new takes it) make its temporary
 * files there?  Tries, before any record is read: 0, or -1 with err
 * filled ("DIR: cannot make a temporary file: reason", DIR the directory
 * it resolved to). */
SF_API int sf_audit_check_dir(const char *dir, sf_error_t *err);

/* Add a record of set (its file, any number the caller gives, and line):
 * 0, or -1 with err filled (a temporary file could not be written, out
 * of memory, set out of range). */
SF_API int sf_audit_add(sf_audit_t *a, int set, uint32_t file, uint64_t line,
                        const sf_audit_key_t *key, sf_error_t *err);

/* One finding: a test record and what it shares with another set. */
typedef struct sf_finding {
    uint32_t file;        /* the test record's file and line */
    uint64_t line;
    sf_leak_t kind;
    int set;              /* puzzle, solution: the other set; else -1 */
    uint32_t match_file;  /* its first equivalent record (by file, */
    uint64_t match_line;  /* then line) */
    uint64_t matches;     /* its records equivalent to the test record */
} sf_finding_t;

/* Compare, once every record is added: 0, or -1 with err filled. */
SF_API int sf_audit_run(sf_audit_t *a, sf_error_t *err);
/* The findings after sf_audit_run, ordered by test file, line, kind and
 * set, one per call: 1, 0 after the last, -1 with err filled. */
SF_API int sf_audit_next(sf_audit_t *a, sf_finding_t *f, sf_error_t *err);
/* How many findings sf_audit_run made, and the bytes it wrote to
 * temporary files (0 when all fitted in memory). */
SF_API uint64_t sf_audit_findings(const sf_audit_t *a);
SF_API uint64_t sf_audit_spilled(const sf_audit_t *a);

/* ----------------------------------------------------------------- arrays */

/* Whole arrays of puzzles in one call, for bindings (the Python package)
 * and programs that hold their puzzles in memory.  Row i of an array is
 * the 81 cells at [81 * i, 81 * i + 81), 0 = empty.  The rows are shared
 * out among `threads` OpenMP threads (<= 0: all cores), each with its own
 * state, so the results are identical for every thread count, and they
 * are those of the matching command on the same records in the same
 * order (solve, rate, canon, transform --augment, generate with the same
 * seed).  A row flagged in `invalid` (n bytes, non-zero = flagged; may be
 * NULL) is a record that is not a puzzle and gets that command's answer
 * for one.  Every function returns 0, or -1 when out of memory or an
 * argument is wrong (an array it needs is NULL while n > 0, n rows, or
 * n * k copies, would not fit in a size, a budget that is negative, NaN or
 * infinite (sf_se_rate: 0 is none); outputs then unspecified), or -2
 * when it was cancelled (sf_cancel: it stops
 * within a block of rows, or for a long row within a step of its search;
 * outputs then unspecified); any number may run at once on distinct
 * outputs.  A call runs with fewer threads than asked when not all of
 * them can start (memory or process limits): the answers are the same. */

/* Cancelling a long call from another thread (or a signal handler): the
 * thread that is to make the call takes its handle first; sf_cancel on it
 * makes the array call that thread is running (sf_array_*) return -2
 * soon.  A request made while the thread runs no call is forgotten when
 * it begins its next one.  The handle is valid while its thread lives. */
SF_API void *sf_cancel_handle(void);
SF_API void sf_cancel(void *handle);

/* Parse n line-format records (as sf_parse_line): record i is the bytes
 * text[off[i] .. off[i + 1]) (off has n + 1 entries), less a line end
 * ("\n" or "\r\n") at its end.  Writes cells
 * (n rows; zeros for a record that is not a puzzle) and invalid (n bytes,
 * 1 for such a record).  Always 0. */
SF_API int sf_array_parse(const char *text, const uint64_t *off, size_t n,
                          int threads, uint8_t *cells, uint8_t *invalid);
/* The same for geometry g (NULL: classic 9x9) in alphabet a (NULL: the
 * default): N*N cells a row, each record as sf_parse_geom reads it. */
SF_API int sf_array_parse_geom(const sf_geometry_t *g, const sf_alphabet_t *a,
                               const char *text, const uint64_t *off,
                               size_t n, int threads, uint8_t *cells,
                               uint8_t *invalid);

/* The next records of reader, at most max, as rows: cells (max rows;
 * zeros for a record that is not a puzzle), invalid (1 for such a record)
 * and, unless NULL, lines (the line each record starts on; the file is
 * the reader's, sf_reader_file_records tells how many each gave).
 * Returns the number of rows written, 0 at the end of the input, or -1 on
 * error with err filled, as sf_reader_fill (which it calls). */
SF_API long sf_array_read(sf_reader_t *reader, size_t max, uint8_t *cells,
                          uint8_t *invalid, uint64_t *lines,
                          sf_error_t *err);

/* SE's solving traces of n rows, as `sudoflow explain` gives them:
 * appended to t in row order (sf_trace_init it first; a row without
 * exactly one solution gets no steps), the ratings into tenths, steps and
 * flags as sf_array_se. */
SF_API int sf_array_explain(const uint8_t *cells, const uint8_t *invalid,
                            size_t n, double budget, int threads,
                            sf_trace_t *t, int16_t *tenths, int8_t *steps,
                            uint8_t *flags);

/* Solve n rows with kernel k (NULL = default) as sf_solve_cells does.
 * Writes solutions (n rows: the solution when the count is > 0, else
 * zeros), counts, statuses (sf_status_t values) and guesses, n each.  A
 * flagged row, or one with a value above 9, is SF_INVALID, count 0. */
SF_API int sf_array_solve(const sf_kernel_t *k, const uint8_t *cells,
                          const uint8_t *invalid, size_t n, uint64_t limit,
                          unsigned flags, int threads, uint8_t *solutions,
                          uint64_t *counts, uint8_t *statuses,
                          uint64_t *guesses);
/* The same on rows of geometry g (N*N cells each; NULL: classic 9x9),
 * with k when it serves g, else g's kernel (sf_solve_geom). */
SF_API int sf_array_solve_geom(const sf_geometry_t *g, const sf_kernel_t *k,
                               const uint8_t *cells, const uint8_t *invalid,
                               size_t n, uint64_t limit, unsigned flags,
                               int threads, uint8_t *solutions,
                               uint64_t *counts, uint8_t *statuses,
                               uint64_t *guesses);

/* Rate n rows as `sudoflow rate` does: statuses (counted to 2), and for
 * a row with a solution its rating (sf_rating with `samples`; else -1)
 * and logic level (sf_logic_level; else -1). */
SF_API int sf_array_rate(const uint8_t *cells, const uint8_t *invalid,
                         size_t n, unsigned samples, int threads,
                         uint8_t *statuses, double *ratings, int8_t *levels);
/* The same on rows of geometry g (NULL or classic: sf_array_rate), as
 * `sudoflow rate` rates them: the guesses of the count to 2 (samples is
 * not used) and sf_logic_level_geom. */
SF_API int sf_array_rate_geom(const sf_geometry_t *g, const uint8_t *cells,
                              const uint8_t *invalid, size_t n,
                              unsigned samples, int threads,
                              uint8_t *statuses, double *ratings,
                              int8_t *levels);

/* The difficulty cards (sf_card with `measures`) of n rows, as `sudoflow
 * rate --fields minimal,singles_closure,backdoor,automorphisms,guesses`:
 * statuses, guesses, minimal, closure (singles_closure), backdoor and
 * automorphisms, n each, sf_card's values (-1, or 0 for automorphisms,
 * where there is none); a flagged row is SF_INVALID with none. */
SF_API int sf_array_card(const uint8_t *cells, const uint8_t *invalid,
                         size_t n, unsigned measures, int threads,
                         uint8_t *statuses, uint64_t *guesses,
                         int8_t *minimal, int8_t *closure, int8_t *backdoor,
                         uint64_t *automorphisms);

/* Sudoku Explainer ratings of n rows as `sudoflow rate --fields se,step`
 * gives them: for a row with exactly one solution, sf_se_rate with
 * `budget` seconds (0: none) into tenths[i], steps[i] (sf_se_step_t) and
 * flags[i] (sf_se_status_t: SF_SE_EXACT, or a lower bound); other rows
 * get -1, -1 and SF_SE_INVALID. */
SF_API int sf_array_se(const uint8_t *cells, const uint8_t *invalid,
                       size_t n, double budget, int threads, int16_t *tenths,
                       int8_t *steps, uint8_t *flags);
/* The same on either scale (`rate --fields se_sukaku,step_sukaku` for
 * SF_SE_SUKAKU); -1 also for an unknown scale. */
SF_API int sf_array_se_scale(const uint8_t *cells, const uint8_t *invalid,
                             size_t n, sf_se_scale_t scale, double budget,
                             int threads, int16_t *tenths, int8_t *steps,
                             uint8_t *flags);

/* Canonical forms (sf_canon) of n rows into out (n rows; zeros for a
 * flagged row). */
SF_API int sf_array_canon(const uint8_t *cells, const uint8_t *invalid,
                          size_t n, int threads, uint8_t *out);
/* The same on rows of geometry g (N*N cells each; NULL or classic:
 * sf_array_canon), under g's group (sf_canon_geom); -1 also when g's
 * group cannot be listed. */
SF_API int sf_array_canon_geom(const sf_geometry_t *g, const uint8_t *cells,
                               const uint8_t *invalid, size_t n, int threads,
                               uint8_t *out);

/* k random equivalent copies of each of n rows, as `transform --augment k
 * --seed seed`: copy j of row i is row i * k + j of out (n * k rows),
 * under the transform drawn from the sub-stream (seed, i, j).  When
 * solutions is not NULL it receives the copies' solutions where the row
 * has exactly one (else zeros).  A flagged row's copies are zeros. */
SF_API int sf_array_augment(const uint8_t *cells, const uint8_t *invalid,
                            size_t n, uint64_t k, uint64_t seed, int threads,
                            uint8_t *out, uint8_t *solutions);
/* The same on rows of geometry g (N*N cells each; NULL or classic:
 * sf_array_augment), each copy drawn from g's group as `transform` does;
 * -1 also when g's group cannot be listed. */
SF_API int sf_array_augment_geom(const sf_geometry_t *g, const uint8_t *cells,
                                 const uint8_t *invalid, size_t n, uint64_t k,
                                 uint64_t seed, int threads, uint8_t *out,
                                 uint8_t *solutions);

/* A difficulty target for generated puzzles. */
typedef struct sf_gen_target {
    int level;                     /* sf_level_t to reach; -1: any */
    int rated;                     /* 1: rating within [min, max] */
    double min_rating, max_rating; /* bounds of sf_rating (8 samples) */
    unsigned steps;                /* climb steps from a promising start
                                    * (`generate --steps`, default 20) */
    int se;                        /* 1: SE rating within [min_se, max_se]
                                    * (a lower bound meets a range open
                                    * above); min_se at most 7.5 */
    double min_se, max_se;
    int se_scale;                  /* sf_se_scale_t of min_se and max_se */
} sf_gen_target_t;

/* Puzzles 0..n-1 of stream seed with options o and target t (NULL: none)
 * as `sudoflow generate -n n --seed seed` makes them: a puzzle searched
 * toward t by up to 4096 fresh starts and short climbs.  Writes puzzles
 * and solutions (n rows each, may be NULL) and made (n bytes: 0 made,
 * 1 no puzzle met the target, 2 the options cannot give it, see
 * sf_gen_opts_problem; rows not made are zeros). */
SF_API int sf_array_generate(const sf_gen_opts_t *o, const sf_gen_target_t *t,
                             uint64_t seed, size_t n, int threads,
                             uint8_t *puzzles, uint8_t *solutions,
                             uint8_t *made);

#ifdef __cplusplus
}
#endif
#endif
