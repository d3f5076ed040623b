/* Nanoseconds a hand of oe_eval_shared (random hands on one random board, 64 boards in turn)
 * for one batch size, best of 5 timings (thread CPU time): `shared_min hi|hilo N`.  bench/shared_min.sh builds it
 * twice, with the board's pair table always (-DSHARED_TABLE_MIN=1) and never, to find the batch
 * size from which building the table pays (the kernel's SHARED_TABLE_MIN). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "omaha_eval.h"

enum { BOARDS = 64, MAX_HANDS = 4096 };
static uint8_t board[BOARDS][5], hole[BOARDS][MAX_HANDS * 4];
static uint16_t hi[MAX_HANDS];
static uint8_t lo[MAX_HANDS];

int main(int argc, char **argv)
{
    if (argc != 3 || atoi(argv[2]) < 1 || atoi(argv[2]) > MAX_HANDS) {
        fprintf(stderr, "usage: %s hi|hilo N (1..%d)\n", argv[0], MAX_HANDS);
        return 2;
    }
    const int want_lo = !strcmp(argv[1], "hilo"), n = atoi(argv[2]);
    for (int b = 0; b < BOARDS; b++) {
        int deck[52];
        for (int i = 0; i < 52; i++) deck[i] = i;
        for (int i = 0; i < 5; i++) { /* the board: the deck's first five after a partial shuffle */
            int j = i + (int)(next_random() % (uint64_t)(52 - i)), t = deck[i];
            deck[i] = deck[j], deck[j] = t, board[b][i] = (uint8_t)deck[i];
        }
        for (int h = 0; h < MAX_HANDS; h++) { /* each hand: four of the other 47 */
            int rest[47];
            for (int i = 0; i < 47; i++) rest[i] = deck[5 + i];
            for (int i = 0; i < 4; i++) {
                int j = i + (int)(next_random() % (uint64_t)(47 - i)), t = rest[i];
                rest[i] = rest[j], rest[j] = t, hole[b][h * 4 + i] = (uint8_t)rest[i];
            }
        }
    }
    double best = 1e30;
    for (int rep = 0; rep < 5; rep++) {
        const int calls = 80000 / n + 4;
        const double t0 = cpu_now();
        for (int r = 0; r < calls; r++)
            oe_eval_shared(hole[r % BOARDS], 4, (size_t)n, board[r % BOARDS], OE_CHECK_ALL, hi,
                           want_lo ? lo : NULL);
        const double t = (cpu_now() - t0) * 1e9 / ((double)calls * n);
        if (t < best) best = t;
    }
    printf("%.3f\n", best);
    return 0;
}
