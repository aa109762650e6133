/*
 * se_forcing_internal.h -- what se_forcing.c (the multiple forcing chains
 * and their hints) and se_search.c (the implication search they rest on,
 * nesting included) share: a search's nodes and runs, the kinds of
 * multiple chains, and the forcing chains' memory, through which the
 * search asks the forcing side for nested rules.
 */
#ifndef SF_SE_FORCING_INTERNAL_H
#define SF_SE_FORCING_INTERNAL_H

#include "se_all.h"
#include "se_chains.h"
#include "se_digit.h"
#include "se/steps/se_steps.h"

#define NODES 1460 /* every potential on and off, and one more */
#define MAX_PAR 10 /* the first parent and up to 8 hidden ones; a nested
                    * rule's longer lists go to the run's pool */
#define POOL 32768 /* parents of nested "off" potentials, per run */
#define NESTS 729  /* nested chains met, per run */

typedef struct node {
    int16_t pot;          /* cell * 9 + digit */
    uint8_t on;
    uint8_t cause;        /* an "on" reached by a link within a region of
                           * kind 0..2 (box, row, column), within the cell
                           * (CELL_LINK), or neither (NO_LINK) */
    uint16_t npar;        /* parents: node indexes in the same run, in */
    int16_t nest;         /* the nested chain it came from, -1: none */
    int16_t par[MAX_PAR]; /* par[] up to MAX_PAR, else at pool[xpar] */
    int32_t xpar;
} node_t;                 /* 32 bytes */

/* One search: its nodes in the order they were added. */
typedef struct run {
    node_t n[NODES];
    int count;
    int16_t on_at[729], off_at[729]; /* node of a potential, -1: none */
    int16_t on_list[729], off_list[729]; /* "on" / "off" nodes in order */
    uint64_t reach[2][12]; /* the potentials reached off (0) and on (1) */
    int non, noff;
    int abs_on, abs_off;  /* the contradiction's two nodes, or -1 */
    int16_t pool[POOL];
    int npool;
    uint64_t nest_sig[NESTS]; /* nested chains: identity, complexity */
    int nest_cx[NESTS], nnest;
} run_t;

#define RUNS 19 /* a cell's digits (9), a region's places (9), "off" (1) */
#define CELL_LINK 3
#define NO_LINK 255

/* The kinds of multiple chains: static, dynamic, and dynamic with SE's
 * levels of nesting 1 to 5 ("(+)", "(+ Forcing Chains)", "(+ Multiple
 * Forcing Chains)", "(+ Dynamic Forcing Chains)", "(+ Dynamic Forcing
 * Chains (+ Forcing Chains))"): a kind's nesting level is kind - 1 (their
 * base difficulties and steps are in se_forcing.c). */
enum { STATIC, DYNAMIC, PLUS, PLUS_FC, PLUS_MFC, PLUS_DFC, PLUS_DFC_FC,
       KINDS };
#define NEST_CHAINS (-1) /* the forcing chains and cycles, as a rule */
/* Nishio's results for one digit, kept while its places stay the same
 * (its searches never leave the digit, so they depend on nothing else):
 * per start (cell * 2 + on) the complexity of the contradiction found,
 * 0 for none, -1 not known yet. */
typedef struct nishio_memo {
    int known;            /* p holds the places the results are for */
    uint32_t p[3];
    int16_t cx[162];
} nishio_memo_t;

struct se_fwork {
    run_t run[RUNS];
    nishio_memo_t nishio[9];       /* per digit */
    uint32_t seen[2 * 729], stamp; /* ancestor counting */
    uint64_t hint_sig[NESTS];      /* nested chains counted for a hint */
    int nhint_sig, hint_nested;    /* and their complexity */
    int want_need;                 /* all mode: also what a hint rests on */
    uint16_t need[81];
    uint64_t sig;                  /* and its chains' identity */
    se_found_list_t found;         /* all mode's hints */
    se_work_t *chains;             /* memory of nested chain searches */
    se_fwork_t *inner;             /* and of nested multiple chains */
    /* Run the chains of a kind (NEST_CHAINS, or a kind of multiple
     * chains) on w into the sink, as a nested search's rule: 0, or -1 out
     * of memory, room or time.  The search (se_search.c) asks the forcing
     * side (se_forcing.c, which sets it) through this. */
    int (*nested_rule)(const se_grid_t *w, se_fwork_t *f, int kind,
                       se_sink_t *sink);
    se_clock_t *clk;
    int overflow;                  /* a search ran out of room */
    unsigned char *saved;          /* "on" searches kept for reuse */
    size_t nsaved, capsaved;
    int32_t saved_at[729];         /* a potential's offset in it + 1 */
    /* what each "on" search of the scan found, once it has run (probed):
     * its result and the potentials it reached; and which search each
     * run holds (live, -1: none) */
    uint8_t probed[729];
    int8_t probe_rc[729];
    uint64_t probe_reach[729][2][12];
    int live[RUNS];
};

static inline const int16_t *se_parents(const run_t *r, const node_t *n)
{
    return n->npar <= MAX_PAR ? n->par : r->pool + n->xpar;
}

/* The search from potential start (on or off) over the grid g, static,
 * dynamic or nested (kind), with links y, x (se_search.c).  Fills r;
 * returns 1 at a contradiction (r->abs_on, r->abs_off), 0 when the
 * implications run out, -1 when r is full or memory ran out.  f, the
 * forcing chains' memory, serves nested searches (NULL: not nested). */
int se_search(const se_grid_t *g, run_t *r, int start, int on, int kind,
              int y, int x, se_fwork_t *f);


#endif
