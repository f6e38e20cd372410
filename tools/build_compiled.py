"""Build the compiled engine (mypyc) into ``build/compiled`` for tests and benchmarks.

The wheel is built by the project's own packaging route, the optional hatch build hook
(``tools/hatch_mypyc_hook.py``, switched on by ``HATCH_BUILD_HOOK_ENABLE_MYPYC=1``, configured in
``pyproject.toml``; it compiles in a temporary copy, never in ``src/``), and unpacked into
``build/compiled``. Putting that directory first on ``PYTHONPATH`` then runs the package with its
rules modules compiled, in the same virtual environment as the pure-Python run::

    python -m tools.build_compiled            # build if the engine's source changed, else reuse
    PYTHONPATH=build/compiled pytest tests/harness/test_golden.py

The build is cached by a hash of the compiled source files, the hook's configuration and the Python
version; the interpreted rest of the package is copied fresh from ``src/inferno`` on every call, so
the compiled tree never runs stale bots or front-ends. The wheel's manifest
(``inferno/compiled-engine.json``, the source hash of each compiled module) gets the checkout's
``src/inferno`` as its ``source``: the package refuses to import the build once a compiled module's
source there has changed (``inferno.engine_build``). ``python -m tools.build_compiled --check``
prints whether the compiled modules are the ones imported.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import tomllib
import zipfile
from pathlib import Path
from typing import IO

from tools import hatch_mypyc_hook

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
OUT = ROOT / "build" / "compiled"
STAMP = OUT / ".source-hash"
MANIFEST_NAME = "compiled-engine.json"
MANIFEST = OUT / "inferno" / MANIFEST_NAME


def hook_config() -> dict[str, object]:
    """The mypyc build hook's table in pyproject.toml (the one list of compiled files)."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook: dict[str, object] = data["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
    return hook


def compiled_sources() -> list[Path]:
    """The ``.py`` files the hook compiles (its ``include`` minus its ``exclude`` patterns)."""
    cfg = hook_config()
    include = [str(p) for p in cfg.get("include", [])]  # type: ignore[attr-defined]
    exclude = [str(p) for p in cfg.get("exclude", [])]  # type: ignore[attr-defined]
    return [ROOT / rel for rel in hatch_mypyc_hook.selected(ROOT, include, exclude)]


def source_hash() -> str:
    h = hashlib.sha256()
    h.update(sys.version.encode())
    h.update(repr(sorted(hook_config().items())).encode())
    h.update((ROOT / "tools" / "hatch_mypyc_hook.py").read_bytes())
    for path in compiled_sources():
        h.update(path.relative_to(ROOT).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def build_wheel(jobs: int, log: IO[str] | None = None, nice: int = 0) -> None:
    """Build the compiled wheel with pip (isolated build environment, mypy from PyPI) and unpack it.

    The hook compiles in a temporary copy of the sources, so the build runs on the checkout itself
    and leaves it as it was. With ``log``, pip's and the compiler's output go there; ``nice`` lowers
    the build's priority.
    """
    env = dict(os.environ, HATCH_BUILD_HOOK_ENABLE_MYPYC="1", MAX_JOBS=str(jobs))
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", tmp, str(ROOT)]
        if nice and shutil.which("nice"):
            cmd = ["nice", "-n", str(nice), *cmd]
        if log is not None:
            log.flush()
        subprocess.run(cmd, check=True, env=env, stdout=log, stderr=subprocess.STDOUT if log else None)
        (wheel,) = Path(tmp).glob("*.whl")
        if wheel.name.endswith("-none-any.whl"):
            raise SystemExit(f"the build produced a pure-Python wheel ({wheel.name}): is the mypyc hook on?")
        if OUT.exists():
            shutil.rmtree(OUT)
        OUT.mkdir(parents=True)
        with zipfile.ZipFile(wheel) as z:
            z.extractall(OUT)
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    manifest["source"] = str(SRC / "inferno")  # the stale-build guard compares against the checkout
    (OUT / MANIFEST_NAME).write_text(json.dumps(manifest, indent=1, sort_keys=True), encoding="utf-8")


def _put(src: Path, dest: Path) -> None:
    """Copy ``src`` to ``dest`` unless it already holds the same bytes; replaced at once, never half-written."""
    data = src.read_bytes()
    if dest.is_file() and dest.read_bytes() == data:
        return
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".tmp")
    tmp.write_bytes(data)
    shutil.copystat(src, tmp)
    os.replace(tmp, dest)


def sync_interpreted() -> None:
    """Bring the package's non-compiled files in the build up to date with ``src/inferno`` (keeping the
    .so files). Unchanged files are left alone, so processes already running on the build (a test run's
    other workers) never see a file missing or half-written."""
    pkg = OUT / "inferno"
    wanted = {MANIFEST}
    for path in (SRC / "inferno").rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            dest = OUT / path.relative_to(SRC)
            wanted.add(dest)
            _put(path, dest)
    _put(OUT / MANIFEST_NAME, MANIFEST)  # the build's, with the checkout as its source
    for path in list(pkg.rglob("*")):
        if path.is_file() and path not in wanted and not path.name.endswith(".so") and "__pycache__" not in path.parts:
            path.unlink()


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


def ensure(jobs: int, *, force: bool = False, log: IO[str] | None = None, nice: int = 0) -> bool:
    """Build the compiled engine if its source changed (or ``force``), then sync the rest; True if it was built."""
    digest = source_hash()
    built = force or not STAMP.exists() or STAMP.read_text(encoding="utf-8") != digest
    if built:
        STAMP.unlink(missing_ok=True)  # a failed build leaves no stamp: the next call builds again
        build_wheel(jobs, log, nice)
        STAMP.write_text(digest, encoding="utf-8")
    sync_interpreted()
    return built


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the compiled (mypyc) engine into build/compiled")
    parser.add_argument("--force", action="store_true", help="rebuild even if the source did not change")
    parser.add_argument("--jobs", type=int, default=2, help="parallel C compiler jobs (default 2)")
    parser.add_argument("--check", action="store_true", help="only report which modules are compiled")
    args = parser.parse_args(argv)
    if args.check:
        return check()
    if not args.force and STAMP.exists() and STAMP.read_text(encoding="utf-8") == source_hash():
        print(f"compiled engine up to date in {OUT.relative_to(ROOT)}")
    else:
        print("building the compiled engine (mypyc; a minute or more) ...", flush=True)
    ensure(args.jobs, force=args.force)
    return 0


if __name__ == "__main__":
    sys.exit(main())
