"""The documented compiled install leaves the source tree as it was (docs/contributing/compiled-engine.md).

A fresh clone of this repository (with the working tree's uncommitted changes laid over it, so the test
checks the code under test) gets ``HATCH_BUILD_HOOK_ENABLE_MYPYC=1 pip install .``, into a throw-away
target directory. Afterwards ``git status --ignored --porcelain src/`` and the list of files under ``src/``
are what they were before, and the installed package runs the compiled engine.

One full mypyc build: about a minute and a half of CPU, so it runs in the compiled run of the suite
(``make unit-compiled``, where a C compiler is known to be there), or wherever ``INFERNO_CLEAN_BUILD=1``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WANTED = os.environ.get("INFERNO_ENGINE") == "compiled" or os.environ.get("INFERNO_CLEAN_BUILD") == "1"

pytestmark = pytest.mark.skipif(
    not WANTED or shutil.which("git") is None,
    reason="one full compiled build: runs in make test's compiled-engine pass (make unit-compiled), or with INFERNO_CLEAN_BUILD=1",
)


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=True).stdout


def _tree(repo: Path) -> tuple[str, list[str]]:
    files = sorted(p.relative_to(repo).as_posix() for p in (repo / "src").rglob("*"))
    return _git(repo, "status", "--ignored", "--porcelain", "src/"), files


def test_the_documented_compiled_install_leaves_src_as_it_was(tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(clone)], check=True)
    changed = _git(ROOT, "ls-files", "--modified", "--others", "--exclude-standard", "-z").split("\0")
    for rel in filter(None, changed):
        if (ROOT / rel).is_file():
            (clone / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, clone / rel)
    before = _tree(clone)
    target = tmp_path / "site"
    env = dict(os.environ, HATCH_BUILD_HOOK_ENABLE_MYPYC="1", MAX_JOBS="2")
    env.pop("PYTHONPATH", None)
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), "."]
    subprocess.run(["nice", "-n", "10", *cmd], cwd=clone, env=env, check=True)
    assert _tree(clone) == before
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    assert (target / "inferno" / "rules" / f"engine{suffix}").is_file()
    run = subprocess.run(
        [sys.executable, "-c", "from inferno.engine_build import engine_name; print(engine_name())"],
        cwd=tmp_path,
        env=dict(env, PYTHONPATH=str(target)),
        capture_output=True,
        text=True,
        check=True,
    )
    assert run.stdout.strip() == "compiled"
