/* Omaha hi and 8-or-better low evaluation for 4, 5 or 6 hole cards: scalar functions, the batch
 * kernel, validation.  The hole count k is a parameter of one code path: the kernels are written
 * once and inlined with k constant (ALWAYS_INLINE), so each count gets its unrolled loop over
 * its C(k, 2) hole pairs without a second copy of the source.
 *
 * Robustness: the batch kernels index every table through masks (card & 63 into 64-entry
 * tables, 256-entry tables for raw bytes, ranks clamped to 12), so a deal that changes after
 * it was validated (another thread writing the caller's buffer) gives meaningless scores but
 * never an out-of-bounds read. */
#include <stdint.h>
#include <string.h>

#include "omaha_eval.h"

const uint8_t oe_card_low_bit[256] = { /* ids above 51 map to 0 */
    2, 2, 2, 2, 4, 4, 4, 4, 8, 8, 8, 8, 16, 16, 16, 16, 32, 32, 32, 32, 64, 64, 64, 64,
    128, 128, 128, 128, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1};

const uint8_t oe_hole_pairs[15][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}, /* 4 cards */
                                      {0, 4}, {1, 4}, {2, 4}, {3, 4},                 /* 5 cards */
                                      {0, 5}, {1, 5}, {2, 5}, {3, 5}, {4, 5}};        /* 6 cards */
const uint8_t oe_board_triples[10][3] = {{0, 1, 2}, {0, 1, 3}, {0, 1, 4}, {0, 2, 3}, {0, 2, 4},
                                         {0, 3, 4}, {1, 2, 3}, {1, 2, 4}, {1, 3, 4}, {2, 3, 4}};

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* oe_board_pair column of two cards; ids are masked to the table (64 x 64, zero past 51). */
static inline unsigned pair_index(uint8_t a, uint8_t b)
{
    return oe_pair_column[((unsigned)a & 63u) << 6 | ((unsigned)b & 63u)];
}

/* Rank bit of a card, inside 13 bits whatever the byte (a garbage id gives some rank). */
static inline unsigned rank_bit(uint8_t c) { return 1u << ((c >> 2) > 12 ? 12 : (c >> 2)); }

uint16_t oe_eval5(const uint8_t c[5])
{
    unsigned suits = (c[0] & 3) | (c[1] & 3) << 2 | (c[2] & 3) << 4 | (c[3] & 3) << 6 | (c[4] & 3) << 8;
    if (suits == (c[0] & 3) * 0x155u) {
        unsigned mask = 1u << (c[0] >> 2) | 1u << (c[1] >> 2) | 1u << (c[2] >> 2) | 1u << (c[3] >> 2) |
                        1u << (c[4] >> 2);
        return oe_flush5[mask];
    }
    return oe_unsuited5[oe_rank5_index(c)];
}

/* Best flush from two of the hole ranks and three of the board ranks (both sets of one suit). */
static uint16_t best_flush(unsigned hole_ranks, unsigned board_ranks)
{
    int h[OE_MAX_HOLE], nh = 0, b[5], nb = 0;
    for (int r = 0; r < 13; ++r) {
        if (hole_ranks >> r & 1 && nh < OE_MAX_HOLE) h[nh++] = r;
        if (board_ranks >> r & 1 && nb < 5) b[nb++] = r;
    }
    uint16_t best = 0;
    for (int i = 0; i < nh; ++i)
        for (int j = i + 1; j < nh; ++j)
            for (int x = 0; x < nb; ++x)
                for (int y = x + 1; y < nb; ++y)
                    for (int z = y + 1; z < nb; ++z) {
                        uint16_t s = oe_flush5[1u << h[i] | 1u << h[j] | 1u << b[x] | 1u << b[y] | 1u << b[z]];
                        if (s > best) best = s;
                    }
    return best;
}

/* Best non-flush score of k hole cards on a board row: a lookup per hole pair, then a max
 * tree (independent maxima, not one long dependency chain). */
ALWAYS_INLINE uint16_t nonflush_hi(const uint16_t *row, const uint8_t *h, const int k)
{
    uint16_t s[OE_HOLE_PAIRS(OE_MAX_HOLE)];
    const int n = OE_HOLE_PAIRS(k);
    for (int p = 0; p < n; ++p) s[p] = row[pair_index(h[oe_hole_pairs[p][0]], h[oe_hole_pairs[p][1]])];
    for (int w = 1; w < n; w *= 2)
        for (int i = 0; i + w < n; i += 2 * w) s[i] = s[i] > s[i + w] ? s[i] : s[i + w];
    return s[0];
}

/* Low rank bits of k cards. */
ALWAYS_INLINE unsigned low_bits(const uint8_t *h, const int k)
{
    unsigned m = 0;
    for (int i = 0; i < k; ++i) m |= oe_low_bit(h[i]);
    return m;
}

/* oe_board_pair row of a board's rank multiset; ranks clamped so any bytes stay in the table. */
static inline unsigned board_row_index(const uint8_t *b)
{
    uint8_t c[5];
    for (int i = 0; i < 5; ++i) c[i] = b[i] > 51 ? 51 : b[i];
    return oe_rank5_index(c);
}

static inline uint64_t board_key(const uint8_t *b)
{
    return (uint64_t)b[0] | (uint64_t)b[1] << 8 | (uint64_t)b[2] << 16 | (uint64_t)b[3] << 24 |
           (uint64_t)b[4] << 32;
}

/* A nibble per suit: summing these over cards counts the cards of each suit. */
static const uint16_t suit_nibble[64] = { /* index with card & 63 */
    1, 16, 256, 4096, 1, 16, 256, 4096, 1, 16, 256, 4096, 1, 16, 256, 4096, 1, 16, 256, 4096,
    1, 16, 256, 4096, 1, 16, 256, 4096, 1, 16, 256, 4096, 1, 16, 256, 4096, 1, 16, 256, 4096,
    1, 16, 256, 4096, 1, 16, 256, 4096, 1, 16, 256, 4096};

/* Suit with 3+ cards among the five board cards, or 4 when there is none (branch-free). */
static inline unsigned flush_suit_of(const uint8_t b[5])
{
    unsigned counts = suit_nibble[b[0] & 63] + suit_nibble[b[1] & 63] + suit_nibble[b[2] & 63] +
                      suit_nibble[b[3] & 63] + suit_nibble[b[4] & 63];
    /* a nibble of 3 or more, plus 5, sets its top bit */
    return (unsigned)__builtin_ctz(((counts + 0x5555u) & 0x8888u) | 0x10000u) >> 2;
}

/* Board cards of suit s as rank bits. */
static inline unsigned suited_ranks(const uint8_t *cards, int n, unsigned s)
{
    unsigned ranks = 0;
    for (int j = 0; j < n; ++j)
        if ((cards[j] & 3u) == s) ranks |= rank_bit(cards[j]);
    return ranks;
}

uint8_t oe_omaha_lo(const uint8_t *hole, int k, const uint8_t board[5])
{
    unsigned b = 0, m = 0;
    for (int i = 0; i < 5; ++i) b |= oe_low_bit(board[i]);
    for (int i = 0; i < k; ++i) m |= oe_low_bit(hole[i]);
    return oe_low_table[m << 8 | b];
}

static void five_of(const uint8_t *hole, const uint8_t board[5], int p, int t, uint8_t out[5])
{
    out[0] = hole[oe_hole_pairs[p][0]];
    out[1] = hole[oe_hole_pairs[p][1]];
    for (int i = 0; i < 3; ++i) out[2 + i] = board[oe_board_triples[t][i]];
}

uint16_t oe_best_hi(const uint8_t *hole, int k, const uint8_t board[5], int *pair, int *triple)
{
    uint16_t best = 0;
    for (int p = 0; p < OE_HOLE_PAIRS(k); ++p)
        for (int t = 0; t < 10; ++t) {
            uint8_t five[5];
            five_of(hole, board, p, t, five);
            uint16_t s = oe_eval5(five);
            if (s > best) { best = s; *pair = p; *triple = t; }
        }
    return best;
}

uint8_t oe_best_lo(const uint8_t *hole, int k, const uint8_t board[5], int *pair, int *triple)
{
    uint8_t target = oe_omaha_lo(hole, k, board);
    if (!target) return 0;
    unsigned want = oe_low_masks[target];
    for (int p = 0; p < OE_HOLE_PAIRS(k); ++p)
        for (int t = 0; t < 10; ++t) {
            uint8_t five[5];
            unsigned m = 0;
            five_of(hole, board, p, t, five);
            for (int i = 0; i < 5; ++i) m |= oe_low_bit(five[i]);
            int distinct = 1;
            for (int i = 0; i < 5; ++i)
                for (int j = i + 1; j < 5; ++j)
                    if ((five[i] >> 2) == (five[j] >> 2)) distinct = 0;
            if (distinct && m == want) { *pair = p; *triple = t; return target; }
        }
    return target; /* unreachable: the table's low is always made by some combination */
}

/* ---- validation ---- */

/* Reports the first problem of one deal (called only for a deal known to have one). */
static int describe_bad_deal(const uint8_t *h, int hole_cards, const uint8_t *b, int check_duplicates,
                             int *position, int *card)
{
    uint64_t seen = 0;
    for (int k = 0; k < hole_cards + 5; ++k) {
        uint8_t c = k < hole_cards ? h[k] : b[k - hole_cards];
        if (c > 51) { *position = k; *card = c; return 1; }
        if (check_duplicates && seen >> c & 1) { *position = k; *card = c; return 2; }
        seen |= (uint64_t)1 << c;
    }
    return 0;
}

/* The OR and the sum of card bits: they are equal exactly when no bit repeats. */
typedef struct { uint64_t any, sum; } bits;

static inline bits add_bits(bits acc, const uint8_t *c, int n)
{
    for (int k = 0; k < n; ++k) { acc.any |= oe_card_bit[c[k]]; acc.sum += oe_card_bit[c[k]]; }
    return acc;
}

static inline int deal_ok(bits b, int check_duplicates)
{
    /* bit 63 marks an id above 51; sums that overflowed through it differ from the OR too */
    return !(b.any >> 63) && (!check_duplicates || b.any == b.sum);
}

/* First deal of [begin, end) with a bad id (or a repeated card when check == OE_CHECK_ALL), or
 * SIZE_MAX.  A shared board is summed once. */
ALWAYS_INLINE size_t first_bad_deal(const uint8_t *hole, const int k, ptrdiff_t hole_stride,
                                    const uint8_t *board, ptrdiff_t board_stride, size_t begin, size_t end,
                                    int check)
{
    const uint8_t *prev_board = NULL;
    bits on_board = {0, 0};
    for (size_t i = begin; i < end; ++i) {
        const uint8_t *h = hole + (ptrdiff_t)i * hole_stride;
        const uint8_t *b = board + (ptrdiff_t)i * board_stride;
        if (b != prev_board) {
            bits zero = {0, 0};
            on_board = add_bits(zero, b, 5);
            prev_board = b;
        }
        if (!deal_ok(add_bits(on_board, h, k), check == OE_CHECK_ALL)) return i;
    }
    return SIZE_MAX;
}

/* ---- batch kernel ---- */

typedef struct {
    const uint8_t *hole, *board;
    ptrdiff_t hole_stride, board_stride;
    int k; /* hole cards */
    uint16_t *hi_out;
    uint8_t *lo_out;
    int check;
    size_t first_bad; /* smallest bad deal found by any thread (SIZE_MAX: none) */
} batch_job;

/* Adds flushes to the listed hands.  On a shared board the best flush for each pair of hole
 * ranks is tabled once (78 pairs), so each hand needs at most six lookups. */
static void table_shared_flushes(const uint8_t *board, uint16_t by_pair[13 * 13])
{
    unsigned s = flush_suit_of(board), board_ranks = s < 4 ? suited_ranks(board, 5, s) : 0;
    for (int a = 0; a < 13; ++a)
        for (int b = a + 1; b < 13; ++b)
            by_pair[a * 13 + b] = s < 4 ? best_flush(1u << a | 1u << b, board_ranks) : 0;
}

static void flush_pass(const batch_job *job, size_t begin, const uint32_t *candidates,
                       const uint8_t *suits, int n, const uint16_t *by_pair)
{
    const int k_hole = job->k;
    for (int k = 0; k < n; ++k) {
        size_t i = begin + candidates[k];
        const uint8_t *h = job->hole + (ptrdiff_t)i * job->hole_stride;
        const uint8_t *b = job->board + (ptrdiff_t)i * job->board_stride;
        unsigned s = suits[k], hole_ranks = suited_ranks(h, k_hole, s);
        uint16_t f = 0;
        if (by_pair) {
            int r[OE_MAX_HOLE], m = 0;
            for (int x = 0; x < 13; ++x)
                if (hole_ranks >> x & 1 && m < OE_MAX_HOLE) r[m++] = x;
            for (int x = 0; x < m; ++x)
                for (int y = x + 1; y < m; ++y)
                    if (by_pair[r[x] * 13 + r[y]] > f) f = by_pair[r[x] * 13 + r[y]];
        } else {
            f = best_flush(hole_ranks, suited_ranks(b, 5, s));
        }
        if (f > job->hi_out[i]) job->hi_out[i] = f;
    }
}

#define BLOCK 256

/* Hi scores in blocks: a branch-free first pass scores the rank part of every hand and lists
 * the few hands that may hold a flush (board with 3+ of a suit, 2+ of it in the hole); a second
 * pass adds their flushes.  Keeping the rare, unpredictable flush branch out of the main loop
 * lets the processor overlap the table loads of consecutive hands. */
ALWAYS_INLINE void hi_block(const batch_job *job, const int k, size_t begin, size_t end, const int want_lo,
                           const uint16_t *by_pair)
{
    uint32_t candidates[BLOCK];
    uint8_t suits[BLOCK];
    const uint16_t *row = NULL;
    unsigned suit = 4, board_low = 0;
    uint64_t prev = ~(uint64_t)0;
    const uint8_t *prev_board = NULL;
    int n = 0;
    uint16_t rows[BLOCK];
    if (job->board_stride != 0) {
        /* one board per deal: find every row of the block first and ask for it, so the loads
         * below find their rows on the way in */
        for (size_t i = begin; i < end; ++i) {
            unsigned idx = board_row_index(job->board + (ptrdiff_t)i * job->board_stride);
            rows[i - begin] = (uint16_t)idx;
            __builtin_prefetch(oe_board_pair + (size_t)idx * OE_N_RANK2);
            __builtin_prefetch(oe_board_pair + (size_t)idx * OE_N_RANK2 + 32);
            __builtin_prefetch(oe_board_pair + (size_t)idx * OE_N_RANK2 + 64);
        }
    }
    for (size_t i = begin; i < end; ++i) {
        const uint8_t *h = job->hole + (ptrdiff_t)i * job->hole_stride;
        const uint8_t *b = job->board + (ptrdiff_t)i * job->board_stride;
        /* predictable: taken for every random board, never for a shared one (same pointer) */
        if (b != prev_board && board_key(b) != prev) {
            uint64_t key = board_key(b);
            row = oe_board_pair + (size_t)(job->board_stride ? rows[i - begin] : board_row_index(b)) * OE_N_RANK2;
            suit = flush_suit_of(b);
            if (want_lo)
                board_low = oe_low_bit(b[0]) | oe_low_bit(b[1]) | oe_low_bit(b[2]) | oe_low_bit(b[3]) |
                            oe_low_bit(b[4]);
            prev = key;
        }
        prev_board = b;
        job->hi_out[i] = nonflush_hi(row, h, k);
        if (want_lo) job->lo_out[i] = oe_low_table[low_bits(h, k) << 8 | board_low];
        unsigned hole_suits = 0; /* at most 6 cards of a suit: no carry between nibbles */
        for (int c = 0; c < k; ++c) hole_suits += suit_nibble[h[c] & 63];
        unsigned suited = hole_suits >> (4 * suit) & 15u; /* suit 4 (no flush) shifts out to 0 */
        candidates[n] = (uint32_t)(i - begin);
        suits[n] = (uint8_t)suit;
        n += suited >= 2;
    }
    if (n) flush_pass(job, begin, candidates, suits, n, by_pair);
}

ALWAYS_INLINE void lo_block(const batch_job *job, const int k, size_t begin, size_t end)
{
    unsigned board_low = 0;
    uint64_t prev = ~(uint64_t)0;
    const uint8_t *prev_board = NULL;
    for (size_t i = begin; i < end; ++i) {
        const uint8_t *h = job->hole + (ptrdiff_t)i * job->hole_stride;
        const uint8_t *b = job->board + (ptrdiff_t)i * job->board_stride;
        if (b != prev_board && board_key(b) != prev) {
            uint64_t key = board_key(b);
            board_low = oe_low_bit(b[0]) | oe_low_bit(b[1]) | oe_low_bit(b[2]) | oe_low_bit(b[3]) |
                        oe_low_bit(b[4]);
            prev = key;
        }
        prev_board = b;
        job->lo_out[i] = oe_low_table[low_bits(h, k) << 8 | board_low];
    }
}

static void note_bad_deal(batch_job *job, size_t row)
{
    size_t seen = __atomic_load_n(&job->first_bad, __ATOMIC_RELAXED);
    while (row < seen &&
           !__atomic_compare_exchange_n(&job->first_bad, &seen, row, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
}

/* One worker's range, for a hole count k that is a constant after inlining. */
ALWAYS_INLINE void batch_range_k(batch_job *job, const int k, size_t begin, size_t end)
{
    uint16_t table[13 * 13];
    const uint16_t *by_pair = NULL;
    if (job->hi_out && job->board_stride == 0 && end - begin >= 4 * BLOCK) { /* worth it */
        table_shared_flushes(job->board, table);
        by_pair = table;
    }
    for (size_t b = begin; b < end; b += BLOCK) {
        size_t e = b + BLOCK < end ? b + BLOCK : end;
        if (job->check != OE_CHECK_NONE) { /* checked block by block while the cards are in L1 */
            size_t bad = first_bad_deal(job->hole, k, job->hole_stride, job->board, job->board_stride,
                                        b, e, job->check);
            if (bad != SIZE_MAX) { /* the rest of this range is not needed: the call fails */
                note_bad_deal(job, bad);
                return;
            }
        }
        if (job->hi_out && job->lo_out) hi_block(job, k, b, e, 1, by_pair); /* hi and low in one pass */
        else if (job->hi_out) hi_block(job, k, b, e, 0, by_pair);
        else if (job->lo_out) lo_block(job, k, b, e);
    }
}

static void batch_range(void *ctx, size_t begin, size_t end)
{
    batch_job *job = (batch_job *)ctx;
    switch (job->k) { /* the same code, unrolled for each count */
    case 4: batch_range_k(job, 4, begin, end); break;
    case 5: batch_range_k(job, 5, begin, end); break;
    default: batch_range_k(job, 6, begin, end); break;
    }
}

int oe_eval_batch(const uint8_t *hole, int hole_cards, ptrdiff_t hole_stride, const uint8_t *board,
                  ptrdiff_t board_stride, size_t n, uint16_t *hi_out, uint8_t *lo_out, int workers,
                  int check, size_t *bad_row, int *position, int *card)
{
    if (hole_cards < OE_MIN_HOLE || hole_cards > OE_MAX_HOLE) return -1;
    batch_job job = {hole, board, hole_stride, board_stride, hole_cards, hi_out, lo_out, check, SIZE_MAX};
    oe_parallel_for(n, 1 << 14, workers, batch_range, &job);
    if (job.first_bad == SIZE_MAX) return 0;
    /* every chunk stops at its own first bad deal, so the smallest is the first of all */
    *bad_row = job.first_bad;
    int code = describe_bad_deal(hole + (ptrdiff_t)job.first_bad * hole_stride, hole_cards,
                                 board + (ptrdiff_t)job.first_bad * board_stride, check == OE_CHECK_ALL,
                                 position, card);
    /* the bytes changed between the two reads (another thread writes them): still an error */
    if (code == 0) { *position = -1; *card = -1; code = 3; }
    return code;
}

int oe_validate_deals(const uint8_t *hole, int hole_cards, ptrdiff_t hole_stride, const uint8_t *board,
                      ptrdiff_t board_stride, size_t n, int check_duplicates, size_t *bad_row,
                      int *position, int *card)
{
    return oe_eval_batch(hole, hole_cards, hole_stride, board, board_stride, n, NULL, NULL, 1,
                         check_duplicates ? OE_CHECK_ALL : OE_CHECK_IDS, bad_row, position, card);
}
