"""Type stub of the board-analysis kernel (src/omaha_eval/board/_board.pyx)."""

from typing import Any, Dict, Tuple

import numpy as np
import numpy.typing as npt

FIELDS: Tuple[str, ...]

def hi_classes() -> npt.NDArray[np.uint8]: ...
def classify(
    holes: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8], workers: int
) -> Tuple[Dict[str, Any], Dict[str, Any]]: ...
def range_equity(
    hero_hi: npt.NDArray[np.int16],
    hero_lo: npt.NDArray[np.int16] | None,
    hero_mask: npt.NDArray[np.uint64],
    villain_hi: npt.NDArray[np.int16],
    villain_lo: npt.NDArray[np.int16] | None,
    villain_mask: npt.NDArray[np.uint64],
    villain_w: npt.NDArray[np.float64],
    workers: int,
) -> Tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], bool]: ...
