/* What two threads can gain on this machine at all, without omaha_eval and without any hand-off:
 * the same table-lookup loop (random reads of a 2 MB table, ~10 ms) on one thread, then on two
 * threads at once, each doing the whole loop; the throughput ratio (2 x one's time / both's
 * time) is the ceiling of any two-thread speed-up of memory-bound work here. Rounds alternate,
 * and each prints its ratio and the one-thread time, so a machine whose single-thread speed
 * changes with what the other core does (a virtual CPU on a hyperthread of a busy core, turbo)
 * shows it: on this project's VM, rounds with a fast single thread scale least.
 *
 *   cc -O2 -o /tmp/two_core_probe bench/two_core_probe.c -lpthread && ROUNDS=120 /tmp/two_core_probe
 *
 * Prints the rounds, then the median ratio by one-thread time (fastest third, middle, slowest).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define TABLE (1u << 20) /* 16-bit entries: 2 MB, this VM's L2 */
#define STEPS 3000000

static unsigned short *table;
static volatile unsigned long sink;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void *lookups(void *seed)
{
    unsigned x = (unsigned)(size_t)seed * 7919u + 1u;
    unsigned long sum = 0;
    for (int i = 0; i < STEPS; ++i) {
        x = x * 1103515245u + 12345u;
        sum += table[(x >> 8) & (TABLE - 1)];
    }
    sink += sum;
    return NULL;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(void)
{
    int rounds = getenv("ROUNDS") ? atoi(getenv("ROUNDS")) : 30;
    if (rounds < 3) rounds = 3;
    table = malloc(sizeof *table * TABLE);
    double *one = malloc(sizeof(double) * (size_t)rounds), *ratio = malloc(sizeof(double) * (size_t)rounds);
    if (!table || !one || !ratio) return 1;
    for (unsigned i = 0; i < TABLE; ++i) table[i] = (unsigned short)(i * 31u);
    for (int r = 0; r < rounds; ++r) {
        double t0 = now_s();
        lookups((void *)1);
        double t1 = now_s();
        pthread_t a, b;
        pthread_create(&a, NULL, lookups, (void *)2);
        pthread_create(&b, NULL, lookups, (void *)3);
        pthread_join(a, NULL);
        pthread_join(b, NULL);
        double t2 = now_s();
        one[r] = t1 - t0;
        ratio[r] = 2 * (t1 - t0) / (t2 - t1);
        printf("%.2f (%.1f ms)%s", ratio[r], 1e3 * one[r], r % 8 == 7 ? "\n" : "  ");
    }
    printf("\n");
    /* the rounds in thirds by their one-thread time */
    double *sorted = malloc(sizeof(double) * (size_t)rounds);
    for (int r = 0; r < rounds; ++r) sorted[r] = one[r];
    qsort(sorted, (size_t)rounds, sizeof *sorted, by_value);
    double cut1 = sorted[rounds / 3], cut2 = sorted[2 * rounds / 3];
    const char *names[3] = {"fastest third", "middle third", "slowest third"};
    for (int g = 0; g < 3; ++g) {
        int n = 0;
        for (int r = 0; r < rounds; ++r) {
            int group = one[r] < cut1 ? 0 : one[r] < cut2 ? 1 : 2;
            if (group == g) sorted[n++] = ratio[r];
        }
        qsort(sorted, (size_t)n, sizeof *sorted, by_value);
        if (n) printf("%s of one-thread times: %d rounds, two threads / one median %.2fx\n", names[g], n, sorted[n / 2]);
    }
    free(sorted);
    free(one);
    free(ratio);
    free(table);
    return 0;
}
