/* Equity engine, exact enumeration (oe_equity_exact, oe_equity_exact_batch; omaha_eval.h).
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
#include <stdlib.h>
#include <string.h>

#include "omaha_eval.h"
#include "oe_equity_core.h"
#include "oe_pool.h"
#include "oe_threads.h"

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
     * unpack_key), and per board rank multiset a byte: packed key << 1 | 1 when the best
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
static oe_tls_key ws_key;
static oe_once_flag ws_once = OE_ONCE_INIT;
static int ws_key_ok;

static void ws_destroy(void *p) { exact_free((exact_ctx *)p); }
static void ws_make_key(void) { ws_key_ok = oe_tls_create(&ws_key, ws_destroy) == 0; }

static exact_ctx *thread_ctx(int *owned)
{
    oe_once(&ws_once, ws_make_key);
    *owned = 0;
    if (ws_key_ok) {
        exact_ctx *cx = (exact_ctx *)oe_tls_get(&ws_key);
        if (cx) return cx;
        cx = exact_alloc();
        if (cx && oe_tls_set(&ws_key, cx) == 0) return cx;
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
    if (ws_key_ok) oe_tls_set(&ws_key, NULL);
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
static oe_once_flag merge_once = OE_ONCE_INIT;

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
            x = up | ((x ^ up) >> 2) >> OE_CTZ32(low);
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

/* The spot's cards: the players' hands, the distinct known board cards (their ranks ascending in
 * known_sorted, m the cards still to come) and the rest of the deck by rank and by suit, with
 * ways[], its binomials by rank. */
static void setup_cards(exact_ctx *cx, const uint8_t *holes, const uint8_t *board, int nb,
                        const uint8_t *dead, int nd)
{
    uint64_t used = 0;
    memset(cx->cnt, 0, sizeof cx->cnt);
    memset(cx->known_suit_ranks, 0, sizeof cx->known_suit_ranks);
    memset(cx->known_suit_n, 0, sizeof cx->known_suit_n);
    memset(cx->avail, 0, sizeof cx->avail);
    cx->known_low = 0;
    for (int p = 0; p < cx->P; ++p) {
        hand_prepare(holes + (size_t)cx->hole * p, cx->hole, &cx->h[p]);
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
}

/* Phase A of preflop and the short boards (m >= 3): it walks the table of multisets itself (in
 * parallel), skipping those the deck cannot supply; the board count is C(cards left, m). */
static void setup_phase_a_table(exact_ctx *cx)
{
    cx->table = cx->m == 5 ? multisets5 : cx->m == 4 ? multisets4 : multisets3;
    cx->n_sets = cx->m == 5 ? OE_N_RANK5 : cx->m == 4 ? 1820 : 455;
    cx->known2 = cx->m == 3 ? small_index(cx->known_sorted, 2) : 0;
    int n_deck = 0;
    for (int r = 0; r < 13; ++r) n_deck += cx->cnt[r];
    uint64_t c = 1; /* boards: C(n_deck, m) */
    for (int i = 0; i < cx->m; ++i) c = c * (uint64_t)(n_deck - i) / (uint64_t)(i + 1);
    cx->n_boards = n_deck >= cx->m ? c : 0;
}

/* Phase A of the flop, turn and river (m <= 2): the enumerated rank sets, each with the whole
 * board's low bits and rank multiset index, and the board count. */
static void setup_phase_a_sets(exact_ctx *cx)
{
    cx->n_sets = enum_sets(cx->cnt, cx->m, cx->sets);
    /* flop and turn: the whole board's index from a table row of the known ranks */
    const uint16_t *known_merge = cx->n_known == 3 ? merge_3_2[small_index(cx->known_sorted, 3)]
                                : cx->n_known == 4 ? merge_4_1[small_index(cx->known_sorted, 4)]
                                : NULL;
    for (int i = 0; i < cx->n_sets; ++i) {
        rank_set *rs = &cx->sets[i];
        unsigned low = cx->known_low;
        for (int t = 0; t < rs->n; ++t) low |= low_bit_of_rank(rs->r[t]);
        rs->low = (uint8_t)low;
        rs->idx = (uint16_t)(known_merge ? known_merge[small_index(rs->r, rs->n)]
                             : cx->n_known == 0 ? small_index(rs->r, 5)
                             : rank5_of_merge(cx->known_sorted, cx->n_known, rs->r, rs->n));
        cx->n_boards += rs->w;
    }
}

/* The sets in oe_board_pair row order: the hardware prefetcher then hides the misses of a
 * 1.1 MB table (distinct sets have distinct indices). */
static void sort_sets_by_row(exact_ctx *cx)
{
    memset(cx->order, 0xff, sizeof(int16_t) * OE_N_RANK5);
    for (int i = 0; i < cx->n_sets; ++i) cx->order[cx->sets[i].idx] = (int16_t)i;
    int n = 0;
    for (int idx = 0; idx < OE_N_RANK5; ++idx)
        if (cx->order[idx] >= 0) cx->sorted[n++] = cx->sets[cx->order[idx]];
    memcpy(cx->sets, cx->sorted, sizeof(rank_set) * (size_t)n);
}

/* Phase B's other missing cards of suit s: the rank multisets of k = m - j cards outside the
 * suit, for j = jmin..jmax suited cards, with their weights and colex indices. */
static void setup_others(exact_ctx *cx, int s, int jmin, int jmax)
{
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
}

/* Phase B's work: the suits in which a flush can come and matter, as items and other cards. */
static void setup_phase_b(exact_ctx *cx)
{
    cx->n_items = 0;
    for (int s = 0; s < 4; ++s) {
        int holder = 0;
        for (int p = 0; p < cx->P; ++p) holder |= cx->h[p].suit_n[s] >= 2;
        int na = OE_POPCOUNT32(cx->avail[s]);
        int jmin = 3 - cx->known_suit_n[s] > 0 ? 3 - cx->known_suit_n[s] : 0;
        int jmax = cx->m < na ? cx->m : na;
        if (!holder || jmin > jmax) continue;
        setup_others(cx, s, jmin, jmax);
        /* every subset of the suit's available ranks with jmin..jmax members */
        add_subsets(cx, s, cx->avail[s], jmin, jmax);
    }
}

/* The spot into cx: its cards, phase A's rank multisets and phase B's flush items. */
static void exact_setup(exact_ctx *cx, const uint8_t *holes, int P, int hole, const uint8_t *board,
                        int nb, const uint8_t *dead, int nd, int game)
{
    oe_once(&merge_once, merge_init);
    cx->P = P;
    cx->hole = hole;
    cx->game = game;
    /* phase B's direct tallies: (1 << P) rows of (1 << bits) counters, at most 1024 */
    int bits = game == OE_GAME_HILO ? 2 * P : P;
    cx->direct_bits = P + bits <= DIRECT_MAX_BITS && flush_split ? bits : 0;
    setup_cards(cx, holes, board, nb, dead, nd);
    cx->n_boards = 0;
    cx->table = NULL;
    if (cx->m >= 3) {
        setup_phase_a_table(cx);
    } else {
        setup_phase_a_sets(cx);
        if (cx->n_sets > 256) sort_sets_by_row(cx);
    }
    setup_phase_b(cx);
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

/* The best flush (0: none) of suit s on boards with the suit's ranks board_ranks, and in
 * *top_mask who holds it (forced inline: it runs once per phase B item). */
OE_ALWAYS_INLINE uint16_t best_flush_holders(const exact_ctx *cx, int P, int s,
                                             unsigned board_ranks, uint32_t *top_mask)
{
    uint16_t top = 0;
    *top_mask = 0;
    for (int p = 0; p < P; ++p) {
        uint16_t f = cx->h[p].suit_n[s] >= 2 ? best_flush(cx->h[p].suit_ranks[s], board_ranks) : 0;
        if (f > top) { top = f; *top_mask = 1u << p; }
        else if (f == top && f) *top_mask |= 1u << p;
    }
    return top;
}

/* Phase B's direct counters (two sets of `half`, by flush winners mask and packed non-flush
 * outcome) into tally corrections: each board weight moves from the non-flush outcome to the
 * one where the flush's holders win the high half. */
static void direct_corrections(const int64_t *acc, size_t half, int P, int bits, int64_t *st)
{
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
        uint32_t top_mask;
        uint32_t top = best_flush_holders(cx, P, s, cx->known_suit_ranks[s] | sub, &top_mask);
        if (!top) continue; /* nobody makes a flush on these boards */
        uint8_t base[5 + 13]; /* 5 on any real spot */
        int n_sub = 0, n_base = 0, x = 0;
        for (unsigned b = sub; b; b &= b - 1, ++n_sub) { /* known and suited ranks in order */
            int r = OE_CTZ32(b);
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
    direct_corrections(acc, half, P, bits, st);
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
        uint32_t top_mask;
        uint16_t top = best_flush_holders(cx, P, s, cx->known_suit_ranks[s] | sub, &top_mask);
        if (!top) continue; /* nobody makes a flush on these boards */
        /* known ranks and the suited new ranks, merged in order */
        uint8_t base[5], sub_sorted[5];
        int n_sub = 0;
        for (unsigned b = sub; b; b &= b - 1) sub_sorted[n_sub++] = (uint8_t)OE_CTZ32(b);
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
        OE_ATOMIC_STORE(&job->failed, 1, OE_RELAXED);
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

