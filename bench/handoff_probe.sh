#!/usr/bin/env bash
# Builds bench/handoff_probe.c (no omaha_eval) and runs it over the helper's ways of waiting
# between jobs and the gaps between jobs: what this machine allows two threads on one job of an
# exact preflop spot's size (~250 us in 44 chunks), before any pool heuristics. About 2 s a line.
#   bash bench/handoff_probe.sh                every wait x every gap, chain work
#   WORK=ilp JOBS=400 bash bench/handoff_probe.sh spin "none busy2000"     a subset
#   `chrt -f 10 bash ...` (root) gives the run both CPUs on a loaded machine.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"${CC:-cc}" -O2 -o "$out/handoff_probe" "$root/bench/handoff_probe.c" -lpthread
uptime
for wait in ${1:-spin yield futex}; do
  for gap in ${2:-none sleep1000 busy2000 busy20000}; do
    "$out/handoff_probe" "$wait" "$gap" ${3:-}
  done
done
uptime
