"""The service's limits: what one request may ask for, so that no request starves the others.

Every limit has a default here, can be changed per server with an environment variable (the
``serve`` command sets them from its options, so that every worker process sees the same
values), and is published at ``GET /v1/limits`` so that clients can read them.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, fields
from typing import Any, Dict, Mapping, Optional

ENV_PREFIX = "OMAHA_EVAL_SERVICE_"


@dataclass(frozen=True)
class Limits:
    """Bounds on one request.

    Parameters
    ----------
    max_body_bytes
        Largest request body; a larger one is refused with 413 before it is read in full.
    max_deals
        Most deals in one ``/v1/evaluate`` or ``/v1/showdown`` batch.
    max_trials
        Most Monte Carlo trials one ``/v1/equity`` request may ask for.
    max_draws
        Most random draws of holdings one sampled ``/v1/equity`` request may need: with ranges
        that often collide (share cards), each trial is redrawn until the holdings are disjoint;
        a request whose estimated draws (trials over the collision-free rate) exceed this is
        refused with 422 rather than run for minutes.
    max_actions
        Most actions in one ``/v1/hands`` or ``/v1/phh/export`` request.
    max_phh_chars
        Longest PHH text ``/v1/phh/replay`` accepts.
    time_limit
        Seconds a request may take, queueing included; past it the answer is 503 and the work
        stops (equity work in a job process is killed, see :mod:`.jobs`).
    header_timeout
        Seconds a request's head may take to arrive, from the connection's start or the end of
        the previous answer; past it the connection is closed.
    body_timeout
        Seconds a request's body may take to arrive once its head has; past it the answer is 408.
    keep_alive_timeout
        Seconds an idle keep-alive connection stays open after an answer.
    max_requests
        Requests after which a worker process is replaced by a fresh one (memory given back).
    max_worker_mb
        Resident memory (MB) above which a worker process is replaced after its current requests.

    Examples
    --------
    >>> Limits().max_trials
    2000000
    >>> Limits.from_env({"OMAHA_EVAL_SERVICE_MAX_TRIALS": "1000"}).max_trials
    1000
    """

    max_body_bytes: int = 1 << 20
    max_deals: int = 10_000
    max_trials: int = 2_000_000
    max_draws: int = 20_000_000
    max_actions: int = 1_000
    max_phh_chars: int = 256 * 1024
    time_limit: float = 10.0
    header_timeout: float = 10.0
    body_timeout: float = 10.0
    keep_alive_timeout: int = 5
    max_requests: int = 100_000
    max_worker_mb: int = 512

    @classmethod
    def from_env(cls, environ: Optional[Mapping[str, str]] = None) -> "Limits":
        """Defaults overridden by ``OMAHA_EVAL_SERVICE_<NAME>`` variables (e.g. ``..._MAX_TRIALS``).

        Parameters
        ----------
        environ : mapping of str to str, optional
            The variables (default ``os.environ``).

        Returns
        -------
        Limits

        Raises
        ------
        ValueError
            If a variable does not hold a positive number of the field's type.

        Examples
        --------
        >>> from omaha_eval.service import Limits
        >>> Limits.from_env({"OMAHA_EVAL_SERVICE_MAX_TRIALS": "5000"}).max_trials
        5000
        >>> Limits.from_env({"OMAHA_EVAL_SERVICE_MAX_TRIALS": "-1"})
        Traceback (most recent call last):
            ...
        ValueError: OMAHA_EVAL_SERVICE_MAX_TRIALS must be positive, got '-1'
        """
        environ = os.environ if environ is None else environ
        values: Dict[str, Any] = {}
        for f in fields(cls):
            text = environ.get(ENV_PREFIX + f.name.upper())
            if text is None:
                continue
            kind = float if f.type in (float, "float") else int
            try:
                value = kind(text)
            except ValueError:
                raise ValueError(f"{ENV_PREFIX}{f.name.upper()} must be a number, got {text!r}") from None
            if value <= 0:
                raise ValueError(f"{ENV_PREFIX}{f.name.upper()} must be positive, got {text!r}")
            values[f.name] = value
        return cls(**values)

    def to_env(self) -> Dict[str, str]:
        """The environment variables that make :meth:`from_env` return these limits.

        Returns
        -------
        dict of str to str
            Variable names to values.

        Examples
        --------
        >>> from omaha_eval.service import Limits
        >>> env = Limits(max_trials=5000).to_env()
        >>> env["OMAHA_EVAL_SERVICE_MAX_TRIALS"], Limits.from_env(env) == Limits(max_trials=5000)
        ('5000', True)
        """
        return {ENV_PREFIX + k.upper(): str(v) for k, v in asdict(self).items()}

    def to_dict(self) -> Dict[str, Any]:
        """The limits as a JSON-ready dict.

        Returns
        -------
        dict
            Field names to values.

        Examples
        --------
        >>> from omaha_eval.service import Limits
        >>> Limits().to_dict()["max_trials"] == Limits().max_trials
        True
        """
        return asdict(self)
