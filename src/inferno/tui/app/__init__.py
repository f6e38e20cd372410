"""The full-screen terminal game on Textual (``inferno play`` on a terminal; ``--plain`` for the line mode).

``InfernoApp`` and ``run_app`` are imported on first use, so the line mode, which shares this package's
previews and glossary, runs without Textual installed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from inferno.tui.app.app import InfernoApp, run_app

__all__ = ["InfernoApp", "run_app"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from inferno.tui.app import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")  # i18n: not for players
