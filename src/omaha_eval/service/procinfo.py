"""How a server's processes share the connections to its port, read from Linux's ``/proc``.

Used by the load test (``bench/load_service.py``) and the workers' tests to see how evenly
``omaha-eval serve --workers N`` spreads clients over its workers. Elsewhere (no ``/proc``)
both functions find nothing: an empty list or mapping, never an error.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Dict, Iterable, List, Set


def process_tree(pid: int) -> List[int]:
    """``pid`` and all its descendants, parents before children.

    Parameters
    ----------
    pid : int
        The root process.

    Returns
    -------
    list of int
        ``[pid, ...]``; just ``[pid]`` where ``/proc`` cannot be read.

    Examples
    --------
    >>> import os
    >>> process_tree(os.getpid())[0] == os.getpid()
    True
    """
    out = [pid]
    for p in out:  # grows while it is walked: breadth first
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                out.extend(int(x) for x in Path(f"/proc/{p}/task/{task}/children").read_text().split())
        except OSError:
            pass
    return out


def _established_socket_inodes(port: int) -> Set[str]:
    inodes: Set[str] = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()  # sl, local address:port (hex), remote, state (01 = established)
            if fields[3] == "01" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                inodes.add(fields[9])
    return inodes


def connections_by_process(port: int, pids: Iterable[int]) -> Dict[int, int]:
    """How many established connections to local ``port`` each of ``pids`` holds open.

    Parameters
    ----------
    port : int
        The server's local TCP port.
    pids : iterable of int
        The processes to look at (e.g. :func:`process_tree` of the server).

    Returns
    -------
    dict
        pid -> number of connections, for the processes that hold at least one.

    Examples
    --------
    >>> import os
    >>> connections_by_process(1, [os.getpid()])  # nobody here is connected to port 1
    {}
    """
    inodes = _established_socket_inodes(port)
    counts: Dict[int, int] = {}
    for pid in pids:
        try:
            links = [os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")]
        except OSError:
            continue
        n = sum(1 for link in links if link.startswith("socket:[") and link[8:-1] in inodes)
        if n:
            counts[pid] = n
    return counts
