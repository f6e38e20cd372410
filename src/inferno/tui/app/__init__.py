"""The full-screen terminal game on Textual (``inferno play`` on a terminal; ``--plain`` for the line mode)."""

from inferno.tui.app.app import InfernoApp, run_app

__all__ = ["InfernoApp", "run_app"]
