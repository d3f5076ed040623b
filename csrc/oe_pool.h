/* The C core's thread pool (private; oe_parallel.c, on oe_threads.h): fixed-chunk parallel
 * loops and their counters. Not part of the public API in omaha_eval.h. C99, no Python headers.
 */
#ifndef OE_POOL_H
#define OE_POOL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif


typedef void (*oe_range_fn)(void *ctx, size_t begin, size_t end);
/* Calls fn over [0, n) in fixed chunks of `chunk` items, spread over `workers` threads. */
void oe_parallel_for(size_t n, size_t chunk, int workers, oe_range_fn fn, void *ctx);
/* For a chunk of a parallel loop that needs other chunks finished first: returns once
 * *counter >= target (polls, then yields so that the awaited thread can run if it shares this
 * CPU), the time it waited counted in OE_POOL_WAIT_INSIDE_NS. */
void oe_parallel_wait_for(const unsigned long *counter, unsigned long target);

/* A job whose chunks may run twice, so that a helper that loses its CPU inside a chunk (a
 * virtual machine's host takes a vCPU away for milliseconds several times a second) does not
 * hold up the caller: once every chunk is claimed, the caller waits a few chunk times for the
 * helpers' last ones, then runs those still unfinished itself, as copy 1 (the first run of a
 * chunk is copy 0). For each chunk, the copy that finished first counts: done[c] = 1 + that
 * copy. fn must therefore write each copy's results apart (and anything both copies write, the
 * same values), and everything it reads or writes must outlive a late helper: see
 * oe_parallel_park. Chunks from `barrier` on start only once every chunk below it is done. */
typedef void (*oe_chunk_fn)(void *ctx, size_t chunk, int copy);
typedef struct {
    size_t n_chunks, barrier;
    oe_chunk_fn fn;
    void *ctx;
    unsigned char *done;         /* n_chunks bytes, zeroed by the caller */
    void (*release)(void *ctx); /* frees what a parked job holds (oe_parallel_park) */
    unsigned long n_done, n_below; /* the pool's: chunks done, and of them below the barrier */
    uint64_t mark;                 /* the pool's: the mark of its late helpers */
} oe_redo_job;
/* Runs the job on up to `workers` threads. Returns -1 when it ran nothing (one worker, or no
 * helper free: the caller then does the work its own way), 0 when done and no helper can touch
 * the job any more, 1 when done but a late helper may still be inside a chunk whose result no
 * longer counts: the caller reads the results, then hands the job to oe_parallel_park. */
int oe_parallel_redo(oe_redo_job *job, int workers);
/* A job done with a late helper inside: release(ctx) runs once the helper has left it (at a
 * later pool call, on whichever thread makes it; at once if the helper left already). */
void oe_parallel_park(oe_redo_job *job);

/* What the thread pool did since the process started (or forked), for benchmarks and tests:
 * oe_parallel_counters copies OE_POOL_N counters into out. */
enum {
    OE_POOL_JOBS,          /* parallel loops run on the pool (shared or alone) */
    OE_POOL_JOINED,        /* helpers' joins: per helper, the jobs it ran a chunk of */
    OE_POOL_HELPER_CHUNKS, /* chunks the helpers ran */
    OE_POOL_CALLER_CHUNKS, /* chunks the callers ran in shared jobs */
    OE_POOL_SOLO,          /* jobs the caller ran alone without waking anyone */
    OE_POOL_SOLO_BUSY,     /* of them, for want of a free CPU (/proc/loadavg) */
    OE_POOL_IDLE_WAKES,    /* jobs that had to wake a helper asleep after idling */
    OE_POOL_LATE,          /* a helper came after every chunk was claimed */
    OE_POOL_HELPER_SLEEPS, /* a helper went to sleep between jobs */
    OE_POOL_CALLER_SLEEPS, /* a caller slept waiting for the helpers' last chunks */
    OE_POOL_SPINS_CUT,     /* a helper stopped spinning on a competing task */
    OE_POOL_WAIT_LAST_NS,  /* callers' time waiting for the helpers' last chunks */
    OE_POOL_WAIT_INSIDE_NS, /* time chunks waited for other chunks (oe_parallel_wait_for) */
    OE_POOL_REDONE,        /* chunks a caller ran again for a late helper (oe_parallel_redo) */
    OE_POOL_PARKED,        /* jobs left to a late helper still inside them (oe_parallel_park) */
    OE_POOL_N
};
void oe_parallel_counters(long out[OE_POOL_N]);

#ifdef __cplusplus
}
#endif
#endif
