"""Type stub of the native binding (src/omaha_eval/_core.pyx). Card values are not checked here."""

from typing import Any, Callable, Literal, Sequence, TypeVar, overload

import numpy as np
import numpy.typing as npt

HI_MAX: int
LO_MAX: int
HOLE_CARDS: tuple[int, ...]
HOLE_PAIRS: tuple[tuple[int, int], ...]
SLICE: int

def pool_counters() -> dict[str, int]: ...
BOARD_TRIPLES: tuple[tuple[int, int, int], ...]

def validate(
    hole: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8], duplicates: bool = ...
) -> tuple[int, int, int, int] | None: ...
def checked_eval(
    hole: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    want_hi: bool,
    want_lo: bool,
    duplicates: bool = ...,
    workers: int = ...,
    hi_out: npt.NDArray[np.uint16] | None = ...,
    lo_out: npt.NDArray[np.uint8] | None = ...,
) -> tuple[
    tuple[int, int, int, int] | None, npt.NDArray[np.uint16] | None, npt.NDArray[np.uint8] | None
]: ...
def unchecked_eval(
    hole: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    want_hi: bool,
    want_lo: bool,
    workers: int = ...,
) -> tuple[npt.NDArray[np.uint16] | None, npt.NDArray[np.uint8] | None]: ...
def checked_eval_any(
    hole: npt.NDArray[np.integer],
    board: npt.NDArray[np.integer],
    want_hi: bool,
    want_lo: bool,
    duplicates: bool = ...,
    workers: int = ...,
    hi_out: npt.NDArray[np.uint16] | None = ...,
    lo_out: npt.NDArray[np.uint8] | None = ...,
) -> (
    tuple[
        tuple[int, int, int, int] | None,
        npt.NDArray[np.uint16] | None,
        npt.NDArray[np.uint8] | None,
    ]
    | None
): ...
FAST_MAX: int
SHARED_TABLE_MIN: int

# a scalar score (or pair) for text and int lists; arrays may give arrays (the last form)
@overload
def fast_eval(
    hole: str | Sequence[int], board: str | Sequence[int], mode: Literal[1, 2],
    duplicates: bool = ...,
) -> int | None: ...
@overload
def fast_eval(
    hole: str | Sequence[int], board: str | Sequence[int], mode: Literal[3],
    duplicates: bool = ...,
) -> tuple[int, int] | None: ...
@overload
def fast_eval(hole: object, board: object, mode: int, duplicates: bool = ...) -> object: ...
_Evaluator = TypeVar("_Evaluator", bound=Callable[..., Any])

# the native twin of a public evaluator (evaluate.py's): the same signature and type
def native_front(mode: Literal[1, 2, 3]) -> Callable[[_Evaluator], _Evaluator]: ...
def known_deal(
    hole_cards: object, board: object, n: int, button: int, hole: int
) -> tuple[list[int], list[tuple[int, ...]]] | None: ...
def eval5_batch(cards: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint16]: ...
# any contiguous uint8 buffer: an array, or bytes of the ids
def best_hi(hole: npt.NDArray[np.uint8] | bytes, board: npt.NDArray[np.uint8] | bytes) -> tuple[int, int, int]: ...
def best_lo(hole: npt.NDArray[np.uint8] | bytes, board: npt.NDArray[np.uint8] | bytes) -> tuple[int, int, int]: ...
def hi_class(score: int) -> tuple[int, tuple[int, ...]]: ...
def low_mask(score: int) -> int: ...

# --- equity ---
POT: int
NSTAT: int
MAX_PLAYERS: int
MC_CHUNK: int
MIN_HOLE: int
MAX_HOLE: int

def showdown(
    holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8], game: int, workers: int = ...
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]: ...
def exact(
    holes: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    dead: npt.NDArray[np.uint8],
    game: int,
    workers: int = ...,
) -> tuple[npt.NDArray[np.int64], int]: ...
def exact_share_sums(
    holes: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    dead: npt.NDArray[np.uint8],
    game: int,
    workers: int = ...,
) -> tuple[list[list[int]], int]: ...
def exact_packed(
    cards: bytes, players: int, hole: int, n_board: int, n_dead: int, game: int, workers: int = ...
) -> tuple[list[list[int]], int]: ...
def showdown_packed(
    cards: bytes, players: int, hole: int, game: int
) -> tuple[bytes, bytes]: ...
def exact_batch(
    holes: npt.NDArray[np.uint8],
    boards: npt.NDArray[np.uint8],
    dead: npt.NDArray[np.uint8],
    game: int,
    workers: int = ...,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint64]]: ...
def monte_carlo(
    hands: npt.NDArray[np.uint8],
    offsets: npt.NDArray[np.uintp],
    cum_weights: npt.NDArray[np.float64] | None,
    board: npt.NDArray[np.uint8],
    dead: npt.NDArray[np.uint8],
    game: int,
    seed: int,
    trial_begin: int,
    trial_end: int,
    workers: int = ...,
) -> tuple[int, npt.NDArray[np.int64], int]: ...
def monte_carlo_batch(
    holes: npt.NDArray[np.uint8],
    boards: npt.NDArray[np.uint8],
    dead: npt.NDArray[np.uint8],
    game: int,
    trials: int,
    seed: int,
    workers: int = ...,
    row_begin: int = ...,
) -> npt.NDArray[np.int64]: ...
def row_seed(seed: int, row: int) -> int: ...
