"""Equity in bulk: canonical starting hands, preflop tables, jobs on Dask (optional).

Dask is needed only to run a job on a cluster (``pip install "omaha_eval[cluster]"``); everything
else here runs on NumPy alone.
"""

from __future__ import annotations

from .canonical import CanonicalHands, canonical_hands
from .job import BulkJob, bulk_equity

__all__ = ["BulkJob", "CanonicalHands", "bulk_equity", "canonical_hands"]
