"""Which rules engine runs (the compiled build or pure Python), and the guard against a stale build.

A compiled build (docs/contributing/compiled-engine.md) ships ``inferno/compiled-engine.json``: the
SHA-256 of the source of each module it compiled. When the package is imported, :func:`check_build`
looks for compiled modules beside it; if there are some, each must be listed in the manifest with the
hash of its current source (the checkout's, for ``build/compiled``; the module's own ``.py`` file
otherwise). A compiled module without a manifest, or built from other source, stops the import with
:class:`StaleBuildError`: a stale build would silently run old rules.
"""

from __future__ import annotations

import hashlib
import json
import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

MANIFEST = "compiled-engine.json"
COMPILED = "compiled"
PURE = "pure Python"
# The packages whose modules a build may compile (tools/hatch_mypyc_hook.py and pyproject.toml).
_COMPILED_DIRS = ("rules", "bots")


class StaleBuildError(ImportError):
    """A compiled module does not match its source (or its build left no manifest)."""


def engine_name() -> str:
    """``"compiled"`` when the rules engine runs as a compiled extension module, else ``"pure Python"``."""
    import inferno.rules.engine

    return PURE if str(inferno.rules.engine.__file__).endswith(".py") else COMPILED


def _compiled_files(pkg: Path) -> dict[str, Path]:
    """The extension modules in the package's compiled directories, by source path (``rules/engine.py``)."""
    found: dict[str, Path] = {}
    for sub in _COMPILED_DIRS:
        try:
            entries = list(os.scandir(pkg / sub))
        except OSError:
            continue
        for entry in entries:
            for suffix in EXTENSION_SUFFIXES:
                if entry.name.endswith(suffix):
                    found[f"{sub}/{entry.name[: -len(suffix)]}.py"] = Path(entry.path)
                    break
    return found


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def stale_modules(pkg: Path) -> list[str]:
    """What is wrong with the compiled build in package directory ``pkg`` (empty: nothing, or no build)."""
    compiled = _compiled_files(pkg)
    if not compiled:
        return []
    try:
        manifest = json.loads((pkg / MANIFEST).read_text(encoding="utf-8"))
        listed: dict[str, str] = {k.removeprefix("inferno/"): v for k, v in manifest["modules"].items()}
        source = Path(str(manifest.get("source") or pkg))
    except (OSError, ValueError, KeyError, AttributeError, TypeError):
        return [f"{rel} (no build manifest)" for rel in sorted(compiled)]
    if not source.is_dir():  # the checkout it was built from is gone: compare with the sources shipped beside it
        source = pkg
    problems = [f"{rel} (not in the build manifest)" for rel in sorted(compiled) if rel not in listed]
    for rel, want in sorted(listed.items()):
        have = _digest(source / rel)
        if have is not None and have != want:
            problems.append(f"{rel} (its source changed since the build)")
    return problems


def check_build(pkg: Path) -> None:
    """Refuse to import a compiled build that does not match its source (see the module's docstring)."""
    problems = stale_modules(pkg)
    if problems:
        raise StaleBuildError(
            f"the compiled rules engine in {pkg} is stale: {', '.join(problems)}. Rebuild it (make compiled) or "
            "remove it (for compiled files left in src/ by an older build: git clean -fdX src/)."
        )


check_build(Path(__file__).parent)
