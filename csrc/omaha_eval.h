/* omaha_eval C core: Omaha Hi and 8-or-better low evaluation.
 *
 * Cards are uint8 ids 4 * rank + suit (rank 0 = deuce .. 12 = ace; suit 0..3 = c d h s).
 * Hi scores are 1..7462 (higher is better), low scores 0 (no low) or 1..56 (56 = 5-4-3-2-A).
 * No function here validates its input: callers check ids (< 52) and duplicates first
 * (oe_validate_deals does that in bulk).  C99, no Python headers.
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
#define OE_N_RANK5 6188   /* rank multisets of five cards out of 13 ranks */
#define OE_N_RANK2 91     /* rank multisets of two cards */

enum oe_category {
    OE_HIGH_CARD = 0, OE_PAIR, OE_TWO_PAIR, OE_TRIPS, OE_STRAIGHT,
    OE_FLUSH, OE_FULL_HOUSE, OE_QUADS, OE_STRAIGHT_FLUSH
};

/* ---- generated tables (tables.c, written by gen_tables.c at build time) ---- */
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

/* ---- threads ---- */
typedef void (*oe_range_fn)(void *ctx, size_t begin, size_t end);
/* Calls fn over [0, n) in fixed chunks of `chunk` items, spread over `workers` threads. */
void oe_parallel_for(size_t n, size_t chunk, int workers, oe_range_fn fn, void *ctx);
/* For a chunk of a parallel loop that needs other chunks finished first: returns once
 * *counter >= target (polls, then yields so that the awaited thread can run if it shares this
 * CPU), the time it waited counted in OE_POOL_WAIT_INSIDE_NS. */
void oe_parallel_wait_for(const unsigned long *counter, unsigned long target);

/* A job whose chunks may run twice, so that a helper that loses its CPU inside a chunk (a
 * virtual machine's host takes a vCPU away for milliseconds several times a second) does not
 * hold up the caller: once every chunk is claimed, the caller waits a few chunk times for the
 * helpers' last ones, then runs those still unfinished itself, as copy 1 (the first run of a
 * chunk is copy 0). For each chunk, the copy that finished first counts: done[c] = 1 + that
 * copy. fn must therefore write each copy's results apart (and anything both copies write, the
 * same values), and everything it reads or writes must outlive a late helper: see
 * oe_parallel_park. Chunks from `barrier` on start only once every chunk below it is done. */
typedef void (*oe_chunk_fn)(void *ctx, size_t chunk, int copy);
typedef struct {
    size_t n_chunks, barrier;
    oe_chunk_fn fn;
    void *ctx;
    unsigned char *done;         /* n_chunks bytes, zeroed by the caller */
    void (*release)(void *ctx); /* frees what a parked job holds (oe_parallel_park) */
    unsigned long n_done, n_below; /* the pool's: chunks done, and of them below the barrier */
    uint64_t mark;                 /* the pool's: the mark of its late helpers */
} oe_redo_job;
/* Runs the job on up to `workers` threads. Returns -1 when it ran nothing (one worker, or no
 * helper free: the caller then does the work its own way), 0 when done and no helper can touch
 * the job any more, 1 when done but a late helper may still be inside a chunk whose result no
 * longer counts: the caller reads the results, then hands the job to oe_parallel_park. */
int oe_parallel_redo(oe_redo_job *job, int workers);
/* A job done with a late helper inside: release(ctx) runs once the helper has left it (at a
 * later pool call, on whichever thread makes it; at once if the helper left already). */
void oe_parallel_park(oe_redo_job *job);

/* What the thread pool did since the process started (or forked), for benchmarks and tests:
 * oe_parallel_counters copies OE_POOL_N counters into out. */
enum {
    OE_POOL_JOBS,          /* parallel loops run on the pool (shared or alone) */
    OE_POOL_JOINED,        /* helpers' joins: per helper, the jobs it ran a chunk of */
    OE_POOL_HELPER_CHUNKS, /* chunks the helpers ran */
    OE_POOL_CALLER_CHUNKS, /* chunks the callers ran in shared jobs */
    OE_POOL_SOLO,          /* jobs the caller ran alone without waking anyone */
    OE_POOL_SOLO_BUSY,     /* of them, for want of a free CPU (/proc/loadavg) */
    OE_POOL_IDLE_WAKES,    /* jobs that had to wake a helper asleep after idling */
    OE_POOL_LATE,          /* a helper came after every chunk was claimed */
    OE_POOL_HELPER_SLEEPS, /* a helper went to sleep between jobs */
    OE_POOL_CALLER_SLEEPS, /* a caller slept waiting for the helpers' last chunks */
    OE_POOL_SPINS_CUT,     /* a helper stopped spinning on a competing task */
    OE_POOL_WAIT_LAST_NS,  /* callers' time waiting for the helpers' last chunks */
    OE_POOL_WAIT_INSIDE_NS, /* time chunks waited for other chunks (oe_parallel_wait_for) */
    OE_POOL_REDONE,        /* chunks a caller ran again for a late helper (oe_parallel_redo) */
    OE_POOL_PARKED,        /* jobs left to a late helper still inside them (oe_parallel_park) */
    OE_POOL_N
};
void oe_parallel_counters(long out[OE_POOL_N]);

#ifdef __cplusplus
}
#endif
#endif
