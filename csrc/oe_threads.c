/* Threads for the C core: POSIX threads or Win32 (see oe_threads.h). */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#endif
#include <stdlib.h>

#include "oe_threads.h"

#if !defined(OE_WIN32_THREADS)
#include <sched.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>
#endif

typedef struct {
    oe_thread_fn fn;
    void *arg;
} thread_start;

#if defined(OE_WIN32_THREADS)

void oe_mutex_lock(oe_mutex *m) { AcquireSRWLockExclusive(m); }
void oe_mutex_unlock(oe_mutex *m) { ReleaseSRWLockExclusive(m); }
int oe_mutex_trylock(oe_mutex *m) { return TryAcquireSRWLockExclusive(m) != 0; }
void oe_cond_wait(oe_cond *c, oe_mutex *m) { SleepConditionVariableSRW(c, m, INFINITE, 0); }
void oe_cond_signal(oe_cond *c) { WakeConditionVariable(c); }
void oe_cond_broadcast(oe_cond *c) { WakeAllConditionVariable(c); }

typedef struct {
    void (*fn)(void);
} once_box;

static BOOL CALLBACK once_trampoline(PINIT_ONCE flag, PVOID param, PVOID *context)
{
    (void)flag;
    (void)context;
    ((once_box *)param)->fn();
    return TRUE;
}

void oe_once(oe_once_flag *flag, void (*fn)(void))
{
    once_box box = {fn};
    InitOnceExecuteOnce(flag, once_trampoline, &box, NULL);
}

/* FLS callbacks receive only the value: each key gets one of a few fixed trampolines that
 * call its destructor (the core uses one key). */
#define TLS_KEYS 4
static void (*tls_destroy[TLS_KEYS])(void *);
static LONG tls_used;
#define TLS_TRAMPOLINE(i) \
    static VOID NTAPI tls_trampoline##i(PVOID v) { if (v && tls_destroy[i]) tls_destroy[i](v); }
TLS_TRAMPOLINE(0)
TLS_TRAMPOLINE(1)
TLS_TRAMPOLINE(2)
TLS_TRAMPOLINE(3)
static PFLS_CALLBACK_FUNCTION const tls_trampolines[TLS_KEYS] = {tls_trampoline0, tls_trampoline1,
                                                                  tls_trampoline2, tls_trampoline3};

int oe_tls_create(oe_tls_key *key, void (*destroy)(void *))
{
    LONG slot = InterlockedIncrement(&tls_used) - 1;
    if (slot >= TLS_KEYS) return -1;
    tls_destroy[slot] = destroy;
    key->index = FlsAlloc(destroy ? tls_trampolines[slot] : NULL);
    return key->index == FLS_OUT_OF_INDEXES ? -1 : 0;
}
void *oe_tls_get(const oe_tls_key *key) { return FlsGetValue(key->index); }
int oe_tls_set(const oe_tls_key *key, void *value) { return FlsSetValue(key->index, value) ? 0 : -1; }

static DWORD WINAPI thread_trampoline(LPVOID p)
{
    thread_start s = *(thread_start *)p;
    free(p);
    s.fn(s.arg);
    return 0;
}

int oe_thread_start(oe_thread *thread, oe_thread_fn fn, void *arg)
{
    thread_start *s = (thread_start *)malloc(sizeof *s);
    if (!s) return -1;
    s->fn = fn;
    s->arg = arg;
    HANDLE h = CreateThread(NULL, 0, thread_trampoline, s, 0, NULL);
    if (!h) {
        free(s);
        return -1;
    }
    if (thread) thread->handle = h;
    else CloseHandle(h);
    return 0;
}

void oe_thread_join(oe_thread *thread)
{
    WaitForSingleObject(thread->handle, INFINITE);
    CloseHandle(thread->handle);
}

void oe_thread_yield(void) { SwitchToThread(); }

void oe_sleep_ns(long ns) { Sleep((DWORD)((ns + 999999L) / 1000000L)); }

int64_t oe_now_ns(void)
{
    static LARGE_INTEGER freq; /* the same value for every thread: a benign race */
    LARGE_INTEGER t;
    if (!freq.QuadPart) QueryPerformanceFrequency(&freq);
    QueryPerformanceCounter(&t);
    return (int64_t)((double)t.QuadPart * (1e9 / (double)freq.QuadPart));
}

int oe_cpus_allowed(void)
{
    DWORD_PTR process, system;
    if (GetProcessAffinityMask(GetCurrentProcess(), &process, &system) && process) {
        int n = 0;
        for (; process; process &= process - 1) ++n;
        return n;
    }
    SYSTEM_INFO info;
    GetSystemInfo(&info);
    return info.dwNumberOfProcessors > 0 ? (int)info.dwNumberOfProcessors : 1;
}

void oe_after_fork_child(void (*fn)(void)) { (void)fn; }

#else /* POSIX threads */

void oe_mutex_lock(oe_mutex *m) { pthread_mutex_lock(m); }
void oe_mutex_unlock(oe_mutex *m) { pthread_mutex_unlock(m); }
int oe_mutex_trylock(oe_mutex *m) { return pthread_mutex_trylock(m) == 0; }
void oe_cond_wait(oe_cond *c, oe_mutex *m) { pthread_cond_wait(c, m); }
void oe_cond_signal(oe_cond *c) { pthread_cond_signal(c); }
void oe_cond_broadcast(oe_cond *c) { pthread_cond_broadcast(c); }
void oe_once(oe_once_flag *flag, void (*fn)(void)) { pthread_once(flag, fn); }

int oe_tls_create(oe_tls_key *key, void (*destroy)(void *))
{
    return pthread_key_create(&key->key, destroy) == 0 ? 0 : -1;
}
void *oe_tls_get(const oe_tls_key *key) { return pthread_getspecific(key->key); }
int oe_tls_set(const oe_tls_key *key, void *value)
{
    return pthread_setspecific(key->key, value) == 0 ? 0 : -1;
}

static void *thread_trampoline(void *p)
{
    thread_start s = *(thread_start *)p;
    free(p);
    s.fn(s.arg);
    return NULL;
}

int oe_thread_start(oe_thread *thread, oe_thread_fn fn, void *arg)
{
    thread_start *s = (thread_start *)malloc(sizeof *s);
    if (!s) return -1;
    s->fn = fn;
    s->arg = arg;
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old); /* the new thread inherits this mask */
    pthread_t t;
    int rc = pthread_create(&t, NULL, thread_trampoline, s);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc != 0) {
        free(s);
        return -1;
    }
    if (thread) thread->thread = t;
    else pthread_detach(t);
    return 0;
}

void oe_thread_join(oe_thread *thread) { pthread_join(thread->thread, NULL); }

void oe_thread_yield(void) { sched_yield(); }

void oe_sleep_ns(long ns)
{
    struct timespec d;
    d.tv_sec = ns / 1000000000L;
    d.tv_nsec = ns % 1000000000L;
    nanosleep(&d, NULL);
}

int64_t oe_now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

int oe_cpus_allowed(void)
{
#if defined(__linux__) && defined(CPU_COUNT)
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int c = CPU_COUNT(&set);
        if (c > 0) return c;
    }
#endif
#ifdef _SC_NPROCESSORS_ONLN
    long c = sysconf(_SC_NPROCESSORS_ONLN);
    return c > 0 ? (int)c : 1;
#else
    return 1;
#endif
}

void oe_after_fork_child(void (*fn)(void)) { pthread_atfork(NULL, NULL, fn); }

#endif
