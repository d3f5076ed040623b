/* A small fixed-chunk parallel loop over a persistent pool of POSIX threads.
 *
 * Chunks are claimed one at a time; since every item's result is written to its own slot (or
 * reduced per chunk by the caller), results never depend on the number of workers.
 *
 * Work-sharing, never waiting for a helper that has not started: the caller opens the job and
 * starts on its chunks at once; a helper takes the chunks still unclaimed when it gets there,
 * and the caller waits only for chunks a helper is running. A helper that arrives after the
 * last chunk was claimed finds nothing to do. So a late helper costs the caller nothing but the
 * chunks it did not take, and workers=N is never slower than workers=1 by construction, bar the
 * wait for the helpers' last chunks and the publishing itself (~0.1 us, a wake-up syscall only
 * when a helper sleeps). Jobs whose chunks may run twice (oe_parallel_redo, the exact equity
 * engine's) bound that wait too: the caller re-runs the chunks of a helper that is late by a
 * few chunk times (the host took its vCPU: milliseconds) and returns without it.
 *
 * The job lives in static pool storage, not on the caller's stack, and a chunk is claimed with a
 * compare-and-swap on one word holding the job's generation and its next chunk: a helper that
 * reads a job late can never claim a chunk of another one, and taking part needs no lock (a lock
 * the caller holds while it opens the job would put a spinning helper to sleep on the mutex and
 * cost the caller a futex wake-up on every job).
 *
 * Between jobs a helper spins for SPIN_NS (the next call of a caller calling in a loop then
 * starts at once: waking a sleeping thread costs the caller ~5-15 us and the helper starts 10-40
 * us later on this VM, bench/handoff_probe.c), then sleeps on a condition variable. It stops
 * spinning early only on evidence of a competing task on its CPU: an involuntary context switch
 * (getrusage), checked when it finds a gap between two polls. A gap alone is no such evidence on
 * a virtual machine: the hypervisor takes a vCPU away for 40 us to milliseconds several times a
 * second with nothing else running, and stopping then made every later job of a loop pay a
 * wake-up. On a busy machine helpers miss jobs (the scheduler shares the CPUs between sessions,
 * not threads); after POOL_MISSES misses in a row the caller runs the next jobs alone without
 * waking anyone (see pool_solo), so that workers=N costs next to nothing there. A job that had
 * to wake a helper which fell asleep idle (a quiet machine between bursts of calls) is no such
 * miss. Pool threads block every signal, so Ctrl-C is delivered to the main thread; after fork()
 * the child starts a fresh pool. One job runs on the pool at a time; a caller that finds it busy
 * (another thread's job) starts threads of its own for that call.
 */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT, RUSAGE_THREAD */
#endif
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "omaha_eval.h"

/* What the pool did (oe_parallel_counters): relaxed atomic adds, a few per job. */
static long pool_counters[OE_POOL_N];
#define STAT(i, v) __atomic_add_fetch(&pool_counters[i], (v), __ATOMIC_RELAXED)

void oe_parallel_counters(long out[OE_POOL_N])
{
    for (int i = 0; i < OE_POOL_N; ++i) out[i] = __atomic_load_n(&pool_counters[i], __ATOMIC_RELAXED);
}

#define POOL_MAX 64 /* threads the pool keeps at most (more workers start threads per call) */

/* ---- a loop over threads started for one call (the pool is busy with another job) ---- */

typedef struct {
    size_t n, chunk, next;
    oe_range_fn fn;
    void *ctx;
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

/* ---- timing and spinning ---- */

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

/* Involuntary context switches of the calling thread: the guest's scheduler gave its CPU to
 * another task (time the hypervisor takes does not count). -1 where unknown. */
static long thread_preemptions(void)
{
#ifdef RUSAGE_THREAD
    struct rusage r;
    if (getrusage(RUSAGE_THREAD, &r) == 0) return r.ru_nivcsw;
#endif
    return -1;
}

#define SPIN_NS 1000000L    /* a helper waits this long for the next job before it sleeps */
#define GAP_NS 40000L       /* a gap this long between polls (normally ~2 us): off the CPU */
#define SWITCH_NS 5000L     /* a yield this long ran another task (one that returns at once: ~0.4 us) */
#define WAIT_YIELD_NS 20000L /* the caller yields while it waits longer than this */

/* ---- the pool ---- */

/* claim word: generation << GEN_SHIFT | next chunk. Generations are even while a job is open
 * (its chunks can be claimed) and odd once it is closed. */
#define GEN_SHIFT 40
#define CHUNK_MASK ((UINT64_C(1) << GEN_SHIFT) - 1)
#define GEN_MASK ((UINT64_C(1) << (64 - GEN_SHIFT)) - 1) /* generations wrap, even stays even */
#define MAX_POOL_CHUNKS (CHUNK_MASK >> 1)

typedef struct {
    size_t n, chunk;
    uint64_t n_chunks;
    oe_range_fn fn;
    void *ctx;
    int want; /* pool threads 0 .. want-1 take part */
    oe_redo_job *redo; /* a job whose chunks may run twice (oe_parallel_redo), else NULL */
} pool_job;

static uint64_t pool_claim = UINT64_C(1) << GEN_SHIFT; /* closed, generation 1 */
static pool_job pool_cur;     /* the open job (fields written only while it is closed) */
static uint64_t pool_finished; /* chunks of the job finished, by anyone */
static uint64_t pool_helped;   /* of them, by pool threads */
static int pool_caller_sleeps; /* the caller waits on pool_done for the last chunks */
static int pool_sleepers, pool_idle_sleepers; /* helpers asleep; of them, asleep after idling */

static pthread_mutex_t pool_busy = PTHREAD_MUTEX_INITIALIZER; /* held by the job's caller */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER; /* for the condition variables */
static pthread_cond_t pool_wake = PTHREAD_COND_INITIALIZER;
static pthread_cond_t pool_done = PTHREAD_COND_INITIALIZER;
static pthread_once_t pool_once = PTHREAD_ONCE_INIT;
static int pool_threads; /* threads started (written with pool_busy held) */
static int pool_spin;    /* spinning allowed: more than one CPU (set once by pool_init) */

/* Jobs the helpers missed (guarded by pool_busy). On a busy machine the scheduler shares the CPUs
 * between sessions, not threads: a helper then finds no CPU free while the job lasts, and a
 * helper merely woken (runnable) takes CPU share from the caller of its own process. So after
 * POOL_MISSES jobs in a row in which the helpers ran less than a quarter of their share of the
 * chunks, or the caller waited for their last chunks more than a quarter of its own working time
 * (a helper lost its CPU inside a chunk), the caller runs the next jobs alone without waking
 * anyone (8, then twice as many after each further miss, at most 256), then tries the helpers
 * again. During a stretch helpers sleep between jobs (a spinning thread takes CPU share from its
 * own process); once it ends they spin again, and the job that wakes them is not judged (it
 * measures the wake-up, not the helpers: a halted virtual CPU can take a millisecond to come
 * back, so judging it would make every stretch end in a miss and the next stretch longer, up to
 * 256 jobs alone on a machine that recovered long ago). On a machine with a free core, helpers
 * join every job and this never starts. */
#define POOL_MISSES 3
static int pool_misses;
static unsigned pool_solo, pool_backoff, pool_paid;
static int pool_calm = 1; /* no stretch of solo jobs running: helpers may spin between jobs */

/* After a job the helpers took part in. `paid`: they ran at least a quarter of their share of
 * the chunks and the caller waited for their last ones less than a quarter of its own working
 * time (longer: a helper lost its CPU inside a chunk). A job that had to wake a helper asleep
 * after idling or through a stretch is no miss (a quiet machine between bursts). The next
 * stretch's length halves after 8 paid jobs in a row. */
static void pool_judge(int paid, int woke_idle)
{
    if (paid) {
        pool_misses = 0;
        if (pool_backoff && ++pool_paid >= 8) {
            pool_paid = 0;
            pool_backoff = pool_backoff >= 16 ? pool_backoff / 2 : 0;
        }
        return;
    }
    pool_paid = 0;
    if (woke_idle || ++pool_misses < POOL_MISSES) return;
    pool_misses = POOL_MISSES - 1; /* one more miss after the stretch: a longer one */
    pool_backoff = pool_backoff ? (pool_backoff < 128 ? 2 * pool_backoff : 256) : 8;
    pool_solo = pool_backoff;
    __atomic_store_n(&pool_calm, 0, __ATOMIC_RELAXED);
}

/* How many helpers have a CPU to run on? Under the fair-share scheduler a busy machine gives
 * this process about the same CPU time whether it runs one thread or more (the CPUs are shared
 * between sessions), so a helper without a CPU of its own only adds hand-offs, and one that
 * loses its CPU inside a chunk makes the caller wait a scheduler slice (milliseconds). The
 * evidence is the kernel's count of runnable tasks (/proc/loadavg, ~5 us to read), sampled at
 * most every BUSY_SAMPLE_NS by the caller: the tasks not of this process leave cpus - 1 - others
 * CPUs to helpers, the larger of the last two samples (a passing task does not send the pool
 * away; a new pool starts trusting). So on two CPUs any other runnable task makes the caller run
 * alone; on eight, one other task leaves six helpers. The process's own runnable threads are
 * counted (/proc/self/task, only when the machine-wide count says someone else runs) and left
 * out: they share this process's CPU time, not another session's, and include OpenBLAS's
 * workers, which spin for ~0.1 s after NumPy's import and after every threaded BLAS call (a
 * thread of ours that keeps a helper off its CPU makes it miss jobs: see pool_judge). Threads under a
 * real-time policy are not shared out that way, and where the count cannot be read every CPU
 * counts as free. The environment variable OE_POOL_IGNORE_LOAD (any value) turns the check off:
 * tests use it to exercise the hand-offs on a loaded machine. (Guarded by pool_busy.) */
#define BUSY_SAMPLE_NS 10000000L
static int pool_free_now = POOL_MAX, pool_free_last = POOL_MAX;
static struct timespec pool_sampled;
static int pool_sample_ok = 1;

static int runnable_tasks(void)
{
#ifdef __linux__
    char buf[128];
    int fd = open("/proc/loadavg", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t got = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (got <= 0) return -1;
    buf[got] = 0;
    const char *p = buf; /* "0.17 0.66 0.90 1/234 5678": the 4th field's numerator */
    for (int field = 0; field < 3; ++field) {
        while (*p && *p != ' ') ++p;
        while (*p == ' ') ++p;
    }
    if (*p < '0' || *p > '9') return -1;
    return atoi(p);
#else
    return -1;
#endif
}

/* Runnable threads of this process (state R in /proc/self/task/<tid>/stat), or -1. */
static int own_runnable_threads(void)
{
#ifdef __linux__
    DIR *dir = opendir("/proc/self/task");
    if (!dir) return -1;
    int count = 0;
    char path[64], buf[512];
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        snprintf(path, sizeof path, "/proc/self/task/%.20s/stat", e->d_name);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) continue; /* the thread ended meanwhile */
        ssize_t got = read(fd, buf, sizeof buf - 1);
        close(fd);
        if (got <= 0) continue;
        buf[got] = 0;
        const char *end = strrchr(buf, ')'); /* "tid (name) S ...": the name may hold anything */
        count += end && end[1] == ' ' && end[2] == 'R';
    }
    closedir(dir);
    return count;
#else
    return -1;
#endif
}

static int free_helper_cpus(int cpus)
{
    if (!pool_sample_ok) return POOL_MAX;
    if (pool_sampled.tv_sec && elapsed_ns(&pool_sampled) < BUSY_SAMPLE_NS) return pool_free_now;
    clock_gettime(CLOCK_MONOTONIC, &pool_sampled);
    int free_cpus = POOL_MAX;
    int policy = sched_getscheduler(0);
#ifdef SCHED_BATCH
    int shared_out = policy == SCHED_OTHER || policy == SCHED_BATCH;
#else
    int shared_out = policy == SCHED_OTHER;
#endif
    if (!getenv("OE_POOL_IGNORE_LOAD") && shared_out) {
        int running = runnable_tasks();
        if (running < 0) {
            pool_sample_ok = 0;
        } else {
            int awake = pool_threads - __atomic_load_n(&pool_sleepers, __ATOMIC_SEQ_CST);
            int others = running - 1 - (awake > 0 ? awake : 0);
            if (others > 0) { /* someone else, or threads of ours the count above missed */
                int own = own_runnable_threads();
                if (own > 0 && running - own < others) others = running - own;
            }
            free_cpus = cpus - 1 - (others > 0 ? others : 0);
            if (free_cpus < 0) free_cpus = 0;
        }
    }
    pool_free_now = free_cpus > pool_free_last ? free_cpus : pool_free_last;
    pool_free_last = free_cpus;
    /* helpers spin between jobs only while they have CPUs (and no solo stretch runs) */
    __atomic_store_n(&pool_calm, pool_free_now > 0 && !pool_solo, __ATOMIC_RELAXED);
    return pool_free_now;
}

static inline uint64_t gen_of(uint64_t claim) { return claim >> GEN_SHIFT; }

/* Is a job newer than generation `seen` open? */
static inline int job_open_after(uint64_t seen)
{
    uint64_t g = gen_of(__atomic_load_n(&pool_claim, __ATOMIC_SEQ_CST));
    return !(g & 1) && g != seen;
}

/* A thread's evidence that another task wants its CPU: the guest scheduler switched it out
 * (an involuntary context switch) since `switches` was read. Checked only after a yield or a
 * gap between polls that took long enough to have let another task run, so it costs a
 * syscall only then. */
static int competed(long yield_ns, long gap_ns, long switches)
{
    return (yield_ns > SWITCH_NS || gap_ns > GAP_NS) && thread_preemptions() != switches;
}

/* A helper's wait for a job newer than `seen`: 1 when one opened, 0 after SPIN_NS (idle), -1 on
 * a competing task on this CPU. It yields between polls, so that a thread waiting for this CPU
 * (the caller itself on a busy machine) gets it, and that yield's context switch is the
 * evidence that ends the spin: on a busy machine a spinning helper takes CPU share from its
 * own process (the scheduler shares the CPUs between sessions), the caller's first of all. */
static int spin_for_job(uint64_t seen)
{
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long last = 0, switches = thread_preemptions();
    for (int i = 1;; ++i) {
        if (job_open_after(seen)) return 1;
        cpu_relax();
        if (i % 32) continue;
        long t = elapsed_ns(&t0);
        if (t > SPIN_NS) return 0;
        sched_yield();
        long after = elapsed_ns(&t0);
        if (competed(after - t, after - last, switches)) {
            STAT(OE_POOL_SPINS_CUT, 1);
            return -1;
        }
        last = after;
    }
}

static void sleep_for_job(uint64_t seen, int idle)
{
    pthread_mutex_lock(&pool_lock);
    if (idle) __atomic_add_fetch(&pool_idle_sleepers, 1, __ATOMIC_SEQ_CST);
    __atomic_add_fetch(&pool_sleepers, 1, __ATOMIC_SEQ_CST);
    /* sleep until the claim word changes from what it is now (a job opens, or closes before we
     * ran): a caller that opens a job after this load sees pool_sleepers and broadcasts */
    uint64_t g = gen_of(__atomic_load_n(&pool_claim, __ATOMIC_SEQ_CST));
    if (g == seen || (g & 1)) {
        STAT(OE_POOL_HELPER_SLEEPS, 1);
        while (gen_of(__atomic_load_n(&pool_claim, __ATOMIC_SEQ_CST)) == g)
            pthread_cond_wait(&pool_wake, &pool_lock);
    }
    __atomic_sub_fetch(&pool_sleepers, 1, __ATOMIC_SEQ_CST);
    if (idle) __atomic_sub_fetch(&pool_idle_sleepers, 1, __ATOMIC_SEQ_CST);
    pthread_mutex_unlock(&pool_lock);
#ifdef OE_PARALLEL_WAKE_DELAY_NS
    /* build-time test hook (bench/equity_kernel.sh WAKE_DELAY_NS=...): hold the helper that long
     * after every real wake-up, as a halted virtual CPU of an idle VM does (what a quiet machine
     * costs and a loaded one hides) */
    struct timespec w0;
    clock_gettime(CLOCK_MONOTONIC, &w0);
    while (elapsed_ns(&w0) < OE_PARALLEL_WAKE_DELAY_NS) cpu_relax();
#endif
}

/* ---- jobs whose chunks may run twice (oe_parallel_redo) ----
 * A helper in such a job marks itself with the job's generation (helper_in, then a second look
 * at the claim word: a job closed meanwhile is left untouched); the caller, after closing the
 * job, finds any helper still marked, and its job's memory then stays alive until the mark goes
 * (oe_parallel_park). */
static uint64_t helper_in[POOL_MAX]; /* 1 + the generation of the redo job a helper is in, or 0 */

/* Jobs left to late helpers (guarded by park_lock): released once no helper is marked with
 * their generation. At most PARK_MAX; a caller that finds no room waits for its helper. */
#define PARK_MAX 8
static struct { oe_redo_job *job; uint64_t mark; } parked[PARK_MAX];
static int n_parked;
static pthread_mutex_t park_lock = PTHREAD_MUTEX_INITIALIZER;

/* Chunk c's copy finished: the first to finish counts. */
static int redo_commit(oe_redo_job *r, size_t c, int copy)
{
    unsigned char free_ = 0;
    if (!__atomic_compare_exchange_n(&r->done[c], &free_, (unsigned char)(1 + copy), 0,
                                     __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
        return 0;
    if (c < r->barrier) __atomic_add_fetch(&r->n_below, 1, __ATOMIC_ACQ_REL);
    __atomic_add_fetch(&r->n_done, 1, __ATOMIC_ACQ_REL);
    return 1;
}

/* A chunk from the barrier on waits for every chunk below it (a helper: those the caller runs,
 * or re-runs; the caller never waits here, see redo_catch_up). */
static void redo_barrier(oe_redo_job *r, size_t c)
{
    if (c >= r->barrier) oe_parallel_wait_for(&r->n_below, r->barrier);
}

/* Test hook (OE_POOL_TEST_STALL_US, read once at the pool's start): a helper stalls that long
 * in every third chunk of a redo job it claims (before running it), as a helper whose vCPU the
 * host took away does, so that tests see the re-runs and the parking on any machine. */
static long pool_test_stall_ns;

static uint64_t help_redo(uint64_t g, int index, oe_redo_job *r)
{
    __atomic_store_n(&helper_in[index], g + 1, __ATOMIC_SEQ_CST);
    uint64_t w = __atomic_load_n(&pool_claim, __ATOMIC_SEQ_CST);
    uint64_t done = 0;
    for (;;) {
        uint64_t c = w & CHUNK_MASK;
        if (gen_of(w) != g || c >= r->n_chunks) break;
        if (!__atomic_compare_exchange_n(&pool_claim, &w, w + 1, 0, __ATOMIC_ACQ_REL,
                                         __ATOMIC_ACQUIRE))
            continue;
        redo_barrier(r, (size_t)c);
        if (pool_test_stall_ns && c % 3 == 1) {
            struct timespec d = {pool_test_stall_ns / 1000000000L, pool_test_stall_ns % 1000000000L};
            nanosleep(&d, NULL);
        }
        r->fn(r->ctx, (size_t)c, 0);
        done += (uint64_t)redo_commit(r, (size_t)c, 0);
        w = __atomic_load_n(&pool_claim, __ATOMIC_ACQUIRE);
    }
    __atomic_store_n(&helper_in[index], 0, __ATOMIC_RELEASE); /* the job's memory is free to go */
    return done;
}

/* A helper's part in the job of generation g: chunks claimed one by one while the job is open.
 * Returns the chunks it ran. */
static uint64_t help_with(uint64_t g, int index)
{
    uint64_t w = __atomic_load_n(&pool_claim, __ATOMIC_ACQUIRE);
    if (gen_of(w) != g) return 0;
    /* the job's fields, read before the first claim: a successful claim proves the job was
     * still open, so that they were this job's (the caller rewrites them only when closed) */
    pool_job job;
    job.n = __atomic_load_n(&pool_cur.n, __ATOMIC_ACQUIRE);
    job.chunk = __atomic_load_n(&pool_cur.chunk, __ATOMIC_ACQUIRE);
    job.n_chunks = __atomic_load_n(&pool_cur.n_chunks, __ATOMIC_ACQUIRE);
    job.fn = __atomic_load_n(&pool_cur.fn, __ATOMIC_ACQUIRE);
    job.ctx = __atomic_load_n(&pool_cur.ctx, __ATOMIC_ACQUIRE);
    job.want = __atomic_load_n(&pool_cur.want, __ATOMIC_ACQUIRE);
    job.redo = __atomic_load_n(&pool_cur.redo, __ATOMIC_ACQUIRE);
    if (index >= job.want) return 0;
    if (job.redo) return help_redo(g, index, job.redo);
    uint64_t done = 0;
    for (;;) {
        uint64_t c = w & CHUNK_MASK;
        if (gen_of(w) != g || c >= job.n_chunks) break;
        if (!__atomic_compare_exchange_n(&pool_claim, &w, w + 1, 0, __ATOMIC_ACQ_REL,
                                         __ATOMIC_ACQUIRE))
            continue; /* w now holds the current word */
        size_t begin = (size_t)c * job.chunk;
        size_t end = begin + job.chunk < job.n ? begin + job.chunk : job.n;
        job.fn(job.ctx, begin, end);
        ++done;
        __atomic_add_fetch(&pool_helped, 1, __ATOMIC_RELAXED);
        __atomic_add_fetch(&pool_finished, 1, __ATOMIC_SEQ_CST);
        if (__atomic_load_n(&pool_caller_sleeps, __ATOMIC_SEQ_CST)) {
            pthread_mutex_lock(&pool_lock);
            pthread_cond_signal(&pool_done);
            pthread_mutex_unlock(&pool_lock);
        }
        w = __atomic_load_n(&pool_claim, __ATOMIC_ACQUIRE);
    }
    return done;
}

static void *pool_main(void *arg)
{
    int index = (int)(size_t)arg;
    uint64_t seen = 0; /* the last generation this thread saw open */
    for (;;) {
        if (!job_open_after(seen)) {
            int spin = pool_spin && __atomic_load_n(&pool_calm, __ATOMIC_RELAXED);
            int got = spin ? spin_for_job(seen) : -1;
            if (got <= 0 && !job_open_after(seen)) {
                sleep_for_job(seen, got == 0 || !spin); /* idle, or not let spin: no miss */
                if (!job_open_after(seen)) {
                    /* late: the caller did the job alone. Spin for the next one all the same
                     * (the next call of a loop): a thread woken from sleep late would otherwise
                     * miss every job of a loop of short calls and sleep again. */
                    STAT(OE_POOL_LATE, 1);
                    seen = gen_of(__atomic_load_n(&pool_claim, __ATOMIC_SEQ_CST)) & ~UINT64_C(1);
                    continue;
                }
            }
        }
        uint64_t g = gen_of(__atomic_load_n(&pool_claim, __ATOMIC_ACQUIRE));
        if (g & 1) continue; /* closed meanwhile: look again */
        seen = g;
        uint64_t done = help_with(g, index);
        STAT(OE_POOL_JOINED, done > 0);
        STAT(OE_POOL_HELPER_CHUNKS, (long)done);
        if (!done) STAT(OE_POOL_LATE, 1);
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
    pool_claim = UINT64_C(1) << GEN_SHIFT;
    pool_finished = pool_helped = 0;
    pool_caller_sleeps = pool_sleepers = pool_idle_sleepers = 0;
    pool_misses = 0;
    pool_solo = pool_backoff = pool_paid = 0;
    pool_calm = 1;
    pool_free_now = POOL_MAX;
    pool_free_last = POOL_MAX;
    pool_sampled.tv_sec = pool_sampled.tv_nsec = 0;
    for (int i = 0; i < OE_POOL_N; ++i) pool_counters[i] = 0;
    for (int i = 0; i < POOL_MAX; ++i) helper_in[i] = 0;
    park_lock = fresh;
    n_parked = 0; /* jobs of the parent's helpers: left as they are */
}

static void pool_init(void)
{
    pthread_atfork(NULL, NULL, pool_after_fork_child);
    pool_spin = sysconf(_SC_NPROCESSORS_ONLN) > 1;
    const char *stall = getenv("OE_POOL_TEST_STALL_US");
    if (stall) pool_test_stall_ns = atol(stall) * 1000L;
}

/* Starts pool threads until there are `want` (called with pool_busy held); returns how many
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
        __atomic_store_n(&pool_threads, pool_threads + 1, __ATOMIC_RELEASE);
    }
    pthread_attr_destroy(&attr);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return pool_threads;
}

/* The caller's wait for the chunks helpers are running (all are claimed): spin, yielding after
 * WAIT_YIELD_NS (a helper may share this CPU); sleep after SPIN_NS or as soon as a yield shows
 * another task wants this CPU (then a helper waiting for a CPU gets this process's share
 * sooner). Returns how long it waited. */
static long wait_for_helpers(uint64_t n_chunks)
{
    struct timespec t0;
    long switches = -2, last = 0;
    if (__atomic_load_n(&pool_finished, __ATOMIC_ACQUIRE) >= n_chunks) return 0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 1; __atomic_load_n(&pool_finished, __ATOMIC_ACQUIRE) < n_chunks; ++i) {
        cpu_relax();
        if (i % 32) continue;
        long t = elapsed_ns(&t0);
        if (t > SPIN_NS || !pool_spin) break;
        if (t < WAIT_YIELD_NS) continue;
        if (switches == -2) switches = thread_preemptions();
        sched_yield();
        long after = elapsed_ns(&t0);
        if (competed(after - t, after - last, switches)) break;
        last = after;
    }
    if (__atomic_load_n(&pool_finished, __ATOMIC_ACQUIRE) < n_chunks) {
        STAT(OE_POOL_CALLER_SLEEPS, 1);
        pthread_mutex_lock(&pool_lock);
        __atomic_store_n(&pool_caller_sleeps, 1, __ATOMIC_SEQ_CST);
        while (__atomic_load_n(&pool_finished, __ATOMIC_SEQ_CST) < n_chunks)
            pthread_cond_wait(&pool_done, &pool_lock);
        __atomic_store_n(&pool_caller_sleeps, 0, __ATOMIC_SEQ_CST);
        pthread_mutex_unlock(&pool_lock);
    }
    return elapsed_ns(&t0);
}

/* Opens the next job (pool_busy held): its fields, then the claim word; wakes the helpers
 * asleep. Returns its generation; *woke_idle: one of them had fallen asleep idle. */
static uint64_t pool_open(size_t n, size_t chunk, uint64_t n_chunks, int want, oe_range_fn fn,
                          void *ctx, oe_redo_job *redo, int *woke_idle)
{
    uint64_t closed = gen_of(__atomic_load_n(&pool_claim, __ATOMIC_RELAXED));
    uint64_t g = (closed + 1) & GEN_MASK;
    __atomic_store_n(&pool_cur.n, n, __ATOMIC_RELEASE);
    __atomic_store_n(&pool_cur.chunk, chunk, __ATOMIC_RELEASE);
    __atomic_store_n(&pool_cur.n_chunks, n_chunks, __ATOMIC_RELEASE);
    __atomic_store_n(&pool_cur.fn, fn, __ATOMIC_RELEASE);
    __atomic_store_n(&pool_cur.ctx, ctx, __ATOMIC_RELEASE);
    __atomic_store_n(&pool_cur.want, want, __ATOMIC_RELEASE);
    __atomic_store_n(&pool_cur.redo, redo, __ATOMIC_RELEASE);
    __atomic_store_n(&pool_claim, g << GEN_SHIFT, __ATOMIC_SEQ_CST); /* open */
    *woke_idle = 0;
    if (__atomic_load_n(&pool_sleepers, __ATOMIC_SEQ_CST)) {
        *woke_idle = __atomic_load_n(&pool_idle_sleepers, __ATOMIC_SEQ_CST) > 0;
        STAT(OE_POOL_IDLE_WAKES, *woke_idle);
        pthread_mutex_lock(&pool_lock);
        pthread_cond_broadcast(&pool_wake);
        pthread_mutex_unlock(&pool_lock);
    }
    return g;
}

/* One job on the pool (pool_busy held, `helpers` pool threads exist). Returns the chunks the
 * helpers ran; *woke_idle tells whether a helper had to be woken after idling, *work_ns and
 * *wait_ns how long the caller worked on chunks and then waited for the helpers' last ones. */
static uint64_t pool_run(size_t n, size_t chunk, uint64_t n_chunks, int helpers, oe_range_fn fn,
                         void *ctx, int *woke_idle, long *work_ns, long *wait_ns)
{
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    __atomic_store_n(&pool_finished, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&pool_helped, 0, __ATOMIC_RELAXED);
    uint64_t g = pool_open(n, chunk, n_chunks, helpers, fn, ctx, NULL, woke_idle);
    uint64_t mine = 0;
    for (;;) { /* the caller's claims: nobody else changes the generation while it is open */
        uint64_t c = __atomic_fetch_add(&pool_claim, 1, __ATOMIC_ACQ_REL) & CHUNK_MASK;
        if (c >= n_chunks) break;
        size_t begin = (size_t)c * chunk;
        size_t end = begin + chunk < n ? begin + chunk : n;
        fn(ctx, begin, end);
        ++mine;
    }
    /* every chunk is claimed: close the job (late helpers find nothing), wait for the helpers'
     * chunks still running */
    __atomic_store_n(&pool_claim, (g + 1) << GEN_SHIFT, __ATOMIC_SEQ_CST);
    __atomic_add_fetch(&pool_finished, mine, __ATOMIC_SEQ_CST);
    *work_ns = elapsed_ns(&t0);
    *wait_ns = wait_for_helpers(n_chunks);
    STAT(OE_POOL_CALLER_CHUNKS, (long)mine);
    STAT(OE_POOL_WAIT_LAST_NS, *wait_ns);
    return __atomic_load_n(&pool_helped, __ATOMIC_ACQUIRE);
}

void oe_parallel_wait_for(const unsigned long *counter, unsigned long target)
{
    if (__atomic_load_n(counter, __ATOMIC_ACQUIRE) >= target) return;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while (__atomic_load_n(counter, __ATOMIC_ACQUIRE) < target) {
        for (int i = 0; i < 16; ++i) cpu_relax();
        if (pool_spin) sched_yield();
    }
    STAT(OE_POOL_WAIT_INSIDE_NS, elapsed_ns(&t0));
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

static void release_parked(void);

/* The helpers a job of n_chunks gets for `workers` threads: > 0 pool threads (pool_busy then
 * held); 0 when the caller is to run it alone (one worker; or the pool stood aside: a solo job,
 * counted); -1 when the pool is busy with another thread's job or too small for this one (the
 * caller starts *own threads for this call). */
static int pool_acquire(int workers, uint64_t n_chunks, int *own)
{
    if (workers < 1) workers = 1;
    int cpus = workers > 1 ? cpus_allowed() : 1;
    if (workers > cpus) workers = cpus; /* threads beyond the CPUs we may use only take turns */
    if ((uint64_t)workers > n_chunks) workers = (int)n_chunks;
    if (workers <= 1) return 0;
    int helpers = workers - 1;
    pthread_once(&pool_once, pool_init);
    if (helpers > POOL_MAX || n_chunks > MAX_POOL_CHUNKS || pthread_mutex_trylock(&pool_busy) != 0) {
        *own = helpers;
        return -1;
    }
    if (__atomic_load_n(&n_parked, __ATOMIC_RELAXED)) { /* jobs whose late helpers left since */
        pthread_mutex_lock(&park_lock);
        release_parked();
        pthread_mutex_unlock(&park_lock);
    }
    int room = pool_solo ? 0 : free_helper_cpus(cpus);
    if (room < helpers) helpers = room;
    if (helpers <= 0) {
        STAT(OE_POOL_JOBS, 1);
        STAT(OE_POOL_SOLO, 1);
        STAT(OE_POOL_SOLO_BUSY, !pool_solo);
        if (pool_solo && --pool_solo == 0) /* the stretch is over: helpers may spin again */
            __atomic_store_n(&pool_calm, pool_free_now > 0, __ATOMIC_RELAXED);
        pthread_mutex_unlock(&pool_busy);
        return 0;
    }
    int have = pool_grow(helpers);
    if (have > helpers) have = helpers;
    if (have <= 0) pthread_mutex_unlock(&pool_busy);
    return have > 0 ? have : 0;
}

void oe_parallel_for(size_t n, size_t chunk, int workers, oe_range_fn fn, void *ctx)
{
    if (chunk == 0) chunk = 1;
    size_t n_chunks = n / chunk + (n % chunk != 0);
    int own = 0, have = pool_acquire(workers, (uint64_t)n_chunks, &own);
    if (have < 0) {
        loop_state st = {n, chunk, 0, fn, ctx};
        run_with_own_threads(&st, own);
        return;
    }
    if (have == 0) {
        if (n) fn(ctx, 0, n);
        return;
    }
    int woke_idle;
    long work_ns, wait_ns;
    uint64_t helped = pool_run(n, chunk, (uint64_t)n_chunks, have, fn, ctx, &woke_idle, &work_ns,
                               &wait_ns);
    STAT(OE_POOL_JOBS, 1);
    pool_judge(helped * 4 * (uint64_t)(have + 1) >= (uint64_t)n_chunks * (uint64_t)have &&
                   4 * wait_ns <= work_ns,
               woke_idle);
    pthread_mutex_unlock(&pool_busy);
}

/* ---- redo jobs: the caller's side ---- */

#define REDO_WAIT_CHUNKS 3   /* the caller waits this many of its mean chunk times, then re-runs */
#define REDO_WAIT_MIN_NS 10000L

/* The caller's patience: REDO_WAIT_CHUNKS mean chunk times of its own, its longest chunk left
 * out (the host may have taken its CPU inside that one: a millisecond would make the mean
 * worthless), at least REDO_WAIT_MIN_NS. */
static long redo_patience(long chunk_ns, long longest_ns, uint64_t chunks)
{
    long p = chunks > 1 ? REDO_WAIT_CHUNKS * (chunk_ns - longest_ns) / (long)(chunks - 1) : 0;
    return p > REDO_WAIT_MIN_NS ? p : REDO_WAIT_MIN_NS;
}

/* The caller, with every chunk below `upto` claimed: returns once all of them are done. It
 * waits up to `patience_ns` for the helpers running some, then runs each chunk still unfinished
 * itself as copy 1, in order (so a chunk past the barrier finds every chunk below it done). */
static void redo_catch_up(oe_redo_job *r, size_t upto, long patience_ns)
{
    unsigned long *counter = upto == r->barrier ? &r->n_below : &r->n_done;
    if (__atomic_load_n(counter, __ATOMIC_ACQUIRE) >= upto) return;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 1; __atomic_load_n(counter, __ATOMIC_ACQUIRE) < upto; ++i) {
        cpu_relax();
        if (i % 32 == 0 && elapsed_ns(&t0) > patience_ns) break;
    }
    for (size_t c = 0; c < upto && __atomic_load_n(counter, __ATOMIC_ACQUIRE) < upto; ++c) {
        if (__atomic_load_n(&r->done[c], __ATOMIC_ACQUIRE)) continue;
        r->fn(r->ctx, c, 1);
        STAT(OE_POOL_REDONE, redo_commit(r, c, 1));
    }
    STAT(OE_POOL_WAIT_LAST_NS, elapsed_ns(&t0));
}

static int marked(uint64_t mark)
{
    int threads = __atomic_load_n(&pool_threads, __ATOMIC_ACQUIRE);
    for (int i = 0; i < threads; ++i)
        if (__atomic_load_n(&helper_in[i], __ATOMIC_SEQ_CST) == mark) return 1;
    return 0;
}

/* Releases the parked jobs whose helpers have left (park_lock held). */
static void release_parked(void)
{
    for (int i = 0; i < n_parked;) {
        if (marked(parked[i].mark)) { ++i; continue; }
        parked[i].job->release(parked[i].job->ctx);
        parked[i] = parked[n_parked - 1];
        __atomic_store_n(&n_parked, n_parked - 1, __ATOMIC_RELAXED);
    }
}

void oe_parallel_park(oe_redo_job *job)
{
    pthread_mutex_lock(&park_lock);
    release_parked();
    while (n_parked == PARK_MAX) { /* no room: wait for the oldest job's helper */
        pthread_mutex_unlock(&park_lock);
        sched_yield();
        pthread_mutex_lock(&park_lock);
        release_parked();
    }
    STAT(OE_POOL_PARKED, 1);
    parked[n_parked].job = job;
    parked[n_parked].mark = job->mark;
    __atomic_store_n(&n_parked, n_parked + 1, __ATOMIC_RELAXED);
    release_parked(); /* the helper may have left already */
    pthread_mutex_unlock(&park_lock);
}

/* Chunks of a redo job on threads started for this call (the pool is busy): plain claims,
 * every chunk run once (the threads are joined before the call returns). */
static void redo_range(void *ctx, size_t begin, size_t end)
{
    oe_redo_job *r = (oe_redo_job *)ctx;
    for (size_t c = begin; c < end; ++c) {
        redo_barrier(r, c);
        r->fn(r->ctx, c, 0);
        redo_commit(r, c, 0);
    }
}

int oe_parallel_redo(oe_redo_job *r, int workers)
{
    size_t n = r->n_chunks;
    r->n_done = r->n_below = 0;
    r->mark = 0;
    int own = 0, have = pool_acquire(workers, (uint64_t)n, &own);
    if (have < 0) {
        loop_state st = {n, 1, 0, redo_range, r};
        run_with_own_threads(&st, own);
        return 0;
    }
    if (have == 0) return -1;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int woke_idle;
    uint64_t g = pool_open(n, 1, (uint64_t)n, have, NULL, NULL, r, &woke_idle);
    long chunk_ns = 0, longest_ns = 0, wait_ns;
    uint64_t mine = 0;
    for (;;) {
        uint64_t c = __atomic_fetch_add(&pool_claim, 1, __ATOMIC_ACQ_REL) & CHUNK_MASK;
        if (c >= n) break;
        if (c >= r->barrier) /* every chunk below is claimed: run those a helper is late with */
            redo_catch_up(r, r->barrier, redo_patience(chunk_ns, longest_ns, mine));
        struct timespec c0;
        clock_gettime(CLOCK_MONOTONIC, &c0);
        r->fn(r->ctx, (size_t)c, 0);
        long took = elapsed_ns(&c0);
        chunk_ns += took;
        longest_ns = took > longest_ns ? took : longest_ns;
        redo_commit(r, (size_t)c, 0);
        ++mine;
    }
    __atomic_store_n(&pool_claim, (g + 1) << GEN_SHIFT, __ATOMIC_SEQ_CST); /* closed */
    long work_ns = elapsed_ns(&t0);
    redo_catch_up(r, n, redo_patience(chunk_ns, longest_ns, mine));
    wait_ns = elapsed_ns(&t0) - work_ns;
    /* a helper still marked may be inside a chunk: the job's memory must outlive it */
    r->mark = g + 1;
    /* a helper past its last chunk clears its mark within a few loads: give it that long */
    for (int i = 0; i < 256 && marked(g + 1); ++i) cpu_relax();
    int late = marked(g + 1);
    __atomic_store_n(&pool_cur.redo, (oe_redo_job *)NULL, __ATOMIC_RELAXED);
    STAT(OE_POOL_JOBS, 1);
    STAT(OE_POOL_CALLER_CHUNKS, (long)mine);
    /* Judged only by the caller's wait: a helper that came late, or not at all, cost the caller
     * nothing here (it took no chunk, or its chunks were run again after a few chunk times),
     * so its share of the chunks is no evidence against the pool, as it is for plain jobs */
    pool_judge(4 * wait_ns <= work_ns, woke_idle);
    pthread_mutex_unlock(&pool_busy);
    return late;
}
