"""The Poker Query Language: questions about Omaha deals, answered exactly or by sampling.

``oe.pql(query)`` parses a query (:mod:`.syntax`), checks its names and types (:mod:`.check`),
lists or samples the deals (:mod:`.deals`), computes the functions over batches of deals
(:mod:`.functions`, :mod:`.kernels`) and aggregates the columns (:mod:`.run`, :mod:`.result`).
The language is described in the "Queries" guide.

Examples
--------
>>> import omaha_eval as oe
>>> r = oe.pql("select count(scoops(hero)) as scoop from game='omaha8', "
...            "hero='As2s3hKh', villain='KcKdQcJd', board='4s5d9cTh'")
>>> r.exact, r.trials, r["scoop"].count
(True, 40, 13)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .result import ColumnResult, PQLResult
    from .run import compile_query, pql

__all__ = ["pql", "compile_query", "PQLResult", "ColumnResult"]

# the engine loads on first use, so that `omaha-eval --help` (which registers the pql
# subcommand from .cli) does not import Lark and the kernels
_LAZY = {"pql": "run", "compile_query": "run", "PQLResult": "result", "ColumnResult": "result"}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'omaha_eval.query' has no attribute {name!r}")
    import importlib

    found = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    globals()[name] = found
    return found
