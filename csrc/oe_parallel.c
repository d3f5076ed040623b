/* A small fixed-chunk parallel loop over POSIX threads.
 * Chunks are claimed through an atomic counter; since every item's result is written to its own
 * slot (or reduced per chunk by the caller), results never depend on the number of workers. */
#include <pthread.h>
#include <stdlib.h>

#include "omaha_eval.h"

typedef struct {
    size_t n, chunk, next;
    oe_range_fn fn;
    void *ctx;
} loop_state;

static void *run_chunks(void *arg)
{
    loop_state *st = (loop_state *)arg;
    for (;;) {
        size_t begin = __atomic_fetch_add(&st->next, st->chunk, __ATOMIC_RELAXED);
        if (begin >= st->n) break;
        size_t end = begin + st->chunk < st->n ? begin + st->chunk : st->n;
        st->fn(st->ctx, begin, end);
    }
    return NULL;
}

void oe_parallel_for(size_t n, size_t chunk, int workers, oe_range_fn fn, void *ctx)
{
    if (chunk == 0) chunk = 1;
    size_t n_chunks = (n + chunk - 1) / chunk;
    if (workers > (int)n_chunks) workers = (int)n_chunks;
    if (workers <= 1) {
        if (n) fn(ctx, 0, n);
        return;
    }
    loop_state st = {n, chunk, 0, fn, ctx};
    pthread_t *threads = (pthread_t *)malloc(sizeof(pthread_t) * (size_t)(workers - 1));
    int started = 0;
    if (threads)
        for (; started < workers - 1; ++started)
            if (pthread_create(&threads[started], NULL, run_chunks, &st) != 0) break;
    run_chunks(&st); /* the calling thread works too; if threads failed to start it does it all */
    for (int i = 0; i < started; ++i) pthread_join(threads[i], NULL);
    free(threads);
}
