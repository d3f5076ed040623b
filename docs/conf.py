"""Sphinx configuration of the omaha_eval documentation (built from the installed package).

Build: ``pip install ".[docs]" && python -m sphinx -W -b html docs docs/_build/html``.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _installed_version

project = "omaha_eval"
author = "omaha_eval developers"
copyright = "2026, omaha_eval developers"
try:
    release = _installed_version("omaha_eval")
except PackageNotFoundError:  # building from a source tree that is not installed
    release = "unknown"
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "numpydoc",
]

# the docstrings are numpydoc; members are listed explicitly in api.rst
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False
autodoc_typehints = "none"  # the signatures carry the types; numpydoc sections the prose
autodoc_member_order = "bysource"
add_module_names = False

html_theme = "furo"
html_title = f"omaha_eval {release}"
html_static_path: list[str] = []
templates_path: list[str] = []
exclude_patterns = ["_build"]
nitpicky = False
