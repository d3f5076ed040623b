/* Range-against-range exact equity per combo (oe_board.h, oe_board_range_equity).  Every
 * combo of both ranges is scored once per runout by the caller; here each compatible pair is
 * compared over the runouts: a loop over int16 scores that the compiler vectorises (SSE2 does
 * eight runouts at a time). */
#include <stdlib.h>

#include "oe_board.h"

typedef struct {
    const int16_t *hh, *hl, *vh, *vl;
    const uint64_t *hm, *vm;
    const double *vw;
    size_t nv, nro;
    double *num, *den;
    int empty; /* some pair had no valid runout (written by any thread: only ever set to 1) */
} eq_job;

/* Pot share of hero over the runouts valid for both, in units of 1/2 (hi) per runout;
 * *valid gets the number of those runouts. */
static long pair_points_hi(const int16_t *g, const int16_t *r, size_t n, long *valid)
{
    long pts = 0, ok = 0;
    for (size_t t = 0; t < n; ++t) {
        int v = (g[t] >= 0) & (r[t] >= 0);
        pts += v * (2 * (g[t] > r[t]) + (g[t] == r[t]));
        ok += v;
    }
    *valid = ok;
    return pts;
}

/* The same for hi-lo in units of 1/4: a half without a low goes to the hi half's winner. */
static long pair_points_hilo(const int16_t *g, const int16_t *r, const int16_t *gl,
                             const int16_t *rl, size_t n, long *valid)
{
    long pts = 0, ok = 0;
    for (size_t t = 0; t < n; ++t) {
        int v = (g[t] >= 0) & (r[t] >= 0);
        int hi = 2 * (g[t] > r[t]) + (g[t] == r[t]);
        int lo = 2 * (gl[t] > rl[t]) + (gl[t] == rl[t]);
        int none = gl[t] <= 0 && rl[t] <= 0;
        pts += v * (none ? 2 * hi : hi + lo);
        ok += v;
    }
    *valid = ok;
    return pts;
}

static void eq_range(void *arg, size_t begin, size_t end)
{
    eq_job *job = (eq_job *)arg;
    const size_t n = job->nro;
    const double unit = job->hl ? 4.0 : 2.0;
    for (size_t g = begin; g < end; ++g) {
        double num = 0.0, den = 0.0;
        const int16_t *gh = job->hh + g * n;
        for (size_t r = 0; r < job->nv; ++r) {
            if (job->hm[g] & job->vm[r]) continue;
            long valid, pts;
            if (job->hl)
                pts = pair_points_hilo(gh, job->vh + r * n, job->hl + g * n, job->vl + r * n, n, &valid);
            else
                pts = pair_points_hi(gh, job->vh + r * n, n, &valid);
            if (!valid) {
                job->empty = 1;
                continue;
            }
            num += job->vw[r] * ((double)pts / (unit * (double)valid));
            den += job->vw[r];
        }
        job->num[g] = num;
        job->den[g] = den;
    }
}

int oe_board_range_equity(const int16_t *hero_hi, const int16_t *hero_lo, const uint64_t *hero_mask,
                          size_t n_hero, const int16_t *villain_hi, const int16_t *villain_lo,
                          const uint64_t *villain_mask, const double *villain_w, size_t n_villain,
                          size_t n_runouts, double *num, double *den, int workers)
{
    eq_job job = {hero_hi, hero_lo, villain_hi, villain_lo, hero_mask, villain_mask, villain_w,
                  n_villain, n_runouts, num, den, 0};
    if (hero_lo == NULL || villain_lo == NULL) job.hl = job.vl = NULL;
    if (workers <= 1 || n_hero < 64)
        eq_range(&job, 0, n_hero);
    else
        oe_parallel_for(n_hero, 16, workers, eq_range, &job);
    return job.empty;
}
