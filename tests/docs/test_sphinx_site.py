"""The documentation site builds with warnings as errors, and the guides' examples run.

The site is built from the installed package (docs/conf.py adds nothing to sys.path), the way
``pip install ".[docs]" && python -m sphinx -W -b html docs docs/_build/html`` builds it.
"""

from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
GUIDES = sorted(DOCS.glob("*.rst")) if DOCS.is_dir() else []

pytestmark = pytest.mark.skipif(not DOCS.is_dir(), reason="docs/ not beside the tests")


def test_site_builds_without_warnings(tmp_path):
    pytest.importorskip("sphinx")
    pytest.importorskip("numpydoc")
    pytest.importorskip("furo")
    out = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
         "-d", str(tmp_path / "doctrees"), str(DOCS), str(tmp_path / "html")],
        capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    html = tmp_path / "html"
    for page in ("index", "getting-started", "evaluation", "equity", "variants", "bulk", "rules",
                 "tables", "hand-histories", "site-hand-histories", "service", "command-line",
                 "benchmarks", "conventions", "api"):
        assert (html / f"{page}.html").is_file(), page
    api = (html / "api.html").read_text(encoding="utf-8")
    for name in ("evaluate_hi", "equity_batch", "parse_range", "Hand", "hand_from_phh",
                 "load_session"):
        assert f'id="omaha_eval.' in api and name in api, name
    assert "Parameters" in api and "Examples" in api


@pytest.mark.parametrize("guide", GUIDES, ids=[g.stem for g in GUIDES])
def test_guide_examples_run(guide, monkeypatch):
    monkeypatch.chdir(DOCS.parent)  # the guides open examples/ as a reader in the repository would
    result = doctest.testfile(str(guide), module_relative=False, optionflags=doctest.ELLIPSIS,
                              verbose=False, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed"
