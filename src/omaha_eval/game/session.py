"""Save and resume a table session as plain JSON, and write its hand histories as PHH files.

The JSON holds what the next hand depends on: the game and the table rules, every seat (name,
stack, sitting out, owed blinds), the button and blinds of the last hand, a pending kill, the
seed and the number of hands played (each hand's deck comes from the seed and its number, so a
resumed session deals the same cards). A session is saved between hands, not during one.
"""

from __future__ import annotations

import json
import os
from dataclasses import fields
from typing import Any, Dict, List, Union

from .config import GameConfig
from .seating import TableError, TableRules
from .structures import FixedLimit, NoLimit, PotLimit, SpreadLimit
from .table import Table

FORMAT = "omaha_eval.table"
VERSION = 1

_STRUCTURES = {cls.kind: cls for cls in (FixedLimit, SpreadLimit, PotLimit, NoLimit)}
_CONFIG_FIELDS = ("game", "small_blind", "big_blind", "ante", "straddle", "ante_trimming", "show_all")


def config_to_dict(config: GameConfig) -> Dict[str, Any]:
    """A game as a JSON-ready dict (its structure under ``"structure"`` with its ``"kind"``).

    Parameters
    ----------
    config : GameConfig
        The game to save.

    Returns
    -------
    dict
        What :func:`config_from_dict` reads back.

    Examples
    --------
    >>> from omaha_eval.game import GameConfig
    >>> data = config_to_dict(GameConfig.fixed_limit(2, 4))
    >>> data["structure"]["kind"], data["big_blind"]
    ('fixed', 2)
    >>> config_from_dict(data) == GameConfig.fixed_limit(2, 4)
    True
    """
    s = config.structure
    structure = {"kind": s.kind}
    structure.update({f.name: getattr(s, f.name) for f in fields(s)})
    out: Dict[str, Any] = {name: getattr(config, name) for name in _CONFIG_FIELDS}
    out["structure"] = structure
    return out


def config_from_dict(data: Dict[str, Any]) -> GameConfig:
    """The game of :func:`config_to_dict`'s data.

    Parameters
    ----------
    data : dict
        As :func:`config_to_dict` writes it.

    Returns
    -------
    GameConfig
        The game.

    Raises
    ------
    TableError
        Missing or bad fields.

    Examples
    --------
    >>> config_from_dict({"structure": {"kind": "pot", "min_bet": 2}, "small_blind": 1,
    ...                   "big_blind": 2}).describe()
    'Omaha Hi, pot limit (minimum bet 2), blinds 1/2'
    >>> config_from_dict({"structure": {"kind": "stud"}})
    Traceback (most recent call last):
        ...
    omaha_eval.errors.TableError: bad game config in session: KeyError('stud')
    """
    try:
        structure = dict(data["structure"])
        cls = _STRUCTURES[structure.pop("kind")]
        return GameConfig(cls(**structure), **{k: data[k] for k in _CONFIG_FIELDS if k in data})
    except (KeyError, TypeError) as exc:
        raise TableError(f"bad game config in session: {exc!r}") from None


def table_to_dict(table: Table) -> Dict[str, Any]:
    """The table's state between hands as a JSON-ready dict.

    Parameters
    ----------
    table : Table
        A table between hands.

    Returns
    -------
    dict
        Game, rules, seats, positions (with the hands played), pending kill and seed: what
        :func:`table_from_dict` needs for the next hand.

    Raises
    ------
    TableError
        A hand is being played.

    Examples
    --------
    >>> from omaha_eval.game import GameConfig, Table
    >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
    >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
    >>> table.start_hand().fold(); _ = table.finish_hand()
    >>> data = table_to_dict(table)
    >>> data["format"], data["seed"], data["positions"]["hands"]
    ('omaha_eval.table', 3, 1)
    """
    state = table.to_state()  # first: it refuses a table in a hand
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": table.name,
        "seed": table.seed,
        "first_button": table.first_button,
        "seat_base": table.seat_base,
        "config": config_to_dict(table.config),
        "rules": table.rules.to_dict(),
        **state,
    }


def table_from_dict(data: Dict[str, Any]) -> Table:
    """A table rebuilt from :func:`table_to_dict` output, ready for its next hand.

    Parameters
    ----------
    data : dict
        As :func:`table_to_dict` writes it.

    Returns
    -------
    Table
        Ready for its next hand.

    Raises
    ------
    TableError
        Not a saved session, or missing or bad fields.

    Examples
    --------
    >>> from omaha_eval.game import GameConfig, Table
    >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
    >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
    >>> table.start_hand().fold(); _ = table.finish_hand()
    >>> again = table_from_dict(table_to_dict(table))
    >>> again.stacks(), again.hands_played
    ({0: 99, 1: 101}, 1)
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TableError(f"not a saved table session (format {data.get('format')!r})"
                         if isinstance(data, dict) else "a saved session must be a JSON object")
    if data.get("version") != VERSION:
        raise TableError(f"unsupported session version {data.get('version')!r}")
    try:
        rules = TableRules.from_dict(data["rules"])
        return Table.from_state(data, config_from_dict(data["config"]), rules, seed=data["seed"],
                                button=data.get("first_button"), name=data.get("name", "table"),
                                seat_base=data.get("seat_base", 0))
    except (KeyError, TypeError) as exc:
        raise TableError(f"bad saved session: {exc!r}") from None


def save_session(table: Table, path: Union[str, "os.PathLike[str]"]) -> None:
    """Save the table between hands as JSON (see :func:`load_session`).

    Parameters
    ----------
    table : Table
        A table that is not in a hand.
    path : str or path
        The file to write.

    Raises
    ------
    TableError
        The table is in a hand (the file is not touched).

    Examples
    --------
    >>> import os, tempfile
    >>> from omaha_eval.game import GameConfig, Table
    >>> from omaha_eval.game.session import load_session, save_session
    >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
    >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
    >>> path = os.path.join(tempfile.mkdtemp(), "session.json")
    >>> save_session(table, path)
    >>> again = load_session(path)
    >>> again.stacks(), again.seed
    ({0: 100, 1: 100}, 3)
    """
    data = table_to_dict(table)  # first: a refused save (during a hand) leaves the file alone
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=2)
        handle.write("\n")


def load_session(path: Union[str, "os.PathLike[str]"]) -> Table:
    """The table saved at ``path`` by :func:`save_session`, ready for its next hand.

    Parameters
    ----------
    path : str or os.PathLike
        A file written by :func:`save_session`.

    Returns
    -------
    Table
        Ready for its next hand.

    Raises
    ------
    TableError
        A file that is not a complete saved session (truncated or not JSON, another format,
        missing fields), naming the file and, for bad JSON, the line.

    Examples
    --------
    >>> import os, tempfile
    >>> from omaha_eval.game import GameConfig, Table
    >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
    >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
    >>> table.start_hand().fold(); _ = table.finish_hand()
    >>> path = os.path.join(tempfile.mkdtemp(), "session.json")
    >>> save_session(table, path)
    >>> load_session(path).stacks()
    {0: 99, 1: 101}
    """
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except json.JSONDecodeError as exc:
        raise TableError(f"{os.fspath(path)}: not a saved session: bad JSON at line {exc.lineno}, "
                         f"column {exc.colno}: {exc.msg}") from None
    except UnicodeDecodeError:
        raise TableError(f"{os.fspath(path)}: not a saved session: not UTF-8 text") from None
    return table_from_dict(data)


def write_history(table: Table, directory: Union[str, "os.PathLike[str]"], **options: Any) -> List[str]:
    """Write each recorded hand as ``<directory>/hand_NNNNN.phh``.

    Parameters
    ----------
    table : Table
        The table (its :attr:`~Table.history`).
    directory : str or os.PathLike
        Created if missing.
    **options
        As :func:`~omaha_eval.game.phh.hand_to_phh` (``cards_per_action``).

    Returns
    -------
    list of str
        The paths written.

    Examples
    --------
    >>> import os, tempfile
    >>> from omaha_eval.game import GameConfig, Table
    >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
    >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
    >>> table.start_hand().fold(); _ = table.finish_hand()
    >>> [os.path.basename(p) for p in write_history(table, tempfile.mkdtemp())]
    ['hand_00001.phh']
    """
    os.makedirs(directory, exist_ok=True)
    paths = []
    for record in table.history:
        path = os.path.join(directory, f"hand_{record.number:05d}.phh")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(record.to_phh(**options))
        paths.append(path)
    return paths
