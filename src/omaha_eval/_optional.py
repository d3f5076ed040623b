"""Optional packages, imported on first use with an error that names the extra to install."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import MissingDependencyError

__all__ = ["import_optional"]


def import_optional(module: str, extra: str, feature: str) -> Any:
    """Import ``module``, or raise :class:`MissingDependencyError` naming the extra.

    Parameters
    ----------
    module : str
        The module to import, for example ``"pandas"``.
    extra : str
        The extra of ``omaha_eval`` that installs it, for example ``"pandas"``.
    feature : str
        What needs it, for the message (``"to_pandas()"``).

    Returns
    -------
    module
        The imported module.

    Raises
    ------
    MissingDependencyError
        The module is not installed (also an :class:`ImportError`).

    Examples
    --------
    >>> import_optional("json", "none", "this example").__name__
    'json'
    >>> import_optional("no_such_module_here", "pandas", "to_pandas()")
    Traceback (most recent call last):
    ...
    omaha_eval.errors.MissingDependencyError: to_pandas() needs no_such_module_here, which is not installed: pip install "omaha_eval[pandas]"
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingDependencyError(
            f'{feature} needs {module}, which is not installed: pip install "omaha_eval[{extra}]"'
        ) from None
