"""A user's code that uses the position API is clean under ``mypy --strict``, and runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).with_name("user_script.py")
ROOT = Path(__file__).resolve().parents[2]


def test_user_script_is_mypy_strict_clean() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--disallow-any-expr", "--no-error-summary", str(SCRIPT)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_user_script_runs() -> None:
    from tests.api.user_script import main

    lines = main()
    assert lines[0] == "4.2: a Greed Soul lying down"
    assert lines[1].startswith("4.3: ")
    assert (
        "passages of player 2 [3]" in lines[3] and "Greed track 2" in lines[3] and "Urchins in the Tower 1" in lines[3]
    )
    assert lines[4].startswith("Dante at D3 (")
