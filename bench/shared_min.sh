#!/usr/bin/env bash
# From how many hands on one board does the board's 28 KB pair table pay (the kernel's
# SHARED_TABLE_MIN)?  Builds bench/shared_min.c twice against csrc/, with the table always
# (-DSHARED_TABLE_MIN=1) and never, and for each batch size runs the two alternately ROUNDS
# times (default 9): the median, lowest and highest ratio table / no table (below 1: the table
# pays).  The two builds alternate because this VM's speed drifts more between seconds than the
# two paths differ.  `bash bench/shared_min.sh [hi|hilo] [SIZES...]`, about a minute.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/kernel_build.sh"
mode="${1:-hi}"
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(512 768 1024 1152 1280 1536 2047 3072 4096)
for m in 1 1000000000; do
  "$cc" -O3 -DSHARED_TABLE_MIN=$m -I"$root/csrc" -o "$out/shared_min_$m" "$root/bench/shared_min.c" \
    "$root/csrc/oe_eval.c" "$root/csrc/oe_parallel.c" "$out/tables.c" -lpthread
done
echo "hands  table/no table: median (lowest, highest) of ${ROUNDS:-9} alternations, $mode"
for n in "${sizes[@]}"; do
  ratios=()
  for _ in $(seq "${ROUNDS:-9}"); do
    a=$("$out/shared_min_1" "$mode" "$n"); b=$("$out/shared_min_1000000000" "$mode" "$n")
    ratios+=("$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.4f", a / b }')")
  done
  printf '%s\n' "${ratios[@]}" | sort -g | awk -v n="$n" '{ v[NR] = $1 }
    END { printf "%5d  %.3f (%.3f, %.3f)\n", n, v[int((NR + 1) / 2)], v[1], v[NR] }'
done
