"""ARCHITECTURE.md stays true: every package, module and file path it names exists."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TEXT = (REPO / "ARCHITECTURE.md").read_text(encoding="utf-8")
# a path: starts at a top-level folder of the repository, names a file or a folder ("x/")
PATH = re.compile(r"\b((?:src/omaha_eval|csrc|tests|bench|docs|examples)(?:/[\w.<>-]+)*/?)")
# what a page names but says is still to come (it must say so next to the name)
PLANNED = re.compile(r"`([^`]+)`\) joins .* when it lands")


def _named() -> set[str]:
    return {m.group(1).rstrip(".") for m in PATH.finditer(TEXT) if "<" not in m.group(1)}


def test_the_page_names_the_layers() -> None:
    named = _named()
    for must in ("src/omaha_eval/_equity/", "src/omaha_eval/game/", "src/omaha_eval/service/",
                 "src/omaha_eval/hh/", "src/omaha_eval/query/", "src/omaha_eval/bulk/", "csrc/",
                 "src/omaha_eval/cli.py", "src/omaha_eval/_core.pyx"):
        assert must in named, must
    assert len(named) > 40


def test_every_path_it_names_exists() -> None:
    planned = set(PLANNED.findall(TEXT))
    missing = sorted(p for p in _named() if not (REPO / p).exists() and p not in planned)
    assert not missing, f"ARCHITECTURE.md names paths that do not exist: {missing}"


def test_a_planned_folder_is_named_as_planned_only_while_it_is_missing() -> None:
    for path in PLANNED.findall(TEXT):
        assert not (REPO / path).exists(), f"{path} exists now: describe it as a layer"


def test_the_layers_import_only_downward() -> None:
    # the arrows the page draws, for the folders it names: the rules layer knows no equity
    # engine internals, equity no rules, the evaluator neither, the core no Python above it
    src = REPO / "src" / "omaha_eval"
    rules = {"_equity": ("game", "bulk", "hh", "service", "cli", "query"),
             "game": ("service", "hh", "bulk", "cli", "query"),
             "evaluate.py": ("_equity", "game", "service", "bulk", "hh", "query", "cli")}
    for part, above in rules.items():
        files = [src / part] if part.endswith(".py") else sorted((src / part).rglob("*.py"))
        for f in files:
            code = f.read_text(encoding="utf-8")
            for name in above:
                assert not re.search(rf"^\s*from \.+{name}\b|^\s*import omaha_eval\.{name}\b",
                                     code, re.M), f"{f.relative_to(REPO)} imports {name}"
