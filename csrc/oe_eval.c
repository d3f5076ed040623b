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
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "omaha_eval.h"
#include "oe_board_hash.h"
#include "oe_compat.h"
#include "oe_pool.h"
#include "oe_tables.h"
#include "oe_threads.h"

/* SSE2 (every x86-64; OE_NO_SIMD builds the plain C of the same kernels, for tests) */
#if defined(__SSE2__) && defined(__x86_64__) && !defined(OE_NO_SIMD)
#define OE_SIMD 1
#include <emmintrin.h>
#else
#define OE_SIMD 0
#endif

const uint8_t oe_card_low_bit[256] = { /* ids above 51 map to 0 */
    2, 2, 2, 2, 4, 4, 4, 4, 8, 8, 8, 8, 16, 16, 16, 16, 32, 32, 32, 32, 64, 64, 64, 64,
    128, 128, 128, 128, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1};

const uint8_t oe_hole_pairs[15][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}, /* 4 cards */
                                      {0, 4}, {1, 4}, {2, 4}, {3, 4},                 /* 5 cards */
                                      {0, 5}, {1, 5}, {2, 5}, {3, 5}, {4, 5}};        /* 6 cards */
const uint8_t oe_board_triples[10][3] = {{0, 1, 2}, {0, 1, 3}, {0, 1, 4}, {0, 2, 3}, {0, 2, 4},
                                         {0, 3, 4}, {1, 2, 3}, {1, 2, 4}, {1, 3, 4}, {2, 3, 4}};

#define ALWAYS_INLINE OE_ALWAYS_INLINE

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

/* Low rank bits of k cards (low_bit: oe_card_low_bit or its copy). */
ALWAYS_INLINE unsigned low_bits(const uint8_t *low_bit, const uint8_t *h, const int k)
{
    unsigned m = 0;
#pragma GCC unroll 6
    for (int i = 0; i < k; ++i) m |= low_bit[h[i]];
    return m;
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
    for (int k = 0; k < n; ++k) { acc.any |= oe_card_lane[c[k]]; acc.sum += oe_card_lane[c[k]]; }
    return acc;
}

static inline int deal_ok(bits b, int check_duplicates)
{
    /* bit 63 marks an id above 51; sums that overflowed through it differ from the OR too */
    return !(b.any >> 63) && (!check_duplicates || b.any == b.sum);
}

/* Card bits of n cards (lane: oe_card_lane or its copy), summed (check_all: a repeat then shows, see deal_bad) or OR-ed. */
ALWAYS_INLINE uint64_t card_bits(const uint64_t *lane, const uint8_t *c, const int n, const int check_all)
{
    uint64_t sum = 0, any = 0;
#pragma GCC unroll 6
    for (int k = 0; k < n; ++k) { sum += lane[c[k]]; any |= lane[c[k]]; }
    return check_all ? sum : any;
}

/* Nonzero when a deal of `cards` cards whose card_bits (hole and board, oe_card_lane) combine to
 * `bits` is bad.  check_all: bits is a sum.  Its popcount is `cards` minus the carries of the
 * additions, so it is `cards` exactly when all bits differ; then a padding bit is set exactly
 * when an id is above 51 (bit 63).  Otherwise bits is an OR, bad with an id above 51 (bit 63). */
ALWAYS_INLINE uint64_t deal_bad(uint64_t bits, const int cards, const int check_all)
{
    if (!check_all) return bits >> 63;
    return (bits & OE_LANE_PAD) | ((unsigned)OE_POPCOUNT64(bits) ^ (unsigned)cards);
}

ALWAYS_INLINE uint64_t combine_bits(uint64_t hole, uint64_t board, const int check_all)
{
    return check_all ? hole + board : hole | board;
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
    const struct pair_table *table; /* a big batch's shared board (build_pair_table), or NULL */
} batch_job;

/* ---- the batch kernel's tables, on one huge page ----
 * A batch of random deals reads rows all over the 1.1 MB board table and the smaller tables
 * beside it: with 4 KB pages nearly every deal misses the first-level TLB.  At the first batch
 * the tables the kernel reads per deal are copied into one 2 MB-aligned block that Linux is
 * asked to back with a transparent huge page (madvise; /sys/kernel/mm/transparent_hugepage/
 * enabled = always or madvise), and the kernel reads them there, at fixed offsets from one base.
 * Where that is not available the copy lives in a static block (the same code, 4 KB pages). */
typedef struct {
    uint16_t board_pair[OE_N_RANK5 * OE_N_RANK2];
    uint16_t flush_rows[OE_N_FLUSH_SETS * OE_N_RANK2];
    uint8_t column[256 * 256];  /* oe_pair_column_wide */
    uint8_t low[256 * 256];     /* oe_low_table */
    uint16_t slot_row[OE_BOARD_SLOTS];
    uint16_t flush_set[8192];
    uint16_t disp[OE_BOARD_BUCKETS];
    uint8_t slot_low[OE_BOARD_SLOTS];
    uint64_t key[256];          /* oe_card_key */
    uint64_t lane[256];         /* oe_card_lane */
    uint8_t low_bit[256];       /* oe_card_low_bit */
    /* oe_card_key and oe_card_lane side by side: one vector add sums both over a board */
    OE_ALIGNED(16) uint64_t key_lane[256][2];
} kernel_tables;

#define HUGE_PAGE ((size_t)2 << 20)
/* the kernel tables fit one huge page (a C99 static assertion: a negative size otherwise) */
typedef char kernel_tables_fit_a_huge_page[sizeof(kernel_tables) <= HUGE_PAGE ? 1 : -1];
static const kernel_tables *kernel; /* set once by init_kernel_tables */
static oe_once_flag kernel_once = OE_ONCE_INIT;
static kernel_tables kernel_fallback;

static void fill_kernel_tables(kernel_tables *t)
{
    memcpy(t->board_pair, oe_board_pair, sizeof t->board_pair);
    memcpy(t->flush_rows, oe_flush_rows, sizeof t->flush_rows);
    memcpy(t->column, oe_pair_column_wide, sizeof t->column);
    memcpy(t->low, oe_low_table, sizeof t->low);
    memcpy(t->slot_row, oe_board_slot_row, sizeof t->slot_row);
    memcpy(t->flush_set, oe_flush_set, sizeof t->flush_set);
    memcpy(t->disp, oe_board_disp, sizeof t->disp);
    memcpy(t->slot_low, oe_board_slot_low, sizeof t->slot_low);
    memcpy(t->key, oe_card_key, sizeof t->key);
    memcpy(t->lane, oe_card_lane, sizeof t->lane);
    memcpy(t->low_bit, oe_card_low_bit, sizeof t->low_bit);
    for (int c = 0; c < 256; ++c) { t->key_lane[c][0] = oe_card_key[c]; t->key_lane[c][1] = oe_card_lane[c]; }
}

static void init_kernel_tables(void)
{
    kernel_tables *t = &kernel_fallback;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    /* twice the size, so that an aligned huge page lies inside; the rest is given back */
    char *p = mmap(NULL, 2 * HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p != MAP_FAILED) {
        char *a = (char *)(((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
        if (a > p) munmap(p, (size_t)(a - p));
        munmap(a + HUGE_PAGE, (size_t)(p + HUGE_PAGE - a));
        madvise(a, HUGE_PAGE, MADV_HUGEPAGE); /* a hint: without it the block still works */
        t = (kernel_tables *)(void *)a;
    }
#endif
    fill_kernel_tables(t);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (t != &kernel_fallback) mprotect(t, HUGE_PAGE, PROT_READ); /* the tables are constants */
#endif
    OE_ATOMIC_STORE(&kernel, t, OE_RELEASE);
}

static inline void need_kernel_tables(void) { oe_once(&kernel_once, init_kernel_tables); }

/* ---- boards ---- */

/* Sum of the five card keys: rank multiset and suit counts (oe_board_hash.h; key: oe_card_key
 * or its copy). */
static inline uint64_t board_key_of(const uint64_t *key, const uint8_t *b)
{
    return key[b[0]] + key[b[1]] + key[b[2]] + key[b[3]] + key[b[4]];
}

/* Hash slot of a board key (always < OE_BOARD_SLOTS; disp: oe_board_disp or its copy). */
static inline unsigned board_slot(const uint16_t *disp, uint64_t key)
{
    uint64_t r = key & OE_RANK_KEY_MASK;
    return oe_board_slot_base(r) ^ disp[oe_board_bucket(r)];
}

/* Suit with 3+ of the board's cards, or 4 when there is none (branch-free). */
static inline unsigned key_flush_suit(uint64_t key)
{
    unsigned counts = (unsigned)(key >> OE_SUIT_KEY_SHIFT) & 0xFFFFu;
    return (unsigned)OE_CTZ32(((counts + 0x5555u) & 0x8888u) | 0x10000u) >> 2;
}

/* Flush row of the board cards of suit s. */
static inline const uint16_t *flush_row_of(const uint8_t *b, unsigned s)
{
    return oe_flush_rows + (size_t)oe_flush_set[suited_ranks(b, 5, s)] * OE_N_RANK2;
}

/* Best flush of k hole cards with a board flush row: a lookup per pair of hole cards of suit s. */
static uint16_t hole_flush(const uint8_t *h, int k, const uint16_t *frow, unsigned s)
{
    uint8_t c[OE_MAX_HOLE];
    int m = 0;
    for (int i = 0; i < k && i < OE_MAX_HOLE; ++i)
        if ((h[i] & 3u) == s) c[m++] = h[i];
    uint16_t f = 0;
    for (int x = 0; x < m; ++x)
        for (int y = x + 1; y < m; ++y) {
            uint16_t v = frow[pair_index(c[x], c[y])];
            f = v > f ? v : f;
        }
    return f;
}

/* The best non-flush score of k hole cards with a board row, through the pair-column table
 * indexed by raw bytes (oe_pair_column_wide: no mask per card, any byte in bounds).  With
 * SSE2 (every x86-64) the row entries go into the lanes of one or two vectors (pinsrw loads
 * them) and a shuffle-and-max tree finds the largest: signed 16-bit max is right for scores up
 * to 7462, and empty lanes stay 0. */
#if OE_SIMD
ALWAYS_INLINE unsigned max_lanes(__m128i v)
{
    v = _mm_max_epi16(v, _mm_shuffle_epi32(v, _MM_SHUFFLE(1, 0, 3, 2)));
    v = _mm_max_epi16(v, _mm_shuffle_epi32(v, _MM_SHUFFLE(2, 3, 0, 1)));
    v = _mm_max_epi16(v, _mm_shufflelo_epi16(v, _MM_SHUFFLE(2, 3, 0, 1)));
    return (unsigned)_mm_cvtsi128_si32(v) & 0xFFFFu;
}

ALWAYS_INLINE uint16_t pairs_max_wide(const uint8_t *column, const uint16_t *row, const uint8_t *h, const int k)
{
    unsigned a[OE_MAX_HOLE], b[OE_MAX_HOLE];
    const int n = OE_HOLE_PAIRS(k);
#pragma GCC unroll 6
    for (int i = 0; i < k; ++i) { a[i] = h[i]; b[i] = a[i] << 8; }
    __m128i v = _mm_setzero_si128(), w = _mm_setzero_si128();
    /* lane p of pair p (an immediate each, so written out; pairs past n drop out) */
#define OE_LANE(vec, p)                                                                             \
    if ((p) < n)                                                                                    \
        vec = _mm_insert_epi16(vec, row[column[a[oe_hole_pairs[p][0]] | b[oe_hole_pairs[p][1]]]], \
                               (p) & 7)
    OE_LANE(v, 0); OE_LANE(v, 1); OE_LANE(v, 2); OE_LANE(v, 3); OE_LANE(v, 4); OE_LANE(v, 5);
    OE_LANE(v, 6); OE_LANE(v, 7); OE_LANE(w, 8); OE_LANE(w, 9); OE_LANE(w, 10); OE_LANE(w, 11);
    OE_LANE(w, 12); OE_LANE(w, 13); OE_LANE(w, 14);
#undef OE_LANE
    if (n > 8) v = _mm_max_epi16(v, w);
    return (uint16_t)max_lanes(v);
}
#else
ALWAYS_INLINE uint16_t pairs_max_wide(const uint8_t *column, const uint16_t *row, const uint8_t *h, const int k)
{
    uint16_t s[OE_HOLE_PAIRS(OE_MAX_HOLE)];
    unsigned a[OE_MAX_HOLE], b[OE_MAX_HOLE];
    const int n = OE_HOLE_PAIRS(k);
#pragma GCC unroll 6
    for (int i = 0; i < k; ++i) { a[i] = h[i]; b[i] = a[i] << 8; } /* a pair of neighbours: one 16-bit load */
#pragma GCC unroll 16
    for (int p = 0; p < n; ++p) s[p] = row[column[a[oe_hole_pairs[p][0]] | b[oe_hole_pairs[p][1]]]];
#pragma GCC unroll 4
    for (int w = 1; w < n; w *= 2)
#pragma GCC unroll 8
        for (int i = 0; i + w < n; i += 2 * w) s[i] = s[i] > s[i + w] ? s[i] : s[i + w];
    return s[0];
}
#endif

/* What every hand of a range needs to know about its one shared board. */
typedef struct {
    const uint16_t *row;
    unsigned suit; /* the board's flush suit, 4 if none */
    unsigned low;
    const uint16_t *frow;
    bits cards; /* the board's card bits, for validation */
} shared_board;

static void prepare_shared_board(const uint8_t *board, shared_board *sb)
{
    uint64_t key = board_key_of(oe_card_key, board);
    unsigned slot = board_slot(oe_board_disp, key), s = key_flush_suit(key);
    sb->row = oe_board_pair + (size_t)oe_board_slot_row[slot] * OE_N_RANK2;
    sb->low = oe_board_slot_low[slot];
    sb->suit = s;
    sb->frow = s < 4 ? flush_row_of(board, s) : NULL;
    bits zero = {0, 0};
    sb->cards = add_bits(zero, board, 5);
}

#ifndef SHARED_TABLE_MIN /* -D for bench/shared_min.sh, which measured the crossover */
#define SHARED_TABLE_MIN 1536 /* hands on one board worth building its 28 KB pair table */
#endif

/* A shared board's pair table, for big batches: score[a][b] is the best hand of hole cards a
 * and b (raw bytes) with the board, flush included, and 0 for a pair that makes the deal bad
 * under `check`: a card above 51 (row 52 and columns 52.. are zeros: row[byte] sends bytes
 * above 51 there), and with OE_CHECK_ALL also a card on the board or twice the same card
 * (every entry 0 for a bad board).  Every hole card is in some pair, so a deal is bad exactly
 * when one of its entries is 0; a good entry never is (two cards and three of the board always
 * make a hand).  Any bytes index in bounds, with no masking.  low: the low score by the hole's
 * low rank bits. */
struct pair_table {
    uint16_t score[53][256];
    const uint16_t *row[256];
    uint8_t low[256];
};

static struct pair_table *new_pair_table(const uint8_t board[5], int check)
{
    struct pair_table *t = malloc(sizeof *t);
    if (!t) return NULL; /* the kernel then scores without it */
    shared_board sb;
    prepare_shared_board(board, &sb);
    const uint64_t on_board = sb.cards.any;
    const int all = check == OE_CHECK_ALL;
    memset(t->score, 0, sizeof t->score);
    if (deal_ok(sb.cards, all))
        for (unsigned a = 0; a < 52; ++a)
            for (unsigned b = 0; b < 52; ++b) {
                if (all && (a == b || (on_board & (oe_card_lane[a] | oe_card_lane[b])))) continue;
                unsigned c = oe_pair_column[a << 6 | b];
                uint16_t v = sb.row[c];
                if (sb.suit < 4 && (a & 3u) == sb.suit && (b & 3u) == sb.suit && sb.frow[c] > v) v = sb.frow[c];
                t->score[a][b] = v;
            }
    for (unsigned x = 0; x < 256; ++x) t->row[x] = t->score[x < 52 ? x : 52];
    for (unsigned m = 0; m < 256; ++m) t->low[m] = oe_low_table[m << 8 | sb.low];
    return t;
}

#define BLOCK 64 /* deals per block: their prefetched board rows (3 lines each) stay in L1 */

/* The lane of suit s in oe_card_lane bits (its 13 rank bits), none for "no flush suit" (4). */
static const uint64_t suit_lane[5] = {OE_LANE_RANKS, (uint64_t)OE_LANE_RANKS << 16,
                                      (uint64_t)OE_LANE_RANKS << 32, (uint64_t)OE_LANE_RANKS << 48, 0};

/* Best flush of k hole cards with a board flush row, branch-free: each pair's entry of the row,
 * kept when both its cards are of suit s (any bytes index in bounds: the wide column table). */
ALWAYS_INLINE unsigned suited_pairs_max(const uint8_t *column, const uint16_t *frow, const uint8_t *h,
                                       const int k, unsigned s)
{
    unsigned keep[OE_MAX_HOLE], f = 0;
#pragma GCC unroll 6
    for (int i = 0; i < k; ++i) keep[i] = -(unsigned)((h[i] & 3u) == s);
#pragma GCC unroll 16
    for (int p = 0; p < OE_HOLE_PAIRS(k); ++p) {
        const int x = oe_hole_pairs[p][0], y = oe_hole_pairs[p][1];
        unsigned v = frow[column[(unsigned)h[x] | (unsigned)h[y] << 8]] & keep[x] & keep[y];
        f = v > f ? v : f;
    }
    return f;
}

/* Hi (and low) scores of a block of deals with their own boards.  A first pass finds each
 * board's row through the hash and asks for it (prefetch), so the lookups below find their rows
 * on the way in; the second, branch-free pass scores the rank part, validates, and lists the
 * few hands that may hold a flush (board with 3+ of a suit, 2+ of it in the hole); a third pass
 * adds their flushes, branch-free too (the suit lanes of the card bits give the board's suited
 * ranks).  Keeping the rare flush out of the main loop lets the processor overlap the table
 * loads of consecutive hands.  The job's fields are copied to locals: byte stores (low scores,
 * the candidate list) could otherwise alias them and force reloads. */
/* What the scoring pass needs of a deal's board. */
typedef struct {
    const uint16_t *row; /* its board_pair row */
    uint64_t key;        /* its key (stored beside bits by one vector store) */
    uint64_t bits;       /* card bits (validation; the suit lanes give the suited ranks) */
    uint64_t lane;       /* the lane of its flush suit (suit_lane) */
    unsigned low;        /* low rank bits */
} board_info;

ALWAYS_INLINE uint64_t own_block(const batch_job *job, const int k, size_t begin, size_t end,
                                 const int want_lo, const int all)
{
    board_info boards[BLOCK];
    uint8_t candidates[BLOCK];
    uint64_t bad = 0;
    const ptrdiff_t hs = job->hole_stride, bs = job->board_stride;
    const uint8_t *const hole = job->hole + (ptrdiff_t)begin * hs;
    uint16_t *const hi = job->hi_out + begin;
    uint8_t *const lo = want_lo ? job->lo_out + begin : NULL;
    const uint8_t *b = job->board + (ptrdiff_t)begin * bs;
    const unsigned m = (unsigned)(end - begin);
    const kernel_tables *const t = OE_ATOMIC_LOAD(&kernel, OE_ACQUIRE);
    for (unsigned j = 0; j < m; ++j, b += bs) {
        uint64_t key;
#if OE_SIMD
        if (all) { /* key and card bits summed in the two halves of one vector */
            const __m128i *kl = (const __m128i *)(const void *)t->key_lane;
            __m128i sum = _mm_add_epi64(_mm_add_epi64(_mm_load_si128(kl + b[0]), _mm_load_si128(kl + b[1])),
                                        _mm_add_epi64(_mm_load_si128(kl + b[2]), _mm_load_si128(kl + b[3])));
            sum = _mm_add_epi64(sum, _mm_load_si128(kl + b[4]));
            _mm_storeu_si128((__m128i *)(void *)&boards[j].key, sum);
            key = (uint64_t)_mm_cvtsi128_si64(sum);
        } else
#endif
        {
            key = board_key_of(t->key, b);
            boards[j].bits = card_bits(t->lane, b, 5, all);
        }
        unsigned slot = board_slot(t->disp, key);
        const uint16_t *row = t->board_pair + (size_t)t->slot_row[slot] * OE_N_RANK2;
        boards[j].row = row;
        boards[j].lane = suit_lane[key_flush_suit(key)];
        if (want_lo) boards[j].low = t->slot_low[slot];
        OE_PREFETCH(row);
        OE_PREFETCH(row + 32);
        OE_PREFETCH(row + 64);
        OE_PREFETCH(row + OE_N_RANK2 - 1);
    }
    size_t n = 0;
    const uint8_t *h = hole;
    for (unsigned j = 0; j < m; ++j, h += hs) {
        /* every read of the hole before the stores, which could alias it (bytes) */
        const board_info *d = &boards[j];
        uint64_t hole_bits = card_bits(t->lane, h, k, all); /* validation in the same pass */
        unsigned best = pairs_max_wide(t->column, d->row, h, k);
        unsigned low = want_lo ? t->low[low_bits(t->low_bit, h, k) << 8 | d->low] : 0;
        bad |= deal_bad(combine_bits(hole_bits, d->bits, all), k + 5, all);
        uint64_t suited = hole_bits & d->lane; /* hole cards of the board's flush suit */
        hi[j] = (uint16_t)best;
        if (want_lo) lo[j] = (uint8_t)low;
        candidates[n] = (uint8_t)j;
        n += (suited & (suited - 1)) != 0;          /* two or more */
    }
    for (size_t c = 0; c < n; ++c) {
        const unsigned j = candidates[c];
        const unsigned shift = (unsigned)OE_CTZ64(boards[j].lane), s = shift >> 4;
        const uint16_t *frow =
            t->flush_rows + (size_t)t->flush_set[(boards[j].bits >> shift) & OE_LANE_RANKS] * OE_N_RANK2;
        unsigned f = suited_pairs_max(t->column, frow, hole + (ptrdiff_t)j * hs, k, s);
        hi[j] = (uint16_t)(f > hi[j] ? f : hi[j]);
    }
    return bad;
}

/* Hands on one shared board through its pair table (new_pair_table): a load per hole pair
 * gives its score, flush included, into a vector lane (unused lanes -1: they never win the
 * max); a zero lane flags the block.  Returns nonzero for a bad block. */
ALWAYS_INLINE uint64_t table_block(const batch_job *job, const int k, size_t begin, size_t end,
                                   const int want_lo)
{
    const struct pair_table *const t = job->table;
    const ptrdiff_t hs = job->hole_stride;
    const uint8_t *h = job->hole + (ptrdiff_t)begin * hs;
    uint16_t *const hi = job->hi_out;
    uint8_t *const lo = job->lo_out;
    const int n = OE_HOLE_PAIRS(k);
    unsigned zero = 0;
    for (size_t i = begin; i < end; ++i, h += hs) {
        const uint16_t *r[OE_MAX_HOLE];
        unsigned c[OE_MAX_HOLE];
#pragma GCC unroll 6
        for (int x = 0; x < k; ++x) { c[x] = h[x]; r[x] = t->row[c[x]]; }
#define OE_ENTRY(p) r[oe_hole_pairs[p][0]][c[oe_hole_pairs[p][1]]]
#if OE_SIMD
        __m128i v = _mm_set1_epi16(-1), w = v;
        const __m128i z = _mm_setzero_si128();
#define OE_LANE(vec, p) if ((p) < n) vec = _mm_insert_epi16(vec, OE_ENTRY(p), (p) & 7)
        OE_LANE(v, 0); OE_LANE(v, 1); OE_LANE(v, 2); OE_LANE(v, 3); OE_LANE(v, 4); OE_LANE(v, 5);
        OE_LANE(v, 6); OE_LANE(v, 7); OE_LANE(w, 8); OE_LANE(w, 9); OE_LANE(w, 10); OE_LANE(w, 11);
        OE_LANE(w, 12); OE_LANE(w, 13); OE_LANE(w, 14);
#undef OE_LANE
        __m128i zeros = _mm_cmpeq_epi16(v, z);
        if (n > 8) { zeros = _mm_or_si128(zeros, _mm_cmpeq_epi16(w, z)); v = _mm_max_epi16(v, w); }
        zero |= (unsigned)_mm_movemask_epi8(zeros);
        hi[i] = (uint16_t)max_lanes(v);
#else
        unsigned best = 0;
#pragma GCC unroll 16
        for (int p = 0; p < n; ++p) {
            unsigned e = OE_ENTRY(p);
            zero |= e == 0;
            best = e > best ? e : best;
        }
        hi[i] = (uint16_t)best;
#endif
#undef OE_ENTRY
        if (want_lo) lo[i] = t->low[low_bits(oe_card_low_bit, h, k)];
    }
    return zero;
}

/* oe_low_table transposed (board low mask, then hole low mask): the scores of one board are one
 * 256-byte row, 4 cache lines, where oe_low_table spreads them 256 bytes apart (a line a hand).
 * Filled at the first shared-board call with low scores (~65k byte copies). */
static uint8_t low_by_board[256 * 256];
static oe_once_flag low_by_board_once = OE_ONCE_INIT;

static void fill_low_by_board(void)
{
    for (unsigned b = 0; b < 256; ++b)
        for (unsigned m = 0; m < 256; ++m) low_by_board[b << 8 | m] = oe_low_table[m << 8 | b];
}

/* Hands begin..end (at most BLOCK, rows `stride` bytes apart) on one shared board below
 * SHARED_TABLE_MIN (no pair table): hi and low in one pass, then the flush pass over the hands
 * with two or more cards of the board's flush suit.  Each hand's bytes are all loaded before its
 * stores, which could alias them.  Nonzero when some deal is bad (needs low_by_board when
 * want_lo). */
ALWAYS_INLINE uint64_t shared_block(const uint8_t *hole, const ptrdiff_t stride, const int k, size_t begin,
                                    size_t end, const shared_board *sb, const int all, uint16_t *hi,
                                    uint8_t *lo, const int want_lo)
{
    /* the board's fields in locals: byte stores (lo) could otherwise alias them */
    const uint8_t *const low_row = low_by_board + ((size_t)sb->low << 8);
    const uint16_t *const row = sb->row, *const frow = sb->frow;
    const uint64_t board_bits = all ? sb->cards.sum : sb->cards.any;
    /* the hole's card bits in the lane of the board's flush suit (none for suit 4) */
    const unsigned suit = sb->suit;
    const uint64_t flush_lane = suit_lane[suit];
    uint64_t bad = 0;
    uint16_t candidates[BLOCK];
    unsigned m = 0;
    const uint8_t *h = hole + (ptrdiff_t)begin * stride;
    for (size_t i = begin; i < end; ++i, h += stride) {
        const uint64_t bits = card_bits(oe_card_lane, h, k, all);
        const unsigned best = pairs_max_wide(oe_pair_column_wide, row, h, k);
        const unsigned low = want_lo ? low_row[low_bits(oe_card_low_bit, h, k)] : 0;
        /* hole cards of that suit (a sum of bits, or an OR: the same for a good deal) */
        const uint64_t suited = bits & flush_lane;
        bad |= deal_bad(combine_bits(bits, board_bits, all), k + 5, all);
        hi[i] = (uint16_t)best;
        if (want_lo) lo[i] = (uint8_t)low;
        candidates[m] = (uint16_t)(i - begin);
        m += (suited & (suited - 1)) != 0; /* two or more */
    }
    for (unsigned c = 0; c < m; ++c) {
        const size_t i = begin + candidates[c];
        unsigned f = suited_pairs_max(oe_pair_column_wide, frow, hole + (ptrdiff_t)i * stride, k, suit);
        if (f > hi[i]) hi[i] = (uint16_t)f;
    }
    return bad;
}

ALWAYS_INLINE void lo_block(const batch_job *job, const int k, size_t begin, size_t end, unsigned shared_low)
{
    for (size_t i = begin; i < end; ++i) {
        const uint8_t *h = job->hole + (ptrdiff_t)i * job->hole_stride;
        unsigned board_low = shared_low;
        if (job->board_stride) {
            const uint8_t *b = job->board + (ptrdiff_t)i * job->board_stride;
            board_low = oe_low_bit(b[0]) | oe_low_bit(b[1]) | oe_low_bit(b[2]) | oe_low_bit(b[3]) |
                        oe_low_bit(b[4]);
        }
        job->lo_out[i] = oe_low_table[low_bits(oe_card_low_bit, h, k) << 8 | board_low];
    }
}

static void note_bad_deal(batch_job *job, size_t row)
{
    size_t seen = OE_ATOMIC_LOAD(&job->first_bad, OE_RELAXED);
    while (row < seen &&
           !OE_ATOMIC_CAS(&job->first_bad, &seen, row, OE_RELAXED, OE_RELAXED)) {
    }
}

/* One worker's range, for a hole count k that is a constant after inlining. */
ALWAYS_INLINE void batch_range_k(batch_job *job, const int k, size_t begin, size_t end)
{
    shared_board sb;
    const int table = job->table != NULL && job->hi_out != NULL; /* a shared board's pair table */
    if (job->board_stride == 0 && !table) {
        prepare_shared_board(job->board, &sb);
        if (job->hi_out && job->lo_out) oe_once(&low_by_board_once, fill_low_by_board);
    }
    for (size_t b = begin; b < end; b += BLOCK) {
        size_t e = b + BLOCK < end ? b + BLOCK : end;
        uint64_t flagged = 0;
        if (!job->hi_out && job->check != OE_CHECK_NONE) /* low only (or validation): a checking pass */
            flagged = first_bad_deal(job->hole, k, job->hole_stride, job->board, job->board_stride, b, e,
                                     job->check) != SIZE_MAX;
        if (job->hi_out) { /* hi scoring validates in its own pass */
            /* every combination of (low or not, full check or ids) gets its constant code */
#define OE_BLOCKS(ALL)                                                                     \
    if (table) {                                                                          \
        flagged = job->lo_out ? table_block(job, k, b, e, 1) : table_block(job, k, b, e, 0); \
    } else if (job->board_stride == 0) { /* hi and low in one pass; flush pass if needed */ \
        flagged = job->lo_out                                                              \
            ? shared_block(job->hole, job->hole_stride, k, b, e, &sb, ALL, job->hi_out, job->lo_out, 1) \
            : shared_block(job->hole, job->hole_stride, k, b, e, &sb, ALL, job->hi_out, NULL, 0); \
    } else {                                                                               \
        flagged = job->lo_out ? own_block(job, k, b, e, 1, ALL) : own_block(job, k, b, e, 0, ALL); \
    }
            if (job->check == OE_CHECK_ALL) { OE_BLOCKS(1) }
            else { OE_BLOCKS(0) }
#undef OE_BLOCKS
        } else if (job->lo_out && !flagged) {
            lo_block(job, k, b, e, job->board_stride == 0 && !table ? sb.low : 0);
        }
        if (flagged && job->check != OE_CHECK_NONE) { /* the rest of this range is not needed */
            size_t bad = first_bad_deal(job->hole, k, job->hole_stride, job->board, job->board_stride, b, e,
                                        job->check);
            note_bad_deal(job, bad != SIZE_MAX ? bad : b); /* none: the bytes changed meanwhile */
            return;
        }
    }
}

/* The batch kernel is compiled twice by the compiler, for processors with and without the
 * popcnt instruction (every x86-64 since 2008 has it; the baseline target does not assume it),
 * and the loader picks one: validation counts card bits once a deal. GCC on glibc only (an ifunc:
 * musl has none, and clang 14 leaves a called clone's symbol undefined). */
#if defined(__x86_64__) && defined(__linux__) && defined(__GLIBC__) && defined(__has_attribute) && \
    defined(__GNUC__) && !defined(__clang__) && !defined(OE_PORTABLE_BUILTINS)
#if __has_attribute(target_clones)
#define OE_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#endif
#endif
#ifndef OE_POPCNT_CLONES
#define OE_POPCNT_CLONES
#endif

OE_POPCNT_CLONES static void batch_range(void *ctx, size_t begin, size_t end)
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
    need_kernel_tables();
    batch_job job = {hole, board, hole_stride, board_stride, hole_cards, hi_out, lo_out, check, SIZE_MAX, NULL};
    struct pair_table *table = board_stride == 0 && hi_out && n >= SHARED_TABLE_MIN ? new_pair_table(board, check) : NULL;
    job.table = table;
    oe_parallel_for(n, 1 << 14, workers, batch_range, &job);
    free(table);
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

/* ---- other integer dtypes: each chunk converted into a private uint8 buffer ----
 * Values outside 0..51 become 255, which validation reports as an id above 51 (the caller reads
 * the true value).  Scoring and checking work on the private copy, so they see the same cards. */

#define CONVERT_ROWS 2048

typedef struct {
    batch_job base;
    const char *hole, *board;
    int hole_type, board_type;
} typed_job;


static void convert_rows(const char *src, ptrdiff_t stride, int type, int width, size_t begin,
                         size_t count, uint8_t *dst)
{
#define OE_CONVERT(T)                                                                     \
    if (stride == (ptrdiff_t)(sizeof(T) * (size_t)width)) { /* packed rows: one flat loop */ \
        const T *flat = (const T *)src + begin * (size_t)width;                           \
        for (size_t j = 0; j < count * (size_t)width; ++j)                                \
            dst[j] = (uint64_t)(int64_t)flat[j] > 51 ? 255 : (uint8_t)flat[j];            \
        break;                                                                            \
    }                                                                                     \
    for (size_t i = 0; i < count; ++i) {                                                  \
        const T *row = (const T *)(src + (ptrdiff_t)(begin + i) * stride);               \
        for (int c = 0; c < width; ++c) {                                                 \
            T v = row[c];                                                                 \
            dst[i * (size_t)width + (size_t)c] = (uint64_t)(int64_t)v > 51 ? 255 : (uint8_t)v; \
        }                                                                                 \
    }                                                                                     \
    break;
    switch (type) {
    case OE_TYPE_U8: OE_CONVERT(uint8_t)
    case OE_TYPE_I8: OE_CONVERT(int8_t)
    case OE_TYPE_U16: OE_CONVERT(uint16_t)
    case OE_TYPE_I16: OE_CONVERT(int16_t)
    case OE_TYPE_U32: OE_CONVERT(uint32_t)
    case OE_TYPE_I32: OE_CONVERT(int32_t)
    case OE_TYPE_U64: OE_CONVERT(uint64_t)
    default: OE_CONVERT(int64_t)
    }
#undef OE_CONVERT
}

static void typed_range(void *ctx, size_t begin, size_t end)
{
    typed_job *tj = (typed_job *)ctx;
    const int k = tj->base.k;
    uint8_t holes[CONVERT_ROWS * OE_MAX_HOLE], boards[CONVERT_ROWS * 5], shared[5];
    batch_job sub = tj->base;
    if (tj->base.board_stride == 0) {
        convert_rows(tj->board, 0, tj->board_type, 5, 0, 1, shared);
        sub.board = shared;
    }
    for (size_t b = begin; b < end; b += CONVERT_ROWS) {
        size_t m = end - b < CONVERT_ROWS ? end - b : CONVERT_ROWS;
        convert_rows(tj->hole, tj->base.hole_stride, tj->hole_type, k, b, m, holes);
        sub.hole = holes;
        sub.hole_stride = k;
        if (tj->base.board_stride != 0) {
            convert_rows(tj->board, tj->base.board_stride, tj->board_type, 5, b, m, boards);
            sub.board = boards;
            sub.board_stride = 5;
        }
        sub.hi_out = tj->base.hi_out ? tj->base.hi_out + b : NULL;
        sub.lo_out = tj->base.lo_out ? tj->base.lo_out + b : NULL;
        sub.first_bad = SIZE_MAX;
        batch_range(&sub, 0, m);
        if (sub.first_bad != SIZE_MAX) {
            note_bad_deal(&tj->base, b + sub.first_bad);
            return;
        }
    }
}

int oe_eval_batch_typed(const void *hole, int hole_type, int hole_cards, ptrdiff_t hole_stride,
                        const void *board, int board_type, ptrdiff_t board_stride, size_t n,
                        uint16_t *hi_out, uint8_t *lo_out, int workers, int check, size_t *bad_row,
                        int *position, int *card)
{
    if (hole_cards < OE_MIN_HOLE || hole_cards > OE_MAX_HOLE) return -1;
    if (hole_type < 0 || hole_type > OE_TYPE_I64 || board_type < 0 || board_type > OE_TYPE_I64) return -1;
    need_kernel_tables();
    if (hole_type == OE_TYPE_U8 && board_type == OE_TYPE_U8)
        return oe_eval_batch((const uint8_t *)hole, hole_cards, hole_stride, (const uint8_t *)board,
                             board_stride, n, hi_out, lo_out, workers, check, bad_row, position, card);
    typed_job tj = {{NULL, NULL, hole_stride, board_stride, hole_cards, hi_out, lo_out, check, SIZE_MAX, NULL},
                    (const char *)hole, (const char *)board, hole_type, board_type};
    struct pair_table *table = NULL;
    if (board_stride == 0 && hi_out && n >= SHARED_TABLE_MIN) { /* the converted board's table */
        uint8_t shared[5];
        convert_rows((const char *)board, 0, board_type, 5, 0, 1, shared);
        tj.base.table = table = new_pair_table(shared, check);
    }
    oe_parallel_for(n, 1 << 14, workers, typed_range, &tj);
    free(table);
    if (tj.base.first_bad == SIZE_MAX) return 0;
    *bad_row = tj.base.first_bad;
    uint8_t h[OE_MAX_HOLE], b[5];
    convert_rows((const char *)hole, hole_stride, hole_type, hole_cards, *bad_row, 1, h);
    convert_rows((const char *)board, board_stride, board_type, 5, board_stride ? *bad_row : 0, 1, b);
    int code = describe_bad_deal(h, hole_cards, b, check == OE_CHECK_ALL, position, card);
    if (code == 0) { *position = -1; *card = -1; code = 3; }
    return code;
}

int oe_eval_one(const uint8_t *hole, int k, const uint8_t board[5], int check, uint16_t *hi, uint8_t *lo)
{
    if (k < OE_MIN_HOLE || k > OE_MAX_HOLE) return -1;
    if (check) {
        bits zero = {0, 0};
        if (!deal_ok(add_bits(add_bits(zero, board, 5), hole, k), check == OE_CHECK_ALL)) return 1;
    }
    uint64_t key = board_key_of(oe_card_key, board);
    unsigned slot = board_slot(oe_board_disp, key), s = key_flush_suit(key);
    if (hi) {
        const uint16_t *row = oe_board_pair + (size_t)oe_board_slot_row[slot] * OE_N_RANK2;
        uint16_t best = 0;
        for (int p = 0; p < OE_HOLE_PAIRS(k); ++p) {
            uint16_t v = row[pair_index(hole[oe_hole_pairs[p][0]], hole[oe_hole_pairs[p][1]])];
            best = v > best ? v : best;
        }
        if (s < 4) {
            uint16_t f = hole_flush(hole, k, flush_row_of(board, s), s);
            best = f > best ? f : best;
        }
        *hi = best;
    }
    if (lo) {
        unsigned m = 0;
        for (int i = 0; i < k; ++i) m |= oe_low_bit(hole[i]);
        *lo = oe_low_table[m << 8 | oe_board_slot_low[slot]];
    }
    return 0;
}

/* ---- a few hands on one board (the small-call path) ----
 * No job, no worker dispatch, no block list: the board is prepared once, then the shared-board
 * blocks of the batch path run one after another. */

ALWAYS_INLINE int shared_hands(const uint8_t *hole, const int k, size_t n, const shared_board *sb,
                               const int all, uint16_t *hi, uint8_t *lo, const int want_lo)
{
    uint64_t bad = 0;
    for (size_t begin = 0; begin < n; begin += BLOCK)
        bad |= shared_block(hole, k, k, begin, begin + BLOCK < n ? begin + BLOCK : n, sb, all, hi, lo,
                            want_lo);
    return bad != 0;
}

OE_POPCNT_CLONES int oe_eval_shared(const uint8_t *hole, int k, size_t n, const uint8_t board[5],
                                    int check, uint16_t *hi, uint8_t *lo)
{
    if (k < OE_MIN_HOLE || k > OE_MAX_HOLE || !hi) return -1;
    if (n >= SHARED_TABLE_MIN) { /* enough hands to pay for the board's pair table */
        size_t row;
        int position, card;
        return oe_eval_batch(hole, k, k, board, 0, n, hi, lo, 1, check, &row, &position, &card) != 0;
    }
    if (lo) oe_once(&low_by_board_once, fill_low_by_board);
    shared_board sb;
    prepare_shared_board(board, &sb);
    const int all = check == OE_CHECK_ALL;
    /* the same code for each count, with and without the low, for both checks */
#define OE_SHARED(K)                                                                                  \
    return all ? (lo ? shared_hands(hole, K, n, &sb, 1, hi, lo, 1) : shared_hands(hole, K, n, &sb, 1, hi, lo, 0)) \
               : (lo ? shared_hands(hole, K, n, &sb, 0, hi, lo, 1) : shared_hands(hole, K, n, &sb, 0, hi, lo, 0))
    switch (k) {
    case 4: OE_SHARED(4);
    case 5: OE_SHARED(5);
    default: OE_SHARED(6);
    }
#undef OE_SHARED
}

/* Each row as the lines it spans (a row need not start on a line). */
static inline void prefetch_span(const void *p, size_t bytes)
{
    const char *c = p;
    for (size_t i = 0; i < bytes; i += 64) OE_PREFETCH(c + i);
    OE_PREFETCH(c + bytes - 1);
}

size_t oe_shared_table_min(void) { return SHARED_TABLE_MIN; }

void oe_prefetch_shared(const uint8_t board[5], int want_lo)
{
    shared_board sb; /* as oe_eval_shared will find it */
    prepare_shared_board(board, &sb);
    prefetch_span(sb.row, OE_N_RANK2 * sizeof(uint16_t));
    if (want_lo) prefetch_span(low_by_board + ((size_t)sb.low << 8), 256);
    if (sb.frow) prefetch_span(sb.frow, OE_N_RANK2 * sizeof(uint16_t));
}

int oe_validate_deals(const uint8_t *hole, int hole_cards, ptrdiff_t hole_stride, const uint8_t *board,
                      ptrdiff_t board_stride, size_t n, int check_duplicates, size_t *bad_row,
                      int *position, int *card)
{
    return oe_eval_batch(hole, hole_cards, hole_stride, board, board_stride, n, NULL, NULL, 1,
                         check_duplicates ? OE_CHECK_ALL : OE_CHECK_IDS, bad_row, position, card);
}
