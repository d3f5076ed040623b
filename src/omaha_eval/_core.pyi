"""Type stub of the native binding (src/omaha_eval/_core.pyx). Card values are not checked here."""

import numpy as np
import numpy.typing as npt

HI_MAX: int
LO_MAX: int
HOLE_PAIRS: tuple[tuple[int, int], ...]
BOARD_TRIPLES: tuple[tuple[int, int, int], ...]

def eval_batch(
    hole: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    hi_out: npt.NDArray[np.uint16] | None = ...,
    lo_out: npt.NDArray[np.uint8] | None = ...,
    workers: int = ...,
) -> None: ...
def validate(
    hole: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8]
) -> tuple[int, int, int, int] | None: ...
def eval5_batch(cards: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint16]: ...
def best_hi(hole: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8]) -> tuple[int, int, int]: ...
def best_lo(hole: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8]) -> tuple[int, int, int]: ...
def hi_class(score: int) -> tuple[int, tuple[int, ...]]: ...
def low_mask(score: int) -> int: ...
