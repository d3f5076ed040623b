/* C harness of the batch evaluator (no Python): times oe_eval_batch on 1,000,000 random deals
 * (each its own board), beside phevaluator's C evaluate_omaha_cards when PHE_SO names its
 * extension, and prints a hash of the scores (equal hashes: equal results across builds).
 * For load-independent figures run it under `valgrind --tool=cachegrind` with N=200000 REPS=1.
 *
 *   bash bench/eval_kernel.sh [MODE...]    # builds it against csrc/ and runs each mode
 *
 * Modes: hi (full check), hi-ids (ids only), hi-none (no check), hilo, lo, flush (one shared
 * three-suited board, As Qs 7h 4d 2s), phe (phevaluator).  Times are the thread's CPU time
 * (median and minimum of REPS runs after a warm-up), per hand. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_common.h"
#include "omaha_eval.h"

typedef int (*omaha_fn)(int, int, int, int, int, int, int, int, int);


/* k distinct cards of the deck minus `skip` (nskip cards), in random order. */
static void deal(uint8_t *out, int k, const uint8_t *skip, int nskip)
{
    uint8_t deck[52];
    int m = 0;
    for (int c = 0; c < 52; ++c) {
        int skipped = 0;
        for (int s = 0; s < nskip; ++s) skipped |= skip[s] == c;
        if (!skipped) deck[m++] = (uint8_t)c;
    }
    for (int c = 0; c < k; ++c) {
        int j = c + (int)(next_random() % (uint64_t)(m - c));
        uint8_t t = deck[c]; deck[c] = deck[j]; deck[j] = t;
    }
    memcpy(out, deck, (size_t)k);
}

int main(int argc, char **argv)
{
    size_t n = getenv("N") ? strtoul(getenv("N"), NULL, 10) : 1000000;
    int reps = getenv("REPS") ? atoi(getenv("REPS")) : 9;
    const char *mode = argc > 1 ? argv[1] : "hi";
    static const uint8_t flush_board[5] = {51, 43, 22, 9, 3};
    int shared = !strcmp(mode, "flush");
    if (reps < 1 || reps > 64 || n == 0) { fprintf(stderr, "REPS 1..64, N > 0\n"); return 2; }
    uint8_t *hole = malloc(n * 4), *board = malloc(n * 5);
    uint16_t *hi = calloc(n, 2);
    uint8_t *lo = calloc(n, 1);
    if (!hole || !board || !hi || !lo) return 1;
    for (size_t i = 0; i < n; ++i) {
        uint8_t nine[9];
        if (shared) deal(hole + 4 * i, 4, flush_board, 5);
        else { deal(nine, 9, NULL, 0); memcpy(hole + 4 * i, nine, 4); memcpy(board + 5 * i, nine + 4, 5); }
    }
    omaha_fn phe = NULL;
    if (!strcmp(mode, "phe")) {
        const char *so = getenv("PHE_SO");
        void *lib = so ? dlopen(so, RTLD_LAZY) : NULL; /* its Python symbols are never called */
        phe = lib ? (omaha_fn)dlsym(lib, "evaluate_omaha_cards") : NULL;
        if (!phe) { fprintf(stderr, "phe: set PHE_SO to phevaluator's _pheval extension\n"); return 2; }
    }
    double times[64];
    size_t bad_row = 0;
    int position = 0, card = 0, code = 0;
    for (int r = 0; r <= reps; ++r) {
        double start = cpu_now();
        if (!strcmp(mode, "hi")) code = oe_eval_batch(hole, 4, 4, board, 5, n, hi, NULL, 1, OE_CHECK_ALL, &bad_row, &position, &card);
        else if (!strcmp(mode, "hi-ids")) code = oe_eval_batch(hole, 4, 4, board, 5, n, hi, NULL, 1, OE_CHECK_IDS, &bad_row, &position, &card);
        else if (!strcmp(mode, "hi-none")) code = oe_eval_batch(hole, 4, 4, board, 5, n, hi, NULL, 1, OE_CHECK_NONE, &bad_row, &position, &card);
        else if (!strcmp(mode, "hilo")) code = oe_eval_batch(hole, 4, 4, board, 5, n, hi, lo, 1, OE_CHECK_ALL, &bad_row, &position, &card);
        else if (!strcmp(mode, "lo")) code = oe_eval_batch(hole, 4, 4, board, 5, n, NULL, lo, 1, OE_CHECK_ALL, &bad_row, &position, &card);
        else if (shared) code = oe_eval_batch(hole, 4, 4, flush_board, 0, n, hi, NULL, 1, OE_CHECK_ALL, &bad_row, &position, &card);
        else if (phe) {
            for (size_t i = 0; i < n; ++i) {
                const uint8_t *h = hole + 4 * i, *b = board + 5 * i;
                hi[i] = (uint16_t)(7463 - phe(b[0], b[1], b[2], b[3], b[4], h[0], h[1], h[2], h[3]));
            }
        } else { fprintf(stderr, "unknown mode %s\n", mode); return 2; }
        if (code) { fprintf(stderr, "%s: deal %zu is bad (code %d)\n", mode, bad_row, code); return 1; }
        if (r) times[r - 1] = cpu_now() - start;
    }
    qsort(times, (size_t)reps, sizeof times[0], by_value);
    uint64_t hash = 1469598103934665603ull; /* FNV-1a over the scores */
    for (size_t i = 0; i < n; ++i) hash = (hash ^ hi[i] ^ (uint64_t)lo[i] << 16) * 1099511628211ull;
    printf("%-8s %8.2f ns/hand median, %8.2f min, cpu time, %zu hands, scores %016llx\n", mode,
           times[reps / 2] * 1e9 / (double)n, times[0] * 1e9 / (double)n, n, (unsigned long long)hash);
    return 0;
}
