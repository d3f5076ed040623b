"""The partial results of a table run (``OUT.parts/``): written safely, trusted only when sealed.

A run keeps ``job.json`` (the parameters that fix every number) and one ``part-*.npz`` per
finished task. Each part is sealed: it stores the job's identity (a digest of ``job.json``'s
content) and a SHA-256 checksum over that identity and every array it holds (names, dtypes,
shapes, bytes). On ``--resume`` a part is used only when it opens, its identity is this job's
and its checksum matches; any other part (truncated by a crash or a full disk, altered, copied
from another job, written by an older version without a seal) is reported by name with a
:class:`DamagedPartWarning`, moved aside as ``damaged-*`` and its work computed again. So a
resumed table is always the table an uninterrupted run writes.

Examples
--------
>>> import tempfile, pathlib, numpy as np
>>> from omaha_eval.bulk.parts import open_parts, write_part, read_parts
>>> folder = pathlib.Path(tempfile.mkdtemp()) / "t.parquet.parts"
>>> job = open_parts(folder, {"seed": 1}, resume=False)
>>> write_part(folder, "0000000-00000", job, {"sums": np.arange(3)})
>>> [arrays["sums"].tolist() for _, arrays in read_parts(folder, job)]
[[0, 1, 2]]
"""

from __future__ import annotations

import hashlib
import json
import os
import warnings
from pathlib import Path
from typing import Any, Iterator

import numpy as np

from ..errors import BulkError

__all__ = ["DamagedPartWarning", "job_identity", "open_parts", "write_part", "read_parts",
           "set_aside"]

_SEAL = ("job", "checksum")


class DamagedPartWarning(UserWarning):
    """A partial result that cannot be trusted: its work is computed again.

    The message names the file and what is wrong with it (cannot be read, another job's,
    checksum mismatch, no seal, does not fit the job).
    """


def job_identity(manifest: dict[str, Any]) -> str:
    """The digest that ties a part to its job: SHA-256 of the job's canonical JSON.

    Parameters
    ----------
    manifest : dict
        The job's parameters (``job.json``).

    Returns
    -------
    str
        64 hex digits.

    Examples
    --------
    >>> from omaha_eval.bulk.parts import job_identity
    >>> job_identity({"seed": 1, "trials": 2}) == job_identity({"trials": 2, "seed": 1})
    True
    """
    text = json.dumps(manifest, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _checksum(identity: str, arrays: dict[str, np.ndarray]) -> str:
    h = hashlib.sha256(identity.encode())
    for name in sorted(arrays):
        a = np.ascontiguousarray(arrays[name])
        h.update(f"|{name}|{a.dtype.str}|{a.shape}|".encode())
        h.update(a.tobytes())
    return h.hexdigest()


def open_parts(parts: Path, manifest: dict[str, Any], resume: bool) -> str:
    """Start the partial-results folder of a job, or check that the one there is this job's.

    Parameters
    ----------
    parts : pathlib.Path
        The folder (``OUT.parts``).
    manifest : dict
        The job's parameters.
    resume : bool
        Whether an existing folder may be continued.

    Returns
    -------
    str
        The job's identity (:func:`job_identity`), for :func:`write_part` and :func:`read_parts`.

    Raises
    ------
    BulkError
        The folder exists without ``resume``, has no readable ``job.json``, or is another job's.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from omaha_eval.bulk.parts import open_parts
    >>> folder = pathlib.Path(tempfile.mkdtemp()) / "x.parts"
    >>> len(open_parts(folder, {"seed": 1}, resume=False)), (folder / "job.json").exists()
    (64, True)
    """
    if parts.exists():
        if not resume:
            raise BulkError(f"{parts} holds partial results: add --resume to continue them, "
                            f"or delete it to start again")
        try:
            old = json.loads((parts / "job.json").read_text())
        except (OSError, ValueError) as exc:
            raise BulkError(f"{parts} has no readable job.json: delete it to start again") from exc
        if old != manifest:
            diff = {k: (old.get(k), v) for k, v in manifest.items() if old.get(k) != v}
            raise BulkError(f"{parts} belongs to another job (differs in {diff})")
    else:
        parts.mkdir(parents=True)
        (parts / "job.json").write_text(json.dumps(manifest, indent=1, sort_keys=True))
    return job_identity(manifest)


def write_part(parts: Path, name: str, identity: str, arrays: dict[str, Any]) -> None:
    """Write one sealed part (temporary name, fsync, rename: a kill never leaves half a file).

    Parameters
    ----------
    parts : pathlib.Path
        The folder.
    name : str
        The task's name (the file is ``part-NAME.npz``).
    identity : str
        The job's identity.
    arrays : dict of str to array_like
        What the part holds.

    Examples
    --------
    See the module's example.
    """
    data: dict[str, Any] = {k: np.asarray(v) for k, v in arrays.items()}
    final = parts / f"part-{name}.npz"
    tmp = parts / f".tmp-{name}-{os.getpid()}.npz"
    with open(tmp, "wb") as fh:
        sealed: dict[str, Any] = dict(data, job=np.array(identity),
                                      checksum=np.array(_checksum(identity, data)))
        np.savez(fh, **sealed)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, final)


def _read_one(path: Path, identity: str) -> tuple[dict[str, np.ndarray] | None, str]:
    try:
        with open(path, "rb") as fh, np.load(fh, allow_pickle=False) as z:
            data = {k: z[k] for k in z.files}
    except Exception as exc:  # noqa: BLE001 - untrusted bytes: any failure means "damaged"
        return None, f"cannot be read ({type(exc).__name__}: {exc})"
    seal = {k: data.pop(k, None) for k in _SEAL}
    if seal["job"] is None or seal["checksum"] is None:
        return None, "has no checksum (written by another version, or altered)"
    if str(seal["job"]) != identity:
        return None, "belongs to another job"
    if str(seal["checksum"]) != _checksum(identity, data):
        return None, "does not match its checksum (altered or damaged)"
    return data, ""


def read_parts(parts: Path, identity: str) -> Iterator[tuple[Path, dict[str, np.ndarray]]]:
    """The sealed parts of the job, in name order; every other part is set aside with a warning.

    Parameters
    ----------
    parts : pathlib.Path
        The folder.
    identity : str
        The job's identity.

    Yields
    ------
    tuple of (pathlib.Path, dict)
        Each trusted part's path and arrays (without the seal).

    Examples
    --------
    See the module's example.
    """
    for path in sorted(parts.glob("part-*.npz")):
        data, why = _read_one(path, identity)
        if data is None:
            set_aside(path, why)
            continue
        yield path, data


def set_aside(path: Path, why: str) -> None:
    """Report a part that cannot be used (a :class:`DamagedPartWarning` naming it) and move
    it out of the way (``damaged-NAME``), so that its work is computed again.

    Parameters
    ----------
    path : pathlib.Path
        The part.
    why : str
        What is wrong with it.

    Examples
    --------
    >>> import tempfile, pathlib, warnings
    >>> from omaha_eval.bulk.parts import set_aside
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "part-1.npz"
    >>> _ = p.write_bytes(b"junk")
    >>> with warnings.catch_warnings(record=True) as seen:
    ...     warnings.simplefilter("always")
    ...     set_aside(p, "cannot be read")
    >>> str(seen[0].message).endswith("part-1.npz cannot be read: recomputing its work")
    True
    """
    warnings.warn(f"partial result {path} {why}: recomputing its work", DamagedPartWarning,
                  stacklevel=3)
    os.replace(path, path.with_name("damaged-" + path.name))
