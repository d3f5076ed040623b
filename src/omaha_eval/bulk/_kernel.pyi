"""Type stub of the bulk Monte Carlo kernel (src/omaha_eval/bulk/_kernel.pyx)."""

import numpy as np
import numpy.typing as npt

BLOCK: int
POT: int
NSTAT: int
SHARED_BLOCK: int

def hand_sums(
    hands: npt.NDArray[np.uint8],
    keys: npt.NDArray[np.uint64],
    block_begin: npt.NDArray[np.int64],
    block_end: npt.NDArray[np.int64],
    trials: int,
    opponents: int,
    games: int,
) -> npt.NDArray[np.int64]: ...
def shared_sums(
    heroes: npt.NDArray[np.uint8],
    key: npt.NDArray[np.uint64],
    block_begin: int,
    block_end: int,
    deals: int,
    games: int,
) -> npt.NDArray[np.int64]: ...
