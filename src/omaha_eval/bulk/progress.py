"""Progress of a long table run for ``omaha-eval table``: a bar on a terminal, a few lines else.

On a terminal one line is redrawn in place (``[#####-----]  48.0%  12.3 s  ~13 s left``) from
half a second on; on anything else (a log file, CI) a plain line is written at each quarter of
the work, so a log shows the run advancing without thousands of lines.

Examples
--------
>>> import io
>>> from omaha_eval.bulk.progress import TableProgress
>>> out = io.StringIO()
>>> bar = TableProgress(out, delay=0.0)
>>> for done in (0, 25, 50, 100):
...     bar(done, 100)
>>> bar.close()
>>> [line.split(" trials")[0] for line in out.getvalue().splitlines()]
['table: 25% (25 of 100', 'table: 50% (50 of 100', 'table: 100% (100 of 100']
"""

from __future__ import annotations

import time
from typing import TextIO

__all__ = ["TableProgress"]


class TableProgress:
    """A progress callback ``(done, total)`` writing to ``stream``.

    Parameters
    ----------
    stream : text file
        Where to write (stderr in the command).
    delay : float, default 0.5
        Seconds before a terminal bar first shows (short runs print nothing there).
    width : int, default 30
        Characters of the bar.

    Examples
    --------
    >>> import io
    >>> from omaha_eval.bulk.progress import TableProgress
    >>> bar = TableProgress(io.StringIO())
    >>> bar(5, 10); bar.close()
    """

    def __init__(self, stream: TextIO, delay: float = 0.5, width: int = 30) -> None:
        self.stream = stream
        self.delay = delay
        self.width = width
        self.start = time.monotonic()
        self.terminal = bool(getattr(stream, "isatty", lambda: False)())
        self.shown = False
        self.next_quarter = 1
        self.first_done: int | None = None

    def __call__(self, done: int, total: int) -> None:
        if total <= 0:
            return
        if self.first_done is None:
            self.first_done = done  # work reused on resume does not count for the speed
        elapsed = time.monotonic() - self.start
        if self.terminal:
            if elapsed >= self.delay:
                self._draw(done, total, elapsed)
            return
        quarter = min(4, 4 * done // total)
        if quarter >= self.next_quarter:
            self.stream.write(f"table: {25 * quarter}% ({done:,} of {total:,} trials) "
                              f"after {elapsed:.1f} s\n")
            self.stream.flush()
            self.next_quarter = quarter + 1

    def _draw(self, done: int, total: int, elapsed: float) -> None:
        filled = int(self.width * done / total)
        bar = "#" * filled + "-" * (self.width - filled)
        fresh = done - (self.first_done or 0)
        left = ""
        if fresh > 0 and done < total:
            left = f"  ~{elapsed * (total - done) / fresh:.0f} s left"
        self.stream.write(f"\r[{bar}] {100 * done / total:5.1f}%  {elapsed:6.1f} s{left}   ")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """End the bar's line (a terminal bar is erased; plain lines stay).

        Examples
        --------
        >>> import io
        >>> from omaha_eval.bulk.progress import TableProgress
        >>> TableProgress(io.StringIO()).close()
        """
        if self.shown:
            self.stream.write("\r" + " " * (self.width + 40) + "\r")
            self.stream.flush()
            self.shown = False
