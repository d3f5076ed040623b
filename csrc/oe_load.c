/* The machine's load as the thread pool sees it (see oe_load.h): Linux's /proc and getrusage,
 * nothing elsewhere. */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* RUSAGE_THREAD */
#endif
#include <stdlib.h>

#include "oe_load.h"

#if defined(__linux__)
#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* Runnable tasks machine-wide: the numerator of /proc/loadavg's 4th field, or -1. */
static int runnable_tasks(void)
{
    char buf[128];
    int fd = open("/proc/loadavg", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t got = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (got <= 0) return -1;
    buf[got] = 0;
    const char *p = buf; /* "0.17 0.66 0.90 1/234 5678" */
    for (int field = 0; field < 3; ++field) {
        while (*p && *p != ' ') ++p;
        while (*p == ' ') ++p;
    }
    if (*p < '0' || *p > '9') return -1;
    return atoi(p);
}

/* Runnable threads of this process (state R in /proc/self/task/<tid>/stat), or -1. */
static int own_runnable_threads(void)
{
    DIR *dir = opendir("/proc/self/task");
    if (!dir) return -1;
    int count = 0;
    char path[64], buf[512];
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        snprintf(path, sizeof path, "/proc/self/task/%.20s/stat", e->d_name);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) continue; /* the thread ended meanwhile */
        ssize_t got = read(fd, buf, sizeof buf - 1);
        close(fd);
        if (got <= 0) continue;
        buf[got] = 0;
        const char *end = strrchr(buf, ')'); /* "tid (name) S ...": the name may hold anything */
        count += end && end[1] == ' ' && end[2] == 'R';
    }
    closedir(dir);
    return count;
}

static int shared_out_policy(void)
{
    int policy = sched_getscheduler(0);
#ifdef SCHED_BATCH
    return policy == SCHED_OTHER || policy == SCHED_BATCH;
#else
    return policy == SCHED_OTHER;
#endif
}

int oe_load_other_tasks(int own_awake)
{
    if (getenv("OE_POOL_IGNORE_LOAD") || !shared_out_policy()) return -1;
    int running = runnable_tasks();
    if (running < 0) return -1;
    int others = running - 1 - (own_awake > 0 ? own_awake : 0); /* the caller is one */
    if (others > 0) { /* someone else, or threads of ours the count above missed (OpenBLAS's) */
        int own = own_runnable_threads();
        if (own > 0 && running - own < others) others = running - own;
    }
    return others > 0 ? others : 0;
}

long oe_load_preemptions(void)
{
#ifdef RUSAGE_THREAD
    struct rusage r;
    if (getrusage(RUSAGE_THREAD, &r) == 0) return r.ru_nivcsw;
#endif
    return -1;
}

#else /* no evidence elsewhere: every CPU counts as free, spins end by time */

int oe_load_other_tasks(int own_awake)
{
    (void)own_awake;
    return -1;
}

long oe_load_preemptions(void) { return -1; }

#endif
