"""A one-line progress bar for the command line (``omaha-eval equity``, ``omaha-eval table``).

:class:`ProgressBar` is a ``progress(done, total)`` callable, as the library's long calls take
(``equity(..., progress=...)``); it writes to a terminal only, and only once a run has taken
more than half a second, so short runs and pipes print nothing.

Examples
--------
>>> import io
>>> bar = ProgressBar(io.StringIO())  # not a terminal: silent
>>> bar(5, 10); bar.close()
"""

from __future__ import annotations

import time
from typing import TextIO

__all__ = ["ProgressBar"]


class ProgressBar:
    """A one-line progress bar on ``stream``, shown only on a terminal and only once a run has
    taken more than ``delay`` seconds.

    Parameters
    ----------
    stream : text stream
        Where to draw (``sys.stderr`` in the CLI).
    delay : float, default 0.5
        Seconds before the bar first shows.
    width : int, default 30
        Characters of the bar.

    Examples
    --------
    >>> import io
    >>> out = io.StringIO()
    >>> bar = ProgressBar(out, delay=0.0)
    >>> bar(1, 2)
    >>> out.getvalue()  # a StringIO is no terminal
    ''
    """

    def __init__(self, stream: TextIO, delay: float = 0.5, width: int = 30) -> None:
        self._time = time.monotonic
        self._start = self._time()
        self._stream = stream
        self._delay = delay
        self._width = width
        self._shown = False
        self._enabled = hasattr(stream, "isatty") and stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        """Shows ``done`` of ``total``.

        Parameters
        ----------
        done, total : int
            Work done so far and in all.

        Examples
        --------
        >>> import io
        >>> ProgressBar(io.StringIO())(3, 4)
        """
        elapsed = self._time() - self._start
        if not self._enabled or elapsed < self._delay or total <= 0:
            return
        filled = int(self._width * done / total)
        bar = "#" * filled + "-" * (self._width - filled)
        self._stream.write(f"\r[{bar}] {100 * done / total:5.1f}%  {elapsed:5.1f} s")
        self._stream.flush()
        self._shown = True

    def close(self) -> None:
        """Erases the bar if it was shown.

        Examples
        --------
        >>> import io
        >>> ProgressBar(io.StringIO()).close()
        """
        if self._shown:
            self._stream.write("\r" + " " * (self._width + 20) + "\r")
            self._stream.flush()
