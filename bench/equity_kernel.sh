#!/usr/bin/env bash
# Builds bench/equity_kernel.c against csrc/ (tables generated as the package build does) in a
# temporary folder and runs it: per-phase CPU times of one exact spot on one thread, then whole
# oe_equity_exact calls with workers 1 and 2 interleaved (wall and CPU medians), ROUNDS times
# (default 3), with the pool's counters (jobs the helper joined, chunks each thread ran).
#   bash bench/equity_kernel.sh                       the bench's spot-preflop-hu
#   bash bench/equity_kernel.sh "AsKsQhJh/2c2d7h8s/9c9dTcTd"    three-way preflop
#   bash bench/equity_kernel.sh "AsKsQhJh/2c2d7h8s:2h3h4d"      a flop (board after ':')
#   REPS=51 INNER=10 ROUNDS=3 ...; WAKE_DELAY_NS=300000 holds the helper that long after every
#   real wake-up (what an idle virtual CPU costs); `chrt -f 10 bash ...` (root) gives the run
#   both CPUs on a loaded machine, the closest to a quiet one. On a loaded machine without it the
#   pool stands aside (the counters show solo jobs); OE_POOL_IGNORE_LOAD=1 makes it share.
#   MODE=split: 3,000 single calls each way instead, the workers=2 ones split into those run
#   alone and those shared, with the total time ratio (is workers=2 ever slower?).
#   MODE=chunks: the job's chunks timed one by one, on one thread and on two (by thread), and
#   when each thread started its first chunk and ended its last (is the helper late, or slow?);
#   WMIN=2: the two-thread jobs only (no one-thread job between them to warm the caller's caches).
#   MODE=runs: what the bench's spot-preflop-hu group times, in C: REPS runs of CALLS (20) calls
#   each way, alternating, the pool's counters for every workers=2 run, the ratio of medians.
# Takes about 10 s a round for the default spot on a quiet machine.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/kernel_build.sh"
extra=()
if [ -n "${WAKE_DELAY_NS:-}" ]; then extra+=("-DOE_PARALLEL_WAKE_DELAY_NS=$WAKE_DELAY_NS"); fi
"$cc" -O3 -I"$root/csrc" "${extra[@]}" -o "$out/equity_kernel" "$root/bench/equity_kernel.c" \
  "$root/csrc/oe_parallel.c" "$root/csrc/oe_threads.c" "$root/csrc/oe_load.c" "$root/csrc/oe_eval.c" \
  "$out/tables.c" -lpthread
spot="${1:-AsKsQhJh/2c2d7h8s}"
for round in $(seq "${ROUNDS:-3}"); do
  case "${MODE:-}" in
    split | runs | chunks) "$out/equity_kernel" "$MODE" "$spot"; continue ;;
  esac
  "$out/equity_kernel" phases "$spot"
  "$out/equity_kernel" calls "$spot"
done
uptime
