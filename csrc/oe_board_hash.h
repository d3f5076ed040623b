/* The board index: a per-card 64-bit key summed over the five board cards, and a two-level
 * perfect hash of its rank part into the oe_board_pair row (shared by gen_tables.c, which
 * builds the tables for these constants, and the kernels).
 *
 * Card key: 1 << (3 * rank) counts ranks in 3-bit fields (bits 0..38; at most 4 of a rank) and
 * 1 << (40 + 4 * suit) counts suits in nibbles (bits 40..55; at most 5 of a suit), so the sum
 * over the board holds its rank multiset and its suit counts with no carries.  A rank key goes
 * through bucket = hi bits of key * M1, slot = (hi bits of key * M2) ^ disp[bucket]: every
 * value stays below OE_BOARD_SLOTS, so any key, even of garbage bytes, indexes in bounds.
 * The multipliers are ones for which no two board rank keys share both bucket and base slot
 * (a search over random odd constants); gen_tables fails the build if the greedy placement
 * does not succeed with them. */
#ifndef OE_BOARD_HASH_H
#define OE_BOARD_HASH_H

#include <stdint.h>

#define OE_RANK_KEY_MASK ((UINT64_C(1) << 39) - 1)
#define OE_SUIT_KEY_SHIFT 40
#define OE_BOARD_BUCKET_BITS 11
#define OE_BOARD_SLOT_BITS 13
#define OE_BOARD_BUCKETS (1u << OE_BOARD_BUCKET_BITS)
#define OE_BOARD_SLOTS (1u << OE_BOARD_SLOT_BITS)
#define OE_BOARD_HASH_M1 UINT64_C(0x953f48f1a09f76b5)
#define OE_BOARD_HASH_M2 UINT64_C(0x0fd630f1f29d0da9)

static inline unsigned oe_board_bucket(uint64_t rank_key)
{
    return (unsigned)((rank_key * OE_BOARD_HASH_M1) >> (64 - OE_BOARD_BUCKET_BITS));
}

static inline unsigned oe_board_slot_base(uint64_t rank_key)
{
    return (unsigned)((rank_key * OE_BOARD_HASH_M2) >> (64 - OE_BOARD_SLOT_BITS));
}

#endif
