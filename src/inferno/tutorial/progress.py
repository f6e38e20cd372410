"""Where the terminal tutorial records that it was done, and the session to resume.

One JSON file, ``tutorial.json``, in the user's data directory: ``$INFERNO_DATA_DIR`` when set (tests),
else ``$XDG_DATA_HOME/inferno``, else ``~/.local/share/inferno``.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from inferno.i18n import TUTORIAL
from inferno.tutorial.session import Tutorial, TutorialError

_ = TUTORIAL.gettext

FILE_NAME = "tutorial.json"


def data_dir() -> Path:
    """The directory the tutorial's progress file lives in."""
    given = os.environ.get("INFERNO_DATA_DIR")
    if given:
        return Path(given)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "inferno"


def progress_path() -> Path:
    return data_dir() / FILE_NAME


@dataclass(frozen=True)
class Progress:
    """Whether the tutorial was ever finished, and the unfinished session left (if any)."""

    done: bool = False
    session: dict[str, object] | None = None


def load_progress(path: Path | None = None) -> Progress:
    """The recorded progress; an unreadable file counts as none."""
    path = path or progress_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Progress()
    if not isinstance(data, dict):
        return Progress()
    session = data.get("session")
    return Progress(done=data.get("done") is True, session=session if isinstance(session, dict) else None)


def save_progress(progress: Progress, path: Path | None = None) -> None:
    path = path or progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"done": progress.done, "session": progress.session}), encoding="utf-8")
    tmp.replace(path)


def record(t: Tutorial, path: Path | None = None) -> str:
    """Record the tutorial: done once finished (and nothing left to resume), else the session to resume.

    Returns "" when recorded, else why not in words (a full disk, a read-only directory ...)."""
    old = load_progress(path)
    try:
        if t.done:
            save_progress(Progress(done=True), path)
        else:
            save_progress(Progress(done=old.done, session=t.to_json()), path)
    except OSError as exc:
        where = path or progress_path()
        why = exc.strerror or _("cannot write there")
        return _("Your progress cannot be recorded in {where} ({why}); the tutorial goes on.").format(
            where=where, why=why
        )
    return ""


def resume(path: Path | None = None) -> Tutorial | None:
    """The unfinished tutorial recorded, or None (also when it no longer fits this tutorial)."""
    session = load_progress(path).session
    if session is None:
        return None
    try:
        return Tutorial.from_json(session)
    except TutorialError:
        return None
