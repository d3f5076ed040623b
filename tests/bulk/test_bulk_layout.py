"""Issue 29's arrows in the equity and bulk layers: the ranking of starting hands lives below
both (omaha_eval.ranking, written by bulk, read by ranges), no import cycle inside bulk/ (every
import counted, function-level ones too), bulk/cli.py does not import omaha_eval.cli, no private
name imported from another module, and the dead code is gone."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np

import omaha_eval
from omaha_eval.bulk.preflop import preflop_table, ranking_of_tables
from omaha_eval.ranking import at_least_as_good, ranking_arrays

PACKAGE = Path(omaha_eval.__file__).parent
MODULES = ["ranges", "ranking", "holdings"] + [
    f"bulk.{p.stem}" for p in sorted((PACKAGE / "bulk").glob("*.py")) if p.stem != "__init__"]


def imports_of(module: str) -> list[tuple[str, list[str]]]:
    """(imported module, names) of every import in the module, at any depth."""
    path = PACKAGE / (module.replace(".", "/") + ".py")
    tree = ast.parse(path.read_text())
    package = module.rsplit(".", 1)[0] if "." in module else ""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".") if package else []
                base = base[:len(base) - (node.level - 1)] if node.level > 1 else base
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = (node.module or "").removeprefix("omaha_eval").lstrip(".")
                if not (node.module or "").startswith("omaha_eval"):
                    continue
            found.append((target, [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("omaha_eval."):
                    found.append((a.name.removeprefix("omaha_eval."), []))
    return found


def test_the_shipped_ranking_is_the_one_bulk_computes_from_the_tables() -> None:
    made, shipped = ranking_of_tables(), ranking_arrays()
    assert set(made) == set(shipped) == {"keys", "hi", "hilo"}
    for name in shipped:
        assert np.array_equal(made[name], shipped[name]), name
    # and it ranks as the tables do: a class's percentile is its count in percent
    table = preflop_table("hilo")
    from omaha_eval.bulk import canonical_hands

    reps = canonical_hands(4).hands[:500]
    assert np.allclose(100 * at_least_as_good(reps, "hilo") / 270725,
                       [table.percentile(i) for i in range(500)])


def test_ranges_does_not_import_the_bulk_layer() -> None:
    for module in ("ranges", "ranking", "holdings"):
        assert not [t for t, _ in imports_of(module) if t.startswith("bulk")], module


def test_no_import_cycle_in_bulk_and_its_cli_does_not_import_the_cli() -> None:
    graph = {m: {t for t, _ in imports_of(m) if t in MODULES} for m in MODULES}
    state: dict[str, int] = {}

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for t in graph[m]:
            assert state.get(t) != 1, "import cycle: " + " -> ".join(path + [m, t])
            if t not in state:
                visit(t, path + [m])
        state[m] = 2

    for m in MODULES:
        if m not in state:
            visit(m, [])
    assert "cli" not in {t for t, _ in imports_of("bulk.cli")}


def test_no_private_name_is_imported_from_another_module() -> None:
    for m in MODULES:
        for target, names in imports_of(m):
            private = [n for n in names if n.startswith("_") and target != "bulk"
                       and n != "_kernel"]  # the extension module itself is bulk's own file
            assert not private, (m, target, private)


def test_the_dead_code_is_gone() -> None:
    from omaha_eval.bulk import canonical, job, table

    for module, name in [(job, "check_block_size"), (job, "standard_error_bound"),
                         (job, "STAT_NAMES"), (table, "complete_blocks"),
                         (table, "table_at_blocks"), (canonical, "total_combinations")]:
        assert not hasattr(module, name), name
