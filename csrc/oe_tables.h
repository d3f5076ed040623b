/* The C core's generated tables and the small helpers its kernels share (private: not part of
 * the public API in omaha_eval.h). The tables are written by gen_tables.c at build time
 * (tables.c). C99, no Python headers.
 */
#ifndef OE_TABLES_H
#define OE_TABLES_H

#include <stddef.h>
#include <stdint.h>

#include "omaha_eval.h"

#ifdef __cplusplus
extern "C" {
#endif

#define OE_N_RANK5 6188   /* rank multisets of five cards out of 13 ranks */
#define OE_N_RANK2 91     /* rank multisets of two cards */

/* ---- generated tables ---- */
extern const uint16_t oe_unsuited5[OE_N_RANK5];          /* rank multiset -> score, 0 if 5 of a kind */
extern const uint16_t oe_flush5[8192];                   /* 5-bit rank mask -> flush score, else 0 */
extern const uint16_t oe_board_pair[OE_N_RANK5 * OE_N_RANK2]; /* board ranks x hole pair -> best non-flush */
extern const uint8_t oe_low_table[256 * 256];            /* hole low mask x board low mask -> low score */
extern const uint8_t oe_low_masks[OE_LO_MAX + 1];        /* low score -> 8-bit mask (bit 0 = ace .. bit 7 = eight) */
extern const uint8_t oe_hi_class[OE_HI_MAX + 1][6];      /* score -> category, five ranks by significance */
extern const uint16_t oe_choose[18][6];                  /* binomial coefficients C(n, k) */
extern const uint8_t oe_pair_column[64 * 64];            /* card a << 6 | card b -> rank pair index */
extern const uint8_t oe_pair_column_wide[256 * 256];     /* byte a << 8 | byte b -> the same (0 past 51) */
/* A card's bit in suit lanes: 1 << (16 * suit + rank), or 1 << 63 for ids above 51.  Summed over
 * a deal's cards, the 16-bit lane of suit s holds the rank bits of that suit's cards (bits 0..12),
 * and bits 13..15 of every lane (OE_LANE_PAD) stay clear: a repeated card carries (the popcount
 * of the sum drops), an id above 51 sets bit 63 or, twice, wraps and drops the popcount too. */
extern const uint64_t oe_card_lane[256];
#define OE_LANE_PAD UINT64_C(0xE000E000E000E000)
#define OE_LANE_RANKS 0x1FFFu
/* Board index (oe_board_hash.h): card key (0 above 51), bucket displacements, slot -> board row
 * (oe_board_pair row index) and slot -> the board's low rank bits. */
extern const uint64_t oe_card_key[256];
extern const uint16_t oe_board_disp[];
extern const uint16_t oe_board_slot_row[];
extern const uint8_t oe_board_slot_low[];
/* Flush rows: oe_flush_set maps the rank bits of the board cards of one suit to a row (0 when
 * fewer than 3); a row holds, per hole rank pair (oe_board_pair column), the best flush of that
 * pair of the suit with three of those board cards (0 for a pair of equal ranks). */
#define OE_N_FLUSH_SETS (1 + 286 + 715 + 1287)
extern const uint16_t oe_flush_set[8192];
extern const uint16_t oe_flush_rows[OE_N_FLUSH_SETS * OE_N_RANK2];

/* ---- small helpers shared by the kernels ---- */
/* Bit of a card's rank in an 8-or-better low mask (bit 0 = ace .. bit 7 = eight), 0 above 8.
 * A table, not arithmetic: branches on random cards mispredict. */
extern const uint8_t oe_card_low_bit[256];
static inline unsigned oe_low_bit(uint8_t card) { return oe_card_low_bit[card]; }

#define OE_SORT2(a, b) do { int lo_ = a < b ? a : b; b = a < b ? b : a; a = lo_; } while (0)

/* Colex index of the rank multiset of five cards (any order): a 9-comparator sorting network
 * (branch-free min/max), then sum of C(r_i + i, i + 1) over the sorted ranks r_0 <= .. <= r_4
 * (the indexing gen_tables.c uses for every rank-multiset table). */
static inline unsigned oe_rank5_index(const uint8_t c[5])
{
    int r0 = c[0] >> 2, r1 = c[1] >> 2, r2 = c[2] >> 2, r3 = c[3] >> 2, r4 = c[4] >> 2;
    OE_SORT2(r0, r1); OE_SORT2(r3, r4); OE_SORT2(r2, r4);
    OE_SORT2(r2, r3); OE_SORT2(r0, r3); OE_SORT2(r0, r2);
    OE_SORT2(r1, r4); OE_SORT2(r1, r3); OE_SORT2(r1, r2);
    return oe_choose[r0][1] + oe_choose[r1 + 1][2] + oe_choose[r2 + 2][3] + oe_choose[r3 + 3][4] +
           oe_choose[r4 + 4][5];
}

#ifdef __cplusplus
}
#endif
#endif
