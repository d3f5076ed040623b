/* Compiler portability for the C core (private): GCC and Clang builtins behind macros, with
 * portable fallbacks for MSVC and any other C99 compiler.
 *
 *   OE_ALWAYS_INLINE      `static inline`, forced where the compiler can be told
 *   OE_ALIGNED(n)         alignment of a variable or member (put it before the declaration)
 *   OE_PREFETCH(p)        a read hint, no effect on any result
 *   OE_CTZ32(x), OE_CTZ64(x)            trailing zero bits; x must not be 0
 *   OE_POPCOUNT32(x), OE_POPCOUNT64(x)  bits set
 *   oe_mul_64_32(u, m, &hi)             u * m as 96 bits: returns the low 64, *hi the high 32
 *
 * The fallbacks compute the same values (tests/platform/ checks the results of a build that
 * uses them: OE_PORTABLE_BUILTINS forces them under GCC and Clang too). C99, no Python headers.
 */
#ifndef OE_COMPAT_H
#define OE_COMPAT_H

#include <stdint.h>

#if (defined(__GNUC__) || defined(__clang__)) && !defined(OE_PORTABLE_BUILTINS)
#define OE_GNU_BUILTINS 1
#endif

#if defined(__GNUC__) || defined(__clang__)
#define OE_ALWAYS_INLINE static inline __attribute__((always_inline))
#define OE_ALIGNED(n) __attribute__((aligned(n)))
#elif defined(_MSC_VER)
#define OE_ALWAYS_INLINE static __forceinline
#define OE_ALIGNED(n) __declspec(align(n))
#else
#define OE_ALWAYS_INLINE static inline
#define OE_ALIGNED(n)
#endif

#if defined(OE_GNU_BUILTINS)
#define OE_PREFETCH(p) __builtin_prefetch(p)
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#include <xmmintrin.h>
#define OE_PREFETCH(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
#else
#define OE_PREFETCH(p) ((void)(p))
#endif

#if defined(OE_GNU_BUILTINS)
#define OE_CTZ32(x) __builtin_ctz(x)
#define OE_CTZ64(x) __builtin_ctzll(x)
#define OE_POPCOUNT32(x) __builtin_popcount(x)
#define OE_POPCOUNT64(x) __builtin_popcountll(x)
#else
/* Plain C: a SWAR bit count (no POPCNT instruction needed, as MSVC's __popcnt would) and a
 * count of trailing zeros from the isolated lowest bit. */
static inline int oe_popcount64_(uint64_t x)
{
    x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}
static inline int oe_ctz64_(uint64_t x) { return oe_popcount64_((x & (0 - x)) - 1); }
#define OE_CTZ32(x) oe_ctz64_((uint32_t)(x))
#define OE_CTZ64(x) oe_ctz64_((uint64_t)(x))
#define OE_POPCOUNT32(x) oe_popcount64_((uint32_t)(x))
#define OE_POPCOUNT64(x) oe_popcount64_((uint64_t)(x))
#endif

#if defined(OE_GNU_BUILTINS) && defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 oe_u128_;
static inline uint64_t oe_mul_64_32(uint64_t u, uint32_t m, uint32_t *hi)
{
    oe_u128_ x = (oe_u128_)u * m;
    *hi = (uint32_t)(x >> 64);
    return (uint64_t)x;
}
#else
static inline uint64_t oe_mul_64_32(uint64_t u, uint32_t m, uint32_t *hi)
{
    uint64_t lo = (u & 0xFFFFFFFFu) * m, up = (u >> 32) * m; /* up + (lo >> 32) cannot carry out */
    *hi = (uint32_t)((up + (lo >> 32)) >> 32);
    return (up << 32) + lo;
}
#endif

#endif
