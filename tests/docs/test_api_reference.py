"""docs/api.rst lists every public name: ``__all__`` of omaha_eval, omaha_eval.game,
omaha_eval.bulk, omaha_eval.hh, omaha_eval.service and omaha_eval.errors.

A name counts as listed when an ``.. auto...::`` directive documents it or the same object under
another public path (``omaha_eval.IllegalActionError`` is ``omaha_eval.game.IllegalActionError``),
or when the page names it in full as a literal (the forced-bet kinds, plain strings).
"""

from __future__ import annotations

import importlib
import re
import types
from functools import lru_cache
from pathlib import Path

import pytest

API = Path(__file__).resolve().parents[2] / "docs" / "api.rst"
MODULES = ["omaha_eval", "omaha_eval.game", "omaha_eval.bulk", "omaha_eval.hh",
           "omaha_eval.service", "omaha_eval.errors"]
DIRECTIVE = re.compile(r"^\.\. auto(?:function|class|exception|data|module|method)::\s+(\S+)", re.M)


def _resolve(path: str) -> object:
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise ImportError(path)


@lru_cache(maxsize=1)
def _documented() -> tuple[list[object], str]:
    text = API.read_text(encoding="utf-8")
    return [_resolve(target) for target in DIRECTIVE.findall(text)], text


def _public() -> list[tuple[str, str]]:
    pytest.importorskip("fastapi")
    return [(m, n) for m in MODULES for n in importlib.import_module(m).__all__]


def test_every_directive_points_at_something_real():
    targets, _ = _documented()
    assert len(targets) > 80


@pytest.mark.parametrize("module, name", _public())
def test_public_name_is_in_the_reference(module, name):
    targets, text = _documented()
    obj = getattr(importlib.import_module(module), name)
    if isinstance(obj, types.ModuleType):
        assert obj in targets or f".. automodule:: {obj.__name__}" in text, name
    elif isinstance(obj, (str, int, tuple, frozenset)):
        assert f"``{module}.{name}``" in text or any(t is obj for t in targets), f"{module}.{name}"
    else:
        assert any(t is obj for t in targets), f"{module}.{name} is not in docs/api.rst"
