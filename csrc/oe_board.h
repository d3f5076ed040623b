/* omaha_eval board analysis: what every hand holds on a board of 3, 4 or 5 cards, its nut rank,
 * its outs by category, its outs to the nuts, its flush draw, and the same for the 8-or-better
 * low.  The definitions are those of omaha_eval.board (docs/board.rst):
 *
 * - hi: best hi score now (two hole + three board cards); category: oe_category of it.
 * - nut_rank: 1 + the number of distinct hi scores above hi that any two cards not on the board
 *   make with any three board cards (five-card scores; the hand's own cards are not removed).
 * - outs[9]: on a 3- or 4-card board, outs[j] = unseen next cards (not on the board, not in the
 *   hand) after which the hand's best hi has category >= j; all zero on a 5-card board.
 * - nut_outs: unseen next cards after which hi equals the best hi any two non-board cards make.
 * - straight_outs: unseen next cards after which two hole and three board cards form a straight
 *   (any suits); 0 on a river.
 * - flush_draw: 3- or 4-card board, some suit exactly twice and no suit three times: over the
 *   suits on the board exactly twice that the hand holds two or more of, the smallest place of
 *   the hand's highest card of that suit among that suit's ranks not on the board (1 = nut flush
 *   draw); else 0.  backdoor_flush: the same on a 3-card board for the suits on it exactly once.
 * - lo: best 8-or-better low now (0 = none); nut_lo_rank: 0 without a low, else 1 + the distinct
 *   lows above lo that any two non-board cards make with three board cards; lo_outs: unseen next
 *   cards after which the hand has a low; nut_lo_outs: of those, the ones after which its low is
 *   the best low any two non-board cards make on the new board.
 *
 * Usage: oe_board_prepare once per board (about 20-150 us), then oe_board_classify over any
 * number of hands on it.  C99, no Python headers; ids are checked by oe_board_classify. */
#ifndef OE_BOARD_H
#define OE_BOARD_H

#include <stddef.h>
#include <stdint.h>

#include "omaha_eval.h"
#include "oe_pool.h"    /* oe_parallel_for */
#include "oe_tables.h"  /* the generated tables and the kernels' shared helpers */

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    int n_board;                     /* 3, 4 or 5 */
    uint8_t board[5];
    uint64_t used;                   /* bit c set for each board card c */
    uint8_t count[13];               /* board cards per rank */
    uint16_t suit_ranks[4];          /* rank bits of the board cards of each suit */
    uint8_t low_mask;                /* board low ranks (bit 0 = ace .. bit 7 = eight) */
    uint16_t nf_cur[OE_N_RANK2];     /* hole rank pair -> best non-flush score on the board */
    uint16_t nf_next[13][OE_N_RANK2]; /* same after a next card of that rank; bit 15: a straight */
    uint16_t flush_row_next[52];     /* oe_flush_rows row of the suit of card c after c (0: none) */
    uint16_t nut_next[52];           /* best hi any two non-board cards make after next card c */
    uint8_t lo_nut_next[52];         /* best low after next card c (0: none possible) */
    uint16_t above[OE_HI_MAX + 1];   /* distinct made hi scores above s */
    uint8_t lo_above[OE_LO_MAX + 1]; /* distinct made lows above s */
    uint16_t category_best[9];       /* best made score of each category (0: none) */
    uint16_t nuts;                   /* best made hi score */
    uint8_t lo_nuts;                 /* best made low (0: none possible) */
} oe_board_ctx;

/* Fills ctx for a board of n_board (3..5) cards.  Returns 0, or 1 when n_board is out of range,
 * an id is above 51 or a card repeats (ctx is then unspecified). */
int oe_board_prepare(const uint8_t *board, int n_board, oe_board_ctx *ctx);

/* Output arrays of oe_board_classify, n rows each (outs: n * 9). */
typedef struct {
    uint16_t *hi, *nut_rank;
    uint8_t *category, *outs, *nut_outs, *straight_outs, *flush_draw, *backdoor_flush;
    uint8_t *lo, *nut_lo_rank, *lo_outs, *nut_lo_outs;
    uint8_t *made; /* made-hand code (enum oe_made) */
} oe_board_out;

/* Made-hand codes, in the order of omaha_eval.board.names.MADE_NAMES (docs/board.rst gives
 * the rule of each).  "Position" is the place of a rank among the board's distinct ranks,
 * highest first; "nut X" means the best score of category X any two non-board cards make. */
enum oe_made {
    OE_MADE_NOTHING = 0, OE_MADE_BOARD_PAIR, OE_MADE_UNDERPAIR, OE_MADE_BOTTOM_PAIR,
    OE_MADE_MIDDLE_PAIR, OE_MADE_TOP_PAIR, OE_MADE_OVERPAIR, OE_MADE_TWO_PAIR,
    OE_MADE_BOTTOM_TWO, OE_MADE_TOP_AND_BOTTOM, OE_MADE_TOP_TWO, OE_MADE_BOARD_TRIPS,
    OE_MADE_TRIPS, OE_MADE_BOTTOM_SET, OE_MADE_MIDDLE_SET, OE_MADE_TOP_SET, OE_MADE_STRAIGHT,
    OE_MADE_NUT_STRAIGHT, OE_MADE_FLUSH, OE_MADE_NUT_FLUSH, OE_MADE_FULL_HOUSE,
    OE_MADE_NUT_FULL_HOUSE, OE_MADE_QUADS, OE_MADE_STRAIGHT_FLUSH, OE_MADE_N
};

/* Made-hand code of hi score `score` (1..7462) on the prepared board. */
int oe_board_made(const oe_board_ctx *ctx, unsigned score);

/* Classifies n hands of k (4..6) cards (rows of k bytes, packed) on a prepared board, on up to
 * `workers` threads (results never depend on it).  Every hand is checked first: returns 0, -1
 * for k outside 4..6, or 1 for a hand with an id above 51, a repeated card, or a card on the
 * board, with *bad_row its row (outputs then untouched). */
int oe_board_classify(const oe_board_ctx *ctx, const uint8_t *holes, int k, size_t n,
                      const oe_board_out *out, int workers, size_t *bad_row);

#ifdef __cplusplus
}
#endif
#endif

#ifndef OE_BOARD_EQ_H
#define OE_BOARD_EQ_H
#ifdef __cplusplus
extern "C" {
#endif
/* Exact heads-up equities of every combo of one range against every combo of another over a
 * common list of runouts (oe_board_eq.c).  hero_hi: (n_hero, n_runouts) int16 hi scores, -1
 * where the combo uses a runout card; villain_hi likewise (n_villain, n_runouts).  hero_lo /
 * villain_lo: the same for lows (0 = no low, -1 invalid), or NULL for the hi game.  Masks:
 * each combo's card bits; a hero and a villain combo that share a card never meet.  For every
 * hero combo g: num[g] = sum over the villain combos r it can meet of w[r] * equity(g, r),
 * den[g] = the sum of those w[r], where equity(g, r) averages the pot share of g over the
 * runouts valid for both (a tie halves the pot; in hi-lo each half is settled apart, a half
 * without a low goes to the hi).  Runs on up to `workers` threads; results never depend on
 * it.  Returns 0, or 1 when some pair of combos has no valid runout (num/den then count the
 * pair with weight 0). */
int oe_board_range_equity(const int16_t *hero_hi, const int16_t *hero_lo, const uint64_t *hero_mask,
                          size_t n_hero, const int16_t *villain_hi, const int16_t *villain_lo,
                          const uint64_t *villain_mask, const double *villain_w, size_t n_villain,
                          size_t n_runouts, double *num, double *den, int workers);
#ifdef __cplusplus
}
#endif
#endif
