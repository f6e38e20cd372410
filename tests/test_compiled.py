"""The compiled engine and its pure-Python fallback (docs/contributing/compiled-engine.md).

`make test` runs the suite on the pure-Python package, then the golden logs, perft counts and the
invariant harness again with ``build/compiled`` first on ``PYTHONPATH`` and ``INFERNO_ENGINE=compiled``.
These tests check that each run really uses the engine it claims to, so a broken or missing build
cannot pass silently as a compiled run.
"""

from __future__ import annotations

import ast
import importlib
import os
import sysconfig
import tomllib
from pathlib import Path

import pytest
from tools import build_compiled

ROOT = Path(__file__).resolve().parent.parent
COMPILED_RUN = os.environ.get("INFERNO_ENGINE") == "compiled"
EXT_SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")
MODULES = build_compiled.compiled_module_names()


def test_every_engine_module_but_the_package_marker_is_compiled() -> None:
    """The whole engine, and of the bots only the search and its evaluation (the search's hot path)."""
    rules = {f"inferno.rules.{p.stem}" for p in (ROOT / "src" / "inferno" / "rules").glob("*.py")} - {
        "inferno.rules.__init__"
    }
    assert set(MODULES) == rules | {"inferno.bots.evaluation", "inferno.bots.search"}


def test_plain_install_stays_pure_python() -> None:
    """The mypyc hook is off unless switched on, so `pip install .` needs no compiler."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook = data["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    assert hook["enable-by-default"] is False
    assert "mypyc" not in " ".join(data["build-system"]["requires"])


@pytest.mark.parametrize("name", MODULES)
def test_run_uses_the_engine_it_claims(name: str) -> None:
    """Compiled run: every engine module is an extension module; pure run: every one is source."""
    where = str(importlib.import_module(name).__file__)
    if COMPILED_RUN:
        assert where.endswith(EXT_SUFFIX), f"{name} is interpreted in the compiled run: {where}"
        assert Path(where).is_relative_to(ROOT / "build" / "compiled")
    else:
        assert where.endswith(".py"), f"{name} is not source in the pure-Python run: {where}"


def test_compiled_and_pure_engine_share_the_package() -> None:
    """Bots, records and front-ends come from the same tree as the engine in either run."""
    import inferno
    import inferno.rules.engine

    pkg = Path(str(inferno.__file__)).parent
    assert Path(str(inferno.rules.engine.__file__)).parent == pkg / "rules"
    if COMPILED_RUN:
        assert pkg == ROOT / "build" / "compiled" / "inferno"
    else:
        assert pkg == ROOT / "src" / "inferno"


def test_no_except_name_is_bound_to_two_exception_types() -> None:
    """Compiled code declares a name once, with the type of its first ``except ... as`` clause in the
    function: a later clause catching another type fails with ``TypeError`` in the compiled build only."""
    reused = []
    for path in build_compiled.compiled_sources():
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                caught: dict[str, set[str]] = {}
                for node in ast.walk(fn):
                    if isinstance(node, ast.ExceptHandler) and node.name and node.type is not None:
                        caught.setdefault(node.name, set()).add(ast.unparse(node.type))
                reused += [f"{path.name}:{fn.name} {name} {sorted(t)}" for name, t in caught.items() if len(t) > 1]
    assert reused == []
