"""The pre-commit report of what a change repeats (``tools/duplicates_report.py``): the tool's rows
when it is installed, one line when it is not, and never a refused commit."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from tools import duplicates_report


def _fake_tool(folder: Path, output: str) -> None:
    exe = folder / duplicates_report.TOOL
    exe.write_text(f'#!/bin/sh\necho "args: $*"\necho "{output}"\n')
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR)


def test_the_report_is_the_tools_rows_for_the_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_tool(tmp_path, "2 pairs in 10 files")
    monkeypatch.setenv("PATH", str(tmp_path))
    text = duplicates_report.report(["--most", "20"])
    assert text.splitlines() == ["args: --change --most 20", "2 pairs in 10 files"]


def test_without_the_tool_one_line_says_so_and_the_commit_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty folder: no duplicates on the path
    assert duplicates_report.main([]) == 0
    assert capsys.readouterr().out.strip() == duplicates_report.MISSING


def test_the_hook_is_in_the_pre_commit_configuration() -> None:
    config = (Path(__file__).parents[1] / ".pre-commit-config.yaml").read_text()
    assert "entry: .venv/bin/python -m tools.duplicates_report" in config
    assert os.path.exists(Path(__file__).parents[1] / "tools" / "duplicates_report.py")
