"""Test sessions over the supported Pythons and NumPys (``nox -l`` lists them).

    nox -s tests-3.11          the full suite on one Python (CI runs it on 3.11 through .ci/run)
    nox -s tests_numpy_oldest  the full suite on Python 3.9 with the oldest NumPy supported
    nox -s quick-3.9 quick-3.13
                               a quick subset plus the doctests (CI: the oldest and newest)
    nox -s numpy_oldest        the quick subset on Python 3.9 with the oldest NumPy supported
    nox -s quick-3.9 -- tests/docs/test_doctests.py
                               test paths after -- replace the quick subset
    nox -s wheel               tools/build_wheel.sh: sdist, wheel, auditwheel, a compiler-free
                               install and its smoke tests and doctests

Each session builds the package from source in its own venv, against NumPy 2 (the build
requirement), so the NumPy sessions also check that one build runs on NumPy 1.x; the other
sessions get the newest NumPy pip finds for their Python, and every session prints the Python
and NumPy it ran (docs/installing.rst has the table of what passed, with counts and times: a
full session takes 27-35 minutes on a busy 2-core machine). The oldest
NumPy supported is 1.23: the extension is built for NumPy's 1.23 C API (NPY_TARGET_VERSION in
CMakeLists.txt, NumPy 2's own default), and NumPy 1.23.2 is the oldest release with wheels for
Python 3.9 to 3.11. Interpreters come from PATH, or from pyenv's versions folder when installed
there but not selected (``pyenv versions``).
"""

from __future__ import annotations

import os
from pathlib import Path

import nox

PYTHONS = ["3.9", "3.10", "3.11", "3.12", "3.13"]
OLDEST_NUMPY = "1.23.5"  # the last 1.23 release; 1.23 is the API the extension is built for
# the quick subset: the evaluator, equity, the binding, the platform checks and the doctests
# (paths that do not exist, as tests move, are left out)
QUICK = ["tests/evaluate/test_evaluate.py", "tests/evaluate/test_small_calls.py",
         "tests/equity/test_equity.py", "tests/platform", "tests/docs/test_doctests.py"]
QUICK_DEPS = ["pytest>=7", "pytest-benchmark>=4", "hypothesis>=6"]  # addopts needs pytest-benchmark

nox.options.sessions = ["quick"]
nox.options.reuse_existing_virtualenvs = False


def _pyenv_on_path() -> None:
    """Put pyenv's interpreters of PYTHONS on PATH (nox looks for ``pythonX.Y`` there)."""
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    if not root.is_dir():
        return
    found = []
    for version in PYTHONS:
        candidates = sorted(root.glob(f"{version}.*"), key=lambda p: [int(x) for x in p.name.split(".")[:3] if x.isdigit()])
        if candidates:
            found.append(str(candidates[-1] / "bin"))
    os.environ["PATH"] = os.pathsep.join(found + [os.environ.get("PATH", "")])


_pyenv_on_path()


def _quick_paths() -> list[str]:
    return [p for p in QUICK if Path(p).exists()]


def _show_versions(session: nox.Session) -> None:
    """Print the Python and NumPy the session runs on (the record of what was tested)."""
    session.run("python", "-c", "import sys, numpy; print('python', sys.version.split()[0], 'numpy', numpy.__version__)")


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The whole suite (the README's test command) on one Python, with the newest NumPy pip picks."""
    session.install(".[test]")
    _show_versions(session)
    session.run("python", "-m", "pytest", *session.posargs)


@nox.session(python=PYTHONS[0])
def tests_numpy_oldest(session: nox.Session) -> None:
    """The whole suite on the oldest Python with the oldest NumPy supported (built against NumPy 2)."""
    session.install(".[test]", f"numpy=={OLDEST_NUMPY}")
    _show_versions(session)
    session.run("python", "-m", "pytest", *session.posargs)


@nox.session(python=PYTHONS)
def quick(session: nox.Session) -> None:
    """The quick subset and the doctests (the server extra: its modules have examples)."""
    session.install(".[server]", *QUICK_DEPS)
    session.run("python", "-m", "pytest", "-q", "-p", "no:cacheprovider",
                *(session.posargs or _quick_paths()))


@nox.session(python=PYTHONS[0])
def numpy_oldest(session: nox.Session) -> None:
    """The quick subset on the oldest Python with the oldest NumPy supported (built against NumPy 2)."""
    session.install(".[server]", *QUICK_DEPS, f"numpy=={OLDEST_NUMPY}")
    _show_versions(session)
    session.run("python", "-m", "pytest", "-q", "-p", "no:cacheprovider",
                *(session.posargs or _quick_paths()))


@nox.session(python=False)
def wheel(session: nox.Session) -> None:
    """tools/build_wheel.sh with this Python."""
    session.run("bash", "tools/build_wheel.sh", *(session.posargs or ["python3"]), external=True)
