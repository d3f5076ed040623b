/* Threads and atomics for the C core (private): one small layer so that the pool and the
 * kernels build on POSIX threads and on Win32 alike.
 *
 * Atomics: OE_ATOMIC_*(ptr, ..., order) on plain objects of 1, 4 or 8 bytes (integers and
 * pointers). GCC and Clang (MinGW-w64 included) map them to the __atomic builtins, which need
 * no C11 and honour the orders; MSVC maps loads and stores to volatile accesses (MSVC's default
 * /volatile:ms gives them acquire and release semantics) with a full barrier for OE_SEQ_CST,
 * and read-modify-writes to the Interlocked* functions (always sequentially consistent).
 *
 * Threads: oe_mutex (pthread_mutex_t / SRWLOCK), oe_cond (pthread_cond_t / CONDITION_VARIABLE),
 * oe_once (pthread_once / InitOnceExecuteOnce), thread-local keys with a destructor
 * (pthread_key_t / FLS), threads started with every signal blocked (POSIX) and either detached
 * or joined (pthread_create / CreateThread), yield, sleep, a monotonic clock in nanoseconds and
 * the CPUs this process may use. Every static object has a static initializer
 * (OE_MUTEX_INIT, OE_COND_INIT, OE_ONCE_INIT). C99, no Python headers.
 */
#ifndef OE_THREADS_H
#define OE_THREADS_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define OE_WIN32_THREADS 1
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#else
#include <pthread.h>
#endif

/* ---- atomics ---- */
#if defined(__GNUC__) || defined(__clang__)
#define OE_RELAXED __ATOMIC_RELAXED
#define OE_ACQUIRE __ATOMIC_ACQUIRE
#define OE_RELEASE __ATOMIC_RELEASE
#define OE_ACQ_REL __ATOMIC_ACQ_REL
#define OE_SEQ_CST __ATOMIC_SEQ_CST
#define OE_ATOMIC_LOAD(p, o) __atomic_load_n((p), (o))
#define OE_ATOMIC_STORE(p, v, o) __atomic_store_n((p), (v), (o))
#define OE_ATOMIC_FETCH_ADD(p, v, o) __atomic_fetch_add((p), (v), (o))
#define OE_ATOMIC_ADD_FETCH(p, v, o) __atomic_add_fetch((p), (v), (o))
#define OE_ATOMIC_SUB_FETCH(p, v, o) __atomic_sub_fetch((p), (v), (o))
/* compare *p with *expected: equal -> *p = desired, 1; else *expected = *p, 0 */
#define OE_ATOMIC_CAS(p, expected, desired, o_ok, o_fail) \
    __atomic_compare_exchange_n((p), (expected), (desired), 0, (o_ok), (o_fail))
#elif defined(_MSC_VER)
#include <intrin.h>
#define OE_RELAXED 0
#define OE_ACQUIRE 2
#define OE_RELEASE 3
#define OE_ACQ_REL 4
#define OE_SEQ_CST 5
/* MSVC has __typeof__ in C from Visual Studio 2022 17.9 on. */
#define OE_ATOMIC_LOAD(p, o) \
    ((o) == OE_SEQ_CST ? (MemoryBarrier(), *(volatile __typeof__(*(p)) *)(p)) \
                       : *(volatile __typeof__(*(p)) *)(p))
#define OE_ATOMIC_STORE(p, v, o) \
    do { *(volatile __typeof__(*(p)) *)(p) = (v); if ((o) == OE_SEQ_CST) MemoryBarrier(); } while (0)
#define OE_MSVC_ADD_(p, v) \
    (sizeof(*(p)) == 8 ? (__typeof__(*(p)))_InterlockedExchangeAdd64((volatile __int64 *)(p), (__int64)(v)) \
                       : (__typeof__(*(p)))_InterlockedExchangeAdd((volatile long *)(p), (long)(v)))
#define OE_ATOMIC_FETCH_ADD(p, v, o) OE_MSVC_ADD_(p, v)
#define OE_ATOMIC_ADD_FETCH(p, v, o) ((__typeof__(*(p)))(OE_MSVC_ADD_(p, v) + (v)))
#define OE_ATOMIC_SUB_FETCH(p, v, o) ((__typeof__(*(p)))(OE_MSVC_ADD_(p, 0 - (v)) - (v)))
static __forceinline int oe_msvc_cas_(volatile void *p, void *expected, int64_t desired, size_t size)
{
    if (size == 8) {
        __int64 e = *(__int64 *)expected, seen = _InterlockedCompareExchange64((volatile __int64 *)p, desired, e);
        if (seen == e) return 1;
        *(__int64 *)expected = seen;
    } else if (size == 4) {
        long e = *(long *)expected, seen = _InterlockedCompareExchange((volatile long *)p, (long)desired, e);
        if (seen == e) return 1;
        *(long *)expected = seen;
    } else {
        char e = *(char *)expected, seen = _InterlockedCompareExchange8((volatile char *)p, (char)desired, e);
        if (seen == e) return 1;
        *(char *)expected = seen;
    }
    return 0;
}
#define OE_ATOMIC_CAS(p, expected, desired, o_ok, o_fail) \
    oe_msvc_cas_((p), (expected), (int64_t)(desired), sizeof(*(p)))
#else
#error "omaha_eval: no atomics for this compiler (GCC, Clang or MSVC needed)"
#endif

/* ---- locks, condition variables, once ---- */
#if defined(OE_WIN32_THREADS)
typedef SRWLOCK oe_mutex;
typedef CONDITION_VARIABLE oe_cond;
typedef INIT_ONCE oe_once_flag;
#define OE_MUTEX_INIT SRWLOCK_INIT
#define OE_COND_INIT CONDITION_VARIABLE_INIT
#define OE_ONCE_INIT INIT_ONCE_STATIC_INIT
#else
typedef pthread_mutex_t oe_mutex;
typedef pthread_cond_t oe_cond;
typedef pthread_once_t oe_once_flag;
#define OE_MUTEX_INIT PTHREAD_MUTEX_INITIALIZER
#define OE_COND_INIT PTHREAD_COND_INITIALIZER
#define OE_ONCE_INIT PTHREAD_ONCE_INIT
#endif

void oe_mutex_lock(oe_mutex *m);
void oe_mutex_unlock(oe_mutex *m);
int oe_mutex_trylock(oe_mutex *m); /* 1 when taken */
void oe_cond_wait(oe_cond *c, oe_mutex *m);
void oe_cond_signal(oe_cond *c);
void oe_cond_broadcast(oe_cond *c);
void oe_once(oe_once_flag *flag, void (*fn)(void));

/* ---- thread-local values with a destructor (run at thread exit for a non-NULL value) ---- */
typedef struct {
#if defined(OE_WIN32_THREADS)
    DWORD index;
#else
    pthread_key_t key;
#endif
} oe_tls_key;
int oe_tls_create(oe_tls_key *key, void (*destroy)(void *)); /* 0 on success */
void *oe_tls_get(const oe_tls_key *key);
int oe_tls_set(const oe_tls_key *key, void *value); /* 0 on success */

/* ---- threads ---- */
typedef void (*oe_thread_fn)(void *arg);
typedef struct {
#if defined(OE_WIN32_THREADS)
    HANDLE handle;
#else
    pthread_t thread;
#endif
} oe_thread;
/* Starts fn(arg) on a new thread (POSIX: with every signal blocked, so that Ctrl-C goes to the
 * main thread). thread NULL: detached. Returns 0 on success. */
int oe_thread_start(oe_thread *thread, oe_thread_fn fn, void *arg);
void oe_thread_join(oe_thread *thread);
void oe_thread_yield(void);
void oe_sleep_ns(long ns);
int64_t oe_now_ns(void);   /* monotonic */
int oe_cpus_allowed(void); /* CPUs this process may run on (affinity), else online, >= 1 */
/* Calls fn in the child after fork() (POSIX; nothing to do on Win32, which has no fork). */
void oe_after_fork_child(void (*fn)(void));

/* A spin-wait hint to the CPU. */
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define oe_cpu_relax() __builtin_ia32_pause()
#elif (defined(__GNUC__) || defined(__clang__)) && (defined(__aarch64__) || defined(__arm__))
#define oe_cpu_relax() __asm__ __volatile__("yield" ::: "memory")
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#define oe_cpu_relax() _mm_pause()
#elif defined(_MSC_VER) && defined(_M_ARM64)
#define oe_cpu_relax() __yield()
#else
#define oe_cpu_relax() ((void)0)
#endif

#endif
