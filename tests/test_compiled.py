"""The compiled engine and its pure-Python fallback (docs/contributing/compiled-engine.md).

`make test` runs the suite on the pure-Python package, then the golden logs, perft counts and the
invariant harness again with ``build/compiled`` first on ``PYTHONPATH`` and ``INFERNO_ENGINE=compiled``.
These tests check that each run really uses the engine it claims to, so a broken or missing build
cannot pass silently as a compiled run.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
import tomllib
from pathlib import Path

import pytest
from tools import build_compiled, hatch_mypyc_hook

import inferno
from inferno import engine_build

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


def test_plain_install_stays_pure_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mypyc hook does nothing and asks for nothing unless switched on, so `pip install .` needs no
    compiler; switched on, it asks for mypy."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook = data["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
    assert hook["path"] == "tools/hatch_mypyc_hook.py"
    assert "mypy" not in " ".join(data["build-system"]["requires"])
    for name in hatch_mypyc_hook.SWITCHES:
        monkeypatch.delenv(name, raising=False)
    assert hatch_mypyc_hook.switched_on() is False
    monkeypatch.setenv("HATCH_BUILD_HOOK_ENABLE_MYPYC", "1")
    assert hatch_mypyc_hook.switched_on() is True
    assert any("mypy" in d for d in hook["compile-dependencies"])
    files = hatch_mypyc_hook.selected(ROOT, hook["include"], hook["exclude"])
    assert [ROOT / f for f in files] == build_compiled.compiled_sources()


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


ENGINE = "compiled" if COMPILED_RUN else "pure Python"
CLI = [sys.executable, "-c", 'from inferno.cli.main import cli; cli(prog_name="inferno")']


def test_version_names_the_engine() -> None:
    """`inferno --version` says which engine runs."""
    from click.testing import CliRunner

    from inferno.cli.main import cli

    out = CliRunner().invoke(cli, ["--version"], prog_name="inferno").output
    assert out.startswith("inferno, version ") and out.rstrip().endswith(f"({ENGINE} engine)"), out


def _launch(args: list[str], env: dict[str, str], out: Path) -> subprocess.Popen[bytes]:
    with out.open("wb") as f:
        return subprocess.Popen(
            [sys.executable, "-m", "tools.with_engine", *args], cwd=ROOT, env=env, stdout=f, stderr=subprocess.STDOUT
        )


def _env(**changes: str | None) -> dict[str, str]:
    env = dict(os.environ)
    for name, value in changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def test_without_a_compiler_the_player_gets_pure_python_and_one_line(tmp_path: Path) -> None:
    """`make play`'s launcher on a machine without a C compiler: one line saying so, then the command, pure."""
    proc = _launch(
        [*CLI, "--version"], _env(CC="/nonexistent/cc", PYTHONPATH=None, INFERNO_ENGINE=None), tmp_path / "o"
    )
    assert proc.wait(120) == 0
    lines = (tmp_path / "o").read_text(encoding="utf-8").splitlines()
    assert lines == [
        "Rules engine: pure Python (no C compiler (/nonexistent/cc), so the faster compiled engine cannot be built here).",
        f"inferno, version {inferno.__version__} (pure Python engine)",
    ]


def test_server_start_up_line_names_the_engine(tmp_path: Path) -> None:
    """The server started as `make play` starts it says which engine serves: the compiled one in the compiled
    run (a C compiler is there and the build is cached), pure Python when asked for (INFERNO_ENGINE=pure)."""
    env = _env(PYTHONPATH=None, INFERNO_ENGINE=None if COMPILED_RUN else "pure")
    out = tmp_path / "serve.out"
    proc = _launch([*CLI, "serve", "--port", "0", "--db", f"sqlite:///{tmp_path / 'g.db'}"], env, out)
    try:
        deadline = time.monotonic() + 300  # a timeout, not a speed check: a first build takes a minute or more
        while "Inferno server on" not in out.read_text(encoding="utf-8") and proc.poll() is None:
            assert time.monotonic() < deadline, out.read_text(encoding="utf-8")
            time.sleep(0.2)
    finally:
        proc.terminate()
        proc.wait(30)
    text = out.read_text(encoding="utf-8")
    (line,) = [x for x in text.splitlines() if x.startswith("Inferno server on")]
    assert f"({ENGINE} engine; database: " in line, text
    if not COMPILED_RUN:
        assert text.startswith("Rules engine: pure Python (INFERNO_ENGINE=pure).\n"), text


def _fake_package(tmp_path: Path, manifest: dict[str, object] | None) -> Path:
    pkg = tmp_path / "inferno"
    (pkg / "rules").mkdir(parents=True)
    (pkg / "rules" / "engine.py").write_text("X = 1\n", encoding="utf-8")
    (pkg / "rules" / f"engine{EXT_SUFFIX}").write_bytes(b"")
    if manifest is not None:
        (pkg / engine_build.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    return pkg


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_a_build_matching_its_source_loads(tmp_path: Path) -> None:
    pkg = _fake_package(tmp_path, {"modules": {"inferno/rules/engine.py": _sha("X = 1\n")}})
    assert engine_build.stale_modules(pkg) == []
    engine_build.check_build(pkg)
    assert engine_build.stale_modules(ROOT / "src" / "inferno") == []  # nothing compiled in src/


def test_a_compiled_module_left_without_a_manifest_refuses_to_load(tmp_path: Path) -> None:
    """What `pip install .` with the old in-place hook left in src/: compiled modules and no manifest."""
    pkg = _fake_package(tmp_path, None)
    with pytest.raises(engine_build.StaleBuildError, match=r"rules/engine\.py \(no build manifest\)"):
        engine_build.check_build(pkg)


def test_a_compiled_module_whose_source_changed_refuses_to_load(tmp_path: Path) -> None:
    pkg = _fake_package(tmp_path, {"modules": {"inferno/rules/engine.py": _sha("X = 1\n")}})
    (pkg / "rules" / "engine.py").write_text("X = 2\n", encoding="utf-8")
    with pytest.raises(engine_build.StaleBuildError, match=r"rules/engine\.py \(its source changed"):
        engine_build.check_build(pkg)


def test_the_checkout_is_the_source_of_a_build_that_names_it(tmp_path: Path) -> None:
    """build/compiled's manifest names the checkout's src/inferno: an edit there makes the build stale."""
    checkout = tmp_path / "checkout"
    (checkout / "rules").mkdir(parents=True)
    (checkout / "rules" / "engine.py").write_text("X = 1\n", encoding="utf-8")
    manifest = {"modules": {"inferno/rules/engine.py": _sha("X = 1\n")}, "source": str(checkout)}
    pkg = _fake_package(tmp_path, manifest)
    assert engine_build.stale_modules(pkg) == []
    (checkout / "rules" / "engine.py").write_text("X = 3\n", encoding="utf-8")
    assert engine_build.stale_modules(pkg) == ["rules/engine.py (its source changed since the build)"]


@pytest.mark.skipif(
    not COMPILED_RUN, reason="checks the compiled build: runs in make test's compiled-engine pass (make unit-compiled)"
)
def test_the_real_build_refuses_to_import_once_its_source_changed(tmp_path: Path) -> None:
    """A copy of build/compiled whose checkout's engine source was edited after the build: `import inferno`
    stops with the stale-build error (and imports again once the source is back)."""
    build = ROOT / "build" / "compiled"
    shutil.copytree(build, tmp_path / "build", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "src" / "inferno", tmp_path / "src", ignore=shutil.ignore_patterns("__pycache__"))
    manifest_path = tmp_path / "build" / "inferno" / engine_build.MANIFEST
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    manifest["source"] = str(tmp_path / "src")
    manifest_path.write_text(json.dumps(manifest), encoding="utf-8")
    env = _env(PYTHONPATH=str(tmp_path / "build"))
    code = "import inferno.rules.engine as e; print(e.__file__)"
    ok = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False)
    assert ok.returncode == 0 and ok.stdout.strip().endswith(EXT_SUFFIX), ok.stderr
    with (tmp_path / "src" / "rules" / "engine.py").open("a", encoding="utf-8") as f:
        f.write("# a rule change\n")
    stale = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False)
    assert stale.returncode != 0
    assert "StaleBuildError" in stale.stderr and "rules/engine.py (its source changed" in stale.stderr


def test_a_failed_build_falls_back_to_pure_python_once_per_source(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`make play`'s launcher when the compiled build fails: one line and pure Python, and the same source
    is not built again on the next start (the build is simulated: it fails at once)."""
    from tools import with_engine

    calls = []

    def failing(jobs: int, **kwargs: object) -> bool:
        calls.append(jobs)
        raise subprocess.CalledProcessError(1, ["pip", "wheel"])

    monkeypatch.delenv("INFERNO_ENGINE", raising=False)
    monkeypatch.setattr(with_engine, "missing_tools", lambda: None)
    monkeypatch.setattr(build_compiled, "STAMP", tmp_path / "no-stamp")
    monkeypatch.setattr(build_compiled, "ensure", failing)
    monkeypatch.setattr(with_engine, "LOG", tmp_path / "build.log")
    monkeypatch.setattr(with_engine, "FAILED", tmp_path / "build.failed")
    assert with_engine.compiled_path() == (
        None,
        "Rules engine: pure Python (the compiled engine did not build: see build/compiled-build.log).",
    )
    assert capsys.readouterr().out.startswith("Building the compiled rules engine")
    directory, line = with_engine.compiled_path()
    assert directory is None and "did not build from this source" in line and len(calls) == 1
