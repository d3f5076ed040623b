"""The README's Python examples run as written (a newcomer copies them first)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def _python_blocks() -> list:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)


@pytest.mark.skipif(not README.exists(), reason="README.md not beside the tests")
@pytest.mark.parametrize("index", range(len(_python_blocks()) if README.exists() else 0))
def test_readme_example_runs(index, capsys):
    code = _python_blocks()[index]
    if "read_file(" in code:  # reads the user's own site hand-history file
        pytest.skip("the example needs the user's own file")
    exec(compile(code, f"README.md python block {index}", "exec"), {"__name__": "readme"})
