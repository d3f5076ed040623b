/* Equity engine, Monte Carlo (oe_equity_monte_carlo, oe_equity_monte_carlo_batch, oe_row_seed;
 * omaha_eval.h): seeded streams of OE_MC_CHUNK trials, so that sums do not depend on workers. */
#include <stdlib.h>
#include <string.h>

#include "omaha_eval.h"
#include "oe_equity_core.h"
#include "oe_pool.h"
#include "oe_rng.h"
#include "oe_threads.h"

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
 * while the rest of the block is dealt. The steps of a trial below are forced inline: they are
 * mc_stream's hot loop, split for reading only. */
#define MC_BLOCK 16

/* The range players' holdings, drawn whole into h; when one collides with a card in use, all
 * are drawn again (OE_MC_MAX_ATTEMPTS tries in all, each counted in *tries). *used gains their
 * cards. Returns 1 when no draw fitted. */
OE_ALWAYS_INLINE int mc_draw_ranges(const mc_ctx *mc, oe_rng *rng, hand_info *h, uint64_t *used,
                                    uint64_t *tries)
{
    int hole = mc->hole;
    for (int q = 0, attempt = 1; q < mc->n_range;) {
        int p = mc->range_p[q];
        const uint8_t *row = mc->hands + (size_t)hole * pick_row(mc, p, rng);
        uint64_t hm = row_mask(row, hole);
        if (hm & *used) {
            if (attempt == OE_MC_MAX_ATTEMPTS) return 1;
            ++attempt;
            ++*tries;
            *used = mc->base_used;
            q = 0;
            continue;
        }
        *used |= hm;
        hand_prepare(row, hole, &h[p]);
        ++q;
    }
    return 0;
}

/* The random players' holdings and the board's missing cards from the deck's first top cards,
 * all of them free (no range player drew from outside the deck). */
OE_ALWAYS_INLINE void mc_deal_free(const mc_ctx *mc, oe_rng *rng, uint8_t *deck, int top,
                                   uint8_t *board, hand_info *h)
{
    const int hole = mc->hole, m = mc->m, nk = mc->nk; /* read once: the deck is bytes */
    for (int q = 0; q < mc->n_random; ++q) {
        uint8_t cards[OE_MAX_HOLE];
        for (int k = 0; k < hole; ++k) cards[k] = deal_free(rng, deck, &top);
        hand_prepare(cards, hole, &h[mc->random_p[q]]);
    }
    for (int k = 0; k < m; ++k) board[nk + k] = deal_free(rng, deck, &top);
}

/* mc_deal_free when cards of the deck may be in use (`used`): those are skipped. Returns 1 when
 * the deck runs out. */
OE_ALWAYS_INLINE int mc_deal_checked(const mc_ctx *mc, oe_rng *rng, uint8_t *deck, int top,
                                     uint8_t *board, hand_info *h, uint64_t used)
{
    const int hole = mc->hole, m = mc->m, nk = mc->nk;
    for (int q = 0; q < mc->n_random; ++q) {
        uint8_t cards[OE_MAX_HOLE];
        for (int k = 0; k < hole; ++k) {
            int c = deal_card(rng, deck, &top, &used);
            if (c < 0) return 1;
            cards[k] = (uint8_t)c;
        }
        hand_prepare(cards, hole, &h[mc->random_p[q]]);
    }
    for (int k = 0; k < m; ++k) {
        int c = deal_card(rng, deck, &top, &used);
        if (c < 0) return 1;
        board[nk + k] = (uint8_t)c;
    }
    return 0;
}

/* One trial: every holding not fixed into h, the board into bi (its row prefetched). Returns 1
 * when holdings could not be drawn. */
OE_ALWAYS_INLINE int mc_deal_trial(const mc_ctx *mc, oe_rng *rng, uint8_t *deck, uint8_t *board,
                                   hand_info *h, board_info *bi, uint64_t *tries)
{
    uint64_t used = mc->base_used;
    if (mc_draw_ranges(mc, rng, h, &used, tries)) return 1;
    /* random players and the board: straight from the rest of the deck */
    int top = mc->n_deck;
    if (!mc->n_range && mc->n_random * mc->hole + mc->m <= top)
        mc_deal_free(mc, rng, deck, top, board, h);
    else if (mc_deal_checked(mc, rng, deck, top, board, h, used))
        return 1;
    board_prepare(board, bi);
    board_prefetch(bi);
    return 0;
}

/* Settles the n dealt trials of a block into the tally. */
OE_ALWAYS_INLINE void mc_settle_block(const mc_ctx *mc, hand_info hs[][OE_MAX_PLAYERS],
                                      const board_info *bi, int n, tally *tl, int64_t *st)
{
    int P = mc->P, hilo = mc->game == OE_GAME_HILO;
    uint16_t hi[OE_MAX_PLAYERS];
    uint8_t lo[OE_MAX_PLAYERS];
    for (int b = 0; b < n; ++b) {
        for (int p = 0; p < P; ++p) {
            const hand_info *h = mc->kind[p] == KIND_FIXED ? &mc->fixed[p] : &hs[b][p];
            hi[p] = hand_hi(&bi[b], h);
            lo[p] = hilo ? hand_lo(bi[b].low, h) : 0;
        }
        tally_add(tl, P, st, outcome_key(P, hi, hilo ? lo : NULL), 1);
    }
}

/* Runs trials [t0, t1) of one stream into st; returns 1 when holdings could not be drawn. */
static int mc_stream(const mc_ctx *mc, uint64_t stream, uint64_t t0, uint64_t t1, int64_t *st,
                     uint64_t *attempts)
{
    oe_rng rng;
    rng_seed(&rng, mc->seed, stream);
    uint8_t deck[52], board[5];
    hand_info hs[MC_BLOCK][OE_MAX_PLAYERS];
    board_info bi[MC_BLOCK];
    memcpy(deck, mc->deck, 52);
    memcpy(board, mc->board, 5);
    tally tl; /* outcomes counted by winner masks, settled once per outcome (exact integers) */
    memset(tl.key, 0, sizeof tl.key);
    tl.n = 0;
    uint64_t tries = 0;
    int rc = 0;
    for (uint64_t t = t0; t < t1 && !rc;) {
        int n_blk = t1 - t < MC_BLOCK ? (int)(t1 - t) : MC_BLOCK, dealt = 0;
        for (; dealt < n_blk; ++dealt) {
            ++tries;
            rc = mc_deal_trial(mc, &rng, deck, board, hs[dealt], &bi[dealt], &tries);
            if (rc) break;
        }
        mc_settle_block(mc, hs, bi, dealt, &tl, st);
        t += (uint64_t)dealt;
    }
    tally_flush(&tl, mc->P, st);
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
            OE_ATOMIC_STORE(&mc->failed, 1, OE_RELAXED);
    }
    for (size_t k = 0; k < width; ++k) OE_ATOMIC_FETCH_ADD(&mc->total[k], st[k], OE_RELAXED);
    OE_ATOMIC_FETCH_ADD(&mc->total_attempts, attempts, OE_RELAXED);
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
        OE_ATOMIC_STORE(&job->failed, 1, OE_RELAXED);
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
                OE_ATOMIC_STORE(&job->failed, 1, OE_RELAXED);
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
