"""Type stub of the board-analysis kernel (src/omaha_eval/board/_board.pyx)."""

from typing import Any, Dict, Tuple

import numpy as np
import numpy.typing as npt

FIELDS: Tuple[str, ...]

def hi_classes() -> npt.NDArray[np.uint8]: ...
def classify(
    holes: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8], workers: int
) -> Tuple[Dict[str, Any], Dict[str, Any]]: ...
