/* One-process A/B of batch kernels: several builds of oe_eval_batch (each renamed by objcopy,
 * see bench/eval_ab.sh) timed on the same 1,000,000 random deals (each its own board), the
 * variants alternated every repetition (forward, then backward order) so that the VM's drift,
 * which reaches 3x within seconds, falls on all of them alike; phevaluator's C
 * evaluate_omaha_cards joins when PHE_SO names its extension.  Prints per variant the median
 * and minimum thread CPU time per hand, the median of its per-repetition ratios to the first
 * variant, and a hash of its scores (equal hashes: equal results).
 *
 * Built by bench/eval_ab.sh, which defines AB_DECLS, AB_FUNCS and AB_NAMES.  Modes: hi, hilo,
 * lo (full check).  N (deals, default 1,000,000) and REPS (default 21) from the environment. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_common.h"
#include "omaha_eval.h"

typedef int (*batch_fn)(const uint8_t *, int, ptrdiff_t, const uint8_t *, ptrdiff_t, size_t, uint16_t *,
                        uint8_t *, int, int, size_t *, int *, int *);
typedef int (*omaha_fn)(int, int, int, int, int, int, int, int, int);

#define AB_DECLARE(name)                                                                              \
    int name(const uint8_t *, int, ptrdiff_t, const uint8_t *, ptrdiff_t, size_t, uint16_t *, uint8_t *, \
             int, int, size_t *, int *, int *);
AB_DECLS
static const batch_fn variants[] = {AB_FUNCS};
static const char *const names[] = {AB_NAMES};
#define MAX_REPS 101


int main(int argc, char **argv)
{
    const size_t n = getenv("N") ? strtoul(getenv("N"), NULL, 10) : 1000000;
    const int reps = getenv("REPS") ? atoi(getenv("REPS")) : 21;
    const char *mode = argc > 1 ? argv[1] : "hi";
    const int want_hi = strcmp(mode, "lo") != 0, want_lo = strcmp(mode, "hi") != 0;
    if (reps < 1 || reps > MAX_REPS || n == 0 || (strcmp(mode, "hi") && strcmp(mode, "hilo") && strcmp(mode, "lo"))) {
        fprintf(stderr, "usage: eval_ab [hi|hilo|lo]; REPS 1..%d, N > 0\n", MAX_REPS);
        return 2;
    }
    const int nv = (int)(sizeof variants / sizeof variants[0]);
    uint8_t *hole = malloc(n * 4), *board = malloc(n * 5);
    uint16_t *hi = calloc(n, 2);
    uint8_t *lo = calloc(n, 1);
    if (!hole || !board || !hi || !lo) return 1;
    for (size_t i = 0; i < n; ++i) { /* nine distinct cards a deal */
        uint8_t deck[52];
        for (int c = 0; c < 52; ++c) deck[c] = (uint8_t)c;
        for (int c = 0; c < 9; ++c) {
            int j = c + (int)(next_random() % (uint64_t)(52 - c));
            uint8_t t = deck[c]; deck[c] = deck[j]; deck[j] = t;
        }
        memcpy(hole + 4 * i, deck, 4);
        memcpy(board + 5 * i, deck + 4, 5);
    }
    omaha_fn phe = NULL;
    const char *so = getenv("PHE_SO");
    if (so && *so && want_hi && !want_lo) {
        void *lib = dlopen(so, RTLD_LAZY); /* its Python symbols are never called */
        phe = lib ? (omaha_fn)dlsym(lib, "evaluate_omaha_cards") : NULL;
    }
    const int total = nv + (phe != NULL);
    static double times[17][MAX_REPS];
    uint64_t hash[17];
    if (total > 17) { fprintf(stderr, "at most 16 variants\n"); return 2; }
    for (int r = -1; r < reps; ++r) { /* r = -1: a warm-up round */
        for (int step = 0; step < total; ++step) {
            const int v = (r & 1) ? total - 1 - step : step;
            size_t bad_row = 0;
            int position = 0, card = 0, code = 0;
            double start = cpu_now();
            if (v < nv)
                code = variants[v](hole, 4, 4, board, 5, n, want_hi ? hi : NULL, want_lo ? lo : NULL, 1,
                                   OE_CHECK_ALL, &bad_row, &position, &card);
            else
                for (size_t i = 0; i < n; ++i) {
                    const uint8_t *h = hole + 4 * i, *b = board + 5 * i;
                    hi[i] = (uint16_t)(7463 - phe(b[0], b[1], b[2], b[3], b[4], h[0], h[1], h[2], h[3]));
                }
            double spent = cpu_now() - start;
            if (code) { fprintf(stderr, "deal %zu is bad (code %d)\n", bad_row, code); return 1; }
            if (r >= 0) times[v][r] = spent;
            uint64_t h = 1469598103934665603ull; /* FNV-1a over the scores */
            for (size_t i = 0; i < n; ++i)
                h = (h ^ (want_hi ? hi[i] : 0u) ^ (uint64_t)(want_lo ? lo[i] : 0u) << 16) * 1099511628211ull;
            hash[v] = h;
        }
    }
    for (int v = 0; v < total; ++v) {
        double sorted[MAX_REPS], ratio[MAX_REPS];
        for (int r = 0; r < reps; ++r) { sorted[r] = times[v][r]; ratio[r] = times[v][r] / times[0][r]; }
        qsort(sorted, (size_t)reps, sizeof sorted[0], by_value);
        qsort(ratio, (size_t)reps, sizeof ratio[0], by_value);
        printf("%-12s %-4s %7.2f ns/hand median, %7.2f min, ratio to %s %.3f, scores %016llx\n",
               v < nv ? names[v] : "phevaluator", mode, sorted[reps / 2] * 1e9 / (double)n,
               sorted[0] * 1e9 / (double)n, names[0], ratio[reps / 2], (unsigned long long)hash[v]);
    }
    return 0;
}
