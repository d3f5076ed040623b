"""The error site hand-history readers raise (defined in :mod:`omaha_eval.errors`)."""

from __future__ import annotations

from ..errors import HHError

__all__ = ["HHError"]
