"""The Pythons the package claims are the ones CI tests: the oldest is ``requires-python``'s bound (the host's
Python, which ruff and mypy target), the newest is the one ``make test-newest-python`` runs on, and the
classifiers list every minor version from one to the other."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _minor(version: str) -> int:
    major, minor = version.split(".")
    assert major == "3", version
    return int(minor)


def _classified() -> list[int]:
    prefix = "Programming Language :: Python :: "
    found = [c.removeprefix(prefix) for c in PYPROJECT["project"]["classifiers"] if c.startswith(prefix)]
    return sorted(_minor(v) for v in found if re.fullmatch(r"3\.\d+", v))


def test_the_oldest_claimed_python_is_the_bound_and_the_tools_target() -> None:
    bound = PYPROJECT["project"]["requires-python"]
    assert re.fullmatch(r">=3\.\d+", bound), bound
    oldest = _minor(bound.removeprefix(">="))
    assert _classified()[0] == oldest
    assert PYPROJECT["tool"]["mypy"]["python_version"] == f"3.{oldest}"
    assert PYPROJECT["tool"]["ruff"]["target-version"] == f"py3{oldest}"


def test_the_newest_claimed_python_is_the_one_ci_runs_on() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    newest = re.search(r"^NEWEST_PYTHON \?= (3\.\d+)$", makefile, re.M)
    assert newest, "the Makefile sets NEWEST_PYTHON"
    assert _classified()[-1] == _minor(newest.group(1))
    assert "make test-newest-python" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_classifiers_list_every_minor_version_between() -> None:
    minors = _classified()
    assert minors == list(range(minors[0], minors[-1] + 1))
