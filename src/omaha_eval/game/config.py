"""Game configuration: hi or hi-lo, the betting structure, the forced bets, house options.

A :class:`GameConfig` describes the game that every hand at a table shares; the per-hand
details (who sits where, who posts what this hand) are given to :class:`~omaha_eval.game.Hand`
as stacks, a button and optionally an explicit list of :class:`Post`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Dict, List, Optional, Tuple

from .errors import HandSetupError
from .structures import (STRUCTURE_TYPES, FixedLimit, NoLimit, PotLimit, PotLimitPreflop,
                         SpreadLimit, Structure)

GAMES = ("hi", "hilo")

# Kinds of forced bets. Live kinds count toward the poster's bet in the first round.
ANTE = "ante"                # dead, everyone (or per player), not part of any bet
SMALL_BLIND = "small_blind"  # live
BIG_BLIND = "big_blind"      # live; the largest blind is the first round's opening bet
STRADDLE = "straddle"        # live raise made blind; the straddler keeps the option
KILL = "kill"                # live overblind of a kill pot (the limits are raised by the caller)
LIVE = "live"                # extra live blind out of position (new or returning player)
DEAD = "dead"                # dead chips (a missed small blind): straight into the pot

POST_KINDS = (ANTE, SMALL_BLIND, BIG_BLIND, STRADDLE, KILL, LIVE, DEAD)
LIVE_KINDS = frozenset((SMALL_BLIND, BIG_BLIND, STRADDLE, KILL, LIVE))
# kinds that can decide who opens the first round: the player after the largest of them
OPENER_KINDS = frozenset((SMALL_BLIND, BIG_BLIND, STRADDLE, KILL))


def variant_options(name: str) -> Dict[str, Any]:
    """The :class:`GameConfig` options of a variant name from :mod:`omaha_eval.variants`
    (``plo``, ``plo8``, ``plo5``, ``plo5-8`` Big O, ``plo6``, ``plo6-8``, ``courchevel``,
    ``courchevel-8``); the betting structure is separate
    (``GameConfig.pot_limit(1, 2, **variant_options("plo5-8"))``).

    Parameters
    ----------
    name : str
        A variant name or one of its other spellings (``"Big O"``, ``"omaha8"``).

    Returns
    -------
    dict
        ``game``, ``hole_cards`` and ``courchevel``, as :class:`GameConfig` takes them.

    Raises
    ------
    HandSetupError
        The name is not a variant of the family.

    Examples
    --------
    >>> variant_options("courchevel-8")
    {'game': 'hilo', 'hole_cards': 5, 'courchevel': True}
    """
    from ..variants import variant
    try:
        v = variant(name)
    except (TypeError, ValueError) as exc:
        raise HandSetupError(str(exc)) from None
    return {"game": v.game, "hole_cards": v.hole_cards, "courchevel": v.courchevel}


@dataclass(frozen=True)
class Post:
    """One forced bet of one player: ``Post(player, kind, amount)``.

    A player short of chips posts what they have and is all in; the amount to match is still
    the full amount.

    Parameters
    ----------
    player : int
        The index of the player in the hand (0 .. n-1, clockwise from the first seat).
    kind : str
        One of :data:`POST_KINDS`: ``"ante"``, ``"small_blind"``, ``"big_blind"``, ``"straddle"``,
        ``"live"`` (a live big blind owed by a new player), ``"dead"`` (a dead small blind),
        ``"kill"``.
    amount : int
        Chips (non-negative).

    Raises
    ------
    HandSetupError
        An unknown kind, a non-integer player or a negative amount.

    Examples
    --------
    >>> from omaha_eval.game import Post
    >>> Post(0, "big_blind", 2).live, Post(1, "dead", 1).live
    (True, False)
    """
    player: int
    kind: str
    amount: int

    def __post_init__(self) -> None:
        if self.kind not in POST_KINDS:
            raise HandSetupError(f"unknown post kind {self.kind!r}; expected one of {', '.join(POST_KINDS)}")
        if isinstance(self.player, bool) or not isinstance(self.player, int):
            raise HandSetupError(f"post player must be an int index, got {self.player!r}")
        if isinstance(self.amount, bool) or not isinstance(self.amount, int) or self.amount < 0:
            raise HandSetupError(f"post amount must be a non-negative int, got {self.amount!r}")

    @property
    def live(self) -> bool:
        """Whether the post counts toward the player's bet (blinds, straddles, kill and live blinds do; antes and dead small blinds do not)."""
        return self.kind in LIVE_KINDS


def _blinds(small_blind: int, big_blind: int) -> Tuple[int, int]:
    """The blinds of a standard structure, refused when the small one is the larger. (A
    GameConfig built field by field, from a hand history say, may have any posts.)"""
    if isinstance(small_blind, int) and isinstance(big_blind, int) and small_blind > big_blind:
        raise HandSetupError(f"the small blind {small_blind} is above the big blind {big_blind}")
    return small_blind, big_blind


@dataclass(frozen=True)
class GameConfig:
    """The game: variant, betting structure, blinds, ante and straddle.

    Build one with :meth:`fixed_limit`, :meth:`spread_limit`, :meth:`pot_limit`, :meth:`no_limit`
    or :meth:`pot_limit_preflop`; the constructor takes every field. Frozen (hashable, shareable).

    Parameters
    ----------
    structure : FixedLimit, SpreadLimit, PotLimit, NoLimit or PotLimitPreflop
        The betting structure.
    small_blind, big_blind : int
        The blinds (chips; 0 for none).
    game : {"hi", "hilo"}, default "hi"
        Omaha Hi, or Hi-Lo 8 or better.
    ante : int, default 0
        An ante posted by every player.
    straddle : int, default 0
        A straddle posted by the player left of the big blind (not heads-up).
    ante_trimming : bool, default False
        True: antes count as each player's contribution when side pots are built (a player short
        of the ante wins only what they matched); False (the PHH default, needed for big-blind
        antes): all antes go to the main pot.
    show_all : bool, default False
        Every hand at showdown is turned face up (no mucking).
    hole_cards : {4, 5, 6}, default 4
        Omaha, 5-card Omaha (Big O, Courchevel) or 6-card Omaha; one deck then deals at most 11,
        8 or 7 players (:attr:`max_players`).
    courchevel : bool, default False
        The first flop card is dealt face up before the first betting round, the other two on
        the flop.

    Raises
    ------
    HandSetupError
        A field of the wrong type or value.

    Examples
    --------
    >>> from omaha_eval.game import GameConfig, PotLimit
    >>> config = GameConfig(PotLimit(2), 1, 2, game="hilo", hole_cards=5)
    >>> config.variant, config.max_players, config.hilo
    ('plo5-8', 8, True)
    >>> config == GameConfig.pot_limit(1, 2, game="hilo", hole_cards=5)
    True
    """
    structure: Structure
    small_blind: int
    big_blind: int
    game: str = "hi"
    ante: int = 0
    straddle: int = 0
    ante_trimming: bool = False
    show_all: bool = False
    hole_cards: int = 4
    courchevel: bool = False

    def __post_init__(self) -> None:
        if self.hole_cards not in (4, 5, 6) or isinstance(self.hole_cards, bool):
            raise HandSetupError(f"hole_cards must be 4, 5 or 6, got {self.hole_cards!r}")
        if self.game not in GAMES:
            raise HandSetupError(f"game must be 'hi' or 'hilo', got {self.game!r}")
        if not isinstance(self.structure, STRUCTURE_TYPES):
            raise HandSetupError(f"structure must be FixedLimit, SpreadLimit, PotLimit or NoLimit, "
                                 f"got {self.structure!r}")
        for name in ("small_blind", "big_blind", "ante", "straddle"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise HandSetupError(f"{name} must be a non-negative int, got {value!r}")

    @property
    def hilo(self) -> bool:
        """Whether the game is Hi-Lo 8 or better."""
        return self.game == "hilo"

    @property
    def max_players(self) -> int:
        """Players one 52-card deck deals to with burns and a full board: 11, 8 or 7."""
        return (52 - 8) // self.hole_cards

    @property
    def variant(self) -> str:
        """The variant name as the sites say it: ``plo``, ``plo8``, ``plo5``, ``plo5-8``,
        ``plo6``, ``plo6-8``, ``courchevel``, ``courchevel-8`` (the betting structure aside)."""
        if self.courchevel:
            return "courchevel-8" if self.hilo else "courchevel"
        if self.hole_cards == 4:
            return "plo8" if self.hilo else "plo"
        return f"plo{self.hole_cards}" + ("-8" if self.hilo else "")

    # ---- convenient constructors ----

    @classmethod
    def fixed_limit(cls, small_bet: int, big_bet: Optional[int] = None, *, game: str = "hi",
                    small_blind: Optional[int] = None, big_blind: Optional[int] = None,
                    max_raises: Optional[int] = 3, heads_up_max_raises: Optional[int] = None,
                    half_bet_reopens: bool = True, **options: Any) -> "GameConfig":
        """Fixed limit ``small_bet``/``big_bet``.

        Parameters
        ----------
        small_bet : int
            The bet before the turn; the blinds default to half of it and all of it.
        big_bet : int, optional
            The bet from the turn on (default twice the small bet).
        game : {"hi", "hilo"}, default "hi"
            Omaha Hi, or Hi-Lo 8 or better.
        small_blind, big_blind : int, optional
            The blinds (defaults given above); the small blind may not be above the big blind.
        max_raises : int or None, default 3
            Raises allowed per betting round after the bet (None: no cap).
        heads_up_max_raises : int, optional
            The cap heads-up (default ``max_raises``).
        half_bet_reopens : bool, default True
            Whether an all in of at least half a bet reopens the raising.
        **options
            Other :class:`GameConfig` fields (``ante``, ``straddle``, ``show_all``, ``hole_cards``, ...).

        Returns
        -------
        GameConfig
            The configuration.

        Raises
        ------
        HandSetupError
            Negative or non-integer amounts, a small blind above the big blind, an unknown game.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig
        >>> GameConfig.fixed_limit(2, game="hilo").describe()
        'Omaha Hi-Lo 8 or better, fixed limit 2/4, blinds 1/2'
        """
        big_bet = 2 * small_bet if big_bet is None else big_bet
        structure = FixedLimit(small_bet, big_bet, max_raises, heads_up_max_raises, half_bet_reopens)
        return cls(structure, *_blinds(small_bet // 2 if small_blind is None else small_blind,
                                       small_bet if big_blind is None else big_blind), game, **options)

    @classmethod
    def spread_limit(cls, min_bet: int, max_bet: int, *, game: str = "hi",
                     small_blind: Optional[int] = None, big_blind: Optional[int] = None,
                     late_min_bet: Optional[int] = None, late_max_bet: Optional[int] = None,
                     max_raises: Optional[int] = 3, heads_up_max_raises: Optional[int] = None,
                     **options: Any) -> "GameConfig":
        """Spread limit ``min_bet``-``max_bet``.

        Parameters
        ----------
        min_bet, max_bet : int
            The smallest and largest bet; the blinds default to half the minimum and the minimum.
        late_min_bet, late_max_bet : int, optional
            The limits from the turn on (default the same).
        game : {"hi", "hilo"}, default "hi"
            Omaha Hi, or Hi-Lo 8 or better.
        small_blind, big_blind : int, optional
            The blinds (defaults given above); the small blind may not be above the big blind.
        max_raises : int or None, default 3
            Raises allowed per betting round after the bet (None: no cap).
        heads_up_max_raises : int, optional
            The cap heads-up (default ``max_raises``).
        **options
            Other :class:`GameConfig` fields (``ante``, ``straddle``, ``show_all``, ``hole_cards``, ...).

        Returns
        -------
        GameConfig
            The configuration.

        Raises
        ------
        HandSetupError
            Negative or non-integer amounts, a small blind above the big blind, an unknown game.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig
        >>> GameConfig.spread_limit(2, 8).describe()
        'Omaha Hi, spread limit 2-8, blinds 1/2'
        """
        structure = SpreadLimit(min_bet, max_bet, late_min_bet, late_max_bet, max_raises, heads_up_max_raises)
        return cls(structure, *_blinds(max(min_bet // 2, 1) if small_blind is None else small_blind,
                                       min_bet if big_blind is None else big_blind), game, **options)

    @classmethod
    def pot_limit(cls, small_blind: int, big_blind: int, *, game: str = "hi",
                  min_bet: Optional[int] = None, late_min_bet: Optional[int] = None,
                  max_raises: Optional[int] = None, **options: Any) -> "GameConfig":
        """Pot limit with blinds ``small_blind``/``big_blind``.

        Parameters
        ----------
        small_blind, big_blind : int
            The blinds; the small blind may not be above the big blind.
        game : {"hi", "hilo"}, default "hi"
            The game.
        min_bet : int, optional
            The smallest bet (default the big blind).
        late_min_bet : int, optional
            The smallest bet from the turn on (default ``min_bet``).
        max_raises : int, optional
            A cap on raises per round (default none).
        **options
            Other :class:`GameConfig` fields (``ante``, ``straddle``, ``show_all``, ...).

        Returns
        -------
        GameConfig
            The configuration.

        Raises
        ------
        HandSetupError
            Negative or non-integer amounts, a small blind above the big blind.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig
        >>> GameConfig.pot_limit(1, 2, game="hilo").describe()
        'Omaha Hi-Lo 8 or better, pot limit (minimum bet 2), blinds 1/2'
        >>> GameConfig.pot_limit(5, 10, ante=1).describe()
        'Omaha Hi, pot limit (minimum bet 10), blinds 5/10, ante 1'
        """
        structure = PotLimit(big_blind if min_bet is None else min_bet, late_min_bet, max_raises)
        return cls(structure, *_blinds(small_blind, big_blind), game, **options)

    @classmethod
    def no_limit(cls, small_blind: int, big_blind: int, *, game: str = "hi",
                 min_bet: Optional[int] = None, late_min_bet: Optional[int] = None,
                 max_raises: Optional[int] = None, **options: Any) -> "GameConfig":
        """No limit with blinds ``small_blind``/``big_blind``.

        Parameters
        ----------
        small_blind, big_blind : int
            The blinds; the small blind may not be above the big blind.
        game : {"hi", "hilo"}, default "hi"
            The game.
        min_bet : int, optional
            The smallest bet (default the big blind).
        late_min_bet : int, optional
            The smallest bet from the turn on (default ``min_bet``).
        max_raises : int, optional
            A cap on raises per round (default none).
        **options
            Other :class:`GameConfig` fields.

        Returns
        -------
        GameConfig
            The configuration.

        Raises
        ------
        HandSetupError
            Negative or non-integer amounts, a small blind above the big blind.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig
        >>> GameConfig.no_limit(1, 2).describe()
        'Omaha Hi, no limit (minimum bet 2), blinds 1/2'
        """
        structure = NoLimit(big_blind if min_bet is None else min_bet, late_min_bet, max_raises)
        return cls(structure, *_blinds(small_blind, big_blind), game, **options)

    @classmethod
    def pot_limit_preflop(cls, small_blind: int, big_blind: int, *, game: str = "hi",
                          min_bet: Optional[int] = None, **options: Any) -> "GameConfig":
        """Pot limit before the flop, no limit after it (GGPoker's "Omaha (NL postflop)").

        Parameters
        ----------
        small_blind, big_blind : int
            The blinds.
        game : {"hi", "hilo"}, default "hi"
            The game.
        min_bet : int, optional
            The smallest bet (default the big blind).
        **options
            Other :class:`GameConfig` fields.

        Returns
        -------
        GameConfig
            The configuration.

        Raises
        ------
        HandSetupError
            Negative or non-integer amounts.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig
        >>> GameConfig.pot_limit_preflop(1, 2).describe()
        'Omaha Hi, pot limit preflop, no limit postflop (minimum bet 2), blinds 1/2'
        """
        structure = PotLimitPreflop(big_blind if min_bet is None else min_bet)
        return cls(structure, small_blind, big_blind, game, **options)

    def with_structure(self, structure: Structure) -> "GameConfig":
        """The same game with another betting structure.

        Parameters
        ----------
        structure : FixedLimit, SpreadLimit, PotLimit, NoLimit or PotLimitPreflop
            The new structure.

        Returns
        -------
        GameConfig
            A new config (this one is frozen).

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, NoLimit
        >>> GameConfig.pot_limit(1, 2).with_structure(NoLimit(2)).describe()
        'Omaha Hi, no limit (minimum bet 2), blinds 1/2'
        """
        return replace(self, structure=structure)

    def scaled(self, num: int, den: int = 1) -> "GameConfig":
        """Limits and blinds multiplied by ``num / den`` (a kill pot: 2; a half kill: 3, 2).

        Antes are kept.

        Parameters
        ----------
        num, den : int
            Positive integers.

        Returns
        -------
        GameConfig
            A new config.

        Raises
        ------
        HandSetupError
            ``num`` or ``den`` not a positive integer.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig
        >>> GameConfig.fixed_limit(2, 4).scaled(3, 2).describe()
        'Omaha Hi, fixed limit 3/6, blinds 1/3'
        """
        for name, value in (("num", num), ("den", den)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise HandSetupError(f"scaled: {name} must be a positive int, got {value!r}")
        return replace(self, structure=self.structure.scaled(num, den),
                       small_blind=self.small_blind * num // den, big_blind=self.big_blind * num // den,
                       straddle=self.straddle * num // den)

    def default_posts(self, n: int, button: int) -> List[Post]:
        """The forced bets of a normal hand.

        Antes for everyone, the small blind left of the button and the big blind left of it
        (heads-up: the button posts the small blind), and the straddle left of the big blind if
        configured (not heads-up).

        Parameters
        ----------
        n : int
            Players dealt in.
        button : int
            The button's index (0 .. n-1).

        Returns
        -------
        list of Post
            Antes first, then the blinds and the straddle.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig
        >>> GameConfig.pot_limit(1, 2, ante=1).default_posts(3, 0)
        [Post(player=0, kind='ante', amount=1), Post(player=1, kind='ante', amount=1), Post(player=2, kind='ante', amount=1), Post(player=1, kind='small_blind', amount=1), Post(player=2, kind='big_blind', amount=2)]
        """
        posts: List[Post] = []
        if self.ante:
            posts.extend(Post(i, ANTE, self.ante) for i in range(n))
        if n == 2:
            sb, bb = button, (button + 1) % 2
        else:
            sb, bb = (button + 1) % n, (button + 2) % n
        if self.small_blind:
            posts.append(Post(sb, SMALL_BLIND, self.small_blind))
        if self.big_blind:
            posts.append(Post(bb, BIG_BLIND, self.big_blind))
        if self.straddle and n > 2:
            posts.append(Post((bb + 1) % n, STRADDLE, self.straddle))
        return posts

    def describe(self) -> str:
        """The game in words.

        Returns
        -------
        str
            Variant, structure, blinds, ante and straddle.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig
        >>> GameConfig.pot_limit(1, 2, hole_cards=6, straddle=4).describe()
        '6-card Omaha Hi, pot limit (minimum bet 2), blinds 1/2, straddle 4'
        """
        name = "Courchevel" if self.courchevel else (
            "Omaha" if self.hole_cards == 4 else f"{self.hole_cards}-card Omaha")
        game = f"{name} Hi-Lo 8 or better" if self.hilo else f"{name} Hi"
        text = f"{game}, {self.structure.describe()}, blinds {self.small_blind}/{self.big_blind}"
        if self.ante:
            text += f", ante {self.ante}"
        if self.straddle:
            text += f", straddle {self.straddle}"
        return text
