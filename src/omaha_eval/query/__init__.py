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
(True, 36, 14)
"""

from __future__ import annotations

from .result import ColumnResult, PQLResult
from .run import compile_query, pql

__all__ = ["pql", "compile_query", "PQLResult", "ColumnResult"]
