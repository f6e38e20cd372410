"""Build the compiled engine (mypyc) into ``build/compiled`` for tests and benchmarks.

The wheel is built by the project's own packaging route, the optional hatch build hook
(``HATCH_BUILD_HOOK_ENABLE_MYPYC=1``, configured in ``pyproject.toml``), and unpacked into
``build/compiled``. Putting that directory first on ``PYTHONPATH`` then runs the package with its
rules modules compiled, in the same virtual environment as the pure-Python run::

    python -m tools.build_compiled            # build if the engine's source changed, else reuse
    PYTHONPATH=build/compiled pytest tests/harness/test_golden.py

The build is cached by a hash of the compiled source files, the hook's configuration and the Python
version; the interpreted rest of the package is copied fresh from ``src/inferno`` on every call, so
the compiled tree never runs stale bots or front-ends. ``python -m tools.build_compiled --check``
prints whether the compiled modules are the ones imported.
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
OUT = ROOT / "build" / "compiled"
STAMP = OUT / ".source-hash"


def hook_config() -> dict[str, object]:
    """The mypyc build hook's table in pyproject.toml (the one list of compiled files)."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook: dict[str, object] = data["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    return hook


def compiled_sources() -> list[Path]:
    """The ``.py`` files the hook compiles (its ``include`` minus its ``exclude`` patterns)."""
    cfg = hook_config()
    include = [str(p) for p in cfg.get("include", [])]  # type: ignore[attr-defined]
    exclude = [str(p) for p in cfg.get("exclude", [])]  # type: ignore[attr-defined]
    out = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if any(fnmatch.fnmatch(rel, p) for p in include) and not any(fnmatch.fnmatch(rel, p) for p in exclude):
            out.append(path)
    return out


def source_hash() -> str:
    h = hashlib.sha256()
    h.update(sys.version.encode())
    h.update(repr(sorted(hook_config().items())).encode())
    for path in compiled_sources():
        h.update(path.relative_to(ROOT).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def build_wheel(jobs: int) -> None:
    """Build the compiled wheel with pip (isolated build environment, mypy from PyPI) and unpack it."""
    env = dict(os.environ, HATCH_BUILD_HOOK_ENABLE_MYPYC="1", MAX_JOBS=str(jobs))
    with tempfile.TemporaryDirectory() as tmp:
        # Build from a copy: the hook moves pyproject.toml aside while it compiles, which must not
        # happen in the working tree (other tools read it meanwhile).
        tree = Path(tmp) / "tree"
        tree.mkdir()
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, tree / name)
        shutil.copytree(SRC, tree / "src", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        cmd = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", tmp, str(tree)]
        print("building the compiled engine (mypyc; a minute or more) ...", flush=True)
        subprocess.run(cmd, check=True, env=env)
        (wheel,) = Path(tmp).glob("*.whl")
        if wheel.name.endswith("-none-any.whl"):
            raise SystemExit(f"the build produced a pure-Python wheel ({wheel.name}): is the mypyc hook on?")
        if OUT.exists():
            shutil.rmtree(OUT)
        OUT.mkdir(parents=True)
        with zipfile.ZipFile(wheel) as z:
            z.extractall(OUT)


def sync_interpreted() -> None:
    """Copy the package's current non-compiled files over the unpacked wheel (keeping the .so files)."""
    pkg = OUT / "inferno"
    for path in list(pkg.rglob("*")):
        if path.is_file() and not path.name.endswith(".so") and "__pycache__" not in path.parts:
            path.unlink()
    for path in (SRC / "inferno").rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            dest = OUT / path.relative_to(SRC)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, dest)


def compiled_module_names() -> list[str]:
    return [".".join(p.relative_to(SRC).with_suffix("").parts) for p in compiled_sources()]


def check() -> int:
    """Import every compiled module and say where it came from (exit 1 if any is interpreted)."""
    import importlib

    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    bad = 0
    for name in compiled_module_names():
        mod = importlib.import_module(name)
        where = str(getattr(mod, "__file__", ""))
        ok = where.endswith(suffix)
        bad += not ok
        print(f"{'compiled   ' if ok else 'INTERPRETED'} {name}  {where}")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the compiled (mypyc) engine into build/compiled")
    parser.add_argument("--force", action="store_true", help="rebuild even if the source did not change")
    parser.add_argument("--jobs", type=int, default=2, help="parallel C compiler jobs (default 2)")
    parser.add_argument("--check", action="store_true", help="only report which modules are compiled")
    args = parser.parse_args(argv)
    if args.check:
        return check()
    digest = source_hash()
    if args.force or not STAMP.exists() or STAMP.read_text(encoding="utf-8") != digest:
        build_wheel(args.jobs)
        STAMP.write_text(digest, encoding="utf-8")
    else:
        print(f"compiled engine up to date in {OUT.relative_to(ROOT)}")
    sync_interpreted()
    return 0


if __name__ == "__main__":
    sys.exit(main())
