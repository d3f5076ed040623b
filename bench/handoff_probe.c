/* What this VM allows two threads on one short job, without omaha_eval: a fixed compute of about
 * an exact preflop spot's size (CHUNKS chunks of ~CHUNK_US) is split between the caller and one
 * helper thread through an atomic chunk counter (the caller starts at once; the helper takes the
 * chunks left when it arrives). Solo and shared jobs alternate, with a gap between jobs:
 *
 *   handoff_probe WAIT GAP [PIN]
 *     WAIT  spin   the helper pause-spins between jobs for ever (the best case)
 *           yield  it spins with sched_yield every 32 polls for SPIN_US, then sleeps on a futex
 *           futex  it sleeps on a futex at once after every job (every job pays a wake-up)
 *     GAP   none | sleepN | busyN : nothing, nanosleep N us, or N us of the caller's own work
 *           between two jobs (a bench repetition follows other libraries' calls)
 *     PIN   pin: caller on CPU 0, helper on CPU 1 (sched_setaffinity)
 *   env: JOBS (pairs, 400), CHUNKS (44), CHUNK_US (5.7), SPIN_US (1000), WORK (chain | ilp | load)
 *
 * Prints the speed-up (solo / shared wall time, pair by pair: quartiles and the median ratio),
 * how often the helper ran no chunk or under a quarter of them, its start delay after the
 * publish (median, 90th percentile), what the caller's futex wake-ups cost it, and the steal and idle time /proc/stat counted meanwhile.
 * Built and run by bench/handoff_probe.sh (the header there says how).
 */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long)t.tv_sec * 1000000000L + t.tv_nsec;
}

static void futex_wait(unsigned *word, unsigned val)
{
    syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, val, NULL, NULL, 0);
}
static void futex_wake(unsigned *word) { syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0); }

/* one chunk of compute, no memory traffic, result kept: WORK=chain one dependent integer chain
 * (latency-bound: leaves a core's ports free, so two SMT siblings would not slow each other),
 * WORK=ilp four independent chains (port-bound), WORK=load four random loads a step from a
 * 128 KB table (load-bound, as the equity kernels are) */
static long iters_per_chunk;
static int work_ilp;
static volatile uint64_t sink;
static uint16_t table[1 << 16]; /* WORK=load: 128 KB read at random (L2-resident, like the board rows) */
static void chunk_work(uint64_t seed)
{
    uint64_t x = seed | 1, y = x * 3, z = x * 5, u = x * 7;
    if (work_ilp == 2) {
        uint64_t acc = 0;
        for (long i = 0; i < iters_per_chunk; ++i) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            acc += table[x & 0xffff] + table[(x >> 16) & 0xffff] + table[(x >> 32) & 0xffff] +
                   table[(x >> 48) & 0xffff];
        }
        x += acc;
    } else if (!work_ilp) {
        for (long i = 0; i < iters_per_chunk; ++i) x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    } else {
        for (long i = 0; i < iters_per_chunk; ++i) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            y ^= y << 13, y ^= y >> 7, y ^= y << 17;
            z ^= z << 13, z ^= z >> 7, z ^= z << 17;
            u ^= u << 13, u ^= u >> 7, u ^= u << 17;
        }
    }
    sink += x + y + z + u;
}

static int n_chunks, wait_mode, pinned;
static long spin_ns;
static unsigned gen;          /* bumped per shared job */
static unsigned sleeping;     /* helper is (about to be) in futex_wait */
static unsigned next_chunk, helper_busy, helper_done_chunks;
static long publish_ns, helper_start_ns;
static long wake_ns[1 << 16];
static int n_wakes; /* futex wake-ups the caller made, and what each cost it */

static void pin_to(int cpu)
{
    cpu_set_t s;
    CPU_ZERO(&s);
    CPU_SET(cpu, &s);
    sched_setaffinity(0, sizeof s, &s);
}

static void *helper(void *arg)
{
    (void)arg;
    if (pinned) pin_to(1);
    unsigned seen = 0;
    for (;;) {
        if (wait_mode == 0) {
            while (__atomic_load_n(&gen, __ATOMIC_ACQUIRE) == seen) __builtin_ia32_pause();
        } else {
            long t0 = now_ns();
            int i = 0;
            while (wait_mode == 1 && __atomic_load_n(&gen, __ATOMIC_ACQUIRE) == seen &&
                   now_ns() - t0 < spin_ns) {
                __builtin_ia32_pause();
                if (++i % 32 == 0) sched_yield();
            }
            while (__atomic_load_n(&gen, __ATOMIC_ACQUIRE) == seen) {
                __atomic_store_n(&sleeping, 1, __ATOMIC_SEQ_CST);
                if (__atomic_load_n(&gen, __ATOMIC_SEQ_CST) == seen) futex_wait(&gen, seen);
                __atomic_store_n(&sleeping, 0, __ATOMIC_SEQ_CST);
            }
        }
        seen = __atomic_load_n(&gen, __ATOMIC_ACQUIRE);
        __atomic_store_n(&helper_busy, 1, __ATOMIC_SEQ_CST);
        helper_start_ns = now_ns();
        unsigned done = 0;
        for (;;) {
            unsigned c = __atomic_fetch_add(&next_chunk, 1, __ATOMIC_RELAXED);
            if (c >= (unsigned)n_chunks) break;
            chunk_work(c);
            ++done;
        }
        helper_done_chunks = done;
        __atomic_store_n(&helper_busy, 0, __ATOMIC_RELEASE);
    }
    return NULL;
}

/* one job: alone, or shared with the helper (the caller never waits for a helper that has
 * claimed nothing: it waits only while the helper is inside its last chunk) */
static long run_job(int shared, unsigned *helper_chunks, long *start_delay)
{
    long t0 = now_ns();
    if (!shared) {
        for (int c = 0; c < n_chunks; ++c) chunk_work((uint64_t)c);
        return now_ns() - t0;
    }
    __atomic_store_n(&next_chunk, 0, __ATOMIC_RELAXED);
    helper_done_chunks = 0;
    helper_start_ns = 0;
    publish_ns = t0;
    __atomic_add_fetch(&gen, 1, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&sleeping, __ATOMIC_SEQ_CST)) {
        long w0 = now_ns();
        futex_wake(&gen);
        wake_ns[n_wakes++] = now_ns() - w0;
    }
    unsigned mine = 0;
    for (;;) {
        unsigned c = __atomic_fetch_add(&next_chunk, 1, __ATOMIC_RELAXED);
        if (c >= (unsigned)n_chunks) break;
        chunk_work(c);
        ++mine;
    }
    /* a helper that starts after this point finds no chunk; one inside a chunk is waited for */
    while (__atomic_load_n(&helper_busy, __ATOMIC_ACQUIRE)) __builtin_ia32_pause();
    long t = now_ns() - t0;
    *helper_chunks = (unsigned)n_chunks - mine;
    long hs = helper_start_ns;
    *start_delay = hs ? hs - t0 : -1;
    return t;
}

static void gap(int kind, long us)
{
    if (kind == 1) {
        struct timespec ts = {us / 1000000, (us % 1000000) * 1000};
        nanosleep(&ts, NULL);
    } else if (kind == 2) {
        long t0 = now_ns();
        while (now_ns() - t0 < us * 1000) chunk_work(7);
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

static void read_stat(long long *steal, long long *idle)
{
    FILE *f = fopen("/proc/stat", "r");
    long long v[10] = {0};
    if (f) {
        if (fscanf(f, "cpu %lld %lld %lld %lld %lld %lld %lld %lld", &v[0], &v[1], &v[2], &v[3], &v[4],
                   &v[5], &v[6], &v[7]) != 8)
            memset(v, 0, sizeof v);
        fclose(f);
    }
    *idle = v[3];
    *steal = v[7];
}

int main(int argc, char **argv)
{
    const char *w = argc > 1 ? argv[1] : "yield", *g = argc > 2 ? argv[2] : "none";
    wait_mode = !strcmp(w, "spin") ? 0 : !strcmp(w, "yield") ? 1 : 2;
    pinned = argc > 3 && !strcmp(argv[3], "pin");
    int gap_kind = !strncmp(g, "sleep", 5) ? 1 : !strncmp(g, "busy", 4) ? 2 : 0;
    long gap_us = gap_kind ? atol(g + (gap_kind == 1 ? 5 : 4)) : 0;
    int jobs = getenv("JOBS") ? atoi(getenv("JOBS")) : 400;
    n_chunks = getenv("CHUNKS") ? atoi(getenv("CHUNKS")) : 44;
    double chunk_us = getenv("CHUNK_US") ? atof(getenv("CHUNK_US")) : 5.7;
    spin_ns = (getenv("SPIN_US") ? atol(getenv("SPIN_US")) : 1000) * 1000;
    const char *work = getenv("WORK") ? getenv("WORK") : "chain";
    work_ilp = !strcmp(work, "ilp") ? 1 : !strcmp(work, "load") ? 2 : 0;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; ++i) table[i] = (uint16_t)(i * 2654435761u >> 7);
    if (pinned) pin_to(0);

    /* calibrate the chunk on this thread: best of several timings of 1e5 iterations */
    iters_per_chunk = 100000;
    long best = 1L << 62;
    for (int i = 0; i < 20; ++i) {
        long t0 = now_ns();
        chunk_work(1);
        long t = now_ns() - t0;
        if (t < best) best = t;
    }
    iters_per_chunk = (long)(chunk_us * 1000.0 / ((double)best / 100000.0));

    pthread_t th;
    pthread_create(&th, NULL, helper, NULL);
    for (int i = 0; i < 50; ++i) { /* warm-up */
        unsigned hc;
        long sd;
        run_job(0, &hc, &sd);
        run_job(1, &hc, &sd);
    }
    double *ratio = malloc(sizeof(double) * (size_t)jobs);
    long *solo = malloc(sizeof(long) * (size_t)jobs), *duo = malloc(sizeof(long) * (size_t)jobs);
    long *delay = malloc(sizeof(long) * (size_t)jobs);
    int none = 0, little = 0, n_delay = 0;
    long long s0, i0, s1, i1;
    read_stat(&s0, &i0);
    n_wakes = 0;
    long wall0 = now_ns();
    for (int j = 0; j < jobs; ++j) {
        unsigned hc;
        long sd;
        gap(gap_kind, gap_us);
        solo[j] = run_job(0, &hc, &sd);
        gap(gap_kind, gap_us);
        duo[j] = run_job(1, &hc, &sd);
        ratio[j] = (double)solo[j] / (double)duo[j];
        if (hc == 0) ++none;
        if (4 * hc < (unsigned)n_chunks / 2) ++little;
        if (sd >= 0) delay[n_delay++] = sd;
    }
    long wall = now_ns() - wall0;
    read_stat(&s1, &i1);
    qsort(ratio, (size_t)jobs, sizeof(double), cmp_double);
    qsort(solo, (size_t)jobs, sizeof(long), cmp_long);
    qsort(duo, (size_t)jobs, sizeof(long), cmp_long);
    qsort(delay, (size_t)n_delay, sizeof(long), cmp_long);
    long hz = sysconf(_SC_CLK_TCK);
    qsort(wake_ns, (size_t)n_wakes, sizeof(long), cmp_long);
    printf("%-5s %-9s %-3s solo %6.1f us shared %6.1f us  speed-up med %.2fx (pairs p10 %.2f p25 %.2f "
           "p50 %.2f p75 %.2f p90 %.2f)  helper none %4.1f%% under-quarter %4.1f%%  start delay med %.1f "
           "p90 %.1f us  caller's wakes %d (med %.1f p90 %.1f us)  steal %.1f%% idle %.1f%% of 2 CPUs\n",
           w, g, pinned ? "pin" : "-", solo[jobs / 2] / 1e3, duo[jobs / 2] / 1e3,
           (double)solo[jobs / 2] / (double)duo[jobs / 2], ratio[jobs / 10], ratio[jobs / 4],
           ratio[jobs / 2], ratio[3 * jobs / 4], ratio[9 * jobs / 10], 100.0 * none / jobs,
           100.0 * little / jobs, n_delay ? delay[n_delay / 2] / 1e3 : -1.0,
           n_delay ? delay[9 * n_delay / 10] / 1e3 : -1.0, n_wakes,
           n_wakes ? wake_ns[n_wakes / 2] / 1e3 : -1.0, n_wakes ? wake_ns[9 * n_wakes / 10] / 1e3 : -1.0,
           100.0 * (double)(s1 - s0) / (double)hz / (2e-9 * (double)wall),
           100.0 * (double)(i1 - i0) / (double)hz / (2e-9 * (double)wall));
    return 0;
}
