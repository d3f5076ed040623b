"""PHH hand histories (TOML, https://github.com/uoftcprg/phh-std): import, replay and export.

Variant codes: the standard ``FO/8`` (fixed-limit Omaha hi-lo 8 or better) and ``PO``
(pot-limit Omaha hi), and by the same pattern ``FO`` (fixed-limit hi), ``PO/8`` (pot-limit
hi-lo), ``NO`` / ``NO/8`` (no limit) and, our own, ``SO`` / ``SO/8`` (spread limit: ``min_bet``
plus the user field ``_max_bet``). Fixed limit uses ``small_bet`` / ``big_bet``, pot and no limit
``min_bet``.

The Omaha family (no PHH codes yet; ours, on the same pattern): a hole count after the ``O``
for 5 and 6 cards (``PO5``, ``PO5/8`` Big O, ``PO6``, ``PO6/8``), ``CO`` for Courchevel (5 cards,
``PCO``, ``PCO/8``, and with another hole count ``PCO4``, ``PCO6``; its first board card is the first ``d db`` action, before the first betting
round) and ``PN`` for pot limit before the flop and no limit after it (``PNO``, GGPoker).
Real-table fields (ours): ``_runs`` (the board run 2 or 3 times) with ``_run_boards`` (the
later runs' full boards as card text), ``_rake`` (chips taken from the pots before the award),
``_added`` (house money in the main pot), ``_free_folds`` (folds with nothing to call allowed).

Players: ``p1`` .. ``pN`` clockwise from the first seat left of the button; the button is the last
player. Heads-up, PHH assigns ``antes`` and ``blinds_or_straddles`` in reverse: with
``[1, 2]``, p1 (the big blind) posts 2 and p2 (the button) posts 1. Imported hands use these
indices (player ``k`` is ``p(k+1)``, the button is ``N-1``); exported hands are rotated to them.

Our user-defined fields (PHH allows fields starting with ``_``; all per player are in p1..pN
order, never reversed): ``_max_raises`` / ``_heads_up_max_raises`` (-1 = unlimited; defaults:
fixed and spread limit 3 raises with unlimited heads-up, as the WSOP plays; pot and no limit
unlimited), ``_half_bet_reopens`` (fixed limit, default true), ``_max_bet``, ``_late_min_bet``,
``_late_max_bet``, ``_show_all``, ``_first_to_act`` (1-based PHH index), ``_last_to_act``
(1-based PHH index of a player who acts last in the first round: a killer), and ``_posts``: every
forced bet as ``"pN kind amount"`` (kinds: ante, small_blind, big_blind, straddle, kill, live,
dead), written only when ``antes`` and ``blinds_or_straddles`` cannot express the set-up (dead
blinds, kill blinds, extra live blinds, several posts by one player); it then takes precedence
over those two arrays, which still carry the summed live amounts for other readers.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
import sys
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple, TypeVar, Union

from .._files import read_limited
from ..cards import format_cards, parse_cards
from ..errors import CardError
from . import events as ev
from .config import ANTE, BIG_BLIND, DEAD, SMALL_BLIND, STRADDLE, GameConfig, Post
from .errors import HandSetupError, IllegalActionError, PHHError
from .deck import BOARD_POSITIONS, build_deck, hole_position
from .hand import Hand
from .structures import FixedLimit, NoLimit, PotLimit, PotLimitPreflop, SpreadLimit

if sys.version_info >= (3, 11):
    import tomllib as _toml
else:  # pragma: no cover - exercised on old Pythons only
    import tomli as _toml

VARIANTS = {
    "FO": ("fixed", "hi"), "FO/8": ("fixed", "hilo"),
    "SO": ("spread", "hi"), "SO/8": ("spread", "hilo"),
    "PO": ("pot", "hi"), "PO/8": ("pot", "hilo"),
    "NO": ("no", "hi"), "NO/8": ("no", "hilo"),
}
#: the longest PHH text read by default: characters of a ``str``, bytes of ``bytes`` or of a file
#: (one hand history is a few kilobytes; the WSOP files are under 2 KB)
MAX_PHH_BYTES = 1 << 20

_CODES = {value: key for key, value in VARIANTS.items()}
_LIMIT_DEFAULTS = {"fixed": (3, None), "spread": (3, None), "pot": (None, None), "no": (None, None),
                   "pot-no": (None, None)}
_LETTERS = {"fixed": "F", "spread": "S", "pot": "P", "no": "N", "pot-no": "PN"}
_KINDS = {v: k for k, v in _LETTERS.items()}
_CODE = re.compile(r"^(F|S|PN|P|N)(CO|O)([456]?)(/8)?$")
_DEFAULT_HOLE = {"O": 4, "CO": 5}
_T = TypeVar("_T")


def variant_code(config: GameConfig) -> str:
    """The PHH variant code of a game: ``PO``, ``FO/8``, ``PO5/8``, ``PCO/8``, ``PNO``, ...

    Parameters
    ----------
    config : GameConfig
        The game.

    Returns
    -------
    str
        The code (the standard's for 4-card Omaha; this package's own on its pattern otherwise).

    Examples
    --------
    >>> variant_code(GameConfig.pot_limit(1, 2, game="hilo", hole_cards=5))
    'PO5/8'
    """
    body = "CO" if config.courchevel else "O"
    # the count is written unless it is the body's own (4 for Omaha, 5 for Courchevel), so that
    # Courchevel with 4 or 6 cards reads back as such (PCO4, PCO6)
    count = "" if config.hole_cards == _DEFAULT_HOLE[body] else str(config.hole_cards)
    return f"{_LETTERS[config.structure.kind]}{body}{count}" + ("/8" if config.hilo else "")


def parse_variant(code: Any) -> Tuple[str, str, int, bool]:
    """The game a PHH variant code stands for.

    Parameters
    ----------
    code : str
        A variant code such as ``"PO"`` or ``"FO/8"``.

    Returns
    -------
    (str, str, int, bool)
        ``(structure kind, game, hole cards, courchevel)``.

    Raises
    ------
    PHHError
        Not an Omaha variant this package plays.

    Examples
    --------
    >>> parse_variant("PO5/8"), parse_variant("FCO"), parse_variant("PCO4")
    (('pot', 'hilo', 5, False), ('fixed', 'hi', 5, True), ('pot', 'hi', 4, True))
    >>> parse_variant("NT")
    Traceback (most recent call last):
        ...
    omaha_eval.errors.PHHError: variant 'NT' is not an Omaha variant this package plays; ...
    """
    m = _CODE.match(code) if isinstance(code, str) else None
    if not m:
        raise PHHError(f"variant {code!r} is not an Omaha variant this package plays; "
                       f"expected one of {', '.join(VARIANTS)} or the family codes PO5, PO5/8, "
                       f"PO6, PO6/8, PCO, PCO/8, PCO4, PCO6, PNO (and F/S/N for other limits)")
    courchevel = m.group(2) == "CO"
    hole = int(m.group(3)) if m.group(3) else _DEFAULT_HOLE[m.group(2)]
    return _KINDS[m.group(1)], "hilo" if m.group(4) else "hi", hole, courchevel
_FIELD_ORDER = ("variant", "ante_trimming_status", "antes", "blinds_or_straddles", "small_bet",
                "big_bet", "min_bet", "starting_stacks", "actions")


@dataclass
class PHHRecord:
    """A parsed PHH file: the fields that set the hand up, the actions, and everything else.

    Attributes
    ----------
    variant : str
        The PHH variant code.
    config : GameConfig
        The game the fields describe.
    starting_stacks : list of int
        In PHH order (p1 first: left of the button).
    posts : list of Post
        The forced bets.
    first_to_act, last_to_act : int or None
        Overrides of the first round's order (our own ``_first_to_act`` / ``_last_to_act``).
    actions : list of str
        The PHH actions.
    fields : dict
        Every field of the file.
    action_lines : list of int or None
        The 1-based line of each action in the file's text (None for a dict).

    Examples
    --------
    >>> record = parse_phh(hand_to_phh(Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)))
    >>> record.variant, record.starting_stacks, record.n_players, record.actions
    ('PO', [100, 100], 2, ['d dh p1 8s9sTs7s', 'd dh p2 3h5s6c7h'])
    """
    variant: str
    config: GameConfig
    starting_stacks: List[int]
    posts: List[Post]
    first_to_act: Optional[int]
    actions: List[str]
    fields: Dict[str, Any] = field(default_factory=dict)
    last_to_act: Optional[int] = None
    action_lines: Optional[List[int]] = None  # 1-based line of each action in the file's text

    def where(self, k: int) -> str:
        """Where action ``k`` is, for a message: ``"line 12, action 3"``.

        Parameters
        ----------
        k : int
            An index into ``actions`` (from 0).

        Returns
        -------
        str
            The action's index and, for a record read from text, its line (from 1).

        Examples
        --------
        >>> text = hand_to_phh(Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1))
        >>> parse_phh(text).where(1)
        'line 7, action 1'
        """
        if self.action_lines is not None and 0 <= k < len(self.action_lines):
            return f"line {self.action_lines[k]}, action {k}"
        return f"action {k}"

    @property
    def n_players(self) -> int:
        """The number of players."""
        return len(self.starting_stacks)


# ---- reading ----

def _int(fields: Dict[str, Any], name: str, default: Any = PHHError) -> Any:
    if name not in fields:
        if default is PHHError:
            raise PHHError(f"missing field {name!r}")
        return default
    value = fields[name]
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PHHError(f"field {name!r} must be an integer, got {value!r}")
    return value


def _int_list(fields: Dict[str, Any], name: str, n: Optional[int], default: Any = PHHError) -> List[int]:
    if name not in fields:
        if default is PHHError:
            raise PHHError(f"missing field {name!r}")
        return list(default)
    value = fields[name]
    if not isinstance(value, list):
        raise PHHError(f"field {name!r} must be an array, got {value!r}")
    out = []
    for k, item in enumerate(value):
        if isinstance(item, float) and item.is_integer():
            item = int(item)
        if isinstance(item, bool) or not isinstance(item, int):
            raise PHHError(f"field {name!r} item {k} must be an integer (chips are ints), got {item!r}")
        out.append(item)
    if n is not None and len(out) != n:
        raise PHHError(f"field {name!r} has {len(out)} entries for {n} players")
    return out


def _bool(fields: Dict[str, Any], name: str, default: bool) -> bool:
    value = fields.get(name, default)
    if not isinstance(value, bool):
        raise PHHError(f"field {name!r} must be true or false, got {value!r}")
    return value


def _cap(fields: Dict[str, Any], name: str, default: Optional[int]) -> Optional[int]:
    value: int = _int(fields, name, -2)
    if value == -2:
        return default
    return None if value < 0 else value


def _structure(kind: str, fields: Dict[str, Any]) -> Any:
    default_cap, default_hu = _LIMIT_DEFAULTS[kind]
    cap = _cap(fields, "_max_raises", default_cap)
    hu = _cap(fields, "_heads_up_max_raises", default_hu)
    if kind == "fixed":
        return FixedLimit(_int(fields, "small_bet"), _int(fields, "big_bet"), cap, hu,
                          _bool(fields, "_half_bet_reopens", True))
    late = _int(fields, "_late_min_bet", None)
    if kind == "spread":
        return SpreadLimit(_int(fields, "min_bet"), _int(fields, "_max_bet"), late,
                           _int(fields, "_late_max_bet", None), cap, hu)
    if kind == "pot":
        return PotLimit(_int(fields, "min_bet"), late, cap, hu)
    if kind == "pot-no":
        return PotLimitPreflop(_int(fields, "min_bet"), late, cap, hu)
    return NoLimit(_int(fields, "min_bet"), late, cap, hu)


def _per_player(values: List[int], n: int) -> List[int]:
    """PHH's heads-up reversal of antes and blinds."""
    return values[::-1] if n == 2 else values


def _default_kind(index: int, n: int) -> str:
    if n == 2:
        return BIG_BLIND if index == 0 else SMALL_BLIND
    return (SMALL_BLIND, BIG_BLIND)[index] if index < 2 else STRADDLE


def _standard_posts(antes: List[int], live: List[int], n: int) -> List[Post]:
    """The posts the standard fields describe: antes, then blinds and straddles by index."""
    posts = [Post(i, ANTE, a) for i, a in enumerate(antes) if a]
    posts += [Post(i, _default_kind(i, n), live[i]) for i in range(n) if live[i]]
    return posts


def _read_posts(value: Any, n: int) -> List[Post]:
    """Our ``_posts`` field: every forced bet as "pN kind amount" (for set-ups the standard
    fields cannot express: dead blinds, kill blinds, extra live blinds, several posts)."""
    if not isinstance(value, list):
        raise PHHError("field '_posts' must be an array of strings like 'p3 dead 1'")
    posts = []
    for k, item in enumerate(value):
        parts = item.split() if isinstance(item, str) else []
        if len(parts) != 3 or not _DIGITS.fullmatch(parts[2]):
            raise PHHError(f"_posts[{k}] = {item!r}: expected 'pN kind amount'")
        posts.append(Post(_player(parts[0], n, k, item), parts[1], int(parts[2])))
    return posts


def parse_phh(source: Union[str, bytes, "os.PathLike[str]", Dict[str, Any]], *,
              max_bytes: int = MAX_PHH_BYTES) -> PHHRecord:
    r"""Read a PHH hand history into a :class:`PHHRecord` (without playing it).

    A ``str`` is always PHH text, never a file name: to read a file, pass an ``os.PathLike``
    (``pathlib.Path("hand.phh")``) or call :func:`read_phh`. A file is read only if it is a
    regular file of at most ``max_bytes`` bytes, and never more than ``max_bytes + 1`` bytes
    are read from it (a FIFO or a device such as ``/dev/zero`` is refused before any read).

    Parameters
    ----------
    source : str, bytes, os.PathLike or dict
        TOML text (``str``), UTF-8 bytes, the path of a file (``os.PathLike``) or an
        already-parsed dict.
    max_bytes : int, default :data:`MAX_PHH_BYTES`
        The longest text (characters of a ``str``, bytes of ``bytes`` or of a file) accepted.

    Returns
    -------
    PHHRecord
        The set-up (variant, config, stacks, posts), the actions, every field, and the line
        of each action when read from text.

    Raises
    ------
    PHHError
        An unreadable file or one that is not a regular file, a text or file above
        ``max_bytes``, bytes that are not UTF-8 text, invalid TOML, or a field that is missing
        or of the wrong type; the message says which (and names the file).

    Examples
    --------
    >>> from omaha_eval.game.phh import parse_phh
    >>> record = parse_phh("variant = 'PO'\nmin_bet = 2\nblinds_or_straddles = [1, 2]\n"
    ...                    "starting_stacks = [50, 80]\nactions = ['p2 cc', 'p1 cc']")
    >>> record.variant, record.n_players, record.config.describe()
    ('PO', 2, 'Omaha Hi, pot limit (minimum bet 2), blinds 1/2')
    >>> record.where(1)
    'line 5, action 1'
    >>> parse_phh("/etc/hostname")  # a str is text: no file is opened
    Traceback (most recent call last):
    ...
    omaha_eval.errors.PHHError: not valid TOML: ... (a str is PHH text, never a file name: to read a file pass an os.PathLike such as pathlib.Path, or call read_phh)
    """
    fields, text = _load(source, max_bytes)
    return _record(fields, text)


def read_phh(path: Union[str, "os.PathLike[str]"], *, max_bytes: int = MAX_PHH_BYTES) -> PHHRecord:
    """Read the PHH file at ``path`` into a :class:`PHHRecord` (without playing it).

    Here a ``str`` is a file name. The file must be a regular file of at most ``max_bytes``
    bytes: anything else is refused before it is parsed, and at most ``max_bytes + 1`` bytes
    are ever read.

    Parameters
    ----------
    path : str or os.PathLike
        The file (UTF-8 TOML).
    max_bytes : int, default :data:`MAX_PHH_BYTES`
        The largest file accepted.

    Returns
    -------
    PHHRecord
        As :func:`parse_phh`.

    Raises
    ------
    PHHError
        A file that cannot be opened, is not a regular file (a FIFO, a device, a directory) or
        is larger than ``max_bytes``, and everything :func:`parse_phh` refuses; the message
        names the file.

    Examples
    --------
    >>> import os, tempfile
    >>> from omaha_eval.game import GameConfig, Hand
    >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)
    >>> hand.fold()
    >>> path = os.path.join(tempfile.mkdtemp(), "hand.phh")
    >>> dump_phh(hand, path)
    >>> read_phh(path).fields["finishing_stacks"]
    [101, 99]
    >>> read_phh("/dev/zero")
    Traceback (most recent call last):
    ...
    omaha_eval.errors.PHHError: cannot read '/dev/zero': not a regular file
    """
    if not isinstance(path, (str, os.PathLike)):
        raise PHHError(f"read_phh needs a file name (str or os.PathLike), got {path!r:.80}")
    return _record(*_load_file(path, max_bytes))


def _record(fields: Dict[str, Any], text: Optional[str]) -> PHHRecord:
    """The record of a PHH file's fields (and text, for the lines of the actions)."""
    variant: str = fields.get("variant", "")  # parse_variant refuses anything but a known code
    game = parse_variant(variant)
    stacks = _int_list(fields, "starting_stacks", None)
    n = len(stacks)
    if not 2 <= n <= 11:
        raise PHHError(f"starting_stacks has {n} players; 2 to 11 are supported")
    config, posts = _setup(fields, game, n)
    first = _player_field(fields, "_first_to_act", n)
    last = _player_field(fields, "_last_to_act", n)
    actions = fields.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise PHHError("field 'actions' must be an array of strings")
    lines = _action_lines(text) if text is not None else None
    return PHHRecord(variant, config, stacks, posts, first, list(actions), fields, last,
                     lines if lines is not None and len(lines) == len(actions) else None)


def _setup(fields: Dict[str, Any], game: Tuple[str, str, int, bool],
           n: int) -> Tuple[GameConfig, List[Post]]:
    """The game and the forced bets of ``n`` players that the fields describe."""
    kind, family, hole, courchevel = game
    antes = _per_player(_int_list(fields, "antes", n, [0] * n), n)
    blinds = _int_list(fields, "blinds_or_straddles", n, [0] * n)
    live = _per_player(blinds, n)
    try:
        structure = _structure(kind, fields)
        if "_posts" in fields:
            posts = _read_posts(fields["_posts"], n)
        else:
            posts = _standard_posts(antes, live, n)
        uniform_ante = antes[0] if len(set(antes)) == 1 else 0
        straddled = n > 2 and any(p.player == 2 and p.kind == STRADDLE for p in posts)
        config = GameConfig(structure, blinds[0], blinds[1], family, ante=uniform_ante,
                            straddle=live[2] if straddled else 0,
                            ante_trimming=_bool(fields, "ante_trimming_status", False),
                            show_all=_bool(fields, "_show_all", False), hole_cards=hole,
                            courchevel=courchevel)
    except HandSetupError as exc:
        raise PHHError(str(exc)) from None
    return config, posts


def _player_field(fields: Dict[str, Any], name: str, n: int) -> Optional[int]:
    """Our 0-based index of the player a 1-based PHH index field names (None when absent)."""
    value: Optional[int] = _int(fields, name, None)
    if value is None:
        return None
    if not 1 <= value <= n:
        raise PHHError(f"{name} must be 1..{n}, got {value}")
    return value - 1


def _decode(data: bytes, where: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PHHError(f"{where}not UTF-8 text (byte 0x{data[exc.start]:02x} at offset "
                       f"{exc.start}): a PHH file is TOML text") from None


def _load(source: Any, max_bytes: int) -> Tuple[Dict[str, Any], Optional[str]]:
    """The TOML fields of a PHH source, and its text when there is one (for line numbers).

    ``str`` is text and only ``os.PathLike`` is a path: no string is ever opened as a file."""
    if isinstance(source, dict):
        return dict(source), None
    if not isinstance(source, (str, bytes, bytearray, os.PathLike)):
        raise PHHError("a PHH source is TOML text (str), UTF-8 bytes, an os.PathLike path or a "
                       f"parsed dict; got {source!r:.80}")
    where = ""
    if isinstance(source, os.PathLike):
        return _load_file(source, max_bytes)
    if isinstance(source, (bytes, bytearray)):
        if len(source) > max_bytes:
            raise PHHError(f"the PHH bytes are {len(source):,} long, more than the limit of "
                           f"{max_bytes:,}")
        text = _decode(bytes(source), where)
    else:
        if len(source) > max_bytes:
            raise PHHError(f"the PHH text has {len(source):,} characters, more than the limit "
                           f"of {max_bytes:,}")
        text = source
    return _parse_toml(text, "", isinstance(source, str) and "\n" not in source)


def _load_file(path: Union[str, "os.PathLike[str]"], max_bytes: int) -> Tuple[Dict[str, Any], str]:
    """The fields and text of the PHH file ``path`` (a regular file of at most ``max_bytes``)."""
    where = f"{os.fspath(path)}: "
    return _parse_toml(_decode(read_limited(path, max_bytes, PHHError), where), where, False)


def _parse_toml(text: str, where: str, hint: bool) -> Tuple[Dict[str, Any], str]:
    if "\0" in text:
        raise PHHError(f"{where}a NUL character at offset {text.index(chr(0))}: not PHH text")
    try:
        return _toml.loads(text), text
    except _toml.TOMLDecodeError as exc:
        raise PHHError(f"{where}not valid TOML: {exc}{_PATH_HINT if hint else ''}") from None


_PATH_HINT = (" (a str is PHH text, never a file name: to read a file pass an os.PathLike such "
              "as pathlib.Path, or call read_phh)")


_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'')
_ACTIONS_KEY = re.compile(r"^[ \t]*actions[ \t]*=[ \t]*\[", re.MULTILINE)


def _action_lines(text: str) -> Optional[List[int]]:
    """1-based line of each string of the ``actions`` array in the TOML text (None if the
    array cannot be located), so that errors can say where an action is."""
    key = _ACTIONS_KEY.search(text)
    if key is None:
        return None
    lines: List[int] = []
    pos = key.end()
    while pos < len(text):
        char = text[pos]
        if char == "]":
            return lines
        if char == "#":
            pos = text.find("\n", pos)
            pos = len(text) if pos < 0 else pos
            continue
        if char in "\"'":
            match = _STRING.match(text, pos)
            if match is None:
                return None
            lines.append(text.count("\n", 0, pos) + 1)
            pos = match.end()
            continue
        pos += 1
    return None


def _split(action: str) -> List[str]:
    return action.split("#", 1)[0].split()


# ASCII digits only (str.isdigit also takes "²", which int() refuses), and few of them
_DIGITS = re.compile(r"[0-9]{1,30}")
_ACTOR = re.compile(r"p([1-9][0-9]?)")


def _player(token: str, n: int, k: int, action: str) -> int:
    match = _ACTOR.fullmatch(token)
    if not match or not 1 <= int(match.group(1)) <= n:
        raise PHHError(f"action {k} {action!r}: unknown actor {token!r} (p1..p{n} or d)")
    return int(match.group(1)) - 1


def _cards(text: str, k: int, action: str) -> List[Optional[int]]:
    """Cards of an action; '??' stands for an unknown card (None)."""
    out: List[Optional[int]] = []
    for j in range(0, len(text), 2):
        token = text[j:j + 2]
        if token == "??":
            out.append(None)
            continue
        try:
            out.append(int(parse_cards(token)[0]))
        except (CardError, IndexError):
            raise PHHError(f"action {k} {action!r}: unknown card {token!r}") from None
    if len(text) % 2:
        raise PHHError(f"action {k} {action!r}: cannot read cards {text!r}")
    return out


def _known_cards(record: PHHRecord) -> Tuple[List[Optional[List[int]]], List[int]]:
    """Hole cards (None where not all known) and the known board, from the dealing and showing."""
    n = record.n_players
    hole = record.config.hole_cards
    dealt: List[List[Optional[int]]] = [[] for _ in range(n)]
    shown: List[Optional[List[int]]] = [None] * n
    board: List[Optional[int]] = []
    for k, action in enumerate(record.actions):
        tokens = _split(action)
        if len(tokens) >= 4 and tokens[:2] == ["d", "dh"]:
            dealt[_player(tokens[2], n, k, action)].extend(_cards(tokens[3], k, action))
        elif len(tokens) >= 3 and tokens[:2] == ["d", "db"]:
            board.extend(_cards(tokens[2], k, action))
        elif len(tokens) >= 3 and tokens[1] == "sm":
            cards = _cards(tokens[2], k, action)
            if None not in cards:
                shown[_player(tokens[0], n, k, action)] = cards  # type: ignore[assignment]
    holes: List[Optional[List[int]]] = []
    for i in range(n):
        cards = dealt[i]
        if len(cards) == hole and None not in cards:
            holes.append(cards)  # type: ignore[arg-type]
        elif shown[i] is not None and len(shown[i]) == hole:  # type: ignore[arg-type]
            holes.append(shown[i])
        elif cards and len(cards) != hole:  # never filled up from the seed: a wrong count is an error
            raise PHHError(f"p{i + 1} is dealt {len(cards)} hole cards; this game "
                           f"({record.variant}) deals {hole}")
        else:
            holes.append(None)
    known_board: List[int] = []
    for card in board:
        if card is None:
            break
        known_board.append(card)
    return holes, known_board


_ACTION_PREFIX = re.compile(r"action (\d+) ")


def replay(record: PHHRecord, *, seed: Any = 0) -> Hand:
    """Play a parsed PHH record through a :class:`Hand` (manual showdown, as the file says).

    Parameters
    ----------
    record : PHHRecord
        From :func:`parse_phh`.
    seed : int or numpy.random.Generator, default 0
        Fills unknown cards (``??``) that are never shown from the unused cards.

    Returns
    -------
    Hand
        The hand after every action of the file.

    Raises
    ------
    PHHError
        An action that breaks the rules, named by its index in ``actions`` (from 0) and, for a
        record read from text, its line (from 1).

    Examples
    --------
    >>> from omaha_eval.game import GameConfig, Hand
    >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)
    >>> hand.bet_or_raise_to(6); hand.fold()
    >>> replay(parse_phh(hand_to_phh(hand))).stacks == hand.stacks
    True
    """
    try:
        return _replay(record, seed)
    except PHHError as exc:
        message = str(exc)
        match = _ACTION_PREFIX.match(message)
        if match is None:
            raise
        raise PHHError(f"{record.where(int(match.group(1)))} {message[match.end():]}") from None


def _replay(record: PHHRecord, seed: Any) -> Hand:
    hand = _dealt_hand(record, seed)
    n = record.n_players
    board_seen = 0
    pending: Dict[int, Tuple[int, str, List[str]]] = {}  # out-of-turn showdown actions by player
    for k, action in enumerate(record.actions):
        tokens = _split(action)
        if not tokens:
            continue
        try:
            if tokens[0] == "d":
                board_seen = _dealer_action(hand, tokens, k, action, board_seen)
                continue
            _player_action(hand, _player(tokens[0], n, k, action), tokens, k, action, pending)
            _shows_now_in_turn(hand, pending, n)
        except IllegalActionError as exc:
            raise PHHError(f"action {k} {action!r}: {exc}") from None
    if pending and hand.phase == "showdown":
        k, action, _ = min(pending.values())
        raise PHHError(f"action {k} {action!r}: out of turn, and the showdown never reached it "
                       f"({_state(hand)})")
    return hand


def _later_boards(fields: Dict[str, Any], board: List[Any]) -> List[List[int]]:
    """The cards of runs 2 and 3 that differ from the first board (``_run_boards``)."""
    try:
        later = [parse_cards(b).tolist() for b in fields.get("_run_boards", [])]
    except (CardError, TypeError, ValueError) as exc:
        raise PHHError(f"field '_run_boards': {exc}") from None
    prefix = 0
    if later:
        while prefix < 5 and all(len(b) > prefix and len(board) > prefix and b[prefix] == board[prefix]
                                 for b in later):
            prefix += 1
    return [b[prefix:] for b in later]


def _dealt_hand(record: PHHRecord, seed: Any) -> Hand:
    """The hand of ``record`` before its first action: the known cards in place, the unknown
    ones from ``seed`` (and marked unknown)."""
    holes, board = _known_cards(record)
    n = record.n_players
    button = n - 1
    hole = record.config.hole_cards
    fields = record.fields
    runs = _int(fields, "_runs", 1)
    extra = _later_boards(fields, board)
    try:
        deck = build_deck(n, button, seed=seed, hole_cards=holes, board=board, hole=hole,
                          full=runs > 1, extra_boards=extra)
        unknown = [deck[hole_position(n, button, p, j)] for p in range(n) if holes[p] is None for j in range(hole)]
        unknown += [deck[hole * n + BOARD_POSITIONS[k]] for k in range(len(board), 5)]
        return Hand(record.config, record.starting_stacks, posts=record.posts,
                    first_to_act=record.first_to_act, last_to_act=record.last_to_act, deck=deck,
                    unknown_cards=unknown, seats=tuple(f"p{i + 1}" for i in range(n)),
                    showdown="manual", runs=runs, rake=_int(fields, "_rake", 0),
                    added=_int(fields, "_added", 0), free_folds=_bool(fields, "_free_folds", False))
    except HandSetupError as exc:
        raise PHHError(str(exc)) from None


def _dealer_action(hand: Hand, tokens: List[str], k: int, action: str, board_seen: int) -> int:
    """A ``d dh`` / ``d db`` action checked against the hand (the cards are already in place);
    returns the board cards seen so far."""
    if len(tokens) < 3 or tokens[1] not in ("dh", "db"):
        raise PHHError(f"action {k} {action!r}: unknown dealer action")
    if tokens[1] == "db":
        board_seen += len(_cards(tokens[2], k, action))
        if len(hand.board) < board_seen:
            raise PHHError(f"action {k} {action!r}: the board is dealt before the "
                           f"betting round is over ({_state(hand)})")
    return board_seen


def _player_action(hand: Hand, p: int, tokens: List[str], k: int, action: str,
                   pending: Dict[int, Tuple[int, str, List[str]]]) -> None:
    """One player's action (``f``, ``cc``, ``cbr``, ``sm``) applied to the hand; a showdown
    action out of our turn order is kept in ``pending``."""
    verb = tokens[1] if len(tokens) > 1 else ""
    if verb == "f":
        hand.fold(p)
    elif verb == "cc":
        hand.check_or_call(p)
    elif verb == "cbr" and len(tokens) >= 3:
        if not _DIGITS.fullmatch(tokens[2]):
            raise PHHError(f"action {k} {action!r}: amount {tokens[2]!r} is not an integer "
                           f"(up to 30 digits 0-9)")
        hand.bet_or_raise_to(int(tokens[2]), p)
    elif verb == "sm":
        if hand.phase != "showdown" and _already_shown(hand, p, tokens, k, action):
            return  # shown automatically (show_all): the file just records it
        if hand.phase == "showdown" and hand.legal_actions().player != p:
            # other engines may show in another order; who shows first changes no payout,
            # so keep it until the player's turn in ours
            if p in pending:
                raise PHHError(f"action {k} {action!r}: p{p + 1} shows or mucks twice")
            pending[p] = (k, action, tokens)
            return
        _show_or_muck(hand, p, tokens, k, action)
    else:
        raise PHHError(f"action {k} {action!r}: unknown or unsupported action")


def _shows_now_in_turn(hand: Hand, pending: Dict[int, Tuple[int, str, List[str]]], n: int) -> None:
    """The kept showdown actions whose turn has come, in our order."""
    while pending and hand.phase == "showdown":
        turn = hand.legal_actions().player
        if turn is None or turn not in pending:
            break
        k, action, tokens = pending.pop(turn)
        try:
            _show_or_muck(hand, _player(tokens[0], n, k, action), tokens, k, action)
        except IllegalActionError as exc:
            raise PHHError(f"action {k} {action!r}: {exc}") from None


def _state(hand: Hand) -> str:
    """Whose turn it is and what they may do, in words, with PHH names."""
    legal = hand.legal_actions()
    return legal.describe(None if legal.player is None else f"p{legal.player + 1}")


def _show_or_muck(hand: Hand, player: int, tokens: List[str], k: int, action: str) -> None:
    if len(tokens) >= 3:
        cards = _cards(tokens[2], k, action)
        hand.show(player, None if None in cards else cards)
    else:
        hand.muck(player)


def _already_shown(hand: Hand, player: int, tokens: List[str], k: int, action: str) -> bool:
    for event in hand.history:
        if event.kind == ev.SHOW and event.player == player:
            if len(tokens) < 3:
                return True
            cards = _cards(tokens[2], k, action)
            return None in cards or sorted(cards) == sorted(event.cards)  # type: ignore[type-var]
    return False


def hand_from_phh(source: Union[str, bytes, "os.PathLike[str]", Dict[str, Any]], *, seed: Any = 0,
                  max_bytes: int = MAX_PHH_BYTES) -> Hand:
    r"""Read and replay a PHH hand history: :func:`parse_phh` then :func:`replay`.

    A ``str`` is PHH text, never a file name; a file is an ``os.PathLike`` (see
    :func:`parse_phh` for the size limit and :func:`read_phh` for a file name as ``str``).

    Parameters
    ----------
    source : str, bytes, os.PathLike or dict
        As for :func:`parse_phh`: text, UTF-8 bytes, a path object or a parsed dict.
    seed : int, optional
        Fills cards the history never shows (``??``).
    max_bytes : int, default :data:`MAX_PHH_BYTES`
        As for :func:`parse_phh`.

    Returns
    -------
    Hand
        The hand after the last action (over, or waiting for the next action).

    Raises
    ------
    PHHError
        Anything :func:`parse_phh` or :func:`replay` refuses.

    Examples
    --------
    >>> from omaha_eval.game.phh import hand_from_phh
    >>> hand = hand_from_phh("variant = 'PO'\nmin_bet = 2\nblinds_or_straddles = [1, 2]\n"
    ...                      "starting_stacks = [50, 80]\nactions = ['p2 f']")
    >>> hand.is_over, hand.stacks
    (True, (51, 79))
    >>> hand_from_phh(b"\xff\xfe")
    Traceback (most recent call last):
    ...
    omaha_eval.errors.PHHError: not UTF-8 text (byte 0xff at offset 0): a PHH file is TOML text
    """
    return replay(parse_phh(source, max_bytes=max_bytes), seed=seed)


# ---- writing ----

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
# what a TOML basic string must escape: backslash, quote and every control character but tab
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
_NEEDS_BASIC = re.compile(r"['\x00-\x08\x0a-\x1f\x7f]")
_TO_ESCAPE = re.compile(r'[\\"\x00-\x08\x0a-\x1f\x7f]')


def _toml_string(text: str) -> str:
    """``text`` as a TOML string: literal (``'...'``) when it can be, else basic with escapes."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise PHHError(f"cannot write {text!r:.80} to PHH: not encodable as UTF-8 "
                       f"({exc.reason} at {exc.start})") from None
    if not _NEEDS_BASIC.search(text):
        return f"'{text}'"
    escaped = _TO_ESCAPE.sub(lambda m: _ESCAPES.get(m.group(), f"\\u{ord(m.group()):04x}"), text)
    return f'"{escaped}"'


def _toml_key(key: Any) -> str:
    """A field name as a TOML key: bare (``event``) when it can be, else quoted, so that no name
    (a newline, a quote, ``=``, a dot, unicode) can change the structure of the file."""
    if not isinstance(key, str):
        raise PHHError(f"PHH field names are strings, got {key!r:.80}")
    return key if _BARE_KEY.fullmatch(key) else _toml_string(key)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value) if value == value and abs(value) != float("inf") else (
            "nan" if value != value else ("inf" if value > 0 else "-inf"))
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, (_dt.datetime, _dt.date, _dt.time)):
        return value.isoformat()
    raise PHHError(f"cannot write {value!r:.80} to PHH")


def to_toml(fields: Dict[str, Any]) -> str:
    r"""Flat TOML for PHH fields (scalars and arrays only).

    Names that are not bare TOML keys (letters, digits, ``_``, ``-``) are quoted and strings
    are escaped, so the text is always valid TOML that reads back to the same fields.

    Parameters
    ----------
    fields : dict
        Field names to values (str, int, float, bool or lists of them).

    Returns
    -------
    str
        One ``key = value`` line per field.

    Raises
    ------
    PHHError
        A nested table (not part of PHH), a name that is not a string, or a value TOML cannot
        hold (an object, a string that is not encodable as UTF-8).

    Examples
    --------
    >>> print(to_toml({"variant": "PO", "antes": [0, 0], "ante_trimming_status": False}), end="")
    variant = 'PO'
    antes = [0, 0]
    ante_trimming_status = false
    >>> print(to_toml({"a key\nx = 1": "it's\n"}), end="")
    "a key\nx = 1" = "it's\n"
    """
    lines = []
    for key, value in fields.items():
        name = _toml_key(key)
        if isinstance(value, dict):
            raise PHHError(f"field {key!r:.80}: tables are not part of PHH")
        lines.append(f"{name} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


def _variant_fields(config: GameConfig) -> Dict[str, Any]:
    s: Any = config.structure  # the fields read depend on s.kind
    out: Dict[str, Any] = {}
    if s.kind == "fixed":
        out["small_bet"], out["big_bet"] = s.small_bet, s.big_bet
    else:
        out["min_bet"] = s.min_bet
    return out


def _user_fields(config: GameConfig) -> Dict[str, Any]:
    s: Any = config.structure  # the fields read depend on s.kind
    out: Dict[str, Any] = {}
    default_cap, default_hu = _LIMIT_DEFAULTS[s.kind]
    if s.max_raises != default_cap:
        out["_max_raises"] = -1 if s.max_raises is None else s.max_raises
    if s.heads_up_max_raises != default_hu:
        out["_heads_up_max_raises"] = -1 if s.heads_up_max_raises is None else s.heads_up_max_raises
    if s.kind == "fixed" and not s.half_bet_reopens:
        out["_half_bet_reopens"] = False
    if s.kind == "spread":
        out["_max_bet"] = s.max_bet
        if s.late_max_bet is not None:
            out["_late_max_bet"] = s.late_max_bet
    if s.kind != "fixed" and s.late_min_bet is not None:
        out["_late_min_bet"] = s.late_min_bet
    if config.show_all:
        out["_show_all"] = True
    return out


def hand_to_phh(hand: Hand, *, cards_per_action: bool = False,
                extra: Optional[Dict[str, Any]] = None) -> str:
    """The hand (finished or not) as PHH TOML text.

    Players are renumbered p1..pN from the first seat left of the button.

    Parameters
    ----------
    hand : Hand
        The hand.
    cards_per_action : bool, default False
        Deal the hole cards one card per action, round-robin, as the WSOP files do (default one
        action per player: ``d dh p1 AsKd7h2c``).
    extra : dict, optional
        PHH fields to add (author, event, players, ...); fields the hand defines take precedence.

    Returns
    -------
    str
        TOML text that :func:`hand_from_phh` reads back.

    Raises
    ------
    PHHError
        Not a Hand, or ``extra`` not a dict.

    Examples
    --------
    >>> from omaha_eval.game import GameConfig, Hand
    >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)
    >>> hand.fold()
    >>> print(hand_to_phh(hand, extra={"event": "demo"}), end="")
    variant = 'PO'
    ante_trimming_status = false
    antes = [0, 0]
    blinds_or_straddles = [1, 2]
    min_bet = 2
    starting_stacks = [100, 100]
    actions = ['d dh p1 8s9sTs7s', 'd dh p2 3h5s6c7h', 'p2 f']
    finishing_stacks = [101, 99]
    event = 'demo'
    """
    if not isinstance(hand, Hand):
        raise PHHError(f"hand_to_phh needs a Hand, got {hand!r:.80}")
    if extra is not None and not isinstance(extra, dict):
        raise PHHError(f"extra must be a dict of PHH fields, got {extra!r:.80}")
    n = hand.n_players
    phh_index = _phh_index(hand)
    config = hand.config
    antes, live, posts = _phh_posts(hand.posts, phh_index)
    fields: Dict[str, Any] = {
        "variant": variant_code(config),
        "ante_trimming_status": config.ante_trimming,
        "antes": _per_player(antes, n),
        "blinds_or_straddles": _per_player(live, n),
    }
    fields.update(_variant_fields(config))
    fields["starting_stacks"] = in_phh_order(hand.starting_stacks, hand.button)
    fields["actions"] = _actions(hand, phh_index, cards_per_action)
    fields.update(_user_fields(config))
    if posts is not None:
        fields["_posts"] = posts
    fields.update(_table_fields(hand, phh_index))
    if hand.is_over:
        fields["finishing_stacks"] = in_phh_order(hand.stacks, hand.button)
    if extra:
        fields.update({key: value for key, value in extra.items()
                       if key not in fields and key not in _DERIVED_FIELDS})
    return to_toml(fields)


def in_phh_order(values: Sequence[_T], button: int) -> List[_T]:
    """Per-player values (in a hand's player order) in PHH order: p1 first, left of the button.

    Parameters
    ----------
    values : sequence
        One value per player of a hand, player 0 first.
    button : int
        The hand's button player.

    Returns
    -------
    list
        The same values from the player left of the button round to the button (the last).

    Examples
    --------
    >>> in_phh_order(["a", "b", "c", "d"], 1)
    ['c', 'd', 'a', 'b']
    """
    return list(values[button + 1:]) + list(values[:button + 1])


def _phh_index(hand: Hand) -> List[int]:
    """The 0-based PHH index of each of the hand's players."""
    n = hand.n_players
    return [(i - hand.button - 1) % n for i in range(n)]


def _phh_posts(posts: Sequence[Post],
               phh_index: List[int]) -> Tuple[List[int], List[int], Optional[List[str]]]:
    """Antes and live blinds per player in PHH order (not yet reversed heads-up), and our
    ``_posts`` field when those two cannot express the posts (else None)."""
    n = len(phh_index)
    antes, live = [0] * n, [0] * n
    actual = []  # (PHH index, kind, amount)
    for post in posts:
        j = phh_index[post.player]
        actual.append((j, post.kind, post.amount))
        if post.kind == ANTE:
            antes[j] += post.amount
        elif post.kind != DEAD:
            live[j] += post.amount
    standard = [(p.player, p.kind, p.amount) for p in _standard_posts(antes, live, n)]
    if sorted(standard) == sorted(actual):
        return antes, live, None
    return antes, live, [f"p{j + 1} {kind} {amount}" for j, kind, amount in actual]


def _table_fields(hand: Hand, phh_index: List[int]) -> Dict[str, Any]:
    """Our fields for what a table adds to a hand: the order of the first round, runs, rake,
    house money and free folds (only those that differ from a plain hand)."""
    out: Dict[str, Any] = {}
    if hand.first_to_act is not None:
        out["_first_to_act"] = phh_index[hand.first_to_act] + 1
    if hand.last_to_act is not None:
        out["_last_to_act"] = phh_index[hand.last_to_act] + 1
    if hand.runs > 1:
        out["_runs"] = hand.runs
        if hand.is_over and len(hand.boards) > 1:
            out["_run_boards"] = [format_cards(list(b)) for b in hand.boards[1:]]
    if hand.rake:
        out["_rake"] = hand.rake
    if hand.added:
        out["_added"] = hand.added
    if hand.free_folds:
        out["_free_folds"] = True
    return out


# fields that describe this hand: never copied from ``extra`` (a stale value would be wrong)
_DERIVED_FIELDS = frozenset(_FIELD_ORDER + (
    "finishing_stacks", "winnings", "_max_raises", "_heads_up_max_raises", "_half_bet_reopens",
    "_max_bet", "_late_min_bet", "_late_max_bet", "_show_all", "_posts",
    "_first_to_act", "_last_to_act", "_runs", "_run_boards", "_rake", "_added", "_free_folds"))


def _actions(hand: Hand, phh_index: List[int], cards_per_action: bool) -> List[str]:
    out: List[str] = []
    name = [f"p{j + 1}" for j in phh_index]
    unknown = hand.unknown_cards

    def text(cards: Sequence[int]) -> str:
        return "".join("??" if c in unknown else format_cards([c]) for c in cards)

    holes = []
    for event in hand.history:
        kind = event.kind
        if kind == ev.DEAL_HOLE:
            holes.append(event)
            continue
        if holes:
            out.extend(_hole_actions(holes, name, cards_per_action, text))
            holes = []
        if kind == ev.DEAL_BOARD:
            out.append(f"d db {text(event.cards)}")
        elif kind == ev.FOLD:
            out.append(f"{name[event.player]} f")
        elif kind in (ev.CHECK, ev.CALL):
            out.append(f"{name[event.player]} cc")
        elif kind in (ev.BET, ev.RAISE):
            out.append(f"{name[event.player]} cbr {event.to}")
        elif kind == ev.SHOW:
            out.append(f"{name[event.player]} sm {text(event.cards)}")
        elif kind == ev.MUCK:
            out.append(f"{name[event.player]} sm")
    if holes:
        out.extend(_hole_actions(holes, name, cards_per_action, text))
    return out


def _hole_actions(holes: Sequence[ev.Event], name: List[str], cards_per_action: bool,
                  text: Any) -> List[str]:
    if not cards_per_action:
        return [f"d dh {name[e.player]} {text(e.cards)}" for e in holes]
    count = len(holes[0].cards) if holes else 4
    return [f"d dh {name[e.player]} {text(e.cards[j:j + 1])}" for j in range(count) for e in holes]


def dump_phh(hand: Hand, path: Union[str, "os.PathLike[str]"], **options: Any) -> None:
    """Write :func:`hand_to_phh` text to ``path``.

    Parameters
    ----------
    hand : Hand
        The hand.
    path : str or os.PathLike
        The file to write (UTF-8).
    **options
        As :func:`hand_to_phh` (``cards_per_action``, ``extra``).

    Examples
    --------
    A hand in progress, its hole cards dealt one card per action (3 players x 4 cards):

    >>> import tempfile
    >>> from pathlib import Path
    >>> from omaha_eval.game import GameConfig, Hand
    >>> hand = Hand(GameConfig.fixed_limit(2, 4), [50, 50, 50], seed=2)
    >>> hand.check_or_call()
    >>> path = Path(tempfile.mkdtemp()) / "unfinished.phh"
    >>> dump_phh(hand, path, cards_per_action=True)
    >>> path.read_text().count("d dh"), hand_from_phh(path).legal_actions().describe("next")
    (12, 'next to act: fold, call 1 or raise to 4')
    """
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(hand_to_phh(hand, **options))


def summary(hand: Hand, record: Optional[PHHRecord] = None) -> Dict[str, Any]:
    """A JSON-ready account of a replayed hand with players named p1..pN as in the file.

    Parameters
    ----------
    hand : Hand
        The hand (usually from :func:`replay`).
    record : PHHRecord, optional
        Its record (adds the file's fields that name the hand).

    Returns
    -------
    dict
        Variant, players, stacks, board, shown hands, pots and payoffs.

    Examples
    --------
    >>> from omaha_eval.game import GameConfig, Hand
    >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)
    >>> hand.fold()
    >>> sorted(summary(hand))
    ['board', 'complete', 'finishing_stacks', 'game', 'mucked', 'payoffs', 'players', 'pots', 'returned', 'shown', 'starting_stacks', 'variant']
    """
    n = hand.n_players
    name = [f"p{j + 1}" for j in _phh_index(hand)]
    button = hand.button
    out: Dict[str, Any] = {
        "variant": variant_code(hand.config),
        "game": hand.config.describe(),
        "players": [f"p{j + 1}" for j in range(n)],
        "complete": hand.is_over,
        "starting_stacks": in_phh_order(hand.starting_stacks, button),
        "finishing_stacks": in_phh_order(hand.stacks, button) if hand.is_over else None,
        "board": format_cards(list(hand.board)) if hand.board else "",
    }
    if record is not None and "finishing_stacks" in record.fields:
        out["expected_finishing_stacks"] = record.fields["finishing_stacks"]
    result = hand.result
    if result is None:
        out["stacks"] = in_phh_order(hand.stacks, button)
        legal = hand.legal_actions()
        out["state"] = legal.describe(None if legal.player is None else name[legal.player])
        return out
    out["payoffs"] = in_phh_order(result.payoffs, button)
    out["returned"] = [{"player": name[p], "amount": a} for p, a in result.returned]
    out["shown"] = {name[p]: format_cards(list(c)) for p, c in result.shown.items()}
    out["mucked"] = [name[p] for p in result.mucked]
    pots = []
    for pot in result.pots:
        entry = pot.to_dict()
        entry["eligible"] = [name[p] for p in pot.eligible]
        for award in entry["awards"]:
            award["player"] = name[award["player"]]
        pots.append(entry)
    out["pots"] = pots
    return out
