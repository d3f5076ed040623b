"""Bounded file reads for the library's text readers (PHH, and any reader that wants them).

The rule of the package: a ``str`` given to a parser is text, never a path; a path is an
``os.PathLike`` (or the argument of a function whose name says it reads a file). Every file read
goes through :func:`read_limited`, which refuses anything but a regular file (a FIFO, a device
such as ``/dev/zero``, a directory) and reads at most ``limit + 1`` bytes, so that neither a huge
(or sparse) file nor an endless device can fill the memory before the parser even starts.
"""

from __future__ import annotations

import os
import stat
from typing import Callable, Union

from .errors import OmahaEvalError

__all__ = ["read_limited"]

PathArg = Union[str, "os.PathLike[str]"]

# read in pieces: a file whose size grows while it is read still stops at limit + 1 bytes
_CHUNK = 1 << 16


def _open(name: str, error: Callable[[str], OmahaEvalError]) -> int:
    # O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused right after)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) \
        | getattr(os, "O_BINARY", 0)
    try:
        return os.open(name, flags)
    except OSError as exc:
        raise error(f"cannot read {name!r}: {exc.strerror}") from None
    except ValueError as exc:  # a NUL character in the path
        raise error(f"cannot read {name!r}: {exc}") from None


def _read_upto(fd: int, most: int, name: str, error: Callable[[str], OmahaEvalError]) -> bytes:
    chunks = []
    size = 0
    while size < most:
        try:
            piece = os.read(fd, min(_CHUNK, most - size))
        except OSError as exc:
            raise error(f"cannot read {name!r}: {exc.strerror}") from None
        if not piece:
            break
        chunks.append(piece)
        size += len(piece)
    return b"".join(chunks)


def read_limited(path: PathArg, limit: int, error: Callable[[str], OmahaEvalError]) -> bytes:
    """The bytes of the regular file ``path``, refused (``error(message)`` raised) when it is
    not a regular file or holds more than ``limit`` bytes.

    At most ``limit + 1`` bytes are ever read, whatever the file claims to be.

    Parameters
    ----------
    path : str or os.PathLike
        The file.
    limit : int
        The largest number of bytes accepted.
    error : callable
        Makes the exception to raise from a message (the caller's error class).

    Returns
    -------
    bytes
        The whole content.

    Raises
    ------
    OmahaEvalError
        ``error(...)``: a file that cannot be opened, is not a regular file (a FIFO, a device, a
        directory) or is larger than ``limit``; the message names the file and the limit.

    Examples
    --------
    >>> import os, tempfile
    >>> from omaha_eval.errors import PHHError
    >>> path = os.path.join(tempfile.mkdtemp(), "x.txt")
    >>> with open(path, "wb") as f: _ = f.write(b"12345")
    >>> read_limited(path, 10, PHHError)
    b'12345'
    >>> read_limited(path, 4, PHHError)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha_eval.errors.PHHError: cannot read '...x.txt': larger than the limit of 4 bytes (5 bytes)
    """
    name = os.fspath(path)
    fd = _open(name, error)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise error(f"cannot read {name!r}: not a regular file")
        if info.st_size > limit:
            raise error(f"cannot read {name!r}: larger than the limit of {limit:,} bytes "
                        f"({info.st_size:,} bytes)")
        data = _read_upto(fd, limit + 1, name, error)
        if len(data) > limit:  # a file that grew, or one in /proc that claims size 0
            raise error(f"cannot read {name!r}: larger than the limit of {limit:,} bytes")
        return data
    finally:
        os.close(fd)
