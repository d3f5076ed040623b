"""Smoke test of an installed omaha_eval (run by tools/build_wheel.sh in a fresh venv).

Checks that the package imports from site-packages (not a source tree), that its compiled core
and every shipped data file are there, and that the main calls give known numbers. Prints the
import time (best of 7 fresh interpreters) and exits non-zero on any failure.
"""

from __future__ import annotations

import subprocess
import sys
import time
from importlib import resources


def _import_seconds(module: str) -> float:
    """Best of 7 fresh interpreters importing module, interpreter start-up included."""
    best = float("inf")
    for _ in range(7):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", f"import {module}"], check=True)
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> int:
    import numpy as np

    import omaha_eval as oe
    from omaha_eval import _core

    where = oe.__file__ or ""
    assert "site-packages" in where, f"imported from {where}, not an installed wheel"
    assert "site-packages" in (_core.__file__ or ""), _core.__file__
    package = resources.files("omaha_eval")
    for name in ("py.typed", "_core.pyi", "service/static/index.html", "service/static/calc.js",
                 "service/static/style.css", "bulk/data/preflop4-1-hi.npz",
                 "bulk/data/preflop4-1-hilo.npz"):
        assert package.joinpath(name).is_file(), f"{name} missing from the wheel"
    assert oe.evaluate_hi("AsKsQhJh", "Ts9s8h2c2d") == 5861
    holes = oe.parse_cards("AsKsQhJh 2c3c4c5c").reshape(2, 4)
    assert oe.evaluate_hi(holes, "Ts9s8h2d7d").tolist() == [5861, 1330]
    result = oe.equity(["AsKsQhJh", "2c2d7h8s"])
    assert result.exact and result.boards == 1086008
    assert abs(result.equity[0] - 3514044240 / (5040 * 1086008)) < 1e-12
    mc1 = oe.equity(["AsKsQhJh", "2c2d7h8s", "random"], trials=20000, seed=1)
    mc2 = oe.equity(["AsKsQhJh", "2c2d7h8s", "random"], trials=20000, seed=1, workers=2)
    assert np.array_equal(mc1.equity, mc2.equity)  # the same numbers for any workers
    with_error = False
    try:
        oe.evaluate_hi([2**63, 1, 2, 3], [4, 5, 6, 7, 8])
    except oe.OmahaEvalError:
        with_error = True
    assert with_error
    print(f"smoke: omaha_eval {oe.__version__} from {where}")
    bare, numpy_s, ours = (_import_seconds(m) for m in ("sys", "numpy", "omaha_eval"))
    print(f"smoke: import time (best of 7, start-up included): python {1000 * bare:.0f} ms, "
          f"numpy {1000 * numpy_s:.0f} ms, omaha_eval {1000 * ours:.0f} ms")
    print("smoke: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
