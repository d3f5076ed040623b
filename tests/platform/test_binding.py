"""The binding (_core.pyx) on NumPy's public C API: huge int ids fail cleanly, arrays are read
through the public accessors, and the public evaluators are native twins of evaluate.py's."""

from __future__ import annotations

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval import _core, evaluate


@pytest.mark.parametrize("big", [2**63, 2**64, -(2**63) - 1, 2**100, 2**31, -1, 52])
@pytest.mark.parametrize("fn", [oe.evaluate_hi, oe.evaluate_lo, oe.evaluate_hilo])
def test_int_ids_of_any_size_give_a_card_error(fn, big: int) -> None:
    assert _core.fast_eval([big, 1, 2, 3], [4, 5, 6, 7, 8], 3) is None  # no OverflowError
    with pytest.raises(oe.CardError):
        fn([big, 1, 2, 3], [4, 5, 6, 7, 8])
    with pytest.raises(oe.OmahaEvalError):
        fn([0, 1, 2, 3], [4, 5, 6, 7, big])


def test_small_arrays_take_the_native_path_with_every_layout_checked() -> None:
    board = np.array([51, 43, 22, 9, 3], np.uint8)
    holes = np.array([[0, 1, 2, 5], [12, 13, 17, 30]], np.uint8)
    want = oe.evaluate_hi(holes, board, workers=2)  # the general path
    got = _core.fast_eval(holes, board, 1)
    assert type(got) is np.ndarray and got.dtype == np.uint16 and got.flags.owndata
    np.testing.assert_array_equal(got, want)
    for refused in (holes.T.copy().T, holes.astype(np.int16), holes.reshape(1, 2, 4),
                    holes.view(np.matrix), holes[:, ::2]):
        assert _core.fast_eval(refused, board, 1) is None


def test_public_evaluators_wrap_the_general_functions_of_evaluate() -> None:
    for mode, fn in ((1, oe.evaluate_hi), (2, oe.evaluate_lo), (3, oe.evaluate_hilo)):
        general = fn.__wrapped__
        assert general.__module__ == evaluate.__name__ and general is not fn
        # the general path alone gives what the twin gives
        assert general("AsKsQhJh", "Ts9s8h2c2d") == fn("AsKsQhJh", "Ts9s8h2c2d")
    with pytest.raises(ValueError, match="mode"):
        _core.native_front(4)  # type: ignore[arg-type]
