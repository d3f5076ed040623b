"""Exceptions of the rules layer."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action that the rules do not allow now; the message says why. The hand is unchanged."""


class HandSetupError(ValueError):
    """A hand that cannot be set up as asked (bad stacks, posts, button, cards or options)."""


class PHHError(ValueError):
    """A PHH hand history that cannot be read or replayed; the message names the field or action."""
