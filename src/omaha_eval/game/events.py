"""The history of a hand: one :class:`Event` per thing that happened, in order."""

from __future__ import annotations

from typing import Any, Dict, Tuple

from ..cards import format_cards

# event kinds
POST = "post"            # a forced bet; ``note`` is its kind (ante, small_blind, ...)
DEAL_HOLE = "deal_hole"  # four hole cards to ``player``
BURN = "burn"
DEAL_BOARD = "deal_board"
FOLD = "fold"
CHECK = "check"
CALL = "call"
BET = "bet"
RAISE = "raise"
RETURN = "return"        # uncalled chips back to ``player``
SHOW = "show"
MUCK = "muck"
WIN = "win"              # ``amount`` from pot ``note`` ("pot 0 hi", ...) to ``player``

class Event:
    """One event of a hand's history (:attr:`Hand.history`).

    Parameters
    ----------
    kind : str
        ``"post"``, ``"deal_hole"``, ``"deal_board"``, ``"fold"``, ``"check"``, ``"call"``,
        ``"bet"``, ``"raise"``, ``"return"`` (uncalled chips), ``"show"``, ``"muck"`` or ``"win"``.
    player : int, default -1
        The player's index; -1 for the dealer.
    amount : int, default 0
        Chips moved by this event (for a bet or raise: the chips added).
    to : int, default 0
        The player's bet on the street afterwards (bet, raise, call, post).
    cards : tuple of int, default ()
        Card ids dealt or shown.
    street : int, default 0
        0 preflop .. 3 river.
    all_in : bool, default False
        The player has no chips left afterwards.
    note : str, default ""
        Extra detail (post kind, pot).

    Examples
    --------
    >>> from omaha_eval.game import GameConfig, Hand
    >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)
    >>> hand.bet_or_raise_to(6)
    >>> [e for e in hand.history if e.kind != "deal_hole"]
    [Event(post, player=1, amount=1, to=1, note='small_blind'), Event(post, player=0, amount=2, to=2, note='big_blind'), Event(raise, player=1, amount=5, to=6)]
    """
    __slots__ = ("kind", "player", "amount", "to", "cards", "street", "all_in", "note")

    def __init__(self, kind: str, player: int = -1, amount: int = 0, to: int = 0,
                 cards: Tuple[int, ...] = (), street: int = 0, all_in: bool = False,
                 note: str = "") -> None:
        self.kind = kind
        self.player = player
        self.amount = amount
        self.to = to
        self.cards = cards
        self.street = street
        self.all_in = all_in
        self.note = note

    def _key(self) -> Tuple[Any, ...]:
        return (self.kind, self.player, self.amount, self.to, tuple(self.cards), self.street,
                self.all_in, self.note)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        parts = [self.kind]
        if self.player >= 0:
            parts.append(f"player={self.player}")
        if self.amount:
            parts.append(f"amount={self.amount}")
        if self.kind in (BET, RAISE, CALL, POST):
            parts.append(f"to={self.to}")
        if self.cards:
            parts.append(f"cards={format_cards(list(self.cards))}")
        if self.all_in:
            parts.append("all_in")
        if self.note:
            parts.append(f"note={self.note!r}")
        return f"Event({', '.join(parts)})"

    def to_dict(self) -> Dict[str, Any]:
        """The event as plain data (JSON-ready; cards as text; unset fields left out).

        Returns
        -------
        dict
            ``kind``, ``street`` and whichever of ``player``, ``amount``, ``to``, ``cards``, ``all_in``
            and ``note`` apply.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)
        >>> hand.bet_or_raise_to(6)
        >>> hand.history[-1].to_dict()
        {'kind': 'raise', 'street': 0, 'player': 1, 'amount': 5, 'to': 6}
        """
        out: Dict[str, Any] = {"kind": self.kind, "street": self.street}
        if self.player >= 0:
            out["player"] = self.player
        if self.amount or self.kind in (BET, RAISE, CALL, POST, RETURN, WIN):
            out["amount"] = self.amount
        if self.kind in (BET, RAISE, CALL, POST):
            out["to"] = self.to
        if self.cards:
            out["cards"] = format_cards(list(self.cards))
        if self.all_in:
            out["all_in"] = True
        if self.note:
            out["note"] = self.note
        return out
