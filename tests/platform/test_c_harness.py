"""The C core on its own: tests/platform/harness.c (plain C, no Python) against the committed
vectors, built natively by tools/cross_check.sh; and the vectors tied to the Python API.

The cross builds (``tools/cross_check.sh aarch64`` under qemu-user, ``mingw`` under wine) run
from .ci/run where their Debian packages install; here only the native build runs (~10 s).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import omaha_eval as oe

_ROOT = Path(__file__).resolve().parents[2]
_VECTORS = _ROOT / "tests" / "platform" / "vectors.txt"


def _vector(name: str) -> list[str]:
    for line in _VECTORS.read_text().splitlines():
        if line.startswith(name + " "):
            return line.split()[1:]
    raise AssertionError(f"{name} not in {_VECTORS}")


@pytest.mark.skipif(sys.platform == "win32" or shutil.which("bash") is None, reason="needs bash")
def test_native_harness_matches_the_vectors() -> None:
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler on PATH")
    done = subprocess.run(["bash", str(_ROOT / "tools" / "cross_check.sh"), "native"],
                          env={"OE_CROSS_NO_INSTALL": "1", "PATH": "/usr/bin:/bin:/usr/local/bin"},
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().splitlines()[-1].endswith(" passed, 0 failed"), done.stdout


@pytest.mark.parametrize(
    ("name", "hands", "board", "game"),
    [
        ("exact_preflop_hu_hi", ["AsKsQhJh", "2c2d7h8s"], "", "hi"),
        ("exact_flop_3way_hilo", ["As2s3dKd", "QhQcJhTc", "5c6c7s8s"], "4d9hKs", "hilo"),
        ("exact_flop_6card_hu_hilo", ["AsKsQhJhTd2h", "2c2d7h8s9s3s"], "4c5d6h", "hilo"),
    ],
)
def test_exact_vectors_agree_with_the_python_api(name: str, hands: list[str], board: str,
                                                 game: str) -> None:
    values = [int(v) for v in _vector(name)]
    boards, stats = values[0], np.array(values[1:]).reshape(len(hands), -1)
    result = oe.equity(hands, board=board or None, game=game)
    assert result.exact and result.boards == boards
    pot = 5040  # OE_POT: shares are integers in these units per board
    assert np.allclose(result.equity, stats[:, 0] / (pot * boards), rtol=0, atol=1e-12)
    assert np.allclose(result.hi_win, stats[:, 2] / boards, rtol=0, atol=1e-12)


def test_five_card_classes_vector_is_the_textbook_count() -> None:
    values = [int(v) for v in _vector("eval5_classes_and_categories")]
    assert values[0] == 7462
    # high card, pair, two pair, trips, straight, flush, full house, quads, straight flush
    assert values[1:] == [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]
