#!/usr/bin/env bash
# Builds bench/eval_kernel.c against csrc/ (tables generated as the package build does) in a
# temporary folder and runs it for each mode given (default: hi, hilo, flush, and phe when
# phevaluator is importable), the modes interleaved over ROUNDS rounds (default 3).
#   bash bench/eval_kernel.sh hi phe          ROUNDS=5 N=1000000 REPS=9 bash bench/eval_kernel.sh
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/kernel_build.sh"
"$cc" -O3 -I"$root/csrc" -o "$out/eval_kernel" "$root/bench/eval_kernel.c" "$root/csrc/oe_eval.c" \
  "$root/csrc/oe_parallel.c" "$root/csrc/oe_threads.c" "$root/csrc/oe_load.c" "$out/tables.c" -ldl -lpthread
if [ -z "${PHE_SO:-}" ]; then
  PHE_SO="$(python -c 'import phevaluator._pheval as p; print(p.__file__)' 2>/dev/null || true)"
fi
export PHE_SO
modes=("$@")
if [ ${#modes[@]} -eq 0 ]; then
  modes=(hi hilo flush)
  if [ -n "$PHE_SO" ]; then modes+=(phe); fi
fi
for round in $(seq "${ROUNDS:-3}"); do
  for mode in "${modes[@]}"; do "$out/eval_kernel" "$mode"; done
done
uptime
