/* C harness for the exact equity engine: one spot's setup, phase A and phase B on one thread,
 * and whole calls of oe_equity_exact with 1 and 2 workers, interleaved, wall and CPU time.
 * Built by bench/equity_kernel.sh (it includes csrc/oe_exact.c to reach the phases).
 *
 *   equity_kernel phases SPOT     per-phase times of one spot (medians of REPS)
 *   equity_kernel calls SPOT      oe_equity_exact, workers 1 and 2 interleaved (medians)
 *   equity_kernel runs SPOT       the bench's group: runs of CALLS (20) calls, workers 1 and 2
 *                                 alternating, REPS of each, with the pool's counters per run
 *   equity_kernel split SPOT      3,000 single calls each, workers 1 and 2 alternating; the
 *                                 workers=2 calls split into those the pool ran alone (a busy
 *                                 machine) and those shared, and the total time ratio
 *   equity_kernel chunks SPOT     the job's chunks timed one by one: all on one thread, then on
 *                                 the pool's two (by thread), REPS calls each way alternating:
 *                                 do the same chunks take longer when two threads share them?
 *                                 and when each thread began its first chunk and ended its
 *                                 last (WMIN=2: the two-thread jobs only)
 *
 * SPOT: hole cards of every player then the board, as text, e.g. "AsKsQhJh/2c2d7h8s" or
 * "AsKsQhJh/2c2d7h8s/Td9d2h" (players by '/', last group the board when it has 3-5 cards is
 * given with a leading ':'), default the bench's spot-preflop-hu.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../csrc/oe_exact.c"

/* The pool's counters since the last call (oe_parallel_counters), printed. */
static long pool_seen[OE_POOL_N];
static void pool_delta(long d[OE_POOL_N])
{
    long now[OE_POOL_N];
    oe_parallel_counters(now);
    for (int i = 0; i < OE_POOL_N; ++i) d[i] = now[i] - pool_seen[i], pool_seen[i] = now[i];
}

static void print_pool_stats(void)
{
    long s[OE_POOL_N];
    pool_delta(s);
    printf("pool: jobs %ld, helper joined %ld, chunks helper %ld / caller %ld, solo %ld (busy "
           "machine %ld), idle wake-ups %ld, helper late %ld, helper slept %ld, caller slept %ld, "
           "spins cut short %ld, waits for last chunks %.0f us, for other chunks %.0f us, chunks run "
           "again %ld, jobs parked %ld\n",
           s[OE_POOL_JOBS], s[OE_POOL_JOINED], s[OE_POOL_HELPER_CHUNKS], s[OE_POOL_CALLER_CHUNKS],
           s[OE_POOL_SOLO], s[OE_POOL_SOLO_BUSY], s[OE_POOL_IDLE_WAKES], s[OE_POOL_LATE],
           s[OE_POOL_HELPER_SLEEPS], s[OE_POOL_CALLER_SLEEPS], s[OE_POOL_SPINS_CUT],
           1e-3 * (double)s[OE_POOL_WAIT_LAST_NS], 1e-3 * (double)s[OE_POOL_WAIT_INSIDE_NS],
           s[OE_POOL_REDONE], s[OE_POOL_PARKED]);
}

static double now_s(clockid_t c)
{
    struct timespec t;
    clock_gettime(c, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int card_id(const char *s)
{
    const char *ranks = "23456789TJQKA", *suits = "cdhs";
    const char *r = strchr(ranks, s[0]), *u = strchr(suits, s[1]);
    if (!r || !u || !s[0] || !s[1]) { fprintf(stderr, "bad card %.2s\n", s); exit(2); }
    return 4 * (int)(r - ranks) + (int)(u - suits);
}

typedef struct {
    uint8_t holes[OE_MAX_PLAYERS * OE_MAX_HOLE], board[5];
    int players, hole, n_board;
} spot;

static spot parse_spot(const char *text)
{
    spot sp;
    memset(&sp, 0, sizeof sp);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    char *board = strchr(buf, ':');
    if (board) {
        *board++ = 0;
        for (; board[0] && board[1]; board += 2) sp.board[sp.n_board++] = (uint8_t)card_id(board);
    }
    int n = 0;
    for (char *tok = strtok(buf, "/"); tok; tok = strtok(NULL, "/")) {
        int k = (int)strlen(tok) / 2;
        sp.hole = k;
        for (int i = 0; i < k; ++i) sp.holes[n++] = (uint8_t)card_id(tok + 2 * i);
        sp.players++;
    }
    return sp;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return v[n / 2];
}

/* "contend": the spot on one thread while a second thread sleeps, pause-spins or runs the same
 * spot (does the second core slow the first: shared core resources, memory bandwidth?) */
static volatile int contend_stop, contend_mode;
static spot contend_spot;

static void *contend_other(void *arg)
{
    (void)arg;
    int64_t st[OE_MAX_PLAYERS * OE_NSTAT];
    uint64_t nb;
    while (!contend_stop) {
        if (contend_mode == 1) __builtin_ia32_pause();
        else if (contend_mode == 2)
            oe_equity_exact(contend_spot.holes, contend_spot.players, contend_spot.hole,
                            contend_spot.board, contend_spot.n_board, NULL, 0, OE_GAME_HI, st, &nb, 1);
        else {
            struct timespec ts = {0, 200000};
            nanosleep(&ts, NULL);
        }
    }
    return NULL;
}

/* "split": is workers=2 ever slower, and where? Single calls, so that the pool's choice per call
 * (alone or shared, from its solo-jobs counter) can be told apart. */
static void split_calls(const spot *sp, int n)
{
    int64_t stats[OE_MAX_PLAYERS * OE_NSTAT];
    uint64_t nb;
    double *one = malloc(sizeof(double) * 3 * (size_t)n), *alone = one + n, *shared = one + 2 * n;
    int n_one = 0, n_alone = 0, n_shared = 0;
    double sum1 = 0, sum2 = 0;
    for (int r = 0; r < n; ++r)
        for (int w = 1; w <= 2; ++w) {
            long before[OE_POOL_N], after[OE_POOL_N];
            oe_parallel_counters(before);
            double t0 = now_s(CLOCK_MONOTONIC);
            oe_equity_exact(sp->holes, sp->players, sp->hole, sp->board, sp->n_board, NULL, 0,
                            OE_GAME_HI, stats, &nb, w);
            double t = now_s(CLOCK_MONOTONIC) - t0;
            oe_parallel_counters(after);
            if (w == 1) one[n_one++] = t, sum1 += t;
            else if (after[OE_POOL_SOLO] != before[OE_POOL_SOLO]) alone[n_alone++] = t, sum2 += t;
            else shared[n_shared++] = t, sum2 += t;
        }
    qsort(one, (size_t)n_one, sizeof *one, cmp_double);
    qsort(alone, (size_t)n_alone, sizeof *alone, cmp_double);
    qsort(shared, (size_t)n_shared, sizeof *shared, cmp_double);
    printf("workers=1: %d calls, median %.0f us, p90 %.0f | workers=2 alone: %d, median %.0f, p90 "
           "%.0f | shared: %d, median %.0f, p90 %.0f | total time workers=2 / workers=1 %.2f\n",
           n_one, 1e6 * one[n_one / 2], 1e6 * one[9 * n_one / 10], n_alone,
           n_alone ? 1e6 * alone[n_alone / 2] : 0, n_alone ? 1e6 * alone[9 * n_alone / 10] : 0,
           n_shared, n_shared ? 1e6 * shared[n_shared / 2] : 0,
           n_shared ? 1e6 * shared[9 * n_shared / 10] : 0, sum2 / sum1);
    print_pool_stats();
    free(one);
}

/* "runs": what the bench's spot-preflop-hu group does, in C: runs of `calls` calls, workers=1
 * and workers=2 alternating, `reps` of each; per workers=2 run its time against the workers=1
 * run before it and what the pool did meanwhile, then the ratio of the medians. */
static void bench_runs(const spot *sp, int reps, int calls)
{
    int64_t stats[OE_MAX_PLAYERS * OE_NSTAT];
    uint64_t nb;
    double *t1 = malloc(sizeof(double) * 2 * (size_t)reps), *t2 = t1 + reps;
    for (int r = 0; r < reps; ++r)
        for (int w = 1; w <= 2; ++w) {
            long d[OE_POOL_N];
            pool_delta(d);
            double t0 = now_s(CLOCK_MONOTONIC), worst = 0;
            for (int i = 0; i < calls; ++i) {
                double c0 = now_s(CLOCK_MONOTONIC);
                oe_equity_exact(sp->holes, sp->players, sp->hole, sp->board, sp->n_board, NULL, 0,
                                OE_GAME_HI, stats, &nb, w);
                double c = now_s(CLOCK_MONOTONIC) - c0;
                worst = c > worst ? c : worst;
            }
            double t = now_s(CLOCK_MONOTONIC) - t0;
            (w == 1 ? t1 : t2)[r] = t;
            if (w == 1) continue;
            pool_delta(d);
            printf("run %2d: w1 %6.0f us  w2 %6.0f us  %.2fx  worst call %5.0f us | joined %ld/%ld, "
                   "chunks h/c %ld/%ld, solo %ld (busy %ld), idle wake %ld, late %ld, helper slept "
                   "%ld, caller slept %ld, cut %ld, wait last %.0f us, other chunks %.0f us\n",
                   r, 1e6 * t1[r], 1e6 * t, t1[r] / t, 1e6 * worst, d[OE_POOL_JOINED], d[OE_POOL_JOBS],
                   d[OE_POOL_HELPER_CHUNKS], d[OE_POOL_CALLER_CHUNKS], d[OE_POOL_SOLO],
                   d[OE_POOL_SOLO_BUSY], d[OE_POOL_IDLE_WAKES], d[OE_POOL_LATE],
                   d[OE_POOL_HELPER_SLEEPS], d[OE_POOL_CALLER_SLEEPS], d[OE_POOL_SPINS_CUT],
                   1e-3 * (double)d[OE_POOL_WAIT_LAST_NS], 1e-3 * (double)d[OE_POOL_WAIT_INSIDE_NS]);
        }
    double m1 = median(t1, reps), m2 = median(t2, reps);
    printf("medians of %d runs of %d calls: workers=1 %.0f us, workers=2 %.0f us: %.2fx\n", reps,
           calls, 1e6 * m1, 1e6 * m2, m1 / m2);
    free(t1);
}

/* "chunks": exact_run's job (exact_job on the pool's redo entry) with every chunk timed. The
 * timings live with the job, so that a job parked for a late helper keeps them until it leaves. */
typedef struct {
    exact_job job;
    pthread_t caller;
    double sum[2][2];  /* [caller, helper][phase A, phase B] seconds */
    long count[2][2];
    double t0, first[2], last[2]; /* the job's start; each thread's first chunk start, last end */
} timed_job;

static void timed_chunk(void *ctx, size_t c, int copy)
{
    timed_job *tj = (timed_job *)ctx;
    int who = !pthread_equal(pthread_self(), tj->caller);
    double t0 = now_s(CLOCK_MONOTONIC);
    if (tj->first[who] == 0) tj->first[who] = t0 - tj->t0;
    exact_chunk(&tj->job, c, copy);
    double t = now_s(CLOCK_MONOTONIC) - t0;
    tj->last[who] = t0 + t - tj->t0;
    int phase = c >= tj->job.n_a;
    __atomic_fetch_add(&tj->count[who][phase], 1, __ATOMIC_RELAXED);
    tj->sum[who][phase] += t; /* each thread writes only its own row */
}

/* exact_job_free frees the job at its own address, which is tj's (job is the first member) */
static void timed_job_free(void *ctx) { exact_job_free(&((timed_job *)ctx)->job); }

static void chunk_times(const spot *sp, int reps)
{
    double acc[2][2][2] = {{{0}}}, wall[2] = {0, 0}; /* [workers-1][thread][phase] */
    double *start = calloc((size_t)reps * 4, sizeof(double)); /* helper's first; both last ends */
    int joined = 0, parked = 0;
    long cnt[2][2][2] = {{{0}}};
    const int wmin = getenv("WMIN") ? atoi(getenv("WMIN")) : 1; /* 2: no one-thread jobs between */
    for (int r = 0; r < reps; ++r)
        for (int w = wmin; w <= 2; ++w) {
            int owned;
            exact_ctx *cx = thread_ctx(&owned);
            exact_setup(cx, sp->holes, sp->players, sp->hole, sp->board, sp->n_board, NULL, 0,
                        OE_GAME_HI);
            size_t width = (size_t)cx->P * OE_NSTAT;
            size_t na = ((size_t)cx->n_sets + CHUNK_A - 1) / CHUNK_A;
            size_t nb = ((size_t)cx->n_items + CHUNK_B - 1) / CHUNK_B;
            timed_job *tj = calloc(1, sizeof *tj);
            tj->job.cx = cx;
            tj->job.n_a = na;
            tj->job.width = width;
            tj->job.partial = calloc(2 * (na + nb) + 1, sizeof(int64_t) * width);
            tj->job.redo.done = calloc(na + nb + 1, 1);
            tj->job.redo.n_chunks = na + nb;
            tj->job.redo.barrier = na;
            tj->job.redo.fn = timed_chunk;
            tj->job.redo.ctx = tj;
            tj->job.redo.release = timed_job_free;
            tj->caller = pthread_self();
            double t0 = now_s(CLOCK_MONOTONIC);
            tj->t0 = t0;
            int late = w == 1 ? -1 : oe_parallel_redo(&tj->job.redo, 2);
            if (late < 0)
                for (size_t c = 0; c < na + nb; ++c) timed_chunk(tj, c, 0);
            wall[w - 1] += now_s(CLOCK_MONOTONIC) - t0;
            if (w == 2 && tj->count[1][0] + tj->count[1][1] > 0) {
                start[joined] = tj->first[1];
                start[reps + joined] = tj->last[0];
                start[2 * reps + joined] = tj->last[1];
                start[3 * reps + joined] = tj->first[0];
                ++joined;
            }
            for (int who = 0; who < 2; ++who)
                for (int ph = 0; ph < 2; ++ph)
                    acc[w - 1][who][ph] += tj->sum[who][ph], cnt[w - 1][who][ph] += tj->count[who][ph];
            if (late == 1) { /* as exact_run: the job keeps the work space until the helper leaves */
                thread_ctx_detach();
                tj->job.free_cx = 1;
                oe_parallel_park(&tj->job.redo);
                ++parked;
            } else {
                timed_job_free(tj);
                thread_ctx_release(cx, owned);
            }
        }
    for (int w = wmin - 1; w < 2; ++w) {
        printf("workers=%d: job %.1f us;", w + 1, 1e6 * wall[w] / reps);
        for (int who = 0; who < 1 + w; ++who)
            printf(" %s: A %ld chunks %.2f us each, B %ld chunks %.2f us each;",
                   who ? "helper" : "caller", cnt[w][who][0],
                   cnt[w][who][0] ? 1e6 * acc[w][who][0] / (double)cnt[w][who][0] : 0.0,
                   cnt[w][who][1], cnt[w][who][1] ? 1e6 * acc[w][who][1] / (double)cnt[w][who][1] : 0.0);
        double a = acc[w][0][0] + acc[w][1][0], b = acc[w][0][1] + acc[w][1][1];
        printf(" all chunks A %.1f + B %.1f us a job\n", 1e6 * a / reps, 1e6 * b / reps);
    }
    if (joined)
        printf("jobs the helper joined: %d; medians: caller's first chunk at %.1f us, helper's at "
               "%.1f us; last chunk ends: caller %.1f us, helper %.1f us\n", joined,
               1e6 * median(start + 3 * reps, joined), 1e6 * median(start, joined),
               1e6 * median(start + reps, joined), 1e6 * median(start + 2 * reps, joined));
    if (parked) printf("jobs parked for a late helper: %d (its last chunk is not in the sums)\n", parked);
    free(start);
    print_pool_stats();
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "phases";
    spot sp = parse_spot(argc > 2 ? argv[2] : "AsKsQhJh/2c2d7h8s");
    int reps = getenv("REPS") ? atoi(getenv("REPS")) : 51;
    int inner = getenv("INNER") ? atoi(getenv("INNER")) : 10;
    int64_t stats[OE_MAX_PLAYERS * OE_NSTAT];
    uint64_t nb;
    double *t = (double *)malloc(sizeof(double) * (size_t)reps * 6);
    if (!strcmp(mode, "runs")) {
        bench_runs(&sp, reps, getenv("CALLS") ? atoi(getenv("CALLS")) : 20);
        free(t);
        return 0;
    }
    if (!strcmp(mode, "chunks")) {
        chunk_times(&sp, reps);
        free(t);
        return 0;
    }
    if (!strcmp(mode, "split")) {
        split_calls(&sp, getenv("CALLS") ? atoi(getenv("CALLS")) : 3000);
        free(t);
        return 0;
    }
    if (!strcmp(mode, "contend")) {
        pthread_t th;
        contend_spot = sp;
        pthread_create(&th, NULL, contend_other, NULL);
        for (int r = 0; r < reps; ++r)
            for (int m = 0; m < 3; ++m) {
                contend_mode = m;
                struct timespec ts = {0, 1000000};
                nanosleep(&ts, NULL);
                double t0 = now_s(CLOCK_MONOTONIC);
                for (int i = 0; i < inner; ++i)
                    oe_equity_exact(sp.holes, sp.players, sp.hole, sp.board, sp.n_board, NULL, 0,
                                    OE_GAME_HI, stats, &nb, 1);
                t[m * reps + r] = (now_s(CLOCK_MONOTONIC) - t0) / inner;
            }
        contend_stop = 1;
        pthread_join(th, NULL);
        printf("one thread, the other sleeping %.1f us, pause-spinning %.1f us, working %.1f us\n",
               1e6 * median(t, reps), 1e6 * median(t + reps, reps),
               1e6 * median(t + 2 * reps, reps));
    } else if (!strcmp(mode, "phases")) {
        int owned;
        exact_ctx *cx = thread_ctx(&owned);
        for (int r = 0; r < reps; ++r) {
            double t0 = now_s(CLOCK_THREAD_CPUTIME_ID);
            for (int i = 0; i < inner; ++i)
                exact_setup(cx, sp.holes, sp.players, sp.hole, sp.board, sp.n_board, NULL, 0,
                            OE_GAME_HI);
            double t1 = now_s(CLOCK_THREAD_CPUTIME_ID);
            for (int i = 0; i < inner; ++i) {
                memset(stats, 0, sizeof stats);
                exact_phase_a(cx, 0, cx->n_sets, stats);
            }
            double t2 = now_s(CLOCK_THREAD_CPUTIME_ID);
            for (int i = 0; i < inner; ++i) exact_phase_b(cx, 0, cx->n_items, stats);
            double t3 = now_s(CLOCK_THREAD_CPUTIME_ID);
            t[r] = (t1 - t0) / inner;
            t[reps + r] = (t2 - t1) / inner;
            t[2 * reps + r] = (t3 - t2) / inner;
        }
        printf("sets %d items %d boards %llu direct tally bits %d\n", cx->n_sets, cx->n_items,
               (unsigned long long)cx->n_boards, cx->direct_bits);
        printf("setup %.1f us  phase A %.1f us  phase B %.1f us (thread CPU time, medians of %d x %d)\n",
               1e6 * median(t, reps), 1e6 * median(t + reps, reps),
               1e6 * median(t + 2 * reps, reps), reps, inner);
    } else {
        int wmin = getenv("WMIN") ? atoi(getenv("WMIN")) : 1;
        int wmax = getenv("WMAX") ? atoi(getenv("WMAX")) : 2;
        for (int r = 0; r < reps; ++r)
            for (int w = wmin; w <= wmax; ++w) {
                double c0 = now_s(CLOCK_PROCESS_CPUTIME_ID), t0 = now_s(CLOCK_MONOTONIC);
                for (int i = 0; i < inner; ++i)
                    oe_equity_exact(sp.holes, sp.players, sp.hole, sp.board, sp.n_board, NULL, 0,
                                    OE_GAME_HI, stats, &nb, w);
                double t1 = now_s(CLOCK_MONOTONIC), c1 = now_s(CLOCK_PROCESS_CPUTIME_ID);
                t[(w - 1) * reps + r] = (t1 - t0) / inner;
                t[(w + 1) * reps + r] = (c1 - c0) / inner;
            }
        double sum[4] = {0, 0, 0, 0};
        for (int q = 0; q < 4; ++q)
            for (int r = 0; r < reps; ++r) sum[q] += t[q * reps + r];
        printf("means: workers=1 %.1f us (cpu %.1f)  workers=2 %.1f us (cpu %.1f)\n",
               1e6 * sum[0] / reps, 1e6 * sum[2] / reps, 1e6 * sum[1] / reps, 1e6 * sum[3] / reps);
        double w1 = median(t, reps), w2 = median(t + reps, reps);
        printf("workers=1 %.1f us (cpu %.1f)  workers=2 %.1f us (cpu %.1f)  speed-up %.2fx  "
               "share0 %lld\n",
               1e6 * w1, 1e6 * median(t + 2 * reps, reps), 1e6 * w2,
               1e6 * median(t + 3 * reps, reps), w1 / w2, (long long)stats[OE_ST_SHARE]);
        print_pool_stats();
    }
    free(t);
    return 0;
}
