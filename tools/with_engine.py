"""Run a command on the compiled rules engine where it can be built, else on pure Python.

``make play`` and ``make play-terminal`` start their command through this launcher::

    python -m tools.with_engine inferno serve --new-game 3 --any-port

It builds the compiled engine into ``build/compiled`` if its source changed (``tools.build_compiled``:
once, about a minute of CPU, then cached), puts that directory first on ``PYTHONPATH`` and runs the
command. Without a C compiler or the Python headers, or when the build fails, it prints one line saying
so and runs the command on the pure-Python package; the build's output is in ``build/compiled-build.log``,
and a failed build is not tried again for the same source (``build/compiled-build.failed``).
``INFERNO_ENGINE=pure`` skips the build. The command itself says which engine it runs (``inferno
--version``, the server's start-up line).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from tools import build_compiled

LOG = build_compiled.ROOT / "build" / "compiled-build.log"
FAILED = build_compiled.ROOT / "build" / "compiled-build.failed"  # the source hash whose build failed


def missing_tools() -> str | None:
    """Why the compiled engine cannot be built here (no C compiler, no Python headers), or None."""
    cc = (os.environ.get("CC") or str(sysconfig.get_config_var("CC") or "") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers (Python.h; Debian: apt-get install python3-dev)"
    return None


def compiled_path() -> tuple[str | None, str]:
    """(The directory to put first on the path, or None for pure Python; the line to print, or "")."""
    if os.environ.get("INFERNO_ENGINE", "").strip().lower() == "pure":
        return None, "Rules engine: pure Python (INFERNO_ENGINE=pure)."
    reason = missing_tools()
    if reason is not None:
        return None, f"Rules engine: pure Python ({reason}, so the faster compiled engine cannot be built here)."
    digest = build_compiled.source_hash()
    fresh = build_compiled.STAMP.exists() and build_compiled.STAMP.read_text(encoding="utf-8") == digest
    if not fresh and FAILED.exists() and FAILED.read_text(encoding="utf-8") == digest:
        return None, (
            "Rules engine: pure Python (the compiled engine did not build from this source: see "
            "build/compiled-build.log; delete build/compiled-build.failed to try again)."
        )
    if not fresh:
        print("Building the compiled rules engine (once, a minute or two; cached afterwards) ...", flush=True)
    LOG.parent.mkdir(parents=True, exist_ok=True)
    try:
        with LOG.open("w", encoding="utf-8") as log:
            build_compiled.ensure(2, log=log, nice=10)
    except (subprocess.CalledProcessError, OSError, SystemExit, ValueError) as exc:
        FAILED.write_text(digest, encoding="utf-8")  # not again for the same source
        why = "see build/compiled-build.log" if isinstance(exc, subprocess.CalledProcessError) else str(exc)
        return None, f"Rules engine: pure Python (the compiled engine did not build: {why})."
    FAILED.unlink(missing_ok=True)
    return str(build_compiled.OUT), ""


def main(argv: list[str] | None = None) -> int:
    cmd = list(sys.argv[1:] if argv is None else argv)
    if cmd[:1] == ["--"]:
        cmd = cmd[1:]
    if not cmd:
        print("usage: python -m tools.with_engine COMMAND [ARGS...]", file=sys.stderr)
        return 2
    directory, line = compiled_path()
    env = dict(os.environ)
    if directory is not None:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (directory, env.get("PYTHONPATH", "")) if p)
    if line:
        print(line, flush=True)
    sys.stdout.flush()
    os.execvpe(cmd[0], cmd, env)
    return 0  # pragma: no cover (execvpe does not return)


if __name__ == "__main__":
    sys.exit(main())
