/* A small fixed-chunk parallel loop over a persistent pool of threads (oe_pool.h; the threads
 * and atomics are oe_threads.h's: POSIX threads or Win32).
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
 * (oe_load_preemptions), checked when it finds a gap between two polls. A gap alone is no such evidence on
 * a virtual machine: the hypervisor takes a vCPU away for 40 us to milliseconds several times a
 * second with nothing else running, and stopping then made every later job of a loop pay a
 * wake-up. On a busy machine helpers miss jobs (the scheduler shares the CPUs between sessions,
 * not threads); after POOL_MISSES misses in a row the caller runs the next jobs alone without
 * waking anyone (see pool_solo), so that workers=N costs next to nothing there. A job that had
 * to wake a helper which fell asleep idle (a quiet machine between bursts of calls) is no such
 * miss. Pool threads block every signal, so Ctrl-C is delivered to the main thread; after fork()
 * the child starts a fresh pool (POSIX). One job runs on the pool at a time; a caller that finds it busy
 * (another thread's job) starts threads of its own for that call.
 */
#include <stdint.h>
#include <stdlib.h>

#include "oe_load.h"
#include "oe_pool.h"
#include "oe_threads.h"

/* What the pool did (oe_parallel_counters): relaxed atomic adds, a few per job. */
static long pool_counters[OE_POOL_N];
#define STAT(i, v) OE_ATOMIC_ADD_FETCH(&pool_counters[i], (v), OE_RELAXED)

void oe_parallel_counters(long out[OE_POOL_N])
{
    for (int i = 0; i < OE_POOL_N; ++i) out[i] = OE_ATOMIC_LOAD(&pool_counters[i], OE_RELAXED);
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
        size_t begin = OE_ATOMIC_FETCH_ADD(&st->next, st->chunk, OE_RELAXED);
        if (begin >= st->n) break;
        size_t end = begin + st->chunk < st->n ? begin + st->chunk : st->n;
        st->fn(st->ctx, begin, end);
    }
}

static void run_chunks_thread(void *arg) { run_chunks((loop_state *)arg); }

static void run_with_own_threads(loop_state *st, int helpers)
{
    oe_thread *threads = (oe_thread *)malloc(sizeof(oe_thread) * (size_t)helpers);
    int started = 0;
    if (threads)
        for (; started < helpers; ++started)
            if (oe_thread_start(&threads[started], run_chunks_thread, st) != 0) break;
    run_chunks(st); /* the calling thread works too; if threads failed to start it does it all */
    for (int i = 0; i < started; ++i) oe_thread_join(&threads[i]);
    free(threads);
}

/* ---- timing and spinning ---- */

static long elapsed_ns(int64_t t0) { return (long)(oe_now_ns() - t0); }

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

static oe_mutex pool_busy = OE_MUTEX_INIT; /* held by the job's caller */
static oe_mutex pool_lock = OE_MUTEX_INIT; /* for the condition variables */
static oe_cond pool_wake = OE_COND_INIT;
static oe_cond pool_done = OE_COND_INIT;
static oe_once_flag pool_once = OE_ONCE_INIT;
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
    OE_ATOMIC_STORE(&pool_calm, 0, OE_RELAXED);
}

/* How many helpers have a CPU to run on? The rule is oe_load.h's: a helper is worth a CPU that
 * no task of another process wants. The caller samples oe_load_other_tasks at most every
 * BUSY_SAMPLE_NS: cpus - 1 - others CPUs are left to helpers, the larger of the last two
 * samples (a passing task does not send the pool away; a new pool starts trusting). So on two
 * CPUs any other runnable task makes the caller run alone; on eight, one other task leaves six
 * helpers. No evidence (-1) leaves every CPU free. (Guarded by pool_busy.) */
#define BUSY_SAMPLE_NS 10000000L
static int pool_free_now = POOL_MAX, pool_free_last = POOL_MAX;
static int64_t pool_sampled; /* oe_now_ns() of the last sample, 0 before the first */

static int free_helper_cpus(int cpus)
{
    if (pool_sampled && elapsed_ns(pool_sampled) < BUSY_SAMPLE_NS) return pool_free_now;
    pool_sampled = oe_now_ns();
    int awake = pool_threads - OE_ATOMIC_LOAD(&pool_sleepers, OE_SEQ_CST);
    int others = oe_load_other_tasks(awake);
    int free_cpus = POOL_MAX;
    if (others >= 0) {
        free_cpus = cpus - 1 - others;
        if (free_cpus < 0) free_cpus = 0;
    }
    pool_free_now = free_cpus > pool_free_last ? free_cpus : pool_free_last;
    pool_free_last = free_cpus;
    /* helpers spin between jobs only while they have CPUs (and no solo stretch runs) */
    OE_ATOMIC_STORE(&pool_calm, pool_free_now > 0 && !pool_solo, OE_RELAXED);
    return pool_free_now;
}

static inline uint64_t gen_of(uint64_t claim) { return claim >> GEN_SHIFT; }

/* Is a job newer than generation `seen` open? */
static inline int job_open_after(uint64_t seen)
{
    uint64_t g = gen_of(OE_ATOMIC_LOAD(&pool_claim, OE_SEQ_CST));
    return !(g & 1) && g != seen;
}

/* A thread's evidence that another task wants its CPU: the guest scheduler switched it out
 * (an involuntary context switch) since `switches` was read. Checked only after a yield or a
 * gap between polls that took long enough to have let another task run, so it costs a
 * syscall only then. */
static int competed(long yield_ns, long gap_ns, long switches)
{
    return (yield_ns > SWITCH_NS || gap_ns > GAP_NS) && oe_load_preemptions() != switches;
}

/* A helper's wait for a job newer than `seen`: 1 when one opened, 0 after SPIN_NS (idle), -1 on
 * a competing task on this CPU. It yields between polls, so that a thread waiting for this CPU
 * (the caller itself on a busy machine) gets it, and that yield's context switch is the
 * evidence that ends the spin: on a busy machine a spinning helper takes CPU share from its
 * own process (the scheduler shares the CPUs between sessions), the caller's first of all. */
static int spin_for_job(uint64_t seen)
{
    int64_t t0 = oe_now_ns();
    long last = 0, switches = oe_load_preemptions();
    for (int i = 1;; ++i) {
        if (job_open_after(seen)) return 1;
        oe_cpu_relax();
        if (i % 32) continue;
        long t = elapsed_ns(t0);
        if (t > SPIN_NS) return 0;
        oe_thread_yield();
        long after = elapsed_ns(t0);
        if (competed(after - t, after - last, switches)) {
            STAT(OE_POOL_SPINS_CUT, 1);
            return -1;
        }
        last = after;
    }
}

static void sleep_for_job(uint64_t seen, int idle)
{
    oe_mutex_lock(&pool_lock);
    if (idle) OE_ATOMIC_ADD_FETCH(&pool_idle_sleepers, 1, OE_SEQ_CST);
    OE_ATOMIC_ADD_FETCH(&pool_sleepers, 1, OE_SEQ_CST);
    /* sleep until the claim word changes from what it is now (a job opens, or closes before we
     * ran): a caller that opens a job after this load sees pool_sleepers and broadcasts */
    uint64_t g = gen_of(OE_ATOMIC_LOAD(&pool_claim, OE_SEQ_CST));
    if (g == seen || (g & 1)) {
        STAT(OE_POOL_HELPER_SLEEPS, 1);
        while (gen_of(OE_ATOMIC_LOAD(&pool_claim, OE_SEQ_CST)) == g)
            oe_cond_wait(&pool_wake, &pool_lock);
    }
    OE_ATOMIC_SUB_FETCH(&pool_sleepers, 1, OE_SEQ_CST);
    if (idle) OE_ATOMIC_SUB_FETCH(&pool_idle_sleepers, 1, OE_SEQ_CST);
    oe_mutex_unlock(&pool_lock);
#ifdef OE_PARALLEL_WAKE_DELAY_NS
    /* build-time test hook (bench/equity_kernel.sh WAKE_DELAY_NS=...): hold the helper that long
     * after every real wake-up, as a halted virtual CPU of an idle VM does (what a quiet machine
     * costs and a loaded one hides) */
    int64_t w0 = oe_now_ns();
    while (elapsed_ns(w0) < OE_PARALLEL_WAKE_DELAY_NS) oe_cpu_relax();
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
static oe_mutex park_lock = OE_MUTEX_INIT;

/* Chunk c's copy finished: the first to finish counts. */
static int redo_commit(oe_redo_job *r, size_t c, int copy)
{
    unsigned char free_ = 0;
    if (!OE_ATOMIC_CAS(&r->done[c], &free_, (unsigned char)(1 + copy), OE_ACQ_REL, OE_ACQUIRE))
        return 0;
    if (c < r->barrier) OE_ATOMIC_ADD_FETCH(&r->n_below, 1, OE_ACQ_REL);
    OE_ATOMIC_ADD_FETCH(&r->n_done, 1, OE_ACQ_REL);
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
    OE_ATOMIC_STORE(&helper_in[index], g + 1, OE_SEQ_CST);
    uint64_t w = OE_ATOMIC_LOAD(&pool_claim, OE_SEQ_CST);
    uint64_t done = 0;
    for (;;) {
        uint64_t c = w & CHUNK_MASK;
        if (gen_of(w) != g || c >= r->n_chunks) break;
        if (!OE_ATOMIC_CAS(&pool_claim, &w, w + 1, OE_ACQ_REL,
                                         OE_ACQUIRE))
            continue;
        redo_barrier(r, (size_t)c);
        if (pool_test_stall_ns && c % 3 == 1) {
            oe_sleep_ns(pool_test_stall_ns);
        }
        r->fn(r->ctx, (size_t)c, 0);
        done += (uint64_t)redo_commit(r, (size_t)c, 0);
        w = OE_ATOMIC_LOAD(&pool_claim, OE_ACQUIRE);
    }
    OE_ATOMIC_STORE(&helper_in[index], 0, OE_RELEASE); /* the job's memory is free to go */
    return done;
}

/* A helper's part in the job of generation g: chunks claimed one by one while the job is open.
 * Returns the chunks it ran. */
static uint64_t help_with(uint64_t g, int index)
{
    uint64_t w = OE_ATOMIC_LOAD(&pool_claim, OE_ACQUIRE);
    if (gen_of(w) != g) return 0;
    /* the job's fields, read before the first claim: a successful claim proves the job was
     * still open, so that they were this job's (the caller rewrites them only when closed) */
    pool_job job;
    job.n = OE_ATOMIC_LOAD(&pool_cur.n, OE_ACQUIRE);
    job.chunk = OE_ATOMIC_LOAD(&pool_cur.chunk, OE_ACQUIRE);
    job.n_chunks = OE_ATOMIC_LOAD(&pool_cur.n_chunks, OE_ACQUIRE);
    job.fn = OE_ATOMIC_LOAD(&pool_cur.fn, OE_ACQUIRE);
    job.ctx = OE_ATOMIC_LOAD(&pool_cur.ctx, OE_ACQUIRE);
    job.want = OE_ATOMIC_LOAD(&pool_cur.want, OE_ACQUIRE);
    job.redo = OE_ATOMIC_LOAD(&pool_cur.redo, OE_ACQUIRE);
    if (index >= job.want) return 0;
    if (job.redo) return help_redo(g, index, job.redo);
    uint64_t done = 0;
    for (;;) {
        uint64_t c = w & CHUNK_MASK;
        if (gen_of(w) != g || c >= job.n_chunks) break;
        if (!OE_ATOMIC_CAS(&pool_claim, &w, w + 1, OE_ACQ_REL,
                                         OE_ACQUIRE))
            continue; /* w now holds the current word */
        size_t begin = (size_t)c * job.chunk;
        size_t end = begin + job.chunk < job.n ? begin + job.chunk : job.n;
        job.fn(job.ctx, begin, end);
        ++done;
        OE_ATOMIC_ADD_FETCH(&pool_helped, 1, OE_RELAXED);
        OE_ATOMIC_ADD_FETCH(&pool_finished, 1, OE_SEQ_CST);
        if (OE_ATOMIC_LOAD(&pool_caller_sleeps, OE_SEQ_CST)) {
            oe_mutex_lock(&pool_lock);
            oe_cond_signal(&pool_done);
            oe_mutex_unlock(&pool_lock);
        }
        w = OE_ATOMIC_LOAD(&pool_claim, OE_ACQUIRE);
    }
    return done;
}

static void pool_main(void *arg)
{
    int index = (int)(size_t)arg;
    uint64_t seen = 0; /* the last generation this thread saw open */
    for (;;) {
        if (!job_open_after(seen)) {
            int spin = pool_spin && OE_ATOMIC_LOAD(&pool_calm, OE_RELAXED);
            int got = spin ? spin_for_job(seen) : -1;
            if (got <= 0 && !job_open_after(seen)) {
                sleep_for_job(seen, got == 0 || !spin); /* idle, or not let spin: no miss */
                if (!job_open_after(seen)) {
                    /* late: the caller did the job alone. Spin for the next one all the same
                     * (the next call of a loop): a thread woken from sleep late would otherwise
                     * miss every job of a loop of short calls and sleep again. */
                    STAT(OE_POOL_LATE, 1);
                    seen = gen_of(OE_ATOMIC_LOAD(&pool_claim, OE_SEQ_CST)) & ~UINT64_C(1);
                    continue;
                }
            }
        }
        uint64_t g = gen_of(OE_ATOMIC_LOAD(&pool_claim, OE_ACQUIRE));
        if (g & 1) continue; /* closed meanwhile: look again */
        seen = g;
        uint64_t done = help_with(g, index);
        STAT(OE_POOL_JOINED, done > 0);
        STAT(OE_POOL_HELPER_CHUNKS, (long)done);
        if (!done) STAT(OE_POOL_LATE, 1);
    }
}

static void pool_after_fork_child(void)
{
    /* only the forking thread exists in the child: forget the pool and its (copied) locks */
    oe_mutex fresh = OE_MUTEX_INIT;
    oe_cond fresh_cond = OE_COND_INIT;
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
    pool_sampled = 0;
    for (int i = 0; i < OE_POOL_N; ++i) pool_counters[i] = 0;
    for (int i = 0; i < POOL_MAX; ++i) helper_in[i] = 0;
    park_lock = fresh;
    n_parked = 0; /* jobs of the parent's helpers: left as they are */
}

static void pool_init(void)
{
    oe_after_fork_child(pool_after_fork_child);
    pool_spin = oe_cpus_allowed() > 1;
    const char *stall = getenv("OE_POOL_TEST_STALL_US");
    if (stall) pool_test_stall_ns = atol(stall) * 1000L;
}

/* Starts pool threads until there are `want` (called with pool_busy held); returns how many
 * exist. New threads inherit a fully blocked signal mask. */
static int pool_grow(int want)
{
    if (want > POOL_MAX) want = POOL_MAX;
    if (pool_threads >= want) return pool_threads;
    while (pool_threads < want) {
        if (oe_thread_start(NULL, pool_main, (void *)(size_t)pool_threads) != 0) break;
        OE_ATOMIC_STORE(&pool_threads, pool_threads + 1, OE_RELEASE);
    }
    return pool_threads;
}

/* The caller's wait for the chunks helpers are running (all are claimed): spin, yielding after
 * WAIT_YIELD_NS (a helper may share this CPU); sleep after SPIN_NS or as soon as a yield shows
 * another task wants this CPU (then a helper waiting for a CPU gets this process's share
 * sooner). Returns how long it waited. */
static long wait_for_helpers(uint64_t n_chunks)
{
    long switches = -2, last = 0;
    if (OE_ATOMIC_LOAD(&pool_finished, OE_ACQUIRE) >= n_chunks) return 0;
    int64_t t0 = oe_now_ns();
    for (int i = 1; OE_ATOMIC_LOAD(&pool_finished, OE_ACQUIRE) < n_chunks; ++i) {
        oe_cpu_relax();
        if (i % 32) continue;
        long t = elapsed_ns(t0);
        if (t > SPIN_NS || !pool_spin) break;
        if (t < WAIT_YIELD_NS) continue;
        if (switches == -2) switches = oe_load_preemptions();
        oe_thread_yield();
        long after = elapsed_ns(t0);
        if (competed(after - t, after - last, switches)) break;
        last = after;
    }
    if (OE_ATOMIC_LOAD(&pool_finished, OE_ACQUIRE) < n_chunks) {
        STAT(OE_POOL_CALLER_SLEEPS, 1);
        oe_mutex_lock(&pool_lock);
        OE_ATOMIC_STORE(&pool_caller_sleeps, 1, OE_SEQ_CST);
        while (OE_ATOMIC_LOAD(&pool_finished, OE_SEQ_CST) < n_chunks)
            oe_cond_wait(&pool_done, &pool_lock);
        OE_ATOMIC_STORE(&pool_caller_sleeps, 0, OE_SEQ_CST);
        oe_mutex_unlock(&pool_lock);
    }
    return elapsed_ns(t0);
}

/* Opens the next job (pool_busy held): its fields, then the claim word; wakes the helpers
 * asleep. Returns its generation; *woke_idle: one of them had fallen asleep idle. */
static uint64_t pool_open(size_t n, size_t chunk, uint64_t n_chunks, int want, oe_range_fn fn,
                          void *ctx, oe_redo_job *redo, int *woke_idle)
{
    uint64_t closed = gen_of(OE_ATOMIC_LOAD(&pool_claim, OE_RELAXED));
    uint64_t g = (closed + 1) & GEN_MASK;
    OE_ATOMIC_STORE(&pool_cur.n, n, OE_RELEASE);
    OE_ATOMIC_STORE(&pool_cur.chunk, chunk, OE_RELEASE);
    OE_ATOMIC_STORE(&pool_cur.n_chunks, n_chunks, OE_RELEASE);
    OE_ATOMIC_STORE(&pool_cur.fn, fn, OE_RELEASE);
    OE_ATOMIC_STORE(&pool_cur.ctx, ctx, OE_RELEASE);
    OE_ATOMIC_STORE(&pool_cur.want, want, OE_RELEASE);
    OE_ATOMIC_STORE(&pool_cur.redo, redo, OE_RELEASE);
    OE_ATOMIC_STORE(&pool_claim, g << GEN_SHIFT, OE_SEQ_CST); /* open */
    *woke_idle = 0;
    if (OE_ATOMIC_LOAD(&pool_sleepers, OE_SEQ_CST)) {
        *woke_idle = OE_ATOMIC_LOAD(&pool_idle_sleepers, OE_SEQ_CST) > 0;
        STAT(OE_POOL_IDLE_WAKES, *woke_idle);
        oe_mutex_lock(&pool_lock);
        oe_cond_broadcast(&pool_wake);
        oe_mutex_unlock(&pool_lock);
    }
    return g;
}

/* One job on the pool (pool_busy held, `helpers` pool threads exist). Returns the chunks the
 * helpers ran; *woke_idle tells whether a helper had to be woken after idling, *work_ns and
 * *wait_ns how long the caller worked on chunks and then waited for the helpers' last ones. */
static uint64_t pool_run(size_t n, size_t chunk, uint64_t n_chunks, int helpers, oe_range_fn fn,
                         void *ctx, int *woke_idle, long *work_ns, long *wait_ns)
{
    int64_t t0 = oe_now_ns();
    OE_ATOMIC_STORE(&pool_finished, 0, OE_RELAXED);
    OE_ATOMIC_STORE(&pool_helped, 0, OE_RELAXED);
    uint64_t g = pool_open(n, chunk, n_chunks, helpers, fn, ctx, NULL, woke_idle);
    uint64_t mine = 0;
    for (;;) { /* the caller's claims: nobody else changes the generation while it is open */
        uint64_t c = OE_ATOMIC_FETCH_ADD(&pool_claim, 1, OE_ACQ_REL) & CHUNK_MASK;
        if (c >= n_chunks) break;
        size_t begin = (size_t)c * chunk;
        size_t end = begin + chunk < n ? begin + chunk : n;
        fn(ctx, begin, end);
        ++mine;
    }
    /* every chunk is claimed: close the job (late helpers find nothing), wait for the helpers'
     * chunks still running */
    OE_ATOMIC_STORE(&pool_claim, (g + 1) << GEN_SHIFT, OE_SEQ_CST);
    OE_ATOMIC_ADD_FETCH(&pool_finished, mine, OE_SEQ_CST);
    *work_ns = elapsed_ns(t0);
    *wait_ns = wait_for_helpers(n_chunks);
    STAT(OE_POOL_CALLER_CHUNKS, (long)mine);
    STAT(OE_POOL_WAIT_LAST_NS, *wait_ns);
    return OE_ATOMIC_LOAD(&pool_helped, OE_ACQUIRE);
}

void oe_parallel_wait_for(const unsigned long *counter, unsigned long target)
{
    if (OE_ATOMIC_LOAD(counter, OE_ACQUIRE) >= target) return;
    int64_t t0 = oe_now_ns();
    while (OE_ATOMIC_LOAD(counter, OE_ACQUIRE) < target) {
        for (int i = 0; i < 16; ++i) oe_cpu_relax();
        if (pool_spin) oe_thread_yield();
    }
    STAT(OE_POOL_WAIT_INSIDE_NS, elapsed_ns(t0));
}

static void release_parked(void);

/* The helpers a job of n_chunks gets for `workers` threads: > 0 pool threads (pool_busy then
 * held); 0 when the caller is to run it alone (one worker; or the pool stood aside: a solo job,
 * counted); -1 when the pool is busy with another thread's job or too small for this one (the
 * caller starts *own threads for this call). */
static int pool_acquire(int workers, uint64_t n_chunks, int *own)
{
    if (workers < 1) workers = 1;
    int cpus = workers > 1 ? oe_cpus_allowed() : 1;
    if (workers > cpus) workers = cpus; /* threads beyond the CPUs we may use only take turns */
    if ((uint64_t)workers > n_chunks) workers = (int)n_chunks;
    if (workers <= 1) return 0;
    int helpers = workers - 1;
    oe_once(&pool_once, pool_init);
    if (helpers > POOL_MAX || n_chunks > MAX_POOL_CHUNKS || !oe_mutex_trylock(&pool_busy)) {
        *own = helpers;
        return -1;
    }
    if (OE_ATOMIC_LOAD(&n_parked, OE_RELAXED)) { /* jobs whose late helpers left since */
        oe_mutex_lock(&park_lock);
        release_parked();
        oe_mutex_unlock(&park_lock);
    }
    int room = pool_solo ? 0 : free_helper_cpus(cpus);
    if (room < helpers) helpers = room;
    if (helpers <= 0) {
        STAT(OE_POOL_JOBS, 1);
        STAT(OE_POOL_SOLO, 1);
        STAT(OE_POOL_SOLO_BUSY, !pool_solo);
        if (pool_solo && --pool_solo == 0) /* the stretch is over: helpers may spin again */
            OE_ATOMIC_STORE(&pool_calm, pool_free_now > 0, OE_RELAXED);
        oe_mutex_unlock(&pool_busy);
        return 0;
    }
    int have = pool_grow(helpers);
    if (have > helpers) have = helpers;
    if (have <= 0) oe_mutex_unlock(&pool_busy);
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
    oe_mutex_unlock(&pool_busy);
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
    if (OE_ATOMIC_LOAD(counter, OE_ACQUIRE) >= upto) return;
    int64_t t0 = oe_now_ns();
    for (int i = 1; OE_ATOMIC_LOAD(counter, OE_ACQUIRE) < upto; ++i) {
        oe_cpu_relax();
        if (i % 32 == 0 && elapsed_ns(t0) > patience_ns) break;
    }
    for (size_t c = 0; c < upto && OE_ATOMIC_LOAD(counter, OE_ACQUIRE) < upto; ++c) {
        if (OE_ATOMIC_LOAD(&r->done[c], OE_ACQUIRE)) continue;
        r->fn(r->ctx, c, 1);
        STAT(OE_POOL_REDONE, redo_commit(r, c, 1));
    }
    STAT(OE_POOL_WAIT_LAST_NS, elapsed_ns(t0));
}

static int marked(uint64_t mark)
{
    int threads = OE_ATOMIC_LOAD(&pool_threads, OE_ACQUIRE);
    for (int i = 0; i < threads; ++i)
        if (OE_ATOMIC_LOAD(&helper_in[i], OE_SEQ_CST) == mark) return 1;
    return 0;
}

/* Releases the parked jobs whose helpers have left (park_lock held). */
static void release_parked(void)
{
    for (int i = 0; i < n_parked;) {
        if (marked(parked[i].mark)) { ++i; continue; }
        parked[i].job->release(parked[i].job->ctx);
        parked[i] = parked[n_parked - 1];
        OE_ATOMIC_STORE(&n_parked, n_parked - 1, OE_RELAXED);
    }
}

void oe_parallel_park(oe_redo_job *job)
{
    oe_mutex_lock(&park_lock);
    release_parked();
    while (n_parked == PARK_MAX) { /* no room: wait for the oldest job's helper */
        oe_mutex_unlock(&park_lock);
        oe_thread_yield();
        oe_mutex_lock(&park_lock);
        release_parked();
    }
    STAT(OE_POOL_PARKED, 1);
    parked[n_parked].job = job;
    parked[n_parked].mark = job->mark;
    OE_ATOMIC_STORE(&n_parked, n_parked + 1, OE_RELAXED);
    release_parked(); /* the helper may have left already */
    oe_mutex_unlock(&park_lock);
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
    int64_t t0 = oe_now_ns();
    int woke_idle;
    uint64_t g = pool_open(n, 1, (uint64_t)n, have, NULL, NULL, r, &woke_idle);
    long chunk_ns = 0, longest_ns = 0, wait_ns;
    uint64_t mine = 0;
    for (;;) {
        uint64_t c = OE_ATOMIC_FETCH_ADD(&pool_claim, 1, OE_ACQ_REL) & CHUNK_MASK;
        if (c >= n) break;
        if (c >= r->barrier) /* every chunk below is claimed: run those a helper is late with */
            redo_catch_up(r, r->barrier, redo_patience(chunk_ns, longest_ns, mine));
        int64_t c0 = oe_now_ns();
        r->fn(r->ctx, (size_t)c, 0);
        long took = elapsed_ns(c0);
        chunk_ns += took;
        longest_ns = took > longest_ns ? took : longest_ns;
        redo_commit(r, (size_t)c, 0);
        ++mine;
    }
    OE_ATOMIC_STORE(&pool_claim, (g + 1) << GEN_SHIFT, OE_SEQ_CST); /* closed */
    long work_ns = elapsed_ns(t0);
    redo_catch_up(r, n, redo_patience(chunk_ns, longest_ns, mine));
    wait_ns = elapsed_ns(t0) - work_ns;
    /* a helper still marked may be inside a chunk: the job's memory must outlive it */
    r->mark = g + 1;
    /* a helper past its last chunk clears its mark within a few loads: give it that long */
    for (int i = 0; i < 256 && marked(g + 1); ++i) oe_cpu_relax();
    int late = marked(g + 1);
    OE_ATOMIC_STORE(&pool_cur.redo, (oe_redo_job *)NULL, OE_RELAXED);
    STAT(OE_POOL_JOBS, 1);
    STAT(OE_POOL_CALLER_CHUNKS, (long)mine);
    /* Judged only by the caller's wait: a helper that came late, or not at all, cost the caller
     * nothing here (it took no chunk, or its chunks were run again after a few chunk times),
     * so its share of the chunks is no evidence against the pool, as it is for plain jobs */
    pool_judge(4 * wait_ns <= work_ns, woke_idle);
    oe_mutex_unlock(&pool_busy);
    return late;
}
