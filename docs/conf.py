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
# numpydoc's validator on every documented object (a warning, so an error under -W): no
# docstring, no summary, an unknown or misordered section, a documented parameter that does not
# exist. The full check (every parameter, Returns, Examples) walks the whole public API in
# tests/docs/test_numpydoc.py, which knows the two cases numpydoc gets wrong here (dataclass fields
# documented as Attributes, exceptions); style checks (SS05, SS06, PR08/PR09, RT04/RT05) are off.
numpydoc_validation_checks = {"GL08", "SS01", "GL06", "GL07", "PR02"}
autodoc_typehints = "none"  # the signatures carry the types; numpydoc sections the prose
autodoc_member_order = "bysource"
add_module_names = False

html_theme = "furo"
html_title = f"omaha_eval {release}"
html_static_path: list[str] = []
templates_path: list[str] = []
exclude_patterns = ["_build"]
nitpicky = False
