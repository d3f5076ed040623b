"""``omaha-eval bench``: standard workloads timed on omaha_eval and on the other Omaha
libraries installed beside it, each checked for agreement before it is timed.

Modules: :mod:`.workloads` (the seeded inputs), :mod:`.adapters` (one per library),
:mod:`.games` (replayable random hands for the rules layer), :mod:`.runner` (checks, timing,
the JSON report), :mod:`.report` (the text table), :mod:`.plot` (the PNG chart).
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional

from .runner import SCHEMA, Settings, run_suite

__all__ = ["SCHEMA", "Settings", "run_bench", "run_suite"]


def run_bench(*, quick: bool = False, against: Optional[str] = None, workers: int = 1,
              only: Optional[str] = None, seed: Optional[int] = None,
              repetitions: Optional[int] = None, sizes: Optional[Dict[str, int]] = None,
              progress: Optional[Callable[[str], None]] = None) -> Dict[str, Any]:
    """Selects workloads and adapters, runs them, returns the report (JSON-ready dict)."""
    from . import adapters, workloads

    seed = workloads.DEFAULT_SEED if seed is None else seed
    chosen = workloads.select(workloads.standard(quick, seed, sizes), only)
    libs = adapters.select(adapters.registry(), against)
    settings = Settings(quick=quick, workers=workers,
                        repetitions=repetitions or (3 if quick else 5),
                        budget_s=0.05 if quick else 2.0,
                        check_items=50 if quick else 200, seed=seed)
    return run_suite(chosen, libs, settings, progress)
