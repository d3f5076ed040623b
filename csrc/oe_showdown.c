/* Equity engine, showdowns of complete deals (oe_showdown; omaha_eval.h). */
#include <stdlib.h>
#include <string.h>

#include "omaha_eval.h"
#include "oe_equity_core.h"
#include "oe_pool.h"

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

