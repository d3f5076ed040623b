#!/usr/bin/env bash
# CI's platform checks (run by .ci/run before the test suite), each with a time cap:
#   cross-aarch64   tools/cross_check.sh aarch64: the C core + harness under qemu-aarch64
#   cross-mingw     tools/cross_check.sh mingw: the same with Win32 threads under wine
#   wheel           tools/build_wheel.sh on the newest Python here: sdist, wheel from it,
#                   auditwheel, a compiler-free install, smoke test and doctests
#   oldest          nox -s numpy_oldest: a quick subset (the small-call path, the binding) and
#                   the doctests on the oldest Python with the oldest NumPy supported (the
#                   wheel step runs the doctests on the newest)
# A step that cannot run here (packages that do not install, a missing interpreter) or that
# passes its cap is reported as SKIP with the reason; a step that fails fails this script.
# All steps together get at most OE_CI_PLATFORM_BUDGET seconds (420 by default: CI's whole run
# must stay under 20 minutes): a step's cap is its own or what is left, and a step is skipped
# when less than a minute is left. OE_CI_PLATFORM_STEPS (space-separated names) chooses steps;
# OE_CI_PLATFORM=0 skips all.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
steps="${OE_CI_PLATFORM_STEPS:-cross-aarch64 cross-mingw wheel oldest}"
if [ "${OE_CI_PLATFORM:-1}" = 0 ]; then echo "platform checks: SKIP (OE_CI_PLATFORM=0)"; exit 0; fi
failed=()
summary=()

newest_python() {
  for v in 3.13 3.12 3.11; do
    for p in "python$v" "${PYENV_ROOT:-$HOME/.pyenv}"/versions/$v.*/bin/python$v; do
      command -v "$p" >/dev/null 2>&1 && "$p" -c "" >/dev/null 2>&1 && { echo "$p"; return; }
    done
  done
}
have_python() { # have_python 3.9: an interpreter on PATH or in pyenv's versions
  command -v "python$1" >/dev/null 2>&1 && "python$1" -c "" >/dev/null 2>&1 && return 0
  ls "${PYENV_ROOT:-$HOME/.pyenv}"/versions/$1.*/bin/python$1 >/dev/null 2>&1
}

budget="${OE_CI_PLATFORM_BUDGET:-420}"
start=$SECONDS
run_step() { # run_step NAME CAP_SECONDS COMMAND...
  local name="$1" cap="$2"; shift 2
  local left=$((budget - (SECONDS - start)))
  if [ "$left" -lt 60 ]; then summary+=("SKIP $name: the platform checks' ${budget} s budget is used up"); return; fi
  [ "$cap" -gt "$left" ] && cap=$left
  local t0=$SECONDS log
  log="$(mktemp)"
  echo "== platform check $name (at most ${cap} s)"
  timeout "$cap" "$@" >"$log" 2>&1
  local rc=$?
  tail -n 25 "$log"
  local took=$((SECONDS - t0))
  if [ $rc -eq 124 ]; then
    summary+=("SKIP $name: not done within ${cap} s")
  elif [ $rc -ne 0 ]; then
    summary+=("FAIL $name (${took} s, exit $rc)")
    failed+=("$name")
  elif grep -q "^SKIP " "$log"; then
    summary+=("$(grep -m1 '^SKIP ' "$log") (${took} s)")
  else
    summary+=("ok   $name (${took} s)")
  fi
  rm -f "$log"
}

for step in $steps; do
  case "$step" in
    cross-aarch64) run_step "$step" 240 bash tools/cross_check.sh aarch64 ;;
    cross-mingw) run_step "$step" 300 bash tools/cross_check.sh mingw ;;
    wheel)
      py="$(newest_python)"
      if [ -z "$py" ]; then summary+=("SKIP wheel: no Python 3.11+ interpreter found"); continue; fi
      OE_WHEELHOUSE="$(mktemp -d)" run_step "$step" 420 bash tools/build_wheel.sh "$py" ;;
    oldest)
      if ! have_python 3.9; then summary+=("SKIP oldest: no Python 3.9 interpreter found"); continue; fi
      if ! python -c "import nox" >/dev/null 2>&1; then
        python -m pip install -q "nox>=2024.3" >/dev/null 2>&1 \
          || { summary+=("SKIP oldest: nox could not be installed"); continue; }
      fi
      run_step "$step" 300 python -m nox -s numpy_oldest -- tests/evaluate/test_small_calls.py \
        tests/platform/test_binding.py tests/docs/test_doctests.py ;;
    *) summary+=("FAIL $step: unknown step"); failed+=("$step") ;;
  esac
done
echo "== platform checks"
printf '%s\n' "${summary[@]}"
[ ${#failed[@]} -eq 0 ]
