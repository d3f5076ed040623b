/* Build-time generator of the evaluator's lookup tables (writes tables.c).
 *
 * Everything is derived from first principles here: the classic ordering of five-card
 * high hands (7462 classes), the 8-or-better lows (56), and the Omaha tables built from them.
 * Usage: gen_tables OUTPUT.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oe_board_hash.h"

#define N_RANK5 6188
#define N_RANK2 91
#define HI_MAX 7462

static unsigned choose[18][6];
static uint32_t class_keys[HI_MAX];
static int n_class_keys;

static uint16_t unsuited5[N_RANK5];
static uint16_t flush5[8192];
static uint16_t board_pair[N_RANK5 * N_RANK2];
static uint8_t low_table[256 * 256];
static uint8_t low_masks[57];
static uint8_t hi_class[HI_MAX + 1][6];

static void init_choose(void)
{
    for (int n = 0; n < 18; ++n) {
        choose[n][0] = 1;
        for (int k = 1; k < 6; ++k) choose[n][k] = n == 0 ? 0 : choose[n - 1][k - 1] + choose[n - 1][k];
    }
}

static void sort_ints(int *a, int k)
{
    for (int i = 1; i < k; ++i)
        for (int j = i; j > 0 && a[j - 1] > a[j]; --j) { int t = a[j]; a[j] = a[j - 1]; a[j - 1] = t; }
}

/* Colex index of a sorted multiset of k ranks (oe_rank5_index in oe_tables.h for k = 5). */
static unsigned multiset_index(const int *sorted, int k)
{
    unsigned idx = 0;
    for (int i = 0; i < k; ++i) idx += choose[sorted[i] + i][i + 1];
    return idx;
}

/* The distinct ranks of count[] by significance (count descending, then rank descending), the
 * order of every category's ranks; returns how many. */
static int significance_order(const int *count, int *by_sig)
{
    int n = 0;
    for (int c = 5; c >= 1; --c)
        for (int r = 12; r >= 0; --r)
            if (count[r] == c) by_sig[n++] = r;
    return n;
}

/* Top rank of the straight that n distinct ranks by_sig[] (descending) make, or -1. */
static int straight_top_of(const int *by_sig, int n)
{
    if (n != 5) return -1;
    if (by_sig[0] - by_sig[4] == 4) return by_sig[0];
    if (by_sig[0] == 12 && by_sig[1] == 3) return 3; /* wheel: five high */
    return -1;
}

/* Category 0 (high card) .. 8 (straight flush) from the two largest rank counts. */
static int category_of(int top, int second, int flush, int straight)
{
    if (straight) return flush ? 8 : 4;
    if (flush) return 5;
    if (top == 4) return 7;
    if (top == 3) return second == 2 ? 6 : 3;
    if (top == 2) return second == 2 ? 2 : 1;
    return 0;
}

/* Class key of five ranks (any order): category, then ranks by significance, 4 bits each.
 * Returns 0 for five of a kind (impossible in one deck). Sorting keys gives the classic order. */
static uint32_t class_key(const int *ranks, int flush)
{
    int count[13] = {0};
    for (int i = 0; i < 5; ++i) count[ranks[i]]++;
    int by_sig[5];
    int n = significance_order(count, by_sig);
    if (count[by_sig[0]] == 5) return 0;
    int straight_top = straight_top_of(by_sig, n);
    int second = n > 1 ? count[by_sig[1]] : 0;
    int cat = category_of(count[by_sig[0]], second, flush, straight_top >= 0);
    uint32_t key = (uint32_t)cat << 20;
    if (straight_top >= 0) return key | (uint32_t)(straight_top + 1) << 16;
    for (int i = 0; i < n; ++i) key |= (uint32_t)(by_sig[i] + 1) << (16 - 4 * i);
    return key;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static uint16_t score_of_key(uint32_t key)
{
    int lo = 0, hi = n_class_keys - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (class_keys[mid] == key) return (uint16_t)(mid + 1);
        if (class_keys[mid] < key) lo = mid + 1; else hi = mid - 1;
    }
    fprintf(stderr, "gen_tables: unknown class key %x\n", key);
    exit(1);
}

/* Calls fn on every non-decreasing k-tuple of ranks. */
static void for_each_multiset(int k, void (*fn)(const int *r, void *ctx), void *ctx)
{
    int r[5] = {0, 0, 0, 0, 0};
    for (;;) {
        fn(r, ctx);
        int i = k - 1;
        while (i >= 0 && r[i] == 12) --i;
        if (i < 0) return;
        r[i]++;
        for (int j = i + 1; j < k; ++j) r[j] = r[i];
    }
}

static void collect_key(const int *r, void *ctx)
{
    (void)ctx;
    uint32_t key = class_key(r, 0);
    if (key) class_keys[n_class_keys++] = key;
}

static void fill_unsuited(const int *r, void *ctx)
{
    (void)ctx;
    uint32_t key = class_key(r, 0);
    unsuited5[multiset_index(r, 5)] = key ? score_of_key(key) : 0;
}

static uint16_t unsuited_score(const int *five)
{
    int s[5];
    memcpy(s, five, sizeof s);
    sort_ints(s, 5);
    return unsuited5[multiset_index(s, 5)];
}

static const int triples[10][3] = {{0, 1, 2}, {0, 1, 3}, {0, 1, 4}, {0, 2, 3}, {0, 2, 4},
                                   {0, 3, 4}, {1, 2, 3}, {1, 2, 4}, {1, 3, 4}, {2, 3, 4}};

static void fill_board_pair(const int *board, void *ctx)
{
    (void)ctx;
    unsigned b = multiset_index(board, 5);
    for (int hi = 0; hi < 13; ++hi)
        for (int lo = 0; lo <= hi; ++lo) {
            int pair[2] = {lo, hi};
            uint16_t best = 0;
            for (int t = 0; t < 10; ++t) {
                int five[5] = {board[triples[t][0]], board[triples[t][1]], board[triples[t][2]], lo, hi};
                uint16_t s = unsuited_score(five);
                if (s > best) best = s;
            }
            board_pair[b * N_RANK2 + multiset_index(pair, 2)] = best;
        }
}

static int popcount(unsigned x) { int n = 0; while (x) { x &= x - 1; ++n; } return n; }

/* The ranks of rank mask m, ascending, into r[]; returns how many. */
static int ranks_of_mask(unsigned m, int *r)
{
    int n = 0;
    for (int i = 0; i < 13; ++i) if (m >> i & 1) r[n++] = i;
    return n;
}

static void build_low(void)
{
    /* The 56 lows as 8-bit masks (bit 0 = ace .. bit 7 = eight); for equal popcounts a smaller
     * mask is a better low, so ascending order runs from 5-4-3-2-A (score 56) down. */
    int n = 0;
    uint8_t asc[56];
    for (unsigned m = 0; m < 256; ++m)
        if (popcount(m) == 5) asc[n++] = (uint8_t)m;
    low_masks[0] = 0;
    for (int i = 0; i < 56; ++i) low_masks[56 - i] = asc[i];
    for (unsigned h = 0; h < 256; ++h)
        for (unsigned b = 0; b < 256; ++b) {
            uint8_t best = 0;
            for (int i = 0; i < 56 && !best; ++i) {
                unsigned m = asc[i];
                /* two from the hole and three from the board, all five ranks distinct */
                if ((m & ~(h | b)) == 0 && popcount(m & ~b) <= 2 && popcount(m & ~h) <= 3)
                    best = (uint8_t)(56 - i);
            }
            low_table[h * 256 + b] = best;
        }
}

/* ---- board index: perfect hash of board rank keys (see oe_board_hash.h) ---- */

static uint64_t rank_key_of(const int *r, int k)
{
    uint64_t key = 0;
    for (int i = 0; i < k; ++i) key += (uint64_t)1 << (3 * r[i]);
    return key;
}

static uint16_t board_disp[OE_BOARD_BUCKETS];
static uint16_t slot_row[OE_BOARD_SLOTS];
static uint8_t slot_low[OE_BOARD_SLOTS];
static uint64_t board_keys[N_RANK5];
static uint8_t board_lows[N_RANK5];
static int n_board_keys;

static unsigned low_bit_of_rank(int r) { return r == 12 ? 1u : (r < 7 ? 2u << r : 0u); }

static void collect_board_key(const int *r, void *ctx)
{
    (void)ctx;
    unsigned low = 0;
    for (int i = 0; i < 5; ++i) low |= low_bit_of_rank(r[i]);
    board_lows[multiset_index(r, 5)] = (uint8_t)low;
    board_keys[multiset_index(r, 5)] = rank_key_of(r, 5);
    n_board_keys++;
}

/* order[] = the buckets by size, descending (insertion sort: equal sizes keep bucket order). */
static void buckets_by_size(const int *size, int *order)
{
    for (unsigned b = 0; b < OE_BOARD_BUCKETS; ++b) order[b] = (int)b;
    for (unsigned i = 1; i < OE_BOARD_BUCKETS; ++i)
        for (unsigned j = i; j > 0 && size[order[j - 1]] < size[order[j]]; --j) {
            int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
        }
}

/* The first displacement that puts the m keys members[] in distinct free slots, or
 * OE_BOARD_SLOTS when none does. */
static unsigned find_displacement(const int *members, int m, const uint8_t *used)
{
    unsigned d;
    for (d = 0; d < OE_BOARD_SLOTS; ++d) {
        int ok = 1;
        for (int x = 0; x < m && ok; ++x) {
            unsigned slot = oe_board_slot_base(board_keys[members[x]]) ^ d;
            if (used[slot]) ok = 0;
            for (int y = 0; y < x && ok; ++y)
                if ((oe_board_slot_base(board_keys[members[y]]) ^ d) == slot) ok = 0;
        }
        if (ok) break;
    }
    return d;
}

/* Puts bucket b's m keys members[] in their slots at displacement d. */
static void place_bucket(int b, const int *members, int m, unsigned d, uint8_t *used)
{
    board_disp[b] = (uint16_t)d;
    for (int x = 0; x < m; ++x) {
        unsigned slot = oe_board_slot_base(board_keys[members[x]]) ^ d;
        used[slot] = 1;
        slot_row[slot] = (uint16_t)members[x];
        slot_low[slot] = board_lows[members[x]];
    }
}

/* Displacements by the usual greedy: the fullest buckets first, each the first displacement
 * that puts all its keys in free slots. */
static int build_board_hash(void)
{
    static int bucket_of[N_RANK5], order[OE_BOARD_BUCKETS], size[OE_BOARD_BUCKETS];
    static uint8_t used[OE_BOARD_SLOTS];
    for_each_multiset(5, collect_board_key, NULL);
    memset(size, 0, sizeof size);
    for (int i = 0; i < N_RANK5; ++i) size[bucket_of[i] = (int)oe_board_bucket(board_keys[i])]++;
    buckets_by_size(size, order);
    memset(used, 0, sizeof used);
    for (unsigned o = 0; o < OE_BOARD_BUCKETS; ++o) {
        int b = order[o], members[64], m = 0;
        if (!size[b]) break;
        for (int i = 0; i < N_RANK5 && m < 64; ++i)
            if (bucket_of[i] == b) members[m++] = i;
        unsigned d = find_displacement(members, m, used);
        if (d == OE_BOARD_SLOTS) return 0;
        place_bucket(b, members, m, d, used);
    }
    return 1;
}

/* ---- flush rows: best flush by suited board rank set (3 to 5 ranks) and hole rank pair ---- */

#define N_FLUSH_SETS (1 + 286 + 715 + 1287) /* row 0: fewer than three suited board cards */
static uint16_t flush_set[8192];
static uint16_t flush_rows[N_FLUSH_SETS * N_RANK2];

static void build_flush_rows(void)
{
    int n = 1;
    memset(flush_rows, 0, sizeof flush_rows);
    for (unsigned m = 0; m < 8192; ++m) {
        int c = popcount(m);
        flush_set[m] = 0;
        if (c < 3 || c > 5) continue;
        flush_set[m] = (uint16_t)n;
        int r[5], nr = ranks_of_mask(m, r);
        for (int hi = 0; hi < 13; ++hi)
            for (int lo = 0; lo < hi; ++lo) {
                if (m >> hi & 1 || m >> lo & 1) continue; /* that card is on the board */
                uint16_t best = 0;
                for (int x = 0; x < nr; ++x)
                    for (int y = x + 1; y < nr; ++y)
                        for (int z = y + 1; z < nr; ++z) {
                            uint16_t sc = flush5[1u << r[x] | 1u << r[y] | 1u << r[z] | 1u << lo | 1u << hi];
                            if (sc > best) best = sc;
                        }
                int pair[2] = {lo, hi};
                flush_rows[(size_t)n * N_RANK2 + multiset_index(pair, 2)] = best;
            }
        n++;
    }
}

static void write_u16(FILE *f, const char *decl, const uint16_t *v, size_t n)
{
    fprintf(f, "%s = {", decl);
    for (size_t i = 0; i < n; ++i) fprintf(f, "%s%u,", i % 24 ? "" : "\n", v[i]);
    fprintf(f, "\n};\n\n");
}

static void write_u8(FILE *f, const char *decl, const uint8_t *v, size_t n)
{
    fprintf(f, "%s = {", decl);
    for (size_t i = 0; i < n; ++i) fprintf(f, "%s%u,", i % 32 ? "" : "\n", v[i]);
    fprintf(f, "\n};\n\n");
}

/* class_keys[]: the 7462 distinct class keys, ascending (non-flush rank multisets, then
 * flushes: five distinct ranks, suited). Returns 0 when the count is not 7462. */
static int build_class_keys(void)
{
    for_each_multiset(5, collect_key, NULL);
    for (unsigned m = 0; m < 8192; ++m) {
        int r[5];
        if (popcount(m) != 5) continue;
        ranks_of_mask(m, r);
        class_keys[n_class_keys++] = class_key(r, 1);
    }
    qsort(class_keys, (size_t)n_class_keys, sizeof(uint32_t), cmp_u32);
    int distinct = 0;
    for (int i = 0; i < n_class_keys; ++i)
        if (i == 0 || class_keys[i] != class_keys[i - 1]) class_keys[distinct++] = class_keys[i];
    n_class_keys = distinct;
    return n_class_keys == HI_MAX;
}

/* hi_class[s]: score s's category and its ranks by significance (0xFF past the last). */
static void build_hi_class(void)
{
    memset(hi_class, 0xFF, sizeof hi_class);
    for (int s = 1; s <= HI_MAX; ++s) {
        uint32_t key = class_keys[s - 1];
        hi_class[s][0] = (uint8_t)(key >> 20);
        for (int i = 0; i < 5; ++i) {
            unsigned r = key >> (16 - 4 * i) & 15;
            if (r) hi_class[s][1 + i] = (uint8_t)(r - 1);
        }
    }
}

/* flush5[m]: the score of a flush of the five ranks in mask m (0 for other masks). */
static void build_flush5(void)
{
    for (unsigned m = 0; m < 8192; ++m) {
        int r[5];
        flush5[m] = 0;
        if (popcount(m) != 5) continue;
        ranks_of_mask(m, r);
        flush5[m] = score_of_key(class_key(r, 1));
    }
}

/* oe_choose[n][k]: binomial coefficients, n < 18, k < 6. */
static void write_choose(FILE *f)
{
    fprintf(f, "const uint16_t oe_choose[18][6] = {\n");
    for (int n = 0; n < 18; ++n)
        fprintf(f, "{%u,%u,%u,%u,%u,%u},\n", choose[n][0], choose[n][1], choose[n][2], choose[n][3],
                choose[n][4], choose[n][5]);
    fprintf(f, "};\n\n");
}

/* oe_board_pair column of two hole cards by card ids: a shift and a load per pair; and the same
 * by raw bytes (a << 8 | b): no masking per card; ids above 51 give column 0. */
static void write_pair_columns(FILE *f)
{
    static uint8_t column[64 * 64], wide[256 * 256];
    for (int a = 0; a < 52; ++a)
        for (int b = 0; b < 52; ++b) {
            int pair[2] = {a >> 2 < b >> 2 ? a >> 2 : b >> 2, a >> 2 < b >> 2 ? b >> 2 : a >> 2};
            column[a << 6 | b] = (uint8_t)multiset_index(pair, 2);
        }
    write_u8(f, "const uint8_t oe_pair_column[64 * 64]", column, sizeof column);
    for (int a = 0; a < 52; ++a)
        for (int b = 0; b < 52; ++b) wide[a << 8 | b] = column[a << 6 | b];
    write_u8(f, "const uint8_t oe_pair_column_wide[256 * 256]", wide, sizeof wide);
}

/* Per card byte: its board key (a rank count and a suit count, see oe_board_hash.h; 0 past card
 * 51). */
static void write_card_keys(FILE *f)
{
    fprintf(f, "const uint64_t oe_card_key[256] = {");
    for (int c = 0; c < 256; ++c) {
        uint64_t key = c < 52 ? (uint64_t)1 << (3 * (c >> 2)) | (uint64_t)1 << (OE_SUIT_KEY_SHIFT + 4 * (c & 3)) : 0;
        fprintf(f, "%s0x%016llxu,", c % 4 ? "" : "\n", (unsigned long long)key);
    }
    fprintf(f, "\n};\n\n");
}

/* Per card byte: its lane bit (16 bits per suit; bit 63 past card 51). */
static void write_card_lanes(FILE *f)
{
    fprintf(f, "const uint64_t oe_card_lane[256] = {");
    for (int c = 0; c < 256; ++c)
        fprintf(f, "%s0x%016llxu,", c % 4 ? "" : "\n", 1ull << (c < 52 ? 16 * (c & 3) + (c >> 2) : 63));
    fprintf(f, "\n};\n\n");
}

/* oe_hi_class[s]: category and ranks by significance of every hi score. */
static void write_hi_class(FILE *f)
{
    fprintf(f, "const uint8_t oe_hi_class[OE_HI_MAX + 1][6] = {\n");
    for (int s = 0; s <= HI_MAX; ++s)
        fprintf(f, "{%u,%u,%u,%u,%u,%u},\n", hi_class[s][0], hi_class[s][1], hi_class[s][2],
                hi_class[s][3], hi_class[s][4], hi_class[s][5]);
    fprintf(f, "};\n");
}

/* Every table, in the order oe_tables.h and oe_board_hash.h declare them. */
static void write_tables(FILE *f)
{
    fprintf(f, "/* Generated by csrc/gen_tables.c at build time: do not edit. */\n");
    fprintf(f, "#include \"oe_tables.h\"\n#include \"oe_board_hash.h\"\n\n");
    write_choose(f);
    write_pair_columns(f);
    write_card_keys(f);
    write_u16(f, "const uint16_t oe_board_disp[OE_BOARD_BUCKETS]", board_disp, OE_BOARD_BUCKETS);
    write_u16(f, "const uint16_t oe_board_slot_row[OE_BOARD_SLOTS]", slot_row, OE_BOARD_SLOTS);
    write_u8(f, "const uint8_t oe_board_slot_low[OE_BOARD_SLOTS]", slot_low, OE_BOARD_SLOTS);
    write_u16(f, "const uint16_t oe_flush_set[8192]", flush_set, 8192);
    write_u16(f, "const uint16_t oe_flush_rows[OE_N_FLUSH_SETS * OE_N_RANK2]", flush_rows, N_FLUSH_SETS * N_RANK2);
    write_card_lanes(f);
    write_u16(f, "const uint16_t oe_unsuited5[OE_N_RANK5]", unsuited5, N_RANK5);
    write_u16(f, "const uint16_t oe_flush5[8192]", flush5, 8192);
    write_u16(f, "const uint16_t oe_board_pair[OE_N_RANK5 * OE_N_RANK2]", board_pair, N_RANK5 * N_RANK2);
    write_u8(f, "const uint8_t oe_low_table[256 * 256]", low_table, 256 * 256);
    write_u8(f, "const uint8_t oe_low_masks[OE_LO_MAX + 1]", low_masks, 57);
    write_hi_class(f);
}

int main(int argc, char **argv)
{
    if (argc != 2) { fprintf(stderr, "usage: gen_tables OUTPUT.c\n"); return 2; }
    init_choose();
    if (!build_class_keys()) { fprintf(stderr, "gen_tables: %d classes, expected 7462\n", n_class_keys); return 1; }
    build_hi_class();
    for_each_multiset(5, fill_unsuited, NULL);
    build_flush5();
    for_each_multiset(5, fill_board_pair, NULL);
    build_low();
    if (!build_board_hash()) { fprintf(stderr, "gen_tables: no perfect hash for the board keys\n"); return 1; }
    build_flush_rows();

    FILE *f = fopen(argv[1], "w");
    if (!f) { perror(argv[1]); return 1; }
    write_tables(f);
    if (fclose(f) != 0) { perror(argv[1]); return 1; }
    return 0;
}
