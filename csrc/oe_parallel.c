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
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

#include "omaha_eval.h"

#define POOL_MAX 64 /* threads the pool keeps at most (more workers start threads per call) */

typedef struct {
    size_t n, chunk, next;
    oe_range_fn fn;
    void *ctx;
    int active; /* pool threads inside this job (guarded by pool_lock) */
} loop_state;

static void run_chunks(loop_state *st)
{
    for (;;) {
        size_t begin = __atomic_fetch_add(&st->next, st->chunk, __ATOMIC_RELAXED);
        if (begin >= st->n) break;
        size_t end = begin + st->chunk < st->n ? begin + st->chunk : st->n;
        st->fn(st->ctx, begin, end);
    }
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

static void *pool_main(void *arg)
{
    int index = (int)(size_t)arg;
    unsigned long seen = 0;
    pthread_mutex_lock(&pool_lock);
    for (;;) {
        while (pool_generation == seen) pthread_cond_wait(&pool_wake, &pool_lock);
        seen = pool_generation;
        loop_state *st = pool_job;
        /* a thread that wakes after the caller finished finds no job: the caller never waits
         * for a helper the scheduler has not run yet (a busy machine), only for those working */
        if (!st || index >= pool_want) continue;
        st->active++;
        pthread_mutex_unlock(&pool_lock);
        run_chunks(st);
        pthread_mutex_lock(&pool_lock);
        if (--st->active == 0) pthread_cond_signal(&pool_done);
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
}

static void pool_init(void) { pthread_atfork(NULL, NULL, pool_after_fork_child); }

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

void oe_parallel_for(size_t n, size_t chunk, int workers, oe_range_fn fn, void *ctx)
{
    if (chunk == 0) chunk = 1;
    size_t n_chunks = (n + chunk - 1) / chunk;
    if (workers < 1) workers = 1;
    if ((size_t)workers > n_chunks) workers = (int)n_chunks;
    if (workers <= 1) {
        if (n) fn(ctx, 0, n);
        return;
    }
    loop_state st = {n, chunk, 0, fn, ctx, 0};
    int helpers = workers - 1;
    pthread_once(&pool_once, pool_init);
    if (helpers > POOL_MAX || pthread_mutex_trylock(&pool_busy) != 0) {
        run_with_own_threads(&st, helpers);
        return;
    }
    pthread_mutex_lock(&pool_lock);
    int have = pool_grow(helpers);
    if (have > helpers) have = helpers;
    if (have > 0) {
        pool_job = &st;
        pool_want = have;
        ++pool_generation;
        pthread_cond_broadcast(&pool_wake);
    }
    pthread_mutex_unlock(&pool_lock);
    run_chunks(&st);
    if (have > 0) {
        pthread_mutex_lock(&pool_lock);
        pool_job = NULL; /* late risers skip it; wait only for the helpers inside */
        while (st.active > 0) pthread_cond_wait(&pool_done, &pool_lock);
        pthread_mutex_unlock(&pool_lock);
    }
    pthread_mutex_unlock(&pool_busy);
}
