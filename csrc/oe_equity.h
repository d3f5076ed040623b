/* omaha_eval equity engine: showdowns, exact enumeration and Monte Carlo, hi and hi-lo.
 *
 * Pot shares are integers in units of OE_POT per deal (OE_POT = 2 * lcm(1..10) = 5040, so every
 * split of a high or low half among up to 10 players is whole). Statistics are per player,
 * OE_NSTAT int64 values each (index with the OE_ST_* names), summed over the deals counted
 * (weighted by how many boards each enumerated case stands for).
 *
 * Every player holds `hole` cards (OE_MIN_HOLE..OE_MAX_HOLE: 4 = Omaha, 5 = 5-card Omaha / Big O /
 * Courchevel, 6 = 6-card Omaha) and plays exactly two of them with exactly three board cards; the
 * hole count is a parameter of one code path.
 *
 * Nothing here validates cards: callers pass ids < 52 without duplicates across holes, board and
 * dead cards, 1..OE_MAX_PLAYERS players, and enough cards left in the deck. Whatever the bytes
 * (even if another thread rewrites them during the call), the kernels stay in bounds: every id
 * is clamped to 0..51 when it is read, so bad input gives meaningless numbers, never a stray
 * read. C99, no Python headers.
 */
#ifndef OE_EQUITY_H
#define OE_EQUITY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define OE_POT 5040
#define OE_MAX_PLAYERS 10
#define OE_MC_CHUNK 4096 /* Monte Carlo trials per random stream */
#define OE_MIN_HOLE 4
#define OE_MAX_HOLE 6

enum oe_game { OE_GAME_HI = 0, OE_GAME_HILO = 1 };

/* per-deal result flags */
enum {
    OE_FLAG_HI_WIN = 1, /* sole best high hand */
    OE_FLAG_HI_TIE = 2, /* shares the best high hand */
    OE_FLAG_LO_WIN = 4, /* sole best qualifying low */
    OE_FLAG_LO_TIE = 8, /* shares the best qualifying low */
    OE_FLAG_SCOOP = 16  /* wins the whole pot alone */
};

/* statistics per player */
enum {
    OE_ST_SHARE = 0, /* sum of shares (units of OE_POT per deal) */
    OE_ST_SHARE_SQ,  /* sum of squared shares */
    OE_ST_HI_WIN, OE_ST_HI_TIE, OE_ST_LO_WIN, OE_ST_LO_TIE, OE_ST_SCOOP,
    OE_NSTAT
};

/* Showdown of n complete deals. Deal i: players * hole hole bytes at holes + i * hole_stride,
 * five board bytes at board + i * board_stride (0 shares one board). Writes share_out[i * players
 * + p] (units of OE_POT) and flags_out likewise; either may be NULL. Results never depend on
 * workers. */
void oe_showdown(const uint8_t *holes, ptrdiff_t hole_stride, int players, int hole,
                 const uint8_t *board, ptrdiff_t board_stride, size_t n, int game,
                 uint16_t *share_out, uint8_t *flags_out, int workers);

/* Exact equity over every completion of a partial board (n_board of 0..5 known cards), with dead
 * cards removed from the deck. stats: players * OE_NSTAT, overwritten. *n_boards: the number of
 * completions counted. Returns 0, or -1 when memory runs out. */
int oe_equity_exact(const uint8_t *holes, int players, int hole, const uint8_t *board, int n_board,
                    const uint8_t *dead, int n_dead, int game, int64_t *stats,
                    uint64_t *n_boards, int workers);

/* oe_equity_exact for n matchups: row i has players * hole hole bytes at holes + i * hole_stride and
 * n_board board bytes at board + i * board_stride; dead cards are shared. stats: n * players *
 * OE_NSTAT, n_boards: n. Returns 0, or -1 when memory runs out. */
int oe_equity_exact_batch(const uint8_t *holes, ptrdiff_t hole_stride, int players, int hole,
                          const uint8_t *board, ptrdiff_t board_stride, int n_board,
                          const uint8_t *dead, int n_dead, size_t n, int game,
                          int64_t *stats, uint64_t *n_boards, int workers);

/* Monte Carlo equity. Player p's candidate holdings are rows offsets[p] .. offsets[p+1]-1 of
 * hands (`hole` bytes each; a fixed hand is one row; no rows = a random hand, dealt straight from
 * the deck). cum_weights, if not NULL, holds for each row the cumulative weight within its player
 * (last = that player's total; callers normalise so that sums stay finite); NULL = uniform. A
 * trial draws the holdings of the range players (a draw that collides is rejected as a whole,
 * which samples exactly the collision-free combinations), then deals the random players and the
 * missing board cards from the rest of the deck: since every collision-free draw leaves a deck of
 * the same size, this is the same distribution as rejecting whole draws, without the rejections.
 *
 * Trials trial_begin .. trial_end-1 are run; trial t belongs to stream t / OE_MC_CHUNK, seeded
 * from (seed, stream), so splitting a run at multiples of OE_MC_CHUNK gives the same sums, for
 * any workers. trial_begin must be a multiple of OE_MC_CHUNK. stats: players * OE_NSTAT,
 * overwritten; *attempts: tuples of holdings drawn (>= trials; more when ranges collide).
 * Returns 0; 1 when some trial found no collision-free holdings in OE_MC_MAX_ATTEMPTS attempts
 * (callers rule out impossible spots first); -1 on bad arguments or no memory. */
#define OE_MC_MAX_ATTEMPTS 100000
int oe_equity_monte_carlo(const uint8_t *hands, const size_t *offsets, const double *cum_weights,
                          int players, int hole, const uint8_t *board, int n_board,
                          const uint8_t *dead, int n_dead, int game, uint64_t seed,
                          uint64_t trial_begin, uint64_t trial_end, int64_t *stats,
                          uint64_t *attempts, int workers);

/* Monte Carlo for n fixed matchups (rows as in oe_equity_exact_batch), `trials` each; row i uses
 * seed oe_row_seed(seed, first_row + i) (so a batch can be run in slices with the same numbers).
 * stats: n * players * OE_NSTAT. Returns 0 or -1 (bad arguments, no memory). */
int oe_equity_monte_carlo_batch(const uint8_t *holes, ptrdiff_t hole_stride, int players,
                                int hole, const uint8_t *board, ptrdiff_t board_stride, int n_board,
                                const uint8_t *dead, int n_dead, size_t n, int game,
                                uint64_t trials, uint64_t seed, uint64_t first_row,
                                int64_t *stats, int workers);

/* The seed a batch row uses (so one row can be reproduced with oe_equity_monte_carlo). */
uint64_t oe_row_seed(uint64_t seed, uint64_t row);

#ifdef __cplusplus
}
#endif
#endif
