/* A small fixed-chunk parallel loop over a persistent pool of POSIX threads.
 *
 * Chunks are claimed through an atomic counter; since every item's result is written to its own
 * slot (or reduced per chunk by the caller), results never depend on the number of workers.
 *
 * The pool's threads are started on first use and then sleep on a condition variable between
 * jobs, so a job costs a wake-up (microseconds) rather than thread launches (~50 us each). One job
 * runs on the pool at a time; a caller that finds it busy (another thread's job) starts threads
 * of its own for that call, as before. Pool threads block every signal, so Ctrl-C is delivered to
 * the main thread; after fork() the child starts a fresh pool.
 *
 * Wake-ups are the cost that matters on small jobs (an exact preflop spot is one job of ~250 us
 * of work; waking a sleeping thread on a VM takes tens of microseconds): so a helper that
 * finished a job, or woke too late for one, spins for up to SPIN_NS for the next one before it
 * sleeps (the next call of a caller calling in a loop then starts at once), and a caller spins
 * for the helpers' last chunks before it sleeps. Spinning yields the CPU between polls, stops
 * as soon as the thread finds it was off its CPU (a busy machine, where a spinning thread only
 * takes CPU time from its own process's threads) and is off on a single-CPU machine. On a busy
 * machine helpers miss jobs; after POOL_MISSES in a row the caller runs the next ones alone
 * without waking anyone (see pool_solo), so that workers=N costs next to nothing there.
 */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#endif
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "omaha_eval.h"

/* Build-time test hooks (bench/equity_kernel.c): OE_PARALLEL_STATS counts what the pool did;
 * OE_PARALLEL_WAKE_DELAY_NS holds a helper that long after every real wake-up, as a halted
 * virtual CPU of an idle VM does (what a quiet machine costs and a loaded one hides). */
#ifdef OE_PARALLEL_STATS
long oe_parallel_stats[8]; /* jobs, helper joins, helper chunks, caller chunks, helper sleeps,
                            * caller sleeps, helper late (no job left), spins cut short */
#define STAT(i, v) __atomic_add_fetch(&oe_parallel_stats[i], (v), __ATOMIC_RELAXED)
#else
#define STAT(i, v) ((void)0)
#endif

#define POOL_MAX 64 /* threads the pool keeps at most (more workers start threads per call) */

typedef struct {
    size_t n, chunk, next;
    oe_range_fn fn;
    void *ctx;
    unsigned long active; /* pool threads inside this job (changed under pool_lock) */
    unsigned long helped; /* chunks the pool's threads ran */
} loop_state;

static long run_chunks(loop_state *st)
{
    long done = 0;
    for (;; ++done) {
        size_t begin = __atomic_fetch_add(&st->next, st->chunk, __ATOMIC_RELAXED);
        if (begin >= st->n) break;
        size_t end = begin + st->chunk < st->n ? begin + st->chunk : st->n;
        st->fn(st->ctx, begin, end);
    }
    return done;
}

static void *run_chunks_thread(void *arg)
{
    run_chunks((loop_state *)arg);
    return NULL;
}

/* ---- the pool ---- */

static pthread_mutex_t pool_busy = PTHREAD_MUTEX_INITIALIZER; /* held by the job's caller */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER; /* guards the fields below */
static pthread_cond_t pool_wake = PTHREAD_COND_INITIALIZER;
static pthread_cond_t pool_done = PTHREAD_COND_INITIALIZER;
static int pool_threads;          /* threads started */
static unsigned long pool_generation; /* bumped for every job */
static loop_state *pool_job;
static int pool_want;             /* threads 0 .. pool_want-1 may take part in the job */
static pthread_once_t pool_once = PTHREAD_ONCE_INIT;
static int pool_spin; /* spinning allowed: more than one CPU (set once by pool_init) */

/* Jobs the helpers missed (guarded by pool_busy). On a busy machine the scheduler shares the CPUs
 * between sessions, not threads: a helper then finds no CPU free while the job lasts, and a
 * helper merely woken (runnable) takes CPU share from the caller of its own process. So after
 * POOL_MISSES jobs in a row in which the helpers ran less than a quarter of their share of the
 * chunks, the caller runs the next jobs alone
 * without waking anyone (8, then twice as many after each further miss, at most 256), then
 * tries the helpers again. On a machine with a free core, helpers join every job and this never
 * starts. */
#define POOL_MISSES 3
static int pool_misses;
static unsigned pool_solo, pool_backoff;

#define SPIN_NS 1000000L /* a helper waits this long for the next job before it sleeps */

static long elapsed_ns(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long)(t.tv_sec - t0->tv_sec) * 1000000000L + (t.tv_nsec - t0->tv_nsec);
}

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* Polls *word until it differs from `old` (1) or gives up (0): after `limit_ns`, or as soon as
 * the thread finds it was off its CPU for a while between two polls. It yields between polls,
 * so on a busy machine the first yield that lets another thread run ends the spin: a spinning
 * thread there would only take CPU time from the threads of its own process (the scheduler
 * shares a busy machine between sessions, not threads), the caller's first of all. */
#define PREEMPTED_NS 40000L /* a gap this long between polls (normally ~5 us): we were off CPU */

static int spin_until(const unsigned long *word, unsigned long old, int want_change, long limit_ns)
{
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long last = 0;
    for (int i = 1;; ++i) {
        if ((__atomic_load_n(word, __ATOMIC_ACQUIRE) != old) == want_change) return 1;
        cpu_relax();
        if (i % 32 == 0) {
            long t = elapsed_ns(&t0);
            if (t > limit_ns || t - last > PREEMPTED_NS) {
                STAT(7, t - last > PREEMPTED_NS);
                return 0;
            }
            sched_yield();
            last = elapsed_ns(&t0);
            if (last - t > PREEMPTED_NS) {
                STAT(7, 1);
                return 0;
            }
        }
    }
}

static void *pool_main(void *arg)
{
    int index = (int)(size_t)arg;
    unsigned long seen = 0;
    int just_worked = 0;
    pthread_mutex_lock(&pool_lock);
    for (;;) {
        if (just_worked && pool_spin && pool_generation == seen) {
            pthread_mutex_unlock(&pool_lock);
            spin_until(&pool_generation, seen, 1, SPIN_NS);
            pthread_mutex_lock(&pool_lock);
        }
        just_worked = 0;
        if (pool_generation == seen) {
            STAT(4, 1);
            while (pool_generation == seen) pthread_cond_wait(&pool_wake, &pool_lock);
#ifdef OE_PARALLEL_WAKE_DELAY_NS
            pthread_mutex_unlock(&pool_lock);
            struct timespec w0;
            clock_gettime(CLOCK_MONOTONIC, &w0);
            while (elapsed_ns(&w0) < OE_PARALLEL_WAKE_DELAY_NS) cpu_relax();
            pthread_mutex_lock(&pool_lock);
#endif
        }
        seen = pool_generation;
        loop_state *st = pool_job;
        /* a thread that wakes after the caller finished finds no job: the caller never waits
         * for a helper the scheduler has not run yet (a busy machine), only for those working */
        if (!st || index >= pool_want) {
            /* late: the caller did the job alone. Spin for the next one all the same (the
             * second phase of a spot, the next call of a loop): a thread woken from sleep late
             * (an idle virtual CPU wakes in tens of microseconds) would otherwise miss every
             * job of a loop of short calls and sleep again. */
            STAT(6, 1);
            just_worked = 1;
            continue;
        }
        __atomic_add_fetch(&st->active, 1, __ATOMIC_RELAXED);
        pthread_mutex_unlock(&pool_lock);
        long done = run_chunks(st);
        __atomic_add_fetch(&st->helped, (unsigned long)done, __ATOMIC_RELAXED);
        STAT(1, done > 0);
        STAT(2, done);
        just_worked = 1;
        pthread_mutex_lock(&pool_lock);
        if (__atomic_sub_fetch(&st->active, 1, __ATOMIC_RELEASE) == 0)
            pthread_cond_signal(&pool_done);
    }
    return NULL;
}

static void pool_after_fork_child(void)
{
    /* only the forking thread exists in the child: forget the pool and its (copied) locks */
    pthread_mutex_t fresh = PTHREAD_MUTEX_INITIALIZER;
    pthread_cond_t fresh_cond = PTHREAD_COND_INITIALIZER;
    pool_busy = fresh;
    pool_lock = fresh;
    pool_wake = fresh_cond;
    pool_done = fresh_cond;
    pool_threads = 0;
    pool_generation = 0;
    pool_job = NULL;
    pool_want = 0;
    pool_misses = 0;
    pool_solo = pool_backoff = 0;
}

static void pool_init(void)
{
    pthread_atfork(NULL, NULL, pool_after_fork_child);
    pool_spin = sysconf(_SC_NPROCESSORS_ONLN) > 1;
}

/* Starts pool threads until there are `want` (called with pool_lock held); returns how many
 * exist. New threads inherit a fully blocked signal mask. */
static int pool_grow(int want)
{
    if (want > POOL_MAX) want = POOL_MAX;
    if (pool_threads >= want) return pool_threads;
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    while (pool_threads < want) {
        pthread_t t;
        if (pthread_create(&t, &attr, pool_main, (void *)(size_t)pool_threads) != 0) break;
        ++pool_threads;
    }
    pthread_attr_destroy(&attr);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return pool_threads;
}

/* Threads started for this call only (the pool is busy with another caller's job). */
static void run_with_own_threads(loop_state *st, int helpers)
{
    pthread_t *threads = (pthread_t *)malloc(sizeof(pthread_t) * (size_t)helpers);
    int started = 0;
    if (threads) {
        sigset_t all, old;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &old);
        for (; started < helpers; ++started)
            if (pthread_create(&threads[started], NULL, run_chunks_thread, st) != 0) break;
        pthread_sigmask(SIG_SETMASK, &old, NULL);
    }
    run_chunks(st); /* the calling thread works too; if threads failed to start it does it all */
    for (int i = 0; i < started; ++i) pthread_join(threads[i], NULL);
    free(threads);
}

void oe_parallel_wait(void)
{
    for (int i = 0; i < 16; ++i) cpu_relax();
    if (pool_spin) sched_yield();
}

/* CPUs this process may run on (taskset, cgroup cpusets), else the CPUs online. */
static int cpus_allowed(void)
{
#if defined(__linux__) && defined(CPU_COUNT)
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int c = CPU_COUNT(&set);
        if (c > 0) return c;
    }
#endif
    long c = sysconf(_SC_NPROCESSORS_ONLN);
    return c > 0 ? (int)c : 1;
}

void oe_parallel_for(size_t n, size_t chunk, int workers, oe_range_fn fn, void *ctx)
{
    if (chunk == 0) chunk = 1;
    size_t n_chunks = (n + chunk - 1) / chunk;
    if (workers < 1) workers = 1;
    if (workers > 1) {
        /* threads beyond the CPUs we may use only take turns on them */
        int cpus = cpus_allowed();
        if (workers > cpus) workers = cpus;
    }
    if ((size_t)workers > n_chunks) workers = (int)n_chunks;
    if (workers <= 1) {
        if (n) fn(ctx, 0, n);
        return;
    }
    loop_state st = {n, chunk, 0, fn, ctx, 0, 0};
    int helpers = workers - 1;
    pthread_once(&pool_once, pool_init);
    if (helpers > POOL_MAX || pthread_mutex_trylock(&pool_busy) != 0) {
        run_with_own_threads(&st, helpers);
        return;
    }
    if (pool_solo) {
        --pool_solo;
        STAT(0, 1);
        fn(ctx, 0, n);
        pthread_mutex_unlock(&pool_busy);
        return;
    }
    pthread_mutex_lock(&pool_lock);
    int have = pool_grow(helpers);
    if (have > helpers) have = helpers;
    if (have > 0) {
        pool_job = &st;
        pool_want = have;
        __atomic_add_fetch(&pool_generation, 1, __ATOMIC_RELEASE); /* spinning helpers see it */
        pthread_cond_broadcast(&pool_wake);
    }
    pthread_mutex_unlock(&pool_lock);
    long done = run_chunks(&st);
    STAT(0, 1);
    STAT(3, done);
    (void)done;
    if (have > 0) {
        pthread_mutex_lock(&pool_lock);
        pool_job = NULL; /* late risers skip it; wait only for the helpers inside */
        if (st.active > 0 && pool_spin) {
            /* the helpers are on their last chunks: a short spin beats a sleep and a wake-up */
            pthread_mutex_unlock(&pool_lock);
            spin_until(&st.active, 0, 0, SPIN_NS);
            pthread_mutex_lock(&pool_lock);
        }
        if (st.active > 0) STAT(5, 1);
        while (st.active > 0) pthread_cond_wait(&pool_done, &pool_lock);
        pthread_mutex_unlock(&pool_lock);
        /* joined: the helpers ran at least a quarter of their fair share of the chunks */
        if (st.helped * 4 * (size_t)workers >= n_chunks * (size_t)have) {
            pool_misses = 0;
            pool_backoff = 0;
        } else if (++pool_misses >= POOL_MISSES) {
            pool_misses = POOL_MISSES - 1; /* one more miss after the stretch: a longer one */
            pool_backoff = pool_backoff ? (pool_backoff < 128 ? 2 * pool_backoff : 256) : 8;
            pool_solo = pool_backoff;
        }
    }
    pthread_mutex_unlock(&pool_busy);
}
