"""The progress bar of the long commands (simulate, rules check, the bots' habits): done of total, time
elapsed and left."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


def games_progress(label: str, console: Console, *extra: ProgressColumn, disable: bool = False) -> Progress:
    """A bar named ``label`` (rich markup; ``{task.description}`` names each task), with ``extra``
    columns after the count."""
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        *extra,
        TextColumn("elapsed"),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        disable=disable,
    )
