/* omaha_eval C core: the one random generator every seeded kernel uses.
 *
 * xoshiro256** (Blackman and Vigna) stepped by oe_rng_next, seeded through splitmix64; each
 * kernel derives its own streams from these (oe_equity.c per stream of trials, oe_bulk.c per
 * hand and trial block), so changing anything here changes every seeded result. C99.
 */
#ifndef OE_RNG_H
#define OE_RNG_H

#include <stdint.h>

typedef struct {
    uint64_t s[4];
} oe_rng;

static inline uint64_t oe_rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t oe_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline uint64_t oe_rng_next(oe_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = oe_rotl64(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = oe_rotl64(s[3], 45);
    return result;
}

#endif
