/* Board analysis kernel (oe_board.h).  Per board, oe_board_prepare builds what every hand
 * shares: the best non-flush score of each hole rank pair on the board and after each next
 * rank, the nuts after each next card, the set of made scores (for nut ranks).  Per hand,
 * oe_board_classify then does 13 rank lookups per hole pair and one short step per unseen
 * next card. */
#include <stdlib.h>
#include <string.h>

#include "oe_board.h"

#define STRAIGHT_FLAG 0x8000u
#define SCORE_BITS 0x1FFFu

static inline unsigned rank_pair_col(int a, int b)
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    return (unsigned)(lo + hi * (hi + 1) / 2);
}

/* Low bit of a rank (0 = deuce .. 12 = ace): bit 0 = ace .. bit 7 = eight, 0 above eight. */
static inline unsigned rank_low_bit(int r)
{
    return r == 12 ? 1u : (r <= 6 ? 1u << (r + 1) : 0u);
}

static inline int popcount16(unsigned x)
{
    int n = 0;
    for (; x; x &= x - 1) ++n;
    return n;
}

/* Best non-flush score of hole ranks (a, b) with three of the n board ranks r[]; with *straight
 * set when some triple makes a straight. */
static uint16_t best_nonflush(const int *r, int n, int a, int b, int *straight)
{
    uint16_t best = 0;
    uint8_t c[5];
    *straight = 0;
    for (int x = 0; x < n; ++x)
        for (int y = x + 1; y < n; ++y)
            for (int z = y + 1; z < n; ++z) {
                c[0] = (uint8_t)(4 * r[x]); c[1] = (uint8_t)(4 * r[y]); c[2] = (uint8_t)(4 * r[z]);
                c[3] = (uint8_t)(4 * a); c[4] = (uint8_t)(4 * b);
                uint16_t s = oe_unsuited5[oe_rank5_index(c)];
                if (s > best) best = s;
                if (s && oe_hi_class[s][0] == OE_STRAIGHT) *straight = 1;
            }
    return best;
}

static void build_nonflush(oe_board_ctx *ctx)
{
    int r[5], n = ctx->n_board, st;
    for (int i = 0; i < n; ++i) r[i] = ctx->board[i] >> 2;
    for (int a = 0; a < 13; ++a)
        for (int b = a; b < 13; ++b)
            ctx->nf_cur[rank_pair_col(a, b)] = best_nonflush(r, n, a, b, &st);
    if (n == 5) return;
    for (int x = 0; x < 13; ++x) {
        r[n] = x;
        for (int a = 0; a < 13; ++a)
            for (int b = a; b < 13; ++b) {
                uint16_t s = best_nonflush(r, n + 1, a, b, &st);
                ctx->nf_next[x][rank_pair_col(a, b)] = (uint16_t)(s | (st ? STRAIGHT_FLAG : 0));
            }
    }
}

/* Marks every five-card hi score and low that two non-board cards make with three board cards. */
static void mark_made(const oe_board_ctx *ctx, uint8_t *hi_made, uint8_t *lo_made)
{
    const int n = ctx->n_board;
    uint8_t five[5];
    for (int t = 0; t < 10; ++t) {
        const uint8_t *tr = oe_board_triples[t];
        if (tr[0] >= n || tr[1] >= n || tr[2] >= n) continue;
        five[2] = ctx->board[tr[0]]; five[3] = ctx->board[tr[1]]; five[4] = ctx->board[tr[2]];
        unsigned tm = oe_low_bit(five[2]) | oe_low_bit(five[3]) | oe_low_bit(five[4]);
        int tlow = popcount16(tm) == 3;
        for (int a = 0; a < 52; ++a) {
            if (ctx->used >> a & 1) continue;
            for (int b = a + 1; b < 52; ++b) {
                if (ctx->used >> b & 1) continue;
                five[0] = (uint8_t)a; five[1] = (uint8_t)b;
                hi_made[oe_eval5(five)] = 1;
                unsigned pm = oe_low_bit((uint8_t)a) | oe_low_bit((uint8_t)b);
                if (tlow && popcount16(pm) == 2 && !(pm & tm))
                    lo_made[oe_low_table[pm * 256 + tm]] = 1;
            }
        }
    }
}

static void build_made(oe_board_ctx *ctx)
{
    uint8_t hi_made[OE_HI_MAX + 1], lo_made[OE_LO_MAX + 1];
    memset(hi_made, 0, sizeof hi_made);
    memset(lo_made, 0, sizeof lo_made);
    mark_made(ctx, hi_made, lo_made);
    unsigned above = 0;
    memset(ctx->category_best, 0, sizeof ctx->category_best);
    ctx->nuts = 0;
    for (int s = OE_HI_MAX; s >= 1; --s) {
        ctx->above[s] = (uint16_t)above;
        if (!hi_made[s]) continue;
        ++above;
        if (!ctx->nuts) ctx->nuts = (uint16_t)s;
        int cat = oe_hi_class[s][0];
        if (!ctx->category_best[cat]) ctx->category_best[cat] = (uint16_t)s;
    }
    ctx->above[0] = (uint16_t)above;
    above = 0;
    ctx->lo_nuts = 0;
    for (int s = OE_LO_MAX; s >= 0; --s) {
        ctx->lo_above[s] = (uint8_t)above;
        if (s && lo_made[s]) {
            ++above;
            if (!ctx->lo_nuts) ctx->lo_nuts = (uint8_t)s;
        }
    }
}

/* Best non-flush hi that two non-board cards make after a next card of rank rc; cnt: the board's
 * cards per rank with that card. */
static uint16_t next_nonflush_nuts(const oe_board_ctx *ctx, const uint8_t *cnt, int rc)
{
    uint16_t best = 0;
    for (int a = 0; a < 13; ++a)
        for (int b = a; b < 13; ++b) {
            int ok = a == b ? cnt[a] <= 2 : (cnt[a] <= 3 && cnt[b] <= 3);
            uint16_t s = (uint16_t)(ctx->nf_next[rc][rank_pair_col(a, b)] & SCORE_BITS);
            if (ok && s > best) best = s;
        }
    return best;
}

/* Best flush (0: none) that two non-board cards make after next card (rank rc, suit sc). */
static uint16_t next_flush_nuts(const oe_board_ctx *ctx, int rc, int sc)
{
    uint16_t best = 0;
    for (int s = 0; s < 4; ++s) {
        unsigned bits = ctx->suit_ranks[s] | (s == sc ? 1u << rc : 0u);
        unsigned row = oe_flush_set[bits];
        if (!row) continue;
        for (int a = 0; a < 13; ++a)
            for (int b = a + 1; b < 13; ++b) {
                if (bits >> a & 1 || bits >> b & 1) continue;
                uint16_t f = oe_flush_rows[(size_t)row * OE_N_RANK2 + rank_pair_col(a, b)];
                if (f > best) best = f;
            }
    }
    return best;
}

/* Best low (0: none) that two non-board cards make after a next card of rank rc; cnt as in
 * next_nonflush_nuts. */
static uint8_t next_low_nuts(const oe_board_ctx *ctx, const uint8_t *cnt, int rc)
{
    unsigned bm = ctx->low_mask | rank_low_bit(rc);
    uint8_t lo = 0;
    for (int a = 0; a < 13; ++a)
        for (int b = a + 1; b < 13; ++b) {
            unsigned pm = rank_low_bit(a) | rank_low_bit(b);
            if (popcount16(pm) != 2 || cnt[a] > 3 || cnt[b] > 3) continue;
            uint8_t l = oe_low_table[pm * 256 + bm];
            if (l > lo) lo = l;
        }
    return lo;
}

/* Best hi and best low that any two non-board cards make after next card c. */
static void build_next_nuts(oe_board_ctx *ctx, int c)
{
    int rc = c >> 2, sc = c & 3;
    uint8_t cnt[13];
    memcpy(cnt, ctx->count, sizeof cnt);
    cnt[rc]++;
    uint16_t best = next_nonflush_nuts(ctx, cnt, rc), f = next_flush_nuts(ctx, rc, sc);
    ctx->nut_next[c] = f > best ? f : best;
    ctx->lo_nut_next[c] = next_low_nuts(ctx, cnt, rc);
    ctx->flush_row_next[c] = oe_flush_set[ctx->suit_ranks[sc] | 1u << rc];
}

int oe_board_prepare(const uint8_t *board, int n_board, oe_board_ctx *ctx)
{
    if (n_board < 3 || n_board > 5) return 1;
    memset(ctx, 0, sizeof *ctx);
    ctx->n_board = n_board;
    for (int i = 0; i < n_board; ++i) {
        uint8_t c = board[i];
        if (c > 51 || (ctx->used >> c & 1)) return 1;
        ctx->board[i] = c;
        ctx->used |= UINT64_C(1) << c;
        ctx->count[c >> 2]++;
        ctx->suit_ranks[c & 3] |= (uint16_t)(1u << (c >> 2));
        ctx->low_mask |= oe_low_bit(c);
    }
    build_nonflush(ctx);
    build_made(ctx);
    if (n_board < 5)
        for (int c = 0; c < 52; ++c)
            if (!(ctx->used >> c & 1)) build_next_nuts(ctx, c);
    return 0;
}

/* ---- per hand ---- */

typedef struct {
    unsigned col[15];      /* rank pair column of each hole pair */
    int suit_of_pair[15];  /* suit of a suited hole pair, else -1 */
    int npairs;
    uint64_t own;          /* card bits of the hand */
    unsigned low_mask;
    int suit_count[4];
    unsigned suit_ranks[4];
} hand_t;

static void hand_setup(const uint8_t *h, int k, hand_t *hd)
{
    hd->npairs = OE_HOLE_PAIRS(k);
    hd->own = 0;
    hd->low_mask = 0;
    memset(hd->suit_count, 0, sizeof hd->suit_count);
    memset(hd->suit_ranks, 0, sizeof hd->suit_ranks);
    for (int i = 0; i < k; ++i) {
        uint8_t c = (uint8_t)(h[i] % 52u);
        hd->own |= UINT64_C(1) << c;
        hd->low_mask |= oe_low_bit(c);
        hd->suit_count[c & 3]++;
        hd->suit_ranks[c & 3] |= 1u << (c >> 2);
    }
    for (int p = 0; p < hd->npairs; ++p) {
        uint8_t a = (uint8_t)(h[oe_hole_pairs[p][0]] % 52u), b = (uint8_t)(h[oe_hole_pairs[p][1]] % 52u);
        hd->col[p] = rank_pair_col(a >> 2, b >> 2);
        hd->suit_of_pair[p] = (a & 3) == (b & 3) ? (a & 3) : -1;
    }
}

/* Best flush of the hand's pairs of suit s with board flush row `row` (0: none). */
static inline uint16_t flush_with_row(const hand_t *hd, int s, unsigned row)
{
    uint16_t best = 0;
    if (!row || hd->suit_count[s] < 2) return 0;
    for (int p = 0; p < hd->npairs; ++p)
        if (hd->suit_of_pair[p] == s) {
            uint16_t f = oe_flush_rows[(size_t)row * OE_N_RANK2 + hd->col[p]];
            if (f > best) best = f;
        }
    return best;
}

/* Place of the hand's highest card of suit s among the ranks of s not on the board. */
static int draw_place(const oe_board_ctx *ctx, const hand_t *hd, int s)
{
    unsigned mine = hd->suit_ranks[s];
    int top = 12;
    while (!(mine >> top & 1)) --top;
    unsigned higher = (0x1FFFu & ~((2u << top) - 1u)) & ~(unsigned)ctx->suit_ranks[s];
    return 1 + popcount16(higher);
}

static void flush_draws(const oe_board_ctx *ctx, const hand_t *hd, uint8_t *fd, uint8_t *bd)
{
    int best = 0, back = 0, three = 0;
    *fd = 0; *bd = 0;
    if (ctx->n_board == 5) return;
    for (int s = 0; s < 4; ++s) three |= popcount16(ctx->suit_ranks[s]) >= 3;
    for (int s = 0; s < 4; ++s) {
        int on = popcount16(ctx->suit_ranks[s]);
        if (hd->suit_count[s] < 2) continue;
        int place = draw_place(ctx, hd, s);
        if (on == 2 && !three && (!best || place < best)) best = place;
        if (on == 1 && ctx->n_board == 3 && (!back || place < back)) back = place;
    }
    *fd = (uint8_t)best;
    *bd = (uint8_t)back;
}

static void next_cards(const oe_board_ctx *ctx, const hand_t *hd, const uint16_t *cur_flush,
                       const oe_board_out *o, size_t i)
{
    uint16_t by_rank[13];
    unsigned straight_ranks = 0;
    for (int r = 0; r < 13; ++r) {
        unsigned best = 0, st = 0;
        const uint16_t *row = ctx->nf_next[r];
        for (int p = 0; p < hd->npairs; ++p) {
            unsigned v = row[hd->col[p]];
            st |= v;
            v &= SCORE_BITS;
            if (v > best) best = v;
        }
        by_rank[r] = (uint16_t)best;
        if (st & STRAIGHT_FLAG) straight_ranks |= 1u << r;
    }
    unsigned cats[9] = {0};
    unsigned nut = 0, str = 0, lo_n = 0, nut_lo = 0;
    uint64_t seen = ctx->used | hd->own;
    for (int c = 0; c < 52; ++c) {
        if (seen >> c & 1) continue;
        int r = c >> 2, s = c & 3;
        unsigned score = by_rank[r];
        for (int t = 0; t < 4; ++t)
            if (t != s && cur_flush[t] > score) score = cur_flush[t];
        uint16_t f = flush_with_row(hd, s, ctx->flush_row_next[c]);
        if (f > score) score = f;
        cats[oe_hi_class[score][0]]++;
        nut += score == ctx->nut_next[c];
        str += straight_ranks >> r & 1;
        unsigned l = oe_low_table[hd->low_mask * 256 + (ctx->low_mask | rank_low_bit(r))];
        lo_n += l != 0;
        nut_lo += l != 0 && l == ctx->lo_nut_next[c];
    }
    unsigned acc = 0;
    for (int j = 8; j >= 0; --j) {
        acc += cats[j];
        o->outs[i * 9 + (size_t)j] = (uint8_t)acc;
    }
    o->nut_outs[i] = (uint8_t)nut;
    o->straight_outs[i] = (uint8_t)str;
    o->lo_outs[i] = (uint8_t)lo_n;
    o->nut_lo_outs[i] = (uint8_t)nut_lo;
}

static void classify_one(const oe_board_ctx *ctx, const uint8_t *h, int k, const oe_board_out *o,
                         size_t i)
{
    hand_t hd;
    hand_setup(h, k, &hd);
    unsigned best = 0;
    for (int p = 0; p < hd.npairs; ++p)
        if (ctx->nf_cur[hd.col[p]] > best) best = ctx->nf_cur[hd.col[p]];
    uint16_t cur_flush[4];
    for (int s = 0; s < 4; ++s) {
        cur_flush[s] = flush_with_row(&hd, s, oe_flush_set[ctx->suit_ranks[s]]);
        if (cur_flush[s] > best) best = cur_flush[s];
    }
    o->hi[i] = (uint16_t)best;
    o->category[i] = oe_hi_class[best][0];
    o->nut_rank[i] = (uint16_t)(1 + ctx->above[best]);
    o->made[i] = (uint8_t)oe_board_made(ctx, best);
    uint8_t lo = oe_low_table[hd.low_mask * 256 + ctx->low_mask];
    o->lo[i] = lo;
    o->nut_lo_rank[i] = lo ? (uint8_t)(1 + ctx->lo_above[lo]) : 0;
    flush_draws(ctx, &hd, &o->flush_draw[i], &o->backdoor_flush[i]);
    if (ctx->n_board < 5) {
        next_cards(ctx, &hd, cur_flush, o, i);
    } else {
        memset(o->outs + i * 9, 0, 9);
        o->nut_outs[i] = o->straight_outs[i] = o->lo_outs[i] = o->nut_lo_outs[i] = 0;
    }
}

/* ---- made-hand names (docs/board.rst) ---- */

/* Place of rank r among the board's distinct ranks, highest first, and their number. */
static int rank_place(const oe_board_ctx *ctx, int r, int *n_distinct)
{
    int place = 0, n = 0;
    for (int x = 12; x >= 0; --x) {
        if (!ctx->count[x]) continue;
        if (x > r) ++place;
        ++n;
    }
    *n_distinct = n;
    return place;
}

static int top_board_rank(const oe_board_ctx *ctx)
{
    int x = 12;
    while (x > 0 && !ctx->count[x]) --x;
    return x;
}

/* A pair of rank r that the hand holds a card of, or both cards of. */
static int pair_code(const oe_board_ctx *ctx, int r)
{
    int n, place = rank_place(ctx, r, &n);
    if (ctx->count[r] >= 2) return OE_MADE_BOARD_PAIR;
    if (ctx->count[r] == 0) return r > top_board_rank(ctx) ? OE_MADE_OVERPAIR : OE_MADE_UNDERPAIR;
    if (place == 0) return OE_MADE_TOP_PAIR;
    return place == n - 1 ? OE_MADE_BOTTOM_PAIR : OE_MADE_MIDDLE_PAIR;
}

static int two_pair_code(const oe_board_ctx *ctx, int p, int q)
{
    int cp = ctx->count[p], cq = ctx->count[q];
    if (cp == 1 && cq == 1) {
        int n, i = rank_place(ctx, p, &n), j = rank_place(ctx, q, &n);
        if (i == 0 && j == 1) return OE_MADE_TOP_TWO;
        if (i == 0 && j == n - 1) return OE_MADE_TOP_AND_BOTTOM;
        if (i == n - 2 && j == n - 1) return OE_MADE_BOTTOM_TWO;
        return OE_MADE_TWO_PAIR;
    }
    if (cp >= 2 && cq < 2) return pair_code(ctx, q); /* the board's pair and the hand's own */
    if (cq >= 2 && cp < 2) return pair_code(ctx, p);
    return OE_MADE_TWO_PAIR;
}

/* Three of rank r: on the board, with a board pair (trips), or a pocket pair (a set). */
static int trips_code(const oe_board_ctx *ctx, int r)
{
    if (ctx->count[r] >= 3) return OE_MADE_BOARD_TRIPS;
    if (ctx->count[r] == 2) return OE_MADE_TRIPS;
    int n, place = rank_place(ctx, r, &n);
    if (place == 0) return OE_MADE_TOP_SET;
    return place == n - 1 ? OE_MADE_BOTTOM_SET : OE_MADE_MIDDLE_SET;
}

int oe_board_made(const oe_board_ctx *ctx, unsigned score)
{
    if (score < 1 || score > OE_HI_MAX) return OE_MADE_NOTHING;
    const uint8_t *cls = oe_hi_class[score];
    int cat = cls[0], r1 = cls[1] > 12 ? 12 : cls[1], r2 = cls[2] > 12 ? 12 : cls[2];
    int nut = score == ctx->category_best[cat > 8 ? 8 : cat];
    switch (cat) {
    case OE_HIGH_CARD: return OE_MADE_NOTHING;
    case OE_PAIR: return pair_code(ctx, r1);
    case OE_TWO_PAIR: return two_pair_code(ctx, r1, r2);
    case OE_TRIPS: return trips_code(ctx, r1);
    case OE_STRAIGHT: return nut ? OE_MADE_NUT_STRAIGHT : OE_MADE_STRAIGHT;
    case OE_FLUSH: return nut ? OE_MADE_NUT_FLUSH : OE_MADE_FLUSH;
    case OE_FULL_HOUSE: return nut ? OE_MADE_NUT_FULL_HOUSE : OE_MADE_FULL_HOUSE;
    case OE_QUADS: return OE_MADE_QUADS;
    default: return OE_MADE_STRAIGHT_FLUSH;
    }
}

typedef struct {
    const oe_board_ctx *ctx;
    const uint8_t *holes;
    int k;
    const oe_board_out *out;
} job_t;

static void classify_range(void *arg, size_t begin, size_t end)
{
    const job_t *job = (const job_t *)arg;
    for (size_t i = begin; i < end; ++i)
        classify_one(job->ctx, job->holes + i * (size_t)job->k, job->k, job->out, i);
}

int oe_board_classify(const oe_board_ctx *ctx, const uint8_t *holes, int k, size_t n,
                      const oe_board_out *out, int workers, size_t *bad_row)
{
    if (k < OE_MIN_HOLE || k > OE_MAX_HOLE) return -1;
    for (size_t i = 0; i < n; ++i) {
        uint64_t seen = ctx->used;
        for (int j = 0; j < k; ++j) {
            uint8_t c = holes[i * (size_t)k + (size_t)j];
            if (c > 51 || (seen >> c & 1)) {
                *bad_row = i;
                return 1;
            }
            seen |= UINT64_C(1) << c;
        }
    }
    job_t job = {ctx, holes, k, out};
    if (workers <= 1 || n < 2048)
        classify_range(&job, 0, n);
    else
        oe_parallel_for(n, 1024, workers, classify_range, &job);
    return 0;
}
