"""Exceptions of the rules layer (defined in :mod:`omaha_eval.errors`, named here too)."""

from __future__ import annotations

from ..errors import HandSetupError, IllegalActionError, PHHError

__all__ = ["HandSetupError", "IllegalActionError", "PHHError"]
