"""The shipped preflop tables: every 4-card starting hand against one random hand, hi and hi-lo.

The data (``data/preflop4-1-{game}.npz``, package data) is read on first use only. Values are
stored as uint16: equity and the rates in units of 1/65535 (a rounding error below 8e-6, far
below the standard errors), standard errors in units of 1e-7. The class order is
:func:`omaha_eval.bulk.canonical_hands`'s, checked against a digest stored with the data.
How each table was computed (command, seed, trials, wall time, cores) is in its ``info``.

Ranking: classes are ordered by equity, highest first (ties by class index). A hand's
percentile is the share of all 270,725 combinations at least as good as it, in percent, so the
best hand is near 0 and ``hand_percentile(h) <= 15`` exactly when ``h`` is in the range ``15%``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Sequence

import numpy as np

from .._optional import import_optional
from ..cards import parse_cards
from ..errors import BulkError, CardError
from ..ranking import GAMES, suit_class_keys
from .canonical import canonical_hands
from .display import rows_text

if TYPE_CHECKING:
    from importlib.abc import Traversable

__all__ = ["PreflopTable", "preflop_table", "hand_percentile", "pack_table", "ranking_of_tables",
           "write_ranking"]

_GAMES = ("hi", "hilo")
_RATES = ("scoop", "hi", "hi_tie", "lo", "lo_tie")
_SE_UNIT = 1e-7


def _class_digest() -> str:
    import hashlib

    return hashlib.sha256(np.ascontiguousarray(canonical_hands(4).hands).tobytes()).hexdigest()[:16]


@dataclass(frozen=True, eq=False)
class PreflopTable:
    """One game's preflop table (light: NumPy arrays, read-only).

    Attributes
    ----------
    game : str
    hands : list of str
        Canonical text of each class (``'AsKsQhJh'``), in class order.
    combos, equity, std_error, scoop, hi, hi_tie, lo, lo_tie : numpy.ndarray
        One value per class.
    info : dict
        How the table was computed: command, seed, trials, wall time, cores.
    """

    game: str
    hands: list[str]
    combos: np.ndarray
    equity: np.ndarray
    std_error: np.ndarray
    scoop: np.ndarray
    hi: np.ndarray
    hi_tie: np.ndarray
    lo: np.ndarray
    lo_tie: np.ndarray
    info: dict[str, Any]
    _order: np.ndarray = field(repr=False)       # class indices, best first
    _cum_before: np.ndarray = field(repr=False)  # combinations ranked strictly ahead of a class

    def __len__(self) -> int:
        return len(self.hands)

    def __repr__(self) -> str:
        # the full arrays would be 200,000 characters: Python's <...> form, one line
        return (f"<PreflopTable game={self.game!r}: {len(self):,} classes, "
                f"{int(self.info['trials']):,} trials>")

    def __str__(self) -> str:
        top = [int(i) for i in self._order[:10]]
        footer = (f"{self.game}, the best {len(top)} of {len(self):,} classes against one random "
                  "hand (rank() gives the order, to_pandas() every row)")
        return rows_text(self.hands, self.equity, self.std_error, self.scoop, top, footer)

    def columns(self) -> dict[str, object]:
        """The table's columns (as in the Parquet files of ``omaha-eval table``)."""
        cols: dict[str, object] = {"hand": list(self.hands), "combos": self.combos,
                                   "equity": self.equity, "std_error": self.std_error,
                                   "trials": np.full(len(self), int(self.info["trials"]))}
        cols.update({r: getattr(self, r) for r in _RATES})
        return cols

    def to_pandas(self) -> Any:
        """The table as a pandas DataFrame (needs pandas), in class order."""
        pd = import_optional("pandas", "pandas", "to_pandas()")

        return pd.DataFrame(self.columns())

    def rank(self) -> np.ndarray:
        """Class indices from the best class down."""
        return self._order

    def combos_at_least(self) -> np.ndarray:
        """Per class, in class order, the combinations at least as good: those of the classes
        ranked ahead of it and its own.

        Returns
        -------
        numpy.ndarray
            int64, one value per class; the worst class has every combination.

        Examples
        --------
        >>> import omaha_eval as oe
        >>> t = oe.preflop_table(game="hi")
        >>> counts = t.combos_at_least()
        >>> int(counts[int(t.rank()[0])]), int(counts.max())
        (6, 270725)
        """
        counts: np.ndarray = self._cum_before + self.combos
        return counts

    def percentile(self, index: int) -> float:
        """Percent of all combinations at least as good as class ``index`` (best ~0, worst 100)."""
        total = int(self.combos.sum())
        return 100.0 * float(self._cum_before[index] + self.combos[index]) / total

    def top_mask(self, percent: float) -> np.ndarray:
        """Classes in the best ``percent`` of all combinations: counted from the best class
        down, a class is in when its combinations and those ahead of it stay within
        ``percent`` of the total (exact rational comparison)."""
        total = int(self.combos.sum())
        limit = Fraction(str(percent)) * total / 100
        mask: np.ndarray = self.combos_at_least() <= limit
        return mask


def _resource(game: str) -> Traversable:
    return resources.files("omaha_eval.bulk").joinpath(f"data/preflop4-1-{game}.npz")


def preflop_table(game: str = "hi") -> PreflopTable:
    """The shipped 4-card preflop table of ``game`` against one random hand (loaded once).

    Parameters
    ----------
    game : {'hi', 'hilo'}

    Returns
    -------
    PreflopTable
        The table, loaded once per game and shared (its arrays are read-only).

    Raises
    ------
    BulkError
        For another game (a ValueError).

    Examples
    --------
    >>> import omaha_eval as oe
    >>> t = oe.preflop_table(game="hi")
    >>> len(t), int(t.combos.sum()), t.hands[int(t.rank()[0])][:4]
    (16432, 270725, 'AsAh')
    """
    if not isinstance(game, str) or game not in _GAMES:
        raise BulkError(f"game must be 'hi' or 'hilo', got {game!r:.60}")
    return _load_table(game)


@lru_cache(maxsize=2)
def _load_table(game: str) -> PreflopTable:
    with _resource(game).open("rb") as fh, np.load(fh) as z:
        data = {k: z[k] for k in z.files}
    info = json.loads(str(data["info"]))
    classes = canonical_hands(4)
    if info.get("class_digest") != _class_digest() or data["equity"].size != len(classes):
        raise RuntimeError(f"the shipped {game} table does not match the canonical classes")
    values = {"equity": data["equity"] / 65535.0, "std_error": data["std_error"] * _SE_UNIT}
    values.update({r: data[r] / 65535.0 for r in _RATES})
    for v in values.values():
        v.flags.writeable = False
    # best first; ties keep class order (a stable sort of the negated equity)
    order = np.argsort(-data["equity"].astype(np.int64), kind="stable")
    cum = np.zeros(len(classes), dtype=np.int64)
    cum[order] = np.concatenate([[0], np.cumsum(classes.combos[order])[:-1]])
    for a in (order, cum):
        a.flags.writeable = False
    return PreflopTable(game, classes.texts(), classes.combos, info=info, _order=order,
                        _cum_before=cum, **values)


def hand_percentile(hand: str | Sequence[int], game: str = "hi") -> float:
    """Percent of all starting combinations at least as good as ``hand`` (0 best .. 100 worst).

    ``hand_percentile(h, game) <= X`` exactly when ``h`` is in the range ``X%`` of that game.

    Parameters
    ----------
    hand : str or sequence of int
        Four hole cards.
    game : {'hi', 'hilo'}, default 'hi'
        Which table ranks the classes.

    Returns
    -------
    float
        Percent, 0..100.

    Raises
    ------
    CardError
        Bad cards.

    Examples
    --------
    >>> import omaha_eval as oe
    >>> oe.hand_percentile("AsKsQhJh", game="hi") < 10 < oe.hand_percentile("7c6c5d4d", game="hi")
    True
    """
    cards = parse_cards(hand)
    if cards.size != 4:
        raise CardError(f"preflop tables are for four-card hands, got {cards.size} cards")
    table = preflop_table(game)
    index = int(canonical_hands(4).index(np.asarray(cards).reshape(1, 4))[0])
    return table.percentile(index)


def pack_table(parquet: str, out: str, **info: object) -> None:
    """Store a 4-card, one-opponent table written by ``omaha-eval table`` as package data."""
    from .table import read_parquet

    cols, meta = read_parquet(parquet)
    classes = canonical_hands(4)
    if cols["hand"] != classes.texts() or meta.get("opponents") != 1:
        raise BulkError("not a full 4-card table against one opponent")
    def q(v: Any) -> np.ndarray:
        return np.round(np.asarray(v) * 65535).astype(np.uint16)

    arrays: dict[str, Any] = {"equity": q(cols["equity"]),
              "std_error": np.round(np.asarray(cols["std_error"]) / _SE_UNIT).astype(np.uint16)}
    arrays.update({r: q(cols[r]) for r in _RATES})
    meta = dict(meta, **info, class_digest=_class_digest(),
                min_trials=int(np.min(cols["trials"])), max_std_error=float(np.max(cols["std_error"])))
    np.savez_compressed(out, info=np.array(json.dumps(meta, sort_keys=True)), **arrays)


def ranking_of_tables() -> dict[str, np.ndarray]:
    """The ranking :mod:`omaha_eval.ranking` ships, computed from the shipped preflop tables.

    Returns
    -------
    dict of str to numpy.ndarray
        ``keys`` (the class keys, ascending) and, per game, the combinations at least as good
        as each class.

    Examples
    --------
    >>> from omaha_eval.bulk.preflop import ranking_of_tables
    >>> from omaha_eval.ranking import ranking_arrays
    >>> made, shipped = ranking_of_tables(), ranking_arrays()
    >>> all((made[k] == shipped[k]).all() for k in shipped)
    True
    """
    keys = suit_class_keys(canonical_hands(4).hands)
    order = np.argsort(keys)
    out = {"keys": keys[order]}
    for game in GAMES:
        table = preflop_table(game)
        out[game] = table.combos_at_least()[order].astype(np.int64)
    return out


def write_ranking(out: str) -> None:
    """Write :func:`ranking_of_tables` to ``out`` (``src/omaha_eval/data/ranking4.npz``).

    Run it after :func:`pack_table` replaces a shipped table, so that percent ranges and the
    tables agree (a test compares the shipped file with the tables).

    Parameters
    ----------
    out : str
        The ``.npz`` file to write.

    Examples
    --------
    >>> import os, tempfile
    >>> from omaha_eval.bulk.preflop import write_ranking
    >>> path = os.path.join(tempfile.mkdtemp(), "ranking4.npz")
    >>> write_ranking(path)
    >>> os.path.getsize(path) > 10_000
    True
    """
    arrays = ranking_of_tables()
    payload: dict[str, Any] = {game: arrays[game].astype(np.uint32) for game in GAMES}
    np.savez_compressed(out, keys=arrays["keys"], **payload)
