"""The wheel's optional compiled engine: a hatchling build hook that runs mypyc outside the source tree.

Switched on by ``HATCH_BUILD_HOOK_ENABLE_MYPYC=1`` (or ``HATCH_BUILD_HOOKS_ENABLE=1``); otherwise it does
nothing and asks for nothing, so a plain ``pip install .`` stays pure Python and needs no compiler.

Unlike the ``hatch-mypyc`` plugin, which compiles in place (``build_ext --inplace``) and leaves its
extension modules next to the sources, this hook copies the package to a temporary directory, compiles
there and adds the extension modules to the wheel from that directory: the working tree is never
written to, so an editable install never imports a stale compiled module. The wheel also carries
``inferno/compiled-engine.json``, the SHA-256 of each compiled module's source, which the package checks
when it is imported (``inferno.engine_build``).

The files compiled are the hook table's ``include`` patterns minus its ``exclude`` patterns in
``pyproject.toml`` (``tools/build_compiled.py`` reads the same table).
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # imported outside a build (tests read its switch): hatchling is a build-time dependency only
    BuildHookInterface = object

TRUE = {"1", "true", "yes", "on"}
MANIFEST = "compiled-engine.json"
SWITCHES = ("HATCH_BUILD_HOOK_ENABLE_MYPYC", "HATCH_BUILD_HOOKS_ENABLE")


def switched_on() -> bool:
    """Whether the environment asks for the compiled build."""
    return any(os.environ.get(name, "").strip().lower() in TRUE for name in SWITCHES)


def selected(root: Path, include: list[str], exclude: list[str]) -> list[str]:
    """The ``.py`` files (paths relative to ``root``, with ``/``) that the patterns select, sorted."""
    out = []
    for path in sorted((root / "src").rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if any(fnmatch.fnmatch(rel, p) for p in include) and not any(fnmatch.fnmatch(rel, p) for p in exclude):
            out.append(rel)
    return out


SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(name="inferno_compiled", ext_modules=mypycify({files!r}, opt_level={opt_level!r}, target_dir={target!r}))
"""


class MypycOutOfTreeHook(BuildHookInterface):  # type: ignore[misc]
    """Compile the engine with mypyc in a temporary copy of the package and add the results to the wheel."""

    PLUGIN_NAME = "custom"

    def _wanted(self) -> bool:
        return self.target_name == "wheel" and switched_on()

    def dependencies(self) -> list[str]:
        """mypy (with mypyc) and setuptools in the isolated build environment, only when switched on."""
        return [str(d) for d in self.config.get("compile-dependencies", [])] if self._wanted() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if not self._wanted():
            return
        if version == "editable":
            print("the compiled engine is not built for an editable install (it stays pure Python)", file=sys.stderr)
            return
        root = Path(self.root)
        files = selected(root, list(self.config.get("include", [])), list(self.config.get("exclude", [])))
        self._tmp = tempfile.mkdtemp(prefix="inferno-mypyc-")
        tmp = Path(self._tmp)
        shutil.copytree(
            root / "src", tmp / "src", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.json.lock")
        )
        out = tmp / "out"
        (tmp / "setup.py").write_text(
            SETUP.format(files=files, opt_level=str(self.config.get("opt-level", "3")), target=str(tmp / "c")),
            encoding="utf-8",
        )
        cmd = [sys.executable, "setup.py", "build_ext", "--build-lib", str(out), "--build-temp", str(tmp / "obj")]
        env = dict(os.environ, MYPY_CACHE_DIR=str(tmp / "mypy_cache"))
        proc = subprocess.run(cmd, cwd=tmp, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
        if proc.returncode:
            shutil.rmtree(tmp, ignore_errors=True)  # finalize is not called after a failed initialize
            raise RuntimeError(f"mypyc failed:\n{proc.stdout.decode('utf-8', 'replace')}")
        manifest = {
            "format": 1,
            "python": sys.version.split()[0],
            "modules": {
                rel.removeprefix("src/"): hashlib.sha256((root / rel).read_bytes()).hexdigest() for rel in files
            },
        }
        (out / "inferno" / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True), encoding="utf-8")
        for path in sorted(out.rglob("*")):
            if path.is_file():
                build_data["force_include"][str(path)] = path.relative_to(out).as_posix()
        build_data["infer_tag"] = True
        build_data["pure_python"] = False

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        tmp = getattr(self, "_tmp", None)
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
