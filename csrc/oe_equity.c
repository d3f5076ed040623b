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
#include "oe_equity.h"

/* ------------------------------------------------------------------ hands and boards */

static inline unsigned low_bit_of_rank(int r) { return r == 12 ? 1u : (r < 7 ? 2u << r : 0u); }

static inline unsigned rank_pair_index(int a, int b)
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    return (unsigned)(lo + hi * (hi + 1) / 2);
}

/* What the kernels need to know about one holding. */
typedef struct {
    uint8_t pair[6];        /* oe_board_pair column of each two-card choice */
    uint8_t low;            /* 8-or-better low rank bits of the four cards */
    uint8_t suit_n[4];      /* cards of each suit */
    uint16_t suit_ranks[4]; /* rank bits of the cards of each suit */
    uint64_t mask;          /* card bits */
} hand_info;

static void hand_prepare(const uint8_t h[4], hand_info *hi)
{
    memset(hi, 0, sizeof *hi);
    for (int k = 0; k < 6; ++k)
        hi->pair[k] = (uint8_t)rank_pair_index(h[oe_hole_pairs[k][0]] >> 2, h[oe_hole_pairs[k][1]] >> 2);
    for (int i = 0; i < 4; ++i) {
        int r = h[i] >> 2, s = h[i] & 3;
        hi->low |= (uint8_t)low_bit_of_rank(r);
        hi->suit_n[s]++;
        hi->suit_ranks[s] |= (uint16_t)(1u << r);
        hi->mask |= (uint64_t)1 << h[i];
    }
}

static inline uint16_t nonflush_hi(const uint16_t *row, const hand_info *h)
{
    uint16_t s0 = row[h->pair[0]], s1 = row[h->pair[1]], s2 = row[h->pair[2]];
    uint16_t s3 = row[h->pair[3]], s4 = row[h->pair[4]], s5 = row[h->pair[5]];
    s0 = s0 > s1 ? s0 : s1;
    s2 = s2 > s3 ? s2 : s3;
    s4 = s4 > s5 ? s4 : s5;
    s0 = s0 > s2 ? s0 : s2;
    return s0 > s4 ? s0 : s4;
}

/* Best flush from exactly two of the hole's suited ranks and three of the board's suited ranks. */
static uint16_t best_flush(unsigned hole_ranks, unsigned board_ranks)
{
    int h[4], nh = 0, b[5], nb = 0;
    for (unsigned m = hole_ranks; m && nh < 4; m &= m - 1) h[nh++] = __builtin_ctz(m);
    for (unsigned m = board_ranks; m && nb < 5; m &= m - 1) b[nb++] = __builtin_ctz(m);
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

/* A complete board, prepared once for every hand on it. */
typedef struct {
    const uint16_t *row; /* oe_board_pair row of the board's rank multiset */
    int flush_suit;      /* the suit with 3+ cards, or -1 */
    unsigned flush_ranks;
    unsigned low;        /* low rank bits */
} board_info;

static inline void board_prepare(const uint8_t b[5], board_info *bi)
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
    unsigned flags = (counts + 0x5555u) & 0x8888u; /* top bit of a nibble set when its count >= 3 */
    if (flags) {
        int s = __builtin_ctz(flags) >> 2;
        bi->flush_suit = s;
        for (int i = 0; i < 5; ++i)
            if ((b[i] & 3) == s) bi->flush_ranks |= 1u << (b[i] >> 2);
    }
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
    return oe_low_table[(unsigned)h->low << 8 | board_low];
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
    int P, game;
    uint16_t *share_out;
    uint8_t *flags_out;
} showdown_job;

static void showdown_range(void *ctx, size_t begin, size_t end)
{
    const showdown_job *job = (const showdown_job *)ctx;
    int P = job->P;
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
            hand_prepare(h + 4 * p, &hp);
            hi[p] = hand_hi(&bi, &hp);
            lo[p] = job->game == OE_GAME_HILO ? hand_lo(bi.low, &hp) : 0;
        }
        settle(P, hi, job->game == OE_GAME_HILO ? lo : NULL, share, flags);
        for (int p = 0; p < P; ++p) {
            if (job->share_out) job->share_out[i * (size_t)P + p] = (uint16_t)share[p];
            if (job->flags_out) job->flags_out[i * (size_t)P + p] = (uint8_t)flags[p];
        }
    }
}

void oe_showdown(const uint8_t *holes, ptrdiff_t hole_stride, int players, const uint8_t *board,
                 ptrdiff_t board_stride, size_t n, int game, uint16_t *share_out,
                 uint8_t *flags_out, int workers)
{
    showdown_job job = {holes, board, hole_stride, board_stride, players, game, share_out, flags_out};
    oe_parallel_for(n, 1 << 13, workers, showdown_range, &job);
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
#define MAX_ITEMS (4 * 2380) /* per suit, subsets of at most 5 of 13 ranks: sum of C(13, j) */

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
    int P, game, m;
    hand_info h[OE_MAX_PLAYERS];
    uint8_t known_sorted[5]; /* known board ranks, ascending */
    int n_known;
    unsigned known_low;
    unsigned known_suit_ranks[4];
    int known_suit_n[4];
    uint8_t cnt[13];
    unsigned avail[4];
    uint64_t n_boards;
    /* phase A */
    rank_set *sets, *sorted;
    int16_t *order;
    int n_sets;
    uint16_t *cache_hi; /* OE_N_RANK5 * P, by full board rank multiset */
    uint8_t *cache_lo;
    /* phase B */
    flush_item *items;
    int n_items;
    rank_set others[4][3][MAX_SMALL_SETS]; /* non-suited missing cards by suit and count */
    int n_others[4][3];
} exact_ctx;

static void exact_free(exact_ctx *cx)
{
    if (!cx) return;
    free(cx->sets); free(cx->sorted); free(cx->order); free(cx->cache_hi); free(cx->cache_lo);
    free(cx->items); free(cx);
}

static exact_ctx *exact_alloc(int P)
{
    exact_ctx *cx = (exact_ctx *)calloc(1, sizeof *cx);
    if (!cx) return NULL;
    cx->sets = (rank_set *)malloc(sizeof(rank_set) * MAX_SETS);
    cx->sorted = (rank_set *)malloc(sizeof(rank_set) * MAX_SETS);
    cx->order = (int16_t *)malloc(sizeof(int16_t) * OE_N_RANK5);
    cx->cache_hi = (uint16_t *)malloc(sizeof(uint16_t) * OE_N_RANK5 * (size_t)P);
    cx->cache_lo = (uint8_t *)malloc(sizeof(uint8_t) * OE_N_RANK5 * (size_t)P);
    cx->items = (flush_item *)malloc(sizeof(flush_item) * MAX_ITEMS);
    if (!cx->sets || !cx->sorted || !cx->order || !cx->cache_hi || !cx->cache_lo || !cx->items) {
        exact_free(cx);
        return NULL;
    }
    return cx;
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

static unsigned small_index(const uint8_t *r, int k)
{
    unsigned idx = 0;
    for (int i = 0; i < k; ++i) idx += oe_choose[r[i] + i][i + 1];
    return idx;
}

static void merge_init(void)
{
    uint8_t a[4], b[2];
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

/* Appends every j-subset of ranks[from..n) (added to `chosen`) as a phase B item of suit s. */
static void add_subsets(exact_ctx *cx, int s, const int *ranks, int n, int j, int from, unsigned chosen)
{
    if (j == 0) {
        cx->items[cx->n_items].suit = (uint8_t)s;
        cx->items[cx->n_items].ranks = (uint16_t)chosen;
        cx->n_items++;
        return;
    }
    for (int i = from; i <= n - j; ++i) add_subsets(cx, s, ranks, n, j - 1, i + 1, chosen | 1u << ranks[i]);
}

static void exact_setup(exact_ctx *cx, const uint8_t *holes, int P, const uint8_t *board, int nb,
                        const uint8_t *dead, int nd, int game)
{
    uint64_t used = 0;
    pthread_once(&merge_once, merge_init);
    cx->P = P;
    cx->game = game;
    cx->m = 5 - nb;
    memset(cx->cnt, 0, sizeof cx->cnt);
    memset(cx->known_suit_ranks, 0, sizeof cx->known_suit_ranks);
    memset(cx->known_suit_n, 0, sizeof cx->known_suit_n);
    memset(cx->avail, 0, sizeof cx->avail);
    cx->known_low = 0;
    for (int p = 0; p < P; ++p) {
        hand_prepare(holes + 4 * p, &cx->h[p]);
        used |= cx->h[p].mask;
    }
    for (int i = 0; i < nb; ++i) {
        int c = board[i];
        used |= (uint64_t)1 << c;
        cx->known_low |= low_bit_of_rank(c >> 2);
        cx->known_suit_ranks[c & 3] |= 1u << (c >> 2);
        cx->known_suit_n[c & 3]++;
    }
    for (int i = 0; i < nd; ++i) used |= (uint64_t)1 << dead[i];
    cx->n_known = 0;
    for (int r = 0; r < 13; ++r) /* the known ranks in order, from the rank bits of each suit */
        for (int s = 0; s < 4; ++s)
            if (cx->known_suit_ranks[s] >> r & 1) cx->known_sorted[cx->n_known++] = (uint8_t)r;
    for (int c = 0; c < 52; ++c)
        if (!(used >> c & 1)) {
            cx->cnt[c >> 2]++;
            cx->avail[c & 3] |= 1u << (c >> 2);
        }

    cx->n_sets = enum_sets(cx->cnt, cx->m, cx->sets);
    cx->n_boards = 0;
    for (int i = 0; i < cx->n_sets; ++i) {
        rank_set *rs = &cx->sets[i];
        unsigned low = cx->known_low;
        for (int t = 0; t < rs->n; ++t) low |= low_bit_of_rank(rs->r[t]);
        rs->low = (uint8_t)low;
        rs->idx = (uint16_t)rank5_of_merge(cx->known_sorted, cx->n_known, rs->r, rs->n);
        cx->n_boards += rs->w;
    }
    if (cx->n_sets > 256) {
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
            for (int o = 0; o < cx->n_others[s][k]; ++o)
                cx->others[s][k][o].idx = (uint16_t)small_index(cx->others[s][k][o].r, k);
        }
        /* every subset of the suit's available ranks with jmin..jmax members */
        int ranks[13], na2 = 0;
        for (unsigned a = cx->avail[s]; a; a &= a - 1) ranks[na2++] = __builtin_ctz(a);
        for (int j = jmin; j <= jmax; ++j) add_subsets(cx, s, ranks, na2, j, 0, 0u);
    }
}

/* Bit mask of the players holding the best high score. */
static inline unsigned hi_winners(int P, const uint16_t *hi)
{
    uint16_t best = 0;
    unsigned mask = 0;
    for (int p = 0; p < P; ++p) {
        if (hi[p] > best) { best = hi[p]; mask = 1u << p; }
        else if (hi[p] == best) mask |= 1u << p;
    }
    return mask;
}

/* Phase A over sets [begin, end): settle each rank multiset as if no flush could happen. */
static void exact_phase_a(exact_ctx *cx, int begin, int end, int64_t *st)
{
    int P = cx->P, hilo = cx->game == OE_GAME_HILO;
    uint16_t hi[OE_MAX_PLAYERS];
    uint8_t lo[OE_MAX_PLAYERS];
    int share[OE_MAX_PLAYERS];
    unsigned flags[OE_MAX_PLAYERS];
    for (int i = begin; i < end; ++i) {
        const rank_set *rs = &cx->sets[i];
        unsigned low = rs->low, idx = rs->idx;
        const uint16_t *row = oe_board_pair + (size_t)idx * OE_N_RANK2;
        uint16_t *cache_hi = cx->cache_hi + (size_t)idx * P;
        uint8_t *cache_lo = cx->cache_lo + (size_t)idx * P;
        for (int p = 0; p < P; ++p) {
            cache_hi[p] = hi[p] = nonflush_hi(row, &cx->h[p]);
            cache_lo[p] = lo[p] = hilo ? hand_lo(low, &cx->h[p]) : 0;
        }
        settle(P, hi, hilo ? lo : NULL, share, flags);
        accumulate(st, P, rs->w, share, flags);
    }
}

/* Phase B over items [begin, end): correct the boards on which a flush changes who wins the
 * high half (the low half never depends on suits). */
static void exact_phase_b(exact_ctx *cx, int begin, int end, int64_t *st)
{
    int P = cx->P, hilo = cx->game == OE_GAME_HILO;
    uint16_t fl[OE_MAX_PLAYERS], act[OE_MAX_PLAYERS];
    int share[OE_MAX_PLAYERS];
    unsigned flags[OE_MAX_PLAYERS];
    for (int i = begin; i < end; ++i) {
        int s = cx->items[i].suit;
        unsigned sub = cx->items[i].ranks;
        unsigned board_ranks = cx->known_suit_ranks[s] | sub;
        for (int p = 0; p < P; ++p)
            fl[p] = cx->h[p].suit_n[s] >= 2 ? best_flush(cx->h[p].suit_ranks[s], board_ranks) : 0;
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
            const uint16_t *nf = cx->cache_hi + (size_t)idx * P;
            for (int p = 0; p < P; ++p) act[p] = fl[p] > nf[p] ? fl[p] : nf[p];
            if (hi_winners(P, act) == hi_winners(P, nf)) continue;
            const uint8_t *lo = hilo ? cx->cache_lo + (size_t)idx * P : NULL;
            settle(P, act, lo, share, flags);
            accumulate(st, P, others[o].w, share, flags);
            settle(P, nf, lo, share, flags);
            accumulate(st, P, -(int64_t)others[o].w, share, flags);
        }
    }
}

/* parallel drivers: each fixed chunk of work adds into its own slot of `partial` */
#define CHUNK_A 256
#define CHUNK_B 16

typedef struct {
    exact_ctx *cx;
    int64_t *partial;
    size_t chunk;
    int phase;
} exact_job;

static void exact_range(void *ctx, size_t begin, size_t end)
{
    exact_job *job = (exact_job *)ctx;
    int64_t *st = job->partial + (begin / job->chunk) * (size_t)job->cx->P * OE_NSTAT;
    if (job->phase == 0) exact_phase_a(job->cx, (int)begin, (int)end, st);
    else exact_phase_b(job->cx, (int)begin, (int)end, st);
}

static int exact_run(exact_ctx *cx, int64_t *stats, int workers)
{
    size_t width = (size_t)cx->P * OE_NSTAT;
    memset(stats, 0, sizeof(int64_t) * width);
    if (workers <= 1) {
        exact_phase_a(cx, 0, cx->n_sets, stats);
        exact_phase_b(cx, 0, cx->n_items, stats);
        return 0;
    }
    size_t na = ((size_t)cx->n_sets + CHUNK_A - 1) / CHUNK_A;
    size_t nb = ((size_t)cx->n_items + CHUNK_B - 1) / CHUNK_B;
    size_t slots = na > nb ? na : nb;
    int64_t *partial = (int64_t *)calloc(slots ? slots : 1, sizeof(int64_t) * width);
    if (!partial) return -1;
    exact_job job = {cx, partial, CHUNK_A, 0};
    oe_parallel_for((size_t)cx->n_sets, CHUNK_A, workers, exact_range, &job);
    job.chunk = CHUNK_B;
    job.phase = 1;
    oe_parallel_for((size_t)cx->n_items, CHUNK_B, workers, exact_range, &job);
    for (size_t c = 0; c < slots; ++c)
        for (size_t k = 0; k < width; ++k) stats[k] += partial[c * width + k];
    free(partial);
    return 0;
}

int oe_equity_exact(const uint8_t *holes, int players, const uint8_t *board, int n_board,
                    const uint8_t *dead, int n_dead, int game, int64_t *stats,
                    uint64_t *n_boards, int workers)
{
    exact_ctx *cx = exact_alloc(players);
    if (!cx) return -1;
    exact_setup(cx, holes, players, board, n_board, dead, n_dead, game);
    int rc = exact_run(cx, stats, workers);
    if (n_boards) *n_boards = cx->n_boards;
    exact_free(cx);
    return rc;
}

typedef struct {
    const uint8_t *holes, *board, *dead;
    ptrdiff_t hole_stride, board_stride;
    int P, n_board, n_dead, game;
    int64_t *stats;
    uint64_t *n_boards;
    int failed;
} exact_batch_job;

static void exact_batch_range(void *ctx, size_t begin, size_t end)
{
    exact_batch_job *job = (exact_batch_job *)ctx;
    exact_ctx *cx = exact_alloc(job->P); /* reused by every row of this chunk */
    if (!cx) {
        __atomic_store_n(&job->failed, 1, __ATOMIC_RELAXED);
        return;
    }
    size_t width = (size_t)job->P * OE_NSTAT;
    for (size_t i = begin; i < end; ++i) {
        exact_setup(cx, job->holes + (ptrdiff_t)i * job->hole_stride, job->P,
                    job->board + (ptrdiff_t)i * job->board_stride, job->n_board, job->dead,
                    job->n_dead, job->game);
        exact_run(cx, job->stats + i * width, 1);
        job->n_boards[i] = cx->n_boards;
    }
    exact_free(cx);
}

int oe_equity_exact_batch(const uint8_t *holes, ptrdiff_t hole_stride, int players,
                          const uint8_t *board, ptrdiff_t board_stride, int n_board,
                          const uint8_t *dead, int n_dead, size_t n, int game, int64_t *stats,
                          uint64_t *n_boards, int workers)
{
    exact_batch_job job = {holes, board, dead, hole_stride, board_stride, players, n_board,
                           n_dead, game, stats, n_boards, 0};
    /* preflop rows are heavy (a few per chunk, each chunk allocating its work space once);
     * later streets are light (many per chunk) */
    size_t chunk = n_board == 0 ? 4 : 64;
    oe_parallel_for(n, chunk, workers, exact_batch_range, &job);
    return job.failed ? -1 : 0;
}

/* ------------------------------------------------------------------ Monte Carlo */

typedef struct {
    uint64_t s[4];
} rng_t; /* xoshiro256** */

static inline uint64_t rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline uint64_t rng_next(rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl64(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl64(s[3], 45);
    return result;
}

/* Stream `stream` of seed `seed`: independent of every other stream of any seed in practice. */
static void rng_seed(rng_t *r, uint64_t seed, uint64_t stream)
{
    uint64_t x = seed;
    uint64_t a = splitmix64(&x);
    x = a ^ (stream + 1) * 0xD1B54A32D192ED03ULL;
    x = splitmix64(&x);
    for (int i = 0; i < 4; ++i) r->s[i] = splitmix64(&x);
}

/* Uniform integer in [0, n), unbiased (Lemire's multiply-and-reject on 32 bits). */
static inline uint32_t rng_below(rng_t *r, uint32_t n)
{
    uint64_t m = (rng_next(r) >> 32) * (uint64_t)n;
    uint32_t l = (uint32_t)m;
    if (l < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while (l < t) {
            m = (rng_next(r) >> 32) * (uint64_t)n;
            l = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

static inline double rng_unit(rng_t *r) { return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0); }

uint64_t oe_row_seed(uint64_t seed, uint64_t row)
{
    uint64_t x = seed ^ 0x5851F42D4C957F2DULL;
    uint64_t a = splitmix64(&x);
    x = a + row * 0x9E3779B97F4A7C15ULL;
    return splitmix64(&x);
}

#define MAX_ATTEMPTS 1000000

typedef struct {
    const uint8_t *hands;
    const size_t *offsets;
    const double *cum;
    int P, nk, m, game;
    uint8_t board[5];
    uint8_t deck[52];
    int n_deck;
    uint64_t base_used;
    hand_info fixed[OE_MAX_PLAYERS];
    int is_fixed[OE_MAX_PLAYERS];
    uint64_t seed, trial_begin, trial_end;
    int64_t *total;          /* players * OE_NSTAT sums, added to atomically */
    uint64_t total_attempts;
    int failed;
} mc_ctx;

static void mc_setup(mc_ctx *mc, const uint8_t *hands, const size_t *offsets, const double *cum,
                     int P, const uint8_t *board, int nb, const uint8_t *dead, int nd, int game)
{
    memset(mc, 0, sizeof *mc);
    mc->hands = hands;
    mc->offsets = offsets;
    mc->cum = cum;
    mc->P = P;
    mc->nk = nb;
    mc->m = 5 - nb;
    mc->game = game;
    uint64_t used = 0;
    for (int i = 0; i < nb; ++i) {
        mc->board[i] = board[i];
        used |= (uint64_t)1 << board[i];
    }
    for (int i = 0; i < nd; ++i) used |= (uint64_t)1 << dead[i];
    for (int p = 0; p < P; ++p) {
        mc->is_fixed[p] = offsets[p + 1] - offsets[p] == 1;
        if (mc->is_fixed[p]) {
            hand_prepare(hands + 4 * offsets[p], &mc->fixed[p]);
            used |= mc->fixed[p].mask;
        }
    }
    mc->base_used = used;
    for (int c = 0; c < 52; ++c)
        if (!(used >> c & 1)) mc->deck[mc->n_deck++] = (uint8_t)c;
}

static inline size_t pick_row(const mc_ctx *mc, int p, rng_t *r)
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

/* Runs trials [t0, t1) of one stream into st; returns 1 when holdings could not be drawn. */
static int mc_stream(const mc_ctx *mc, uint64_t stream, uint64_t t0, uint64_t t1, int64_t *st,
                     uint64_t *attempts)
{
    rng_t rng;
    rng_seed(&rng, mc->seed, stream);
    int P = mc->P, m = mc->m, nk = mc->nk, hilo = mc->game == OE_GAME_HILO;
    uint8_t deck[52], board[5];
    hand_info hs[OE_MAX_PLAYERS];
    const hand_info *hp[OE_MAX_PLAYERS];
    memcpy(deck, mc->deck, 52);
    memcpy(board, mc->board, 5);
    int any_range = 0;
    for (int p = 0; p < P; ++p) {
        hp[p] = mc->is_fixed[p] ? &mc->fixed[p] : &hs[p];
        any_range |= !mc->is_fixed[p];
    }
    uint16_t hi[OE_MAX_PLAYERS];
    uint8_t lo[OE_MAX_PLAYERS];
    int share[OE_MAX_PLAYERS];
    unsigned flags[OE_MAX_PLAYERS];
    uint64_t tries = 0;
    for (uint64_t t = t0; t < t1; ++t) {
        uint64_t used = mc->base_used;
        if (any_range) {
            int ok = 0;
            for (int attempt = 0; attempt < MAX_ATTEMPTS && !ok; ++attempt) {
                used = mc->base_used;
                ok = 1;
                ++tries;
                for (int p = 0; p < P; ++p) {
                    if (mc->is_fixed[p]) continue;
                    const uint8_t *row = mc->hands + 4 * pick_row(mc, p, &rng);
                    uint64_t hm = (uint64_t)1 << row[0] | (uint64_t)1 << row[1] |
                                  (uint64_t)1 << row[2] | (uint64_t)1 << row[3];
                    if (hm & used) { ok = 0; break; }
                    used |= hm;
                    hand_prepare(row, &hs[p]);
                }
            }
            if (!ok) {
                *attempts += tries;
                return 1;
            }
        } else {
            ++tries;
        }
        /* deal the missing board cards: partial Fisher-Yates over a permanently shuffled deck,
         * skipping cards a drawn holding uses */
        int top = mc->n_deck;
        for (int k = 0; k < m; ++k) {
            uint8_t c;
            do {
                if (top == 0) { *attempts += tries; return 1; }
                uint32_t j = rng_below(&rng, (uint32_t)top);
                c = deck[j];
                deck[j] = deck[top - 1];
                deck[top - 1] = c;
                --top;
            } while (used >> c & 1);
            used |= (uint64_t)1 << c;
            board[nk + k] = c;
        }
        board_info bi;
        board_prepare(board, &bi);
        for (int p = 0; p < P; ++p) {
            hi[p] = hand_hi(&bi, hp[p]);
            lo[p] = hilo ? hand_lo(bi.low, hp[p]) : 0;
        }
        settle(P, hi, hilo ? lo : NULL, share, flags);
        accumulate(st, P, 1, share, flags);
    }
    *attempts += tries;
    return 0;
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
                          int players, const uint8_t *board, int n_board, const uint8_t *dead,
                          int n_dead, int game, uint64_t seed, uint64_t trial_begin,
                          uint64_t trial_end, int64_t *stats, uint64_t *attempts, int workers)
{
    size_t width = (size_t)players * OE_NSTAT;
    memset(stats, 0, sizeof(int64_t) * width);
    if (attempts) *attempts = 0;
    if (trial_begin % OE_MC_CHUNK || trial_end < trial_begin) return -1;
    if (trial_end == trial_begin) return 0;
    mc_ctx *mc = (mc_ctx *)malloc(sizeof *mc);
    if (!mc) return -1;
    mc_setup(mc, hands, offsets, cum_weights, players, board, n_board, dead, n_dead, game);
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
    int P, n_board, n_dead, game;
    uint64_t trials, seed;
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
                 job->board + (ptrdiff_t)i * job->board_stride, job->n_board, job->dead,
                 job->n_dead, job->game);
        mc->seed = oe_row_seed(job->seed, i);
        int64_t *st = job->stats + i * width;
        memset(st, 0, sizeof(int64_t) * width);
        uint64_t attempts = 0;
        for (uint64_t s = 0; s * OE_MC_CHUNK < job->trials; ++s) {
            uint64_t t0 = s * OE_MC_CHUNK;
            uint64_t t1 = t0 + OE_MC_CHUNK < job->trials ? t0 + OE_MC_CHUNK : job->trials;
            mc_stream(mc, s, t0, t1, st, &attempts);
        }
    }
    free(mc);
}

int oe_equity_monte_carlo_batch(const uint8_t *holes, ptrdiff_t hole_stride, int players,
                                const uint8_t *board, ptrdiff_t board_stride, int n_board,
                                const uint8_t *dead, int n_dead, size_t n, int game,
                                uint64_t trials, uint64_t seed, int64_t *stats, int workers)
{
    mc_batch_job job = {holes, board, dead, hole_stride, board_stride, players, n_board, n_dead,
                        game, trials, seed, stats, 0};
    size_t chunk = trials >= 100000 ? 1 : (size_t)(100000 / (trials + 1)) + 1;
    oe_parallel_for(n, chunk, workers, mc_batch_range, &job);
    return job.failed ? -1 : 0;
}
