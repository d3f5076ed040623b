/* What the C timing harnesses in bench/ share: a seeded xorshift generator for their deals, the
 * thread's CPU clock, and a comparison of doubles for qsort (medians). */
#ifndef OE_BENCH_COMMON_H
#define OE_BENCH_COMMON_H
#include <stdint.h>
#include <time.h>

static uint64_t state = 88172645463325252ull;
static uint64_t next_random(void) { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state; }

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
#endif
