/* omaha_eval C core, the public API: Omaha Hi and 8-or-better low evaluation, and the equity
 * engine (showdowns, exact enumeration, Monte Carlo).
 *
 * Cards are uint8 ids 4 * rank + suit (rank 0 = deuce .. 12 = ace; suit 0..3 = c d h s).
 * Hi scores are 1..7462 (higher is better), low scores 0 (no low) or 1..56 (56 = 5-4-3-2-A).
 * No function here validates its input: callers check ids (< 52) and duplicates first
 * (oe_validate_deals does that in bulk).  C99, no Python headers; the rest of the core (its
 * generated tables, the thread pool) is private: oe_tables.h, oe_pool.h.
 */
#ifndef OMAHA_EVAL_H
#define OMAHA_EVAL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define OE_HI_MAX 7462
#define OE_LO_MAX 56

enum oe_category {
    OE_HIGH_CARD = 0, OE_PAIR, OE_TWO_PAIR, OE_TRIPS, OE_STRAIGHT,
    OE_FLUSH, OE_FULL_HOUSE, OE_QUADS, OE_STRAIGHT_FLUSH
};

/* ---- scalar evaluation ---- */
/* Hole cards: 4, 5 or 6 (Omaha, 5-card and 6-card Omaha); always exactly two of them play. */
#define OE_MIN_HOLE 4
#define OE_MAX_HOLE 6
#define OE_HOLE_PAIRS(k) ((k) * ((k) - 1) / 2) /* 6, 10, 15 */

uint16_t oe_eval5(const uint8_t cards[5]);
uint8_t oe_omaha_lo(const uint8_t *hole, int hole_cards, const uint8_t board[5]);

/* The two-card choices from up to six hole cards, ordered so that the choices of the first k
 * cards are the first OE_HOLE_PAIRS(k) (the first 6 are the four-card Omaha ones), and the 10
 * three-card choices from five board cards. */
extern const uint8_t oe_hole_pairs[15][2];
extern const uint8_t oe_board_triples[10][3];

/* Best hand's parts: *pair in 0..OE_HOLE_PAIRS(k)-1 (oe_hole_pairs), *triple in 0..9
 * (oe_board_triples).  oe_best_lo returns 0 and leaves the outputs alone when there is no
 * qualifying low. */
uint16_t oe_best_hi(const uint8_t *hole, int hole_cards, const uint8_t board[5], int *pair, int *triple);
uint8_t oe_best_lo(const uint8_t *hole, int hole_cards, const uint8_t board[5], int *pair, int *triple);

/* ---- batches ----
 * Deal i uses hole_cards (4..6) hole bytes at hole + i * hole_stride and 5 board bytes at
 * board + i * board_stride
 * (a stride of 0 shares one row across the batch).  Either output may be NULL to skip it.
 * workers <= 1 runs on the calling thread; results never depend on workers.
 *
 * check: OE_CHECK_NONE trusts the input (any bytes stay in bounds, but the scores of invalid
 * deals are meaningless), OE_CHECK_IDS
 * verifies ids only, OE_CHECK_ALL also repeated cards within a deal.  Checking runs block by
 * block inside the same loop.  Returns 0, or a problem code for the first bad deal (then the
 * outputs are incomplete): 1 = card id above 51 (at *position),
 * 2 = repeated card (*card), with *bad_row the deal.  Positions count the hole cards first
 * (0..hole_cards-1), then the board.  Whatever bytes the buffers hold, even bytes another thread
 * changes during the call, no table is read out of bounds (ids are masked in the kernels). */
enum { OE_CHECK_NONE = 0, OE_CHECK_IDS = 1, OE_CHECK_ALL = 2 };

int oe_eval_batch(const uint8_t *hole, int hole_cards, ptrdiff_t hole_stride,
                  const uint8_t *board, ptrdiff_t board_stride, size_t n,
                  uint16_t *hi_out, uint8_t *lo_out, int workers,
                  int check, size_t *bad_row, int *position, int *card);

/* oe_eval_batch for card ids of any integer type (hole_type / board_type: OE_TYPE_*; the card
 * axis contiguous, strides in bytes).  Each chunk is converted into a private uint8 buffer; values
 * outside 0..51 are reported as id 255 (code 1) at their position. */
enum { OE_TYPE_U8 = 0, OE_TYPE_I8, OE_TYPE_U16, OE_TYPE_I16, OE_TYPE_U32, OE_TYPE_I32, OE_TYPE_U64, OE_TYPE_I64 };
int oe_eval_batch_typed(const void *hole, int hole_type, int hole_cards, ptrdiff_t hole_stride,
                        const void *board, int board_type, ptrdiff_t board_stride, size_t n,
                        uint16_t *hi_out, uint8_t *lo_out, int workers, int check, size_t *bad_row,
                        int *position, int *card);

/* One deal straight to the kernels (the small-call path): checks as oe_eval_batch's `check`
 * (ids, or ids and repeated cards) and returns 1 for a bad deal (outputs untouched), else 0 with *hi and/or *lo
 * (either may be NULL) set; -1 for a hole count outside 4..6. */
int oe_eval_one(const uint8_t *hole, int hole_cards, const uint8_t board[5], int check,
                uint16_t *hi, uint8_t *lo);

/* n hands (rows of hole_cards bytes, packed) on one board, the small-call path: hi scores into
 * hi (required), low scores into lo (or NULL), checked as oe_eval_batch's `check` (OE_CHECK_IDS
 * or OE_CHECK_ALL; any bytes are read in bounds).  Returns 0, 1 when some deal is bad (the
 * outputs are then incomplete), -1 for a hole count outside 4..6 or no hi.  From 1,536 hands
 * on it runs oe_eval_batch (which then builds the board's pair table). */
int oe_eval_shared(const uint8_t *hole, int hole_cards, size_t n, const uint8_t board[5], int check,
                   uint16_t *hi, uint8_t *lo);

/* Start loading the table rows oe_eval_shared will read for this board (its pair row, its low
 * row when want_lo, its flush row), so that a caller can do other work (make its output
 * arrays) while they arrive.  No effect on any result; any bytes are read in bounds. */
void oe_prefetch_shared(const uint8_t board[5], int want_lo);

/* The batch size from which hands on one board share the board's pair table (oe_eval_batch),
 * as this build was compiled (for tests of either side of it). */
size_t oe_shared_table_min(void);

/* Validation alone (oe_eval_batch with no outputs): 0 when every deal is valid, else as above.
 * With check_duplicates = 0 only ids are checked (what the kernels need to stay in bounds). */
int oe_validate_deals(const uint8_t *hole, int hole_cards, ptrdiff_t hole_stride,
                      const uint8_t *board, ptrdiff_t board_stride, size_t n, int check_duplicates,
                      size_t *bad_row, int *position, int *card);

/* ---- equity: showdowns, exact enumeration and Monte Carlo, hi and hi-lo ----
 * showdowns, exact enumeration and Monte Carlo, hi and hi-lo.
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
 * read.
 */
#define OE_POT 5040
#define OE_MAX_PLAYERS 10
#define OE_MC_CHUNK 4096 /* Monte Carlo trials per random stream */

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
