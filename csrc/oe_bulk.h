/* omaha_eval bulk kernel: one hero hand against N random opponents, by Monte Carlo.
 *
 * This is the inner loop of the preflop tables (omaha_eval.bulk). A trial deals the five board
 * cards and every opponent's hole cards uniformly from the cards the hero does not hold (a partial
 * Fisher-Yates shuffle: nothing is ever rejected), scores all hands on that board and settles the
 * pot from the hero's point of view. Trials are independent, so the standard error of the mean
 * share is the usual sqrt(var / trials).
 *
 * Trials come in blocks of OE_BULK_BLOCK. Block b of a hand draws from a xoshiro256** stream
 * seeded from the hand's 256-bit key and b alone, so a hand's sums over any split of its blocks
 * add up to the same integers: results never depend on workers, tasks or retries.
 *
 * Hole cards: k = 4, 5 or 6 per player (exactly two of them and three board cards make a hand,
 * for high and for the 8-or-better low). C99, no Python headers.
 */
#ifndef OE_BULK_H
#define OE_BULK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define OE_BULK_BLOCK 65536    /* trials per random stream */
#define OE_BULK_POT 5040       /* a pot in share units: every split among up to 10 is whole */
#define OE_BULK_MAX_OPPONENTS 8

/* sums per hand (int64 each) */
enum {
    OE_BK_SHARE = 0, /* hero's shares, units of OE_BULK_POT per trial */
    OE_BK_SHARE_SQ,  /* squared shares */
    OE_BK_HI_WIN,    /* hero alone has the best high hand */
    OE_BK_HI_TIE,    /* hero shares the best high hand */
    OE_BK_LO_WIN,    /* hero alone has the best qualifying low (hi-lo only) */
    OE_BK_LO_TIE,    /* hero shares the best qualifying low */
    OE_BK_SCOOP,     /* hero wins the whole pot alone */
    OE_BK_NSTAT
};

/* Adds to stats[2 * OE_BK_NSTAT] (the high game's sums, then the hi-lo game's) the sums of trials
 * [b * OE_BULK_BLOCK, min((b + 1) * OE_BULK_BLOCK, trials)) for every block b in [block_begin,
 * block_end). hero: k card ids; games: bit set of the games wanted (1 high, 2 hi-lo; the other
 * game's sums stay as they are). Both games settle the same deals. Returns 0, or -1 for bad
 * arguments (k outside 4..6, opponents outside 1..8, a deck too small for the deal, a hero card
 * above 51 or repeated) with stats untouched. */
int oe_bulk_hand(const uint8_t *hero, int k, int opponents, int games, const uint64_t key[4],
                 uint64_t block_begin, uint64_t block_end, uint64_t trials, int64_t *stats);

/* Shared deals (heads-up, four cards): deal i draws a board and one opponent from the whole
 * deck; it settles every hero whose cards it misses, so each hero sees an i.i.d. sample of the
 * deals uniform over the cards it leaves (about 45.6% of the deals). Deals come in blocks of
 * OE_BULK_SHARED_BLOCK, block b seeded from key[4] and b. stats: n * 2 * (OE_BK_NSTAT + 1)
 * int64 added to (per hero: the high game's sums and its trial count, then the hi-lo game's).
 * Returns 0, -1 for bad arguments (a hero card above 51 or repeated), -2 without memory. */
#define OE_BULK_SHARED_BLOCK 4096
int oe_bulk_shared(const uint8_t *heroes, size_t n, int games, const uint64_t key[4],
                   uint64_t block_begin, uint64_t block_end, uint64_t deals, int64_t *stats);

#ifdef __cplusplus
}
#endif
#endif
