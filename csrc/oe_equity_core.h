/* The parts of the equity engine its three jobs share (private): hands and boards prepared for
 * the kernels, settling a pot, tallying outcomes and statistics. Used by oe_showdown.c,
 * oe_exact.c and oe_monte_carlo.c (the API is omaha_eval.h's). Every function is static inline:
 * each kernel gets its own inlined copy. C99, no Python headers.
 */
#ifndef OE_EQUITY_CORE_H
#define OE_EQUITY_CORE_H

#include <stdint.h>
#include <string.h>

#include "omaha_eval.h"
#include "oe_board_hash.h"
#include "oe_compat.h"
#include "oe_tables.h"

/* The three helpers below stay out of line, as they were when the engine was one file: marked
 * inline, GCC inlined them into the Monte Carlo loop and that loop ran 15% slower (1M three-way
 * trials 39 -> 45 ms, omaha-eval bench mc3-hi). `unused`: not every file of the engine calls
 * each of them. */
#if defined(__GNUC__) || defined(__clang__)
#define OE_HELPER static __attribute__((unused))
#else
#define OE_HELPER static
#endif

/* ------------------------------------------------------------------ hands and boards */

static inline unsigned low_bit_of_rank(int r) { return r == 12 ? 1u : (r < 7 ? 2u << r : 0u); }

static inline unsigned rank_pair_index(int a, int b)
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    return (unsigned)(lo + hi * (hi + 1) / 2);
}

/* Ids are clamped when read, so that no byte can index past a table (see oe_equity.h). */
static inline uint8_t card_at(const uint8_t *p, int i)
{
    uint8_t c = p[i];
    return c < 52 ? c : 51;
}

static inline int clamp_hole(int hole)
{
    return hole < 2 ? 2 : hole > OE_MAX_HOLE ? OE_MAX_HOLE : hole;
}

#define MAX_PAIRS (OE_MAX_HOLE * (OE_MAX_HOLE - 1) / 2)

/* What the kernels need to know about one holding of any hole count. */
typedef struct {
    uint8_t pair[MAX_PAIRS]; /* distinct oe_board_pair columns of the two-card choices */
    uint8_t n_pairs;
    uint8_t low;            /* 8-or-better low rank bits of the hole cards */
    uint8_t suit_n[4];      /* cards of each suit */
    uint16_t suit_ranks[4]; /* rank bits of the cards of each suit */
    uint64_t mask;          /* card bits */
} hand_info;

/* Four cards (the Monte Carlo's random hands, ~40% of a random trial when done by the general
 * loop below): the six columns straight from oe_pair_column, repeats kept (hand_prepare pads
 * to six anyway, and a maximum over repeated columns is the same). */
static inline void hand_prepare4(const uint8_t *h, hand_info *hi)
{
    unsigned c0 = card_at(h, 0), c1 = card_at(h, 1), c2 = card_at(h, 2), c3 = card_at(h, 3);
    hi->pair[0] = oe_pair_column[c0 << 6 | c1];
    hi->pair[1] = oe_pair_column[c0 << 6 | c2];
    hi->pair[2] = oe_pair_column[c0 << 6 | c3];
    hi->pair[3] = oe_pair_column[c1 << 6 | c2];
    hi->pair[4] = oe_pair_column[c1 << 6 | c3];
    hi->pair[5] = oe_pair_column[c2 << 6 | c3];
    hi->n_pairs = 6;
    hi->low = (uint8_t)(oe_low_bit((uint8_t)c0) | oe_low_bit((uint8_t)c1) |
                        oe_low_bit((uint8_t)c2) | oe_low_bit((uint8_t)c3));
    uint32_t n = 0; /* suit counts, a byte each (little or big endian alike: stored bytewise) */
    uint16_t sr[4] = {0, 0, 0, 0};
    n += 1u << ((c0 & 3) * 8); sr[c0 & 3] |= (uint16_t)(1u << (c0 >> 2));
    n += 1u << ((c1 & 3) * 8); sr[c1 & 3] |= (uint16_t)(1u << (c1 >> 2));
    n += 1u << ((c2 & 3) * 8); sr[c2 & 3] |= (uint16_t)(1u << (c2 >> 2));
    n += 1u << ((c3 & 3) * 8); sr[c3 & 3] |= (uint16_t)(1u << (c3 >> 2));
    for (int s = 0; s < 4; ++s) {
        hi->suit_n[s] = (uint8_t)(n >> (8 * s));
        hi->suit_ranks[s] = sr[s];
    }
    hi->mask = (uint64_t)1 << c0 | (uint64_t)1 << c1 | (uint64_t)1 << c2 | (uint64_t)1 << c3;
}

/* Ranks repeat in a hand (AAKK has 6 choices but 4 distinct rank pairs), and the best non-flush
 * score depends only on the rank pair: each distinct column is kept once. */
OE_HELPER void hand_prepare(const uint8_t *h, int hole, hand_info *hi)
{
    uint8_t r[OE_MAX_HOLE];
    uint64_t seen[2] = {0, 0};
    hole = clamp_hole(hole);
    if (hole == 4) {
        hand_prepare4(h, hi);
        return;
    }
    memset(hi, 0, sizeof *hi);
    for (int i = 0; i < hole; ++i) {
        uint8_t c = card_at(h, i);
        int s = c & 3;
        r[i] = (uint8_t)(c >> 2);
        hi->low |= (uint8_t)low_bit_of_rank(r[i]);
        hi->suit_n[s]++;
        hi->suit_ranks[s] |= (uint16_t)(1u << r[i]);
        hi->mask |= (uint64_t)1 << c;
    }
    for (int i = 0; i < hole; ++i)
        for (int j = i + 1; j < hole; ++j) {
            unsigned col = rank_pair_index(r[i], r[j]);
            uint64_t bit = (uint64_t)1 << (col & 63);
            if (seen[col >> 6] & bit) continue;
            seen[col >> 6] |= bit;
            hi->pair[hi->n_pairs++] = (uint8_t)col;
        }
    /* padded with repeats to 6, 10 or 15 columns, so that the lookups run as unrolled maxima */
    int pad = hi->n_pairs <= 6 ? 6 : hi->n_pairs <= 10 ? 10 : 15;
    for (int i = hi->n_pairs; i < pad; ++i) hi->pair[i] = hi->pair[0];
    hi->n_pairs = (uint8_t)pad;
}

static inline uint16_t max16(uint16_t a, uint16_t b) { return a > b ? a : b; }

static inline uint16_t max_of_6(const uint16_t *row, const uint8_t *c)
{
    uint16_t s0 = max16(row[c[0]], row[c[1]]), s1 = max16(row[c[2]], row[c[3]]);
    uint16_t s2 = max16(row[c[4]], row[c[5]]);
    return max16(max16(s0, s1), s2);
}

static inline uint16_t nonflush_hi(const uint16_t *row, const hand_info *h)
{
    uint16_t best = max_of_6(row, h->pair); /* n_pairs is 6, 10 or 15 (hand_prepare pads) */
    if (h->n_pairs > 6) {
        best = max16(best, max16(max16(row[h->pair[6]], row[h->pair[7]]),
                                 max16(row[h->pair[8]], row[h->pair[9]])));
        if (h->n_pairs > 10)
            best = max16(best, max16(max16(row[h->pair[10]], row[h->pair[11]]),
                                     max16(max16(row[h->pair[12]], row[h->pair[13]]),
                                           row[h->pair[14]])));
    }
    return best;
}

/* Straights by rank mask, lowest first: the wheel (A-2-3-4-5), then 2-6 .. T-A. */
static const uint16_t straight_masks[10] = {0x100F, 0x001F, 0x003E, 0x007C, 0x00F8,
                                            0x01F0, 0x03E0, 0x07C0, 0x0F80, 0x1F00};

/* Bits set in a 13-bit mask, without the library call __builtin_popcount makes on baseline
 * x86-64. */
static inline int bits13(unsigned x)
{
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (int)((x + (x >> 8)) & 0x1Fu);
}

/* The `k` highest ranks of a rank mask. */
static inline unsigned top_ranks(unsigned m, int k)
{
    for (int n = bits13(m); n > k; --n) m &= m - 1;
    return m;
}

static inline int exactly_two(unsigned v)
{
    unsigned rest = v & (v - 1);
    return v && rest && !(rest & (rest - 1));
}

/* Best flush from exactly two of the hole's suited ranks and three of the board's suited ranks
 * (disjoint masks: one suit, different cards). A straight flush is a five-rank window with
 * exactly two hole ranks in it (then the other three are board ranks), the highest one wins;
 * otherwise the two highest hole ranks with the three highest board ranks beat every other
 * choice rank by rank. */
static inline uint16_t best_flush(unsigned hole_ranks, unsigned board_ranks)
{
    unsigned h = hole_ranks & 0x1fff, b = board_ranks & 0x1fff, all = h | b;
    unsigned b2 = b & (b - 1);
    if (!(h & (h - 1)) || !(b2 & (b2 - 1))) return 0; /* fewer than 2 hole or 3 board ranks */
    for (int i = 9; i >= 0; --i) {
        unsigned w = straight_masks[i];
        if ((all & w) == w && exactly_two(w & h)) return oe_flush5[w];
    }
    return oe_flush5[top_ranks(h, 2) | top_ranks(b, 3)];
}

/* A complete board, prepared once for every hand on it. */
typedef struct {
    const uint16_t *row; /* oe_board_pair row of the board's rank multiset */
    int flush_suit;      /* the suit with 3+ cards, or -1 */
    unsigned flush_ranks;
    unsigned low;        /* low rank bits */
} board_info;

/* The board's row, low bits and suit counts from the evaluator's per-card keys and perfect hash
 * (oe_board_hash.h): five loads and adds, two multiplies, three loads (the sorting network and
 * binomial sums it replaces were a third of a fixed-hands Monte Carlo trial). */
static inline void board_prepare(const uint8_t *board, board_info *bi)
{
    uint8_t b[5];
    for (int i = 0; i < 5; ++i) b[i] = card_at(board, i);
    uint64_t key = oe_card_key[b[0]] + oe_card_key[b[1]] + oe_card_key[b[2]] + oe_card_key[b[3]] +
                   oe_card_key[b[4]];
    uint64_t rk = key & OE_RANK_KEY_MASK;
    unsigned slot = oe_board_slot_base(rk) ^ oe_board_disp[oe_board_bucket(rk)];
    unsigned counts = (unsigned)(key >> OE_SUIT_KEY_SHIFT) & 0xffffu; /* a nibble per suit */
    bi->row = oe_board_pair + (size_t)oe_board_slot_row[slot] * OE_N_RANK2;
    bi->low = oe_board_slot_low[slot];
    bi->flush_suit = -1;
    bi->flush_ranks = 0;
    unsigned flags = (counts + 0x5555u) & 0x8888u; /* top bit of a nibble set when its count >= 3 */
    if (flags) {
        int s = OE_CTZ32(flags) >> 2;
        bi->flush_suit = s;
        for (int i = 0; i < 5; ++i)
            if ((b[i] & 3) == s) bi->flush_ranks |= 1u << (b[i] >> 2);
    }
}

/* The three cache lines of a board row (182 bytes), fetched ahead of the lookups. */
static inline void board_prefetch(const board_info *bi)
{
    const char *p = (const char *)bi->row;
    OE_PREFETCH(p);
    OE_PREFETCH(p + 64);
    OE_PREFETCH(p + 128);
    OE_PREFETCH(p + 181);
}

static inline uint16_t hand_hi(const board_info *bi, const hand_info *h)
{
    uint16_t best = nonflush_hi(bi->row, h);
    if (bi->flush_suit >= 0 && h->suit_n[bi->flush_suit] >= 2) {
        uint16_t f = best_flush(h->suit_ranks[bi->flush_suit], bi->flush_ranks);
        if (f > best) best = f;
    }
    return best;
}

static inline uint8_t hand_lo(unsigned board_low, const hand_info *h)
{
    return oe_low_table[(unsigned)h->low << 8 | (board_low & 0xff)];
}

/* ------------------------------------------------------------------ settling a pot */

/* Shares (units of OE_POT) and flags of P players given their high scores and lows (lo NULL or
 * all zero: no low half). */
static inline void settle(int P, const uint16_t *hi, const uint8_t *lo, int *share, unsigned *flags)
{
    uint16_t best_hi = 0;
    int n_hi = 0, best_lo = 0, n_lo = 0;
    for (int p = 0; p < P; ++p) {
        if (hi[p] > best_hi) { best_hi = hi[p]; n_hi = 1; }
        else if (hi[p] == best_hi) ++n_hi;
    }
    if (lo)
        for (int p = 0; p < P; ++p) {
            if (lo[p] > best_lo) { best_lo = lo[p]; n_lo = 1; }
            else if (lo[p] == best_lo && best_lo) ++n_lo;
        }
    int hi_part = best_lo ? OE_POT / 2 / n_hi : OE_POT / n_hi;
    int lo_part = best_lo ? OE_POT / 2 / n_lo : 0;
    unsigned hi_flag = n_hi == 1 ? OE_FLAG_HI_WIN : OE_FLAG_HI_TIE;
    unsigned lo_flag = n_lo == 1 ? OE_FLAG_LO_WIN : OE_FLAG_LO_TIE;
    for (int p = 0; p < P; ++p) {
        int s = 0;
        unsigned f = 0;
        if (hi[p] == best_hi) { s += hi_part; f |= hi_flag; }
        if (best_lo && lo[p] == best_lo) { s += lo_part; f |= lo_flag; }
        if (s == OE_POT) f |= OE_FLAG_SCOOP;
        share[p] = s;
        flags[p] = f;
    }
}

/* Winners of the two halves as a key: bit p of the low 10 bits = player p shares the high half,
 * of the next 10 = the low half (none: no qualifying low). A settlement depends on nothing else,
 * so the enumeration adds each case's weight to its key and settles every key once. */
static inline uint32_t outcome_key(int P, const uint16_t *hi, const uint8_t *lo)
{
    uint16_t best_hi = 0;
    uint8_t best_lo = 0;
    uint32_t hm = 0, lm = 0;
    for (int p = 0; p < P; ++p) {
        if (hi[p] > best_hi) { best_hi = hi[p]; hm = 1u << p; }
        else if (hi[p] == best_hi) hm |= 1u << p;
    }
    if (lo)
        for (int p = 0; p < P; ++p) {
            if (lo[p] > best_lo) { best_lo = lo[p]; lm = 1u << p; }
            else if (lo[p] == best_lo && best_lo) lm |= 1u << p;
        }
    return hm | lm << OE_MAX_PLAYERS;
}

static inline void accumulate(int64_t *st, int P, int64_t w, const int *share, const unsigned *flags);

/* Shares and flags from an outcome key (the same integers settle() gives). */
OE_HELPER void settle_key(int P, uint32_t key, int *share, unsigned *flags)
{
    uint32_t hm = key & ((1u << OE_MAX_PLAYERS) - 1), lm = key >> OE_MAX_PLAYERS;
    int n_hi = bits13(hm & 0x1fff), n_lo = bits13(lm & 0x1fff);
    int hi_part = lm ? OE_POT / 2 / n_hi : OE_POT / n_hi;
    int lo_part = lm ? OE_POT / 2 / n_lo : 0;
    for (int p = 0; p < P; ++p) {
        int s = 0;
        unsigned f = 0;
        if (hm >> p & 1) { s += hi_part; f |= n_hi == 1 ? OE_FLAG_HI_WIN : OE_FLAG_HI_TIE; }
        if (lm >> p & 1) { s += lo_part; f |= n_lo == 1 ? OE_FLAG_LO_WIN : OE_FLAG_LO_TIE; }
        if (s == OE_POT) f |= OE_FLAG_SCOOP;
        share[p] = s;
        flags[p] = f;
    }
}

#define TALLY_SLOTS 64 /* open addressing; flushed when 3/4 full */

typedef struct {
    uint32_t key[TALLY_SLOTS]; /* key + 1; 0 = empty */
    int64_t w[TALLY_SLOTS];
    int n;
} tally;

OE_HELPER void tally_flush(tally *t, int P, int64_t *st)
{
    int share[OE_MAX_PLAYERS];
    unsigned flags[OE_MAX_PLAYERS];
    for (int i = 0; i < TALLY_SLOTS; ++i)
        if (t->key[i]) {
            if (t->w[i]) {
                settle_key(P, t->key[i] - 1, share, flags);
                accumulate(st, P, t->w[i], share, flags);
            }
            t->key[i] = 0;
        }
    t->n = 0;
}

static inline void tally_add(tally *t, int P, int64_t *st, uint32_t key, int64_t w)
{
    uint32_t k1 = key + 1, i = (key * 2654435761u) >> 26;
    for (;; i = (i + 1) & (TALLY_SLOTS - 1)) {
        if (t->key[i] == k1) { t->w[i] += w; return; }
        if (!t->key[i]) break;
    }
    if (t->n >= TALLY_SLOTS * 3 / 4) { /* rare: many distinct outcomes */
        tally_flush(t, P, st);
        tally_add(t, P, st, key, w);
        return;
    }
    t->key[i] = k1;
    t->w[i] = w;
    ++t->n;
}

static inline void accumulate(int64_t *st, int P, int64_t w, const int *share, const unsigned *flags)
{
    for (int p = 0; p < P; ++p, st += OE_NSTAT) {
        int64_t s = share[p];
        unsigned f = flags[p];
        st[OE_ST_SHARE] += w * s;
        st[OE_ST_SHARE_SQ] += w * s * s;
        if (f & OE_FLAG_HI_WIN) st[OE_ST_HI_WIN] += w;
        if (f & OE_FLAG_HI_TIE) st[OE_ST_HI_TIE] += w;
        if (f & OE_FLAG_LO_WIN) st[OE_ST_LO_WIN] += w;
        if (f & OE_FLAG_LO_TIE) st[OE_ST_LO_TIE] += w;
        if (f & OE_FLAG_SCOOP) st[OE_ST_SCOOP] += w;
    }
}

/* ------------------------------------------------------------------ arguments */

static inline int bad_players(int players, int hole)
{
    return players < 1 || players > OE_MAX_PLAYERS || hole < OE_MIN_HOLE || hole > OE_MAX_HOLE;
}

static inline int clamp_board(int n_board) { return n_board < 0 ? 0 : n_board > 5 ? 5 : n_board; }

#endif
