"""Show what a change repeats before it is committed: ``duplicates --change``, as a report.

Run by pre-commit before each commit (``.pre-commit-config.yaml``), or by hand:
``python -m tools.duplicates_report``. ``duplicates`` lists the places where the staged and unstaged
change writes again six or more lines that stand elsewhere in the tree (the same lines, or the same
shape with other names). Its rows are places to look, not a verdict, so the hook never refuses a
commit; where ``duplicates`` is not installed it says so in one line and lets the commit go on.
"""

from __future__ import annotations

import shutil
import subprocess
import sys

TOOL = "duplicates"
MISSING = f"{TOOL} is not installed: what this change repeats was not listed (a report only; the commit goes on)"


def report(argv: list[str] | None = None) -> str:
    """The report of ``duplicates --change`` (extra arguments passed on), or the line saying it is missing."""
    exe = shutil.which(TOOL)
    if exe is None:
        return MISSING
    done = subprocess.run([exe, "--change", *(argv or [])], capture_output=True, text=True, check=False)
    return (done.stdout + done.stderr).strip() or f"{TOOL} gave no report"


def main(argv: list[str] | None = None) -> int:
    print(report(sys.argv[1:] if argv is None else argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
