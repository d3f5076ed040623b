/* What the thread pool knows of the machine's load (private; oe_load.c).
 *
 * The one rule: a helper thread is worth using only on a CPU that no task of ANOTHER process
 * wants. Under the fair-share scheduler a busy machine gives this process about the same CPU
 * time whether it runs one thread or more (the CPUs are shared between sessions, not threads),
 * so a helper without a CPU of its own only adds hand-offs, and one that loses its CPU inside a
 * chunk makes the caller wait a scheduler slice. Two readings of the kernel give the evidence:
 *
 *   oe_load_other_tasks   runnable tasks of other processes (machine-wide runnable count minus
 *                         this process's runnable threads), for the pool's choice of helpers;
 *   oe_load_preemptions   the calling thread's involuntary context switches, for a spinning
 *                         thread's choice to stop spinning (another task wanted its CPU).
 *
 * Both read Linux's /proc and getrusage(RUSAGE_THREAD). Where they cannot (another system, a
 * real-time scheduling policy that is not shared out that way, or OE_POOL_IGNORE_LOAD set in
 * the environment, which tests use) they return -1: no evidence, so every CPU counts as free
 * and spins end by time alone. No result of any computation depends on them.
 */
#ifndef OE_LOAD_H
#define OE_LOAD_H

/* Runnable tasks of other processes, `own_awake` being the pool threads of this process known
 * to be awake (left out of the machine-wide count before the slower per-thread count is read);
 * -1 when unknown. Costs ~5 us (more when others run): callers sample it at most every 10 ms. */
int oe_load_other_tasks(int own_awake);

/* Involuntary context switches of the calling thread so far, or -1 where unknown. */
long oe_load_preemptions(void);

#endif
