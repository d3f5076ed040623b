# Sourced by bench/eval_kernel.sh and bench/equity_kernel.sh: sets `root` (the repository),
# `out` (a temporary folder, removed on exit) and `cc`, and generates the kernel's tables in
# "$out/tables.c" as the package build does.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
cc="${CC:-cc}"
"$cc" -O2 -I"$root/csrc" -o "$out/gen_tables" "$root/csrc/gen_tables.c"
"$out/gen_tables" "$out/tables.c"
