#!/usr/bin/env bash
# Build omaha_eval with AddressSanitizer and UndefinedBehaviorSanitizer and run the tests under it.
#
#   tools/sanitize.sh                 # the concurrent-write test, then the test suite
#   tools/sanitize.sh tests/evaluate/test_evaluate.py -k hilo     # the concurrent-write test, then these
#
# The build goes to build/sanitize and is installed into its own venv (build/sanitize-venv, or
# $OMAHA_EVAL_SANITIZE_VENV), so the normal build and venv are untouched. Python itself is not
# instrumented: the sanitizer runtimes are preloaded, leak checking is off (CPython keeps memory
# until exit) and any UBSan finding is fatal. A report from either sanitizer aborts the test
# process, so a run that reaches "sanitize: clean" found nothing.
#
# The concurrent-write test (tests/evaluate/test_concurrent_writes.py) runs first, in its own process, for
# $OMAHA_EVAL_RACE_SECONDS (default 3) per race: a thread writes 255 into the input arrays while
# the kernels run. The fuzz tests' time limit is raised (this build is several times slower).
# Needs gcc (or clang) with libasan and libubsan; not part of CI (about 3x the suite's time).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${OMAHA_EVAL_SANITIZE_VENV:-$root/build/sanitize-venv}"
python="${PYTHON:-python3}"
cc="${CC:-gcc}"
sanitizers="address,undefined"
cflags="-fsanitize=$sanitizers -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g -O1"

asan="$("$cc" -print-file-name=libasan.so)"
ubsan="$("$cc" -print-file-name=libubsan.so)"
for lib in "$asan" "$ubsan"; do
  if [ ! -e "$lib" ]; then
    echo "sanitize: $cc has no $(basename "$lib"); install the compiler's sanitizer runtimes" >&2
    exit 2
  fi
done

if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
echo "sanitize: building with $cflags"
"$venv/bin/python" -m pip install -q scikit-build-core cython cython-cmake ninja cmake
CC="$cc" "$venv/bin/python" -m pip install -q --no-build-isolation --force-reinstall --no-deps \
  -Cbuild-dir="$root/build/sanitize" \
  -Ccmake.build-type=RelWithDebInfo \
  -Ccmake.define.CMAKE_C_FLAGS="$cflags" \
  -Ccmake.define.CMAKE_EXE_LINKER_FLAGS="-fsanitize=$sanitizers" \
  -Ccmake.define.CMAKE_MODULE_LINKER_FLAGS="-fsanitize=$sanitizers" \
  -Ccmake.define.CMAKE_SHARED_LINKER_FLAGS="-fsanitize=$sanitizers" \
  "$root"
"$venv/bin/python" -m pip install -q numpy "pytest>=7" "pytest-benchmark>=4" "hypothesis>=6" "pokerkit>=0.7"  # the test extra

# the extensions really are instrumented (found without importing them: that needs the preload)
for so in "$venv"/lib/python*/site-packages/omaha_eval/_core*.so; do
  if ! nm -D "$so" | grep __asan > /dev/null; then   # (not -q: pipefail and SIGPIPE)
    echo "sanitize: $so is not built with AddressSanitizer" >&2
    exit 2
  fi
done

export LD_PRELOAD="$asan $ubsan"
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:halt_on_error=1:strict_string_checks=1:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
export PYTHONMALLOC=malloc        # Python's own allocations go through ASan too
export OMAHA_EVAL_FUZZ_TIME_LIMIT="${OMAHA_EVAL_FUZZ_TIME_LIMIT:-20}"
export OMAHA_EVAL_RACE_SECONDS="${OMAHA_EVAL_RACE_SECONDS:-3}"

cd "$root"   # ../shared is found from here
status=0
echo "sanitize: concurrent-write test"
"$venv/bin/python" -m pytest -q -p no:cacheprovider --runxfail tests/evaluate/test_concurrent_writes.py || status=$?
if [ "$status" -ne 0 ]; then
  echo "sanitize: the concurrent-write test FAILED (exit $status)" >&2
fi
echo "sanitize: test suite"
suite=0
if [ "$#" -gt 0 ]; then
  "$venv/bin/python" -m pytest -q -p no:cacheprovider "$@" || suite=$?
else
  "$venv/bin/python" -m pytest -q -p no:cacheprovider tests --ignore=tests/evaluate/test_concurrent_writes.py || suite=$?
fi
if [ "$suite" -ne 0 ]; then
  echo "sanitize: the test suite FAILED (exit $suite)" >&2
  status=$suite
fi
if [ "$status" -eq 0 ]; then
  echo "sanitize: clean"
fi
exit "$status"
