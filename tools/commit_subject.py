"""Check a commit message's subject line: at most 72 characters, with the why in the body.

Run by pre-commit at the commit-msg stage (``pre-commit install --hook-type commit-msg``), or by hand:
``python -m tools.commit_subject .git/COMMIT_EDITMSG``. Exits 1 with the reason when the subject is
too long or missing.
"""

from __future__ import annotations

import sys
from pathlib import Path

MAX_SUBJECT = 72


def subject_problem(message: str) -> str | None:
    """Why the message's subject line is refused, or ``None`` if it is fine (git's ``#`` lines skipped)."""
    lines = [line for line in message.splitlines() if not line.startswith("#")]
    subject = next((line.strip() for line in lines if line.strip()), "")
    if not subject:
        return "the commit message has no subject line"
    if subject.startswith(("Merge ", "Revert ", "fixup! ", "squash! ")):
        return None  # written by git itself
    if len(subject) > MAX_SUBJECT:
        return (
            f"the subject line has {len(subject)} characters; keep it to {MAX_SUBJECT} "
            "and put the why in the body, after a blank line"
        )
    return None


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tools.commit_subject MESSAGE_FILE", file=sys.stderr)
        return 2
    problem = subject_problem(Path(argv[0]).read_text(encoding="utf-8"))
    if problem:
        print(f"commit refused: {problem}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
