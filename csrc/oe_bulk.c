/* Bulk kernel: one hero hand against N random opponents (see oe_bulk.h).
 *
 * Per trial the work is: 5 + k * N bounded random draws (up to nine from one 64-bit output), one board index
 * (the shared rank-multiset row of oe_board_pair), C(k, 2) row lookups per hand (the hero's
 * columns are computed once), and a flush pass only for hands with two cards of the board's
 * three-or-more suit. No collision can happen, so nothing is redrawn.
 */
#include <stdlib.h>
#include <string.h>

#include "omaha_eval.h"
#include "oe_compat.h"
#include "oe_tables.h"
#include "oe_bulk.h"
#include "oe_rng.h"

/* ------------------------------------------------------------------ random numbers */

/* The stream of block `block` of the hand whose key is key[4]. */
static void bk_seed(oe_rng *r, const uint64_t key[4], uint64_t block)
{
    uint64_t x = block ^ 0x6A09E667F3BCC909ULL;
    for (int i = 0; i < 4; ++i) {
        x ^= key[i];
        r->s[i] = oe_splitmix64(&x);
    }
    if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3])) r->s[0] = 1; /* xoshiro's one bad state */
}

/* ------------------------------------------------------------------ scoring */

typedef struct {
    const uint16_t *row;  /* oe_board_pair row of the board's rank multiset */
    int flush_suit;       /* suit with three or more board cards, or -1 */
    unsigned flush_ranks; /* rank bits of the board cards of that suit */
    unsigned low;         /* 8-or-better low rank bits of the board */
} bk_board;

static inline void bk_board_prepare(const uint8_t b[5], bk_board *bi)
{
    unsigned counts = 0, low = 0;
    bi->row = oe_board_pair + (size_t)oe_rank5_index(b) * OE_N_RANK2;
    for (int i = 0; i < 5; ++i) {
        counts += 1u << ((b[i] & 3) * 4);
        low |= oe_low_bit(b[i]);
    }
    bi->low = low;
    bi->flush_suit = -1;
    bi->flush_ranks = 0;
    unsigned flags = (counts + 0x5555u) & 0x8888u; /* nibble's top bit set when its count >= 3 */
    if (flags) {
        int s = OE_CTZ32(flags) >> 2;
        bi->flush_suit = s;
        for (int i = 0; i < 5; ++i)
            if ((b[i] & 3) == s) bi->flush_ranks |= 1u << (b[i] >> 2);
    }
}

/* Best flush (or straight flush) from exactly two of the hole's suited ranks and three of the
 * board's; 0 when the hole has fewer than two. */
static uint16_t bk_flush(unsigned hole_ranks, unsigned board_ranks)
{
    if (OE_POPCOUNT32(hole_ranks) == 2 && OE_POPCOUNT32(board_ranks) == 3)
        return oe_flush5[hole_ranks | board_ranks]; /* the common case: one choice */
    int h[6], nh = 0, b[5], nb = 0;
    for (unsigned m = hole_ranks; m && nh < 6; m &= m - 1) h[nh++] = OE_CTZ32(m);
    for (unsigned m = board_ranks; m && nb < 5; m &= m - 1) b[nb++] = OE_CTZ32(m);
    uint16_t best = 0;
    for (int x = 0; x < nb; ++x)
        for (int y = x + 1; y < nb; ++y)
            for (int z = y + 1; z < nb; ++z) {
                unsigned t = 1u << b[x] | 1u << b[y] | 1u << b[z];
                for (int i = 0; i < nh; ++i)
                    for (int j = i + 1; j < nh; ++j) {
                        uint16_t s = oe_flush5[t | 1u << h[i] | 1u << h[j]];
                        if (s > best) best = s;
                    }
            }
    return best;
}

/* High score of k hole cards c on the prepared board. */
OE_ALWAYS_INLINE uint16_t bk_hi(const bk_board *bi, const uint8_t *c,
                                                            int k)
{
    const uint16_t *row = bi->row;
    uint16_t best = 0;
    for (int i = 0; i < k; ++i)
        for (int j = i + 1; j < k; ++j) {
            uint16_t s = row[oe_pair_column[(unsigned)c[i] << 6 | c[j]]];
            best = s > best ? s : best;
        }
    if (bi->flush_suit >= 0) {
        unsigned ranks = 0;
        int n = 0;
        for (int i = 0; i < k; ++i)
            if ((c[i] & 3) == bi->flush_suit) {
                ranks |= 1u << (c[i] >> 2);
                ++n;
            }
        if (n >= 2) {
            uint16_t f = bk_flush(ranks, bi->flush_ranks);
            best = f > best ? f : best;
        }
    }
    return best;
}

OE_ALWAYS_INLINE unsigned bk_low_bits(const uint8_t *c, int k)
{
    unsigned m = 0;
    for (int i = 0; i < k; ++i) m |= oe_low_bit(c[i]);
    return m;
}

/* ------------------------------------------------------------------ one hand */

typedef struct {
    uint8_t cards[6];
    uint8_t col[15];         /* oe_board_pair column of each two-card choice */
    uint8_t low;             /* low rank bits */
    uint16_t suit_ranks[4];  /* rank bits per suit */
    uint8_t suit_n[4];
} bk_hero;

OE_ALWAYS_INLINE uint16_t bk_hero_hi(const bk_board *bi,
                                                                 const bk_hero *h, int npairs)
{
    const uint16_t *row = bi->row;
    uint16_t best = 0;
    for (int i = 0; i < npairs; ++i) {
        uint16_t s = row[h->col[i]];
        best = s > best ? s : best;
    }
    int fs = bi->flush_suit;
    if (fs >= 0 && h->suit_n[fs] >= 2) {
        uint16_t f = bk_flush(h->suit_ranks[fs], bi->flush_ranks);
        best = f > best ? f : best;
    }
    return best;
}

/* The deal's draws in groups: draw j is uniform in [0, n_deck - j), and the bounds of a group
 * multiply to at most 2^64, so one 64-bit output gives the whole group (Brackett-Rozinsky and
 * Lemire's batched ranged integers: exact, with a rare whole-group redraw). */
typedef struct {
    int n_groups;
    uint8_t first[16], last[16]; /* draws first..last-1 */
    uint64_t product[16];        /* product of the group's bounds */
    uint64_t threshold[16];      /* 2^64 mod product: low words below it are redrawn */
} bk_plan;

static void bk_plan_make(bk_plan *pl, int n_deck, int need)
{
    pl->n_groups = 0;
    int j = 0;
    while (j < need) {
        int g = pl->n_groups++;
        uint64_t prod = 1;
        pl->first[g] = (uint8_t)j;
        while (j < need && prod <= UINT64_MAX / (unsigned)(n_deck - j)) {
            prod *= (unsigned)(n_deck - j);
            ++j;
        }
        pl->last[g] = (uint8_t)j;
        pl->product[g] = (uint64_t)prod;
        pl->threshold[g] = (uint64_t)(-(uint64_t)prod) % (uint64_t)prod;
    }
}

/* bk_deal when the whole deal is one group of exactly NEED draws (a literal after inlining: the
 * loops unroll and the picks stay in registers). Same draws, same cards as bk_deal. */
OE_ALWAYS_INLINE void bk_deal1(const bk_plan *pl, uint8_t *deck,
                                                           int n_deck, oe_rng *rng, int NEED)
{
    uint32_t pick[16];
    for (;;) {
        uint64_t u = oe_rng_next(rng);
        for (int j = 0; j < NEED; ++j) {
            u = oe_mul_64_32(u, (uint32_t)(n_deck - j), &pick[j]);
        }
        if (u >= pl->threshold[0]) break;
    }
    for (int j = 0; j < NEED; ++j) {
        int r = j + (int)pick[j];
        uint8_t c = deck[r];
        deck[r] = deck[j];
        deck[j] = c;
    }
}

/* Fills deck[0 .. need) with a uniform deal (partial Fisher-Yates, one output per group). */
static inline void bk_deal(const bk_plan *pl, uint8_t *deck, int n_deck, oe_rng *rng)
{
    for (int g = 0; g < pl->n_groups; ++g) {
        int a = pl->first[g], b = pl->last[g];
        uint8_t pick[64];
        for (;;) {
            uint64_t u = oe_rng_next(rng);
            for (int j = a; j < b; ++j) {
                uint32_t hi;
                u = oe_mul_64_32(u, (uint32_t)(n_deck - j), &hi);
                pick[j] = (uint8_t)hi;
            }
            if (u >= pl->threshold[g]) break;
        }
        for (int j = a; j < b; ++j) {
            int r = j + pick[j];
            uint8_t c = deck[r];
            deck[r] = deck[j];
            deck[j] = c;
        }
    }
}

/* Adds one trial's settlement to a game's sums. */
OE_ALWAYS_INLINE void bk_add(int64_t *st, int s, unsigned flags)
{
    st[OE_BK_SHARE] += s;
    st[OE_BK_SHARE_SQ] += (int64_t)s * s;
    st[OE_BK_HI_WIN] += flags & 1;
    st[OE_BK_HI_TIE] += flags >> 1 & 1;
    st[OE_BK_LO_WIN] += flags >> 2 & 1;
    st[OE_BK_LO_TIE] += flags >> 3 & 1;
    st[OE_BK_SCOOP] += s == OE_BULK_POT;
}

#ifndef BK_GROUP
#define BK_GROUP 16
#endif /* trials dealt ahead, so their board rows can be prefetched */

/* The helpers of bk_block below are forced inline: with K and N literals their loops unroll, and
 * they are its hot loop, split for reading only. */

/* Deals one trial into dealt (the board, then the opponents' K cards each) and prepares its
 * board into bi, prefetching the board's row while the next trial is dealt. */
OE_ALWAYS_INLINE void bk_deal_trial(int K, int N, uint8_t *dealt, bk_board *bi, uint8_t *deck,
                                    int n_deck, const bk_plan *plan, oe_rng *rng)
{
    if (K == 4 && N == 1) bk_deal1(plan, deck, 48, rng, 9); /* one group: 48*47*..*40 < 2^64 */
    else bk_deal(plan, deck, n_deck, rng);
    memcpy(dealt, deck, (size_t)(5 + K * N));
    bk_board_prepare(dealt, bi);
    const char *row = (const char *)bi->row;
    OE_PREFETCH(row);
    OE_PREFETCH(row + 64);
    OE_PREFETCH(row + 128);
    OE_PREFETCH(row + 2 * OE_N_RANK2 - 1);
}

/* The best high and low among the opponents of one trial, and how many hold each. */
typedef struct {
    uint16_t hi;
    int n_hi, n_lo;
    unsigned lo;
} bk_best;

/* The opponents' best scores (the low only when want_hilo) of the trial dealt in `dealt`. */
OE_ALWAYS_INLINE bk_best bk_opponents(const bk_board *bi, const uint8_t *dealt, int K, int N,
                                      int want_hilo)
{
    bk_best o = {0, 0, 0, 0};
    for (int p = 0; p < N; ++p) {
        const uint8_t *c = dealt + 5 + p * K;
        uint16_t sc = bk_hi(bi, c, K);
        if (sc > o.hi) { o.hi = sc; o.n_hi = 1; }
        else if (sc == o.hi) ++o.n_hi;
        if (want_hilo) {
            unsigned l = oe_low_table[bk_low_bits(c, K) << 8 | bi->low];
            if (l > o.lo) { o.lo = l; o.n_lo = 1; }
            else if (l == o.lo) ++o.n_lo;
        }
    }
    return o;
}

/* Adds the hero's settlement of one trial against the opponents' best to the sums of the games
 * wanted. */
OE_ALWAYS_INLINE void bk_settle(int64_t *st, int want_hi, int want_hilo, uint16_t hero_hi,
                                unsigned hero_lo, bk_best opp)
{
    unsigned hi_flag = hero_hi > opp.hi ? 1u : hero_hi == opp.hi ? 2u : 0u;
    int hi_split = hero_hi > opp.hi ? 1 : opp.n_hi + 1;
    if (want_hi) bk_add(st, hi_flag ? OE_BULK_POT / hi_split : 0, hi_flag);
    if (want_hilo) {
        unsigned best_lo = hero_lo > opp.lo ? hero_lo : opp.lo;
        int half = best_lo ? OE_BULK_POT / 2 : OE_BULK_POT;
        int s = hi_flag ? half / hi_split : 0;
        unsigned flags = hi_flag;
        if (best_lo && hero_lo == best_lo) {
            int lo_split = hero_lo > opp.lo ? 1 : opp.n_lo + 1;
            s += OE_BULK_POT / 2 / lo_split;
            flags |= lo_split == 1 ? 4u : 8u;
        }
        bk_add(st + OE_BK_NSTAT, s, flags);
    }
}

/* Trials [t0, t1) of one block into st (OE_BK_NSTAT sums per game: high, then hi-lo); games is
 * a bit set (1 high, 2 hi-lo) of the sums wanted. K and N are constants after inlining. Both
 * games settle the same deals, so asking for one or both never changes a number. */
OE_ALWAYS_INLINE void bk_block(const bk_hero *hero, int K, int N, int games, uint8_t *deck,
                               int n_deck, const bk_plan *plan, oe_rng *rng, uint64_t t0,
                               uint64_t t1, int64_t *st)
{
    const int npairs = K * (K - 1) / 2;
    const int want_hi = games & 1, want_hilo = games & 2;
    uint8_t dealt[BK_GROUP][5 + 6 * OE_BULK_MAX_OPPONENTS];
    bk_board boards[BK_GROUP];
    for (uint64_t g0 = t0; g0 < t1; g0 += BK_GROUP) {
        int n = t1 - g0 < BK_GROUP ? (int)(t1 - g0) : BK_GROUP;
        for (int i = 0; i < n; ++i) /* deal ahead: the board rows load while we deal */
            bk_deal_trial(K, N, dealt[i], &boards[i], deck, n_deck, plan, rng);
        for (int i = 0; i < n; ++i) {
            const bk_board *bi = &boards[i];
            uint16_t hero_hi = bk_hero_hi(bi, hero, npairs);
            unsigned hero_lo = 0;
            if (want_hilo) hero_lo = oe_low_table[(unsigned)hero->low << 8 | bi->low];
            bk_settle(st, want_hi, want_hilo, hero_hi, hero_lo,
                      bk_opponents(bi, dealt[i], K, N, want_hilo));
        }
    }
}

/* One block with K (and the common N = 1 cases) as literals, so the loops unroll. */
static void bk_block_k(const bk_hero *hero, int K, int N, int games, uint8_t *deck, int n_deck,
                       const bk_plan *pl, oe_rng *rng, uint64_t t0, uint64_t t1, int64_t *st)
{
    if (K == 4 && N == 1 && games == 1) bk_block(hero, 4, 1, 1, deck, n_deck, pl, rng, t0, t1, st);
    else if (K == 4 && N == 1) bk_block(hero, 4, 1, games, deck, n_deck, pl, rng, t0, t1, st);
    else if (K == 4) bk_block(hero, 4, N, games, deck, n_deck, pl, rng, t0, t1, st);
    else if (K == 5) bk_block(hero, 5, N, games, deck, n_deck, pl, rng, t0, t1, st);
    else bk_block(hero, 6, N, games, deck, n_deck, pl, rng, t0, t1, st);
}

/* The hero's k checked cards as bk_block reads them: low bits, ranks by suit, pair columns. */
static void bk_hero_prepare(const uint8_t *hero, int k, bk_hero *h)
{
    memset(h, 0, sizeof *h);
    int n = 0;
    for (int i = 0; i < k; ++i) {
        h->cards[i] = hero[i];
        h->low |= (uint8_t)oe_low_bit(hero[i]);
        h->suit_ranks[hero[i] & 3] |= (uint16_t)(1u << (hero[i] >> 2));
        h->suit_n[hero[i] & 3]++;
        for (int j = i + 1; j < k; ++j)
            h->col[n++] = oe_pair_column[(unsigned)hero[i] << 6 | hero[j]];
    }
}

int oe_bulk_hand(const uint8_t *hero, int k, int opponents, int games, const uint64_t key[4],
                 uint64_t block_begin, uint64_t block_end, uint64_t trials, int64_t *stats)
{
    if (k < 4 || k > 6 || opponents < 1 || opponents > OE_BULK_MAX_OPPONENTS ||
        games < 1 || games > 3 || k * (opponents + 1) + 5 > 52 || block_end < block_begin)
        return -1;
    uint64_t used = 0;
    for (int i = 0; i < k; ++i) {
        if (hero[i] > 51 || (used >> hero[i] & 1)) return -1;
        used |= (uint64_t)1 << hero[i];
    }
    bk_hero h;
    bk_hero_prepare(hero, k, &h);
    /* the deck is reset per block so that a block's cards depend on nothing but its stream */
    uint8_t base[52];
    int n_deck = 0;
    for (int c = 0; c < 52; ++c)
        if (!(used >> c & 1)) base[n_deck++] = (uint8_t)c;
    bk_plan plan;
    bk_plan_make(&plan, n_deck, 5 + k * opponents);
    int64_t st[2 * OE_BK_NSTAT] = {0};
    for (uint64_t b = block_begin; b < block_end; ++b) {
        uint64_t t0 = b * OE_BULK_BLOCK;
        if (t0 >= trials) break;
        uint64_t t1 = t0 + OE_BULK_BLOCK < trials ? t0 + OE_BULK_BLOCK : trials;
        uint8_t deck[52];
        memcpy(deck, base, sizeof deck);
        oe_rng rng;
        bk_seed(&rng, key, b);
        bk_block_k(&h, k, opponents, games, deck, n_deck, &plan, &rng, t0, t1, st);
    }
    for (int i = 0; i < 2 * OE_BK_NSTAT; ++i) stats[i] += st[i];
    return 0;
}

/* ------------------------------------------------------------------ shared deals */

/* One prepared deal of a block. */
typedef struct {
    bk_board bi;
    uint64_t dealt;   /* card bits of the board and the opponent */
    uint16_t opp_hi;
    uint8_t opp_lo;
} bk_deal_info;

#define BK_HERO_CHUNK 256 /* heroes whose sums stay in L1/L2 while a block of deals passes */

/* Heads-up, four cards: every deal (board + one opponent from the full deck) settles every hero
 * it misses. The block's deals are dealt and prepared first; then heroes go in chunks over all
 * of them, so each chunk's sums stay in cache (the sums of all heroes are 2 MB). Branch-free
 * per hero: the hero is always scored and its sums get `valid` times the result. */
static void bk_shared_block(const bk_hero *heroes, const uint64_t *masks, size_t n, int games,
                            uint8_t *deck, const bk_plan *plan, oe_rng *rng, uint64_t t0,
                            uint64_t t1, int64_t *stats, bk_deal_info *deals)
{
    const int want_hi = games & 1, want_hilo = games & 2;
    int nd = (int)(t1 - t0);
    for (int d = 0; d < nd; ++d) {
        bk_deal1(plan, deck, 52, rng, 9);
        bk_deal_info *di = &deals[d];
        bk_board_prepare(deck, &di->bi);
        const uint8_t *opp = deck + 5;
        di->opp_hi = bk_hi(&di->bi, opp, 4);
        di->opp_lo = want_hilo ? oe_low_table[bk_low_bits(opp, 4) << 8 | di->bi.low] : 0;
        uint64_t dealt = 0;
        for (int j = 0; j < 9; ++j) dealt |= (uint64_t)1 << deck[j];
        di->dealt = dealt;
    }
    for (size_t c0 = 0; c0 < n; c0 += BK_HERO_CHUNK) {
        size_t c1 = c0 + BK_HERO_CHUNK < n ? c0 + BK_HERO_CHUNK : n;
        for (int d = 0; d < nd; ++d) {
            const bk_deal_info *di = &deals[d];
            const bk_board *bi = &di->bi;
            uint16_t opp_hi = di->opp_hi;
            unsigned opp_lo = di->opp_lo;
            for (size_t i = c0; i < c1; ++i) {
                int64_t v = (masks[i] & di->dealt) == 0;
                const bk_hero *h = &heroes[i];
                uint16_t hh = bk_hero_hi(bi, h, 6);
                int win = hh > opp_hi, tie = hh == opp_hi;
                int64_t *st = stats + i * 2 * (OE_BK_NSTAT + 1);
                if (want_hi) {
                    int s = win ? OE_BULK_POT : tie ? OE_BULK_POT / 2 : 0;
                    st[OE_BK_SHARE] += v * s;
                    st[OE_BK_SHARE_SQ] += v * s * s;
                    st[OE_BK_HI_WIN] += v & win;
                    st[OE_BK_HI_TIE] += v & tie;
                    st[OE_BK_SCOOP] += v & win;
                    st[OE_BK_NSTAT] += v;
                }
                if (want_hilo) {
                    unsigned hl = oe_low_table[(unsigned)h->low << 8 | bi->low];
                    unsigned best_lo = hl > opp_lo ? hl : opp_lo;
                    int half = best_lo ? OE_BULK_POT / 2 : OE_BULK_POT;
                    int lo_win = best_lo && hl > opp_lo, lo_tie = best_lo && hl == opp_lo;
                    int s = (win ? half : tie ? half / 2 : 0) +
                            (lo_win ? OE_BULK_POT / 2 : lo_tie ? OE_BULK_POT / 4 : 0);
                    int64_t *sl = st + OE_BK_NSTAT + 1;
                    sl[OE_BK_SHARE] += v * s;
                    sl[OE_BK_SHARE_SQ] += v * s * s;
                    sl[OE_BK_HI_WIN] += v & win;
                    sl[OE_BK_HI_TIE] += v & tie;
                    sl[OE_BK_LO_WIN] += v & lo_win;
                    sl[OE_BK_LO_TIE] += v & lo_tie;
                    sl[OE_BK_SCOOP] += v & (s == OE_BULK_POT);
                    sl[OE_BK_NSTAT] += v;
                }
            }
        }
    }
}

int oe_bulk_shared(const uint8_t *heroes, size_t n, int games, const uint64_t key[4],
                   uint64_t block_begin, uint64_t block_end, uint64_t deals, int64_t *stats)
{
    if (games < 1 || games > 3 || block_end < block_begin) return -1;
    bk_hero *hs = (bk_hero *)calloc(n ? n : 1, sizeof *hs);
    uint64_t *masks = (uint64_t *)calloc(n ? n : 1, sizeof *masks);
    if (!hs || !masks) {
        free(hs);
        free(masks);
        return -2;
    }
    for (size_t i = 0; i < n; ++i) {
        const uint8_t *c = heroes + 4 * i;
        bk_hero *h = &hs[i];
        int p = 0;
        for (int a = 0; a < 4; ++a) {
            if (c[a] > 51 || (masks[i] >> c[a] & 1)) {
                free(hs);
                free(masks);
                return -1;
            }
            masks[i] |= (uint64_t)1 << c[a];
            h->cards[a] = c[a];
            h->low |= (uint8_t)oe_low_bit(c[a]);
            h->suit_ranks[c[a] & 3] |= (uint16_t)(1u << (c[a] >> 2));
            h->suit_n[c[a] & 3]++;
            for (int b = a + 1; b < 4; ++b) h->col[p++] = oe_pair_column[(unsigned)c[a] << 6 | c[b]];
        }
    }
    bk_deal_info *infos = (bk_deal_info *)malloc(OE_BULK_SHARED_BLOCK * sizeof *infos);
    if (!infos) {
        free(hs);
        free(masks);
        return -2;
    }
    bk_plan plan;
    bk_plan_make(&plan, 52, 9);
    for (uint64_t b = block_begin; b < block_end; ++b) {
        uint64_t t0 = b * OE_BULK_SHARED_BLOCK;
        if (t0 >= deals) break;
        uint64_t t1 = t0 + OE_BULK_SHARED_BLOCK < deals ? t0 + OE_BULK_SHARED_BLOCK : deals;
        uint8_t deck[52];
        for (int c = 0; c < 52; ++c) deck[c] = (uint8_t)c;
        oe_rng rng;
        bk_seed(&rng, key, b);
        bk_shared_block(hs, masks, n, games, deck, &plan, &rng, t0, t1, stats, infos);
    }
    free(infos);
    free(hs);
    free(masks);
    return 0;
}
