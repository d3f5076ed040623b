/* A plain-C test of the C core (no Python): scores of a fixed set of deals and equities of
 * fixed spots, compared with vectors the native build wrote (tests/platform/vectors.txt).
 * It runs wherever the core cross-compiles: natively, under qemu-user (aarch64), under wine
 * (MinGW-w64); see tools/cross_check.sh.
 *
 *   harness print          writes the vectors to standard output
 *   harness check FILE     compares them with FILE; prints each mismatch and a last line
 *                          "N passed, N failed"; exit status 0 only when all pass
 *
 * Every line is "name value ...". The deals come from a fixed xorshift generator, so the same
 * deals on any machine; each batch runs with workers 1 and 2 (the pool on POSIX threads or
 * Win32), and the two must agree before the line is written. C99.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "omaha_eval.h"
#include "oe_tables.h"

#define MAX_LINES 256
#define LINE_LEN 1024
#define VALUE_LEN 768 /* the values of one line; names are under 64 */
static char lines[MAX_LINES][LINE_LEN];
static int n_lines, internal_failures;

static void emit(const char *name, const char *fmt_values)
{
    if (n_lines < MAX_LINES) snprintf(lines[n_lines++], LINE_LEN, "%s %s", name, fmt_values);
}

static void internal(const char *what)
{
    fprintf(stderr, "FAILED (internal): %s\n", what);
    ++internal_failures;
}

/* ---- deterministic deals ---- */
static uint64_t rng_state = UINT64_C(0x9E3779B97F4A7C15);
static uint64_t next_u64(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * UINT64_C(2685821657736338717);
}

static void deal(uint8_t *out, int n) /* n distinct cards */
{
    uint8_t deck[52];
    for (int i = 0; i < 52; ++i) deck[i] = (uint8_t)i;
    for (int i = 0; i < n; ++i) {
        int j = i + (int)(next_u64() % (uint64_t)(52 - i));
        uint8_t c = deck[i];
        deck[i] = deck[j];
        deck[j] = c;
        out[i] = deck[i];
    }
}

static uint64_t fnv(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = (const unsigned char *)data;
    for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * UINT64_C(1099511628211);
    return h;
}
#define FNV0 UINT64_C(14695981039346656037)

static int parse_cards(const char *text, uint8_t *out)
{
    static const char ranks[] = "23456789TJQKA", suits[] = "cdhs";
    int n = 0;
    for (; text[0] && text[1]; text += 2) {
        const char *r = strchr(ranks, text[0]), *s = strchr(suits, text[1]);
        if (!r || !s) return -1;
        out[n++] = (uint8_t)(4 * (r - ranks) + (s - suits));
    }
    return n;
}

/* ---- five-card hands: every one of the 2,598,960 ---- */
static void check_eval5(void)
{
    long per_category[9] = {0};
    static unsigned char seen[OE_HI_MAX + 1];
    int classes = 0;
    uint8_t c[5];
    for (c[0] = 0; c[0] < 52; ++c[0])
        for (c[1] = (uint8_t)(c[0] + 1); c[1] < 52; ++c[1])
            for (c[2] = (uint8_t)(c[1] + 1); c[2] < 52; ++c[2])
                for (c[3] = (uint8_t)(c[2] + 1); c[3] < 52; ++c[3])
                    for (c[4] = (uint8_t)(c[3] + 1); c[4] < 52; ++c[4]) {
                        uint16_t s = oe_eval5(c);
                        if (s < 1 || s > OE_HI_MAX) { internal("eval5 score out of range"); return; }
                        per_category[oe_hi_class[s][0]]++;
                        classes += !seen[s];
                        seen[s] = 1;
                    }
    char v[VALUE_LEN];
    int at = snprintf(v, sizeof v, "%d", classes);
    for (int k = 0; k < 9; ++k) at += snprintf(v + at, sizeof v - (size_t)at, " %ld", per_category[k]);
    emit("eval5_classes_and_categories", v);
}

/* ---- Omaha deals of 4, 5 and 6 hole cards ---- */
#define N_DEALS 4000
#define N_LISTED 12
static void check_deals(int k)
{
    uint8_t *hole = (uint8_t *)malloc((size_t)N_DEALS * 6), *board = (uint8_t *)malloc((size_t)N_DEALS * 5);
    uint16_t *hi1 = (uint16_t *)malloc(N_DEALS * sizeof(uint16_t)), *hi2 = (uint16_t *)malloc(N_DEALS * sizeof(uint16_t));
    uint8_t *lo1 = (uint8_t *)malloc(N_DEALS), *lo2 = (uint8_t *)malloc(N_DEALS);
    int64_t *typed = (int64_t *)malloc((size_t)N_DEALS * 11 * sizeof(int64_t));
    if (!hole || !board || !hi1 || !hi2 || !lo1 || !lo2 || !typed) { internal("out of memory"); return; }
    for (int i = 0; i < N_DEALS; ++i) {
        uint8_t d[11];
        deal(d, k + 5);
        memcpy(hole + (size_t)i * (size_t)k, d, (size_t)k);
        memcpy(board + (size_t)i * 5, d + k, 5);
        for (int j = 0; j < k + 5; ++j) typed[(size_t)i * 11 + (size_t)j] = d[j];
    }
    size_t bad_row;
    int pos, card;
    if (oe_eval_batch(hole, k, k, board, 5, N_DEALS, hi1, lo1, 1, OE_CHECK_ALL, &bad_row, &pos, &card) ||
        oe_eval_batch(hole, k, k, board, 5, N_DEALS, hi2, lo2, 2, OE_CHECK_ALL, &bad_row, &pos, &card))
        internal("oe_eval_batch refused valid deals");
    if (memcmp(hi1, hi2, N_DEALS * sizeof(uint16_t)) || memcmp(lo1, lo2, N_DEALS))
        internal("oe_eval_batch: workers 1 and 2 disagree");
    for (int i = 0; i < N_DEALS; ++i) { /* the scalar path and the typed path agree */
        uint16_t h;
        uint8_t l;
        if (oe_eval_one(hole + (size_t)i * (size_t)k, k, board + (size_t)i * 5, OE_CHECK_ALL, &h, &l) ||
            h != hi1[i] || l != lo1[i]) { internal("oe_eval_one disagrees with oe_eval_batch"); break; }
    }
    memset(hi2, 0, N_DEALS * sizeof(uint16_t));
    if (oe_eval_batch_typed(typed, OE_TYPE_I64, k, 11 * 8, typed + k, OE_TYPE_I64, 11 * 8, N_DEALS, hi2,
                            lo2, 2, OE_CHECK_ALL, &bad_row, &pos, &card) ||
        memcmp(hi1, hi2, N_DEALS * sizeof(uint16_t)) || memcmp(lo1, lo2, N_DEALS))
        internal("oe_eval_batch_typed disagrees with oe_eval_batch");
    char name[64], v[VALUE_LEN];
    uint64_t h = fnv(fnv(FNV0, hi1, N_DEALS * sizeof(uint16_t)), lo1, N_DEALS);
    int at = snprintf(v, sizeof v, "%016" PRIx64, h);
    for (int i = 0; i < N_LISTED; ++i) at += snprintf(v + at, sizeof v - (size_t)at, " %u/%u", hi1[i], lo1[i]);
    snprintf(name, sizeof name, "deals_%d_hash_then_first_hi/lo", k);
    emit(name, v);
    /* one board for every hand (the small-call path and the shared-table batch) */
    uint16_t *hs = hi2;
    uint8_t *ls = lo2;
    if (oe_eval_shared(hole, k, N_DEALS, board, OE_CHECK_IDS, hs, ls) < 0) internal("oe_eval_shared");
    if (oe_eval_batch(hole, k, k, board, 0, N_DEALS, hi1, lo1, 2, OE_CHECK_IDS, &bad_row, &pos, &card) ||
        memcmp(hi1, hs, N_DEALS * sizeof(uint16_t)) || memcmp(lo1, ls, N_DEALS))
        internal("oe_eval_shared disagrees with a shared-board oe_eval_batch");
    snprintf(name, sizeof name, "shared_board_%d_hash", k);
    snprintf(v, sizeof v, "%016" PRIx64, fnv(fnv(FNV0, hs, N_DEALS * sizeof(uint16_t)), ls, N_DEALS));
    emit(name, v);
    free(hole); free(board); free(hi1); free(hi2); free(lo1); free(lo2); free(typed);
}

/* ---- showdowns of three players ---- */
static void check_showdown(void)
{
    enum { N = 2000, P = 3, K = 4 };
    static uint8_t holes[N * P * K], boards[N * 5];
    static uint16_t share1[N * P], share2[N * P];
    static uint8_t flags1[N * P], flags2[N * P];
    for (int i = 0; i < N; ++i) {
        uint8_t d[P * K + 5];
        deal(d, P * K + 5);
        memcpy(holes + i * P * K, d, P * K);
        memcpy(boards + i * 5, d + P * K, 5);
    }
    char v[VALUE_LEN];
    int at = 0;
    for (int game = 0; game < 2; ++game) {
        oe_showdown(holes, P * K, P, K, boards, 5, N, game, share1, flags1, 1);
        oe_showdown(holes, P * K, P, K, boards, 5, N, game, share2, flags2, 2);
        if (memcmp(share1, share2, sizeof share1) || memcmp(flags1, flags2, sizeof flags1))
            internal("oe_showdown: workers 1 and 2 disagree");
        uint64_t h = fnv(fnv(FNV0, share1, sizeof share1), flags1, sizeof flags1);
        at += snprintf(v + at, sizeof v - (size_t)at, "%s%016" PRIx64, game ? " " : "", h);
    }
    emit("showdown_3p_hi_hilo_hash", v);
}

/* ---- exact equities of fixed spots ---- */
static const struct {
    const char *name, *players[3], *board;
    int game;
} spots[] = {
    {"preflop_hu_hi", {"AsKsQhJh", "2c2d7h8s", NULL}, "", OE_GAME_HI},
    {"preflop_hu_hilo", {"Ad2dKc3h", "JsTs9h8h", NULL}, "", OE_GAME_HILO},
    {"flop_3way_hilo", {"As2s3dKd", "QhQcJhTc", "5c6c7s8s"}, "4d9hKs", OE_GAME_HILO},
    {"turn_hu_hi", {"AhKhQdJd", "TcTs9c8s", NULL}, "2h7hTd3c", OE_GAME_HI},
    {"flop_5card_hu_hi", {"AsKsQhJhTd", "2c2d7h8s9s", NULL}, "3c4d5h", OE_GAME_HI},
    {"flop_6card_hu_hilo", {"AsKsQhJhTd2h", "2c2d7h8s9s3s", NULL}, "4c5d6h", OE_GAME_HILO},
};

static void stats_text(char *v, size_t size, int players, const int64_t *st, uint64_t extra)
{
    int at = snprintf(v, size, "%" PRIu64, extra);
    for (int i = 0; i < players * OE_NSTAT; ++i) at += snprintf(v + at, size - (size_t)at, " %" PRId64, st[i]);
}

static int spot_cards(int s, uint8_t *holes, int *hole, uint8_t *board, int *n_board)
{
    int players = 0;
    for (; players < 3 && spots[s].players[players]; ++players)
        *hole = parse_cards(spots[s].players[players], holes + players * (strlen(spots[s].players[0]) / 2));
    *n_board = parse_cards(spots[s].board, board);
    return players;
}

static void check_exact(void)
{
    for (size_t s = 0; s < sizeof spots / sizeof spots[0]; ++s) {
        uint8_t holes[3 * OE_MAX_HOLE], board[5];
        int hole = 0, n_board = 0, players = spot_cards((int)s, holes, &hole, board, &n_board);
        int64_t st1[3 * OE_NSTAT], st2[3 * OE_NSTAT];
        uint64_t nb1 = 0, nb2 = 0;
        if (oe_equity_exact(holes, players, hole, board, n_board, NULL, 0, spots[s].game, st1, &nb1, 1) ||
            oe_equity_exact(holes, players, hole, board, n_board, NULL, 0, spots[s].game, st2, &nb2, 2))
            internal("oe_equity_exact failed");
        if (nb1 != nb2 || memcmp(st1, st2, sizeof(int64_t) * (size_t)(players * OE_NSTAT)))
            internal("oe_equity_exact: workers 1 and 2 disagree");
        char name[64], v[VALUE_LEN];
        snprintf(name, sizeof name, "exact_%s", spots[s].name);
        stats_text(v, sizeof v, players, st1, nb1);
        emit(name, v);
    }
}

/* ---- Monte Carlo: a fixed hand against a random one, seeded ---- */
static void check_monte_carlo(void)
{
    uint8_t hands[4], board[5];
    parse_cards("AsAhKsKh", hands);
    int n_board = parse_cards("2c7d", board);
    size_t offsets[3] = {0, 1, 1}; /* player 0 holds the row, player 1 is dealt at random */
    int64_t st1[2 * OE_NSTAT], st2[2 * OE_NSTAT];
    uint64_t a1 = 0, a2 = 0;
    uint64_t trials = 6 * OE_MC_CHUNK;
    if (oe_equity_monte_carlo(hands, offsets, NULL, 2, 4, board, n_board, NULL, 0, OE_GAME_HILO, 12345,
                              0, trials, st1, &a1, 1) ||
        oe_equity_monte_carlo(hands, offsets, NULL, 2, 4, board, n_board, NULL, 0, OE_GAME_HILO, 12345,
                              0, trials, st2, &a2, 2))
        internal("oe_equity_monte_carlo failed");
    if (a1 != a2 || memcmp(st1, st2, sizeof st1)) internal("oe_equity_monte_carlo: workers 1 and 2 disagree");
    char v[VALUE_LEN];
    stats_text(v, sizeof v, 2, st1, a1);
    emit("monte_carlo_aakk_vs_random_hilo_seed12345", v);
}

static int check_against(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "cannot read %s\n", path);
        return 2;
    }
    int passed = 0, failed = internal_failures, found[MAX_LINES] = {0};
    char buf[LINE_LEN];
    while (fgets(buf, sizeof buf, f)) {
        buf[strcspn(buf, "\r\n")] = 0;
        if (!buf[0] || buf[0] == '#') continue;
        size_t name_len = strcspn(buf, " ");
        int i = 0;
        for (; i < n_lines; ++i)
            if (strncmp(lines[i], buf, name_len) == 0 && lines[i][name_len] == ' ') break;
        if (i == n_lines) {
            printf("FAILED %.*s: not computed\n", (int)name_len, buf);
            ++failed;
            continue;
        }
        found[i] = 1;
        if (strcmp(lines[i], buf) == 0) { ++passed; continue; }
        printf("FAILED %.*s:\n  expected %s\n  got      %s\n", (int)name_len, buf, buf + name_len + 1,
               lines[i] + name_len + 1);
        ++failed;
    }
    fclose(f);
    for (int i = 0; i < n_lines; ++i)
        if (!found[i]) { printf("FAILED %s: not in %s\n", lines[i], path); ++failed; }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || (strcmp(argv[1], "print") && (strcmp(argv[1], "check") || argc < 3))) {
        fprintf(stderr, "usage: %s print | check FILE\n", argv[0]);
        return 2;
    }
    check_eval5();
    for (int k = OE_MIN_HOLE; k <= OE_MAX_HOLE; ++k) check_deals(k);
    check_showdown();
    check_exact();
    check_monte_carlo();
    if (strcmp(argv[1], "print") == 0) {
        printf("# tests/platform/harness.c vectors, written by `harness print` on a native build\n");
        for (int i = 0; i < n_lines; ++i) printf("%s\n", lines[i]);
        return internal_failures ? 1 : 0;
    }
    return check_against(argv[2]);
}
