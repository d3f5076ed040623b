/* Equity engine: showdowns, exact enumeration and Monte Carlo (see oe_equity.h).
 *
 * Exact enumeration does not walk boards one by one. Away from flushes, a hand's high score
 * depends only on the board's rank multiset, and the 8-or-better low never depends on suits. So:
 *   phase A  enumerates the rank multisets of the missing board cards, each weighted by how many
 *            boards of the remaining deck have it, and settles the pot once per multiset as if no
 *            flush were possible (caching every player's non-flush score and low);
 *   phase B  walks only the boards where a flush is possible (3+ board cards of a suit of which
 *            some player holds 2+), grouped by the suited cards (exact) and the rank multiset of
 *            the others (weighted), and adds the difference between the true settlement and the
 *            non-flush one phase A counted (only where the flush changes who wins the high half).
 *            Only one suit can reach 3 cards on a 5-card board, so these groups never overlap.
 * All sums are integers (shares in units of OE_POT), so exact results are exact and do not depend
 * on the number of workers or the order of the work.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "omaha_eval.h"
#include "oe_board_hash.h"
#include "oe_equity.h"
#include "oe_rng.h"

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
static void hand_prepare(const uint8_t *h, int hole, hand_info *hi)
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
static uint16_t best_flush(unsigned hole_ranks, unsigned board_ranks)
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
        int s = __builtin_ctz(flags) >> 2;
        bi->flush_suit = s;
        for (int i = 0; i < 5; ++i)
            if ((b[i] & 3) == s) bi->flush_ranks |= 1u << (b[i] >> 2);
    }
}

/* The three cache lines of a board row (182 bytes), fetched ahead of the lookups. */
static inline void board_prefetch(const board_info *bi)
{
    const char *p = (const char *)bi->row;
    __builtin_prefetch(p);
    __builtin_prefetch(p + 64);
    __builtin_prefetch(p + 128);
    __builtin_prefetch(p + 181);
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
static void settle_key(int P, uint32_t key, int *share, unsigned *flags)
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

static void tally_flush(tally *t, int P, int64_t *st)
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

/* ------------------------------------------------------------------ showdown */

typedef struct {
    const uint8_t *holes, *board;
    ptrdiff_t hole_stride, board_stride;
    int P, hole, game;
    uint16_t *share_out;
    uint8_t *flags_out;
} showdown_job;

static void showdown_range(void *ctx, size_t begin, size_t end)
{
    const showdown_job *job = (const showdown_job *)ctx;
    int P = job->P, hilo = job->game == OE_GAME_HILO;
    for (size_t i = begin; i < end; ++i) {
        const uint8_t *h = job->holes + (ptrdiff_t)i * job->hole_stride;
        board_info bi;
        board_prepare(job->board + (ptrdiff_t)i * job->board_stride, &bi);
        uint16_t hi[OE_MAX_PLAYERS];
        uint8_t lo[OE_MAX_PLAYERS];
        int share[OE_MAX_PLAYERS];
        unsigned flags[OE_MAX_PLAYERS];
        for (int p = 0; p < P; ++p) {
            hand_info hp;
            hand_prepare(h + job->hole * p, job->hole, &hp);
            hi[p] = hand_hi(&bi, &hp);
            lo[p] = hilo ? hand_lo(bi.low, &hp) : 0;
        }
        settle(P, hi, hilo ? lo : NULL, share, flags);
        for (int p = 0; p < P; ++p) {
            if (job->share_out) job->share_out[i * (size_t)P + p] = (uint16_t)share[p];
            if (job->flags_out) job->flags_out[i * (size_t)P + p] = (uint8_t)flags[p];
        }
    }
}

static int bad_players(int players, int hole)
{
    return players < 1 || players > OE_MAX_PLAYERS || hole < OE_MIN_HOLE || hole > OE_MAX_HOLE;
}

void oe_showdown(const uint8_t *holes, ptrdiff_t hole_stride, int players, int hole,
                 const uint8_t *board, ptrdiff_t board_stride, size_t n, int game,
                 uint16_t *share_out, uint8_t *flags_out, int workers)
{
    if (bad_players(players, hole)) return;
    showdown_job job = {holes, board, hole_stride, board_stride, players, hole, game, share_out,
                        flags_out};
    /* a deal costs ~100 ns: below a few thousand per thread, waking one costs more than it saves */
    size_t most = n / 4096 + 1;
    if ((size_t)workers > most) workers = (int)most;
    oe_parallel_for(n, 1 << 12, workers, showdown_range, &job);
}

/* ------------------------------------------------------------------ exact enumeration */

/* A multiset of missing board ranks and the number of ways the deck can supply it. */
typedef struct {
    uint8_t r[5];
    uint8_t n;
    uint8_t low;  /* phase A: low rank bits of the whole board */
    uint16_t idx; /* phase A: rank multiset index of the whole board */
    uint32_t w;
} rank_set;

#define MAX_SETS OE_N_RANK5 /* multisets of at most five ranks: C(17, 5) = 6188 for five */
#define MAX_SMALL_SETS 105  /* multisets of at most two ranks: 1 + 13 + 91 */
#define MAX_ITEMS (4 * 2380)
#define FACTOR_ONE_SLOTS 66 /* 13 ranks * 5 multiplicities + the factor 1 */ /* per suit, subsets of at most 5 of 13 ranks: sum of C(13, j) */

static void enum_sets_rec(const uint8_t cnt[13], int r, int left, uint8_t *cur, int depth,
                          uint32_t w, rank_set *out, int *n_out)
{
    if (left == 0) {
        if (out) {
            rank_set *s = &out[*n_out];
            memcpy(s->r, cur, 5);
            s->n = (uint8_t)depth;
            s->w = w;
        }
        ++*n_out;
        return;
    }
    if (r == 13) return;
    for (int k = 0; k <= left && k <= cnt[r]; ++k) {
        for (int t = 0; t < k; ++t) cur[depth + t] = (uint8_t)r;
        enum_sets_rec(cnt, r + 1, left - k, cur, depth + k, w * oe_choose[cnt[r]][k], out, n_out);
    }
}

/* Every multiset of k ranks with at most cnt[r] of rank r; returns how many were written. */
static int enum_sets(const uint8_t cnt[13], int k, rank_set *out)
{
    if (k <= 2) { /* the flop, turn and phase B cases: two plain loops, same order as below */
        int n = 0;
        if (k == 0) {
            if (out) { memset(out[0].r, 0, 5); out[0].n = 0; out[0].w = 1; }
            return 1;
        }
        for (int a = 0; a < 13; ++a) {
            if (k == 1) {
                if (!cnt[a]) continue;
                if (out) { memset(out[n].r, 0, 5); out[n].r[0] = (uint8_t)a; out[n].n = 1; out[n].w = cnt[a]; }
                ++n;
                continue;
            }
            for (int b = a; b < 13; ++b) {
                uint32_t w = a == b ? oe_choose[cnt[a]][2] : (uint32_t)cnt[a] * cnt[b];
                if (!w) continue;
                if (out) {
                    memset(out[n].r, 0, 5);
                    out[n].r[0] = (uint8_t)a;
                    out[n].r[1] = (uint8_t)b;
                    out[n].n = 2;
                    out[n].w = w;
                }
                ++n;
            }
        }
        return n;
    }
    uint8_t cur[5] = {0, 0, 0, 0, 0};
    int n = 0;
    enum_sets_rec(cnt, 0, k, cur, 0, 1, out, &n);
    return n;
}

typedef struct {
    uint8_t suit;
    uint16_t ranks; /* the suited ranks among the missing cards */
} flush_item;

typedef struct {
    int P, hole, game, m;
    hand_info h[OE_MAX_PLAYERS];
    uint8_t known_sorted[5]; /* known board ranks, ascending */
    int n_known;
    unsigned known_low;
    unsigned known_suit_ranks[4];
    int known_suit_n[4];
    uint8_t cnt[13];
    uint32_t ways[FACTOR_ONE_SLOTS]; /* [r * 5 + j - 1] = C(cnt[r], j); [FACTOR_ONE] = 1 */
    unsigned avail[4];
    uint64_t n_boards;
    /* phase A */
    rank_set *sets, *sorted;
    int16_t *order;
    int n_sets;
    const struct multiset_ *table; /* phase A walks this table of multisets (m >= 3) or sets */
    unsigned known2;               /* m == 3: index of the two known ranks */
    uint16_t *cache_hi; /* by full board rank multiset: the best non-flush high score */
    uint32_t *cache_key; /* and the non-flush outcome (outcome_key) */
    /* phase B */
    flush_item *items;
    int n_items;
    rank_set others[4][3][MAX_SMALL_SETS]; /* non-suited missing cards by suit and count */
    int n_others[4][3];
    /* the same, as phase B's inner loop reads them: colex index and weight */
    uint8_t other_idx[4][3][MAX_SMALL_SETS];
    int64_t other_w[4][3][MAX_SMALL_SETS];
    /* small spots (direct_bits > 0): the outcome key packed into direct_bits bits (see
     * pack_key), and per board rank multiset a byte: packed key << 1 | 1 when the best
     * non-flush hand beats every plain flush (a full house or quads). A byte, not the score:
     * with two threads, phase B reads what the other phase A wrote, and 6 KB cross between
     * cores in a quarter of the cache lines 24 KB take. */
    int direct_bits;
    uint8_t *cache_byte;
} exact_ctx;

static void exact_free(exact_ctx *cx)
{
    if (!cx) return;
    free(cx->sets); free(cx->sorted); free(cx->order); free(cx->cache_hi); free(cx->cache_key);
    free(cx->cache_byte);
    free(cx->items); free(cx);
}

static exact_ctx *exact_alloc(void)
{
    const size_t P = OE_MAX_PLAYERS; /* sized for any spot: the work space is kept per thread */
    exact_ctx *cx = (exact_ctx *)calloc(1, sizeof *cx);
    if (!cx) return NULL;
    cx->sets = (rank_set *)malloc(sizeof(rank_set) * MAX_SETS);
    cx->sorted = (rank_set *)malloc(sizeof(rank_set) * MAX_SETS);
    cx->order = (int16_t *)malloc(sizeof(int16_t) * OE_N_RANK5);
    cx->cache_hi = (uint16_t *)malloc(sizeof(uint16_t) * OE_N_RANK5);
    cx->cache_key = (uint32_t *)malloc(sizeof(uint32_t) * OE_N_RANK5);
    cx->cache_byte = (uint8_t *)malloc(OE_N_RANK5);
    (void)P;
    cx->items = (flush_item *)malloc(sizeof(flush_item) * MAX_ITEMS);
    if (!cx->sets || !cx->sorted || !cx->order || !cx->cache_hi || !cx->cache_key || !cx->items ||
        !cx->cache_byte) {
        exact_free(cx);
        return NULL;
    }
    return cx;
}

/* The exact work space (~400 KB) of the calling thread: allocated on its first exact spot and
 * kept until the thread ends, so that small spots pay no allocation or page faults. */
static pthread_key_t ws_key;
static pthread_once_t ws_once = PTHREAD_ONCE_INIT;
static int ws_key_ok;

static void ws_destroy(void *p) { exact_free((exact_ctx *)p); }
static void ws_make_key(void) { ws_key_ok = pthread_key_create(&ws_key, ws_destroy) == 0; }

static exact_ctx *thread_ctx(int *owned)
{
    pthread_once(&ws_once, ws_make_key);
    *owned = 0;
    if (ws_key_ok) {
        exact_ctx *cx = (exact_ctx *)pthread_getspecific(ws_key);
        if (cx) return cx;
        cx = exact_alloc();
        if (cx && pthread_setspecific(ws_key, cx) == 0) return cx;
        exact_free(cx);
    }
    *owned = 1; /* no thread-specific slot: a private one, freed by the caller */
    return exact_alloc();
}

static void thread_ctx_release(exact_ctx *cx, int owned)
{
    if (owned) exact_free(cx);
}

/* The calling thread's work space now belongs to someone else (a parked job): its next spot
 * allocates another. */
static void thread_ctx_detach(void)
{
    if (ws_key_ok) pthread_setspecific(ws_key, NULL);
}

/* Colex index of the union of two sorted rank lists holding five ranks in all. */
static inline unsigned rank5_of_merge(const uint8_t *a, int na, const uint8_t *b, int nb)
{
    unsigned idx = 0;
    int x = 0, y = 0;
    for (int i = 0; i < 5; ++i) {
        int r = (y >= nb || (x < na && a[x] <= b[y])) ? a[x++] : b[y++];
        idx += oe_choose[r + i][i + 1];
    }
    return idx;
}

/* Index of (a multiset of b ranks) + (a multiset of 5 - b ranks), by their own colex indices:
 * phase B's known-plus-suited ranks and other ranks meet in one load. Built once. */
static uint16_t merge_3_2[455][91], merge_4_1[1820][13];
static pthread_once_t merge_once = PTHREAD_ONCE_INIT;

/* Plain flushes score from flush_min to flush_max and straight flushes from sf_min up; with
 * flush_split, every non-flush five-card score is below flush_min or between flush_max and
 * sf_min (poker's order, checked on the evaluator's tables once), so whether a flush beats a
 * board's best non-flush hand takes one bit of that hand. Built once. */
static uint16_t flush_min, flush_max, sf_min;
static int flush_split;

static void flush_split_init(void)
{
    flush_min = sf_min = 0xffff;
    flush_max = 0;
    for (unsigned m = 0; m < 8192; ++m) {
        if (bits13(m) != 5) continue;
        int straight = 0;
        for (int i = 0; i < 10; ++i) straight |= m == straight_masks[i];
        uint16_t f = oe_flush5[m];
        if (straight) sf_min = f < sf_min ? f : sf_min;
        else {
            flush_min = f < flush_min ? f : flush_min;
            flush_max = f > flush_max ? f : flush_max;
        }
    }
    int ok = flush_min > 0 && flush_max < sf_min;
    for (int i = 0; i < OE_N_RANK5 && ok; ++i) {
        uint16_t v = oe_unsuited5[i];
        if (v && !(v < flush_min || (v > flush_max && v < sf_min))) ok = 0;
    }
    flush_split = ok;
}

static unsigned small_index(const uint8_t *r, int k)
{
    unsigned idx = 0;
    for (int i = 0; i < k; ++i) idx += oe_choose[r[i] + i][i + 1];
    return idx;
}

/* Every rank multiset of k = 3, 4 or 5 ranks, at its colex index: the ranks ascending, the
 * distinct ones with their multiplicities, and the low rank bits. The long enumerations (preflop,
 * and Courchevel's one- and two-card boards) walk these instead of recursing, and preflop's come
 * out in memory order of oe_board_pair. Built once. */
typedef struct multiset_ {
    uint8_t r[5];
    uint8_t n_distinct;
    uint8_t rank[5], mult[5];
    uint8_t low;
    uint8_t factor[5]; /* rank * 5 + mult - 1 per distinct rank, then FACTOR_ONE (see exact_ctx) */
} multiset;

#define FACTOR_ONE 65

static multiset multisets3[455], multisets4[1820], multisets5[OE_N_RANK5];

static void multiset_fill(multiset *table, const uint8_t *r, int k)
{
    multiset *m = &table[small_index(r, k)];
    memset(m, 0, sizeof *m);
    for (int i = 0; i < k; ++i) {
        m->r[i] = r[i];
        m->low |= (uint8_t)low_bit_of_rank(r[i]);
        if (i > 0 && r[i] == r[i - 1]) m->mult[m->n_distinct - 1]++;
        else { m->rank[m->n_distinct] = r[i]; m->mult[m->n_distinct++] = 1; }
    }
    for (int d = 0; d < 5; ++d)
        m->factor[d] = (uint8_t)(d < m->n_distinct ? m->rank[d] * 5 + m->mult[d] - 1 : FACTOR_ONE);
}

static void multisets_init(void)
{
    uint8_t r[5];
    for (r[0] = 0; r[0] < 13; ++r[0])
        for (r[1] = r[0]; r[1] < 13; ++r[1])
            for (r[2] = r[1]; r[2] < 13; ++r[2]) {
                multiset_fill(multisets3, r, 3);
                for (r[3] = r[2]; r[3] < 13; ++r[3]) {
                    multiset_fill(multisets4, r, 4);
                    for (r[4] = r[3]; r[4] < 13; ++r[4])
                        multiset_fill(multisets5, r, 5); /* five of a kind: weight 0 */
                }
            }
}

/* The j-subsets of {0..12} for j <= 5 as bit masks in colex order (C(13, 5) = 1,287 at most):
 * those of {0..n-1} are the first C(n, j) of them, so one list serves every count of a suit's
 * available ranks. Phase B's items are built from it: a recursion over the ranks took 57,000 of
 * the 60,000 instructions a heads-up preflop spot spent in setup, before any helper can start;
 * with the list, setup is 26,000. */
static uint16_t colex_subsets[6][1287];

static void colex_init(void)
{
    for (int j = 0; j <= 5; ++j) {
        unsigned x = (1u << j) - 1;
        for (int i = 0; i < oe_choose[13][j]; ++i) {
            colex_subsets[j][i] = (uint16_t)x;
            if (!x) break;
            unsigned low = x & -x, up = x + low; /* the next mask with as many bits (Gosper) */
            x = up | ((x ^ up) >> 2) >> __builtin_ctz(low);
        }
    }
}

static void merge_init(void)
{
    uint8_t a[4], b[2];
    multisets_init();
    flush_split_init();
    colex_init();
    for (a[0] = 0; a[0] < 13; ++a[0])
        for (a[1] = a[0]; a[1] < 13; ++a[1])
            for (a[2] = a[1]; a[2] < 13; ++a[2]) {
                for (b[0] = 0; b[0] < 13; ++b[0])
                    for (b[1] = b[0]; b[1] < 13; ++b[1])
                        merge_3_2[small_index(a, 3)][small_index(b, 2)] =
                            (uint16_t)rank5_of_merge(a, 3, b, 2);
                for (a[3] = a[2]; a[3] < 13; ++a[3])
                    for (b[0] = 0; b[0] < 13; ++b[0])
                        merge_4_1[small_index(a, 4)][b[0]] = (uint16_t)rank5_of_merge(a, 4, b, 1);
            }
}

/* Phase B on small spots tallies its corrections in a plain array instead of the hash tally:
 * the outcome key packed as high winners | low winners << P (see outcome_key), in a row per
 * flush winners mask. */
#define DIRECT_MAX_BITS 10

static inline unsigned pack_key(uint32_t key, int P)
{
    return (key & ((1u << OE_MAX_PLAYERS) - 1)) | (key >> OE_MAX_PLAYERS) << P;
}

static inline uint32_t unpack_key(unsigned packed, int P)
{
    return (packed & ((1u << P) - 1)) | (packed >> P) << OE_MAX_PLAYERS;
}

/* Appends every j-subset (jmin <= j <= jmax) of the rank set `avail` as a phase B item of suit
 * s, fewer members first (the heavy ones: more boards per item), then in colex order. */
static void add_subsets(exact_ctx *cx, int s, unsigned avail, int jmin, int jmax)
{
    /* the rank masks of index masks (bit i = the suit's i-th available rank), 7 bits at a time:
     * lo[x] for the low 7, hi[x] for the next 6 (built by doubling: x | 1 << i from x) */
    uint16_t lo[128], hi[64];
    int n = 0;
    lo[0] = hi[0] = 0;
    for (unsigned a = avail; a; a &= a - 1, ++n) {
        uint16_t *t = n < 7 ? lo : hi;
        unsigned half = 1u << (n < 7 ? n : n - 7), bit = a & -a;
        for (unsigned x = 0; x < half; ++x) t[half + x] = (uint16_t)(t[x] | bit);
    }
    flush_item *out = cx->items + cx->n_items;
    for (int j = jmin; j <= jmax; ++j) {
        const uint16_t *sub = colex_subsets[j];
        const int count = oe_choose[n][j];
        for (int i = 0; i < count; ++i) {
            out[i].suit = (uint8_t)s;
            out[i].ranks = (uint16_t)(lo[sub[i] & 127] | hi[sub[i] >> 7]);
        }
        out += count;
    }
    cx->n_items = (int)(out - cx->items);
}

static void exact_setup(exact_ctx *cx, const uint8_t *holes, int P, int hole, const uint8_t *board,
                        int nb, const uint8_t *dead, int nd, int game)
{
    uint64_t used = 0;
    pthread_once(&merge_once, merge_init);
    cx->P = P;
    cx->hole = hole;
    cx->game = game;
    {
        /* phase B's direct tallies: (1 << P) rows of (1 << bits) counters, at most 1024 */
        int bits = game == OE_GAME_HILO ? 2 * P : P;
        cx->direct_bits = P + bits <= DIRECT_MAX_BITS && flush_split ? bits : 0;
    }
    memset(cx->cnt, 0, sizeof cx->cnt);
    memset(cx->known_suit_ranks, 0, sizeof cx->known_suit_ranks);
    memset(cx->known_suit_n, 0, sizeof cx->known_suit_n);
    memset(cx->avail, 0, sizeof cx->avail);
    cx->known_low = 0;
    for (int p = 0; p < P; ++p) {
        hand_prepare(holes + (size_t)hole * p, hole, &cx->h[p]);
        used |= cx->h[p].mask;
    }
    for (int i = 0; i < nb; ++i) {
        int c = card_at(board, i);
        if (cx->known_suit_ranks[c & 3] >> (c >> 2) & 1) continue; /* a repeated card (bad input) */
        used |= (uint64_t)1 << c;
        cx->known_low |= low_bit_of_rank(c >> 2);
        cx->known_suit_ranks[c & 3] |= 1u << (c >> 2);
        cx->known_suit_n[c & 3]++;
    }
    for (int i = 0; i < nd; ++i) used |= (uint64_t)1 << card_at(dead, i);
    cx->n_known = 0;
    for (int r = 0; r < 13; ++r) /* the known ranks in order, from the rank bits of each suit */
        for (int s = 0; s < 4; ++s)
            if (cx->known_suit_ranks[s] >> r & 1) cx->known_sorted[cx->n_known++] = (uint8_t)r;
    cx->m = 5 - cx->n_known; /* distinct known cards: the enumeration always fills five */
    for (int c = 0; c < 52; ++c)
        if (!(used >> c & 1)) {
            cx->cnt[c >> 2]++;
            cx->avail[c & 3] |= 1u << (c >> 2);
        }

    for (int r = 0; r < 13; ++r)
        for (int j = 1; j <= 5; ++j) cx->ways[r * 5 + j - 1] = oe_choose[cx->cnt[r]][j];
    cx->ways[FACTOR_ONE_SLOTS - 1] = 1;

    cx->n_boards = 0;
    cx->table = NULL;
    if (cx->m >= 3) {
        /* preflop and the short boards: phase A walks the table of multisets itself (in
         * parallel), skipping those the deck cannot supply */
        cx->table = cx->m == 5 ? multisets5 : cx->m == 4 ? multisets4 : multisets3;
        cx->n_sets = cx->m == 5 ? OE_N_RANK5 : cx->m == 4 ? 1820 : 455;
        cx->known2 = cx->m == 3 ? small_index(cx->known_sorted, 2) : 0;
        int n_deck = 0;
        for (int r = 0; r < 13; ++r) n_deck += cx->cnt[r];
        uint64_t c = 1; /* boards: C(n_deck, m) */
        for (int i = 0; i < cx->m; ++i) c = c * (uint64_t)(n_deck - i) / (uint64_t)(i + 1);
        cx->n_boards = n_deck >= cx->m ? c : 0;
    } else {
        cx->n_sets = enum_sets(cx->cnt, cx->m, cx->sets);
    }
    /* flop and turn: the whole board's index from a table row of the known ranks */
    const uint16_t *known_merge = cx->n_known == 3 ? merge_3_2[small_index(cx->known_sorted, 3)]
                                : cx->n_known == 4 ? merge_4_1[small_index(cx->known_sorted, 4)]
                                : NULL;
    for (int i = 0; i < cx->n_sets && !cx->table; ++i) {
        rank_set *rs = &cx->sets[i];
        unsigned low = cx->known_low;
        for (int t = 0; t < rs->n; ++t) low |= low_bit_of_rank(rs->r[t]);
        rs->low = (uint8_t)low;
        rs->idx = (uint16_t)(known_merge ? known_merge[small_index(rs->r, rs->n)]
                             : cx->n_known == 0 ? small_index(rs->r, 5)
                             : rank5_of_merge(cx->known_sorted, cx->n_known, rs->r, rs->n));
        cx->n_boards += rs->w;
    }
    if (cx->n_sets > 256 && !cx->table) {
        /* visit oe_board_pair rows in memory order: the hardware prefetcher then hides the
         * misses of a 1.1 MB table (distinct sets have distinct indices) */
        memset(cx->order, 0xff, sizeof(int16_t) * OE_N_RANK5);
        for (int i = 0; i < cx->n_sets; ++i) cx->order[cx->sets[i].idx] = (int16_t)i;
        int n = 0;
        for (int idx = 0; idx < OE_N_RANK5; ++idx)
            if (cx->order[idx] >= 0) cx->sorted[n++] = cx->sets[cx->order[idx]];
        memcpy(cx->sets, cx->sorted, sizeof(rank_set) * (size_t)n);
    }

    /* phase B work: the suits in which a flush can come and matter */
    cx->n_items = 0;
    for (int s = 0; s < 4; ++s) {
        int holder = 0;
        for (int p = 0; p < P; ++p) holder |= cx->h[p].suit_n[s] >= 2;
        int na = __builtin_popcount(cx->avail[s]);
        int jmin = 3 - cx->known_suit_n[s] > 0 ? 3 - cx->known_suit_n[s] : 0;
        int jmax = cx->m < na ? cx->m : na;
        if (!holder || jmin > jmax) continue;
        uint8_t other_cnt[13];
        for (int r = 0; r < 13; ++r) other_cnt[r] = (uint8_t)(cx->cnt[r] - (cx->avail[s] >> r & 1));
        for (int j = jmin; j <= jmax; ++j) {
            int k = cx->m - j; /* 0..2, see MAX_SMALL_SETS */
            cx->n_others[s][k] = enum_sets(other_cnt, k, cx->others[s][k]);
            for (int o = 0; o < cx->n_others[s][k]; ++o) {
                unsigned idx = small_index(cx->others[s][k][o].r, k);
                cx->others[s][k][o].idx = (uint16_t)idx;
                cx->other_idx[s][k][o] = (uint8_t)idx; /* k <= 2: below 91 */
                cx->other_w[s][k][o] = cx->others[s][k][o].w;
            }
        }
        /* every subset of the suit's available ranks with jmin..jmax members */
        add_subsets(cx, s, cx->avail[s], jmin, jmax);
    }
}

/* Phase A over sets [begin, end): settle each rank multiset as if no flush could happen. */
static void exact_phase_a(exact_ctx *cx, int begin, int end, int64_t *st)
{
    int P = cx->P, hilo = cx->game == OE_GAME_HILO, bits = cx->direct_bits;
    uint16_t hi[OE_MAX_PLAYERS];
    uint8_t lo[OE_MAX_PLAYERS];
    tally t;
    memset(t.key, 0, sizeof t.key);
    t.n = 0;
    int64_t acc[1 << DIRECT_MAX_BITS]; /* small spots: weights by packed outcome key */
    if (bits) memset(acc, 0, sizeof(int64_t) << bits);
    const multiset *tab = cx->table;
    const uint32_t *ways = cx->ways;
    for (int i = begin; i < end; ++i) {
        unsigned low, idx;
        int64_t w;
        if (tab) {
            const multiset *ms = &tab[i];
            /* the boards of the deck with these ranks: a product of five binomials (1 for the
             * ranks it lacks), without a loop over the distinct ranks */
            const uint8_t *f = ms->factor;
            uint32_t wt = ways[f[0]] * ways[f[1]] * (ways[f[2]] * ways[f[3]]) * ways[f[4]];
            if (!wt) continue; /* the deck cannot supply these ranks */
            w = wt;
            low = cx->known_low | ms->low;
            idx = cx->m == 5 ? (unsigned)i
                : cx->m == 4 ? merge_4_1[i][cx->known_sorted[0]] : merge_3_2[i][cx->known2];
        } else {
            const rank_set *rs = &cx->sets[i];
            w = rs->w;
            low = rs->low;
            idx = rs->idx;
        }
        const uint16_t *row = oe_board_pair + (size_t)idx * OE_N_RANK2;
        uint16_t best = 0;
        uint8_t best_lo = 0;
        for (int p = 0; p < P; ++p) {
            hi[p] = nonflush_hi(row, &cx->h[p]);
            best = hi[p] > best ? hi[p] : best;
        }
        uint32_t hm = 0, lm = 0; /* outcome_key, without its branches */
        for (int p = 0; p < P; ++p) hm |= (uint32_t)(hi[p] == best) << p;
        if (hilo) {
            for (int p = 0; p < P; ++p) {
                lo[p] = hand_lo(low, &cx->h[p]);
                best_lo = lo[p] > best_lo ? lo[p] : best_lo;
            }
            if (best_lo)
                for (int p = 0; p < P; ++p) lm |= (uint32_t)(lo[p] == best_lo) << p;
        }
        if (bits) {
            unsigned packed = hm | lm << P;
            cx->cache_byte[idx] = (uint8_t)(packed << 1 | (best > flush_max));
            acc[packed] += w;
        } else {
            uint32_t key = hm | lm << OE_MAX_PLAYERS;
            cx->cache_hi[idx] = best;
            cx->cache_key[idx] = key;
            tally_add(&t, P, st, key, w);
        }
    }
    if (bits)
        for (unsigned pk = 0; pk < 1u << bits; ++pk)
            if (acc[pk]) tally_add(&t, P, st, unpack_key(pk, P), acc[pk]);
    tally_flush(&t, P, st);
}

/* Phase B of a small spot (direct_bits > 0), the same sums as the general loop below. A flush
 * and a non-flush hand never score the same, so on a board where the best flush `top` beats
 * the best non-flush score the high half goes to the flush's holders (top_mask) and the low
 * half stays; where it does not, nothing changes. So the inner loop only adds each board's
 * weight, when the flush wins, to the counter of (top_mask, the board's non-flush outcome):
 * no branch, no hashing. The counters become tally corrections once per chunk. */
static void exact_phase_b_direct(exact_ctx *cx, int begin, int end, int64_t *st)
{
    int P = cx->P, bits = cx->direct_bits;
    int64_t acc[2 << DIRECT_MAX_BITS];
    size_t half = (size_t)1 << (P + bits);
    memset(acc, 0, sizeof(int64_t) * 2 * half);
    const uint8_t *cache = cx->cache_byte;
    for (int i = begin; i < end; ++i) {
        int s = cx->items[i].suit;
        unsigned sub = cx->items[i].ranks;
        unsigned board_ranks = cx->known_suit_ranks[s] | sub;
        uint32_t top = 0, top_mask = 0;
        for (int p = 0; p < P; ++p) {
            uint32_t f = cx->h[p].suit_n[s] >= 2 ? best_flush(cx->h[p].suit_ranks[s], board_ranks) : 0;
            if (f > top) { top = f; top_mask = 1u << p; }
            else if (f == top && f) top_mask |= 1u << p;
        }
        if (!top) continue; /* nobody makes a flush on these boards */
        uint8_t base[5 + 13]; /* 5 on any real spot */
        int n_sub = 0, n_base = 0, x = 0;
        for (unsigned b = sub; b; b &= b - 1, ++n_sub) { /* known and suited ranks in order */
            int r = __builtin_ctz(b);
            while (x < cx->n_known && cx->known_sorted[x] <= r) base[n_base++] = cx->known_sorted[x++];
            base[n_base++] = (uint8_t)r;
        }
        while (x < cx->n_known) base[n_base++] = cx->known_sorted[x++];
        int k = cx->m - n_sub; /* n_base + k == 5 and k <= 2 */
        unsigned base_idx = small_index(base, n_base);
        int64_t *row = acc + ((size_t)top_mask << bits);
        /* the flush wins unless the board makes a full house or quads (bit 0) and the flush is
         * not straight */
        unsigned loses = top >= sf_min ? 0u : 1u;
        int n_o = cx->n_others[s][k];
        const int64_t *w = cx->other_w[s][k];
        if (k == 0) {
            unsigned v = cache[base_idx];
            row[v >> 1] += w[0] & -(int64_t)!(v & loses);
            continue;
        }
        const uint16_t *merged = k == 2 ? merge_3_2[base_idx] : merge_4_1[base_idx];
        const uint8_t *oi = cx->other_idx[s][k];
        /* a mask, not a branch (the flush wins unpredictably), and two sets of counters, so
         * that boards with the same outcome do not wait for each other's additions */
        int64_t *row2 = row + half;
        int o = 0;
        for (; o + 1 < n_o; o += 2) {
            unsigned v0 = cache[merged[oi[o]]], v1 = cache[merged[oi[o + 1]]];
            row[v0 >> 1] += w[o] & -(int64_t)!(v0 & loses);
            row2[v1 >> 1] += w[o + 1] & -(int64_t)!(v1 & loses);
        }
        if (o < n_o) {
            unsigned v = cache[merged[oi[o]]];
            row[v >> 1] += w[o] & -(int64_t)!(v & loses);
        }
    }
    tally t;
    memset(t.key, 0, sizeof t.key);
    t.n = 0;
    const uint32_t hi_bits = (1u << OE_MAX_PLAYERS) - 1;
    for (unsigned tm = 1; tm < 1u << P; ++tm)
        for (unsigned pk = 0; pk < 1u << bits; ++pk) {
            int64_t w = acc[(size_t)tm << bits | pk] + acc[half + ((size_t)tm << bits | pk)];
            if (!w) continue;
            uint32_t nf_key = unpack_key(pk, P);
            uint32_t key = tm | (nf_key & ~hi_bits);
            if (key == nf_key) continue; /* the flush's holders won the high half anyway */
            tally_add(&t, P, st, key, w);
            tally_add(&t, P, st, nf_key, -w);
        }
    tally_flush(&t, P, st);
}

/* Phase B over items [begin, end): correct the boards on which a flush changes who wins the
 * high half (the low half never depends on suits). */
static void exact_phase_b(exact_ctx *cx, int begin, int end, int64_t *st)
{
    if (cx->direct_bits) {
        exact_phase_b_direct(cx, begin, end, st);
        return;
    }
    const uint32_t hi_bits = (1u << OE_MAX_PLAYERS) - 1;
    int P = cx->P;
    tally t;
    memset(t.key, 0, sizeof t.key);
    t.n = 0;
    for (int i = begin; i < end; ++i) {
        int s = cx->items[i].suit;
        unsigned sub = cx->items[i].ranks;
        unsigned board_ranks = cx->known_suit_ranks[s] | sub;
        /* the best flush on these boards and who holds it */
        uint16_t top = 0;
        uint32_t top_mask = 0;
        for (int p = 0; p < P; ++p) {
            uint16_t f = cx->h[p].suit_n[s] >= 2 ? best_flush(cx->h[p].suit_ranks[s], board_ranks) : 0;
            if (f > top) { top = f; top_mask = 1u << p; }
            else if (f == top && f) top_mask |= 1u << p;
        }
        if (!top) continue; /* nobody makes a flush on these boards */
        /* known ranks and the suited new ranks, merged in order */
        uint8_t base[5], sub_sorted[5];
        int n_sub = 0;
        for (unsigned b = sub; b; b &= b - 1) sub_sorted[n_sub++] = (uint8_t)__builtin_ctz(b);
        int n_base = 0, x = 0, y = 0;
        while (x < cx->n_known || y < n_sub)
            base[n_base++] = (y >= n_sub || (x < cx->n_known && cx->known_sorted[x] <= sub_sorted[y]))
                                 ? cx->known_sorted[x++] : sub_sorted[y++];
        int k = cx->m - n_sub; /* n_base + k == 5 and k <= 2 */
        unsigned base_idx = small_index(base, n_base);
        const uint16_t *merged = k == 2 ? merge_3_2[base_idx] : k == 1 ? merge_4_1[base_idx] : NULL;
        const rank_set *others = cx->others[s][k];
        for (int o = 0; o < cx->n_others[s][k]; ++o) {
            unsigned idx = merged ? merged[others[o].idx] : base_idx;
            /* with a flush a player's high is the better of it and the non-flush one, so the
             * winners change only when the best flush reaches the best non-flush score */
            uint16_t best_nf = cx->cache_hi[idx];
            if (top < best_nf) continue;
            uint32_t nf_key = cx->cache_key[idx];
            uint32_t nf_hi = nf_key & hi_bits;
            uint32_t act_hi = top > best_nf ? top_mask : top_mask | nf_hi;
            if (act_hi == nf_hi) continue;
            int64_t w = others[o].w;
            tally_add(&t, P, st, act_hi | (nf_key & ~hi_bits), w); /* the low half never changes */
            tally_add(&t, P, st, nf_key, -w);
        }
    }
    tally_flush(&t, P, st);
}

/* The parallel driver: one job of n_a phase A chunks then phase B chunks (oe_parallel_redo),
 * each adding into its own slot of `partial`, two per chunk: a chunk may run twice (the caller
 * re-runs one a helper is late with) and only the copy that finished first counts. Phase A
 * chunks also fill the board caches, with the same values in either copy. Phase B reads those
 * caches, so its chunks start once every phase A chunk is done (the pool's barrier). One job
 * instead of one per phase halves the hand-offs between threads, which are what a single spot
 * on two threads pays for. */
#ifndef CHUNK_A
#define CHUNK_A 256
#endif
#ifndef CHUNK_B
#define CHUNK_B 64 /* items of very unequal cost (1 to 91 boards), heavy first in each suit */
#endif

typedef struct {
    oe_redo_job redo;
    exact_ctx *cx;
    int free_cx; /* the job owns cx (a late helper may still read it) */
    size_t n_a, width;
    int64_t *partial;
} exact_job;

static void exact_chunk(void *ctx, size_t c, int copy)
{
    exact_job *job = (exact_job *)ctx;
    exact_ctx *cx = job->cx;
    int64_t *st = job->partial + (2 * c + (size_t)copy) * job->width;
    if (c < job->n_a) {
        int a0 = (int)(c * CHUNK_A), a1 = a0 + CHUNK_A < cx->n_sets ? a0 + CHUNK_A : cx->n_sets;
        exact_phase_a(cx, a0, a1, st);
        return;
    }
    int b0 = (int)((c - job->n_a) * CHUNK_B);
    int b1 = b0 + CHUNK_B < cx->n_items ? b0 + CHUNK_B : cx->n_items;
    exact_phase_b(cx, b0, b1, st);
}

static void exact_job_free(void *ctx)
{
    exact_job *job = (exact_job *)ctx;
    if (job->free_cx) exact_free(job->cx);
    free(job->partial);
    free(job->redo.done);
    free(job);
}

/* Work below which another thread costs more than it saves (units: phase A rank multisets; a
 * phase B item counts as a few): a flop or turn spot runs on one thread, preflop on several. */
#define EXACT_MIN_WORK 1500

/* The spot set up in cx into stats, and its board count into *n_boards. `thread_ws`: cx is the
 * calling thread's work space. Returns 1 when cx went to a job a late helper is still in (the
 * caller must not use or free it; a thread's work space is then detached from the thread), else
 * 0. */
static int exact_run(exact_ctx *cx, int thread_ws, int64_t *stats, uint64_t *n_boards, int workers)
{
    size_t width = (size_t)cx->P * OE_NSTAT;
    memset(stats, 0, sizeof(int64_t) * width);
    *n_boards = cx->n_boards;
    size_t work = (size_t)cx->n_sets + 4 * (size_t)cx->n_items;
    size_t most = work / EXACT_MIN_WORK + 1;
    if ((size_t)workers > most) workers = (int)most;
    exact_job *job = NULL;
    int late = -1;
    if (workers > 1) {
        size_t na = ((size_t)cx->n_sets + CHUNK_A - 1) / CHUNK_A;
        size_t nb = ((size_t)cx->n_items + CHUNK_B - 1) / CHUNK_B;
        size_t slots = na + nb;
        job = (exact_job *)calloc(1, sizeof *job);
        if (job) {
            job->cx = cx;
            job->n_a = na;
            job->width = width;
            job->partial = (int64_t *)calloc(2 * slots + 1, sizeof(int64_t) * width);
            job->redo.done = (unsigned char *)calloc(slots + 1, 1);
            job->redo.n_chunks = slots;
            job->redo.barrier = na;
            job->redo.fn = exact_chunk;
            job->redo.ctx = job;
            job->redo.release = exact_job_free;
            if (job->partial && job->redo.done) late = oe_parallel_redo(&job->redo, workers);
        }
    }
    if (late < 0) { /* one thread (or no memory for the job): both phases in one pass each */
        if (job) exact_job_free(job);
        exact_phase_a(cx, 0, cx->n_sets, stats);
        exact_phase_b(cx, 0, cx->n_items, stats);
        return 0;
    }
    for (size_t c = 0; c < job->redo.n_chunks; ++c) {
        const int64_t *st = job->partial + (2 * c + (size_t)(job->redo.done[c] - 1)) * width;
        for (size_t k = 0; k < width; ++k) stats[k] += st[k];
    }
    if (!late) {
        exact_job_free(job);
        return 0;
    }
    if (thread_ws) thread_ctx_detach();
    job->free_cx = 1;
    oe_parallel_park(&job->redo);
    return 1;
}

static int clamp_board(int n_board) { return n_board < 0 ? 0 : n_board > 5 ? 5 : n_board; }

int oe_equity_exact(const uint8_t *holes, int players, int hole, const uint8_t *board, int n_board,
                    const uint8_t *dead, int n_dead, int game, int64_t *stats,
                    uint64_t *n_boards, int workers)
{
    if (bad_players(players, hole) || n_dead < 0) return -1;
    int owned;
    exact_ctx *cx = thread_ctx(&owned);
    if (!cx) return -1;
    exact_setup(cx, holes, players, hole, board, clamp_board(n_board), dead, n_dead, game);
    uint64_t boards;
    if (!exact_run(cx, !owned, stats, &boards, workers)) thread_ctx_release(cx, owned);
    if (n_boards) *n_boards = boards;
    return 0;
}

typedef struct {
    const uint8_t *holes, *board, *dead;
    ptrdiff_t hole_stride, board_stride;
    int P, hole, n_board, n_dead, game;
    int64_t *stats;
    uint64_t *n_boards;
    int failed;
} exact_batch_job;

static void exact_batch_range(void *ctx, size_t begin, size_t end)
{
    exact_batch_job *job = (exact_batch_job *)ctx;
    int owned;
    exact_ctx *cx = thread_ctx(&owned); /* this thread's, reused by every row */
    if (!cx) {
        __atomic_store_n(&job->failed, 1, __ATOMIC_RELAXED);
        return;
    }
    size_t width = (size_t)job->P * OE_NSTAT;
    for (size_t i = begin; i < end; ++i) {
        exact_setup(cx, job->holes + (ptrdiff_t)i * job->hole_stride, job->P, job->hole,
                    job->board + (ptrdiff_t)i * job->board_stride, job->n_board, job->dead,
                    job->n_dead, job->game);
        exact_run(cx, 0, job->stats + i * width, &job->n_boards[i], 1);
    }
    thread_ctx_release(cx, owned);
}

int oe_equity_exact_batch(const uint8_t *holes, ptrdiff_t hole_stride, int players, int hole,
                          const uint8_t *board, ptrdiff_t board_stride, int n_board,
                          const uint8_t *dead, int n_dead, size_t n, int game, int64_t *stats,
                          uint64_t *n_boards, int workers)
{
    if (bad_players(players, hole) || n_dead < 0) return -1;
    exact_batch_job job = {holes, board, dead, hole_stride, board_stride, players, hole,
                           clamp_board(n_board), n_dead, game, stats, n_boards, 0};
    /* preflop rows are heavy (a few per chunk), later streets light (many per chunk; a flop row
     * is a few microseconds, so a thread needs dozens of them to be worth waking) */
    size_t chunk = n_board <= 2 ? 2 : n_board == 3 ? 32 : 128;
    oe_parallel_for(n, chunk, workers, exact_batch_range, &job);
    return job.failed ? -1 : 0;
}

/* ------------------------------------------------------------------ Monte Carlo */

/* Stream `stream` of seed `seed`: independent of every other stream of any seed in practice. */
static void rng_seed(oe_rng *r, uint64_t seed, uint64_t stream)
{
    uint64_t x = seed;
    uint64_t a = oe_splitmix64(&x);
    x = a ^ (stream + 1) * 0xD1B54A32D192ED03ULL;
    x = oe_splitmix64(&x);
    for (int i = 0; i < 4; ++i) r->s[i] = oe_splitmix64(&x);
}

/* Uniform integer in [0, n), unbiased (Lemire's multiply-and-reject on 32 bits). */
static inline uint32_t rng_below(oe_rng *r, uint32_t n)
{
    uint64_t m = (oe_rng_next(r) >> 32) * (uint64_t)n;
    uint32_t l = (uint32_t)m;
    if (l < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while (l < t) {
            m = (oe_rng_next(r) >> 32) * (uint64_t)n;
            l = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

static inline double rng_unit(oe_rng *r) { return (double)(oe_rng_next(r) >> 11) * (1.0 / 9007199254740992.0); }

uint64_t oe_row_seed(uint64_t seed, uint64_t row)
{
    uint64_t x = seed ^ 0x5851F42D4C957F2DULL;
    uint64_t a = oe_splitmix64(&x);
    x = a + row * 0x9E3779B97F4A7C15ULL;
    return oe_splitmix64(&x);
}

enum { KIND_FIXED = 0, KIND_RANGE = 1, KIND_RANDOM = 2 };

typedef struct {
    const uint8_t *hands;
    const size_t *offsets;
    const double *cum;
    int P, hole, nk, m, game;
    uint8_t board[5];
    uint8_t deck[52];
    int n_deck;
    uint64_t base_used;
    hand_info fixed[OE_MAX_PLAYERS];
    uint8_t kind[OE_MAX_PLAYERS];
    uint8_t range_p[OE_MAX_PLAYERS], random_p[OE_MAX_PLAYERS]; /* players of each kind */
    int n_range, n_random;
    uint64_t seed, trial_begin, trial_end;
    int64_t *total;          /* players * OE_NSTAT sums, added to atomically */
    uint64_t total_attempts;
    int failed;
} mc_ctx;

static void mc_setup(mc_ctx *mc, const uint8_t *hands, const size_t *offsets, const double *cum,
                     int P, int hole, const uint8_t *board, int nb, const uint8_t *dead, int nd,
                     int game)
{
    memset(mc, 0, sizeof *mc);
    mc->hands = hands;
    mc->offsets = offsets;
    mc->cum = cum;
    mc->P = P;
    mc->hole = hole;
    mc->game = game;
    uint64_t used = 0;
    for (int i = 0; i < clamp_board(nb); ++i) {
        uint8_t c = card_at(board, i);
        if (used >> c & 1) continue; /* a repeated card (bad input): keep five distinct */
        mc->board[mc->nk++] = c;
        used |= (uint64_t)1 << c;
    }
    mc->m = 5 - mc->nk;
    for (int i = 0; i < nd; ++i) used |= (uint64_t)1 << card_at(dead, i);
    for (int p = 0; p < P; ++p) {
        size_t rows = offsets[p + 1] - offsets[p];
        if (rows == 1) {
            mc->kind[p] = KIND_FIXED;
            hand_prepare(hands + (size_t)hole * offsets[p], hole, &mc->fixed[p]);
            used |= mc->fixed[p].mask;
        } else if (rows == 0) {
            mc->kind[p] = KIND_RANDOM;
            mc->random_p[mc->n_random++] = (uint8_t)p;
        } else {
            mc->kind[p] = KIND_RANGE;
            mc->range_p[mc->n_range++] = (uint8_t)p;
        }
    }
    mc->base_used = used;
    for (int c = 0; c < 52; ++c)
        if (!(used >> c & 1)) mc->deck[mc->n_deck++] = (uint8_t)c;
}

static inline size_t pick_row(const mc_ctx *mc, int p, oe_rng *r)
{
    size_t lo = mc->offsets[p], hi = mc->offsets[p + 1];
    if (!mc->cum) return lo + rng_below(r, (uint32_t)(hi - lo));
    const double *cum = mc->cum;
    double u = rng_unit(r) * cum[hi - 1];
    size_t a = lo, b = hi - 1; /* first row whose cumulative weight exceeds u */
    while (a < b) {
        size_t mid = a + (b - a) / 2;
        if (cum[mid] > u) b = mid;
        else a = mid + 1;
    }
    return a;
}

/* One card uniformly from the deck's first *top entries that `used` does not hold: a step of a
 * partial Fisher-Yates shuffle over a deck that stays permuted between trials (any order of the
 * same cards gives the same distribution). -1 when the deck runs out. */
static inline int deal_card(oe_rng *r, uint8_t *deck, int *top, uint64_t *used)
{
    while (*top > 0) {
        uint32_t j = rng_below(r, (uint32_t)*top);
        uint8_t c = deck[j];
        deck[j] = deck[*top - 1];
        deck[*top - 1] = c;
        --*top;
        if (!(*used >> c & 1)) {
            *used |= (uint64_t)1 << c;
            return c;
        }
    }
    return -1;
}

/* deal_card when no card below *top can be in use (no range player drew from outside the
 * deck): the same draw from the generator, without the check. */
static inline uint8_t deal_free(oe_rng *r, uint8_t *deck, int *top)
{
    uint32_t j = rng_below(r, (uint32_t)*top);
    uint8_t c = deck[j];
    deck[j] = deck[*top - 1];
    deck[*top - 1] = c;
    --*top;
    return c;
}

static inline uint64_t row_mask(const uint8_t *row, int hole)
{
    uint64_t m = 0;
    for (int i = 0; i < hole; ++i) m |= (uint64_t)1 << card_at(row, i);
    return m;
}

/* Trials are dealt MC_BLOCK at a time, then settled: the board rows of a block are prefetched
 * while the rest of the block is dealt. */
#define MC_BLOCK 16

/* Runs trials [t0, t1) of one stream into st; returns 1 when holdings could not be drawn. */
static int mc_stream(const mc_ctx *mc, uint64_t stream, uint64_t t0, uint64_t t1, int64_t *st,
                     uint64_t *attempts)
{
    oe_rng rng;
    rng_seed(&rng, mc->seed, stream);
    int P = mc->P, hole = mc->hole, m = mc->m, nk = mc->nk, hilo = mc->game == OE_GAME_HILO;
    uint8_t deck[52], board[5];
    hand_info hs[MC_BLOCK][OE_MAX_PLAYERS];
    board_info bi[MC_BLOCK];
    memcpy(deck, mc->deck, 52);
    memcpy(board, mc->board, 5);
    uint16_t hi[OE_MAX_PLAYERS];
    uint8_t lo[OE_MAX_PLAYERS];
    tally tl; /* outcomes counted by winner masks, settled once per outcome (exact integers) */
    memset(tl.key, 0, sizeof tl.key);
    tl.n = 0;
    uint64_t tries = 0;
    int rc = 0;
    for (uint64_t t = t0; t < t1 && !rc;) {
        int n_blk = t1 - t < MC_BLOCK ? (int)(t1 - t) : MC_BLOCK, dealt = 0;
        for (; dealt < n_blk; ++dealt) {
            hand_info *h = hs[dealt];
            uint64_t used = mc->base_used;
            ++tries;
            for (int q = 0, attempt = 1; q < mc->n_range;) { /* range players: whole draws */
                int p = mc->range_p[q];
                const uint8_t *row = mc->hands + (size_t)hole * pick_row(mc, p, &rng);
                uint64_t hm = row_mask(row, hole);
                if (hm & used) {
                    if (attempt == OE_MC_MAX_ATTEMPTS) { rc = 1; break; }
                    ++attempt;
                    ++tries;
                    used = mc->base_used;
                    q = 0;
                    continue;
                }
                used |= hm;
                hand_prepare(row, hole, &h[p]);
                ++q;
            }
            if (rc) break;
            /* random players and the board: straight from the rest of the deck */
            int top = mc->n_deck;
            if (!mc->n_range && mc->n_random * hole + m <= top) {
                /* nothing was drawn from outside the deck, so every card below top is free */
                for (int q = 0; q < mc->n_random; ++q) {
                    uint8_t cards[OE_MAX_HOLE];
                    for (int k = 0; k < hole; ++k) cards[k] = deal_free(&rng, deck, &top);
                    hand_prepare(cards, hole, &h[mc->random_p[q]]);
                }
                for (int k = 0; k < m; ++k) board[nk + k] = deal_free(&rng, deck, &top);
                board_prepare(board, &bi[dealt]);
                board_prefetch(&bi[dealt]);
                continue;
            }
            for (int q = 0; q < mc->n_random && !rc; ++q) {
                uint8_t cards[OE_MAX_HOLE];
                for (int k = 0; k < hole && !rc; ++k) {
                    int c = deal_card(&rng, deck, &top, &used);
                    if (c < 0) rc = 1;
                    else cards[k] = (uint8_t)c;
                }
                if (!rc) hand_prepare(cards, hole, &h[mc->random_p[q]]);
            }
            for (int k = 0; k < m && !rc; ++k) {
                int c = deal_card(&rng, deck, &top, &used);
                if (c < 0) rc = 1;
                else board[nk + k] = (uint8_t)c;
            }
            if (rc) break;
            board_prepare(board, &bi[dealt]);
            board_prefetch(&bi[dealt]);
        }
        for (int b = 0; b < dealt; ++b) {
            for (int p = 0; p < P; ++p) {
                const hand_info *h = mc->kind[p] == KIND_FIXED ? &mc->fixed[p] : &hs[b][p];
                hi[p] = hand_hi(&bi[b], h);
                lo[p] = hilo ? hand_lo(bi[b].low, h) : 0;
            }
            tally_add(&tl, P, st, outcome_key(P, hi, hilo ? lo : NULL), 1);
        }
        t += (uint64_t)dealt;
    }
    tally_flush(&tl, P, st);
    *attempts += tries;
    return rc;
}

/* Streams [begin, end) of the run: summed locally, then added into the totals. Integer sums
 * commute, so the totals do not depend on which thread ran which stream. */
static void mc_range(void *ctx, size_t begin, size_t end)
{
    mc_ctx *mc = (mc_ctx *)ctx;
    uint64_t first = mc->trial_begin / OE_MC_CHUNK;
    size_t width = (size_t)mc->P * OE_NSTAT;
    int64_t st[OE_MAX_PLAYERS * OE_NSTAT];
    uint64_t attempts = 0;
    memset(st, 0, sizeof st);
    for (size_t i = begin; i < end; ++i) {
        uint64_t stream = first + i;
        uint64_t t0 = stream * OE_MC_CHUNK;
        uint64_t t1 = t0 + OE_MC_CHUNK < mc->trial_end ? t0 + OE_MC_CHUNK : mc->trial_end;
        if (mc_stream(mc, stream, t0, t1, st, &attempts))
            __atomic_store_n(&mc->failed, 1, __ATOMIC_RELAXED);
    }
    for (size_t k = 0; k < width; ++k) __atomic_fetch_add(&mc->total[k], st[k], __ATOMIC_RELAXED);
    __atomic_fetch_add(&mc->total_attempts, attempts, __ATOMIC_RELAXED);
}

int oe_equity_monte_carlo(const uint8_t *hands, const size_t *offsets, const double *cum_weights,
                          int players, int hole, const uint8_t *board, int n_board,
                          const uint8_t *dead, int n_dead, int game, uint64_t seed,
                          uint64_t trial_begin, uint64_t trial_end, int64_t *stats,
                          uint64_t *attempts, int workers)
{
    if (attempts) *attempts = 0;
    if (bad_players(players, hole) || n_dead < 0) return -1;
    size_t width = (size_t)players * OE_NSTAT;
    memset(stats, 0, sizeof(int64_t) * width);
    if (trial_begin % OE_MC_CHUNK || trial_end < trial_begin) return -1;
    for (int p = 0; p < players; ++p)
        if (offsets[p + 1] < offsets[p] || offsets[p + 1] - offsets[p] > UINT32_MAX) return -1;
    if (trial_end == trial_begin) return 0;
    mc_ctx *mc = (mc_ctx *)malloc(sizeof *mc);
    if (!mc) return -1;
    mc_setup(mc, hands, offsets, cum_weights, players, hole, board, n_board, dead, n_dead, game);
    mc->seed = seed;
    mc->trial_begin = trial_begin;
    mc->trial_end = trial_end;
    mc->total = stats;
    mc->total_attempts = 0;
    size_t n_streams = (size_t)((trial_end - trial_begin + OE_MC_CHUNK - 1) / OE_MC_CHUNK);
    oe_parallel_for(n_streams, 1, workers, mc_range, mc);
    if (attempts) *attempts = mc->total_attempts;
    int rc = mc->failed ? 1 : 0;
    free(mc);
    return rc;
}

typedef struct {
    const uint8_t *holes, *board, *dead;
    ptrdiff_t hole_stride, board_stride;
    int P, hole, n_board, n_dead, game;
    uint64_t trials, seed, first_row;
    int64_t *stats;
    int failed;
} mc_batch_job;

static void mc_batch_range(void *ctx, size_t begin, size_t end)
{
    mc_batch_job *job = (mc_batch_job *)ctx;
    mc_ctx *mc = (mc_ctx *)malloc(sizeof *mc);
    if (!mc) {
        __atomic_store_n(&job->failed, 1, __ATOMIC_RELAXED);
        return;
    }
    size_t offsets[OE_MAX_PLAYERS + 1];
    for (int p = 0; p <= job->P; ++p) offsets[p] = (size_t)p;
    size_t width = (size_t)job->P * OE_NSTAT;
    for (size_t i = begin; i < end; ++i) {
        mc_setup(mc, job->holes + (ptrdiff_t)i * job->hole_stride, offsets, NULL, job->P,
                 job->hole, job->board + (ptrdiff_t)i * job->board_stride, job->n_board,
                 job->dead, job->n_dead, job->game);
        mc->seed = oe_row_seed(job->seed, job->first_row + i);
        int64_t *st = job->stats + i * width;
        memset(st, 0, sizeof(int64_t) * width);
        uint64_t attempts = 0;
        for (uint64_t s = 0; s * OE_MC_CHUNK < job->trials; ++s) {
            uint64_t t0 = s * OE_MC_CHUNK;
            uint64_t t1 = t0 + OE_MC_CHUNK < job->trials ? t0 + OE_MC_CHUNK : job->trials;
            if (mc_stream(mc, s, t0, t1, st, &attempts))
                __atomic_store_n(&job->failed, 1, __ATOMIC_RELAXED);
        }
    }
    free(mc);
}

int oe_equity_monte_carlo_batch(const uint8_t *holes, ptrdiff_t hole_stride, int players, int hole,
                                const uint8_t *board, ptrdiff_t board_stride, int n_board,
                                const uint8_t *dead, int n_dead, size_t n, int game,
                                uint64_t trials, uint64_t seed, uint64_t first_row,
                                int64_t *stats, int workers)
{
    if (bad_players(players, hole) || n_dead < 0) return -1;
    mc_batch_job job = {holes, board, dead, hole_stride, board_stride, players, hole, n_board,
                        n_dead, game, trials, seed, first_row, stats, 0};
    size_t chunk = trials >= 100000 ? 1 : (size_t)(100000 / (trials + 1)) + 1;
    oe_parallel_for(n, chunk, workers, mc_batch_range, &job);
    return job.failed ? -1 : 0;
}
